//! `vacation`: a player away. While they are, the clocks of their games where they are to move
//! stand still (the store moves those deadlines, [`Players::start_vacation`]); their opponents see
//! until when on the board and in `games`. Coming back — `vacation off`, any move of theirs, or
//! starting a game (a challenge made or accepted, a rematch, a game against the computer) —
//! gives back the whole days not used; a vacation that runs out ends in the sweep
//! ([`Service::vacation_ends`]). So no game begins by a player's own hand while they are away,
//! their open challenges are withdrawn when they leave, and a game that begins without them (a
//! tournament started) has its clock held like the others ([`hold_new_game`]).
//!
//! [`Players::start_vacation`]: crate::store::Players::start_vacation
//! [`Service::vacation_ends`]: crate::service::Service

use crate::command::VacationChange;
use crate::context::{Cx, Res, no};
use crate::deadlines;
use crate::i18n::tr;
use crate::limits::VACATION_DAYS_PER_YEAR;
use crate::model::{GameId, Timestamp};
use crate::reply::{DirectMessage, Reply};
use crate::store::{ChallengeStatus, Game, Player, StoreError, Vacation};

/// `vacation [on [DAYS] | off]`.
pub(crate) async fn vacation(cx: &Cx<'_>, change: Option<VacationChange>) -> Res<Reply> {
    let lang = cx.lang;
    let now = cx.now();
    let me = cx.actor.id;
    let player = cx
        .store()
        .players()
        .upsert_player(me, &cx.actor.name, now)
        .await?;
    cx.players.remember(&player);
    let away = player.vacation.filter(|v| v.until > now);
    match change {
        None => {
            let year = away.map_or(now.utc_date().0, |v| v.year());
            let used = cx.store().players().vacation_days_used(me, year).await?;
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
                return Err(no!("vacation-already", until = cx.voice().time(v.until)));
            }
            let year = now.utc_date().0;
            let used = cx.store().players().vacation_days_used(me, year).await?;
            let left = VACATION_DAYS_PER_YEAR.saturating_sub(used);
            if left == 0 {
                return Err(no!(
                    "vacation-none-left",
                    total = VACATION_DAYS_PER_YEAR,
                    year = year
                ));
            }
            let days = days.unwrap_or(left);
            if days > left {
                return Err(no!(
                    "vacation-too-long",
                    days = days,
                    left = left,
                    year = year
                ));
            }
            let (v, games) = match cx
                .store()
                .players()
                .start_vacation(me, days, VACATION_DAYS_PER_YEAR, now)
                .await
            {
                // Another command of theirs started one, or took the days, meanwhile.
                Err(StoreError::Conflict) => return Err(no!("vacation-changed")),
                other => other?,
            };
            cx.players.remember(&Player {
                vacation: Some(v),
                ..player
            });
            let mut text = tr!(
                lang,
                "vacation-started",
                until = cx.voice().time(v.until),
                days = days,
                games = games.len(),
                left = left - days
            );
            let withdrawn = withdraw_challenges(cx).await;
            if !withdrawn.is_empty() {
                let list: Vec<String> = withdrawn.iter().map(|c| format!("#{c}")).collect();
                text.push(' ');
                text.push_str(&tr!(
                    lang,
                    "vacation-challenges-withdrawn",
                    count = withdrawn.len(),
                    list = list.join(", ")
                ));
            }
            Ok(Reply::private(text))
        }
        Some(VacationChange::Off) => {
            let Some(v) = away else {
                return Err(no!("vacation-not-away"));
            };
            let text = come_back(cx, player, v, now, None).await?;
            Ok(Reply::private(text))
        }
    }
}

