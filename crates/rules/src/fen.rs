//! Reading and writing positions in Rollerball FEN (RULES.md §7).
//!
//! `2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1`: placement from rank 7 down, side to move, crossed
//! flags, full-move number. Hole squares count as empty and must be empty.

use std::fmt::Write;
use std::str::FromStr;

use super::position::{Position, promotion_squares};
use super::square::{Color, Piece, PieceKind, SIZE, Square, in_hole};

/// The start position's FEN.
pub const START_FEN: &str = "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1";

/// Why a FEN was rejected: each kind of bad FEN has its own variant and message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error(
        "a FEN has 4 fields separated by spaces (placement, side to move, crossed flags, move number); this one has {0}"
    )]
    /// Not four fields (how many there are).
    FieldCount(usize),
    #[error("the placement has {0} ranks; it needs 7, separated by `/`")]
    /// Not seven ranks (how many there are).
    RankCount(usize),
    #[error(
        "rank {rank} describes {width} squares; every rank has 7 (hole squares count as empty)"
    )]
    /// A rank that does not describe seven squares.
    RankWidth {
        /// The rank, 1 to 7.
        rank: u8,
        /// How many squares it describes.
        width: usize,
    },
    #[error("`{0}` is not a piece letter; use K R B P for White and k r b p for Black")]
    /// A letter that is no piece.
    UnknownPiece(char),
    #[error("there is a piece on {0}, in the hole; hole squares must be empty")]
    /// A piece in the hole (the square).
    PieceInHole(String),
    #[error("{color} has {count} kings; each side needs exactly one")]
    /// A side without exactly one king.
    KingCount {
        /// The side.
        color: Color,
        /// Its kings.
        count: u32,
    },
    #[error("a {color} pawn stands on {square}, one of its own promotion squares")]
    /// A pawn on one of its own promotion squares, where it could never stand.
    PawnOnPromotionSquare {
        /// The pawn's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    #[error("the side to move is `{0}`; it must be `w` or `b`")]
    /// The side to move is neither `w` nor `b`.
    SideToMove(String),
    #[error("the crossed flags are `{0}`; they must be `K`, `k`, `Kk` or `-`")]
    /// The crossed flags are unreadable.
    CrossedFlags(String),
    #[error("the move number is `{0}`; it must be a whole number from 1")]
    /// The move number is no whole number from 1.
    MoveNumber(String),
    #[error("{0} is in check but it is not their move")]
    /// The side not to move is in check, which no game can reach.
    SideNotToMoveInCheck(Color),
}

/// Reads a FEN, checking everything RULES.md §7 asks.
pub fn from_fen(fen: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() != 4 {
        return Err(FenError::FieldCount(fen.split_whitespace().count()));
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::SideToMove(other.to_string())),
    };
    let crossed = match fields[2] {
        "-" => [false, false],
        "K" => [true, false],
        "k" => [false, true],
        "Kk" => [true, true],
        other => return Err(FenError::CrossedFlags(other.to_string())),
    };
    let fullmove = match fields[3].parse::<u32>() {
        Ok(n) if n >= 1 && fields[3].bytes().all(|b| b.is_ascii_digit()) => n,
        _ => return Err(FenError::MoveNumber(fields[3].to_string())),
    };

    let mut position = Position::empty(side, crossed, fullmove);
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != SIZE as usize {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = SIZE - 1 - row as u8;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=7).contains(d)) {
                file += d as usize;
                continue;
            }
            let piece = Piece::from_fen_char(c).ok_or(FenError::UnknownPiece(c))?;
            if file < SIZE as usize {
                if in_hole(file as i8, rank as i8) {
                    let name = format!("{}{}", (b'a' + file as u8) as char, rank + 1);
                    return Err(FenError::PieceInHole(name));
                }
                let square = Square::new(file as u8, rank).expect("checked on the board");
                position.put(square, piece);
            }
            file += 1;
        }
        if file != SIZE as usize {
            return Err(FenError::RankWidth {
                rank: rank + 1,
                width: file,
            });
        }
    }

    for color in Color::ALL {
        let count = position.pieces_of_kind(color, PieceKind::King).len();
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
        for square in promotion_squares(color) {
            if position.piece_at(square) == Some(Piece::new(color, PieceKind::Pawn)) {
                return Err(FenError::PawnOnPromotionSquare { color, square });
            }
        }
    }
    let waiting = side.opponent();
    if position.is_attacked(position.king_square(waiting), side) {
        return Err(FenError::SideNotToMoveInCheck(waiting));
    }
    Ok(position)
}

