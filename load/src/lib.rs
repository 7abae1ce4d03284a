//! The load driver of the Rollerball bot: `rollerball-load run` (and `cargo bench --bench
//! service`) plays many games at once through the very [`Service`](rollerball::game::Service)
//! the bot runs, with real legal moves, and reports the figures an operator wants from it —
//! moves per second, the latency of each move (median, 99th percentile), and the process's
//! memory (`--analysis` keeps an engine analysis running beside the load: [`keep_analysing`]).
//! `rollerball-load run --metrics compare` measures what the bot's metrics cost a move
//! ([`compare_metrics`]); `--flood-engine` has one player keep the engine busy beside the load,
//! and `rollerball-load lookups` times a player's commands beside another player's many games
//! ([`keep_flooding`], [`measure_lookups`]). `rollerball-load startup` times the bot's start-up on a database.
//!
//! The web pages are measured with the real web server started inside the process
//! ([`site`]): `rollerball-load page` times a game page over loopback and weighs it
//! ([`measure_page`]), `rollerball-load watchers` opens many live pages' event streams and
//! times each move from its commit to every watcher ([`measure_watchers`]), and
//! `rollerball-load run --web compare` plays the load with and without the web server
//! ([`compare_web`]), and `rollerball-load gifs` asks for a very long game's GIF many times at
//! once while other players move ([`measure_gifs`]); [`http`] is the small client they read it
//! with.
//!
//! The driver keeps `games` games going, each in a *slot*: its own channel and its own two
//! players. A slot's game is started with `challenge` and `accept`, then its moves are sent as
//! `move SAN` by the player to move, exactly as a player types them; the driver picks a random
//! legal move from its own copy of the game (seeded, so a run can be repeated). A game that ends
//! (checkmate, throne, stalemate, repetition), or is still running after `max_plies`, makes way
//! for a new one in the same slot, so a long run plays many games. `concurrency` workers share
//! the slots, each sending one move at a time: that many moves are in flight at once.
//!
//! A slot whose channel already holds its players' active game — a database left by an earlier
//! run, for example one killed in the middle — continues that game from its stored moves, so a
//! run can pick up where another stopped.
//!
//! Every move the service acknowledged (a public reply with the board) can be written to an
//! *acknowledgement log*, one line per move, written and flushed as soon as the reply is in
//! hand: a crash test compares that log with the database.
//!
//! # Why a crate of its own
//!
//! A measurement tool is not part of the product, so it is not in the `rollerball` library (the
//! bot's binary and its users never carry it) and it uses only that library's public API, as
//! any outside program would. It is a library with a binary rather than a second binary of the
//! root package because the memory test and the service benchmark call the driver as a library
//! ([`run`]), which a binary target cannot offer; and a workspace member rather than a crate
//! apart (as `fuzz/` is) because it needs nothing but stable Rust: `members` and
//! `default-members` of the root `Cargo.toml` name it, so `cargo build`, `cargo test` and
//! `cargo clippy --all-targets` at the root build, test and lint it with the bot, and a change
//! to the library that breaks the driver fails there at once.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod analysis;
mod apart;
mod compare;
mod cpu;
mod driver;
mod flood;
mod gifs;
mod histogram;
pub mod http;
mod memory;
mod options;
mod page;
mod report;
pub mod site;
mod startup;
mod watcher;
mod watchers;
mod web_compare;

pub use analysis::{AnalysisLoad, keep_analysing};
pub use apart::serve_watch_clients;
pub use compare::{MetricsComparison, PHASES, Side, compare_metrics};
pub use cpu::process_cpu_time;
pub use driver::{CHANNEL_BASE, PLAYER_BASE, SERVER, place, player, run};
pub use flood::{FloodLoad, LookupsReport, keep_flooding, measure_lookups};
pub use gifs::{GifLoad, GifReport, measure_gifs};
pub use histogram::LatencyHistogram;
pub use memory::MemoryUse;
pub use options::{LoadError, LoadOptions, Outputs, Stop};
pub use page::{PageReport, linked_assets, measure_page};
pub use report::LoadReport;
pub use startup::{StartupReport, measure_startup};
pub use watcher::{MoveSeen, WatcherLog};
pub use watchers::{LoggedMoves, WatchOptions, WatchReport, measure_watchers};
pub use web_compare::{WebComparison, compare_web};