/// Withdraws the asker's open challenges as their vacation starts, so that no game of theirs
/// begins while they are away; returns their numbers. The vacation stands whatever happens
/// here: a challenge that cannot be withdrawn is logged (and held to the vacation's end if it
/// is accepted).
async fn withdraw_challenges(cx: &Cx<'_>) -> Vec<i64> {
    let open = match cx
        .store()
        .challenges()
        .open_challenges_by(cx.actor.id)
        .await
    {
        Ok(open) => open,
        Err(error) => {
            tracing::warn!(player = cx.actor.id.0, %error, "cannot withdraw the challenges of a player going away");
            return Vec::new();
        }
    };
    let mut withdrawn = Vec::new();
    for c in open.iter().filter(|c| c.expires_at > cx.now()) {
        match cx
            .store()
            .challenges()
            .close_challenge(c.id, ChallengeStatus::Cancelled, cx.now())
            .await
        {
            Ok(_) => withdrawn.push(c.id.0),
            // Taken or closed meanwhile: not theirs to withdraw any more.
            Err(StoreError::Conflict) => {}
            Err(error) => {
                tracing::warn!(challenge = c.id.0, %error, "cannot withdraw a challenge of a player going away");
            }
        }
    }
    withdrawn
}

/// Ends the asker's vacation `v` at `now` and says so: the days it cost, the days left, and
/// how many games wait for their move (`moving_in`, the game of the move that brings them
/// back, no longer does).
async fn come_back(
    cx: &Cx<'_>,
    player: Player,
    v: Vacation,
    now: Timestamp,
    moving_in: Option<GameId>,
) -> Res<String> {
    let me = cx.actor.id;
    match cx.store().players().end_vacation(me, v, now).await {
        Err(StoreError::Conflict) => return Err(no!("vacation-changed")),
        other => other?,
    };
    cx.players.remember(&Player {
        vacation: None,
        ..player
    });
    let used = cx
        .store()
        .players()
        .vacation_days_used(me, v.year())
        .await
        .unwrap_or(0);
    // Every game where they are to move, whether or not its deadline had to move back (it
    // does not when the days begun are all used).
    let waiting = match cx.store().games().active_games_of(me).await {
        Ok(games) => games
            .iter()
            .filter(|g| g.player(g.to_move) == Some(me) && Some(g.id) != moving_in)
            .count(),
        Err(error) => {
            tracing::warn!(player = me.0, %error, "cannot count the games waiting for a player back");
            0
        }
    };
    Ok(tr!(
        cx.lang,
        "vacation-ended",
        used = v.days_used_at(now),
        left = VACATION_DAYS_PER_YEAR.saturating_sub(used),
        year = v.year(),
        games = waiting
    ))
}

/// Ends the asker's vacation if they are away, before a move of theirs in game `moving_in`
/// or before they start a game (`None`): returns the private word to send them (`None` when
/// they were not away). It goes by direct message: the reply to a move or a new game is
/// public, and the days of someone's vacation are theirs.
pub(crate) async fn back_before(
    cx: &Cx<'_>,
    moving_in: Option<GameId>,
) -> Res<Option<DirectMessage>> {
    let now = cx.now();
    // A player the store cannot read just now is taken to be at home: their move is not to
    // wait on the players' table.
    let Some(player) = cx.players.get_or_log(cx.actor.id).await else {
        return Ok(None);
    };
    let Some(v) = player.vacation.filter(|v| v.until > now) else {
        return Ok(None);
    };
    let text = come_back(cx, player, v, now, moving_in).await?;
    Ok(Some(DirectMessage {
        to: cx.actor.id,
        text,
    }))
}

/// Ends the asker's vacation once a game they started stands (a challenge made or accepted, a
/// game against the computer): the private word to send them, if they were away. Nothing after
/// a commit is a refusal, so a failure is logged and they stay away (their clocks held).
pub(crate) async fn back_after_starting(cx: &Cx<'_>) -> Option<DirectMessage> {
    match back_before(cx, None).await {
        Ok(back) => back,
        Err(error) => {
            tracing::warn!(player = cx.actor.id.0, %error, "cannot end the vacation of a player who started a game");
            None
        }
    }
}

/// `game`, just begun without the player to move's own hand (a tournament started, a
/// challenge of theirs taken in the moment they left), with its first deadline moved to where
/// their vacation ends, if they are away (the store moved the deadlines of their other games
/// when the vacation began, and moves them all back together if they return early). The game stands
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
        .play()
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
