//! `rollerball-load run`: the load test from the command line, on a scratch database.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rollerball::discord::DiscordMarkup;
use rollerball::game::{Service, SystemClock};
use rollerball::metrics::Metrics;
use rollerball::store::{self, Store};
use rollerball_load::{LoadOptions, Outputs, Stop};

/// Play many games at once through the game service and measure moves per second, the
/// latency of each move and the memory used. It creates its own players and games: point it
/// at a scratch database, never at the bot's.
#[derive(clap::Args)]
pub struct Args {
    /// The database to load (default: a new SQLite file in a temporary directory, removed
    /// afterwards). `DATABASE_URL` is not used, so the bot's database is never touched by
    /// accident.
    #[arg(long)]
    database: Option<String>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Stop after this many moves in all (the default: 10,000 unless --duration or
    /// --rounds is given).
    #[arg(long, conflicts_with_all = ["duration", "rounds"],
          value_parser = clap::value_parser!(u64).range(1..))]
    moves: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, conflicts_with = "rounds")]
    duration: Option<f64>,
    /// Stop once every game has had this many moves (a game that ends makes way for a new
    /// one, which continues the count).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    rounds: Option<u64>,
    /// Moves in flight at once.
    #[arg(long, default_value_t = 16,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    concurrency: u32,
    /// Seed of the move choices: the same seed on a fresh database plays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still going after this many plies is resigned and a new one starts.
    #[arg(long, default_value_t = 200,
          value_parser = clap::value_parser!(u32).range(1..))]
    max_plies: u32,
    /// Write every acknowledged move to this file (`-` for standard output) as soon as the
    /// service acknowledges it: `GAME PLY SAN COORDINATE` per line.
    #[arg(long)]
    acks: Option<PathBuf>,
    /// Seconds between progress lines (moves, rate, memory); 0 for none.
    #[arg(long, default_value_t = 10.0)]
    report_every: f64,
    /// The bot's metrics: `off` (the default), `on` (counted as with `METRICS_ADDR` set), or
    /// `compare`: the load four times on one database, metrics off, on, on, off, and what the
    /// metrics cost a move.
    #[arg(long, value_enum, default_value_t = MetricsMode::Off)]
    metrics: MetricsMode,
    /// Keep one engine analysis of a 60-move game running during the load (a new game each
    /// time), as players asking `analysis` would: the report then says how many finished.
    #[arg(long, conflicts_with = "metrics")]
    analysis: bool,
    /// Beside the load, have one player keep five level-5 games against the computer (the
    /// cap) waiting for an answer, and another play a level-1 game whose answers are timed:
    /// how long someone else's computer move waits behind the flood.
    #[arg(long, conflicts_with = "metrics")]
    flood_engine: bool,
    /// Only the timed level-1 game beside the load, without the flood: the figures to
    /// compare `--flood-engine` with.
    #[arg(long, conflicts_with_all = ["metrics", "flood_engine"])]
    computer_probe: bool,
    /// The web server: `off` (the default), or `compare`: the load four times on one database,
    /// web server off, on, on, off — with it on, the process also serves the pages and reads
    /// the event log for the live pages as the bot does with `WEB_ADDR` set, and a watcher
    /// reads the live page of each of the first `--web-watchers` games — and what it costs a
    /// move.
    #[arg(long, value_enum, default_value_t = WebMode::Off,
          conflicts_with_all = ["metrics", "analysis", "flood_engine", "computer_probe"])]
    web: WebMode,
    /// Live pages watched during `--web compare`'s phases with the web server on (one watcher
    /// each, on the first games).
    #[arg(long, default_value_t = 100)]
    web_watchers: u32,
}

/// Whether the web server runs beside the load.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum WebMode {
    Off,
    Compare,
}

/// Whether the service reports to the bot's metrics.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum MetricsMode {
    Off,
    On,
    Compare,
}

