//! Shapes as coverage masks: circles, rounded rectangles, thick polylines and arrows as
//! polygons, filled either supersampled with `imageproc` (the cached layers) or with exact
//! area coverage (the per-move arrows; the rebound arrow through [`super::span_raster`]).
//!
//! `imageproc` fills polygons and circles without anti-aliasing, so a cached shape is filled
//! [`SUPERSAMPLE`] times larger and averaged down with `image`'s `thumbnail`: smooth edges at
//! no cost per move. The rebound arrow changes with every move and may span several squares,
//! where supersampling would cost a few milliseconds, so it alone is filled through
//! `ab_glyph_rasterizer` (the rasteriser `ab_glyph` draws glyphs with), which gives each
//! pixel its exact covered area in one pass.

use ab_glyph::point;
use ab_glyph_rasterizer::Rasterizer;
use image::{GrayImage, Luma, Rgba, RgbaImage, imageops};
use imageproc::drawing::draw_polygon_mut;
use imageproc::point::Point;

use super::theme::Rgb;

/// A point in image pixels (x right, y down), sub-pixel precise.
pub type Pt = (f32, f32);

/// How many times larger the cached shapes are filled before being averaged down: 4 gives
/// 17 levels of coverage per pixel, smooth to the eye at every board size.
pub const SUPERSAMPLE: u32 = 4;

/// A shape's coverage of a rectangle of the image: 0 (outside) to 255 (inside).
pub struct Coverage {
    /// Image column of the mask's first column.
    pub x0: i64,
    /// Image row of the mask's first row.
    pub y0: i64,
    /// The coverage, one byte a pixel.
    pub mask: GrayImage,
}

impl Coverage {
    /// The union of some polygons, filled supersampled with `imageproc` and averaged down.
    pub fn of_polygons(polygons: &[Vec<Pt>]) -> Option<Coverage> {
        let (x0, y0, x1, y1) = bounds(polygons)?;
        let (w, h) = ((x1 - x0) as u32, (y1 - y0) as u32);
        let s = SUPERSAMPLE as f32;
        let mut big = GrayImage::new(w * SUPERSAMPLE, h * SUPERSAMPLE);
        for poly in polygons.iter().filter(|p| p.len() >= 3) {
            let pts: Vec<Point<i32>> = poly
                .iter()
                .map(|&(x, y)| {
                    let px = ((x - x0 as f32) * s).round() as i32;
                    let py = ((y - y0 as f32) * s).round() as i32;
                    Point::new(px, py)
                })
                .collect();
            // `draw_polygon_mut` refuses a path whose ends meet: drop a repeated last point.
            let pts = match pts.split_last() {
                Some((last, rest)) if Some(last) == rest.first() => rest,
                _ => &pts[..],
            };
            if pts.len() >= 3 {
                draw_polygon_mut(&mut big, pts, Luma([255]));
            }
        }
        Some(Coverage {
            x0,
            y0,
            mask: imageops::thumbnail(&big, w, h),
        })
    }

    /// The same coverage, each pixel scaled by `alpha` (0–1).
    pub fn scaled(self, alpha: f32) -> Coverage {
        Coverage {
            mask: scaled(&self.mask, alpha),
            ..self
        }
    }

    /// Paints the coverage in `color` at opacity `alpha` onto an RGBA image, composited by
    /// `image`'s `overlay` (straight alpha, the "over" operator).
    pub fn paint(&self, onto: &mut RgbaImage, color: Rgb, alpha: f32) {
        let [r, g, b] = color;
        let layer = RgbaImage::from_fn(self.mask.width(), self.mask.height(), |x, y| {
            let a = self.mask.get_pixel(x, y).0[0] as f32 * alpha;
            Rgba([r, g, b, a.round() as u8])
        });
        imageops::overlay(onto, &layer, self.x0, self.y0);
    }
}

/// A mask with every pixel's coverage times `alpha` (0–1).
pub fn scaled(mask: &GrayImage, alpha: f32) -> GrayImage {
    let mut out = mask.clone();
    for p in out.iter_mut() {
        *p = (*p as f32 * alpha).round() as u8;
    }
    out
}

/// The whole-pixel box (x0, y0, x1, y1) around some polygons, one pixel of air included.
pub fn bounds(polygons: &[Vec<Pt>]) -> Option<(i64, i64, i64, i64)> {
    let (mut minx, mut miny, mut maxx, mut maxy) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in polygons.iter().flatten() {
        minx = minx.min(x);
        miny = miny.min(y);
        maxx = maxx.max(x);
        maxy = maxy.max(y);
    }
    (minx <= maxx).then(|| {
        (
            minx.floor() as i64,
            miny.floor() as i64,
            maxx.ceil() as i64 + 1,
            maxy.ceil() as i64 + 1,
        )
    })
}

