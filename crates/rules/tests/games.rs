//! How games end and what players type: the throne rule, mate, stalemate, repetition,
//! promotion, notation round trips over random games, and hostile input to the readers.

use proptest::prelude::*;
use rollerball_rules::{
    Color, Game, Move, Outcome, Piece, PieceKind, PlayError, Position, Termination, coordinate,
    legal_sans, read_move,
};

fn game(fen: &str) -> Game {
    Game::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> rollerball_rules::Square {
    name.parse().unwrap()
}

#[test]
fn crossing_sets_and_clears_the_flag() {
    // White's king on d2 crosses to c2 (flag set), comes back (cleared), crosses via c1.
    let mut g = game("6k/7/7/7/7/3K3/7 w - 1");
    g.play_input("Kc2").unwrap();
    assert!(g.position().crossed(Color::White));
    g.play_input("Kf7").unwrap();
    g.play_input("Kd2").unwrap();
    assert!(!g.position().crossed(Color::White));
    g.play_input("Kg7").unwrap();
    g.play_input("Kc1").unwrap();
    assert!(g.position().crossed(Color::White));
    // Moving on round the ring keeps it.
    g.play_input("Kf7").unwrap();
    g.play_input("Kb2").unwrap();
    assert!(g.position().crossed(Color::White));
    assert_eq!(g.position().to_fen(), "5k1/7/7/7/7/1K5/7 b K 4");

    // Black's mirror: d6 to e6 sets, e6 to d7 clears.
    let mut g = game("7/3k3/7/7/7/7/K6 b - 1");
    g.play_input("Ke6").unwrap();
    assert!(g.position().crossed(Color::Black));
    g.play_input("Ka2").unwrap();
    g.play_input("Kd7").unwrap();
    assert!(!g.position().crossed(Color::Black));
}

#[test]
fn throne_win_from_every_neighbour() {
    // d6's neighbours on the board: c6, c7, d7, e6, e7.
    let placements = [
        ("c6", "7/2K4/7/7/7/7/6k w K 1"),
        ("c7", "2K4/7/7/7/7/7/6k w K 1"),
        ("d7", "3K3/7/7/7/7/7/6k w K 1"),
        ("e6", "7/4K2/7/7/7/7/6k w K 1"),
        ("e7", "4K2/7/7/7/7/7/6k w K 1"),
    ];
    for (from, fen) in placements {
        let mut g = game(fen);
        g.play(Move::new(sq(from), sq("d6"))).unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Color::White, Termination::Throne)),
            "from {from}"
        );
        // Without the crossed flag the same move wins nothing.
        let mut g = game(&fen.replace(" K ", " - "));
        g.play(Move::new(sq(from), sq("d6"))).unwrap();
        assert_eq!(g.outcome(), None, "not crossed, from {from}");
    }
    // Capturing onto the throne wins too.
    let mut g = game("7/2Kr3/7/7/7/7/6k w K 1");
    g.play_input("Kxd6").unwrap();
    assert_eq!(
        g.outcome().map(|o| o.termination),
        Some(Termination::Throne)
    );
    // No more moves after the end.
    assert!(matches!(g.play_input("Kc6"), Err(PlayError::GameOver(_))));
}

#[test]
fn black_throne_is_d2() {
    for (from, fen) in [
        ("c1", "K6/7/7/7/7/7/2k4 b k 1"),
        ("c2", "K6/7/7/7/7/2k4/7 b k 1"),
        ("d1", "K6/7/7/7/7/7/3k3 b k 1"),
        ("e1", "K6/7/7/7/7/7/4k2 b k 1"),
        ("e2", "K6/7/7/7/7/4k2/7 b k 1"),
    ] {
        let mut g = game(fen);
        g.play(Move::new(sq(from), sq("d2"))).unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Color::Black, Termination::Throne)),
            "from {from}"
        );
        let mut g = game(&fen.replace(" k ", " - "));
        g.play(Move::new(sq(from), sq("d2"))).unwrap();
        assert_eq!(g.outcome(), None);
    }
    // White's flag does not let Black win, nor the other way round.
    let mut g = game("K6/7/7/7/7/4k2/7 b K 1");
    g.play_input("Kd2").unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_one_rook_mate() {
    let mut g = game("k6/7/7/7/7/1R4K/7 w - 1");
    let mv = read_move(g.position(), "Rb1").unwrap();
    assert_eq!(rollerball_rules::san(g.position(), mv), "Rb1#");
    g.play(mv).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Color::White, Termination::Checkmate))
    );
    assert_eq!(g.outcome().unwrap().to_string(), "white wins by checkmate");
}

