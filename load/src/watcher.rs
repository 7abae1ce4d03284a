//! One watcher of a game's live page, as a browser's `EventSource` is: a connection to
//! `/games/ID/events` read as it comes, every event noted with the moment it arrived. Many run
//! at once ([`crate::measure_watchers`]); what they share is counted in [`Tally`].

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use rollerball::store::GameId;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

use crate::http::{Dechunk, Head, SseItem, SseParser};

/// A move as a watcher heard of it.
#[derive(Clone, Debug)]
pub struct MoveSeen {
    /// The event's id (`id:`).
    pub id: i64,
    /// The ply the game reached.
    pub ply: u32,
    /// The move in SAN.
    pub san: String,
    /// When its event was read.
    pub at: Instant,
}

/// What one watcher heard.
#[derive(Clone, Debug)]
pub struct WatcherLog {
    /// The game it watched.
    pub game: GameId,
    /// The `moved` events, in the order they came.
    pub moves: Vec<MoveSeen>,
    /// `watchers` events (how many watch the game).
    pub counts: u32,
    /// `resync` events (it fell behind and would reload the page).
    pub resyncs: u32,
    /// Keep-alive comments.
    pub keep_alives: u32,
    /// Events of other kinds.
    pub others: u32,
    /// Why it stopped before it was told to (a failed connection, an answer that is not an
    /// event stream, the server closing it).
    pub error: Option<String>,
}

/// What all the watchers of a run count together, as they go.
pub(crate) struct Tally {
    /// Watchers whose request is written.
    pub connected: AtomicUsize,
    /// Watchers that have had their first `watchers` event: joined the game's watchers.
    pub joined: AtomicUsize,
    /// Watchers that stopped on their own (see [`WatcherLog::error`]).
    pub ended: AtomicUsize,
    /// Events of every kind read by all.
    pub events: AtomicU64,
    /// `moved` events read, per game (its index in the run).
    pub moved: Vec<AtomicU64>,
}

