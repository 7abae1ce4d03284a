//! The players one command (or one sweep) speaks of, each read from the store at most once: for
//! the asker's language, the names in the texts, and who may be pinged.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::model::PlayerId;
use crate::store::{Player, Store, StoreError};

/// The players looked up so far, by id (`None`: the store does not know them).
pub(crate) struct Players<'a> {
    store: &'a Store,
    seen: Mutex<HashMap<PlayerId, Option<Player>>>,
}

impl<'a> Players<'a> {
    /// An empty cache over `store`.
    pub(crate) fn new(store: &'a Store) -> Players<'a> {
        Players {
            store,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// The stored player, read once.
    pub(crate) async fn get(&self, id: PlayerId) -> Result<Option<Player>, StoreError> {
        if let Some(known) = self.lock().get(&id) {
            return Ok(known.clone());
        }
        let found = self.store.players().player(id).await?;
        self.lock().insert(id, found.clone());
        Ok(found)
    }

    /// The stored player, or `None` when the store does not know them or fails (logged): for
    /// what only adds to a reply, such as a name.
    pub(crate) async fn get_or_log(&self, id: PlayerId) -> Option<Player> {
        if crate::reach::out() && !self.lock().contains_key(&id) {
            return None;
        }
        match self.get(id).await {
            Ok(found) => found,
            Err(error) => {
                crate::reach::note(&error);
                tracing::warn!(player = id.0, %error, "player unavailable");
                None
            }
        }
    }

    /// The player's name as stored, else "player N".
    pub(crate) async fn name(&self, id: PlayerId) -> String {
        match self.get_or_log(id).await {
            Some(player) => player.name,
            None => unknown_name(id),
        }
    }

    /// Records what the store just wrote for a player, so later look-ups see it.
    pub(crate) fn remember(&self, player: &Player) {
        self.lock().insert(player.id, Some(player.clone()));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<PlayerId, Option<Player>>> {
        self.seen.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The name of a player the store does not know.
pub(crate) fn unknown_name(id: PlayerId) -> String {
    format!("player {}", id.0)
}
