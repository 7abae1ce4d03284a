//! The connection SQLite writes go through, and what the store does when a write fails: a
//! connection left in doubt is replaced, and the failure is remembered for the health check
//! until a write succeeds again.
//!
//! A failed `COMMIT` is the dangerous case. SQLite may or may not have rolled the transaction
//! back (a full disk may roll it back, a deferred constraint leaves it open), and sqlx-sqlite
//! keeps counting the transaction whatever happened (its depth is only lowered by a `COMMIT` or
//! `ROLLBACK` that succeeded). Its next `begin()` would then open a savepoint inside a
//! transaction that never ends: every later "commit" only releases that savepoint, writes
//! nothing to the file, and holds the file's write lock against every other process. So after
//! a failure the writer is checked, and a connection still counting a transaction is rolled
//! back and replaced by a fresh one, which finds the file as it really is.

use std::time::Duration;

use sqlx::{AnyConnection, Connection, Executor};

use super::{Result, SQLITE_BUSY_TIMEOUT_MS, Store, StoreError};

/// Makes a SQLite connection behave as the module docs promise. Only the writer switches the
/// file to WAL (a property of the file, which every later connection finds): that switch needs
/// the file to itself, so the pool's connections, opened beside other processes' writers, do
/// not ask for it again.
pub(super) async fn sqlite_pragmas(
    conn: &mut AnyConnection,
    switch_to_wal: bool,
) -> Result<(), sqlx::Error> {
    let wal = if switch_to_wal {
        "PRAGMA journal_mode = WAL; "
    } else {
        ""
    };
    conn.execute(
        format!(
            "PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}; \
             {wal}\
             PRAGMA synchronous = FULL; \
             PRAGMA foreign_keys = ON;"
        )
        .as_str(),
    )
    .await?;
    Ok(())
}

/// True for SQLite's "database is locked" (`SQLITE_BUSY` and its extended codes), which it
/// may answer at once, without waiting its busy timeout, while another process opens the same
/// file (recovering its WAL, or switching it to WAL).
pub(super) fn sqlite_busy(error: &sqlx::Error) -> bool {
    sqlite_code(error) == Some(5)
}

/// True when SQLite found the file locked by another connection (`SQLITE_BUSY`, after its busy
/// timeout, or `SQLITE_LOCKED`, with their extended codes): the database is out of reach until
/// the other program lets go, and any write tried now would wait the timeout again.
pub(crate) fn sqlite_locked(error: &sqlx::Error) -> bool {
    matches!(sqlite_code(error), Some(5 | 6))
}

/// The SQLite writer connection, switched to WAL; tried again for a few seconds while another
/// process opening the same file at the same moment holds it.
pub(super) async fn sqlite_writer(url: &str) -> Result<AnyConnection, sqlx::Error> {
    let mut tries = 0;
    loop {
        let opened = async {
            let mut conn = AnyConnection::connect(url).await?;
            sqlite_pragmas(&mut conn, true).await?;
            Ok::<_, sqlx::Error>(conn)
        }
        .await;
        match opened {
            Err(e) if sqlite_busy(&e) && tries < 100 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            opened => return opened,
        }
    }
}

/// Whether a SQLite error from `COMMIT` says for certain that nothing was written: the database
/// was busy, locked, read-only or full, or a constraint refused the transaction. Anything else
/// (an I/O error, say while syncing the log) may have left the commit on disk, to be found
/// later.
pub(super) fn sqlite_commit_certainly_failed(error: &sqlx::Error) -> bool {
    const BUSY: i32 = 5;
    const LOCKED: i32 = 6;
    const READONLY: i32 = 8;
    const FULL: i32 = 13;
    const CONSTRAINT: i32 = 19;
    sqlite_code(error)
        .is_some_and(|code| [BUSY, LOCKED, READONLY, FULL, CONSTRAINT].contains(&code))
}

/// The last write failure of this process not yet followed by a successful write, for the
/// health check ([`Store::write_failure`]).
#[derive(Debug, Default)]
pub(super) struct WriteHealth(std::sync::Mutex<Option<String>>);

impl WriteHealth {
    /// A write failed with `error`.
    pub(super) fn failed(&self, error: &dyn std::fmt::Display) {
        let error = crate::redact::text(&error.to_string());
        tracing::warn!(%error, "a write to the database failed");
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(error);
    }

    /// A write succeeded: the database takes writes again.
    pub(super) fn succeeded(&self) {
        let mut failure = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if failure.take().is_some() {
            tracing::info!("the database takes writes again");
        }
    }

    fn failure(&self) -> Option<String> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

impl Store {
    /// Makes the SQLite writer `conn` fit for a new transaction: a connection that still counts
    /// a transaction (after a failed `COMMIT` or `ROLLBACK`) is rolled back and replaced by a
    /// fresh connection to the same file. Cheap when the connection is fine (an atomic read).
    pub(super) async fn ready_writer(&self, conn: &mut AnyConnection) -> Result<()> {
        if !conn.is_in_transaction() {
            return Ok(());
        }
        // A transaction dropped after a failed statement queued its rollback on the
        // connection's worker: a round trip there lets it finish before looking again.
        if conn.ping().await.is_ok() && !conn.is_in_transaction() {
            return Ok(());
        }
        // SQLite may still hold the transaction (and the file's write lock): end it, then
        // replace the connection, as sqlx's count of it cannot be reset otherwise.
        let _ = conn.execute("ROLLBACK").await;
        let url = self.writer_url.as_deref().unwrap_or_default();
        let fresh = match sqlite_writer(url).await {
            Ok(fresh) => fresh,
            Err(error) => {
                self.write_health.failed(&error);
                return Err(error.into());
            }
        };
        #[cfg(feature = "testing")]
        let fresh = {
            let mut fresh = fresh;
            self.apply_page_limit(&mut fresh).await?;
            fresh
        };
        let old = std::mem::replace(conn, fresh);
        if let Err(error) = old.close().await {
            tracing::warn!(%error, "closing the SQLite writer left in doubt failed");
        }
        tracing::warn!("the SQLite writer was left in doubt by a failed write and was replaced");
        Ok(())
    }