/// Exact per-pixel area coverage (0–1) of a union of polygons over its bounding box: the
/// per-move shapes' mask.
pub struct ExactCoverage {
    /// Image column of the first column.
    pub x0: i64,
    /// Image row of the first row.
    pub y0: i64,
    /// Width of the box.
    pub width: usize,
    /// Coverage, row by row.
    pub cov: Vec<f32>,
}

impl ExactCoverage {
    /// Rasterises the union of polygons. Each polygon is turned counter-clockwise first: the
    /// rasteriser adds signed areas, so overlapping parts of a union then saturate at full
    /// coverage instead of cancelling out.
    pub fn of_polygons(polygons: &[Vec<Pt>]) -> Option<ExactCoverage> {
        let (x0, y0, x1, y1) = bounds(polygons)?;
        let (width, height) = ((x1 - x0) as usize, (y1 - y0) as usize);
        let mut r = Rasterizer::new(width, height);
        for (a, b) in counter_clockwise_edges(polygons) {
            r.draw_line(
                point(a.0 - x0 as f32, a.1 - y0 as f32),
                point(b.0 - x0 as f32, b.1 - y0 as f32),
            );
        }
        let mut cov = vec![0.0; width * height];
        r.for_each_pixel(|i, c| cov[i] = c.min(1.0));
        Some(ExactCoverage { x0, y0, width, cov })
    }
}

/// The edges of every polygon of three points or more, each polygon walked counter-clockwise
/// (turned round when its signed area says it runs the other way): what both rasterisers add
/// up, so that the overlapping parts of a union saturate instead of cancelling out.
pub fn counter_clockwise_edges(polygons: &[Vec<Pt>]) -> impl Iterator<Item = (Pt, Pt)> + '_ {
    polygons.iter().filter(|p| p.len() >= 3).flat_map(|poly| {
        let reverse = signed_area(poly) < 0.0;
        let n = poly.len();
        (0..n).map(move |k| {
            if reverse {
                (poly[n - 1 - k], poly[(2 * n - 2 - k) % n])
            } else {
                (poly[k], poly[(k + 1) % n])
            }
        })
    })
}

/// The signed (shoelace) area of a polygon: positive when it runs clockwise on screen (y down).
pub fn signed_area(poly: &[Pt]) -> f32 {
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

/// A thick polyline with round joins and caps, as polygons.
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

/// An arrow along a polyline as its two parts: what the PNG fills as polygons, and what the
/// SVG strokes and fills.
#[derive(Clone, Debug, PartialEq)]
pub struct ArrowParts {
    /// The shaft: a polyline drawn `width` wide with round joins and caps.
    pub shaft: Vec<Pt>,
    /// The shaft's width.
    pub width: f32,
    /// The head, a triangle whose first point is the tip.
    pub head: [Pt; 3],
}

impl ArrowParts {
    /// The arrow as polygons whose union is its shape.
    pub fn polygons(&self) -> Vec<Vec<Pt>> {
        let mut polys = stroke(&self.shaft, self.width);
        polys.push(self.head.to_vec());
        polys
    }
}

/// The parts of an arrow along a polyline, a shaft of `width` ending in a head whose tip is
/// the last point; none for fewer than two points.
pub fn arrow_parts(
    points: &[Pt],
    width: f32,
    head_len: f32,
    head_width: f32,
) -> Option<ArrowParts> {
    let n = points.len();
    if n < 2 {
        return None;
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
    let (nx, ny) = (-uy * head_width / 2.0, ux * head_width / 2.0);
    Some(ArrowParts {
        shaft,
        width,
        head: [tip, (base.0 + nx, base.1 + ny), (base.0 - nx, base.1 - ny)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_supersampled_square_has_full_inside_and_partial_edges() {
        // A square from (2.5, 2.5) to (6.5, 6.5): inner pixels full, edge pixels half.
        let square = vec![(2.5, 2.5), (6.5, 2.5), (6.5, 6.5), (2.5, 6.5)];
        let c = Coverage::of_polygons(&[square]).unwrap();
        let at = |x: i64, y: i64| c.mask.get_pixel((x - c.x0) as u32, (y - c.y0) as u32).0[0];
        assert_eq!(at(4, 4), 255);
        assert_eq!(at(2, 4), 128);
        assert_eq!(at(2, 2), 64);
        assert_eq!(at(7, 4), 0);
    }

    #[test]
    fn exact_coverage_of_overlapping_polygons_saturates() {
        let a = vec![(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)];
        let b: Vec<Pt> = a.iter().rev().map(|&(x, y)| (x + 2.0, y)).collect();
        let c = ExactCoverage::of_polygons(&[a, b]).unwrap();
        let at = |x: usize, y: usize| c.cov[y * c.width + x];
        assert!((at(3, 1) - 1.0).abs() < 1e-4);
        assert!((at(5, 1) - 1.0).abs() < 1e-4);
        assert!(at(6, 1).abs() < 1e-4);
    }
}
