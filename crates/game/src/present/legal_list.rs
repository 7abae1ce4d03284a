//! The `moves` reply's list: the legal moves grouped by the piece that makes them, each in
//! the SAN of the game's move list, in an order that never changes for a position.

use crate::rules::{self, PieceKind, Position, Square};

/// One piece's legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PieceMoves {
    /// What moves.
    pub kind: PieceKind,
    /// Where it stands.
    pub from: Square,
    /// Its moves in SAN, by destination square (file, then rank; a rook's promotion before
    /// a bishop's).
    pub sans: Vec<String>,
}

/// The side to move's legal moves grouped by piece: the king first, then the rooks, the
/// bishops and the pawns, pieces of a kind by their square (file, then rank); only the piece
/// on `only` when it is given.
pub(crate) fn grouped(position: &Position, only: Option<Square>) -> Vec<PieceMoves> {
    let mut sans = rules::legal_sans(position);
    sans.retain(|(mv, _)| only.is_none_or(|sq| mv.from == sq));
    let file_rank = |sq: Square| (sq.file(), sq.rank());
    sans.sort_by_key(|(mv, _)| {
        let kind = position.piece_at(mv.from).map(|p| p.kind);
        (kind, file_rank(mv.from), file_rank(mv.to), mv.promotion)
    });
    let mut groups: Vec<PieceMoves> = Vec::new();
    for (mv, san) in sans {
        match groups.last_mut() {
            Some(group) if group.from == mv.from => group.sans.push(san),
            _ => groups.push(PieceMoves {
                kind: position
                    .piece_at(mv.from)
                    .map_or(PieceKind::Pawn, |p| p.kind),
                from: mv.from,
                sans: vec![san],
            }),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    fn lines(position: &Position, only: Option<Square>) -> Vec<String> {
        grouped(position, only)
            .into_iter()
            .map(|g| format!("{:?} {}: {}", g.kind, g.from, g.sans.join(", ")))
            .collect()
    }

    #[test]
    fn the_moves_are_grouped_by_piece_in_a_fixed_order() {
        let start = Position::start();
        assert_eq!(
            lines(&start, None),
            [
                "Rook e1: Rf1",
                "Rook e2: Rf2",
                "Pawn c1: c1b1, c1b2",
                "Pawn c2: c2b1, c2b2, b3",
            ]
        );
        assert_eq!(
            lines(&start, Some("c2".parse().unwrap())),
            ["Pawn c2: c2b1, c2b2, b3"]
        );
        // Black's, after a capture and a rebound: the king, the rooks, the bishop, the pawns.
        let game = Game::replay(None, &["c2-b1", "e6-f5", "d1-b5"]).unwrap();
        assert_eq!(
            lines(game.position(), None),
            [
                "King d6: Ke6",
                "Rook c6: Rb6",
                "Rook c7: Rb7",
                "Bishop d7: Be6",
                "Pawn e7: f6, f7",
                "Pawn f5: f4, g4",
            ]
        );
    }
}
