//! Games and their moves: creation, every guarded state change but the move itself (see
//! `moves.rs`), the hot queries and the claims of due deadlines and reminders.

use sqlx::any::AnyRow;
use sqlx::{Any, Connection, Row, Transaction};

use super::events::{self, EventId, EventKind, current_answer};
use super::types::{
    color_from_db, color_to_db, count_from_db, days_from_db, discord_id_from_db, reach_from_db,
    reach_to_db, side_to_move,
};
use super::{
    ChallengeId, Corruption, Deadline, DueReminder, Ending, Game, GameId, GameResult, GameStatus,
    InvalidInput, Level, Missing, NewGame, Offer, OfferKind, Place, PlayerId, Result, Store,
    StoreError, StoredMove, Timestamp, discord_id_to_db, missing_or_conflict, termination_from_db,
    unique_to_conflict,
};
use crate::types::PlayerIdColumn as _;

/// The columns of a game, in the order [`game_from_row`] reads them by name.
macro_rules! game_columns {
    () => {
        "id, server_id, channel_id, thread_id, white_id, black_id, status, result, termination, \
         start_fen, fen, to_move, ply, version, days_per_move, rated, deadline_at, remind_at, \
         final_remind_at, reminder_stage, offer_kind, offer_by, challenge_id, rematch_of, \
         ratings_applied, created_at, updated_at, finished_at, computer_level, answers_only"
    };
}
pub(super) use game_columns;

/// A game by its number: the primary key.
pub(super) const GAME_BY_ID: &str =
    concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1");

/// A player's active games, through the leading column of the per-colour "games here" indexes.
pub(super) const ACTIVE_GAMES_OF: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND white_id = $1 UNION ALL SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND black_id = $1 ORDER BY id"
);

/// The active games in a channel or in a thread (a game in a thread is found through both).
pub(super) const ACTIVE_GAMES_IN: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND channel_id = $1 UNION SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND thread_id = $1 ORDER BY id"
);

/// A player's active games in a channel or in a thread ($1 = the player, $2 = the channel or
/// thread): one index per colour and kind of place, so the look-up reads the player's games
/// there and nothing else, however many other games the channel holds.
pub(super) const ACTIVE_GAMES_OF_IN: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND white_id = $1 AND channel_id = $2 UNION SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND white_id = $1 AND thread_id = $2 UNION SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND black_id = $1 AND channel_id = $2 UNION SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND black_id = $1 AND thread_id = $2 ORDER BY id"
);

/// The first active games in a channel or a thread ($1), at most $2 of them: enough to tell
/// whether there is exactly one, without reading a crowded channel whole.
pub(super) const FIRST_ACTIVE_GAMES_IN: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND channel_id = $1 UNION SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND thread_id = $1 ORDER BY id LIMIT $2"
);

/// A player's finished games, the latest ended first ($1 = the player, $2 = most to return).
pub(super) const FINISHED_GAMES_OF: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'finished' AND white_id = $1 UNION ALL SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'finished' AND black_id = $1 \
     ORDER BY finished_at DESC, id DESC LIMIT $2"
);

/// A player's finished games in a channel or a thread (a game in a thread is found through
/// both), the latest ended first ($1 = the player, $2 = the place, $3 = most to return).
pub(super) const FINISHED_GAMES_OF_IN: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'finished' AND white_id = $1 \
       AND (channel_id = $2 OR thread_id = $2) UNION ALL SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'finished' AND black_id = $1 \
       AND (channel_id = $2 OR thread_id = $2) \
     ORDER BY finished_at DESC, id DESC LIMIT $3"
);

/// Computer games waiting for the computer's move ($1 = most to return).
pub(super) const COMPUTER_TURNS: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND computer_level IS NOT NULL \
       AND ((to_move = 'white' AND white_id IS NULL) OR (to_move = 'black' AND black_id IS NULL)) \
     ORDER BY updated_at LIMIT $1"
);

