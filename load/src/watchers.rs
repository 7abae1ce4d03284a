//! `rollerball-load watchers`: many watchers of live game pages on the real web server, inside
//! this process, and what they cost and how soon they hear of a move.
//!
//! The web server is started as the bot starts it ([`WebServer`]), `games` games are started
//! through the service, and `per_game` [`Watcher`]s open `/games/ID/events` on each. Once every
//! watcher has joined (its first `watchers` event) and the streams are quiet, the process's
//! resident memory is read again: its growth over the watchers is their cost. They are then
//! held idle for `hold`, and `moves` plies of each game are played through the service one at a
//! time; each move's commit is the moment `Service::handle` answered, and every watcher's
//! delay is from there to the moment it read the `moved` event. At the end each watcher's moves
//! are compared with the game's news in the event log: every move once, in order, with the
//! log's ids.
//!
//! The watchers run in a child process of their own ([`crate::apart`], `apart`), so that this
//! process's memory is the server's alone, as the bot's would be; or, without `apart`, in this
//! process, and the memory measured includes the clients' side: `control` then runs the same
//! clients against a listener that accepts and never answers, to weigh that side alone.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rollerball::store::{GameId, Store};
use tokio::sync::watch;

use crate::apart::Apart;
use crate::site::{WebGame, WebServer, run_number, start_game, web_service};
use crate::watcher::{Tally, WatcherLog, open_crowd};
use crate::{LatencyHistogram, LoadError, MemoryUse};

/// Connections being opened at once (the listener's backlog is 1,024).
pub(crate) const OPENING: usize = 256;

/// What to measure.
#[derive(Clone, Debug)]
pub struct WatchOptions {
    /// Games watched.
    pub games: usize,
    /// Watchers of each.
    pub per_game: usize,
    /// Plies played in each game once all watch (at most 120).
    pub moves: usize,
    /// Pause after each move has reached all its watchers.
    pub gap: Duration,
    /// How long the watchers are held idle before the moves.
    pub hold: Duration,
    /// The longest any one wait may take (the watchers to join, a move to arrive).
    pub timeout: Duration,
    /// The clients alone, against a server that never answers: their own memory.
    pub control: bool,
    /// Run the watchers in a child process, `PROGRAM watch-clients` (this crate's binary), so
    /// that this process holds only the server's side; `None`: in this process.
    pub apart: Option<PathBuf>,
}

impl Default for WatchOptions {
    fn default() -> WatchOptions {
        WatchOptions {
            games: 1,
            per_game: 1000,
            moves: 20,
            gap: Duration::from_millis(100),
            hold: Duration::ZERO,
            timeout: Duration::from_secs(120),
            control: false,
            apart: None,
        }
    }
}

/// A game's moves as its news in the event log: `(id, ply, SAN)`.
pub type LoggedMoves = Vec<(i64, u32, String)>;

/// What a watchers run measured.
#[derive(Debug)]
pub struct WatchReport {
    /// The options it ran with.
    pub options: WatchOptions,
    /// From the first connection to the last watcher joined and the streams quiet.
    pub opening: Duration,
    /// Resident memory before the watchers, and with them all open.
    pub memory: Option<(MemoryUse, MemoryUse)>,
    /// Every watcher's delay from a move's commit to its event.
    pub latency: LatencyHistogram,
    /// Events read before the service's answer to the move was back (counted as 0).
    pub early: u64,
    /// Every watcher's delay from the move's request (an upper bound: the commit is later).
    pub from_request: LatencyHistogram,
    /// Each watcher's log.
    pub logs: Vec<WatcherLog>,
    /// Each game's moves as the event log holds them.
    pub logged: Vec<(GameId, LoggedMoves)>,
}

impl WatchReport {
    /// Watchers in all.
    pub fn watchers(&self) -> usize {
        self.logs.len()
    }

    /// Resident memory grown per watcher, in bytes.
    pub fn bytes_per_watcher(&self) -> Option<f64> {
        let (before, after) = self.memory?;
        Some((after.resident as f64 - before.resident as f64) / self.watchers().max(1) as f64)
    }

    /// Watchers that stopped on their own: the errors, one line each.
    pub fn errors(&self) -> Vec<String> {
        self.logs
            .iter()
            .filter_map(|l| l.error.as_ref().map(|e| format!("game #{}: {e}", l.game.0)))
            .collect()
    }

    /// Watchers whose moves are exactly their game's in the log (ids, plies, moves, order).
    pub fn exact(&self) -> usize {
        self.logs
            .iter()
            .filter(|log| {
                let Some((_, logged)) = self.logged.iter().find(|(g, _)| *g == log.game) else {
                    return false;
                };
                log.moves.len() == logged.len()
                    && log
                        .moves
                        .iter()
                        .zip(logged)
                        .all(|(m, (id, ply, san))| m.id == *id && m.ply == *ply && &m.san == san)
            })
            .count()
    }
}

