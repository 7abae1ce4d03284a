//! Finding a server's tournaments by what they are — their status, who organises them, who
//! signed up — each through an index, so that a player's own tournaments are found however many
//! others the server holds (and no flood of new ones can bury them).

use super::tournaments::tournament_from_row;
use super::{PlayerId, Result, Tournament, TournamentStatus, discord_id_to_db};
use crate::Tournaments;
use crate::types::PlayerIdColumn as _;

/// A server's tournaments in one status, newest first ($1 = server, $2 = status, $3 = most).
pub(super) const TOURNAMENTS_IN_STATUS: &str = "SELECT id, name, server_id, channel_id, \
    organiser_id, status, double_round, rated, days_per_move, max_players, entrants, version, \
    created_at, started_at, finished_at, announced_at FROM tournaments \
    WHERE server_id = $1 AND status = $2 ORDER BY id DESC LIMIT $3";

/// The tournaments a player organises in a server in one status, newest first ($1 = player,
/// $2 = status, $3 = server).
pub(super) const TOURNAMENTS_ORGANISED_BY: &str = "SELECT id, name, server_id, channel_id, \
    organiser_id, status, double_round, rated, days_per_move, max_players, entrants, version, \
    created_at, started_at, finished_at, announced_at FROM tournaments \
    WHERE organiser_id = $1 AND status = $2 AND server_id = $3 ORDER BY id DESC";

/// The tournaments a player signed up to in a server in one status, newest first ($1 = player,
/// $2 = status, $3 = server): the player's own sign-ups, then each tournament by its key.
pub(super) const TOURNAMENTS_JOINED_BY: &str = "SELECT t.id, t.name, t.server_id, t.channel_id, \
    t.organiser_id, t.status, t.double_round, t.rated, t.days_per_move, t.max_players, \
    t.entrants, t.version, t.created_at, t.started_at, t.finished_at, t.announced_at \
    FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id \
    WHERE e.player_id = $1 AND t.status = $2 AND t.server_id = $3 ORDER BY t.id DESC";

/// The newest tournaments of every server not called off ($1 = most), newest first.
const LATEST_TOURNAMENTS: &str = "SELECT id, name, server_id, channel_id, \
    organiser_id, status, double_round, rated, days_per_move, max_players, entrants, version, \
    created_at, started_at, finished_at, announced_at FROM tournaments \
    WHERE status <> 'cancelled' ORDER BY id DESC LIMIT $1";

impl Tournaments<'_> {
    /// The newest `limit` tournaments of every server, not those called off: the site's front
    /// page. Read down the primary key.
    pub async fn latest_tournaments(self, limit: u32) -> Result<Vec<Tournament>> {
        let rows = sqlx::query(LATEST_TOURNAMENTS)
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(tournament_from_row).collect()
    }

    /// A server's tournaments in `status`, newest first, at most `limit`.
    pub async fn tournaments_in_status(
        self,
        server: u64,
        status: TournamentStatus,
        limit: u32,
    ) -> Result<Vec<Tournament>> {
        let rows = sqlx::query(TOURNAMENTS_IN_STATUS)
            .bind(discord_id_to_db(server))
            .bind(status.as_str())
            .bind(i64::from(limit))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(tournament_from_row).collect()
    }

    /// The tournaments `player` organises in `server` that are in `status`, newest first.
    pub async fn tournaments_organised_by(
        self,
        player: PlayerId,
        server: u64,
        status: TournamentStatus,
    ) -> Result<Vec<Tournament>> {
        let rows = sqlx::query(TOURNAMENTS_ORGANISED_BY)
            .bind(player.to_db())
            .bind(status.as_str())
            .bind(discord_id_to_db(server))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(tournament_from_row).collect()
    }

    /// The tournaments in `server` that `player` signed up to and that are in `status`, newest
    /// first (a withdrawn player still counts as signed up).
    pub async fn tournaments_joined_by(
        self,
        player: PlayerId,
        server: u64,
        status: TournamentStatus,
    ) -> Result<Vec<Tournament>> {
        let rows = sqlx::query(TOURNAMENTS_JOINED_BY)
            .bind(player.to_db())
            .bind(status.as_str())
            .bind(discord_id_to_db(server))
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(tournament_from_row).collect()
    }
}
