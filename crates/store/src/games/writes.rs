//! Writing games: creation, and every guarded state change but the move itself (see
//! `moves.rs`): an ending, an offer, a takeback, a deadline, a thread.

use sqlx::{Any, Connection, Row, Transaction};

use super::rows::{game_columns, game_from_row};
use crate::Play;
use crate::events::EventKind;
use crate::types::PlayerIdColumn as _;
use crate::types::{color_to_db, reach_to_db, side_to_move};
use crate::{
    ChallengeId, Deadline, Ending, Game, GameId, InvalidInput, Missing, NewGame, Offer, PlayerId,
    Result, StoreError, Timestamp, discord_id_to_db, missing_or_conflict, unique_to_conflict,
};

/// Takes the next number from an `id_counters` row. Must run inside the creating transaction, so
/// a rolled-back creation gives its number back.
pub(crate) async fn next_id(tx: &mut Transaction<'_, Any>, counter: &str) -> Result<i64> {
    let row = sqlx::query(
        "UPDATE id_counters SET next_id = next_id + 1 WHERE name = $1 RETURNING next_id - 1 AS id",
    )
    .bind(counter)
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.try_get("id")?)
}

/// Inserts a game inside the caller's transaction.
pub(crate) async fn insert_game(
    tx: &mut Transaction<'_, Any>,
    game: &NewGame,
    challenge: Option<ChallengeId>,
    now: Timestamp,
) -> Result<Game> {
    if game.computer_level.is_some() == (game.white.is_some() && game.black.is_some()) {
        return Err(StoreError::Invalid(InvalidInput::GameSides));
    }
    if game.white.is_some() && game.white == game.black {
        return Err(StoreError::Invalid(InvalidInput::SelfPlay));
    }
    let to_move = side_to_move(&game.start_fen)?;
    let id = next_id(tx, "game").await?;
    let (remind_at, final_remind_at) = game.deadline.reminder_columns();
    let sql = concat!(
        "INSERT INTO games (id, server_id, channel_id, thread_id, white_id, black_id, status, \
           start_fen, fen, to_move, ply, version, days_per_move, rated, deadline_at, remind_at, \
           final_remind_at, reminder_stage, challenge_id, rematch_of, ratings_applied, \
           created_at, updated_at, computer_level, answers_only) \
         VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $7, $8, 0, 1, $9, $10, $11, $12, $13, 0, \
           $14, $15, 0, $16, $16, $17, $18) \
         RETURNING ",
        game_columns!()
    );
    let row = sqlx::query(sql)
        .bind(id)
        .bind(game.place.server.map(discord_id_to_db))
        .bind(discord_id_to_db(game.place.channel))
        .bind(game.place.thread.map(discord_id_to_db))
        .bind(game.white.map(PlayerId::to_db))
        .bind(game.black.map(PlayerId::to_db))
        .bind(&game.start_fen)
        .bind(color_to_db(to_move))
        .bind(i64::from(game.days_per_move.get()))
        .bind(i64::from(game.rated))
        .bind(game.deadline.at.0)
        .bind(remind_at)
        .bind(final_remind_at)
        .bind(challenge.map(|c| c.0))
        .bind(game.rematch_of.map(|g| g.0))
        .bind(now.0)
        .bind(game.computer_level.map(|level| i64::from(level.get())))
        .bind(reach_to_db(game.place.reach))
        .fetch_one(&mut **tx)
        .await
        .map_err(unique_to_conflict)?;
    game_from_row(&row)
}

