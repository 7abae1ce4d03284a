//! Games and their moves: creation, every guarded state change but the move itself (see
//! `moves.rs`), the hot queries and the claims of due deadlines and reminders. One file a job:
//! the rows (`rows.rs`), the reads (`reads.rs`), the writes (`writes.rs`), what falls due
//! (`due.rs`).

mod due;
mod reads;
mod rows;
mod writes;

pub(super) use due::{CLAIM_REMINDERS, CLAIM_TIMEOUTS, COMPUTER_TURNS};
pub(super) use reads::{
    ACTIVE_GAMES_IN, ACTIVE_GAMES_OF, ACTIVE_GAMES_OF_IN, FIRST_ACTIVE_GAMES_IN, GAME_BY_ID,
};
pub(super) use rows::{game_columns, game_from_row};
pub(super) use writes::{insert_game, next_id};
