//! Squares, colours, pieces and square sets: the small value types everything else is built from.

use std::fmt;
use std::str::FromStr;

/// Width and height of the board.
pub const SIZE: u8 = 7;

/// One of the 40 squares of the ring board.
///
/// Inside it is the index `rank * 7 + file` on the full 7×7 grid (a1 = 0, g7 = 48); the nine
/// hole squares have indices too but are never a `Square`, so every value of this type is a
/// real square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The direction a square calls *forward* (RULES.md §2). It is the same for both colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heading {
    /// Towards rank 7.
    North,
    /// Towards the g-file.
    East,
    /// Towards rank 1.
    South,
    /// Towards the a-file.
    West,
}

/// The ring a square belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ring {
    /// Files a and g, ranks 1 and 7: 24 squares.
    Outer,
    /// The 16 squares around the hole.
    Inner,
}

/// True when (file, rank) lies in the 3×3 hole `c3`–`e5`.
pub const fn in_hole(file: i8, rank: i8) -> bool {
    file >= 2 && file <= 4 && rank >= 2 && rank <= 4
}

/// True when (file, rank) is one of the 40 squares of the board.
pub const fn on_board(file: i8, rank: i8) -> bool {
    file >= 0 && file < SIZE as i8 && rank >= 0 && rank < SIZE as i8 && !in_hole(file, rank)
}

impl Square {
    /// The 40 squares, a1 first, rank by rank.
    pub const ALL: [Square; 40] = {
        let mut all = [Square(0); 40];
        let mut index = 0;
        let mut n = 0;
        while index < 49 {
            if on_board((index % 7) as i8, (index / 7) as i8) {
                all[n] = Square(index);
                n += 1;
            }
            index += 1;
        }
        all
    };

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), or `None` off the board or in the hole.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if on_board(file as i8, rank as i8) {
            Some(Square(rank * SIZE + file))
        } else {
            None
        }
    }

    /// Like [`Square::new`] for signed coordinates, as produced by stepping off a square.
    pub const fn try_at(file: i8, rank: i8) -> Option<Square> {
        if on_board(file, rank) {
            Some(Square((rank * SIZE as i8 + file) as u8))
        } else {
            None
        }
    }

    /// The square with grid index `index` (`rank * 7 + file`), if that is a board square.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 49 {
            Square::new(index % SIZE, index / SIZE)
        } else {
            None
        }
    }

    /// Grid index `rank * 7 + file`, 0–48; also the square's bit in a [`SquareSet`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 (a) to 6 (g).
    pub const fn file(self) -> u8 {
        self.0 % SIZE
    }

    /// Rank, 0 (rank 1) to 6 (rank 7).
    pub const fn rank(self) -> u8 {
        self.0 / SIZE
    }

    /// Dark or light as on a chess board: a1 is dark.
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// Which ring the square is on.
    pub const fn ring(self) -> Ring {
        let (f, r) = (self.file(), self.rank());
        if f == 0 || f == 6 || r == 0 || r == 6 {
            Ring::Outer
        } else {
            Ring::Inner
        }
    }

    /// The square's own forward direction (RULES.md §2): clockwise round the ring.
    pub const fn heading(self) -> Heading {
        let (f, r) = (self.file() as i8, self.rank() as i8);
        // Ring 0 is the outer ring, ring 1 the inner one; on each, the west side runs north,
        // the north side east, the east side south, the south side west, and each corner
        // already looks along the side it turns onto.
        let lo = if self.file() == 0 || self.rank() == 0 || self.file() == 6 || self.rank() == 6 {
            0
        } else {
            1
        };
        let hi = 6 - lo;
        if f == lo && r < hi {
            Heading::North
        } else if r == hi && f < hi {
            Heading::East
        } else if f == hi && r > lo {
            Heading::South
        } else {
            Heading::West
        }
    }

    /// True for the four outer corners a1, g1, g7, a7, where a rook's forward slide may rebound.
    pub const fn is_outer_corner(self) -> bool {
        (self.file() == 0 || self.file() == 6) && (self.rank() == 0 || self.rank() == 6)
    }

    /// The board step for a local step `(dx, dy)` taken on this square (RULES.md §2):
    /// `dy = +1` forward, `dx = +1` inward.
    pub const fn local_step(self, dx: i8, dy: i8) -> (i8, i8) {
        match self.heading() {
            Heading::North => (dx, dy),
            Heading::East => (dy, -dx),
            Heading::South => (-dx, -dy),
            Heading::West => (-dy, dx),
        }
    }

    /// The square reached by the board step `(df, dr)`, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::try_at(self.file() as i8 + df, self.rank() as i8 + dr)
    }

    /// The square's name, such as `c2`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// Not a file and a rank of the board.
    #[error("`{0}` is not a square: squares are a file a–g and a rank 1–7, such as c2")]
    Unreadable(String),
    /// One of the nine squares of the hole.
    #[error("{0} is in the hole in the middle of the board, not a square")]
    InHole(String),
}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads `c2` (the file letter in either case).
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(SquareError::Unreadable(s.to_string()));
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        if file >= SIZE || rank >= SIZE {
            return Err(SquareError::Unreadable(s.to_string()));
        }
        Square::new(file, rank).ok_or_else(|| SquareError::InHole(s.to_ascii_lowercase()))
    }
}

