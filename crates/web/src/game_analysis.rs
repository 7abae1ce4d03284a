//! The analysis on a game's page: the evaluation graph as SVG at the page's scale, each point
//! a link to its position (the page's replay takes it, as it takes the move list's links),
//! the marks' legend, and each side's worst moves in words, as the `analysis` answer gives
//! them.

use maud::{Markup, html};
use rollerball_game::{GameView, tr};
use rollerball_render::eval_graph::{Severity, mark_colour};

use crate::html::{self, trusted};

/// The analysis of an analysed game; nothing before it.
pub(crate) fn analysis(view: &GameView) -> Markup {
    let lang = view.lang;
    let Some(svg) = view.eval_graph_svg() else {
        return html! {};
    };
    let legend = [
        (Severity::Inaccuracy, "analysis-graph-inaccuracy"),
        (Severity::Mistake, "analysis-graph-mistake"),
        (Severity::Blunder, "analysis-graph-blunder"),
    ];
    html! {
        h2 { (tr!(lang, "web-analysis")) }
        figure class="graph" {
            (trusted(svg))
            figcaption {
                (tr!(lang, "web-analysis-graph")) ". "
                (tr!(lang, "web-analysis-graph-points"))
                span class="legend" {
                    @for (severity, id) in legend {
                        " "
                        span class="legend-mark" {
                            (trusted(dot(severity)))
                            (severity.suffix()) " " (tr!(lang, id))
                        }
                    }
                }
            }
        }
        @for side in view.analysis_sides() {
            p class="analysis-side" { (html::rich(&side.heading)) }
            @if !side.worst.is_empty() {
                ul class="analysis-worst" {
                    @for line in &side.worst {
                        li { (html::rich(line)) }
                    }
                }
            }
        }
    }
}

/// A mark's dot for the legend, in the graph's colour.
fn dot(severity: Severity) -> String {
    let [r, g, b] = mark_colour(severity);
    format!(
        "<svg class=\"dot\" viewBox=\"0 0 10 10\" width=\"10\" height=\"10\" aria-hidden=\"true\">\
         <circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"#{r:02x}{g:02x}{b:02x}\"/></svg>"
    )
}
