//! `rollerball console`: the game service in a terminal, for local players taking turns.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use rollerball::console::Console;
use rollerball::game::{Lang, Service, SystemClock};
use rollerball::metrics::Metrics;
use rollerball::store::Store;

use super::support::{Outcome, events_kept_from, open_store};
use super::web as web_side;

/// Play in the terminal: local players take turns typing commands (`alice: challenge @bob`).
#[derive(clap::Args)]
pub struct Args {
    /// Where board images and exports are saved.
    #[arg(long, default_value = "boards")]
    boards: PathBuf,
    /// The language of the game's answers: en, fr, es or ru (default: from $LANG, else en).
    #[arg(long)]
    lang: Option<String>,
}

/// Plays on the database named by `DATABASE_URL` (or the default file), reading standard input
/// until it ends or `quit`.
pub async fn run(args: Args, out: &mut impl Write) -> Outcome {
    let (db, _) = open_store().await?;
    let result = play(args, db.clone(), out).await;
    db.close().await;
    result
}

/// The console session itself, on an open database.
async fn play(args: Args, db: Store, out: &mut impl Write) -> Outcome {
    let lang = match args.lang {
        Some(code) => Lang::from_locale(&code)
            .ok_or_else(|| format!("--lang {code}: the languages are en, fr, es and ru"))?,
        // A terminal's locale (`fr_FR.UTF-8`); `C` and unknown ones mean English.
        None => std::env::var("LANG")
            .ok()
            .and_then(|l| Lang::from_locale(&l))
            .unwrap_or_default(),
    };
    // One person at one keyboard: there is nobody to protect from a flood.
    let events_kept = events_kept_from(|name| std::env::var(name).ok())?;
    let web_config = web_side::config()?;
    let web_listener = match &web_config {
        Some(config) => Some(web_side::bind(config).await?),
        None => None,
    };
    let mut service = Service::new(db.clone(), Arc::new(SystemClock))
        .with_rate_limit(None)
        .with_events_kept(events_kept);
    let metrics = Arc::new(Metrics::new());
    if web_config.is_some() {
        // The console has no gateway: its health is the database's alone.
        metrics.expect_shards(0);
        service = service.with_observer(metrics.clone());
    }
    let service = web_side::prepare(service, web_config.as_ref(), web_side::Linked::Always);
    let mut console = Console::new(service, args.boards).with_language(lang);
    let mut servers = Vec::new();
    if let (Some(listener), Some(config)) = (web_listener, &web_config) {
        servers = web_side::serve(listener, config, console.service(), metrics, db);
        writeln!(out, "Game pages: {}/games/NUMBER", config.links.base())
            .map_err(|e| e.to_string())?;
    }
    let result = console
        .run(std::io::stdin().lock(), out)
        .await
        // Kept an I/O error of the same kind, so that a closed pipe ends the console quietly.
        .map_err(|e| std::io::Error::new(e.kind(), format!("console: {e}")));
    for server in servers {
        server.abort();
    }
    result?;
    Ok(())
}
