//! One move's picture: a copy of the cached background with the move's layers on top, and
//! the caption bars around it when the view names its game.

use image::{GenericImage, GenericImageView, RgbImage};

use super::BoardView;
use super::arrows;
use super::assets::Assets;
use super::caption;
use super::infield;
use super::layout::Layout;
use super::square_marks;
use super::words::Words;
use crate::rules::Square;

/// Draws one view on a copy of the cached background.
pub fn draw(view: &BoardView, assets: &Assets, words: &dyn Words) -> RgbImage {
    let layout = match view.caption {
        Some(_) => assets.layout.captioned(),
        None => assets.layout,
    };
    let layout = &layout;
    let theme = &assets.theme;
    let mut c = canvas(assets, layout);
    let position = &view.position;

    if let Some(mv) = view.last_move {
        for sq in [mv.from, mv.to] {
            // The tinted background has no bars: its squares sit `bar` rows higher.
            let (x, y) = layout.square_origin(sq);
            let tinted = assets
                .tinted
                .view(x, y - layout.bar, layout.cell, layout.cell);
            c.copy_from(&*tinted, x, y)
                .expect("a square lies inside the image");
        }
    }
    square_marks::draw(&mut c, layout, view, theme);
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
    // A key moment's board draws only its own arrows; the move before stays tinted.
    if view.arrows.is_empty() {
        if let Some(mv) = view.last_move {
            arrows::rebound(&mut c, layout, view, mv, theme);
        }
        arrows::checks(&mut c, layout, view, theme);
    }
    arrows::key_moves(&mut c, layout, view, theme);
    infield::draw(&mut c, layout, view, assets, words);
    if let Some(caption) = &view.caption {
        caption::draw(&mut c, layout, caption, assets, words);
    }
    c
}

/// The cached background, with room for the bars above and below when the layout has them
/// (the bars are drawn over that room afterwards).
fn canvas(assets: &Assets, layout: &Layout) -> RgbImage {
    if layout.bar == 0 {
        return assets.background.clone();
    }
    let row = layout.size as usize * 3;
    let bar = layout.bar as usize * row;
    let mut raw = Vec::with_capacity(2 * bar + assets.background.as_raw().len());
    raw.resize(bar, 0);
    raw.extend_from_slice(assets.background.as_raw());
    raw.resize(raw.len() + bar, 0);
    RgbImage::from_raw(layout.size, layout.height(), raw).expect("the buffer fits the image")
}
