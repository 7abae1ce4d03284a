//! The bot's brain, transport-free: the command language, the game service, and its replies.
//!
//! Front ends (Discord, the console) turn what a player does into a [`Request`] and deliver the
//! service's [`Reply`]s and [`Notice`]s; nothing here knows how. They also supply the
//! [`Markup`] the replies are written with: how a player, a time and a place show. The service
//! keeps no game state in memory: every command loads the game from the store, checks it with
//! the rules, and commits the change in one transaction guarded by the game's version, so any
//! number of processes can serve the same games. Boards are drawn after the commit, on a
//! blocking thread, and nothing after a commit can turn into a refusal.
//!
//! # Layout
//!
//! | file | job |
//! |---|---|
//! | `request` | [`Actor`], [`Request`], the [`Input`] kinds and their [`Admission`] |
//! | `service` | the [`Service`]: the shared core (store, clock, locks, observer, translations, limits) and its one front door, [`Service::handle`] |
//! | `parts` | the service's parts, each one job, borrowed from it: [`Commands`], [`Languages`], `Endings`, [`Sweeper`], [`Feed`], [`Views`] |
//! | `context` | what an action works with (`Cx`), and how it says no (`Refusal`) |
//! | `language` | which language answers whom |
//! | `limits` | what one player may hold at once: games in progress, games against the computer, unstarted tournaments |
//! | `locks`, `lookup`, `players` | per-game locks; finding games and challenges; players read once |
//! | `loaded`, `seat` | a game as loaded; a seat at it with every guarded write |
//! | `actions/` | one file per family of commands, and the dispatch |
//! | `observe` | the seam through which the service tells the metrics what it does |
//! | `sweep`, `deadlines`, `endings` | the deadline sweep; the correspondence clock; what follows a game's end |
//! | `present/` | the [`Markup`] seam, phrases, the game reply with its board, the help |
//! | `analysis_queue` | the line of games waiting for the engine's analysis, one at a time per process |
//! | `searches` | the engine's searches for the computer's moves, a few at a time per process, the others waiting in order |
//! | `forecast`, `sweep_correspondence` | what a conditional line means; the sweep's share of correspondence play (forecasts a crash left unplayed, vacations that ran out) |
//! | `tournament/` | round-robin tournaments: Berger pairings, standings and tie-breaks, their end |
//! | `ratings`, `glicko2` | counting finished games in the ratings; the arithmetic |
//! | `views`, `links`, `watch` | what the web pages show, as data, and what their watchers hear of; the links replies carry, and the signed private links for moving from a browser |
//! | `command/`, `i18n`, `rate`, `reply`, `clock`, `frontend` | the language of commands, texts, the rate limit, replies, time, and what front ends ask besides commands |

#![warn(missing_docs)]

// The crates this one builds on, named as the modules they were before the split, so
// that paths read `crate::rules::Game` here as everywhere.
use rollerball_engine as engine;
use rollerball_model as model;
use rollerball_render as render;
use rollerball_rules as rules;
use rollerball_store as store;

mod actions;
mod analysis_queue;
mod announce;
pub mod clock;
pub mod command;
mod context;
mod deadlines;
mod endings;
mod failure;
mod forecast;
mod frontend;
pub mod glicko2;
mod held;
pub mod i18n;
mod language;
pub mod limits;
pub mod links;
mod loaded;
mod locks;
mod lookup;
pub mod observe;
mod parts;
mod picks;
mod players;
pub mod present;
mod privacy;
pub mod rate;
mod ratings;
mod reach;
pub mod reply;
mod request;
mod searches;
// The seat lives inside `loaded`, the one module that may write a loaded game's fields.
use loaded::seat;
mod service;
mod sweep;
mod sweep_correspondence;
mod told;
mod tournament;
mod turn_notices;
pub mod views;
mod watch;

/// The vacation days a player has a year, which a front end offers as a command's limit.
pub use crate::limits::VACATION_DAYS_PER_YEAR;
pub use crate::store::LogCursor;
pub use crate::store::ShardFilter;
pub use actions::settings::AUTO_LANGUAGE;
pub use analysis_queue::{Analyst, EngineAnalyst};
pub use announce::{ANSWER_PATIENCE, Announcement, EventReader, FALLBACK_CHECK, TurnNotice};
pub use clock::{Clock, ManualClock, SystemClock};
pub use command::{Command, CommandError, Needed};
pub use deadlines::{
    CHALLENGE_LIFETIME, FINAL_REMINDER_BEFORE, FIRST_REMINDER_AT, MAX_DEADLINE_AHEAD_DAYS,
};
pub use failure::DatabaseFailure;
pub use frontend::GameHeading;
pub use i18n::Lang;
pub use links::{Grant, Links, LinksError, TokenError};
pub use observe::{CommandOutcome, Observer, RefusalReason, Unobserved};
pub use parts::{Commands, Feed, Languages, Sweeper, Views};
pub use present::{Markup, TextMarkup};
pub use rate::{RateLimit, RateLimiter};
pub use ratings::LEADERBOARD_SIZE;
pub use reply::{
    Attachment, Button, ButtonAction, ButtonStyle, DEFAULT_MENU_SIZE, DirectMessage, Exposed,
    HeldNotices, HeldPage, Menu, MenuOption, Notice, Refused, Reply,
};
pub use request::{Actor, Admission, Audience, Input, Request};
pub use searches::{EngineSearcher, Searcher, default_searches_at_once};
pub use service::{DEFAULT_EVENTS_KEPT, Service};
pub use told::Told;
pub use views::{
    GIF_PLIES, GameState, GameView, PendingOffer, PlayerView, SideSummary, SideView, TournamentRef,
    TournamentView, ViewError, isolated,
};
pub use watch::LiveEvent;
