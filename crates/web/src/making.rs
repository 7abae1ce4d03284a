//! The game files' maker ([`Files`]): every record and picture a page offers (PGN, GIF, PNG,
//! SVG, the evaluation graph) is made at most once per game state and kept, at most a couple
//! are made at once, and one that nobody waits for any more is given up.
//!
//! A GIF of a long game costs seconds of CPU and megabytes of memory; made anew for each of
//! twenty requests at once, it took the process past a gigabyte and held every page up for a
//! minute after the clients had gone. So:
//! - answers are kept under their [`FileKey`] (the game, its state's fingerprint, the
//!   language, what is asked), the least recently used thrown out past
//!   [`FileLimits::kept_bytes`];
//! - requests for a file being made wait for that one making (one flight per key);
//! - a making needs one of [`FileLimits::at_once`] permits, waited for at most
//!   [`FileLimits::wait`]: after that its askers are told the server is busy (503);
//! - when the last asker of a making goes away (the client left, or the listener's request
//!   time ran out, dropping the request's future), its stop flag is set, which the GIF's
//!   frames look at before each is drawn.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use rollerball_game::{GameView, Lang, Service, ViewError};
use rollerball_model::GameId;
use rollerball_rules::Color;
use tokio::sync::{Semaphore, watch};

use crate::file_views::FileViews;

/// The bounds of the game files' making.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileLimits {
    /// The most files made at once (the others wait for a permit).
    pub at_once: usize,
    /// How long a file waits for a permit before its askers are told the server is busy.
    pub wait: Duration,
    /// The most bytes of files kept in memory.
    pub kept_bytes: usize,
    /// The most plies a game's GIF shows: a longer game's shows its end (the page says so,
    /// and points to the PGN for the whole game).
    pub gif_plies: usize,
    /// How long a game's view, read for one file request, serves the next ones while the game
    /// has not changed (the names and ratings shown may be that old).
    pub views_fresh: Duration,
}

impl Default for FileLimits {
    /// Two at once, 2 s of waiting, 64 MiB kept, GIFs of 200 plies at most (a few tenths of
    /// a second of CPU and about a megabyte each), views kept a second.
    fn default() -> FileLimits {
        FileLimits {
            at_once: 2,
            wait: Duration::from_secs(2),
            kept_bytes: 64 << 20,
            gif_plies: rollerball_game::GIF_PLIES,
            views_fresh: crate::file_views::FRESH,
        }
    }
}

/// Which file of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum What {
    /// The record.
    Pgn,
    /// The animation.
    Gif,
    /// The board picture after `ply` plies, `side` at the bottom.
    Png { ply: usize, side: Color },
    /// The board as SVG after `ply` plies, `side` at the bottom.
    Svg { ply: usize, side: Color },
    /// The evaluation graph.
    Graph,
}

/// What a file is kept under: everything its bytes depend on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FileKey {
    pub game: GameId,
    /// [`GameView::fingerprint`](rollerball_game::GameView::fingerprint): its state.
    pub state: String,
    pub lang: Lang,
    pub what: What,
}

/// Why a file was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unmade {
    /// No permit in time: the server is busy.
    Busy,
    /// Given up: nobody waited for it any more (its askers are gone, so nobody reads this).
    Stopped,
    /// Making it failed (the database, a picture): what failed, for the log.
    Failed(String),
}

/// A making's outcome, shared by its askers.
pub(crate) type Made = Result<Bytes, Unmade>;

/// The game files' maker: shared by every request of the web server.
pub struct Files {
    limits: FileLimits,
    permits: Arc<Semaphore>,
    state: Mutex<State>,
    started: AtomicU64,
    made: AtomicU64,
    stopped: AtomicU64,
    paused: watch::Sender<bool>,
    /// The views the files are made from.
    views: FileViews,
}

#[derive(Default)]
struct State {
    kept: Kept,
    flights: HashMap<FileKey, Flight>,
    next_flight: u64,
}

/// A file being made, and who waits for it.
struct Flight {
    id: u64,
    answer: watch::Receiver<Option<Made>>,
    askers: usize,
    stop: Arc<AtomicBool>,
}

impl Files {
    /// Game `id` as a file request needs it, in `lang` (see [`FileViews`]); `None` when there
    /// is no such game.
    pub(crate) async fn view(
        &self,
        service: &Service,
        id: GameId,
        lang: Lang,
    ) -> Result<Option<Arc<GameView>>, ViewError> {
        self.views.view(service, id, lang).await
    }

