//! Rollerball: correspondence play of Jean-Louis Cazaux's ring-board chess variant.
//!
//! The bot is a workspace of crates, one per room of the house (docs/development.md, "How the code
//! is laid out", has the map, and each crate's own documentation says what it is for): the arrows
//! between the rooms are Cargo dependencies, so the compiler enforces them. This library names
//! them as modules (`rollerball::rules`, `rollerball::game`, …) for the binary,
//! the tests, the benches and the load and fuzz crates, and holds the console, the one front
//! end that is not a crate of its own.

pub mod console;

pub use rollerball_discord as discord;
pub use rollerball_engine as engine;
pub use rollerball_game as game;
pub use rollerball_metrics as metrics;
pub use rollerball_model as model;
pub use rollerball_ops as ops;
pub use rollerball_redact as redact;
pub use rollerball_render as render;
pub use rollerball_rules as rules;
pub use rollerball_store as store;
pub use rollerball_web as web;
