//! What a forecast line means, apart from where it is stored: reading a typed line move by move
//! from the position it is given in, keeping a player's lines consistent (one answer to each
//! sequence of the opponent's moves), and finding the answer a line gives to the move just
//! played. Lines are kept whole in coordinate form from the ply of their first move, so the
//! game's record since that ply tells whether a line still matches (see
//! [`ForecastLine::from_ply`]).

use crate::rules::{self, MoveError, Outcome};
use crate::store::ForecastLine;

/// The game's record in coordinate form, one entry per ply.
pub(crate) fn record(game: &rules::Game) -> Vec<String> {
    game.positions()
        .iter()
        .zip(game.moves())
        .map(|(position, &mv)| rules::coordinate(position, mv))
        .collect()
}

/// Why a typed line cannot be kept, at its move `index` (0-based) as typed.
#[derive(Debug)]
pub(crate) enum Fault {
    /// The move is unreadable, illegal or ambiguous there.
    Move(MoveError),
    /// The game is over before it (the move before ends it).
    Over(Outcome),
}

/// A typed line read from `game`'s current position: each move in coordinate form, or the
/// first move that cannot be played (its index and why).
pub(crate) fn read_line(
    game: &rules::Game,
    words: &[String],
) -> Result<Vec<String>, (usize, Fault)> {
    let mut game = game.clone();
    let mut line = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        if let Some(outcome) = game.outcome() {
            return Err((i, Fault::Over(outcome)));
        }
        let before = *game.position();
        let mv = rules::read_move(&before, word).map_err(|e| (i, Fault::Move(e)))?;
        game.play(mv).map_err(|e| {
            (
                i,
                match e {
                    rules::PlayError::Move(e) => Fault::Move(e),
                    rules::PlayError::GameOver(outcome) => Fault::Over(outcome),
                },
            )
        })?;
        line.push(rules::coordinate(&before, mv));
    }
    Ok(line)
}

/// The part of `line` still ahead of a game whose record is `record`: `None` when the moves
/// played since the line's first ply are not the line's (it no longer matches) or nothing of it
/// is left.
pub(crate) fn ahead<'l>(line: &'l ForecastLine, record: &[String]) -> Option<&'l [String]> {
    let from = line.from_ply as usize;
    let played = record.len().checked_sub(from)?;
    (played < line.moves.len() && line.moves[..played] == record[from..])
        .then(|| &line.moves[played..])
}

/// How a new line fits a player's lines.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// A new line.
    Added,
    /// Already there: a line (its index) starts with every move of it.
    Covered(usize),
    /// It continues a line (its index), which it replaces.
    Extends(usize),
    /// After the same moves of the opponent, a line (its index) answers otherwise: at the
    /// answer's index in the line.
    Conflict { line: usize, at: usize },
}

/// Fits `new` into `lines` (all from the same ply, the opponent's move first), changing `lines`
/// unless the fit is a conflict or already covered.
pub(crate) fn fit(lines: &mut Vec<Vec<String>>, new: Vec<String>) -> Fit {
    for (j, old) in lines.iter().enumerate() {
        match new.iter().zip(old).position(|(a, b)| a != b) {
            // The opponent's moves differ: another branch.
            Some(i) if i % 2 == 0 => continue,
            Some(i) => return Fit::Conflict { line: j, at: i },
            None if new.len() <= old.len() => return Fit::Covered(j),
            None => {
                lines[j] = new;
                return Fit::Extends(j);
            }
        }
    }
    lines.push(new);
    Fit::Added
}

/// The answer the lines give to the move just played (the owner is to move), and the lines
/// that go on after it; lines that no longer match, or end with the answer, are left out.
pub(crate) fn answer(
    lines: &[ForecastLine],
    record: &[String],
) -> (Option<String>, Vec<ForecastLine>) {
    let mut answer = None;
    let mut kept = Vec::new();
    for line in lines {
        // The owner is to move, so the line's next move is theirs; it answers a move of the
        // opponent's unless nothing of the line was played yet (a line held by an offer, which
        // starts with the owner's own move: their own move decides it).
        let Some(ahead) = ahead(line, record).filter(|a| a.len() < line.moves.len()) else {
            continue;
        };
        let next = &ahead[0];
        match &answer {
            None => answer = Some(next.clone()),
            // Lines are kept consistent when given; should stored ones disagree, the first wins.
            Some(first) if first != next => continue,
            Some(_) => {}
        }
        if ahead.len() > 1 {
            kept.push(line.clone());
        }
    }
    (answer, kept)
}