impl Play<'_> {
    /// Starts a game (not from a challenge: a rematch, or a game against the computer). A second
    /// rematch of the same game fails with [`StoreError::Conflict`]; a player at one of the
    /// store's [`Caps`](crate::Caps) gets [`StoreError::Cap`].
    pub async fn create_game(self, game: &NewGame, now: Timestamp) -> Result<Game> {
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let players: Vec<PlayerId> = [game.white, game.black].into_iter().flatten().collect();
        self.store
            .caps
            .check_new_game(&mut tx, &players, game.computer_level.is_some())
            .await?;
        let created = insert_game(&mut tx, game, None, now).await?;
        tx.commit().await?;
        Ok(created)
    }

    /// Ends a game without a move: resignation, agreement, abort (or any ending the service
    /// decides). Guarded by `version` like every change.
    pub async fn end_game(
        self,
        id: GameId,
        version: i64,
        ending: Ending,
        now: Timestamp,
    ) -> Result<Game> {
        let sql = concat!(
            "UPDATE games SET status = 'finished', result = $3, termination = $4, \
               finished_at = $5, updated_at = $5, version = version + 1, \
               deadline_at = NULL, remind_at = NULL, final_remind_at = NULL, \
               offer_kind = NULL, offer_by = NULL \
             WHERE id = $1 AND version = $2 AND status = 'active' \
             RETURNING ",
            game_columns!()
        );
        let event = EventKind::Ended {
            result: ending.result,
            termination: ending.termination,
        };
        self.guarded_update_telling(id, sql, event, now, |q| {
            q.bind(id.0)
                .bind(version)
                .bind(ending.result.as_str())
                .bind(ending.termination.as_str())
                .bind(now.0)
        })
        .await
    }

    /// Records a draw or takeback offer (replacing any pending one).
    pub async fn set_offer(
        self,
        id: GameId,
        version: i64,
        offer: Offer,
        now: Timestamp,
    ) -> Result<Game> {
        let sql = concat!(
            "UPDATE games SET offer_kind = $3, offer_by = $4, updated_at = $5, \
               version = version + 1 \
             WHERE id = $1 AND version = $2 AND status = 'active' \
             RETURNING ",
            game_columns!()
        );
        let event = EventKind::Offered {
            offer: offer.kind,
            by: offer.by,
        };
        self.guarded_update_telling(id, sql, event, now, |q| {
            q.bind(id.0)
                .bind(version)
                .bind(offer.kind.as_str())
                .bind(color_to_db(offer.by))
                .bind(now.0)
        })
        .await
    }

    /// Withdraws or declines the pending offer.
    pub async fn clear_offer(self, id: GameId, version: i64, now: Timestamp) -> Result<Game> {
        let sql = concat!(
            "UPDATE games SET offer_kind = NULL, offer_by = NULL, updated_at = $3, \
               version = version + 1 \
             WHERE id = $1 AND version = $2 AND status = 'active' \
             RETURNING ",
            game_columns!()
        );
        self.guarded_update_telling(id, sql, EventKind::OfferCleared, now, |q| {
            q.bind(id.0).bind(version).bind(now.0)
        })
        .await
    }

    /// Takes back the last `plies` moves (1: the last move; 2: the asker's own move and the reply
    /// to it): they leave the record, the position goes back, the offer is cleared and the clock
    /// restarts with `deadline`. Every forecast of the game is dropped with them.
    pub async fn take_back(
        self,
        id: GameId,
        version: i64,
        plies: u32,
        deadline: Deadline,
        now: Timestamp,
    ) -> Result<Game> {
        if plies == 0 {
            return Err(StoreError::Invalid(InvalidInput::NothingToTakeBack));
        }
        let (remind_at, final_remind_at) = deadline.reminder_columns();
        let sql = concat!(
            "UPDATE games SET \
               fen = COALESCE((SELECT m.fen_after FROM moves m \
                               WHERE m.game_id = games.id AND m.ply = games.ply - $3), start_fen), \
               ply = ply - $3, version = version + 1, \
               to_move = CASE WHEN $4 = 0 THEN to_move WHEN to_move = 'white' THEN 'black' \
                              ELSE 'white' END, \
               offer_kind = NULL, offer_by = NULL, reminder_stage = 0, \
               deadline_at = $5, remind_at = $6, final_remind_at = $7, updated_at = $8 \
             WHERE id = $1 AND version = $2 AND status = 'active' AND ply >= $3 \
             RETURNING ",
            game_columns!()
        );
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let row = sqlx::query(sql)
            .bind(id.0)
            .bind(version)
            .bind(i64::from(plies))
            .bind(i64::from(plies % 2))
            .bind(deadline.at.0)
            .bind(remind_at)
            .bind(final_remind_at)
            .bind(now.0)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            tx.rollback().await?;
            // Give the connection back before reading: a pool cannot lend a second one to
            // every writer at once.
            drop(writer);
            return Err(missing_or_conflict(&self.store.pool, Missing::Game(id)).await);
        };
        let game = game_from_row(&row)?;
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
            .bind(id.0)
            .bind(i64::from(game.ply))
            .execute(&mut *tx)
            .await?;
        // Conditional lines were given against the moves taken back: none survives them.
        sqlx::query("DELETE FROM forecasts WHERE game_id = $1")
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        let event = EventKind::TookBack {
            plies,
            ply: game.ply,
        };
        let told = self
            .store
            .events
            .append_event(&mut tx, &game, &event, now)
            .await?;
        self.store.events.commit_telling(tx, &told, true).await?;
        Ok(game)
    }

    /// Sets a new deadline for the current move (extra time, `moretime`); reminders restart.
    pub async fn set_deadline(
        self,
        id: GameId,
        version: i64,
        deadline: Deadline,
        now: Timestamp,
    ) -> Result<Game> {
        let (remind_at, final_remind_at) = deadline.reminder_columns();
        let sql = concat!(
            "UPDATE games SET deadline_at = $3, remind_at = $4, final_remind_at = $5, \
               reminder_stage = 0, updated_at = $6, version = version + 1 \
             WHERE id = $1 AND version = $2 AND status = 'active' \
             RETURNING ",
            game_columns!()
        );
        self.guarded_update(id, sql, |q| {
            q.bind(id.0)
                .bind(version)
                .bind(deadline.at.0)
                .bind(remind_at)
                .bind(final_remind_at)
                .bind(now.0)
        })
        .await
    }

    /// Records the thread a front end made for the game, so commands and bare moves typed there
    /// find it. Only an active game that has no thread yet takes one (a second process that made
    /// a thread of its own loses the race with [`StoreError::Conflict`]); the version is not
    /// bumped, as the game itself does not change.
    pub async fn set_thread(self, id: GameId, thread: u64, now: Timestamp) -> Result<Game> {
        let sql = concat!(
            "UPDATE games SET thread_id = $2, updated_at = $3 \
             WHERE id = $1 AND status = 'active' AND thread_id IS NULL \
             RETURNING ",
            game_columns!()
        );
        self.guarded_update(id, sql, |q| {
            q.bind(id.0).bind(discord_id_to_db(thread)).bind(now.0)
        })
        .await
    }

    /// [`Play::guarded_update`] in a transaction that also writes `event` about the game.
    async fn guarded_update_telling<'q>(
        self,
        id: GameId,
        sql: &'q str,
        event: EventKind,
        now: Timestamp,
        bind: impl FnOnce(
            sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
        ) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<Game> {
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let Some(row) = bind(sqlx::query(sql)).fetch_optional(&mut *tx).await? else {
            tx.rollback().await?;
            drop(writer);
            return Err(missing_or_conflict(&self.store.pool, Missing::Game(id)).await);
        };
        let game = game_from_row(&row)?;
        let told = self
            .store
            .events
            .append_event(&mut tx, &game, &event, now)
            .await?;
        self.store.events.commit_telling(tx, &told, true).await?;
        Ok(game)
    }

    /// Runs one single-statement guarded update of a game and maps "no row" to the right error.
    async fn guarded_update<'q>(
        self,
        id: GameId,
        sql: &'q str,
        bind: impl FnOnce(
            sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
        ) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<Game> {
        let row = {
            let mut writer = self.store.writer().await?;
            bind(sqlx::query(sql)).fetch_optional(&mut *writer).await?
        };
        match row {
            Some(row) => game_from_row(&row),
            None => Err(missing_or_conflict(&self.store.pool, Missing::Game(id)).await),
        }
    }
}
