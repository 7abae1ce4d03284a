//! Speed and size of the pictures: a middlegame board PNG at the default size, bare and named
//! by its caption bars (as the bot posts it: the longest names Discord allows), an analysis's
//! key moment (captioned, with its two arrows), the PNG
//! encoder's settings on that image, the GIF of a 60-move (120-ply) game with and without its
//! caption, the evaluation graph of a 60-move game, and the crosstables of a 3-player and a
//! 12-player double round-robin. The byte sizes are printed once before the timings.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use rollerball::render::crosstable::{Cell, CrossLegend, CrossRow, Crosstable, render_crosstable};
use rollerball::render::eval_graph::{
    EvalGraph, GraphLabels, GraphMark, GraphScore, Severity, render_eval_graph,
};
use rollerball::render::{
    Arrow, ArrowKind, BoardView, Caption, English, GifOptions, Options, Theme, render_gif,
    render_gif_in, render_png, render_rgb,
};
use rollerball::rules::{Color, Game, Position};

/// A middlegame with captures in the hole, a rebound arrow and a check: the busiest image.
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

/// A deterministic long game: at each ply a legal move picked by a fixed formula, until
/// `plies` plies or the end of the game.
fn long_game(plies: usize) -> Game {
    let mut game = Game::new();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    while game.ply() < plies && game.outcome().is_none() {
        let moves = game.position().legal_moves();
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        game.play(moves[(seed >> 33) as usize % moves.len()])
            .expect("a legal move");
    }
    game
}

/// The caption of the bot's images, with two of the longest names Discord allows.
fn caption() -> Caption {
    Caption {
        players: [
            "Wolfgang_Amadeus_Mozart_1756_ABC".into(),
            "Wolfgang_Amadeus_Mozart_1756_XYZ".into(),
        ],
        game: "Game 12345".into(),
    }
}

fn png(c: &mut Criterion) {
    let view = BoardView::of_game(&middlegame());
    let options = Options::default();
    let bytes = render_png(&view, &options).expect("renders");
    println!(
        "middlegame PNG at {} px: {} bytes",
        options.size,
        bytes.len()
    );
    let named = view.clone().with_caption(caption());
    let named_bytes = render_png(&named, &options).expect("renders");
    println!(
        "captioned middlegame PNG at {} px: {} bytes",
        options.size,
        named_bytes.len()
    );
    c.bench_function("render middlegame png 640", |b| {
        b.iter(|| render_png(black_box(&view), black_box(&options)).expect("renders"))
    });
    c.bench_function("render captioned middlegame png 640", |b| {
        b.iter(|| render_png(black_box(&named), black_box(&options)).expect("renders"))
    });
    let start = BoardView::new(Position::start());
    c.bench_function("render start png 640", |b| {
        b.iter(|| render_png(black_box(&start), black_box(&options)).expect("renders"))
    });
    // An analysis's key moment: the middlegame before its last move, captioned, with the move
    // played (a bishop's rebound) and a better one drawn as arrows and named in the hole.
    let game = middlegame();
    let ply = game.ply() - 1;
    let mut moment = BoardView::at_ply(&game, ply).with_caption(caption());
    let before = game.positions()[ply];
    let played = game.moves()[ply];
    let better = *before
        .legal_moves()
        .iter()
        .find(|&&m| m != played)
        .expect("another move");
    moment.arrows = vec![
        Arrow {
            mv: played,
            kind: ArrowKind::Played,
            label: "Played 13.Bxc6+??".into(),
        },
        Arrow {
            mv: better,
            kind: ArrowKind::Better,
            label: "Better 13.Kc2".into(),
        },
    ];
    let moment_bytes = render_png(&moment, &options).expect("renders");
    println!(
        "key-moment PNG at {} px: {} bytes",
        options.size,
        moment_bytes.len()
    );
    c.bench_function("render key moment png 640", |b| {
        b.iter(|| render_png(black_box(&moment), black_box(&options)).expect("renders"))
    });
}