/// The lines held at the current ply (the owner is to move): what is left of each line whose
/// answer is due, kept from the current ply so that no sweep plays it and the owner's own move
/// decides; the first move of each is the owner's. Lines already held stay as they are.
pub(crate) fn held(lines: &[ForecastLine], record: &[String]) -> Vec<ForecastLine> {
    let from_ply = record.len() as u32;
    let mut kept: Vec<ForecastLine> = Vec::new();
    for line in lines {
        let Some(ahead) = ahead(line, record) else {
            continue;
        };
        let held = ForecastLine {
            from_ply,
            moves: ahead.to_vec(),
        };
        if !kept.contains(&held) {
            kept.push(held);
        }
    }
    kept
}

/// Whether `line` is held at the current ply of `record`: it starts there, with the move of
/// the player to move.
pub(crate) fn is_held(line: &ForecastLine, record: &[String]) -> bool {
    line.from_ply as usize == record.len() && !line.moves.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn line(from_ply: u32, moves: &str) -> ForecastLine {
        ForecastLine {
            from_ply,
            moves: words(moves),
        }
    }

    #[test]
    fn lines_fit_as_branches_and_refuse_two_answers() {
        let mut lines = vec![words("a b c d")];
        assert_eq!(fit(&mut lines, words("a b e f")), Fit::Added);
        assert_eq!(fit(&mut lines, words("a b")), Fit::Covered(0));
        assert_eq!(fit(&mut lines, words("a b c d g h")), Fit::Extends(0));
        assert_eq!(
            fit(&mut lines, words("a x")),
            Fit::Conflict { line: 0, at: 1 }
        );
        assert_eq!(
            fit(&mut lines, words("a b e y")),
            Fit::Conflict { line: 1, at: 3 }
        );
        assert_eq!(fit(&mut lines, words("z y")), Fit::Added);
        assert_eq!(
            lines,
            vec![words("a b c d g h"), words("a b e f"), words("z y")]
        );
    }

    #[test]
    fn the_move_played_picks_the_answer_and_drops_the_other_lines() {
        let lines = [
            line(4, "a b c d"),
            line(4, "a b e f"),
            line(4, "x y"),
            line(4, "a b"),
        ];
        let record = words("p q r s a");
        let (next, kept) = answer(&lines, &record);
        assert_eq!(next.as_deref(), Some("b"));
        assert_eq!(kept, [line(4, "a b c d"), line(4, "a b e f")]);
        // Two plies on, the line still matches from its first ply.
        let record = words("p q r s a b e");
        let (next, kept) = answer(&kept, &record);
        assert_eq!(next.as_deref(), Some("f"));
        assert!(kept.is_empty());
        // A move no line expects: nothing to play, nothing kept.
        let (next, kept) = answer(&lines, &words("p q r s t"));
        assert_eq!((next, kept), (None, vec![]));
    }

    #[test]
    fn a_held_line_waits_for_its_owners_move_and_then_answers_again() {
        let record = words("p q r s a");
        let lines = [line(4, "a b c d"), line(4, "x y")];
        let held = held(&lines, &record);
        assert_eq!(held, [line(5, "b c d")]);
        assert!(is_held(&held[0], &record));
        // Held: the owner's own move decides, nothing is answered for them.
        assert_eq!(answer(&held, &record), (None, vec![]));
        // They play it; after the opponent's next move the line answers as before.
        let record = words("p q r s a b c");
        assert_eq!(answer(&held, &record), (Some("d".to_string()), vec![]));
        // They play something else: the line no longer matches.
        assert_eq!(answer(&held, &words("p q r s a z c")), (None, vec![]));
    }
}
