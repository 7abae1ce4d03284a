//! Round-robin tournaments: created, signed up to and left, started (every pairing becomes a
//! game in one transaction), players withdrawn (their unfinished games forfeited), finished when
//! their last game ends, and claimed once for the announcement of the final standings.
//!
//! Races between processes are settled in the database: a sign-up first bumps the tournament's
//! seat counter with `UPDATE … WHERE status = 'open' AND entrants < max_players`, whose row
//! lock makes a second sign-up for the last seat wait and then find it taken; the start is
//! guarded by the status and by the version every sign-up change bumps, and the pairings are
//! unique per `(tournament, round, board)`, so no second set of games can ever be created.

use sqlx::any::AnyRow;
use sqlx::{Connection, Row};

pub use crate::model::TournamentId;

use super::games::{game_columns, game_from_row, insert_game, next_id};
use super::types::{count_from_db, discord_id_from_db};
use super::{
    Deadline, Game, GameId, GameResult, GameStatus, NewGame, Place, PlayerId, Result, Store,
    StoreError, Timestamp, discord_id_to_db, unique_to_conflict,
};

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Sign-up is open.
    Open,
    /// Its games are being played.
    Running,
    /// Every game is over.
    Finished,
    /// Called off by its organiser before the start.
    Cancelled,
}

impl TournamentStatus {
    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::Open => "open",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Result<TournamentStatus> {
        Ok(match text {
            "open" => TournamentStatus::Open,
            "running" => TournamentStatus::Running,
            "finished" => TournamentStatus::Finished,
            "cancelled" => TournamentStatus::Cancelled,
            other => {
                return Err(StoreError::Corrupt(format!(
                    "{other:?} is not a tournament status"
                )));
            }
        })
    }
}

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// Its number.
    pub id: TournamentId,
    /// Its name, as the organiser gave it.
    pub name: String,
    /// Its home: the server, and the channel where it was created (sign-up, the games' threads,
    /// the announcement of the results).
    pub place: Place,
    /// Who created it, and alone may start, cancel it and withdraw players.
    pub organiser: PlayerId,
    /// Where it is in its life.
    pub status: TournamentStatus,
    /// Every pair plays twice, colours swapped.
    pub double: bool,
    /// Its games count for ratings.
    pub rated: bool,
    /// Days per move in its games.
    pub days_per_move: u32,
    /// The most players it takes.
    pub max_players: u32,
    /// Players signed up.
    pub entrants: u32,
    /// Bumped by every sign-up change: the start is guarded by it.
    pub version: i64,
    /// When it was created.
    pub created_at: Timestamp,
    /// When its games began.
    pub started_at: Option<Timestamp>,
    /// When its last game ended.
    pub finished_at: Option<Timestamp>,
    /// When its final standings were claimed for posting.
    pub announced_at: Option<Timestamp>,
}

/// A tournament to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournament {
    /// Its name.
    pub name: String,
    /// The server it belongs to.
    pub server: u64,
    /// Its home channel.
    pub channel: u64,
    /// Its organiser (recorded with [`Store::upsert_player`] first).
    pub organiser: PlayerId,
    /// Every pair plays twice.
    pub double: bool,
    /// Its games are rated.
    pub rated: bool,
    /// Days per move.
    pub days_per_move: u32,
    /// The most players it takes.
    pub max_players: u32,
}

/// A player signed up to a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The player.
    pub player: PlayerId,
    /// Their number in the Berger tables, drawn at the start.
    pub seat: Option<u32>,
    /// When they signed up.
    pub joined_at: Timestamp,
    /// When the organiser withdrew them, if they did.
    pub withdrawn_at: Option<Timestamp>,
}

/// One pairing of a starting tournament: a game to create.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Its round (1-based).
    pub round: u32,
    /// Its place in the round (1-based).
    pub board: u32,
    /// Who plays White.
    pub white: PlayerId,
    /// Who plays Black.
    pub black: PlayerId,
}

/// A tournament's game with what the standings need of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// The game.
    pub game: GameId,
    /// Its round.
    pub round: u32,
    /// Its place in the round.
    pub board: u32,
    /// Ended by a withdrawal rather than played out.
    pub forfeit: bool,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Whether it is still being played.
    pub status: GameStatus,
    /// Its result once over.
    pub result: Option<GameResult>,
}

const TOURNAMENT_COLUMNS: &str = "id, name, server_id, channel_id, organiser_id, status, \
    double_round, rated, days_per_move, max_players, entrants, version, created_at, \
    started_at, finished_at, announced_at";

