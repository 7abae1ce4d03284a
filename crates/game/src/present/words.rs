//! The words of the texts' selectors (`white`, `yes`, `rated`, ...) and the rules' typed move
//! errors in the reader's language.

use crate::i18n::{Lang, tr};
use crate::rules::{Color, Illegal, Miswritten, MoveError, WrongMark};
use crate::store::OfferKind;

/// The key of a side in the texts' selectors: `white` or `black`.
pub(crate) fn side_key(color: Color) -> &'static str {
    color.name()
}

/// The key of a yes-or-no choice in the texts' selectors.
pub(crate) fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// The key of a setting that is on or off, in the texts' selectors.
pub(crate) fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// The key of a game's kind in the texts' selectors: `rated` or `casual`.
pub(crate) fn rated_key(rated: bool) -> &'static str {
    if rated { "rated" } else { "casual" }
}

/// The key of an offer's kind in the texts' selectors.
pub(crate) fn offer_key(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw",
        OfferKind::Takeback => "takeback",
    }
}

/// An unreadable, illegal or ambiguous move, in `lang`.
pub fn move_error(lang: Lang, error: &MoveError) -> String {
    move_error_by(lang, error, Mover::You)
}

/// The id of the message [`move_error_by`] says `error` with: `move-unreadable`,
/// `move-illegal` or `move-ambiguous`.
pub fn move_error_id(error: &MoveError) -> &'static str {
    match error {
        MoveError::Unreadable { .. } => "move-unreadable",
        MoveError::Illegal { .. } => "move-illegal",
        MoveError::Ambiguous { .. } => "move-ambiguous",
        MoveError::Miswritten { how, .. } => miswritten_id(how),
    }
}

/// The id of the message that says what is wrong with a miswritten move.
fn miswritten_id(how: &Miswritten) -> &'static str {
    match how {
        Miswritten::Knight => "move-no-knights",
        Miswritten::Queen => "move-no-queens",
        Miswritten::Castling => "move-no-castling",
        Miswritten::Figurine { .. } => "move-figurine",
        Miswritten::NoSquare { .. } => "move-no-square",
        Miswritten::SeveralMoves { .. } => "move-several",
        Miswritten::TwoSquares { .. } => "move-two-squares",
    }
}

/// The note that follows a move played from `input` whose mark `mark` said something false,
/// in `lang`.
pub(crate) fn wrong_mark(lang: Lang, input: &str, mark: WrongMark) -> String {
    let mark = match mark {
        WrongMark::NotACapture => "capture",
        WrongMark::NotCheck => "check",
        WrongMark::NotMate { check: true } => "mate-check",
        WrongMark::NotMate { check: false } => "mate",
    };
    tr!(lang, "move-mark-wrong", input = input, mark = mark)
}

/// Whose move a refused move is, for the words of why: the reader's own, or their opponent's
/// (a forecast line's moves of the opponent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// The reader moves.
    You,
    /// The reader's opponent moves.
    Opponent,
}

/// Why a typed move of `mover`'s was refused, in `lang`.
pub fn move_error_by(lang: Lang, error: &MoveError, mover: Mover) -> String {
    match error {
        MoveError::Unreadable { input } => tr!(lang, "move-unreadable", input = input),
        MoveError::Illegal { input, reason } => tr!(
            lang,
            "move-illegal",
            input = input,
            reason = illegal_reason_by(lang, reason, mover)
        ),
        MoveError::Miswritten { input, how } => {
            let id = miswritten_id(how);
            match how {
                Miswritten::Knight | Miswritten::Queen | Miswritten::Castling => {
                    tr!(lang, id, input = input)
                }
                Miswritten::Figurine { written } => {
                    tr!(lang, id, input = input, written = written)
                }
                Miswritten::NoSquare { example } => {
                    tr!(lang, id, input = input, example = example)
                }
                Miswritten::SeveralMoves { count } => tr!(lang, id, input = input, count = *count),
                Miswritten::TwoSquares { from, to, reason } => tr!(
                    lang,
                    id,
                    input = input,
                    from = from.name(),
                    to = to.name(),
                    reason = illegal_reason_by(lang, reason, mover)
                ),
            }
        }
        MoveError::Ambiguous { input, candidates } => {
            let quoted: Vec<String> = candidates.iter().map(|c| format!("`{c}`")).collect();
            let candidates = match quoted.split_last() {
                None => String::new(),
                Some((last, [])) => last.clone(),
                Some((last, init)) => {
                    tr!(
                        lang,
                        "list-or",
                        init = init.join(", "),
                        last = last.as_str()
                    )
                }
            };
            tr!(
                lang,
                "move-ambiguous",
                input = input,
                candidates = candidates
            )
        }
    }
}

