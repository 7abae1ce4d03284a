//! What the log's consumer posts of an analysis made ready for players who waited for it, when
//! the sweep's post of it did not go out (the process died first): the stored analysis, with
//! its graph and key moments, pinging who asked, in the place they asked in.

use super::unless_transient;
use crate::actions::analysis::from_stored;
use crate::loaded::Loaded;
use crate::model::{GameId, Place, PlayerId};
use crate::parts::Feed;
use crate::players::Players;
use crate::reply::Notice;
use crate::store::StoreError;

impl Feed<'_> {
    /// The notice of `game`'s analysis, for `asked` in `place`.
    pub(super) async fn analysis_announcement(
        self,
        game: GameId,
        place: Place,
        asked: &[PlayerId],
    ) -> Result<Option<Notice>, StoreError> {
        let players = Players::new(self.service.store());
        let read = async {
            let loaded = Loaded::load(self.service.store(), &players, game).await?;
            let stored = self.service.store().games().analysis(game).await?;
            Ok::<_, crate::context::Refusal>(loaded.zip(stored))
        };
        let (loaded, stored) = match read.await {
            Ok(Some(both)) => both,
            Ok(None) => return Ok(None),
            Err(error) => return unless_transient(error, "analysis", game.0),
        };
        let analysis = match from_stored(loaded.game(), &stored) {
            Ok(analysis) => analysis,
            Err(error) => return unless_transient(error, "analysis", game.0),
        };
        let lang = self
            .service
            .languages()
            .notice_language(&players, asked.first().copied(), place.server)
            .await;
        let notice = self
            .service
            .commands()
            .analysis_notice(
                &players,
                &loaded,
                Some(&analysis),
                place,
                asked.to_vec(),
                lang,
            )
            .await;
        Ok(Some(notice))
    }
}
