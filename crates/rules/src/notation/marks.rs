//! The marks a typed move carries (`x` for a capture, `+` for check, `#` for mate), checked
//! against what the move does. The reader takes a move whatever its marks say (a player may
//! leave them out); a mark that says something false is told back as data, for the caller to
//! word.

use crate::position::{Move, Position};

/// A mark a typed move carried that the move does not bear out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrongMark {
    /// `x`, but the move takes nothing.
    NotACapture,
    /// `+`, but the move gives no check.
    NotCheck,
    /// `#`, but the move is not mate.
    NotMate {
        /// Whether it gives check all the same.
        check: bool,
    },
}

/// The marks of `input` that `mv` (read from it in `position`) does not bear out, in the order
/// they are written: `x`, then `+` or `#`. A `#` on a move that wins on the throne is no
/// mistake: the game ends there as by mate.
pub fn wrong_marks(position: &Position, input: &str, mv: Move) -> Vec<WrongMark> {
    let text: String = input.chars().filter(|c| !c.is_whitespace()).collect();
    let body = text.trim_end_matches(['+', '#', '!', '?']);
    let suffix = &text[body.len()..];
    let mut wrong = Vec::new();
    if body.contains(['x', 'X', '×']) && !position.is_capture(mv) {
        wrong.push(WrongMark::NotACapture);
    }
    if suffix.contains(['+', '#']) {
        let after = position.after(mv);
        let check = after.is_check();
        let mate = check && after.legal_moves().is_empty();
        if suffix.contains('#') {
            if !mate && after.throne_winner().is_none() {
                wrong.push(WrongMark::NotMate { check });
            }
        } else if !check {
            wrong.push(WrongMark::NotCheck);
        }
    }
    wrong
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read_move;

    fn marks(position: &Position, input: &str) -> Vec<WrongMark> {
        let mv = read_move(position, input).unwrap();
        wrong_marks(position, input, mv)
    }

    #[test]
    fn false_marks_are_found_and_true_ones_pass() {
        let p = Position::start();
        assert_eq!(marks(&p, "cxb3"), [WrongMark::NotACapture]);
        assert_eq!(marks(&p, "c2xb3"), [WrongMark::NotACapture]);
        assert_eq!(marks(&p, "b3+"), [WrongMark::NotCheck]);
        assert_eq!(marks(&p, "b3#"), [WrongMark::NotMate { check: false }]);
        assert_eq!(
            marks(&p, "Rxf1#"),
            [WrongMark::NotACapture, WrongMark::NotMate { check: false }]
        );
        assert_eq!(marks(&p, "b3"), []);
        assert_eq!(marks(&p, "b3!?"), []);
        assert_eq!(marks(&p, "c2:b3"), [], "`:` is only a separator");
    }
}
