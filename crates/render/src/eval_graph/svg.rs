//! The evaluation graph for a web page, as SVG: drawn at the page's own scale (a 360-unit-wide
//! picture whose words stay 11 units tall, where the 960-pixel PNG shrunk to a phone's width
//! made them 4 to 6), the same areas, zero line and marks as the PNG, and every position a
//! link to itself.
//!
//! Each position owns the vertical band of the plot around it: an `<a class="point"
//! data-ply="N" href="?ply=N#ply=N">` holding an invisible band (so a click anywhere above or
//! below the curve lands) and the mark's dot, if the move that led there was marked, with a
//! `<title>` naming the move and the evaluation after it. The game page's script replays to
//! `data-ply` as it does for the move list; without the script the link loads that position.
//! As the board's SVG: presentation attributes only, nothing for the page's
//! Content-Security-Policy to refuse, and the same input gives the same bytes.

use super::{EvalGraph, GraphColors, GraphScore, PAWN_TICKS, Rgb, Severity, mark_colour};
use crate::svg::write::{Hex, Num, escape, put};

/// The picture's width, in SVG units.
pub const SVG_WIDTH: f32 = 360.0;
/// The picture's height.
pub const SVG_HEIGHT: f32 = 170.0;
/// The plot's left edge: the pawn labels are to its left.
const LEFT: f32 = 30.0;
/// The plot's right edge.
const RIGHT: f32 = 352.0;
/// The plot's top edge.
const TOP: f32 = 6.0;
/// The plot's bottom edge: the move numbers are under it.
const BOTTOM: f32 = 146.0;
/// The words' size.
const FONT: f32 = 11.0;
/// A mark's dot.
const DOT: f32 = 4.5;
/// The least room between two move numbers' centres.
const SPACING: f32 = 28.0;
/// Move-number steps, the smallest that keeps the labels apart is used.
const STEPS: [u32; 9] = [1, 2, 5, 10, 20, 25, 50, 100, 200];

/// Where a position's point leads and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphLink {
    /// The number of plies to the position (what the page's replay is told).
    pub ply: usize,
    /// What its tooltip says: the move that led there and the evaluation after it.
    pub title: String,
}

/// The x of position `index` of `count`.
fn x(index: usize, count: usize) -> f32 {
    if count < 2 {
        return (LEFT + RIGHT) / 2.0;
    }
    LEFT + index as f32 * (RIGHT - LEFT) / (count - 1) as f32
}

/// The y of a score.
fn y(score: GraphScore) -> f32 {
    let level = score.level().clamp(-1.0, 1.0) as f32;
    TOP + (BOTTOM - TOP) / 2.0 * (1.0 - level)
}

