//! The subcommands of the `rollerball` binary, one module each: a clap `Args` and a `run` that
//! does the work and writes its output as it goes. `main.rs` only parses and dispatches.

pub mod apply;
pub mod bot;
pub mod console;
pub mod db;
pub mod engine;
pub mod engine_loop;
pub mod migrate;
pub mod moves;
pub mod perft;
pub mod render;
pub mod selfplay;
pub mod support;
pub mod web;
