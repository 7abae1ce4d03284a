//! What the watchers of a game's page hear of, read from the event log: a move, the end, a
//! takeback, an offer and its answer, the analysis being ready. A front end that keeps pages
//! live (the web's Server-Sent Events) reads the whole log once per wake-up and hands each
//! event to the watchers of its game; a watcher that comes back reads what it missed by id.

use crate::model::GameId;
use crate::rules::Color;
use crate::service::Service;
use crate::store::{Event, EventId, EventKind, StoreError};

/// One event a game's watchers hear of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveEvent {
    /// Its id in the event log: a watcher resumes after the last one it saw.
    pub id: i64,
    /// The game.
    pub game: GameId,
    /// What happened: `moved`, `ended`, `took_back`, `offered`, `offer_cleared`,
    /// `analysis_ready`.
    pub kind: &'static str,
    /// The ply the game is at after it (a move's or a takeback's).
    pub ply: Option<u32>,
    /// The move, in SAN (a move's).
    pub san: Option<String>,
    /// The side it is about: who moved, or who offered.
    pub side: Option<Color>,
}

/// The event as its game's watchers hear of it; `None` for what is no game's news (a
/// challenge, a reminder, a tournament's).
fn live(event: Event) -> Option<LiveEvent> {
    let game = event.game?;
    let kind = event.kind.name();
    let (ply, san, side) = match event.kind {
        EventKind::Moved { ply, san, color } => (Some(ply), Some(san), Some(color)),
        EventKind::TookBack { ply, .. } => (Some(ply), None, None),
        EventKind::Offered { by, .. } => (None, None, Some(by)),
        EventKind::Ended { .. } | EventKind::OfferCleared | EventKind::AnalysisReady { .. } => {
            (None, None, None)
        }
        _ => return None,
    };
    Some(LiveEvent {
        id: event.id.0,
        game,
        kind,
        ply,
        san,
        side,
    })
}

impl Service {
    /// The games' news among up to `limit` events after `after`, oldest first, and the ids of
    /// all the events read, news or not (a reader's place moves past them all): the whole log,
    /// whoever told it.
    pub async fn live_events_after(
        &self,
        after: i64,
        limit: u32,
    ) -> Result<(Vec<LiveEvent>, Vec<i64>), StoreError> {
        let events = self.store().all_events_after(EventId(after), limit).await?;
        let ids = events.iter().map(|e| e.id.0).collect();
        Ok((events.into_iter().filter_map(live).collect(), ids))
    }

    /// Game `game`'s news after event `after`, oldest first (at most `limit`): what a watcher
    /// missed.
    pub async fn game_live_events_after(
        &self,
        game: GameId,
        after: i64,
        limit: u32,
    ) -> Result<Vec<LiveEvent>, StoreError> {
        let events = self
            .store()
            .game_events_after(game, EventId(after), limit)
            .await?;
        Ok(events.into_iter().filter_map(live).collect())
    }

    /// Whether game `game` exists: a page's live stream is opened only for one that does.
    pub async fn game_exists(&self, game: GameId) -> Result<bool, StoreError> {
        Ok(self.store().game(game).await?.is_some())
    }

    /// The newest event's id (0 when the log is empty): where a new reader of the whole log
    /// starts.
    pub async fn last_event_id(&self) -> Result<i64, StoreError> {
        Ok(self.store().last_event().await?.0)
    }
}