    /// For the project's own tests: a full disk, made with SQLite's `max_page_count` on the
    /// writer (the file may not grow past `pages`, or past its size now if that is more; `None`
    /// lifts the limit). Set on the writer now and on every writer opened after it, until
    /// lifted, as a full disk stays full when a connection is replaced.
    #[cfg(feature = "testing")]
    pub async fn limit_writer_pages(&self, pages: Option<u32>) -> Result<()> {
        *self.page_limit.lock().unwrap_or_else(|p| p.into_inner()) = pages;
        if let Some(writer) = &self.writer
            && let Some(conn) = writer.lock().await.as_mut()
        {
            self.apply_page_limit(conn).await?;
        }
        Ok(())
    }

    #[cfg(feature = "testing")]
    async fn apply_page_limit(&self, conn: &mut AnyConnection) -> Result<()> {
        // SQLite's default limit.
        const NO_LIMIT: u32 = 1_073_741_823;
        let pages = self
            .page_limit
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .unwrap_or(NO_LIMIT);
        conn.execute(format!("PRAGMA max_page_count = {pages}").as_str())
            .await?;
        Ok(())
    }

    /// Why this process's last write failed, if no write succeeded since; `None` when writes
    /// work (as far as this process knows).
    pub fn write_failure(&self) -> Option<String> {
        self.write_health.failure()
    }

    /// For the health check: `Ok` if writes work. Only after a failed write does it write
    /// (a transaction that rewrites one counter row as it is, through the same connection as
    /// every write), so that a database that takes writes again is seen as healthy without
    /// waiting for a player's move; a success clears the failure.
    pub async fn check_writes(&self) -> Result<()> {
        if self.write_failure().is_none() {
            return Ok(());
        }
        let probe = async {
            let mut writer = self.writer().await?;
            let mut tx = writer.begin().await?;
            sqlx::query("UPDATE id_counters SET next_id = next_id WHERE name = 'game'")
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok::<_, StoreError>(())
        };
        match tokio::time::timeout(self.acquire_timeout, probe).await {
            Ok(Ok(())) => {
                self.write_health.succeeded();
                Ok(())
            }
            Ok(Err(error)) => {
                self.write_health.failed(&error);
                Err(error)
            }
            Err(_) => Err(StoreError::Unanswered(self.acquire_timeout)),
        }
    }
}

/// SQLite's primary result codes that say a file is damaged or is no database at all.
fn sqlite_damaged(error: &sqlx::Error) -> bool {
    const CORRUPT: i32 = 11;
    const NOTADB: i32 = 26;
    sqlite_code(error).is_some_and(|code| code == CORRUPT || code == NOTADB)
}

/// The primary result code of a SQLite error. SQLite's codes are small numbers; PostgreSQL's
/// SQLSTATEs are five characters, some of them all digits, so only shorter codes are SQLite's.
fn sqlite_code(error: &sqlx::Error) -> Option<i32> {
    match error {
        sqlx::Error::Database(db) => db
            .code()
            .filter(|code| code.len() < 5)
            .and_then(|code| code.parse::<i32>().ok())
            .map(|code| code & 0xff),
        _ => None,
    }
}

/// `error` from opening or checking the SQLite file `file`, as [`StoreError::Damaged`] when
/// SQLite says the file is damaged.
pub(super) fn sqlite_open_error(error: sqlx::Error, file: &str) -> StoreError {
    if sqlite_damaged(&error) {
        StoreError::Damaged {
            file: file.to_owned(),
            detail: error.to_string(),
        }
    } else {
        error.into()
    }
}

/// Checks the SQLite file `file` on the writer `conn` before anything is written into it:
/// SQLite's quick integrity check (every page read once, without the full check's
/// cross-checks of indexes against their tables), then that the file can be written at all
/// (`BEGIN IMMEDIATE` takes the write lock, which a read-only file refuses; it is rolled
/// back at once, with a table created in it: SQLite begins a read transaction instead on a
/// read-only file, and the creation is what it refuses). A file another process is writing
/// counts as writable.
pub(super) async fn check_sqlite_file(conn: &mut AnyConnection, file: &str) -> Result<()> {
    const READONLY: i32 = 8;
    let found: Vec<String> = sqlx::query_scalar("PRAGMA quick_check(1)")
        .fetch_all(&mut *conn)
        .await
        .map_err(|e| sqlite_open_error(e, file))?;
    if found != ["ok"] {
        return Err(StoreError::Damaged {
            file: file.to_owned(),
            detail: found.join("; "),
        });
    }
    let tried = conn
        .execute("BEGIN IMMEDIATE; CREATE TABLE rollerball_write_check (x);")
        .await;
    // Whatever happened, nothing of it stays (a failure may have ended the transaction
    // already, which makes this fail: that is fine).
    let _ = conn.execute("ROLLBACK").await;
    match tried {
        Ok(_) => Ok(()),
        Err(e) if sqlite_code(&e) == Some(READONLY) => Err(StoreError::ReadOnly(file.to_owned())),
        Err(e) if sqlite_busy(&e) => Ok(()),
        Err(e) => Err(sqlite_open_error(e, file)),
    }
}