impl fmt::Display for WatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = &self.options;
        let errors = self.errors();
        let side = if o.control {
            "clients alone (a listener that never answers)"
        } else {
            "on the web server"
        };
        writeln!(
            f,
            "{} watchers, {} per game on {} game(s), {side}: opened in {:.2} s; {} stopped on \
             their own",
            self.watchers(),
            o.per_game,
            o.games,
            self.opening.as_secs_f64(),
            errors.len()
        )?;
        for error in errors.iter().take(5) {
            writeln!(f, "  {error}")?;
        }
        if let (Some((before, after)), Some(per)) = (self.memory, self.bytes_per_watcher()) {
            let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
            writeln!(
                f,
                "memory: VmRSS {:.1} MiB before, {:.1} MiB with them open: {:.1} KiB per watcher \
                 (peak {:.1} MiB)",
                mib(before.resident),
                mib(after.resident),
                per / 1024.0,
                mib(after.peak)
            )?;
        }
        if o.control {
            return Ok(());
        }
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let sum =
            |f: fn(&WatcherLog) -> u32| self.logs.iter().map(|l| u64::from(f(l))).sum::<u64>();
        let delivered: usize = self.logs.iter().map(|l| l.moves.len()).sum();
        let fewest = |f: fn(&WatcherLog) -> u32| self.logs.iter().map(f).min().unwrap_or(0);
        writeln!(
            f,
            "held idle {:.0} s; events besides the moves: {} watcher counts, {} resyncs, {} \
             keep-alives (each watcher at least {}), {} others",
            o.hold.as_secs_f64(),
            sum(|l| l.counts),
            sum(|l| l.resyncs),
            sum(|l| l.keep_alives),
            fewest(|l| l.keep_alives),
            sum(|l| l.others)
        )?;
        writeln!(
            f,
            "moves: {} per game; {delivered} of {} deliveries; {} of {} watchers got every move \
             once, in order, with the log's ids",
            o.moves,
            self.watchers() * o.moves,
            self.exact(),
            self.watchers()
        )?;
        writeln!(
            f,
            "commit to arrival: median {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} of {} read \
             before the service's answer, counted as 0)",
            ms(self.latency.quantile(0.5)),
            ms(self.latency.quantile(0.99)),
            ms(self.latency.max()),
            self.early,
            self.latency.count()
        )?;
        writeln!(
            f,
            "request to arrival (the bound from above): median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            ms(self.from_request.quantile(0.5)),
            ms(self.from_request.quantile(0.99)),
            ms(self.from_request.max()),
        )
    }
}

