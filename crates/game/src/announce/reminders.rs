//! What the log's consumer posts of a reminder that no notice told (the sweep's process died
//! before it went out): the reminder, as the sweep words it — unless the player has moved since,
//! or the game is over.

use super::unless_transient;
use crate::model::GameId;
use crate::players::Players;
use crate::reply::Notice;
use crate::service::Service;
use crate::store::{DueReminder, GameStatus, StoreError};

impl Service {
    /// The reminder `stage` of the move after `ply` in `game`, if it still stands.
    pub(super) async fn reminder_announcement(
        &self,
        game: GameId,
        ply: u32,
        stage: u32,
    ) -> Result<Option<Notice>, StoreError> {
        let game = match self.store().games().game(game).await {
            Ok(Some(game)) => game,
            Ok(None) => return Ok(None),
            Err(error) => return unless_transient(error, "game", game.0),
        };
        let stands =
            game.status == GameStatus::Active && game.ply == ply && game.reminder_stage == stage;
        if !stands {
            return Ok(None);
        }
        let players = Players::new(self.store());
        Ok(self.reminder(&players, &DueReminder { game, stage }).await)
    }
}
