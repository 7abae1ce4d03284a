//! The event log's consumer, as a front end runs it: reading the log in order from where it
//! got to, it passes the events an answer of this process is telling (once that answer is
//! delivered), and turns the rest — written elsewhere, or owed by an answer that failed or by a
//! process that died — into notices to post in their game's place. The front end posts them
//! (with [`Told::nonce`]) and then records how far it got, so that after a crash it goes on from
//! the event it had not finished, and a post repeated then shows once.

use std::time::Duration;

use super::i18n::tr;
use super::loaded::Loaded;
use super::players::Players;
use super::present::Ping;
use super::reply::Notice;
use super::service::Service;
use super::told::Told;
use super::turn_notices::Turn;
use crate::model::{FrontEnd, GameId, Timestamp};
use crate::store::{Delivery, Event, EventId, EventKind, ShardFilter, StoreError};

/// How long the consumer waits for an answer of this process to report its delivery before it
/// posts the answer's events itself. An answer reports as soon as it is delivered or given up
/// (a deferred interaction may take a computer's search and Discord's retries); one that never
/// reports is a bug, and its events are not lost for it.
pub const ANSWER_PATIENCE: Duration = Duration::from_secs(120);

/// Most events read at once.
const BATCH: u32 = 50;

/// One consumer's place in the log.
#[derive(Clone, Debug)]
pub struct EventReader {
    /// Its name in the store (`discord 0-1/4`).
    name: String,
    /// The shards whose events it reads (`None`: all).
    shards: Option<ShardFilter>,
    /// The last event it is done with.
    position: EventId,
}

/// Events the consumer must post itself, as one message: consecutive events of one game owed by
/// one answer (a move and the computer's reply to it) are one post, as the answer was.
#[derive(Debug)]
pub struct Announcement {
    /// What to post, and where; `None` when the events need no post after all (the game
    /// cannot be read, or is not the front end's).
    pub notice: Option<Notice>,
    /// The last event it covers: once posted, the reader is done with it.
    pub upto: EventId,
}

impl EventReader {
    /// The last event the reader is done with.
    pub fn position(&self) -> EventId {
        self.position
    }
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
            position,
        })
    }

    /// The next events the reader must post itself, in order, after waiting for the answers of
    /// this process that tell the others. Empty when it is up to date.
    pub async fn next_announcements(
        &self,
        reader: &EventReader,
    ) -> Result<Vec<Announcement>, StoreError> {
        let events = self
            .store()
            .events_after(reader.position, reader.shards, BATCH)
            .await?;
        let mut announcements = Vec::new();
        let mut group: Vec<Event> = Vec::new();
        for event in events {
            let owed = self.owed(&event).await;
            self.observer().event_read(event.kind.name(), owed);
            if !owed {
                if !group.is_empty() {
                    announcements.push(self.announce_events(std::mem::take(&mut group)).await);
                }
                announcements.push(Announcement {
                    notice: None,
                    upto: event.id,
                });
                continue;
            }
            let joins = group.last().is_some_and(|last| {
                last.game == event.game && last.answered_by.is_some() && {
                    last.answered_by == event.answered_by
                }
            });
            if !joins && !group.is_empty() {
                announcements.push(self.announce_events(std::mem::take(&mut group)).await);
            }
            group.push(event);
        }
        if !group.is_empty() {
            announcements.push(self.announce_events(group).await);
        }
        Ok(announcements)
    }

    /// Makes this process the consumer `name` of the log (see [`Store::serve_events_as`](crate::store::Store::serve_events_as)):
    /// called by a front end before it answers any command, so that its answers owe their
    /// events to it.
    pub fn serve_events_as(&self, name: &str) {
        self.store().serve_events_as(name);
    }

    /// Changes each time events are committed (by this process, or on PostgreSQL by any): the
    /// consumer waits on it rather than polling.
    pub async fn event_wakeups(&self) -> tokio::sync::watch::Receiver<()> {
        self.store().event_wakeups().await
    }

    /// Records that the reader is done with every event up to `upto`.
    pub async fn event_reader_done(
        &self,
        reader: &mut EventReader,
        upto: EventId,
    ) -> Result<(), StoreError> {
        self.store()
            .set_reader_position(&reader.name, upto, self.now())
            .await?;
        reader.position = upto;
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
    /// to failed (or never reported), or the process that owed it is gone.
    /// An event this consumer's id owes that this process does not know of was owed by the
    /// process that served as this consumer before (it stopped, or died, before its answer
    /// reported).
    async fn owed(&self, event: &Event) -> bool {
        let deliveries = self.store().deliveries();
        if event.answered_by != Some(self.store().instance()) || !deliveries.knows(event.id) {
            return true;
        }
        deliveries.outcome(event.id, ANSWER_PATIENCE).await != Delivery::Delivered
    }

    /// The notice of `events` (one game's, oldest first): each move played, then whose turn
    /// it is (or how the game ended), with the board as it is now, pinging who must hear of
    /// it, in the game's place; the player to move gets their turn notice.
    async fn announce_events(&self, events: Vec<Event>) -> Announcement {
        let upto = events.last().map_or(EventId(0), |e| e.id);
        let ids: Vec<EventId> = events.iter().map(|e| e.id).collect();
        let notice = match events.first().and_then(|e| e.game) {
            Some(game) => self.game_announcement(game, &events).await,
            None => None,
        };
        Announcement {
            notice: notice.map(|mut notice| {
                notice.reply.told = Told::announced(ids);
                notice
            }),
            upto,
        }
    }

    async fn game_announcement(&self, game: GameId, events: &[Event]) -> Option<Notice> {
        let players = Players::new(self.store());
        let loaded = match Loaded::load(self.store(), &players, game).await {
            Ok(Some(loaded)) => loaded,
            Ok(None) => return None,
            Err(error) => {
                tracing::error!(game = game.0, %error, "cannot load a game to announce its events");
                return None;
            }
        };
        let row = loaded.row();
        if row.place.front_end() != FrontEnd::Discord {
            return None;
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
        let mut lines = Vec::new();
        let mut last_san = None;
        for event in events {
            if let EventKind::Moved { san, color, .. } = &event.kind {
                lines.push(tr!(
                    lang,
                    "move-played",
                    id = game.0,
                    player = voice.side(&loaded, *color),
                    san = san.as_str()
                ));
                last_san = Some(san.clone());
            }
        }
        lines.push(voice.turn_line(&loaded));
        let over = loaded.game().outcome().is_some();
        let ping = if over { Ping::Both } else { Ping::ToMove };
        let mut reply = self
            .game_reply(voice, &loaded, lines.join("\n"), ping, true)
            .await;
        if let Some(san) = &last_san {
            reply.direct.extend(
                self.turn_notice(&players, row, Turn::Moved(san), None)
                    .await,
            );
        }
        Some(Notice {
            place: row.place,
            reply,
        })
    }
}
