//! Challenges: made, listed, declined, cancelled, expired, and accepted into a game.

use sqlx::any::AnyRow;
use sqlx::{Connection, Row};

use crate::rules::Color;

use super::events::About;
use super::games::insert_game;
use super::types::{days_from_db, discord_id_from_db, reach_from_db, reach_to_db};
use super::{
    AcceptedGame, Challenge, ChallengeId, ChallengeStatus, ColourWish, EventKind, Game, GameId,
    InvalidInput, Missing, NewChallenge, NewGame, Place, PlayerId, Result, StoreError, Timestamp,
    discord_id_to_db, missing_or_conflict, unique_to_conflict,
};
use crate::Challenges;
use crate::types::PlayerIdColumn as _;

const CHALLENGE_COLUMNS: &str = "id, challenger_id, challenged_id, server_id, channel_id, colour, \
    days_per_move, rated, status, accepted_by, game_id, created_at, expires_at, closed_at, \
    answers_only, rematch_of";

/// Expires the open challenges whose time is up ($1 = now, $2 = most to claim), returning each
/// to exactly one caller so the challenger is told once.
pub(super) const EXPIRE_CHALLENGES: &str = "WITH due AS MATERIALIZED (SELECT id FROM challenges \
      WHERE status = 'open' AND expires_at <= $1 ORDER BY expires_at LIMIT $2 /*LOCK*/) \
    UPDATE challenges SET status = 'expired', closed_at = $1 \
    WHERE status = 'open' AND expires_at <= $1 AND id IN (SELECT id FROM due) \
    RETURNING id, challenger_id, challenged_id, server_id, channel_id, colour, \
    days_per_move, rated, status, accepted_by, game_id, created_at, expires_at, closed_at, \
    answers_only, rematch_of";

fn challenge_from_row(row: &AnyRow) -> Result<Challenge> {
    Ok(Challenge {
        id: ChallengeId(row.try_get("id")?),
        challenger: PlayerId::from_db(row.try_get("challenger_id")?),
        challenged: row
            .try_get::<Option<i64>, _>("challenged_id")?
            .map(PlayerId::from_db),
        place: Place {
            server: row
                .try_get::<Option<i64>, _>("server_id")?
                .map(discord_id_from_db),
            channel: discord_id_from_db(row.try_get("channel_id")?),
            thread: None,
            reach: reach_from_db(row.try_get("answers_only")?),
        },
        colour: ColourWish::parse(&row.try_get::<String, _>("colour")?)?,
        days_per_move: days_from_db(row.try_get("days_per_move")?)?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        status: ChallengeStatus::parse(&row.try_get::<String, _>("status")?)?,
        accepted_by: row
            .try_get::<Option<i64>, _>("accepted_by")?
            .map(PlayerId::from_db),
        game: row.try_get::<Option<i64>, _>("game_id")?.map(GameId),
        created_at: Timestamp(row.try_get("created_at")?),
        expires_at: Timestamp(row.try_get("expires_at")?),
        closed_at: row.try_get::<Option<i64>, _>("closed_at")?.map(Timestamp),
        rematch_of: row.try_get::<Option<i64>, _>("rematch_of")?.map(GameId),
    })
}

