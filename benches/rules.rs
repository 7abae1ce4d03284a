//! Speed of the rules engine: perft from the start, and legal move generation in a middlegame.

use criterion::{Criterion, criterion_group, criterion_main};
use rollerball::rules::{Game, Position, read_move};
use std::hint::black_box;
use std::time::Duration;

/// A middlegame after 12 plies with both sides developed and a rebound possible.
fn middlegame() -> Position {
    let moves = [
        "c2-b3", "e6-f5", "e2-f2", "c6-b6", "c1-b2", "e7-f7", "d1-c2", "d7-e6", "f2-f3", "b6-b5",
        "b3-a4", "f5-g4",
    ];
    *Game::replay(None, &moves).expect("legal moves").position()
}

fn perft(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("start depth 6", |b| b.iter(|| black_box(start).perft(6)));
    group.bench_function("start depth 7", |b| b.iter(|| black_box(start).perft(7)));
    group.finish();
}

fn moves(c: &mut Criterion) {
    let p = middlegame();
    c.bench_function("legal moves middlegame", |b| {
        b.iter(|| black_box(&p).legal_moves().len())
    });
    c.bench_function("read move SAN middlegame", |b| {
        b.iter(|| read_move(black_box(&p), "Rf2").is_ok())
    });
}

criterion_group!(benches, perft, moves);
criterion_main!(benches);
