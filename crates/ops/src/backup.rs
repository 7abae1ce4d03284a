//! A consistent copy of a live SQLite database, taken while the bot runs.
//!
//! SQLite's `VACUUM INTO` writes the database, as one read transaction sees it, into a new
//! file: in WAL mode that snapshot costs the bot nothing (its writers carry on while the copy is
//! read) and holds every move committed before it began, including those still only in the
//! write-ahead log, which a plain file copy would miss. The copy is written beside the
//! destination under a temporary name, checked (SQLite's `integrity_check`, the schema
//! version, every game replayed), flushed to disk and only then renamed into place, so the
//! destination is never a half-written file.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rollerball_store::{Backend, StoreError, redact};
use sqlx::{AnyConnection, Connection, Executor, Row};

use crate::check::{GameCheck, check_games};
use crate::connect::{SQLITE_BUSY_TIMEOUT, sqlite_file};
use crate::schema;

/// What [`backup_sqlite`] wrote and found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupReport {
    /// The database backed up.
    pub source: PathBuf,
    /// The backup file.
    pub file: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// The newest migration applied to it.
    pub schema_version: i64,
    /// Players in it.
    pub players: u64,
    /// Challenges in it.
    pub challenges: u64,
    /// The replay of every game in it (which also counts its games and moves).
    pub games: GameCheck,
    /// How long writing the copy took.
    pub elapsed: Duration,
}

/// Why [`backup_sqlite`] refused or failed; none of them leaves a file behind.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The database is not a SQLite file.
    #[error(
        "{0} is not a SQLite database: back up PostgreSQL with `pg_dump`, or copy it into a \
         SQLite file with `rollerball db copy --from URL --to sqlite://FILE`"
    )]
    NotSqlite(String),
    /// The SQLite file does not exist.
    #[error("there is no SQLite database at {0}")]
    NoSuchFile(String),
    /// The backup file exists and `overwrite` was not asked for.
    #[error("{0} exists already: choose another file, or pass --force to replace it")]
    Exists(String),
    /// The backup would replace the database itself.
    #[error("{0} is the database itself: write the backup to another file")]
    SameFile(String),
    /// The backup's folder cannot take the file.
    #[error("cannot write the backup to {path}: {reason}")]
    Destination {
        /// The backup file asked for.
        path: String,
        /// Why not.
        reason: String,
    },
    /// The copy SQLite wrote does not pass its integrity check (and was removed).
    #[error("the copy failed SQLite's integrity check, so it was not kept: {0}")]
    Integrity(String),
    /// The database could not be read or the copy written.
    #[error("the backup failed: {0}")]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for BackupError {
    fn from(error: sqlx::Error) -> BackupError {
        BackupError::Store(error.into())
    }
}

