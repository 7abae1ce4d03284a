//! Copying a whole database into another, empty one: how a bot that outgrew its SQLite file
//! moves to PostgreSQL (and how it comes back).
//!
//! The source is read in one read-only transaction, a consistent snapshot, and never written.
//! The target is migrated first if it is not yet, then filled in one transaction: every table
//! the migrations create, a batch of rows at a time in primary-key order (keyset paging, so
//! neither database holds more than a batch in this process's memory), parents before the rows
//! that refer to them. Before that transaction commits, each table's row count is compared
//! with the source's and every game is replayed ([`check_games`]): a copy that fails any check
//! is rolled back whole, leaving the target without a row. Game and challenge numbers come
//! from the `id_counters` table (see the store's module docs), which is copied with the rest
//! and then moved past the highest copied id, so the first new game in the target gets a
//! number no copied game has.
//!
//! The store opens the target (creating a SQLite file) and migrates it; the rows are written
//! on a connection of the copy's own, which on SQLite is set up as the store's writer is.

use std::collections::BTreeMap;
use std::fmt;

use rollerball_store::{Backend, Store, StoreError, StoreOptions, redact};
use sqlx::{AnyConnection, Connection, Executor};

use crate::check::{GameCheck, check_games, plural};
use crate::connect::{
    CONNECT_TIMEOUT, SQLITE_WRITER_PRAGMAS, Unopened, connect_once, open_read_only,
    remove_sqlite_file, sqlite_file, wait_when_busy,
};
use crate::schema::{self, Column, MIGRATIONS_TABLE, TABLES, TableShape};

/// The most values bound in one statement: below SQLite's limit (32,766) and PostgreSQL's
/// (65,535), and large enough that a batch costs one round trip per few hundred rows.
const MAX_VALUES_PER_STATEMENT: usize = 10_000;

/// The most rows read and written per batch.
const MAX_ROWS_PER_BATCH: usize = 1_000;

/// A long table reports its progress every this many rows.
const REPORT_EVERY: u64 = 100_000;

/// Which side of a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The database copied from.
    Source,
    /// The database copied into.
    Target,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Source => "source",
            Role::Target => "target",
        })
    }
}

/// What [`copy_database`] has done so far, reported as it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CopyProgress {
    /// Both databases are open, the target is migrated and empty: copying begins.
    Started {
        /// The schema version both databases are at.
        schema_version: i64,
    },
    /// Rows of a table copied so far: every 100,000 rows of a long table, and once it is done.
    Copied {
        /// The table.
        table: &'static str,
        /// Rows copied so far.
        rows: u64,
        /// Rows the source holds.
        of: u64,
    },
    /// Every table of the target holds as many rows as the source's.
    Counted,
    /// Every game in the target replays to its stored position.
    Replayed(GameCheck),
}

/// What a finished copy holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyReport {
    /// The schema version of both databases.
    pub schema_version: i64,
    /// Each table copied, in the order copied, with its rows.
    pub tables: Vec<(&'static str, u64)>,
    /// The replay of every game in the target.
    pub games: GameCheck,
}

