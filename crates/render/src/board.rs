//! One move's picture: a copy of the cached background with the move's layers on top, and
//! the caption bars around it when the view names its game.
//!
//! [`draw_on`] is the one drawing of a board: it also marks where it drew ([`Tiles`]), so the
//! board PNG can keep its canvas between renders and put back and map only those places
//! ([`super::scratch`]); [`draw`] is the same drawing on a fresh copy of the background.

use image::{GenericImage, GenericImageView, RgbImage};

use super::BoardView;
use super::arrows;
use super::assets::Assets;
use super::caption;
use super::infield;
use super::layout::Layout;
use super::shapes;
use super::sprite::Sprite;
use super::square_marks;
use super::tiles::Tiles;
use super::words::Words;
use crate::rules::Square;

/// Draws one view on a copy of the cached background.
pub fn draw(view: &BoardView, assets: &Assets, words: &dyn Words) -> RgbImage {
    let layout = layout(view, assets);
    let mut c = canvas(assets, &layout);
    let mut drawn = Tiles::new(c.width(), c.height());
    draw_on(&mut c, view, assets, words, &mut drawn);
    c
}

/// The layout of a view's image: captioned when the view has a caption.
pub fn layout(view: &BoardView, assets: &Assets) -> Layout {
    match view.caption {
        Some(_) => assets.layout.captioned(),
        None => assets.layout,
    }
}

/// Draws one view on `c`, which must be [`canvas`] as it was made (the background, and the
/// bars' room zeroed), and marks in `drawn` every pixel it may have changed.
pub fn draw_on(
    c: &mut RgbImage,
    view: &BoardView,
    assets: &Assets,
    words: &dyn Words,
    drawn: &mut Tiles,
) {
    let layout = &layout(view, assets);
    let theme = &assets.theme;
    let position = &view.position;
    let square = |drawn: &mut Tiles, sq: Square| {
        let (x, y) = layout.square_origin(sq);
        let (x, y, q) = (i64::from(x), i64::from(y), i64::from(layout.cell));
        drawn.add(x, y, x + q, y + q);
    };
    let sprite = |c: &mut RgbImage, drawn: &mut Tiles, s: &Sprite, sq: Square| {
        let (x, y) = layout.square_origin(sq);
        let (x, y) = (i64::from(x), i64::from(y));
        let (x0, y0, x1, y1) = s.bounds(x, y);
        drawn.add(x0, y0, x1, y1);
        s.draw(c, x, y);
    };

    if let Some(mv) = view.last_move {
        for sq in [mv.from, mv.to] {
            // The tinted background has no bars: its squares sit `bar` rows higher.
            let (x, y) = layout.square_origin(sq);
            let tinted = assets
                .tinted
                .view(x, y - layout.bar, layout.cell, layout.cell);
            c.copy_from(&*tinted, x, y)
                .expect("a square lies inside the image");
            square(drawn, sq);
        }
    }
    for sq in square_marks::repainted(view).chain(view.movable) {
        square(drawn, sq);
    }
    square_marks::draw(c, layout, view, theme);
    if let Some(sq) = view.check {
        sprite(c, drawn, &assets.check_glow, sq);
    }
    for sq in view.targets {
        let mark = if position.piece_at(sq).is_some() {
            &assets.target_ring
        } else {
            &assets.target_dot
        };
        sprite(c, drawn, mark, sq);
    }
    for (sq, piece) in position.pieces() {
        sprite(c, drawn, assets.pieces.get(piece), sq);
    }
    // A key moment's board draws only its own arrows; the move before stays tinted.
    if view.arrows.is_empty() {
        let rebound = view
            .last_move
            .and_then(|mv| arrows::rebound_path(layout, view, mv));
        for pts in rebound.into_iter().chain(arrows::check_paths(layout, view)) {
            if let Some((x0, y0, x1, y1)) = shapes::bounds(&arrows::polygons(layout, pts)) {
                drawn.add(x0, y0, x1, y1);
            }
        }
        if let Some(mv) = view.last_move {
            arrows::rebound(c, layout, view, mv, theme);
        }
        arrows::checks(c, layout, view, theme);
    } else {
        // A key moment's arrows (one board per analysis, not per move): everything.
        drawn.add_all();
    }
    arrows::key_moves(c, layout, view, theme);
    let (x0, y0, x1, y1) = layout.hole();
    drawn.add(x0.into(), y0.into(), x1.into(), y1.into());
    infield::draw(c, layout, view, assets, words);
    if let Some(caption) = &view.caption {
        let (w, bar) = (i64::from(layout.size), i64::from(layout.bar));
        drawn.add(0, 0, w, bar);
        let bottom = bar + i64::from(layout.size);
        drawn.add(0, bottom, w, bottom + bar);
        caption::draw(c, layout, caption, assets, words);
    }
}

/// The cached background, with room for the bars above and below when the layout has them
/// (the bars are drawn over that room afterwards).
pub fn canvas(assets: &Assets, layout: &Layout) -> RgbImage {
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
