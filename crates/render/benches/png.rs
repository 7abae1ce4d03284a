//! The board PNG as the bot sends it (an indexed PNG): drawing and encoding a middlegame at
//! 640 px, bare and captioned, beside the RGB PNG it replaced (the same pixels through
//! `image`'s encoder, fast deflate and `Paeth`) and the drawing alone, so that both formats are
//! measured in the same minutes. The sizes are printed once before the timings.
//! `cargo bench -p rollerball-render --bench png`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use rollerball_render::{BoardView, Caption, Options, render_png, render_rgb};
use rollerball_rules::Game;

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

fn caption() -> Caption {
    Caption {
        players: [
            "Wolfgang_Amadeus_Mozart_1756_ABC".into(),
            "Wolfgang_Amadeus_Mozart_1756_XYZ".into(),
        ],
        game: "Game 12345".into(),
    }
}

/// The board drawn and encoded as the RGB PNG the bot sent before.
fn rgb_png(view: &BoardView, options: &Options) -> Vec<u8> {
    let image = render_rgb(view, options).expect("renders");
    let mut out = Vec::with_capacity(128 * 1024);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Paeth)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encodes");
    out
}

fn png(c: &mut Criterion) {
    let options = Options::default();
    let bare = BoardView::of_game(&middlegame());
    let named = bare.clone().with_caption(caption());
    for (name, view) in [("bare", &bare), ("captioned", &named)] {
        let bytes = render_png(view, &options).expect("renders");
        println!(
            "{name} middlegame at 640 px: indexed PNG {} bytes, RGB PNG {} bytes",
            bytes.len(),
            rgb_png(view, &options).len()
        );
    }
    c.bench_function("png: draw + encode middlegame 640", |b| {
        b.iter(|| render_png(black_box(&bare), black_box(&options)).expect("renders"))
    });
    c.bench_function("png: draw + encode captioned middlegame 640", |b| {
        b.iter(|| render_png(black_box(&named), black_box(&options)).expect("renders"))
    });
    c.bench_function("png: draw + RGB encode (before) middlegame 640", |b| {
        b.iter(|| rgb_png(black_box(&bare), black_box(&options)))
    });
    c.bench_function(
        "png: draw + RGB encode (before) captioned middlegame 640",
        |b| b.iter(|| rgb_png(black_box(&named), black_box(&options))),
    );
    c.bench_function("png: draw only, middlegame 640", |b| {
        b.iter(|| render_rgb(black_box(&bare), black_box(&options)).expect("renders"))
    });
    c.bench_function("png: draw only, captioned middlegame 640", |b| {
        b.iter(|| render_rgb(black_box(&named), black_box(&options)).expect("renders"))
    });
}

criterion_group!(benches, png);
criterion_main!(benches);
