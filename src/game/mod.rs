//! The bot's brain, transport-free: the command language, the game service, and its replies.
//!
//! Front ends (Discord, the console) turn what a player does into a [`command::Command`] and
//! deliver the service's replies; nothing here knows how.

pub mod command;
