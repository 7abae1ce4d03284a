//! The bot's brain, transport-free: the command language, the game service, and its replies.
//!
//! Front ends (Discord, the console) turn what a player does into a [`Request`] and deliver the
//! service's [`Reply`]s and [`Notice`]s; nothing here knows how. The service keeps no game state
//! in memory: every command loads the game from the store, checks it with the rules, and commits
//! the change in one transaction guarded by the game's version, so any number of processes can
//! serve the same games. Boards are drawn after the commit, on a blocking thread.

pub mod clock;
pub mod command;
pub mod glicko2;
pub mod i18n;
pub mod rate;
mod ratings;
pub mod reply;
pub mod service;

pub use clock::{Clock, ManualClock, SystemClock};
pub use command::{Command, CommandError, Needed};
pub use i18n::Lang;
pub use rate::{RateLimit, RateLimiter};
pub use reply::{Attachment, Button, ButtonAction, ButtonStyle, Notice, Reply};
pub use service::{Actor, Request, Service};
