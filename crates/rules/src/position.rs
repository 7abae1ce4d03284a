//! Positions and moves: legal move generation, check, making moves, perft and Zobrist keys.

use std::fmt;
use std::ops::Deref;

use super::outcome::{Outcome, Termination};
use super::rays::{BETWEEN, REACH, UNREACHABLE};
use super::square::{Color, Piece, PieceKind, Square, SquareSet};

/// A move: from, to, and the piece a pawn promotes to (rook or bishop), if it does.
///
/// A move is just coordinates; whether it is legal, a capture or a check depends on the
/// [`Position`] it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// What a promoting pawn becomes.
    pub promotion: Option<PieceKind>,
}

impl Move {
    /// A move without promotion.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }
}

/// The legal moves of a position, without allocating.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MoveList::CAPACITY],
}

impl MoveList {
    /// More than any position can have: at most six pieces a side, a rook reaching 14 squares.
    const CAPACITY: usize = 160;

    fn new() -> MoveList {
        let a1 = Square::ALL[0];
        MoveList {
            len: 0,
            moves: [Move::new(a1, a1); MoveList::CAPACITY],
        }
    }

    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Why [`Position::play`] refused a move. The position is left untouched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is not a legal move in this position")]
pub struct IllegalMove {
    /// The refused move, in coordinate form.
    pub mv: String,
}

/// The squares where a pawn of each colour must promote: the enemy pawns' start squares.
pub const fn promotion_squares(color: Color) -> [Square; 2] {
    match color {
        Color::White => [sq(4, 5), sq(4, 6)],
        Color::Black => [sq(2, 0), sq(2, 1)],
    }
}

/// The square a king of `color` must reach to win by throne: the enemy king's start square.
pub const fn throne(color: Color) -> Square {
    match color {
        Color::White => sq(3, 5),
        Color::Black => sq(3, 1),
    }
}

const fn sq(file: u8, rank: u8) -> Square {
    match Square::new(file, rank) {
        Some(s) => s,
        None => panic!("not a square"),
    }
}

/// The king's home squares (left when *crossing*) and the squares beyond the line (RULES.md §6).
const fn crossing_squares(color: Color) -> ([Square; 2], [Square; 2]) {
    match color {
        Color::White => ([sq(3, 0), sq(3, 1)], [sq(2, 0), sq(2, 1)]),
        Color::Black => ([sq(3, 5), sq(3, 6)], [sq(4, 5), sq(4, 6)]),
    }
}

const fn mask(squares: [Square; 2]) -> u64 {
    (1 << squares[0].index()) | (1 << squares[1].index())
}

/// Zobrist keys, fixed at compile time so hashes are the same in every process.
mod zobrist {
    const fn splitmix(state: u64) -> (u64, u64) {
        let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (state, z ^ (z >> 31))
    }

    /// `PIECES[color][kind][grid index]`, then the side-to-move key and one key per crossed flag.
    pub static PIECES: [[[u64; 49]; 4]; 2] = {
        let mut t = [[[0; 49]; 4]; 2];
        let mut state = 0x526F_6C6C_6572_6261; // "Rollerba"
        let mut i = 0;
        while i < 2 * 4 * 49 {
            let (s, v) = splitmix(state);
            state = s;
            t[i / (4 * 49)][(i / 49) % 4][i % 49] = v;
            i += 1;
        }
        t
    };
    pub const BLACK_TO_MOVE: u64 = splitmix(1).1;
    pub const CROSSED: [u64; 2] = [splitmix(2).1, splitmix(3).1];
}

/// A Rollerball position: the pieces, the side to move, both crossed flags and the full-move
/// number. Every `Position` is legal in the sense of RULES.md §7 (one king each, no pawn on its
/// promotion squares, the side not to move not in check): it comes from [`Position::start`],
/// from a checked FEN, or from legal moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    colors: [u64; 2],
    kinds: [u64; 4],
    side: Color,
    crossed: [bool; 2],
    fullmove: u32,
    hash: u64,
}

impl Position {
    /// The start position (RULES.md §3).
    pub fn start() -> Position {
        use Color::*;
        use PieceKind::*;
        let mut p = Position::empty(White, [false, false], 1);
        let setup = [
            (White, Pawn, "c1"),
            (White, Pawn, "c2"),
            (White, Bishop, "d1"),
            (White, Rook, "e1"),
            (White, Rook, "e2"),
            (White, King, "d2"),
            (Black, Pawn, "e7"),
            (Black, Pawn, "e6"),
            (Black, Bishop, "d7"),
            (Black, Rook, "c7"),
            (Black, Rook, "c6"),
            (Black, King, "d6"),
        ];
        for (color, kind, name) in setup {
            p.put(
                name.parse().expect("setup squares"),
                Piece::new(color, kind),
            );
        }
        p
    }

    /// A board with no pieces; only for building positions that are then checked.
    pub(super) fn empty(side: Color, crossed: [bool; 2], fullmove: u32) -> Position {
        let mut hash = 0;
        if side == Color::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        for color in Color::ALL {
            if crossed[color.index()] {
                hash ^= zobrist::CROSSED[color.index()];
            }
        }
        Position {
            colors: [0; 2],
            kinds: [0; 4],
            side,
            crossed,
            fullmove,
            hash,
        }
    }

