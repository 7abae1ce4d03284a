//! What one player offers the other: a draw, a takeback (granted at once by the computer), more
//! time on their move.

use crate::command::Answer;
use crate::context::{Cx, Res, no};
use crate::deadlines::{self, MAX_DEADLINE_AHEAD_DAYS};
use crate::i18n::tr;
use crate::model::{Days, GameId};
use crate::present::{Ping, button, offer_key};
use crate::reply::{ButtonAction, ButtonStyle, Reply};
use crate::rules::{Outcome, Termination};
use crate::seat::Seat;
use crate::store::{Offer, OfferKind};

use super::ending::finish;

/// `draw` and `takeback`: make an offer, or accept, decline or withdraw a pending one.
pub(crate) async fn offer(
    cx: &Cx<'_>,
    id: Option<GameId>,
    kind: OfferKind,
    answer: Option<Answer>,
) -> Res<Reply> {
    let mut seat = Seat::mine(cx, id).await?;
    let lang = cx.lang;
    let color = seat.color();
    if seat.loaded().row().computer_level.is_some() {
        return match (kind, answer) {
            (OfferKind::Draw, _) => Err(no!("computer-no-draw")),
            (OfferKind::Takeback, Some(Answer::Decline)) => Err(no!("computer-nothing-to-decline")),
            (OfferKind::Takeback, _) => computer_takeback(cx, seat).await,
        };
    }
    let opponent = seat.opponent();
    let them = match opponent {
        Some(p) => cx.who(p).await,
        None => String::new(),
    };
    let game = seat.loaded().id();
    let pending = seat.loaded().row().offer;
    let theirs = pending
        == Some(Offer {
            kind,
            by: color.opponent(),
        });
    let mine = pending == Some(Offer { kind, by: color });
    let key = offer_key(kind);
    match answer {
        None | Some(Answer::Accept) if theirs => match kind {
            OfferKind::Draw => {
                let text = tr!(lang, "draw-accepted", id = game, player = cx.me());
                finish(cx, seat, Outcome::draw(Termination::Agreement), text).await
            }
            OfferKind::Takeback => {
                let taken = seat.take_back(cx.svc, 1).await?;
                // The takeback stands from here on: what follows only tells of it.
                let voice = cx.voice();
                let text = format!(
                    "{}\n{}",
                    tr!(
                        lang,
                        "takeback-accepted",
                        id = game,
                        player = cx.me(),
                        san = taken
                    ),
                    voice.turn_line(seat.loaded())
                );
                let ping = Ping::Only(opponent.into_iter().collect());
                Ok(cx
                    .svc
                    .commands()
                    .game_reply(voice, seat.loaded(), text, ping, true)
                    .await)
            }
        },
        // The offer's maker pressing Accept on the board: it is theirs, and it stands.
        Some(Answer::Accept) if mine => {
            Err(no!("offer-stands", kind = key, id = game, opponent = them))
        }
        Some(Answer::Accept) => Err(no!("offer-none-to-accept", kind = key, id = game)),
        Some(Answer::Decline) if theirs || mine => {
            seat.clear_offer(cx.svc).await?;
            let message = if theirs {
                "offer-declined"
            } else {
                "offer-withdrawn"
            };
            Ok(Reply {
                mentions: opponent.into_iter().collect(),
                ..Reply::text(tr!(lang, message, kind = key, id = game, player = cx.me()))
            })
        }
        Some(Answer::Decline) => Err(no!("offer-none-to-decline", kind = key, id = game)),
        None if mine => Err(no!("offer-stands", kind = key, id = game, opponent = them)),
        None => {
            if kind == OfferKind::Takeback && (seat.loaded().game().ply() == 0 || seat.to_move()) {
                return Err(no!("takeback-own-only"));
            }
            if let Some(other) = pending {
                return Err(no!("offer-pending", kind = offer_key(other.kind)));
            }
            seat.offer(cx.svc, kind).await?;
            let id = seat.loaded().row().id;
            let (text, accept, decline) = match kind {
                OfferKind::Draw => (
                    tr!(
                        lang,
                        "draw-offered",
                        id = game,
                        player = cx.me(),
                        opponent = them
                    ),
                    button(
                        tr!(lang, "button-accept-draw"),
                        ButtonAction::AcceptDraw(id),
                        ButtonStyle::Success,
                    ),
                    button(
                        tr!(lang, "button-decline"),
                        ButtonAction::DeclineDraw(id),
                        ButtonStyle::Secondary,
                    ),
                ),
                OfferKind::Takeback => (
                    tr!(
                        lang,
                        "takeback-asked",
                        id = game,
                        player = cx.me(),
                        san = seat
                            .loaded()
                            .game()
                            .sans()
                            .last()
                            .cloned()
                            .unwrap_or_default(),
                        opponent = them
                    ),
                    button(
                        tr!(lang, "button-allow-takeback"),
                        ButtonAction::AcceptTakeback(id),
                        ButtonStyle::Primary,
                    ),
                    button(
                        tr!(lang, "button-decline"),
                        ButtonAction::DeclineTakeback(id),
                        ButtonStyle::Secondary,
                    ),
                ),
            };
            Ok(Reply {
                text,
                buttons: vec![accept, decline],
                mentions: opponent.into_iter().collect(),
                ..Reply::default()
            })
        }
    }
}

