//! How far the analysis's evaluations lie from a search ten times longer, on a fixed set of
//! positions: every position of the shuffle game of issue 42 and of the sixty-move game of
//! the rules' tests. Prints one table row (for `BENCHMARKS.md`) for the first pass alone (the
//! analysis as it was) and one for the analysis with its deeper verification.
//!
//! `cargo run --release -p rollerball-engine --example precision [NODES]`

use rollerball_engine::analysis::{
    Budget, DEEP_FACTOR, DEEP_POSITIONS_MAX, DEFAULT_NODES, Eval, GameAnalysis, analyse_deepening,
};
use rollerball_engine::{Limits, Settings, best_move};
use rollerball_rules::{Color, Game};

const SHUFFLE: &str = "b3 f5 Rf1 Ke6 b4 f4 Rg1 Kd6 Rf1 Ke6 Rg1 Kd6 Rf1 Ke6";
const SIXTY: &str = include_str!("../../rules/tests/data/sixty-moves.txt");

/// An evaluation in centipawns for comparing: a forced win counts as ten pawns.
fn cp(eval: Eval) -> i32 {
    match eval {
        Eval::Centipawns(cp) => cp.clamp(-1000, 1000),
        Eval::Mate { winner, .. } => {
            if winner == Color::White {
                1000
            } else {
                -1000
            }
        }
    }
}

fn main() {
    let nodes: u64 = std::env::args()
        .nth(1)
        .map_or(DEFAULT_NODES, |n| n.parse().expect("NODES is a number"));
    let games: Vec<Game> = [SHUFFLE, SIXTY]
        .iter()
        .map(|moves| Game::replay(None, &moves.split_whitespace().collect::<Vec<_>>()).unwrap())
        .collect();
    // The reference: each position alone, searched ten times longer with a table of its own.
    let reference = Settings {
        limits: Limits {
            nodes: Some(nodes * DEEP_FACTOR),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let mut refs = Vec::new();
    for game in &games {
        let mut line = Game::from_position(*game.start());
        for ply in 0..=game.ply() {
            let eval = match best_move(&line, &reference, 0) {
                Some(found) => Eval::from_score(found.score, line.position().side_to_move()),
                None => match line.outcome().and_then(|o| o.winner) {
                    Some(winner) => Eval::Mate { winner, moves: 0 },
                    None => Eval::Centipawns(0),
                },
            };
            refs.push(eval);
            if let Some(&mv) = game.moves().get(ply) {
                line.play(mv).unwrap();
            }
        }
    }
    println!(
        "| analysis | positions | mean |Δ| cp | mean |Δ| win % points | worst |Δ| cp | off by > 100 cp | marks (?!/?/??) | time |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (name, deep) in [
        ("first pass only (before)", 0),
        ("with verification (after)", DEEP_POSITIONS_MAX),
    ] {
        let start = std::time::Instant::now();
        let analyses: Vec<GameAnalysis> = games
            .iter()
            .map(|g| analyse_deepening(g, Budget { nodes }, deep))
            .collect();
        let time = start.elapsed();
        let evals: Vec<Eval> = analyses
            .iter()
            .flat_map(|a| a.positions.iter().map(|p| p.eval))
            .collect();
        let diffs: Vec<i32> = evals
            .iter()
            .zip(&refs)
            .map(|(&a, &r)| (cp(a) - cp(r)).abs())
            .collect();
        let win: f64 = evals
            .iter()
            .zip(&refs)
            .map(|(a, r)| 50.0 * (a.white_chances() - r.white_chances()).abs())
            .sum::<f64>()
            / evals.len() as f64;
        let mut marks = [0; 3];
        for (a, g) in analyses.iter().zip(&games) {
            for j in a.judgements(g) {
                if let Some(mark) = j.mark {
                    marks[mark as usize] += 1;
                }
            }
        }
        println!(
            "| {name} | {} | {:.0} | {:.1} | {} | {} | {}/{}/{} | {:.1} s |",
            diffs.len(),
            diffs.iter().sum::<i32>() as f64 / diffs.len() as f64,
            win,
            diffs.iter().max().unwrap(),
            diffs.iter().filter(|&&d| d > 100).count(),
            marks[0],
            marks[1],
            marks[2],
            time.as_secs_f64()
        );
    }
    let shuffle = analyse_deepening(&games[0], Budget { nodes }, 0);
    let deep = analyse_deepening(&games[0], Budget { nodes }, DEEP_POSITIONS_MAX);
    println!(
        "\nafter 4…Kd6 of the shuffle game: first pass {}, with verification {}, reference {}",
        shuffle.positions[8].eval.pgn(),
        deep.positions[8].eval.pgn(),
        refs[8].pgn()
    );
}
