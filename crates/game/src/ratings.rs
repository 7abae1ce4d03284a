//! Ratings in the service: a finished rated game counted once in its server's list and in the
//! global one, and the sweep catching up on games a crash left uncounted. (The `leaderboard`
//! and `stats` commands that show them are actions.)
//!
//! What is rated: a challenge between two players, unless it was made `casual`. Games against
//! the computer are never rated, and an aborted game has no result, so it changes no rating.
//! The arithmetic is Glicko-2 ([`super::glicko2`]); the store counts each game at most once
//! ([`Ratings::apply_ratings`](crate::store::Ratings::apply_ratings)).

use std::time::Duration;

use super::glicko2::{Glicko, Score, rate_game};
use crate::parts::Endings;
use crate::store::{
    Game, GameResult, GameStatus, Place, Rating, RatingScope, RatingUpdate, StoreError, Timestamp,
};

/// How many players the leaderboard lists.
pub const LEADERBOARD_SIZE: u32 = 10;
/// How many games awaiting their ratings one sweep counts; the rest wait for the next sweep.
const CATCH_UP_BATCH: u32 = 100;
/// How often a game's rating update is computed afresh when another game of one of its players
/// was counted first (each attempt reads the ratings again).
const RATING_ATTEMPTS: u32 = 5;

/// The list a place's games are rated in and its leaderboard shows: the server's, or in a
/// direct message the global one.
pub(crate) fn scope_of(place: Place) -> RatingScope {
    place
        .server
        .map_or(RatingScope::Global, RatingScope::Server)
}

/// A stored rating as Glicko-2 reads it.
fn glicko(rating: &Rating) -> Glicko {
    Glicko {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

/// A rating as it stands at `at`: its deviation grown with the time since its last game.
pub(crate) fn as_of(rating: &Rating, at: Timestamp) -> Glicko {
    if rating.games == 0 {
        return Glicko::NEWCOMER;
    }
    let elapsed = u64::try_from(at.0.saturating_sub(rating.updated_at.0)).unwrap_or(0);
    glicko(rating).after(Duration::from_millis(elapsed))
}

/// The new stored values of `old` after a game.
fn update(old: &Rating, new: Glicko) -> RatingUpdate {
    RatingUpdate {
        player: old.player,
        scope: old.scope,
        expected_games: old.games,
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
    }
}

impl Endings<'_> {
    /// Counts a game that has just ended in the ratings, if it is rated: called right after the
    /// commit that ended it. Never fails the command that ended the game: a failure is logged,
    /// and the next sweep counts the game (see [`Endings::catch_up_ratings`]).
    pub(crate) async fn count_in_ratings(self, game: &Game) {
        if let Err(error) = self.try_count_in_ratings(game).await {
            tracing::error!(game = game.id.0, %error, "rating update failed; the sweep will retry");
        }
    }

    /// Counts the finished rated games that are not in the ratings yet, oldest first: the games
    /// the sweep itself just ended on time, and any a crash left between a game's end and its
    /// rating update. Part of the sweep; a failure is logged and tried again by the next sweep,
    /// so it never costs the sweep's notices.
    pub(crate) async fn catch_up_ratings(self) {
        match self
            .service
            .store()
            .ratings()
            .games_awaiting_ratings(CATCH_UP_BATCH)
            .await
        {
            Ok(games) => {
                for game in games {
                    self.count_in_ratings(&game).await;
                }
            }
            Err(error) => tracing::error!(%error, "finding games awaiting ratings failed"),
        }
    }

    /// Counts one game: both players' ratings in the game's server and globally, computed from
    /// the ratings as they stood when the game ended. Returns whether this call counted it.
    async fn try_count_in_ratings(self, game: &Game) -> Result<bool, StoreError> {
        if !game.rated || game.status != GameStatus::Finished || game.ratings_applied {
            return Ok(false);
        }
        let at = game.finished_at.unwrap_or_else(|| self.service.now());
        for _ in 0..RATING_ATTEMPTS {
            let updates = self.rating_updates(game, at).await?;
            match self
                .service
                .store()
                .ratings()
                .apply_ratings(game.id, &updates, at)
                .await
            {
                Ok(()) => return Ok(true),
                Err(StoreError::Conflict) => {
                    // Either the game was counted meanwhile (by another process, or by the
                    // sweep), or another game of one of its players was: then read again.
                    if self
                        .service
                        .store()
                        .games()
                        .game(game.id)
                        .await?
                        .is_none_or(|g| g.ratings_applied)
                    {
                        return Ok(false);
                    }
                }
                Err(other) => return Err(other),
            }
        }
        Err(StoreError::Conflict)
    }

    /// The rating updates a finished game makes: none for a game without a result (aborted) or
    /// without two players (the computer), which are then only marked as done.
    async fn rating_updates(
        self,
        game: &Game,
        at: Timestamp,
    ) -> Result<Vec<RatingUpdate>, StoreError> {
        let (Some(white), Some(black)) = (game.white, game.black) else {
            return Ok(Vec::new());
        };
        let white_score = match game.result {
            Some(GameResult::WhiteWins) => Score::Win,
            Some(GameResult::BlackWins) => Score::Loss,
            Some(GameResult::Draw) => Score::Draw,
            Some(GameResult::NoResult) | None => return Ok(Vec::new()),
        };
        let mut scopes = vec![RatingScope::Global];
        if let Some(server) = game.place.server {
            scopes.insert(0, RatingScope::Server(server));
        }
        let mut updates = Vec::with_capacity(4);
        for scope in scopes {
            let w = self.service.store().ratings().rating(white, scope).await?;
            let b = self.service.store().ratings().rating(black, scope).await?;
            let (new_w, new_b) = rate_game(as_of(&w, at), as_of(&b, at), white_score);
            updates.push(update(&w, new_w));
            updates.push(update(&b, new_b));
        }
        Ok(updates)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::PlayerId;

    #[test]
    fn the_store_and_glicko_agree_on_newcomers() {
        let initial = Rating::initial(PlayerId(1), RatingScope::Global);
        assert_eq!(glicko(&initial), Glicko::NEWCOMER);
        assert_eq!(as_of(&initial, Timestamp(i64::MAX)), Glicko::NEWCOMER);
    }

    #[test]
    fn a_shown_rating_widens_with_the_days_since_its_last_game() {
        let rating = Rating {
            player: PlayerId(1),
            scope: RatingScope::Server(5),
            rating: 1700.0,
            deviation: 60.0,
            volatility: 0.06,
            games: 40,
            updated_at: Timestamp(1_000),
        };
        assert_eq!(as_of(&rating, Timestamp(1_000)).deviation, 60.0);
        // Before the last game (a game counted late by the sweep): no shrinking.
        assert_eq!(as_of(&rating, Timestamp(0)).deviation, 60.0);
        let month = as_of(&rating, Timestamp(1_000 + 30 * 86_400_000));
        assert!((month.deviation - 82.82).abs() < 0.01, "{month:?}");
        assert_eq!(month.rating, 1700.0);
    }
}
