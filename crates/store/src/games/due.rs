//! What falls due: the computer's turns a crash interrupted, deadlines past (ended on time) and
//! reminders to send, each claimed by exactly one process however many sweep at once.

use sqlx::Connection;
use sqlx::any::AnyRow;

use super::rows::{game_columns, game_from_row};
use crate::Play;
use crate::events::EventKind;
use crate::{DueReminder, Game, Result, Timestamp};

/// Computer games waiting for the computer's move ($1 = most to return).
pub(crate) const COMPUTER_TURNS: &str = concat!(
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
pub(crate) const CLAIM_TIMEOUTS: &str = concat!(
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
pub(crate) const CLAIM_REMINDERS: &str = concat!(
    "WITH due AS MATERIALIZED (SELECT id FROM games WHERE status = 'active' \
       AND remind_at <= $1 ORDER BY remind_at LIMIT $2 /*LOCK*/) \
     UPDATE games SET reminder_stage = reminder_stage + 1, \
       remind_at = final_remind_at, final_remind_at = NULL \
     WHERE status = 'active' AND remind_at <= $1 AND id IN (SELECT id FROM due) \
     RETURNING ",
    game_columns!()
);

impl Play<'_> {
    /// Up to `limit` computer games in which it is the computer's move: normally none, as the
    /// service answers a player's move at once; these are answers a crash interrupted.
    pub async fn computer_turns(self, limit: u32) -> Result<Vec<Game>> {
        let rows = sqlx::query(COMPUTER_TURNS)
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// Ends on time (the side to move loses; before both sides have moved, see
    /// `CLAIM_TIMEOUTS`) up to `limit` games whose deadline is at or before `now`, and returns
    /// them. Each game is returned to exactly one caller, however many
    /// processes sweep at once; rated ones then wait for [`Ratings::apply_ratings`](crate::Ratings::apply_ratings).
    pub async fn claim_timeouts(self, now: Timestamp, limit: u32) -> Result<Vec<Game>> {
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let rows = sqlx::query(&self.store.claim_sql(CLAIM_TIMEOUTS))
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
            told.extend(
                self.store
                    .events
                    .append_event(&mut tx, game, &event, now)
                    .await?,
            );
        }
        self.store
            .events
            .commit_telling(tx, &told, !games.is_empty())
            .await?;
        Ok(games)
    }

    /// Claims up to `limit` due reminders: each (game, stage) goes to exactly one caller, which
    /// sends it. The game's next reminder, if any, becomes due in its turn.
    pub async fn claim_reminders(self, now: Timestamp, limit: u32) -> Result<Vec<DueReminder>> {
        let read = |row: &AnyRow| {
            let game = game_from_row(row)?;
            Ok(DueReminder {
                stage: game.reminder_stage,
                game,
            })
        };
        self.store
            .claim_telling(CLAIM_REMINDERS, now, limit, read, |due| {
                let reminded = EventKind::Reminded {
                    ply: due.game.ply,
                    stage: due.stage,
                };
                ((&due.game).into(), reminded)
            })
            .await
    }
}
