//! `rollerball-load gifs`: a crowd asking for a long game's GIF, on a scratch database, with
//! the web server inside this process.

use std::time::Duration;

use rollerball_load::GifLoad;

use super::watchers::with_database;

/// Ask the web server, started in this process on 127.0.0.1, for the GIF of a very long game
/// many times at once while other players move: the process's peak memory during the crowd,
/// what the crowd was answered, and the other players' move times alone and beside the crowd.
/// It creates its own players and games: point it at a scratch database, never at the bot's.
#[derive(clap::Args)]
pub struct Args {
    /// The database (default: a new SQLite file in a temporary directory, removed afterwards).
    #[arg(long)]
    database: Option<String>,
    /// Plies of the long game.
    #[arg(long, default_value_t = 1600,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    plies: u32,
    /// GIF requests sent at once.
    #[arg(long, default_value_t = 50,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    requests: u32,
    /// Other players' games, each moving one move at a time.
    #[arg(long, default_value_t = 4,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    movers: u32,
    /// Moves each of those plays alone, then as many beside the crowd.
    #[arg(long, default_value_t = 50,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    moves: u32,
    /// The longest a GIF request is waited for, in seconds.
    #[arg(long, default_value_t = 120)]
    timeout: u64,
}

/// Runs the crowd and prints the report.
pub fn run(args: Args) -> Result<(), String> {
    let load = GifLoad {
        plies: args.plies as usize,
        requests: args.requests as usize,
        movers: args.movers as usize,
        moves: args.moves as usize,
        timeout: Duration::from_secs(args.timeout.max(1)),
    };
    with_database(args.database, "rollerball-gifs", |db| async move {
        rollerball_load::measure_gifs(db, &load)
            .await
            .map(|r| r.to_string())
    })
}
