//! Writing the log (in the change's transaction, the id by database), waking its consumers,
//! and reading it.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use serde_json::Value;
use sqlx::{Any, Connection, Row, Transaction};
use tokio::sync::watch;

use super::answers::{Answer, Deliveries, Delivery, current_answer, note_written};
use super::{Event, EventId, EventKind, NOTIFY_CHANNEL, ShardFilter};
use crate::EventLog;
use crate::types::PlayerIdColumn;
use crate::{
    Backend, Challenge, Corruption, Game, GameId, Place, PlayerId, Result, Store, StoreError,
    Timestamp, Tournament, discord_id_from_db, discord_id_to_db,
};

/// What an event is about: its game, if any, and the place it belongs in (the game's thread,
/// else its channel; a challenge's channel).
#[derive(Clone, Copy, Debug)]
pub(crate) struct About {
    pub(crate) game: Option<GameId>,
    pub(crate) place: Place,
}

impl About {
    /// A challenge's event (about the game it began, if it did): told where it was made.
    pub(crate) fn challenge(challenge: &Challenge, game: Option<GameId>) -> About {
        About {
            game,
            place: challenge.place,
        }
    }

    /// A tournament's event: told in its home channel.
    pub(crate) fn tournament(tournament: &Tournament) -> About {
        About {
            game: None,
            place: tournament.place,
        }
    }
}

impl From<&Game> for About {
    fn from(game: &Game) -> About {
        About {
            game: Some(game.id),
            place: game.place,
        }
    }
}

/// Writes `kind` about `about` as the last statement of `tx`, under `answer` (the current
/// task's, or carried over from the task that asked for the write); returns its id if that
/// answer tells it (the caller notes it once committed), `None` if the log's consumer is to.
pub(crate) async fn append(
    tx: &mut Transaction<'_, Any>,
    store: &EventSink,
    answer: Option<Answer>,
    about: impl Into<About>,
    kind: &EventKind,
    now: Timestamp,
) -> Result<Option<EventId>> {
    let About { game, place } = about.into();
    let channel = place.thread.unwrap_or(place.channel);
    let answered_by = answer
        .filter(|a| a.tells(channel))
        .map(|_| store.instance.load(Ordering::Acquire));
    let actor = answer.and_then(|a| a.actor).map(PlayerId::to_db);
    // SQLite, one writer at a time: the next id is the newest one's successor, taken in the
    // insert itself (pruning always keeps the newest event, so no id comes back).
    // PostgreSQL, concurrent writers: a sequence, whose ids may commit out of order (see the
    // module docs); a counter row would hold every other writer until this one's commit. The
    // transaction takes its id (`pg_current_xact_id`, in a subquery evaluated first) before the
    // event's: what lets a reader know when a missing id's transaction is over (`cursor.rs`).
    let sql = match store.backend {
        Backend::Sqlite => {
            "INSERT INTO events (id, at, kind, game_id, server_id, channel_id, answered_by, data, \
               actor_id) \
             SELECT COALESCE(MAX(id), 0) + 1, $1, $2, $3, $4, $5, $6, $7, $8 FROM events \
             RETURNING id"
        }
        Backend::Postgres => {
            "INSERT INTO events (id, at, kind, game_id, server_id, channel_id, answered_by, data, \
               actor_id) \
             SELECT nextval('event_ids'), $1, $2, $3, $4, $5, $6, $7, $8 \
             FROM (SELECT pg_current_xact_id() AS xid OFFSET 0) AS writer \
             WHERE writer.xid IS NOT NULL RETURNING id"
        }
    };
    let id = EventId(
        sqlx::query_scalar(sql)
            .bind(now.0)
            .bind(kind.name())
            .bind(game.map(|g| g.0))
            .bind(place.server.map(discord_id_to_db))
            .bind(discord_id_to_db(channel))
            .bind(answered_by)
            .bind(kind.data().to_string())
            .bind(actor)
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
/// create it: SQLite has no sequences (there each id follows the newest event).
pub(crate) async fn ensure_sequence(conn: &mut sqlx::AnyConnection) -> Result<()> {
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
            restart_event_sequence(conn).await?;
        }
        Ok::<_, StoreError>(())
    }
    .await;
    conn.unlock().await.map_err(sqlx::Error::from)?;
    made
}