    /// Places `piece` on the empty square `sq`.
    pub(super) fn put(&mut self, sq: Square, piece: Piece) {
        let bit = 1 << sq.index();
        self.colors[piece.color.index()] |= bit;
        self.kinds[piece.kind.index()] |= bit;
        self.hash ^= zobrist::PIECES[piece.color.index()][piece.kind.index()][sq.index()];
    }

    fn remove(&mut self, sq: Square, piece: Piece) {
        let bit = !(1u64 << sq.index());
        self.colors[piece.color.index()] &= bit;
        self.kinds[piece.kind.index()] &= bit;
        self.hash ^= zobrist::PIECES[piece.color.index()][piece.kind.index()][sq.index()];
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = 1 << sq.index();
        let color = if self.colors[0] & bit != 0 {
            Color::White
        } else if self.colors[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = PieceKind::ALL
            .into_iter()
            .find(|k| self.kinds[k.index()] & bit != 0)?;
        Some(Piece::new(color, kind))
    }

    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .map(|sq| (sq, self.piece_at(sq).expect("occupied")))
    }

    /// The squares holding pieces of `color`.
    pub fn pieces_of(&self, color: Color) -> SquareSet {
        SquareSet(self.colors[color.index()])
    }

    /// The squares holding pieces of `color` and `kind`.
    pub fn pieces_of_kind(&self, color: Color, kind: PieceKind) -> SquareSet {
        SquareSet(self.colors[color.index()] & self.kinds[kind.index()])
    }

    /// Every occupied square.
    pub fn occupied(&self) -> SquareSet {
        SquareSet(self.colors[0] | self.colors[1])
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Whether `color`'s king has crossed (RULES.md §6), the condition for a throne win.
    pub fn crossed(&self, color: Color) -> bool {
        self.crossed[color.index()]
    }

    /// The full-move number: 1 at the start, one more after each Black move.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key of what makes positions "the same" for repetition: placement, side to
    /// move and both crossed flags (not the move number).
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The square of `color`'s king.
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces_of_kind(color, PieceKind::King)
            .next()
            .expect("every position has both kings")
    }

