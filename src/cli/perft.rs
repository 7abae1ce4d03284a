//! `rollerball perft`: the rules engine's move-tree count, the standard check of a move
//! generator.

use std::io::Write;

use rollerball::rules::{START_FEN, coordinate};

use super::support::{Outcome, position};

/// Count the leaf nodes of the legal move tree (the last line is the total alone).
#[derive(clap::Args)]
pub struct Args {
    /// How many plies deep.
    depth: u32,
    /// Start from this position instead of the standard start.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// One `move: count` line per root move before the total.
    #[arg(long)]
    divide: bool,
}

/// Writes the count (with `--divide`, one line per root move first, sorted).
pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    let p = position(&args.fen)?;
    if args.divide && args.depth > 0 {
        let mut split: Vec<(String, u64)> = p
            .divide(args.depth)
            .into_iter()
            .map(|(mv, n)| (coordinate(&p, mv), n))
            .collect();
        split.sort();
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        for (mv, n) in split {
            writeln!(out, "{mv}: {n}")?;
        }
        writeln!(out, "{total}")?;
    } else {
        writeln!(out, "{}", p.perft(args.depth))?;
    }
    Ok(())
}
