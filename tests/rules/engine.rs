//! The computer opponent against positions whose answer is known, checked where possible by a
//! brute-force search written here with the rules alone (so the engine is not its own judge).

use std::time::{Duration, Instant};

use rollerball::engine::{self, Level, Limits, Player, Score, Settings};
use rollerball::rules::{Color, Game, Move, Position, Termination, read_move};

fn at_depth(depth: u32) -> Settings {
    Settings {
        limits: Limits::depth(depth),
        ..Settings::default()
    }
}

fn best(fen: &str, settings: &Settings) -> engine::SearchResult {
    let game = Game::from_fen(fen).unwrap();
    engine::best_move(&game, settings, 42).expect("a move")
}

/// True when the side that just moved has won on the board (throne or checkmate).
fn mover_won(p: &Position) -> bool {
    p.outcome()
        .is_some_and(|o| o.winner == Some(p.side_to_move().opponent()))
}

/// Brute force: the side to move wins by force within `n` of its moves.
fn wins_within(p: &Position, n: u32) -> bool {
    n > 0
        && p.legal_moves().iter().any(|&mv| {
            let q = p.after(mv);
            mover_won(&q)
                || (n > 1
                    && q.outcome().is_none()
                    && q.legal_moves()
                        .iter()
                        .all(|&reply| wins_within(&q.after(reply), n - 1)))
        })
}

/// Brute force: after `mv`, every reply still leaves the mover a forced win within `n - 1`.
fn move_wins_within(p: &Position, mv: Move, n: u32) -> bool {
    let q = p.after(mv);
    mover_won(&q)
        || (q.outcome().is_none()
            && q.legal_moves()
                .iter()
                .all(|&reply| wins_within(&q.after(reply), n - 1)))
}

#[test]
fn finds_the_one_rook_mate_at_every_level() {
    for n in 1..=4 {
        let found = best(
            "k6/7/7/7/7/1R4K/7 w - 1",
            &Settings::of(Level::new(n).unwrap()),
        );
        assert_eq!(found.san, "Rb1#", "level {n}");
        assert_eq!(found.score, Score::Win { moves: 1 });
        assert_eq!(found.ending, Some(Termination::Checkmate));
    }
}

#[test]
fn finds_mates_in_two() {
    // Found by the engine, proved here by brute force: no mate in one, a mate in two.
    for fen in [
        "3k3/2R4/7/B6/7/7/1p2K2 w - 1",
        "k6/7/K6/7/6B/1R5/5p1 w - 1",
        "2B4/7/7/6K/5R1/7/1pk4 w - 1",
        "R6/3k3/7/B5p/6K/7/7 w - 1",
    ] {
        let p = Position::from_fen(fen).unwrap();
        assert!(!wins_within(&p, 1) && wins_within(&p, 2), "{fen}");
        let found = best(fen, &at_depth(5));
        assert_eq!(found.score, Score::Win { moves: 2 }, "{fen}");
        assert_eq!(found.ending, Some(Termination::Checkmate), "{fen}");
        assert!(move_wins_within(&p, found.mv, 2), "{fen}: {}", found.san);
    }
}

#[test]
fn finds_a_throne_win_in_one_before_anything_else() {
    let found = best("7/2K4/7/7/7/7/6k w K 1", &at_depth(3));
    assert_eq!(found.san, "Kd6");
    assert_eq!(found.score, Score::Win { moves: 1 });
    assert_eq!(found.ending, Some(Termination::Throne));
    // Without the crossed flag the same step wins nothing.
    let found = best("7/2K4/7/7/7/7/6k w - 1", &at_depth(3));
    assert!(matches!(found.score, Score::Centipawns(_)));
}

#[test]
fn stops_a_crossed_king_one_step_from_its_throne() {
    // Black's crossed king on e2 steps onto d2 next: 15 of White's 16 moves allow it. Only
    // the rook's slide a7-g7, rebounding at g7 down to g2, with check, holds (from g2 the
    // long sideways slide covers d2 once the king moves).
    let fen = "R6/7/7/7/7/4k2/K6 w k 1";
    let p = Position::from_fen(fen).unwrap();
    let found = best(fen, &at_depth(4));
    let q = p.after(found.mv);
    assert!(
        q.legal_moves().iter().all(|&r| !mover_won(&q.after(r))),
        "{} lets Black reach the throne",
        found.san
    );
    assert_eq!(found.san, "Rg2+");
}