    /// True when a piece of `by` attacks `target`, with the board as it is.
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        self.attacked_with(target, self.colors[by.index()], self.occupied().0)
    }

    /// True when one of the pieces in `attackers` reaches `target` given the occupancy `occ`.
    #[inline]
    fn attacked_with(&self, target: Square, attackers: u64, occ: u64) -> bool {
        for kind in PieceKind::ALL {
            let between = &BETWEEN[kind.index()];
            for from in SquareSet(attackers & self.kinds[kind.index()]) {
                if between[from.index()][target.index()] & occ == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> SquareSet {
        let king = self.king_square(self.side);
        let occ = self.occupied().0;
        let mut found = 0;
        for kind in PieceKind::ALL {
            let between = &BETWEEN[kind.index()];
            let enemies = self.colors[self.side.opponent().index()] & self.kinds[kind.index()];
            for from in SquareSet(enemies) {
                if between[from.index()][king.index()] & occ == 0 {
                    found |= 1 << from.index();
                }
            }
        }
        SquareSet(found)
    }

    /// True when the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.king_square(self.side), self.side.opponent())
    }

    /// The kind of the piece on `sq`, which must be occupied.
    #[inline]
    fn kind_at(&self, sq: Square) -> PieceKind {
        let bit = 1 << sq.index();
        if self.kinds[PieceKind::Pawn.index()] & bit != 0 {
            PieceKind::Pawn
        } else if self.kinds[PieceKind::Rook.index()] & bit != 0 {
            PieceKind::Rook
        } else if self.kinds[PieceKind::Bishop.index()] & bit != 0 {
            PieceKind::Bishop
        } else {
            PieceKind::King
        }
    }

    /// Every move by the rules of movement, legal or not (it may leave the king in check).
    pub fn pseudo_legal_moves(&self) -> MoveList {
        self.generate(false)
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        self.generate(true)
    }

    /// The legal moves of the piece on `from` (none if it is not the mover's).
    pub fn legal_moves_from(&self, from: Square) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from == from)
            .collect()
    }

    fn generate(&self, legal_only: bool) -> MoveList {
        let mut out = MoveList::new();
        let us = self.side;
        let own = self.colors[us.index()];
        let theirs = self.colors[us.opponent().index()];
        let occ = own | theirs;
        let king = self.king_square(us);
        let in_check = legal_only && self.attacked_with(king, theirs, occ);
        // Squares on any enemy line to our king: only a piece leaving one of these (or the
        // king itself, or any move while in check) can put or leave our king in check.
        let mut lines = 0;
        if legal_only && !in_check {
            for kind in [PieceKind::Rook, PieceKind::Bishop] {
                for from in SquareSet(theirs & self.kinds[kind.index()]) {
                    let b = BETWEEN[kind.index()][from.index()][king.index()];
                    if b != UNREACHABLE {
                        lines |= b;
                    }
                }
            }
        }
        let promotion_mask = mask(promotion_squares(us));
        for from in SquareSet(own) {
            let kind = self.kind_at(from);
            let between = &BETWEEN[kind.index()][from.index()];
            let needs_check = legal_only
                && (in_check || kind == PieceKind::King || lines & (1 << from.index()) != 0);
            for to in SquareSet(REACH[kind.index()][from.index()] & !own) {
                if between[to.index()] & occ != 0 {
                    continue;
                }
                if needs_check && !self.king_safe_after(kind, from, to, king) {
                    continue;
                }
                if kind == PieceKind::Pawn && promotion_mask & (1 << to.index()) != 0 {
                    for promotion in [PieceKind::Rook, PieceKind::Bishop] {
                        out.push(Move {
                            from,
                            to,
                            promotion: Some(promotion),
                        });
                    }
                } else {
                    out.push(Move::new(from, to));
                }
            }
        }
        out
    }

    /// True when moving the `kind` on `from` to `to` leaves our king (on `king`) unattacked.
    #[inline]
    fn king_safe_after(&self, kind: PieceKind, from: Square, to: Square, king: Square) -> bool {
        let to_bit = 1u64 << to.index();
        let occ = (self.occupied().0 & !(1 << from.index())) | to_bit;
        let attackers = self.colors[self.side.opponent().index()] & !to_bit;
        let king = if kind == PieceKind::King { to } else { king };
        !self.attacked_with(king, attackers, occ)
    }

    /// True when `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// True when `mv` takes a piece.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.colors[self.side.opponent().index()] & (1 << mv.to.index()) != 0
    }

    /// Plays `mv` if it is legal; otherwise returns an error and leaves the position untouched.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove {
                mv: super::notation::coordinate(self, mv),
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which the caller knows to be legal (from [`Position::legal_moves`]).
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.side;
        let them = us.opponent();
        let kind = self.kind_at(mv.from);
        if self.colors[them.index()] & (1 << mv.to.index()) != 0 {
            let captured = self.kind_at(mv.to);
            self.remove(mv.to, Piece::new(them, captured));
        }
        self.remove(mv.from, Piece::new(us, kind));
        self.put(mv.to, Piece::new(us, mv.promotion.unwrap_or(kind)));
        if kind == PieceKind::King {
            let (home, beyond) = crossing_squares(us);
            let (from, to) = (1u64 << mv.from.index(), 1u64 << mv.to.index());
            let crossed = if mask(home) & from != 0 && mask(beyond) & to != 0 {
                Some(true)
            } else if mask(beyond) & from != 0 && mask(home) & to != 0 {
                Some(false)
            } else {
                None
            };
            if let Some(crossed) = crossed
                && crossed != self.crossed[us.index()]
            {
                self.crossed[us.index()] = crossed;
                self.hash ^= zobrist::CROSSED[us.index()];
            }
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = them;
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    /// The position after `mv`, which the caller knows to be legal.
    pub fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(mv);
        next
    }

    /// The side that has just won by reaching the enemy throne with its crossed flag set.
    pub fn throne_winner(&self) -> Option<Color> {
        let mover = self.side.opponent();
        (self.crossed(mover) && self.king_square(mover) == throne(mover)).then_some(mover)
    }

    /// How the game stands by the board alone, in the order of RULES.md §6: throne, then
    /// checkmate, then stalemate. Repetition needs the game's history: see `Game`.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.throne_winner() {
            return Some(Outcome::win(winner, Termination::Throne));
        }
        if self.legal_moves().is_empty() {
            return Some(if self.is_check() {
                Outcome::win(self.side.opponent(), Termination::Checkmate)
            } else {
                Outcome::draw(Termination::Stalemate)
            });
        }
        None
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep (RULES.md §10: it
    /// does not stop at throne wins or repetitions).
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_moves().len() as u64,
            _ => self
                .legal_moves()
                .iter()
                .map(|&mv| self.after(mv).perft(depth - 1))
                .sum(),
        }
    }

    /// Perft split by root move, in move-generation order.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        self.legal_moves()
            .iter()
            .map(|&mv| (mv, self.after(mv).perft(depth.saturating_sub(1))))
            .collect()
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", super::fen::to_fen(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_moves_and_perft() {
        let p = Position::start();
        let mut moves: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|&m| super::super::notation::coordinate(&p, m))
            .collect();
        moves.sort();
        assert_eq!(
            moves,
            [
                "c1-b1", "c1-b2", "c2-b1", "c2-b2", "c2-b3", "e1-f1", "e2-f2"
            ]
        );
        let counts: Vec<u64> = (1..=4).map(|d| p.perft(d)).collect();
        assert_eq!(counts, [7, 49, 476, 4652]);
    }

    #[test]
    fn illegal_move_leaves_the_position_untouched() {
        let mut p = Position::start();
        let before = p;
        let bad = Move::new(
            "d2".parse().unwrap(),
            "d3".parse().unwrap_or(Square::ALL[0]),
        );
        assert!(p.play(bad).is_err());
        assert_eq!(p, before);
    }
}
