//! `rollerball moves`: the legal moves of a position.

use std::io::Write;

use rollerball::rules::{START_FEN, coordinate};

use super::support::{Outcome, position};

/// List the legal moves in coordinate form, one per line.
#[derive(clap::Args)]
pub struct Args {
    /// The position (default: the standard start).
    #[arg(long, default_value = START_FEN)]
    fen: String,
}

/// Writes the moves, sorted, one per line.
pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    let p = position(&args.fen)?;
    let mut moves: Vec<String> = p.legal_moves().iter().map(|&m| coordinate(&p, m)).collect();
    moves.sort();
    for mv in moves {
        writeln!(out, "{mv}")?;
    }
    Ok(())
}
