//! The event log's consumer, as a front end runs it: reading the log in order from where it
//! got to, it passes the events an answer of this process is telling (once that answer is
//! delivered), and turns the rest — written elsewhere, or owed by an answer that failed or by a
//! process that died — into notices to post in their game's place. The front end posts them
//! (with [`Told::nonce`]) and then records how far it got, so that after a crash it goes on from
//! the event it had not finished, and a post repeated then shows once.
//!
//! A second consumer, per range of shards, sends the turn notices by direct message
//! ([`direct`]): it reads every event of its shards that may make it a player's move, however
//! the event was told in its place, so a DM is owed by the log alone, not by whichever answer or
//! notice told the move.

mod analyses;
mod challenges;
mod direct;
mod reminders;
mod takeover;
mod tournaments;

pub use direct::TurnNotice;

use std::collections::BTreeSet;
use std::time::Duration;

use super::actions::challenges::begun;
use super::context::Refusal;
use super::i18n::tr;
use super::loaded::Loaded;
use super::players::Players;
use super::present::Ping;
use super::reply::Notice;
use super::told::Told;
use crate::failure::DatabaseFailure;
use crate::model::{GameId, Place, Timestamp};
use crate::parts::Feed;
use crate::store::{Delivery, Event, EventId, EventKind, LogCursor, ShardFilter, StoreError};

/// How long the consumer waits for an answer of this process to report its delivery before it
/// posts the answer's events itself. An answer reports as soon as it is delivered or given up
/// (a deferred interaction may take a computer's search and Discord's retries); one that never
/// reports is a bug, and its events are not lost for it.
pub const ANSWER_PATIENCE: Duration = Duration::from_secs(120);

/// How often a reader of the event log (the Discord poster, the web's live hub) looks at the
/// log without being woken by [`Feed::event_wakeups`](crate::Feed::event_wakeups): only a
/// fallback, in case a notification was lost.
pub const FALLBACK_CHECK: Duration = Duration::from_secs(30);

/// Most events read at once.
const BATCH: u32 = 50;

/// What a consumer reads the log for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// The posts in the games' places: the events no answer of this process tells (those it
    /// owes after a failure or a crash among them).
    Posts,
    /// The turn notices by direct message: every event of its shards that may owe one.
    TurnNotices,
}

/// One consumer's place in the log.
#[derive(Clone, Debug)]
pub struct EventReader {
    /// Its name in the store (`discord 0-1/4`).
    name: String,
    /// The shards whose events it reads (`None`: all).
    shards: Option<ShardFilter>,
    /// What it reads them for.
    reading: Reading,
    /// Its place: the position recorded in the store, what is done with after it, and the
    /// ids missing below those committed (a transaction still in flight on PostgreSQL), which
    /// hold the position back until they commit or are known rolled back.
    cursor: LogCursor,
    /// Whether the last read was a full batch: more may follow it.
    more: bool,
}

/// Events the consumer must post itself, as one message: consecutive events of one game owed by
/// one answer (a move and the computer's reply to it: one process's, one player's command) are
/// one post, as the answer was; its nonce ([`Told::nonce`]) names the first and the last.
#[derive(Debug)]
pub struct Announcement {
    /// What to post, and where; `None` when the events need no post after all (the game
    /// cannot be read). A front end posts only the notices of its own places (the place says
    /// whose it is) and is done with the others.
    pub notice: Option<Notice>,
    /// The events it covers: once posted, the reader is done with them.
    pub ids: Vec<EventId>,
}

impl EventReader {
    /// The last event the reader is done with, and every one before it.
    pub fn position(&self) -> EventId {
        self.cursor.position()
    }

    /// Whether a gap in the committed ids holds the reader back: it looks again soon, woken or
    /// not (the transaction that fills it may be another process's).
    pub fn waits_for_a_gap(&self) -> bool {
        self.cursor.waits_for_a_gap()
    }

    /// Whether the reader should look again soon, woken or not: a gap holds it back, or its
    /// last read was a full batch (whose events may all have needed nothing, with more after).
    pub fn looks_again_soon(&self) -> bool {
        self.more || self.waits_for_a_gap()
    }
}

