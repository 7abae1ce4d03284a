//! The picture of an analysis: the evaluation graph ([`crate::render::eval_graph`]) of the
//! game's scores and marks, its words — the title with the game's number and both players, the
//! result, the axes and the legend — in the reader's language.

use super::analysis::numbered_move;
use crate::engine::analysis::{Eval, GameAnalysis, Mark};
use crate::i18n::{Lang, tr};
use crate::loaded::{Loaded, Side};
use crate::players::unknown_name;
use crate::render::eval_graph::{
    EvalGraph, GraphColors, GraphLabels, GraphLink, GraphMark, GraphScore, Severity,
    eval_graph_svg, render_eval_graph,
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
pub(crate) fn plain_side(lang: Lang, loaded: &Loaded, color: Color) -> String {
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
    let (scores, marks) = scores_and_marks(game, analysis);
    render_eval_graph(&graph(game, &scores, &marks, labels), &Theme::default())
}

/// The evaluation graph of `analysis` as SVG for a web page, each position a link to itself
/// titled with the move that led there and the evaluation after it ("5.Rf1?? (−1.30)").
pub(crate) fn graph_svg(game: &rules::Game, analysis: &GameAnalysis) -> String {
    let (scores, marks) = scores_and_marks(game, analysis);
    let labels = GraphLabels::default();
    let judgements = analysis.judgements(game);
    let positions = game.positions();
    let links: Vec<GraphLink> = analysis
        .positions
        .iter()
        .enumerate()
        .map(|(ply, p)| {
            let eval = signed(p.eval);
            let title = match ply.checked_sub(1) {
                None => eval,
                Some(before) => {
                    let mark = judgements
                        .get(before)
                        .and_then(|j| j.mark)
                        .map_or("", Mark::suffix);
                    let played = numbered_move(&positions[before], game.moves()[before], mark);
                    format!("{played} ({eval})")
                }
            };
            GraphLink { ply, title }
        })
        .collect();
    eval_graph_svg(
        &graph(game, &scores, &marks, &labels),
        &GraphColors::of(&Theme::default()),
        &links,
    )
}

/// An evaluation as a tooltip writes it: `+1.62`, `−1.30`, `0.00`, `#3`, `#-3`.
fn signed(eval: Eval) -> String {
    match eval {
        Eval::Centipawns(cp) if cp > 0 => format!("+{}", eval.pgn()),
        Eval::Centipawns(cp) if cp < 0 => eval.pgn().replacen('-', "−", 1),
        _ => eval.pgn(),
    }
}

/// The graph of `game`'s `scores` and `marks`, with `labels`.
fn graph<'a>(
    game: &rules::Game,
    scores: &'a [GraphScore],
    marks: &'a [GraphMark],
    labels: &'a GraphLabels,
) -> EvalGraph<'a> {
    let start = game.start();
    EvalGraph {
        scores,
        marks,
        first_move: start.fullmove(),
        first_side: start.side_to_move(),
        labels,
    }
}

/// Each position's score and each marked move's dot.
fn scores_and_marks(
    game: &rules::Game,
    analysis: &GameAnalysis,
) -> (Vec<GraphScore>, Vec<GraphMark>) {
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
    (scores, marks)
}
