//! How a game ends: who won, and the way it ended (RULES.md §6).

use std::fmt;
use std::str::FromStr;

use super::square::Color;

/// The way a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// A king that has set off round the ring reached the enemy king's starting square.
    Throne,
    /// The side to move is not in check and has no legal move: a draw.
    Stalemate,
    /// The same position for the third time: a draw.
    Repetition,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// The player to move ran out of time.
    Time,
    /// Called off before both sides had moved: no result.
    Abort,
    /// Not played out: a tournament's organiser withdrew the loser.
    Forfeit,
}

impl Termination {
    /// Every termination, in RULES.md's order.
    pub const ALL: [Termination; 9] = [
        Termination::Checkmate,
        Termination::Throne,
        Termination::Stalemate,
        Termination::Repetition,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Time,
        Termination::Abort,
        Termination::Forfeit,
    ];

    /// The lower-case word used in PGN's `Termination` tag and in storage.
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Throne => "throne",
            Termination::Stalemate => "stalemate",
            Termination::Repetition => "repetition",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Time => "time",
            Termination::Abort => "abort",
            Termination::Forfeit => "forfeit",
        }
    }
}

impl Termination {
    /// The value of PGN's `Termination` tag, from the PGN standard's list (§9.8.1): `normal`
    /// for every ending over the board (checkmate, the throne, stalemate, repetition,
    /// resignation, agreement), `time forfeit`, and `abandoned` for a game called off or
    /// forfeited unplayed. (`rules infraction`, the standard's word for a game lost by breaking
    /// a rule, has no Rollerball ending; `unterminated` is a game still being played.)
    pub const fn pgn(self) -> &'static str {
        match self {
            Termination::Checkmate
            | Termination::Throne
            | Termination::Stalemate
            | Termination::Repetition
            | Termination::Resignation
            | Termination::Agreement => "normal",
            Termination::Time => "time forfeit",
            Termination::Abort | Termination::Forfeit => "abandoned",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that is not one of [`Termination::as_str`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a way a game ends")]
pub struct UnknownTermination(pub String);

impl FromStr for Termination {
    type Err = UnknownTermination;

    fn from_str(s: &str) -> Result<Termination, UnknownTermination> {
        Termination::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| UnknownTermination(s.to_string()))
    }
}

/// The end of a game: the winner (none for a draw or an abort) and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won; `None` for a draw or an abort.
    pub winner: Option<Color>,
    /// How it ended.
    pub termination: Termination,
}

impl Outcome {
    /// `winner` won by `termination`.
    pub const fn win(winner: Color, termination: Termination) -> Outcome {
        Outcome {
            winner: Some(winner),
            termination,
        }
    }

    /// A game ended without a winner.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome {
            winner: None,
            termination,
        }
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game (no result).
    pub const fn result(self) -> &'static str {
        match (self.winner, self.termination) {
            (Some(Color::White), _) => "1-0",
            (Some(Color::Black), _) => "0-1",
            (None, Termination::Abort) => "*",
            (None, _) => "1/2-1/2",
        }
    }
}

impl Outcome {
    /// The ending as a game record's closing comment says it: "White wins by reaching the
    /// throne.", "Draw by threefold repetition.", "Game aborted.".
    pub fn sentence(self) -> String {
        let winner = self.winner.map(|w| match w {
            Color::White => "White",
            Color::Black => "Black",
        });
        match (winner, self.termination) {
            (_, Termination::Abort) => "Game aborted.".into(),
            (Some(w), Termination::Throne) => format!("{w} wins by reaching the throne."),
            (Some(w), Termination::Time) => format!("{w} wins on time."),
            (Some(w), Termination::Forfeit) => format!("{w} wins by forfeit."),
            (Some(w), t) => format!("{w} wins by {t}."),
            (None, Termination::Repetition) => "Draw by threefold repetition.".into(),
            (None, t) => format!("Draw by {t}."),
        }
    }
}

impl fmt::Display for Outcome {
    /// `white wins by throne`, `draw by stalemate`, `game aborted`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.termination) {
            (Some(w), t) => write!(f, "{} wins by {t}", w.name()),
            (None, Termination::Abort) => f.write_str("game aborted"),
            (None, t) => write!(f, "draw by {t}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_terminations_are_the_standards_words() {
        let words: Vec<(&str, &str)> = Termination::ALL
            .iter()
            .map(|t| (t.as_str(), t.pgn()))
            .collect();
        assert_eq!(
            words,
            [
                ("checkmate", "normal"),
                ("throne", "normal"),
                ("stalemate", "normal"),
                ("repetition", "normal"),
                ("resignation", "normal"),
                ("agreement", "normal"),
                ("time", "time forfeit"),
                ("abort", "abandoned"),
                ("forfeit", "abandoned"),
            ]
        );
    }

    #[test]
    fn endings_in_a_sentence() {
        let said: Vec<String> = [
            Outcome::win(Color::White, Termination::Throne),
            Outcome::win(Color::Black, Termination::Checkmate),
            Outcome::win(Color::Black, Termination::Time),
            Outcome::win(Color::White, Termination::Forfeit),
            Outcome::win(Color::White, Termination::Resignation),
            Outcome::draw(Termination::Repetition),
            Outcome::draw(Termination::Agreement),
            Outcome::draw(Termination::Abort),
        ]
        .into_iter()
        .map(Outcome::sentence)
        .collect();
        assert_eq!(
            said,
            [
                "White wins by reaching the throne.",
                "Black wins by checkmate.",
                "Black wins on time.",
                "White wins by forfeit.",
                "White wins by resignation.",
                "Draw by threefold repetition.",
                "Draw by agreement.",
                "Game aborted.",
            ]
        );
    }
}
