//! `rollerball-load watchers` and `rollerball-load page`: the web pages measured on a scratch
//! database, with the web server inside this process.

use std::time::Duration;

use rollerball::store::{self, Store};
use rollerball_load::WatchOptions;

use super::run::TempDir;

/// Open many watchers of live game pages (`/games/ID/events`) on the web server, started in
/// this process on 127.0.0.1: the memory they cost, then how soon each hears of every move
/// played through the service, and whether it hears of each exactly once, in order. It creates
/// its own players and games: point it at a scratch database, never at the bot's. The watchers
/// run in a child process (this program's `watch-clients`), so that this process holds only
/// the server's side, as the bot would; each process needs a file descriptor per watcher.
#[derive(clap::Args)]
pub struct Args {
    /// The database (default: a new SQLite file in a temporary directory, removed afterwards).
    #[arg(long)]
    database: Option<String>,
    /// Games watched.
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Watchers of each game.
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    per_game: u32,
    /// Plies played in each game once every watcher is in (the sixty-move game's).
    #[arg(long, default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(0..=120))]
    moves: u32,
    /// Milliseconds between a move reaching all its watchers and the next move.
    #[arg(long, default_value_t = 100)]
    gap_ms: u64,
    /// Seconds the watchers are held idle before the moves.
    #[arg(long, default_value_t = 0)]
    hold: u64,
    /// The longest any wait may take, in seconds.
    #[arg(long, default_value_t = 120)]
    timeout: u64,
    /// Run the watchers in this process rather than in a child process: the memory figure
    /// then includes the clients' side, and each watcher holds two file descriptors here.
    #[arg(long)]
    in_process: bool,
    /// With --in-process: measure the clients alone, against a listener that never answers
    /// (the part of the memory figure that is the clients', not the server's).
    #[arg(long, requires = "in_process")]
    control: bool,
}

/// Runs the watchers and prints the report.
pub fn run(args: Args) -> Result<(), String> {
    let ends = if args.in_process { 2 } else { 1 };
    let needed = u64::from(args.games) * u64::from(args.per_game) * ends + 256;
    check_open_files(needed)?;
    let apart = if args.in_process {
        None
    } else {
        Some(std::env::current_exe().map_err(|e| format!("where is this program? {e}"))?)
    };
    let options = WatchOptions {
        games: args.games as usize,
        per_game: args.per_game as usize,
        moves: args.moves as usize,
        gap: Duration::from_millis(args.gap_ms),
        hold: Duration::from_secs(args.hold),
        timeout: Duration::from_secs(args.timeout.max(1)),
        control: args.control,
        apart,
    };
    with_database(args.database, "rollerball-watchers", |db| async move {
        rollerball_load::measure_watchers(db, &options)
            .await
            .map(|r| r.to_string())
    })
}

/// The watchers of `rollerball-load watchers`, in a process of their own: started by it, never
/// by hand.
#[derive(clap::Args)]
pub struct ClientArgs {
    /// The web server.
    #[arg(long)]
    addr: std::net::SocketAddr,
    /// The games' ids, separated by commas.
    #[arg(long, value_delimiter = ',')]
    games: Vec<i64>,
    /// Watchers of each.
    #[arg(long)]
    per_game: usize,
}

/// Runs the watchers until a line (or the end) on standard input, then prints their logs.
pub fn clients(args: ClientArgs) -> Result<(), String> {
    check_open_files(args.games.len() as u64 * args.per_game as u64 + 64)?;
    let games: Vec<store::GameId> = args.games.into_iter().map(store::GameId).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(rollerball_load::serve_watch_clients(
        args.addr,
        &games,
        args.per_game,
    ));
    Ok(())
}

/// Serve a game page over HTTP on loopback, with the web server started in this process on
/// 127.0.0.1: each request's time from the connection to the last byte, and the page's whole
/// weight (HTML with its inline SVG board, stylesheet, script). It creates its own players and
/// a game: point it at a scratch database, never at the bot's.
#[derive(clap::Args)]
pub struct PageArgs {
    /// The database (default: a new SQLite file in a temporary directory, removed afterwards).
    #[arg(long)]
    database: Option<String>,
    /// Plies of the game shown (of the sixty-move game).
    #[arg(long, default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(0..=120))]
    plies: u32,
    /// Requests timed.
    #[arg(long, default_value_t = 500,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    requests: u32,
}

/// Times the page and prints the report.
pub fn page(args: PageArgs) -> Result<(), String> {
    let (plies, requests) = (args.plies as usize, args.requests as usize);
    with_database(args.database, "rollerball-page", |db| async move {
        rollerball_load::measure_page(db, plies, requests, Duration::from_secs(10))
            .await
            .map(|r| r.to_string())
    })
}

/// Runs `measure` on the database `url` (or a new temporary SQLite file) in a runtime of its
/// own, and prints what it returns.
pub(crate) fn with_database<F, Fut>(
    url: Option<String>,
    prefix: &str,
    measure: F,
) -> Result<(), String>
where
    F: FnOnce(Store) -> Fut,
    Fut: Future<Output = Result<String, rollerball_load::LoadError>>,
{
    let (_scratch, url) = match url {
        Some(url) => (None, url),
        None => {
            let dir = TempDir::new(prefix)?;
            let url = format!("sqlite://{}", dir.0.join("web.db").display());
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
        let report = measure(db.clone()).await.map_err(|e| e.to_string());
        db.close().await;
        report
    })?;
    runtime.shutdown_timeout(Duration::from_secs(1));
    print!("database {}\n{report}", store::redact(&url));
    Ok(())
}

/// Refuses to start when the process may not open `needed` files (`ulimit -n`).
fn check_open_files(needed: u64) -> Result<(), String> {
    let Ok(limits) = std::fs::read_to_string("/proc/self/limits") else {
        return Ok(());
    };
    let soft = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|v| v.parse::<u64>().ok());
    match soft {
        Some(soft) if soft < needed => Err(format!(
            "these watchers need about {needed} open files (both ends of each connection are \
             in this process), and the limit is {soft}: raise it first, e.g. `ulimit -n 65536`"
        )),
        _ => Ok(()),
    }
}
