//! The game of Rollerball itself, exactly as `RULES.md` states it: the board, rays, positions,
//! legal moves, check, outcomes, FEN, SAN and coordinate notation, perft and Zobrist keys.
//!
//! Pure and `std`-only: nothing here knows of Discord, SQL or images.
//!
//! ```
//! use rollerball_rules::{Game, Termination};
//!
//! let mut game = Game::new();
//! game.play_input("c2-b3").unwrap();
//! assert_eq!(game.sans(), ["b3"]);
//! assert_eq!(game.position().to_fen(), "2rbp2/2rkp2/7/7/1P5/3KR2/2PBR2 b - 1");
//! assert!(game.outcome().is_none());
//! # let _ = Termination::Throne;
//! ```

#![warn(missing_docs)]

mod fen;
mod game;
mod notation;
mod outcome;
mod position;
pub mod rays;
mod square;

pub use fen::{FenError, START_FEN, from_fen, to_fen};
pub use game::{Annotation, Game, PgnTags, PlayError, ReplayError};
pub use notation::{
    Illegal, Miswritten, MoveError, WrongMark, coordinate, legal_sans, read_move, san, wrong_marks,
};
pub use outcome::{Outcome, Termination, UnknownTermination};
pub use position::{IllegalMove, Move, MoveList, Position, promotion_squares, throne};
pub use rays::path;
pub use square::{Color, Heading, Piece, PieceKind, Ring, SIZE, Square, SquareError, SquareSet};