/// PostgreSQL only: the sequence of event ids (`event_ids`) goes on after the newest event.
/// For a tool that wrote `events` rows itself, on its own connection and inside its own
/// transaction (the copy of `rollerball-ops`, `rollerball db copy`); the bot never needs it.
pub async fn restart_event_sequence(conn: &mut sqlx::AnyConnection) -> Result<()> {
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
pub(crate) async fn notify_others(pool: sqlx::AnyPool, mut local: watch::Receiver<()>) {
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
pub(crate) struct EventSink {
    /// This process's id in `answered_by` (shared by the store's clones: it is set once, by
    /// the front end that serves as a consumer, [`EventLog::serve_events_as`]).
    pub(crate) instance: Arc<AtomicI64>,
    pub(crate) backend: Backend,
    pub(crate) deliveries: Deliveries,
    /// Changes with every commit that wrote events: what this process's consumers wait on,
    /// which other processes' notifications change too.
    pub(crate) wake: Arc<watch::Sender<()>>,
    /// Changes with every commit of this process that wrote events: what the notifier of the
    /// other processes waits on ([`notify_others`]).
    pub(crate) local: Arc<watch::Sender<()>>,
}

impl EventSink {
    /// After a commit that wrote events, `told` those the current answer tells: the answer notes
    /// them, and the consumers of this process (and, on PostgreSQL, of the others) wake up —
    /// for every event, told or not: the consumer posts the others. A delivery that was promised
    /// for a transaction that did not commit is forgotten by the caller with
    /// [`EventSink::rolled_back`].
    pub(crate) fn committed(&self, told: &[EventId]) {
        note_written(told);
        self.wake.send_replace(());
        self.local.send_replace(());
    }

    /// The transaction that wrote `ids` was rolled back: nothing is owed for them.
    pub(crate) fn rolled_back(&self, ids: &[EventId]) {
        self.deliveries.forget(ids);
    }

    /// Writes `kind` about `about` in `tx`, under the current task's answer; returns the ids
    /// that answer tells, for [`EventSink::commit_telling`].
    pub(crate) async fn append_event(
        &self,
        tx: &mut Transaction<'_, Any>,
        about: impl Into<About>,
        kind: &EventKind,
        now: Timestamp,
    ) -> Result<Vec<EventId>> {
        let told = append(tx, self, current_answer(), about, kind, now).await?;
        Ok(told.into_iter().collect())
    }

    /// Commits `tx`, which wrote events (`wrote`), `told` those the current answer tells: it
    /// notes them and the consumers wake up; if the commit fails, nothing is owed for them.
    pub(crate) async fn commit_telling(
        &self,
        tx: Transaction<'_, Any>,
        told: &[EventId],
        wrote: bool,
    ) -> Result<()> {
        match tx.commit().await {
            Ok(()) => {
                if wrote {
                    self.committed(told);
                }
                Ok(())
            }
            Err(error) => {
                self.rolled_back(told);
                Err(error.into())
            }
        }
    }
}

/// A random id for a store whose process consumes no events (the console, a tool, a test):
/// nobody else takes its events for their own.
pub(crate) fn new_instance() -> Arc<AtomicI64> {
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

/// The id of the process serving as the consumer `name` ([`EventLog::instance`]): the same after
/// every restart (FNV-1a of the name), so that a process started again finds the events its
/// predecessor owed.
pub fn reader_instance(name: &str) -> i64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    (hash >> 1) as i64
}

impl Store {
    /// Claims up to `limit` due items with `sql` (`$1` now, `$2` the limit; see
    /// [`Store::claim_sql`]), read by `read`, in one transaction that also writes each one's
    /// event (`event`): an item claimed is an item the log tells.
    pub(crate) async fn claim_telling<T>(
        &self,
        sql: &str,
        now: Timestamp,
        limit: u32,
        read: impl Fn(&sqlx::any::AnyRow) -> Result<T>,
        event: impl Fn(&T) -> (About, EventKind),
    ) -> Result<Vec<T>> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let rows = sqlx::query(&self.claim_sql(sql))
            .bind(now.0)
            .bind(i64::from(limit))
            .fetch_all(&mut *tx)
            .await?;
        let items = rows.iter().map(read).collect::<Result<Vec<T>>>()?;
        let mut told = Vec::new();
        for item in &items {
            let (about, kind) = event(item);
            told.extend(self.events.append_event(&mut tx, about, &kind, now).await?);
        }
        self.events
            .commit_telling(tx, &told, !items.is_empty())
            .await?;
        Ok(items)
    }
}

impl<'a> EventLog<'a> {
    /// This process's id in the log's `answered_by`.
    pub fn instance(self) -> i64 {
        self.store.events.instance.load(Ordering::Acquire)
    }

    /// Makes this process the consumer `name` (`discord 0-1/4`): its answers are written with
    /// that consumer's id, the same after a restart, and their deliveries are kept for it. Only
    /// one process may serve as one consumer at a time. Called before any command is answered.
    pub fn serve_events_as(self, name: &str) {
        self.store
            .events
            .instance
            .store(reader_instance(name), Ordering::Release);
        self.store.events.deliveries.enable();
    }

    /// The deliveries of the answers this process owes (see the module docs).
    pub fn deliveries(self) -> &'a Deliveries {
        &self.store.events.deliveries
    }

    /// Changes each time events are committed, by this process or (on PostgreSQL) any other:
    /// consumers wait on it instead of polling. On PostgreSQL the first call starts listening.
    pub async fn event_wakeups(self) -> watch::Receiver<()> {
        if self.store.backend == Backend::Postgres {
            self.listen_for_events().await;
        }
        self.store.events.wake.subscribe()
    }

    /// Starts (once) the task that turns PostgreSQL's notifications into wake-ups. If it cannot
    /// listen, consumers still wake on this process's commits and on their periodic check.
    async fn listen_for_events(self) {
        let Some(url) = self.store.url.as_deref() else {
            return;
        };
        let mut started = self.store.listening.lock().await;
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
        let committed = Arc::clone(&self.store.events.wake);
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
    /// those its own answers tell ([`EventLog::instance`]), and those of the shards `shards` names
    /// (all when `None`; direct messages count as shard 0) that no answer tells or whose answer
    /// was owed by a process other than the consumers `others` still serving (a predecessor
    /// with other shards, gone). An event an answer of one of `others` tells is that one's to
    /// see (a sweep's notice in another process's server).
    pub async fn events_after(
        self,
        after: EventId,
        shards: Option<ShardFilter>,
        others: &[i64],
        limit: u32,
    ) -> Result<Vec<Event>> {
        let me = self.instance();
        // The ids are the consumers' own numbers, never a player's text: written into the
        // statement as literals so that one statement serves any number of them.
        let not_theirs = match others {
            [] => "TRUE".to_string(),
            _ => format!(
                "answered_by NOT IN ({})",
                others
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        // Discord's shard of a server: (id >> 22) % total. Ids stored above i64::MAX read back
        // negative; ids that large are decades away.
        let ShardFilter { first, last, total } = shards.unwrap_or(ShardFilter {
            first: 0,
            last: 0,
            total: 1,
        });
        let sql = format!(
            "{EVENT_COLUMNS} WHERE id > $1 AND (answered_by = $6 OR \
               ((answered_by IS NULL OR {not_theirs}) AND \
                ((server_id IS NULL AND $3 = 0) OR \
                 ((server_id / 4194304) % $5 BETWEEN $3 AND $4)))) \
             ORDER BY id LIMIT $2"
        );
        let rows = sqlx::query(&sql)
            .bind(after.0)
            .bind(i64::from(limit))
            .bind(i64::from(first))
            .bind(i64::from(last))
            .bind(i64::from(total.max(1)))
            .bind(me)
            .fetch_all(&self.store.pool)
            .await?;
        read_events(&rows)
    }

    /// Up to `limit` events of the kinds `kinds` (by name) after `after`, oldest first, of the
    /// shards `shards` names (all when `None`; direct messages count as shard 0), whichever
    /// answer tells them: what a consumer that every event of its shards concerns reads (the
    /// direct messages' one: a DM is owed however the move was told in its thread).
    pub async fn shard_events_after(
        self,
        after: EventId,
        shards: Option<ShardFilter>,
        kinds: &[&str],
        limit: u32,
    ) -> Result<Vec<Event>> {
        // The kinds are the caller's constants, never a player's text; written into the
        // statement as literals so that one statement serves any number of them.
        let kinds = kinds
            .iter()
            .map(|k| {
                debug_assert!(k.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
                format!("'{k}'")
            })
            .collect::<Vec<_>>()
            .join(", ");
        let ShardFilter { first, last, total } = shards.unwrap_or(ShardFilter {
            first: 0,
            last: 0,
            total: 1,
        });
        // As in `events_after`: Discord's shard of a server is (id >> 22) % total.
        let sql = format!(
            "{EVENT_COLUMNS} WHERE id > $1 AND kind IN ({kinds}) AND \
               ((server_id IS NULL AND $3 = 0) OR ((server_id / 4194304) % $5 BETWEEN $3 AND $4)) \
             ORDER BY id LIMIT $2"
        );
        let rows = sqlx::query(&sql)
            .bind(after.0)
            .bind(i64::from(limit))
            .bind(i64::from(first))
            .bind(i64::from(last))
            .bind(i64::from(total.max(1)))
            .fetch_all(&self.store.pool)
            .await?;
        read_events(&rows)
    }

    /// The newest `limit` events of game `id`, oldest first.
    pub async fn game_events(self, id: GameId, limit: u32) -> Result<Vec<Event>> {
        let rows = sqlx::query(GAME_EVENTS)
            .bind(id.0)
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        let mut events = read_events(&rows)?;
        events.reverse();
        Ok(events)
    }

    /// Up to `limit` events of game `id` after `after`, oldest first: what a watcher of one game
    /// missed while it was away (on the `events_game` index).
    pub async fn game_events_after(
        self,
        id: GameId,
        after: EventId,
        limit: u32,
    ) -> Result<Vec<Event>> {
        let sql = format!("{EVENT_COLUMNS} WHERE game_id = $1 AND id > $2 ORDER BY id LIMIT $3");
        let rows = sqlx::query(&sql)
            .bind(id.0)
            .bind(after.0)
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        read_events(&rows)
    }

    /// Up to `limit` events after `after`, oldest first, whoever tells them: the whole log, as
    /// the tools and the watchers of a game read it.
    pub async fn all_events_after(self, after: EventId, limit: u32) -> Result<Vec<Event>> {
        let sql = format!("{EVENT_COLUMNS} WHERE id > $1 ORDER BY id LIMIT $2");
        let rows = sqlx::query(&sql)
            .bind(after.0)
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        read_events(&rows)
    }
}

/// The columns of an event, as [`read_events`] reads them.
macro_rules! event_columns {
    () => {
        "SELECT id, at, kind, game_id, server_id, channel_id, answered_by, data, actor_id \
         FROM events"
    };
}
const EVENT_COLUMNS: &str = event_columns!();

/// The newest events of a game ($1), at most $2 (index `events_game`).
pub(crate) const GAME_EVENTS: &str = concat!(
    event_columns!(),
    " WHERE game_id = $1 ORDER BY id DESC LIMIT $2"
);

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
            actor: row
                .try_get::<Option<i64>, _>("actor_id")?
                .map(PlayerId::from_db),
            kind,
        });
    }
    Ok(events)
}

