//! What a view paints on whole squares under the pieces: the selected piece's square, the
//! frames round the pieces that can move, and the bend markers taken off the squares where
//! they would read as part of a move.

use image::RgbImage;

use super::BoardView;
use super::layers::{BEND_SQUARES, mix, square_color};
use super::layout::Layout;
use super::theme::{Rgb, Theme};
use crate::rules::{Square, SquareSet};

/// How strongly the selected piece's square takes the target colour.
pub const SELECTED_ALPHA: f32 = 0.6;
/// How opaque the frame round a piece that can move is.
pub const MOVABLE_ALPHA: f32 = 0.6;
/// The frame's distance from the square's edge, as a share of the square.
pub const MOVABLE_INSET: f32 = 0.04;
/// The frame's width, as a share of the square.
pub const MOVABLE_WIDTH: f32 = 0.06;

/// The flat colour `sq` has in this view before anything is drawn on it: its own, tinted
/// when the last move went through it, in the target colour when it is the selected piece's.
pub fn flat_color(view: &BoardView, theme: &Theme, sq: Square) -> Rgb {
    let mut color = square_color(theme, sq);
    if view
        .last_move
        .is_some_and(|mv| mv.from == sq || mv.to == sq)
    {
        color = mix(color, theme.last_move, theme.last_move_alpha as f32 / 100.0);
    }
    if view.selected == Some(sq) {
        color = mix(color, theme.target, SELECTED_ALPHA);
    }
    color
}

/// The squares repainted flat: the selected piece's, and every bend square with a piece or a
/// target mark on it, where the bend marker would peek out beside the piece or under the dot
/// and read as a move.
pub fn repainted(view: &BoardView) -> impl Iterator<Item = Square> + '_ {
    let bends = BEND_SQUARES.iter().map(|name| {
        name.parse::<Square>()
            .expect("bend squares are board squares")
    });
    let hidden =
        bends.filter(|&sq| view.position.piece_at(sq).is_some() || view.targets.contains(sq));
    view.selected
        .into_iter()
        .chain(hidden.filter(move |&sq| view.selected != Some(sq)))
}

/// Paints the selected square and the covered bend squares flat (but those in `skip`, whose
/// pixels the caller already has), then frames every piece that can move.
pub fn draw(c: &mut RgbImage, layout: &Layout, view: &BoardView, theme: &Theme, skip: SquareSet) {
    for sq in repainted(view).filter(|&sq| !skip.contains(sq)) {
        let color = image::Rgb(flat_color(view, theme, sq));
        let (x0, y0) = layout.square_origin(sq);
        for y in y0..y0 + layout.cell {
            for x in x0..x0 + layout.cell {
                c.put_pixel(x, y, color);
            }
        }
    }
    for sq in view.movable {
        for (x, y) in frame(layout, sq) {
            let p = c.get_pixel_mut(x, y);
            p.0 = mix(p.0, theme.target, MOVABLE_ALPHA);
        }
    }
}

/// The pixels of the frame round a movable piece's square: a band [`MOVABLE_WIDTH`] wide,
/// [`MOVABLE_INSET`] in from the square's edge.
pub fn frame(layout: &Layout, sq: Square) -> impl Iterator<Item = (u32, u32)> {
    let q = layout.cell as f32;
    let inset = (q * MOVABLE_INSET).round() as u32;
    let width = (q * MOVABLE_WIDTH).round().max(2.0) as u32;
    let (x0, y0) = layout.square_origin(sq);
    let (lo, hi) = (inset, layout.cell - inset);
    (lo..hi).flat_map(move |dy| {
        (lo..hi).filter_map(move |dx| {
            let edge = dx < lo + width || dx >= hi - width || dy < lo + width || dy >= hi - width;
            edge.then_some((x0 + dx, y0 + dy))
        })
    })
}
