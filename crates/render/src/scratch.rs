//! The board PNG's working buffers, kept between renders: two RGB canvases drawn on in
//! turn, the last render's palette indices and its filtered and coded rows, with the tiles
//! each canvas was drawn over.
//!
//! Copying the whole 1.2 MB background for every move, comparing all of it with the
//! background afterwards to find what to map to the palette, and zeroing a fresh index
//! buffer cost more than drawing the move itself (`BENCHMARKS.md`, "A lighter board
//! picture"). A render here instead takes a canvas of its option set from a small pool, puts
//! back the background only in the tiles the render before the last drew over on the canvas
//! it draws on, draws the view with the one board drawing ([`board::draw_on`], which marks
//! its own tiles), and compares it with the last render's pixels (the other canvas) only in
//! the tiles either drew over: only the runs that differ are mapped to the palette, and only
//! around the indices that changed are the rows filtered and coded again for the PNG
//! ([`super::png_out`]). A plain square (a piece or the last move's tint with nothing else
//! over it) whose indices the canvas kept from an earlier render is left out of the drawing
//! and of the mapping, and its indices copied in ([`SquareCache`]). The pool is shared by
//! every thread (renders run on Tokio's blocking threads, which come and go) and holds a few
//! canvases; a canvas is out of the pool while a render uses it, so a panicking render just
//! loses it.

use std::sync::Mutex;

use image::RgbImage;

use super::assets::Assets;
use super::board;
use super::indexed;
use super::palette::GifPalette;
use super::png_out::{Changed, Filtered};
use super::square_cache::SquareCache;
use super::tiles::Tiles;
use super::words::Words;
use super::{BoardView, Options, RenderError};
use crate::rules::{Square, SquareSet};

/// Canvases kept for later renders, of any option sets: as many as a bot on two cores has
/// renders in flight. Each holds about 3.9 MB at 640 px (twice the RGB pixels, their indices,
/// the filtered rows and room for their longest code) and at most 2 MB of kept squares, so the
/// pool stays under 24 MB; a render
/// that finds none free draws on a new one, which costs what every render cost before.
const POOL_LIMIT: usize = 4;

