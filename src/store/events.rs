//! The event log: every committed change someone must hear of (a move, a game's end, a
//! takeback, an offer) is an [`Event`] row written **in the same transaction** as the change,
//! with typed data rather than rendered text, so that each consumer says it in its reader's
//! language. Consumers read the log in order and record how far they got
//! ([`Store::reader_position`]): the Discord poster posts what no answer to a command told (a
//! move made elsewhere, or one whose answer a crash cut off), and after a restart it goes on from
//! its position, so an acknowledged move is announced even when the process died between the
//! commit and the post.
//!
//! # Who tells an event
//!
//! Most events are told by the answer to the very command that caused them: a move typed in its
//! game's thread is answered there with the board. Such an event is written with `answered_by`,
//! the id of the process ([`Store::instance`]) whose answer tells it, and the process keeps
//! track of that answer's delivery ([`Deliveries`]); a consumer then only waits for it, and posts
//! the event itself if the answer was not delivered, or the process that owed it is gone. An
//! event written outside any answer (a command made in another channel than the game's, a tool,
//! another front end) has no `answered_by`, and the consumer posts it.
//!
//! Which answer a write belongs to is the task it runs in: a front end runs a command inside
//! [`answering`], and the store reads that scope when it writes an event, without every method
//! between the command and the write passing it along (a command's moves are written by some
//! forty action paths, and an answer may hold several events: a move and the computer's reply).
//! A write on a task of its own (the SQLite group commit) carries the scope over explicitly.
//!
//! # Order and wake-ups
//!
//! On SQLite, with one writer at a time, each id is the newest one's successor, taken in the
//! insert itself (one statement, where a counter row would take a second), and ids are committed
//! in increasing order; pruning always keeps the newest event, so no id is given twice. On PostgreSQL they come from a sequence (`event_ids`, which
//! the store creates beside the migrations): a counter row's lock would be held by each writer
//! until its commit had reached the disk, and so put every move of every game in one line
//! behind one fsync at a time, where PostgreSQL otherwise commits concurrent transactions
//! together. A sequence's ids may commit out of order — id 11 visible while 10 is still in
//! flight — so a consumer that sees a gap below ids it has read waits for it
//! ([`Store::event_ids_after`] shows what is committed), and passes it only once it has stayed a
//! gap for a while (an id taken by a transaction that rolled back is never filled). A commit
//! wakes this process's consumers at once ([`Store::event_wakeups`]); on PostgreSQL the store
//! then sends `NOTIFY rollerball_events` ([`notify_others`]: after the commit, not in it), which
//! wakes the consumers of every other process (no polling on the hot path).

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use sqlx::{Any, Row, Transaction};
use tokio::sync::watch;

use super::types::{color_from_db, color_to_db};
use super::{
    Backend, Corruption, Game, GameId, GameResult, OfferKind, Result, Store, StoreError,
    Termination, Timestamp, discord_id_from_db, discord_id_to_db,
};
use crate::rules::Color;

/// The PostgreSQL channel a commit that wrote events notifies.
pub const NOTIFY_CHANNEL: &str = "rollerball_events";

/// An event's number: its place in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventId(pub i64);

/// What happened, with what a consumer needs to say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A move was played: the game reached `ply` with it.
    Moved {
        /// The ply the move made (1 for White's first).
        ply: u32,
        /// The move, in SAN.
        san: String,
        /// Who played it.
        color: Color,
    },
    /// The game ended, by a move or otherwise (resignation, agreement, time).
    Ended {
        /// The result.
        result: GameResult,
        /// How.
        termination: Termination,
    },
    /// Moves were taken back: the game is at `ply` again.
    TookBack {
        /// How many plies were taken back.
        plies: u32,
        /// The ply the game is back at.
        ply: u32,
    },
    /// A draw or a takeback was offered.
    Offered {
        /// What.
        offer: OfferKind,
        /// By whom.
        by: Color,
    },
    /// The pending offer was withdrawn or declined.
    OfferCleared,
}