#[test]
fn stalemate_is_a_draw() {
    let mut g = game("k6/7/K6/1R5/7/7/7 w - 1");
    g.play_input("Rb5").unwrap();
    assert!(!g.position().is_check());
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::Stalemate)));
    assert_eq!(g.outcome().unwrap().result(), "1/2-1/2");
}

#[test]
fn threefold_repetition_draws_on_the_third_occurrence() {
    let mut g = Game::new();
    let shuffle = ["Rf1", "Rb7", "Rfe1", "Rbc7"];
    for (i, mv) in shuffle.iter().chain(shuffle.iter()).enumerate() {
        assert_eq!(g.outcome(), None, "before ply {}", i + 1);
        g.play_input(mv).unwrap();
    }
    // The start position stood there at ply 0, 4 and now 8.
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::Repetition)));
    assert_eq!(g.ply(), 8);
}

#[test]
fn promotion_by_move_and_by_capture_for_both_colours() {
    let fen = "3Pr2/6k/7/7/7/K6/3p3 w Kk 1";
    for (input, square, kind) in [
        ("d7-e6=R", "e6", PieceKind::Rook),
        ("d7xe7=B", "e7", PieceKind::Bishop),
    ] {
        let mut g = game(fen);
        g.play_input(input).unwrap();
        let p = g.position();
        assert_eq!(p.piece_at(sq(square)), Some(Piece::new(Color::White, kind)));
        assert_eq!(p.piece_at(sq("d7")), None);
    }
    let black = "3Pr2/6k/7/7/7/K6/3p3 b Kk 1";
    for (input, square, kind) in [
        ("d1-c1=B", "c1", PieceKind::Bishop),
        ("d1c2r", "c2", PieceKind::Rook),
    ] {
        let mut g = game(black);
        g.play_input(input).unwrap();
        assert_eq!(
            g.position().piece_at(sq(square)),
            Some(Piece::new(Color::Black, kind))
        );
    }
    // A black capture-promotion: the pawn on d1 takes a white piece on c2.
    let mut g = game("3P3/6k/7/7/7/K1B4/3p3 b - 1");
    g.play_input("dxc2=R").unwrap();
    assert_eq!(
        g.position().piece_at(sq("c2")),
        Some(Piece::new(Color::Black, PieceKind::Rook))
    );
    assert_eq!(g.captured(), [Piece::new(Color::White, PieceKind::Bishop)]);
}

#[test]
fn illegal_moves_change_nothing() {
    let mut g = Game::new();
    let before = *g.position();
    for bad in ["Kd3", "e1-a1", "xx", "Rb7", "c2-c3"] {
        assert!(g.play_input(bad).is_err(), "{bad}");
        assert_eq!(*g.position(), before);
        assert_eq!(g.ply(), 0);
    }
}

