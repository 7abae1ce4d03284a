//! Speed of the computer opponent: nodes searched per second at a fixed depth (criterion's
//! throughput is the node count of one search, so it prints nodes per second), the evaluation
//! alone, and the analysis of a whole 60-move game at the default budget (`analysis` in the
//! bot; `cargo bench --bench engine -- analysis` runs it alone).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rollerball::engine::analysis::{Budget, analyse};
use rollerball::engine::{self, Limits, Settings};
use rollerball::rules::{Game, Position};
use std::hint::black_box;
use std::time::Duration;

/// The rules benchmark's middlegame: 12 plies, both sides developed, a rebound possible.
fn middlegame() -> Game {
    let moves = [
        "c2-b3", "e6-f5", "e2-f2", "c6-b6", "c1-b2", "e7-f7", "d1-c2", "d7-e6", "f2-f3", "b6-b5",
        "b3-a4", "f5-g4",
    ];
    Game::replay(None, &moves).expect("legal moves")
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (name, game, depth) in [
        ("start depth 10", Game::new(), 10),
        ("middlegame depth 9", middlegame(), 9),
    ] {
        let settings = Settings {
            limits: Limits::depth(depth),
            ..Settings::default()
        };
        let nodes = engine::best_move(&game, &settings, 0)
            .expect("a move")
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| engine::best_move(black_box(&game), &settings, 0))
        });
    }
    group.finish();
}

fn evaluation(c: &mut Criterion) {
    let p: Position = *middlegame().position();
    let tables = engine::eval::tables();
    c.bench_function("evaluate middlegame", |b| {
        b.iter(|| engine::eval::evaluate(black_box(&p), tables))
    });
}

/// A 60-move game (120 plies, the engine at level 3 against itself): the game the issue's
/// speed target names.
fn sixty_moves() -> Game {
    let moves: Vec<&str> = include_str!("../crates/rules/tests/data/sixty-moves.txt")
        .split_whitespace()
        .collect();
    Game::replay(None, &moves).expect("legal moves")
}

fn analysis(c: &mut Criterion) {
    let game = sixty_moves();
    assert_eq!(game.ply(), 120);
    let mut group = c.benchmark_group("analysis");
    // Each run takes seconds: criterion's fewest samples, and no more time than they need.
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(1));
    group.bench_function("60-move game, default budget", |b| {
        b.iter(|| analyse(black_box(&game), Budget::default()))
    });
    group.finish();
}

criterion_group!(benches, search, evaluation, analysis);
criterion_main!(benches);
