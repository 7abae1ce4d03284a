//! Conditional moves (forecasts): the lines a player gave in a game, kept for them alone. The
//! service decides what a line means and when it is played; the store keeps them, replaces a
//! player's lines in one transaction, and drops a game's lines (its end; a takeback drops them
//! in the takeback's own transaction, see [`Play::take_back`]).

use sqlx::{Connection, Row};

use super::types::count_from_db;
use super::{GameId, PlayerId, Result, Timestamp};
use crate::Play;
use crate::types::PlayerIdColumn as _;

/// One conditional line: the opponent's expected move, the owner's answer, and so on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForecastLine {
    /// The ply of the game its first move belongs to (0: the game's first move).
    pub from_ply: u32,
    /// Its moves in coordinate form (`e6-f7`), the opponent's first.
    pub moves: Vec<String>,
}

impl Play<'_> {
    /// `player`'s lines in game `game`, in the order they were given.
    pub async fn forecasts(self, game: GameId, player: PlayerId) -> Result<Vec<ForecastLine>> {
        let rows = sqlx::query(
            "SELECT from_ply, moves FROM forecasts WHERE game_id = $1 AND player_id = $2 \
             ORDER BY line_no",
        )
        .bind(game.0)
        .bind(player.to_db())
        .fetch_all(&self.store.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ForecastLine {
                    from_ply: count_from_db(row.try_get("from_ply")?, "forecast ply")?,
                    moves: row
                        .try_get::<String, _>("moves")?
                        .split_whitespace()
                        .map(str::to_string)
                        .collect(),
                })
            })
            .collect()
    }

    /// Replaces `player`'s lines in game `game` with `lines` (none: drops them), in one
    /// transaction. How many lines and how long is the service's to bound.
    pub async fn set_forecasts(
        self,
        game: GameId,
        player: PlayerId,
        lines: &[ForecastLine],
        now: Timestamp,
    ) -> Result<()> {
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        sqlx::query("DELETE FROM forecasts WHERE game_id = $1 AND player_id = $2")
            .bind(game.0)
            .bind(player.to_db())
            .execute(&mut *tx)
            .await?;
        for (no, line) in lines.iter().enumerate() {
            sqlx::query(
                "INSERT INTO forecasts (game_id, player_id, line_no, from_ply, moves, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(game.0)
            .bind(player.to_db())
            .bind(no as i64)
            .bind(i64::from(line.from_ply))
            .bind(line.moves.join(" "))
            .bind(now.0)
            .execute(&mut *tx)
            .await
            .map_err(super::unique_to_conflict)?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Drops every line of game `game` (both players'); returns how many there were.
    pub async fn drop_forecasts(self, game: GameId) -> Result<u64> {
        let mut writer = self.store.writer().await?;
        let done = sqlx::query("DELETE FROM forecasts WHERE game_id = $1")
            .bind(game.0)
            .execute(&mut *writer)
            .await?;
        Ok(done.rows_affected())
    }

    /// Up to `limit` active games in which the player to move has a line that began before the
    /// current ply: an opponent's move their line may answer, which a crash or a failed commit
    /// left unanswered (normally none: the service answers at once).
    pub async fn forecast_turns(self, limit: u32) -> Result<Vec<GameId>> {
        let rows = sqlx::query(
            // From the forecasts, which are few, to their games: SQLite takes the left side
            // of a CROSS JOIN as the outer loop, where ordering by the game would otherwise
            // walk every game stored (start-up runs this sweep).
            "SELECT DISTINCT f.game_id AS id FROM forecasts f CROSS JOIN games g \
             WHERE g.id = f.game_id AND g.status = 'active' AND f.from_ply < g.ply \
               AND f.player_id = CASE g.to_move WHEN 'white' THEN g.white_id ELSE g.black_id END \
             ORDER BY f.game_id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(&self.store.pool)
        .await?;
        rows.iter()
            .map(|row| Ok(GameId(row.try_get("id")?)))
            .collect()
    }
}
