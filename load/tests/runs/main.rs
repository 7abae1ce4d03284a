//! The `rollerball-load` binary run as a host would run it: killed in the middle of a load run,
//! timed at start-up against databases of different sizes, and the web pages' watchers run
//! small (the library called directly). (The memory test is a binary of
//! its own: it replaces the allocator.)

// The bot's database helpers, shared with its own tests.
#[path = "../../../tests/common/mod.rs"]
mod common;

mod analysis;
mod flood;
mod load_crash;
mod metrics_compare;
mod startup;
mod watchers;