impl Tally {
    /// Counters for `games` games.
    pub fn new(games: usize) -> Tally {
        Tally {
            connected: AtomicUsize::new(0),
            joined: AtomicUsize::new(0),
            ended: AtomicUsize::new(0),
            events: AtomicU64::new(0),
            moved: (0..games).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

/// The watcher's place in its run.
pub(crate) struct Watcher {
    /// The server.
    pub addr: SocketAddr,
    /// The game's index in the run, and its id.
    pub index: usize,
    /// The game's id.
    pub game: GameId,
    /// Shared counters.
    pub tally: Arc<Tally>,
    /// Set when the run is over.
    pub stop: watch::Receiver<bool>,
    /// Held until the stream's head is read (or, against a server that never answers, until
    /// the request is written): how many connections are being opened at once.
    pub opening: Option<OwnedSemaphorePermit>,
    /// Whether the server never answers (the client's own cost, measured alone).
    pub silent_server: bool,
}

impl Watcher {
    /// Watches until told to stop, or until the stream fails or ends.
    pub async fn run(mut self) -> WatcherLog {
        let mut log = WatcherLog {
            game: self.game,
            moves: Vec::new(),
            counts: 0,
            resyncs: 0,
            keep_alives: 0,
            others: 0,
            error: None,
        };
        if let Err(error) = self.read(&mut log).await {
            log.error = Some(error);
            self.tally.ended.fetch_add(1, Ordering::Relaxed);
        }
        log
    }

    async fn read(&mut self, log: &mut WatcherLog) -> Result<(), String> {
        let mut stream = TcpStream::connect(self.addr)
            .await
            .map_err(|e| format!("cannot connect: {e}"))?;
        let _ = stream.set_nodelay(true);
        let request = format!(
            "GET /games/{}/events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            self.game.0, self.addr
        );
        stream
            .write_all(request.as_bytes())
            .await
            .map_err(|e| format!("cannot send the request: {e}"))?;
        self.tally.connected.fetch_add(1, Ordering::Relaxed);
        if self.silent_server {
            self.opening = None;
        }
        let mut buf = [0u8; 2048];
        let mut head: Option<Vec<u8>> = Some(Vec::new());
        let mut dechunk = Dechunk::default();
        let mut text = Vec::new();
        let mut parser = SseParser::default();
        loop {
            if *self.stop.borrow_and_update() {
                return Ok(());
            }
            let read = tokio::select! {
                read = stream.read(&mut buf) => read.map_err(|e| format!("read: {e}"))?,
                _ = self.stop.changed() => return Ok(()),
            };
            if read == 0 {
                return Err("the server closed the stream".into());
            }
            let at = Instant::now();
            let mut body = &buf[..read];
            let rest;
            if let Some(raw) = &mut head {
                raw.extend_from_slice(body);
                let Some((parsed, used)) = Head::parse(raw)? else {
                    continue;
                };
                if parsed.status != 200 || !parsed.chunked {
                    return Err(format!(
                        "status {}, chunked {}: not an event stream",
                        parsed.status, parsed.chunked
                    ));
                }
                rest = raw[used..].to_vec();
                body = &rest;
                head = None;
                self.opening = None;
            }
            dechunk.feed(body, &mut text)?;
            let tally = &self.tally;
            let index = self.index;
            let mut bad = None;
            parser.feed(&text, |item| {
                tally.events.fetch_add(1, Ordering::Relaxed);
                match item {
                    SseItem::Comment => log.keep_alives += 1,
                    SseItem::Event(event) => match event.event.as_str() {
                        "watchers" => {
                            if log.counts == 0 {
                                tally.joined.fetch_add(1, Ordering::Relaxed);
                            }
                            log.counts += 1;
                        }
                        "resync" => log.resyncs += 1,
                        "moved" => match moved(&event.id, &event.data, at) {
                            Ok(seen) => {
                                log.moves.push(seen);
                                tally.moved[index].fetch_add(1, Ordering::Relaxed);
                            }
                            Err(e) => bad = Some(e),
                        },
                        _ => log.others += 1,
                    },
                }
            })?;
            text.clear();
            if dechunk.done() {
                return Err("the server ended the stream".into());
            }
            if let Some(error) = bad {
                return Err(error);
            }
        }
    }
}

/// A `moved` event's id and data read.
fn moved(id: &Option<String>, data: &str, at: Instant) -> Result<MoveSeen, String> {
    let id = id
        .as_deref()
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| format!("a moved event without an id: {data}"))?;
    let data: serde_json::Value =
        serde_json::from_str(data).map_err(|e| format!("a moved event's data: {e}: {data}"))?;
    let ply = data["ply"]
        .as_u64()
        .ok_or_else(|| format!("a moved event without its ply: {data}"))?;
    let san = data["san"]
        .as_str()
        .ok_or_else(|| format!("a moved event without its move: {data}"))?;
    Ok(MoveSeen {
        id,
        ply: ply as u32,
        san: san.to_string(),
        at,
    })
}

/// Starts `per_game` watchers of each of `games` at `addr`, at most
/// [`OPENING`](crate::watchers::OPENING) connecting at once, all stopped by `stopped`;
/// `silent_server` as [`Watcher::silent_server`] says. Their logs come from the tasks.
pub(crate) async fn open_crowd(
    addr: SocketAddr,
    games: &[GameId],
    per_game: usize,
    tally: &Arc<Tally>,
    stopped: &watch::Receiver<bool>,
    silent_server: bool,
) -> Vec<tokio::task::JoinHandle<WatcherLog>> {
    let opening = Arc::new(Semaphore::new(crate::watchers::OPENING));
    let mut tasks = Vec::with_capacity(games.len() * per_game);
    for (index, &game) in games.iter().enumerate() {
        for _ in 0..per_game {
            let permit = Arc::clone(&opening)
                .acquire_owned()
                .await
                .expect("never closed");
            let watcher = Watcher {
                addr,
                index,
                game,
                tally: Arc::clone(tally),
                stop: stopped.clone(),
                opening: Some(permit),
                silent_server,
            };
            tasks.push(tokio::spawn(watcher.run()));
        }
    }
    tasks
}
