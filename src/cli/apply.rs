//! `rollerball apply`: moves played from a position, through the same move reader players use.

use std::io::Write;

use rollerball::rules::START_FEN;

use super::support::{Outcome, game_after};

/// Play moves (any notation the move reader accepts) and print the resulting FEN, then the
/// outcome if the game ended.
#[derive(clap::Args)]
pub struct Args {
    /// The position to start from (default: the standard start).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The moves, such as `c2-b3 e6-f6 Rf1`.
    #[arg(required = true)]
    moves: Vec<String>,
}

/// Plays the moves and writes the FEN reached, then the outcome if there is one. Nothing is
/// written when a move is refused: the error names it.
pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    let game = game_after(&args.fen, args.moves.iter().map(String::as_str))?;
    writeln!(out, "{}", game.position().to_fen())?;
    if let Some(outcome) = game.outcome() {
        writeln!(out, "{outcome}")?;
    }
    Ok(())
}
