//! The bishop, drawn from shapes rather than taken from the font.
//!
//! DejaVu Sans's bishop is a round body with a small cross on a pawn's base: at the size of a
//! captured piece in the hole, or of a board on a phone, it reads as a pawn. This one is
//! drawn as players know the Staunton bishop: a tall pointed mitre with the slit cut across
//! it, a ball on its tip, a collar and a base. It stands nearly as tall as the king, and its
//! outline (a point under a small ball, not a round head on a neck) tells it from the pawn
//! even where the slit is only a pixel wide.
//!
//! The masks are made at the supersampled size with `imageproc` (polygons and circles on
//! whole pixels), like the glyphs of the other pieces, and layered the same way.

use image::{GrayImage, Luma};
use imageproc::drawing::draw_polygon_mut;
use imageproc::point::Point;

use super::shapes::{Pt, circle, rounded_rect, stroke};

/// The bishop's two masks on a `side`×`side` square.
pub struct Masks {
    /// The whole piece, solid.
    pub silhouette: GrayImage,
    /// The lines drawn inside it: the slit and the collar's edges.
    pub lines: GrayImage,
}

/// The bishop as shapes, in pixels of a `side`×`side` square: what the masks are filled from,
/// and what the SVG board draws as paths.
pub struct Shapes {
    /// Polygons whose union is the solid piece but for its ball: base, stem, collar, mitre.
    pub body: Vec<Vec<Pt>>,
    /// The ball on the mitre's tip: centre and radius.
    pub ball: (Pt, f32),
    /// The lines inside it, as polylines with round ends and their widths: the slit and the
    /// collar's edges.
    pub lines: Vec<(Vec<Pt>, f32)>,
}

/// The bishop's shapes on a square of `side` pixels. Its base stands on `baseline` (pixels
/// from the top), where the other pieces stand, and it is `height` pixels tall.
pub fn shapes(side: f32, baseline: f32, height: f32) -> Shapes {
    let s = side;
    // Drawn in a unit box: x across the square (0.5 the middle), y from the top of the piece
    // (0) to its base (1).
    let top = baseline - height;
    let at = |x: f32, y: f32| -> Pt { (x * s, top + y * height) };

    let base = rounded_rect(
        at(0.25, 0.0).0,
        at(0.0, 0.885).1,
        at(0.75, 0.0).0,
        at(0.0, 1.0).1,
        0.04 * s,
    );
    let stem = vec![
        at(0.37, 0.9),
        at(0.63, 0.9),
        at(0.585, 0.77),
        at(0.415, 0.77),
    ];
    let collar = rounded_rect(
        at(0.31, 0.0).0,
        at(0.0, 0.705).1,
        at(0.69, 0.0).0,
        at(0.0, 0.785).1,
        0.03 * s,
    );
    // The slit, from high on the right down towards the middle, stopped short of the edge so
    // the mitre stays one piece; and the collar's upper and lower edges.
    let w = 0.05 * s;
    Shapes {
        body: vec![base, stem, collar, mitre(&at)],
        ball: (at(0.5, 0.064), 0.064 * height),
        lines: vec![
            (vec![at(0.62, 0.28), at(0.45, 0.5)], w),
            (vec![at(0.31, 0.7), at(0.69, 0.7)], w * 0.8),
            (vec![at(0.31, 0.785), at(0.69, 0.785)], w * 0.8),
        ],
    }
}

/// The bishop's masks on a square of `side` pixels. Its base stands on `baseline` (pixels from
/// the top), where the other pieces stand, and it is `height` pixels tall.
pub fn masks(side: u32, baseline: f32, height: f32) -> Masks {
    let shapes = shapes(side as f32, baseline, height);
    let mut silhouette = GrayImage::new(side, side);
    let mut lines = GrayImage::new(side, side);
    let (centre, r) = shapes.ball;
    for poly in shapes.body.iter().chain([&circle(centre, r)]) {
        fill(&mut silhouette, poly);
    }
    for (pts, w) in &shapes.lines {
        for poly in &stroke(pts, *w) {
            fill(&mut lines, poly);
        }
    }
    Masks { silhouette, lines }
}

/// The mitre: an ogive, narrow where it sits on the collar, widest a little below its middle
/// and drawn to a point under the ball.
fn mitre(at: &impl Fn(f32, f32) -> Pt) -> Vec<Pt> {
    let (bottom, tip) = (0.72, 0.12);
    let (foot, widest) = (0.14, 0.215);
    let steps = 48;
    let half = |u: f32| {
        // u: 0 at the foot, 1 at the tip. A quarter sine up to the widest point, then a
        // slightly full cosine to the tip.
        if u < 0.38 {
            foot + (widest - foot) * (u / 0.38 * std::f32::consts::FRAC_PI_2).sin()
        } else {
            widest
                * ((u - 0.38) / 0.62 * std::f32::consts::FRAC_PI_2)
                    .cos()
                    .max(0.0)
                    .powf(0.8)
        }
    };
    let y = |u: f32| bottom + (tip - bottom) * u;
    let mut pts: Vec<Pt> = (0..=steps)
        .map(|k| {
            let u = k as f32 / steps as f32;
            at(0.5 + half(u), y(u))
        })
        .collect();
    pts.extend((0..steps).rev().map(|k| {
        let u = k as f32 / steps as f32;
        at(0.5 - half(u), y(u))
    }));
    pts
}

/// Fills a polygon with full coverage on whole pixels.
fn fill(mask: &mut GrayImage, poly: &[Pt]) {
    let mut pts: Vec<Point<i32>> = poly
        .iter()
        .map(|&(x, y)| Point::new(x.round() as i32, y.round() as i32))
        .collect();
    pts.dedup();
    // `draw_polygon_mut` refuses a path whose ends meet.
    while pts.len() > 1 && pts.first() == pts.last() {
        pts.pop();
    }
    if pts.len() >= 3 {
        draw_polygon_mut(mask, &pts, Luma([255]));
    }
}
