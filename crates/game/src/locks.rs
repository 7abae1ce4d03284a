//! Per-game locks of this process, so two commands on one game never interleave here (other
//! processes are kept out by the store's version guard).

use std::collections::HashMap;
use std::sync::{Arc, Mutex as SyncMutex};

use tokio::sync::Mutex;

use crate::model::GameId;

/// Per-game locks of this process, so two commands on one game never interleave here (other
/// processes are kept out by the store's version guard). A game has an entry only while a
/// command holds or awaits its lock: the last one out removes it, so the table never grows with
/// the number of games played.
#[derive(Default)]
pub(crate) struct GameLocks {
    locks: SyncMutex<HashMap<GameId, Arc<Mutex<()>>>>,
}

impl GameLocks {
    /// Waits for the game's lock and holds it until the guard is dropped.
    pub(crate) async fn lock(&self, id: GameId) -> LockGuard<'_> {
        let lock = {
            let mut locks = self.locks.lock().unwrap_or_else(|p| p.into_inner());
            locks.entry(id).or_default().clone()
        };
        LockGuard {
            table: self,
            id,
            guard: Some(lock.lock_owned().await),
        }
    }

    /// How many games have an entry: those being worked on or waited for.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.locks.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

/// Holds a game's in-process lock while a command works on it.
pub(crate) struct LockGuard<'a> {
    table: &'a GameLocks,
    id: GameId,
    guard: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Drop for LockGuard<'_> {
    fn drop(&mut self) {
        let Some(guard) = self.guard.take() else {
            return;
        };
        let lock = tokio::sync::OwnedMutexGuard::mutex(&guard).clone();
        drop(guard);
        // Every clone of the lock is taken under the table's mutex, so with it held a count
        // of two (the table's and `lock`) means nobody else holds or awaits this game's lock.
        let mut locks = self.table.locks.lock().unwrap_or_else(|p| p.into_inner());
        if Arc::strong_count(&lock) == 2 {
            locks.remove(&self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_game_lock_is_forgotten_when_its_last_user_leaves() {
        let locks = GameLocks::default();
        let first = locks.lock(GameId(1)).await;
        let other = locks.lock(GameId(2)).await;
        assert_eq!(locks.len(), 2);
        drop(other);
        assert_eq!(locks.len(), 1);

        // A command waiting for game 1 keeps its entry alive after the holder leaves.
        let waiter = {
            let locks = &locks;
            async move {
                let guard = locks.lock(GameId(1)).await;
                assert_eq!(locks.len(), 1);
                drop(guard);
            }
        };
        let holder = async move {
            tokio::task::yield_now().await;
            drop(first);
        };
        tokio::join!(waiter, holder);
        assert_eq!(locks.len(), 0);
    }
}
