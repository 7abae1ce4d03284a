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
use std::sync::{Arc, Mutex};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use image::{Rgb as Px, RgbImage};
use imageproc::drawing::draw_text_mut;
use imageproc::pixelops::weighted_sum;

use super::assets::fonts;

/// Font (0 the sans, 1 the bold), size across and down, glyph and position (as bits).
type Key = (u8, u32, u32, u16, u32, u32);

/// A placed glyph: the offset of its pixel box, and its pixels with any coverage, `(x, y,
/// coverage)` within the box, in `draw_text_mut`'s order.
struct Placed {
    min: (i32, i32),
    pixels: Vec<(u16, u16, f32)>,
}

/// Kept glyphs and the pixels they hold; past [`LIMIT_PIXELS`] the cache starts afresh.
#[derive(Default)]
struct Cache {
    glyphs: HashMap<Key, Option<Arc<Placed>>>,
    pixels: usize,
}

/// About 2 MB of coverage: every glyph of a few sizes of every script the boards write.
const LIMIT_PIXELS: usize = 1 << 18;

static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

/// The glyph of `key` placed at `position`, from the cache or outlined now.
fn placed(font: &FontRef<'static>, scale: PxScale, id: GlyphId, key: Key) -> Option<Arc<Placed>> {
    let lock = || {
        CACHE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    if let Some(found) = lock().get_or_insert_default().glyphs.get(&key) {
        return found.clone();
    }
    let position = point(f32::from_bits(key.4), f32::from_bits(key.5));
    let made = font
        .outline_glyph(id.with_scale_and_position(scale, position))
        .map(|g| {
            let bb = g.px_bounds();
            let mut pixels = Vec::new();
            g.draw(|x, y, v| {
                let v = v.clamp(0.0, 1.0);
                if v > 0.0 {
                    pixels.push((x as u16, y as u16, v));
                }
            });
            Arc::new(Placed {
                min: (bb.min.x.round() as i32, bb.min.y.round() as i32),
                pixels,
            })
        });
    let mut cache = lock();
    let cache = cache.get_or_insert_default();
    let size = made.as_ref().map_or(1, |p| p.pixels.len() + 1);
    if cache.pixels + size > LIMIT_PIXELS {
        *cache = Cache::default();
    }
    cache.pixels += size;
    cache.glyphs.insert(key, made.clone());
    made
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
    let (mut w, mut prev) = (0.0f32, None);
    for c in text.chars() {
        let id = sf.glyph_id(c);
        let key = (
            font_key,
            scale.x.to_bits(),
            scale.y.to_bits(),
            id.0,
            w.to_bits(),
            sf.ascent().to_bits(),
        );
        w += sf.h_advance(id);
        let Some(glyph) = placed(font, scale, id, key) else {
            continue;
        };
        if let Some(prev) = prev {
            w += sf.kern(id, prev);
        }
        prev = Some(id);
        let (dx, dy) = (x + glyph.min.0, y + glyph.min.1);
        for &(gx, gy, v) in &glyph.pixels {
            let (px, py) = (i32::from(gx) + dx, i32::from(gy) + dy);
            if (0..width).contains(&px) && (0..height).contains(&py) {
                let pixel = *image.get_pixel(px as u32, py as u32);
                image.put_pixel(px as u32, py as u32, weighted_sum(pixel, color, 1.0 - v, v));
            }
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
}
