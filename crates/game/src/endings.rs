//! What follows the end of a game, wherever it ended (a move, a resignation, an agreement, an
//! abort, a loss on time): one hook, so that every consequence of an ending is written once.

use crate::parts::Endings;
use crate::store::Game as StoredGame;

impl Endings<'_> {
    /// Called once a game's end is committed, with the game as stored: counts the ending in
    /// the metrics, drops its forecasts, counts it in the ratings, and finishes its tournament
    /// if it was the tournament's last game. Never fails the command or sweep that ended the
    /// game: each consequence logs its own failure, and those that must not be lost are caught
    /// up by the sweep.
    pub(crate) async fn game_over(self, game: &StoredGame) {
        if let Some(way) = game.termination {
            self.service.observer().game_ended(way);
        }
        // Conditional lines die with the game: nothing is left to answer.
        if let Err(error) = self.service.store().play().drop_forecasts(game.id).await {
            tracing::warn!(game = game.id.0, %error, "the forecasts of a finished game could not be dropped");
        }
        self.count_in_ratings(game).await;
        self.tournament_game_over(game).await;
    }
}
