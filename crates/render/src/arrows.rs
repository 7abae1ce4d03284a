//! Moves drawn as arrows along their real paths: the last move's rebound, and a key moment's
//! moves (the one played, the opponent's answer that refutes it, the engine's better one).
//!
//! A slide on the ring changes direction where a rook rounds a corner or a bishop rebounds
//! off a wall; the arrow bends there ([`crate::rules::path`] gives the squares walked). The
//! arrows change with every image and may span half the board, so they are filled with
//! exact coverage ([`ExactCoverage`]) and blended row by row.

use image::RgbImage;

use super::layout::Layout;
use super::shapes::{ArrowParts, ExactCoverage, Pt, arrow_parts};
use super::span_raster::SpanRaster;
use super::theme::Rgb;
use super::{Arrow, ArrowKind, BoardView, Theme};
use crate::rules::{Move, PieceKind, Position, Square, path};

/// How opaque a move arrow is: the piece under it stays readable.
pub const ALPHA: f32 = 0.8;

/// The square centres a rebounding slide's arrow runs through (origin, every turn,
/// destination), or `None` when the move went straight or is no slide: the path the PNG and
/// the SVG both draw.
pub fn rebound_path(layout: &Layout, view: &BoardView, mv: Move) -> Option<Vec<Pt>> {
    if mv.promotion.is_some() {
        return None;
    }
    let piece = view.position.piece_at(mv.to)?;
    let walk = walked(piece.kind, mv);
    let corners = corners(&walk);
    if corners.len() < 3 {
        return None;
    }
    Some(corners.iter().map(|&s| layout.square_center(s)).collect())
}

/// For a check along a path that turns (a rook round a corner, a bishop off a wall), an
/// arrow in the check's colour from the checking piece to the king ([`check_paths`]), drawn as
/// the last move's rebound is ([`rebound_path`]): the line to the king is not to be worked out.
/// Both are drawn by [`super::board::draw_on`] through [`raster`] and [`paint`].
/// How far from the checking piece's centre a check's arrow starts, as a share of the square:
/// past the piece's body, so the red never runs over its lines.
pub const CHECK_TAIL: f32 = 0.5;

/// The point `d` pixels from `a` toward `b`.
fn toward(a: Pt, b: Pt, d: f32) -> Pt {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    (a.0 + dx / len * d, a.1 + dy / len * d)
}

/// The points of each check that turns on its way (from the edge of the checking piece's
/// body, through the centre of every turn, to the king's centre); none when the view marks no check or every check runs straight.
pub fn check_paths(layout: &Layout, view: &BoardView) -> Vec<Vec<Pt>> {
    let Some(king) = view.check else {
        return Vec::new();
    };
    let position = &view.position;
    if position.king_square(position.side_to_move()) != king {
        return Vec::new();
    }
    position
        .checkers()
        .into_iter()
        .filter_map(|from| {
            let piece = position.piece_at(from)?;
            let corners = corners(&walked(piece.kind, Move::new(from, king)));
            if corners.len() < 3 {
                return None;
            }
            let mut pts: Vec<Pt> = corners.iter().map(|&s| layout.square_center(s)).collect();
            pts[0] = toward(pts[0], pts[1], layout.cell as f32 * CHECK_TAIL);
            Some(pts)
        })
        .collect()
}

/// A key moment's arrows, each in its kind's colour. Where two run along the same squares
/// or end on the same one they are drawn side by side rather than one over the other.
pub fn key_moves(c: &mut RgbImage, layout: &Layout, view: &BoardView, theme: &Theme) {
    for (parts, color) in key_move_parts(layout, view, theme) {
        if let Some(cov) = ExactCoverage::of_polygons(&parts.polygons()) {
            blend(c, &cov, color, ALPHA);
        }
    }
}

