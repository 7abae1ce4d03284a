//! The hole as an infield: each side's captures at its own edge, and in the middle the move
//! number with whose turn it is, the result, or a key moment's arrows explained.

use image::RgbImage;

use super::BoardView;
use super::arrows;
use super::assets::{Assets, fonts};
use super::layers::mix;
use super::layout::Layout;
use super::shapes;
use super::text::Text;
use super::theme::{Rgb, Theme};
use super::words::Words;
use crate::rules::{Color, Piece};

/// One thing drawn in the hole, placed: what the PNG paints and the SVG writes.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A line of text in the bold font, its baseline's left end at (`x`, `baseline`).
    Text {
        /// The words.
        text: String,
        /// The font size in pixels.
        px: f32,
        /// The left end of the baseline.
        x: f32,
        /// The baseline, in pixels from the top.
        baseline: f32,
        /// The ink.
        color: Rgb,
    },
    /// A captured piece drawn small, its `cell`-pixel square's top-left corner at (`x`, `y`).
    Piece {
        /// The piece.
        piece: Piece,
        /// The left edge of its small square.
        x: i64,
        /// The top edge of its small square.
        y: i64,
        /// The side of its small square.
        cell: u32,
    },
    /// The disc of the side to move, centred at (`cx`, `cy`), [`Plan::mover_radius`] large.
    Disc {
        /// The side to move.
        side: Color,
        /// The centre, across.
        cx: i64,
        /// The centre, down.
        cy: i64,
    },
    /// A key-moment arrow's swatch: a small arrow from (`x`, `cy`) to the right, `len` long.
    Swatch {
        /// The left end.
        x: f32,
        /// The middle line.
        cy: f32,
        /// The length.
        len: f32,
        /// The arrow's colour.
        color: Rgb,
    },
}

/// The captured pieces in the hole are drawn at this fraction of a square.
pub const SMALL_PIECE: f32 = 0.56;

/// The side of a captured piece's small square in the hole.
pub fn small_cell(layout: &Layout) -> u32 {
    (layout.cell as f32 * SMALL_PIECE).round() as u32
}

/// The radius of the disc ahead of "White to move".
pub fn mover_radius(layout: &Layout) -> f32 {
    layout.cell as f32 * 0.1
}

/// Draws the hole's contents, as [`plan`] placed them.
pub fn draw(c: &mut RgbImage, items: &[Item], assets: &Assets) {
    let fonts = fonts();
    for item in items {
        match item {
            Item::Text {
                text,
                px,
                x,
                baseline,
                color,
            } => Text {
                font: &fonts.bold,
                px: *px,
            }
            .draw(c, text, *x, *baseline, *color),
            Item::Piece { piece, x, y, .. } => assets.small_pieces.get(*piece).draw(c, *x, *y),
            Item::Disc { side, cx, cy } => assets.mover_discs[side.index()].draw(c, *cx, *cy),
            Item::Swatch { x, cy, len, color } => arrows::swatch(c, *x, *cy, *len, *color),
        }
    }
}

/// The pixels [`draw`] may change for an item, `(x0, y0, x1, y1)`, ends exclusive: what a
/// board marks instead of the whole hole, most of which stays as the background has it.
/// Text gets a margin of its size around its advance and ascent, for overhanging glyphs.
pub fn bounds(item: &Item, assets: &Assets) -> (i64, i64, i64, i64) {
    match item {
        Item::Text {
            text,
            px,
            x,
            baseline,
            ..
        } => {
            let width = Text {
                font: &fonts().bold,
                px: *px,
            }
            .width(text);
            (
                (x - px).floor() as i64,
                (baseline - 2.0 * px).floor() as i64,
                (x + width + px).ceil() as i64,
                (baseline + px).ceil() as i64,
            )
        }
        Item::Piece { piece, x, y, .. } => assets.small_pieces.get(*piece).bounds(*x, *y),
        Item::Disc { side, cx, cy } => assets.mover_discs[side.index()].bounds(*cx, *cy),
        Item::Swatch { x, cy, len, .. } => {
            shapes::bounds(&arrows::swatch_polygons(*x, *cy, *len)).unwrap_or((0, 0, 0, 0))
        }
    }
}

