//! `rollerball migrate`: the database schema brought up to date without starting the bot.

use std::io::Write;

use rollerball::store::{self, Store};

use super::support::{Outcome, open_store};

/// Create or upgrade the database schema (the bot also does this at start-up).
#[derive(clap::Args)]
pub struct Args {}

/// Opens (and so migrates) the database named by `DATABASE_URL` or the default file, and says
/// which schema version it now has.
pub async fn run(_args: Args, out: &mut impl Write) -> Outcome {
    let (db, url) = open_store().await?;
    db.close().await;
    writeln!(
        out,
        "The database {} is up to date (schema version {}).",
        store::redact(&url),
        Store::migration_versions().last().copied().unwrap_or(0)
    )?;
    Ok(())
}