/// Why [`copy_database`] refused or failed. Every one leaves the source untouched and the
/// target without a copied row.
#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    /// `--from` and `--to` are one database.
    #[error("the source and the target are the same database ({0}): copy into another one")]
    SameDatabase(String),
    /// A SQLite source file that does not exist.
    #[error("there is no SQLite database at {0}")]
    NoSuchFile(String),
    /// A database that cannot be opened: unsupported URL, unreachable server, bad password.
    #[error("cannot open the {role} database {url}: {error}")]
    Open {
        /// Which database.
        role: Role,
        /// Its URL, without the password.
        url: String,
        /// What went wrong.
        error: StoreError,
    },
    /// A source without rollerball's tables.
    #[error(
        "the source database {0} is not a rollerball database: no migrations were ever applied to it"
    )]
    NotRollerball(String),
    /// A source made by an older version, not yet upgraded.
    #[error(
        "the source database {url} is at schema version {found} and this rollerball's is \
         {expected}: bring it up to date first (`rollerball migrate` with DATABASE_URL set to \
         it, or start the bot on it once), then copy"
    )]
    SourceBehind {
        /// Its URL, without the password.
        url: String,
        /// The newest migration applied to it.
        found: i64,
        /// The newest migration of this build.
        expected: i64,
    },
    /// A database with migrations this build does not know.
    #[error(
        "the {role} database {url} has schema version {found}, newer than this rollerball's \
         ({expected}): copy with the rollerball release that wrote it"
    )]
    Newer {
        /// Which database.
        role: Role,
        /// Its URL, without the password.
        url: String,
        /// The newest migration applied to it.
        found: i64,
        /// The newest migration of this build.
        expected: i64,
    },
    /// A target that already holds games, players or anything else.
    #[error(
        "the target database {url} already holds {holds}: `db copy` only fills an empty \
         database, so nothing was copied"
    )]
    TargetNotEmpty {
        /// Its URL, without the password.
        url: String,
        /// What it holds, such as `3 games, 2 players`.
        holds: String,
    },
    /// A target with tables of the same names that rollerball did not make.
    #[error(
        "the target database {url} already has tables named {tables} that rollerball did not \
         make: copy into an empty database (or PostgreSQL schema)"
    )]
    ForeignTables {
        /// Its URL, without the password.
        url: String,
        /// The tables, comma-separated.
        tables: String,
    },
    /// The two databases' tables differ although their schema versions agree (changed by hand).
    #[error("the tables of the two databases differ, so nothing was copied: {0}")]
    SchemaMismatch(String),
    /// A table that holds other rows in the target than in the source after copying.
    #[error(
        "after copying, the target's {table} would hold {target} rows but the source's holds \
         {in_source}, so nothing was copied (was something writing to the target?)"
    )]
    CountMismatch {
        /// The table.
        table: &'static str,
        /// Rows in the source.
        in_source: u64,
        /// Rows in the target.
        target: u64,
    },
    /// Games that do not replay in the copy (so they do not in the source either).
    #[error("nothing was copied, because {0}")]
    Replay(GameCheck),
    /// A database failure while copying.
    #[error("the copy failed and nothing was copied: {0}")]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for TransferError {
    fn from(error: sqlx::Error) -> TransferError {
        TransferError::Store(error.into())
    }
}

