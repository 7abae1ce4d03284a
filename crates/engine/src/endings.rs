//! How a forced win ends: by checkmate, by reaching the throne, or either way as the loser
//! defends. The search scores every win alike ([`Score::Win`](super::Score)), so before the
//! words of an analysis say "mates" or "reaches the throne" they ask here: a small exhaustive
//! AND/OR search over the rules alone, which proves that the winner can force one ending
//! whatever the defence. It is bounded by [`NODES_MAX`] and by [`MOVES_MAX`]; past either the
//! answer is [`WinBy::Either`], and the words say only that the win is forced.

use crate::rules::{Color, Position, Termination};

/// The longest forced win (in the winner's moves) whose ending is looked for.
pub const MOVES_MAX: u32 = 3;
/// The most positions one question visits, both endings together: a few milliseconds.
pub const NODES_MAX: u64 = 200_000;

/// How a forced win ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinBy {
    /// Always by checkmate, however the loser defends.
    Checkmate,
    /// Always by the winner's king reaching the throne.
    Throne,
    /// By one or the other as the loser defends, or not worked out (too long, too costly).
    Either,
}

/// How `winner`'s forced win in `moves` of their moves from `position` ends (0 moves: the
/// game is already won there, by the board).
pub fn win_by(position: &Position, winner: Color, moves: u32) -> WinBy {
    if let Some(outcome) = position.outcome() {
        return match outcome.termination {
            Termination::Checkmate => WinBy::Checkmate,
            Termination::Throne => WinBy::Throne,
            _ => WinBy::Either,
        };
    }
    if moves == 0 || moves > MOVES_MAX {
        return WinBy::Either;
    }
    // The winner's `moves` moves and the loser's answers between them (and before them, when
    // the loser is to move).
    let plies = 2 * moves - u32::from(position.side_to_move() == winner);
    let mut budget = NODES_MAX;
    for (ending, by) in [
        (Termination::Checkmate, WinBy::Checkmate),
        (Termination::Throne, WinBy::Throne),
    ] {
        match forces(position, winner, plies, ending, &mut budget) {
            Some(true) => return by,
            Some(false) => {}
            None => break,
        }
    }
    WinBy::Either
}

/// Whether `winner` can force the game to end by `ending` within `plies` from `position`;
/// `None` once `budget` positions have been visited.
fn forces(
    position: &Position,
    winner: Color,
    plies: u32,
    ending: Termination,
    budget: &mut u64,
) -> Option<bool> {
    *budget = budget.checked_sub(1)?;
    if let Some(outcome) = position.outcome() {
        return Some(outcome.winner == Some(winner) && outcome.termination == ending);
    }
    if plies == 0 {
        return Some(false);
    }
    let attacking = position.side_to_move() == winner;
    for &mv in position.legal_moves().iter() {
        // The winner needs one move that forces it, the loser one that escapes it.
        if forces(&position.after(mv), winner, plies - 1, ending, budget)? == attacking {
            return Some(attacking);
        }
    }
    Some(!attacking)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    /// The blunder game of the analysis tests: after 6.Rg2??, Black mates with Rxg2#.
    const BLUNDER: &[&str] = &[
        "c2b2", "e7f6", "Ba4", "Rb7", "Bxc6", "ef5", "Rd1", "Bxc6", "Rf2", "Rd7", "Rg2",
    ];

    #[test]
    fn a_mate_in_one_is_a_checkmate() {
        let game = Game::replay(None, BLUNDER).unwrap();
        assert_eq!(win_by(game.position(), Color::Black, 1), WinBy::Checkmate);
        let mated = Game::replay(None, &[BLUNDER, &["Rxg2#"]].concat()).unwrap();
        assert_eq!(win_by(mated.position(), Color::Black, 0), WinBy::Checkmate);
        // Nothing is looked for past the bound.
        assert_eq!(
            win_by(game.position(), Color::Black, MOVES_MAX + 1),
            WinBy::Either
        );
    }

    #[test]
    fn a_king_a_step_from_the_throne_wins_by_the_throne() {
        // White's king on c6 has crossed: d6, Black's throne, is a step away.
        for fen in ["7/2K4/7/7/7/6k/7 w K 1", "7/2K4/7/7/7/6k/7 b K 1"] {
            let position = Position::from_fen(fen).unwrap();
            assert_eq!(win_by(&position, Color::White, 1), WinBy::Throne, "{fen}");
        }
        let there = Position::from_fen("7/3K3/7/7/7/6k/7 b K 1").unwrap();
        assert_eq!(win_by(&there, Color::White, 0), WinBy::Throne);
    }
}
