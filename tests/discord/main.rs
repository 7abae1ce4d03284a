//! The real serenity client, built by the bot's own start-up code, against a fake Discord on
//! loopback: whole games, failures, languages, hostile input, and load.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/fake_discord.rs"]
mod fake_discord;

mod bot;
mod load;
mod picker;
mod profile;
mod threads;
