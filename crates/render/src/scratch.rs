//! The board PNG's working buffers, kept between renders: an RGB canvas and its palette
//! indices, each left as the last render made it, with the tiles that render drew over.
//!
//! Copying the whole 1.2 MB background for every move, comparing all of it with the
//! background afterwards to find what to map to the palette, and zeroing a fresh index
//! buffer cost more than drawing the move itself (`BENCHMARKS.md`, "A lighter board
//! picture"). A render here instead takes a canvas of its option set from a small pool, puts
//! back the background only in the tiles the previous render on it drew over, draws the
//! view with the one board drawing ([`board::draw_on`], which marks its own tiles), maps
//! only those tiles and filters again for the PNG only around them and the ones put back
//! ([`super::png_out`]). A plain square (a piece or the last move's tint with nothing else
//! over it) whose indices the canvas kept from an earlier render is left out of the drawing
//! and of the mapping, and its indices copied in ([`SquareCache`]). The pool is shared by every thread (renders run on Tokio's blocking
//! threads, which come and go) and holds a few canvases; a canvas is out of the pool while
//! a render uses it, so a panicking render just loses it.

use std::sync::Mutex;

use image::RgbImage;

use super::assets::Assets;
use super::board;
use super::indexed;
use super::palette::GifPalette;
use super::png_out::Filtered;
use super::square_cache::SquareCache;
use super::tiles::Tiles;
use super::words::Words;
use super::{BoardView, Options, RenderError};
use crate::rules::SquareSet;

/// Canvases kept for later renders, of any option sets: as many as a bot on two cores has
/// renders in flight. Each holds about 2 MB at 640 px (the RGB pixels, their indices and the
/// filtered rows) and at most 2 MB of kept squares, so the pool stays under 16 MB; a render
/// that finds none free draws on a new one, which costs what every render cost before.
const POOL_LIMIT: usize = 4;

/// One canvas and what the last render on it left.
struct Scratch {
    /// The option set and whether the image has caption bars.
    key: (Options, bool),
    /// The last render's pixels.
    rgb: RgbImage,
    /// Their palette indices.
    indices: Vec<u8>,
    /// The indices filtered for the PNG.
    filtered: Filtered,
    /// The tiles the last render drew over: everywhere else `rgb` is the fresh canvas and
    /// `indices` its indices.
    drawn: Tiles,
    /// The tiles the render before drew over, while a render puts them back.
    before: Tiles,
    /// The plain squares' indices, as renders on this canvas drew and mapped them.
    squares: SquareCache,
}

static POOL: Mutex<Vec<Scratch>> = Mutex::new(Vec::new());

/// How many squares renders took from their canvas's [`SquareCache`]: tests check that the
/// cache was used, not only that the boards came out right.
#[cfg(test)]
pub static SQUARES_COPIED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Draws a view and encodes it as an indexed PNG, on a canvas from the pool.
pub fn render_png(
    view: &BoardView,
    options: &Options,
    assets: &Assets,
    words: &dyn Words,
) -> Result<Vec<u8>, RenderError> {
    let key = (*options, view.caption.is_some());
    let mut s = take(key).unwrap_or_else(|| fresh(key, view, assets));
    restore(&mut s, assets);
    let layout = board::layout(view, assets);
    // The plain squares: those kept are left out of the drawing, the others kept after it.
    let (mut hits, mut misses) = (SquareSet::EMPTY, SquareSet::EMPTY);
    let squares = &s.squares;
    board::draw_on(
        &mut s.rgb,
        view,
        assets,
        words,
        &mut s.drawn,
        &mut |plain| {
            for sq in plain {
                let bit = 1 << sq.index();
                if squares.has(board::square_key(view, sq)) {
                    hits.0 |= bit;
                } else {
                    misses.0 |= bit;
                }
            }
            hits
        },
    );
    let palette = assets.gif_palette();
    let bar = (s.rgb.height() - assets.background.height()) / 2;
    let width = s.rgb.width() as usize;
    let mut holes: Vec<(u32, u32, u32, u32)> = hits
        .map(|sq| {
            let (x, y) = layout.square_origin(sq);
            (x, y, x + layout.cell, y + layout.cell)
        })
        .collect();
    // Left to right (black's board runs its files right to left).
    holes.sort_unstable();
    for rect in s.drawn.rects() {
        map_around(
            &s.rgb,
            (&assets.background, bar),
            &mut s.indices,
            rect,
            &holes,
            palette,
        );
    }
    #[cfg(test)]
    SQUARES_COPIED.fetch_add(hits.len() as usize, std::sync::atomic::Ordering::Relaxed);
    for sq in hits {
        let at = layout.square_origin(sq);
        s.squares
            .copy_in(board::square_key(view, sq), &mut s.indices, width, at);
    }
    for sq in misses {
        let at = layout.square_origin(sq);
        s.squares
            .keep(board::square_key(view, sq), &s.indices, width, at);
    }
    // Filtered again: what this render drew, and what the last one drew, now put back.
    s.before.merge(&s.drawn);
    for rect in s.before.rects() {
        s.filtered.refilter(&s.indices, rect);
    }
    let png = s.filtered.encode(&palette.palette.used_bytes());
    put(s);
    png
}

