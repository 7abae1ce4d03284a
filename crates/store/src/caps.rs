//! The caps on what one player may hold at once — games in progress, games against the
//! computer, tournaments they organise that have not started — checked inside the transaction
//! that would go past them, so that two processes (or two clicks) can never both take the last
//! place. A store has no caps until it is given some ([`Store::with_caps`]): the game service
//! gives its own, the tools and the store's tests run without.

use sqlx::{Any, Row, Transaction};

use super::{PlayerId, Result, Store, StoreError};
use crate::types::PlayerIdColumn as _;
use crate::{Games, Tournaments};

/// How much one player may hold at once; `None` leaves a thing uncapped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Caps {
    /// Games in progress, of every kind. Tournament games are never refused for it (a
    /// tournament starts all its games at once, for every entrant), but they count towards it.
    pub games: Option<u32>,
    /// Games in progress against the computer (a part of [`Caps::games`]).
    pub computer_games: Option<u32>,
    /// Tournaments a player organises that are still open for sign-up.
    pub open_tournaments: Option<u32>,
}

/// Which cap a player reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// [`Caps::games`].
    Games,
    /// [`Caps::computer_games`].
    ComputerGames,
    /// [`Caps::open_tournaments`].
    OpenTournaments,
}

/// A write refused because a player is at one of the store's caps; nothing was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("player {player} has {count} of at most {max} ({cap:?})")]
pub struct CapReached {
    /// The player at the cap.
    pub player: PlayerId,
    /// The cap.
    pub cap: Cap,
    /// The most it allows.
    pub max: u32,
    /// How many the player has (at least `max`: tournament games may take a player past it).
    pub count: u32,
}

/// A player's games in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InProgress {
    /// Every active game they play.
    pub games: u32,
    /// Those against the computer.
    pub computer: u32,
}

/// Counts a player's active games: the leading column of the per-colour "games here" indexes.
pub(super) const GAMES_IN_PROGRESS_OF: &str = "SELECT COUNT(*) AS games, \
      COUNT(computer_level) AS computer FROM (\
      SELECT computer_level FROM games WHERE status = 'active' AND white_id = $1 \
      UNION ALL \
      SELECT computer_level FROM games WHERE status = 'active' AND black_id = $1) mine";

/// Counts the tournaments a player organises that are open for sign-up.
pub(super) const OPEN_TOURNAMENTS_OF: &str =
    "SELECT COUNT(*) AS n FROM tournaments WHERE organiser_id = $1 AND status = 'open'";

/// Makes the transaction the only one that may add to `player`'s games or tournaments until it
/// ends: a write to the player's row takes its row lock on PostgreSQL, so a second transaction
/// checking the same cap waits, then counts what the first added. (SQLite has one writer at a
/// time already.) A player without a row is not locked; every caller records the player first.
async fn hold_player(tx: &mut Transaction<'_, Any>, player: PlayerId) -> Result<()> {
    sqlx::query("UPDATE players SET updated_at = updated_at WHERE id = $1")
        .bind(player.to_db())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn count_games(
    executor: impl sqlx::Executor<'_, Database = Any>,
    player: PlayerId,
) -> Result<InProgress> {
    let row = sqlx::query(GAMES_IN_PROGRESS_OF)
        .bind(player.to_db())
        .fetch_one(executor)
        .await?;
    let count = |column: &str| -> Result<u32> {
        Ok(u32::try_from(row.try_get::<i64, _>(column)?.max(0)).unwrap_or(u32::MAX))
    };
    Ok(InProgress {
        games: count("games")?,
        computer: count("computer")?,
    })
}

impl Caps {
    /// Inside the transaction about to start a game for `players` (`computer`: against the
    /// computer), refuses it if one of them is at a cap. Locks the players' rows in the order
    /// of their ids, so two transactions locking the same two players never deadlock.
    pub(super) async fn check_new_game(
        &self,
        tx: &mut Transaction<'_, Any>,
        players: &[PlayerId],
        computer: bool,
    ) -> Result<()> {
        if self.games.is_none() && !(computer && self.computer_games.is_some()) {
            return Ok(());
        }
        let mut sorted = players.to_vec();
        sorted.sort_by_key(|p| p.to_db());
        for &player in &sorted {
            hold_player(tx, player).await?;
        }
        for &player in players {
            let has = count_games(&mut **tx, player).await?;
            if let Some(max) = self.computer_games.filter(|_| computer)
                && has.computer >= max
            {
                return Err(reached(player, Cap::ComputerGames, max, has.computer));
            }
            if let Some(max) = self.games
                && has.games >= max
            {
                return Err(reached(player, Cap::Games, max, has.games));
            }
        }
        Ok(())
    }

    /// Inside the transaction about to create a tournament `organiser` organises, refuses it
    /// if they are at the cap of open ones.
    pub(super) async fn check_new_tournament(
        &self,
        tx: &mut Transaction<'_, Any>,
        organiser: PlayerId,
    ) -> Result<()> {
        let Some(max) = self.open_tournaments else {
            return Ok(());
        };
        hold_player(tx, organiser).await?;
        let n: i64 = sqlx::query(OPEN_TOURNAMENTS_OF)
            .bind(organiser.to_db())
            .fetch_one(&mut **tx)
            .await?
            .try_get("n")?;
        let n = u32::try_from(n.max(0)).unwrap_or(u32::MAX);
        if n >= max {
            return Err(reached(organiser, Cap::OpenTournaments, max, n));
        }
        Ok(())
    }
}

fn reached(player: PlayerId, cap: Cap, max: u32, count: u32) -> StoreError {
    StoreError::Cap(CapReached {
        player,
        cap,
        max,
        count,
    })
}

impl Store {
    /// The same store, refusing what would take a player past `caps` (see [`Caps`]).
    pub fn with_caps(mut self, caps: Caps) -> Store {
        self.caps = caps;
        self
    }

    /// The caps this store enforces.
    pub fn caps(&self) -> Caps {
        self.caps
    }
}

impl Games<'_> {
    /// How many games `player` has in progress, and how many of them against the computer.
    pub async fn games_in_progress_of(self, player: PlayerId) -> Result<InProgress> {
        count_games(&self.store.pool, player).await
    }
}

impl Tournaments<'_> {
    /// How many tournaments `player` organises that are still open for sign-up.
    pub async fn open_tournaments_of(self, player: PlayerId) -> Result<u32> {
        let n: i64 = sqlx::query(OPEN_TOURNAMENTS_OF)
            .bind(player.to_db())
            .fetch_one(&self.store.pool)
            .await?
            .try_get("n")?;
        Ok(u32::try_from(n.max(0)).unwrap_or(u32::MAX))
    }
}
