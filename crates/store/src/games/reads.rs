//! Reading games: by number, with their moves read consistently, and the hot queries (a
//! player's games here and everywhere, a place's games, the finished ones, the latest).

use super::rows::{MOVE_COLUMNS, game_columns, game_from_row, move_from_row};
use crate::Games;
use crate::types::PlayerIdColumn as _;
use crate::{
    Corruption, Game, GameId, GameStatus, PlayerId, Result, StoreError, StoredMove,
    discord_id_to_db,
};

/// A game by its number: the primary key.
pub(crate) const GAME_BY_ID: &str =
    concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1");

/// A player's active games, through the leading column of the per-colour "games here" indexes.
pub(crate) const ACTIVE_GAMES_OF: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND white_id = $1 UNION ALL SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND black_id = $1 ORDER BY id"
);

/// The active games in a channel or in a thread (a game in a thread is found through both).
pub(crate) const ACTIVE_GAMES_IN: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND channel_id = $1 UNION SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND thread_id = $1 ORDER BY id"
);

/// A player's active games in a channel or in a thread ($1 = the player, $2 = the channel or
/// thread): one index per colour and kind of place, so the look-up reads the player's games
/// there and nothing else, however many other games the channel holds.
pub(crate) const ACTIVE_GAMES_OF_IN: &str = concat!(
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
pub(crate) const FIRST_ACTIVE_GAMES_IN: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND channel_id = $1 UNION SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'active' AND thread_id = $1 ORDER BY id LIMIT $2"
);

/// A player's finished games, the latest ended first ($1 = the player, $2 = most to return).
pub(crate) const FINISHED_GAMES_OF: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'finished' AND white_id = $1 UNION ALL SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'finished' AND black_id = $1 \
     ORDER BY finished_at DESC, id DESC LIMIT $2"
);

/// A player's finished games in a channel or a thread (a game in a thread is found through
/// both), the latest ended first ($1 = the player, $2 = the place, $3 = most to return).
pub(crate) const FINISHED_GAMES_OF_IN: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'finished' AND white_id = $1 \
       AND (channel_id = $2 OR thread_id = $2) UNION ALL SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'finished' AND black_id = $1 \
       AND (channel_id = $2 OR thread_id = $2) \
     ORDER BY finished_at DESC, id DESC LIMIT $3"
);

impl Games<'_> {
    /// A game by its number.
    pub async fn game(self, id: GameId) -> Result<Option<Game>> {
        let row = sqlx::query(GAME_BY_ID)
            .bind(id.0)
            .fetch_optional(&self.store.pool)
            .await?;
        row.as_ref().map(game_from_row).transpose()
    }

    /// A game's moves, first to last.
    pub async fn moves(self, id: GameId) -> Result<Vec<StoredMove>> {
        let sql = format!("SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = $1 ORDER BY ply");
        let rows = sqlx::query(&sql)
            .bind(id.0)
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(move_from_row).collect()
    }

    /// A game with all its moves, read consistently: the moves are exactly those up to the
    /// game's ply (read again if a move landed between the two reads).
    pub async fn game_with_moves(self, id: GameId) -> Result<Option<(Game, Vec<StoredMove>)>> {
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
    pub async fn active_games_of(self, player: PlayerId) -> Result<Vec<Game>> {
        let rows = sqlx::query(ACTIVE_GAMES_OF)
            .bind(player.to_db())
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The active games in a channel or thread (pass either id), oldest first.
    pub async fn active_games_in(self, channel_or_thread: u64) -> Result<Vec<Game>> {
        let rows = sqlx::query(ACTIVE_GAMES_IN)
            .bind(discord_id_to_db(channel_or_thread))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// `player`'s active games in a channel or thread (pass either id), oldest first.
    pub async fn active_games_of_in(
        self,
        player: PlayerId,
        channel_or_thread: u64,
    ) -> Result<Vec<Game>> {
        let rows = sqlx::query(ACTIVE_GAMES_OF_IN)
            .bind(player.to_db())
            .bind(discord_id_to_db(channel_or_thread))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The active game in a channel or thread when it holds exactly one; `None` when it holds
    /// none or several (only two are read to tell).
    pub async fn only_active_game_in(self, channel_or_thread: u64) -> Result<Option<Game>> {
        let rows = sqlx::query(FIRST_ACTIVE_GAMES_IN)
            .bind(discord_id_to_db(channel_or_thread))
            .bind(2_i64)
            .fetch_all(&self.store.pool)
            .await?;
        match rows.as_slice() {
            [one] => game_from_row(one).map(Some),
            _ => Ok(None),
        }
    }

    /// Up to `limit` of a player's finished games, the latest ended first: anywhere, or only
    /// in one channel or thread (`place`, either id).
    pub async fn finished_games_of(
        self,
        player: PlayerId,
        place: Option<u64>,
        limit: u32,
    ) -> Result<Vec<Game>> {
        let rows = match place {
            None => {
                sqlx::query(FINISHED_GAMES_OF)
                    .bind(player.to_db())
                    .bind(i64::from(limit))
                    .fetch_all(&self.store.pool)
                    .await?
            }
            Some(place) => {
                sqlx::query(FINISHED_GAMES_OF_IN)
                    .bind(player.to_db())
                    .bind(discord_id_to_db(place))
                    .bind(i64::from(limit))
                    .fetch_all(&self.store.pool)
                    .await?
            }
        };
        rows.iter().map(game_from_row).collect()
    }

    /// The game whose own thread `thread` is, finished or not.
    pub async fn game_in_thread(self, thread: u64) -> Result<Option<Game>> {
        let sql = concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE thread_id = $1 ORDER BY id DESC LIMIT 1"
        );
        let row = sqlx::query(sql)
            .bind(discord_id_to_db(thread))
            .fetch_optional(&self.store.pool)
            .await?;
        row.as_ref().map(game_from_row).transpose()
    }

    /// How many games are being played: the bot's metrics ask at every scrape, and its health
    /// check learns from it that the database answers.
    pub async fn games_in_progress(self) -> Result<u64> {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE status = 'active'")
            .fetch_one(&self.store.pool)
            .await?;
        Ok(count.max(0) as u64)
    }

    /// The newest `limit` games in `status` anywhere, the newest first: the site's front page.
    /// Read down the primary key, so it stays cheap however many games there are.
    pub async fn latest_games(self, status: GameStatus, limit: u32) -> Result<Vec<Game>> {
        let sql = concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE status = $1 ORDER BY id DESC LIMIT $2"
        );
        let rows = sqlx::query(sql)
            .bind(status.as_str())
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The rematch of a game, if one was created.
    pub async fn rematch_of(self, id: GameId) -> Result<Option<Game>> {
        let sql = concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE rematch_of = $1"
        );
        let row = sqlx::query(sql)
            .bind(id.0)
            .fetch_optional(&self.store.pool)
            .await?;
        row.as_ref().map(game_from_row).transpose()
    }
}