/// Maps the pixels of `rect` to the palette as [`indexed::map_rect`] does, but those inside
/// `holes` (rectangles `(x0, y0, x1, y1)`, left to right within a row of squares), which
/// are left as they are.
fn map_around(
    image: &RgbImage,
    background: (&RgbImage, u32),
    indices: &mut [u8],
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    holes: &[(u32, u32, u32, u32)],
    palette: &GifPalette,
) {
    if !holes
        .iter()
        .any(|h| h.0 < x1 && x0 < h.2 && h.1 < y1 && y0 < h.3)
    {
        indexed::map_rect(image, background, indices, (x0, y0, x1, y1), palette);
        return;
    }
    for y in y0..y1 {
        let mut x = x0;
        for h in holes
            .iter()
            .filter(|h| h.1 <= y && y < h.3 && h.0 < x1 && x0 < h.2)
        {
            if x < h.0 {
                indexed::map_rect(image, background, indices, (x, y, h.0, y + 1), palette);
            }
            x = x.max(h.2);
        }
        if x < x1 {
            indexed::map_rect(image, background, indices, (x, y, x1, y + 1), palette);
        }
    }
}

/// A canvas of this key from the pool, if one is free.
fn take(key: (Options, bool)) -> Option<Scratch> {
    let mut pool = POOL.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let i = pool.iter().position(|s| s.key == key)?;
    Some(pool.swap_remove(i))
}

/// Gives a canvas back to the pool; past [`POOL_LIMIT`] the oldest one is dropped.
fn put(s: Scratch) {
    let mut pool = POOL.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if pool.len() >= POOL_LIMIT {
        pool.remove(0);
    }
    pool.push(s);
}

/// A new canvas: the fresh canvas of the view's layout and its indices, nothing drawn.
fn fresh(key: (Options, bool), view: &BoardView, assets: &Assets) -> Scratch {
    let layout = board::layout(view, assets);
    let rgb = board::canvas(assets, &layout);
    let width = layout.size as usize;
    let bar = layout.bar as usize * width;
    let mut indices = vec![0; bar];
    indices.extend_from_slice(assets.background_indices());
    indices.resize(indices.len() + bar, 0);
    let drawn = Tiles::new(rgb.width(), rgb.height());
    Scratch {
        key,
        filtered: Filtered::new(&indices, rgb.width(), rgb.height()),
        rgb,
        indices,
        before: drawn.clone(),
        drawn,
        squares: SquareCache::new(layout.cell),
    }
}

/// Puts the fresh canvas (the background, zeros in the bars' room) and its indices back
/// where the last render drew, and moves its tiles to `before`.
fn restore(s: &mut Scratch, assets: &Assets) {
    let width = s.rgb.width() as usize;
    let bar = (s.rgb.height() - assets.background.height()) as usize / 2;
    let rows = assets.background.height() as usize;
    let (background, background_indices) =
        (assets.background.as_raw(), assets.background_indices());
    let rgb: &mut [u8] = &mut s.rgb;
    for (x0, y0, x1, y1) in s.drawn.rects() {
        let (x0, x1) = (x0 as usize, x1 as usize);
        for y in y0 as usize..y1 as usize {
            let at = y * width;
            let (pixels, indices) = (
                &mut rgb[(at + x0) * 3..(at + x1) * 3],
                &mut s.indices[at + x0..at + x1],
            );
            match y.checked_sub(bar).filter(|&by| by < rows) {
                Some(by) => {
                    let from = by * width;
                    pixels.copy_from_slice(&background[(from + x0) * 3..(from + x1) * 3]);
                    indices.copy_from_slice(&background_indices[from + x0..from + x1]);
                }
                None => {
                    pixels.fill(0);
                    indices.fill(0);
                }
            }
        }
    }
    std::mem::swap(&mut s.drawn, &mut s.before);
    s.drawn.clear();
}
