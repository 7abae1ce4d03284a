//! Pre-drawn images laid on the board every move: pieces, marks, the check glow.
//!
//! A sprite is an `RgbaImage` with **premultiplied** alpha, trimmed to its ink, and laid on
//! the RGB board by [`Sprite::draw`], in integers. That loop is written here rather than
//! using `imageops::overlay` because `overlay` needs the same pixel type on both sides, so
//! the board would have to be RGBA and converted to RGB before encoding, and it blends every
//! pixel in floating point through the generic `Pixel::blend`: 14 piece-sized sprites take
//! 170 µs through `overlay` plus 265 µs for the conversion, against 40 µs here (measured in
//! `BENCHMARKS.md`).

use image::{GrayImage, RgbImage, Rgba, RgbaImage};

use super::theme::Rgb;

/// A pre-rasterised image with premultiplied alpha, placed relative to an anchor.
#[derive(Clone)]
pub struct Sprite {
    /// Offset of the sprite's first column from the anchor.
    pub x0: i64,
    /// Offset of the sprite's first row from the anchor.
    pub y0: i64,
    /// The pixels, alpha premultiplied.
    pub image: RgbaImage,
    /// Each row's runs of opaque pixels and of partly transparent ones, `(first, end,
    /// opaque)` in the sprite's columns (the transparent ones left out), so that drawing
    /// copies an opaque run whole from `rgb` and blends only the others.
    runs: Vec<Vec<(u32, u32, bool)>>,
    /// The pixels' colours without their alpha, three bytes a pixel.
    rgb: Vec<u8>,
}

impl Sprite {
    /// Builds a sprite from layers of coverage (`size`×`size` masks) painted bottom to top
    /// over a transparent square; the result is trimmed to its ink so drawing skips empty
    /// space.
    pub fn from_layers(size: u32, layers: &[(&GrayImage, Rgb)]) -> Sprite {
        let n = (size * size) as usize;
        let mut rgba = vec![[0f32; 4]; n];
        for (cov, color) in layers {
            for (p, c) in rgba.iter_mut().zip(cov.iter()) {
                let c = *c as f32 / 255.0;
                if c <= 0.0 {
                    continue;
                }
                for k in 0..3 {
                    p[k] = color[k] as f32 / 255.0 * c + p[k] * (1.0 - c);
                }
                p[3] = c + p[3] * (1.0 - c);
            }
        }
        let full = RgbaImage::from_fn(size, size, |x, y| {
            let p = rgba[(y * size + x) as usize];
            Rgba(p.map(|v| (v * 255.0 + 0.5) as u8))
        });
        Sprite::trimmed(full)
    }

    /// The sprite of a premultiplied image, cut down to the box of its visible pixels.
    fn trimmed(full: RgbaImage) -> Sprite {
        let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
        for (x, y, p) in full.enumerate_pixels() {
            if p.0[3] > 0 {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + 1);
                y1 = y1.max(y + 1);
            }
        }
        if x0 >= x1 {
            return Sprite::of(0, 0, RgbaImage::new(0, 0));
        }
        let image = image::imageops::crop_imm(&full, x0, y0, x1 - x0, y1 - y0).to_image();
        Sprite::of(x0.into(), y0.into(), image)
    }

    /// The sprite of these pixels at this offset, with its runs.
    fn of(x0: i64, y0: i64, image: RgbaImage) -> Sprite {
        let kind = |a: u8| match a {
            0 => None,
            255 => Some(true),
            _ => Some(false),
        };
        let runs = image
            .rows()
            .map(|row| {
                let alphas: Vec<u8> = row.map(|p| p.0[3]).collect();
                let mut runs: Vec<(u32, u32, bool)> = Vec::new();
                for (x, &a) in alphas.iter().enumerate() {
                    let Some(opaque) = kind(a) else { continue };
                    match runs.last_mut() {
                        Some(run) if run.1 == x as u32 && run.2 == opaque => run.1 += 1,
                        _ => runs.push((x as u32, x as u32 + 1, opaque)),
                    }
                }
                runs
            })
            .collect();
        let rgb = image
            .pixels()
            .flat_map(|p| [p.0[0], p.0[1], p.0[2]])
            .collect();
        Sprite {
            x0,
            y0,
            image,
            runs,
            rgb,
        }
    }

    /// The pixels the sprite covers with its anchor at (x, y): `(x0, y0, x1, y1)`, ends
    /// exclusive, not clipped to any image.
    pub fn bounds(&self, x: i64, y: i64) -> (i64, i64, i64, i64) {
        let (left, top) = (x + self.x0, y + self.y0);
        (
            left,
            top,
            left + i64::from(self.image.width()),
            top + i64::from(self.image.height()),
        )
    }

    /// Lays the sprite on `board` with its anchor at (x, y): premultiplied "over", in
    /// integers, clipped to the board. This is the hot loop of every render.
    pub fn draw(&self, board: &mut RgbImage, x: i64, y: i64) {
        let (bw, bh) = (board.width() as i64, board.height() as i64);
        let (sw, sh) = (self.image.width() as i64, self.image.height() as i64);
        let (left, top) = (x + self.x0, y + self.y0);
        let (cx0, cx1) = (left.max(0), (left + sw).min(bw));
        let (cy0, cy1) = (top.max(0), (top + sh).min(bh));
        if cx0 >= cx1 || cy0 >= cy1 {
            return;
        }
        let src = self.image.as_raw();
        let dst: &mut [u8] = board;
        for by in cy0..cy1 {
            let sy = (by - top) as usize;
            let (srow, drow) = (sy * sw as usize, (by * bw) as usize);
            for &(first, end, opaque) in &self.runs[sy] {
                let (b0, b1) = (
                    (left + i64::from(first)).max(cx0),
                    (left + i64::from(end)).min(cx1),
                );
                if b0 >= b1 {
                    continue;
                }
                let (k0, k1) = (srow + (b0 - left) as usize, srow + (b1 - left) as usize);
                let d = &mut dst[(drow + b0 as usize) * 3..(drow + b1 as usize) * 3];
                if opaque {
                    // Most of a piece is opaque: a copy.
                    d.copy_from_slice(&self.rgb[k0 * 3..k1 * 3]);
                    continue;
                }
                for (d, s) in d
                    .chunks_exact_mut(3)
                    .zip(src[k0 * 4..k1 * 4].chunks_exact(4))
                {
                    let keep = 255 - s[3] as u32;
                    for (d, &s) in d.iter_mut().zip(s) {
                        *d = s + div255(*d as u32 * keep) as u8;
                    }
                }
            }
        }
    }
}