/// What an announcement makes of a failure to read `what` (`id`) that it needs: the database's
/// failure (lost, timed out, busy) is passed on, and the events stay owed, read again once it is
/// back; a row that cannot be read back, or is gone, will not read better later, so its events
/// go without a post (logged).
fn unless_transient<T>(
    error: impl Into<Refusal>,
    what: &'static str,
    id: i64,
) -> Result<Option<T>, StoreError> {
    match error.into() {
        Refusal::Store(
            error @ (StoreError::Database(_)
            | StoreError::Unanswered(_)
            | StoreError::Unconfirmed(_)
            | StoreError::Conflict),
        ) => Err(error),
        error => {
            tracing::error!(what, id, %error, "cannot read what an event's post needs; not posted");
            Ok(None)
        }
    }
}

/// Whether `event` is told in a post of its own rather than with the events of its game next
/// to it: a challenge's or a tournament's (no game), a reminder, an analysis.
fn posts_alone(event: &Event) -> bool {
    event.game.is_none()
        || matches!(
            event.kind,
            EventKind::Reminded { .. } | EventKind::AnalysisReady { .. }
        )
}

impl Feed<'_> {
    /// Opens the consumer `name` of the shards `shards` at the position it recorded (one that
    /// never ran starts at the newest event: what was before it is not its to tell), and from
    /// now on keeps track of the deliveries of this process's answers for it.
    pub async fn open_event_reader(
        self,
        name: &str,
        shards: Option<ShardFilter>,
    ) -> Result<EventReader, DatabaseFailure> {
        self.serve_events_as(name);
        Ok(self.open_reader(name, shards, Reading::Posts).await?)
    }

    /// Opens the consumer `name` at the position it recorded; a new one at the position of
    /// the readers of its shards it replaces (`SHARDS` changed), or else at the newest event.
    async fn open_reader(
        self,
        name: &str,
        shards: Option<ShardFilter>,
        reading: Reading,
    ) -> Result<EventReader, StoreError> {
        let position = match self
            .service
            .store()
            .event_log()
            .reader_position(name)
            .await?
        {
            Some(position) => position,
            None => {
                let readers = self.service.store().event_log().reader_positions().await?;
                let replaced = takeover::Others {
                    name,
                    shards,
                    readers: &readers,
                }
                .start();
                let start = match replaced {
                    Some(position) => {
                        tracing::info!(
                            reader = name,
                            position = position.0,
                            "a new reader of the event log takes over from the readers of its shards"
                        );
                        position
                    }
                    None => self.service.store().event_log().last_event().await?,
                };
                self.service
                    .store()
                    .event_log()
                    .set_reader_position(name, start, self.service.now())
                    .await?;
                start
            }
        };
        Ok(EventReader {
            name: name.to_string(),
            shards,
            reading,
            cursor: LogCursor::at(position),
            more: false,
        })
    }

    /// The next events the reader must post itself, in order, after waiting for the answers of
    /// this process that tell the others. Empty when it is up to date. The position then moves
    /// over what is done with, and is recorded: one write for each read, however many events
    /// the answers told. When the database fails while the notices are put together, none of
    /// this read's posts is done with: they are read again (an error, as a failed read is).
    pub async fn next_announcements(
        self,
        reader: &mut EventReader,
    ) -> Result<Vec<Announcement>, DatabaseFailure> {
        let events = self.read_batch(reader).await?;
        let mut announcements = Vec::new();
        let mut group: Vec<Event> = Vec::new();
        for event in events {
            let owed = self.owed(&event).await;
            self.service.observer().event_read(event.kind.name(), owed);
            if !owed {
                // Told by its answer: done with, recorded with the next read.
                reader.cursor.mark_done([event.id]);
                continue;
            }
            let joins = group.last().is_some_and(|last| {
                !posts_alone(last)
                    && !posts_alone(&event)
                    && last.game == event.game
                    && last.answered_by.is_some()
                    && last.answered_by == event.answered_by
                    // One command's: two players' moves were two answers, of which the first
                    // may have got out before a crash (the post's nonce names both events, so
                    // it is never dropped as that answer's repeat, but would tell it again).
                    && last.actor == event.actor
            });
            if !joins && !group.is_empty() {
                announcements.push(self.announce_events(std::mem::take(&mut group)).await?);
            }
            group.push(event);
        }
        if !group.is_empty() {
            announcements.push(self.announce_events(group).await?);
        }
        self.record_position(reader).await?;
        Ok(announcements)
    }

    /// The reader's next events, in order, not yet done with: what it reads them for, up to
    /// what the log shows committed. The gaps below them are noted, and the events it does not
    /// read (another process's, another shard's, of kinds it has nothing to do with) are done
    /// with as they are.
    async fn read_batch(self, reader: &mut EventReader) -> Result<Vec<Event>, StoreError> {
        let committed = self
            .service
            .store()
            .event_log()
            .committed_after(&mut reader.cursor, 4 * BATCH)
            .await?;
        let position = reader.cursor.position();
        let mut events = match reader.reading {
            Reading::Posts => {
                // Read each time: a process that starts beside this one is soon serving.
                let readers = self.service.store().event_log().reader_positions().await?;
                let serving = takeover::Others {
                    name: &reader.name,
                    shards: reader.shards,
                    readers: &readers,
                }
                .serving();
                self.service
                    .store()
                    .event_log()
                    .events_after(position, reader.shards, &serving, BATCH)
                    .await?
            }
            Reading::TurnNotices => {
                self.service
                    .store()
                    .event_log()
                    .shard_events_after(position, reader.shards, direct::TURN_KINDS, BATCH)
                    .await?
            }
        };
        reader.more = events.len() == BATCH as usize || committed.len() == 4 * BATCH as usize;
        // What both reads cover: a full batch of this reader's events ends before the others'.
        let horizon = match (events.last(), committed.last()) {
            (Some(last), Some(&seen)) if events.len() == BATCH as usize => last.id.min(seen),
            (_, Some(&seen)) => seen,
            (_, None) => position,
        };
        events.retain(|e| e.id <= horizon && !reader.cursor.is_done(e.id));
        // The others' events: done with as they are.
        let own: BTreeSet<EventId> = events.iter().map(|e| e.id).collect();
        reader.cursor.mark_done(
            committed
                .into_iter()
                .filter(|id| *id <= horizon && !own.contains(id)),
        );
        Ok(events)
    }

    /// Makes this process the consumer `name` of the log (see
    /// [`EventLog::serve_events_as`](crate::store::EventLog::serve_events_as)): called by a front end
    /// before it answers any command, so that its answers owe their events to it.
    pub fn serve_events_as(self, name: &str) {
        self.service.store().event_log().serve_events_as(name);
    }

    /// Changes each time events are committed (by this process, or on PostgreSQL by any): the
    /// consumer waits on it rather than polling.
    pub async fn event_wakeups(self) -> tokio::sync::watch::Receiver<()> {
        self.service.store().event_log().event_wakeups().await
    }

    /// Records that the reader is done with the events `ids` (an announcement's, once posted):
    /// at once, so that a restart does not post them again.
    pub async fn event_reader_done(
        self,
        reader: &mut EventReader,
        ids: &[EventId],
    ) -> Result<(), DatabaseFailure> {
        reader.cursor.mark_done(ids.iter().copied());
        Ok(self.record_position(reader).await?)
    }

    /// Moves the reader's position over what it is done with, and records it if it moved.
    async fn record_position(self, reader: &mut EventReader) -> Result<(), StoreError> {
        let before = reader.cursor.position();
        if reader.cursor.advance()
            && let Err(error) = self
                .service
                .store()
                .event_log()
                .set_reader_position(&reader.name, reader.cursor.position(), self.service.now())
                .await
        {
            // Tried again with the next move: until then, nothing is lost, only told again
            // after a restart.
            reader.cursor.back_to(before);
            return Err(error);
        }
        Ok(())
    }

    /// Drops the events older than the service keeps them
    /// ([`Service::with_events_kept`]); a failure is logged, and the next sweep tries again.
    pub(super) async fn prune_events(self) {
        let kept = i64::try_from(self.service.events_kept().as_millis()).unwrap_or(i64::MAX);
        let before = Timestamp(self.service.now().0.saturating_sub(kept));
        match self.service.store().event_log().prune_events(before).await {
            Ok(0) => {}
            Ok(pruned) => tracing::debug!(pruned, "old events pruned"),
            Err(error) => {
                self.service.observer().database_error();
                tracing::warn!(%error, "could not prune old events");
            }
        }
    }

    /// Whether the reader must post `event` itself: no answer tells it, the answer that was
    /// to failed (or never reported), or the process that owed it is gone. An event this
    /// consumer's id owes that this process does not know of was owed by the process that
    /// served as this consumer before (it stopped, or died, before its answer reported); one
    /// another id owes was read because that process no longer serves its shards.
    async fn owed(self, event: &Event) -> bool {
        let deliveries = self.service.store().event_log().deliveries();
        if event.answered_by != Some(self.service.store().event_log().instance())
            || !deliveries.knows(event.id)
        {
            return true;
        }
        deliveries.outcome(event.id, ANSWER_PATIENCE).await != Delivery::Delivered
    }

    /// The announcement of `events` (one post's worth, oldest first), marked as the
    /// consumer's own; an error when the database failed to give what it needs (the events
    /// stay owed).
    async fn announce_events(self, events: Vec<Event>) -> Result<Announcement, StoreError> {
        let ids: Vec<EventId> = events.iter().map(|e| e.id).collect();
        let notice = self.notice_of(&events).await?;
        Ok(Announcement {
            notice: notice.map(|mut notice| {
                notice.reply.told = Told::announced(ids.clone());
                notice
            }),
            ids,
        })
    }

    /// [`Feed::announce_events`]'s notice: by what the first of `events` is about (only a
    /// game's moves, offers and end come several to a post).
    async fn notice_of(self, events: &[Event]) -> Result<Option<Notice>, StoreError> {
        let Some(first) = events.first() else {
            return Ok(None);
        };
        match (&first.kind, first.game) {
            (EventKind::AnalysisReady { asked, reach }, Some(game)) => {
                let place = Place {
                    server: first.server,
                    channel: first.channel,
                    thread: None,
                    reach: *reach,
                };
                self.analysis_announcement(game, place, asked).await
            }
            (EventKind::TournamentStarted { tournament }, _) => {
                self.tournament_announcement(*tournament, true).await
            }
            (EventKind::TournamentFinished { tournament }, _) => {
                self.tournament_announcement(*tournament, false).await
            }
            (EventKind::Reminded { ply, stage }, Some(game)) => {
                self.reminder_announcement(game, *ply, *stage).await
            }
            (_, Some(game)) => self.game_announcement(game, events).await,
            (_, None) => self.challenge_announcement(first).await,
        }
    }

    /// The notice of the events of `game` (oldest first): each move played, then whose turn
    /// it is (or how the game ended; or, for a challenge taken, the game's start), with the
    /// board as it is now, pinging who must hear of it, in the game's place (the player to
    /// move's turn notice is the direct messages' consumer's, [`direct`]).
    async fn game_announcement(
        self,
        game: GameId,
        events: &[Event],
    ) -> Result<Option<Notice>, StoreError> {
        let players = Players::new(self.service.store());
        let loaded = match Loaded::load(self.service.store(), &players, game).await {
            Ok(Some(loaded)) => loaded,
            Ok(None) => return Ok(None),
            Err(error) => return unless_transient(error, "game", game.0),
        };
        let row = loaded.row();
        let to_move = row.player(row.to_move);
        let lang = self
            .service
            .languages()
            .notice_language(
                &players,
                to_move.or(row.white).or(row.black),
                row.place.server,
            )
            .await;
        let voice = self.service.voice(lang);
        let accepted = events.iter().find_map(|e| match e.kind {
            EventKind::ChallengeAccepted { challenge, .. } => Some(challenge),
            _ => None,
        });
        if let Some(challenge) = accepted {
            // The game has just begun (the board shows any move made since); it names the
            // challenge it came from, as the accept's answer does, so that `accept #12` is not
            // tried on game #12.
            let reply = begun(self.service, voice, &loaded, challenge).await;
            return Ok(Some(Notice {
                place: row.place,
                reply,
            }));
        }
        let mut lines = Vec::new();
        for event in events {
            if let EventKind::Moved { san, color, .. } = &event.kind {
                lines.push(tr!(
                    lang,
                    "move-played",
                    id = game.0,
                    player = voice.side(&loaded, *color),
                    san = san.as_str()
                ));
            }
        }
        lines.push(voice.turn_line(&loaded));
        let over = loaded.game().outcome().is_some();
        let ping = if over { Ping::Both } else { Ping::ToMove };
        let reply = self
            .service
            .commands()
            .game_reply(voice, &loaded, lines.join("\n"), ping, true)
            .await;
        Ok(Some(Notice {
            place: row.place,
            reply,
        }))
    }
}
