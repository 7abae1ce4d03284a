//! `rollerball-load lookups`: a player's commands beside another player's many games in the
//! same channel, on a scratch database.

use rollerball::store::{self, Store};

use super::run::TempDir;

/// Time one player's `board` and `moves` in a channel: alone, with another player at the caps
/// of games in that channel (20 in progress, 5 against the computer), and with thousands of
/// that player's games stored there (a database from before the caps). It creates its own
/// players and games: point it at a scratch database, never at the bot's.
#[derive(clap::Args)]
pub struct Args {
    /// The database (default: a new SQLite file in a temporary directory, removed afterwards).
    #[arg(long)]
    database: Option<String>,
    /// Commands timed in each case.
    #[arg(long, default_value_t = 200,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    commands: u32,
    /// Games of the other player stored for the last case.
    #[arg(long, default_value_t = 5000)]
    rows: u32,
}

/// Runs the three cases and prints one line each.
pub fn run(args: Args) -> Result<(), String> {
    let (_scratch, url) = match args.database {
        Some(url) => (None, url),
        None => {
            let dir = TempDir::new("rollerball-lookups")?;
            let url = format!("sqlite://{}", dir.0.join("lookups.db").display());
            (Some(dir), url)
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let report = runtime.block_on(async {
        let db = Store::connect(&url)
            .await
            .map_err(|e| format!("cannot open the database {}: {e}", store::redact(&url)))?;
        let report = rollerball_load::measure_lookups(
            db.clone(),
            args.commands as usize,
            args.rows as usize,
        )
        .await;
        db.close().await;
        report
    })?;
    print!("database {}\n{report}", store::redact(&url));
    Ok(())
}
