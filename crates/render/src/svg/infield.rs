//! The hole's contents, from the same plan the PNG draws: the move number and whose turn it
//! is (or the result, or a key moment's arrows explained), and each side's captures.

use super::defs::{piece_code, piece_id};
use super::write::{self, Hex, Num, escape, put};
use super::{FONT_FAMILY, font_size};
use crate::BoardView;
use crate::arrows;
use crate::assets::fonts;
use crate::infield::{Item, mover_radius, plan};
use crate::layout::Layout;
use crate::rules::Color;
use crate::text::Text;
use crate::theme::Theme;
use crate::words::Words;

/// Writes the hole's items. Text is bold, at the PNG's size and place, and held to the width
/// DejaVu Sans Bold gives it (`textLength`), so a reader without that font still sees it fit.
pub fn write(
    out: &mut String,
    layout: &Layout,
    view: &BoardView,
    theme: &Theme,
    words: &dyn Words,
) {
    let items = plan(layout, view, theme, words);
    put(
        out,
        format_args!(
            r#"<g class="infield" pointer-events="none" font-family="{FONT_FAMILY}" font-weight="bold">"#
        ),
    );
    let q = layout.cell as f32;
    for item in items {
        match item {
            Item::Text {
                text,
                px,
                x,
                baseline,
                color,
            } => {
                let width = Text {
                    font: &fonts().bold,
                    px,
                }
                .width(&text);
                put(
                    out,
                    format_args!(
                        r#"<text x="{}" y="{}" font-size="{}" fill="{}" textLength="{}" lengthAdjust="spacingAndGlyphs">{}</text>"#,
                        Num(x),
                        Num(baseline),
                        Num(font_size(px)),
                        Hex(color),
                        Num(width),
                        escape(&text)
                    ),
                );
            }
            Item::Piece { piece, x, y, cell } => put(
                out,
                format_args!(
                    r##"<use class="captured" data-piece="{}" href="#{}" transform="translate({x} {y}) scale({})"/>"##,
                    piece_code(piece),
                    piece_id(piece),
                    // Three decimals: the scale multiplies a whole square.
                    format_args!("{:.3}", cell as f32 / q)
                ),
            ),
            Item::Disc { side, cx, cy } => {
                let r = mover_radius(layout);
                let (fill, ring) = match side {
                    Color::White => (theme.white_piece, theme.white_piece_line),
                    Color::Black => (theme.black_piece, theme.black_piece_halo),
                };
                put(
                    out,
                    format_args!(
                        r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{}"/><circle cx="{cx}" cy="{cy}" r="{}" fill="{}"/>"#,
                        Num(r + 1.2),
                        Hex(ring),
                        Num(r),
                        Hex(fill)
                    ),
                );
            }
            Item::Swatch { x, cy, len, color } => {
                write::arrows(out, &[arrows::swatch_parts(x, cy, len)], color, 1.0, "")
            }
        }
    }
    out.push_str("</g>");
}
