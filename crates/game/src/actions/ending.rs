//! Ending a game off the board: `resign` (after a confirmation) and `abort` (never a
//! tournament's game); and the reply every such ending shares.

use crate::context::{Cx, Res, no};
use crate::i18n::tr;
use crate::model::GameId;
use crate::present::{Ping, button};
use crate::reply::{ButtonAction, ButtonStyle, Reply};
use crate::rules::{Outcome, Termination};
use crate::seat::Seat;

/// Ends the game at `seat` with `outcome`, announced by `text`: the board and how it ended,
/// both players pinged.
pub(crate) async fn finish(
    cx: &Cx<'_>,
    mut seat: Seat<'_>,
    outcome: Outcome,
    text: String,
) -> Res<Reply> {
    seat.end(cx.svc, outcome).await?;
    // The game is over from here on: what follows only tells of it.
    let voice = cx.voice();
    let text = format!("{text}\n{}", voice.turn_line(seat.loaded()));
    Ok(cx
        .svc
        .commands()
        .game_reply(voice, seat.loaded(), text, Ping::Both, true)
        .await)
}

/// `resign [#ID] [confirm]`: without `confirm`, asks first (privately, with a button).
pub(crate) async fn resign(cx: &Cx<'_>, id: Option<GameId>, confirmed: bool) -> Res<Reply> {
    let seat = Seat::mine(cx, id).await?;
    let lang = cx.lang;
    if !confirmed {
        let opponent = match seat.opponent() {
            Some(p) => cx.who(p).await,
            // The computer: "the level 3 computer", never an empty name.
            None => cx.voice().side(seat.loaded(), seat.color().opponent()),
        };
        return Ok(Reply {
            text: tr!(
                lang,
                "resign-confirm",
                id = seat.loaded().id(),
                opponent = opponent
            ),
            buttons: vec![button(
                tr!(lang, "button-confirm-resign"),
                ButtonAction::ConfirmResign(seat.loaded().row().id),
                ButtonStyle::Danger,
            )],
            private: true,
            ..Reply::default()
        });
    }
    let outcome = Outcome::win(seat.color().opponent(), Termination::Resignation);
    let text = tr!(lang, "resigned", id = seat.loaded().id(), player = cx.me());
    finish(cx, seat, outcome, text).await
}

/// `abort [#ID]`: calls the game off before both sides have moved; it has no result.
pub(crate) async fn abort(cx: &Cx<'_>, id: Option<GameId>) -> Res<Reply> {
    let seat = Seat::mine(cx, id).await?;
    if seat.loaded().game().ply() >= 2 {
        return Err(no!("abort-too-late", id = seat.loaded().id()));
    }
    // A tournament's pairing must end with a result: an aborted game would leave it unplayed.
    if let Some((t, _)) = cx
        .store()
        .tournaments()
        .tournament_of_game(seat.loaded().row().id)
        .await?
    {
        return Err(no!(
            "tournament-no-abort",
            id = seat.loaded().id(),
            tournament = crate::tournament::title(cx, &t)
        ));
    }
    let text = tr!(
        cx.lang,
        "aborted",
        id = seat.loaded().id(),
        player = cx.me()
    );
    finish(cx, seat, Outcome::draw(Termination::Abort), text).await
}
