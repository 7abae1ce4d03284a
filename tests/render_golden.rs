//! Golden images: a few boards compared with reference PNGs in `tests/data/golden/`, within a
//! small tolerance so an encoder or rounding change does not fail them but a visible change
//! does.
//!
//! After an intended change to the look, look at the new images, then regenerate with
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test render_golden
//! ```
//!
//! and commit the changed PNGs with the change.

use std::path::PathBuf;

use rollerball::render::{BoardView, Options, Theme, render_png};
use rollerball::rules::{Color, Game, Position};

fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("PNG pixels");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// A game of many captures, for a full infield: at each ply the first capture in the move
/// list if there is one, else a move picked by a fixed formula; it stops before the game ends.
fn captures_game() -> Game {
    let mut game = Game::new();
    while game.ply() < 80 {
        let position = *game.position();
        let moves = position.legal_moves();
        let mv = moves
            .iter()
            .copied()
            .find(|&mv| position.is_capture(mv))
            .unwrap_or(moves[(game.ply() * 7 + 3) % moves.len()]);
        let mut next = game.clone();
        next.play(mv).unwrap();
        if next.outcome().is_some() {
            break;
        }
        game = next;
    }
    game
}

/// The cases: name, view, options.
fn cases() -> Vec<(&'static str, BoardView, Options)> {
    let rebound = Game::replay(None, &["c2-b1", "e6-f5", "d1-b5"]).unwrap();
    let check = Game::replay(
        None,
        &[
            "c1b2", "f5", "bb3", "g4", "Rf2", "Rb7", "b4", "Rcb6", "b5", "Kc7", "bxb6+", "Kd6",
            "b1", "Bc6", "Ke2", "Ke6", "c7", "Rxc7", "Kd2", "Rd7", "Ref1", "g3", "Ke1", "Rd6",
            "Bxc6+",
        ],
    )
    .unwrap();
    let targets = BoardView::new(Position::start()).with_targets_from("c2".parse().unwrap());
    vec![
        (
            "start-white",
            BoardView::new(Position::start()),
            Options::default(),
        ),
        (
            "rebound-black",
            BoardView::of_game(&rebound),
            Options::from_side(Color::Black),
        ),
        (
            "check-white",
            BoardView::of_game(&check),
            Options::default(),
        ),
        (
            "captures-black",
            BoardView::of_game(&captures_game()),
            Options::from_side(Color::Black),
        ),
        (
            "targets-slate-480",
            targets,
            Options {
                size: 480,
                theme: Theme::SLATE,
                ..Options::default()
            },
        ),
    ]
}

#[test]
fn boards_match_their_golden_images() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for (name, view, options) in cases() {
        let png = render_png(&view, &options).unwrap();
        let path = dir.join(format!("{name}.png"));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &png).unwrap();
            continue;
        }
        let golden = std::fs::read(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; run UPDATE_GOLDEN=1 cargo test --test render_golden",
                path.display()
            )
        });
        let (gw, gh, want) = decode(&golden);
        let (w, h, got) = decode(&png);
        if (gw, gh) != (w, h) {
            failures.push(format!("{name}: {w}×{h} instead of {gw}×{gh}"));
            continue;
        }
        // Tolerance: a pixel "differs" when a channel moves by more than 24; at most 0.2% of
        // the pixels may differ, and the mean channel difference must stay under 0.5.
        let pixels = (w * h) as usize;
        let mut differing = 0;
        let mut total = 0u64;
        for (a, b) in want.chunks_exact(3).zip(got.chunks_exact(3)) {
            let d = (0..3)
                .map(|k| (a[k] as i32 - b[k] as i32).unsigned_abs())
                .max()
                .unwrap();
            total += (0..3)
                .map(|k| (a[k] as i32 - b[k] as i32).unsigned_abs() as u64)
                .sum::<u64>();
            if d > 24 {
                differing += 1;
            }
        }
        let mean = total as f64 / (pixels * 3) as f64;
        if differing * 500 > pixels || mean > 0.5 {
            let out = std::env::temp_dir().join(format!("golden-{name}.png"));
            std::fs::write(&out, &png).unwrap();
            failures.push(format!(
                "{name}: {differing} pixels differ, mean difference {mean:.3}; new image in {}",
                out.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\nIf the change is intended: UPDATE_GOLDEN=1 cargo test --test render_golden",
        failures.join("\n")
    );
}