/// Copies every row of every table from the database at `from` into the one at `to` (either
/// SQLite or PostgreSQL), which must hold no game, player or other row; a SQLite target file is
/// created and any target migrated first. Calls `progress` after each step. The source must
/// be at this build's schema version and is only read, in one snapshot, so a copy taken while
/// a bot still writes to the source is consistent but misses what comes after: stop the bot
/// first. On any error the target holds no copied row (and a SQLite file the copy created is
/// removed again).
pub async fn copy_database(
    from: &str,
    to: &str,
    mut progress: impl FnMut(&CopyProgress),
) -> Result<CopyReport, TransferError> {
    let opening = |role: Role, url: &str| {
        let url = redact(url);
        move |error: StoreError| TransferError::Open { role, url, error }
    };
    let from_backend = Backend::of_url(from).map_err(opening(Role::Source, from))?;
    let to_backend = Backend::of_url(to).map_err(opening(Role::Target, to))?;
    let target_file = match to_backend {
        Backend::Sqlite => Some(sqlite_file(to).map_err(opening(Role::Target, to))?),
        Backend::Postgres => None,
    };
    let same = match (from_backend, &target_file) {
        (Backend::Sqlite, Some(target)) => {
            let source = sqlite_file(from).map_err(opening(Role::Source, from))?;
            source == *target
                || matches!((source.canonicalize(), target.canonicalize()),
                            (Ok(a), Ok(b)) if a == b)
        }
        _ => from == to,
    };
    if same {
        return Err(TransferError::SameDatabase(redact(to)));
    }

    // The source first: one that cannot be read leaves the target untouched.
    let mut source = open_source(from, from_backend).await?;
    let mut snapshot = source.begin().await?;
    if from_backend == Backend::Postgres {
        snapshot
            .execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .await?;
    }
    let source_tables = schema::tables(&mut snapshot, from_backend).await?;
    let expected = Store::migration_versions();
    let newest = expected.last().copied().unwrap_or(0);
    match schema::applied_migrations(&mut snapshot, &source_tables).await? {
        None => return Err(TransferError::NotRollerball(redact(from))),
        Some(found) if found == expected => {}
        Some(found) => {
            let found_newest = found.last().copied().unwrap_or(0);
            return Err(if found.iter().all(|v| expected.contains(v)) {
                TransferError::SourceBehind {
                    url: redact(from),
                    found: found_newest,
                    expected: newest,
                }
            } else {
                TransferError::Newer {
                    role: Role::Source,
                    url: redact(from),
                    found: found_newest,
                    expected: newest,
                }
            });
        }
    }
    let mut source_counts = BTreeMap::new();
    for (table, _) in TABLES {
        if source_tables.contains_key(table) {
            source_counts.insert(table, schema::count(&mut snapshot, table).await?);
        }
    }

    let created = target_file.as_ref().filter(|path| !path.exists()).cloned();
    let copied = fill_target(
        to,
        to_backend,
        &mut snapshot,
        &source_tables,
        &source_counts,
        &mut progress,
    )
    .await;
    // The snapshot only read; ending it either way changes nothing.
    let _ = snapshot.rollback().await;
    let _ = source.close().await;
    if copied.is_err()
        && let Some(path) = created
    {
        remove_sqlite_file(&path);
    }
    let report = copied?;
    tracing::info!(
        from = %redact(from),
        to = %redact(to),
        games = report.games.games,
        "database copied"
    );
    Ok(report)
}

/// Opens the target, checks that it is empty, migrates it and copies into it.
async fn fill_target(
    to: &str,
    backend: Backend,
    snapshot: &mut AnyConnection,
    source_tables: &BTreeMap<String, Vec<Column>>,
    source_counts: &BTreeMap<&'static str, u64>,
    progress: &mut impl FnMut(&CopyProgress),
) -> Result<CopyReport, TransferError> {
    let opening = |error: StoreError| TransferError::Open {
        role: Role::Target,
        url: redact(to),
        error,
    };
    if backend == Backend::Postgres {
        connect_once(to).await.map_err(opening)?.close().await?;
    }
    let options = StoreOptions {
        max_connections: 2,
        acquire_timeout: CONNECT_TIMEOUT,
    };
    // The store makes the SQLite file and migrates; the copy writes on a connection of its own.
    let target = Store::open(to, options).await.map_err(opening)?;
    let prepared = async {
        let mut writer = connect_once(to).await.map_err(opening)?;
        if backend == Backend::Sqlite {
            writer.execute(SQLITE_WRITER_PRAGMAS).await?;
        }
        refuse_unless_empty(&mut writer, backend, to).await?;
        target.migrate().await?;
        Ok::<_, TransferError>(writer)
    }
    .await;
    target.close().await;
    drop(target);
    let mut writer = prepared?;
    let result = async {
        let mut tx = writer.begin().await?;
        let target_tables = schema::tables(&mut tx, backend).await?;
        let shapes = shapes(source_tables, &target_tables)?;
        let schema_version = Store::migration_versions().last().copied().unwrap_or(0);
        progress(&CopyProgress::Started { schema_version });

        // The migrations' own counter rows make way for the source's.
        tx.execute("DELETE FROM id_counters").await?;
        let mut tables = Vec::new();
        for shape in &shapes {
            let of = source_counts.get(shape.name).copied().unwrap_or(0);
            let rows = copy_table(shape, snapshot, &mut tx, backend, of, progress).await?;
            tables.push((shape.name, rows));
        }
        for (counter, table) in [
            ("game", "games"),
            ("challenge", "challenges"),
            ("tournament", "tournaments"),
            ("held_notice", "held_notices"),
        ] {
            let sql = format!(
                "UPDATE id_counters SET next_id = (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}) \
                 WHERE name = $1 AND next_id <= (SELECT COALESCE(MAX(id), 0) FROM {table})"
            );
            sqlx::query(&sql).bind(counter).execute(&mut *tx).await?;
        }
        if backend == Backend::Postgres {
            rollerball_store::restart_event_sequence(&mut tx).await?;
        }
        for shape in &shapes {
            let source = source_counts.get(shape.name).copied().unwrap_or(0);
            let target = schema::count(&mut tx, shape.name).await?;
            if source != target {
                return Err(TransferError::CountMismatch {
                    table: shape.name,
                    in_source: source,
                    target,
                });
            }
        }
        progress(&CopyProgress::Counted);
        let games = check_games(&mut tx).await?;
        if !games.passed() {
            return Err(TransferError::Replay(games));
        }
        progress(&CopyProgress::Replayed(games.clone()));
        tx.commit().await?;
        if backend == Backend::Sqlite {
            // Everything into the file itself, so that it can be moved on its own.
            writer.execute("PRAGMA wal_checkpoint(TRUNCATE)").await?;
        }
        Ok(CopyReport {
            schema_version,
            tables,
            games,
        })
    }
    .await;
    let _ = writer.close().await;
    result
}