#[test]
fn wins_a_hanging_rook() {
    for n in [4, 5] {
        let found = best(
            "k6/7/1r5/7/7/1R5/6K w - 1",
            &Settings::of(Level::new(n).unwrap()),
        );
        assert_eq!(found.san, "Rxb5", "level {n}");
        assert!(
            matches!(found.score, Score::Centipawns(cp) if cp > 300)
                || matches!(found.score, Score::Win { .. }),
            "{:?}",
            found.score
        );
    }
}

#[test]
fn avoids_a_mate_in_one() {
    // Black threatens Rf7# (the one-rook mate turned round); most White moves allow it.
    for fen in [
        "7/k4r1/7/7/7/7/4B1K w - 1",
        "7/k4r1/7/7/7/B6/6K w - 1",
        "7/k4r1/7/7/7/4B2/6K w - 1",
    ] {
        let p = Position::from_fen(fen).unwrap();
        let allowing = p
            .legal_moves()
            .iter()
            .filter(|&&mv| wins_within(&p.after(mv), 1))
            .count();
        assert!(
            allowing > 0,
            "{fen}: no move allows a mate, so nothing is tested"
        );
        for n in 3..=4 {
            let found = best(fen, &Settings::of(Level::new(n).unwrap()));
            assert!(
                !wins_within(&p.after(found.mv), 1),
                "{fen}: level {n} plays {} and is mated",
                found.san
            );
        }
    }
}

#[test]
fn a_repetition_is_a_draw() {
    // Black, a bishop and rook down, can only draw by returning to a position of the game.
    let mut game = Game::from_fen("k6/7/7/7/6R/7/4B1K w - 1").unwrap();
    for mv in ["Kf1", "Kb7", "Kg1"] {
        game.play_input(mv).unwrap();
    }
    let without_history = engine::search(game.position(), &[], &at_depth(4), 0).unwrap();
    assert!(matches!(without_history.score, Score::Centipawns(cp) if cp < -500));
    let found = engine::best_move(&game, &at_depth(4), 0).unwrap();
    assert_eq!(found.san, "Ka7");
    assert!(matches!(found.score, Score::Centipawns(cp) if cp.abs() < 50));
}

#[test]
fn never_returns_an_illegal_move() {
    // Positions from random games, searched at every level but the clock-bound top one and
    // at a small fixed depth, with seeds that switch the low levels' oversights on and off.
    let mut checked = 0;
    for game_seed in 0..12u64 {
        let mut game = Game::new();
        let mut ply = 0;
        while game.outcome().is_none() && ply < 80 {
            let seed = game_seed * 1000 + ply;
            if ply % 7 == 3 {
                for n in 1..=4 {
                    let settings = Settings::of(Level::new(n).unwrap());
                    let found = engine::best_move(&game, &settings, seed).unwrap();
                    assert!(game.position().is_legal(found.mv), "{:?}", game.position());
                    checked += 1;
                }
                let found = engine::best_move(&game, &at_depth(2), seed).unwrap();
                assert!(game.position().is_legal(found.mv));
            }
            let mv = engine::random_move(&game, seed).unwrap();
            game.play(mv).unwrap();
            ply += 1;
        }
        assert!(engine::best_move(&game, &at_depth(2), 0).is_none() || game.outcome().is_none());
    }
    assert!(checked > 100);
}

#[test]
fn low_levels_are_deterministic_given_a_seed() {
    let game = Game::replay(None, &["c2-b3", "e6-f5", "e2-f2"]).unwrap();
    for n in 1..=4 {
        let settings = Settings::of(Level::new(n).unwrap());
        let a = engine::best_move(&game, &settings, 99).unwrap();
        let b = engine::best_move(&game, &settings, 99).unwrap();
        assert_eq!(
            (a.mv, a.score, a.nodes),
            (b.mv, b.score, b.nodes),
            "level {n}"
        );
    }
}

#[test]
fn greedy_takes_the_biggest_piece_and_wins_when_it_can() {
    let game = Game::from_fen("k6/7/1r5/7/7/1R5/6K w - 1").unwrap();
    let mv = engine::greedy_move(&game, 0).unwrap();
    assert_eq!(mv, read_move(game.position(), "Rxb5").unwrap());
    let game = Game::from_fen("k6/7/7/7/7/1R4K/7 w - 1").unwrap();
    let mv = engine::greedy_move(&game, 0).unwrap();
    assert_eq!(mv, read_move(game.position(), "Rb1").unwrap());
}

#[test]
fn a_match_game_ends_and_is_scored() {
    let (game, outcome) = engine::play_game(
        Game::new(),
        Player::Engine(Level::new(3).unwrap()),
        Player::Random,
        300,
        5,
    );
    let outcome = outcome.expect("level 3 beats a random mover within 300 plies");
    assert_eq!(outcome.winner, Some(Color::White), "{:?}", game.sans());
}

