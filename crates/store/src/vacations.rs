//! Vacations: a player away, whose clocks stand still. Each player has an allowance of days a
//! calendar year (UTC), which the service gives (it is the bot's rule, not the store's). The
//! days a vacation plans are charged
//! to the year it starts in when it starts (so two processes can never grant more than the
//! allowance: the charge is guarded by it), and the days not used are given back when the
//! player returns early; a use costs at least one day. While a player is away, the deadlines of
//! their games where they are to move are pushed to where the vacation ends, and pulled back
//! when they return early; the service pushes the deadline of a move made against them meanwhile.

use std::time::Duration;

use sqlx::{Connection, Row};

use super::games::{game_columns, game_from_row};
use super::{Game, InvalidInput, Missing, PlayerId, Result, StoreError, Timestamp};
use crate::Players;
use crate::types::PlayerIdColumn as _;

/// A day, in the store's milliseconds.
const DAY_MS: i64 = 86_400_000;

/// A player's current vacation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// When it began.
    pub started_at: Timestamp,
    /// When it ends by itself (the days asked for, or the rest of the year's allowance).
    pub until: Timestamp,
}

impl Vacation {
    /// The whole days it plans (and has charged).
    pub fn planned_days(&self) -> u32 {
        ((self.until.0 - self.started_at.0) / DAY_MS).max(0) as u32
    }

    /// The days it costs if it ends at `now`: every day begun counts, at least one, at most the
    /// days planned.
    pub fn days_used_at(&self, now: Timestamp) -> u32 {
        let elapsed = (now.0 - self.started_at.0).max(0);
        let begun = elapsed.div_euclid(DAY_MS) + i64::from(elapsed % DAY_MS != 0);
        (begun.max(1) as u32).min(self.planned_days())
    }

    /// The calendar year (UTC) its days are charged to: the year it began.
    pub fn year(&self) -> i64 {
        self.started_at.utc_date().0
    }
}

/// Shifts the deadline and reminders of every active game in which `$1` is to move by `$2` ms.
const SHIFT_DEADLINES: &str = concat!(
    "UPDATE games SET deadline_at = deadline_at + $2, remind_at = remind_at + $2, \
       final_remind_at = final_remind_at + $2, version = version + 1, updated_at = $3 \
     WHERE status = 'active' AND deadline_at IS NOT NULL \
       AND ((white_id = $1 AND to_move = 'white') OR (black_id = $1 AND to_move = 'black')) \
     RETURNING ",
    game_columns!()
);

/// Ends the vacations that ran out ($1 = now, $2 = most to claim): safe with several processes,
/// as the timeouts' claim is (see [`Store::claim_sql`]).
const CLAIM_VACATION_ENDS: &str = "WITH due AS MATERIALIZED (SELECT id FROM players \
       WHERE vacation_until <= $1 ORDER BY vacation_until LIMIT $2 /*LOCK*/) \
     UPDATE players SET vacation_started_at = NULL, vacation_until = NULL, updated_at = $1 \
     WHERE vacation_until <= $1 AND id IN (SELECT id FROM due) \
     RETURNING id";

