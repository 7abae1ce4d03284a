//! Moves written as chess writes them where Rollerball has no such thing (a knight, a queen,
//! castling), with a chess figurine (`♚e6`), only half written (`b`), or several at once
//! (`e6 f5`): recognised, so that the reader says what is wrong instead of "unreadable".

use std::fmt;

use super::Illegal;
use crate::square::Square;

/// A move written in a way the reader does not take, for a reason it can name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Miswritten {
    /// A knight (`Nf3`, `♞f3`): Rollerball has none.
    Knight,
    /// A queen (`Qd4`, `♛d4`): Rollerball has none.
    Queen,
    /// Castling (`O-O`, `0-0-0`): Rollerball has none.
    Castling,
    /// A figurine (`♚e6`) for a piece that has a letter.
    Figurine {
        /// The move written with the piece's letter (`Ke6`; a pawn's move has none: `e6`).
        written: String,
    },
    /// No destination square: a lone file or piece letter (`b`, `R`).
    NoSquare {
        /// The same with a square, to show the form (`b3`, `Rb3`).
        example: String,
    },
    /// Several moves in one message (`Rb7 Kd6`).
    SeveralMoves {
        /// How many.
        count: usize,
    },
    /// Two squares with a space (`e6 f5`) that are no legal move from the first to the
    /// second: two moves, most likely.
    TwoSquares {
        /// The first square.
        from: Square,
        /// The second.
        to: Square,
        /// Why the move from one to the other is not legal.
        reason: Illegal,
    },
}

impl Miswritten {
    /// What is wrong with `input`, in English (the game's translations say the same).
    pub(super) fn describe(&self, input: &str) -> String {
        const PIECES: &str =
            "Its pieces are the king (K), rooks (R), bishops (B) and pawns (no letter).";
        match self {
            Miswritten::Knight => format!("`{input}`: Rollerball has no knights. {PIECES}"),
            Miswritten::Queen => format!("`{input}`: Rollerball has no queens. {PIECES}"),
            Miswritten::Castling => format!(
                "`{input}`: Rollerball has no castling; the king moves one square at a time."
            ),
            Miswritten::Figurine { written } => format!(
                "`{input}`: write the piece with its letter: `{written}` (K king, R rook, B bishop; a pawn has no letter)."
            ),
            Miswritten::NoSquare { example } => format!(
                "`{input}` is not a move: a move names its destination square, like `{example}`."
            ),
            Miswritten::SeveralMoves { count } => {
                format!("`{input}` is {count} moves: send one move at a time.")
            }
            Miswritten::TwoSquares { from, to, reason } => format!(
                "`{input}` is two moves: send one move at a time. (As one move, {from} to {to} is not legal here: {reason}.)"
            ),
        }
    }
}

impl fmt::Display for Miswritten {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe("…"))
    }
}

/// The letter a figurine stands for: `Some('K')`, `Some('N')`…, `None` for a pawn's.
fn figurine(c: char) -> Option<Option<char>> {
    Some(match c {
        '♔' | '♚' => Some('K'),
        '♕' | '♛' => Some('Q'),
        '♖' | '♜' => Some('R'),
        '♗' | '♝' => Some('B'),
        '♘' | '♞' => Some('N'),
        '♙' | '♟' => None,
        _ => return None,
    })
}

/// The rank an example square takes on `file`: one on the board (c3, d3 and e3 are the hole).
fn example_rank(file: char) -> char {
    if matches!(file, 'c' | 'd' | 'e') {
        '2'
    } else {
        '3'
    }
}

/// What is wrong with one word (no spaces) typed as a move, when it is one of chess's habits
/// or has no square; `None` when it is none of these (it may still be a move, or unreadable).
pub(super) fn miswritten(word: &str) -> Option<Miswritten> {
    let bare = word.trim_end_matches(['+', '#', '!', '?']);
    let castling: String = bare
        .chars()
        .map(|c| {
            if c == '0' {
                'o'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    if castling == "o-o" || castling == "o-o-o" {
        return Some(Miswritten::Castling);
    }
    if let Some((glyph, letter)) = bare.chars().find_map(|c| figurine(c).map(|l| (c, l))) {
        return Some(match letter {
            Some('N') => Miswritten::Knight,
            Some('Q') => Miswritten::Queen,
            letter => Miswritten::Figurine {
                written: word.trim().replacen(
                    glyph,
                    &letter.map(String::from).unwrap_or_default(),
                    1,
                ),
            },
        });
    }
    let has_rank = bare.chars().any(|c| ('1'..='7').contains(&c));
    match bare.chars().next() {
        Some('N') if has_rank || bare.len() == 1 => return Some(Miswritten::Knight),
        Some('Q') if has_rank || bare.len() == 1 => return Some(Miswritten::Queen),
        _ => {}
    }
    let letters_only = !bare.is_empty()
        && bare.chars().count() <= 3
        && bare
            .chars()
            .all(|c| matches!(c, 'a'..='g' | 'K' | 'R' | 'B' | 'P' | 'x'));
    if letters_only {
        let last = bare.chars().last().unwrap_or('x');
        let example = if ('a'..='g').contains(&last) {
            format!("{bare}{}", example_rank(last))
        } else {
            format!("{bare}b3")
        };
        return Some(Miswritten::NoSquare { example });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_habits_are_named() {
        assert_eq!(miswritten("Nf3"), Some(Miswritten::Knight));
        assert_eq!(miswritten("Nxe2+"), Some(Miswritten::Knight));
        assert_eq!(miswritten("Qd4"), Some(Miswritten::Queen));
        for castle in ["O-O", "0-0", "O-O-O", "o-o+"] {
            assert_eq!(miswritten(castle), Some(Miswritten::Castling), "{castle}");
        }
        assert_eq!(
            miswritten("♚e6"),
            Some(Miswritten::Figurine {
                written: "Ke6".into()
            })
        );
        assert_eq!(
            miswritten("♟e6"),
            Some(Miswritten::Figurine {
                written: "e6".into()
            })
        );
        assert_eq!(miswritten("♞f3"), Some(Miswritten::Knight));
        assert_eq!(
            miswritten("b"),
            Some(Miswritten::NoSquare {
                example: "b3".into()
            })
        );
        assert_eq!(
            miswritten("R"),
            Some(Miswritten::NoSquare {
                example: "Rb3".into()
            })
        );
        assert_eq!(
            miswritten("d"),
            Some(Miswritten::NoSquare {
                example: "d2".into()
            })
        );
        for fine in ["b3", "Rb7", "c2-b3", "e6=R", "Bb3", "hello", ""] {
            assert_eq!(miswritten(fine), None, "{fine}");
        }
    }
}