/// The tournament a game belongs to, and the game's round: the link table's primary key, then
/// the tournament's.
pub(super) const TOURNAMENT_OF_GAME: &str = "SELECT t.id, t.name, t.server_id, t.channel_id, \
    t.organiser_id, t.status, t.double_round, t.rated, t.days_per_move, t.max_players, \
    t.entrants, t.version, t.created_at, t.started_at, t.finished_at, t.announced_at, \
    tg.round AS game_round \
    FROM tournament_games tg JOIN tournaments t ON t.id = tg.tournament_id \
    WHERE tg.game_id = $1";

/// A server's tournaments, newest first.
pub(super) const TOURNAMENTS_IN: &str = "SELECT id, name, server_id, channel_id, organiser_id, \
    status, double_round, rated, days_per_move, max_players, entrants, version, created_at, \
    started_at, finished_at, announced_at FROM tournaments WHERE server_id = $1 \
    ORDER BY id DESC LIMIT $2";

/// Claims the finished tournaments whose results are still to be posted ($1 = now, $2 = most).
pub(super) const CLAIM_ANNOUNCEMENTS: &str = "WITH due AS MATERIALIZED (SELECT id FROM tournaments \
      WHERE status = 'finished' AND announced_at IS NULL ORDER BY finished_at LIMIT $2 /*LOCK*/) \
    UPDATE tournaments SET announced_at = $1 \
    WHERE status = 'finished' AND announced_at IS NULL AND id IN (SELECT id FROM due) \
    RETURNING id, name, server_id, channel_id, organiser_id, status, double_round, rated, \
    days_per_move, max_players, entrants, version, created_at, started_at, finished_at, \
    announced_at";

/// Finishes the running tournaments among `ids` ($2 = now) none of whose games is still
/// played: the condition is checked on the row updated, so it happens once.
const FINISH_IF_DONE: &str = "UPDATE tournaments SET status = 'finished', finished_at = $2, \
      updated_at = $2 \
    WHERE id = $1 AND status = 'running' AND NOT EXISTS (SELECT 1 FROM tournament_games tg \
      JOIN games g ON g.id = tg.game_id \
      WHERE tg.tournament_id = tournaments.id AND g.status = 'active')";

fn opt_time(row: &AnyRow, column: &str) -> Result<Option<Timestamp>> {
    Ok(row.try_get::<Option<i64>, _>(column)?.map(Timestamp))
}

fn tournament_from_row(row: &AnyRow) -> Result<Tournament> {
    Ok(Tournament {
        id: TournamentId(row.try_get("id")?),
        name: row.try_get("name")?,
        place: Place {
            server: Some(discord_id_from_db(row.try_get("server_id")?)),
            channel: discord_id_from_db(row.try_get("channel_id")?),
            thread: None,
        },
        organiser: PlayerId::from_db(row.try_get("organiser_id")?),
        status: TournamentStatus::parse(&row.try_get::<String, _>("status")?)?,
        double: row.try_get::<i64, _>("double_round")? != 0,
        rated: row.try_get::<i64, _>("rated")? != 0,
        days_per_move: count_from_db(row.try_get("days_per_move")?, "days per move")?,
        max_players: count_from_db(row.try_get("max_players")?, "max players")?,
        entrants: count_from_db(row.try_get("entrants")?, "entrants")?,
        version: row.try_get("version")?,
        created_at: Timestamp(row.try_get("created_at")?),
        started_at: opt_time(row, "started_at")?,
        finished_at: opt_time(row, "finished_at")?,
        announced_at: opt_time(row, "announced_at")?,
    })
}

fn entrant_from_row(row: &AnyRow) -> Result<Entrant> {
    Ok(Entrant {
        player: PlayerId::from_db(row.try_get("player_id")?),
        seat: row
            .try_get::<Option<i64>, _>("seat")?
            .map(|s| count_from_db(s, "seat"))
            .transpose()?,
        joined_at: Timestamp(row.try_get("joined_at")?),
        withdrawn_at: opt_time(row, "withdrawn_at")?,
    })
}

/// The stored row of a tournament, or why there is none.
async fn reread(store: &Store, id: TournamentId) -> StoreError {
    match store.tournament(id).await {
        Ok(Some(_)) => StoreError::Conflict,
        Ok(None) => StoreError::NotFound(format!("tournament {id}")),
        Err(e) => e,
    }
}