impl EventKind {
    /// The kind's name as stored (and as metrics label it).
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::Moved { .. } => "moved",
            EventKind::Ended { .. } => "ended",
            EventKind::TookBack { .. } => "took_back",
            EventKind::Offered { .. } => "offered",
            EventKind::OfferCleared => "offer_cleared",
        }
    }

    /// The kind's fields as a JSON object.
    fn data(&self) -> Value {
        match self {
            EventKind::Moved { ply, san, color } => {
                json!({ "ply": ply, "san": san, "color": color_to_db(*color) })
            }
            EventKind::Ended {
                result,
                termination,
            } => json!({ "result": result.as_str(), "termination": termination.as_str() }),
            EventKind::TookBack { plies, ply } => json!({ "plies": plies, "ply": ply }),
            EventKind::Offered { offer, by } => {
                json!({ "offer": offer.as_str(), "by": color_to_db(*by) })
            }
            EventKind::OfferCleared => json!({}),
        }
    }

    /// Reads a stored kind back; `None` for a kind or fields this build does not know.
    fn read(kind: &str, data: &Value) -> Option<EventKind> {
        let text = |field: &str| data.get(field).and_then(Value::as_str);
        let number = |field: &str| {
            data.get(field)
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
        };
        Some(match kind {
            "moved" => EventKind::Moved {
                ply: number("ply")?,
                san: text("san")?.to_string(),
                color: color_from_db(text("color")?).ok()?,
            },
            "ended" => EventKind::Ended {
                result: GameResult::parse(text("result")?).ok()?,
                termination: text("termination")?.parse().ok()?,
            },
            "took_back" => EventKind::TookBack {
                plies: number("plies")?,
                ply: number("ply")?,
            },
            "offered" => EventKind::Offered {
                offer: OfferKind::parse(text("offer")?).ok()?,
                by: color_from_db(text("by")?).ok()?,
            },
            "offer_cleared" => EventKind::OfferCleared,
            _ => return None,
        })
    }
}

/// One row of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Its number.
    pub id: EventId,
    /// When it was committed.
    pub at: Timestamp,
    /// The game it is about.
    pub game: Option<GameId>,
    /// The server of the place it belongs to (`None` in direct messages): which shard tells it.
    pub server: Option<u64>,
    /// Where it belongs: the game's thread, else its channel.
    pub channel: u64,
    /// The process ([`Store::instance`]) whose answer to a command tells it; `None` when no
    /// answer does.
    pub answered_by: Option<i64>,
    /// What happened.
    pub kind: EventKind,
}

/// The answer a task's writes belong to: set by [`answering`] around a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The channel the answer is posted in; `None`: the caller tells every event it writes,
    /// wherever it belongs (the deadline sweep, which posts each notice in its game's place).
    pub channel: Option<u64>,
}

impl Answer {
    /// Whether this answer tells an event that belongs in `channel`.
    fn tells(self, channel: u64) -> bool {
        self.channel.is_none_or(|c| c == channel)
    }
}

/// The scope [`answering`] sets: the answer, and the events written under it.
struct Scope {
    answer: Answer,
    written: RefCell<Vec<EventId>>,
}

tokio::task_local! {
    static SCOPE: Scope;
}

/// Runs `work` as the answer `answer`: the events its writes make are returned with its output,
/// and those the answer tells are written with this process as their `answered_by`.
pub async fn answering<F: Future>(answer: Answer, work: F) -> (F::Output, Vec<EventId>) {
    let scope = Scope {
        answer,
        written: RefCell::new(Vec::new()),
    };
    SCOPE
        .scope(scope, async move {
            let output = work.await;
            let written = SCOPE.with(|s| s.written.take());
            (output, written)
        })
        .await
}

/// The answer the current task writes under, if any.
pub(super) fn current_answer() -> Option<Answer> {
    SCOPE.try_with(|s| s.answer).ok()
}

/// Notes events written (and committed) for the current task's answer.
pub(super) fn note_written(ids: &[EventId]) {
    let _ = SCOPE.try_with(|s| s.written.borrow_mut().extend_from_slice(ids));
}

/// Where the delivery of an answer that tells events stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// The answer is being put together or sent.
    Pending,
    /// It was delivered: the events it tells need nothing more.
    Delivered,
    /// It was not: a consumer must tell them itself.
    Failed,
}

/// The events this process promised to tell in its answers, and how each delivery went: what a
/// consumer of the log waits for before passing an event it does not post itself.
/// Nothing is kept until a consumer runs in the process ([`Deliveries::enable`]): the console,
/// the tests and the tools deliver their answers with nobody waiting.
#[derive(Clone, Default)]
pub struct Deliveries {
    state: Arc<Mutex<HashMap<EventId, Delivery>>>,
    changed: Arc<tokio::sync::Notify>,
    enabled: Arc<AtomicBool>,
}

