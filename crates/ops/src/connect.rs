//! The tools' own connections: opened from URLs, once each, never through the bot's pool.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use rollerball_store::{Backend, InvalidInput, StoreError};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyConnection, Connection, Executor};

/// How long opening a database may take before a tool gives up.
pub(crate) const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A SQLite reader waits for a writer busy checkpointing, as the bot's own readers do.
pub(crate) const SQLITE_BUSY_TIMEOUT: &str = "PRAGMA busy_timeout = 10000";

/// What the store's SQLite writer sets (its module docs say why), for a tool writing into a
/// SQLite file on a connection of its own.
pub(crate) const SQLITE_WRITER_PRAGMAS: &str =
    "PRAGMA busy_timeout = 10000; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;";

/// Why a database could not be opened for reading.
pub(crate) enum Unopened {
    /// A SQLite URL naming a file that does not exist.
    NoSuchFile(PathBuf),
    /// A URL that names no database, or a database that does not answer.
    Failed(StoreError),
}

/// One connection that only reads the database at `url`: a SQLite file must exist and is
/// opened read-only (its busy timeout set, as [`SQLITE_BUSY_TIMEOUT`] says).
pub(crate) async fn open_read_only(url: &str, backend: Backend) -> Result<AnyConnection, Unopened> {
    let connect_url = match backend {
        Backend::Sqlite => {
            let path = sqlite_file(url).map_err(Unopened::Failed)?;
            if !path.is_file() {
                return Err(Unopened::NoSuchFile(path));
            }
            format!("sqlite://{}?mode=ro", path.display())
        }
        Backend::Postgres => url.to_owned(),
    };
    connect_once(&connect_url).await.map_err(Unopened::Failed)
}

/// One connection to `connect_url`, tried once: a server that refuses or does not answer is
/// reported at once rather than retried for a pool's timeout.
pub(crate) async fn connect_once(connect_url: &str) -> Result<AnyConnection, StoreError> {
    sqlx::any::install_default_drivers();
    match tokio::time::timeout(CONNECT_TIMEOUT, AnyConnection::connect(connect_url)).await {
        Ok(Ok(conn)) => Ok(conn),
        Ok(Err(e)) => Err(StoreError::from(e)),
        Err(_) => Err(StoreError::Unanswered(CONNECT_TIMEOUT)),
    }
}

/// Sets a SQLite connection's busy timeout; nothing on PostgreSQL.
pub(crate) async fn wait_when_busy(
    conn: &mut AnyConnection,
    backend: Backend,
) -> Result<(), sqlx::Error> {
    if backend == Backend::Sqlite {
        conn.execute(SQLITE_BUSY_TIMEOUT).await?;
    }
    Ok(())
}

/// The file a SQLite URL names; in-memory databases are refused, as nothing outlives them.
pub(crate) fn sqlite_file(url: &str) -> Result<PathBuf, StoreError> {
    let options = SqliteConnectOptions::from_str(url)
        .map_err(|e| StoreError::Invalid(InvalidInput::SqliteUrl(e.into())))?;
    let path = options.get_filename();
    if url.contains(":memory:") || url.contains("mode=memory") || path.as_os_str().is_empty() {
        return Err(StoreError::Invalid(InvalidInput::InMemory));
    }
    Ok(path.to_path_buf())
}

/// Removes a SQLite file with its write-ahead log and shared-memory index.
pub(crate) fn remove_sqlite_file(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}
