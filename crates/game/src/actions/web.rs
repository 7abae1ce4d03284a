//! `web [#ID]`: a game's page on the bot's web server, and for a player of a game still being
//! played a private link that lets them move from a browser; `web revoke`: every private link
//! the player was given stops working. And the check of a link's token against its player's
//! link version ([`Views::check_link`]), which the web front end asks for every request.

use crate::context::{Cx, Res, no};
use crate::i18n::tr;
use crate::links::{Grant, Links, TokenError};
use crate::lookup::viewed_game;
use crate::model::GameId;
use crate::parts::Views;
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
    let link = match plays && links.private_links() {
        true => {
            let version = cx.store().players().link_version(cx.actor.id).await?;
            links.private(cx.actor.id, game, version, cx.now())
        }
        false => None,
    };
    let text = match (plays, link) {
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

/// Revokes every private link the asker was given, in every game: their link version goes up,
/// and a link made under an older one is refused from then on.
pub(crate) async fn revoke(cx: &Cx<'_>) -> Res<Reply> {
    let Some(links) = cx.svc.links() else {
        return Err(no!("web-off"));
    };
    if !links.private_links() {
        return Err(no!("web-link-off"));
    }
    cx.store()
        .players()
        .revoke_links(cx.actor.id, cx.now())
        .await?;
    Ok(Reply::private(tr!(cx.lang, "web-revoked")))
}

impl Views<'_> {
    /// What the private link's `token` grants, checked with `links` (its signature and expiry)
    /// and against its player's link version now: a link its player revoked is refused as
    /// [`TokenError::Revoked`].
    pub async fn check_link(self, links: &Links, token: &str) -> Result<Grant, TokenError> {
        let grant = links.check(token, self.service.now())?;
        let current = self
            .service
            .store()
            .players()
            .link_version(grant.player)
            .await
            .map_err(|error| {
                tracing::warn!(%error, "a private link's version could not be read");
                TokenError::Unchecked
            })?;
        if grant.version != current {
            return Err(TokenError::Revoked);
        }
        Ok(grant)
    }
}
