//! The game of Rollerball itself, exactly as `RULES.md` states it: the board, rays, positions,
//! legal moves, check, outcomes, FEN, SAN and coordinate notation, perft and Zobrist keys.
//!
//! Pure and `std`-only: nothing here knows of Discord, SQL or images.

pub mod rays;
mod square;

pub use square::{Color, Heading, Piece, PieceKind, Ring, SIZE, Square, SquareError, SquareSet};
