//! Watchers in a process of their own: `rollerball-load watch-clients` runs the
//! [`Watcher`]s against a server's address and talks to the process that started it over its
//! standard input and output, so that the measuring process holds only the server's side of
//! each connection — its memory is the server's alone, and each process needs one file
//! descriptor per watcher, not two.
//!
//! The child prints `status JOINED ENDED EVENTS MOVED` whenever a count changes (looked at
//! every 5 ms), waits for a line (or the end) on its standard input, stops its watchers, and
//! prints each one's log as a line of JSON. Arrival times cross the process boundary as the
//! system clock's nanoseconds (both processes read the same clock), turned back into each
//! process's `Instant` through an anchor taken at its start.

use std::io::{BufRead, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rollerball::store::GameId;
use tokio::sync::watch;

use crate::watcher::{MoveSeen, Tally, WatcherLog, open_crowd};

/// This process's anchor: an `Instant` and the system clock read together.
fn anchor() -> (Instant, u128) {
    static ANCHOR: OnceLock<(Instant, u128)> = OnceLock::new();
    *ANCHOR.get_or_init(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        (Instant::now(), now.as_nanos())
    })
}

/// `at` as the system clock's nanoseconds.
fn to_nanos(at: Instant) -> u128 {
    let (instant, nanos) = anchor();
    if at >= instant {
        nanos + (at - instant).as_nanos()
    } else {
        nanos - (instant - at).as_nanos()
    }
}

/// The system clock's `nanos` as an `Instant` of this process.
fn from_nanos(nanos: u128) -> Instant {
    let (instant, anchor_nanos) = anchor();
    if nanos >= anchor_nanos {
        instant + Duration::from_nanos((nanos - anchor_nanos) as u64)
    } else {
        instant - Duration::from_nanos((anchor_nanos - nanos) as u64)
    }
}

/// The child's side: `per_game` watchers of each of `games` at `addr`, as described above.
pub async fn serve_watch_clients(addr: SocketAddr, games: &[GameId], per_game: usize) {
    anchor();
    let tally = Arc::new(Tally::new(games.len()));
    let (stop, stopped) = watch::channel(false);
    let reporter = {
        let tally = Arc::clone(&tally);
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let mut last = None;
            while !*stopped.borrow_and_update() {
                let moved: u64 = tally.moved.iter().map(|m| m.load(Ordering::Relaxed)).sum();
                let now = (
                    tally.joined.load(Ordering::Relaxed),
                    tally.ended.load(Ordering::Relaxed),
                    tally.events.load(Ordering::Relaxed),
                    moved,
                );
                if last != Some(now) {
                    println!("status {} {} {} {}", now.0, now.1, now.2, now.3);
                    last = Some(now);
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
    };
    let tasks = open_crowd(addr, games, per_game, &tally, &stopped, false).await;
    // Until told to stop: a line, or the end of the input (the parent gone).
    let _ = tokio::task::spawn_blocking(|| {
        let mut line = String::new();
        let _ = std::io::stdin().lock().read_line(&mut line);
    })
    .await;
    let _ = stop.send(true);
    let _ = reporter.await;
    let mut out = std::io::stdout().lock();
    for task in tasks {
        let Ok(log) = task.await else { continue };
        let moves: Vec<_> = log
            .moves
            .iter()
            .map(|m| serde_json::json!([m.id, m.ply, m.san, to_nanos(m.at).to_string()]))
            .collect();
        let line = serde_json::json!({
            "game": log.game.0, "counts": log.counts, "resyncs": log.resyncs,
            "keep_alives": log.keep_alives, "others": log.others, "error": log.error,
            "moves": moves,
        });
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
}

/// The counts a child last reported.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Status {
    pub joined: usize,
    pub ended: usize,
    pub events: u64,
    pub moved: u64,
}

/// The parent's side: a child process of watchers.
pub(crate) struct Apart {
    child: Child,
    stdin: Option<ChildStdin>,
    status: Arc<Mutex<Status>>,
    logs: Arc<Mutex<Vec<WatcherLog>>>,
    reader: std::thread::JoinHandle<()>,
}

impl Apart {
    /// Starts `program watch-clients` with `per_game` watchers of each of `games` at `addr`.
    pub fn start(
        program: &Path,
        addr: SocketAddr,
        games: &[GameId],
        per_game: usize,
    ) -> std::io::Result<Apart> {
        anchor();
        let ids: Vec<String> = games.iter().map(|g| g.0.to_string()).collect();
        let mut child = Command::new(program)
            .args(["watch-clients", "--addr", &addr.to_string(), "--per-game"])
            .arg(per_game.to_string())
            .arg("--games")
            .arg(ids.join(","))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped");
        let status = Arc::new(Mutex::new(Status::default()));
        let logs = Arc::new(Mutex::new(Vec::new()));
        let reader = {
            let (status, logs) = (Arc::clone(&status), Arc::clone(&logs));
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if let Some(counts) = line.strip_prefix("status ") {
                        let n: Vec<u64> =
                            counts.split(' ').filter_map(|n| n.parse().ok()).collect();
                        if let [joined, ended, events, moved] = n[..] {
                            *status.lock().expect("status") = Status {
                                joined: joined as usize,
                                ended: ended as usize,
                                events,
                                moved,
                            };
                        }
                    } else if let Some(log) = parse_log(&line) {
                        logs.lock().expect("logs").push(log);
                    }
                }
            })
        };
        Ok(Apart {
            child,
            stdin,
            status,
            logs,
            reader,
        })
    }

    /// The counts last reported.
    pub fn status(&self) -> Status {
        *self.status.lock().expect("status")
    }

    /// Stops the watchers and returns their logs.
    pub async fn finish(mut self) -> Vec<WatcherLog> {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write_all(b"stop\n");
        }
        tokio::task::spawn_blocking(move || {
            let _ = self.reader.join();
            let _ = self.child.wait();
            std::mem::take(&mut *self.logs.lock().expect("logs"))
        })
        .await
        .unwrap_or_default()
    }
}

/// A watcher's log from its line of JSON.
fn parse_log(line: &str) -> Option<WatcherLog> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let count = |name: &str| v[name].as_u64().unwrap_or(0) as u32;
    let moves = v["moves"]
        .as_array()?
        .iter()
        .filter_map(|m| {
            Some(MoveSeen {
                id: m[0].as_i64()?,
                ply: m[1].as_u64()? as u32,
                san: m[2].as_str()?.to_string(),
                at: from_nanos(m[3].as_str()?.parse().ok()?),
            })
        })
        .collect();
    Some(WatcherLog {
        game: GameId(v["game"].as_i64()?),
        moves,
        counts: count("counts"),
        resyncs: count("resyncs"),
        keep_alives: count("keep_alives"),
        others: count("others"),
        error: v["error"].as_str().map(str::to_string),
    })
}
