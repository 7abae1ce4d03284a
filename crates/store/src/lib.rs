//! Every game, move, challenge, player and rating, kept in SQLite (the default) or PostgreSQL.
//!
//! Correspondence games last weeks: a player told "move accepted" must find the move there after
//! any crash, restart or redeploy, and two processes serving one bot must never both accept a
//! move. This crate is the only one of the bot's runtime that speaks SQL; the game service calls
//! its typed methods. (The host's tools in `rollerball-ops` speak it too: see below.)
//!
//! # One code path for both databases
//!
//! The store uses sqlx's [`Any`](sqlx::any) driver with portable SQL rather than one layer per
//! database. The schema needs nothing that differs between SQLite and PostgreSQL once three
//! choices are made (all integers `BIGINT`, times as Unix milliseconds, flags as 0/1), so one set of
//! migrations in `migrations/` and one set of queries serve both: a query that works in the test
//! suite on SQLite is the very text that runs on PostgreSQL, and CI runs every test on both. The
//! price is that sqlx's compile-time checked `query!` macros are not available for `Any`; the
//! integration tests run every query on both databases instead. Placeholders are written `$1`,
//! which both SQLite and PostgreSQL accept.
//!
//! Row ids of challenges and games come from a counter row (`id_counters`) bumped in the creating
//! transaction: SQLite's `INTEGER PRIMARY KEY` and PostgreSQL's identity columns cannot be written
//! in one portable statement, and a counter rolled back with its transaction leaves no gaps in the
//! game numbers players type (`#42`). Creations are rare, so serialising them on one row costs
//! nothing measurable.
//!
//! # Discord ids
//!
//! Discord snowflakes are `u64`; both databases have only signed 64-bit integers. Ids are stored
//! bit-cast to `i64` ([`PlayerId::to_db`]): lossless for every `u64` and cheap to index. Ids are only
//! ever compared for equality, so the changed order of values above `i64::MAX` does not matter.
//!
//! # Durability and races
//!
//! - SQLite runs in WAL mode with `synchronous=FULL` (a commit is on disk before it returns),
//!   foreign keys on and a busy timeout, so that several processes on one file wait for each other
//!   instead of failing.
//! - Every state change of a game is one transaction whose first statement is
//!   `UPDATE games ... WHERE id = $1 AND version = $2`: the version is bumped by every change, so
//!   a writer that read an older state changes nothing and gets [`StoreError::Conflict`]. Moves are
//!   keyed by `(game_id, ply)`, so the record can neither skip nor repeat a ply.
//! - Starting each write transaction with a write makes SQLite take its write lock at once (with
//!   the busy timeout), so a transaction never has to upgrade a stale read snapshot.
//! - Within one process, SQLite writes go through one dedicated connection behind an async mutex
//!   (reads use a pool): writers queue there instead of on SQLite's busy handler, whose sleeps (up
//!   to 100 ms) would waste most of the disk's commit rate when many games move at once. Other
//!   processes on the same file still wait for each other through the busy timeout. A failed
//!   write (a full disk, a file made read-only) leaves that connection in doubt: it is rolled
//!   back and replaced before the next transaction, a `COMMIT` that failed is never reported
//!   as written, and the failure is kept for the health check until a write succeeds (the
//!   `writer` module says why and how).
//! - Opening a SQLite file checks it before anything is written: SQLite's quick integrity
//!   check ([`StoreError::Damaged`]) and that it can be written ([`StoreError::ReadOnly`]).
//!   Only [`Store::open`] (the bot's own start, the console) creates a missing file; the tools
//!   use [`Store::open_existing`] ([`StoreError::NoSuchFile`]).
//! - A move whose `COMMIT` got no answer (the connection to PostgreSQL broke after it may have
//!   reached the server) is neither reported as written nor as refused on a guess: the store
//!   locks the game's row on another connection, which waits until the server has finished
//!   with the broken transaction, and looks whether the move is there. Only when even that
//!   fails (the database is still out of reach) does the caller get
//!   [`StoreError::Unconfirmed`].
//! - SQLite moves are group-committed: moves that arrive while the writer is busy are committed
//!   together in the next transaction (one fsync for the group). Each move is still applied with
//!   its own version guard and written together with its game row, a refused move writes nothing
//!   and does not disturb the others, and no caller hears "committed" before the group's `COMMIT`
//!   has returned. PostgreSQL groups concurrent commits on its own, so there every move is its own
//!   transaction.
//! - Due deadlines and reminders are claimed by one `UPDATE ... RETURNING` whose condition is
//!   re-checked on the row it updates, so two processes sweeping at once never claim one twice.
//!   The candidates are chosen once, in a `MATERIALIZED` CTE; on PostgreSQL they are locked
//!   `FOR UPDATE SKIP LOCKED` (the one clause that differs between the two databases): without
//!   it two sweeps locking rows in different orders can deadlock, as the claim test showed.
//! - A rated game's result reaches the ratings in a separate step, [`Ratings::apply_ratings`],
//!   which runs at most once per game and is guarded by each rating's game count; a game whose
//!   end was stored but whose ratings were not (a crash in between) is found again by
//!   [`Ratings::games_awaiting_ratings`].
//!
//! # Migrations
//!
//! The files in `migrations/` are compiled into the binary and applied by [`Store::connect`] at
//! start-up and by `rollerball migrate` ([`Store::migrate`]): `0001` made the first schema,
//! `0002` added ratings and rematch links to it in place, `0003` computer games, `0004` optional
//! player languages and the servers' locales, `0005` the indexes of players' records and the
//! leaderboard's full order, `0006` the players' choice of direct-message turn notices, `0007`
//! correspondence play (forecasts, vacations and the days each player used), `0008` tournaments
//! (their entrants, and the link from each of their games), `0009` the engine's analyses of
//! finished games, `0010` the places where the bot only answers commands (games and challenges
//! played through a user install) and the notices held for players whom Discord would not let
//! the bot message, `0011` the indexes that find a player's own games and tournaments however
//! many others a channel or server holds, `0012` the game a rematch challenge is for (one open
//! rematch per game), `0013` the event log and its readers' positions (below), `0014` the
//! index of a game's events, `0015` who wrote each event (the player whose command it
//! answered), `0016` each player's private-link version (`web revoke`), `0017` the engine's line from each
//! analysed position. A new migration is a new file; an
//! applied one is never edited (sqlx checks their checksums).
//!
//! # The event log
//!
//! Every guarded change of a game (a move, its end, a takeback, an offer and its withdrawal, a
//! tournament's forfeits), of a challenge (made, accepted, declined, withdrawn) and of a
//! tournament (started), every claim of the sweep (a time-out, a reminder, an expired
//! challenge, a finished tournament's announcement) and every analysis stored for players who
//! waited for it writes an [`Event`] ([`EventKind`]) in its own transaction, and
//! notes it for the answer it runs under ([`answering`]); a consumer reads the log with
//! [`EventLog::events_after`] and records its position with [`EventLog::set_reader_position`]. The
//! `events` module's docs say who tells an event, and how order and wake-ups work.
//!
//! # Repositories: what the game service calls
//!
//! A [`Store`] is the handle on one database (its pool, SQLite's writer and group-commit
//! queue, the caps, the event sink); what is read and written goes through one repository per
//! kind of record, borrowed from it (`store.games().game(id)`; the `repos` module says why):
//!
//! - [`Store::players`] ([`Players`]): [`Players::upsert_player`], [`Players::player`],
//!   [`Players::set_player_settings`], private links' versions; the servers' locales
//!   ([`Players::set_server_locale`]); vacations ([`Players::start_vacation`] and
//!   [`Players::end_vacation`], each one transaction with the deadlines they move, given the
//!   allowance by the caller; [`Players::claim_vacation_ends`]); the notices held for players
//!   the bot may not message.
//! - [`Store::challenges`] ([`Challenges`]): made, read by place, player or game, closed,
//!   expired, and [`Challenges::accept_challenge`], which starts the game in the same
//!   transaction.
//! - [`Store::games`] ([`Games`]): [`Games::game`], [`Games::game_with_moves`] (one read for a
//!   move), a player's or a place's games ("my game here": [`Games::active_games_of_in`]),
//!   rematches, [`Games::record`] and [`Games::streak`] counted from the finished games, the
//!   engine's analyses ([`Games::store_analysis`]: once per game, whichever process is first).
//! - [`Store::play`] ([`Play`]): the guarded changes, each taking the [`Game::version`] it was
//!   decided on: [`Play::create_game`], [`Play::commit_move`] (possibly ending the game),
//!   [`Play::end_game`], offers, [`Play::take_back`], [`Play::set_deadline`]; forecasts; and the
//!   sweep's claims ([`Play::claim_reminders`], [`Play::claim_timeouts`], the computer's turns).
//! - [`Store::ratings`] ([`Ratings`]): [`Ratings::rating`], [`Ratings::apply_ratings`] (once per
//!   game, guarded by each rating's game count), [`Ratings::leaderboard`], [`Ratings::rank`],
//!   [`Ratings::games_awaiting_ratings`].
//! - [`Store::tournaments`] ([`Tournaments`]): made, joined and left (guarded by the seat
//!   counter), cancelled, started (every game at once, guarded by the version), withdrawn from
//!   (forfeits), finished and announced.
//! - [`Store::event_log`] ([`EventLog`]): reading the log, the readers' positions, wake-ups,
//!   pruning (see "The event log" above).
//! - Caps: a store given [`Caps`] ([`Store::with_caps`]: the game service's) refuses with
//!   [`StoreError::Cap`] a game or tournament that would take a player past one, checked in
//!   the transaction that creates it.
//!
//! The rules of the game (how many vacation days a year, how long a forecast may be) are the
//! game service's: the store is given them.
//!
//! # Tools for the host
//!
//! The host's database tools (`rollerball db backup`, `rollerball db copy`, replaying every
//! stored game) are not the bot's runtime and live in their own crate, `rollerball-ops`: they
//! read a database's schema from the database itself and open their own connections from URLs,
//! needing from this crate only its public items ([`Store::open`], [`Store::migrate`],
//! [`Store::migration_versions`], [`Backend`], the error types and [`restart_event_sequence`]
//! after a copy of the event log). What stays here is [`Store::query_plan`] and [`HotQuery`]:
//! the plans of the bot's own hot queries, which are this crate's private SQL.
//!
//! # Time
//!
//! The store never reads the clock: every method that stamps or compares times takes `now`, so the
//! game service can run on an injectable clock and tests control time.