/// `v / 255` rounded to the nearest integer, for `v` up to 255 × 255, without a division.
#[inline]
fn div255(v: u32) -> u32 {
    let v = v + 128;
    (v + (v >> 8)) >> 8
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Luma, Rgb as Px};

    #[test]
    fn div255_rounds_like_the_division() {
        for v in 0..=255 * 255 {
            assert_eq!(div255(v), (v + 127) / 255, "{v}");
        }
    }

    /// The sprite laid pixel by pixel, as `draw` did before it kept runs.
    fn laid_pixel_by_pixel(sprite: &Sprite, board: &mut RgbImage, x: i64, y: i64) {
        let (left, top) = (x + sprite.x0, y + sprite.y0);
        for (sx, sy, s) in sprite.image.enumerate_pixels() {
            let (bx, by) = (left + i64::from(sx), top + i64::from(sy));
            if !(0..i64::from(board.width())).contains(&bx)
                || !(0..i64::from(board.height())).contains(&by)
            {
                continue;
            }
            let d = board.get_pixel_mut(bx as u32, by as u32);
            let keep = 255 - s.0[3] as u32;
            for k in 0..3 {
                d.0[k] = s.0[k] + div255(d.0[k] as u32 * keep) as u8;
            }
        }
    }

    #[test]
    fn runs_lay_a_sprite_as_pixel_by_pixel_does_clipped_or_not() {
        // Opaque, clear and every partial alpha, in runs of every length.
        let mut cov = GrayImage::new(40, 30);
        for (x, y, p) in cov.enumerate_pixels_mut() {
            p.0[0] = match (x * 7 + y * 3) % 11 {
                0..=3 => 255,
                4 | 5 => 0,
                k => ((x * 37 + y * 11 + k) % 256) as u8,
            };
        }
        let sprite = Sprite::from_layers(40, &[(&cov, [200, 30, 90])]);
        let board = RgbImage::from_fn(50, 45, |x, y| Px([(x * 5) as u8, (y * 3) as u8, 77]));
        for (x, y) in [(5, 5), (-7, -3), (30, 25), (-39, 0), (49, 44), (60, 60)] {
            let (mut want, mut got) = (board.clone(), board.clone());
            laid_pixel_by_pixel(&sprite, &mut want, x, y);
            sprite.draw(&mut got, x, y);
            assert!(got == want, "at {x}, {y}");
        }
    }

    #[test]
    fn a_sprite_is_trimmed_and_drawn_over_the_board() {
        let mut cov = GrayImage::new(8, 8);
        cov.put_pixel(3, 2, Luma([255]));
        cov.put_pixel(4, 2, Luma([128]));
        let sprite = Sprite::from_layers(8, &[(&cov, [200, 0, 0])]);
        assert_eq!((sprite.x0, sprite.y0), (3, 2));
        assert_eq!(sprite.image.dimensions(), (2, 1));
        let mut board = RgbImage::from_pixel(10, 10, Px([0, 0, 200]));
        sprite.draw(&mut board, 1, 1);
        assert_eq!(board.get_pixel(4, 3), &Px([200, 0, 0]));
        assert_eq!(board.get_pixel(5, 3), &Px([100, 0, 100]));
        assert_eq!(board.get_pixel(3, 3), &Px([0, 0, 200]));
        // Clipped at the board's edge instead of wrapping to the next row.
        sprite.draw(&mut board, 6, -2);
        assert_eq!(board.get_pixel(9, 0), &Px([200, 0, 0]));
        assert_eq!(board.get_pixel(0, 1), &Px([0, 0, 200]));
    }
}
