//! Finding what a command means: the player's game in this place, a game someone looks at, a
//! challenge — each rule written once.

use super::context::{Cx, Refusal, Res, no};
use super::i18n::tr;
use super::loaded::Loaded;
use crate::model::{ChallengeId, GameId, Place, PlayerId};
use crate::rules::Color;
use crate::store::{Challenge, ChallengeStatus, Game as StoredGame, GameStatus, Store, StoreError};

/// The channel or thread id a place's games are listed under.
pub(crate) fn place_key(place: Place) -> u64 {
    place.thread.unwrap_or(place.channel)
}

/// The active games `player` plays in `place` (their own rows only, through the index by
/// player and place, however many games others play there).
pub(crate) async fn my_games_here(
    store: &Store,
    player: PlayerId,
    place: Place,
) -> Result<Vec<StoredGame>, StoreError> {
    store
        .games()
        .active_games_of_in(player, place_key(place))
        .await
}

/// The one active game `player` plays in `place`; `None` when there is none or several.
pub(crate) async fn my_only_game_here(
    store: &Store,
    player: PlayerId,
    place: Place,
) -> Result<Option<StoredGame>, StoreError> {
    let mut games = my_games_here(store, player, place).await?;
    Ok((games.len() == 1).then(|| games.remove(0)))
}

/// "#3 against @bob", for lists of games to choose from.
async fn game_choice(cx: &Cx<'_>, g: &StoredGame) -> String {
    let color = g.color_of(cx.actor.id).unwrap_or(Color::White);
    let opponent = match g.player(color.opponent()) {
        Some(p) => cx.players.name(p).await,
        None => String::new(),
    };
    tr!(
        cx.lang,
        "game-choice",
        id = g.id.0,
        opponent = cx.voice().row_side(g, color.opponent(), &opponent)
    )
}

/// How many of a player's finished games a "which game?" answer offers.
const FINISHED_CHOICES: u32 = 5;

/// The asker's finished games, the latest ended first: in this place (`here`), or anywhere
/// (for the candidates a "which game?" answer lists).
pub(crate) async fn my_finished_games(cx: &Cx<'_>, here: bool) -> Res<Vec<StoredGame>> {
    let place = here.then(|| place_key(cx.place));
    Ok(cx
        .store()
        .games()
        .finished_games_of(cx.actor.id, place, FINISHED_CHOICES)
        .await?)
}

/// Several games, as a list to choose from.
pub(crate) async fn game_choices(cx: &Cx<'_>, games: &[StoredGame]) -> String {
    let mut list = Vec::with_capacity(games.len());
    for g in games {
        list.push(game_choice(cx, g).await);
    }
    list.join(", ")
}

/// The game a player means: the one named (which they must play), or their only active game
/// here; otherwise a refusal that says where their games are.
pub(crate) async fn my_game(cx: &Cx<'_>, id: Option<GameId>) -> Res<StoredGame> {
    let me = cx.actor.id;
    let word = cx.word;
    if let Some(id) = id {
        let Some(row) = cx.store().games().game(id).await? else {
            return Err(no!("game-none", id = id.0));
        };
        if row.color_of(me).is_none() {
            return Err(no!("game-not-yours", id = id.0));
        }
        return Ok(row);
    }
    let mut here = my_games_here(cx.store(), me, cx.place).await?;
    match here.len() {
        1 => return Ok(here.remove(0)),
        0 => {}
        _ => {
            return Err(no!(
                "games-several-here",
                list = game_choices(cx, &here).await,
                word = word,
                id = here[0].id.0
            ));
        }
    }
    let elsewhere = cx.store().games().active_games_of(me).await?;
    match elsewhere.as_slice() {
        [] => Err(none_in_progress(cx).await?),
        [one] => Err(no!(
            "game-elsewhere",
            id = one.id.0,
            channel = cx.voice().place(one.place),
            word = word
        )),
        several => Err(no!(
            "games-elsewhere",
            list = game_choices(cx, several).await,
            word = word,
            id = several[0].id.0
        )),
    }
}

/// The answer to a player with no game in progress: how to start one, and — for a command
/// that looks at games — their own latest finished games by number (never a made-up one).
async fn none_in_progress(cx: &Cx<'_>) -> Res<Refusal> {
    let word = cx.word;
    let looks = matches!(word, "board" | "history" | "export" | "analysis");
    let finished = if looks {
        my_finished_games(cx, false).await?
    } else {
        Vec::new()
    };
    Ok(match finished.first() {
        None => no!("game-none-here"),
        Some(latest) => no!(
            "game-none-here-finished",
            count = finished.len(),
            list = game_choices(cx, &finished).await,
            word = word,
            id = latest.id.0
        ),
    })
}

