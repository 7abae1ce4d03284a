//! Committing moves: the guarded write of one move (the game advances one ply and the move
//! joins the record, in one transaction) and, on SQLite, the group commit that lets moves of
//! other games arriving meanwhile share that transaction and its one fsync (see the store's
//! module docs).

use sqlx::{Any, AnyConnection, Connection, Transaction};
use tokio::sync::oneshot;

use std::sync::atomic::{AtomicU64, Ordering};

use super::events::{self, Answer, Event, EventId, EventKind, EventSink, current_answer};
use super::games::{game_columns, game_from_row};
use super::types::color_to_db;
use super::writer::sqlite_commit_certainly_failed;
use super::{
    AfterMove, Backend, DatabaseError, Deadline, Ending, Game, GameId, Missing, NewMove, PlayerId,
    Result, StoreError, Timestamp, unique_to_conflict,
};
use crate::Play;
use crate::types::PlayerIdColumn as _;

impl Play<'_> {
    /// Commits the side to move's move: in one transaction the game advances one ply from
    /// `version` (an offer by the other side lapses — moving declines it — while the mover's own
    /// draw offer stands; the reminders restart) and the move joins the record. If
    /// the game changed since `version` was read, or is over, nothing is written and the error
    /// is [`StoreError::Conflict`]. Returns once the move is on disk. On SQLite, moves of other
    /// games arriving meanwhile share the transaction (group commit, see the module docs).
    pub async fn commit_move(
        self,
        id: GameId,
        version: i64,
        mv: &NewMove,
        after: AfterMove,
        now: Timestamp,
    ) -> Result<Game> {
        let request = MoveRequest {
            id,
            version,
            mv: mv.clone(),
            after,
            now,
            answer: current_answer(),
        };
        let Some(writer) = self.store.writer.clone() else {
            let mut writer = self.store.writer().await?;
            let outcome = commit_alone(
                &mut writer,
                &self.store.events,
                self.store.backend,
                &request,
            )
            .await;
            drop(writer);
            return match outcome {
                Err(StoreError::Unconfirmed(lost)) => {
                    self.told(self.settle_move(&request, lost).await)
                }
                outcome => self.told(outcome),
            };
        };
        // SQLite: group commit. The request joins the queue; whoever holds the writer next
        // commits everything queued in one transaction (one fsync), and each request still
        // gets its own guarded outcome.
        let (reply, mut outcome) = oneshot::channel();
        let ticket = NEXT_TICKET.fetch_add(1, Ordering::Relaxed);
        self.store
            .move_queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(PendingMove {
                ticket,
                request,
                reply,
            });
        loop {
            tokio::select! {
                biased;
                result = &mut outcome => {
                    return self.told(result.unwrap_or(Err(sqlx::Error::WorkerCrashed.into())));
                }
                guard = writer.clone().lock_owned() => {
                    let batch: Vec<PendingMove> = {
                        let mut queue = self.store
                            .move_queue
                            .lock()
                            .unwrap_or_else(|poisoned| poisoned.into_inner());
                        let n = queue.len().min(MAX_GROUP_COMMIT);
                        queue.drain(..n).collect()
                    };
                    let alone = matches!(batch.as_slice(), [only] if only.ticket == ticket);
                    if alone {
                        // Alone in the queue (one game at a time): commit here, without
                        // handing over to another task.
                        let mut guard = guard;
                        let Some(conn) = guard.as_mut() else {
                            return Err(StoreError::closed());
                        };
                        let outcome = self.commit_on_writer(conn, &batch[0].request);
                        return self.told(outcome.await);
                    }
                    if !batch.is_empty() {
                        // On a task of its own, so that a caller who gives up waiting cannot
                        // cut the batch short for the others.
                        let mut guard = guard;
                        let store = self.store.clone();
                        let group = async move {
                            match guard.as_mut() {
                                Some(conn) => store.play().commit_group(conn, batch).await,
                                None => {
                                    for pending in batch {
                                        let _ = pending.reply.send(Err(StoreError::closed()));
                                    }
                                }
                            }
                        };
                        let _ = tokio::spawn(group).await;
                    }
                }
            }
        }
    }

    /// A committed move's outcome for its caller: the events it wrote are noted for the
    /// caller's answer (in the caller's task: a group commit runs on a task of its own).
    fn told(self, outcome: Result<(Game, Vec<EventId>)>) -> Result<Game> {
        outcome.map(|(game, told)| {
            self.store.events.committed(&told);
            game
        })
    }
}