impl Deliveries {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<EventId, Delivery>> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A consumer of the log runs in this process: from now on deliveries are kept for it.
    pub fn enable(&self) {
        self.enabled.store(true, Ordering::Release);
    }

    /// Records how the delivery of the answer telling `ids` went (or that it is under way).
    pub fn set(&self, ids: &[EventId], delivery: Delivery) {
        if !self.enabled.load(Ordering::Acquire) {
            return;
        }
        {
            let mut map = self.map();
            for id in ids {
                map.insert(*id, delivery);
            }
        }
        self.changed.notify_waiters();
    }

    /// Waits until the answer telling `id` is delivered or failed, for at most `patience`
    /// (an answer that never reports counts as failed); the entry is then forgotten.
    pub async fn outcome(&self, id: EventId, patience: Duration) -> Delivery {
        let settled = async {
            loop {
                let changed = self.changed.notified();
                tokio::pin!(changed);
                changed.as_mut().enable();
                match self.map().get(&id) {
                    Some(Delivery::Pending) | None => {}
                    Some(&done) => return done,
                }
                changed.await;
            }
        };
        let outcome = tokio::time::timeout(patience, settled)
            .await
            .unwrap_or(Delivery::Failed);
        self.map().remove(&id);
        outcome
    }

    /// Whether this process knows of an answer telling `id`.
    pub fn knows(&self, id: EventId) -> bool {
        self.map().contains_key(&id)
    }
}

/// Writes `kind` about `game` as the last statement of `tx`, under `answer` (the current task's,
/// or carried over from the task that asked for the write); returns its id if that answer tells
/// it (the caller notes it once committed), `None` if the log's consumer is to.
pub(super) async fn append(
    tx: &mut Transaction<'_, Any>,
    store: &EventSink,
    answer: Option<Answer>,
    game: &Game,
    kind: &EventKind,
    now: Timestamp,
) -> Result<Option<EventId>> {
    let channel = game.place.thread.unwrap_or(game.place.channel);
    let answered_by = answer
        .filter(|a| a.tells(channel))
        .map(|_| store.instance.load(Ordering::Acquire));
    // SQLite, one writer at a time: the next id is the newest one's successor, taken in the
    // insert itself (pruning always keeps the newest event, so no id comes back).
    // PostgreSQL, concurrent writers: a sequence, whose ids may commit out of order (see the
    // module docs); a counter row would hold every other writer until this one's commit.
    let sql = match store.backend {
        Backend::Sqlite => {
            "INSERT INTO events (id, at, kind, game_id, server_id, channel_id, answered_by, data) \
             SELECT COALESCE(MAX(id), 0) + 1, $1, $2, $3, $4, $5, $6, $7 FROM events \
             RETURNING id"
        }
        Backend::Postgres => {
            "INSERT INTO events (id, at, kind, game_id, server_id, channel_id, answered_by, data) \
             VALUES (nextval('event_ids'), $1, $2, $3, $4, $5, $6, $7) RETURNING id"
        }
    };
    let id = EventId(
        sqlx::query_scalar(sql)
            .bind(now.0)
            .bind(kind.name())
            .bind(game.id.0)
            .bind(game.place.server.map(discord_id_to_db))
            .bind(discord_id_to_db(channel))
            .bind(answered_by)
            .bind(kind.data().to_string())
            .fetch_one(&mut **tx)
            .await?,
    );
    if answered_by.is_some() {
        store.deliveries.set(&[id], Delivery::Pending);
    }
    Ok(answered_by.map(|_| id))
}

/// PostgreSQL only: creates the sequence of event ids (`event_ids`) if the database has none,
/// starting after the newest event, under the migrator's lock. Portable migrations cannot
/// create it: SQLite has no sequences, and takes its ids from the `event` counter row.
pub(super) async fn ensure_sequence(conn: &mut sqlx::AnyConnection) -> Result<()> {
    use sqlx::migrate::Migrate;
    conn.lock().await.map_err(sqlx::Error::from)?;
    let made = async {
        let missing: i64 =
            sqlx::query_scalar("SELECT CASE WHEN to_regclass('event_ids') IS NULL THEN CAST(1 AS BIGINT) ELSE CAST(0 AS BIGINT) END")
                .fetch_one(&mut *conn)
                .await?;
        if missing == 1 {
            sqlx::query("CREATE SEQUENCE event_ids")
                .execute(&mut *conn)
                .await?;
            restart_sequence(conn).await?;
        }
        Ok::<_, StoreError>(())
    }
    .await;
    conn.unlock().await.map_err(sqlx::Error::from)?;
    made
}