#![warn(missing_docs)]

// The crates this one builds on, named as the modules they were before the split, so
// that paths read `crate::rules::Game` here as everywhere.
use rollerball_model as model;
use rollerball_redact as redact;
use rollerball_rules as rules;

mod analyses;
mod caps;
mod challenges;
mod error;
mod events;
mod forecasts;
mod games;
mod held;
mod moves;
mod options;
mod plans;
mod players;
mod ratings;
mod records;
mod repos;
mod tournament_lookups;
mod tournament_writes;
mod tournaments;
mod types;
mod vacations;
mod writer;

use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection};
use tokio::sync::{MappedMutexGuard, Mutex, MutexGuard};

/// A database URL as it may be shown: the one redaction ([`crate::redact::url`]), under the
/// name the store's callers know.
pub use crate::redact::url as redact;
pub use analyses::{StoredAnalysis, StoredEval};
pub use caps::{Cap, CapReached, Caps, InProgress};
pub use error::{Corruption, DatabaseError, InvalidInput, Missing, Result, StoreError};
use error::{missing_or_conflict, unique_to_conflict};
pub use events::{
    Answer, Deliveries, Delivery, Event, EventId, EventKind, LogCursor, NOTIFY_CHANNEL,
    ShardFilter, answering, reader_instance, restart_event_sequence,
};
pub use forecasts::ForecastLine;
pub use held::HeldNotice;
use options::sqlite_url_creating_file;
pub use options::{
    Backend, DEFAULT_ACQUIRE_TIMEOUT, DEFAULT_DATABASE_URL, StoreOptions, database_url_from_env,
};
pub use plans::HotQuery;
pub use repos::{Challenges, EventLog, Games, Play, Players, Ratings, Tournaments};
pub use tournaments::{
    Entrant, NewTournament, Pairing, Tournament, TournamentDraw, TournamentGame, TournamentId,
    TournamentStatus,
};
pub use types::*;
pub use vacations::Vacation;
use writer::{sqlite_pragmas, sqlite_writer};

