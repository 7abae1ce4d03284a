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
mod tournaments;

pub use direct::TurnNotice;

use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

use super::actions::challenges::begun;
use super::context::Refusal;
use super::i18n::tr;
use super::loaded::Loaded;
use super::players::Players;
use super::present::Ping;
use super::reply::Notice;
use super::service::Service;
use super::told::Told;
use crate::model::{FrontEnd, GameId, Place, Timestamp};
use crate::store::{Delivery, Event, EventId, EventKind, ShardFilter, StoreError};

/// How long the consumer waits for an answer of this process to report its delivery before it
/// posts the answer's events itself. An answer reports as soon as it is delivered or given up
/// (a deferred interaction may take a computer's search and Discord's retries); one that never
/// reports is a bug, and its events are not lost for it.
pub const ANSWER_PATIENCE: Duration = Duration::from_secs(120);

/// Most events read at once.
const BATCH: u32 = 50;

/// How long a gap in the ids committed (on PostgreSQL, an id whose transaction is still in
/// flight, or rolled back) holds the reader's recorded position back. Events after it are told
/// meanwhile; only a restart within this time tells them again (with the same nonces).
pub const GAP_PATIENCE: Duration = Duration::from_secs(5);

/// The widest gap waited for: a wider jump in the ids is no transaction in flight (a sequence
/// moved on by hand, a restored database) and is passed at once.
const WIDEST_GAP: i64 = 1_000;

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
    /// Every event up to here is done with: the position recorded in the store.
    position: EventId,
    /// Events after `position` done with already, read past a gap.
    done: BTreeSet<EventId>,
    /// Ids after `position` not committed (yet) below ids that are, and when each was seen.
    gaps: HashMap<EventId, Instant>,
    /// Whether the last read was a full batch: more may follow it.
    more: bool,
}

/// Events the consumer must post itself, as one message: consecutive events of one game owed by
/// one answer (a move and the computer's reply to it: one process's, one player's command) are
/// one post, as the answer was; its nonce ([`Told::nonce`]) names the first and the last.
#[derive(Debug)]
pub struct Announcement {
    /// What to post, and where; `None` when the events need no post after all (the game
    /// cannot be read, or is not the front end's).
    pub notice: Option<Notice>,
    /// The events it covers: once posted, the reader is done with them.
    pub ids: Vec<EventId>,
}

impl EventReader {
    /// The last event the reader is done with, and every one before it.
    pub fn position(&self) -> EventId {
        self.position
    }

    /// Whether a gap in the committed ids holds the reader back: it looks again soon, woken or
    /// not (the transaction that fills it may be another process's).
    pub fn waits_for_a_gap(&self) -> bool {
        !self.gaps.is_empty()
    }

    /// Whether the reader should look again soon, woken or not: a gap holds it back, or its
    /// last read was a full batch (whose events may all have needed nothing, with more after).
    pub fn looks_again_soon(&self) -> bool {
        self.more || self.waits_for_a_gap()
    }

    /// Notes the gaps below the ids `committed` (in order, all after the position).
    fn note_gaps(&mut self, committed: &[EventId]) {
        let now = Instant::now();
        let mut expected = self.position.0 + 1;
        for id in committed {
            let gap = id.0 - expected;
            if gap > WIDEST_GAP {
                tracing::warn!(
                    from = expected,
                    to = id.0 - 1,
                    "a jump in the event log's ids; passed"
                );
                self.done.extend((expected..id.0).map(EventId));
            } else {
                for missing in expected..id.0 {
                    self.gaps.entry(EventId(missing)).or_insert(now);
                }
            }
            self.gaps.remove(id);
            expected = id.0 + 1;
        }
    }

