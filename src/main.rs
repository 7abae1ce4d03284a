//! The `rollerball` command line: the Discord bot (the default), the console, the database, the
//! renderer, the computer opponent and the rules engine's tools. Each subcommand lives in its
//! own module under `cli/`; this file parses the command line and dispatches. The load test and
//! the start-up timing are another binary, `rollerball-load`, in the `load/` crate.

#![warn(missing_docs)]

mod cli;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Correspondence Rollerball: the rules engine's tools and the bot.
#[derive(Parser)]
#[command(name = "rollerball", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The subcommands: each one's help is the doc comment of its `Args`.
#[derive(Subcommand)]
enum Command {
    Bot(cli::bot::Args),
    Perft(cli::perft::Args),
    Moves(cli::moves::Args),
    Apply(cli::apply::Args),
    Console(cli::console::Args),
    Migrate(cli::migrate::Args),
    Render(cli::render::Args),
    Engine(cli::engine::Args),
    Selfplay(cli::selfplay::Args),
    Db(cli::db::Args),
}

impl Default for Command {
    /// `rollerball` alone runs the bot.
    fn default() -> Self {
        Command::Bot(cli::bot::Args::default())
    }
}

/// Runs `command`, writing its output to `out` as it goes.
fn dispatch(
    command: Command,
    out: &mut impl Write,
) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match command {
        Command::Bot(args) => runtime()?.block_on(cli::bot::run(args))?,
        Command::Perft(args) => cli::perft::run(args, out)?,
        Command::Moves(args) => cli::moves::run(args, out)?,
        Command::Apply(args) => cli::apply::run(args, out)?,
        Command::Console(args) => runtime()?.block_on(cli::console::run(args, out))?,
        Command::Migrate(args) => runtime()?.block_on(cli::migrate::run(args, out))?,
        Command::Render(args) => cli::render::run(args, out)?,
        Command::Engine(args) => cli::engine::run(args, out)?,
        Command::Selfplay(args) => cli::selfplay::run(args, out)?,
        Command::Db(args) => runtime()?.block_on(cli::db::run(args, out))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The async runtime of the subcommands that need one.
fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))
}

fn main() -> ExitCode {
    // Settings may come from a `.env` file beside the bot; the environment wins.
    let _ = dotenvy::dotenv();
    let command = Cli::parse().command.unwrap_or_default();
    // Not held locked: a subcommand's tasks on other threads may print too.
    let mut out = std::io::stdout();
    let finished = dispatch(command, &mut out).and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match finished {
        Ok(code) => code,
        // The reader went away (`rollerball moves | head -1`): there is no one left to tell.
        Err(error) if broken_pipe(&*error) => ExitCode::SUCCESS,
        Err(message) => {
            // Errors are written with redacted URLs; a library's own words might still hold one.
            eprintln!("error: {}", rollerball::redact::text(&message.to_string()));
            ExitCode::FAILURE
        }
    }
}

/// Whether `error`, or an error it comes from, is a write to a pipe whose reader has closed it.
fn broken_pipe(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(error) = cause {
        if error
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
        {
            return true;
        }
        cause = error.source();
    }
    false
}