/// How long a SQLite connection waits for another process's write lock before giving up.
const SQLITE_BUSY_TIMEOUT_MS: u64 = 10_000;

/// The migrations in `migrations/`, compiled into the binary so a deployed bot needs no files.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations");

/// A handle on the database: cheap to clone, safe to share between tasks.
#[derive(Clone)]
pub struct Store {
    /// Reads, and on PostgreSQL writes too.
    pool: AnyPool,
    backend: Backend,
    /// SQLite only: the one connection this process writes through; its lock is the queue of
    /// write transactions (see the module docs). Taken out and closed by [`Store::close`].
    writer: Option<Arc<Mutex<Option<AnyConnection>>>>,
    /// SQLite only: moves waiting for the next group commit (see [`Play::commit_move`]).
    move_queue: Arc<std::sync::Mutex<Vec<moves::PendingMove>>>,
    /// [`StoreOptions::acquire_timeout`]; also bounds the check after a lost commit answer.
    acquire_timeout: Duration,
    /// What one player may hold at once (none unless [`Store::with_caps`] says).
    caps: Caps,
    /// What writing events needs: this process's id, the deliveries it owes, the wake-up.
    events: events::EventSink,
    /// PostgreSQL only: the URL, for the connection that listens for other processes' events.
    url: Option<String>,
    /// Whether that connection is listening (it is started once, by the first consumer).
    listening: Arc<Mutex<bool>>,
    /// SQLite only: the URL the writer was opened with, to replace it after a failure left it
    /// in doubt (see the `writer` module).
    writer_url: Option<Arc<str>>,
    /// The last write failure not yet followed by a success, for the health check.
    write_health: Arc<writer::WriteHealth>,
    /// The project's own tests: a page limit set on every SQLite writer this store opens (a
    /// disk that stays full until the test frees it; see [`Store::limit_writer_pages`]).
    #[cfg(feature = "testing")]
    page_limit: Arc<std::sync::Mutex<Option<u32>>>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.backend)
            .field("pool", &self.pool)
            .finish_non_exhaustive()
    }
}

