//! `rollerball console`: the game service in a terminal, for local players taking turns.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use rollerball::console::Console;
use rollerball::game::{Lang, Service, SystemClock};
use rollerball::store::Store;

use super::support::{Outcome, events_kept_from, open_store};

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
    let service = Service::new(db, Arc::new(SystemClock))
        .with_rate_limit(None)
        .with_events_kept(events_kept);
    let mut console = Console::new(service, args.boards).with_language(lang);
    console
        .run(std::io::stdin().lock(), out)
        .await
        // Kept an I/O error of the same kind, so that a closed pipe ends the console quietly.
        .map_err(|e| std::io::Error::new(e.kind(), format!("console: {e}")))?;
    Ok(())
}