/// Refuses a target that holds any row (the migrations' counters aside) or tables of
/// rollerball's names that rollerball did not make, or that a newer rollerball migrated.
async fn refuse_unless_empty(
    conn: &mut AnyConnection,
    backend: Backend,
    url: &str,
) -> Result<(), TransferError> {
    let tables = schema::tables(conn, backend).await?;
    let ours = TABLES
        .iter()
        .map(|(t, _)| *t)
        .filter(|t| tables.contains_key(*t));
    let Some(applied) = schema::applied_migrations(conn, &tables).await? else {
        let foreign: Vec<&str> = ours.collect();
        return match foreign.is_empty() {
            true => Ok(()),
            false => Err(TransferError::ForeignTables {
                url: redact(url),
                tables: foreign.join(", "),
            }),
        };
    };
    let expected = Store::migration_versions();
    if let Some(&unknown) = applied.iter().find(|v| !expected.contains(v)) {
        return Err(TransferError::Newer {
            role: Role::Target,
            url: redact(url),
            found: applied.last().copied().unwrap_or(unknown),
            expected: expected.last().copied().unwrap_or(0),
        });
    }
    let mut holds = Vec::new();
    for table in ours.filter(|t| *t != "id_counters") {
        let rows = schema::count(conn, table).await?;
        if rows > 0 {
            holds.push(describe_rows(table, rows));
        }
    }
    if holds.is_empty() {
        Ok(())
    } else {
        Err(TransferError::TargetNotEmpty {
            url: redact(url),
            holds: holds.join(", "),
        })
    }
}

/// `3 games`, `1 player`, `2 tournament entrants`; `N rows of TABLE` for a table not named here.
fn describe_rows(table: &str, rows: u64) -> String {
    match table {
        "players" => plural(rows, "player", "players"),
        "servers" => plural(rows, "server", "servers"),
        "games" => plural(rows, "game", "games"),
        "challenges" => plural(rows, "challenge", "challenges"),
        "moves" => plural(rows, "move", "moves"),
        "ratings" => plural(rows, "rating", "ratings"),
        "tournaments" => plural(rows, "tournament", "tournaments"),
        "forecasts" => plural(rows, "forecast line", "forecast lines"),
        "vacation_days" => plural(rows, "year of vacation days", "years of vacation days"),
        "tournament_entrants" => plural(rows, "tournament entrant", "tournament entrants"),
        "tournament_games" => plural(rows, "tournament game", "tournament games"),
        "analyses" => plural(rows, "analysis", "analyses"),
        "analysis_positions" => plural(rows, "analysed position", "analysed positions"),
        "events" => plural(rows, "event", "events"),
        "event_readers" => plural(rows, "event log reader", "event log readers"),
        _ => format!("{} of {table}", plural(rows, "row", "rows")),
    }
}

