//! One move's picture: a copy of the cached background with the move's layers on top.

use image::{GenericImage, GenericImageView, RgbImage};

use super::BoardView;
use super::assets::{Assets, fonts};
use super::layers::mix;
use super::layout::Layout;
use super::pieces::PieceSet;
use super::shapes::{ExactCoverage, Pt, arrow};
use super::text::Text;
use super::theme::{Rgb, Theme};
use crate::rules::{Color, Move, Piece, PieceKind, Square, Termination, path};

/// Draws one view on a copy of the cached background.
pub fn draw(view: &BoardView, assets: &Assets) -> RgbImage {
    let layout = &assets.layout;
    let theme = &assets.theme;
    let mut c = assets.background.clone();
    let position = &view.position;

    if let Some(mv) = view.last_move {
        for sq in [mv.from, mv.to] {
            let (x, y) = layout.square_origin(sq);
            let tinted = assets.tinted.view(x, y, layout.cell, layout.cell);
            c.copy_from(&*tinted, x, y)
                .expect("a square lies inside the image");
        }
    }
    let at = |sq: Square| {
        let (x, y) = layout.square_origin(sq);
        (x as i64, y as i64)
    };
    if let Some(sq) = view.check {
        let (x, y) = at(sq);
        assets.check_glow.draw(&mut c, x, y);
    }
    for sq in view.targets {
        let (x, y) = at(sq);
        let mark = if position.piece_at(sq).is_some() {
            &assets.target_ring
        } else {
            &assets.target_dot
        };
        mark.draw(&mut c, x, y);
    }
    for (sq, piece) in position.pieces() {
        let (x, y) = at(sq);
        assets.pieces.get(piece).draw(&mut c, x, y);
    }
    if let Some(mv) = view.last_move {
        rebound_arrow(&mut c, layout, view, mv, theme);
    }
    infield(&mut c, layout, view, theme, assets);
    c
}

/// For a slide that changed direction on its way (a rook round a corner, a bishop off a
/// wall), an arrow along the real path, so nobody has to reconstruct the rebound.
fn rebound_arrow(c: &mut RgbImage, layout: &Layout, view: &BoardView, mv: Move, theme: &Theme) {
    if mv.promotion.is_some() {
        return;
    }
    let Some(piece) = view.position.piece_at(mv.to) else {
        return;
    };
    if !matches!(piece.kind, PieceKind::Rook | PieceKind::Bishop) {
        return;
    }
    let Some(walk) = path(piece.kind, mv.from, mv.to) else {
        return;
    };
    let mut squares = vec![mv.from];
    squares.extend(walk);
    let step = |a: Square, b: Square| {
        (
            b.file() as i8 - a.file() as i8,
            b.rank() as i8 - a.rank() as i8,
        )
    };
    let mut corners = vec![mv.from];
    for w in squares.windows(3) {
        if step(w[0], w[1]) != step(w[1], w[2]) {
            corners.push(w[1]);
        }
    }
    if corners.len() < 2 {
        return;
    }
    corners.push(mv.to);
    let q = layout.cell as f32;
    let mut pts: Vec<Pt> = corners.iter().map(|&s| layout.square_center(s)).collect();
    // Stop the head at the destination's edge so the piece that arrived stays in view.
    let n = pts.len();
    let (a, b) = (pts[n - 2], pts[n - 1]);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let back = q * 0.4;
    pts[n - 1] = (b.0 - dx / len * back, b.1 - dy / len * back);
    if let Some(cov) = ExactCoverage::of_polygons(&arrow(&pts, q * 0.13, q * 0.34, q * 0.4)) {
        blend(c, &cov, theme.arrow, 0.8);
    }
}

/// Mixes `color` into the image by the coverage, at opacity `alpha`, row by row (the box
/// of a long arrow holds tens of thousands of pixels, most of them uncovered).
fn blend(c: &mut RgbImage, cov: &ExactCoverage, color: Rgb, alpha: f32) {
    let (w, h) = (c.width() as i64, c.height() as i64);
    let (x0, x1) = (cov.x0.max(0), (cov.x0 + cov.width as i64).min(w));
    if x0 >= x1 {
        return;
    }
    let data: &mut [u8] = c;
    for (row, line) in cov.cov.chunks_exact(cov.width).enumerate() {
        let y = cov.y0 + row as i64;
        if y < 0 || y >= h {
            continue;
        }
        let line = &line[(x0 - cov.x0) as usize..(x1 - cov.x0) as usize];
        let start = (y * w + x0) as usize * 3;
        let pixels = &mut data[start..start + line.len() * 3];
        for (p, &k) in pixels.chunks_exact_mut(3).zip(line) {
            let a = k * alpha;
            // The rasteriser leaves float dust right of every edge; below this no channel
            // moves, so the pixel is left alone.
            if a < 1.0 / 512.0 {
                continue;
            }
            for (d, &s) in p.iter_mut().zip(&color) {
                let v = *d as f32;
                *d = (v + (s as f32 - v) * a + 0.5) as u8;
            }
        }
    }
}