/// The connection a write runs on: SQLite's single writer (locked), or one from the pool.
enum Writer<'a> {
    Sqlite(MappedMutexGuard<'a, AnyConnection>),
    Pooled(PoolConnection<Any>),
}

impl std::ops::Deref for Writer<'_> {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        match self {
            Writer::Sqlite(conn) => conn,
            Writer::Pooled(conn) => conn,
        }
    }
}

impl std::ops::DerefMut for Writer<'_> {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match self {
            Writer::Sqlite(conn) => conn,
            Writer::Pooled(conn) => conn,
        }
    }
}

impl Store {
    /// Opens the database at `url` (creating a SQLite file if needed) and brings its schema up to
    /// date. This is what the bot does at start-up.
    pub async fn connect(url: &str) -> Result<Store> {
        Store::connect_with(url, StoreOptions::default()).await
    }

    /// [`Store::connect`] with explicit pool options.
    pub async fn connect_with(url: &str, options: StoreOptions) -> Result<Store> {
        let store = Store::open(url, options).await?;
        store.migrate().await?;
        Ok(store)
    }

    /// Opens the database without touching its schema (for tools that must not migrate).
    pub async fn open(url: &str, options: StoreOptions) -> Result<Store> {
        install_default_drivers();
        let backend = Backend::of_url(url)?;
        let url = match backend {
            Backend::Sqlite => sqlite_url_creating_file(url),
            Backend::Postgres => {
                for parameter in options::unread_postgres_parameters(url) {
                    tracing::warn!(
                        %parameter,
                        "the database URL has a parameter PostgreSQL connections do not read: it is ignored"
                    );
                }
                url.to_owned()
            }
        };
        let mut pool_options =
            AnyPoolOptions::new().max_connections(options.max_connections.max(1));
        let mut writer = None;
        if backend == Backend::Sqlite {
            // The writer connection is opened first: it switches the file to WAL mode (a
            // property of the file) before the pool opens its connections, which find it so.
            let file = options::sqlite_path(&url)
                .map_or_else(|| "(in memory)".to_owned(), |p| p.display().to_string());
            let mut conn = sqlite_writer(&url)
                .await
                .map_err(|e| writer::sqlite_open_error(e, &file))?;
            writer::check_sqlite_file(&mut conn, &file).await?;
            writer = Some(Arc::new(Mutex::new(Some(conn))));
            // A connection to a local file cannot go stale, and the check before each use costs
            // a round trip to SQLite's worker thread.
            pool_options = pool_options
                .test_before_acquire(false)
                .after_connect(|conn, _meta| Box::pin(sqlite_pragmas(conn, false)));
        }
        if backend == Backend::Postgres {
            // One connection first, its error kept: the pool would try again until its timeout
            // and report only that it timed out, hiding "connection refused" or a bad password.
            match tokio::time::timeout(options.acquire_timeout, AnyConnection::connect(&url)).await
            {
                Ok(Ok(first)) => {
                    let _ = first.close().await;
                }
                Ok(Err(error)) => return Err(error.into()),
                Err(_) => return Err(StoreError::Unanswered(options.acquire_timeout)),
            }
        }
        let pool = pool_options
            .acquire_timeout(options.acquire_timeout)
            .connect(&url)
            .await?;
        let (local, commits) = tokio::sync::watch::channel(());
        if backend == Backend::Postgres {
            tokio::spawn(events::notify_others(pool.clone(), commits));
        }
        Ok(Store {
            pool,
            backend,
            writer,
            move_queue: Arc::default(),
            acquire_timeout: options.acquire_timeout,
            caps: Caps::default(),
            events: events::EventSink {
                instance: events::new_instance(),
                backend,
                deliveries: events::Deliveries::default(),
                wake: Arc::new(tokio::sync::watch::channel(()).0),
                local: Arc::new(local),
            },
            url: (backend == Backend::Postgres).then(|| url.clone()),
            listening: Arc::default(),
            writer_url: (backend == Backend::Sqlite).then(|| Arc::from(url.as_str())),
            write_health: Arc::default(),
            #[cfg(feature = "testing")]
            page_limit: Arc::default(),
        })
    }