/// Everything the hole shows, placed, in drawing order: each side's captures at its own edge,
/// and in the middle the move number with whose turn it is, the result, or a key moment's
/// arrows explained.
pub fn plan(layout: &Layout, view: &BoardView, theme: &Theme, w: &dyn Words) -> Vec<Item> {
    let mut items = Vec::new();
    let fonts = fonts();
    let q = layout.cell as f32;
    let (hx0, hy0, hx1, hy1) = layout.hole();
    let (hx0, hy0, hx1, hy1) = (hx0 as f32, hy0 as f32, hx1 as f32, hy1 as f32);
    let cx = (hx0 + hx1) / 2.0;
    let bottom = layout.orientation;

    // Each side's captures, shown at its own edge of the hole: the pieces it took.
    let small_cell = small_cell(layout);
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
        captured_row(&mut items, small_cell, &taken, cx, y, hx1 - hx0 - q * 0.5);
    }

    let big = Text {
        font: &fonts.bold,
        px: q * 0.34,
    };
    let small = Text {
        font: &fonts.bold,
        px: q * 0.22,
    };
    // Text centred on `x` with its cap height centred on `y`, as `Text::draw_centered` lays it.
    let centred = |items: &mut Vec<Item>, t: &Text, text: &str, x: f32, y: f32, color: Rgb| {
        let width = t.width(text);
        let cap = t.cap_height();
        items.push(Item::Text {
            text: text.to_string(),
            px: t.px,
            x: x - width / 2.0,
            baseline: y + cap / 2.0,
            color,
        });
    };
    let position = &view.position;
    let mid = (hy0 + hy1) / 2.0;
    // Inside the faint clockwise ring, whatever the text.
    let room = q * 2.3;
    if !view.arrows.is_empty() {
        // Past two arrows, the block of lines moves up and closes up, clear of the captures.
        let extra = view.arrows.len().saturating_sub(2) as f32;
        let pitch = if extra > 0.0 { 0.28 } else { 0.32 };
        let title = w.move_number(position.fullmove());
        let fitted = big.fit(&title, room);
        centred(
            &mut items,
            &fitted,
            &title,
            cx,
            mid - q * (0.3 + 0.15 * extra),
            theme.hole_text,
        );
        // One line per arrow: a swatch of its colour, then its label.
        let key = q * 0.3;
        let gap = q * 0.08;
        let labels: Vec<&str> = view.arrows.iter().map(|a| a.label.as_str()).collect();
        let widest = labels.iter().map(|l| small.width(l)).fold(0.0f32, f32::max);
        let text = if widest + key + gap > room {
            Text {
                px: small.px * (room - key - gap) / widest,
                ..small
            }
        } else {
            small
        };
        let line_width = key + gap + labels.iter().map(|l| text.width(l)).fold(0.0, f32::max);
        let x = cx - line_width / 2.0;
        let cap = text.cap_height();
        for (k, a) in view.arrows.iter().enumerate() {
            let y = mid + q * (0.12 - 0.16 * extra + pitch * k as f32);
            let color = arrows::color(theme, a.kind);
            items.push(Item::Swatch {
                x,
                cy: y,
                len: key,
                color,
            });
            // The label in a lighter tint of the arrow's colour, readable on the dark hole.
            items.push(Item::Text {
                text: a.label.clone(),
                px: text.px,
                x: x + key + gap,
                baseline: y + cap / 2.0,
                color: mix(color, [255, 255, 255], 0.45),
            });
        }
        return items;
    }
    match view.outcome {
        Some(outcome) => {
            let score = match outcome.winner {
                Some(Color::White) => "1–0",
                Some(Color::Black) => "0–1",
                None if outcome.termination == crate::rules::Termination::Abort => "—",
                None => "½–½",
            };
            let line = w.result(outcome);
            centred(&mut items, &big, score, cx, mid - q * 0.2, theme.hole_text);
            let fitted = small.fit(&line, room);
            centred(
                &mut items,
                &fitted,
                &line,
                cx,
                mid + q * 0.28,
                theme.hole_text,
            );
        }
        None => {
            let title = w.move_number(position.fullmove());
            let fitted = big.fit(&title, room);
            centred(
                &mut items,
                &fitted,
                &title,
                cx,
                mid - q * 0.2,
                theme.hole_text,
            );
            let mover = position.side_to_move();
            let line = w.to_move(mover, view.check.is_some());
            let color = if view.check.is_some() {
                mix(theme.check, [255, 255, 255], 0.35)
            } else {
                theme.hole_text
            };
            // A disc in the mover's colour ahead of the words: readable without reading.
            let r = mover_radius(layout);
            let gap = q * 0.1;
            let small = small.fit(&line, room - 2.0 * r - gap);
            let width = small.width(&line) + 2.0 * r + gap;
            let x = cx - width / 2.0;
            let y = mid + q * 0.28;
            items.push(Item::Disc {
                side: mover,
                cx: (x + r).round() as i64,
                cy: y.round() as i64,
            });
            let cap = small.cap_height();
            items.push(Item::Text {
                text: line,
                px: small.px,
                x: x + 2.0 * r + gap,
                baseline: y + cap / 2.0,
                color,
            });
        }
    }
    items
}

/// A centred row of small pieces, squeezed closer together when there are many.
fn captured_row(items: &mut Vec<Item>, cell: u32, pieces: &[Piece], cx: f32, cy: f32, room: f32) {
    if pieces.is_empty() {
        return;
    }
    let side = cell as f32;
    let pitch = (side * 0.8).min(room / pieces.len() as f32);
    let total = pitch * (pieces.len() - 1) as f32 + side;
    let mut x = cx - total / 2.0;
    for &piece in pieces {
        let y = (cy - side / 2.0).round() as i64;
        items.push(Item::Piece {
            piece,
            x: x.round() as i64,
            y,
            cell,
        });
        x += pitch;
    }
}