/// The graph as an SVG element for a page, one link per position (`links[i]` for position `i`
/// of `graph.scores`). Every word comes from the caller: the titles, and the legend's, which
/// the page writes under it.
pub fn eval_graph_svg(graph: &EvalGraph<'_>, colors: &GraphColors, links: &[GraphLink]) -> String {
    let count = graph.scores.len();
    let mut out = String::with_capacity(4096 + 400 * count);
    put(
        &mut out,
        format_args!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph\" viewBox=\"0 0 {} {}\" \
             font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"{}\">",
            Num(SVG_WIDTH),
            Num(SVG_HEIGHT),
            Num(FONT)
        ),
    );
    put(
        &mut out,
        format_args!(
            "<rect width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            Num(SVG_WIDTH),
            Num(SVG_HEIGHT),
            Hex(colors.background)
        ),
    );
    // Black's area is the whole plot; White's rises over it from the bottom to the curve.
    put(
        &mut out,
        format_args!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            Num(LEFT),
            Num(TOP),
            Num(RIGHT - LEFT),
            Num(BOTTOM - TOP),
            Hex(colors.black)
        ),
    );
    if count > 0 {
        let mut d = format!("M{} {}", Num(x(0, count)), Num(BOTTOM));
        for (i, &score) in graph.scores.iter().enumerate() {
            put(
                &mut d,
                format_args!("L{} {}", Num(x(i, count)), Num(y(score))),
            );
        }
        put(
            &mut d,
            format_args!("L{} {}Z", Num(x(count - 1, count)), Num(BOTTOM)),
        );
        put(
            &mut out,
            format_args!("<path d=\"{d}\" fill=\"{}\"/>", Hex(colors.white)),
        );
    }
    // The pawn lines and their labels, then the zero line over them.
    for pawns in PAWN_TICKS.into_iter().flat_map(|p| [p, -p]) {
        let label = format!("{pawns:+}");
        level_line(&mut out, pawns, &label, colors.muted, 0.6, colors.text);
    }
    level_line(&mut out, 0.0, "0", colors.zero, 1.0, colors.text);
    move_numbers(&mut out, graph, colors);
    // The points: a band each, holding its mark's dot.
    let half = if count < 2 {
        (RIGHT - LEFT) / 2.0
    } else {
        (RIGHT - LEFT) / (count - 1) as f32 / 2.0
    };
    for (i, link) in links.iter().enumerate().take(count) {
        let cx = x(i, count);
        put(
            &mut out,
            format_args!(
                "<a class=\"point\" data-ply=\"{ply}\" href=\"?ply={ply}#ply={ply}\"><title>{}</title>\
                 <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#000\" fill-opacity=\"0\"/>",
                escape(&link.title),
                Num((cx - half).max(LEFT)),
                Num(TOP),
                Num((cx + half).min(RIGHT) - (cx - half).max(LEFT)),
                Num(BOTTOM - TOP),
                ply = link.ply,
            ),
        );
        if let Some(mark) = graph.marks.iter().find(|m| m.position == i) {
            put(
                &mut out,
                format_args!(
                    "<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.2\"/>",
                    severity_class(mark.severity),
                    Num(cx),
                    Num(y(graph.scores[i])),
                    Num(DOT),
                    Hex(mark_colour(mark.severity)),
                    Hex(colors.rim)
                ),
            );
        }
        out.push_str("</a>");
    }
    out.push_str("</svg>");
    out
}

/// A level line across the plot at `pawns`, `width` wide in `stroke`, labelled `label` in
/// `text` on its left.
fn level_line(out: &mut String, pawns: f64, label: &str, stroke: Rgb, width: f32, text: Rgb) {
    let at = y(GraphScore::Pawns(pawns));
    put(
        out,
        format_args!(
            "<line x1=\"{}\" x2=\"{}\" y1=\"{y}\" y2=\"{y}\" stroke=\"{}\" stroke-width=\"{width}\"/>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"{}\">{label}</text>",
            Num(LEFT),
            Num(RIGHT),
            Hex(stroke),
            Num(LEFT - 3.0),
            Num(at + FONT * 0.35),
            Hex(text),
            y = Num(at),
        ),
    );
}

/// The move numbers along the bottom, at the position after White's move, at a step that
/// keeps them [`SPACING`] apart.
fn move_numbers(out: &mut String, graph: &EvalGraph<'_>, colors: &GraphColors) {
    let count = graph.scores.len();
    if count < 2 {
        return;
    }
    let per_move = 2.0 * (RIGHT - LEFT) / (count - 1) as f32;
    let step = STEPS
        .into_iter()
        .find(|&s| s as f32 * per_move >= SPACING)
        .unwrap_or(500);
    let last = graph.first_move + count as u32 / 2 + 1;
    for n in (graph.first_move..=last).filter(|n| step == 1 || n % step == 0) {
        if let Some(i) = super::position_of_move(graph, n, crate::rules::Color::White) {
            put(
                out,
                format_args!(
                    "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"{}\">{n}</text>",
                    Num(x(i, count)),
                    Num(BOTTOM + FONT + 3.0),
                    Hex(colors.muted)
                ),
            );
        }
    }
}

/// The class of a mark's dot, for the page's stylesheet.
fn severity_class(severity: Severity) -> &'static str {
    match severity {
        Severity::Inaccuracy => "inaccuracy",
        Severity::Mistake => "mistake",
        Severity::Blunder => "blunder",
    }
}