/// PostgreSQL only: the sequence of event ids goes on after the newest event (after a copy).
pub(super) async fn restart_sequence(conn: &mut sqlx::AnyConnection) -> Result<()> {
    sqlx::query(
        "SELECT CAST(setval('event_ids', COALESCE((SELECT MAX(id) FROM events), 0) + 1, false) \
           AS BIGINT)",
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// PostgreSQL only: wakes the other processes' consumers after this process's commits that
/// wrote events, with `NOTIFY rollerball_events`, until the store is dropped. Sent after the
/// commit, on a connection of its own, one at a time, so that the commits made while one is in
/// flight share the next: a `NOTIFY` inside each move's transaction would take PostgreSQL's
/// lock on the notification queue at every commit, and so put every move of every game in one
/// line behind one fsync at a time. A process that dies between a commit and its notification
/// leaves the others to find the event at their periodic check.
pub(super) async fn notify_others(pool: sqlx::AnyPool, mut local: watch::Receiver<()>) {
    while local.changed().await.is_ok() {
        local.borrow_and_update();
        let sent = sqlx::query("SELECT pg_notify($1, '')")
            .bind(NOTIFY_CHANNEL)
            .execute(&pool)
            .await;
        if let Err(error) = sent {
            tracing::warn!(%error, "could not wake the other processes for new events; they find them at their periodic check");
        }
    }
}

/// What an event write needs of the store, cloned into tasks that commit for others.
#[derive(Clone)]
pub(super) struct EventSink {
    /// This process's id in `answered_by` (shared by the store's clones: it is set once, by
    /// the front end that serves as a consumer, [`Store::serve_events_as`]).
    pub(super) instance: Arc<AtomicI64>,
    pub(super) backend: Backend,
    pub(super) deliveries: Deliveries,
    /// Changes with every commit that wrote events: what this process's consumers wait on,
    /// which other processes' notifications change too.
    pub(super) wake: Arc<watch::Sender<()>>,
    /// Changes with every commit of this process that wrote events: what the notifier of the
    /// other processes waits on ([`notify_others`]).
    pub(super) local: Arc<watch::Sender<()>>,
}

impl EventSink {
    /// After a commit that wrote events, `told` those the current answer tells: the answer notes
    /// them, and the consumers of this process (and, on PostgreSQL, of the others) wake up —
    /// for every event, told or not: the consumer posts the others. A delivery that was promised
    /// for a transaction that did not commit is forgotten by the caller with
    /// [`EventSink::rolled_back`].
    pub(super) fn committed(&self, told: &[EventId]) {
        note_written(told);
        self.wake.send_replace(());
        self.local.send_replace(());
    }

    /// The transaction that wrote `ids` was rolled back: nothing is owed for them.
    pub(super) fn rolled_back(&self, ids: &[EventId]) {
        let mut map = self.deliveries.map();
        for id in ids {
            map.remove(id);
        }
    }
}

/// A random id for a store whose process consumes no events (the console, a tool, a test):
/// nobody else takes its events for their own.
pub(super) fn new_instance() -> Arc<AtomicI64> {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    // Positive, so that it reads the same in every tool.
    Arc::new(AtomicI64::new((hasher.finish() >> 1) as i64))
}

/// The id of the process serving as the consumer `name`: the same after every restart (FNV-1a
/// of the name), so that a process started again finds the events its predecessor owed.
fn instance_of(name: &str) -> i64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    (hash >> 1) as i64
}

/// Which events a consumer reads: those of a range of shards (by the server's id, as Discord
/// shards them), or all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardFilter {
    /// The first shard.
    pub first: u32,
    /// The last shard.
    pub last: u32,
    /// How many shards there are.
    pub total: u32,
}

impl Store {
    /// This process's id in the log's `answered_by`.
    pub fn instance(&self) -> i64 {
        self.events.instance.load(Ordering::Acquire)
    }

