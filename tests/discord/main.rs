//! The real serenity client, built by the bot's own start-up code, against a fake Discord on
//! loopback: whole games, failures, languages, hostile input, and load.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/fake_discord.rs"]
mod fake_discord;
#[path = "../common/relay.rs"]
mod relay;

mod anywhere;
mod bot;
mod commands;
mod console_games;
mod direct;
mod event_log;
mod load;
mod mentions;
mod ops;
mod picker;
mod privacy;
mod processes;
mod profile;
mod small_print;
mod threads;