/// A takeback against the computer is granted at once: the player's last move goes, with the
/// computer's answer to it.
async fn computer_takeback(cx: &Cx<'_>, mut seat: Seat<'_>) -> Res<Reply> {
    let plies = match (seat.loaded().game().ply(), seat.to_move()) {
        // The computer has answered: take back its answer and the player's move.
        (2.., true) => 2,
        // The computer has not answered yet: only the player's move.
        (1.., false) => 1,
        _ => return Err(no!("takeback-nothing")),
    };
    let taken = seat.take_back(cx.svc, plies).await?;
    // The takeback stands from here on: what follows only tells of it.
    let voice = cx.voice();
    let text = format!(
        "{}\n{}",
        tr!(
            cx.lang,
            "took-back",
            id = seat.loaded().id(),
            player = voice.side(seat.loaded(), seat.color()),
            san = taken
        ),
        voice.turn_line(seat.loaded())
    );
    Ok(cx
        .svc
        .commands()
        .game_reply(voice, seat.loaded(), text, Ping::Nobody, true)
        .await)
}

/// `moretime [#ID] DAYS`: more days for the opponent on their move, up to four weeks ahead.
pub(crate) async fn more_time(cx: &Cx<'_>, id: Option<GameId>, days: Days) -> Res<Reply> {
    let mut seat = Seat::mine(cx, id).await?;
    let lang = cx.lang;
    if seat.loaded().row().computer_level.is_some() {
        return Err(no!("moretime-computer"));
    }
    if seat.to_move() {
        return Err(no!("moretime-own-move"));
    }
    let now = cx.now();
    let current = seat.loaded().row().deadline.unwrap_or(now);
    let limit = now.plus_days(MAX_DEADLINE_AHEAD_DAYS);
    let wanted = current.plus_days(days.get());
    if wanted > limit {
        return Err(no!("moretime-too-far", max = MAX_DEADLINE_AHEAD_DAYS));
    }
    seat.set_deadline(cx.svc, deadlines::reminders(now, wanted))
        .await?;
    let opponent = seat.opponent();
    let them = match opponent {
        Some(p) => cx.who(p).await,
        None => String::new(),
    };
    Ok(Reply {
        text: tr!(
            lang,
            "moretime-given",
            id = seat.loaded().id(),
            player = cx.me(),
            opponent = them,
            days = days.get(),
            deadline = cx.voice().time(wanted)
        ),
        mentions: opponent.into_iter().collect(),
        ..Reply::default()
    })
}
