//! `rollerball engine`: the computer opponent's choice in a position, with its reasons (score,
//! depth, nodes, principal variation); with `--uci`, the engine driven by commands on standard
//! input (`engine_loop`).

use std::io::Write;
use std::time::Duration;

use rollerball::engine::{self, Level, Limits, Settings};
use rollerball::rules::{Game, START_FEN, san};

use super::support::{Outcome, position};

/// Ask the computer opponent for its move: prints the move in SAN, its score, the depth, the
/// nodes searched and the principal variation.
#[derive(clap::Args)]
pub struct Args {
    /// The position (default: the standard start).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Play at this level, 1 (beginner) to 5 (strongest); the default without
    /// `--depth` or `--movetime`.
    #[arg(long, conflicts_with_all = ["depth", "movetime"])]
    level: Option<u8>,
    /// Search exactly this many plies, at full strength.
    #[arg(long, conflicts_with = "movetime")]
    depth: Option<u32>,
    /// Search for this many milliseconds, at full strength.
    #[arg(long)]
    movetime: Option<u64>,
    /// Seed for the low levels' deliberate mistakes.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Read commands from standard input, one a line, in the manner of chess's UCI
    /// (`position`, `legal`, `outcome`, `fen`, `go`, `quit`), for match drivers.
    #[arg(long, conflicts_with_all = ["fen", "level", "depth", "movetime", "seed"])]
    uci: bool,
}

/// Searches and writes the move found, its score, the search's size and the line it expects.
pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    if args.uci {
        return super::engine_loop::run(std::io::stdin().lock(), out);
    }
    let game = Game::from_position(position(&args.fen)?);
    let settings = match (args.level, args.depth, args.movetime) {
        (_, Some(d), _) => Settings {
            limits: Limits::depth(d),
            ..Settings::default()
        },
        (_, _, Some(ms)) => Settings {
            limits: Limits::movetime(Duration::from_millis(ms)),
            ..Settings::default()
        },
        (Some(n), _, _) => Settings::of(
            Level::new(n).ok_or_else(|| format!("level {n} does not exist: use 1 to 5"))?,
        ),
        _ => Settings::of(Level::MAX),
    };
    if let Some(outcome) = game.outcome() {
        return Err(format!("the game is over: {outcome}").into());
    }
    let found = engine::best_move(&game, &settings, args.seed).ok_or("no legal move")?;
    let mut pv = Vec::new();
    let mut p = *game.position();
    for &mv in &found.pv {
        pv.push(san(&p, mv));
        p.play_unchecked(mv);
    }
    let ending = found.ending.map(|t| format!(" ({t})")).unwrap_or_default();
    write!(
        out,
        "bestmove {}\nscore {}{ending}\ndepth {} nodes {} time {} ms\npv {}\n",
        found.san,
        found.score,
        found.depth,
        found.nodes,
        found.elapsed.as_millis(),
        pv.join(" ")
    )?;
    Ok(())
}
