//! One move's picture: a copy of the cached background with the move's layers on top, and
//! the caption bars around it when the view names its game.
//!
//! [`draw_on`] is the one drawing of a board: it also marks where it drew ([`Tiles`]), so the
//! board PNG can keep its canvas between renders and put back and map only those places
//! ([`super::scratch`]), and may leave out the squares whose palette indices the PNG already
//! keeps ([`super::square_cache`]); [`draw`] is the same drawing, whole, on a fresh copy of the
//! background.

use image::{GenericImage, GenericImageView, RgbImage};

use super::BoardView;
use super::arrows;
use super::assets::Assets;
use super::caption;
use super::infield;
use super::layout::Layout;
use super::span_raster::SpanRaster;
use super::square_marks;
use super::theme::Rgb;
use super::tiles::{TILE, Tiles};
use super::words::Words;
use crate::rules::{Piece, Square, SquareSet};

/// Draws one view on a copy of the cached background.
pub fn draw(view: &BoardView, assets: &Assets, words: &dyn Words) -> RgbImage {
    let layout = layout(view, assets);
    let mut c = canvas(assets, &layout);
    let mut drawn = Tiles::new(c.width(), c.height());
    draw_on(&mut c, view, assets, words, &mut drawn, &mut |_| {
        SquareSet::EMPTY
    });
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
///
/// Everything is marked before anything is drawn, so that the drawing knows its *plain*
/// squares: those with a tint or a piece whose pixels nothing else is drawn over (no arrow,
/// glow, target, frame, selection, neighbour's overhang), so that they depend only on the
/// square, its tint and its piece ([`SquareKey`]). `keep` is given the plain squares and
/// returns those whose own drawing (tint, flat repaint, piece) is to be left out, because the
/// caller already holds their palette indices ([`super::square_cache`]); their tiles are
/// marked all the same, and their pixels in `c` stay as the background.
pub fn draw_on(
    c: &mut RgbImage,
    view: &BoardView,
    assets: &Assets,
    words: &dyn Words,
    drawn: &mut Tiles,
    keep: &mut dyn FnMut(SquareSet) -> SquareSet,
) {
    let layout = &layout(view, assets);
    let theme = &assets.theme;
    let position = &view.position;
    let cell = |sq: Square| {
        let (x, y) = layout.square_origin(sq);
        let (x, y, q) = (i64::from(x), i64::from(y), i64::from(layout.cell));
        (x, y, x + q, y + q)
    };
    let anchor = |sq: Square| {
        let (x, y) = layout.square_origin(sq);
        (i64::from(x), i64::from(y))
    };
    // Drawn over by something that is not the square's own tint, repaint or piece.
    let mut touched = SquareSet::EMPTY;
    let mut other = |drawn: &mut Tiles, (x0, y0, x1, y1): (i64, i64, i64, i64)| {
        drawn.add(x0, y0, x1, y1);
        for sq in Square::ALL {
            let (a0, b0, a1, b1) = cell(sq);
            if x0 < a1 && a0 < x1 && y0 < b1 && b0 < y1 {
                touched.0 |= 1 << sq.index();
            }
        }
    };
    let own = |drawn: &mut Tiles, (x0, y0, x1, y1): (i64, i64, i64, i64)| {
        drawn.add(x0, y0, x1, y1);
    };

    let tinted: Vec<Square> = view.last_move.map_or(vec![], |mv| vec![mv.from, mv.to]);
    for &sq in &tinted {
        own(drawn, cell(sq));
    }
    for sq in square_marks::repainted(view) {
        own(drawn, cell(sq));
    }
    for sq in view.selected.into_iter().chain(view.movable) {
        other(drawn, cell(sq));
    }
    if let Some(sq) = view.check {
        let (x, y) = anchor(sq);
        other(drawn, assets.check_glow.bounds(x, y));
    }
    let target_mark = |sq: Square| {
        if position.piece_at(sq).is_some() {
            &assets.target_ring
        } else {
            &assets.target_dot
        }
    };
    for sq in view.targets {
        let (x, y) = anchor(sq);
        other(drawn, cell(sq));
        other(drawn, target_mark(sq).bounds(x, y));
    }
    for (sq, piece) in position.pieces() {
        let (x, y) = anchor(sq);
        let (x0, y0, x1, y1) = assets.pieces.get(piece).bounds(x, y);
        let (a0, b0, a1, b1) = cell(sq);
        if x0 < a0 || y0 < b0 || x1 > a1 || y1 > b1 {
            // Over its square's edge: neither it nor the squares it reaches are plain.
            other(drawn, (x0, y0, x1, y1));
        } else {
            own(drawn, (x0, y0, x1, y1));
        }
    }
    // A key moment's board draws only its own arrows; the move before stays tinted. The
    // rebound's and checks' coverage, rasterised once: marked by its reach, blended below.
    let mut turning: Vec<(SpanRaster, Rgb)> = Vec::new();
    if view.arrows.is_empty() {
        let rebound = view
            .last_move
            .and_then(|mv| arrows::rebound_path(layout, view, mv))
            .map(|pts| (pts, theme.arrow));
        let checks = arrows::check_paths(layout, view).into_iter();
        for (pts, color) in rebound.into_iter().chain(checks.map(|p| (p, theme.check))) {
            if let Some(raster) = arrows::raster(layout, pts) {
                for (y0, y1, x0, x1) in raster.reach(TILE as usize) {
                    other(drawn, (x0, y0, x1, y1));
                }
                turning.push((raster, color));
            }
        }
    } else {
        // A key moment's arrows (one board per analysis, not per move): everything.
        other(drawn, (0, 0, layout.size.into(), layout.height().into()));
    }
    // The hole keeps its panel: only what is drawn on it.
    let hole = infield::plan(layout, view, theme, words);
    for item in &hole {
        other(drawn, infield::bounds(item, assets));
    }
    if view.caption.is_some() {
        let (w, bar) = (i64::from(layout.size), i64::from(layout.bar));
        other(drawn, (0, 0, w, bar));
        let bottom = bar + i64::from(layout.size);
        other(drawn, (0, bottom, w, bottom + bar));
    }

    let mut plain = position.occupied();
    for &sq in &tinted {
        plain.0 |= 1 << sq.index();
    }
    let skip = keep(SquareSet(plain.0 & !touched.0));

    for &sq in tinted.iter().filter(|&&sq| !skip.contains(sq)) {
        // The tinted background has no bars: its squares sit `bar` rows higher.
        let (x, y) = layout.square_origin(sq);
        let tinted = assets
            .tinted
            .view(x, y - layout.bar, layout.cell, layout.cell);
        c.copy_from(&*tinted, x, y)
            .expect("a square lies inside the image");
    }
    square_marks::draw(c, layout, view, theme, skip);
    if let Some(sq) = view.check {
        let (x, y) = anchor(sq);
        assets.check_glow.draw(c, x, y);
    }
    for sq in view.targets {
        let (x, y) = anchor(sq);
        target_mark(sq).draw(c, x, y);
    }
    for (sq, piece) in position.pieces().filter(|&(sq, _)| !skip.contains(sq)) {
        let (x, y) = anchor(sq);
        assets.pieces.get(piece).draw(c, x, y);
    }
    for (raster, color) in &turning {
        arrows::paint(c, raster, *color);
    }
    arrows::key_moves(c, layout, view, theme);
    infield::draw(c, &hole, assets);
    if let Some(caption) = &view.caption {
        caption::draw(c, layout, caption, assets, words);
    }
}

/// What a plain square's pixels depend on, besides the option set: the square, whether the
/// last move tinted it, and its piece.
pub type SquareKey = (Square, bool, Option<Piece>);

/// The key of `sq` in this view.
pub fn square_key(view: &BoardView, sq: Square) -> SquareKey {
    let tinted = view
        .last_move
        .is_some_and(|mv| mv.from == sq || mv.to == sq);
    (sq, tinted, view.position.piece_at(sq))
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
