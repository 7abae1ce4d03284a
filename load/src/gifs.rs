//! `rollerball-load gifs`: a crowd asking at once for the GIF of a very long game, on the
//! real web server started in this process, while other players move: the process's peak
//! memory, what the crowd was answered, and the other players' move times with and without
//! the crowd (issue 41: 20 such requests took the bot to 1.44 GB and its moves to 150–350 ms).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rollerball::game::Service;
use rollerball::rules::Game;
use rollerball::store::Store;

use crate::site::{WebGame, WebServer, run_number, start_game, web_service};
use crate::{LatencyHistogram, LoadError, MemoryUse, http};

/// What a GIF run does.
#[derive(Clone, Debug)]
pub struct GifLoad {
    /// Plies of the long game (fewer if it ends first).
    pub plies: usize,
    /// GIF requests sent at once.
    pub requests: usize,
    /// Other players' games, each moving one move at a time.
    pub movers: usize,
    /// Moves each of those plays in each phase (alone, then beside the crowd).
    pub moves: usize,
    /// The longest a GIF request is waited for.
    pub timeout: Duration,
}

/// The figures of a GIF run.
#[derive(Clone, Debug)]
pub struct GifReport {
    /// Plies of the long game.
    pub plies: usize,
    /// The crowd's answers by status; `0` counts the requests not answered in time.
    pub statuses: BTreeMap<u16, usize>,
    /// The largest GIF answered, bytes.
    pub gif_bytes: usize,
    /// From the first request to the last answer.
    pub crowd_time: Duration,
    /// The other players' moves without the crowd.
    pub quiet: LatencyHistogram,
    /// The other players' moves beside the crowd.
    pub crowded: LatencyHistogram,
    /// The memory once everything was set up, before the crowd (its peak reset, where Linux
    /// allows).
    pub before: Option<MemoryUse>,
    /// The memory after the crowd: its peak is the crowd's.
    pub after: Option<MemoryUse>,
}

impl fmt::Display for GifReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let statuses: Vec<String> = self
            .statuses
            .iter()
            .map(|(status, n)| match status {
                0 => format!("{n} unanswered"),
                s => format!("{n} × {s}"),
            })
            .collect();
        writeln!(
            f,
            "GIF of a {}-ply game, {} requests at once: {} in {:.2} s; largest GIF {} bytes",
            self.plies,
            self.statuses.values().sum::<usize>(),
            statuses.join(", "),
            self.crowd_time.as_secs_f64(),
            self.gif_bytes
        )?;
        for (name, moves) in [("alone", &self.quiet), ("beside the crowd", &self.crowded)] {
            writeln!(
                f,
                "other players' moves {name}: {} moves, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                moves.count(),
                ms(moves.quantile(0.5)),
                ms(moves.quantile(0.99)),
                ms(moves.max())
            )?;
        }
        if let (Some(before), Some(after)) = (self.before, self.after) {
            writeln!(f, "memory before the crowd: {before}")?;
            writeln!(f, "memory after the crowd:  {after}")?;
        }
        Ok(())
    }
}

/// Plays a game of `plies` plies (a legal line that does not end, picked by a fixed formula)
/// through the service, and returns it.
async fn long_game(service: &Service, run: u64, plies: usize) -> Result<WebGame, LoadError> {
    let mut game = start_game(service, run, 0).await?;
    let mut line = Game::new();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    while line.ply() < plies {
        let going: Vec<_> = line
            .position()
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| {
                let mut next = line.clone();
                next.play(mv).is_ok() && next.outcome().is_none()
            })
            .collect();
        if going.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mv = going[(seed >> 33) as usize % going.len()];
        line.play(mv)
            .map_err(|e| LoadError::Options(format!("the long game: {e}")))?;
        let san = line.sans().last().expect("a move").clone();
        game.play(service, &san).await?;
    }
    Ok(game)
}

/// `movers` players' games each playing `moves` moves, one at a time (a game that reaches the
/// end of the sixty-move game makes way for a new one): their move times.
async fn move_on(
    service: &Arc<Service>,
    games: &mut [WebGame],
    next_index: &mut usize,
    run: u64,
    moves: usize,
) -> Result<LatencyHistogram, LoadError> {
    let mut tasks = Vec::new();
    for game in games.iter() {
        let (service, mut game) = (Arc::clone(service), game.clone());
        let index = *next_index;
        *next_index += moves.div_ceil(100) + 1;
        tasks.push(tokio::spawn(async move {
            let mut latency = LatencyHistogram::default();
            let mut fresh = index;
            for _ in 0..moves {
                if game.plies >= 100 {
                    game = start_game(&service, run, fresh).await?;
                    fresh += 1;
                }
                let (_, sent, committed) = game.play_next(&service).await?;
                latency.record(committed - sent);
            }
            Ok::<_, LoadError>((latency, game))
        }));
    }
    let mut all = LatencyHistogram::default();
    for (task, slot) in tasks.into_iter().zip(games.iter_mut()) {
        let (latency, game) = task
            .await
            .map_err(|e| LoadError::Options(format!("a mover stopped: {e}")))??;
        all.merge(&latency);
        *slot = game;
    }
    Ok(all)
}

/// Sets up the long game and the other players' games over `store`, measures their moves
/// alone, then beside `load.requests` GIF requests of the long game at once.
pub async fn measure_gifs(store: Store, load: &GifLoad) -> Result<GifReport, LoadError> {
    let service = Arc::new(web_service(store));
    let server = WebServer::start(Arc::clone(&service)).await?;
    let run = run_number();
    let long = long_game(&service, run, load.plies).await?;
    let mut games = Vec::new();
    for i in 0..load.movers {
        games.push(start_game(&service, run, 1 + i).await?);
    }
    let mut next_index = 1 + load.movers;
    let quiet = move_on(&service, &mut games, &mut next_index, run, load.moves).await?;

    // The crowd's peak alone: Linux resets the peak (VmHWM) to the resident size on "5".
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = MemoryUse::now();
    let (addr, path, timeout) = (
        server.addr,
        format!("/games/{}.gif", long.id.0),
        load.timeout,
    );
    let began = Instant::now();
    let crowd: Vec<_> = (0..load.requests)
        .map(|_| {
            let path = path.clone();
            tokio::spawn(async move {
                match tokio::time::timeout(timeout, http::get(addr, &path)).await {
                    Ok(Ok(answer)) => (answer.status, answer.body.len()),
                    Ok(Err(_)) | Err(_) => (0, 0),
                }
            })
        })
        .collect();
    let crowded = move_on(&service, &mut games, &mut next_index, run, load.moves).await?;
    let mut statuses = BTreeMap::new();
    let mut gif_bytes = 0;
    for answer in crowd {
        let (status, bytes) = answer.await.unwrap_or((0, 0));
        *statuses.entry(status).or_insert(0) += 1;
        if status == 200 {
            gif_bytes = gif_bytes.max(bytes);
        }
    }
    let crowd_time = began.elapsed();
    let after = MemoryUse::now();
    drop(server);
    Ok(GifReport {
        plies: long.plies,
        statuses,
        gif_bytes,
        crowd_time,
        quiet,
        crowded,
        before,
        after,
    })
}
