//! The evaluation graph of an analysed game, drawn the way lichess draws it so that players
//! read it at a glance: White's advantage is the light area that rises from the bottom up to
//! the curve, Black's the dark area that hangs from the top down to it, so the curve climbs
//! when White gains and the picture turns light when White wins, dark when Black does.
//!
//! Around the plot: a title line with the game's number, both players and the result; the
//! vertical axis in pawns from White's side (`+1`, `+3`, `+10` above the zero line, `−1`,
//! `−3`, `−10` below, a forced win — mate or the throne — at the very edge, labelled in the
//! reader's language); move numbers along the bottom at a step that keeps them apart, from a
//! one-move game to a 200-move one; and a legend for the two areas and the three marks. Each
//! `?!`, `?` and `??` is a dot on the curve where it was played, in lichess's colours (blue,
//! orange, red, which colour-blind readers tell apart too).
//!
//! The vertical scale is logarithmic in pawns, `ln(1 + |p|) / ln(11)`: `±1`, `±3` and `±10`
//! sit about evenly apart, so a pawn in an even game shows as clearly as a rook in a won one.
//! Scores beyond ten pawns are clamped to it, as the analysis always has; the band between
//! `±10` and the edge is a forced win's alone.
//!
//! For a web page the same graph is drawn as SVG at the page's scale, every position a link
//! to it (`svg.rs`, [`eval_graph_svg`]).
//!
//! Drawn with `image` and `imageproc` (`draw.rs`): the areas and dots through exact coverage
//! (`shapes.rs`), so edges are smooth while every pixel away from an edge is exactly one of
//! [`GraphColors`]' colours and tests can name them; the text with the bundled DejaVu fonts
//! through `ab_glyph` (`text.rs`). Every word comes from the caller ([`GraphLabels`]), in the
//! reader's language.

mod draw;
mod svg;
#[cfg(test)]
mod tests;

pub use draw::eval_graph_image;
pub use svg::{GraphLink, SVG_HEIGHT, SVG_WIDTH, eval_graph_svg};

use super::layers::mix;
use super::{RenderError, Rgb, Theme, encode_png};
use crate::rules::Color;

/// The picture's width in pixels.
pub const GRAPH_WIDTH: u32 = 960;
/// The picture's height in pixels.
pub const GRAPH_HEIGHT: u32 = 460;
/// The plot's left edge: the vertical axis's labels are to its left.
pub const PLOT_X: u32 = 78;
/// The plot's top edge: the title line is above it.
pub const PLOT_Y: u32 = 58;
/// The plot's width.
pub const PLOT_WIDTH: u32 = GRAPH_WIDTH - PLOT_X - 22;
/// The plot's height; the zero line is its middle row.
pub const PLOT_HEIGHT: u32 = 320;
/// The row of the zero line (an even game).
pub const ZERO_ROW: u32 = PLOT_Y + PLOT_HEIGHT / 2;
/// Scores are clamped to this many pawns either way.
pub const CLAMP_PAWNS: f64 = 10.0;
/// The share of the plot's half-height that ten pawns reach; the rest, to the edge, is a
/// forced win's.
const INNER: f64 = 0.8;
/// The pawn values labelled on the vertical axis (and their negatives).
const PAWN_TICKS: [f64; 3] = [1.0, 3.0, 10.0];
/// The radius of a mark's dot, and the width of its dark rim.
const DOT_RADIUS: f32 = 6.5;
const DOT_RIM: f32 = 2.0;
/// Move-number steps, the smallest that keeps the labels apart is used.
const MOVE_STEPS: [u32; 10] = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500];
/// The least room between two move numbers' centres, in pixels.
const MOVE_SPACING: f32 = 46.0;

/// A position's score on the graph, from White's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GraphScore {
    /// Pawns: above 0 White is better. Clamped to ±[`CLAMP_PAWNS`].
    Pawns(f64),
    /// A forced win (mate or the throne) for this side, or a game it has won on the board:
    /// the edge of the plot.
    Win(Color),
}

impl GraphScore {
    /// Where the score sits: −1 (the bottom edge, Black wins) to +1 (the top edge, White
    /// wins).
    pub fn level(self) -> f64 {
        match self {
            GraphScore::Win(Color::White) => 1.0,
            GraphScore::Win(Color::Black) => -1.0,
            GraphScore::Pawns(p) => pawn_level(p),
        }
    }
}

/// The level of `pawns` on the logarithmic scale, within ±[`INNER`].
fn pawn_level(pawns: f64) -> f64 {
    let p = if pawns.is_nan() { 0.0 } else { pawns };
    let p = p.clamp(-CLAMP_PAWNS, CLAMP_PAWNS);
    p.signum() * (1.0 + p.abs()).ln() / (1.0 + CLAMP_PAWNS).ln() * INNER
}

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

impl Severity {
    /// The three, mildest first, as the legend lists them.
    pub const ALL: [Severity; 3] = [Severity::Inaccuracy, Severity::Mistake, Severity::Blunder];

    /// As written after the move.
    pub fn suffix(self) -> &'static str {
        match self {
            Severity::Inaccuracy => "?!",
            Severity::Mistake => "?",
            Severity::Blunder => "??",
        }
    }
}

/// A marked move: its dot sits on the score of the position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphMark {
    /// The index in [`EvalGraph::scores`] of the position after the move.
    pub position: usize,
    /// How bad it was.
    pub severity: Severity,
}