    /// A maker with `limits`.
    pub fn new(limits: FileLimits) -> Arc<Files> {
        Arc::new(Files {
            permits: Arc::new(Semaphore::new(limits.at_once.max(1))),
            views: FileViews::new(limits.views_fresh),
            state: Mutex::new(State {
                kept: Kept::new(limits.kept_bytes),
                ..State::default()
            }),
            limits,
            started: AtomicU64::new(0),
            made: AtomicU64::new(0),
            stopped: AtomicU64::new(0),
            paused: watch::channel(false).0,
        })
    }

    /// Its bounds.
    pub fn limits(&self) -> FileLimits {
        self.limits
    }

    /// How many makings have begun (taken a permit).
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::SeqCst)
    }

    /// How many files have been made.
    pub fn made(&self) -> u64 {
        self.made.load(Ordering::SeqCst)
    }

    /// How many times a game was read for a file request (a crowd's requests share one).
    pub fn views_read(&self) -> u64 {
        self.views.read()
    }

    /// How many makings were given up because nobody waited for them any more.
    pub fn stopped(&self) -> u64 {
        self.stopped.load(Ordering::SeqCst)
    }

    /// How many requests wait for a file being made now.
    pub fn waiting(&self) -> usize {
        self.lock().flights.values().map(|f| f.askers).sum()
    }

    /// How many bytes of files are kept now.
    pub fn kept_bytes(&self) -> usize {
        self.lock().kept.bytes
    }

    /// Holds every making that has its permit before it begins, until the guard is dropped:
    /// for tests, to look at a server whose permits are all taken.
    pub fn pause(self: &Arc<Self>) -> Paused {
        self.paused.send_replace(true);
        Paused(Arc::clone(self))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether `key` is kept, without making it.
    pub(crate) fn kept(&self, key: &FileKey) -> Option<Bytes> {
        self.lock().kept.get(key)
    }

    /// The file under `key`: kept, or being made (waited for), or made now by `make` (given
    /// the stop flag to look at) on a task of its own, which stops when every asker is gone.
    pub(crate) async fn get<F, Fut>(self: &Arc<Self>, key: FileKey, make: F) -> Made
    where
        F: FnOnce(Arc<AtomicBool>) -> Fut,
        Fut: Future<Output = Made> + Send + 'static,
    {
        let (mut answer, asker) = {
            let mut state = self.lock();
            if let Some(bytes) = state.kept.get(&key) {
                return Ok(bytes);
            }
            let id = match state.flights.get_mut(&key) {
                Some(flight) => {
                    flight.askers += 1;
                    flight.id
                }
                None => {
                    let id = state.next_flight;
                    state.next_flight += 1;
                    let (tell, answer) = watch::channel(None);
                    let stop = Arc::new(AtomicBool::new(false));
                    let work = make(Arc::clone(&stop));
                    tokio::spawn(Arc::clone(self).fly(
                        key.clone(),
                        id,
                        Arc::clone(&stop),
                        work,
                        tell,
                    ));
                    state.flights.insert(
                        key.clone(),
                        Flight {
                            id,
                            answer,
                            askers: 1,
                            stop,
                        },
                    );
                    id
                }
            };
            let answer = state.flights[&key].answer.clone();
            let asker = Asker {
                files: Arc::clone(self),
                key,
                id,
            };
            (answer, asker)
        };
        let made = match answer.wait_for(Option::is_some).await {
            Ok(made) => made.clone().expect("an answer"),
            Err(_) => Err(Unmade::Failed("the making ended without an answer".into())),
        };
        drop(asker);
        made
    }

    /// One making: a permit, then `work`, then its answer kept and told.
    async fn fly(
        self: Arc<Self>,
        key: FileKey,
        id: u64,
        stop: Arc<AtomicBool>,
        work: impl Future<Output = Made>,
        tell: watch::Sender<Option<Made>>,
    ) {
        let permit =
            tokio::time::timeout(self.limits.wait, Arc::clone(&self.permits).acquire_owned()).await;
        let made = match permit {
            Ok(Ok(permit)) if !stop.load(Ordering::SeqCst) => {
                self.started.fetch_add(1, Ordering::SeqCst);
                let mut paused = self.paused.subscribe();
                let _ = paused.wait_for(|p| !p).await;
                let made = work.await;
                drop(permit);
                made
            }
            Ok(Ok(_)) => Err(Unmade::Stopped),
            Ok(Err(_)) | Err(_) => Err(Unmade::Busy),
        };
        match &made {
            Ok(_) => {
                self.made.fetch_add(1, Ordering::SeqCst);
            }
            Err(Unmade::Stopped) => {
                self.stopped.fetch_add(1, Ordering::SeqCst);
            }
            Err(_) => {}
        }
        {
            let mut state = self.lock();
            if state.flights.get(&key).is_some_and(|f| f.id == id) {
                state.flights.remove(&key);
            }
            if let Ok(bytes) = &made {
                state.kept.insert(key, bytes.clone());
            }
        }
        tell.send_replace(Some(made));
    }
}

