//! `rollerball-load`: the load test, the start-up timing and the web pages' figures of the
//! Rollerball bot, run from the command line (see the crate's library for the driver itself).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Measurements of the Rollerball bot: a load of many games at once, and its start-up.
#[derive(Parser)]
#[command(name = "rollerball-load", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands: each one's help is the doc comment of its `Args`.
#[derive(Subcommand)]
enum Command {
    Run(cli::run::Args),
    Lookups(cli::lookups::Args),
    Startup(cli::startup::Args),
    Watchers(cli::watchers::Args),
    Page(cli::watchers::PageArgs),
    Gifs(cli::gifs::Args),
    #[command(hide = true)]
    WatchClients(cli::watchers::ClientArgs),
}

fn main() -> ExitCode {
    let finished = match Cli::parse().command {
        Command::Run(args) => cli::run::run(args),
        Command::Lookups(args) => cli::lookups::run(args),
        Command::Startup(args) => cli::startup::run(args, &mut std::io::stdout().lock()),
        Command::Watchers(args) => cli::watchers::run(args),
        Command::Page(args) => cli::watchers::page(args),
        Command::Gifs(args) => cli::gifs::run(args),
        Command::WatchClients(args) => cli::watchers::clients(args),
    };
    match finished {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