impl Players<'_> {
    /// The vacation days `player` has been charged in `year` (a vacation under way counts
    /// with all the days it plans).
    pub async fn vacation_days_used(self, player: PlayerId, year: i64) -> Result<u32> {
        let row = sqlx::query("SELECT days FROM vacation_days WHERE player_id = $1 AND year = $2")
            .bind(player.to_db())
            .bind(year)
            .fetch_optional(&self.store.pool)
            .await?;
        Ok(match row {
            Some(row) => super::types::count_from_db(row.try_get("days")?, "vacation days")?,
            None => 0,
        })
    }

    /// Starts `player`'s vacation from `now` for `days` whole days: charges them to the year,
    /// and pushes the deadline of every game where they are to move by as much. Returns those
    /// games. A vacation that ran out but was not yet ended by the sweep counts as ended.
    /// [`StoreError::Conflict`] (nothing written) when they are already away or the days
    /// would go past the year's `allowance`; [`StoreError::NotFound`] for an unknown player.
    pub async fn start_vacation(
        self,
        player: PlayerId,
        days: u32,
        allowance: u32,
        now: Timestamp,
    ) -> Result<(Vacation, Vec<Game>)> {
        if days == 0 || days > allowance {
            return Err(StoreError::Invalid(InvalidInput::VacationDays(days)));
        }
        let vacation = Vacation {
            started_at: now,
            until: now.plus(Duration::from_secs(u64::from(days) * 86_400)),
        };
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let started = sqlx::query(
            "UPDATE players SET vacation_started_at = $2, vacation_until = $3, updated_at = $2 \
             WHERE id = $1 AND (vacation_until IS NULL OR vacation_until <= $2) RETURNING id",
        )
        .bind(player.to_db())
        .bind(vacation.started_at.0)
        .bind(vacation.until.0)
        .fetch_optional(&mut *tx)
        .await?;
        if started.is_none() {
            tx.rollback().await?;
            return Err(match self.player(player).await? {
                Some(_) => StoreError::Conflict,
                None => StoreError::NotFound(Missing::Player(player)),
            });
        }
        let charged = sqlx::query(
            "INSERT INTO vacation_days (player_id, year, days) VALUES ($1, $2, $3) \
             ON CONFLICT (player_id, year) DO UPDATE SET days = vacation_days.days + excluded.days \
             WHERE vacation_days.days + excluded.days <= $4 RETURNING days",
        )
        .bind(player.to_db())
        .bind(vacation.year())
        .bind(i64::from(days))
        .bind(i64::from(allowance))
        .fetch_optional(&mut *tx)
        .await?;
        if charged.is_none() {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        let rows = sqlx::query(SHIFT_DEADLINES)
            .bind(player.to_db())
            .bind(vacation.until.0 - vacation.started_at.0)
            .bind(now.0)
            .fetch_all(&mut *tx)
            .await?;
        let games = rows.iter().map(game_from_row).collect::<Result<Vec<_>>>()?;
        tx.commit().await?;
        Ok((vacation, games))
    }

    /// Ends `player`'s vacation `vacation` at `now`, before it ran out: gives back the days not
    /// used ([`Vacation::days_used_at`]) and pulls the deadlines of their games where they are
    /// to move back by as much. Returns those games. [`StoreError::Conflict`] (nothing written)
    /// when that vacation is no longer under way (it ended meanwhile).
    pub async fn end_vacation(
        self,
        player: PlayerId,
        vacation: Vacation,
        now: Timestamp,
    ) -> Result<Vec<Game>> {
        let unused = vacation.planned_days() - vacation.days_used_at(now);
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let ended = sqlx::query(
            "UPDATE players SET vacation_started_at = NULL, vacation_until = NULL, updated_at = $3 \
             WHERE id = $1 AND vacation_until = $2 RETURNING id",
        )
        .bind(player.to_db())
        .bind(vacation.until.0)
        .bind(now.0)
        .fetch_optional(&mut *tx)
        .await?;
        if ended.is_none() {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        let mut games = Vec::new();
        if unused > 0 {
            sqlx::query(
                "UPDATE vacation_days SET days = days - $3 WHERE player_id = $1 AND year = $2",
            )
            .bind(player.to_db())
            .bind(vacation.year())
            .bind(i64::from(unused))
            .execute(&mut *tx)
            .await?;
            let rows = sqlx::query(SHIFT_DEADLINES)
                .bind(player.to_db())
                .bind(-i64::from(unused) * DAY_MS)
                .bind(now.0)
                .fetch_all(&mut *tx)
                .await?;
            games = rows.iter().map(game_from_row).collect::<Result<Vec<_>>>()?;
        }
        tx.commit().await?;
        Ok(games)
    }

    /// Ends up to `limit` vacations that ran out by `now` (all their days used: nothing to give
    /// back, no deadline to move) and returns whose they were. Each goes to exactly one caller,
    /// however many processes sweep at once.
    pub async fn claim_vacation_ends(self, now: Timestamp, limit: u32) -> Result<Vec<PlayerId>> {
        let mut writer = self.store.writer().await?;
        let rows = sqlx::query(&self.store.claim_sql(CLAIM_VACATION_ENDS))
            .bind(now.0)
            .bind(i64::from(limit))
            .fetch_all(&mut *writer)
            .await?;
        rows.iter()
            .map(|row| Ok(PlayerId::from_db(row.try_get("id")?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vacation_costs_every_day_begun_and_at_least_one() {
        let v = Vacation {
            started_at: Timestamp(1_000),
            until: Timestamp(1_000 + 5 * DAY_MS),
        };
        assert_eq!(v.planned_days(), 5);
        assert_eq!(v.days_used_at(Timestamp(1_000)), 1);
        assert_eq!(v.days_used_at(Timestamp(1_000 + DAY_MS)), 1);
        assert_eq!(v.days_used_at(Timestamp(1_001 + DAY_MS)), 2);
        assert_eq!(v.days_used_at(Timestamp(1_000 + 9 * DAY_MS)), 5);
    }
}
