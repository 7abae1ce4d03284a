//! What the log's consumer posts of a tournament's start or finish that no answer or sweep
//! notice told (the process died before it went out): the start with its pairings, or the final
//! standings and crosstable, in the tournament's home channel, as they would have been.

use super::unless_transient;
use crate::actions::tournaments::started_reply;
use crate::context::Cx;
use crate::model::TournamentId;
use crate::parts::Feed;
use crate::players::Players;
use crate::reply::Notice;
use crate::request::Actor;
use crate::store::{StoreError, Tournament};

impl Feed<'_> {
    /// The notice of tournament `id`'s start (`started`) or finish.
    pub(super) async fn tournament_announcement(
        self,
        id: TournamentId,
        started: bool,
    ) -> Result<Option<Notice>, StoreError> {
        let t = match self.service.store().tournaments().tournament(id).await {
            Ok(Some(t)) => t,
            Ok(None) => return Ok(None),
            Err(error) => return unless_transient(error, "tournament", id.0),
        };
        if !started {
            return Ok(Some(self.service.endings().announcement(&t).await));
        }
        match self.started_announcement(&t).await {
            Ok(notice) => Ok(Some(notice)),
            Err(error) => unless_transient(error, "tournament", id.0),
        }
    }

    /// The start of `t` as its `tournament start` answer said it: the players by seat and
    /// every game, everyone pinged.
    async fn started_announcement(self, t: &Tournament) -> Result<Notice, StoreError> {
        let players = Players::new(self.service.store());
        let organiser = Actor {
            id: t.organiser,
            name: players.name(t.organiser).await,
        };
        let lang = self
            .service
            .languages()
            .server_language(t.place.server)
            .await;
        let cx = Cx::as_organiser(self.service, &organiser, t, lang, players);
        let mut entrants = self.service.store().tournaments().entrants(t.id).await?;
        entrants.sort_by_key(|e| e.seat);
        let seated: Vec<_> = entrants.iter().map(|e| e.player).collect();
        let mut games = Vec::new();
        for tg in self
            .service
            .store()
            .tournaments()
            .tournament_games(t.id)
            .await?
        {
            games.extend(self.service.store().games().game(tg.game).await?);
        }
        let mut reply = started_reply(&cx, t, &seated, &games).await;
        // The games are in play already: their threads were the answer's to open.
        reply.new_games.clear();
        Ok(Notice {
            place: t.place,
            reply,
        })
    }
}
