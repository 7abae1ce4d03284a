//! The reference positions of `shared/rules/vectors.json` (copied to `tests/data/`): check
//! status, the exact legal moves and perft 1–3 for each; and perft from the start.

use rollerball_rules::{Position, coordinate};
use serde::Deserialize;

#[derive(Deserialize)]
struct Vector {
    fen: String,
    in_check: bool,
    legal_moves: Vec<String>,
    perft: Vec<u64>,
}

fn vectors() -> Vec<Vector> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vectors.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("vectors.json")).expect("valid JSON")
}

#[test]
fn every_reference_position() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 50);
    for v in vectors {
        let p = Position::from_fen(&v.fen).unwrap_or_else(|e| panic!("{}: {e}", v.fen));
        assert_eq!(p.to_fen(), v.fen, "FEN round trip");
        assert_eq!(p.is_check(), v.in_check, "check in {}", v.fen);
        let mut moves: Vec<String> = p.legal_moves().iter().map(|&m| coordinate(&p, m)).collect();
        moves.sort();
        assert_eq!(moves, v.legal_moves, "legal moves of {}", v.fen);
        let perft: Vec<u64> = (1..=v.perft.len() as u32).map(|d| p.perft(d)).collect();
        assert_eq!(perft, v.perft, "perft of {}", v.fen);
    }
}

#[test]
fn perft_from_the_start_to_depth_6() {
    let p = Position::start();
    let counts: Vec<u64> = (1..=6).map(|d| p.perft(d)).collect();
    assert_eq!(counts, [7, 49, 476, 4_652, 53_771, 622_173]);
}

#[test]
fn depth_5_split_by_first_move() {
    let p = Position::start();
    let mut split: Vec<(String, u64)> = p
        .divide(5)
        .into_iter()
        .map(|(m, n)| (coordinate(&p, m), n))
        .collect();
    split.sort();
    let want = [
        ("c1-b1", 4847),
        ("c1-b2", 4711),
        ("c2-b1", 9528),
        ("c2-b2", 9321),
        ("c2-b3", 5798),
        ("e1-f1", 8572),
        ("e2-f2", 10994),
    ];
    let want: Vec<(String, u64)> = want.iter().map(|(m, n)| (m.to_string(), *n)).collect();
    assert_eq!(split, want);
}

#[test]
#[ignore = "about a second in release, long in debug: cargo test --release -- --ignored"]
fn perft_from_the_start_to_depth_7() {
    assert_eq!(Position::start().perft(7), 8_049_487);
}
