//! The rules engine and the computer opponent from outside: every reference position and
//! ray, whole games, the move and FEN readers under arbitrary input, the engine's play, and the
//! `rollerball` binary's rules tools.

mod cli;
mod engine;
mod games;
mod readers;
mod vectors;