/// Runs the watchers described by `options` on a web server over `store` (unused with
/// `control`).
pub async fn measure_watchers(
    store: Store,
    options: &WatchOptions,
) -> Result<WatchReport, LoadError> {
    if options.games == 0 || options.per_game == 0 {
        return Err(LoadError::Options("no watchers to open".into()));
    }
    if options.moves > crate::site::SIXTY_MOVES.split_whitespace().count() {
        return Err(LoadError::Options("at most 120 moves per game".into()));
    }
    let service = Arc::new(web_service(store));
    let mut server = None;
    let mut games = Vec::new();
    let addr = if options.control {
        games = (0..options.games)
            .map(|i| WebGame::unplayed(GameId(i as i64 + 1)))
            .collect();
        silent_listener().await?
    } else {
        let started = WebServer::start(Arc::clone(&service)).await?;
        let addr = started.addr;
        server = Some(started);
        let run = run_number();
        for index in 0..options.games {
            games.push(start_game(&service, run, index).await?);
        }
        // The page once, so that what a first request warms is not counted as the watchers'.
        let page = format!("/games/{}", games[0].id.0);
        let _ = tokio::time::timeout(options.timeout, crate::http::get(addr, &page)).await;
        addr
    };
    let before = MemoryUse::now();
    let opened = Instant::now();
    let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
    let crowd = match &options.apart {
        Some(program) if !options.control => {
            Crowd::Apart(Apart::start(program, addr, &ids, options.per_game)?)
        }
        _ => Crowd::here(addr, &ids, options).await,
    };
    let total = options.games * options.per_game;
    wait_for(options.timeout, || {
        let (joined, ended, _, _) = crowd.counts();
        joined + ended >= total
    })
    .await;
    // Quiet: no event for half a second (each newcomer told every watcher of the game).
    let quiet_by = Instant::now() + options.timeout;
    let mut last = crowd.counts().2;
    while Instant::now() < quiet_by {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let now = crowd.counts().2;
        if std::mem::replace(&mut last, now) == now {
            break;
        }
    }
    let opening_time = opened.elapsed();
    let after = MemoryUse::now();
    let mut commits: Vec<Vec<(Instant, Instant)>> = vec![Vec::new(); games.len()];
    if !options.control {
        tokio::time::sleep(options.hold).await;
        let mut plies = 0;
        for _ in 0..options.moves {
            for (index, game) in games.iter_mut().enumerate() {
                let (_, sent, committed) = game.play_next(&service).await?;
                commits[index].push((sent, committed));
                plies += 1;
                let want = (options.per_game * plies) as u64;
                wait_for(options.timeout, || {
                    let (_, ended, _, moved) = crowd.counts();
                    moved >= want || ended >= total
                })
                .await;
                tokio::time::sleep(options.gap).await;
            }
        }
    }
    let logs = crowd.finish().await;
    drop(server);
    let mut logged = Vec::new();
    let mut latency = LatencyHistogram::default();
    let mut early = 0;
    let mut from_request = LatencyHistogram::default();
    if !options.control {
        for game in &games {
            let news = service
                .feed()
                .game_live_events_after(game.id, 0, 1000)
                .await?;
            let moves = news
                .into_iter()
                .filter(|e| e.kind == "moved")
                .map(|e| (e.id, e.ply.unwrap_or(0), e.san.unwrap_or_default()))
                .collect();
            logged.push((game.id, moves));
        }
        for log in &logs {
            let index = games.iter().position(|g| g.id == log.game).unwrap_or(0);
            for seen in &log.moves {
                let Some(&(sent, commit)) = commits[index].get(seen.ply as usize - 1) else {
                    continue;
                };
                if seen.at < commit {
                    early += 1;
                }
                latency.record(seen.at.saturating_duration_since(commit));
                from_request.record(seen.at.saturating_duration_since(sent));
            }
        }
    }
    Ok(WatchReport {
        options: options.clone(),
        opening: opening_time,
        memory: before.zip(after),
        latency,
        early,
        from_request,
        logs,
        logged,
    })
}

/// Waits until `done` says so, looking every 10 ms, for at most `timeout`.
async fn wait_for(timeout: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !done() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A listener on 127.0.0.1 that accepts every connection and holds it without reading or
/// answering (as plain sockets: nothing of the runtime per connection).
async fn silent_listener() -> Result<std::net::SocketAddr, LoadError> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            if let Ok(stream) = stream.into_std() {
                held.push(stream);
            }
        }
    });
    Ok(addr)
}

/// The watchers of a run, in this process or in a child.
enum Crowd {
    Here {
        /// Whether the server never answers: connected counts as joined.
        control: bool,
        tally: Arc<Tally>,
        stop: watch::Sender<bool>,
        tasks: Vec<tokio::task::JoinHandle<WatcherLog>>,
    },
    Apart(Apart),
}

impl Crowd {
    /// `per_game` watchers of each of `games` at `addr`, in this process.
    async fn here(addr: std::net::SocketAddr, games: &[GameId], options: &WatchOptions) -> Crowd {
        let tally = Arc::new(Tally::new(games.len()));
        let (stop, stopped) = watch::channel(false);
        let tasks = open_crowd(
            addr,
            games,
            options.per_game,
            &tally,
            &stopped,
            options.control,
        )
        .await;
        Crowd::Here {
            control: options.control,
            tally,
            stop,
            tasks,
        }
    }

    /// Watchers joined (connected, against a silent server), stopped on their own, events
    /// read, moves read.
    fn counts(&self) -> (usize, usize, u64, u64) {
        match self {
            Crowd::Here { control, tally, .. } => {
                let joined = if *control {
                    &tally.connected
                } else {
                    &tally.joined
                };
                let moved = tally.moved.iter().map(|m| m.load(Ordering::Relaxed)).sum();
                (
                    joined.load(Ordering::Relaxed),
                    tally.ended.load(Ordering::Relaxed),
                    tally.events.load(Ordering::Relaxed),
                    moved,
                )
            }
            Crowd::Apart(apart) => {
                let s = apart.status();
                (s.joined, s.ended, s.events, s.moved)
            }
        }
    }

    /// Stops the watchers; their logs.
    async fn finish(self) -> Vec<WatcherLog> {
        match self {
            Crowd::Here { stop, tasks, .. } => {
                let _ = stop.send(true);
                let mut logs = Vec::with_capacity(tasks.len());
                for task in tasks {
                    logs.push(task.await.expect("a watcher panicked"));
                }
                logs
            }
            Crowd::Apart(apart) => apart.finish().await,
        }
    }
}