/// A side: White (moves first, starts south) or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first; starts in the south.
    White,
    /// Starts in the north.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-colour arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// The four kinds of piece in Rollerball.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// K: one step any way.
    King,
    /// R: slides forward, rebounds off outer corners; one step sideways or back.
    Rook,
    /// B: slides diagonally forward, rebounds once; one step diagonally back.
    Bishop,
    /// P: one step forward, straight or diagonally; promotes to a rook or bishop.
    Pawn,
}

impl PieceKind {
    /// All kinds, in table order.
    pub const ALL: [PieceKind; 4] = [
        PieceKind::King,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Pawn,
    ];

    /// 0–3: an index into per-kind tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter used in SAN and FEN (`K`, `R`, `B`, `P`).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Rook => 'R',
            PieceKind::Bishop => 'B',
            PieceKind::Pawn => 'P',
        }
    }

    /// The English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Rook => "rook",
            PieceKind::Bishop => "bishop",
            PieceKind::Pawn => "pawn",
        }
    }
}

/// A piece of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece for a FEN letter, if it is one of `KRBPkrbp`.
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let kind = match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'R' => PieceKind::Rook,
            'B' => PieceKind::Bishop,
            'P' => PieceKind::Pawn,
            _ => return None,
        };
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }
}

/// A set of squares as a bit mask over grid indices (bit `rank * 7 + file`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set holding one square.
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1 << sq.0)
    }

    /// True when `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    /// True when the set holds no square.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
}

impl Iterator for SquareSet {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(index))
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn forty_squares_and_no_hole() {
        assert_eq!(Square::ALL.len(), 40);
        assert!(
            Square::ALL
                .iter()
                .all(|s| !in_hole(s.file() as i8, s.rank() as i8))
        );
        assert_eq!(
            "d4".parse::<Square>(),
            Err(SquareError::InHole("d4".into()))
        );
        assert!(matches!(
            "h1".parse::<Square>(),
            Err(SquareError::Unreadable(_))
        ));
        assert_eq!(sq("C2"), sq("c2"));
    }

    #[test]
    fn headings_match_the_diagram() {
        let diagram = [
            "EEEEEES", "NEEEESS", "NN...SS", "NN...SS", "NN...SS", "NNWWWWS", "NWWWWWW",
        ];
        for (row, line) in diagram.iter().enumerate() {
            let rank = 6 - row as u8;
            for (file, c) in line.bytes().enumerate() {
                let Some(s) = Square::new(file as u8, rank) else {
                    assert_eq!(c, b'.');
                    continue;
                };
                let want = match c {
                    b'N' => Heading::North,
                    b'E' => Heading::East,
                    b'S' => Heading::South,
                    _ => Heading::West,
                };
                assert_eq!(s.heading(), want, "{s}");
            }
        }
    }

    #[test]
    fn colours_and_rings() {
        assert!(sq("a1").is_dark());
        assert!(!sq("d1").is_dark());
        assert!(!sq("d7").is_dark());
        assert_eq!(sq("b2").ring(), Ring::Inner);
        assert_eq!(sq("g4").ring(), Ring::Outer);
        assert_eq!(
            Square::ALL
                .iter()
                .filter(|s| s.ring() == Ring::Outer)
                .count(),
            24
        );
    }
}
