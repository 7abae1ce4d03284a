//! The board PNG drawn on a kept canvas ([`crate::scratch`]) against the drawing it stands
//! for: for every position of a long game, both orientations, three sizes, with and without
//! caption, last move, check, targets, movable frames and a key moment's arrows, one after
//! another on the same canvases, the PNG's palette indices are exactly those of mapping a
//! fresh [`render_rgb`] drawing to the palette; and so are boards drawn on four threads at
//! once from the shared pool. A tile the drawing forgot to mark would show as a pixel left
//! unmapped, or as the last board's pixel left behind; a plain square taken from the canvas's
//! [`crate::square_cache`] under the wrong key, or one something else was drawn over, as a
//! square of another board. Every view is rendered twice in a row, the second time with every
//! plain square kept from the first.

use crate::assets;
use crate::rules::{Game, Move};
use crate::scratch::SQUARES_COPIED;
use crate::{Arrow, ArrowKind, BoardView, Caption, Options, render_png, render_rgb};

/// A game of pseudo-random legal moves (captures preferred, so the hole fills and kings get
/// checked), at most `plies` long.
fn long_game(plies: usize) -> Game {
    let mut game = Game::new();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..plies {
        let position = *game.position();
        let moves = position.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| position.piece_at(m.to).is_some())
            .collect();
        let pick = (seed >> 33) as usize;
        let mv = if !captures.is_empty() && pick % 3 == 0 {
            captures[pick % captures.len()]
        } else {
            moves[pick % moves.len()]
        };
        game.play(mv).expect("a legal move");
    }
    game
}

/// The `i`-th view of the game at `ply`: every few plies a caption, targets, movable frames
/// or a key moment's arrows on top.
fn view(game: &Game, ply: usize, i: usize) -> BoardView {
    let mut view = BoardView::at_ply(game, ply);
    let mover = view.position.side_to_move();
    match i % 5 {
        1 => {
            let position = view.position;
            let from = position
                .pieces()
                .find(|(s, p)| p.color == mover && !position.legal_moves_from(*s).is_empty());
            if let Some((from, _)) = from {
                view = view.with_targets_from(from);
            }
        }
        2 => view = view.with_movable(),
        3 => {
            let moves = view.position.legal_moves();
            view.arrows = moves
                .iter()
                .rev()
                .take(3)
                .zip([ArrowKind::Played, ArrowKind::Better, ArrowKind::Answer])
                .map(|(&mv, kind)| Arrow {
                    mv,
                    kind,
                    label: format!("{kind:?} {ply}"),
                })
                .collect();
        }
        _ => {}
    }
    if i % 3 == 0 {
        view = view.with_caption(Caption {
            players: [format!("White player {ply}"), "Ludwig".into()],
            game: format!("Game {i}"),
        });
    }
    view
}

/// The palette indices of a PNG.
fn png_indices(png_bytes: &[u8]) -> Vec<u8> {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut indices = vec![0; reader.output_buffer_size().expect("a size")];
    reader.next_frame(&mut indices).expect("a frame");
    indices
}

#[test]
fn every_board_png_of_a_long_game_holds_the_indices_of_its_drawing() {
    let game = long_game(160);
    assert!(game.ply() >= 60, "a game of {} plies", game.ply());
    let mut i = 0;
    for size in [640, 333, 480] {
        for orientation in [crate::rules::Color::White, crate::rules::Color::Black] {
            let options = Options {
                size,
                orientation,
                ..Options::default()
            };
            let palette = assets::get(&options);
            let palette = palette.gif_palette();
            // The biggest size sees every position; the others every third.
            let step = if size == 640 { 1 } else { 3 };
            for ply in (0..=game.ply()).step_by(step) {
                i += 1;
                let view = view(&game, ply, i);
                let want = palette.indices(&render_rgb(&view, &options).expect("renders"));
                for time in ["first", "second"] {
                    let got = png_indices(&render_png(&view, &options).expect("renders"));
                    assert!(
                        got == want,
                        "{size} px, {orientation:?}, ply {ply}, view {i}, {time} time: {} pixels differ",
                        got.iter().zip(&want).filter(|(a, b)| a != b).count()
                    );
                }
            }
        }
    }
    // Most of a game's pieces stand on squares nothing else is drawn over.
    let copied = SQUARES_COPIED.load(std::sync::atomic::Ordering::Relaxed);
    assert!(copied > 1000, "{copied} squares copied from the cache");
}

#[test]
fn boards_drawn_at_once_on_several_threads_hold_the_indices_of_their_drawings() {
    let game = long_game(80);
    let options = Options::default();
    let assets = assets::get(&options);
    std::thread::scope(|scope| {
        for t in 0..4 {
            let (game, options, assets) = (&game, &options, &assets);
            scope.spawn(move || {
                for ply in (t..=game.ply()).step_by(4) {
                    let view = view(game, ply, ply + t);
                    let got = png_indices(&render_png(&view, options).expect("renders"));
                    let drawing = render_rgb(&view, options).expect("renders");
                    assert!(
                        got == assets.gif_palette().indices(&drawing),
                        "thread {t}, ply {ply}"
                    );
                }
            });
        }
    });
}
