//! Notices a direct message could not carry: the front end hands back a DM that Discord
//! refused (the player does not accept DMs from the bot), the store keeps it, and the player's
//! next command shows it to them — once, then it is dropped. A game in a place where the bot
//! only answers commands reaches its players by DM alone, so this is how nothing of it is lost.

use super::i18n::tr;
use super::reply::HeldNotices;
use super::service::Service;
use crate::model::{Place, PlayerId};

impl Service {
    /// Keeps `text`, a direct message Discord would not deliver to `player`, until their next
    /// command. A store failure is logged: the notice is then lost, and said so in the log.
    pub async fn hold_notice(&self, player: PlayerId, text: &str) {
        if let Err(error) = self.store().hold_notice(player, text, self.now()).await {
            self.observer().database_error();
            tracing::error!(player = player.0, %error, "could not keep a notice for later; it is lost");
        }
    }

    /// The notices held for `player`, as one private message in their language; `None` when
    /// there are none (or the store cannot say: they wait for the next command).
    pub(crate) async fn held_for(
        &self,
        player: PlayerId,
        locale: Option<&str>,
        place: Place,
    ) -> Option<HeldNotices> {
        let held = match self.store().held_notices(player).await {
            Ok(held) => held,
            Err(error) => {
                self.observer().database_error();
                tracing::warn!(player = player.0, %error, "could not look for held notices");
                return None;
            }
        };
        if held.is_empty() {
            return None;
        }
        let lang = self.language(locale, player, place.server).await;
        let mut text = tr!(lang, "held-notices", count = held.len());
        for notice in &held {
            text.push_str("\n• ");
            text.push_str(&notice.text);
        }
        Some(HeldNotices {
            to: player,
            text,
            ids: held.iter().map(|n| n.id).collect(),
        })
    }

    /// The front end delivered `held`: its notices are dropped. A failure is logged, and the
    /// notices are shown once more with the next command.
    pub async fn held_shown(&self, held: &HeldNotices) {
        if let Err(error) = self.store().drop_held_notices(held.to, &held.ids).await {
            self.observer().database_error();
            tracing::warn!(player = held.to.0, %error, "could not drop notices already shown");
        }
    }
}
