//! What the watchers of a game's page hear of, read from the event log: a move, the end, a
//! takeback, an offer and its answer, the analysis being ready. A front end that keeps pages
//! live (the web's Server-Sent Events) reads the whole log once per wake-up and hands each
//! event to the watchers of its game; a watcher that comes back reads what it missed by id.

use crate::failure::DatabaseFailure;
use crate::model::GameId;
use crate::parts::Feed;
use crate::rules::Color;
use crate::store::{Event, EventId, EventKind, LogCursor};

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

impl Feed<'_> {
    /// The games' news among up to `limit` events after `cursor`'s place, oldest first, as
    /// far as the log is whole (see [`LogCursor`]: an event whose transaction is still in
    /// flight holds the cursor back, and is told when it commits, however late); the cursor
    /// moves past what was read, news or not. Also whether more may follow at once (a full
    /// read).
    pub async fn live_events(
        self,
        cursor: &mut LogCursor,
        limit: u32,
    ) -> Result<(Vec<LiveEvent>, bool), DatabaseFailure> {
        let committed = self
            .service
            .store()
            .event_log()
            .committed_after(cursor, limit)
            .await?;
        let more = committed.len() == limit as usize;
        let Some(&horizon) = committed.last() else {
            cursor.advance();
            return Ok((Vec::new(), more));
        };
        let mut events = self
            .service
            .store()
            .event_log()
            .all_events_after(cursor.position(), limit)
            .await?;
        events.retain(|e| e.id <= horizon && !cursor.is_done(e.id));
        cursor.mark_done(events.iter().map(|e| e.id));
        cursor.advance();
        Ok((events.into_iter().filter_map(live).collect(), more))
    }

    /// Game `game`'s news after event `after`, oldest first (at most `limit`): what a watcher
    /// missed.
    pub async fn game_live_events_after(
        self,
        game: GameId,
        after: i64,
        limit: u32,
    ) -> Result<Vec<LiveEvent>, DatabaseFailure> {
        let events = self
            .service
            .store()
            .event_log()
            .game_events_after(game, EventId(after), limit)
            .await?;
        Ok(events.into_iter().filter_map(live).collect())
    }

    /// Whether game `game` exists: a page's live stream is opened only for one that does.
    pub async fn game_exists(self, game: GameId) -> Result<bool, DatabaseFailure> {
        Ok(self.service.store().games().game(game).await?.is_some())
    }

    /// A cursor at the newest event (0 when the log is empty): where a new reader of the whole
    /// log starts.
    pub async fn newest_log_cursor(self) -> Result<LogCursor, DatabaseFailure> {
        Ok(LogCursor::at(
            self.service.store().event_log().last_event().await?,
        ))
    }
}