/// One request waiting for a making: when the last one goes, the making is told to stop.
struct Asker {
    files: Arc<Files>,
    key: FileKey,
    id: u64,
}

impl Drop for Asker {
    fn drop(&mut self) {
        let mut state = self.files.lock();
        let Some(flight) = state.flights.get_mut(&self.key) else {
            return;
        };
        if flight.id != self.id {
            return;
        }
        flight.askers -= 1;
        if flight.askers == 0 {
            flight.stop.store(true, Ordering::SeqCst);
            state.flights.remove(&self.key);
        }
    }
}

/// Makings held before they begin, until dropped ([`Files::pause`]).
pub struct Paused(Arc<Files>);

impl Drop for Paused {
    fn drop(&mut self) {
        self.0.paused.send_replace(false);
    }
}

/// What a kept file costs besides its bytes (its key, the maps' entries), roughly.
const ENTRY_COST: usize = 256;

/// Files kept, the least recently used thrown out past a total of bytes.
#[derive(Default)]
struct Kept {
    max: usize,
    bytes: usize,
    tick: u64,
    files: HashMap<FileKey, (Bytes, u64)>,
    /// The keys by when they were last used.
    order: BTreeMap<u64, FileKey>,
}

impl Kept {
    fn new(max: usize) -> Kept {
        Kept {
            max,
            ..Kept::default()
        }
    }

    fn cost(bytes: &Bytes, key: &FileKey) -> usize {
        bytes.len() + key.state.len() + ENTRY_COST
    }

    /// The file under `key`, now the most recently used.
    fn get(&mut self, key: &FileKey) -> Option<Bytes> {
        self.tick += 1;
        let (bytes, used) = self.files.get_mut(key)?;
        self.order.remove(used);
        *used = self.tick;
        self.order.insert(self.tick, key.clone());
        Some(bytes.clone())
    }

    /// Keeps `bytes` under `key` (unless they alone exceed the bound), throwing out the least
    /// recently used files until they fit.
    fn insert(&mut self, key: FileKey, bytes: Bytes) {
        let cost = Kept::cost(&bytes, &key);
        if cost > self.max {
            return;
        }
        self.remove(&key);
        while self.bytes + cost > self.max {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            self.remove(&oldest);
        }
        self.tick += 1;
        self.order.insert(self.tick, key.clone());
        self.files.insert(key, (bytes, self.tick));
        self.bytes += cost;
    }

    fn remove(&mut self, key: &FileKey) {
        if let Some((bytes, used)) = self.files.remove(key) {
            self.order.remove(&used);
            self.bytes -= Kept::cost(&bytes, key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(game: i64) -> FileKey {
        FileKey {
            game: GameId(game),
            state: "1".into(),
            lang: Lang::default(),
            what: What::Pgn,
        }
    }

    #[test]
    fn the_least_recently_used_files_go_first_past_the_bound() {
        let each = Kept::cost(&Bytes::from(vec![0; 1000]), &key(1));
        let mut kept = Kept::new(3 * each);
        for game in 1..=3 {
            kept.insert(key(game), Bytes::from(vec![game as u8; 1000]));
        }
        assert_eq!(kept.bytes, 3 * each);
        // Game 1 used again: game 2 is now the oldest, and goes for game 4.
        assert_eq!(kept.get(&key(1)).unwrap()[0], 1);
        kept.insert(key(4), Bytes::from(vec![4; 1000]));
        assert!(kept.get(&key(2)).is_none());
        for game in [1, 3, 4] {
            assert_eq!(kept.get(&key(game)).unwrap()[0], game as u8);
        }
        assert_eq!(kept.bytes, 3 * each);
        // A file larger than the whole bound is not kept, and throws nothing out.
        kept.insert(key(5), Bytes::from(vec![5; 4 * each]));
        assert!(kept.get(&key(5)).is_none());
        assert_eq!((kept.files.len(), kept.bytes), (3, 3 * each));
    }
}
