//! A small RGB canvas with anti-aliased drawing: polygons, circles, thick polylines, arrows,
//! text and pre-rasterised sprites.
//!
//! Everything is filled through `ab_glyph_rasterizer` (already needed for the fonts), which
//! computes exact area coverage per pixel; that gives the same smooth edges as the glyphs
//! without pulling in a 2D graphics library.

use ab_glyph::{Font, FontRef, ScaleFont, point};
use ab_glyph_rasterizer::Rasterizer;

/// An sRGB colour without alpha.
pub type Rgb = [u8; 3];

/// A point in canvas pixels (x right, y down), sub-pixel precise.
pub type Pt = (f32, f32);

/// Side of the tiles in which a canvas records where it was drawn on.
pub const TILE: usize = 16;

/// An RGB image, 3 bytes per pixel, rows top to bottom, that remembers which
/// [`TILE`]-pixel tiles were drawn on since [`Canvas::clear_dirty`]. A board is mostly its
/// cached background, so the palette mapping and the GIF's frame differences only need to
/// look at the tiles a move actually touched.
#[derive(Clone)]
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub data: Vec<u8>,
    /// One flag per tile, row by row.
    pub dirty: Vec<bool>,
    /// Tiles per row.
    pub tiles_wide: usize,
}

impl Canvas {
    /// A canvas filled with one colour.
    pub fn new(width: usize, height: usize, fill: Rgb) -> Canvas {
        let mut data = Vec::with_capacity(width * height * 3);
        for _ in 0..width * height {
            data.extend_from_slice(&fill);
        }
        let tiles_wide = width.div_ceil(TILE);
        Canvas {
            width,
            height,
            data,
            dirty: vec![false; tiles_wide * height.div_ceil(TILE)],
            tiles_wide,
        }
    }

    /// Forgets where the canvas was drawn on: what it holds now is the reference.
    pub fn clear_dirty(&mut self) {
        self.dirty.fill(false);
    }

    /// Records that pixels in x0..x1 × y0..y1 may have changed.
    pub fn mark(&mut self, x0: i32, y0: i32, x1: i32, y1: i32) {
        let (x0, x1) = (x0.max(0) as usize, (x1.max(0) as usize).min(self.width));
        let (y0, y1) = (y0.max(0) as usize, (y1.max(0) as usize).min(self.height));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        for ty in y0 / TILE..=(y1 - 1) / TILE {
            for tx in x0 / TILE..=(x1 - 1) / TILE {
                self.dirty[ty * self.tiles_wide + tx] = true;
            }
        }
    }

    /// The pixel rectangle (x0, y0, x1, y1) of a tile.
    pub fn tile_rect(&self, tile: usize) -> (usize, usize, usize, usize) {
        let (tx, ty) = (tile % self.tiles_wide, tile / self.tiles_wide);
        let (x0, y0) = (tx * TILE, ty * TILE);
        (
            x0,
            y0,
            (x0 + TILE).min(self.width),
            (y0 + TILE).min(self.height),
        )
    }