/// Each key-moment arrow's shape and colour. Unlike the last move's arrow, it leaves the
/// piece it starts from in view (it sets off from the edge of the piece, not from under it)
/// and its head ends short of the destination's centre; arrows that share a step or a
/// destination are moved apart, so two heads on one square sit side by side.
pub fn key_move_parts(layout: &Layout, view: &BoardView, theme: &Theme) -> Vec<(ArrowParts, Rgb)> {
    let walks: Vec<Vec<Square>> = view
        .arrows
        .iter()
        .map(|a| walk_in(&view.position, a))
        .collect();
    let meet = |i: usize, j: usize| {
        i != j && (share_a_step(&walks[i], &walks[j]) || walks[i].last() == walks[j].last())
    };
    let q = layout.cell as f32;
    let mut out = Vec::with_capacity(walks.len());
    for (k, (a, walk)) in view.arrows.iter().zip(&walks).enumerate() {
        let met: Vec<ArrowKind> = (0..walks.len())
            .filter(|&j| meet(k, j))
            .map(|j| view.arrows[j].kind)
            .collect();
        let pts: Vec<Pt> = corners(walk)
            .iter()
            .map(|&s| layout.square_center(s))
            .collect();
        let pts = match lane(a.kind, &met) {
            0 => pts,
            side => offset(&pts, side as f32 * KEY_SHIFT * q),
        };
        if let Some(parts) = key_parts(layout, pts) {
            out.push((parts, color(theme, a.kind)));
        }
    }
    out
}

/// The side an arrow of `kind` is moved to when it meets arrows of the kinds `met` (−1 or
/// +1; 0 where it meets none, or both others): the move played to one side and the better
/// move to the other; the answer takes the side the arrow it meets does not.
fn lane(kind: ArrowKind, met: &[ArrowKind]) -> i32 {
    if met.is_empty() {
        return 0;
    }
    match kind {
        ArrowKind::Played => -1,
        ArrowKind::Better => 1,
        ArrowKind::Answer => {
            let (played, better) = (
                met.contains(&ArrowKind::Played),
                met.contains(&ArrowKind::Better),
            );
            match (played, better) {
                (true, true) => 0,
                (true, false) => 1,
                _ => -1,
            }
        }
    }
}

/// How far apart two key-moment arrows on the same squares are moved, each to its side, as
/// a share of the square: their heads ([`KEY_HEAD_WIDTH`] wide) then barely touch.
pub const KEY_SHIFT: f32 = 0.14;
/// A key-moment arrow's head width, as a share of the square.
pub const KEY_HEAD_WIDTH: f32 = 0.32;
/// How far short of the destination's centre a key-moment arrow's tip stops, as a share of
/// the square.
pub const KEY_TIP_BACK: f32 = 0.18;
/// How far from the origin's centre a key-moment arrow's tail starts, as a share of the
/// square: at the edge of the piece's body.
pub const KEY_TAIL: f32 = 0.3;

/// A key-moment arrow's parts through `pts`: its tail moved off the origin's piece, its tip
/// stopped [`KEY_TIP_BACK`] short of the destination's centre.
fn key_parts(layout: &Layout, mut pts: Vec<Pt>) -> Option<ArrowParts> {
    let n = pts.len();
    if n < 2 {
        return None;
    }
    let q = layout.cell as f32;
    pts[n - 1] = toward(pts[n - 1], pts[n - 2], q * KEY_TIP_BACK);
    pts[0] = toward(pts[0], pts[1], q * KEY_TAIL);
    arrow_parts(&pts, q * 0.11, q * 0.3, q * KEY_HEAD_WIDTH)
}

/// The colour of an arrow of this kind.
pub fn color(theme: &Theme, kind: ArrowKind) -> Rgb {
    match kind {
        ArrowKind::Played => theme.played_arrow,
        ArrowKind::Better => theme.better_arrow,
        ArrowKind::Answer => theme.answer_arrow,
    }
}

/// A small arrow pointing right from `(x, cy)`, `len` long: the key beside an arrow's label.
pub fn swatch(c: &mut RgbImage, x: f32, cy: f32, len: f32, color: Rgb) {
    if let Some(cov) = ExactCoverage::of_polygons(&swatch_polygons(x, cy, len)) {
        blend(c, &cov, color, 1.0);
    }
}

/// The swatch's shape: polygons whose union is the small arrow.
pub fn swatch_polygons(x: f32, cy: f32, len: f32) -> Vec<Vec<Pt>> {
    swatch_parts(x, cy, len).polygons()
}

/// The swatch as an arrow's parts.
pub fn swatch_parts(x: f32, cy: f32, len: f32) -> ArrowParts {
    let pts = [(x, cy), (x + len, cy)];
    arrow_parts(&pts, len * 0.22, len * 0.5, len * 0.6).expect("two points")
}