/// Why a readable move of `mover`'s is illegal, in `lang`: the reasons that speak of the
/// mover's pieces name the opponent's when it is theirs.
pub(crate) fn illegal_reason_by(lang: Lang, reason: &Illegal, mover: Mover) -> String {
    let theirs = mover == Mover::Opponent;
    let key = |yours: &'static str, opponents: &'static str| if theirs { opponents } else { yours };
    match reason {
        Illegal::NoMoves => tr!(lang, "illegal-no-moves"),
        Illegal::InHole(square) => tr!(lang, "illegal-in-hole", square = square),
        Illegal::NoPiece(square) => tr!(lang, "illegal-no-piece", square = square.name()),
        Illegal::NotYourPiece { square, owner } => tr!(
            lang,
            "illegal-not-your-piece",
            square = square.name(),
            owner = side_key(*owner),
            side = side_key(owner.opponent())
        ),
        Illegal::WrongKind {
            square,
            found,
            named,
        } => tr!(
            lang,
            "illegal-wrong-kind",
            square = square.name(),
            found = found.name(),
            piece = named.name()
        ),
        Illegal::NoSuchPiece(kind) => tr!(
            lang,
            key("illegal-no-such-piece", "illegal-no-such-piece-theirs"),
            piece = kind.name()
        ),
        Illegal::OwnPieceThere(square) => tr!(
            lang,
            key("illegal-own-piece-there", "illegal-own-piece-there-theirs"),
            square = square.name()
        ),
        Illegal::CannotReach { kind, from, to } => tr!(
            lang,
            "illegal-cannot-reach",
            piece = kind.name(),
            from = from.name(),
            to = to.name()
        ),
        Illegal::NoneCanReach { kind, to } => tr!(
            lang,
            key("illegal-none-can-reach", "illegal-none-can-reach-theirs"),
            piece = kind.name(),
            to = to.name()
        ),
        Illegal::KingInCheck { already: true } => {
            tr!(lang, key("illegal-in-check", "illegal-in-check-theirs"))
        }
        Illegal::KingInCheck { already: false } => {
            tr!(lang, key("illegal-self-check", "illegal-self-check-theirs"))
        }
        Illegal::PromotionMissing { to } => {
            tr!(lang, "illegal-promotion-missing", square = to.name())
        }
        Illegal::NotAPromotion => tr!(lang, "illegal-not-a-promotion"),
        Illegal::PromotionPiece(letter) => {
            tr!(lang, "illegal-promotion-piece", letter = letter.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{PieceKind, Square};

    #[test]
    fn move_errors_read_in_english_as_the_rules_write_them() {
        let sq = |name: &str| name.parse::<Square>().unwrap();
        let reasons = [
            Illegal::NoMoves,
            Illegal::InHole("d4".into()),
            Illegal::NoPiece(sq("a1")),
            Illegal::NotYourPiece {
                square: sq("e7"),
                owner: Color::Black,
            },
            Illegal::WrongKind {
                square: sq("d1"),
                found: PieceKind::Bishop,
                named: PieceKind::Rook,
            },
            Illegal::NoSuchPiece(PieceKind::Bishop),
            Illegal::OwnPieceThere(sq("d1")),
            Illegal::CannotReach {
                kind: PieceKind::Rook,
                from: sq("e1"),
                to: sq("a1"),
            },
            Illegal::NoneCanReach {
                kind: PieceKind::Bishop,
                to: sq("b3"),
            },
            Illegal::KingInCheck { already: true },
            Illegal::KingInCheck { already: false },
            Illegal::PromotionMissing { to: sq("e6") },
            Illegal::NotAPromotion,
            Illegal::PromotionPiece('Q'),
        ];
        let mut errors: Vec<MoveError> = reasons
            .into_iter()
            .map(|reason| MoveError::Illegal {
                input: "x".into(),
                reason,
            })
            .collect();
        errors.push(MoveError::Unreadable {
            input: "hello".into(),
        });
        for how in [
            Miswritten::Knight,
            Miswritten::Queen,
            Miswritten::Castling,
            Miswritten::Figurine {
                written: "Ke6".into(),
            },
            Miswritten::NoSquare {
                example: "b3".into(),
            },
            Miswritten::SeveralMoves { count: 3 },
            Miswritten::TwoSquares {
                from: sq("e6"),
                to: sq("f5"),
                reason: Illegal::NoPiece(sq("e6")),
            },
        ] {
            errors.push(MoveError::Miswritten {
                input: "x".into(),
                how,
            });
        }
        for candidates in [vec!["Rb7"], vec!["Rb7", "Rc7"], vec!["Rb7", "Rc7", "Rd7"]] {
            errors.push(MoveError::Ambiguous {
                input: "R7".into(),
                candidates: candidates.into_iter().map(String::from).collect(),
            });
        }
        for error in &errors {
            assert_eq!(move_error(Lang::En, error), error.to_string());
        }
        // The other languages say it their way, with the same squares and moves.
        let error = &errors[3];
        assert_eq!(
            move_error(Lang::Fr, error),
            "`x` n'est pas légal ici : la pièce en e7 appartient aux Noirs, et c'est aux Blancs de jouer"
        );
        assert_eq!(
            move_error(Lang::Es, errors.last().unwrap()),
            "`R7` puede ser `Rb7`, `Rc7` o `Rd7`: di cuál."
        );
        assert_eq!(
            move_error(Lang::Ru, &errors[4]),
            "`x` здесь невозможен: на d1 стоит слон, а не ладья"
        );
    }
}
