//! Games against the computer: starting one, and the computer's moves, searched on a blocking
//! thread (a few at a time per process) and committed through its seat like any move.

use crate::context::{Cx, Refusal, Res};
use crate::deadlines;
use crate::engine::Level;
use crate::i18n::tr;
use crate::limits;
use crate::loaded::Loaded;
use crate::model::{Days, GameId, Place, PlayerId};
use crate::present::{Ping, Voice, rated_key};
use crate::reply::Reply;
use crate::rules::{self, Color};
use crate::searches::SearchFailed;
use crate::seat::Seat;
use crate::service::Service;
use crate::store::{Corruption, Game as StoredGame, NewGame, StoreError};

use super::challenges::coin;

/// Why the computer did not move. Never shown to a player (they read that it will move in a
/// moment, which the sweep then makes good); logged.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ComputerFailed {
    /// The search could not run.
    #[error("the search failed: {0}")]
    Thinking(#[from] SearchFailed),
    /// The search found no move: the game is over.
    #[error("the search found no move")]
    NoMove,
    /// The move was refused.
    #[error("the move was refused: {0}")]
    Refused(Refusal),
    /// The store failed, or the game changed meanwhile.
    #[error("the move could not be stored: {0}")]
    Store(StoreError),
}

impl From<Refusal> for ComputerFailed {
    fn from(refusal: Refusal) -> ComputerFailed {
        match refusal {
            Refusal::Store(e) => ComputerFailed::Store(e),
            refusal => ComputerFailed::Refused(refusal),
        }
    }
}

/// The level a stored game's computer plays at; a game against the computer without one is a
/// corrupt row.
fn level_of(row: &StoredGame) -> Result<Level, StoreError> {
    row.computer_level
        .ok_or(StoreError::Corrupt(Corruption::ComputerLevel {
            game: row.id,
            level: 0,
        }))
}

/// The computer's move at its seat: searched at the game's level once the process's searches
/// let it (see [`searches`](crate::searches): a few at a time, in the order asked, one
/// a player), then committed. Returns the move in SAN.
pub(crate) async fn answer(
    svc: &Service,
    voice: Voice<'_>,
    seat: &mut Seat<'_>,
) -> Result<String, ComputerFailed> {
    let row = seat.loaded().row();
    let level = level_of(row).map_err(ComputerFailed::Store)?;
    let game = seat.loaded().game().clone();
    // The player the computer plays against: their searches take one place in the line.
    let player = row.white.or(row.black).unwrap_or(PlayerId(0));
    // Seeded by game and ply: the same position in the same game gets the same answer.
    let seed = (row.id.0 as u64).rotate_left(32) ^ seat.loaded().game().ply() as u64;
    let found = svc
        .searches()
        .best_move(player, game, level, seed)
        .await?
        .ok_or(ComputerFailed::NoMove)?;
    Ok(seat.play(svc, voice, found).await?)
}

/// `challenge computer`: the game starts at once in `place`, and the computer moves first if
/// it has White. Refused when the player is at the cap of games in progress or of games
/// against the computer ([`limits`]). A rematch names the game it follows (`rematch_of`): a second rematch of the
/// same game fails with the store's conflict.
pub(crate) async fn start(
    cx: &Cx<'_>,
    place: Place,
    level: Level,
    colour: Option<Color>,
    days: Days,
    rematch_of: Option<GameId>,
) -> Res<Reply> {
    // Starting a game is being back from a vacation: before the game exists, since coming
    // back moves the deadlines of the games waiting for the player, which a new one is not.
    let back = super::vacation::back_before(cx, None).await?;
    let now = cx.now();
    let me = cx.actor.id;
    limits::check_room(cx, me, true).await?;
    let player = cx
        .store()
        .players()
        .upsert_player(me, &cx.actor.name, now)
        .await?;
    cx.players.remember(&player);
    let mine = colour.unwrap_or_else(|| {
        if coin(now.0 as u64 ^ me.0) {
            Color::White
        } else {
            Color::Black
        }
    });
    let (white, black) = match mine {
        Color::White => (Some(me), None),
        Color::Black => (None, Some(me)),
    };
    let row = cx
        .store()
        .play()
        .create_game(
            &NewGame {
                place,
                white,
                black,
                start_fen: rules::START_FEN.to_string(),
                days_per_move: days,
                rated: false,
                deadline: deadlines::deadline(now, days),
                rematch_of,
                computer_level: Some(level),
            },
            now,
        )
        .await?;
    cx.svc.observer().games_started(1);
    // The game stands from here on: what follows only tells of it.
    let mut players = [None, None];
    players[mine.index()] = Some(player);
    let mut loaded = Loaded::fresh(row, players);
    let voice = cx.voice();
    let mut text = tr!(
        cx.lang,
        "game-begins",
        id = loaded.id(),
        from = "",
        white = voice.side(&loaded, Color::White),
        black = voice.side(&loaded, Color::Black),
        days = days.get(),
        rated = rated_key(false)
    );
    if loaded.computer_to_move() {
        let lock = cx.svc.locks().lock(loaded.row().id).await;
        let id = loaded.row().id;
        let mut seat = Seat::of_side_to_move(loaded, lock);
        text.push('\n');
        match answer(cx.svc, voice, &mut seat).await {
            Ok(san) => text.push_str(&tr!(cx.lang, "computer-opened", san = san)),
            Err(error) => {
                tracing::error!(game = id.0, %error, "the computer's first move failed; the sweep will make it");
                text.push_str(&tr!(cx.lang, "computer-will-open"));
            }
        }
        loaded = seat.into_loaded();
    }
    text.push('\n');
    text.push_str(&voice.turn_line(&loaded));
    let mut reply = cx
        .svc
        .commands()
        .game_reply(voice, &loaded, text, Ping::Only(vec![me]), true)
        .await;
    reply.new_game = Some(loaded.row().id);
    reply.new_games = vec![loaded.row().id];
    reply.direct.extend(back);
    Ok(reply)
}