impl Store {
    /// Creates a tournament, open for sign-up, with nobody signed up yet.
    pub async fn create_tournament(
        &self,
        new: &NewTournament,
        now: Timestamp,
    ) -> Result<Tournament> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let id = next_id(&mut tx, "tournament").await?;
        let sql = format!(
            "INSERT INTO tournaments (id, name, server_id, channel_id, organiser_id, status, \
               double_round, rated, days_per_move, max_players, entrants, version, created_at, \
               updated_at) \
             VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $9, 0, 1, $10, $10) \
             RETURNING {TOURNAMENT_COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(id)
            .bind(&new.name)
            .bind(discord_id_to_db(new.server))
            .bind(discord_id_to_db(new.channel))
            .bind(new.organiser.to_db())
            .bind(i64::from(new.double))
            .bind(i64::from(new.rated))
            .bind(i64::from(new.days_per_move))
            .bind(i64::from(new.max_players))
            .bind(now.0)
            .fetch_one(&mut *tx)
            .await?;
        let created = tournament_from_row(&row)?;
        tx.commit().await?;
        Ok(created)
    }

    /// A tournament by its number.
    pub async fn tournament(&self, id: TournamentId) -> Result<Option<Tournament>> {
        let sql = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(tournament_from_row).transpose()
    }

    /// A server's latest `limit` tournaments, newest first, whatever their status.
    pub async fn tournaments_in(&self, server: u64, limit: u32) -> Result<Vec<Tournament>> {
        let rows = sqlx::query(TOURNAMENTS_IN)
            .bind(discord_id_to_db(server))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(tournament_from_row).collect()
    }

