//! A principal variation cut to what a player reads ("5…Bxe2 6.Rf2 Bxf1"), and what it does
//! for the side that starts it: the material it wins, or the win it reaches.

use crate::eval::value;
use crate::rules::{Color, Move, PieceKind, Position, Termination};
use crate::tt::Table;

/// A line shows this many plies at least (fewer when the variation is shorter).
pub const LINE_PLIES: usize = 3;
/// ... and on to its last capture within this many, so that what it wins is in what is shown
/// ("5.b5 f3 6.Ree1 g2 7.bxc6+" rather than "5.b5 f3 6.Ree1").
pub const LINE_PLIES_MAX: usize = 7;

/// What a line does for the side that starts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gain {
    /// It ends the game in that side's favour (checkmate or the throne).
    Wins(Termination),
    /// It wins material: the kinds taken and the kinds given for them, each with its count,
    /// the most valuable first; the kinds taken are worth more than those given.
    Material {
        /// The pieces the line's side takes, beyond the same kinds it loses.
        won: Vec<(PieceKind, u32)>,
        /// The pieces it gives for them (empty: none).
        lost: Vec<(PieceKind, u32)>,
    },
}

/// `pv`, a search's principal variation from `position`, carried on to [`LINE_PLIES_MAX`]
/// plies with the moves the table keeps for the positions after it. The search's own line
/// stops where a table entry cut the search short, often after a move or two; the table's
/// moves there are the ones that search found best. It stops at the end of the game, at a
/// position already on the line, and at a move the table has not or that is not legal.
pub(crate) fn extended(position: &Position, mut pv: Vec<Move>, tt: &Table) -> Vec<Move> {
    let mut board = *position;
    let mut seen = vec![board.zobrist()];
    for &mv in &pv {
        board.play_unchecked(mv);
        seen.push(board.zobrist());
    }
    while pv.len() < LINE_PLIES_MAX && board.outcome().is_none() {
        let Some(mv) = tt.probe(board.zobrist()).and_then(|hit| hit.mv) else {
            break;
        };
        if !board.is_legal(mv) {
            break;
        }
        board.play_unchecked(mv);
        if seen.contains(&board.zobrist()) {
            break;
        }
        seen.push(board.zobrist());
        pv.push(mv);
    }
    pv
}

/// How much of `pv` (a principal variation from `position`) a player is shown: at least
/// [`LINE_PLIES`] plies, or up to the last capture within [`LINE_PLIES_MAX`], and never past
/// the end of the game.
pub fn shown(position: &Position, pv: &[Move]) -> usize {
    let mut board = *position;
    let mut shown = 0;
    for (i, &mv) in pv.iter().take(LINE_PLIES_MAX).enumerate() {
        let capture = board.is_capture(mv);
        board.play_unchecked(mv);
        if i < LINE_PLIES || capture {
            shown = i + 1;
        }
        if board.outcome().is_some() {
            return i + 1;
        }
    }
    shown
}

/// What `line`, played from `position`, does for the side to move there: `None` when it
/// neither ends the game for it nor comes out ahead in material.
pub fn gain(position: &Position, line: &[Move]) -> Option<Gain> {
    let side = position.side_to_move();
    let mut board = *position;
    // Pieces taken, by the line's side ([0]) and by the other ([1]), by kind.
    let mut taken = [[0u32; 4]; 2];
    for &mv in line {
        if let Some(piece) = board.piece_at(mv.to) {
            let by = usize::from(board.side_to_move() != side);
            taken[by][piece.kind.index()] += 1;
        }
        board.play_unchecked(mv);
        if let Some(outcome) = board.outcome() {
            return (outcome.winner == Some(side)).then_some(Gain::Wins(outcome.termination));
        }
    }
    let net = |of: usize| -> Vec<(PieceKind, u32)> {
        let mut kinds: Vec<(PieceKind, u32)> =
            [PieceKind::Rook, PieceKind::Bishop, PieceKind::Pawn]
                .into_iter()
                .map(|k| {
                    (
                        k,
                        taken[of][k.index()].saturating_sub(taken[1 - of][k.index()]),
                    )
                })
                .filter(|&(_, n)| n > 0)
                .collect();
        kinds.sort_by_key(|&(k, _)| -value(k));
        kinds
    };
    let worth = |kinds: &[(PieceKind, u32)]| -> i32 {
        kinds.iter().map(|&(k, n)| value(k) * n as i32).sum()
    };
    let (won, lost) = (net(0), net(1));
    (worth(&won) > worth(&lost)).then_some(Gain::Material { won, lost })
}

/// The moves of `line` from `position` in SAN, numbered as a player writes them: "5…Bxe2
/// 6.Rf2 Bxf1", "5.b5 Kd6 6.bxc6".
pub fn numbered(position: &Position, line: &[Move]) -> String {
    let mut board = *position;
    let mut out = String::new();
    for (i, &mv) in line.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match board.side_to_move() {
            Color::White => out.push_str(&format!("{}.", board.fullmove())),
            Color::Black if i == 0 => out.push_str(&format!("{}…", board.fullmove())),
            Color::Black => {}
        }
        out.push_str(&crate::rules::san(&board, mv));
        board.play_unchecked(mv);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    fn after(moves: &str) -> Game {
        Game::replay(None, &moves.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    fn moves(position: &Position, sans: &str) -> Vec<Move> {
        let mut board = *position;
        sans.split_whitespace()
            .map(|text| {
                let mv = crate::rules::read_move(&board, text).unwrap();
                board.play_unchecked(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn a_line_names_what_it_wins() {
        // After 1.b3 f5 2.Rf1 Ke6 3.b4 f4, White's b5 attacks the rook on c6.
        let game = after("b3 f5 Rf1 Ke6 b4 f4");
        let start = *game.position();
        let line = moves(&start, "b5 Kd6 bxc6");
        assert_eq!(numbered(&start, &line), "4.b5 Kd6 5.bxc6+");
        assert_eq!(
            gain(&start, &line),
            Some(Gain::Material {
                won: vec![(PieceKind::Rook, 1)],
                lost: vec![]
            })
        );
        // After 2.Rf1, Black's bishop takes the rook on e2 and the king takes it back: a rook
        // for a bishop.
        let black = *after("b3 f5 Rf1").position();
        let exchange = moves(&black, "f4 b4 Bxe2 Kxe2");
        assert_eq!(numbered(&black, &exchange), "2…f4 3.b4 Bxe2 4.Kxe2");
        assert_eq!(
            gain(&black, &exchange),
            Some(Gain::Material {
                won: vec![(PieceKind::Rook, 1)],
                lost: vec![(PieceKind::Bishop, 1)]
            })
        );
        // A line from Black's move is numbered with the ellipsis.
        let black = *after("b3").position();
        let reply = moves(&black, "f5 Rf1");
        assert_eq!(numbered(&black, &reply), "1…f5 2.Rf1");
        assert_eq!(gain(&black, &reply), None);
    }
}
