//! `web [#ID]`: a game's page on the bot's web server, and for a player of a game still being
//! played a private link that lets them move from a browser.

use crate::context::{Cx, Res, no};
use crate::i18n::tr;
use crate::lookup::viewed_game;
use crate::model::GameId;
use crate::reply::Reply;

/// Answers privately with the game's page and, for its player, the private link: a link that
/// moves in their name must never be shown to others.
pub(crate) async fn web(cx: &Cx<'_>, id: Option<GameId>) -> Res<Reply> {
    let Some(links) = cx.svc.links() else {
        return Err(no!("web-off"));
    };
    let loaded = viewed_game(cx, id).await?;
    let game = loaded.row().id;
    let page = links.game(game);
    let plays = loaded.row().color_of(cx.actor.id).is_some() && loaded.game().outcome().is_none();
    let text = match (plays, links.private(cx.actor.id, game, cx.now())) {
        (true, Some(link)) => tr!(
            cx.lang,
            "web-private",
            id = game.0,
            page = page,
            link = link
        ),
        (true, None) => tr!(cx.lang, "web-page-no-moving", id = game.0, page = page),
        (false, _) => tr!(cx.lang, "web-page", id = game.0, page = page),
    };
    Ok(Reply::private(text))
}
