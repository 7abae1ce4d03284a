//! The subcommands of the `rollerball` binary, one module each: its arguments and what it runs.

pub mod db;
