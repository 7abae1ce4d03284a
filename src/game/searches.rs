//! The engine's searches for the computer's moves: at most a few run at once in a process, the
//! others waiting in the order they asked (a fair semaphore), so that one player's games
//! against the computer cannot take the cores from everyone else's moves. The analysis of
//! finished games has a line of its own ([`AnalysisQueue`](super::analysis_queue)), one at a
//! time, beside these.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::Semaphore;

use crate::engine::{self, Level};
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
        engine::best_move(game, &level.settings(), seed).map(|found| found.mv)
    }
}

/// How many searches run at once by default: half the cores this process may use (at least
/// one), so that the other half stays free for the moves of every other game.
pub fn default_searches_at_once() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

/// The process's searches: the searcher, and the permits that cap how many run at once.
pub(crate) struct Searches {
    searcher: Arc<dyn Searcher>,
    permits: Arc<Semaphore>,
    at_once: usize,
    waiting: Arc<AtomicUsize>,
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
        }
    }

    /// How many searches may run at once.
    pub(crate) fn at_once(&self) -> usize {
        self.at_once
    }

    /// How many searches are waiting for their turn.
    pub(crate) fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// The computer's move in `game`, searched on a blocking thread once a permit is free
    /// (permits are handed out in the order they were asked for). The permit goes with the
    /// search itself, so a search whose asker stopped waiting still holds it until it ends.
    /// `Err` when the search's thread panicked.
    pub(crate) async fn best_move(
        &self,
        game: Game,
        level: Level,
        seed: u64,
    ) -> Result<Option<Move>, String> {
        let permit = {
            let _waiting = Waiting::new(&self.waiting);
            Arc::clone(&self.permits)
                .acquire_owned()
                .await
                .map_err(|e| e.to_string())?
        };
        let searcher = Arc::clone(&self.searcher);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            searcher.best_move(&game, level, seed)
        })
        .await
        .map_err(|e| e.to_string())
    }
}
