//! The picture of an analysis: the evaluation graph ([`crate::render::eval_graph`]) of the
//! game's scores and marks, its words — the title with the game's number and both players, the
//! result, the axes and the legend — in the reader's language.

use crate::engine::analysis::{Eval, GameAnalysis, Mark};
use crate::i18n::{Lang, tr};
use crate::loaded::{Loaded, Side};
use crate::players::unknown_name;
use crate::render::eval_graph::{
    EvalGraph, GraphLabels, GraphMark, GraphScore, Severity, render_eval_graph,
};
use crate::render::{RenderError, Theme};
use crate::rules::{self, Color, Outcome, Termination};

/// The graph's words for `loaded`'s game, in `lang`.
pub(crate) fn graph_labels(lang: Lang, loaded: &Loaded) -> GraphLabels {
    GraphLabels {
        title: tr!(
            lang,
            "analysis-graph-title",
            id = loaded.id(),
            white = plain_side(lang, loaded, Color::White),
            black = plain_side(lang, loaded, Color::Black)
        ),
        result: loaded
            .game()
            .outcome()
            .map(|o| result_words(lang, o))
            .unwrap_or_default(),
        win: tr!(lang, "analysis-graph-win"),
        moves: tr!(lang, "analysis-graph-moves"),
        white: tr!(lang, "analysis-graph-white"),
        black: tr!(lang, "analysis-graph-black"),
        marks: [
            tr!(lang, "analysis-graph-inaccuracy"),
            tr!(lang, "analysis-graph-mistake"),
            tr!(lang, "analysis-graph-blunder"),
        ],
    }
}

/// Who plays `color`, as a picture names them: the name itself (a picture has no mentions).
fn plain_side(lang: Lang, loaded: &Loaded, color: Color) -> String {
    match loaded.side(color) {
        Side::Player { name, .. } => name.to_string(),
        Side::Unknown(id) => unknown_name(id),
        Side::Computer(level) => tr!(lang, "computer-name", level = level.get()),
        Side::Nobody(color) => color.to_string(),
    }
}

/// "0–1 · checkmate", "½–½ · stalemate", "aborted".
fn result_words(lang: Lang, outcome: Outcome) -> String {
    let result = match (outcome.winner, outcome.termination) {
        (Some(Color::White), _) => "1–0",
        (Some(Color::Black), _) => "0–1",
        (None, Termination::Abort) => "",
        (None, _) => "½–½",
    };
    tr!(
        lang,
        "analysis-graph-result",
        result = result,
        termination = outcome.termination.as_str()
    )
}

/// Where an evaluation sits on the graph.
fn graph_score(eval: Eval) -> GraphScore {
    match eval {
        Eval::Centipawns(cp) => GraphScore::Pawns(f64::from(cp) / 100.0),
        Eval::Mate { winner, .. } => GraphScore::Win(winner),
    }
}

/// The evaluation graph of `analysis` as a PNG, with `labels`. CPU work of a few milliseconds:
/// call it on a blocking thread.
pub(crate) fn graph_png(
    game: &rules::Game,
    analysis: &GameAnalysis,
    labels: &GraphLabels,
) -> Result<Vec<u8>, RenderError> {
    let scores: Vec<GraphScore> = analysis
        .positions
        .iter()
        .map(|p| graph_score(p.eval))
        .collect();
    let marks: Vec<GraphMark> = analysis
        .judgements(game)
        .iter()
        .filter_map(|j| {
            let severity = match j.mark? {
                Mark::Inaccuracy => Severity::Inaccuracy,
                Mark::Mistake => Severity::Mistake,
                Mark::Blunder => Severity::Blunder,
            };
            Some(GraphMark {
                position: j.ply + 1,
                severity,
            })
        })
        .collect();
    let start = game.start();
    render_eval_graph(
        &EvalGraph {
            scores: &scores,
            marks: &marks,
            first_move: start.fullmove(),
            first_side: start.side_to_move(),
            labels,
        },
        &Theme::default(),
    )
}
