//! `rollerball bot` (and `rollerball` alone): the Discord bot, until a signal stops it.

use std::sync::Arc;

use rollerball::discord;
use rollerball::game::{Service, SystemClock};
use rollerball::store;

use super::support::{Outcome, open_store};

/// Run the Discord bot (the default): settings come from `.env` and the environment (see
/// `.env.example`).
#[derive(clap::Args, Default)]
pub struct Args {}

/// Runs the bot until SIGINT or SIGTERM, then closes the database.
pub async fn run(_args: Args) -> Outcome {
    // The configuration is checked first: without a token the bot says how to get one, before
    // any logging or database.
    let config = discord::Config::from_env().map_err(|e| e.to_string())?;
    init_logging();
    let (db, url) = open_store().await?;
    tracing::info!(database = %store::redact(&url), ?config, "starting the bot");
    let service = Service::new(db.clone(), Arc::new(SystemClock));
    let bot = discord::Bot::new(config, service)
        .await
        .map_err(|e| format!("cannot start the Discord client: {e}"))?;
    let stop = bot.shutdown_handle();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("signal received: shutting down");
        stop.shutdown();
    });
    let result = bot.run().await;
    db.close().await;
    result.map_err(|e| format!("the bot stopped: {e}"))?;
    Ok(())
}

/// Waits for Ctrl-C (SIGINT) or, on Unix, SIGTERM.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Logs to standard error, filtered by `RUST_LOG` (default: this crate at `info`, others at
/// `warn`).
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,rollerball=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