/// Ends on time the games whose deadline passed ($1 = now, $2 = most to claim). A game that
/// runs out of time before both sides have moved is aborted, unrated (as on lichess); a
/// tournament's, which must have a result, is lost on time but unrated (the caller marks it a
/// forfeit; the tournament's row is looked up by its key, `NOT IN` would read the whole table
/// on PostgreSQL). The condition stands in the outer `WHERE` too, so a row another process claimed meanwhile no longer
/// matches; on PostgreSQL the candidates are locked with `SKIP LOCKED` (see
/// [`Store::claim_sql`]), so two sweeps never wait for each other or deadlock. The candidates
/// are a `MATERIALIZED` CTE so that they are chosen (and locked) exactly once: as a plain
/// subquery PostgreSQL may re-run it for every row, lock rows it then does not update, and so
/// hide them from the other sweep until the next round.
pub(super) const CLAIM_TIMEOUTS: &str = concat!(
    "WITH due AS MATERIALIZED (SELECT id FROM games WHERE status = 'active' \
       AND deadline_at <= $1 ORDER BY deadline_at LIMIT $2 /*LOCK*/) \
     UPDATE games SET status = 'finished', \
       result = CASE WHEN ply < 2 AND NOT EXISTS (SELECT 1 FROM tournament_games tg \
           WHERE tg.game_id = games.id) \
         THEN '*' WHEN to_move = 'white' THEN '0-1' ELSE '1-0' END, \
       termination = CASE WHEN ply < 2 AND NOT EXISTS (SELECT 1 FROM tournament_games tg \
           WHERE tg.game_id = games.id) \
         THEN 'abort' ELSE 'time' END, \
       rated = CASE WHEN ply < 2 THEN 0 ELSE rated END, \
       finished_at = $1, updated_at = $1, version = version + 1, \
       deadline_at = NULL, remind_at = NULL, final_remind_at = NULL, \
       offer_kind = NULL, offer_by = NULL \
     WHERE status = 'active' AND deadline_at <= $1 AND id IN (SELECT id FROM due) \
     RETURNING ",
    game_columns!()
);

/// Claims the reminders that are due ($1 = now, $2 = most to claim), moving the next one up.
/// Not a state change of the game (the version stays), so a player's move is never refused
/// because a reminder went out meanwhile.
pub(super) const CLAIM_REMINDERS: &str = concat!(
    "WITH due AS MATERIALIZED (SELECT id FROM games WHERE status = 'active' \
       AND remind_at <= $1 ORDER BY remind_at LIMIT $2 /*LOCK*/) \
     UPDATE games SET reminder_stage = reminder_stage + 1, \
       remind_at = final_remind_at, final_remind_at = NULL \
     WHERE status = 'active' AND remind_at <= $1 AND id IN (SELECT id FROM due) \
     RETURNING ",
    game_columns!()
);

const MOVE_COLUMNS: &str = "ply, san, coord, fen_after, color, player_id, played_at";

fn opt_id(row: &AnyRow, column: &str) -> Result<Option<u64>> {
    Ok(row
        .try_get::<Option<i64>, _>(column)?
        .map(discord_id_from_db))
}

fn opt_time(row: &AnyRow, column: &str) -> Result<Option<Timestamp>> {
    Ok(row.try_get::<Option<i64>, _>(column)?.map(Timestamp))
}

pub(super) fn game_from_row(row: &AnyRow) -> Result<Game> {
    let offer = match (
        row.try_get::<Option<String>, _>("offer_kind")?,
        row.try_get::<Option<String>, _>("offer_by")?,
    ) {
        (Some(kind), Some(by)) => Some(Offer {
            kind: OfferKind::parse(&kind)?,
            by: color_from_db(&by)?,
        }),
        _ => None,
    };
    Ok(Game {
        id: GameId(row.try_get("id")?),
        place: Place {
            server: opt_id(row, "server_id")?,
            channel: discord_id_from_db(row.try_get("channel_id")?),
            thread: opt_id(row, "thread_id")?,
            reach: reach_from_db(row.try_get("answers_only")?),
        },
        white: opt_id(row, "white_id")?.map(PlayerId),
        black: opt_id(row, "black_id")?.map(PlayerId),
        status: GameStatus::parse(&row.try_get::<String, _>("status")?)?,
        result: row
            .try_get::<Option<String>, _>("result")?
            .as_deref()
            .map(GameResult::parse)
            .transpose()?,
        termination: row
            .try_get::<Option<String>, _>("termination")?
            .as_deref()
            .map(termination_from_db)
            .transpose()?,
        start_fen: row.try_get("start_fen")?,
        fen: row.try_get("fen")?,
        to_move: color_from_db(&row.try_get::<String, _>("to_move")?)?,
        ply: count_from_db(row.try_get("ply")?, "ply")?,
        version: row.try_get("version")?,
        days_per_move: days_from_db(row.try_get("days_per_move")?)?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        deadline: opt_time(row, "deadline_at")?,
        remind_at: opt_time(row, "remind_at")?,
        final_remind_at: opt_time(row, "final_remind_at")?,
        reminder_stage: count_from_db(row.try_get("reminder_stage")?, "reminder stage")?,
        offer,
        challenge: row
            .try_get::<Option<i64>, _>("challenge_id")?
            .map(ChallengeId),
        rematch_of: row.try_get::<Option<i64>, _>("rematch_of")?.map(GameId),
        ratings_applied: row.try_get::<i64, _>("ratings_applied")? != 0,
        created_at: Timestamp(row.try_get("created_at")?),
        updated_at: Timestamp(row.try_get("updated_at")?),
        finished_at: opt_time(row, "finished_at")?,
        computer_level: row
            .try_get::<Option<i64>, _>("computer_level")?
            .map(|level| {
                u8::try_from(level)
                    .ok()
                    .and_then(Level::new)
                    .ok_or(StoreError::Corrupt(Corruption::ComputerLevel {
                        game: GameId(row.try_get("id")?),
                        level,
                    }))
            })
            .transpose()?,
    })
}

