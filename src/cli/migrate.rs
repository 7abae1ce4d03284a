//! `rollerball migrate`: the database schema brought up to date without starting the bot.

use std::io::Write;

use rollerball::store::{self, Store, StoreOptions};

use super::support::Outcome;

/// Create or upgrade the database schema (the bot also does this at start-up).
#[derive(clap::Args)]
pub struct Args {}

/// Migrates the database named by `DATABASE_URL` or the default file, and says which schema
/// version it now has. A SQLite file that does not exist is refused, not created: a mistyped
/// path would otherwise be "up to date" as a new, empty database (the bot's own run creates
/// the database when it starts the first time).
pub async fn run(_args: Args, out: &mut impl Write) -> Outcome {
    let url = store::database_url_from_env();
    let options = StoreOptions::from_env().map_err(|e| e.to_string())?;
    let cannot =
        |e: store::StoreError| format!("cannot open the database {}: {e}", store::redact(&url));
    let db = Store::open_existing(&url, options).await.map_err(cannot)?;
    db.migrate().await.map_err(cannot)?;
    db.close().await;
    writeln!(
        out,
        "The database {} is up to date (schema version {}).",
        store::redact(&url),
        Store::migration_versions().last().copied().unwrap_or(0)
    )?;
    Ok(())
}
