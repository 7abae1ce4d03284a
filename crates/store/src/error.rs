//! The store's errors, and the two ways a write that changed nothing is told apart: the row is
//! gone, or another writer changed it first.

use sqlx::AnyPool;

use crate::ChallengeStatus;
use crate::model::{ChallengeId, GameId, PlayerId, TournamentId};

/// Everything that can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The row changed since it was read (another move, offer, time-out, acceptance, ...), so
    /// nothing was written: load it again and decide afresh.
    #[error("the game changed meanwhile; nothing was written")]
    Conflict,
    /// No such row.
    #[error("{0} not found")]
    NotFound(Missing),
    /// A player is at one of the store's caps ([`Caps`](super::Caps)): nothing was written.
    #[error(transparent)]
    Cap(#[from] super::CapReached),
    /// The database URL names neither SQLite nor PostgreSQL, or cannot be read.
    #[error("unsupported database URL {0:?}: use sqlite://FILE or postgres://...")]
    UnsupportedUrl(String),
    /// A value handed to the store cannot be stored as asked.
    #[error("invalid input: {0}")]
    Invalid(InvalidInput),
    /// A stored value the store cannot read back: the database was changed by hand or by a newer
    /// version of the bot.
    #[error("unexpected value in the database: {0}")]
    Corrupt(Corruption),
    /// Applying the migrations failed.
    #[error("database migration failed: {0}")]
    Migrate(DatabaseError),
    /// The database itself failed (connection lost, disk full, ...).
    #[error("database error: {0}")]
    Database(DatabaseError),
    /// The connection broke while a move was being committed and the database could not be
    /// asked afterwards whether the commit got through: the move may or may not stand. Reading
    /// the game again, once the database is back, tells.
    #[error(
        "the database connection broke during a commit, which may or may not have been applied: {0}"
    )]
    Unconfirmed(DatabaseError),
    /// A SQLite file that a tool was to find does not exist (only the bot's own run and the
    /// console create a database): most likely a mistyped path.
    #[error(
        "there is no SQLite database at {0}: check the path (only the bot itself creates a new one)"
    )]
    NoSuchFile(String),
    /// A SQLite file whose integrity check fails: nothing is written into it.
    #[error(
        "the SQLite database {file} is damaged ({detail}): restore it from a backup (see \"Faults\" in docs/operators.md)"
    )]
    Damaged {
        /// The file.
        file: String,
        /// SQLite's first complaint.
        detail: String,
    },
    /// A SQLite file this process may read but not write (its permissions, its directory's, a
    /// disk mounted read-only, or `mode=ro` in the URL).
    #[error(
        "the SQLite database {0} cannot be written (read-only): check the permissions of the file and its directory, and the disk"
    )]
    ReadOnly(String),
    /// Not asked: the database already failed to answer earlier in the same request, and the
    /// request answers at once rather than waiting for it again.
    #[error("the database did not answer earlier in this request: not asked again")]
    OutOfReach,
    /// A database server did not answer within the time given.
    #[error("no answer within {} s", .0.as_secs())]
    Unanswered(std::time::Duration),
}

