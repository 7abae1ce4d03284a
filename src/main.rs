//! The `rollerball` command line: the Discord bot (the default), the console, the database, the
//! renderer, the computer opponent and the rules engine's tools.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use rollerball::console::Console;
use rollerball::discord;
use rollerball::engine::{self, Level, Limits, MatchScore, Player, Settings};
use rollerball::game::{Lang, Service, SystemClock};
use rollerball::loadtest;
use rollerball::render::{
    self, BoardView, DEFAULT_SIZE, GifOptions, MAX_SIZE, MIN_SIZE, Options, Theme,
};
use rollerball::rules::{Color, Game, Position, START_FEN, Square, coordinate, san};
use rollerball::store;

mod cli;

/// Correspondence Rollerball: the rules engine's tools and the bot.
#[derive(Parser)]
#[command(name = "rollerball", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (the default): settings come from `.env` and the environment (see
    /// `.env.example`).
    Bot,
    /// Count the leaf nodes of the legal move tree (the last line is the total alone).
    Perft {
        /// How many plies deep.
        depth: u32,
        /// Start from this position instead of the standard start.
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// One `move: count` line per root move before the total.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves in coordinate form, one per line.
    Moves {
        /// The position (default: the standard start).
        #[arg(long, default_value = START_FEN)]
        fen: String,
    },
    /// Play moves (any notation the move reader accepts) and print the resulting FEN, then the
    /// outcome if the game ended.
    Apply {
        /// The position to start from (default: the standard start).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// The moves, such as `c2-b3 e6-f6 Rf1`.
        #[arg(required = true)]
        moves: Vec<String>,
    },
    /// Play in the terminal: local players take turns typing commands (`alice: challenge @bob`).
    Console {
        /// Where board images and exports are saved.
        #[arg(long, default_value = "boards")]
        boards: PathBuf,
        /// The language of the game's answers: en, fr, es or ru (default: from $LANG, else en).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Create or upgrade the database schema (the bot also does this at start-up).
    Migrate,
    /// Back up the database, or copy it into another one (such as from SQLite to PostgreSQL).
    Db(cli::db::Args),
    /// Play many games at once through the game service and measure moves per second, the
    /// latency of each move and the memory used. It creates its own players and games: point
    /// it at a scratch database, never at the bot's.
    Loadtest {
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
    },
    /// Measure the bot's start-up on a database: open and migrate it, create the game service,
    /// run the first deadline sweep; prints the time of each step and the bytes read. The sweep
    /// claims due reminders and time-outs that nobody then delivers: use a scratch copy of a
    /// database, never the bot's own.
    Startup {
        /// The database (required: this command never uses `DATABASE_URL`).
        #[arg(long)]
        database: String,
    },
    /// Draw the board as a PNG, or with `--gif` the whole game as an animated GIF.
    Render {
        /// The position to start from (default: the standard start).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Moves to play first, in one argument, such as "c2-b3 e6-f5 Rf1"; the last one is
        /// highlighted (and a check marked).
        #[arg(long, default_value = "")]
        moves: String,
        /// Black at the bottom.
        #[arg(long)]
        flip: bool,
        /// Image side in pixels.
        #[arg(long, default_value_t = DEFAULT_SIZE,
              value_parser = clap::value_parser!(u32).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
        size: u32,
        /// Colour theme.
        #[arg(long, default_value = "wood", value_parser = Theme::NAMES)]
        theme: String,
        /// Mark the squares the piece on this square can move to.
        #[arg(long)]
        targets: Option<String>,
        /// Animate the whole game (start position, then one frame per move) as a GIF.
        #[arg(long)]
        gif: bool,
        /// The file to write.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Ask the computer opponent for its move: prints the move in SAN, its score, the depth,
    /// the nodes searched and the principal variation.
    Engine {
        /// The position (default: the standard start).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Play at this level, 1 (beginner) to 5 (strongest); the default without
        /// `--depth` or `--movetime`.
        #[arg(long, conflicts_with_all = ["depth", "movetime"])]
        level: Option<u8>,
        /// Search exactly this many plies, at full strength.
        #[arg(long, conflicts_with = "movetime")]
        depth: Option<u32>,
        /// Search for this many milliseconds, at full strength.
        #[arg(long)]
        movetime: Option<u64>,
        /// Seed for the low levels' deliberate mistakes.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Play a match between two players (levels 1-5, `random` or `greedy`), colours
    /// alternating, and print the score from A's side.
    Selfplay {
        /// Player A: a level 1-5, `random` or `greedy`.
        #[arg(long)]
        a: Player,
        /// Player B: a level 1-5, `random` or `greedy`.
        #[arg(long)]
        b: Player,
        /// Number of games; games 2k and 2k+1 share an opening with colours swapped.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Seed for the openings and the players' choices: the same seed replays the match
        /// (except for level 5, which thinks by the clock).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random half-moves played from the start before the players take over, so that
        /// games differ.
        #[arg(long, default_value_t = 2)]
        opening_plies: usize,
        /// A game still running after this many half-moves is scored a draw.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
        /// Print one line per game.
        #[arg(long)]
        verbose: bool,
    },
}

fn position(fen: &str) -> Result<Position, String> {
    Position::from_fen(fen).map_err(|e| format!("bad FEN `{fen}`: {e}"))
}

fn run(cli: Cli) -> Result<String, String> {
    let mut out = String::new();
    match cli.command.unwrap_or(Command::Bot) {
        Command::Bot => return run_bot(),
        command @ (Command::Console { .. } | Command::Migrate) => return run_async(command),
        command @ Command::Loadtest { .. } => return loadtest(command),
        Command::Db(args) => return runtime()?.block_on(cli::db::run(args)).map(|()| out),
        Command::Startup { database } => {
            return runtime()?.block_on(async move {
                let (report, db) = loadtest::measure_startup(&database)
                    .await
                    .map_err(|e| format!("{}: {e}", store::redact(&database)))?;
                db.close().await;
                Ok(format!("{}: {report}\n", store::redact(&database)))
            });
        }
        Command::Perft { depth, fen, divide } => {
            let p = position(&fen)?;
            if divide && depth > 0 {
                let mut split: Vec<(String, u64)> = p
                    .divide(depth)
                    .into_iter()
                    .map(|(mv, n)| (coordinate(&p, mv), n))
                    .collect();
                split.sort();
                let total: u64 = split.iter().map(|(_, n)| n).sum();
                for (mv, n) in split {
                    out.push_str(&format!("{mv}: {n}\n"));
                }
                out.push_str(&format!("{total}\n"));
            } else {
                out.push_str(&format!("{}\n", p.perft(depth)));
            }
        }
        Command::Moves { fen } => {
            let p = position(&fen)?;
            let mut moves: Vec<String> =
                p.legal_moves().iter().map(|&m| coordinate(&p, m)).collect();
            moves.sort();
            for mv in moves {
                out.push_str(&mv);
                out.push('\n');
            }
        }
        Command::Apply { fen, moves } => {
            let mut game = Game::from_position(position(&fen)?);
            for (i, text) in moves.iter().enumerate() {
                game.play_input(text)
                    .map_err(|e| format!("move {} (`{text}`): {e}", i + 1))?;
            }
            out.push_str(&game.position().to_fen());
            out.push('\n');
            if let Some(outcome) = game.outcome() {
                out.push_str(&format!("{outcome}\n"));
            }
        }
        Command::Render {
            fen,
            moves,
            flip,
            size,
            theme,
            targets,
            gif,
            output,
        } => {
            let mut game = Game::from_position(position(&fen)?);
            for (i, text) in moves.split_whitespace().enumerate() {
                game.play_input(text)
                    .map_err(|e| format!("move {} (`{text}`): {e}", i + 1))?;
            }
            let options = Options {
                size,
                orientation: if flip { Color::Black } else { Color::White },
                theme: Theme::by_name(&theme).ok_or_else(|| format!("unknown theme `{theme}`"))?,
            };
            let bytes = if gif {
                let gif_options = GifOptions {
                    board: options,
                    ..GifOptions::default()
                };
                render::render_gif(&game, &gif_options)
            } else {
                let mut view = BoardView::of_game(&game);
                if let Some(from) = targets {
                    let sq: Square = from
                        .parse()
                        .map_err(|e| format!("bad square `{from}`: {e}"))?;
                    view = view.with_targets_from(sq);
                }
                render::render_png(&view, &options)
            }
            .map_err(|e| e.to_string())?;
            std::fs::write(&output, &bytes)
                .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
            out.push_str(&format!("{} ({} bytes)\n", output.display(), bytes.len()));
        }
        Command::Engine {
            fen,
            level,
            depth,
            movetime,
            seed,
        } => out = engine_command(&fen, level, depth, movetime, seed)?,
        Command::Selfplay {
            a,
            b,
            games,
            seed,
            opening_plies,
            max_plies,
            verbose,
        } => {
            out = selfplay(Match {
                a,
                b,
                games,
                seed,
                opening_plies,
                max_plies,
                verbose,
            })
        }
    }
    Ok(out)
}

/// The async runtime of the commands that need one.
fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))
}

