//! The board as SVG, for the web pages: the same board as the PNG, drawn from the same
//! [`Layout`](crate::Layout), theme, arrow paths, bend marks, infield plan and piece shapes,
//! as vectors, crisp at any size.
//!
//! Written by hand: no crate in the stack writes SVG, and a board is a few hundred elements
//! of a handful of kinds, so string building with one escaping function ([`write`]) is
//! enough. The output suits a page served with `Content-Security-Policy: default-src 'self'`:
//! no `<style>`, no `style` attribute, no script or event attributes, only presentation
//! attributes (`fill`, `stroke`, `opacity`, `font-size`, …), which the page's own stylesheet
//! overrides where it wants to (CSS beats presentation attributes).
//!
//! The page's script and CSS find the board through these hooks: every square is a
//! `<rect class="sq" data-square="c2">` (with `last` on the last move's two squares, `check`
//! under a king in check), every piece a `<use class="piece" data-square="c2" data-piece="wR">`
//! (with `check` on the king in check), every target mark has class `target` and its
//! `data-square`; the decorations over the squares ignore the pointer, so a click lands on a
//! square or a piece.
//!
//! Each piece's shapes are defined once in `<defs>` (from DejaVu Sans's glyph outlines, and
//! the drawn bishop's shapes) and placed with `<use>`: the starting position is about 20 KB.
//! The output is a pure function of its input: the same view gives the same bytes.

mod board;
mod defs;
mod glyphs;
mod infield;
mod marks;
pub(crate) mod write;

#[cfg(test)]
mod tests;

use crate::rules::Piece;
use crate::{BoardView, English, Layout, MAX_SIZE, MIN_SIZE, Options, Words};

/// The fonts the SVG's text asks for: DejaVu Sans as in the PNG, else a close relative.
const FONT_FAMILY: &str = "DejaVu Sans, Verdana, sans-serif";

/// The SVG `font-size` of bold text the PNG draws `px` pixels large: `ab_glyph`'s pixel
/// size is the font's ascent-to-descent height, SVG's is the em.
fn font_size(px: f32) -> f32 {
    use ab_glyph::Font;
    let font = &crate::assets::fonts().bold;
    let em = font.units_per_em().unwrap_or(2048.0);
    px * em / font.height_unscaled()
}

/// Draws a view as an SVG document (a bare board: a view's caption is left to the page, which
/// names the players in HTML), its words in English. See [`render_svg_in`].
pub fn render_svg(view: &BoardView, options: &Options) -> String {
    render_svg_in(view, options, &English)
}

/// Draws a view as an SVG document with its words (the move number, whose turn it is, the
/// result) in the reader's language. The `viewBox` is the PNG's pixel grid at
/// [`Options::size`] (held to [`MIN_SIZE`]..=[`MAX_SIZE`]) and there is no width or height:
/// the page's CSS sizes it. The caption is not drawn.
pub fn render_svg_in(view: &BoardView, options: &Options, words: &dyn Words) -> String {
    let size = options.size.clamp(MIN_SIZE, MAX_SIZE);
    let layout = Layout::new(size, options.orientation);
    let theme = &options.theme;
    let mut out = String::with_capacity(24 * 1024);
    write::put(
        &mut out,
        format_args!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="rb-board" viewBox="0 0 {size} {size}">"#
        ),
    );
    let mut used: Vec<Piece> = view.position.pieces().map(|(_, p)| p).collect();
    used.extend(view.captured.iter().copied());
    defs::write(&mut out, &used, layout.cell, theme);

    board::squares(&mut out, &layout, theme, view);
    board::fixtures(&mut out, &layout, theme, view);
    marks::check_glow(&mut out, &layout, view);
    marks::targets(&mut out, &layout, view, theme);
    marks::pieces(&mut out, &layout, view);
    marks::arrows(&mut out, &layout, view, theme);
    infield::write(&mut out, &layout, view, theme, words);
    out.push_str("</svg>");
    out
}
