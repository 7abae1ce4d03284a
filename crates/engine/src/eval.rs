//! The static evaluation: what a position is worth to the side to move, in centipawns.
//!
//! Built for Rollerball rather than borrowed from chess: besides material it weighs each king's
//! race to the enemy throne (the second way to win), the long sideways rook squares, pawn
//! progress round the ring, mobility along the rebounding rays and the lines aimed at each king.
//! Everything is a few table look-ups per piece, because the search calls it at every leaf.

use std::sync::OnceLock;

use crate::rules::rays::{BETWEEN, REACH, UNREACHABLE};
use crate::rules::{Color, PieceKind, Position, promotion_squares, throne};

/// Material values in centipawns, indexed by [`PieceKind::index`] (pawn, rook, bishop, king).
/// A rook that rebounds and slides sideways is worth much more than a bishop, which can only
/// move forward diagonally far and back one step.
pub const VALUES: [i32; 4] = value_table();

const fn value_table() -> [i32; 4] {
    let mut v = [0; 4];
    v[PieceKind::Pawn.index()] = 100;
    v[PieceKind::Rook.index()] = 500;
    v[PieceKind::Bishop.index()] = 300;
    v[PieceKind::King.index()] = 0;
    v
}

/// The value of a piece kind in centipawns (the king counts 0: it is never captured).
pub fn value(kind: PieceKind) -> i32 {
    VALUES[kind.index()]
}

/// Grid squares (7×7) as used by the rules' tables.
const GRID: usize = 49;
/// "Too far": a square from which a goal cannot be reached.
const FAR: u8 = 99;

/// Distances precomputed from the rules' rays, once per process.
pub struct Tables {
    /// `king[color][crossed][sq]`: king moves on an empty board from `sq` (with the crossed
    /// flag in that state) to standing on the enemy throne with the flag set.
    pub king: [[[u8; GRID]; 2]; 2],
    /// `pawn[color][sq]`: pawn moves on an empty board from `sq` to a promotion square.
    pub pawn: [[u8; GRID]; 2],
}

/// The distance tables, computed on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(compute_tables)
}

/// The crossed flag after a king of `color` steps from `from` to `to` (RULES.md §6).
fn crossed_after(color: Color, from: usize, to: usize, crossed: bool) -> bool {
    // White crosses from d1/d2 to c1/c2; Black from d6/d7 to e6/e7 (grid index rank*7+file).
    let (home, beyond): ([usize; 2], [usize; 2]) = match color {
        Color::White => ([3, 10], [2, 9]),
        Color::Black => ([38, 45], [39, 46]),
    };
    if home.contains(&from) && beyond.contains(&to) {
        true
    } else if beyond.contains(&from) && home.contains(&to) {
        false
    } else {
        crossed
    }
}

fn compute_tables() -> Tables {
    let king_kind = PieceKind::King.index();
    let pawn_kind = PieceKind::Pawn.index();
    let mut king = [[[FAR; GRID]; 2]; 2];
    let mut pawn = [[FAR; GRID]; 2];
    for color in Color::ALL {
        let c = color.index();
        king[c][1][throne(color).index()] = 0;
        for sq in promotion_squares(color) {
            pawn[c][sq.index()] = 0;
        }
        // Relax until nothing changes: the graphs are tiny (98 and 49 states).
        let mut changed = true;
        while changed {
            changed = false;
            for from in 0..GRID {
                for flag in 0..2 {
                    let mut best = king[c][flag][from];
                    let mut reach = REACH[king_kind][from];
                    while reach != 0 {
                        let to = reach.trailing_zeros() as usize;
                        reach &= reach - 1;
                        let next = crossed_after(color, from, to, flag == 1) as usize;
                        best = best.min(king[c][next][to].saturating_add(1));
                    }
                    if best < king[c][flag][from] {
                        king[c][flag][from] = best;
                        changed = true;
                    }
                }
                let mut best = pawn[c][from];
                let mut reach = REACH[pawn_kind][from];
                while reach != 0 {
                    let to = reach.trailing_zeros() as usize;
                    reach &= reach - 1;
                    best = best.min(pawn[c][to].saturating_add(1));
                }
                if best < pawn[c][from] {
                    pawn[c][from] = best;
                    changed = true;
                }
            }
        }
    }
    Tables { king, pawn }
}

/// Bonus for a king `n` moves (on an empty board) from winning by throne. The race only
/// starts to matter when the king is a few steps away; one step away it is a real threat.
const RACE: [i32; 9] = [0, 90, 55, 35, 22, 14, 8, 4, 2];
/// Bonus for a pawn `n` moves from promoting.
const PAWN_PROGRESS: [i32; 8] = [0, 70, 45, 30, 20, 12, 6, 2];
/// Bonus for a rook on a square with a long sideways slide (b1, a6, f7, g2).
const LONG_SIDEWAYS: i32 = 18;
/// Per square a rook or bishop can move to.
const MOBILITY: i32 = 4;
/// Per enemy rook or bishop lined up on the king with exactly one piece in between (a pin
/// or a discovered attack in waiting), and with two.
const XRAY_ONE: i32 = 22;
const XRAY_TWO: i32 = 8;
/// Per square next to the king that the king can step to (a king with no air is mated easily).
const KING_AIR: i32 = 6;
/// When the side not to move has a crossed king one step from a throne it could step on next:
/// the side to move must answer it, so a quiet position with this threat is bad for it.
const THRONE_THREAT: i32 = 250;