/// The database named by `DATABASE_URL` (or the default file), migrated, with its URL.
async fn open_store() -> Result<(store::Store, String), String> {
    let url = store::database_url_from_env();
    let options = store::StoreOptions::from_env().map_err(|e| e.to_string())?;
    let db = store::Store::connect_with(&url, options)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", store::redact(&url)))?;
    Ok((db, url))
}

/// The async commands: they open the database named by `DATABASE_URL` (or the default file).
fn run_async(command: Command) -> Result<String, String> {
    runtime()?.block_on(async move {
        let (db, url) = open_store().await?;
        let out = match command {
            Command::Migrate => format!(
                "The database {} is up to date (schema version {}).\n",
                store::redact(&url),
                store::Store::migration_versions()
                    .last()
                    .copied()
                    .unwrap_or(0)
            ),
            Command::Console { boards, lang } => {
                let lang = match lang {
                    Some(code) => Lang::from_locale(&code).ok_or_else(|| {
                        format!("--lang {code}: the languages are en, fr, es and ru")
                    })?,
                    // A terminal's locale (`fr_FR.UTF-8`); `C` and unknown ones mean English.
                    None => std::env::var("LANG")
                        .ok()
                        .and_then(|l| Lang::from_locale(&l))
                        .unwrap_or_default(),
                };
                // One person at one keyboard: there is nobody to protect from a flood.
                let service = Service::new(db.clone(), Arc::new(SystemClock)).with_rate_limit(None);
                let mut console = Console::new(service, boards).with_language(lang);
                let stdin = std::io::stdin();
                let mut stdout = std::io::stdout();
                console
                    .run(stdin.lock(), &mut stdout)
                    .await
                    .map_err(|e| format!("console: {e}"))?;
                String::new()
            }
            _ => unreachable!("only async commands come here"),
        };
        db.close().await;
        Ok(out)
    })
}

