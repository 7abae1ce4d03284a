//! `rollerball-load run --web compare`: what the web server costs the moves. The same load as
//! `rollerball-load run`, four times on one database in one run — the web server off, on, on,
//! off (as [`compare_metrics`](crate::compare_metrics) does for the metrics, so that a drift
//! of the machine weighs on both sides alike). With it on, the process also runs the web
//! server as the bot does ([`WebServer`]: the [`Hub`](rollerball::web::Hub) reading the event
//! log after every commit, the listener), and a watcher on each of the first slots' games
//! reads its live page over loopback during the phase.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rollerball::game::Service;
use rollerball::store::Store;
use tokio::sync::watch;

use crate::site::{WebServer, web_service};
use crate::watcher::{Tally, Watcher};
use crate::{LoadError, LoadOptions, Outputs, PHASES, Side, place, player, run};

/// The figures of a comparison.
#[derive(Clone, Debug, Default)]
pub struct WebComparison {
    /// With the web server off.
    pub off: Side,
    /// With it on.
    pub on: Side,
    /// Watchers per "on" phase.
    pub watchers: usize,
    /// Moves those watchers were sent, over both "on" phases.
    pub delivered: u64,
}

impl WebComparison {
    /// How much slower a move is with the web server on, in percent of the rate without it
    /// (negative: faster, within the noise).
    pub fn cost_percent(&self) -> f64 {
        crate::compare::cost_percent(&self.off, &self.on)
    }

    /// How much more CPU a move takes with it on, in percent (negative: less).
    pub fn cpu_cost_percent(&self) -> f64 {
        crate::compare::cpu_cost_percent(&self.off, &self.on)
    }
}

impl fmt::Display for WebComparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::compare::write_sides(f, "web server", &self.off, &self.on)?;
        writeln!(
            f,
            "watchers: {} per web phase, sent {} moves in all",
            self.watchers, self.delivered
        )
    }
}

/// Runs `options`'s load once per phase of [`PHASES`] (`true`: the web server on, with a
/// watcher on each of the first `watchers` slots' games) and compares the two sides.
pub async fn compare_web(
    store: &Store,
    options: &LoadOptions,
    watchers: usize,
    mut progress: impl FnMut(&str),
) -> Result<WebComparison, LoadError> {
    let mut comparison = WebComparison {
        watchers: watchers.min(options.games),
        ..WebComparison::default()
    };
    for (phase, on) in PHASES.into_iter().enumerate() {
        let service = Arc::new(web_service(store.clone()));
        let web = if on {
            Some(open_web(store, &service, comparison.watchers).await?)
        } else {
            None
        };
        let phase_options = LoadOptions {
            seed: options.seed.wrapping_add(phase as u64),
            ..options.clone()
        };
        let report = run(
            Arc::clone(&service),
            store.clone(),
            &phase_options,
            Outputs::default(),
        )
        .await?;
        if let Some(web) = web {
            comparison.delivered += web.close().await;
        }
        progress(&format!(
            "phase {} (web {}): {:.0} moves/s",
            phase + 1,
            if on { "on" } else { "off" },
            report.moves_per_second()
        ));
        let side = if on {
            &mut comparison.on
        } else {
            &mut comparison.off
        };
        side.moves += report.moves;
        side.elapsed += report.elapsed;
        side.latency.merge(&report.latency);
        side.cpu += report.cpu.unwrap_or_default();
    }
    Ok(comparison)
}

/// The web server of an "on" phase and its watchers.
struct Web {
    _server: WebServer,
    stop: watch::Sender<bool>,
    tasks: Vec<tokio::task::JoinHandle<crate::WatcherLog>>,
}

impl Web {
    /// Stops the watchers and the server; returns the moves the watchers were sent.
    async fn close(self) -> u64 {
        let _ = self.stop.send(true);
        let mut moves = 0;
        for task in self.tasks {
            if let Ok(log) = task.await {
                moves += log.moves.len() as u64;
            }
        }
        moves
    }
}

/// Starts the web server on `service` and a watcher on the active game of each of the first
/// `watchers` slots (those that have one), joined before the load starts.
async fn open_web(
    store: &Store,
    service: &Arc<Service>,
    watchers: usize,
) -> Result<Web, LoadError> {
    let server = WebServer::start(Arc::clone(service)).await?;
    let mut games = Vec::new();
    for slot in 0..watchers {
        let (white, black) = (player(slot, false).id, player(slot, true).id);
        if let Some(game) = store
            .games()
            .active_games_in(place(slot).channel)
            .await?
            .into_iter()
            .find(|g| g.white == Some(white) && g.black == Some(black))
        {
            games.push(game.id);
        }
    }
    let tally = Arc::new(Tally::new(games.len()));
    let (stop, stopped) = watch::channel(false);
    let tasks = games
        .iter()
        .enumerate()
        .map(|(index, &game)| {
            let watcher = Watcher {
                addr: server.addr,
                index,
                game,
                tally: Arc::clone(&tally),
                stop: stopped.clone(),
                opening: None,
                silent_server: false,
            };
            tokio::spawn(watcher.run())
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(60);
    while tally.joined.load(Ordering::Relaxed) + tally.ended.load(Ordering::Relaxed) < games.len()
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    Ok(Web {
        _server: server,
        stop,
        tasks,
    })
}
