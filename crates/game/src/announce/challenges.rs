//! What the log's consumer posts of a challenge's event that no answer told (made, declined,
//! withdrawn or expired in a process that died before its answer went out, or from another
//! channel than the challenge's): the same words the answer would have had, in the challenge's
//! channel, in the language of the player who must hear of it.

use super::unless_transient;
use crate::actions::challenges::{closed, posted};
use crate::parts::Feed;
use crate::players::Players;
use crate::present::Voice;
use crate::reply::{Notice, Reply};
use crate::store::ChallengeStatus::{self, Cancelled, Declined};
use crate::store::{Event, EventKind, StoreError};

impl Feed<'_> {
    /// The notice of `event`, about a challenge; `None` when there is nothing left to tell (a
    /// challenge made and taken or closed since, whose own event tells that), or the
    /// challenge is not the Discord front end's.
    pub(super) async fn challenge_announcement(
        self,
        event: &Event,
    ) -> Result<Option<Notice>, StoreError> {
        let Some(id) = event.kind.challenge() else {
            return Ok(None);
        };
        let c = match self.service.store().challenges().challenge(id).await {
            Ok(Some(c)) => c,
            Ok(None) => return Ok(None),
            Err(error) => return unless_transient(error, "challenge", id.0),
        };
        let players = Players::new(self.service.store());
        let challenger = players.name(c.challenger).await;
        let challenged = match c.challenged {
            Some(p) => Some((p, players.name(p).await)),
            None => None,
        };
        // Who must hear of it: the challenged of a challenge made or withdrawn, the challenger
        // of one declined; an expired one is said as the sweep says it.
        let reader = match &event.kind {
            EventKind::Challenged { .. } if c.status == ChallengeStatus::Open => {
                c.challenged.unwrap_or(c.challenger)
            }
            EventKind::ChallengeWithdrawn { .. } => c.challenged.unwrap_or(c.challenger),
            EventKind::ChallengeDeclined { .. } if c.challenged.is_some() => c.challenger,
            EventKind::ChallengeExpired { .. } => {
                return Ok(Some(self.service.sweeper().expired(&players, &c).await));
            }
            _ => return Ok(None),
        };
        let text = |voice: Voice<'_>| {
            let challenger = voice.player(c.challenger, &challenger);
            let them = challenged.as_ref().map(|(p, name)| voice.player(*p, name));
            match (&event.kind, them) {
                // The challenger did not see it happen: they are pinged.
                (EventKind::ChallengeDeclined { .. }, Some(them)) => Reply {
                    mentions: vec![c.challenger],
                    ..Reply::text(closed(voice.lang, &c, Declined, them, challenger))
                },
                (EventKind::ChallengeWithdrawn { .. }, _) => {
                    let withdrawer = challenger.clone();
                    Reply::text(closed(voice.lang, &c, Cancelled, withdrawer, challenger))
                }
                (_, them) => posted(voice, &c, challenger, them),
            }
        };
        let lang = self
            .service
            .languages()
            .notice_language(&players, Some(reader), c.place.server)
            .await;
        let mut reply = text(self.service.voice(lang));
        // Where the bot only answers commands, the player it concerns hears of it directly.
        reply.direct = self
            .service
            .sweeper()
            .instead_of_posting(&players, c.place, [reader], |voice| text(voice).text)
            .await;
        Ok(Some(Notice {
            place: c.place,
            reply,
        }))
    }
}