/// The squares an arrow's move walks, from its origin: the piece on the origin says how it
/// moves.
fn walk_in(position: &Position, a: &Arrow) -> Vec<Square> {
    match position.piece_at(a.mv.from) {
        Some(piece) => walked(piece.kind, a.mv),
        None => vec![a.mv.from, a.mv.to],
    }
}

/// Every square a move goes through, origin and destination included.
fn walked(kind: PieceKind, mv: Move) -> Vec<Square> {
    let mut squares = vec![mv.from];
    match path(kind, mv.from, mv.to) {
        Some(walk) if matches!(kind, PieceKind::Rook | PieceKind::Bishop) => squares.extend(walk),
        _ => squares.push(mv.to),
    }
    squares
}

/// The origin, every square where the walk turns, and the destination.
fn corners(walk: &[Square]) -> Vec<Square> {
    let step = |a: Square, b: Square| {
        (
            b.file() as i8 - a.file() as i8,
            b.rank() as i8 - a.rank() as i8,
        )
    };
    let mut out = vec![walk[0]];
    for w in walk.windows(3) {
        if step(w[0], w[1]) != step(w[1], w[2]) {
            out.push(w[1]);
        }
    }
    if walk.len() > 1 {
        out.push(walk[walk.len() - 1]);
    }
    out
}

/// Whether two walks go between the same two squares anywhere (either way).
fn share_a_step(a: &[Square], b: &[Square]) -> bool {
    a.windows(2).any(|s| {
        b.windows(2)
            .any(|t| (s[0] == t[0] && s[1] == t[1]) || (s[0] == t[1] && s[1] == t[0]))
    })
}

/// A polyline moved sideways by `d` pixels (the sign picks the side), its corners mitred.
fn offset(pts: &[Pt], d: f32) -> Vec<Pt> {
    let normal = |a: Pt, b: Pt| {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-3);
        (-dy / len, dx / len)
    };
    (0..pts.len())
        .map(|i| {
            let before = (i > 0).then(|| normal(pts[i - 1], pts[i]));
            let after = (i + 1 < pts.len()).then(|| normal(pts[i], pts[i + 1]));
            let (nx, ny) = match (before, after) {
                (Some(a), Some(b)) => {
                    // The mitre: the sum of the two normals, long enough that each side of
                    // the corner keeps its distance.
                    let dot = a.0 * b.0 + a.1 * b.1;
                    let k = 1.0 / (1.0 + dot).max(0.2);
                    ((a.0 + b.0) * k, (a.1 + b.1) * k)
                }
                (Some(n), None) | (None, Some(n)) => n,
                (None, None) => (0.0, 0.0),
            };
            (pts[i].0 + nx * d, pts[i].1 + ny * d)
        })
        .collect()
}

/// The coverage of an arrow through `pts` (square centres), its head stopped at the
/// destination's edge so the piece there stays in view: what [`paint`] blends, and whose
/// reach ([`SpanRaster::reach`]) tells where it will.
pub fn raster(layout: &Layout, pts: Vec<Pt>) -> Option<SpanRaster> {
    SpanRaster::of_polygons(&polygons(layout, pts))
}

/// Blends an arrow's coverage in `color`, only over each row's reach: a rebound's box may
/// hold a third of the board.
pub fn paint(c: &mut RgbImage, raster: &SpanRaster, color: Rgb) {
    raster.for_each_row(|y, x, line| blend_row(c, x, y, line, color, ALPHA));
}

/// The shape of an arrow through `pts` (square centres), its head stopped at the
/// destination's edge so the piece there stays in view: polygons whose union is the arrow,
/// none for a path too short to draw.
pub fn polygons(layout: &Layout, pts: Vec<Pt>) -> Vec<Vec<Pt>> {
    parts(layout, pts).map(|a| a.polygons()).unwrap_or_default()
}

