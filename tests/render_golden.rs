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

use rollerball::render::{
    BoardView, Caption, Options, Theme, Words, render_piece_sheet, render_png, render_png_in,
};
use rollerball::rules::{Color, Game, Outcome, Position, Termination};

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

/// Words in another language than English, as the bot lends them (French).
struct French;

impl Words for French {
    fn move_number(&self, fullmove: u32) -> String {
        format!("Coup {fullmove}")
    }
    fn to_move(&self, side: Color, check: bool) -> String {
        let side = if side == Color::White {
            "Blancs"
        } else {
            "Noirs"
        };
        if check {
            format!("{side} en échec")
        } else {
            format!("Aux {side} de jouer")
        }
    }
    fn result(&self, _: Outcome) -> String {
        "Les Noirs atteignent le trône".into()
    }
    fn side(&self, color: Color) -> String {
        if color == Color::White {
            "Blancs"
        } else {
            "Noirs"
        }
        .into()
    }
}

/// Captioned boards: the longest names Discord allows, alike but for their ends; Hebrew,
/// Arabic and combining accents; a name the font cannot draw at all; in French.
fn captioned() -> Vec<(&'static str, Vec<u8>)> {
    let game = Game::replay(None, &["c2-b1", "e6-f5", "d1-b5"]).unwrap();
    let long = BoardView::of_game(&game).with_caption(Caption {
        players: [
            "Wolfgang_Amadeus_Mozart_1756_ABC".into(),
            "Wolfgang_Amadeus_Mozart_1756_XYZ".into(),
        ],
        game: "Game 123456".into(),
    });
    // Capitals are wider: on the smallest board these are cut, keeping their ends.
    let wide = BoardView::of_game(&game).with_caption(Caption {
        players: [
            "WOLFGANG_AMADEUS_MOZART_1756_ABC".into(),
            "WOLFGANG_AMADEUS_MOZART_1756_XYZ".into(),
        ],
        game: "Game 123456".into(),
    });
    let mut over = BoardView::new(Position::start()).with_caption(Caption {
        players: [
            "דוד בן־גוריון".into(),
            "علي Re\u{301}ne\u{301}e Z\u{308}\u{301}\u{304}\u{306}\u{307}oe".into(),
        ],
        game: "Partie 12".into(),
    });
    over.outcome = Some(Outcome::win(Color::Black, Termination::Throne));
    let nameless = BoardView::new(Position::start()).with_caption(Caption {
        players: ["王小明".into(), "🎮🎮".into()],
        game: "Partie 7".into(),
    });
    vec![
        (
            "caption-long-white",
            render_png(&long, &Options::default()).unwrap(),
        ),
        (
            "caption-long-black-280",
            render_png(
                &wide,
                &Options {
                    size: 280,
                    orientation: Color::Black,
                    ..Options::default()
                },
            )
            .unwrap(),
        ),
        (
            "caption-scripts-black",
            render_png_in(&over, &Options::from_side(Color::Black), &French).unwrap(),
        ),
        (
            "caption-nameless-slate",
            render_png_in(
                &nameless,
                &Options {
                    theme: Theme::SLATE,
                    ..Options::default()
                },
                &French,
            )
            .unwrap(),
        ),
    ]
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
    let images = cases()
        .into_iter()
        .map(|(name, view, options)| (name, render_png(&view, &options).unwrap()))
        .chain(captioned())
        .chain([(
            "pieces",
            render_piece_sheet(&[24, 48, 96], &Theme::WOOD).unwrap(),
        )]);
    for (name, png) in images {
        let path = dir.join(format!("{name}.png"));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &png).unwrap();
            continue;
        }
        let golden = match std::fs::read(&path) {
            Ok(golden) => golden,
            Err(e) => {
                let out = std::env::temp_dir().join(format!("golden-{name}.png"));
                std::fs::write(&out, &png).unwrap();
                failures.push(format!(
                    "{}: {e}; new image in {}",
                    path.display(),
                    out.display()
                ));
                continue;
            }
        };
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