/// A stored value that cannot be read back, for [`StoreError::Corrupt`].
#[derive(Debug, thiserror::Error)]
pub enum Corruption {
    /// An event whose kind or fields this build cannot read.
    #[error("event {id} of kind {kind:?} cannot be read: {data}")]
    Event {
        /// The event's id.
        id: i64,
        /// Its stored kind.
        kind: String,
        /// Its stored fields.
        data: String,
    },
    /// A text column holding none of its values.
    #[error("{value:?} is not a {what}")]
    Unreadable {
        /// What the column holds (`Termination`, `colour`, ...).
        what: &'static str,
        /// What it holds instead.
        value: String,
    },
    /// A number out of its range.
    #[error("{what} {value} out of range")]
    OutOfRange {
        /// What the number counts.
        what: &'static str,
        /// The number.
        value: i64,
    },
    /// A game against the computer at a level the engine does not have.
    #[error("game {game} has computer level {level}, not 1 to 5")]
    ComputerLevel {
        /// The game.
        game: GameId,
        /// Its stored level (0: none, in a game without a second player).
        level: i64,
    },
    /// A game whose stored moves the rules do not replay.
    #[error("game {game}: {error}")]
    Replay {
        /// The game.
        game: GameId,
        /// Why the rules refuse it.
        error: crate::rules::ReplayError,
    },
    /// A game with no player on either side.
    #[error("game {0} has no player")]
    NoPlayer(GameId),
    /// A game whose moves are not as many as its ply.
    #[error("the moves of game {0} do not match its ply")]
    MovesAgainstPly(GameId),
    /// A tournament game with no player on a side.
    #[error("tournament game {game} without {column}")]
    TournamentGameSide {
        /// The game.
        game: GameId,
        /// The side's column.
        column: &'static str,
    },
    /// A rated game's outcome with no result.
    #[error("a rated result without a result")]
    RatedWithoutResult,
    /// An analysis with a position missing.
    #[error("the analysis of game {game} skips position {position}")]
    AnalysisSkips {
        /// The game.
        game: GameId,
        /// The first position missing.
        position: usize,
    },
    /// An analysis whose positions are not as many as its game's.
    #[error("game {game}'s analysis: {stored} positions for a game of {positions}")]
    AnalysisLength {
        /// The game.
        game: GameId,
        /// The positions stored.
        stored: usize,
        /// The game's positions.
        positions: usize,
    },
    /// A position of an analysis with a mate but not its side or moves.
    #[error("game {game}'s analysis at ply {ply}: a mate without its side or moves")]
    AnalysisMate {
        /// The game.
        game: GameId,
        /// The position's ply.
        ply: i64,
    },
    /// A position of an analysis with both or neither of centipawns and a mate.
    #[error("game {game}'s analysis at ply {ply} needs centipawns or a mate, not both")]
    AnalysisEval {
        /// The game.
        game: GameId,
        /// The position's ply.
        ply: i64,
    },
    /// An analysis's best move, or a move of its line, that is not a move of its position.
    #[error("game {game}'s analysis: move `{text}`: {error}")]
    AnalysisBestMove {
        /// The game.
        game: GameId,
        /// The move as stored.
        text: String,
        /// Why the rules refuse it.
        error: crate::rules::MoveError,
    },
}

/// A value handed to the store that it cannot store as asked, for [`StoreError::Invalid`].
#[derive(Debug, thiserror::Error)]
pub enum InvalidInput {
    /// A challenge of a player by themselves.
    #[error("a player cannot challenge themselves")]
    SelfChallenge,
    /// A game of a player against themselves.
    #[error("a player cannot play against themselves")]
    SelfPlay,
    /// A game with a computer level and two players, or with neither.
    #[error("a computer game has one player, a game between players has two")]
    GameSides,
    /// A challenge closed otherwise than declined or cancelled.
    #[error("a challenge cannot be closed as {}", .0.as_str())]
    CloseChallengeAs(ChallengeStatus),
    /// A challenge accepted by its challenger or by a player it was not made to.
    #[error("player {player} may not accept challenge {challenge}")]
    MayNotAccept {
        /// Who tried.
        player: PlayerId,
        /// The challenge.
        challenge: ChallengeId,
    },
    /// A takeback of no move.
    #[error("nothing to take back")]
    NothingToTakeBack,
    /// Ratings applied to an unrated game.
    #[error("game {0} is not rated")]
    NotRated(GameId),
    /// A vacation of no days, or of more than a year's allowance.
    #[error("{0} vacation days")]
    VacationDays(u32),
    /// A withdrawal of a player not signed up.
    #[error("player {player} is not signed up to tournament {tournament}")]
    NotSignedUp {
        /// The player.
        player: PlayerId,
        /// The tournament.
        tournament: TournamentId,
    },
    /// A position of an analysis with both or neither of centipawns and a mate.
    #[error("the analysis of game {game} at ply {ply} needs centipawns or a mate, not both")]
    AnalysisEval {
        /// The game.
        game: GameId,
        /// The position's ply.
        ply: usize,
    },
    /// An analysis budget the database cannot hold.
    #[error("a budget of {0} nodes")]
    AnalysisBudget(u64),
    /// A FEN whose second field is not `w` or `b`.
    #[error("FEN {0:?} does not name a side to move")]
    FenSide(String),
    /// `DATABASE_MAX_CONNECTIONS` as set.
    #[error("DATABASE_MAX_CONNECTIONS must be a whole number above 0, not `{0}`")]
    MaxConnections(String),
    /// `DATABASE_ACQUIRE_TIMEOUT` as set.
    #[error(
        "DATABASE_ACQUIRE_TIMEOUT must be a number of seconds above 0 (such as 5 or 2.5), not `{0}`"
    )]
    AcquireTimeout(String),
    /// A SQLite URL sqlx cannot read.
    #[error("cannot read the SQLite URL: {0}")]
    SqliteUrl(DatabaseError),
    /// A SQLite URL naming an in-memory database where a file is needed.
    #[error("an in-memory database is gone when its process ends: name a file")]
    InMemory,
    /// A column of a type the copy cannot carry.
    #[error("column {table}.{column} has a type the copy does not know")]
    ColumnType {
        /// The table.
        table: &'static str,
        /// The column.
        column: String,
    },
    /// A key column a table lacks.
    #[error("table {table} has no column {column}")]
    NoColumn {
        /// The table.
        table: &'static str,
        /// The column.
        column: String,
    },
}