/// The same arrow as its parts, `None` for a path too short to draw.
pub fn parts(layout: &Layout, mut pts: Vec<Pt>) -> Option<ArrowParts> {
    let n = pts.len();
    if n < 2 {
        return None;
    }
    let q = layout.cell as f32;
    let (a, b) = (pts[n - 2], pts[n - 1]);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return None;
    }
    let back = (q * 0.4).min(len * 0.5);
    pts[n - 1] = (b.0 - dx / len * back, b.1 - dy / len * back);
    arrow_parts(&pts, q * 0.13, q * 0.34, q * 0.4)
}

/// Mixes `color` into the image by the coverage, at opacity `alpha`, row by row (the box
/// of a long arrow holds tens of thousands of pixels, most of them uncovered).
fn blend(c: &mut RgbImage, cov: &ExactCoverage, color: Rgb, alpha: f32) {
    for (row, line) in cov.cov.chunks_exact(cov.width).enumerate() {
        blend_row(c, cov.x0, cov.y0 + row as i64, line, color, alpha);
    }
}

/// Mixes `color` into row `y` of the image from column `x0` on by the coverage `line`, at
/// opacity `alpha`, clipped to the image.
fn blend_row(c: &mut RgbImage, x0: i64, y: i64, line: &[f32], color: Rgb, alpha: f32) {
    let (w, h) = (c.width() as i64, c.height() as i64);
    let (from, to) = (x0.max(0), (x0 + line.len() as i64).min(w));
    if from >= to || y < 0 || y >= h {
        return;
    }
    let line = &line[(from - x0) as usize..(to - x0) as usize];
    let start = (y * w + from) as usize * 3;
    let data: &mut [u8] = c;
    let pixels = &mut data[start..start + line.len() * 3];
    // Along an arrow's inside the pixel and the coverage repeat (a flat square under a full
    // coverage): the last pixel's blend is reused, the same bytes for a fraction of the work.
    let mut memo: Option<([u8; 3], u32, [u8; 3])> = None;
    for (p, &k) in pixels.chunks_exact_mut(3).zip(line) {
        let under = [p[0], p[1], p[2]];
        let a = k * alpha;
        match memo {
            Some((was, bits, then)) if was == under && bits == a.to_bits() => {
                p.copy_from_slice(&then);
            }
            _ => {
                blend_pixel(p, color, a);
                memo = Some((under, a.to_bits(), [p[0], p[1], p[2]]));
            }
        }
    }
}

/// Mixes `color` into one pixel at opacity `a`.
#[inline]
fn blend_pixel(p: &mut [u8], color: Rgb, a: f32) {
    // The rasteriser leaves float dust right of every edge; below this no channel moves, so
    // the pixel is left alone.
    if a < 1.0 / 512.0 {
        return;
    }
    for (d, &s) in p.iter_mut().zip(&color) {
        let v = *d as f32;
        *d = (v + (s as f32 - v) * a + 0.5) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_bishop_rebound_bends_once_and_a_straight_slide_not_at_all() {
        // d1-b3 runs straight up the diagonal; d1-b5 goes on to a4 and rebounds off the edge.
        let straight = walked(PieceKind::Bishop, Move::new(sq("d1"), sq("b3")));
        assert_eq!(corners(&straight), vec![sq("d1"), sq("b3")]);
        let bent = walked(PieceKind::Bishop, Move::new(sq("d1"), sq("b5")));
        assert_eq!(corners(&bent).len(), 3, "{bent:?}");
        assert_eq!(corners(&bent)[1], sq("a4"));
    }

    #[test]
    fn an_offset_line_keeps_its_distance_round_a_corner() {
        let moved = offset(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], 2.0);
        let close = |a: Pt, b: Pt| (a.0 - b.0).abs() < 1e-4 && (a.1 - b.1).abs() < 1e-4;
        assert!(close(moved[0], (0.0, 2.0)), "{moved:?}");
        assert!(close(moved[1], (8.0, 2.0)), "{moved:?}");
        assert!(close(moved[2], (8.0, 10.0)), "{moved:?}");
    }

    #[test]
    fn walks_that_share_squares_are_told_apart() {
        let a = walked(PieceKind::Rook, Move::new(sq("a3"), sq("a6")));
        let b = walked(PieceKind::Rook, Move::new(sq("a3"), sq("a5")));
        let c = walked(PieceKind::Rook, Move::new(sq("a3"), sq("b3")));
        assert!(share_a_step(&a, &b));
        assert!(!share_a_step(&a, &c));
    }
}
