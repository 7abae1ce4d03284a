//! The move picker: **Move** under a game's board opens, privately, a menu of the pieces that
//! can move; a piece opens a menu of its destinations in SAN; a destination is played exactly
//! as if it had been typed (`move`, at the same seat, with the same reply and board).
//!
//! Every menu carries the position it was made for ([`Mark`]): a choice from a menu made
//! before the position changed (the opponent moved, a takeback, another device) is refused and
//! a fresh picker offered; a choice the picker never offered is refused. Nothing is written
//! before the move itself, which `move` checks again under the game's lock.

use super::play;
use crate::context::{Cx, Res, no};
use crate::i18n::tr;
use crate::loaded::Loaded;
use crate::model::GameId;
use crate::picks::{Mark, Pick};
use crate::present::picker::{destinations, destinations_menu, pieces_menu};
use crate::reply::Reply;

/// Carries out one step of the picker.
pub(crate) async fn pick(cx: &Cx<'_>, pick: &Pick) -> Res<Reply> {
    match pick {
        Pick::Open(id) => {
            let loaded = my_turn(cx, *id).await?;
            let mark = Mark::of(*id, loaded.game());
            Ok(pieces(cx, &loaded, mark, 0, String::new()))
        }
        Pick::Pieces { mark, page } => {
            let loaded = my_turn(cx, mark.game).await?;
            if !mark.matches(loaded.game()) {
                return Ok(stale(cx, &loaded));
            }
            Ok(Reply {
                replaces: true,
                ..pieces(cx, &loaded, *mark, *page, String::new())
            })
        }
        Pick::Piece { mark, from, page } => {
            let loaded = my_turn(cx, mark.game).await?;
            if !mark.matches(loaded.game()) {
                return Ok(stale(cx, &loaded));
            }
            let size = cx.svc.menu_size();
            match destinations_menu(cx.voice(), &loaded, *mark, *from, *page, size) {
                Some(reply) => Ok(reply),
                None => forged(mark.game),
            }
        }
        Pick::Play { mark, from, san } => {
            let loaded = my_turn(cx, mark.game).await?;
            if !mark.matches(loaded.game()) {
                return Ok(stale(cx, &loaded));
            }
            if !destinations(&loaded, *from).iter().any(|(_, s)| s == san) {
                return forged(mark.game);
            }
            // Dropped before the move takes the game's lock.
            drop(loaded);
            let played = play::play_at(cx, Some(mark.game), san, Some(*mark)).await?;
            // The menu, which only its player sees, says what became of it.
            let line = tr!(
                cx.lang,
                "picker-played",
                id = mark.game.0,
                san = san.as_str()
            );
            Ok(Reply {
                closes_menu: (!played.private).then_some(line),
                ..played
            })
        }
    }
}

/// Game `id`, when it is being played and it is the asker's move in it; otherwise the
/// refusal says whose move it is.
async fn my_turn(cx: &Cx<'_>, id: GameId) -> Res<Loaded> {
    let Some(loaded) = Loaded::load(cx.store(), &cx.players, id).await? else {
        return Err(no!("game-none", id = id.0));
    };
    let voice = cx.voice();
    if let Some(outcome) = loaded.game().outcome() {
        return Err(no!(
            "game-over-already",
            id = loaded.id(),
            outcome = voice.outcome(&loaded, outcome)
        ));
    }
    let to_move = voice.side(&loaded, loaded.to_move());
    match loaded.row().color_of(cx.actor.id) {
        None => Err(no!("picker-stranger", id = loaded.id(), player = to_move)),
        Some(color) if color != loaded.to_move() => Err(no!(
            NotYourMove,
            "not-your-move",
            player = to_move,
            id = loaded.id()
        )),
        Some(_) => Ok(loaded),
    }
}

/// Page `page` of the pieces menu at `mark`, after `headline`.
fn pieces(cx: &Cx<'_>, loaded: &Loaded, mark: Mark, page: usize, headline: String) -> Reply {
    pieces_menu(cx.voice(), loaded, mark, page, cx.svc.menu_size(), headline)
}

/// The answer to a choice from a menu made for an earlier position: a fresh pieces menu in its
/// place, saying why.
fn stale(cx: &Cx<'_>, loaded: &Loaded) -> Reply {
    let mut headline = tr!(cx.lang, "picker-stale", id = loaded.id());
    headline.push('\n');
    let mark = Mark::of(loaded.row().id, loaded.game());
    Reply {
        replaces: true,
        ..pieces(cx, loaded, mark, 0, headline)
    }
}

/// The refusal of a choice the picker did not offer.
fn forged<T>(id: GameId) -> Res<T> {
    Err(no!(UnknownButton, "picker-forged", id = id.0))
}
