//! `vacation`: a player away. While they are, the clocks of their games where they are to move
//! stand still (the store moves those deadlines, [`Store::start_vacation`]); their opponents see
//! until when on the board and in `games`. Coming back — `vacation off`, or any move of theirs —
//! gives back the whole days not used; a vacation that runs out ends in the sweep
//! ([`Service::vacation_ends`]). A game that begins while the player to move is away (a
//! challenge accepted, a tournament started) has its clock held the same way
//! ([`hold_new_game`]).
//!
//! [`Store::start_vacation`]: crate::store::Store::start_vacation
//! [`Service::vacation_ends`]: crate::game::service::Service

use crate::game::command::VacationChange;
use crate::game::context::{Cx, Res, say};
use crate::game::deadlines;
use crate::game::i18n::tr;
use crate::game::reply::Reply;
use crate::model::Timestamp;
use crate::store::{Game, Player, StoreError, VACATION_DAYS_PER_YEAR, Vacation};

/// `vacation [on [DAYS] | off]`.
pub(crate) async fn vacation(cx: &Cx<'_>, change: Option<VacationChange>) -> Res<Reply> {
    let lang = cx.lang;
    let now = cx.now();
    let me = cx.actor.id;
    let player = cx.store().upsert_player(me, &cx.actor.name, now).await?;
    cx.players.remember(&player);
    let away = player.vacation.filter(|v| v.until > now);
    match change {
        None => {
            let year = away.map_or(now.utc_date().0, |v| v.year());
            let used = cx.store().vacation_days_used(me, year).await?;
            let left = VACATION_DAYS_PER_YEAR.saturating_sub(used);
            Ok(Reply::private(match away {
                Some(v) => tr!(
                    lang,
                    "vacation-status-away",
                    until = cx.voice().time(v.until),
                    used = v.days_used_at(now),
                    planned = v.planned_days(),
                    left = left,
                    year = year
                ),
                None => tr!(
                    lang,
                    "vacation-status",
                    left = left,
                    total = VACATION_DAYS_PER_YEAR,
                    year = year
                ),
            }))
        }
        Some(VacationChange::On(days)) => {
            if let Some(v) = away {
                return say(tr!(
                    lang,
                    "vacation-already",
                    until = cx.voice().time(v.until)
                ));
            }
            let year = now.utc_date().0;
            let used = cx.store().vacation_days_used(me, year).await?;
            let left = VACATION_DAYS_PER_YEAR.saturating_sub(used);
            if left == 0 {
                return say(tr!(
                    lang,
                    "vacation-none-left",
                    total = VACATION_DAYS_PER_YEAR,
                    year = year
                ));
            }
            let days = days.unwrap_or(left);
            if days > left {
                return say(tr!(
                    lang,
                    "vacation-too-long",
                    days = days,
                    left = left,
                    year = year
                ));
            }
            let (v, games) = match cx.store().start_vacation(me, days, now).await {
                // Another command of theirs started one, or took the days, meanwhile.
                Err(StoreError::Conflict) => return say(tr!(lang, "vacation-changed")),
                other => other?,
            };
            cx.players.remember(&Player {
                vacation: Some(v),
                ..player
            });
            Ok(Reply::private(tr!(
                lang,
                "vacation-started",
                until = cx.voice().time(v.until),
                days = days,
                games = games.len(),
                left = left - days
            )))
        }
        Some(VacationChange::Off) => {
            let Some(v) = away else {
                return say(tr!(lang, "vacation-not-away"));
            };
            let text = come_back(cx, player, v, now).await?;
            Ok(Reply::private(text))
        }
    }
}

/// Ends the asker's vacation `v` at `now` and says so: the days it cost, the days left.
async fn come_back(cx: &Cx<'_>, player: Player, v: Vacation, now: Timestamp) -> Res<String> {
    let me = cx.actor.id;
    let games = match cx.store().end_vacation(me, v, now).await {
        Err(StoreError::Conflict) => return say(tr!(cx.lang, "vacation-changed")),
        other => other?,
    };
    cx.players.remember(&Player {
        vacation: None,
        ..player
    });
    let used = cx
        .store()
        .vacation_days_used(me, v.year())
        .await
        .unwrap_or(0);
    Ok(tr!(
        cx.lang,
        "vacation-ended",
        used = v.days_used_at(now),
        left = VACATION_DAYS_PER_YEAR.saturating_sub(used),
        year = v.year(),
        games = games.len()
    ))
}

/// Ends the asker's vacation if they are away, before a move of theirs: returns what to tell
/// them (`None` when they were not away).
pub(crate) async fn end_before_move(cx: &Cx<'_>) -> Res<Option<String>> {
    let now = cx.now();
    // A player the store cannot read just now is taken to be at home: their move is not to
    // wait on the players' table.
    let Some(player) = cx.players.get_or_log(cx.actor.id).await else {
        return Ok(None);
    };
    let Some(v) = player.vacation.filter(|v| v.until > now) else {
        return Ok(None);
    };
    Ok(Some(come_back(cx, player, v, now).await?))
}

/// `game`, just begun, with its first deadline moved to where the vacation of the player to
/// move ends, if they are away (the store moved the deadlines of their other games when the
/// vacation began, and moves them all back together if they return early). The game stands
/// whatever happens here, so a failure is logged, not answered: the game keeps its clock.
pub(crate) async fn hold_new_game(cx: &Cx<'_>, game: Game) -> Game {
    let now = cx.now();
    let Some(to_move) = game.player(game.to_move) else {
        return game;
    };
    let Some(until) = cx
        .players
        .get_or_log(to_move)
        .await
        .and_then(|p| p.vacation)
        .map(|v| v.until)
        .filter(|&until| until > now)
    else {
        return game;
    };
    let deadline = deadlines::deadline_after_vacation(now, game.days_per_move, Some(until));
    match cx
        .store()
        .set_deadline(game.id, game.version, deadline, now)
        .await
    {
        Ok(held) => held,
        // A move or a resignation came first: the game's own command set its clock.
        Err(StoreError::Conflict) => game,
        Err(error) => {
            tracing::error!(game = game.id.0, %error, "cannot hold the clock of a player away");
            game
        }
    }
}
