//! Players' records in rated games: wins, draws and losses by colour and way of ending, and the
//! current streak, counted by the database from the finished games themselves (indexes
//! `games_rated_white` and `games_rated_black`, one per colour).

use sqlx::Row;

use super::types::{color_from_db, count_from_db, termination_from_db};
use super::{
    Corruption, GameResult, PlayerId, PlayerOutcome, RatingScope, RecordLine, Result, StoreError,
    Streak,
};
use crate::Games;
use crate::types::PlayerIdColumn as _;

/// The filter on one colour's rated games with a result, in a server or everywhere.
macro_rules! rated_games_of {
    ($colour:literal, server) => {
        concat!(
            " FROM games WHERE ",
            $colour,
            "_id = $1 AND server_id = $2 AND status = 'finished' AND rated = 1 AND result <> '*'"
        )
    };
    ($colour:literal, global) => {
        concat!(
            " FROM games WHERE ",
            $colour,
            "_id = $1 AND status = 'finished' AND rated = 1 AND result <> '*'"
        )
    };
}

/// A player's rated games counted by colour, result and termination ($1 = player, $2 = server).
macro_rules! record_sql {
    ($scope:ident) => {
        concat!(
            "SELECT 'white' AS colour, result, termination, COUNT(*) AS games",
            rated_games_of!("white", $scope),
            " GROUP BY result, termination UNION ALL \
             SELECT 'black' AS colour, result, termination, COUNT(*) AS games",
            rated_games_of!("black", $scope),
            " GROUP BY result, termination"
        )
    };
}

/// A player's rated results, newest first, a page at a time ($1 = player, $2 = server, then
/// how many and how many to skip; without the server, $2 and $3).
macro_rules! results_sql {
    (server) => {
        concat!(
            "SELECT id, finished_at, result, 'white' AS colour",
            rated_games_of!("white", server),
            " UNION ALL SELECT id, finished_at, result, 'black' AS colour",
            rated_games_of!("black", server),
            " ORDER BY finished_at DESC, id DESC LIMIT $3 OFFSET $4"
        )
    };
    (global) => {
        concat!(
            "SELECT id, finished_at, result, 'white' AS colour",
            rated_games_of!("white", global),
            " UNION ALL SELECT id, finished_at, result, 'black' AS colour",
            rated_games_of!("black", global),
            " ORDER BY finished_at DESC, id DESC LIMIT $2 OFFSET $3"
        )
    };
}

/// [`Games::record`] in one server.
pub(super) const RECORD_IN_SERVER: &str = record_sql!(server);
/// [`Games::record`] over every server.
const RECORD_EVERYWHERE: &str = record_sql!(global);
/// [`Games::streak`]'s pages in one server.
pub(super) const RESULTS_IN_SERVER: &str = results_sql!(server);
/// [`Games::streak`]'s pages over every server.
const RESULTS_EVERYWHERE: &str = results_sql!(global);

/// How many results [`Games::streak`] reads at a time: most streaks end within the first page.
const STREAK_PAGE: u32 = 32;

fn outcome(result: &str, colour: &str) -> Result<PlayerOutcome> {
    let result = GameResult::parse(result)?;
    PlayerOutcome::of(result, color_from_db(colour)?)
        .ok_or(StoreError::Corrupt(Corruption::RatedWithoutResult))
}

impl Games<'_> {
    /// A player's record in rated games of a scope (a server's games, or all of them): one line
    /// per colour, outcome and way of ending that occurred, White first, then wins, draws and
    /// losses, then in [`Termination::ALL`](crate::rules::Termination::ALL)'s order. Aborted
    /// games have no result and are not in it.
    pub async fn record(self, player: PlayerId, scope: RatingScope) -> Result<Vec<RecordLine>> {
        let rows = match scope {
            RatingScope::Server(_) => {
                sqlx::query(RECORD_IN_SERVER)
                    .bind(player.to_db())
                    .bind(scope.to_db())
                    .fetch_all(&self.store.pool)
                    .await?
            }
            RatingScope::Global => {
                sqlx::query(RECORD_EVERYWHERE)
                    .bind(player.to_db())
                    .fetch_all(&self.store.pool)
                    .await?
            }
        };
        let mut lines = rows
            .iter()
            .map(|row| {
                let colour: String = row.try_get("colour")?;
                let result: String = row.try_get("result")?;
                let termination: String = row.try_get("termination")?;
                Ok(RecordLine {
                    colour: color_from_db(&colour)?,
                    outcome: outcome(&result, &colour)?,
                    termination: termination_from_db(&termination)?,
                    games: count_from_db(row.try_get("games")?, "games")?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        lines.sort_by_key(|l| {
            (
                l.colour.index(),
                l.outcome as u8,
                crate::rules::Termination::ALL
                    .iter()
                    .position(|t| *t == l.termination),
            )
        });
        Ok(lines)
    }

    /// A player's current streak in rated games of a scope: the outcome of their latest game and
    /// how many games in a row ended that way. `None` before their first rated game.
    pub async fn streak(self, player: PlayerId, scope: RatingScope) -> Result<Option<Streak>> {
        let mut streak: Option<Streak> = None;
        let mut offset = 0u32;
        loop {
            let rows = match scope {
                RatingScope::Server(_) => {
                    sqlx::query(RESULTS_IN_SERVER)
                        .bind(player.to_db())
                        .bind(scope.to_db())
                        .bind(i64::from(STREAK_PAGE))
                        .bind(i64::from(offset))
                        .fetch_all(&self.store.pool)
                        .await?
                }
                RatingScope::Global => {
                    sqlx::query(RESULTS_EVERYWHERE)
                        .bind(player.to_db())
                        .bind(i64::from(STREAK_PAGE))
                        .bind(i64::from(offset))
                        .fetch_all(&self.store.pool)
                        .await?
                }
            };
            for row in &rows {
                let result: String = row.try_get("result")?;
                let colour: String = row.try_get("colour")?;
                let outcome = outcome(&result, &colour)?;
                match &mut streak {
                    None => streak = Some(Streak { outcome, games: 1 }),
                    Some(s) if s.outcome == outcome => s.games += 1,
                    Some(_) => return Ok(streak),
                }
            }
            if rows.len() < STREAK_PAGE as usize {
                return Ok(streak);
            }
            offset += STREAK_PAGE;
        }
    }
}