/// A row the store was asked for, named for [`StoreError::NotFound`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// A game.
    Game(GameId),
    /// A player.
    Player(PlayerId),
    /// A challenge.
    Challenge(ChallengeId),
    /// A tournament.
    Tournament(TournamentId),
    /// The stored analysis of a game.
    Analysis(GameId),
}

impl Missing {
    /// The table holding the row and its id there, for the rows with an id of their own.
    fn table_and_id(self) -> Option<(&'static str, i64)> {
        match self {
            Missing::Game(id) => Some(("games", id.0)),
            Missing::Challenge(id) => Some(("challenges", id.0)),
            Missing::Tournament(id) => Some(("tournaments", id.0)),
            Missing::Player(_) | Missing::Analysis(_) => None,
        }
    }
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Missing::Game(id) => write!(f, "game {id}"),
            Missing::Player(id) => write!(f, "player {id}"),
            Missing::Challenge(id) => write!(f, "challenge {id}"),
            Missing::Tournament(id) => write!(f, "tournament {id}"),
            Missing::Analysis(id) => write!(f, "the analysis of game {id}"),
        }
    }
}

/// What the database driver reported, kept whole for the logs. Opaque, so the driver's own
/// types stay inside the store: callers read it as text.
#[derive(Debug)]
pub struct DatabaseError(Box<dyn std::error::Error + Send + Sync>);

impl std::fmt::Display for DatabaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for DatabaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl DatabaseError {
    /// The same error as text, for telling it to several callers.
    pub(crate) fn copy(&self) -> DatabaseError {
        DatabaseError(self.to_string().into())
    }

    /// Whether the database could not be reached at all (no connection in time, the link
    /// broken), as opposed to a statement it answered with an error: only the first says that
    /// the next read of the same request would wait in vain too.
    /// A SQLite file another program keeps locked past the busy timeout counts as out of reach:
    /// every later write of the request would wait that timeout again.
    pub fn is_out_of_reach(&self) -> bool {
        match self.0.downcast_ref::<sqlx::Error>() {
            Some(
                sqlx::Error::PoolTimedOut
                | sqlx::Error::PoolClosed
                | sqlx::Error::Io(_)
                | sqlx::Error::Tls(_)
                | sqlx::Error::WorkerCrashed,
            ) => true,
            Some(error) => crate::writer::sqlite_locked(error),
            None => false,
        }
    }
}

impl From<sqlx::Error> for DatabaseError {
    fn from(error: sqlx::Error) -> DatabaseError {
        DatabaseError(Box::new(error))
    }
}

impl StoreError {
    /// The store was closed ([`Store::close`](crate::Store::close)): nothing more is written.
    pub(crate) fn closed() -> StoreError {
        StoreError::Database(sqlx::Error::PoolClosed.into())
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> StoreError {
        StoreError::Database(error.into())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(error: sqlx::migrate::MigrateError) -> StoreError {
        StoreError::Migrate(DatabaseError(Box::new(error)))
    }
}

/// Result of every store operation.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// Maps "nothing was updated" to the right error: `row` is gone, or it changed.
pub(super) async fn missing_or_conflict(pool: &AnyPool, row: Missing) -> StoreError {
    let Some((table, id)) = row.table_and_id() else {
        return StoreError::NotFound(row);
    };
    let sql = format!("SELECT 1 FROM {table} WHERE id = $1");
    match sqlx::query(&sql).bind(id).fetch_optional(pool).await {
        Ok(Some(_)) => StoreError::Conflict,
        Ok(None) => StoreError::NotFound(row),
        Err(e) => e.into(),
    }
}

/// A unique-constraint violation means another writer got there first.
pub(super) fn unique_to_conflict(error: sqlx::Error) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
        _ => error.into(),
    }
}
