//! The board under the pieces: the frame, the 40 squares (the page's hooks), the hole with
//! its clockwise ring, the bend marks and the coordinates, from the PNG's own geometry.

use super::write::{Hex, Num, arrows, escape, put};
use super::{FONT_FAMILY, font_size};
use crate::assets::fonts;
use crate::layers::{
    BEND_ARROW_ALPHA, BEND_SQUARES, RoundRect, bend_arrow_color, bend_arrow_parts,
    coordinate_labels, hole_shapes, mix, square_color,
};
use crate::layout::Layout;
use crate::rules::{Square, SquareSet};
use crate::text::Text;
use crate::theme::Theme;

/// The frame and the squares. Each square is a `<rect class="sq" data-square="c2">`, with
/// `last` for the last move's two (tinted as the PNG tints them) and `check` for the square
/// of a king in check; its colour is a presentation attribute, so the page's CSS can override
/// it.
pub fn squares(
    out: &mut String,
    layout: &Layout,
    theme: &Theme,
    last: SquareSet,
    check: Option<Square>,
) {
    put(
        out,
        format_args!(
            r#"<rect width="{0}" height="{0}" fill="{1}"/>"#,
            layout.size,
            Hex(theme.frame)
        ),
    );
    let alpha = theme.last_move_alpha as f32 / 100.0;
    for sq in Square::ALL {
        let (x, y) = layout.square_origin(sq);
        let mut color = square_color(theme, sq);
        let mut class = String::from("sq");
        if last.contains(sq) {
            color = mix(color, theme.last_move, alpha);
            class.push_str(" last");
        }
        if check == Some(sq) {
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
}

/// The hole (its shaded rim, the recess, the faint clockwise ring of arrows), the bend marks
/// on the eight bend squares and the coordinates on all four edges. None of it takes clicks:
/// they go through to the squares.
pub fn fixtures(out: &mut String, layout: &Layout, theme: &Theme) {
    out.push_str(r#"<g pointer-events="none">"#);
    let hole = hole_shapes(layout, theme);
    round_rect(out, &hole.rim, hole.shade);
    round_rect(out, &hole.recess, theme.hole);
    arrows(out, &hole.hint, hole.hint_color, 1.0, "");
    for name in BEND_SQUARES {
        let sq: Square = name.parse().expect("bend squares are board squares");
        arrows(
            out,
            &[bend_arrow_parts(layout, sq)],
            bend_arrow_color(theme, sq),
            BEND_ARROW_ALPHA,
            r#" class="bend""#,
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
