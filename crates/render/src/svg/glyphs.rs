//! The chess glyphs of DejaVu Sans as SVG path data, from their outlines (`ab_glyph`'s
//! `Font::outline`), placed in a square as the PNG's sprites place them.

use ab_glyph::{Font, FontRef, OutlineCurve, Point, ScaleFont};

use super::write::{Num, put};
use crate::pieces::Placement;

/// One closed contour of a glyph, in square pixels (x right, y down).
struct Contour {
    /// Path data of the contour, closed.
    d: String,
    /// Its signed area, from the on-curve points: the sign tells an outer contour from a hole.
    area: f32,
}

/// A glyph's path data in a `cell`-pixel square, centred across and on the shared baseline:
/// the whole glyph (filled `nonzero`, as TrueType fills it), and its silhouette (only the
/// outer contours, so everything they enclose is filled: the PNG's flood fill).
pub struct GlyphPaths {
    /// Every contour.
    pub glyph: String,
    /// The outer contours alone.
    pub silhouette: String,
}

/// The paths of `ch` at `at` (a placement for a `cell`-pixel square).
pub fn paths(font: &FontRef<'static>, ch: char, cell: f32, at: &Placement) -> GlyphPaths {
    let sf = font.as_scaled(at.em);
    let id = sf.glyph_id(ch);
    let advance = sf.h_advance(id);
    let (hs, vs) = (sf.h_scale_factor(), sf.v_scale_factor());
    let x0 = (cell - advance) / 2.0;
    let map = |p: Point| (x0 + p.x * hs, at.baseline - p.y * vs);
    let contours = font.outline(id).map(|o| contours(&o.curves, &map));
    let contours = contours.unwrap_or_default();
    // The biggest contour is an outer one; outer contours all wind its way.
    let outer = contours
        .iter()
        .map(|c| c.area)
        .fold(0.0f32, |a, b| if b.abs() > a.abs() { b } else { a });
    let mut out = GlyphPaths {
        glyph: String::new(),
        silhouette: String::new(),
    };
    for c in &contours {
        out.glyph.push_str(&c.d);
        if c.area * outer > 0.0 {
            out.silhouette.push_str(&c.d);
        }
    }
    out
}

/// Splits a glyph's curves into closed contours: a curve that does not start where the last
/// one ended starts a new contour.
fn contours(curves: &[OutlineCurve], map: &impl Fn(Point) -> (f32, f32)) -> Vec<Contour> {
    let mut out = Vec::new();
    let mut d = String::new();
    let mut pts: Vec<(f32, f32)> = Vec::new();
    let mut end: Option<Point> = None;
    let finish = |d: &mut String, pts: &mut Vec<(f32, f32)>, out: &mut Vec<Contour>| {
        if !d.is_empty() {
            d.push('Z');
            out.push(Contour {
                d: std::mem::take(d),
                area: crate::shapes::signed_area(pts),
            });
            pts.clear();
        }
    };
    for curve in curves {
        let (start, last) = match *curve {
            OutlineCurve::Line(a, b) => (a, b),
            OutlineCurve::Quad(a, _, b) => (a, b),
            OutlineCurve::Cubic(a, _, _, b) => (a, b),
        };
        if end != Some(start) {
            finish(&mut d, &mut pts, &mut out);
            let (x, y) = map(start);
            put(&mut d, format_args!("M{} {}", Num(x), Num(y)));
            pts.push((x, y));
        }
        match *curve {
            OutlineCurve::Line(_, b) => {
                let (x, y) = map(b);
                put(&mut d, format_args!("L{} {}", Num(x), Num(y)));
            }
            OutlineCurve::Quad(_, c, b) => {
                let ((cx, cy), (x, y)) = (map(c), map(b));
                put(
                    &mut d,
                    format_args!("Q{} {} {} {}", Num(cx), Num(cy), Num(x), Num(y)),
                );
            }
            OutlineCurve::Cubic(_, c1, c2, b) => {
                let ((ax, ay), (bx, by), (x, y)) = (map(c1), map(c2), map(b));
                put(
                    &mut d,
                    format_args!(
                        "C{} {} {} {} {} {}",
                        Num(ax),
                        Num(ay),
                        Num(bx),
                        Num(by),
                        Num(x),
                        Num(y)
                    ),
                );
            }
        }
        pts.push(map(last));
        end = Some(last);
    }
    finish(&mut d, &mut pts, &mut out);
    out
}
