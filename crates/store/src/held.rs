//! Notices held for players: a direct message Discord refused (the player does not accept DMs
//! from the bot) is kept here, in the player's language as it was written, until the player's
//! next command shows it and the front end confirms it was delivered. Rows survive restarts,
//! so nothing the player should have been told is lost.

use sqlx::{Connection, Row};

use super::games::next_id;
use super::{PlayerId, Result, Timestamp};
use crate::Players;
use crate::types::PlayerIdColumn as _;

/// A notice waiting for its player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldNotice {
    /// Its number, by which it is dropped once shown.
    pub id: i64,
    /// The notice as it would have been sent.
    pub text: String,
    /// When it was held.
    pub held_at: Timestamp,
}

impl Players<'_> {
    /// Keeps `text` for `player` until it is shown to them.
    pub async fn hold_notice(self, player: PlayerId, text: &str, now: Timestamp) -> Result<i64> {
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let id = next_id(&mut tx, "held_notice").await?;
        sqlx::query(
            "INSERT INTO held_notices (id, player_id, text, held_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(player.to_db())
        .bind(text)
        .bind(now.0)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The notices held for `player`, oldest first.
    pub async fn held_notices(self, player: PlayerId) -> Result<Vec<HeldNotice>> {
        let rows = sqlx::query(
            "SELECT id, text, held_at FROM held_notices WHERE player_id = $1 ORDER BY id",
        )
        .bind(player.to_db())
        .fetch_all(&self.store.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(HeldNotice {
                    id: row.try_get("id")?,
                    text: row.try_get("text")?,
                    held_at: Timestamp(row.try_get("held_at")?),
                })
            })
            .collect()
    }

    /// Drops the notices `ids` of `player`, once shown; ids already gone are no error.
    pub async fn drop_held_notices(self, player: PlayerId, ids: &[i64]) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        for id in ids {
            sqlx::query("DELETE FROM held_notices WHERE id = $1 AND player_id = $2")
                .bind(id)
                .bind(player.to_db())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