    /// [`Store::open`] for the tools that must find a database rather than create one
    /// (`rollerball migrate`, say): a SQLite file that does not exist is
    /// [`StoreError::NoSuchFile`], and nothing is created.
    pub async fn open_existing(url: &str, options: StoreOptions) -> Result<Store> {
        if Backend::of_url(url)? == Backend::Sqlite
            && let Some(path) = options::sqlite_path(url)
            && !path.is_file()
        {
            return Err(StoreError::NoSuchFile(path.display().to_string()));
        }
        Store::open(url, options).await
    }

    /// Applies every migration the database had not seen and returns their versions (empty when
    /// it was up to date). Safe to run again and from several processes at once: PostgreSQL
    /// takes an advisory lock; on SQLite a run that loses the race tries again.
    pub async fn migrate(&self) -> Result<Vec<i64>> {
        let mut writer = self.writer().await?;
        let before = match Store::migrate_once(&mut writer).await {
            Ok(before) => before,
            // PostgreSQL's advisory lock serialises the processes: a failure there is real.
            Err(first) if self.backend == Backend::Postgres => return Err(first.into()),
            // SQLite has no advisory lock: another process starting at the same moment may have
            // created the bookkeeping table or applied a migration first, which fails this run
            // (each step is one statement or one transaction, so nothing was half done). Running
            // the whole sequence again picks up from what is applied by then; the other process
            // may still be ahead by one migration each time, so try once per migration (and
            // once for the table) before reporting the first error.
            Err(first) => {
                let mut retried = None;
                for _ in 0..=MIGRATOR.iter().count() {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    if let Ok(before) = Store::migrate_once(&mut writer).await {
                        retried = Some(before);
                        break;
                    }
                }
                retried.ok_or(first)?
            }
        };
        if self.backend == Backend::Postgres {
            events::ensure_sequence(&mut writer).await?;
        }
        Ok(Store::migration_versions()
            .into_iter()
            .filter(|v| !before.contains(v))
            .collect())
    }

