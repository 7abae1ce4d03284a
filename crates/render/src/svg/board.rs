//! The board under the pieces: the frame, the 40 squares (the page's hooks), the hole with
//! its clockwise ring, the bend marks and the coordinates, from the PNG's own geometry.

use super::write::{Hex, Num, Share, arrows, escape, polygons, put};
use super::{FONT_FAMILY, font_size};
use crate::BoardView;
use crate::assets::fonts;
use crate::layers::{
    BEND_ARROW_ALPHA, BEND_SQUARES, RoundRect, THRONE_SQUARES, bend_arrow_color, bend_arrow_parts,
    coordinate_labels, crown, hole_shapes,
};
use crate::layout::Layout;
use crate::rules::Square;
use crate::square_marks::{MOVABLE_ALPHA, MOVABLE_INSET, MOVABLE_WIDTH, flat_color, repainted};
use crate::text::Text;
use crate::theme::Theme;

/// The frame and the squares. Each square is a `<rect class="sq" data-square="c2">`, with
/// `last` for the last move's two (tinted as the PNG tints them), `selected` for the piece
/// whose targets are shown and `check` for the square of a king in check; its colour is a
/// presentation attribute, so the page's CSS can override it. A piece that can move has its
/// square framed by a `<rect class="movable">`.
pub fn squares(out: &mut String, layout: &Layout, theme: &Theme, view: &BoardView) {
    put(
        out,
        format_args!(
            r#"<rect width="{0}" height="{0}" fill="{1}"/>"#,
            layout.size,
            Hex(theme.frame)
        ),
    );
    for sq in Square::ALL {
        let (x, y) = layout.square_origin(sq);
        let color = flat_color(view, theme, sq);
        let mut class = String::from("sq");
        if view
            .last_move
            .is_some_and(|mv| mv.from == sq || mv.to == sq)
        {
            class.push_str(" last");
        }
        if view.selected == Some(sq) {
            class.push_str(" selected");
        }
        if view.check == Some(sq) {
            class.push_str(" check");
        }
        put(
            out,
            format_args!(
                r#"<rect class="{class}" data-square="{sq}" x="{x}" y="{y}" width="{c}" height="{c}" fill="{}"/>"#,
                Hex(color),
                c = layout.cell,
            ),
        );
    }
    let q = layout.cell as f32;
    let width = (q * MOVABLE_WIDTH).round().max(2.0);
    let inset = (q * MOVABLE_INSET).round() + width / 2.0;
    for sq in view.movable {
        let (x, y) = layout.square_origin(sq);
        put(
            out,
            format_args!(
                r#"<rect class="movable" data-square="{sq}" pointer-events="none" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="{}" opacity="{}"/>"#,
                Num(x as f32 + inset),
                Num(y as f32 + inset),
                Num(q - 2.0 * inset),
                Num(q - 2.0 * inset),
                Hex(theme.target),
                Num(width),
                Share(MOVABLE_ALPHA)
            ),
        );
    }
}

/// The hole (its shaded rim, the recess, the faint clockwise ring of arrows), the bend marks
/// on the bend squares left bare (as in the PNG, none under a piece or a target mark), the
/// throne crowns and the coordinates on all four edges. None of it takes clicks: they go
/// through to the squares.
pub fn fixtures(out: &mut String, layout: &Layout, theme: &Theme, view: &BoardView) {
    out.push_str(r#"<g pointer-events="none">"#);
    let hole = hole_shapes(layout, theme);
    round_rect(out, &hole.rim, hole.shade);
    round_rect(out, &hole.recess, theme.hole);
    arrows(out, &hole.hint, hole.hint_color, 1.0, "");
    let covered: Vec<Square> = repainted(view).collect();
    for name in BEND_SQUARES {
        let sq: Square = name.parse().expect("bend squares are board squares");
        if covered.contains(&sq) {
            continue;
        }
        arrows(
            out,
            &[bend_arrow_parts(layout, sq)],
            bend_arrow_color(theme, sq),
            BEND_ARROW_ALPHA,
            r#" class="bend""#,
        );
    }
    for name in THRONE_SQUARES {
        let sq: Square = name.parse().expect("thrones are board squares");
        put(
            out,
            format_args!(
                r#"<path class="throne" d="{}" fill="{}" opacity="{}"/>"#,
                polygons(&[crown(layout, sq)]),
                Hex(bend_arrow_color(theme, sq)),
                Share(BEND_ARROW_ALPHA)
            ),
        );
    }
    let (px, labels) = coordinate_labels(layout);
    // The PNG centres a label's cap height on its point; the baseline sits half of it lower.
    let cap = Text {
        font: &fonts().bold,
        px,
    }
    .cap_height();
    put(
        out,
        format_args!(
            r#"<g class="coords" font-family="{FONT_FAMILY}" font-weight="bold" font-size="{}" fill="{}" text-anchor="middle">"#,
            Num(font_size(px)),
            Hex(theme.coordinates)
        ),
    );
    for (text, x, y) in &labels {
        put(
            out,
            format_args!(
                r#"<text x="{}" y="{}">{}</text>"#,
                Num(*x),
                Num(y + cap / 2.0),
                escape(text)
            ),
        );
    }
    out.push_str("</g></g>");
}

/// A rounded rectangle as `<rect rx>`.
fn round_rect(out: &mut String, r: &RoundRect, color: crate::theme::Rgb) {
    put(
        out,
        format_args!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{}"/>"#,
            Num(r.x0),
            Num(r.y0),
            Num(r.x1 - r.x0),
            Num(r.y1 - r.y0),
            Num(r.r),
            Hex(color)
        ),
    );
}
