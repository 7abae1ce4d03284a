//! The engine's searches for the computer's moves: at most a few run at once in a process, the
//! others waiting in the order they asked (a fair semaphore), so that one player's games
//! against the computer cannot take the cores from everyone else's moves. The analysis of
//! finished games has a line of its own ([`AnalysisQueue`](super::analysis_queue)), one at a
//! time, beside these.
//!
//! Each player has one place in that line: a player's second search waits for their first to
//! end before it joins the line (a fair lock a player). So a player who keeps five level-5
//! games waiting makes everyone else wait for one of those searches at most, never for all
//! five: another player's level-1 answer comes after at most one level-5 move.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex, Weak};

use tokio::sync::{Mutex, Semaphore};

use crate::engine::{self, Level};
use crate::model::PlayerId;
use crate::rules::{Game, Move};

/// Who finds the computer's move: the engine at the game's level ([`EngineSearcher`]), or what
/// a test puts in its place (to hold a search while others arrive).
pub trait Searcher: Send + Sync + 'static {
    /// The computer's move in `game` at `level`, the same for the same `seed`; `None` when the
    /// game is over. Runs on a blocking thread.
    fn best_move(&self, game: &Game, level: Level, seed: u64) -> Option<Move>;
}

/// The engine itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct EngineSearcher;

impl Searcher for EngineSearcher {
    fn best_move(&self, game: &Game, level: Level, seed: u64) -> Option<Move> {
        engine::best_move(game, &engine::Settings::of(level), seed).map(|found| found.mv)
    }
}

/// How many searches run at once by default: half the cores this process may use (at least
/// one), so that the other half stays free for the moves of every other game.
pub fn default_searches_at_once() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

/// Why a search gave no answer.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SearchFailed {
    /// The searches were closed (the process is stopping).
    #[error("the searches are closed")]
    Closed(#[from] tokio::sync::AcquireError),
    /// The search's thread panicked (or was cancelled as the runtime shut down).
    #[error("the search's thread stopped: {0}")]
    Stopped(#[from] tokio::task::JoinError),
}

/// The process's searches: the searcher, and the permits that cap how many run at once.
pub(crate) struct Searches {
    searcher: Arc<dyn Searcher>,
    permits: Arc<Semaphore>,
    at_once: usize,
    waiting: Arc<AtomicUsize>,
    /// Each player's place in the line, while they have a search asked for: whoever holds it
    /// is in the line for a permit (or searching).
    lanes: StdMutex<HashMap<PlayerId, Weak<Mutex<()>>>>,
}

/// Counts a search waiting for its permit for as long as it waits (also when the request that
/// waits is dropped).
struct Waiting(Arc<AtomicUsize>);

impl Waiting {
    fn new(count: &Arc<AtomicUsize>) -> Waiting {
        count.fetch_add(1, Ordering::SeqCst);
        Waiting(Arc::clone(count))
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Searches {
    /// At most `at_once` of `searcher`'s searches at a time (at least one).
    pub(crate) fn new(searcher: Arc<dyn Searcher>, at_once: usize) -> Searches {
        let at_once = at_once.max(1);
        Searches {
            searcher,
            permits: Arc::new(Semaphore::new(at_once)),
            at_once,
            waiting: Arc::default(),
            lanes: StdMutex::default(),
        }
    }

    /// `player`'s place in the line, shared by all their searches asked for at the moment;
    /// the places of players who have none left are forgotten.
    fn lane(&self, player: PlayerId) -> Arc<Mutex<()>> {
        let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(lane) = lanes.get(&player).and_then(Weak::upgrade) {
            return lane;
        }
        lanes.retain(|_, lane| lane.strong_count() > 0);
        let lane = Arc::new(Mutex::new(()));
        lanes.insert(player, Arc::downgrade(&lane));
        lane
    }

    /// How many searches may run at once.
    pub(crate) fn at_once(&self) -> usize {
        self.at_once
    }

    /// How many searches are waiting for their turn.
    pub(crate) fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// The computer's move in `game` against `player`, searched on a blocking thread once
    /// `player`'s earlier searches are done and a permit is free (permits are handed out in
    /// the order they were asked for). The permit and the player's place go with the search
    /// itself, so a search whose asker stopped waiting still holds them until it ends. `Err`
    /// when the search's thread panicked.
    pub(crate) async fn best_move(
        &self,
        player: PlayerId,
        game: Game,
        level: Level,
        seed: u64,
    ) -> Result<Option<Move>, SearchFailed> {
        let (place, permit) = {
            let _waiting = Waiting::new(&self.waiting);
            let place = self.lane(player).lock_owned().await;
            let permit = Arc::clone(&self.permits).acquire_owned().await?;
            (place, permit)
        };
        let searcher = Arc::clone(&self.searcher);
        tokio::task::spawn_blocking(move || {
            let _held = (place, permit);
            searcher.best_move(&game, level, seed)
        })
        .await
        .map_err(SearchFailed::from)
    }
}
