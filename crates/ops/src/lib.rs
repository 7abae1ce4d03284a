//! The host's database tools: what an operator runs on the bot's database, never what the bot
//! runs while it plays.
//!
//! - [`backup_sqlite`]: a consistent copy of a live SQLite file, checked before it takes its
//!   name (`rollerball db backup`).
//! - [`copy_database`]: every row of one database into another, empty one, SQLite or
//!   PostgreSQL either way (`rollerball db copy`), checked by row counts and replays.
//! - [`check_database`]: every stored game replayed against the rules ([`GameCheck`]); the
//!   backup and the copy run the same check on what they wrote.
//!
//! # Why a crate of its own
//!
//! None of this is the bot's runtime: the game service, the Discord front end, the metrics and
//! the web side never back up, copy or replay a whole database. As a crate beside
//! `rollerball-store` rather than inside it, the tools are built only into the binary (for
//! `rollerball db …`) and the tests, a change to them recompiles neither the store nor anything
//! above it, and the compiler keeps the runtime crates (`game`, `discord`, `metrics`, `web`)
//! from reaching them.
//!
//! # What they need of the store
//!
//! The tools read what a database holds from the database itself (`schema`: its tables and
//! columns, the migrations applied, its rows a batch at a time) and open their own connections
//! from URLs, so they stand on the store's public items only: its migrations
//! ([`Store::open`](rollerball_store::Store::open), [`Store::migrate`](rollerball_store::Store::migrate),
//! [`Store::migration_versions`](rollerball_store::Store::migration_versions)),
//! [`Backend`](rollerball_store::Backend), its error types and the URL redaction, and, after a
//! copy of the event log into PostgreSQL,
//! [`restart_event_sequence`](rollerball_store::restart_event_sequence). The plans of the bot's
//! hot queries stay in the store ([`Store::query_plan`](rollerball_store::Store::query_plan)):
//! they are plans of its private SQL.

#![warn(missing_docs)]

use rollerball_rules as rules;

mod backup;
mod check;
mod connect;
mod schema;
mod transfer;

pub use backup::{BackupError, BackupReport, backup_sqlite};
pub use check::{CheckError, GameCheck, ReplayFailure, check_database};
pub use transfer::{CopyProgress, CopyReport, Role, TransferError, copy_database};
