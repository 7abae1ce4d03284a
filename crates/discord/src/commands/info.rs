//! `/rb-settings`, `/rb-analysis` and `/rb-info` (help, the rules, ratings and game records):
//! the commands beside playing, and the way a filled-in one becomes the same [`Command`] as
//! its text command.

use serenity::all::{CommandOptionType, CreateCommand, ResolvedOption, ResolvedValue, Unresolved};

use super::read::{int, string, unresolved};
use super::{
    ANALYSIS, INFO, SETTINGS, choice, command, family_sub, game_option, game_option_described,
    option, sub,
};
use crate::game::command::{CommandError, PlayerRef, Setting, game_number};
use crate::game::i18n::Args;
use crate::game::{Actor, Command};
use crate::unread::Unread;

/// On or off, for the setting `what` (`pings`, `dm`).
fn switch(what: &str) -> serenity::all::CreateCommandOption {
    let o = option(
        CommandOptionType::String,
        "slash-option-set",
        &format!("slash-option-set.{what}"),
        &Args::new(),
    )
    .required(true);
    choice(choice(o, "on"), "off")
}

/// The `/rb-settings` command: see them, or change one.
pub(super) fn settings() -> CreateCommand {
    let language = option(
        CommandOptionType::String,
        "slash-option-language",
        "slash-option-language.description",
        &Args::new(),
    )
    .required(true)
    .max_length(10);
    command(
        SETTINGS,
        Some("slash-command-settings"),
        "slash-command-settings.description",
        vec![
            family_sub("settings", "show", vec![]),
            family_sub("settings", "language", vec![language]),
            family_sub("settings", "pings", vec![switch("pings")]),
            family_sub("settings", "dm", vec![switch("dm")]),
        ],
    )
}

/// The `/rb-analysis` command: the engine's look at a finished game.
pub(super) fn analysis() -> CreateCommand {
    command(
        ANALYSIS,
        Some("slash-command-analysis"),
        "slash-command-analysis.description",
        vec![game_option_described("slash-option-game.analysis")],
    )
}

/// The `/rb-info` command: help, the rules, the leaderboard, a player's stats, a game's record.
pub(super) fn info() -> CreateCommand {
    // The commands to explain are offered as the player types (autocomplete): a list of
    // choices would stop at Discord's 25.
    let topic = option(
        CommandOptionType::String,
        "slash-option-command",
        "slash-option-command.description",
        &Args::new(),
    )
    .set_autocomplete(true)
    .max_length(20);
    let player = option(
        CommandOptionType::User,
        "slash-option-player",
        "slash-option-player.description",
        &Args::new(),
    );
    command(
        INFO,
        Some("slash-command-info"),
        "slash-command-info.description",
        vec![
            sub("help", vec![topic]),
            sub("rules", vec![]),
            sub("leaderboard", vec![]),
            sub("stats", vec![player]),
            sub("export", vec![game_option()]),
        ],
    )
}

/// The `/rb-settings` subcommand `name` filled in with `o`.
pub(super) fn settings_command(
    name: &str,
    o: &[ResolvedOption<'_>],
) -> Result<Command, CommandError> {
    let on = || string(o, "set") != Some("off");
    let change = match name {
        "show" => None,
        "language" => Some(Setting::Language(
            string(o, "language").unwrap_or_default().trim().to_string(),
        )),
        "pings" => Some(Setting::Pings(on())),
        "dm" => Some(Setting::DirectMessages(on())),
        other => {
            return Err(CommandError::from(Unread::UnknownSubcommand(format!(
                "{SETTINGS} {other}"
            ))));
        }
    };
    Ok(Command::Settings { change })
}

/// `/rb-analysis` filled in with `o`.
pub(super) fn analysis_command(o: &[ResolvedOption<'_>]) -> Result<Command, CommandError> {
    let game = int(o, "game").map(game_number).transpose()?;
    Ok(Command::Analysis { game })
}

/// The `/rb-info` subcommand `name` filled in with `o`.
pub(super) fn info_command(
    name: &str,
    o: &[ResolvedOption<'_>],
    mentioned: &mut Vec<Actor>,
) -> Result<Command, CommandError> {
    let game = int(o, "game").map(game_number).transpose()?;
    Ok(match name {
        "help" => Command::Help {
            topic: string(o, "command").map(str::to_string),
        },
        "rules" => Command::Rules,
        "leaderboard" => Command::Leaderboard,
        "stats" => Command::Stats {
            player: match o.iter().find(|o| o.name == "player").map(|o| &o.value) {
                Some(ResolvedValue::User(user, member)) => {
                    mentioned.push(super::read::actor_of(user, *member));
                    Some(PlayerRef::Id(user.id.get()))
                }
                Some(ResolvedValue::Unresolved(Unresolved::User(id))) => {
                    return Err(unresolved(id.get()));
                }
                _ => None,
            },
        },
        "export" => Command::Export { game },
        other => {
            return Err(CommandError::from(Unread::UnknownSubcommand(format!(
                "{INFO} {other}"
            ))));
        }
    })
}
