//! `rollerball db`: the host's database tools, a backup of a live SQLite file and a copy of
//! every row from one database to another. The work is the `ops` crate's
//! ([`ops::backup_sqlite`], [`ops::copy_database`]); this module reads the command line and
//! prints each step as it happens.

use std::io::Write;
use std::path::PathBuf;

use rollerball::ops::{self, CopyProgress};
use rollerball::store;

use super::support::Outcome;

/// The database tools.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(clap::Subcommand)]
enum DbCommand {
    /// Write a consistent copy of the SQLite database to FILE, safe while the bot runs.
    ///
    /// The copy is checked (SQLite's integrity check, every game replayed) before it takes
    /// the name FILE.
    Backup {
        /// The backup file to write; refused if it exists, unless --force.
        file: PathBuf,
        /// The database to back up (default: DATABASE_URL, or sqlite://rollerball.db).
        #[arg(long, value_name = "URL")]
        database: Option<String>,
        /// Replace FILE if it exists (only once the new copy is complete and checked).
        #[arg(long)]
        force: bool,
    },
    /// Copy the whole database into another, empty one: SQLite to PostgreSQL, or back.
    ///
    /// Every game, move, challenge, player, rating, setting and server is copied into the
    /// target (migrated first if it is not yet), then the row counts are compared and every
    /// game is replayed. Stop the bot first: what it writes after the copy begins is not
    /// copied.
    Copy {
        /// The database to copy from (sqlite://FILE or postgres://...); only read.
        #[arg(long, value_name = "URL")]
        from: String,
        /// The database to copy into; it must hold no game, player or other row.
        #[arg(long, value_name = "URL")]
        to: String,
    },
}

/// Runs `rollerball db …`, writing each step to `out` as it happens.
pub async fn run(args: Args, out: &mut impl Write) -> Outcome {
    match args.command {
        DbCommand::Backup {
            file,
            database,
            force,
        } => {
            let url = database.unwrap_or_else(store::database_url_from_env);
            backup(&url, file, force, out).await
        }
        DbCommand::Copy { from, to } => copy(&from, &to, out).await,
    }
}

async fn backup(url: &str, file: PathBuf, force: bool, out: &mut impl Write) -> Outcome {
    writeln!(
        out,
        "Backing up {} into {} ...",
        store::redact(url),
        file.display()
    )?;
    let report = ops::backup_sqlite(url, &file, force)
        .await
        .map_err(|e| e.to_string())?;
    let games = &report.games;
    writeln!(
        out,
        "Wrote {} ({}, schema version {}) in {:.1} s: {}, {}, {}, {}.",
        report.file.display(),
        size(report.bytes),
        report.schema_version,
        report.elapsed.as_secs_f64(),
        plural(games.games, "game"),
        plural(games.moves, "move"),
        plural(report.players, "player"),
        plural(report.challenges, "challenge"),
    )?;
    if !games.passed() {
        return Err(format!("{} is a faithful copy, but {games}", report.file.display()).into());
    }
    writeln!(out, "Checked: SQLite's integrity check passes; {games}.")?;
    Ok(())
}

async fn copy(from: &str, to: &str, out: &mut impl Write) -> Outcome {
    writeln!(
        out,
        "Copying {} into {} ...",
        store::redact(from),
        store::redact(to)
    )?;
    // Progress is written as it comes; a failed write is reported once the copy returns.
    let mut written = Ok(());
    let report = ops::copy_database(from, to, |step| {
        let line = match step {
            CopyProgress::Started { schema_version } => format!(
                "Both databases are at schema version {schema_version}; the target is empty."
            ),
            CopyProgress::Copied { table, rows, of } if rows < of => {
                format!("  {table}: {rows} of {of} rows ...")
            }
            CopyProgress::Copied { table, rows, .. } => {
                format!("  {table}: {}", plural(*rows, "row"))
            }
            CopyProgress::Counted => {
                "Checked: every table holds as many rows as in the source.".to_string()
            }
            CopyProgress::Replayed(games) => format!("Checked: {games}."),
        };
        if written.is_ok() {
            written = writeln!(out, "{line}").and_then(|()| out.flush());
        }
    })
    .await
    .map_err(|e| e.to_string())?;
    written?;
    let rows: u64 = report.tables.iter().map(|(_, n)| n).sum();
    writeln!(
        out,
        "Done: {rows} rows in {} tables copied into {}. Point DATABASE_URL at it and start the bot.",
        report.tables.len(),
        store::redact(to)
    )?;
    Ok(())
}

/// `1 game`, `3 games`.
fn plural(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// A file size for people: `812 bytes`, `64.0 KiB`, `1.2 MiB`.
fn size(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} bytes"),
        1024..1_048_576 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}