    /// Mixes `color` into a pixel with opacity `alpha` (0–1); out-of-range pixels are ignored
    /// so shapes may overhang the edge.
    #[inline]
    pub fn blend(&mut self, x: i32, y: i32, color: Rgb, alpha: f32) {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return;
        }
        let a = alpha.clamp(0.0, 1.0);
        if a <= 0.0 {
            return;
        }
        let i = (y as usize * self.width + x as usize) * 3;
        for (d, &s) in self.data[i..i + 3].iter_mut().zip(&color) {
            let v = *d as f32;
            *d = (v + (s as f32 - v) * a + 0.5) as u8;
        }
    }

    /// Fills an axis-aligned rectangle (whole pixels) with a colour at some opacity.
    pub fn fill_rect(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, color: Rgb, alpha: f32) {
        self.mark(x0, y0, x1, y1);
        let (x0, x1) = (x0.max(0), x1.min(self.width as i32));
        let (y0, y1) = (y0.max(0), y1.min(self.height as i32));
        if alpha >= 1.0 {
            for y in y0..y1 {
                let row = y as usize * self.width * 3;
                for x in x0..x1 {
                    let i = row + x as usize * 3;
                    self.data[i..i + 3].copy_from_slice(&color);
                }
            }
        } else {
            for y in y0..y1 {
                for x in x0..x1 {
                    self.blend(x, y, color, alpha);
                }
            }
        }
    }

    /// Fills the union of some closed polygons with anti-aliased edges.
    pub fn fill_polygons(&mut self, polygons: &[Vec<Pt>], color: Rgb, alpha: f32) {
        if let Some(mask) = Mask::from_polygons(polygons) {
            self.fill_mask(&mask, color, alpha);
        }
    }

    /// Paints a coverage mask in one colour.
    pub fn fill_mask(&mut self, mask: &Mask, color: Rgb, alpha: f32) {
        self.mark(
            mask.x0,
            mask.y0,
            mask.x0 + mask.width as i32,
            mask.y0 + mask.height as i32,
        );
        for y in 0..mask.height {
            for x in 0..mask.width {
                let c = mask.cov[y * mask.width + x];
                if c > 0.0 {
                    self.blend(mask.x0 + x as i32, mask.y0 + y as i32, color, c * alpha);
                }
            }
        }
    }

    /// Draws a sprite with its top-left corner at (x0, y0).
    pub fn draw_sprite(&mut self, sprite: &Sprite, x0: i32, y0: i32) {
        let (sx, sy) = (x0 + sprite.x0, y0 + sprite.y0);
        self.mark(sx, sy, sx + sprite.width as i32, sy + sprite.height as i32);
        for y in 0..sprite.height {
            let cy = y0 + sprite.y0 + y as i32;
            if cy < 0 || cy as usize >= self.height {
                continue;
            }
            for x in 0..sprite.width {
                let cx = x0 + sprite.x0 + x as i32;
                if cx < 0 || cx as usize >= self.width {
                    continue;
                }
                let s = &sprite.rgba[(y * sprite.width + x) * 4..][..4];
                let a = s[3] as u32;
                if a == 0 {
                    continue;
                }
                let i = (cy as usize * self.width + cx as usize) * 3;
                // Premultiplied "over", in integers: this is the hot loop of every render.
                for (d, &s) in self.data[i..i + 3].iter_mut().zip(s) {
                    *d = (s as u32 + (*d as u32 * (255 - a) + 127) / 255) as u8;
                }
            }
        }
    }
}

/// Per-pixel coverage (0–1) over a rectangle of the canvas.
#[derive(Clone)]
pub struct Mask {
    pub x0: i32,
    pub y0: i32,
    pub width: usize,
    pub height: usize,
    pub cov: Vec<f32>,
}

impl Mask {
    /// Rasterises the union of polygons. Each polygon is turned counter-clockwise first: the
    /// rasteriser adds signed areas, so overlapping parts of a union then saturate at full
    /// coverage instead of cancelling out.
    pub fn from_polygons(polygons: &[Vec<Pt>]) -> Option<Mask> {
        let pts = polygons.iter().flatten();
        let (mut minx, mut miny, mut maxx, mut maxy) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for &(x, y) in pts {
            minx = minx.min(x);
            miny = miny.min(y);
            maxx = maxx.max(x);
            maxy = maxy.max(y);
        }
        if minx > maxx {
            return None;
        }
        let x0 = minx.floor() as i32;
        let y0 = miny.floor() as i32;
        let width = (maxx.ceil() as i32 - x0 + 1) as usize;
        let height = (maxy.ceil() as i32 - y0 + 1) as usize;
        let mut r = Rasterizer::new(width, height);
        for poly in polygons {
            if poly.len() < 3 {
                continue;
            }
            let reverse = signed_area(poly) < 0.0;
            let n = poly.len();
            for k in 0..n {
                let (a, b) = if reverse {
                    (poly[n - 1 - k], poly[(2 * n - 2 - k) % n])
                } else {
                    (poly[k], poly[(k + 1) % n])
                };
                r.draw_line(
                    point(a.0 - x0 as f32, a.1 - y0 as f32),
                    point(b.0 - x0 as f32, b.1 - y0 as f32),
                );
            }
        }
        let mut cov = vec![0.0; width * height];
        r.for_each_pixel(|i, c| cov[i] = c.min(1.0));
        Some(Mask {
            x0,
            y0,
            width,
            height,
            cov,
        })
    }
}