/// Most moves committed in one SQLite transaction.
const MAX_GROUP_COMMIT: usize = 64;

/// A move waiting to be committed.
pub(super) struct MoveRequest {
    id: GameId,
    version: i64,
    mv: NewMove,
    after: AfterMove,
    now: Timestamp,
    /// The answer of the task that asked for the move (the group commit runs on another).
    answer: Option<Answer>,
}

/// What a committed move gives back: the game after it, and the events it wrote.
type Committed = (Game, Vec<EventId>);

/// Tells the queued moves apart, so a caller finds its own.
static NEXT_TICKET: AtomicU64 = AtomicU64::new(0);

/// A move in the SQLite group-commit queue, with where to send its outcome.
pub(super) struct PendingMove {
    ticket: u64,
    request: MoveRequest,
    reply: oneshot::Sender<Result<Committed>>,
}

/// Applies one move inside `tx`. The outer error is a database failure (the transaction is then
/// unusable); the inner one is this move's own refusal (conflict, unknown game), after which the
/// transaction can go on, as nothing was written for it.
async fn apply_move(
    tx: &mut Transaction<'_, Any>,
    sink: &EventSink,
    request: &MoveRequest,
) -> Result<Result<Committed>> {
    let MoveRequest {
        id,
        version,
        mv,
        after,
        now,
        answer,
    } = request;
    let (status, result, termination, finished_at, deadline) = match *after {
        AfterMove::Continue(deadline) => ("active", None, None, None, Some(deadline)),
        AfterMove::End(Ending {
            result,
            termination,
        }) => (
            "finished",
            Some(result.as_str()),
            Some(termination.as_str()),
            Some(now.0),
            None,
        ),
    };
    let (remind_at, final_remind_at) = deadline.map_or((None, None), Deadline::reminder_columns);
    let sql = concat!(
        "UPDATE games SET fen = $3, ply = ply + 1, version = version + 1, \
           to_move = CASE to_move WHEN 'white' THEN 'black' ELSE 'white' END, \
           offer_kind = CASE WHEN offer_by = to_move THEN offer_kind END, \
           offer_by = CASE WHEN offer_by = to_move THEN offer_by END, \
           reminder_stage = 0, \
           deadline_at = $4, remind_at = $5, final_remind_at = $6, \
           status = $7, result = $8, termination = $9, finished_at = $10, updated_at = $11 \
         WHERE id = $1 AND version = $2 AND status = 'active' \
         RETURNING ",
        game_columns!()
    );
    let row = sqlx::query(sql)
        .bind(id.0)
        .bind(*version)
        .bind(&mv.fen_after)
        .bind(deadline.map(|d| d.at.0))
        .bind(remind_at)
        .bind(final_remind_at)
        .bind(status)
        .bind(result)
        .bind(termination)
        .bind(finished_at)
        .bind(now.0)
        .fetch_optional(&mut **tx)
        .await?;
    let Some(row) = row else {
        let exists = sqlx::query("SELECT 1 FROM games WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&mut **tx)
            .await?;
        return Ok(Err(match exists {
            Some(_) => StoreError::Conflict,
            None => StoreError::NotFound(Missing::Game(*id)),
        }));
    };
    let game = game_from_row(&row)?;
    let mover = game.to_move.opponent();
    sqlx::query(
        "INSERT INTO moves (game_id, ply, san, coord, fen_after, color, player_id, played_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id.0)
    .bind(i64::from(game.ply))
    .bind(&mv.san)
    .bind(&mv.coord)
    .bind(&mv.fen_after)
    .bind(color_to_db(mover))
    .bind(game.player(mover).map(PlayerId::to_db))
    .bind(now.0)
    .execute(&mut **tx)
    .await
    .map_err(unique_to_conflict)?;
    let moved = EventKind::Moved {
        ply: game.ply,
        san: mv.san.clone(),
        color: mover,
    };
    let mut told: Vec<EventId> = events::append(tx, sink, *answer, &game, &moved, *now)
        .await?
        .into_iter()
        .collect();
    if let (Some(result), Some(termination)) = (game.result, game.termination) {
        let ended = EventKind::Ended {
            result,
            termination,
        };
        told.extend(events::append(tx, sink, *answer, &game, &ended, *now).await?);
    }
    Ok(Ok((game, told)))
}

/// Commits one move in a transaction of its own. A `COMMIT` that failed in a way that may
/// still have applied it is [`StoreError::Unconfirmed`]; one that certainly wrote nothing is
/// [`StoreError::Database`].
async fn commit_alone(
    conn: &mut AnyConnection,
    sink: &EventSink,
    backend: Backend,
    request: &MoveRequest,
) -> Result<Committed> {
    let mut tx = conn.begin().await?;
    match apply_move(&mut tx, sink, request).await? {
        Ok((game, told)) => match tx.commit().await {
            Ok(()) => Ok((game, told)),
            Err(error) if commit_in_doubt(backend, &error) => {
                Err(StoreError::Unconfirmed(error.into()))
            }
            Err(error) => {
                sink.rolled_back(&told);
                Err(error.into())
            }
        },
        Err(refused) => {
            tx.rollback().await?;
            Err(refused)
        }
    }
}

/// Whether a failed `COMMIT` may have been applied all the same: on PostgreSQL when the
/// connection failed rather than the database (the `COMMIT` may have reached the server before
/// it broke), on SQLite unless the error says for certain that nothing was written.
fn commit_in_doubt(backend: Backend, error: &sqlx::Error) -> bool {
    match backend {
        Backend::Postgres => matches!(
            error,
            sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::Protocol(_)
        ),
        Backend::Sqlite => !sqlite_commit_certainly_failed(error),
    }
}

impl Play<'_> {
    /// The events this process's answer tells of the move that made ply `ply` of game `id`: its
    /// `Moved` and, if it ended the game, the `Ended` after it (among the game's newest).
    async fn events_of_move(self, id: GameId, ply: i64) -> Result<Vec<EventId>> {
        let events = self.store.event_log().game_events(id, 4).await?;
        let made =
            |e: &Event| matches!(e.kind, EventKind::Moved { ply: p, .. } if i64::from(p) == ply);
        let Some(at) = events.iter().position(made) else {
            return Ok(Vec::new());
        };
        let ended = |e: &&Event| matches!(e.kind, EventKind::Ended { .. });
        Ok(std::iter::once(&events[at])
            .chain(events[at + 1..].iter().take_while(ended))
            .filter(|e| e.answered_by == Some(self.store.event_log().instance()))
            .map(|e| e.id)
            .collect())
    }

    /// After a move's `COMMIT` failed in doubt (`lost`): finds out whether it was applied. On
    /// PostgreSQL the game's row is locked `FOR UPDATE` on another connection, which waits
    /// until the server has committed or rolled back the broken transaction (that transaction
    /// updated the row); then the move is there or it is not. On SQLite the writer was replaced
    /// first (see the `writer` module), and a read sees what the file holds. Returns the game
    /// and the events to tell if the move stands; the original error as
    /// [`StoreError::Database`] if it certainly does not (PostgreSQL: nothing was written); and
    /// [`StoreError::Unconfirmed`] if the database cannot tell within the acquire timeout, or
    /// on SQLite when the move is not seen (a commit whose log write failed half-way may still
    /// be found when the file is next opened).
    async fn settle_move(self, request: &MoveRequest, lost: DatabaseError) -> Result<Committed> {
        let check = async {
            let lock = match self.store.backend {
                Backend::Postgres => "SELECT version FROM games WHERE id = $1 FOR UPDATE",
                Backend::Sqlite => "SELECT version FROM games WHERE id = $1",
            };
            let version: Option<i64> = sqlx::query_scalar(lock)
                .bind(request.id.0)
                .fetch_optional(&self.store.pool)
                .await?;
            if version.is_none_or(|v| v == request.version) {
                return Ok::<_, StoreError>(None);
            }
            let mine =
                "SELECT ply FROM moves WHERE game_id = $1 AND fen_after = $2 AND played_at = $3";
            let found: Option<i64> = sqlx::query_scalar(mine)
                .bind(request.id.0)
                .bind(&request.mv.fen_after)
                .bind(request.now.0)
                .fetch_optional(&self.store.pool)
                .await?;
            let Some(ply) = found else {
                return Ok(None);
            };
            // The events the move wrote for this answer: it tells them, as it does those of a
            // move whose commit was answered.
            let told = match request.answer {
                Some(_) => self.events_of_move(request.id, ply).await?,
                None => Vec::new(),
            };
            Ok(self
                .store
                .games()
                .game(request.id)
                .await?
                .map(|game| (game, told)))
        };
        match tokio::time::timeout(self.store.acquire_timeout, check).await {
            Ok(Ok(Some(committed))) => {
                tracing::warn!(game = request.id.0, error = %lost, "a move's commit failed in doubt, but it was applied");
                Ok(committed)
            }
            Ok(Ok(None)) if self.store.backend == Backend::Postgres => {
                Err(StoreError::Database(lost))
            }
            Ok(Ok(None)) | Ok(Err(_)) | Err(_) => Err(StoreError::Unconfirmed(lost)),
        }
    }

    /// Commits one move alone on the SQLite writer `conn`, and leaves the writer fit for the
    /// next transaction whatever happened.
    async fn commit_on_writer(
        self,
        conn: &mut AnyConnection,
        request: &MoveRequest,
    ) -> Result<Committed> {
        self.store.ready_writer(conn).await?;
        let outcome = commit_alone(conn, &self.store.events, Backend::Sqlite, request).await;
        match outcome {
            Ok(committed) => {
                self.store.write_health.succeeded();
                Ok(committed)
            }
            // This move's own refusal: its transaction ended cleanly.
            Err(refused @ (StoreError::Conflict | StoreError::NotFound(_))) => Err(refused),
            Err(error) => {
                self.store.write_health.failed(&error);
                if let StoreError::Database(error) = &error
                    && error.is_out_of_reach()
                {
                    self.refuse_queued(error);
                }
                // Now rather than at the next write: a writer left in a transaction holds the
                // file's write lock against other processes meanwhile.
                let _ = self.store.ready_writer(conn).await;
                match error {
                    StoreError::Unconfirmed(lost) => self.settle_move(request, lost).await,
                    error => Err(error),
                }
            }
        }
    }

    /// Answers every move queued for the SQLite writer with `error`, which found the file out
    /// of reach (locked by another program past the busy timeout): committed one group after
    /// another, each would wait that timeout again.
    fn refuse_queued(self, error: &DatabaseError) {
        let queued: Vec<PendingMove> = std::mem::take(
            &mut *self
                .store
                .move_queue
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        );
        for pending in queued {
            let _ = pending.reply.send(Err(StoreError::Database(error.copy())));
        }
    }

    /// Commits a group of moves in one transaction on the SQLite writer `conn` and answers
    /// each. If anything fails at the database level, nothing of the group stands and every
    /// move is retried alone, so each caller gets its own true outcome; if the group's `COMMIT`
    /// failed in doubt, each move is looked for instead of being tried again.
    async fn commit_group(self, conn: &mut AnyConnection, batch: Vec<PendingMove>) {
        let together: Result<Vec<Result<Committed>>> = async {
            self.store.ready_writer(conn).await?;
            let mut tx = conn.begin().await?;
            let mut outcomes = Vec::with_capacity(batch.len());
            for pending in &batch {
                outcomes.push(apply_move(&mut tx, &self.store.events, &pending.request).await?);
            }
            match tx.commit().await {
                Ok(()) => Ok(outcomes),
                Err(error) if commit_in_doubt(Backend::Sqlite, &error) => {
                    Err(StoreError::Unconfirmed(error.into()))
                }
                Err(error) => {
                    for (_, told) in outcomes.iter().flatten() {
                        self.store.events.rolled_back(told);
                    }
                    Err(error.into())
                }
            }
        }
        .await;
        match together {
            Ok(outcomes) => {
                self.store.write_health.succeeded();
                for (pending, outcome) in batch.into_iter().zip(outcomes) {
                    let _ = pending.reply.send(outcome);
                }
            }
            Err(StoreError::Unconfirmed(lost)) => {
                self.store.write_health.failed(&lost);
                let _ = self.store.ready_writer(conn).await;
                for pending in batch {
                    let outcome = self.settle_move(&pending.request, lost.copy()).await;
                    let _ = pending.reply.send(outcome);
                }
            }
            // Another program holds the file's write lock past the busy timeout: trying each
            // move again alone, or the moves queued meanwhile one group after another, would
            // make their players wait that timeout once more each. All of them are answered
            // now, within the one wait docs/operators.md promises.
            Err(StoreError::Database(error)) if error.is_out_of_reach() => {
                self.store.write_health.failed(&error);
                for pending in batch {
                    let _ = pending.reply.send(Err(StoreError::Database(error.copy())));
                }
                self.refuse_queued(&error);
            }
            Err(error) => {
                self.store.write_health.failed(&error);
                for pending in batch {
                    let outcome = self.commit_on_writer(conn, &pending.request).await;
                    let _ = pending.reply.send(outcome);
                }
            }
        }
    }
}
