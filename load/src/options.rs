//! What a load run is asked to do, where it writes, and how it fails.

use std::io::Write;
use std::time::Duration;

use rollerball::store::StoreError;

/// When a run stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// After this many moves in all.
    Moves(u64),
    /// After this long (moves in flight are finished).
    After(Duration),
    /// After every slot has played this many moves (a new game in a slot continues its
    /// count): each game in the database at the start gets at least one move if it is 1 or
    /// more.
    Rounds(u64),
}

/// What a load run does.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// Games played at the same time (slots).
    pub games: usize,
    /// Moves in flight at once: the number of workers sharing the slots.
    pub concurrency: usize,
    /// When to stop.
    pub stop: Stop,
    /// Seeds the move choices: the same seed on a fresh database plays the same games.
    pub seed: u64,
    /// A game still running after this many plies is resigned and a new one takes its slot.
    pub max_plies: usize,
    /// How often to write a progress line; `None` for none.
    pub report_every: Option<Duration>,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            games: 1000,
            concurrency: 16,
            stop: Stop::Moves(10_000),
            seed: 1,
            max_plies: 200,
            report_every: None,
        }
    }
}

/// Where the driver writes: the acknowledgement log and the progress lines.
#[derive(Default)]
pub struct Outputs {
    /// One line per acknowledged move, `GAME PLY SAN COORDINATE` (`12 5 Rb7 c2-b3`), written
    /// and flushed as soon as the service acknowledged the move.
    pub acks: Option<Box<dyn Write + Send>>,
    /// Progress lines: moves so far, the recent rate, the memory in use.
    pub progress: Option<Box<dyn Write + Send>>,
}

/// Why a load run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The service refused to start a slot's game.
    #[error("slot {slot}: the service refused to start a game: {reply}")]
    Refused {
        /// The slot.
        slot: usize,
        /// What the service said.
        reply: String,
    },
    /// A game in the database cannot be replayed by the rules.
    #[error("game #{game} cannot be continued: {reason}")]
    Unplayable {
        /// The game.
        game: i64,
        /// What is wrong with it.
        reason: String,
    },
    /// The database failed.
    #[error("database: {0}")]
    Store(#[from] StoreError),
    /// The database failed behind one of the service's calls.
    #[error("database: {0}")]
    Database(#[from] rollerball::game::DatabaseFailure),
    /// Writing the acknowledgement log or the progress failed.
    #[error("writing the log: {0}")]
    Io(#[from] std::io::Error),
    /// The options make no run.
    #[error("{0}")]
    Options(String),
}
