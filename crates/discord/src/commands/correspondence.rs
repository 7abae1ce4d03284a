//! `/rb-forecast add|list|clear` and `/rb-vacation on|off|status`: correspondence play's
//! commands, and the way a filled-in one becomes the same [`Command`] as `forecast …` and
//! `vacation …` typed.

use serenity::all::{CommandOptionType, CreateCommand, ResolvedOption};

use super::read::{int, string};
use super::{FORECAST, VACATION, command, family_sub, game_option, option};
use crate::game::Command;
use crate::game::VACATION_DAYS_PER_YEAR;
use crate::game::command::{
    CommandError, ForecastChange, MAX_LINE, VacationChange, forecast_change, game_number,
    vacation_days_number,
};
use crate::game::i18n::Args;
use crate::unread::Unread;

/// The `/rb-forecast` command: give lines, list them, drop them.
pub(super) fn forecast() -> CreateCommand {
    let moves = option(
        CommandOptionType::String,
        "slash-option-moves",
        "slash-option-moves.description",
        &Args::new(),
    )
    .required(true)
    .set_autocomplete(true)
    .max_length(MAX_LINE as u16);
    command(
        FORECAST,
        Some("slash-command-forecast"),
        "slash-command-forecast.description",
        vec![
            family_sub("forecast", "add", vec![moves, game_option()]),
            family_sub("forecast", "list", vec![game_option()]),
            family_sub("forecast", "clear", vec![game_option()]),
        ],
    )
}

/// The `/rb-vacation` command: go away, come back, see what is left.
pub(super) fn vacation() -> CreateCommand {
    let days = option(
        CommandOptionType::Integer,
        "slash-option-vacation-days",
        "slash-option-vacation-days.description",
        &Args::new(),
    )
    .min_int_value(1)
    .max_int_value(VACATION_DAYS_PER_YEAR.into());
    command(
        VACATION,
        Some("slash-command-vacation"),
        "slash-command-vacation.description",
        vec![
            family_sub("vacation", "on", vec![days]),
            family_sub("vacation", "off", vec![]),
            family_sub("vacation", "status", vec![]),
        ],
    )
}

/// The `/rb-forecast` subcommand `name` filled in with `o`.
pub(super) fn forecast_command(
    name: &str,
    o: &[ResolvedOption<'_>],
) -> Result<Command, CommandError> {
    let game = int(o, "game").map(game_number).transpose()?;
    let change = match name {
        // The words of the lines, read as `forecast` reads them (`clear` too is what it says).
        "add" => match forecast_change(string(o, "moves").unwrap_or_default()) {
            ForecastChange::Add(lines) => ForecastChange::Add(lines),
            _ => {
                return Err(CommandError::Missing {
                    command: "forecast",
                    what: crate::game::Needed::Move,
                    usage: "/rb-forecast add moves:e6-f7 c1-b2",
                });
            }
        },
        "list" => ForecastChange::List,
        "clear" => ForecastChange::Clear,
        other => {
            return Err(CommandError::from(Unread::UnknownSubcommand(format!(
                "{FORECAST} {other}"
            ))));
        }
    };
    Ok(Command::Forecast { game, change })
}

/// The `/rb-vacation` subcommand `name` filled in with `o`.
pub(super) fn vacation_command(
    name: &str,
    o: &[ResolvedOption<'_>],
) -> Result<Command, CommandError> {
    let change = match name {
        "on" => Some(VacationChange::On(
            int(o, "days").map(vacation_days_number).transpose()?,
        )),
        "off" => Some(VacationChange::Off),
        "status" => None,
        other => {
            return Err(CommandError::from(Unread::UnknownSubcommand(format!(
                "{VACATION} {other}"
            ))));
        }
    };
    Ok(Command::Vacation { change })
}
