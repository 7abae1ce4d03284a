//! What the log's consumer posts of a reminder that no notice told (the sweep's process died
//! before it went out): the reminder, as the sweep words it — unless the player has moved since,
//! or the game is over.

use super::unless_transient;
use crate::model::GameId;
use crate::parts::Feed;
use crate::players::Players;
use crate::reply::Notice;
use crate::store::{DueReminder, GameStatus, StoreError};

impl Feed<'_> {
    /// The reminder `stage` of the move after `ply` in `game`, if it still stands.
    pub(super) async fn reminder_announcement(
        self,
        game: GameId,
        ply: u32,
        stage: u32,
    ) -> Result<Option<Notice>, StoreError> {
        let game = match self.service.store().games().game(game).await {
            Ok(Some(game)) => game,
            Ok(None) => return Ok(None),
            Err(error) => return unless_transient(error, "game", game.0),
        };
        let stands =
            game.status == GameStatus::Active && game.ply == ply && game.reminder_stage == stage;
        if !stands {
            return Ok(None);
        }
        let players = Players::new(self.service.store());
        Ok(self
            .service
            .sweeper()
            .reminder(&players, &DueReminder { game, stage })
            .await)
    }
}