/// The middlegame's pixels encoded with each candidate setting of `image`'s PNG encoder (the
/// renderer uses one of them), to choose the trade of size and time.
fn encoding(c: &mut Criterion) {
    let image =
        render_rgb(&BoardView::of_game(&middlegame()), &Options::default()).expect("renders");
    let encode = |compression, filter| {
        let mut out = Vec::with_capacity(128 * 1024);
        PngEncoder::new_with_quality(&mut out, compression, filter)
            .write_image(
                image.as_raw(),
                image.width(),
                image.height(),
                image::ExtendedColorType::Rgb8,
            )
            .expect("encodes");
        out
    };
    let settings = [
        ("fast adaptive", CompressionType::Fast, FilterType::Adaptive),
        ("fast paeth", CompressionType::Fast, FilterType::Paeth),
        ("fast up", CompressionType::Fast, FilterType::Up),
        ("fast sub", CompressionType::Fast, FilterType::Sub),
        ("default up", CompressionType::Default, FilterType::Up),
        (
            "default adaptive",
            CompressionType::Default,
            FilterType::Adaptive,
        ),
    ];
    for (name, compression, filter) in settings {
        println!(
            "middlegame encoded {name}: {} bytes",
            encode(compression, filter).len()
        );
    }
    // The captioned image, through `png` itself for the zlib levels `image` does not offer.
    let named = render_rgb(
        &BoardView::of_game(&middlegame()).with_caption(caption()),
        &Options::default(),
    )
    .expect("renders");
    let zlib = |level: u8| {
        let mut out = Vec::with_capacity(128 * 1024);
        let mut encoder = png::Encoder::new(&mut out, named.width(), named.height());
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_filter(png::Filter::Paeth);
        encoder.set_deflate_compression(match level {
            0 => png::DeflateCompression::FdeflateUltraFast,
            n => png::DeflateCompression::Level(n),
        });
        let mut writer = encoder.write_header().expect("a header");
        writer.write_image_data(named.as_raw()).expect("encodes");
        writer.finish().expect("finishes");
        out
    };
    for level in [0, 1, 2, 3] {
        println!(
            "captioned middlegame, paeth, zlib level {level} (0: fdeflate): {} bytes",
            zlib(level).len()
        );
    }
    let mut group = c.benchmark_group("png encoding");
    for (name, compression, filter) in settings {
        group.bench_function(name, |b| {
            b.iter(|| encode(black_box(compression), black_box(filter)))
        });
    }
    for level in [0, 1, 2, 3] {
        group.bench_function(format!("captioned paeth zlib {level}"), |b| {
            b.iter(|| zlib(black_box(level)))
        });
    }
    group.finish();
}

fn gif(c: &mut Criterion) {
    let game = long_game(120);
    let options = GifOptions::default();
    let bytes = render_gif(&game, &options).expect("renders");
    println!(
        "GIF of {} plies at {} px: {} bytes",
        game.ply(),
        options.board.size,
        bytes.len()
    );
    let long = long_game(200);
    let long_bytes = render_gif(&long, &options).expect("renders");
    println!(
        "GIF of {} plies at {} px: {} bytes",
        long.ply(),
        options.board.size,
        long_bytes.len()
    );
    let named = caption();
    let named_bytes = render_gif_in(&game, &options, Some(&named), &English).expect("renders");
    println!(
        "captioned GIF of {} plies at {} px: {} bytes",
        game.ply(),
        options.board.size,
        named_bytes.len()
    );
    let mut group = c.benchmark_group("gif");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("render 60-move game gif 640", |b| {
        b.iter(|| render_gif(black_box(&game), black_box(&options)).expect("renders"))
    });
    group.bench_function("render captioned 60-move game gif 640", |b| {
        b.iter(|| {
            render_gif_in(
                black_box(&game),
                black_box(&options),
                Some(&named),
                &English,
            )
            .expect("renders")
        })
    });
    group.finish();
}

