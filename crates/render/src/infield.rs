//! The hole as an infield: each side's captures at its own edge, and in the middle the move
//! number with whose turn it is, the result, or a key moment's two arrows explained.

use image::RgbImage;

use super::BoardView;
use super::arrows;
use super::assets::{Assets, fonts};
use super::layers::mix;
use super::layout::Layout;
use super::pieces::PieceSet;
use super::text::Text;
use super::words::Words;
use crate::rules::{Color, Piece};

/// Draws the hole's contents.
pub fn draw(c: &mut RgbImage, layout: &Layout, view: &BoardView, assets: &Assets, w: &dyn Words) {
    let fonts = fonts();
    let theme = &assets.theme;
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
    if !view.arrows.is_empty() {
        let title = w.move_number(position.fullmove());
        big.fit(&title, room)
            .draw_centered(c, &title, cx, mid - q * 0.3, theme.hole_text);
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
            let y = mid + q * (0.12 + 0.32 * k as f32);
            let color = arrows::color(theme, a.kind);
            arrows::swatch(c, x, y, key, color);
            // The label in a lighter tint of the arrow's colour, readable on the dark hole.
            let ink = mix(color, [255, 255, 255], 0.45);
            text.draw(c, &a.label, x + key + gap, y + cap / 2.0, ink);
        }
        return;
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
            big.draw_centered(c, score, cx, mid - q * 0.2, theme.hole_text);
            small
                .fit(&line, room)
                .draw_centered(c, &line, cx, mid + q * 0.28, theme.hole_text);
        }
        None => {
            let title = w.move_number(position.fullmove());
            big.fit(&title, room)
                .draw_centered(c, &title, cx, mid - q * 0.2, theme.hole_text);
            let mover = position.side_to_move();
            let line = w.to_move(mover, view.check.is_some());
            let color = if view.check.is_some() {
                mix(theme.check, [255, 255, 255], 0.35)
            } else {
                theme.hole_text
            };
            // A disc in the mover's colour ahead of the words: readable without reading.
            let r = assets.mover_radius;
            let gap = q * 0.1;
            let small = small.fit(&line, room - 2.0 * r - gap);
            let width = small.width(&line) + 2.0 * r + gap;
            let x = cx - width / 2.0;
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