/// Writes a consistent copy of the SQLite database at `url` to `file`, safe while the bot (or
/// several) write to it, and checks the copy. Refuses a `file` that exists unless `overwrite`;
/// then the old file is replaced only once the new copy is complete and checked. Games that
/// do not replay are reported in [`BackupReport::games`], not as an error: the backup is a
/// faithful copy of the database either way.
pub async fn backup_sqlite(
    url: &str,
    file: &Path,
    overwrite: bool,
) -> Result<BackupReport, BackupError> {
    if Backend::of_url(url)? != Backend::Sqlite {
        return Err(BackupError::NotSqlite(redact(url)));
    }
    let source = sqlite_file(url)?;
    if !source.is_file() {
        return Err(BackupError::NoSuchFile(source.display().to_string()));
    }
    let shown = file.display().to_string();
    let destination = |reason: String| BackupError::Destination {
        path: shown.clone(),
        reason,
    };
    if file.exists() {
        if same_file(&source, file) {
            return Err(BackupError::SameFile(shown.clone()));
        }
        if !overwrite {
            return Err(BackupError::Exists(shown.clone()));
        }
        if file.is_dir() {
            return Err(destination("it is a folder".into()));
        }
    }
    let name = file
        .file_name()
        .ok_or_else(|| destination("it names no file".into()))?;
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !folder.is_dir() {
        return Err(destination(format!(
            "the folder {} does not exist",
            folder.display()
        )));
    }
    let mut partial_name = std::ffi::OsString::from(".");
    partial_name.push(name);
    partial_name.push(format!(".partial-{}", std::process::id()));
    let partial = folder.join(partial_name);
    let partial_text = partial
        .to_str()
        .filter(|p| !p.contains('?'))
        .ok_or_else(|| destination("SQLite needs a path in UTF-8 without `?`".into()))?
        .to_owned();
    let _ = std::fs::remove_file(&partial);

    let started = Instant::now();
    let result = async {
        write_copy(&source, &partial_text).await?;
        let elapsed = started.elapsed();
        let report = check_copy(&partial_text).await?;
        std::fs::File::open(&partial)
            .and_then(|f| f.sync_all())
            .map_err(|e| destination(format!("cannot flush the copy to disk: {e}")))?;
        if file.exists() && !overwrite {
            // Someone else wrote the file meanwhile: theirs stays.
            return Err(BackupError::Exists(shown.clone()));
        }
        std::fs::rename(&partial, file)
            .map_err(|e| destination(format!("cannot move the copy into place: {e}")))?;
        // The rename itself reaches the disk with its folder.
        if let Ok(dir) = std::fs::File::open(&folder) {
            let _ = dir.sync_all();
        }
        let bytes = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
        Ok(BackupReport {
            source: source.clone(),
            file: file.to_path_buf(),
            bytes,
            elapsed,
            ..report
        })
    }
    .await;
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    let report = result?;
    tracing::info!(
        source = %report.source.display(),
        file = %report.file.display(),
        bytes = report.bytes,
        "database backed up"
    );
    Ok(report)
}

/// True when both paths name one file.
fn same_file(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// `VACUUM INTO` from a read-only connection to the live database.
async fn write_copy(source: &Path, partial: &str) -> Result<(), BackupError> {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=ro", source.display());
    let mut conn = AnyConnection::connect(&url).await?;
    // A writer busy checkpointing can hold the file briefly; wait as the bot's own readers do.
    conn.execute(SQLITE_BUSY_TIMEOUT).await?;
    sqlx::query("VACUUM INTO $1")
        .bind(partial)
        .execute(&mut conn)
        .await?;
    conn.close().await?;
    Ok(())
}

/// Opens the copy read-only and checks it; the paths, size and time are filled in by the caller.
async fn check_copy(partial: &str) -> Result<BackupReport, BackupError> {
    let mut conn = AnyConnection::connect(&format!("sqlite://{partial}?mode=ro")).await?;
    let problems: Vec<String> = sqlx::query("PRAGMA integrity_check")
        .fetch_all(&mut conn)
        .await?
        .iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, _>>()?;
    if problems != ["ok"] {
        return Err(BackupError::Integrity(problems.join("; ")));
    }
    let tables = schema::tables(&mut conn, Backend::Sqlite).await?;
    let schema_version = schema::applied_migrations(&mut conn, &tables)
        .await?
        .and_then(|v| v.last().copied())
        .unwrap_or(0);
    let mut counts = [0u64; 2];
    for (n, table) in counts.iter_mut().zip(["players", "challenges"]) {
        if tables.contains_key(table) {
            *n = schema::count(&mut conn, table).await?;
        }
    }
    let [players, challenges] = counts;
    let games = match tables.contains_key("games") && tables.contains_key("moves") {
        true => check_games(&mut conn).await?,
        false => GameCheck::default(),
    };
    conn.close().await?;
    Ok(BackupReport {
        source: PathBuf::new(),
        file: PathBuf::new(),
        bytes: 0,
        schema_version,
        players,
        challenges,
        games,
        elapsed: Duration::ZERO,
    })
}
