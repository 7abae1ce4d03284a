//! Glicko-2 ratings, per server and global: read, updated exactly once per rated game, ranked.

use sqlx::Connection;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::games::{game_columns, game_from_row};
use super::types::count_from_db;
use super::{
    Game, GameId, InvalidInput, LeaderboardEntry, Missing, PlayerId, Rating, RatingScope,
    RatingUpdate, Result, StoreError, Timestamp, missing_or_conflict,
};
use crate::Ratings;
use crate::types::PlayerIdColumn as _;

/// A scope's best players ($1 = scope, $2 = how many), served by `ratings_leaderboard`, which
/// holds this whole order: equal ratings are listed with more games first, then by Discord id
/// (the older account first), so the list never changes between two readings.
pub(super) const LEADERBOARD: &str = "SELECT r.player_id, r.scope, r.rating, r.deviation, \
    r.volatility, r.games, r.updated_at, p.name \
    FROM ratings r JOIN players p ON p.id = r.player_id \
    WHERE r.scope = $1 ORDER BY r.rating DESC, r.games DESC, r.player_id LIMIT $2";

/// How many players of a scope ($1) are rated above a rating ($2): a range of
/// `ratings_leaderboard`.
pub(super) const RATED_ABOVE: &str =
    "SELECT COUNT(*) AS above FROM ratings WHERE scope = $1 AND rating > $2";

/// What a player without games starts from (Glicko-2's usual defaults).
const START_RATING: f64 = 1500.0;
const START_DEVIATION: f64 = 350.0;
const START_VOLATILITY: f64 = 0.06;

fn rating_from_row(row: &AnyRow) -> Result<Rating> {
    Ok(Rating {
        player: PlayerId::from_db(row.try_get("player_id")?),
        scope: RatingScope::from_db(row.try_get("scope")?),
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
        games: count_from_db(row.try_get("games")?, "games")?,
        updated_at: Timestamp(row.try_get("updated_at")?),
    })
}

impl Rating {
    /// The rating of a player who has not played a rated game in `scope` yet.
    pub fn initial(player: PlayerId, scope: RatingScope) -> Rating {
        Rating {
            player,
            scope,
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
            games: 0,
            updated_at: Timestamp(0),
        }
    }
}

impl Ratings<'_> {
    /// A player's rating in a scope ([`Rating::initial`] if they have none yet).
    pub async fn rating(self, player: PlayerId, scope: RatingScope) -> Result<Rating> {
        let row = sqlx::query(
            "SELECT player_id, scope, rating, deviation, volatility, games, updated_at \
             FROM ratings WHERE player_id = $1 AND scope = $2",
        )
        .bind(player.to_db())
        .bind(scope.to_db())
        .fetch_optional(&self.store.pool)
        .await?;
        match row {
            Some(row) => rating_from_row(&row),
            None => Ok(Rating::initial(player, scope)),
        }
    }

    /// Every rating of a player: the global one and one per server they played rated games
    /// in, global first, then by server (the primary key's prefix: one index range).
    pub async fn ratings_of(self, player: PlayerId) -> Result<Vec<Rating>> {
        let rows = sqlx::query(
            "SELECT player_id, scope, rating, deviation, volatility, games, updated_at \
             FROM ratings WHERE player_id = $1 ORDER BY scope",
        )
        .bind(player.to_db())
        .fetch_all(&self.store.pool)
        .await?;
        let mut ratings = rows
            .iter()
            .map(rating_from_row)
            .collect::<Result<Vec<_>>>()?;
        ratings.sort_by_key(|r| r.scope != RatingScope::Global);
        Ok(ratings)
    }

    /// The best `limit` players of a scope, best first (ties in the order of [`LEADERBOARD`]).
    pub async fn leaderboard(
        self,
        scope: RatingScope,
        limit: u32,
    ) -> Result<Vec<LeaderboardEntry>> {
        let rows = sqlx::query(LEADERBOARD)
            .bind(scope.to_db())
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(LeaderboardEntry {
                    name: row.try_get("name")?,
                    rating: rating_from_row(row)?,
                })
            })
            .collect()
    }

    /// A rating's place in its scope: 1 + the number of players rated higher, so that equal
    /// ratings share a place (1, 2, 2, 4).
    pub async fn rank(self, rating: &Rating) -> Result<u32> {
        let row = sqlx::query(RATED_ABOVE)
            .bind(rating.scope.to_db())
            .bind(rating.rating)
            .fetch_one(&self.store.pool)
            .await?;
        Ok(count_from_db(row.try_get("above")?, "players")?.saturating_add(1))
    }

    /// Counts a finished rated game in the ratings, in one transaction that runs at most once
    /// per game. Each update must have been computed from the rating with `expected_games`
    /// games; if another game was counted for that player meanwhile, or this game was already
    /// counted, nothing is written and the error is [`StoreError::Conflict`]: read the ratings
    /// again and recompute. An empty `updates` just marks the game as done (e.g. an aborted game).
    pub async fn apply_ratings(
        self,
        game: GameId,
        updates: &[RatingUpdate],
        now: Timestamp,
    ) -> Result<()> {
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let marked = sqlx::query(
            "UPDATE games SET ratings_applied = 1 \
             WHERE id = $1 AND status = 'finished' AND rated = 1 AND ratings_applied = 0",
        )
        .bind(game.0)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() != 1 {
            tx.rollback().await?;
            // Give the connection back before reading: a pool cannot lend a second one to
            // every writer at once.
            drop(writer);
            return Err(match self.store.games().game(game).await? {
                None => missing_or_conflict(&self.store.pool, Missing::Game(game)).await,
                Some(g) if !g.rated => StoreError::Invalid(InvalidInput::NotRated(game)),
                Some(_) => StoreError::Conflict,
            });
        }
        for update in updates {
            sqlx::query(
                "INSERT INTO ratings (player_id, scope, rating, deviation, volatility, games, \
                   updated_at) VALUES ($1, $2, $3, $4, $5, 0, $6) \
                 ON CONFLICT (player_id, scope) DO NOTHING",
            )
            .bind(update.player.to_db())
            .bind(update.scope.to_db())
            .bind(START_RATING)
            .bind(START_DEVIATION)
            .bind(START_VOLATILITY)
            .bind(now.0)
            .execute(&mut *tx)
            .await?;
            let changed = sqlx::query(
                "UPDATE ratings SET rating = $4, deviation = $5, volatility = $6, \
                   games = games + 1, updated_at = $7 \
                 WHERE player_id = $1 AND scope = $2 AND games = $3",
            )
            .bind(update.player.to_db())
            .bind(update.scope.to_db())
            .bind(i64::from(update.expected_games))
            .bind(update.rating)
            .bind(update.deviation)
            .bind(update.volatility)
            .bind(now.0)
            .execute(&mut *tx)
            .await?;
            if changed.rows_affected() != 1 {
                tx.rollback().await?;
                // Give the connection back before reading: a pool cannot lend a second one to
                // every writer at once.
                drop(writer);
                return Err(StoreError::Conflict);
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Finished rated games whose result is not in the ratings yet, oldest first: normally none
    /// for long, but after a crash between a game's end and its rating update they are caught up
    /// from here.
    pub async fn games_awaiting_ratings(self, limit: u32) -> Result<Vec<Game>> {
        let sql = concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE status = 'finished' AND rated = 1 AND ratings_applied = 0 \
             ORDER BY finished_at LIMIT $1"
        );
        let rows = sqlx::query(sql)
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }
}