/// The hole as an infield: captures at each side's edge, the move number and whose turn it
/// is (or the result) in the middle.
fn infield(c: &mut RgbImage, layout: &Layout, view: &BoardView, theme: &Theme, assets: &Assets) {
    let fonts = fonts();
    let q = layout.cell as f32;
    let (hx0, hy0, hx1, hy1) = layout.hole();
    let (hx0, hy0, hx1, hy1) = (hx0 as f32, hy0 as f32, hx1 as f32, hy1 as f32);
    let cx = (hx0 + hx1) / 2.0;
    let bottom = layout.orientation;

    // Each side's captures, shown at its own edge of the hole: the pieces it took.
    for (taker, y) in [
        (bottom.opponent(), hy0 + q * 0.42),
        (bottom, hy1 - q * 0.42),
    ] {
        let mut taken: Vec<Piece> = view
            .captured
            .iter()
            .copied()
            .filter(|p| p.color != taker)
            .collect();
        taken.sort_by_key(|p| p.kind.index());
        captured_row(c, &assets.small_pieces, &taken, cx, y, hx1 - hx0 - q * 0.5);
    }

    let big = Text {
        font: &fonts.bold,
        px: q * 0.34,
    };
    let small = Text {
        font: &fonts.bold,
        px: q * 0.22,
    };
    let position = &view.position;
    let mid = (hy0 + hy1) / 2.0;
    // Inside the faint clockwise ring, whatever the text.
    let room = q * 2.3;
    match view.outcome {
        Some(outcome) => {
            let (score, line) = match (outcome.winner, outcome.termination) {
                (Some(w), t) => (
                    if w == Color::White { "1–0" } else { "0–1" },
                    format!("{w} wins by {t}"),
                ),
                (None, Termination::Abort) => ("—", "Game aborted".to_string()),
                (None, t) => ("½–½", format!("Draw by {t}")),
            };
            big.draw_centered(c, score, cx, mid - q * 0.2, theme.hole_text);
            small
                .fit(&line, room)
                .draw_centered(c, &line, cx, mid + q * 0.28, theme.hole_text);
        }
        None => {
            let title = format!("Move {}", position.fullmove());
            big.fit(&title, room)
                .draw_centered(c, &title, cx, mid - q * 0.2, theme.hole_text);
            let mover = position.side_to_move();
            let line = if view.check.is_some() {
                format!("{mover} in check")
            } else {
                format!("{mover} to move")
            };
            let color = if view.check.is_some() {
                mix(theme.check, [255, 255, 255], 0.35)
            } else {
                theme.hole_text
            };
            // A disc in the mover's colour ahead of the words: readable without reading.
            let r = assets.mover_radius;
            let gap = q * 0.1;
            let small = small.fit(&line, room - 2.0 * r - gap);
            let w = small.width(&line) + 2.0 * r + gap;
            let x = cx - w / 2.0;
            let y = mid + q * 0.28;
            let disc = &assets.mover_discs[mover.index()];
            disc.draw(c, (x + r).round() as i64, y.round() as i64);
            let cap = small.cap_height();
            small.draw(c, &line, x + 2.0 * r + gap, y + cap / 2.0, color);
        }
    }
}

/// A centred row of small pieces, squeezed closer together when there are many.
fn captured_row(c: &mut RgbImage, set: &PieceSet, pieces: &[Piece], cx: f32, cy: f32, room: f32) {
    if pieces.is_empty() {
        return;
    }
    let cell = set.cell as f32;
    let pitch = (cell * 0.8).min(room / pieces.len() as f32);
    let total = pitch * (pieces.len() - 1) as f32 + cell;
    let mut x = cx - total / 2.0;
    for &p in pieces {
        let y = (cy - cell / 2.0).round() as i64;
        set.get(p).draw(c, x.round() as i64, y);
        x += pitch;
    }
}
