//! Players and their settings, and the preferred locale of each server.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Missing, Player, PlayerId, Result, StoreError, Timestamp, Vacation};
use crate::Players;
use crate::types::PlayerIdColumn as _;

const PLAYER_COLUMNS: &str =
    "id, name, language, ping, dm, created_at, updated_at, vacation_started_at, vacation_until";

fn player_from_row(row: &AnyRow) -> Result<Player> {
    Ok(Player {
        id: PlayerId::from_db(row.try_get("id")?),
        name: row.try_get("name")?,
        language: row.try_get("language")?,
        ping: row.try_get::<i64, _>("ping")? != 0,
        dm: row.try_get::<i64, _>("dm")? != 0,
        vacation: match (
            row.try_get::<Option<i64>, _>("vacation_started_at")?,
            row.try_get::<Option<i64>, _>("vacation_until")?,
        ) {
            (Some(started_at), Some(until)) => Some(Vacation {
                started_at: Timestamp(started_at),
                until: Timestamp(until),
            }),
            _ => None,
        },
        created_at: Timestamp(row.try_get("created_at")?),
        updated_at: Timestamp(row.try_get("updated_at")?),
    })
}

impl Players<'_> {
    /// Records a player seen under `name` (new players get the default settings) and returns them
    /// with their settings. Called whenever someone acts, so names stay current. The name is
    /// kept as [`kept_name`](crate::model::kept_name) makes it: bounded, on one line.
    pub async fn upsert_player(self, id: PlayerId, name: &str, now: Timestamp) -> Result<Player> {
        let name = crate::model::kept_name(name);
        let mut writer = self.store.writer().await?;
        let sql = format!(
            "INSERT INTO players (id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at \
             RETURNING {PLAYER_COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(id.to_db())
            .bind(&name)
            .bind(now.0)
            .fetch_one(&mut *writer)
            .await?;
        player_from_row(&row)
    }

    /// A player, if they were ever seen.
    pub async fn player(self, id: PlayerId) -> Result<Option<Player>> {
        let sql = format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id.to_db())
            .fetch_optional(&self.store.pool)
            .await?;
        row.as_ref().map(player_from_row).transpose()
    }

    /// Changes a player's language (`None`: not chosen), whether they are pinged, and whether
    /// they get a direct message when it becomes their move (`dm`).
    pub async fn set_player_settings(
        self,
        id: PlayerId,
        language: Option<&str>,
        ping: bool,
        dm: bool,
        now: Timestamp,
    ) -> Result<Player> {
        let mut writer = self.store.writer().await?;
        let sql = format!(
            "UPDATE players SET language = $2, ping = $3, dm = $4, updated_at = $5 WHERE id = $1 \
             RETURNING {PLAYER_COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(id.to_db())
            .bind(language)
            .bind(i64::from(ping))
            .bind(i64::from(dm))
            .bind(now.0)
            .fetch_optional(&mut *writer)
            .await?
            .ok_or_else(|| StoreError::NotFound(Missing::Player(id)))?;
        player_from_row(&row)
    }

    /// The version of player `id`'s private links: a link made under another was revoked. 0
    /// for a player never seen (and for every player until they first revoke).
    pub async fn link_version(self, id: PlayerId) -> Result<u64> {
        let row = sqlx::query("SELECT link_version FROM players WHERE id = $1")
            .bind(id.to_db())
            .fetch_optional(&self.store.pool)
            .await?;
        let version: i64 = match row {
            Some(row) => row.try_get("link_version")?,
            None => 0,
        };
        Ok(u64::try_from(version).unwrap_or(0))
    }

    /// Revokes every private link player `id` was given, by bumping their link version; returns
    /// the new version (0 for a player never seen, who was given none).
    pub async fn revoke_links(self, id: PlayerId, now: Timestamp) -> Result<u64> {
        let mut writer = self.store.writer().await?;
        let row = sqlx::query(
            "UPDATE players SET link_version = link_version + 1, updated_at = $2 WHERE id = $1 \
             RETURNING link_version",
        )
        .bind(id.to_db())
        .bind(now.0)
        .fetch_optional(&mut *writer)
        .await?;
        let version: i64 = match row {
            Some(row) => row.try_get("link_version")?,
            None => 0,
        };
        Ok(u64::try_from(version).unwrap_or(0))
    }

    /// Records the preferred locale of a Discord server (such as `fr` or `es-ES`), as an
    /// interaction or the server's GUILD_CREATE told it.
    pub async fn set_server_locale(self, server: u64, locale: &str, now: Timestamp) -> Result<()> {
        let mut writer = self.store.writer().await?;
        sqlx::query(
            "INSERT INTO servers (id, locale, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at",
        )
        .bind(PlayerId(server).to_db())
        .bind(locale)
        .bind(now.0)
        .execute(&mut *writer)
        .await?;
        Ok(())
    }

    /// The preferred locale of a Discord server, if the bot was ever told it.
    pub async fn server_locale(self, server: u64) -> Result<Option<String>> {
        let row = sqlx::query("SELECT locale FROM servers WHERE id = $1")
            .bind(PlayerId(server).to_db())
            .fetch_optional(&self.store.pool)
            .await?;
        row.map(|row| row.try_get("locale"))
            .transpose()
            .map_err(Into::into)
    }
}
