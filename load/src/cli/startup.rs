//! `rollerball-load startup`: the bot's start-up timed on a database.

use std::io::Write;

use rollerball::store;

/// Measure the bot's start-up on a database: open and migrate it, create the game service,
/// run the first deadline sweep; prints the time of each step and the bytes read. The sweep
/// claims due reminders and time-outs that nobody then delivers: use a scratch copy of a
/// database, never the bot's own.
#[derive(clap::Args)]
pub struct Args {
    /// The database (required: this command never uses `DATABASE_URL`).
    #[arg(long)]
    database: String,
}

/// Starts as the bot does and writes one line: the database, then each step's time.
pub fn run(args: Args, out: &mut impl Write) -> Result<(), String> {
    let database = store::redact(&args.database);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let report = runtime.block_on(async {
        let (report, db) = rollerball_load::measure_startup(&args.database)
            .await
            .map_err(|e| format!("{database}: {e}"))?;
        db.close().await;
        Ok::<_, String>(report)
    })?;
    writeln!(out, "{database}: {report}").map_err(|e| format!("cannot write the report: {e}"))
}
