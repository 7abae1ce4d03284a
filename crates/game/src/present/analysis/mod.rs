//! The words of an analysis: the header, each side's count of marks and its three worst moves,
//! each with what it cost in winning chances, the engine's line that refutes it and the
//! better one ("5.Rf1?? — a blunder: White's winning chances 76% → 41%. 5…Bxe2 6.Rf2 Bxf1
//! refutes it and wins a rook. Better was 5.b5 Kd6 6.bxc6, which wins a bishop."). The
//! picture is in [`analysis_graph`](super::analysis_graph).

use super::voice::Voice;
use super::words::side_key;
use crate::engine::analysis::line::{self, Gain};
use crate::engine::analysis::{DEEP_FACTOR, GameAnalysis, Judgement, Mark};
use crate::i18n::{Lang, tr};
use crate::loaded::Loaded;
use crate::rules::{self, Color, PieceKind, Termination};

/// How many of each side's mistakes the text names.
pub(crate) const WORST_SHOWN: usize = 3;

/// The text of an analysis of `loaded`'s game, in `voice`'s language.
pub(crate) fn analysis_text(voice: Voice<'_>, loaded: &Loaded, analysis: &GameAnalysis) -> String {
    let lang = voice.lang;
    let game = loaded.game();
    let mut text = tr!(
        lang,
        "analysis-header",
        id = loaded.id(),
        white = voice.side(loaded, Color::White),
        black = voice.side(loaded, Color::Black),
        nodes = analysis.budget.nodes,
        positions = analysis.positions.len(),
        deep = DEEP_FACTOR
    );
    for side in side_summaries(lang, game, analysis, |color| voice.side(loaded, color)) {
        text.push('\n');
        text.push_str(&side.heading);
        for line in side.worst {
            text.push_str("\n- ");
            text.push_str(&line);
        }
    }
    text
}

/// One side's part of an analysis in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideSummary {
    /// Who played it and their count of marks ("**White** (alice): 0 ?!, 1 ?, 3 ??"), or that
    /// no mistake was found.
    pub heading: String,
    /// Its [`WORST_SHOWN`] worst moves, the worst first, each as [`mistake_line`] says it.
    pub worst: Vec<String>,
}

/// White's and Black's part of `analysis` of `game`, in `lang`, each player named by `name`.
pub(crate) fn side_summaries(
    lang: Lang,
    game: &rules::Game,
    analysis: &GameAnalysis,
    name: impl Fn(Color) -> String,
) -> Vec<SideSummary> {
    let judgements = analysis.judgements(game);
    let positions = game.positions();
    Color::ALL
        .into_iter()
        .map(|color| {
            let count = |mark: Mark| {
                judgements
                    .iter()
                    .filter(|j| j.mover == color && j.mark == Some(mark))
                    .count()
            };
            let worst = analysis.worst(game, color, WORST_SHOWN);
            let heading = if worst.is_empty() {
                tr!(
                    lang,
                    "analysis-side-clean",
                    side = side_key(color),
                    player = name(color)
                )
            } else {
                tr!(
                    lang,
                    "analysis-side",
                    side = side_key(color),
                    player = name(color),
                    inaccuracies = count(Mark::Inaccuracy),
                    mistakes = count(Mark::Mistake),
                    blunders = count(Mark::Blunder)
                )
            };
            SideSummary {
                heading,
                worst: worst
                    .iter()
                    .map(|j| mistake_line(lang, game, &positions, analysis, j))
                    .collect(),
            }
        })
        .collect()
}

/// A move as the analysis names it, numbered from `position` (where it is played) and
/// followed by `mark`: "14…Rxe2??".
pub(crate) fn numbered_move(position: &rules::Position, mv: rules::Move, mark: &str) -> String {
    let dots = if position.side_to_move() == Color::White {
        "."
    } else {
        "…"
    };
    format!(
        "{}{dots}{}{mark}",
        position.fullmove(),
        rules::san(position, mv)
    )
}

/// One marked move in words: "5.Rf1?? — a blunder: White's winning chances 76% → 41%.
/// 5…Bxe2 6.Rf2 Bxf1 refutes it and wins a rook. Better was 5.b5 Kd6 6.bxc6, which wins a
/// bishop." The words come from the winning chances the mark comes from, so they agree.
pub(crate) fn mistake_line(
    lang: Lang,
    game: &rules::Game,
    positions: &[rules::Position],
    analysis: &GameAnalysis,
    j: &Judgement,
) -> String {
    let (before, after) = (&analysis.positions[j.ply], &analysis.positions[j.ply + 1]);
    let position = &positions[j.ply];
    let played = numbered_move(
        position,
        game.moves()[j.ply],
        j.mark.map_or("", Mark::suffix),
    );
    let mut text = tr!(
        lang,
        "analysis-mistake",
        played = played,
        mark = match j.mark {
            Some(Mark::Inaccuracy) => "inaccuracy",
            Some(Mark::Mistake) => "mistake",
            _ => "blunder",
        },
        side = side_key(j.mover),
        before = before.eval.win_percent(j.mover),
        after = after.eval.win_percent(j.mover)
    );
    for (from, pv, id) in [
        (&positions[j.ply + 1], &after.pv, "analysis-refuted"),
        (position, &before.pv, "analysis-better"),
    ] {
        if let Some(sentence) = line_sentence(lang, from, pv, id) {
            text.push(' ');
            text.push_str(&sentence);
        }
    }
    text
}

/// A line of the engine's from `position` in a sentence (message `id`, or `id-gain` when the
/// line wins something): `None` when there is no line.
fn line_sentence(
    lang: Lang,
    position: &rules::Position,
    pv: &[rules::Move],
    id: &str,
) -> Option<String> {
    let shown = &pv[..line::shown(position, pv)];
    if shown.is_empty() {
        return None;
    }
    let moves = line::numbered(position, shown);
    Some(match line::gain(position, shown) {
        None => tr!(lang, id, line = moves),
        Some(gain) => tr!(
            lang,
            &format!("{id}-gain"),
            line = moves,
            gain = gain_words(lang, &gain)
        ),
    })
}

/// What a line does, as a verb phrase: "wins a rook", "mates".
fn gain_words(lang: Lang, gain: &Gain) -> String {
    match gain {
        Gain::Wins(Termination::Throne) => tr!(lang, "analysis-gain-throne"),
        Gain::Wins(_) => tr!(lang, "analysis-gain-mate"),
        Gain::Material { won, lost } if lost.is_empty() => {
            tr!(lang, "analysis-gain-material", won = pieces(lang, won))
        }
        Gain::Material { won, lost } => tr!(
            lang,
            "analysis-gain-material-for",
            won = pieces(lang, won),
            lost = pieces(lang, lost)
        ),
    }
}

/// Pieces by kind and count: "a rook and 2 pawns".
fn pieces(lang: Lang, kinds: &[(PieceKind, u32)]) -> String {
    let named = kinds.iter().map(|&(kind, count)| {
        let kind = match kind {
            PieceKind::Rook => "rook",
            PieceKind::Bishop => "bishop",
            _ => "pawn",
        };
        tr!(lang, "analysis-piece", kind = kind, count = count)
    });
    named
        .reduce(|first, second| tr!(lang, "analysis-pieces-and", first = first, second = second))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