/// Grid indices of the four long-sideways rook squares: b1, a6, f7, g2.
const LONG_SIDEWAYS_SQUARES: u64 = (1 << 1) | (1 << 35) | (1 << 47) | (1 << 13);

/// The evaluation of `p` for the side to move, in centipawns.
pub fn evaluate(p: &Position, t: &Tables) -> i32 {
    let white = side_score(p, t, Color::White);
    let black = side_score(p, t, Color::Black);
    let mut score = white - black;
    if p.side_to_move() == Color::Black {
        score = -score;
    }
    let them = p.side_to_move().opponent();
    if throne_threat(p, t, them) {
        score -= THRONE_THREAT;
    }
    score
}

/// True when `color`'s crossed king stands next to its throne and could step on it: the square
/// is not held by its own piece nor attacked by the enemy. Whose turn it is does not matter.
pub fn throne_threat(p: &Position, t: &Tables, color: Color) -> bool {
    if !p.crossed(color) {
        return false;
    }
    let king = p.king_square(color);
    if t.king[color.index()][1][king.index()] != 1 {
        return false;
    }
    let goal = throne(color);
    !p.pieces_of(color).contains(goal) && !p.is_attacked(goal, color.opponent())
}

/// Everything `color` has, from its own point of view.
fn side_score(p: &Position, t: &Tables, color: Color) -> i32 {
    let c = color.index();
    let own = p.pieces_of(color).0;
    let enemy = p.pieces_of(color.opponent()).0;
    let occ = own | enemy;
    let mut score = 0;

    for sq in p.pieces_of_kind(color, PieceKind::Pawn) {
        score += VALUES[PieceKind::Pawn.index()];
        let d = t.pawn[c][sq.index()] as usize;
        score += PAWN_PROGRESS[d.min(PAWN_PROGRESS.len() - 1)];
    }
    for kind in [PieceKind::Rook, PieceKind::Bishop] {
        let k = kind.index();
        for sq in p.pieces_of_kind(color, kind) {
            score += VALUES[k];
            let between = &BETWEEN[k][sq.index()];
            let mut reach = REACH[k][sq.index()] & !own;
            let mut moves = 0;
            while reach != 0 {
                let to = reach.trailing_zeros() as usize;
                reach &= reach - 1;
                if between[to] & occ == 0 {
                    moves += 1;
                }
            }
            score += MOBILITY * moves;
            if kind == PieceKind::Rook && LONG_SIDEWAYS_SQUARES & (1 << sq.index()) != 0 {
                score += LONG_SIDEWAYS;
            }
        }
    }

    // The king: its race to the throne, its air, and the enemy lines aimed at it.
    let king = p.king_square(color);
    let k = king.index();
    let d = t.king[c][p.crossed(color) as usize][k] as usize;
    score += RACE[d.min(RACE.len() - 1)];
    score += KING_AIR * (REACH[PieceKind::King.index()][k] & !own).count_ones() as i32;
    for kind in [PieceKind::Rook, PieceKind::Bishop] {
        let ki = kind.index();
        for from in p.pieces_of_kind(color.opponent(), kind) {
            let between = BETWEEN[ki][from.index()][k];
            if between == UNREACHABLE {
                continue;
            }
            match (between & occ).count_ones() {
                1 => score -= XRAY_ONE,
                2 => score -= XRAY_TWO,
                _ => {}
            }
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    fn sq(name: &str) -> usize {
        name.parse::<Square>().unwrap().index()
    }

    #[test]
    fn king_race_distances_follow_the_ring_clockwise() {
        let t = tables();
        let w = Color::White.index();
        // d2 → c2 (crossing) → b3 → b4 → b5 → c6 → d6.
        assert_eq!(t.king[w][0][sq("d2")], 6);
        assert_eq!(t.king[w][1][sq("c6")], 1);
        // Without the flag, c6 must first go back round to cross.
        assert!(t.king[w][0][sq("c6")] > 1);
        let b = Color::Black.index();
        assert_eq!(t.king[b][0][sq("d6")], 6);
        assert_eq!(t.king[b][1][sq("e2")], 1);
    }

    #[test]
    fn pawns_measure_their_way_to_promotion() {
        let t = tables();
        assert_eq!(t.pawn[Color::White.index()][sq("e6")], 0);
        assert_eq!(t.pawn[Color::White.index()][sq("d6")], 1);
        assert!(t.pawn[Color::White.index()][sq("c2")] >= 5);
        assert_eq!(t.pawn[Color::Black.index()][sq("d2")], 1);
    }

    #[test]
    fn the_start_is_balanced() {
        let p = Position::start();
        assert_eq!(evaluate(&p, tables()), 0);
    }

    #[test]
    fn evaluation_is_symmetric_under_the_half_turn() {
        // The same position turned half round with colours swapped scores the same.
        let a = Position::from_fen("2rbp2/2rkp2/7/7/1P5/3KR2/2PBR2 b - 1").unwrap();
        let b = Position::from_fen("2rbp2/2rk3/5p1/7/7/2PKR2/2PBR2 w - 1").unwrap();
        assert_eq!(evaluate(&a, tables()), evaluate(&b, tables()));
    }
}