/// One canvas and what the last render on it left.
struct Scratch {
    /// The option set and whether the image has caption bars.
    key: (Options, bool),
    /// Two canvases drawn on in turn: `rgb[last]` holds the last render's pixels, the other
    /// the render before's. A plain square copied from the cache stays as the background.
    rgb: [RgbImage; 2],
    /// The tiles the render that drew on each canvas drew over: everywhere else it is the
    /// fresh canvas.
    drawn: [Tiles; 2],
    /// Which canvas holds the last render.
    last: usize,
    /// The last render's palette indices: those of `rgb[last]`, but in `copied`.
    indices: Vec<u8>,
    /// The indices filtered for the PNG, and their deflate code.
    filtered: Filtered,
    /// The plain squares whose indices the last render copied from `squares`.
    copied: Vec<Square>,
    /// The plain squares' indices, as renders on this canvas drew and mapped them.
    squares: SquareCache,
    /// Where this render's indices differ from the last one's.
    changed: Changed,
    /// The tiles this render or the last one drew over.
    both: Tiles,
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
    let (last, next) = (s.last, 1 - s.last);
    restore(&mut s.rgb[next], &mut s.drawn[next], assets);
    let layout = board::layout(view, assets);
    // The plain squares: those kept are left out of the drawing, the others kept after it.
    let (mut hits, mut misses) = (SquareSet::EMPTY, SquareSet::EMPTY);
    let squares = &s.squares;
    let [a, b] = &mut s.rgb;
    let (canvas, shown) = if next == 0 { (a, &*b) } else { (b, &*a) };
    board::draw_on(
        canvas,
        view,
        assets,
        words,
        &mut s.drawn[next],
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
    let width = canvas.width() as usize;
    let background = assets.background_indices();
    let bar = layout.bar as usize;
    // A square copied last time holds the cache's indices over the background's pixels:
    // unless it is copied again (which writes all of it), the background's indices go back,
    // which the mapping below compares with.
    for &sq in s.copied.iter().filter(|&&sq| !hits.contains(sq)) {
        let (x, y) = layout.square_origin(sq);
        let (x, y, q) = (x as usize, y as usize, layout.cell as usize);
        for row in y..y + q {
            let (at, from) = (row * width + x, (row - bar) * width + x);
            s.indices[at..at + q].copy_from_slice(&background[from..from + q]);
        }
        s.changed
            .add(x as u32, y as u32, (x + q) as u32, (y + q) as u32);
    }
    let mut holes: Vec<(u32, u32, u32, u32)> = hits
        .map(|sq| {
            let (x, y) = layout.square_origin(sq);
            (x, y, x + layout.cell, y + layout.cell)
        })
        .collect();
    // Left to right (black's board runs its files right to left).
    holes.sort_unstable();
    // Mapped where this drawing or the last one drew, and differs from the last.
    s.both.clone_from(&s.drawn[next]);
    s.both.merge(&s.drawn[last]);
    for rect in s.both.rects() {
        map_around(
            canvas,
            shown,
            &mut s.indices,
            rect,
            &holes,
            palette,
            &mut s.changed,
        );
    }
    #[cfg(test)]
    SQUARES_COPIED.fetch_add(hits.len() as usize, std::sync::atomic::Ordering::Relaxed);
    for sq in hits {
        let key = board::square_key(view, sq);
        let at = layout.square_origin(sq);
        if s.squares.copy_in(key, &mut s.indices, width, at) {
            let (x, y, q) = (at.0, at.1, layout.cell);
            s.changed.add(x, y, x + q, y + q);
        }
    }
    for sq in misses {
        let at = layout.square_origin(sq);
        s.squares
            .keep(board::square_key(view, sq), &s.indices, width, at);
    }
    s.copied.clear();
    s.copied.extend(hits);
    s.last = next;
    // Filtered and coded again only where the indices changed.
    s.filtered.refilter(&s.indices, &mut s.changed);
    let png = s.filtered.encode(&palette.palette.used_bytes());
    put(s);
    Ok(png)
}

/// Maps the pixels of `rect` to the palette as [`indexed::map_rect`] does, but those inside
/// `holes` (rectangles `(x0, y0, x1, y1)`, left to right within a row of squares), which
/// are left as they are.
fn map_around(
    image: &RgbImage,
    last: &RgbImage,
    indices: &mut [u8],
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    holes: &[(u32, u32, u32, u32)],
    palette: &GifPalette,
    changed: &mut Changed,
) {
    let mut map = |rect| indexed::map_rect(image, last, indices, rect, palette, changed);
    if !holes
        .iter()
        .any(|h| h.0 < x1 && x0 < h.2 && h.1 < y1 && y0 < h.3)
    {
        map((x0, y0, x1, y1));
        return;
    }
    for y in y0..y1 {
        let mut x = x0;
        for h in holes
            .iter()
            .filter(|h| h.1 <= y && y < h.3 && h.0 < x1 && x0 < h.2)
        {
            if x < h.0 {
                map((x, y, h.0, y + 1));
            }
            x = x.max(h.2);
        }
        if x < x1 {
            map((x, y, x1, y + 1));
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

/// A new canvas: the fresh canvas of the view's layout twice and its indices, nothing drawn.
fn fresh(key: (Options, bool), view: &BoardView, assets: &Assets) -> Scratch {
    let layout = board::layout(view, assets);
    let rgb = board::canvas(assets, &layout);
    let width = layout.size as usize;
    // The bars' room is black until a caption is drawn over it.
    let black = vec![assets.gif_palette().index([0, 0, 0]); layout.bar as usize * width];
    let mut indices = black.clone();
    indices.extend_from_slice(assets.background_indices());
    indices.extend_from_slice(&black);
    let drawn = Tiles::new(rgb.width(), rgb.height());
    let rgb_height = rgb.height();
    Scratch {
        key,
        filtered: Filtered::new(&indices, rgb.width(), rgb.height()),
        rgb: [rgb.clone(), rgb],
        indices,
        drawn: [drawn.clone(), drawn.clone()],
        last: 0,
        copied: Vec::with_capacity(Square::ALL.len()),
        squares: SquareCache::new(layout.cell),
        changed: Changed::new(rgb_height),
        both: drawn,
    }
}

/// Puts the fresh canvas (the background, zeros in the bars' room) back where the render
/// that drew on `rgb` drew, and unmarks those tiles.
fn restore(rgb: &mut RgbImage, drawn: &mut Tiles, assets: &Assets) {
    let width = rgb.width() as usize;
    let bar = (rgb.height() - assets.background.height()) as usize / 2;
    let rows = assets.background.height() as usize;
    let background = assets.background.as_raw();
    let rgb: &mut [u8] = rgb;
    for (x0, y0, x1, y1) in drawn.rects() {
        let (x0, x1) = (x0 as usize, x1 as usize);
        for y in y0 as usize..y1 as usize {
            let at = y * width;
            let pixels = &mut rgb[(at + x0) * 3..(at + x1) * 3];
            match y.checked_sub(bar).filter(|&by| by < rows) {
                Some(by) => {
                    let from = by * width;
                    pixels.copy_from_slice(&background[(from + x0) * 3..(from + x1) * 3]);
                }
                None => pixels.fill(0),
            }
        }
    }
    drawn.clear();
}
