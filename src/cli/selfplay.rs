//! `rollerball selfplay`: a match between two computer players, to compare levels.

use std::io::Write;
use std::time::Instant;

use rollerball::engine::{self, MatchScore, Player};
use rollerball::rules::{Color, Game};

use super::support::Outcome;

/// Play a match between two players (levels 1-5, `random` or `greedy`), colours alternating,
/// and print the score from A's side.
#[derive(clap::Args)]
pub struct Args {
    /// Player A: a level 1-5, `random` or `greedy`.
    #[arg(long)]
    a: Player,
    /// Player B: a level 1-5, `random` or `greedy`.
    #[arg(long)]
    b: Player,
    /// Number of games; games 2k and 2k+1 share an opening with colours swapped.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed for the openings and the players' choices: the same seed replays the match
    /// (except for level 5, which thinks by the clock).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random half-moves played from the start before the players take over, so that
    /// games differ.
    #[arg(long, default_value_t = 2)]
    opening_plies: usize,
    /// A game still running after this many half-moves is scored a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Print one line per game.
    #[arg(long)]
    verbose: bool,
}

/// Plays the match, writing each game's line as it ends (with `--verbose`), then the score.
pub fn run(args: Args, out: &mut impl Write) -> Outcome {
    let started = Instant::now();
    let mut score = MatchScore::default();
    let mut plies = 0;
    for i in 0..args.games {
        // Games 2k and 2k+1 start from the same random opening with colours swapped, so
        // neither player profits from a lucky opening.
        let pair_seed = args
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(i / 2));
        let (opening, _) = engine::play_game(
            Game::new(),
            Player::Random,
            Player::Random,
            args.opening_plies,
            pair_seed,
        );
        let a_color = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (white, black) = match a_color {
            Color::White => (args.a, args.b),
            Color::Black => (args.b, args.a),
        };
        let game_seed = pair_seed ^ u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (game, outcome) = engine::play_game(opening, white, black, args.max_plies, game_seed);
        plies += game.ply();
        score.add(outcome, a_color);
        if args.verbose {
            let result = outcome.map_or("1/2-1/2 (move limit)".to_string(), |o| o.to_string());
            let colour = if a_color == Color::White {
                "white"
            } else {
                "black"
            };
            writeln!(
                out,
                "game {:>3}: A ({}) {colour}: {result} in {} plies: {}",
                i + 1,
                args.a,
                game.ply(),
                game.sans().join(" ")
            )?;
        }
    }
    writeln!(
        out,
        "A = {}, B = {}: {} games, A scores {score}; {:.1} plies a game, {:.1} s",
        args.a,
        args.b,
        score.games(),
        plies as f64 / f64::from(args.games.max(1)),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}
