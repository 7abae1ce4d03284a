//! The words drawn on a board image. The renderer knows no language: the bot hands it its
//! translations through [`Words`]; [`English`] serves the command line and the tests.

use crate::rules::{Color, Outcome, Termination};

/// The words of a board image, in the reader's language.
pub trait Words: Sync {
    /// The title in the hole: "Move 14".
    fn move_number(&self, fullmove: u32) -> String;
    /// Under it while the game goes on: "White to move", or "White in check".
    fn to_move(&self, side: Color, check: bool) -> String;
    /// Under the score once it is over: "White wins by checkmate", "Draw by repetition".
    fn result(&self, outcome: Outcome) -> String;
    /// A side's name, shown for a player whose name has nothing the font can draw.
    fn side(&self, color: Color) -> String;
}

/// The words in English.
#[derive(Clone, Copy, Debug, Default)]
pub struct English;

impl Words for English {
    fn move_number(&self, fullmove: u32) -> String {
        format!("Move {fullmove}")
    }

    fn to_move(&self, side: Color, check: bool) -> String {
        if check {
            format!("{side} in check")
        } else {
            format!("{side} to move")
        }
    }

    fn result(&self, outcome: Outcome) -> String {
        match (outcome.winner, outcome.termination) {
            (Some(w), Termination::Checkmate) => format!("{w} wins by checkmate"),
            (Some(w), Termination::Throne) => format!("{w} reaches the throne"),
            (Some(w), Termination::Resignation) => format!("{w} wins by resignation"),
            (Some(w), Termination::Time) => format!("{w} wins on time"),
            (Some(w), Termination::Forfeit) => format!("{w} wins by forfeit"),
            (Some(w), _) => format!("{w} wins"),
            (None, Termination::Abort) => "Game aborted".to_string(),
            (None, Termination::Stalemate) => "Draw by stalemate".to_string(),
            (None, Termination::Repetition) => "Draw by repetition".to_string(),
            (None, Termination::Agreement) => "Draw by agreement".to_string(),
            (None, _) => "Draw".to_string(),
        }
    }

    fn side(&self, color: Color) -> String {
        color.to_string()
    }
}
