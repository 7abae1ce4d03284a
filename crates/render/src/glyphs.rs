//! Text drawn as `imageproc`'s `draw_text_mut` draws it, each placed glyph's coverage kept.
//!
//! Every board draws the hole's words again (the move number, whose turn it is) and most of
//! the time of text went to outlining and rasterising glyphs that the last board drew at the
//! same size and offset (`BENCHMARKS.md`, "A lighter board picture"). A glyph's coverage
//! depends only on the font, the size, the glyph and its position within the string, so it
//! is kept under those and blended again exactly as `draw_text_mut` blends it (the same
//! layout, the same clamped coverage through `weighted_sum`, pixel after pixel in the same
//! order; a zero coverage leaves the pixel as it is, so it is not kept).

use std::collections::HashMap;
use std::sync::Mutex;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use image::{Rgb as Px, RgbImage};
use imageproc::drawing::draw_text_mut;
use imageproc::pixelops::weighted_sum;

use super::assets::fonts;

/// Font (0 the sans, 1 the bold), size across and down, glyph and position (as bits).
type Key = (u8, u32, u32, u16, u32, u32);

/// A placed glyph: the offset of its pixel box, and where its pixels with any coverage lie in
/// [`Cache::pixels`]; `None` for a glyph without an outline (a space).
type Placed = Option<((i32, i32), std::ops::Range<usize>)>;

/// Kept glyphs, in room taken once: a bot's memory must not creep as games bring new names
/// (the load test's live heap), so the map and the pixels are allocated at their bounds on the
/// first text and emptied, never grown, when either is full.
struct Cache {
    glyphs: HashMap<Key, Placed>,
    /// Each kept glyph's pixels, `(x, y, coverage)` within its box in `draw_text_mut`'s order.
    pixels: Vec<(u16, u16, f32)>,
}

/// Glyphs kept at most: every glyph of a few sizes of every script the boards write.
const LIMIT_GLYPHS: usize = 4096;

/// Pixels of coverage kept at most (2 MB).
const LIMIT_PIXELS: usize = 1 << 18;

static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

/// The pixels of `id` placed at `position`: its box's offset, and `(x, y, coverage)` for each
/// pixel with any coverage.
fn outline(
    font: &FontRef<'static>,
    scale: PxScale,
    id: GlyphId,
    position: ab_glyph::Point,
    pixels: &mut Vec<(u16, u16, f32)>,
) -> Option<(i32, i32)> {
    let g = font.outline_glyph(id.with_scale_and_position(scale, position))?;
    let bb = g.px_bounds();
    g.draw(|x, y, v| {
        let v = v.clamp(0.0, 1.0);
        if v > 0.0 {
            pixels.push((x as u16, y as u16, v));
        }
    });
    Some((bb.min.x.round() as i32, bb.min.y.round() as i32))
}

/// Draws `text` as `draw_text_mut(image, color, x, y, scale, font, text)` does; through the
/// cache when the font is one of the bundled ones ([`super::assets::fonts`]).
pub fn draw_text(
    image: &mut RgbImage,
    color: Px<u8>,
    (x, y): (i32, i32),
    scale: PxScale,
    font: &FontRef<'static>,
    text: &str,
) {
    let fonts = fonts();
    let font_key = if std::ptr::eq(font, &fonts.sans) {
        0
    } else if std::ptr::eq(font, &fonts.bold) {
        1
    } else {
        draw_text_mut(image, color, x, y, scale, font, text);
        return;
    };
    let (width, height) = (image.width() as i32, image.height() as i32);
    let sf = font.as_scaled(scale);
    // Held while the text is drawn: other renders' text waits a few microseconds.
    let mut lock = CACHE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let cache = lock.get_or_insert_with(|| Cache {
        glyphs: HashMap::with_capacity(LIMIT_GLYPHS),
        pixels: Vec::with_capacity(LIMIT_PIXELS),
    });
    let (mut w, mut prev) = (0.0f32, None);
    for c in text.chars() {
        let id = sf.glyph_id(c);
        let position = point(w, sf.ascent());
        let key = (
            font_key,
            scale.x.to_bits(),
            scale.y.to_bits(),
            id.0,
            position.x.to_bits(),
            position.y.to_bits(),
        );
        w += sf.h_advance(id);
        let (placed, overflow) = match cache.glyphs.get(&key) {
            Some(placed) => (placed.clone(), false),
            None => {
                if cache.glyphs.len() >= LIMIT_GLYPHS {
                    cache.glyphs.clear();
                    cache.pixels.clear();
                }
                let start = cache.pixels.len();
                let min = outline(font, scale, id, position, &mut cache.pixels);
                let placed = min.map(|m| (m, start..cache.pixels.len()));
                // Past the room the glyph is drawn from where it was pushed, and then
                // everything let go, the room back to its bound.
                let overflow = cache.pixels.len() > LIMIT_PIXELS;
                if !overflow {
                    cache.glyphs.insert(key, placed.clone());
                }
                (placed, overflow)
            }
        };
        if placed.is_some() {
            if let Some(prev) = prev {
                w += sf.kern(id, prev);
            }
            prev = Some(id);
            blend(
                image,
                color,
                (x, y),
                (width, height),
                &placed,
                &cache.pixels,
            );
        }
        if overflow {
            cache.glyphs.clear();
            cache.pixels.clear();
            cache.pixels.shrink_to(LIMIT_PIXELS);
        }
    }
}