    /// Makes this process the consumer `name` (`discord 0-1/4`): its answers are written with
    /// that consumer's id, the same after a restart, and their deliveries are kept for it. Only
    /// one process may serve as one consumer at a time. Called before any command is answered.
    pub fn serve_events_as(&self, name: &str) {
        self.events
            .instance
            .store(instance_of(name), Ordering::Release);
        self.events.deliveries.enable();
    }

    /// The deliveries of the answers this process owes (see the module docs).
    pub fn deliveries(&self) -> &Deliveries {
        &self.events.deliveries
    }

    /// Changes each time events are committed, by this process or (on PostgreSQL) any other:
    /// consumers wait on it instead of polling. On PostgreSQL the first call starts listening.
    pub async fn event_wakeups(&self) -> watch::Receiver<()> {
        if self.backend == Backend::Postgres {
            self.listen_for_events().await;
        }
        self.events.wake.subscribe()
    }

    /// Starts (once) the task that turns PostgreSQL's notifications into wake-ups. If it cannot
    /// listen, consumers still wake on this process's commits and on their periodic check.
    async fn listen_for_events(&self) {
        let Some(url) = self.url.as_deref() else {
            return;
        };
        let mut started = self.listening.lock().await;
        if *started {
            return;
        }
        let mut listener = match sqlx::postgres::PgListener::connect(url).await {
            Ok(listener) => listener,
            Err(error) => {
                tracing::warn!(%error, "cannot listen for other processes' events; they are found by the periodic check");
                return;
            }
        };
        if let Err(error) = listener.listen(NOTIFY_CHANNEL).await {
            tracing::warn!(%error, "cannot listen for other processes' events; they are found by the periodic check");
            return;
        }
        *started = true;
        let committed = Arc::clone(&self.events.wake);
        tokio::spawn(async move {
            loop {
                // `recv` reconnects by itself after a lost connection.
                match listener.recv().await {
                    Ok(_) => {
                        committed.send_replace(());
                    }
                    Err(error) => {
                        tracing::warn!(%error, "listening for events failed; trying again");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
                // Nobody waits any more (the store's consumers are gone): stop listening.
                if committed.receiver_count() == 0 {
                    return;
                }
            }
        });
    }

    /// Up to `limit` events after `after`, oldest first, that this process's consumer must see:
    /// those its own answers tell ([`Store::instance`]), and those no answer tells of the shards
    /// `shards` names (all when `None`; direct messages count as shard 0). An event another
    /// process's answer tells is that process's to see.
    pub async fn events_after(
        &self,
        after: EventId,
        shards: Option<ShardFilter>,
        limit: u32,
    ) -> Result<Vec<Event>> {
        let me = self.instance();
        let rows = match shards {
            None => {
                let sql = format!(
                    "{EVENT_COLUMNS} WHERE id > $1 AND (answered_by IS NULL OR answered_by = $3) \
                     ORDER BY id LIMIT $2"
                );
                sqlx::query(&sql)
                    .bind(after.0)
                    .bind(i64::from(limit))
                    .bind(me)
                    .fetch_all(&self.pool)
                    .await?
            }
            Some(ShardFilter { first, last, total }) => {
                // Discord's shard of a server: (id >> 22) % total. Ids stored above i64::MAX
                // read back negative; ids that large are decades away.
                let sql = format!(
                    "{EVENT_COLUMNS} WHERE id > $1 AND (answered_by = $6 OR (answered_by IS NULL AND \
                       ((server_id IS NULL AND $3 = 0) OR \
                        ((server_id / 4194304) % $5 BETWEEN $3 AND $4)))) \
                     ORDER BY id LIMIT $2"
                );
                sqlx::query(&sql)
                    .bind(after.0)
                    .bind(i64::from(limit))
                    .bind(i64::from(first))
                    .bind(i64::from(last))
                    .bind(i64::from(total.max(1)))
                    .bind(me)
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        read_events(&rows)
    }

    /// The ids of up to `limit` events after `after`, in order, whoever tells them: what a
    /// consumer sees committed, to tell a gap of its own events from one of a transaction still
    /// in flight (see the module docs).
    pub async fn event_ids_after(&self, after: EventId, limit: u32) -> Result<Vec<EventId>> {
        let ids: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM events WHERE id > $1 ORDER BY id LIMIT $2")
                .bind(after.0)
                .bind(i64::from(limit))
                .fetch_all(&self.pool)
                .await?;
        Ok(ids.into_iter().map(EventId).collect())
    }

    /// Up to `limit` events after `after`, oldest first, whoever tells them: the whole log, as
    /// the tools and the watchers of a game read it.
    pub async fn all_events_after(&self, after: EventId, limit: u32) -> Result<Vec<Event>> {
        let sql = format!("{EVENT_COLUMNS} WHERE id > $1 ORDER BY id LIMIT $2");
        let rows = sqlx::query(&sql)
            .bind(after.0)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        read_events(&rows)
    }
}

/// The columns of an event, as [`read_events`] reads them.
const EVENT_COLUMNS: &str =
    "SELECT id, at, kind, game_id, server_id, channel_id, answered_by, data FROM events";

/// Events from their rows.
fn read_events(rows: &[sqlx::any::AnyRow]) -> Result<Vec<Event>> {
    let mut events = Vec::with_capacity(rows.len());
    for row in rows {
        let id = EventId(row.try_get("id")?);
        let kind: String = row.try_get("kind")?;
        let data: String = row.try_get("data")?;
        let value: Value = serde_json::from_str(&data).unwrap_or(Value::Null);
        let Some(kind) = EventKind::read(&kind, &value) else {
            return Err(StoreError::Corrupt(Corruption::Event {
                id: id.0,
                kind,
                data,
            }));
        };
        events.push(Event {
            id,
            at: Timestamp(row.try_get("at")?),
            game: row.try_get::<Option<i64>, _>("game_id")?.map(GameId),
            server: row
                .try_get::<Option<i64>, _>("server_id")?
                .map(discord_id_from_db),
            channel: discord_id_from_db(row.try_get("channel_id")?),
            answered_by: row.try_get("answered_by")?,
            kind,
        });
    }
    Ok(events)
}

impl Store {
    /// The newest event's id (0 when the log is empty).
    pub async fn last_event(&self) -> Result<EventId> {
        let id: Option<i64> = sqlx::query_scalar("SELECT MAX(id) FROM events")
            .fetch_one(&self.pool)
            .await?;
        Ok(EventId(id.unwrap_or(0)))
    }

    /// How far the consumer `reader` got; `None` for one that never recorded a position.
    pub async fn reader_position(&self, reader: &str) -> Result<Option<EventId>> {
        let position: Option<i64> =
            sqlx::query_scalar("SELECT position FROM event_readers WHERE name = $1")
                .bind(reader)
                .fetch_optional(&self.pool)
                .await?;
        Ok(position.map(EventId))
    }

    /// Records that `reader` is done with every event up to `position`.
    pub async fn set_reader_position(
        &self,
        reader: &str,
        position: EventId,
        now: Timestamp,
    ) -> Result<()> {
        let mut writer = self.writer().await?;
        sqlx::query(
            "INSERT INTO event_readers (name, position, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO UPDATE SET position = excluded.position, \
               updated_at = excluded.updated_at",
        )
        .bind(reader)
        .bind(position.0)
        .bind(now.0)
        .execute(&mut *writer)
        .await?;
        Ok(())
    }

    /// Drops the events committed before `before` (the sweep keeps 30 days by default) and
    /// returns how many went.
    pub async fn prune_events(&self, before: Timestamp) -> Result<u64> {
        let mut writer = self.writer().await?;
        // The newest event stays, whatever its age: on SQLite the next id follows it.
        let done =
            sqlx::query("DELETE FROM events WHERE at < $1 AND id < (SELECT MAX(id) FROM events)")
                .bind(before.0)
                .execute(&mut *writer)
                .await?;
        Ok(done.rows_affected())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_as_written() {
        let kinds = [
            EventKind::Moved {
                ply: 7,
                san: "Rxe2+".into(),
                color: Color::White,
            },
            EventKind::Ended {
                result: GameResult::BlackWins,
                termination: Termination::Resignation,
            },
            EventKind::TookBack { plies: 2, ply: 5 },
            EventKind::Offered {
                offer: OfferKind::Draw,
                by: Color::Black,
            },
            EventKind::OfferCleared,
        ];
        for kind in kinds {
            assert_eq!(EventKind::read(kind.name(), &kind.data()), Some(kind));
        }
        assert_eq!(EventKind::read("moved", &json!({ "ply": 1 })), None);
        assert_eq!(EventKind::read("teleported", &json!({})), None);
    }
}
