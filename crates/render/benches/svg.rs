//! Speed and size of the SVG board: the starting position, and a middlegame whose last move
//! is a bishop's rebound that gives check, with captures in the hole. The byte sizes are
//! printed once before the timings.
//!
//! `cargo bench -p rollerball-render --bench svg`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rollerball_render::{BoardView, Options, render_png, render_svg};
use rollerball_rules::{Game, Position};

/// The middlegame of the root benches: 13.Bxc6+ went d1–a4–c6, a rebound that gives check.
fn middlegame() -> Game {
    Game::replay(
        None,
        &[
            "c1b2", "f5", "bb3", "g4", "Rf2", "Rb7", "b4", "Rcb6", "b5", "Kc7", "bxb6+", "Kd6",
            "b1", "Bc6", "Ke2", "Ke6", "c7", "Rxc7", "Kd2", "Rd7", "Ref1", "g3", "Ke1", "Rd6",
            "Bxc6+",
        ],
    )
    .expect("legal moves")
}

fn bench(c: &mut Criterion) {
    let options = Options::default();
    let start = BoardView::new(Position::start());
    let mid = BoardView::of_game(&middlegame());
    for (name, view) in [("start", &start), ("middlegame", &mid)] {
        let svg = render_svg(view, &options);
        let png = render_png(view, &options).expect("a board");
        println!(
            "{name}: SVG {} bytes, PNG {} bytes (640 px)",
            svg.len(),
            png.len()
        );
    }
    c.bench_function("svg start", |b| {
        b.iter(|| render_svg(black_box(&start), black_box(&options)))
    });
    c.bench_function("svg middlegame (rebound, check, captures)", |b| {
        b.iter(|| render_svg(black_box(&mid), black_box(&options)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
