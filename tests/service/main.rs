//! The game service as its players meet it: whole games, ratings, hostile input, the console,
//! the tournament and player web pages, and the fuzz corpus replayed through the same checks
//! as the fuzz targets. Every test runs on SQLite and, with `TEST_DATABASE_URL`, on PostgreSQL.

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod analysis_queue;
mod console;
mod correspondence;
mod dm_notices;
mod event_order;
mod event_posts;
mod fuzz_corpus;
mod games;
mod hostile;
mod limits;
mod picker;
mod ratings;
mod statements;
mod tournaments;
mod typing;
mod web;
mod web_browser;
mod web_controls;
mod web_files;
mod web_home;
mod web_links;
mod web_pages;
mod web_scope;
mod web_streams;
