//! The store on both databases: rows, races between processes, query plans, PostgreSQL
//! failures through a relay, and the host's database tools (backup and copy).

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/relay.rs"]
mod relay;

mod analyses;
mod anywhere;
mod caps;
mod concurrency;
mod events;
mod faults;
mod opening;
mod owed_posts;
mod plans;
mod rows;
mod sqlite_faults;
mod tools;
