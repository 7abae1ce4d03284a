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

use super::games::next_id;
use super::types::{count_from_db, days_from_db, discord_id_from_db};
use super::{
    Corruption, Days, Deadline, GameId, GameResult, GameStatus, Missing, Place, PlayerId, Reach,
    Result, Store, StoreError, Timestamp, discord_id_to_db,
};
use crate::Tournaments;
use crate::types::PlayerIdColumn as _;

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
                return Err(StoreError::Corrupt(Corruption::Unreadable {
                    what: "tournament status",
                    value: other.to_owned(),
                }));
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
    pub days_per_move: Days,
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
    /// Its organiser (recorded with [`Players::upsert_player`](crate::Players::upsert_player) first).
    pub organiser: PlayerId,
    /// Every pair plays twice.
    pub double: bool,
    /// Its games are rated.
    pub rated: bool,
    /// Days per move.
    pub days_per_move: Days,
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

/// How a tournament starts: the seats drawn, the games they make, and how each game begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentDraw<'a> {
    /// Each entrant's seat (every entrant once).
    pub seats: &'a [(PlayerId, u32)],
    /// The games to create, in order.
    pub pairings: &'a [Pairing],
    /// The games' starting position.
    pub start_fen: &'a str,
    /// The first move's deadline in every game.
    pub deadline: Deadline,
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
    /// When it ended, once over.
    pub finished_at: Option<Timestamp>,
}

pub(super) const TOURNAMENT_COLUMNS: &str = "id, name, server_id, channel_id, organiser_id, status, \
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

/// Finishes the running tournament `$1` ($2 = now) if none of its games is still played: the
/// condition is checked on the row updated, so it happens once.
pub(super) const FINISH_IF_DONE: &str = "UPDATE tournaments SET status = 'finished', finished_at = $2, \
      updated_at = $2 \
    WHERE id = $1 AND status = 'running' AND NOT EXISTS (SELECT 1 FROM tournament_games tg \
      JOIN games g ON g.id = tg.game_id \
      WHERE tg.tournament_id = tournaments.id AND g.status = 'active')";

fn opt_time(row: &AnyRow, column: &str) -> Result<Option<Timestamp>> {
    Ok(row.try_get::<Option<i64>, _>(column)?.map(Timestamp))
}

pub(super) fn tournament_from_row(row: &AnyRow) -> Result<Tournament> {
    Ok(Tournament {
        id: TournamentId(row.try_get("id")?),
        name: row.try_get("name")?,
        place: Place {
            server: Some(discord_id_from_db(row.try_get("server_id")?)),
            channel: discord_id_from_db(row.try_get("channel_id")?),
            thread: None,
            reach: Reach::Posts,
        },
        organiser: PlayerId::from_db(row.try_get("organiser_id")?),
        status: TournamentStatus::parse(&row.try_get::<String, _>("status")?)?,
        double: row.try_get::<i64, _>("double_round")? != 0,
        rated: row.try_get::<i64, _>("rated")? != 0,
        days_per_move: days_from_db(row.try_get("days_per_move")?)?,
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
pub(super) async fn reread(store: &Store, id: TournamentId) -> StoreError {
    match store.tournaments().tournament(id).await {
        Ok(Some(_)) => StoreError::Conflict,
        Ok(None) => StoreError::NotFound(Missing::Tournament(id)),
        Err(e) => e,
    }
}

impl Tournaments<'_> {
    /// Creates a tournament, open for sign-up, with nobody signed up yet; refused with
    /// [`StoreError::Cap`] if the organiser is at the store's cap of open tournaments
    /// ([`Caps::open_tournaments`](super::Caps::open_tournaments)).
    pub async fn create_tournament(
        self,
        new: &NewTournament,
        now: Timestamp,
    ) -> Result<Tournament> {
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        self.store
            .caps
            .check_new_tournament(&mut tx, new.organiser)
            .await?;
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
            .bind(i64::from(new.days_per_move.get()))
            .bind(i64::from(new.max_players))
            .bind(now.0)
            .fetch_one(&mut *tx)
            .await?;
        let created = tournament_from_row(&row)?;
        tx.commit().await?;
        Ok(created)
    }

    /// A tournament by its number.
    pub async fn tournament(self, id: TournamentId) -> Result<Option<Tournament>> {
        let sql = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id.0)
            .fetch_optional(&self.store.pool)
            .await?;
        row.as_ref().map(tournament_from_row).transpose()
    }

    /// A server's latest `limit` tournaments, newest first, whatever their status.
    pub async fn tournaments_in(self, server: u64, limit: u32) -> Result<Vec<Tournament>> {
        let rows = sqlx::query(TOURNAMENTS_IN)
            .bind(discord_id_to_db(server))
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(tournament_from_row).collect()
    }

    /// The players signed up to a tournament, by seat once it has started, else in the order
    /// they joined.
    pub async fn entrants(self, id: TournamentId) -> Result<Vec<Entrant>> {
        let rows = sqlx::query(
            "SELECT player_id, seat, joined_at, withdrawn_at FROM tournament_entrants \
             WHERE tournament_id = $1 ORDER BY seat, joined_at, player_id",
        )
        .bind(id.0)
        .fetch_all(&self.store.pool)
        .await?;
        rows.iter().map(entrant_from_row).collect()
    }

    /// A tournament's games, in pairing order, with their players and results.
    pub async fn tournament_games(self, id: TournamentId) -> Result<Vec<TournamentGame>> {
        let rows = sqlx::query(
            "SELECT tg.game_id, tg.round, tg.board, tg.forfeit, g.white_id, g.black_id, \
               g.status, g.result, g.finished_at \
             FROM tournament_games tg JOIN games g ON g.id = tg.game_id \
             WHERE tg.tournament_id = $1 ORDER BY tg.round, tg.board",
        )
        .bind(id.0)
        .fetch_all(&self.store.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let game = GameId(row.try_get("game_id")?);
                let side = |column: &'static str| -> Result<PlayerId> {
                    row.try_get::<Option<i64>, _>(column)?
                        .map(PlayerId::from_db)
                        .ok_or_else(|| {
                            StoreError::Corrupt(Corruption::TournamentGameSide { game, column })
                        })
                };
                Ok(TournamentGame {
                    game,
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
                    finished_at: row.try_get::<Option<i64>, _>("finished_at")?.map(Timestamp),
                })
            })
            .collect()
    }

    /// The tournament game `game` belongs to, with the game's round; `None` for a game of no
    /// tournament.
    pub async fn tournament_of_game(self, game: GameId) -> Result<Option<(Tournament, u32)>> {
        let row = sqlx::query(TOURNAMENT_OF_GAME)
            .bind(game.0)
            .fetch_optional(&self.store.pool)
            .await?;
        match row {
            Some(row) => Ok(Some((
                tournament_from_row(&row)?,
                count_from_db(row.try_get("game_round")?, "round")?,
            ))),
            None => Ok(None),
        }
    }
}
