//! A whole game as an animated GIF: the start, then one frame per move with that move
//! highlighted, the final position held longer.
//!
//! The frames are the same `image` buffers the PNGs are drawn in, encoded with the `gif`
//! crate. Three choices keep it fast and small. One palette serves every frame: the cached
//! palette of the board options (no per-frame colour quantiser, see [`super::palette`]).
//! After the first frame, each frame stores only the rectangle that changed, with unchanged
//! pixels transparent, so the encoder compresses long transparent runs instead of the whole
//! board again. And the frames are compressed in parallel runs, compression being most of
//! the work.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};

use image::RgbImage;

use super::assets::{self, Assets};
use super::board;
use super::palette::GifPalette;
use super::words::{English, Words};
use super::{BoardView, Caption, Options, RenderError};
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

/// Animates a game from its start position to its current one: `game.ply() + 1` frames,
/// in English and without a caption.
pub fn render_gif(game: &Game, options: &GifOptions) -> Result<Vec<u8>, RenderError> {
    render_gif_in(game, options, None, &English)
}

/// Animates a game with its words in the reader's language, every frame named by `caption`
/// when there is one.
pub fn render_gif_in(
    game: &Game,
    options: &GifOptions,
    caption: Option<&Caption>,
    words: &dyn Words,
) -> Result<Vec<u8>, RenderError> {
    let part = GifPart {
        first_ply: 0,
        stop: &AtomicBool::new(false),
        threads: MAX_THREADS,
    };
    render_gif_part(game, options, caption, words, part)
}

/// Which part of a game a GIF shows, and when to give it up.
#[derive(Clone, Copy, Debug)]
pub struct GifPart<'a> {
    /// The ply of the first frame: the plies before it are not shown (a very long game's GIF
    /// shows its end, so that its size and cost stay bounded).
    pub first_ply: usize,
    /// Set by whoever waits for the GIF when nobody does any more: the frames look at it
    /// before each is drawn, and the work stops with [`RenderError::Stopped`].
    pub stop: &'a AtomicBool,
    /// The most threads the frames are compressed on (at least one, at most
    /// [`MAX_THREADS`]): a server answering players beside it keeps cores for them.
    pub threads: usize,
}

/// The most threads one GIF is compressed on.
pub const MAX_THREADS: usize = 4;

/// Animates a game from ply `part.first_ply` (clamped to the game's length) to its current
/// position, as [`render_gif_in`] does, stopping between frames once `part.stop` is set.
pub fn render_gif_part(
    game: &Game,
    options: &GifOptions,
    caption: Option<&Caption>,
    words: &dyn Words,
    part: GifPart<'_>,
) -> Result<Vec<u8>, RenderError> {
    let board_options = &options.board;
    super::check_size(board_options.size)?;
    let assets = assets::get(board_options);
    let mut views = views(game);
    views.drain(..part.first_ply.min(game.ply()));
    if let Some(caption) = caption {
        for view in &mut views {
            view.caption = Some(caption.clone());
        }
    }
    let layout = match caption {
        Some(_) => assets.layout.captioned(),
        None => assets.layout,
    };
    let (width, height) = (layout.size as u16, layout.height() as u16);
    let palette = assets.gif_palette();

    // Compressing the frames is most of the work, and each frame can be compressed on its
    // own once its delta is known: split the frames into one run per core, each run
    // redrawing the frame before it to know its first delta.
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(part.threads.clamp(1, MAX_THREADS))
        .min(views.len().div_ceil(8))
        .max(1);
    let per = views.len().div_ceil(workers);
    let runs: Vec<std::ops::Range<usize>> = (0..workers)
        .map(|w| w * per..((w + 1) * per).min(views.len()))
        .collect();
    let encoded: Vec<Vec<gif::Frame<'static>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = runs
            .iter()
            .map(|run| {
                let (views, assets) = (&views, &assets);
                let stop = part.stop;
                scope.spawn(move || encode_run(run.clone(), views, assets, options, words, stop))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect::<Option<_>>()
    })
    .ok_or(RenderError::Stopped)?;

    let err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
    let mut out = Vec::new();
    {
        let mut encoder =
            gif::Encoder::new(&mut out, width, height, &palette.palette.bytes()).map_err(err)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        for frame in encoded.iter().flatten() {
            encoder.write_lzw_pre_encoded_frame(frame).map_err(err)?;
        }
    }
    Ok(out)
}

/// Draws, diffs and compresses the frames of one run of views; `None` once `stop` is set.
fn encode_run(
    run: std::ops::Range<usize>,
    views: &[BoardView],
    assets: &Assets,
    options: &GifOptions,
    words: &dyn Words,
    stop: &AtomicBool,
) -> Option<Vec<gif::Frame<'static>>> {
    let palette = assets.gif_palette();
    let last = views.len() - 1;
    let mut previous = run
        .start
        .checked_sub(1)
        .map(|i| board::draw(&views[i], assets, words));
    let mut frames = Vec::with_capacity(run.len());
    for i in run {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let image = board::draw(&views[i], assets, words);
        let delay = if i == last {
            options.final_delay_ms
        } else {
            options.delay_ms
        };
        let mut frame = match &previous {
            None => whole_frame(&image, palette),
            Some(prev) => delta_frame(prev, &image, palette),
        };
        frame.delay = (delay / 10).min(u16::MAX as u32) as u16;
        frame.dispose = gif::DisposalMethod::Keep;
        frame.make_lzw_pre_encoded();
        frames.push(frame);
        previous = Some(image);
    }
    Some(frames)
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
fn whole_frame(image: &RgbImage, palette: &GifPalette) -> gif::Frame<'static> {
    gif::Frame {
        width: image.width() as u16,
        height: image.height() as u16,
        buffer: Cow::Owned(palette.indices(image)),
        ..gif::Frame::default()
    }
}

/// The frame that turns `previous` into `current`: the bounding box of the changed pixels,
/// unchanged ones transparent, so only that box is compressed.
fn delta_frame(
    previous: &RgbImage,
    current: &RgbImage,
    palette: &GifPalette,
) -> gif::Frame<'static> {
    let width = current.width() as usize;
    let row = width * 3;
    let rows = previous
        .as_raw()
        .chunks_exact(row)
        .zip(current.as_raw().chunks_exact(row));
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (a, b)) in rows.clone().enumerate() {
        // Whole rows compare as memory: most rows of a move are unchanged.
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0) / 3;
        let last = row
            - a.iter()
                .rev()
                .zip(b.iter().rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last.div_ceil(3));
        y0 = y0.min(y);
        y1 = y + 1;
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
    for (y, (a, b)) in rows.enumerate().take(y1).skip(y0) {
        let (a, b) = (&a[x0 * 3..x1 * 3], &b[x0 * 3..x1 * 3]);
        let out = &mut buffer[(y - y0) * w..][..w];
        for ((o, p), q) in out.iter_mut().zip(a.chunks_exact(3)).zip(b.chunks_exact(3)) {
            if p != q {
                *o = palette.index([q[0], q[1], q[2]]);
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
