//! The subcommands of the `rollerball-load` binary, one module each: a clap `Args` and a `run`.

pub mod gifs;
pub mod lookups;
pub mod run;
pub mod startup;
pub mod watchers;
