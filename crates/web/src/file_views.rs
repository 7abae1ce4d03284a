//! The game views that file requests are answered from ([`FileViews`]): read one at a time and
//! kept a moment, so that a crowd asking for a long game's files reads and replays the game
//! once, not once per request.
//!
//! A file is kept under its game's state ([`FileKey`](crate::making::FileKey)), and the state
//! comes from the game's view, which replays every move. Fifty requests for a 1,600-ply game's
//! GIF replayed it fifty times at once on the server's async threads (other players' moves
//! waited 660 ms at the 99th percentile); read one at a time, still fifty times, holding the
//! core those moves needed. Now a request reads only the game's version (one row) and takes
//! the view another request read within [`FRESH`] when the game has not changed since: a move,
//! an offer or the end changes the version, so no file is ever made of a position the game has
//! left. What the version does not follow, the names and ratings beside the game and whether it
//! is analysed, may be up to [`FRESH`] old.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rollerball_game::{GameView, Lang, Service, ViewError};
use rollerball_model::GameId;
use tokio::sync::Semaphore;

/// How long a view read for a file request serves the next ones, unless the operator's
/// [`FileLimits::views_fresh`](crate::FileLimits) says otherwise.
pub(crate) const FRESH: Duration = Duration::from_secs(1);
/// The most views kept at once (each a whole game; they last `fresh` in any case).
const MOST: usize = 32;

/// The views file requests were answered from: shared by every request of the web server
/// (through [`Files`](crate::Files)).
pub(crate) struct FileViews {
    /// One reading of a game for a file's request at a time: what a crowd asks for is read
    /// once, and the others find it kept.
    readings: Semaphore,
    kept: Mutex<HashMap<(GameId, Lang), Kept>>,
    /// How long a view serves.
    fresh: Duration,
    /// How many views were read (for the tests and the load test).
    read: AtomicU64,
}

/// A view, and when it was read.
struct Kept {
    read: Instant,
    view: Arc<GameView>,
}

impl FileViews {
    /// Views that serve for `fresh`.
    pub(crate) fn new(fresh: Duration) -> FileViews {
        FileViews {
            readings: Semaphore::new(1),
            kept: Mutex::new(HashMap::new()),
            fresh,
            read: AtomicU64::new(0),
        }
    }

    /// How many views were read so far.
    pub(crate) fn read(&self) -> u64 {
        self.read.load(Ordering::SeqCst)
    }

    /// Game `id` as a file request needs it, in `lang`: a view read in the last `fresh` of
    /// the game as it still is, or else one read now (one request at a time); `None` when
    /// there is no such game.
    pub(crate) async fn view(
        &self,
        service: &Service,
        id: GameId,
        lang: Lang,
    ) -> Result<Option<Arc<GameView>>, ViewError> {
        let Some(version) = service.views().game_version(id).await? else {
            return Ok(None);
        };
        if let Some(view) = self.fresh(id, lang, version) {
            return Ok(Some(view));
        }
        // The semaphore is never closed: a permit always comes.
        let _turn = self.readings.acquire().await;
        if let Some(view) = self.fresh(id, lang, version) {
            return Ok(Some(view));
        }
        self.read.fetch_add(1, Ordering::SeqCst);
        let Some(view) = service.views().game_view(id, lang).await? else {
            return Ok(None);
        };
        let view = Arc::new(view);
        self.keep(id, lang, &view);
        Ok(Some(view))
    }

    /// The view kept of game `id` in `lang`, if it was read in the last `fresh` and the game
    /// has not changed since (its version is `version`, or the view is of a later one).
    fn fresh(&self, id: GameId, lang: Lang, version: i64) -> Option<Arc<GameView>> {
        let kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        kept.get(&(id, lang))
            .filter(|k| k.read.elapsed() < self.fresh && k.view.version() >= version)
            .map(|k| Arc::clone(&k.view))
    }

    /// Keeps `view`, after dropping what is no longer fresh; with [`MOST`] views still fresh,
    /// this one is not kept.
    fn keep(&self, id: GameId, lang: Lang, view: &Arc<GameView>) {
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        kept.retain(|_, k| k.read.elapsed() < self.fresh);
        if kept.len() < MOST || kept.contains_key(&(id, lang)) {
            kept.insert(
                (id, lang),
                Kept {
                    read: Instant::now(),
                    view: Arc::clone(view),
                },
            );
        }
    }
}