#[test]
fn takeback_and_pgn() {
    let mut g = Game::new();
    for mv in ["b3", "f5", "Rf1"] {
        g.play_input(mv).unwrap();
    }
    assert_eq!(g.take_back(), Some(Move::new(sq("e1"), sq("f1"))));
    assert_eq!(g.sans(), ["b3", "f5"]);
    g.play_input("Rf2").unwrap();
    g.end(Outcome::win(Color::White, Termination::Resignation));
    let tags = rollerball_rules::PgnTags {
        event: "Test".into(),
        site: "Discord".into(),
        date: "2026.11.30".into(),
        round: "3".into(),
        white: "alice".into(),
        black: "bob \"the rook\"".into(),
        time_control: Some("1/259200".into()),
    };
    assert_eq!(
        g.to_pgn(&tags),
        "[Event \"Test\"]\n[Site \"Discord\"]\n[Date \"2026.11.30\"]\n[Round \"3\"]\n\
         [White \"alice\"]\n[Black \"bob \\\"the rook\\\"\"]\n[Result \"1-0\"]\n\
         [Variant \"Rollerball\"]\n[TimeControl \"1/259200\"]\n[Termination \"normal\"]\n\n\
         1. b3 f5 2. Rf2 { White wins by resignation. } 1-0\n"
    );
    let from_fen = game("3Pr2/6k/7/7/7/K6/3p3 b Kk 7");
    let pgn = from_fen.to_pgn(&Default::default());
    assert!(
        pgn.contains("[FEN \"3Pr2/6k/7/7/7/K6/3p3 b Kk 7\"]\n"),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n*\n"), "{pgn}");
}

/// A name with a newline (or any control character) keeps the tag on its line: every line
/// of the tag section is one whole tag.
#[test]
fn control_characters_stay_out_of_pgn_tags() {
    let tags = rollerball_rules::PgnTags {
        white: "mallory\n[Result \"0-1\"]\r\u{0}".into(),
        black: "bob\tby\u{1b}[31m".into(),
        ..Default::default()
    };
    let pgn = Game::new().to_pgn(&tags);
    let (head, _) = pgn.split_once("\n\n").unwrap();
    for line in head.lines() {
        assert!(
            line.starts_with('[') && line.ends_with("\"]"),
            "{line:?} in {pgn}"
        );
    }
    assert!(
        head.contains("[White \"mallory[Result \\\"0-1\\\"]\"]\n"),
        "{head}"
    );
    assert!(head.contains("[Black \"bobby[31m\"]\n"), "{head}");
    let results = head.lines().filter(|l| l.starts_with("[Result ")).count();
    assert_eq!(results, 1, "a name cannot add a tag: {head}");
}

/// Moves as players count them: White's and Black's answer are one.
#[test]
fn moves_are_counted_by_move_number_not_by_half_move() {
    let record = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sixty-moves.txt"
    ))
    .unwrap();
    let record: Vec<&str> = record.split_whitespace().collect();
    for (plies, moves) in [
        (0, 0),
        (1, 1),
        (2, 1),
        (3, 2),
        (47, 24),
        (48, 24),
        (120, 60),
    ] {
        let g = Game::replay(None, &record[..plies]).unwrap();
        assert_eq!((g.ply(), g.move_count()), (plies, moves), "{plies} plies");
    }
    // Black moves first: `7... Kf6 8. Ka3` is two moves.
    let fen = "7/4k2/7/7/7/K6/7 b - 7";
    for (plies, moves) in [(1, 1), (2, 2), (3, 2)] {
        let mut g = game(fen);
        for _ in 0..plies {
            let mv = g.position().legal_moves()[0];
            g.play(mv).unwrap();
        }
        assert_eq!(g.move_count(), moves, "{plies} plies");
    }
}

/// A small deterministic generator, so the random games are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn notation_and_fen_round_trip_over_random_games() {
    let mut rng = Lcg(7);
    let mut checked = 0;
    for _ in 0..60 {
        let mut g = Game::new();
        while g.outcome().is_none() && g.ply() < 120 {
            let p = *g.position();
            assert_eq!(Position::from_fen(&p.to_fen()), Ok(p));
            for (mv, san) in legal_sans(&p) {
                assert_eq!(read_move(&p, &san), Ok(mv), "SAN {san} in {}", p.to_fen());
                let coord = coordinate(&p, mv);
                assert_eq!(read_move(&p, &coord), Ok(mv), "{coord} in {}", p.to_fen());
                checked += 1;
            }
            let moves = p.legal_moves();
            g.play(moves[rng.below(moves.len())]).unwrap();
        }
    }
    assert!(checked > 10_000, "only {checked} moves checked");
}

proptest! {
    #[test]
    fn the_fen_reader_never_panics(s in "\\PC{0,60}") {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn near_fens_never_panic(s in "[KRBPkrbpQ0-9/]{0,30} [wbx] (K|k|Kk|-|x) [0-9]{1,4}") {
        if let Ok(p) = Position::from_fen(&s) {
            prop_assert_eq!(Position::from_fen(&p.to_fen()), Ok(p));
        }
    }

    #[test]
    fn the_move_reader_never_panics(s in "\\PC{0,24}") {
        let _ = read_move(&Position::start(), &s);
    }

    #[test]
    fn move_like_input_never_panics(s in "[KRBkrbpa-hA-H0-9x:=()+#!? -]{0,10}") {
        let p = Position::from_fen("3Pr2/6k/7/7/7/K6/3p3 w Kk 1").unwrap();
        if let Ok(mv) = read_move(&p, &s) {
            prop_assert!(p.is_legal(mv));
        }
    }
}
