//! A reader's place in the log, and the one rule by which every reader (the Discord poster, the
//! turn notices' reader, the web's live hub) moves past an id it has not seen.
//!
//! On SQLite, with one writer at a time, ids commit in order: an id missing below ones that are
//! committed never comes (an event pruned, a restored database) and is passed at once. On
//! PostgreSQL ids come from a sequence before their transactions commit, so an id may be missing
//! only because its transaction is still in flight, for as long as it takes. A reader passes it
//! only once that transaction is known to be over: the writer has its transaction id before it
//! takes an event id ([`append`](super::log::append)), so the transaction that holds a missing
//! id is older than every transaction not yet begun when the ids after it were seen (the
//! snapshot's `xmax`); once no transaction older than that is running (a later snapshot's
//! `xmin` has reached it) and the id is still missing, it was rolled back. No wait by the clock:
//! a commit that lands a minute after its id was taken is read like any other.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::Row;

use super::EventId;
use crate::EventLog;
use crate::{Backend, Result};

/// The widest jump in the ids tracked as gaps: a wider one is no set of transactions in flight
/// (a sequence moved on by hand, a restored database) and is passed at once.
const WIDEST_GAP: i64 = 1_000;

/// One reader's place in the log: every event up to [`LogCursor::position`] is done with, and
/// some after it too (read past a gap, or another reader's to tell).
#[derive(Clone, Debug)]
pub struct LogCursor {
    position: EventId,
    /// Events after `position` done with already.
    done: BTreeSet<EventId>,
    /// Ids after `position` missing below ids that are committed, each with the horizon its
    /// transaction is below (PostgreSQL: the `xmax` of the snapshot that first showed it
    /// missing).
    gaps: BTreeMap<EventId, i64>,
}

/// What one snapshot showed committed after a cursor.
struct Committed {
    ids: Vec<EventId>,
    /// PostgreSQL: the snapshot's `xmin` (every older transaction is over) and `xmax` (every
    /// transaction that has begun is older). `None` on SQLite.
    snapshot: Option<(i64, i64)>,
}

impl LogCursor {
    /// A cursor done with every event up to `position`.
    pub fn at(position: EventId) -> LogCursor {
        LogCursor {
            position,
            done: BTreeSet::new(),
            gaps: BTreeMap::new(),
        }
    }

    /// The last event done with, and every one before it.
    pub fn position(&self) -> EventId {
        self.position
    }

    /// Whether a missing id holds the position back: its transaction may still commit, and the
    /// reader should look again soon, woken or not (it may be another process's).
    pub fn waits_for_a_gap(&self) -> bool {
        !self.gaps.is_empty()
    }

    /// Whether event `id` is done with.
    pub fn is_done(&self, id: EventId) -> bool {
        id <= self.position || self.done.contains(&id)
    }

    /// Marks the events `ids` done with.
    pub fn mark_done(&mut self, ids: impl IntoIterator<Item = EventId>) {
        let position = self.position;
        self.done
            .extend(ids.into_iter().filter(|&id| id > position));
    }

    /// Moves the position over what is done with and the gaps known to be rolled back; whether
    /// it moved.
    pub fn advance(&mut self) -> bool {
        let start = self.position;
        while self.done.remove(&EventId(self.position.0 + 1)) {
            self.position.0 += 1;
        }
        self.position != start
    }

    /// Puts the position back to `before` (its advance could not be recorded), keeping what
    /// it had passed as done with.
    pub fn back_to(&mut self, before: EventId) {
        self.done
            .extend((before.0 + 1..=self.position.0).map(EventId));
        self.position = before;
    }

    /// Notes what a snapshot showed committed after the position (in order): the ids missing
    /// below them become gaps, and the gaps whose transactions are over and still missing are
    /// passed (done with).
    fn note(&mut self, committed: &Committed) {
        let horizon = committed.snapshot.map_or(i64::MIN, |(_, xmax)| xmax);
        let mut expected = self.position.0 + 1;
        for id in &committed.ids {
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
                    self.gaps.entry(EventId(missing)).or_insert(horizon);
                }
            }
            self.gaps.remove(id);
            expected = id.0 + 1;
        }
        // SQLite: nothing is in flight once the snapshot is taken.
        let over = committed.snapshot.map_or(i64::MAX, |(xmin, _)| xmin);
        let visible: BTreeSet<EventId> = committed.ids.iter().copied().collect();
        let gone: Vec<EventId> = self
            .gaps
            .iter()
            .filter(|&(id, &below)| below <= over && !visible.contains(id))
            .map(|(&id, _)| id)
            .collect();
        for id in gone {
            self.gaps.remove(&id);
            self.done.insert(id);
        }
    }
}