/// Game `id`, loaded; a refusal when there is no such game.
pub(crate) async fn load(cx: &Cx<'_>, id: GameId) -> Res<Loaded> {
    match Loaded::load(cx.store(), &cx.players, id).await? {
        Some(loaded) => Ok(loaded),
        None => Err(no!("game-none", id = id.0)),
    }
}

/// The game someone wants to look at: named, theirs here, or the only one here.
pub(crate) async fn viewed_game(cx: &Cx<'_>, id: Option<GameId>) -> Res<Loaded> {
    if let Some(id) = id {
        return load(cx, id).await;
    }
    match my_game(cx, None).await {
        Ok(row) => load(cx, row.id).await,
        Err(refusal) => match cx
            .store()
            .games()
            .only_active_game_in(place_key(cx.place))
            .await?
        {
            Some(one) => load(cx, one.id).await,
            None => Err(refusal),
        },
    }
}

/// The game a command that looks at a game means (`board`, `history`, `export`): the one
/// named; the one in progress here ([`viewed_game`]); and when none is, the finished game this
/// thread is for or the asker's latest finished game here, as `analysis` and `rematch` take it.
pub(crate) async fn viewed_or_finished(cx: &Cx<'_>, id: Option<GameId>) -> Res<Loaded> {
    if id.is_none()
        && my_games_here(cx.store(), cx.actor.id, cx.place)
            .await?
            .is_empty()
        && cx
            .store()
            .games()
            .only_active_game_in(place_key(cx.place))
            .await?
            .is_none()
        && let Some(row) = finished_here(cx).await?
    {
        return load(cx, row.id).await;
    }
    viewed_game(cx, id).await
}

/// The finished game a command without `#ID` means where no game is in progress: the game
/// whose thread this is, else the asker's latest finished game here.
async fn finished_here(cx: &Cx<'_>) -> Res<Option<StoredGame>> {
    if let Some(thread) = cx.place.thread
        && let Some(row) = cx.store().games().game_in_thread(thread).await?
        && row.status != GameStatus::Active
    {
        return Ok(Some(row));
    }
    Ok(my_finished_games(cx, true).await?.into_iter().next())
}

/// The open challenge a command means: the one named, or the only one that `fits`; `none` is
/// the refusal when nothing fits.
pub(crate) async fn find_challenge(
    cx: &Cx<'_>,
    id: Option<ChallengeId>,
    fits: impl Fn(&Challenge) -> bool,
    none: Refusal,
) -> Res<Challenge> {
    let lang = cx.lang;
    let now = cx.now();
    if let Some(id) = id {
        let Some(c) = cx.store().challenges().challenge(id).await? else {
            return Err(no!("challenge-none", id = id.0));
        };
        if c.status != ChallengeStatus::Open || c.expires_at <= now {
            let status = if c.status == ChallengeStatus::Open {
                "expired"
            } else {
                c.status.as_str()
            };
            // An accepted challenge names the game it became: that number is the game's.
            if let Some(game) = c.game.filter(|_| c.status == ChallengeStatus::Accepted) {
                return Err(no!("challenge-became-game", id = id.0, game = game.0));
            }
            return Err(no!("challenge-closed", id = id.0, status = status));
        }
        if !fits(&c) {
            return Err(no!("challenge-not-yours", id = id.0));
        }
        return Ok(c);
    }
    let me = cx.actor.id;
    let mut candidates = cx.store().challenges().open_challenges_to(me).await?;
    candidates.extend(
        cx.store()
            .challenges()
            .open_challenges_in(cx.place.channel)
            .await?,
    );
    candidates.extend(cx.store().challenges().open_challenges_by(me).await?);
    candidates.retain(|c| c.expires_at > now && fits(c));
    candidates.sort_by_key(|c| c.id);
    candidates.dedup_by_key(|c| c.id);
    match candidates.len() {
        0 => Err(none),
        1 => Ok(candidates.remove(0)),
        _ => {
            let mut list = Vec::with_capacity(candidates.len());
            for c in &candidates {
                list.push(tr!(
                    lang,
                    "challenge-choice",
                    id = c.id.0,
                    challenger = cx.who(c.challenger).await
                ));
            }
            Err(no!(
                "challenge-several",
                list = list.join(", "),
                // The example is the command that was typed: `cancel #4`, `decline #4`.
                word = cx.word,
                id = candidates[0].id.0
            ))
        }
    }
}
