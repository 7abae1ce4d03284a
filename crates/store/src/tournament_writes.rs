//! The guarded writes of tournaments: sign-ups and departures (the seat counter), the
//! cancellation, the start (every game at once, guarded by the version), withdrawals (forfeits),
//! the finish with the last game, and the claim of the final announcement; the start, each
//! forfeit and the claim write their events. See
//! [`tournaments`](super::tournaments) for the rows and their reads.

use sqlx::{Connection, Row};

use super::events::About;
use super::games::{game_columns, game_from_row, insert_game};
use super::tournaments::{
    CLAIM_ANNOUNCEMENTS, FINISH_IF_DONE, TOURNAMENT_COLUMNS, reread, tournament_from_row,
};
use super::{
    EventKind, Game, InvalidInput, NewGame, PlayerId, Result, StoreError, Timestamp, Tournament,
    TournamentDraw, TournamentId, unique_to_conflict,
};
use crate::Tournaments;
use crate::types::PlayerIdColumn as _;

impl Tournaments<'_> {
    /// Signs `player` up (recorded with [`Players::upsert_player`](crate::Players::upsert_player) first). Fails with
    /// [`StoreError::Conflict`] when the tournament is full or no longer open, or the player is
    /// already signed up: nothing is written then, and the caller reads the row to say which.
    pub async fn join_tournament(
        self,
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
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let row = sqlx::query(&sql)
            .bind(id.0)
            .bind(now.0)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            tx.rollback().await?;
            drop(writer);
            return Err(reread(self.store, id).await);
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
        self,
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
        let mut writer = self.store.writer().await?;
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
            return Err(reread(self.store, id).await);
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
    pub async fn cancel_tournament(self, id: TournamentId, now: Timestamp) -> Result<Tournament> {
        let sql = format!(
            "UPDATE tournaments SET status = 'cancelled', version = version + 1, \
               updated_at = $2, finished_at = $2 \
             WHERE id = $1 AND status = 'open' \
             RETURNING {TOURNAMENT_COLUMNS}"
        );
        let row = {
            let mut writer = self.store.writer().await?;
            sqlx::query(&sql)
                .bind(id.0)
                .bind(now.0)
                .fetch_optional(&mut *writer)
                .await?
        };
        match row {
            Some(row) => tournament_from_row(&row),
            None => Err(reread(self.store, id).await),
        }
    }

    /// Starts a tournament read at `version`: in one transaction it becomes running, each
    /// entrant gets their seat, and every pairing becomes a game in the home channel, as `draw`
    /// says. If anything changed since `version` was
    /// read (a sign-up, a departure, another start), nothing is written and the error is
    /// [`StoreError::Conflict`]. Returns the tournament and its games, in pairing order.
    pub async fn start_tournament(
        self,
        id: TournamentId,
        version: i64,
        draw: &TournamentDraw<'_>,
        now: Timestamp,
    ) -> Result<(Tournament, Vec<Game>)> {
        let TournamentDraw {
            seats,
            pairings,
            start_fen,
            deadline,
        } = *draw;
        let sql = format!(
            "UPDATE tournaments SET status = 'running', started_at = $3, updated_at = $3, \
               version = version + 1 \
             WHERE id = $1 AND version = $2 AND status = 'open' AND entrants = $4 \
             RETURNING {TOURNAMENT_COLUMNS}"
        );
        let mut writer = self.store.writer().await?;
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
            return Err(reread(self.store, id).await);
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
                return Err(StoreError::Invalid(InvalidInput::NotSignedUp {
                    player,
                    tournament: id,
                }));
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
        let began = EventKind::TournamentStarted { tournament: id };
        let told = self
            .store
            .events
            .append_event(&mut tx, About::tournament(&started), &began, now)
            .await?;
        self.store.events.commit_telling(tx, &told, true).await?;
        Ok((started, games))
    }

    /// Withdraws `player` from a running tournament: in one transaction they are marked
    /// withdrawn and each of their unfinished games ends as a forfeit (their opponent wins; the
    /// game no longer counts for ratings, as nothing was decided over the board). Returns the
    /// games forfeited. [`StoreError::Conflict`] when the tournament is not running or the
    /// player is not in it or already withdrawn.
    pub async fn withdraw_from_tournament(
        self,
        id: TournamentId,
        player: PlayerId,
        now: Timestamp,
    ) -> Result<Vec<Game>> {
        let mut writer = self.store.writer().await?;
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
            return Err(reread(self.store, id).await);
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
        let mut told = Vec::new();
        for game in &games {
            sqlx::query("UPDATE tournament_games SET forfeit = 1 WHERE game_id = $1")
                .bind(game.id.0)
                .execute(&mut *tx)
                .await?;
            if let (Some(result), Some(termination)) = (game.result, game.termination) {
                let ended = EventKind::Ended {
                    result,
                    termination,
                };
                told.extend(
                    self.store
                        .events
                        .append_event(&mut tx, game, &ended, now)
                        .await?,
                );
            }
        }
        sqlx::query("UPDATE tournaments SET version = version + 1, updated_at = $2 WHERE id = $1")
            .bind(id.0)
            .bind(now.0)
            .execute(&mut *tx)
            .await?;
        self.store
            .events
            .commit_telling(tx, &told, !games.is_empty())
            .await?;
        Ok(games)
    }

    /// Finishes a running tournament if none of its games is still played; returns whether
    /// this call finished it (it happens once, whoever asks).
    pub async fn finish_tournament_if_done(self, id: TournamentId, now: Timestamp) -> Result<bool> {
        let mut writer = self.store.writer().await?;
        let done = sqlx::query(FINISH_IF_DONE)
            .bind(id.0)
            .bind(now.0)
            .execute(&mut *writer)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The running tournaments none of whose games is still played (a crash between a game's
    /// end and its tournament's), for the sweep to finish.
    pub async fn running_tournaments_done(self, limit: u32) -> Result<Vec<TournamentId>> {
        let rows = sqlx::query(
            "SELECT t.id FROM tournaments t WHERE t.status = 'running' AND NOT EXISTS \
               (SELECT 1 FROM tournament_games tg JOIN games g ON g.id = tg.game_id \
                WHERE tg.tournament_id = t.id AND g.status = 'active') \
             ORDER BY t.id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(&self.store.pool)
        .await?;
        rows.iter()
            .map(|row| Ok(TournamentId(row.try_get("id")?)))
            .collect()
    }

    /// Claims up to `limit` finished tournaments whose final standings are still to be posted:
    /// each goes to exactly one caller, however many processes sweep at once.
    pub async fn claim_tournament_announcements(
        self,
        now: Timestamp,
        limit: u32,
    ) -> Result<Vec<Tournament>> {
        self.store
            .claim_telling(CLAIM_ANNOUNCEMENTS, now, limit, tournament_from_row, |t| {
                let finished = EventKind::TournamentFinished { tournament: t.id };
                (About::tournament(t), finished)
            })
            .await
    }
}
