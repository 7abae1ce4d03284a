//! Rollerball: correspondence play of Jean-Louis Cazaux's ring-board chess variant.
//!
//! See `DESIGN.md` in the project's shared folder for the map of modules; each module's own
//! documentation says what it is for.

#![forbid(unsafe_code)]

pub mod console;
pub mod discord;
pub mod engine;
pub mod game;
pub mod metrics;
pub mod model;
pub mod redact;
pub mod render;
pub mod rules;
pub mod store;
pub mod web;