impl EventLog<'_> {
    /// The ids of up to `limit` events committed after `cursor`'s position, in order, whoever
    /// tells them, read in one snapshot: the cursor notes the gaps below them and passes those
    /// it knows rolled back (see the module docs). What a reader reads first, to know how far
    /// the log is whole; the reader marks the ids it has nothing to do with done itself.
    pub async fn committed_after(self, cursor: &mut LogCursor, limit: u32) -> Result<Vec<EventId>> {
        let after = cursor.position.0;
        let committed = match self.store.backend {
            Backend::Sqlite => {
                let ids: Vec<i64> =
                    sqlx::query_scalar("SELECT id FROM events WHERE id > $1 ORDER BY id LIMIT $2")
                        .bind(after)
                        .bind(i64::from(limit))
                        .fetch_all(&self.store.pool)
                        .await?;
                Committed {
                    ids: ids.into_iter().map(EventId).collect(),
                    snapshot: None,
                }
            }
            Backend::Postgres => {
                // One statement, one snapshot: the ids and the transactions it saw running.
                let rows = sqlx::query(
                    "SELECT s.xmin, s.xmax, e.id FROM \
                       (SELECT CAST(CAST(pg_snapshot_xmin(pg_current_snapshot()) AS TEXT) AS BIGINT) \
                                 AS xmin, \
                               CAST(CAST(pg_snapshot_xmax(pg_current_snapshot()) AS TEXT) AS BIGINT) \
                                 AS xmax) s \
                     LEFT JOIN (SELECT id FROM events WHERE id > $1 ORDER BY id LIMIT $2) e \
                       ON TRUE \
                     ORDER BY e.id",
                )
                .bind(after)
                .bind(i64::from(limit))
                .fetch_all(&self.store.pool)
                .await?;
                let mut snapshot = None;
                let mut ids = Vec::with_capacity(rows.len());
                for row in &rows {
                    snapshot = Some((row.try_get("xmin")?, row.try_get("xmax")?));
                    ids.extend(row.try_get::<Option<i64>, _>("id")?.map(EventId));
                }
                Committed { ids, snapshot }
            }
        };
        cursor.note(&committed);
        Ok(committed.ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(ids: &[i64], snapshot: Option<(i64, i64)>) -> Committed {
        Committed {
            ids: ids.iter().copied().map(EventId).collect(),
            snapshot,
        }
    }

    #[test]
    fn a_gap_is_passed_once_its_transaction_is_over_however_long_it_takes() {
        let mut cursor = LogCursor::at(EventId(10));
        // 12 is missing below 13, with transactions up to 500 begun.
        cursor.note(&seen(&[11, 13], Some((490, 500))));
        cursor.mark_done([EventId(11), EventId(13)]);
        assert!(cursor.advance());
        assert_eq!(cursor.position(), EventId(11));
        assert!(cursor.waits_for_a_gap());
        // An older transaction is still running, however many later snapshots show it.
        for _ in 0..3 {
            cursor.note(&seen(&[13], Some((499, 530))));
            assert!(!cursor.advance());
        }
        // It commits: 12 is read, and the position passes 13 as well.
        cursor.note(&seen(&[12, 13], Some((520, 530))));
        assert!(!cursor.waits_for_a_gap());
        cursor.mark_done([EventId(12)]);
        assert!(cursor.advance());
        assert_eq!(cursor.position(), EventId(13));
        // 14 is missing; once every transaction older than the horizon is over and it is still
        // missing, it was rolled back: passed.
        cursor.note(&seen(&[15], Some((530, 540))));
        cursor.mark_done([EventId(15)]);
        assert!(!cursor.advance());
        cursor.note(&seen(&[15], Some((540, 541))));
        assert!(cursor.advance());
        assert_eq!(cursor.position(), EventId(15));
        assert!(!cursor.waits_for_a_gap());
        // SQLite: ids commit in order, a missing one never comes.
        cursor.note(&seen(&[17], None));
        cursor.mark_done([EventId(17)]);
        assert!(cursor.advance());
        assert_eq!(cursor.position(), EventId(17));
        // A jump wider than any transactions in flight is passed at once.
        let far = 17 + WIDEST_GAP + 2;
        cursor.note(&seen(&[far], Some((600, 700))));
        cursor.mark_done([EventId(far)]);
        assert!(cursor.advance());
        assert_eq!(cursor.position(), EventId(far));
        assert!(cursor.done.is_empty() && cursor.gaps.is_empty());
        // A position that could not be recorded goes back, what it passed still done with.
        cursor.back_to(EventId(far - 1));
        assert!(cursor.is_done(EventId(far)));
        assert!(cursor.advance());
        assert_eq!(cursor.position(), EventId(far));
    }
}
