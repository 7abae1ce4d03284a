//! The key moments of an analysis as boards: for each mistake the text names (each side's
//! worst, at most [`WORST_SHOWN`]), the position before it, seen from its mover's side, with
//! the move played, the opponent's answer that refutes it (labelled with the start of the
//! refuting line) and the engine's better move drawn as arrows in their colours, so a player
//! sees what they missed and why without setting it up. The move before it stays tinted, as on
//! the game's own board.

use super::analysis::{WORST_SHOWN, numbered_move};
use super::board_words::{BoardWords, caption};
use crate::engine::analysis::{GameAnalysis, Mark, line};
use crate::i18n::{Lang, tr};
use crate::loaded::Loaded;
use crate::render::{self, Arrow, ArrowKind, BoardView, Options, RenderError};
use crate::reply::Attachment;
use crate::rules::Color;

/// One key moment, ready to draw: its file name, the board and the side seen from.
#[derive(Clone, Debug)]
pub(crate) struct KeyMoment {
    /// `rollerball-12-move-14-black.png`: the game, the move number and who played it.
    pub filename: String,
    /// The position before the mistake, with its arrows.
    pub view: BoardView,
    /// Who played the mistake: their side is at the bottom.
    pub mover: Color,
}

/// The key moments of `loaded`'s game in the order the text names them: White's worst first,
/// then Black's. The arrows' labels are in `lang`.
pub(crate) fn key_moments(lang: Lang, loaded: &Loaded, analysis: &GameAnalysis) -> Vec<KeyMoment> {
    let game = loaded.game();
    let positions = game.positions();
    let caption = caption(lang, loaded);
    let mut moments = Vec::new();
    for color in Color::ALL {
        for j in analysis.worst(game, color, WORST_SHOWN) {
            let position = &positions[j.ply];
            let played = game.moves()[j.ply];
            let mut arrows = vec![Arrow {
                mv: played,
                kind: ArrowKind::Played,
                label: tr!(
                    lang,
                    "image-played",
                    move = numbered_move(position, played, j.mark.map_or("", Mark::suffix))
                ),
            }];
            // The opponent's answer, which starts the line that refutes the move: its first
            // few plies as the label, as the words give it in full.
            let after = &positions[j.ply + 1];
            let refutation = &analysis.positions[j.ply + 1].pv;
            let shown = line::shown(after, refutation).min(line::LINE_PLIES);
            if shown > 0 {
                arrows.push(Arrow {
                    mv: refutation[0],
                    kind: ArrowKind::Answer,
                    label: tr!(
                        lang,
                        "image-answer",
                        line = line::numbered(after, &refutation[..shown])
                    ),
                });
            }
            if let Some(best) = analysis.positions[j.ply].best.filter(|&b| b != played) {
                arrows.push(Arrow {
                    mv: best,
                    kind: ArrowKind::Better,
                    label: tr!(lang, "image-better", move = numbered_move(position, best, "")),
                });
            }
            let mut view = BoardView::at_ply(game, j.ply);
            view.caption = Some(caption.clone());
            view.arrows = arrows;
            moments.push(KeyMoment {
                filename: format!(
                    "rollerball-{}-move-{}-{}.png",
                    loaded.id(),
                    position.fullmove(),
                    if color == Color::White {
                        "white"
                    } else {
                        "black"
                    }
                ),
                view,
                mover: color,
            });
        }
    }
    moments
}

/// The key moments drawn as PNGs `size` pixels wide, their words in `lang`. CPU work of a few
/// milliseconds each: call it on a blocking thread.
pub(crate) fn key_moment_pngs(
    moments: &[KeyMoment],
    size: u32,
    lang: Lang,
) -> Result<Vec<Attachment>, RenderError> {
    moments
        .iter()
        .map(|m| {
            let mut options = Options::from_side(m.mover);
            options.size = size;
            Ok(Attachment {
                filename: m.filename.clone(),
                bytes: render::render_png_in(&m.view, &options, &BoardWords(lang))?,
            })
        })
        .collect()
}