/// The words on the picture, in the reader's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GraphLabels {
    /// The title: the game's number and both players (`Game #12: alice vs bob`).
    pub title: String,
    /// The result, right of the title (`0–1 · checkmate`).
    pub result: String,
    /// The axis label of a forced win — checkmate or the throne — at both edges (`win`).
    pub win: String,
    /// The word under the vertical axis, left of the move numbers (`move`).
    pub moves: String,
    /// The legend of the light area (`White`).
    pub white: String,
    /// The legend of the dark area (`Black`).
    pub black: String,
    /// The legend of the three marks, in [`Severity::ALL`]'s order (`inaccuracy`, …).
    pub marks: [String; 3],
}

/// What the graph shows.
#[derive(Clone, Copy, Debug)]
pub struct EvalGraph<'a> {
    /// One score per position, the start first.
    pub scores: &'a [GraphScore],
    /// The marked moves.
    pub marks: &'a [GraphMark],
    /// The move number of the first position (1 for a game from the start).
    pub first_move: u32,
    /// Who is to move in the first position.
    pub first_side: Color,
    /// The words.
    pub labels: &'a GraphLabels,
}

/// The graph's colours, from a board theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphColors {
    /// Around the plot.
    pub background: Rgb,
    /// The title, the axis labels and the legend.
    pub text: Rgb,
    /// The lesser words: the result, the axis's unit, the move numbers.
    pub muted: Rgb,
    /// White's area, under the curve.
    pub white: Rgb,
    /// Black's area, over the curve: darker than the background, so it reads as the dark
    /// side on Discord's dark theme as on its light one.
    pub black: Rgb,
    /// A grid line crossing White's area.
    pub white_grid: Rgb,
    /// A grid line crossing Black's area.
    pub black_grid: Rgb,
    /// The zero line.
    pub zero: Rgb,
    /// The rim of a mark's dot.
    pub rim: Rgb,
}

impl GraphColors {
    /// The colours for `theme`: the frame's colour around, the hole's text colour for White,
    /// the hole's colour darkened for Black.
    pub fn of(theme: &Theme) -> GraphColors {
        let white = theme.hole_text;
        let black = mix(theme.hole, [0, 0, 0], 0.45);
        GraphColors {
            background: theme.frame,
            text: theme.coordinates,
            muted: theme.hole_muted,
            white,
            black,
            white_grid: mix(white, black, 0.13),
            black_grid: mix(black, white, 0.13),
            zero: theme.hole_muted,
            rim: mix(theme.hole, [0, 0, 0], 0.6),
        }
    }
}

/// The colour of a mark's dot: lichess's blue, orange and red.
pub fn mark_colour(severity: Severity) -> Rgb {
    match severity {
        Severity::Inaccuracy => [86, 180, 233],
        Severity::Mistake => [230, 159, 0],
        Severity::Blunder => [219, 48, 49],
    }
}

/// The x of position `index` of `count`: the first on the plot's left edge, the last on its
/// right edge; a lone position in the middle.
pub fn x_of(index: usize, count: usize) -> f32 {
    if count < 2 {
        return PLOT_X as f32 + PLOT_WIDTH as f32 / 2.0;
    }
    PLOT_X as f32 + index as f32 * PLOT_WIDTH as f32 / (count - 1) as f32
}

/// The pixel column of position `index` of `count`, inside the plot.
pub fn column_of(index: usize, count: usize) -> u32 {
    (x_of(index, count).floor() as u32).min(PLOT_X + PLOT_WIDTH - 1)
}

/// The y of a level (−1 … +1): +1 on the plot's top edge, −1 on its bottom edge.
pub fn y_of(level: f64) -> f32 {
    (f64::from(PLOT_Y) + f64::from(PLOT_HEIGHT) / 2.0 * (1.0 - level.clamp(-1.0, 1.0))) as f32
}

/// The pixel row of a score, inside the plot.
pub fn row_of(score: GraphScore) -> u32 {
    (y_of(score.level()).floor() as u32).clamp(PLOT_Y, PLOT_Y + PLOT_HEIGHT - 1)
}

/// The index of the position after `color`'s move `number`, if the graph has it.
pub fn position_of_move(graph: &EvalGraph<'_>, number: u32, color: Color) -> Option<usize> {
    let start = 2 * i64::from(graph.first_move) - 2 + i64::from(graph.first_side == Color::Black);
    let after = 2 * i64::from(number) - 1 + i64::from(color == Color::Black);
    let index = after - start;
    (index >= 1 && (index as usize) < graph.scores.len()).then_some(index as usize)
}

/// The move numbers labelled along the bottom, each at the position after White's move (or
/// Black's, for a first move of Black's), at a step that keeps them [`MOVE_SPACING`] apart.
pub fn move_ticks(graph: &EvalGraph<'_>) -> Vec<(u32, usize)> {
    let count = graph.scores.len();
    if count < 2 {
        return Vec::new();
    }
    let per_move = 2.0 * PLOT_WIDTH as f32 / (count - 1) as f32;
    let step = MOVE_STEPS
        .into_iter()
        .find(|&s| s as f32 * per_move >= MOVE_SPACING)
        .unwrap_or(1000);
    let last = graph.first_move + count as u32 / 2 + 1;
    (graph.first_move..=last)
        .filter(|n| step == 1 || n % step == 0)
        .filter_map(|n| {
            position_of_move(graph, n, Color::White)
                .or_else(|| {
                    position_of_move(graph, n, Color::Black).filter(|_| n == graph.first_move)
                })
                .map(|i| (n, i))
        })
        .collect()
}

/// The graph as PNG bytes.
pub fn render_eval_graph(graph: &EvalGraph<'_>, theme: &Theme) -> Result<Vec<u8>, RenderError> {
    encode_png(&eval_graph_image(graph, theme))
}