/// A 60-move game's scores: a seeded random walk in pawns that Black wins by force at the end,
/// with a mark every seventh move.
fn graph_data() -> (Vec<GraphScore>, Vec<GraphMark>) {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut pawns = 0.2;
    let mut scores = vec![GraphScore::Pawns(pawns)];
    for ply in 1..=120 {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        pawns += ((seed >> 33) as f64 / (1u64 << 31) as f64 - 0.5) * 1.2;
        scores.push(if ply > 116 {
            GraphScore::Win(Color::Black)
        } else {
            GraphScore::Pawns(pawns)
        });
    }
    let marks = (7..120)
        .step_by(7)
        .zip(Severity::ALL.into_iter().cycle())
        .map(|(position, severity)| GraphMark { position, severity })
        .collect();
    (scores, marks)
}

fn graph(c: &mut Criterion) {
    let (scores, marks) = graph_data();
    let labels = GraphLabels {
        title: "Game #12: alice vs bob".into(),
        result: "0–1 · checkmate".into(),
        win: "mate".into(),
        moves: "move".into(),
        white: "White".into(),
        black: "Black".into(),
        marks: ["inaccuracy".into(), "mistake".into(), "blunder".into()],
    };
    let graph = EvalGraph {
        scores: &scores,
        marks: &marks,
        first_move: 1,
        first_side: Color::White,
        labels: &labels,
    };
    let bytes = render_eval_graph(&graph, &Theme::default()).expect("renders");
    println!("evaluation graph of 60 moves: {} bytes", bytes.len());
    c.bench_function("render evaluation graph 60 moves", |b| {
        b.iter(|| render_eval_graph(black_box(&graph), &Theme::default()).expect("renders"))
    });
}

/// A crosstable of `players` with names of 32 characters alike in their first 20, each pair
/// playing `games` games, a mix of results.
fn crosstable_of(players: usize, games: usize) -> Crosstable {
    use Cell::*;
    let results = [Win, Draw, Loss, Unplayed, ForfeitWin, Draw];
    let rows = (0..players)
        .map(|r| CrossRow {
            place: (r + 1).to_string(),
            name: format!(
                "Wolfgang_Amadeus_Moz{:0>12}",
                format!("art_{}", 1756 + r * 7)
            ),
            cells: (0..players)
                .map(|c| match c == r {
                    true => vec![Own],
                    false => (0..games).map(|g| results[(r + 2 * c + g) % 6]).collect(),
                })
                .collect(),
            colours: (0..players)
                .map(|c| match c == r {
                    true => Vec::new(),
                    false => (0..games)
                        .map(|g| [Color::White, Color::Black][(r + c + g) % 2])
                        .collect(),
                })
                .collect(),
            struck: vec![false; players],
            points: "5½".into(),
            tiebreak: "30¼".into(),
            withdrawn: false,
        })
        .collect();
    Crosstable {
        title: "Wolfgang Amadeus Memorial".into(),
        subtitle: "Tournament #12 · after 60 of 132 games".into(),
        legend: CrossLegend {
            win: "win".into(),
            draw: "draw".into(),
            loss: "loss".into(),
            forfeit: "won / lost by forfeit".into(),
            unplayed: "still being played".into(),
            annulled: "annulled: does not count".into(),
            colours: "played as White / as Black".into(),
        },
        points_label: "Pts".into(),
        tiebreak_label: "SB".into(),
        rows,
    }
}

fn crosstable(c: &mut Criterion) {
    for (players, games) in [(3, 1), (12, 2)] {
        let table = crosstable_of(players, games);
        let bytes = render_crosstable(&table).expect("renders");
        println!(
            "crosstable of {players} players, {games} games a pair: {} bytes",
            bytes.len()
        );
        c.bench_function(
            &format!("render crosstable {players} players x{games}"),
            |b| b.iter(|| render_crosstable(black_box(&table)).expect("renders")),
        );
    }
}

criterion_group!(benches, png, encoding, gif, graph, crosstable);
criterion_main!(benches);