fn move_from_row(row: &AnyRow) -> Result<StoredMove> {
    Ok(StoredMove {
        ply: count_from_db(row.try_get("ply")?, "ply")?,
        san: row.try_get("san")?,
        coord: row.try_get("coord")?,
        fen_after: row.try_get("fen_after")?,
        color: color_from_db(&row.try_get::<String, _>("color")?)?,
        player: row
            .try_get::<Option<i64>, _>("player_id")?
            .map(PlayerId::from_db),
        played_at: Timestamp(row.try_get("played_at")?),
    })
}

/// Takes the next number from an `id_counters` row. Must run inside the creating transaction, so
/// a rolled-back creation gives its number back.
pub(super) async fn next_id(tx: &mut Transaction<'_, Any>, counter: &str) -> Result<i64> {
    let row = sqlx::query(
        "UPDATE id_counters SET next_id = next_id + 1 WHERE name = $1 RETURNING next_id - 1 AS id",
    )
    .bind(counter)
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.try_get("id")?)
}

/// Inserts a game inside the caller's transaction.
pub(super) async fn insert_game(
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

impl Store {
    /// Starts a game (not from a challenge: a rematch, or a game against the computer). A second
    /// rematch of the same game fails with [`StoreError::Conflict`]; a player at one of the
    /// store's [`Caps`](super::Caps) gets [`StoreError::Cap`].
    pub async fn create_game(&self, game: &NewGame, now: Timestamp) -> Result<Game> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let players: Vec<PlayerId> = [game.white, game.black].into_iter().flatten().collect();
        self.caps
            .check_new_game(&mut tx, &players, game.computer_level.is_some())
            .await?;
        let created = insert_game(&mut tx, game, None, now).await?;
        tx.commit().await?;
        Ok(created)
    }

    /// A game by its number.
    pub async fn game(&self, id: GameId) -> Result<Option<Game>> {
        let row = sqlx::query(GAME_BY_ID)
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(game_from_row).transpose()
    }

    /// A game's moves, first to last.
    pub async fn moves(&self, id: GameId) -> Result<Vec<StoredMove>> {
        let sql = format!("SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = $1 ORDER BY ply");
        let rows = sqlx::query(&sql).bind(id.0).fetch_all(&self.pool).await?;
        rows.iter().map(move_from_row).collect()
    }

    /// A game with all its moves, read consistently: the moves are exactly those up to the
    /// game's ply (read again if a move landed between the two reads).
    pub async fn game_with_moves(&self, id: GameId) -> Result<Option<(Game, Vec<StoredMove>)>> {
        // A handful of attempts is plenty: a game moves at most every few seconds.
        for _ in 0..8 {
            let Some(game) = self.game(id).await? else {
                return Ok(None);
            };
            let mut moves = self.moves(id).await?;
            // A move committed after the game was read shows up as an extra ply; a takeback as
            // a missing one. Either way, read both again.
            moves.retain(|m| m.ply <= game.ply);
            if moves.len() == game.ply as usize
                && moves.last().is_none_or(|m| m.fen_after == game.fen)
            {
                return Ok(Some((game, moves)));
            }
        }
        Err(StoreError::Corrupt(Corruption::MovesAgainstPly(id)))
    }

    /// A player's active games, oldest first.
    pub async fn active_games_of(&self, player: PlayerId) -> Result<Vec<Game>> {
        let rows = sqlx::query(ACTIVE_GAMES_OF)
            .bind(player.to_db())
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The active games in a channel or thread (pass either id), oldest first.
    pub async fn active_games_in(&self, channel_or_thread: u64) -> Result<Vec<Game>> {
        let rows = sqlx::query(ACTIVE_GAMES_IN)
            .bind(discord_id_to_db(channel_or_thread))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// `player`'s active games in a channel or thread (pass either id), oldest first.
    pub async fn active_games_of_in(
        &self,
        player: PlayerId,
        channel_or_thread: u64,
    ) -> Result<Vec<Game>> {
        let rows = sqlx::query(ACTIVE_GAMES_OF_IN)
            .bind(player.to_db())
            .bind(discord_id_to_db(channel_or_thread))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The active game in a channel or thread when it holds exactly one; `None` when it holds
    /// none or several (only two are read to tell).
    pub async fn only_active_game_in(&self, channel_or_thread: u64) -> Result<Option<Game>> {
        let rows = sqlx::query(FIRST_ACTIVE_GAMES_IN)
            .bind(discord_id_to_db(channel_or_thread))
            .bind(2_i64)
            .fetch_all(&self.pool)
            .await?;
        match rows.as_slice() {
            [one] => game_from_row(one).map(Some),
            _ => Ok(None),
        }
    }

    /// Up to `limit` of a player's finished games, the latest ended first: anywhere, or only
    /// in one channel or thread (`place`, either id).
    pub async fn finished_games_of(
        &self,
        player: PlayerId,
        place: Option<u64>,
        limit: u32,
    ) -> Result<Vec<Game>> {
        let rows = match place {
            None => {
                sqlx::query(FINISHED_GAMES_OF)
                    .bind(player.to_db())
                    .bind(i64::from(limit))
                    .fetch_all(&self.pool)
                    .await?
            }
            Some(place) => {
                sqlx::query(FINISHED_GAMES_OF_IN)
                    .bind(player.to_db())
                    .bind(discord_id_to_db(place))
                    .bind(i64::from(limit))
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        rows.iter().map(game_from_row).collect()
    }

    /// The game whose own thread `thread` is, finished or not.
    pub async fn game_in_thread(&self, thread: u64) -> Result<Option<Game>> {
        let sql = concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE thread_id = $1 ORDER BY id DESC LIMIT 1"
        );
        let row = sqlx::query(sql)
            .bind(discord_id_to_db(thread))
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(game_from_row).transpose()
    }

    /// How many games are being played: the bot's metrics ask at every scrape, and its health
    /// check learns from it that the database answers.
    pub async fn games_in_progress(&self) -> Result<u64> {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE status = 'active'")
            .fetch_one(&self.pool)
            .await?;
        Ok(count.max(0) as u64)
    }

    /// The newest `limit` games in `status` anywhere, the newest first: the site's front page.
    /// Read down the primary key, so it stays cheap however many games there are.
    pub async fn latest_games(&self, status: GameStatus, limit: u32) -> Result<Vec<Game>> {
        let sql = concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE status = $1 ORDER BY id DESC LIMIT $2"
        );
        let rows = sqlx::query(sql)
            .bind(status.as_str())
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The rematch of a game, if one was created.
    pub async fn rematch_of(&self, id: GameId) -> Result<Option<Game>> {
        let sql = concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE rematch_of = $1"
        );
        let row = sqlx::query(sql)
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(game_from_row).transpose()
    }

    /// Ends a game without a move: resignation, agreement, abort (or any ending the service
    /// decides). Guarded by `version` like every change.
    pub async fn end_game(
        &self,
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
        &self,
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
    pub async fn clear_offer(&self, id: GameId, version: i64, now: Timestamp) -> Result<Game> {
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
        &self,
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
        let mut writer = self.writer().await?;
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
            return Err(missing_or_conflict(&self.pool, Missing::Game(id)).await);
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
        let told = events::append(&mut tx, &self.events, current_answer(), &game, &event, now);
        let told: Vec<EventId> = told.await?.into_iter().collect();
        self.commit_telling(tx, &told, true).await?;
        Ok(game)
    }

    /// Sets a new deadline for the current move (extra time, `moretime`); reminders restart.
    pub async fn set_deadline(
        &self,
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
    pub async fn set_thread(&self, id: GameId, thread: u64, now: Timestamp) -> Result<Game> {
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

    /// Up to `limit` computer games in which it is the computer's move: normally none, as the
    /// service answers a player's move at once; these are answers a crash interrupted.
    pub async fn computer_turns(&self, limit: u32) -> Result<Vec<Game>> {
        let rows = sqlx::query(COMPUTER_TURNS)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// Ends on time (the side to move loses; before both sides have moved, see
    /// `CLAIM_TIMEOUTS`) up to `limit` games whose deadline is at or before `now`, and returns
    /// them. Each game is returned to exactly one caller, however many
    /// processes sweep at once; rated ones then wait for [`Store::apply_ratings`].
    pub async fn claim_timeouts(&self, now: Timestamp, limit: u32) -> Result<Vec<Game>> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let rows = sqlx::query(&self.claim_sql(CLAIM_TIMEOUTS))
            .bind(now.0)
            .bind(i64::from(limit))
            .fetch_all(&mut *tx)
            .await?;
        let games = rows
            .iter()
            .map(game_from_row)
            .collect::<Result<Vec<Game>>>()?;
        // A tournament game that ran out of time before both sides moved scores as a forfeit
        // (`+`/`−`), like a withdrawal's: a result for the standings, none for the ratings.
        for game in games.iter().filter(|g| g.ply < 2) {
            sqlx::query("UPDATE tournament_games SET forfeit = 1 WHERE game_id = $1")
                .bind(game.id.0)
                .execute(&mut *tx)
                .await?;
        }
        let mut told = Vec::with_capacity(games.len());
        for game in &games {
            let (Some(result), Some(termination)) = (game.result, game.termination) else {
                continue;
            };
            let event = EventKind::Ended {
                result,
                termination,
            };
            let answer = current_answer();
            told.extend(events::append(&mut tx, &self.events, answer, game, &event, now).await?);
        }
        self.commit_telling(tx, &told, !games.is_empty()).await?;
        Ok(games)
    }

    /// Claims up to `limit` due reminders: each (game, stage) goes to exactly one caller, which
    /// sends it. The game's next reminder, if any, becomes due in its turn.
    pub async fn claim_reminders(&self, now: Timestamp, limit: u32) -> Result<Vec<DueReminder>> {
        let read = |row: &AnyRow| {
            let game = game_from_row(row)?;
            Ok(DueReminder {
                stage: game.reminder_stage,
                game,
            })
        };
        self.claim_telling(CLAIM_REMINDERS, now, limit, read, |due| {
            let reminded = EventKind::Reminded {
                ply: due.game.ply,
                stage: due.stage,
            };
            ((&due.game).into(), reminded)
        })
        .await
    }

    /// [`Store::guarded_update`] in a transaction that also writes `event` about the game.
    async fn guarded_update_telling<'q>(
        &self,
        id: GameId,
        sql: &'q str,
        event: EventKind,
        now: Timestamp,
        bind: impl FnOnce(
            sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
        ) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<Game> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let Some(row) = bind(sqlx::query(sql)).fetch_optional(&mut *tx).await? else {
            tx.rollback().await?;
            drop(writer);
            return Err(missing_or_conflict(&self.pool, Missing::Game(id)).await);
        };
        let game = game_from_row(&row)?;
        let told = events::append(&mut tx, &self.events, current_answer(), &game, &event, now);
        let told: Vec<EventId> = told.await?.into_iter().collect();
        self.commit_telling(tx, &told, true).await?;
        Ok(game)
    }

    /// Commits `tx`, which wrote events (`wrote`), `told` those the current answer tells: it
    /// notes them and the consumers wake up; if the commit fails, nothing is owed for them.
    pub(super) async fn commit_telling(
        &self,
        tx: Transaction<'_, Any>,
        told: &[EventId],
        wrote: bool,
    ) -> Result<()> {
        match tx.commit().await {
            Ok(()) => {
                if wrote {
                    self.events.committed(told);
                }
                Ok(())
            }
            Err(error) => {
                self.events.rolled_back(told);
                Err(error.into())
            }
        }
    }

    /// Runs one single-statement guarded update of a game and maps "no row" to the right error.
    async fn guarded_update<'q>(
        &self,
        id: GameId,
        sql: &'q str,
        bind: impl FnOnce(
            sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
        ) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    ) -> Result<Game> {
        let row = {
            let mut writer = self.writer().await?;
            bind(sqlx::query(sql)).fetch_optional(&mut *writer).await?
        };
        match row {
            Some(row) => game_from_row(&row),
            None => Err(missing_or_conflict(&self.pool, Missing::Game(id)).await),
        }
    }
}