impl EventLog<'_> {
    /// The newest event's id (0 when the log is empty).
    pub async fn last_event(self) -> Result<EventId> {
        let id: Option<i64> = sqlx::query_scalar("SELECT MAX(id) FROM events")
            .fetch_one(&self.store.pool)
            .await?;
        Ok(EventId(id.unwrap_or(0)))
    }

    /// How far the consumer `reader` got; `None` for one that never recorded a position.
    pub async fn reader_position(self, reader: &str) -> Result<Option<EventId>> {
        let position: Option<i64> =
            sqlx::query_scalar("SELECT position FROM event_readers WHERE name = $1")
                .bind(reader)
                .fetch_optional(&self.store.pool)
                .await?;
        Ok(position.map(EventId))
    }

    /// Every consumer's name and how far it got: what a consumer new to the log takes over
    /// from ([`reader_instance`] gives the id its answers were written with).
    pub async fn reader_positions(self) -> Result<Vec<(String, EventId)>> {
        let rows: Vec<(String, i64)> =
            sqlx::query_as("SELECT name, position FROM event_readers ORDER BY name")
                .fetch_all(&self.store.pool)
                .await?;
        Ok(rows
            .into_iter()
            .map(|(name, position)| (name, EventId(position)))
            .collect())
    }

    /// Records that `reader` is done with every event up to `position`.
    pub async fn set_reader_position(
        self,
        reader: &str,
        position: EventId,
        now: Timestamp,
    ) -> Result<()> {
        let mut writer = self.store.writer().await?;
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
    pub async fn prune_events(self, before: Timestamp) -> Result<u64> {
        let mut writer = self.store.writer().await?;
        // The newest event stays, whatever its age: on SQLite the next id follows it.
        let done =
            sqlx::query("DELETE FROM events WHERE at < $1 AND id < (SELECT MAX(id) FROM events)")
                .bind(before.0)
                .execute(&mut *writer)
                .await?;
        Ok(done.rows_affected())
    }
}