/// Blends one placed glyph's pixels in `color` into the image, as `draw_text_mut` does.
fn blend(
    image: &mut RgbImage,
    color: Px<u8>,
    (x, y): (i32, i32),
    (width, height): (i32, i32),
    placed: &Placed,
    pixels: &[(u16, u16, f32)],
) {
    let Some(((mx, my), range)) = placed else {
        return;
    };
    let (dx, dy) = (x + mx, y + my);
    for &(gx, gy, v) in &pixels[range.clone()] {
        let (px, py) = (i32::from(gx) + dx, i32::from(gy) + dy);
        if (0..width).contains(&px) && (0..height).contains(&py) {
            let pixel = *image.get_pixel(px as u32, py as u32);
            image.put_pixel(px as u32, py as u32, weighted_sum(pixel, color, 1.0 - v, v));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_glyphs_draw_what_draw_text_mut_draws() {
        let fonts = fonts();
        let background = RgbImage::from_fn(120, 50, |x, y| Px([(x * 2) as u8, (y * 5) as u8, 140]));
        for (font, px, text, at) in [
            (&fonts.sans, 17.3, "13. Black to move", (3, 10)),
            (&fonts.bold, 22.0, "AVATAR To Wo ½–½", (-9, 30)),
            (&fonts.sans, 11.75, "Ход чёрных: 1-0", (60, -4)),
            (&fonts.bold, 9.5, "ℵ  iii ĳ Øj", (100, 44)),
        ] {
            let scale = PxScale::from(px);
            let mut want = background.clone();
            draw_text_mut(&mut want, Px([250, 240, 10]), at.0, at.1, scale, font, text);
            // Twice: the second time from the kept glyphs.
            for time in ["first", "second"] {
                let mut got = background.clone();
                draw_text(&mut got, Px([250, 240, 10]), at, scale, font, text);
                assert!(got == want, "{text:?} at {px} px, {time} time");
            }
        }
    }

    #[test]
    fn the_kept_glyphs_stay_in_their_room_and_right_after_it_is_emptied() {
        let fonts = fonts();
        let canvas = RgbImage::from_pixel(60, 40, Px([30, 60, 90]));
        let room = |f: &dyn Fn(&Cache) -> usize| CACHE.lock().unwrap().as_ref().map(f);
        let mut image = canvas.clone();
        draw_text(
            &mut image,
            Px([1, 2, 3]),
            (5, 5),
            PxScale::from(12.0),
            &fonts.sans,
            "x",
        );
        let capacity = room(&|c| c.glyphs.capacity()).expect("a cache");
        // More glyphs than the map has room for: each size is a new key.
        for i in 0..capacity + 200 {
            // Small sizes: the pixels' room holds them all, the map's is what fills.
            let scale = PxScale::from(6.0 + i as f32 / 4096.0);
            let (mut got, mut want) = (canvas.clone(), canvas.clone());
            draw_text(&mut got, Px([250, 200, 0]), (3, 4), scale, &fonts.bold, "o");
            draw_text_mut(&mut want, Px([250, 200, 0]), 3, 4, scale, &fonts.bold, "o");
            assert!(got == want, "size {}", scale.x);
        }
        assert_eq!(room(&|c| c.glyphs.capacity()), Some(capacity));
        assert_eq!(room(&|c| c.pixels.capacity()), Some(LIMIT_PIXELS));
        assert!(room(&|c| c.glyphs.len()).expect("a cache") <= LIMIT_GLYPHS);
    }
}
