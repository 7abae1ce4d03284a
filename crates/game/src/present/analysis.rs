//! The words of an analysis: the header, each side's count of marks and its three worst moves
//! ("14…Rxe2?? — Kd5 was about even; after it White wins."). The picture is in
//! [`analysis_graph`](super::analysis_graph).

use super::voice::Voice;
use super::words::side_key;
use crate::engine::analysis::{GameAnalysis, Judgement, Mark};
use crate::i18n::tr;
use crate::loaded::Loaded;
use crate::rules::{self, Color};

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
        positions = analysis.positions.len()
    );
    let judgements = analysis.judgements(game);
    let positions = game.positions();
    for color in Color::ALL {
        let count = |mark: Mark| {
            judgements
                .iter()
                .filter(|j| j.mover == color && j.mark == Some(mark))
                .count()
        };
        let player = voice.side(loaded, color);
        let worst = analysis.worst(game, color, WORST_SHOWN);
        text.push('\n');
        if worst.is_empty() {
            text.push_str(&tr!(
                lang,
                "analysis-side-clean",
                side = side_key(color),
                player = player
            ));
            continue;
        }
        text.push_str(&tr!(
            lang,
            "analysis-side",
            side = side_key(color),
            player = player,
            inaccuracies = count(Mark::Inaccuracy),
            mistakes = count(Mark::Mistake),
            blunders = count(Mark::Blunder)
        ));
        for j in worst {
            text.push_str("\n- ");
            text.push_str(&mistake_line(voice, game, &positions, analysis, &j));
        }
    }
    text
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

/// "14…Rxe2?? — Kd5 was about even; after it White wins."
fn mistake_line(
    voice: Voice<'_>,
    game: &rules::Game,
    positions: &[rules::Position],
    analysis: &GameAnalysis,
    j: &Judgement,
) -> String {
    let before = &analysis.positions[j.ply];
    let after = analysis.positions[j.ply + 1]
        .eval
        .verdict_at(&positions[j.ply + 1]);
    let position = &positions[j.ply];
    let played = numbered_move(
        position,
        game.moves()[j.ply],
        j.mark.map_or("", Mark::suffix),
    );
    let best = before
        .best
        .map(|mv| rules::san(position, mv))
        .unwrap_or_default();
    let was = before.eval.verdict_at(position);
    tr!(
        voice.lang,
        "analysis-mistake",
        played = played,
        best = best,
        before = tr!(
            voice.lang,
            "analysis-before",
            verdict = was.key(),
            mate = was.mate_in()
        ),
        after = tr!(
            voice.lang,
            "analysis-after",
            verdict = after.key(),
            mate = after.mate_in()
        )
    )
}