impl Challenges<'_> {
    /// Records a new open challenge. Both players must have been recorded with
    /// [`Players::upsert_player`](crate::Players::upsert_player). A second open rematch challenge of the same game fails with
    /// [`StoreError::Conflict`].
    pub async fn create_challenge(self, new: &NewChallenge, now: Timestamp) -> Result<Challenge> {
        if new.challenged == Some(new.challenger) {
            return Err(StoreError::Invalid(InvalidInput::SelfChallenge));
        }
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let id = super::games::next_id(&mut tx, "challenge").await?;
        let sql = format!(
            "INSERT INTO challenges (id, challenger_id, challenged_id, server_id, channel_id, \
               colour, days_per_move, rated, status, created_at, expires_at, answers_only, \
               rematch_of) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9, $10, $11, $12) \
             RETURNING {CHALLENGE_COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(id)
            .bind(new.challenger.to_db())
            .bind(new.challenged.map(PlayerId::to_db))
            .bind(new.place.server.map(discord_id_to_db))
            .bind(discord_id_to_db(new.place.channel))
            .bind(new.colour.as_str())
            .bind(i64::from(new.days_per_move.get()))
            .bind(i64::from(new.rated))
            .bind(now.0)
            .bind(new.expires_at.0)
            .bind(reach_to_db(new.place.reach))
            .bind(new.rematch_of.map(|g| g.0))
            .fetch_one(&mut *tx)
            .await
            .map_err(unique_to_conflict)?;
        let challenge = challenge_from_row(&row)?;
        let made = EventKind::Challenged {
            challenge: challenge.id,
            by: challenge.challenger,
            to: challenge.challenged,
        };
        let told = self
            .store
            .events
            .append_event(&mut tx, About::challenge(&challenge, None), &made, now)
            .await?;
        self.store.events.commit_telling(tx, &told, true).await?;
        Ok(challenge)
    }

    /// A challenge by its number.
    pub async fn challenge(self, id: ChallengeId) -> Result<Option<Challenge>> {
        let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id.0)
            .fetch_optional(&self.store.pool)
            .await?;
        row.as_ref().map(challenge_from_row).transpose()
    }

    /// The open challenges made in a channel, oldest first.
    pub async fn open_challenges_in(self, channel: u64) -> Result<Vec<Challenge>> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE status = 'open' AND channel_id = $1 ORDER BY id"
        );
        self.matching(&sql, discord_id_to_db(channel)).await
    }

    /// The open challenges addressed to a player, oldest first.
    pub async fn open_challenges_to(self, player: PlayerId) -> Result<Vec<Challenge>> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE status = 'open' AND challenged_id = $1 ORDER BY id"
        );
        self.matching(&sql, player.to_db()).await
    }

    /// The open challenges a player made, oldest first.
    pub async fn open_challenges_by(self, player: PlayerId) -> Result<Vec<Challenge>> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE status = 'open' AND challenger_id = $1 ORDER BY id"
        );
        self.matching(&sql, player.to_db()).await
    }

    /// The open rematch challenge of a finished game, if there is one.
    pub async fn open_rematch_challenge(self, game: GameId) -> Result<Option<Challenge>> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges \
             WHERE status = 'open' AND rematch_of = $1"
        );
        Ok(self.matching(&sql, game.0).await?.into_iter().next())
    }

    async fn matching(self, sql: &str, key: i64) -> Result<Vec<Challenge>> {
        let rows = sqlx::query(sql)
            .bind(key)
            .fetch_all(&self.store.pool)
            .await?;
        rows.iter().map(challenge_from_row).collect()
    }

    /// Declines or cancels an open challenge. A challenge that is no longer open (taken,
    /// expired, closed by the other side meanwhile) gives [`StoreError::Conflict`].
    pub async fn close_challenge(
        self,
        id: ChallengeId,
        status: ChallengeStatus,
        now: Timestamp,
    ) -> Result<Challenge> {
        if !matches!(
            status,
            ChallengeStatus::Declined | ChallengeStatus::Cancelled
        ) {
            return Err(StoreError::Invalid(InvalidInput::CloseChallengeAs(status)));
        }
        let sql = format!(
            "UPDATE challenges SET status = $2, closed_at = $3 WHERE id = $1 AND status = 'open' \
             RETURNING {CHALLENGE_COLUMNS}"
        );
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let row = sqlx::query(&sql)
            .bind(id.0)
            .bind(status.as_str())
            .bind(now.0)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            tx.rollback().await?;
            drop(writer);
            return Err(missing_or_conflict(&self.store.pool, Missing::Challenge(id)).await);
        };
        let challenge = challenge_from_row(&row)?;
        let closed = if status == ChallengeStatus::Declined {
            EventKind::ChallengeDeclined { challenge: id }
        } else {
            EventKind::ChallengeWithdrawn { challenge: id }
        };
        let told = self
            .store
            .events
            .append_event(&mut tx, About::challenge(&challenge, None), &closed, now)
            .await?;
        self.store.events.commit_telling(tx, &told, true).await?;
        Ok(challenge)
    }

    /// Expires up to `limit` open challenges whose time is up, returning each to exactly one
    /// caller.
    pub async fn expire_challenges(self, now: Timestamp, limit: u32) -> Result<Vec<Challenge>> {
        self.store
            .claim_telling(EXPIRE_CHALLENGES, now, limit, challenge_from_row, |c| {
                let expired = EventKind::ChallengeExpired { challenge: c.id };
                (About::challenge(c, None), expired)
            })
            .await
    }

    /// Accepts a challenge and starts its game in one transaction: of two players accepting at
    /// once, one gets the game and the other [`StoreError::Conflict`]. Refused with `Conflict` as
    /// well if the challenge is no longer open or has expired by `now`, and with `Invalid` if
    /// `acceptor` may not take it (the challenger, or not the challenged player); with
    /// [`StoreError::Cap`] (the challenge left open) if either player is at one of the store's
    /// [`Caps`](super::Caps).
    pub async fn accept_challenge(
        self,
        id: ChallengeId,
        acceptor: PlayerId,
        game: &AcceptedGame,
        now: Timestamp,
    ) -> Result<(Challenge, Game)> {
        let sql = format!(
            "UPDATE challenges SET status = 'accepted', accepted_by = $2, closed_at = $3 \
             WHERE id = $1 AND status = 'open' AND expires_at > $3 AND challenger_id <> $2 \
               AND (challenged_id IS NULL OR challenged_id = $2) \
             RETURNING {CHALLENGE_COLUMNS}"
        );
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let row = sqlx::query(&sql)
            .bind(id.0)
            .bind(acceptor.to_db())
            .bind(now.0)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            tx.rollback().await?;
            // Give the connection back before reading: a pool cannot lend a second one to
            // every writer at once.
            drop(writer);
            // Tell a player who may not take it apart from one who was too late.
            return Err(match self.challenge(id).await? {
                None => StoreError::NotFound(Missing::Challenge(id)),
                Some(c)
                    if c.challenger == acceptor || c.challenged.is_some_and(|p| p != acceptor) =>
                {
                    StoreError::Invalid(InvalidInput::MayNotAccept {
                        player: acceptor,
                        challenge: id,
                    })
                }
                Some(_) => StoreError::Conflict,
            });
        };
        let mut challenge = challenge_from_row(&row)?;
        let (white, black) = match game.challenger_color {
            Color::White => (challenge.challenger, acceptor),
            Color::Black => (acceptor, challenge.challenger),
        };
        let new_game = NewGame {
            place: Place {
                thread: game.thread,
                ..challenge.place
            },
            white: Some(white),
            black: Some(black),
            start_fen: game.start_fen.clone(),
            days_per_move: challenge.days_per_move,
            rated: challenge.rated,
            deadline: game.deadline,
            rematch_of: challenge.rematch_of,
            computer_level: None,
        };
        // The acceptor first: a refusal names them before the challenger.
        self.store
            .caps
            .check_new_game(&mut tx, &[acceptor, challenge.challenger], false)
            .await?;
        let created = insert_game(&mut tx, &new_game, Some(id), now).await?;
        sqlx::query("UPDATE challenges SET game_id = $2 WHERE id = $1")
            .bind(id.0)
            .bind(created.id.0)
            .execute(&mut *tx)
            .await?;
        challenge.game = Some(created.id);
        let accepted = EventKind::ChallengeAccepted {
            challenge: id,
            by: acceptor,
        };
        let told = self
            .store
            .events
            .append_event(
                &mut tx,
                About::challenge(&challenge, Some(created.id)),
                &accepted,
                now,
            )
            .await?;
        self.store.events.commit_telling(tx, &told, true).await?;
        Ok((challenge, created))
    }
}