    /// Moves the position over the events done with and the gaps waited for long enough;
    /// whether it moved.
    fn advance(&mut self) -> bool {
        let start = self.position;
        loop {
            let next = EventId(self.position.0 + 1);
            let passed = self.done.remove(&next)
                || self
                    .gaps
                    .get(&next)
                    .is_some_and(|seen| seen.elapsed() >= GAP_PATIENCE);
            if !passed {
                break;
            }
            self.gaps.remove(&next);
            self.position = next;
        }
        self.position != start
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

impl Service {
    /// Opens the consumer `name` of the shards `shards` at the position it recorded (one that
    /// never ran starts at the newest event: what was before it is not its to tell), and from
    /// now on keeps track of the deliveries of this process's answers for it.
    pub async fn open_event_reader(
        &self,
        name: &str,
        shards: Option<ShardFilter>,
    ) -> Result<EventReader, StoreError> {
        self.serve_events_as(name);
        self.open_reader(name, shards, Reading::Posts).await
    }

    /// Opens the consumer `name` at the position it recorded, or at the newest event.
    async fn open_reader(
        &self,
        name: &str,
        shards: Option<ShardFilter>,
        reading: Reading,
    ) -> Result<EventReader, StoreError> {
        let newest = self.store().last_event().await?;
        let position = match self.store().reader_position(name).await? {
            Some(position) => position,
            None => {
                self.store()
                    .set_reader_position(name, newest, self.now())
                    .await?;
                newest
            }
        };
        Ok(EventReader {
            name: name.to_string(),
            shards,
            reading,
            position,
            done: BTreeSet::new(),
            gaps: HashMap::new(),
            more: false,
        })
    }

    /// The next events the reader must post itself, in order, after waiting for the answers of
    /// this process that tell the others. Empty when it is up to date. The position then moves
    /// over what is done with, and is recorded: one write for each read, however many events
    /// the answers told. When the database fails while the notices are put together, none of
    /// this read's posts is done with: they are read again (an error, as a failed read is).
    pub async fn next_announcements(
        &self,
        reader: &mut EventReader,
    ) -> Result<Vec<Announcement>, StoreError> {
        let events = self.read_batch(reader).await?;
        let mut announcements = Vec::new();
        let mut group: Vec<Event> = Vec::new();
        for event in events {
            let owed = self.owed(&event).await;
            self.observer().event_read(event.kind.name(), owed);
            if !owed {
                // Told by its answer: done with, recorded with the next read.
                reader.done.insert(event.id);
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
    async fn read_batch(&self, reader: &mut EventReader) -> Result<Vec<Event>, StoreError> {
        let committed = self
            .store()
            .event_ids_after(reader.position, 4 * BATCH)
            .await?;
        let mut events = match reader.reading {
            Reading::Posts => {
                self.store()
                    .events_after(reader.position, reader.shards, BATCH)
                    .await?
            }
            Reading::TurnNotices => {
                self.store()
                    .shard_events_after(reader.position, reader.shards, direct::TURN_KINDS, BATCH)
                    .await?
            }
        };
        reader.more = events.len() == BATCH as usize || committed.len() == 4 * BATCH as usize;
        // What both reads cover: a full batch of this reader's events ends before the others'.
        let horizon = match (events.last(), committed.last()) {
            (Some(last), Some(&seen)) if events.len() == BATCH as usize => last.id.min(seen),
            (_, Some(&seen)) => seen,
            (_, None) => reader.position,
        };
        events.retain(|e| e.id <= horizon && !reader.done.contains(&e.id));
        let committed: Vec<EventId> = committed.into_iter().filter(|&id| id <= horizon).collect();
        reader.note_gaps(&committed);
        // The others' events: done with as they are.
        let own: BTreeSet<EventId> = events.iter().map(|e| e.id).collect();
        reader
            .done
            .extend(committed.iter().filter(|id| !own.contains(id)));
        Ok(events)
    }

    /// Makes this process the consumer `name` of the log (see
    /// [`Store::serve_events_as`](crate::store::Store::serve_events_as)): called by a front end
    /// before it answers any command, so that its answers owe their events to it.
    pub fn serve_events_as(&self, name: &str) {
        self.store().serve_events_as(name);
    }

    /// Changes each time events are committed (by this process, or on PostgreSQL by any): the
    /// consumer waits on it rather than polling.
    pub async fn event_wakeups(&self) -> tokio::sync::watch::Receiver<()> {
        self.store().event_wakeups().await
    }

    /// Records that the reader is done with the events `ids` (an announcement's, once posted):
    /// at once, so that a restart does not post them again.
    pub async fn event_reader_done(
        &self,
        reader: &mut EventReader,
        ids: &[EventId],
    ) -> Result<(), StoreError> {
        reader
            .done
            .extend(ids.iter().filter(|&&id| id > reader.position));
        self.record_position(reader).await
    }

    /// Moves the reader's position over what it is done with, and records it if it moved.
    async fn record_position(&self, reader: &mut EventReader) -> Result<(), StoreError> {
        let before = reader.position;
        if reader.advance()
            && let Err(error) = self
                .store()
                .set_reader_position(&reader.name, reader.position, self.now())
                .await
        {
            // Tried again with the next move: until then, nothing is lost, only told again
            // after a restart.
            reader
                .done
                .extend((before.0 + 1..=reader.position.0).map(EventId));
            reader.position = before;
            return Err(error);
        }
        Ok(())
    }

    /// Drops the events older than the service keeps them
    /// ([`Service::with_events_kept`]); a failure is logged, and the next sweep tries again.
    pub(super) async fn prune_events(&self) {
        let kept = i64::try_from(self.events_kept().as_millis()).unwrap_or(i64::MAX);
        let before = Timestamp(self.now().0.saturating_sub(kept));
        match self.store().prune_events(before).await {
            Ok(0) => {}
            Ok(pruned) => tracing::debug!(pruned, "old events pruned"),
            Err(error) => {
                self.observer().database_error();
                tracing::warn!(%error, "could not prune old events");
            }
        }
    }

    /// Whether the reader must post `event` itself: no answer tells it, the answer that was
    /// to failed (or never reported), or the process that owed it is gone. An event this
    /// consumer's id owes that this process does not know of was owed by the process that
    /// served as this consumer before (it stopped, or died, before its answer reported).
    async fn owed(&self, event: &Event) -> bool {
        let deliveries = self.store().deliveries();
        if event.answered_by != Some(self.store().instance()) || !deliveries.knows(event.id) {
            return true;
        }
        deliveries.outcome(event.id, ANSWER_PATIENCE).await != Delivery::Delivered
    }

    /// The announcement of `events` (one post's worth, oldest first), marked as the
    /// consumer's own; an error when the database failed to give what it needs (the events
    /// stay owed).
    async fn announce_events(&self, events: Vec<Event>) -> Result<Announcement, StoreError> {
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

    /// [`Service::announce_events`]'s notice: by what the first of `events` is about (only a
    /// game's moves, offers and end come several to a post).
    async fn notice_of(&self, events: &[Event]) -> Result<Option<Notice>, StoreError> {
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
        &self,
        game: GameId,
        events: &[Event],
    ) -> Result<Option<Notice>, StoreError> {
        let players = Players::new(self.store());
        let loaded = match Loaded::load(self.store(), &players, game).await {
            Ok(Some(loaded)) => loaded,
            Ok(None) => return Ok(None),
            Err(error) => return unless_transient(error, "game", game.0),
        };
        let row = loaded.row();
        if row.place.front_end() != FrontEnd::Discord {
            return Ok(None);
        }
        let to_move = row.player(row.to_move);
        let lang = self
            .notice_language(
                &players,
                to_move.or(row.white).or(row.black),
                row.place.server,
            )
            .await;
        let voice = self.voice(lang);
        let accepted = events
            .iter()
            .any(|e| matches!(e.kind, EventKind::ChallengeAccepted { .. }));
        if accepted {
            // The game has just begun (the board shows any move made since).
            let reply = begun(self, voice, &loaded).await;
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
            .game_reply(voice, &loaded, lines.join("\n"), ping, true)
            .await;
        Ok(Some(Notice {
            place: row.place,
            reply,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader_at(position: i64) -> EventReader {
        EventReader {
            name: "test".into(),
            shards: None,
            reading: Reading::Posts,
            position: EventId(position),
            done: BTreeSet::new(),
            gaps: HashMap::new(),
            more: false,
        }
    }

    #[test]
    fn the_position_waits_at_a_gap_until_it_fills_or_has_waited_long_enough() {
        let mut reader = reader_at(10);
        // 12 is in flight: 11 and 13 are done with, the position stops at 11.
        reader.note_gaps(&[EventId(11), EventId(13)]);
        reader.done.extend([EventId(11), EventId(13)]);
        assert!(reader.advance());
        assert_eq!(reader.position(), EventId(11));
        assert!(reader.waits_for_a_gap());
        // 12 commits: the gap closes, and the position passes 13 as well.
        reader.note_gaps(&[EventId(12), EventId(13)]);
        assert!(!reader.waits_for_a_gap());
        reader.done.insert(EventId(12));
        assert!(reader.advance());
        assert_eq!(reader.position(), EventId(13));
        // 14 never commits (rolled back): passed once it has been a gap for GAP_PATIENCE.
        reader.note_gaps(&[EventId(15)]);
        reader.done.insert(EventId(15));
        assert!(!reader.advance());
        let long_ago = Instant::now().checked_sub(GAP_PATIENCE).unwrap();
        reader.gaps.insert(EventId(14), long_ago);
        assert!(reader.advance());
        assert_eq!(reader.position(), EventId(15));
        assert!(!reader.waits_for_a_gap());
        // A jump wider than any transaction in flight is passed at once.
        reader.note_gaps(&[EventId(15 + WIDEST_GAP + 2)]);
        reader.done.insert(EventId(15 + WIDEST_GAP + 2));
        assert!(reader.advance());
        assert_eq!(reader.position(), EventId(15 + WIDEST_GAP + 2));
        assert!(reader.done.is_empty() && reader.gaps.is_empty());
    }
}
