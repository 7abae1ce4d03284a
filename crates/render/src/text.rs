//! Text on the board: measured with `ab_glyph`, drawn as `imageproc`'s `draw_text_mut` draws
//! it, the glyphs kept ([`super::glyphs`]).

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{Rgb as Px, RgbImage};

use super::glyphs::draw_text;

use super::theme::Rgb;

/// One font at one pixel size.
pub struct Text<'a> {
    /// The font.
    pub font: &'a FontRef<'static>,
    /// Its size in pixels (ascent to descent).
    pub px: f32,
}

impl Text<'_> {
    /// The advance width of a string in pixels, kerned as `draw_text_mut` lays it out.
    /// Measured from the advances alone: `imageproc`'s `text_size` outlines every glyph,
    /// which would double the cost of the text in every render.
    pub fn width(&self, s: &str) -> f32 {
        let sf = self.font.as_scaled(self.px);
        let mut w = 0.0;
        let mut prev = None;
        for ch in s.chars() {
            let id = sf.glyph_id(ch);
            if let Some(p) = prev {
                w += sf.kern(id, p);
            }
            w += sf.h_advance(id);
            prev = Some(id);
        }
        w
    }

    /// The same font, made smaller if need be so `s` is at most `max_width` wide.
    pub fn fit(&self, s: &str, max_width: f32) -> Text<'_> {
        let w = self.width(s);
        let px = if w > max_width {
            self.px * max_width / w
        } else {
            self.px
        };
        Text {
            font: self.font,
            px,
        }
    }

    /// Draws a string with its baseline's left end at about (x, baseline): `draw_text_mut`
    /// places text by whole pixels, its top at the font's ascent above the baseline.
    pub fn draw(&self, image: &mut RgbImage, s: &str, x: f32, baseline: f32, color: Rgb) {
        let ascent = self.font.as_scaled(self.px).ascent();
        draw_text(
            image,
            Px(color),
            (x.round() as i32, (baseline - ascent).round() as i32),
            PxScale::from(self.px),
            self.font,
            s,
        );
    }

    /// Draws a string centred on `cx`, with its cap height centred on `cy`.
    pub fn draw_centered(&self, image: &mut RgbImage, s: &str, cx: f32, cy: f32, color: Rgb) {
        let w = self.width(s);
        let cap = self.cap_height();
        self.draw(image, s, cx - w / 2.0, cy + cap / 2.0, color);
    }

    /// The height of a capital letter above the baseline, for optical centring.
    pub fn cap_height(&self) -> f32 {
        let sf = self.font.as_scaled(self.px);
        let id = sf.glyph_id('H');
        self.font
            .outline_glyph(id.with_scale_and_position(self.px, point(0.0, 0.0)))
            .map(|g| -g.px_bounds().min.y)
            .unwrap_or(self.px * 0.73)
    }
}
