//! The evaluation graph of an analysed game: White's score over the moves, with the mistakes
//! marked, in the board's colours.
//!
//! The picture is a wide strip framed in the theme's frame colour. Inside, the theme's hole
//! colour is the background and a line across the middle is an even game; for each column the
//! score (interpolated between the positions either side) is filled from the middle up in the
//! light square colour when White is better, down in the dark square colour when Black is. The
//! score is a value from −1 (bottom: Black wins) to +1 (top: White wins), which the caller
//! clamps (a mate sits at the edge). Thin lines every ten moves help count; each marked move is
//! a dot on the score after it: the last-move colour for an inaccuracy, the check colour for a
//! blunder, halfway between for a mistake. No text: the reply that carries the graph says what
//! it shows, in the reader's language.
//!
//! Drawn with `image` and `imageproc`, without anti-aliasing, so every pixel is exactly one of
//! the theme's colours and tests can name them.

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder, Rgb as Pixel, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_line_segment_mut};
use imageproc::rect::Rect;

use super::{RenderError, Rgb, Theme};

/// The picture's width in pixels.
pub const GRAPH_WIDTH: u32 = 800;
/// The picture's height in pixels.
pub const GRAPH_HEIGHT: u32 = 260;
/// The frame around the plot, in pixels.
pub const FRAME: u32 = 10;
/// The plot's height; its middle row is an even game.
pub const PLOT_HEIGHT: u32 = GRAPH_HEIGHT - 2 * FRAME;
/// The plot's width.
pub const PLOT_WIDTH: u32 = GRAPH_WIDTH - 2 * FRAME;
/// The row of an even game.
pub const MIDDLE_ROW: u32 = FRAME + PLOT_HEIGHT / 2;
/// Plies between two of the thin counting lines (ten moves).
const GRID_PLIES: usize = 20;
/// The radius of a mark's dot, its rim one pixel more.
const DOT_RADIUS: i32 = 5;

/// How bad a marked move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

/// A marked move: its dot sits on the score of the position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphMark {
    /// The index in [`EvalGraph::values`] of the position after the move.
    pub position: usize,
    /// How bad it was.
    pub severity: Severity,
}

/// What the graph shows.
#[derive(Clone, Copy, Debug)]
pub struct EvalGraph<'a> {
    /// One score per position, the start first: −1 (Black wins) to +1 (White wins); values
    /// outside are clamped.
    pub values: &'a [f64],
    /// The marked moves.
    pub marks: &'a [GraphMark],
}

/// The column of position `index` of `count` positions: the first at the plot's left edge,
/// the last at its right edge.
pub fn column_of(index: usize, count: usize) -> u32 {
    if count < 2 {
        return FRAME + PLOT_WIDTH / 2;
    }
    let span = (PLOT_WIDTH - 1) as f64;
    FRAME + (index as f64 * span / (count - 1) as f64).round() as u32
}

/// The row of a score: +1 just below the plot's top row, −1 on its bottom row.
pub fn row_of(value: f64) -> u32 {
    let half = f64::from(PLOT_HEIGHT / 2 - 1);
    (f64::from(MIDDLE_ROW) - value.clamp(-1.0, 1.0) * half).round() as u32
}

/// The colour of a mark's dot in `theme`.
pub fn mark_colour(theme: &Theme, severity: Severity) -> Rgb {
    match severity {
        Severity::Inaccuracy => theme.last_move,
        Severity::Blunder => theme.check,
        Severity::Mistake => {
            let (a, b) = (theme.last_move, theme.check);
            [0, 1, 2].map(|i| ((u16::from(a[i]) + u16::from(b[i])) / 2) as u8)
        }
    }
}

