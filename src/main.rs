//! The `rollerball` command line.
//!
//! For now it knows one command, `rollerball migrate`, which brings the database named by
//! `DATABASE_URL` (default `sqlite://rollerball.db`) up to date; the bot's own start-up does the
//! same through `Store::connect`.

use std::process::ExitCode;

use rollerball::store::{Store, StoreOptions, database_url_from_env};

fn main() -> ExitCode {
    let command = std::env::args().nth(1);
    match command.as_deref() {
        Some("migrate") => migrate(),
        _ => {
            eprintln!("usage: rollerball migrate");
            ExitCode::from(2)
        }
    }
}

/// `rollerball migrate`: the whole logic lives in the store; this only reports.
fn migrate() -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let url = database_url_from_env();
    let result = runtime.block_on(async {
        let store = Store::open(&url, StoreOptions::default()).await?;
        let applied = store.migrate().await;
        store.close().await;
        applied
    });
    match result {
        Ok(applied) if applied.is_empty() => {
            println!("database is up to date");
            ExitCode::SUCCESS
        }
        Ok(applied) => {
            println!("applied migrations {applied:?}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("migration failed: {e}");
            ExitCode::FAILURE
        }
    }
}