    /// One attempt at [`Store::migrate`]: the bookkeeping table, the versions applied before,
    /// then every migration not yet applied. Returns the versions found applied at first.
    async fn migrate_once(
        writer: &mut AnyConnection,
    ) -> std::result::Result<Vec<i64>, sqlx::migrate::MigrateError> {
        use sqlx::migrate::Migrate;
        // Under the migrator's own lock (PostgreSQL's advisory lock): two processes creating the
        // bookkeeping table at once would otherwise collide.
        writer.lock().await?;
        let listed = match writer.ensure_migrations_table().await {
            Ok(()) => writer.list_applied_migrations().await,
            Err(e) => Err(e),
        };
        writer.unlock().await?;
        let before: Vec<i64> = listed?.iter().map(|m| m.version).collect();
        MIGRATOR.run_direct(writer).await?;
        Ok(before)
    }

    /// Versions of the migrations known to this build, oldest first.
    pub fn migration_versions() -> Vec<i64> {
        MIGRATOR.iter().map(|m| m.version).collect()
    }

    /// Which database this store talks to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The underlying pool, for the project's own tests (which look at rows and settings the
    /// typed methods do not show): not part of the API, so only built with the `testing`
    /// feature.
    #[cfg(feature = "testing")]
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Waits for queries in flight and closes the pool's connections. (SQLite's writer
    /// connection closes when the last clone of the store is dropped.)
    pub async fn close(&self) {
        self.pool.close().await;
        // The writer too, so that SQLite ends its write-ahead log with the last connection
        // (a closed store leaves only its file behind).
        if let Some(writer) = &self.writer
            && let Some(conn) = writer.lock().await.take()
            && let Err(error) = conn.close().await
        {
            tracing::warn!(%error, "closing the SQLite writer failed");
        }
    }

    /// The connection for a write: on SQLite this process's writer, once the writes queued
    /// before have finished; on PostgreSQL any pooled connection, as row locks order the writes.
    async fn writer(&self) -> Result<Writer<'_>> {
        Ok(match &self.writer {
            Some(writer) => {
                let writer = MutexGuard::try_map(writer.lock().await, Option::as_mut)
                    .map_err(|_| StoreError::closed())?;
                let mut writer = writer;
                self.ready_writer(&mut writer).await?;
                Writer::Sqlite(writer)
            }
            None => Writer::Pooled(self.pool.acquire().await?),
        })
    }

    /// A claim statement for this database. Claims select their candidates in a subquery; on
    /// PostgreSQL that subquery takes `FOR UPDATE SKIP LOCKED`, so that two sweeps locking
    /// several rows each skip each other's rows instead of deadlocking on them (SQLite has one
    /// writer at a time and no such clause). This is the only difference between the statements
    /// the two databases run.
    fn claim_sql(&self, template: &str) -> String {
        let lock = match self.backend {
            Backend::Sqlite => "",
            Backend::Postgres => "FOR UPDATE SKIP LOCKED",
        };
        template.replace("/*LOCK*/", lock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_numbered_in_order() {
        assert_eq!(
            Store::migration_versions(),
            vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
        );
    }
}