/// The tables to copy, in copying order, after checking that the source and the target have
/// the same tables with the same columns and that the copy knows every one of them.
fn shapes(
    source: &BTreeMap<String, Vec<Column>>,
    target: &BTreeMap<String, Vec<Column>>,
) -> Result<Vec<TableShape>, TransferError> {
    let mismatch = |text: String| Err(TransferError::SchemaMismatch(text));
    let known = |name: &str| name == MIGRATIONS_TABLE || TABLES.iter().any(|(t, _)| *t == name);
    if let Some(unknown) = target.keys().find(|name| !known(name)) {
        return mismatch(format!(
            "this rollerball's migrations make a table `{unknown}` that its copy does not know"
        ));
    }
    if let Some(extra) = source.keys().find(|name| !known(name)) {
        return mismatch(format!(
            "the source has a table `{extra}` the target has not"
        ));
    }
    let mut shapes = Vec::new();
    for (name, key) in TABLES {
        let (Some(theirs), Some(ours)) = (source.get(name), target.get(name)) else {
            return mismatch(format!("table `{name}` is missing from one of them"));
        };
        let sorted = |columns: &[Column]| {
            let mut v: Vec<(String, Option<schema::Kind>)> =
                columns.iter().map(|c| (c.name.clone(), c.kind)).collect();
            v.sort_by(|a, b| a.0.cmp(&b.0));
            v
        };
        if sorted(theirs) != sorted(ours) {
            let names = |columns: &[Column]| {
                let v: Vec<&str> = columns.iter().map(|c| c.name.as_str()).collect();
                v.join(", ")
            };
            return mismatch(format!(
                "table `{name}` has the columns ({}) in the source but ({}) in the target",
                names(theirs),
                names(ours)
            ));
        }
        shapes.push(TableShape::new(name, key, ours)?);
    }
    Ok(shapes)
}

/// Copies one table a batch at a time into a `backend` target; returns the rows copied.
async fn copy_table(
    shape: &TableShape,
    source: &mut AnyConnection,
    target: &mut AnyConnection,
    backend: Backend,
    of: u64,
    progress: &mut impl FnMut(&CopyProgress),
) -> Result<u64, TransferError> {
    let batch =
        (MAX_VALUES_PER_STATEMENT / shape.columns.len().max(1)).clamp(1, MAX_ROWS_PER_BATCH);
    let mut after = None;
    let mut rows = 0u64;
    loop {
        let read = shape.read_batch(source, after.as_deref(), batch).await?;
        let Some(last) = read.last() else { break };
        after = Some(shape.key_of(last));
        let n = read.len();
        shape.insert(target, backend, read).await?;
        let before = rows;
        rows += n as u64;
        if n < batch {
            break;
        }
        if rows / REPORT_EVERY > before / REPORT_EVERY {
            progress(&CopyProgress::Copied {
                table: shape.name,
                rows,
                of,
            });
        }
    }
    progress(&CopyProgress::Copied {
        table: shape.name,
        rows,
        of,
    });
    Ok(rows)
}

/// Opens the source for reading only: a SQLite file must exist and is opened read-only.
async fn open_source(url: &str, backend: Backend) -> Result<AnyConnection, TransferError> {
    let mut conn = open_read_only(url, backend)
        .await
        .map_err(|unopened| match unopened {
            Unopened::NoSuchFile(path) => TransferError::NoSuchFile(path.display().to_string()),
            Unopened::Failed(error) => TransferError::Open {
                role: Role::Source,
                url: redact(url),
                error,
            },
        })?;
    wait_when_busy(&mut conn, backend).await?;
    Ok(conn)
}
