//! A whole game as an animated GIF: the start, then one frame per move with that move
//! highlighted, the final position held longer.
//!
//! Three choices keep it fast and small. One palette serves every frame: the cached palette
//! of the board options, the same the PNGs use (no per-frame colour quantiser). After the
//! first frame, each frame stores only the rectangle that changed, with unchanged pixels
//! transparent, so the encoder compresses long transparent runs instead of the whole board
//! again. And the frames are compressed in parallel runs, compression being most of the work.

use std::borrow::Cow;

use super::assets::{self, Assets};
use super::board;
use super::canvas::{Canvas, Rgb};
use super::palette;
use super::{BoardView, Options, RenderError};
use crate::rules::{Game, Piece};

/// How to animate a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GifOptions {
    /// Size, orientation and theme of every frame.
    pub board: Options,
    /// How long each position stays, in milliseconds (GIF counts in hundredths of a second).
    pub delay_ms: u32,
    /// How long the final position stays before the animation loops.
    pub final_delay_ms: u32,
}

impl Default for GifOptions {
    fn default() -> GifOptions {
        GifOptions {
            board: Options::default(),
            delay_ms: 1000,
            final_delay_ms: 4000,
        }
    }
}

/// The transparent palette index of the delta frames; the other 255 hold colours.
const TRANSPARENT: u8 = 255;

/// Animates a game from its start position to its current one: `game.ply() + 1` frames.
pub fn render_gif(game: &Game, options: &GifOptions) -> Result<Vec<u8>, RenderError> {
    let board_options = &options.board;
    super::check_size(board_options.size)?;
    let assets = assets::get(board_options);
    let views = views(game);
    let size = board_options.size as usize;
    let palette = &assets.palette;

    // Compressing the frames is most of the work, and each frame can be compressed on its
    // own once its delta is known: split the frames into one run per core, each run
    // redrawing the frame before it to know its first delta.
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 4)
        .min(views.len().div_ceil(8));
    let per = views.len().div_ceil(workers);
    let runs: Vec<std::ops::Range<usize>> = (0..workers)
        .map(|w| w * per..((w + 1) * per).min(views.len()))
        .collect();
    let encoded: Vec<Vec<gif::Frame<'static>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = runs
            .iter()
            .map(|run| {
                let (views, assets) = (&views, &assets);
                scope.spawn(move || encode_run(run.clone(), views, assets, options))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });

    let err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
    let mut out = Vec::new();
    {
        let mut encoder =
            gif::Encoder::new(&mut out, size as u16, size as u16, &palette.bytes()).map_err(err)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        for frame in encoded.iter().flatten() {
            encoder.write_lzw_pre_encoded_frame(frame).map_err(err)?;
        }
    }
    Ok(out)
}

/// Draws, diffs and compresses the frames of one run of views.
fn encode_run(
    run: std::ops::Range<usize>,
    views: &[BoardView],
    assets: &Assets,
    options: &GifOptions,
) -> Vec<gif::Frame<'static>> {
    let board_options = &options.board;
    let palette = &assets.palette;
    let last = views.len() - 1;
    let mut previous = run
        .start
        .checked_sub(1)
        .map(|i| board::draw(&views[i], board_options, assets));
    let mut frames = Vec::with_capacity(run.len());
    for i in run {
        let canvas = board::draw(&views[i], board_options, assets);
        let delay = if i == last {
            options.final_delay_ms
        } else {
            options.delay_ms
        };
        let mut frame = match &previous {
            None => {
                let mut indices = Vec::new();
                palette::to_indices(
                    palette,
                    &assets.lut,
                    &canvas,
                    &assets.background_indices,
                    &mut indices,
                );
                whole_frame(canvas.width, indices)
            }
            Some(prev) => delta_frame(prev, &canvas, |c| assets.lut.index(palette, c)),
        };
        frame.delay = (delay / 10).min(u16::MAX as u32) as u16;
        frame.dispose = gif::DisposalMethod::Keep;
        frame.make_lzw_pre_encoded();
        frames.push(frame);
        previous = Some(canvas);
    }
    frames
}

/// Every view of the game, built in one pass (captures accumulate as the game goes).
fn views(game: &Game) -> Vec<BoardView> {
    let positions = game.positions();
    let moves = game.moves();
    let mut captured: Vec<Piece> = Vec::new();
    let mut out = Vec::with_capacity(positions.len());
    for (ply, position) in positions.iter().enumerate() {
        if ply > 0 {
            if let Some(p) = positions[ply - 1].piece_at(moves[ply - 1].to) {
                captured.push(p);
            }
        }
        let mut view = BoardView::new(*position);
        view.last_move = ply.checked_sub(1).map(|i| moves[i]);
        view.captured = captured.clone();
        view.outcome = if ply == moves.len() {
            game.outcome()
        } else {
            None
        };
        out.push(view);
    }
    out
}

/// A whole frame of palette indices: the first one.
fn whole_frame(size: usize, indices: Vec<u8>) -> gif::Frame<'static> {
    gif::Frame {
        width: size as u16,
        height: size as u16,
        buffer: Cow::Owned(indices),
        ..gif::Frame::default()
    }
}

/// The frame that turns `previous` into `current`: the bounding box of the changed pixels,
/// unchanged ones transparent, so only that box is compressed. Both boards are drawn on the
/// same background, so only tiles drawn on in either can differ.
fn delta_frame(
    previous: &Canvas,
    current: &Canvas,
    mut index: impl FnMut(Rgb) -> u8,
) -> gif::Frame<'static> {
    let width = current.width;
    let px = |c: &Canvas, x: usize, y: usize| {
        let i = (y * width + x) * 3;
        [c.data[i], c.data[i + 1], c.data[i + 2]]
    };
    let touched: Vec<usize> = (0..current.dirty.len())
        .filter(|&t| current.dirty[t] || previous.dirty[t])
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for &t in &touched {
        let (tx0, ty0, tx1, ty1) = current.tile_rect(t);
        for y in ty0..ty1 {
            let row = y * width * 3;
            let (a, b) = (
                &previous.data[row + tx0 * 3..row + tx1 * 3],
                &current.data[row + tx0 * 3..row + tx1 * 3],
            );
            if a != b {
                x0 = x0.min(tx0);
                x1 = x1.max(tx1);
                y0 = y0.min(y);
                y1 = y1.max(y + 1);
            }
        }
    }
    let mut frame = gif::Frame {
        transparent: Some(TRANSPARENT),
        ..gif::Frame::default()
    };
    if x0 >= x1 {
        // Nothing changed (a GIF frame needs at least one pixel): one transparent pixel.
        frame.width = 1;
        frame.height = 1;
        frame.buffer = Cow::Owned(vec![TRANSPARENT]);
        return frame;
    }
    let w = x1 - x0;
    let mut buffer = vec![TRANSPARENT; w * (y1 - y0)];
    for &t in &touched {
        let (tx0, ty0, tx1, ty1) = current.tile_rect(t);
        for y in ty0.max(y0)..ty1.min(y1) {
            for x in tx0..tx1 {
                let c = px(current, x, y);
                if px(previous, x, y) != c {
                    buffer[(y - y0) * w + x - x0] = index(c);
                }
            }
        }
    }
    frame.left = x0 as u16;
    frame.top = y0 as u16;
    frame.width = w as u16;
    frame.height = (y1 - y0) as u16;
    frame.buffer = Cow::Owned(buffer);
    frame
}
