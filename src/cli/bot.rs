//! `rollerball bot` (and `rollerball` alone): the Discord bot, until a signal stops it.

use std::io::IsTerminal;
use std::sync::Arc;

use rollerball::discord;
use rollerball::game::{Service, SystemClock};
use rollerball::metrics::{self, Metrics};
use rollerball::{store, web};

use super::support::{Outcome, events_kept_from, open_store};
use super::web as web_side;

/// Run the Discord bot (the default): settings come from `.env` and the environment (see
/// `.env.example`).
#[derive(clap::Args, Default)]
pub struct Args {}

/// Runs the bot until SIGINT or SIGTERM, then closes the database.
pub async fn run(_args: Args) -> Outcome {
    // The configuration is checked first: without a token the bot says how to get one, before
    // any logging or database.
    let mut config = discord::Config::from_env().map_err(|e| e.to_string())?;
    let metrics_addr = metrics::addr_from(|name| std::env::var(name).ok())?;
    let web_config = web_side::config()?;
    let events_kept = events_kept_from(|name| std::env::var(name).ok())?;
    init_logging();
    let (db, url) = open_store().await?;
    tracing::info!(database = %store::redact(&url), ?config, ?web_config, "starting the bot");
    let mut service = Service::new(db.clone(), Arc::new(SystemClock)).with_events_kept(events_kept);
    // Both listeners are bound (and warned about, if others can reach them) before anything
    // else starts, so a taken port stops the bot at once.
    let web_listener = match &web_config {
        Some(config) => Some(web_side::bind(config).await?),
        None => None,
    };
    // Counted when they are served (on METRICS_ADDR), or for the health check the web pages
    // serve.
    let metrics =
        (metrics_addr.is_some() || web_config.is_some()).then(|| Arc::new(Metrics::new()));
    if let Some(metrics) = &metrics {
        config.retry.metrics = Some(Arc::clone(metrics));
        service = service.with_observer(metrics.clone());
    }
    let mut servers = Vec::new();
    if let (Some(addr), Some(metrics)) = (metrics_addr, &metrics) {
        let listener = web::Listener::bind(addr)
            .await
            .map_err(|e| format!("cannot serve metrics on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        tracing::info!(address = %local, "serving /metrics and /healthz");
        let app = web::app([metrics::routes(Arc::clone(metrics), db.clone())]);
        servers.push(tokio::spawn(listener.serve(app)));
    }
    let service = web_side::prepare(service, web_config.as_ref(), web_side::Linked::WhenPublic);
    let bot = discord::Bot::new(config, service)
        .await
        .map_err(|e| format!("cannot start the Discord client: {e}"))?;
    if let (Some(listener), Some(config), Some(metrics)) = (web_listener, &web_config, &metrics) {
        let service = Arc::clone(bot.service());
        servers.extend(web_side::serve(
            listener,
            config,
            service,
            Arc::clone(metrics),
            db.clone(),
        ));
    }
    let stop = bot.shutdown_handle();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("signal received: shutting down");
        stop.shutdown();
    });
    let result = bot.run().await;
    for server in servers {
        server.abort();
    }
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
/// `warn`), in colour only at a terminal. The PostgreSQL driver's note on URL parameters it ignores is kept quiet whatever
/// `RUST_LOG` says, since it repeats their values (a password, maybe): the store names them
/// instead.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,rollerball=info"))
        .add_directive(
            "sqlx_postgres::options::parse=error"
                .parse()
                .expect("a valid directive"),
        );
    // Colours for a person at a terminal; none in a file or the journal, which would keep
    // the escape codes as text.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
}
