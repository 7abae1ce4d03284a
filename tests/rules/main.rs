//! The rules from the rest of the bot's side: the command and button readers under arbitrary
//! input, the engine's play, and the `rollerball` binary's rules tools. (The rules' own tests —
//! every reference position and its perft counts, whole games, the move and FEN readers — are
//! the `rollerball-rules` crate's, in `crates/rules/tests/`.)

mod cli;
mod docs;
mod engine;
mod readers;
