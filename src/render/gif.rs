//! A whole game as an animated GIF: the start, then one frame per move with that move
//! highlighted, the final position held longer.
//!
//! Two choices keep it fast and small. One palette serves every frame: the cached palette of
//! the board options, the same the PNGs use (no per-frame colour quantiser). And after the first frame, each frame
//! stores only the rectangle that changed, with unchanged pixels transparent, so the encoder
//! compresses long transparent runs instead of the whole board again.

use std::borrow::Cow;

use super::assets;
use super::board;
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
    if !(super::MIN_SIZE..=super::MAX_SIZE).contains(&board_options.size) {
        return Err(RenderError::Size(board_options.size));
    }
    let assets = assets::get(board_options);
    let views = views(game);
    let size = board_options.size as usize;

    let palette = &assets.palette;

    let err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
    let mut out = Vec::new();
    {
        let mut encoder =
            gif::Encoder::new(&mut out, size as u16, size as u16, &palette.bytes()).map_err(err)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        let mut previous: Option<Vec<u8>> = None;
        let last = views.len() - 1;
        for (i, view) in views.iter().enumerate() {
            let rgb = board::draw(view, board_options, &assets).data;
            let mut indices = Vec::with_capacity(size * size);
            palette::to_indices(board_options, palette, &rgb, &mut indices);
            let delay = if i == last {
                options.final_delay_ms
            } else {
                options.delay_ms
            };
            let mut frame = delta_frame(previous.as_deref(), &indices, size);
            frame.delay = (delay / 10).min(u16::MAX as u32) as u16;
            frame.dispose = gif::DisposalMethod::Keep;
            encoder.write_frame(&frame).map_err(err)?;
            previous = Some(indices);
        }
    }
    Ok(out)
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

/// The frame that turns `previous` into `current`: the bounding box of the changed pixels,
/// unchanged ones transparent. The first frame is whole.
fn delta_frame(previous: Option<&[u8]>, current: &[u8], size: usize) -> gif::Frame<'static> {
    let mut frame = gif::Frame::default();
    let Some(prev) = previous else {
        frame.width = size as u16;
        frame.height = size as u16;
        frame.buffer = Cow::Owned(current.to_vec());
        return frame;
    };
    let (mut x0, mut y0, mut x1, mut y1) = (size, size, 0, 0);
    for y in 0..size {
        let row = y * size;
        let (a, b) = (&prev[row..row + size], &current[row..row + size]);
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, c)| p != c).unwrap_or(0);
        let last = size - a.iter().zip(b).rev().position(|(p, c)| p != c).unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last);
        y0 = y0.min(y);
        y1 = y1.max(y + 1);
    }
    if x0 >= x1 {
        // Nothing changed (a GIF frame needs at least one pixel): one transparent pixel.
        frame.width = 1;
        frame.height = 1;
        frame.transparent = Some(TRANSPARENT);
        frame.buffer = Cow::Owned(vec![TRANSPARENT]);
        return frame;
    }
    let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for y in y0..y1 {
        let row = y * size;
        for x in x0..x1 {
            let c = current[row + x];
            buffer.push(if prev[row + x] == c { TRANSPARENT } else { c });
        }
    }
    frame.left = x0 as u16;
    frame.top = y0 as u16;
    frame.width = (x1 - x0) as u16;
    frame.height = (y1 - y0) as u16;
    frame.transparent = Some(TRANSPARENT);
    frame.buffer = Cow::Owned(buffer);
    frame
}