/// Writes `position` as FEN.
pub fn to_fen(position: &Position) -> String {
    let mut out = String::with_capacity(40);
    for rank in (0..SIZE).rev() {
        let mut empty = 0;
        for file in 0..SIZE {
            match Square::new(file, rank).and_then(|s| position.piece_at(s)) {
                Some(piece) => {
                    if empty > 0 {
                        write!(out, "{empty}").expect("write to String");
                        empty = 0;
                    }
                    out.push(piece.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(out, "{empty}").expect("write to String");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(match position.side_to_move() {
        Color::White => " w ",
        Color::Black => " b ",
    });
    out.push_str(
        match (
            position.crossed(Color::White),
            position.crossed(Color::Black),
        ) {
            (false, false) => "-",
            (true, false) => "K",
            (false, true) => "k",
            (true, true) => "Kk",
        },
    );
    write!(out, " {}", position.fullmove()).expect("write to String");
    out
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        from_fen(s)
    }
}

impl Position {
    /// Reads a FEN (see [`from_fen`]).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        from_fen(fen)
    }

    /// Writes the position as FEN.
    pub fn to_fen(&self) -> String {
        to_fen(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let p = from_fen(START_FEN).unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(to_fen(&p), START_FEN);
    }

    #[test]
    fn each_kind_of_bad_fen_has_its_error() {
        let cases: [(&str, FenError); 11] = [
            ("2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w -", FenError::FieldCount(3)),
            ("2rbp2/2rkp2/7/7/2PKR2/2PBR2 w - 1", FenError::RankCount(6)),
            (
                "2rbp2/2rkp2/8/7/7/2PKR2/2PBR2 w - 1",
                FenError::UnknownPiece('8'),
            ),
            (
                "2rbp2/2rkp2/7/7/7/2PKR3/2PBR2 w - 1",
                FenError::RankWidth { rank: 2, width: 8 },
            ),
            (
                "2rbp2/2rkp2/7/3P3/7/2PKR2/2PBR2 w - 1",
                FenError::PieceInHole("d4".into()),
            ),
            (
                "2rbp2/2rkp2/7/7/7/2PKR2/2PBQ2 w - 1",
                FenError::UnknownPiece('Q'),
            ),
            (
                "2rbp2/2rkp2/7/7/7/2P1R2/2PBR2 w - 1",
                FenError::KingCount {
                    color: Color::White,
                    count: 0,
                },
            ),
            (
                "2rbp2/2rkP2/7/7/7/2PKR2/2PBR2 w - 1",
                FenError::PawnOnPromotionSquare {
                    color: Color::White,
                    square: "e6".parse().unwrap(),
                },
            ),
            (
                "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 x - 1",
                FenError::SideToMove("x".into()),
            ),
            (
                "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w kK 1",
                FenError::CrossedFlags("kK".into()),
            ),
            (
                "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 0",
                FenError::MoveNumber("0".into()),
            ),
        ];
        for (fen, want) in cases {
            assert_eq!(from_fen(fen), Err(want), "{fen}");
        }
        // White to move while Black's king on a7 is attacked by the rook on b1.
        assert_eq!(
            from_fen("k6/7/7/7/7/6K/1R5 w - 1"),
            Err(FenError::SideNotToMoveInCheck(Color::Black))
        );
    }
}