/// A temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(prefix: &str) -> Result<TempDir, String> {
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

/// `rollerball loadtest`: see [`rollerball::loadtest`].
fn loadtest(command: Command) -> Result<String, String> {
    let Command::Loadtest {
        database,
        games,
        moves,
        duration,
        rounds,
        concurrency,
        seed,
        max_plies,
        acks,
        report_every,
    } = command
    else {
        unreachable!("only the loadtest comes here");
    };
    let stop = match duration {
        None if rounds.is_some() => loadtest::Stop::Rounds(rounds.unwrap_or(1)),
        Some(seconds) if seconds.is_finite() && seconds > 0.0 => {
            loadtest::Stop::After(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => {
            return Err(format!(
                "--duration must be a positive number of seconds, not {seconds}"
            ));
        }
        None => loadtest::Stop::Moves(moves.unwrap_or(10_000)),
    };
    if !(report_every.is_finite() && report_every >= 0.0) {
        return Err(format!(
            "--report-every must be 0 or a positive number of seconds, not {report_every}"
        ));
    }
    let acks_to_stdout = acks.as_deref() == Some(std::path::Path::new("-"));
    let ack_writer: Option<Box<dyn std::io::Write + Send>> = match &acks {
        None => None,
        Some(_) if acks_to_stdout => Some(Box::new(std::io::stdout())),
        Some(path) => {
            Some(Box::new(std::fs::File::create(path).map_err(|e| {
                format!("cannot create {}: {e}", path.display())
            })?))
        }
    };
    // Progress and the summary go to standard error when standard output carries the log.
    let progress: Box<dyn std::io::Write + Send> = if acks_to_stdout {
        Box::new(std::io::stderr())
    } else {
        Box::new(std::io::stdout())
    };
    let options = loadtest::LoadOptions {
        games: games as usize,
        concurrency: concurrency as usize,
        stop,
        seed,
        max_plies: max_plies as usize,
        report_every: (report_every > 0.0).then(|| Duration::from_secs_f64(report_every)),
    };
    let (_scratch, url) = match database {
        Some(url) => (None, url),
        None => {
            let dir = TempDir::new("rollerball-loadtest")?;
            let url = format!("sqlite://{}", dir.0.join("load.db").display());
            (Some(dir), url)
        }
    };
    let report = runtime()?.block_on(async {
        let db = store::Store::connect(&url)
            .await
            .map_err(|e| format!("cannot open the database {}: {e}", store::redact(&url)))?;
        // The simulated players move at machine speed; the per-player limit is not what is measured.
        let service =
            Arc::new(Service::new(db.clone(), Arc::new(SystemClock)).with_rate_limit(None));
        let outputs = loadtest::Outputs {
            acks: ack_writer,
            progress: Some(progress),
        };
        let report = loadtest::run(service, &options, outputs)
            .await
            .map_err(|e| e.to_string());
        db.close().await;
        report
    })?;
    let text = format!("database {}\n{report}", store::redact(&url));
    if acks_to_stdout {
        eprint!("{text}");
        Ok(String::new())
    } else {
        Ok(text)
    }
}

/// `rollerball engine`: the computer opponent's choice in a position.
fn engine_command(
    fen: &str,
    level: Option<u8>,
    depth: Option<u32>,
    movetime: Option<u64>,
    seed: u64,
) -> Result<String, String> {
    let game = Game::from_position(position(fen)?);
    let settings = match (level, depth, movetime) {
        (_, Some(d), _) => Settings {
            limits: Limits::depth(d),
            ..Settings::default()
        },
        (_, _, Some(ms)) => Settings {
            limits: Limits::movetime(Duration::from_millis(ms)),
            ..Settings::default()
        },
        (Some(n), _, _) => Level::new(n)
            .ok_or_else(|| format!("level {n} does not exist: use 1 to 5"))?
            .settings(),
        _ => Level::MAX.settings(),
    };
    if let Some(outcome) = game.outcome() {
        return Err(format!("the game is over: {outcome}"));
    }
    let found = engine::best_move(&game, &settings, seed).ok_or("no legal move")?;
    let mut pv = Vec::new();
    let mut p = *game.position();
    for &mv in &found.pv {
        pv.push(san(&p, mv));
        p.play_unchecked(mv);
    }
    let ending = found.ending.map(|t| format!(" ({t})")).unwrap_or_default();
    Ok(format!(
        "bestmove {}\nscore {}{ending}\ndepth {} nodes {} time {} ms\npv {}\n",
        found.san,
        found.score,
        found.depth,
        found.nodes,
        found.elapsed.as_millis(),
        pv.join(" ")
    ))
}

/// The arguments of `rollerball selfplay`.
struct Match {
    a: Player,
    b: Player,
    games: u32,
    seed: u64,
    opening_plies: usize,
    max_plies: usize,
    verbose: bool,
}

fn selfplay(m: Match) -> String {
    let started = Instant::now();
    let mut score = MatchScore::default();
    let mut out = String::new();
    let mut plies = 0;
    for i in 0..m.games {
        // Games 2k and 2k+1 start from the same random opening with colours swapped, so
        // neither player profits from a lucky opening.
        let pair_seed = m
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(i / 2));
        let (opening, _) = engine::play_game(
            Game::new(),
            Player::Random,
            Player::Random,
            m.opening_plies,
            pair_seed,
        );
        let a_color = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (white, black) = match a_color {
            Color::White => (m.a, m.b),
            Color::Black => (m.b, m.a),
        };
        let game_seed = pair_seed ^ u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (game, outcome) = engine::play_game(opening, white, black, m.max_plies, game_seed);
        plies += game.ply();
        score.add(outcome, a_color);
        if m.verbose {
            let result = outcome.map_or("1/2-1/2 (move limit)".to_string(), |o| o.to_string());
            let colour = if a_color == Color::White {
                "white"
            } else {
                "black"
            };
            // Printed at once rather than collected: a long match shows its progress.
            println!(
                "game {:>3}: A ({}) {colour}: {result} in {} plies: {}",
                i + 1,
                m.a,
                game.ply(),
                game.sans().join(" ")
            );
        }
    }
    out.push_str(&format!(
        "A = {}, B = {}: {} games, A scores {score}; {:.1} plies a game, {:.1} s\n",
        m.a,
        m.b,
        score.games(),
        plies as f64 / f64::from(m.games.max(1)),
        started.elapsed().as_secs_f64()
    ));
    out
}

/// Runs the Discord bot until SIGINT or SIGTERM, then closes the database.
fn run_bot() -> Result<String, String> {
    let config = discord::Config::from_env().map_err(|e| e.to_string())?;
    init_logging();
    runtime()?.block_on(async move {
        let (db, url) = open_store().await?;
        tracing::info!(database = %store::redact(&url), ?config, "starting the bot");
        let service = Service::new(db.clone(), Arc::new(SystemClock));
        let bot = discord::Bot::new(config, service)
            .await
            .map_err(|e| format!("cannot start the Discord client: {e}"))?;
        let stop = bot.shutdown_handle();
        tokio::spawn(async move {
            shutdown_signal().await;
            tracing::info!("signal received: shutting down");
            stop.shutdown();
        });
        let result = bot.run().await;
        db.close().await;
        result.map_err(|e| format!("the bot stopped: {e}"))?;
        Ok(String::new())
    })
}

/// Waits for Ctrl-C (SIGINT) or, on Unix, SIGTERM.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Logs to standard error, filtered by `RUST_LOG` (default: this crate at `info`, others at
/// `warn`).
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,rollerball=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

fn main() -> ExitCode {
    // Settings may come from a `.env` file beside the bot; the environment wins.
    let _ = dotenvy::dotenv();
    match run(Cli::parse()) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
