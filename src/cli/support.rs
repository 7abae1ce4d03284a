//! What several subcommands share: the way they fail, reading a position and a game, opening
//! the configured database.

use std::time::Duration;

use rollerball::rules::{Game, Position};
use rollerball::store::{self, Store, StoreOptions};

/// What a subcommand's `run` returns: an error is printed as `error: MESSAGE` and the process
/// exits with status 1. Any error converts, including a plain `String` and the `io::Error` of a
/// failed write to standard output.
pub type Outcome = Result<(), Box<dyn std::error::Error>>;

/// The position `fen` describes, or the message saying why it is none.
pub fn position(fen: &str) -> Result<Position, String> {
    Position::from_fen(fen).map_err(|e| format!("bad FEN `{fen}`: {e}"))
}

/// The game reached by playing `moves` (any notation the move reader accepts) from `fen`; a
/// refused move is named by its number and its text.
pub fn game_after<'a>(fen: &str, moves: impl IntoIterator<Item = &'a str>) -> Result<Game, String> {
    let mut game = Game::from_position(position(fen)?);
    for (i, text) in moves.into_iter().enumerate() {
        game.play_input(text)
            .map_err(|e| format!("move {} (`{text}`): {e}", i + 1))?;
    }
    Ok(game)
}

/// The database named by `DATABASE_URL` (or the default file), migrated, with its URL.
pub async fn open_store() -> Result<(Store, String), String> {
    let url = store::database_url_from_env();
    let options = StoreOptions::from_env().map_err(|e| e.to_string())?;
    let db = Store::connect_with(&url, options)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", store::redact(&url)))?;
    Ok((db, url))
}

/// `EVENTS_KEPT_DAYS`, how many days the event log keeps its events (the sweep drops older
/// ones): a whole number from 1 to 3650; unset or empty, 30.
pub fn events_kept_from(get: impl Fn(&str) -> Option<String>) -> Result<Duration, String> {
    let Some(text) = get("EVENTS_KEPT_DAYS").filter(|v| !v.trim().is_empty()) else {
        return Ok(rollerball::game::DEFAULT_EVENTS_KEPT);
    };
    match text.trim().parse::<u64>() {
        Ok(days @ 1..=3650) => Ok(Duration::from_secs(days * 24 * 3600)),
        _ => Err(format!(
            "EVENTS_KEPT_DAYS must be a whole number of days from 1 to 3650, not {text:?}"
        )),
    }
}
