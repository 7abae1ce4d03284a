//! `move`: a player's move, checked and committed at their seat, and the answer that may follow
//! at once: the computer's in a game against it, or the opponent's forecast.

use crate::command::clean_text;
use crate::context::{Cx, Refusal, Res, Said, no};
use crate::i18n::tr;
use crate::model::GameId;
use crate::observe::RefusalReason;
use crate::picks::Mark;
use crate::present::{Mover, Ping, wrong_mark};
use crate::reply::Reply;
use crate::rules;
use crate::seat::Seat;
use crate::store::OfferKind;

use super::{computer, forecasts, vacation};

/// The asker's seat at the game, checked to be theirs to move, and the move they typed read in
/// its position: everything a move is refused for, before anything is written.
async fn ready<'a>(cx: &Cx<'a>, id: Option<GameId>, text: &str) -> Res<(Seat<'a>, rules::Move)> {
    let seat = Seat::mine(cx, id).await?;
    if !seat.to_move() {
        return Err(no!(
            NotYourMove,
            "not-your-move",
            player = cx.voice().side(seat.loaded(), seat.loaded().to_move()),
            id = seat.loaded().id()
        ));
    }
    let mv = rules::read_move(seat.loaded().game().position(), text)
        .map_err(|e| Refusal::No(RefusalReason::IllegalMove, Said::Move(e, Mover::You)))?;
    Ok((seat, mv))
}

/// `move [#ID] MOVE`.
pub(crate) async fn play(cx: &Cx<'_>, id: Option<GameId>, text: &str) -> Res<Reply> {
    play_at(cx, id, text, None).await
}

/// `move [#ID] MOVE`, refused unless the game still stands at `expected` (when given: the
/// position a move picker's menu was made for) once its lock is held.
pub(crate) async fn play_at(
    cx: &Cx<'_>,
    id: Option<GameId>,
    text: &str,
    expected: Option<Mark>,
) -> Res<Reply> {
    let lang = cx.lang;
    // A move may come from a slash command's field, which the line parser never saw.
    let text =
        &clean_text(text).map_err(|e| Refusal::No(RefusalReason::Unreadable, Said::Command(e)))?;
    let text_typed = text.trim();
    let voice = cx.voice();
    let (mut seat, mut mv) = ready(cx, id, text).await?;
    // A move ends the mover's vacation, once it is known to be one: their clocks run again
    // (which changes this game's deadline, so it is loaded afresh).
    let back = vacation::back_before(cx, Some(seat.loaded().row().id)).await?;
    if back.is_some() {
        drop(seat);
        (seat, mv) = ready(cx, id, text).await?;
    }
    if expected.is_some_and(|mark| !mark.matches(seat.loaded().game())) {
        return Err(no!(
            Conflict,
            "picker-moved-meanwhile",
            id = seat.loaded().id()
        ));
    }
    let pending = seat.loaded().row().offer.filter(|o| o.by != seat.color());
    // A mark that says something false (`exf5` taking nothing, `f4#` no mate) does not stop an
    // unambiguous move: it is played, and the mark is corrected in the reply.
    let wrong_marks = rules::wrong_marks(seat.loaded().game().position(), text, mv);
    let san = seat.play(cx.svc, voice, mv).await?;
    // The move stands from here on: what follows only tells of it.
    let mut text = tr!(
        lang,
        "move-played",
        id = seat.loaded().id(),
        player = cx.me(),
        san = san.as_str()
    );
    for mark in wrong_marks {
        text.push(' ');
        text.push_str(&wrong_mark(lang, text_typed, mark));
    }
    let declined = match pending.map(|o| o.kind) {
        Some(OfferKind::Draw) => Some(tr!(lang, "move-declines-draw")),
        Some(OfferKind::Takeback) => Some(tr!(lang, "move-declines-takeback")),
        None => None,
    };
    if let Some(declined) = declined {
        text.push(' ');
        text.push_str(&declined);
    }
    // The side now to move may answer at once, from a seat of its own under the same lock.
    let mut seat = seat.pass();
    if seat.loaded().computer_to_move() {
        // The computer's answer. The player's move stands whatever happens here; a failed
        // answer is made by the next sweep.
        text.push('\n');
        match computer::answer(cx.svc, voice, &mut seat).await {
            Ok(answer) => text.push_str(&tr!(lang, "computer-answered", san = answer)),
            Err(error) => {
                tracing::error!(game = seat.loaded().id(), %error, "computer move failed; the sweep will make it");
                text.push_str(&tr!(lang, "computer-will-answer"));
            }
        }
    } else {
        // The opponent's forecast.
        match forecasts::answer(cx.svc, voice, &mut seat).await {
            Ok(Some(answer)) => {
                text.push('\n');
                text.push_str(&tr!(
                    lang,
                    "forecast-answered",
                    player = voice.side(seat.loaded(), seat.color()),
                    san = answer
                ));
            }
            Ok(None) => {}
            Err(error) => {
                tracing::error!(game = seat.loaded().id(), %error, "a forecast answer failed; the sweep tries again");
            }
        }
    }
    let loaded = seat.loaded();
    text.push('\n');
    text.push_str(&voice.turn_line(loaded));
    let mut reply = cx
        .svc
        .commands()
        .game_reply(voice, loaded, text, Ping::ToMove, true)
        .await;
    // The mover's "welcome back" is theirs alone; the opponent learns of the move by direct
    // message, if they asked to, from the event log (`announce::direct`).
    reply.direct.extend(back);
    Ok(reply)
}