/// The graph as an image.
pub fn eval_graph_image(graph: &EvalGraph<'_>, theme: &Theme) -> RgbImage {
    let mut image = RgbImage::from_pixel(GRAPH_WIDTH, GRAPH_HEIGHT, Pixel(theme.frame));
    draw_filled_rect_mut(
        &mut image,
        Rect::at(FRAME as i32, FRAME as i32).of_size(PLOT_WIDTH, PLOT_HEIGHT),
        Pixel(theme.hole),
    );
    let count = graph.values.len();
    let (top, bottom) = (FRAME as f32, (FRAME + PLOT_HEIGHT - 1) as f32);
    for index in (GRID_PLIES..count).step_by(GRID_PLIES) {
        let x = column_of(index, count) as f32;
        draw_line_segment_mut(&mut image, (x, top), (x, bottom), Pixel(theme.hole_muted));
    }
    if count > 0 {
        for x in FRAME..FRAME + PLOT_WIDTH {
            let value = value_at(graph.values, x);
            let y = row_of(value);
            let (from, to, colour) = if y < MIDDLE_ROW {
                (y, MIDDLE_ROW, theme.light)
            } else {
                (MIDDLE_ROW, y, theme.dark)
            };
            for row in from..=to {
                image.put_pixel(x, row, Pixel(colour));
            }
        }
    }
    let (left, right) = (FRAME as f32, (FRAME + PLOT_WIDTH - 1) as f32);
    let middle = MIDDLE_ROW as f32;
    draw_line_segment_mut(
        &mut image,
        (left, middle),
        (right, middle),
        Pixel(theme.hole_muted),
    );
    for mark in graph.marks {
        let Some(&value) = graph.values.get(mark.position) else {
            continue;
        };
        // Whole dots: one on a mate sits just inside the plot's edge.
        let inside =
            (FRAME as i32 + DOT_RADIUS + 1)..=((FRAME + PLOT_HEIGHT) as i32 - DOT_RADIUS - 2);
        let centre = (
            column_of(mark.position, count) as i32,
            (row_of(value) as i32).clamp(*inside.start(), *inside.end()),
        );
        draw_filled_circle_mut(&mut image, centre, DOT_RADIUS + 1, Pixel(theme.frame));
        draw_filled_circle_mut(
            &mut image,
            centre,
            DOT_RADIUS,
            Pixel(mark_colour(theme, mark.severity)),
        );
    }
    image
}

/// The score under column `x`, between the two positions either side of it.
fn value_at(values: &[f64], x: u32) -> f64 {
    if values.len() < 2 {
        return values.first().copied().unwrap_or(0.0);
    }
    let span = f64::from(PLOT_WIDTH - 1);
    let t = f64::from(x - FRAME) / span * (values.len() - 1) as f64;
    let i = (t.floor() as usize).min(values.len() - 2);
    let frac = t - i as f64;
    values[i] * (1.0 - frac) + values[i + 1] * frac
}

/// The graph as PNG bytes.
pub fn render_eval_graph(graph: &EvalGraph<'_>, theme: &Theme) -> Result<Vec<u8>, RenderError> {
    let image = eval_graph_image(graph, theme);
    let mut png = Vec::new();
    PngEncoder::new(&mut png)
        .write_image(
            image.as_raw(),
            GRAPH_WIDTH,
            GRAPH_HEIGHT,
            ExtendedColorType::Rgb8,
        )
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(png)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blunder_shows_as_a_fall_and_a_red_dot() {
        let theme = Theme::WOOD;
        // Even for five positions, then Black mates.
        let values = [0.0, 0.05, -0.02, 0.0, 0.0, -1.0, -1.0];
        let marks = [GraphMark {
            position: 5,
            severity: Severity::Blunder,
        }];
        let image = eval_graph_image(
            &EvalGraph {
                values: &values,
                marks: &marks,
            },
            &theme,
        );
        let at = |x: u32, y: u32| image.get_pixel(x, y).0;
        let bottom = FRAME + PLOT_HEIGHT - 2;
        // Before the blunder the bottom of the plot is empty; after it, filled dark.
        assert_eq!(at(column_of(3, 7), bottom), theme.hole);
        assert_eq!(at(column_of(6, 7) - 1, bottom), theme.dark);
        // The dot sits on the mated score at the blunder's column, whole inside the plot.
        let centre = FRAME + PLOT_HEIGHT - DOT_RADIUS as u32 - 2;
        assert_eq!(at(column_of(5, 7), centre), theme.check);
        assert_eq!(
            at(column_of(5, 7), centre + DOT_RADIUS as u32 + 1),
            theme.frame
        );
        // The frame stays the frame.
        assert_eq!(at(0, 0), theme.frame);
        assert_eq!(at(column_of(1, 7), MIDDLE_ROW), theme.hole_muted);
    }

    #[test]
    fn mistakes_take_colours_between_the_themes_tints() {
        let theme = Theme::SLATE;
        assert_eq!(mark_colour(&theme, Severity::Inaccuracy), theme.last_move);
        assert_eq!(mark_colour(&theme, Severity::Mistake), [192, 99, 0]);
        assert_eq!(row_of(1.0), FRAME + 1);
        assert_eq!(row_of(-3.0), FRAME + PLOT_HEIGHT - 1);
        assert_eq!(column_of(0, 5), FRAME);
        assert_eq!(column_of(4, 5), FRAME + PLOT_WIDTH - 1);
    }
}