    /// The players signed up to a tournament, by seat once it has started, else in the order
    /// they joined.
    pub async fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>> {
        let rows = sqlx::query(
            "SELECT player_id, seat, joined_at, withdrawn_at FROM tournament_entrants \
             WHERE tournament_id = $1 ORDER BY seat, joined_at, player_id",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(entrant_from_row).collect()
    }

    /// Signs `player` up (recorded with [`Store::upsert_player`] first). Fails with
    /// [`StoreError::Conflict`] when the tournament is full or no longer open, or the player is
    /// already signed up: nothing is written then, and the caller reads the row to say which.
    pub async fn join_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
        now: Timestamp,
    ) -> Result<Tournament> {
        let sql = format!(
            "UPDATE tournaments SET entrants = entrants + 1, version = version + 1, \
               updated_at = $2 \
             WHERE id = $1 AND status = 'open' AND entrants < max_players \
             RETURNING {TOURNAMENT_COLUMNS}"
        );
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let row = sqlx::query(&sql)
            .bind(id.0)
            .bind(now.0)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            tx.rollback().await?;
            drop(writer);
            return Err(reread(self, id).await);
        };
        let joined = tournament_from_row(&row)?;
        sqlx::query(
            "INSERT INTO tournament_entrants (tournament_id, player_id, joined_at) \
             VALUES ($1, $2, $3)",
        )
        .bind(id.0)
        .bind(player.to_db())
        .bind(now.0)
        .execute(&mut *tx)
        .await
        .map_err(unique_to_conflict)?;
        tx.commit().await?;
        Ok(joined)
    }

    /// Takes `player` off an open tournament's list (they leave, or its organiser withdraws
    /// them before the start). [`StoreError::Conflict`] when it is no longer open or they are
    /// not on it.
    pub async fn leave_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
        now: Timestamp,
    ) -> Result<Tournament> {
        let sql = format!(
            "UPDATE tournaments SET entrants = entrants - 1, version = version + 1, \
               updated_at = $2 \
             WHERE id = $1 AND status = 'open' AND EXISTS (SELECT 1 FROM tournament_entrants e \
               WHERE e.tournament_id = $1 AND e.player_id = $3) \
             RETURNING {TOURNAMENT_COLUMNS}"
        );
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let row = sqlx::query(&sql)
            .bind(id.0)
            .bind(now.0)
            .bind(player.to_db())
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            tx.rollback().await?;
            drop(writer);
            return Err(reread(self, id).await);
        };
        let left = tournament_from_row(&row)?;
        let deleted = sqlx::query(
            "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND player_id = $2",
        )
        .bind(id.0)
        .bind(player.to_db())
        .execute(&mut *tx)
        .await?;
        if deleted.rows_affected() != 1 {
            // Another process took them off meanwhile (its update waited for ours).
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        tx.commit().await?;
        Ok(left)
    }

    /// Calls off an open tournament. [`StoreError::Conflict`] once it has started.
    pub async fn cancel_tournament(&self, id: TournamentId, now: Timestamp) -> Result<Tournament> {
        let sql = format!(
            "UPDATE tournaments SET status = 'cancelled', version = version + 1, \
               updated_at = $2, finished_at = $2 \
             WHERE id = $1 AND status = 'open' \
             RETURNING {TOURNAMENT_COLUMNS}"
        );
        let row = {
            let mut writer = self.writer().await?;
            sqlx::query(&sql)
                .bind(id.0)
                .bind(now.0)
                .fetch_optional(&mut *writer)
                .await?
        };
        match row {
            Some(row) => tournament_from_row(&row),
            None => Err(reread(self, id).await),
        }
    }

    /// Starts a tournament read at `version`: in one transaction it becomes running, each
    /// entrant gets their seat, and every pairing becomes a game in the home channel (with
    /// `start_fen` and the first move's `deadline`). If anything changed since `version` was
    /// read (a sign-up, a departure, another start), nothing is written and the error is
    /// [`StoreError::Conflict`]. Returns the tournament and its games, in pairing order.
    pub async fn start_tournament(
        &self,
        id: TournamentId,
        version: i64,
        seats: &[(PlayerId, u32)],
        pairings: &[Pairing],
        start_fen: &str,
        deadline: Deadline,
        now: Timestamp,
    ) -> Result<(Tournament, Vec<Game>)> {
        let sql = format!(
            "UPDATE tournaments SET status = 'running', started_at = $3, updated_at = $3, \
               version = version + 1 \
             WHERE id = $1 AND version = $2 AND status = 'open' AND entrants = $4 \
             RETURNING {TOURNAMENT_COLUMNS}"
        );
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let row = sqlx::query(&sql)
            .bind(id.0)
            .bind(version)
            .bind(now.0)
            .bind(seats.len() as i64)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            tx.rollback().await?;
            drop(writer);
            return Err(reread(self, id).await);
        };
        let started = tournament_from_row(&row)?;
        for &(player, seat) in seats {
            let updated = sqlx::query(
                "UPDATE tournament_entrants SET seat = $3 \
                 WHERE tournament_id = $1 AND player_id = $2",
            )
            .bind(id.0)
            .bind(player.to_db())
            .bind(i64::from(seat))
            .execute(&mut *tx)
            .await?;
            if updated.rows_affected() != 1 {
                tx.rollback().await?;
                return Err(StoreError::Invalid(format!(
                    "player {player} is not signed up to tournament {id}"
                )));
            }
        }
        let mut games = Vec::with_capacity(pairings.len());
        for pairing in pairings {
            let new_game = NewGame {
                place: started.place,
                white: Some(pairing.white),
                black: Some(pairing.black),
                start_fen: start_fen.to_owned(),
                days_per_move: started.days_per_move,
                rated: started.rated,
                deadline,
                rematch_of: None,
                computer_level: None,
            };
            let game = insert_game(&mut tx, &new_game, None, now).await?;
            sqlx::query(
                "INSERT INTO tournament_games (game_id, tournament_id, round, board) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(game.id.0)
            .bind(id.0)
            .bind(i64::from(pairing.round))
            .bind(i64::from(pairing.board))
            .execute(&mut *tx)
            .await
            .map_err(unique_to_conflict)?;
            games.push(game);
        }
        tx.commit().await?;
        Ok((started, games))
    }

    /// Withdraws `player` from a running tournament: in one transaction they are marked
    /// withdrawn and each of their unfinished games ends as a forfeit (their opponent wins; the
    /// game no longer counts for ratings, as nothing was decided over the board). Returns the
    /// games forfeited. [`StoreError::Conflict`] when the tournament is not running or the
    /// player is not in it or already withdrawn.
    pub async fn withdraw_from_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
        now: Timestamp,
    ) -> Result<Vec<Game>> {
        let mut writer = self.writer().await?;
        let mut tx = writer.begin().await?;
        let marked = sqlx::query(
            "UPDATE tournament_entrants SET withdrawn_at = $3 \
             WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_at IS NULL \
               AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = $1 AND t.status = 'running')",
        )
        .bind(id.0)
        .bind(player.to_db())
        .bind(now.0)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() != 1 {
            tx.rollback().await?;
            drop(writer);
            return Err(reread(self, id).await);
        }
        let sql = concat!(
            "UPDATE games SET status = 'finished', \
               result = CASE WHEN white_id = $2 THEN '0-1' ELSE '1-0' END, \
               termination = 'forfeit', rated = 0, finished_at = $3, updated_at = $3, \
               version = version + 1, deadline_at = NULL, remind_at = NULL, \
               final_remind_at = NULL, offer_kind = NULL, offer_by = NULL \
             WHERE status = 'active' AND (white_id = $2 OR black_id = $2) \
               AND id IN (SELECT game_id FROM tournament_games WHERE tournament_id = $1) \
             RETURNING ",
            game_columns!()
        );
        let rows = sqlx::query(sql)
            .bind(id.0)
            .bind(player.to_db())
            .bind(now.0)
            .fetch_all(&mut *tx)
            .await?;
        let games = rows
            .iter()
            .map(game_from_row)
            .collect::<Result<Vec<Game>>>()?;
        for game in &games {
            sqlx::query("UPDATE tournament_games SET forfeit = 1 WHERE game_id = $1")
                .bind(game.id.0)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("UPDATE tournaments SET version = version + 1, updated_at = $2 WHERE id = $1")
            .bind(id.0)
            .bind(now.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(games)
    }

    /// A tournament's games, in pairing order, with their players and results.
    pub async fn tournament_games(&self, id: TournamentId) -> Result<Vec<TournamentGame>> {
        let rows = sqlx::query(
            "SELECT tg.game_id, tg.round, tg.board, tg.forfeit, g.white_id, g.black_id, \
               g.status, g.result \
             FROM tournament_games tg JOIN games g ON g.id = tg.game_id \
             WHERE tg.tournament_id = $1 ORDER BY tg.round, tg.board",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let side = |column: &str| -> Result<PlayerId> {
                    row.try_get::<Option<i64>, _>(column)?
                        .map(PlayerId::from_db)
                        .ok_or_else(|| {
                            StoreError::Corrupt(format!("tournament game without {column}"))
                        })
                };
                Ok(TournamentGame {
                    game: GameId(row.try_get("game_id")?),
                    round: count_from_db(row.try_get("round")?, "round")?,
                    board: count_from_db(row.try_get("board")?, "board")?,
                    forfeit: row.try_get::<i64, _>("forfeit")? != 0,
                    white: side("white_id")?,
                    black: side("black_id")?,
                    status: GameStatus::parse(&row.try_get::<String, _>("status")?)?,
                    result: row
                        .try_get::<Option<String>, _>("result")?
                        .as_deref()
                        .map(GameResult::parse)
                        .transpose()?,
                })
            })
            .collect()
    }

    /// The tournament game `game` belongs to, with the game's round; `None` for a game of no
    /// tournament.
    pub async fn tournament_of_game(&self, game: GameId) -> Result<Option<(Tournament, u32)>> {
        let row = sqlx::query(TOURNAMENT_OF_GAME)
            .bind(game.0)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(row) => Ok(Some((
                tournament_from_row(&row)?,
                count_from_db(row.try_get("game_round")?, "round")?,
            ))),
            None => Ok(None),
        }
    }

    /// Finishes a running tournament if none of its games is still played; returns whether
    /// this call finished it (it happens once, whoever asks).
    pub async fn finish_tournament_if_done(
        &self,
        id: TournamentId,
        now: Timestamp,
    ) -> Result<bool> {
        let mut writer = self.writer().await?;
        let done = sqlx::query(FINISH_IF_DONE)
            .bind(id.0)
            .bind(now.0)
            .execute(&mut *writer)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The running tournaments none of whose games is still played (a crash between a game's
    /// end and its tournament's), for the sweep to finish.
    pub async fn running_tournaments_done(&self, limit: u32) -> Result<Vec<TournamentId>> {
        let rows = sqlx::query(
            "SELECT t.id FROM tournaments t WHERE t.status = 'running' AND NOT EXISTS \
               (SELECT 1 FROM tournament_games tg JOIN games g ON g.id = tg.game_id \
                WHERE tg.tournament_id = t.id AND g.status = 'active') \
             ORDER BY t.id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok(TournamentId(row.try_get("id")?)))
            .collect()
    }

    /// Claims up to `limit` finished tournaments whose final standings are still to be posted:
    /// each goes to exactly one caller, however many processes sweep at once.
    pub async fn claim_tournament_announcements(
        &self,
        now: Timestamp,
        limit: u32,
    ) -> Result<Vec<Tournament>> {
        let mut writer = self.writer().await?;
        let rows = sqlx::query(&self.claim_sql(CLAIM_ANNOUNCEMENTS))
            .bind(now.0)
            .bind(i64::from(limit))
            .fetch_all(&mut *writer)
            .await?;
        rows.iter().map(tournament_from_row).collect()
    }
}