#[test]
fn the_stop_flag_and_node_limit_end_a_search() {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let settings = Settings {
        limits: Limits {
            stop: Some(stop),
            ..Limits::default()
        },
        ..Settings::default()
    };
    // Stopped from the start (and with no other limit, so it would otherwise search for
    // ever), it still completes depth 1 and returns a move at the next look at the flag.
    let found = engine::best_move(&Game::new(), &settings, 0).unwrap();
    assert!(found.depth >= 1 && found.nodes < 10_000, "{found:?}");
    let settings = Settings {
        limits: Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let found = engine::best_move(&Game::new(), &settings, 0).unwrap();
    assert!(found.nodes <= 20_001);
}

/// The issue asks for this: a move within its time budget plus a small margin. It measures
/// wall-clock time, so it runs only on request, in a release build:
/// `cargo test --release --test rules engine:: -- --ignored`.
#[test]
#[ignore]
fn answers_within_the_time_budget() {
    let game = Game::replay(None, &["c2-b3", "e6-f5", "e2-f2", "c6-b6"]).unwrap();
    for budget in [100, 500, 1000] {
        let start = Instant::now();
        let found = engine::best_move(
            &game,
            &Settings {
                limits: Limits::movetime(Duration::from_millis(budget)),
                ..Settings::default()
            },
            0,
        )
        .unwrap();
        let took = start.elapsed();
        assert!(
            took <= Duration::from_millis(budget + 50),
            "{budget} ms budget, took {took:?}"
        );
        assert!(found.depth >= 4);
    }
    let start = Instant::now();
    engine::best_move(&game, &Settings::of(Level::MAX), 0).unwrap();
    assert!(
        start.elapsed() <= Duration::from_millis(2000),
        "level 5 took {:?}",
        start.elapsed()
    );
}

/// The position turned half round with the colours swapped: the same game for the other side.
fn half_turn(p: &Position) -> Position {
    let fen = p.to_fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let placement: String = fields[0]
        .chars()
        .rev()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut crossed: String = fields[2]
        .chars()
        .map(|c| match c {
            'K' => 'k',
            'k' => 'K',
            other => other,
        })
        .collect();
    if crossed == "kK" {
        crossed = "Kk".into();
    }
    Position::from_fen(&format!("{placement} {side} {crossed} 1")).unwrap()
}

#[test]
fn the_evaluation_does_not_favour_a_colour() {
    let tables = engine::eval::tables();
    for game_seed in 0..20u64 {
        let mut game = Game::new();
        while game.outcome().is_none() && game.ply() < 60 {
            let p = *game.position();
            let turned = half_turn(&p);
            assert_eq!(
                engine::eval::evaluate(&p, tables),
                engine::eval::evaluate(&turned, tables),
                "{p:?}"
            );
            let mv = engine::random_move(&game, game_seed * 977 + game.ply() as u64).unwrap();
            game.play(mv).unwrap();
        }
    }
}

/// The command-line tools, run as a user runs them.
mod cli {
    use std::process::Command;

    fn rollerball(args: &[&str]) -> (bool, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_rollerball"))
            .args(args)
            .output()
            .expect("run rollerball");
        (
            out.status.success(),
            String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap(),
        )
    }

    #[test]
    fn engine_prints_the_move_and_its_score() {
        let (ok, out) = rollerball(&["engine", "--fen", "k6/7/7/7/7/1R4K/7 w - 1", "--depth", "3"]);
        assert!(ok, "{out}");
        assert!(
            out.starts_with("bestmove Rb1#\nscore win in 1 (checkmate)\ndepth "),
            "{out}"
        );
        let (ok, out) = rollerball(&["engine", "--level", "2", "--seed", "3"]);
        assert!(ok && out.starts_with("bestmove "), "{out}");
        let (ok, out) = rollerball(&["engine", "--level", "9"]);
        assert!(!ok && out.contains("level 9 does not exist"), "{out}");
    }

    #[test]
    fn selfplay_prints_the_score_for_a() {
        let (ok, out) = rollerball(&["selfplay", "--a", "2", "--b", "random", "--games", "4"]);
        assert!(ok, "{out}");
        assert!(
            out.starts_with("A = level 2, B = random: 4 games, A scores +"),
            "{out}"
        );
        let (ok, out) = rollerball(&["selfplay", "--a", "6", "--b", "random"]);
        assert!(!ok && out.contains("unknown player"), "{out}");
    }
}