fn signed_area(poly: &[Pt]) -> f32 {
    let n = poly.len();
    (0..n)
        .map(|k| {
            let (a, b) = (poly[k], poly[(k + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum::<f32>()
        / 2.0
}

/// A circle as a polygon fine enough that no facet shows at board sizes.
pub fn circle(c: Pt, r: f32) -> Vec<Pt> {
    let n = ((r * 1.5) as usize).clamp(16, 96);
    (0..n)
        .map(|k| {
            let t = k as f32 / n as f32 * std::f32::consts::TAU;
            (c.0 + r * t.cos(), c.1 + r * t.sin())
        })
        .collect()
}

/// A rectangle with rounded corners of radius `r`.
pub fn rounded_rect(x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> Vec<Pt> {
    let mut pts = Vec::new();
    let corners = [
        (x1 - r, y0 + r, -0.25f32),
        (x1 - r, y1 - r, 0.0),
        (x0 + r, y1 - r, 0.25),
        (x0 + r, y0 + r, 0.5),
    ];
    for (cx, cy, start) in corners {
        for k in 0..=8 {
            let t = (start + k as f32 / 32.0) * std::f32::consts::TAU;
            pts.push((cx + r * t.cos(), cy + r * t.sin()));
        }
    }
    pts
}

/// A thick polyline with round joins and caps, as polygons for [`Canvas::fill_polygons`].
pub fn stroke(points: &[Pt], width: f32) -> Vec<Vec<Pt>> {
    let h = width / 2.0;
    let mut polys = Vec::new();
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1e-3 {
            continue;
        }
        let (nx, ny) = (-dy / len * h, dx / len * h);
        polys.push(vec![
            (a.0 + nx, a.1 + ny),
            (b.0 + nx, b.1 + ny),
            (b.0 - nx, b.1 - ny),
            (a.0 - nx, a.1 - ny),
        ]);
    }
    for &p in points {
        polys.push(circle(p, h));
    }
    polys
}

/// An arrow along a polyline: a shaft of `width` ending in a head whose tip is the last point.
pub fn arrow(points: &[Pt], width: f32, head_len: f32, head_width: f32) -> Vec<Vec<Pt>> {
    let n = points.len();
    if n < 2 {
        return Vec::new();
    }
    let tip = points[n - 1];
    let prev = points[n - 2];
    let (dx, dy) = (tip.0 - prev.0, tip.1 - prev.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let head_len = head_len.min(len);
    let base = (tip.0 - ux * head_len, tip.1 - uy * head_len);
    let mut shaft = points[..n - 1].to_vec();
    // The shaft stops inside the head so its round cap never pokes out past the barbs.
    shaft.push((base.0 + ux * 0.5, base.1 + uy * 0.5));
    let mut polys = stroke(&shaft, width);
    let (nx, ny) = (-uy * head_width / 2.0, ux * head_width / 2.0);
    polys.push(vec![
        tip,
        (base.0 + nx, base.1 + ny),
        (base.0 - nx, base.1 - ny),
    ]);
    polys
}

/// Text measured and placed with one font at one pixel size.
pub struct Text<'a> {
    pub font: &'a FontRef<'static>,
    pub px: f32,
}

impl Text<'_> {
    /// The advance width of a string in pixels (kerning included).
    pub fn width(&self, s: &str) -> f32 {
        let sf = self.font.as_scaled(self.px);
        let mut w = 0.0;
        let mut prev = None;
        for ch in s.chars() {
            let id = sf.glyph_id(ch);
            if let Some(p) = prev {
                w += sf.kern(p, id);
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

    /// Draws a string with its baseline's left end at (x, baseline).
    pub fn draw(&self, canvas: &mut Canvas, s: &str, x: f32, baseline: f32, color: Rgb) {
        let sf = self.font.as_scaled(self.px);
        let mut pen = x;
        let mut prev = None;
        for ch in s.chars() {
            let id = sf.glyph_id(ch);
            if let Some(p) = prev {
                pen += sf.kern(p, id);
            }
            let glyph = id.with_scale_and_position(self.px, point(pen, baseline));
            if let Some(outlined) = self.font.outline_glyph(glyph) {
                let b = outlined.px_bounds();
                canvas.mark(
                    b.min.x as i32,
                    b.min.y as i32,
                    b.max.x.ceil() as i32 + 1,
                    b.max.y.ceil() as i32 + 1,
                );
                outlined.draw(|gx, gy, c| {
                    canvas.blend(
                        b.min.x as i32 + gx as i32,
                        b.min.y as i32 + gy as i32,
                        color,
                        c,
                    )
                });
            }
            pen += sf.h_advance(id);
            prev = Some(id);
        }
    }

    /// Draws a string centred on `cx`, with its cap height centred on `cy`.
    pub fn draw_centered(&self, canvas: &mut Canvas, s: &str, cx: f32, cy: f32, color: Rgb) {
        let w = self.width(s);
        let cap = self.cap_height();
        self.draw(canvas, s, cx - w / 2.0, cy + cap / 2.0, color);
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

/// A pre-rasterised image with premultiplied alpha, placed relative to an anchor.
#[derive(Clone)]
pub struct Sprite {
    /// Offset of the sprite's first column from the anchor.
    pub x0: i32,
    /// Offset of the sprite's first row from the anchor.
    pub y0: i32,
    pub width: usize,
    pub height: usize,
    /// Premultiplied RGBA, 4 bytes per pixel.
    pub rgba: Vec<u8>,
}

impl Sprite {
    /// Builds a sprite from layers of coverage painted bottom to top over a transparent
    /// `size`×`size` square; the result is trimmed to its ink so blitting skips empty space.
    pub fn from_layers(size: usize, layers: &[(&[f32], Rgb)]) -> Sprite {
        let mut rgba = vec![0f32; size * size * 4];
        for (cov, color) in layers {
            for (i, &c) in cov.iter().enumerate() {
                let c = c.clamp(0.0, 1.0);
                if c <= 0.0 {
                    continue;
                }
                let p = &mut rgba[i * 4..i * 4 + 4];
                for k in 0..3 {
                    p[k] = color[k] as f32 / 255.0 * c + p[k] * (1.0 - c);
                }
                p[3] = c + p[3] * (1.0 - c);
            }
        }
        let ink = |x: usize, y: usize| rgba[(y * size + x) * 4 + 3] > 0.002;
        let (mut x0, mut y0, mut x1, mut y1) = (size, size, 0, 0);
        for y in 0..size {
            for x in 0..size {
                if ink(x, y) {
                    x0 = x0.min(x);
                    y0 = y0.min(y);
                    x1 = x1.max(x + 1);
                    y1 = y1.max(y + 1);
                }
            }
        }
        if x0 >= x1 {
            return Sprite {
                x0: 0,
                y0: 0,
                width: 0,
                height: 0,
                rgba: Vec::new(),
            };
        }
        let (width, height) = (x1 - x0, y1 - y0);
        let mut out = Vec::with_capacity(width * height * 4);
        for y in y0..y1 {
            for x in x0..x1 {
                let p = &rgba[(y * size + x) * 4..][..4];
                out.extend(p.iter().map(|v| (v * 255.0 + 0.5) as u8));
            }
        }
        Sprite {
            x0: x0 as i32,
            y0: y0 as i32,
            width,
            height,
            rgba: out,
        }
    }
}

/// Rasterises one glyph of `font` into a `size`×`size` coverage grid, scaled so the glyph's
/// box of `em` pixels sits centred with its baseline at `baseline` (both in grid pixels).
pub fn glyph_coverage(
    font: &FontRef<'static>,
    ch: char,
    size: usize,
    em: f32,
    baseline: f32,
) -> Vec<f32> {
    let mut cov = vec![0.0; size * size];
    let sf = font.as_scaled(em);
    let id = sf.glyph_id(ch);
    let adv = sf.h_advance(id);
    let x = (size as f32 - adv) / 2.0;
    let glyph = id.with_scale_and_position(em, point(x, baseline));
    if let Some(outlined) = font.outline_glyph(glyph) {
        let b = outlined.px_bounds();
        outlined.draw(|gx, gy, c| {
            let (px, py) = (b.min.x as i32 + gx as i32, b.min.y as i32 + gy as i32);
            if px >= 0 && py >= 0 && (px as usize) < size && (py as usize) < size {
                cov[py as usize * size + px as usize] = c;
            }
        });
    }
    cov
}

/// Grows a coverage grid by `r` pixels in every direction (a round dilation), for outlines
/// and halos around a shape.
pub fn dilate(cov: &[f32], size: usize, r: f32) -> Vec<f32> {
    let ri = r.ceil() as i32;
    let mut offsets = Vec::new();
    for dy in -ri..=ri {
        for dx in -ri..=ri {
            let d = ((dx * dx + dy * dy) as f32).sqrt();
            if d <= r + 0.5 {
                // Soft rim: the outermost ring contributes partially, keeping the edge smooth.
                let w = (r + 0.5 - d).min(1.0);
                offsets.push((dx, dy, w));
            }
        }
    }
    let mut out = vec![0.0f32; size * size];
    for y in 0..size as i32 {
        for x in 0..size as i32 {
            let c = cov[(y as usize) * size + x as usize];
            if c <= 0.0 {
                continue;
            }
            for &(dx, dy, w) in &offsets {
                let (px, py) = (x + dx, y + dy);
                if px >= 0 && py >= 0 && (px as usize) < size && (py as usize) < size {
                    let o = &mut out[py as usize * size + px as usize];
                    *o = o.max(c * w);
                }
            }
        }
    }
    out
}

/// Shrinks a coverage grid by `r` pixels from every edge (a round erosion): what survives is
/// the solid interior of thick areas; thin lines vanish.
pub fn erode(cov: &[f32], size: usize, r: f32) -> Vec<f32> {
    let inverse: Vec<f32> = cov.iter().map(|c| 1.0 - c).collect();
    dilate(&inverse, size, r).iter().map(|c| 1.0 - c).collect()
}

/// Fills the enclosed interior of a shape: every pixel not reachable from the border without
/// crossing ink becomes fully covered. Turns an outline glyph into its solid silhouette.
pub fn fill_holes(cov: &[f32], size: usize) -> Vec<f32> {
    let mut outside = vec![false; size * size];
    let mut stack = Vec::new();
    let open = |i: usize| cov[i] < 0.5;
    for k in 0..size {
        for i in [k, (size - 1) * size + k, k * size, k * size + size - 1] {
            if open(i) && !outside[i] {
                outside[i] = true;
                stack.push(i);
            }
        }
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % size, i / size);
        let mut push = |j: usize| {
            if open(j) && !outside[j] {
                outside[j] = true;
                stack.push(j);
            }
        };
        if x > 0 {
            push(i - 1);
        }
        if x + 1 < size {
            push(i + 1);
        }
        if y > 0 {
            push(i - size);
        }
        if y + 1 < size {
            push(i + size);
        }
    }
    cov.iter()
        .zip(&outside)
        .map(|(&c, &o)| if o { c } else { 1.0 })
        .collect()
}