/// Runs the load and prints the report: on standard output, or on standard error (with the
/// progress lines) when standard output carries the acknowledgement log. Standard output is
/// written through unlocked handles: the driver's tasks write to it from other threads.
pub fn run(args: Args) -> Result<(), String> {
    let options = options(&args)?;
    let acks_to_stdout = args.acks.as_deref() == Some(Path::new("-"));
    let ack_writer: Option<Box<dyn Write + Send>> = match &args.acks {
        None => None,
        Some(_) if acks_to_stdout => Some(Box::new(std::io::stdout())),
        Some(path) => {
            Some(Box::new(std::fs::File::create(path).map_err(|e| {
                format!("cannot create {}: {e}", path.display())
            })?))
        }
    };
    let progress = || -> Box<dyn Write + Send> {
        if acks_to_stdout {
            Box::new(std::io::stderr())
        } else {
            Box::new(std::io::stdout())
        }
    };
    let (_scratch, url) = match args.database {
        Some(url) => (None, url),
        None => {
            let dir = TempDir::new("rollerball-loadtest")?;
            let url = format!("sqlite://{}", dir.0.join("load.db").display());
            (Some(dir), url)
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let report = runtime.block_on(async {
        let db = Store::connect(&url)
            .await
            .map_err(|e| format!("cannot open the database {}: {e}", store::redact(&url)))?;
        if args.metrics == MetricsMode::Compare {
            let mut out = progress();
            let compared = rollerball_load::compare_metrics(&db, &options, |line| {
                let _ = writeln!(out, "{line}");
            })
            .await
            .map(|c| c.to_string())
            .map_err(|e| e.to_string());
            db.close().await;
            return compared;
        }
        if args.web == WebMode::Compare {
            let mut out = progress();
            let compared =
                rollerball_load::compare_web(&db, &options, args.web_watchers as usize, |line| {
                    let _ = writeln!(out, "{line}");
                })
                .await
                .map(|c| c.to_string())
                .map_err(|e| e.to_string());
            db.close().await;
            return compared;
        }
        // The simulated players move at machine speed; the per-player limit is not what is measured.
        let mut service = Service::new(db.clone(), Arc::new(SystemClock))
            .with_markup(Arc::new(DiscordMarkup))
            .with_rate_limit(None);
        if args.metrics == MetricsMode::On {
            service = service.with_observer(Arc::new(Metrics::new()));
        }
        let service = Arc::new(service);
        let outputs = Outputs {
            acks: ack_writer,
            progress: Some(progress()),
        };
        let stop = Arc::new(AtomicBool::new(false));
        let analysing = args.analysis.then(|| {
            tokio::spawn(rollerball_load::keep_analysing(
                Arc::clone(&service),
                Arc::clone(&stop),
            ))
        });
        let flooding = (args.flood_engine || args.computer_probe).then(|| {
            tokio::spawn(rollerball_load::keep_flooding(
                Arc::clone(&service),
                db.clone(),
                args.flood_engine,
                Arc::clone(&stop),
            ))
        });
        let report = rollerball_load::run(service, db.clone(), &options, outputs)
            .await
            .map(|r| r.to_string())
            .map_err(|e| e.to_string());
        stop.store(true, Ordering::Relaxed);
        let report = match analysing {
            None => report,
            Some(task) => {
                let analyses = task
                    .await
                    .map_err(|e| format!("the analyses beside the load failed: {e}"))??;
                report.map(|r| format!("{r}{analyses}\n"))
            }
        };
        let report = match flooding {
            None => report,
            Some(task) => {
                let flood = task
                    .await
                    .map_err(|e| format!("the flood beside the load failed: {e}"))??;
                report.map(|r| format!("{r}{flood}"))
            }
        };
        db.close().await;
        report
    })?;
    write!(progress(), "database {}\n{report}", store::redact(&url))
        .map_err(|e| format!("cannot write the report: {e}"))
}

/// The driver's options from the command line's, refusing the stop and report times clap
/// cannot check.
fn options(args: &Args) -> Result<LoadOptions, String> {
    let stop = match args.duration {
        None if args.rounds.is_some() => Stop::Rounds(args.rounds.unwrap_or(1)),
        Some(seconds) if seconds.is_finite() && seconds > 0.0 => {
            Stop::After(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => {
            return Err(format!(
                "--duration must be a positive number of seconds, not {seconds}"
            ));
        }
        None => Stop::Moves(args.moves.unwrap_or(10_000)),
    };
    let every = args.report_every;
    if !(every.is_finite() && every >= 0.0) {
        return Err(format!(
            "--report-every must be 0 or a positive number of seconds, not {every}"
        ));
    }
    Ok(LoadOptions {
        games: args.games as usize,
        concurrency: args.concurrency as usize,
        stop,
        seed: args.seed,
        max_plies: args.max_plies as usize,
        report_every: (every > 0.0).then(|| Duration::from_secs_f64(every)),
    })
}

/// A temporary directory, removed when dropped.
pub(crate) struct TempDir(pub(crate) PathBuf);

impl TempDir {
    pub(crate) fn new(prefix: &str) -> Result<TempDir, String> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let path = std::env::temp_dir().join(format!("{prefix}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(TempDir(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
