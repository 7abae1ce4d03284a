//! A slash command's options as Discord sends them back, read into the game's terms: the
//! command, its subcommand and their values become a [`Command`], every value checked as the
//! game's type.

use serenity::all::{CommandData, PartialMember, ResolvedOption, ResolvedValue, User};

use super::correspondence::{forecast_command, vacation_command};
use super::info::{analysis_command, info_command, settings_command};
use super::play::play_command;
use super::tournament::tournament_command;
use super::{ANALYSIS, FORECAST, INFO, NAME, SETTINGS, TOURNAMENT, VACATION};
use crate::game::command::{Answer, CommandError};
use crate::game::{Actor, Command};
use crate::model::PlayerId;
use crate::unread::Unread;

/// A slash command turned into the game's terms.
pub struct Parsed {
    /// The command, typed and checked (values out of range are refused before this).
    pub command: Command,
    /// The users the command names, with the names Discord shows for them.
    pub mentioned: Vec<Actor>,
}

pub(super) fn int(options: &[ResolvedOption<'_>], name: &str) -> Option<i64> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            ResolvedValue::Integer(n) => Some(n),
            _ => None,
        })
}

pub(super) fn string<'a>(options: &'a [ResolvedOption<'a>], name: &str) -> Option<&'a str> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            ResolvedValue::String(s) => Some(s),
            ResolvedValue::Autocomplete { value, .. } => Some(value),
            _ => None,
        })
}

pub(super) fn boolean(options: &[ResolvedOption<'_>], name: &str) -> Option<bool> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            ResolvedValue::Boolean(b) => Some(b),
            _ => None,
        })
}

/// The `answer` to an offer (`draw`, `takeback`), if one was chosen.
pub(super) fn answer(options: &[ResolvedOption<'_>]) -> Option<Answer> {
    match string(options, "answer") {
        Some("accept") => Some(Answer::Accept),
        Some("decline") => Some(Answer::Decline),
        _ => None,
    }
}

/// A user Discord resolved, with the name it shows for them here.
pub(super) fn actor_of(user: &User, member: Option<&PartialMember>) -> Actor {
    Actor {
        id: PlayerId(user.id.get()),
        name: crate::places::display_name(user, member.and_then(|m| m.nick.as_deref())),
    }
}

/// The refusal of a user option Discord sent without the user (not in `resolved`): only a user
/// Discord vouches for is named.
pub fn unresolved(id: u64) -> CommandError {
    CommandError::from(Unread::UnknownMention(format!("<@{id}>")))
}

/// The subcommand and its options, if the command has subcommands.
pub fn subcommand<'a>(data: &'a CommandData) -> Option<(&'a str, Vec<ResolvedOption<'a>>)> {
    data.options().into_iter().find_map(|o| match o.value {
        ResolvedValue::SubCommand(options) => Some((o.name, options)),
        _ => None,
    })
}

/// The game command a filled-in slash command stands for, or what is wrong with it.
///
/// Discord's own limits on an option (`min_value`, `max_value`) are kept by its clients only, so
/// every value is read here as the game's type, and a value out of range is refused.
pub fn parse(data: &CommandData) -> Result<Parsed, CommandError> {
    let mut mentioned = Vec::new();
    let name = data.name.as_str();
    if name == ANALYSIS {
        let command = analysis_command(&data.options())?;
        return Ok(Parsed { command, mentioned });
    }
    let Some((sub, o)) = subcommand(data) else {
        return Err(CommandError::from(Unread::NoSubcommand));
    };
    let command = match name {
        NAME => play_command(sub, &o, &mut mentioned)?,
        TOURNAMENT => tournament_command(sub, &o, &mut mentioned)?,
        FORECAST => forecast_command(sub, &o)?,
        VACATION => vacation_command(sub, &o)?,
        SETTINGS => settings_command(sub, &o)?,
        INFO => info_command(sub, &o, &mut mentioned)?,
        other => {
            return Err(CommandError::from(Unread::UnknownSubcommand(format!(
                "{other} {sub}"
            ))));
        }
    };
    Ok(Parsed { command, mentioned })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::game::command::{ForecastChange, Opponent, PlayerRef, Setting, VacationChange};
    use crate::model::Days;
    use serde_json::json;

    /// User 8, as Discord resolves a user option.
    pub(crate) fn resolved() -> serde_json::Value {
        json!({"users": {"8": {"id": "8", "username": "bob", "discriminator": "0",
                               "avatar": null, "global_name": "Bob"}}})
    }

    /// `/COMMAND SUBCOMMAND` with `options`, user 8 resolved.
    pub(crate) fn data_in(
        command: &str,
        subcommand: &str,
        options: serde_json::Value,
    ) -> CommandData {
        serde_json::from_value(json!({"id": "1", "name": command, "type": 1,
            "options": [{"name": subcommand, "type": 1, "options": options}],
            "resolved": resolved()}))
        .expect("command data")
    }

    /// `/rb SUBCOMMAND` with `options`.
    fn data(subcommand: &str, options: serde_json::Value) -> CommandData {
        data_in(NAME, subcommand, options)
    }

    fn command_of(data: CommandData) -> Command {
        parse(&data).expect("a command").command
    }

    /// A user option whose user Discord did not resolve names nobody: refused, saying so.
    #[test]
    fn unresolved_users_are_refused() {
        let bare = |command: &str, subcommand: &str, name: &str| -> CommandData {
            serde_json::from_value(json!({"id": "1", "name": command, "type": 1,
                "options": [{"name": subcommand, "type": 1,
                             "options": [{"name": name, "type": 6, "value": "9"}]}]}))
            .expect("command data")
        };
        for (command, subcommand, option) in [
            (NAME, "challenge", "opponent"),
            (INFO, "stats", "player"),
            (TOURNAMENT, "withdraw", "player"),
        ] {
            assert_eq!(
                parse(&bare(command, subcommand, option)).err(),
                Some(CommandError::from(Unread::UnknownMention("<@9>".into()))),
                "{command} {subcommand}"
            );
        }
        assert_eq!(
            CommandError::from(Unread::UnknownMention("<@9>".into())).to_string(),
            "`<@9>` is not someone Discord knows: mention a player by choosing them in the list \
             that opens as you type `@`. Nothing was changed."
        );
    }

    #[test]
    fn subcommands_become_game_commands() {
        let parsed = parse(&data(
            "challenge",
            json!([{"name": "opponent", "type": 6, "value": "8"},
                   {"name": "days", "type": 4, "value": 5},
                   {"name": "casual", "type": 5, "value": true}]),
        ))
        .unwrap();
        assert_eq!(
            parsed.command,
            Command::Challenge {
                opponent: Opponent::Player(PlayerRef::Id(8)),
                colour: None,
                days: Days::new(5).unwrap(),
                rated: false
            }
        );
        assert_eq!(parsed.mentioned[0].name, "Bob");
        assert!(matches!(
            command_of(data("challenge", json!([{"name": "computer", "type": 4, "value": 2}]))),
            Command::Challenge {
                opponent: Opponent::Computer { level },
                ..
            } if level.get() == 2
        ));
        assert!(
            parse(&data(
                "challenge",
                json!([{"name": "computer", "type": 4, "value": 2},
                       {"name": "opponent", "type": 6, "value": "8"}])
            ))
            .is_err()
        );
        assert_eq!(
            command_of(data(
                "move",
                json!([{"name": "move", "type": 3, "value": " Rb7 "},
                       {"name": "game", "type": 4, "value": 12}]),
            )),
            Command::Move {
                game: Some(crate::model::GameId(12)),
                text: "Rb7".into()
            }
        );
        assert_eq!(
            command_of(data(
                "draw",
                json!([{"name": "answer", "type": 3, "value": "accept"}])
            )),
            Command::Draw {
                game: None,
                answer: Some(Answer::Accept)
            }
        );
        assert!(
            parse(&data(
                "moves",
                json!([{"name": "square", "type": 3, "value": "z9"}])
            ))
            .is_err()
        );
        // The commands beside playing.
        assert_eq!(
            command_of(data_in(INFO, "leaderboard", json!([]))),
            Command::Leaderboard
        );
        assert_eq!(
            command_of(data_in(INFO, "stats", json!([]))),
            Command::Stats { player: None }
        );
        assert_eq!(
            command_of(data_in(
                INFO,
                "stats",
                json!([{"name": "player", "type": 6, "value": "8"}])
            )),
            Command::Stats {
                player: Some(PlayerRef::Id(8))
            }
        );
        assert_eq!(
            command_of(data_in(
                INFO,
                "help",
                json!([{"name": "command", "type": 3, "value": "move"}])
            )),
            Command::Help {
                topic: Some("move".into())
            }
        );
        assert_eq!(
            command_of(data_in(INFO, "rules", json!([]))),
            Command::Rules
        );
        assert_eq!(
            command_of(data_in(
                INFO,
                "export",
                json!([{"name": "game", "type": 4, "value": 3}])
            )),
            Command::Export {
                game: Some(crate::model::GameId(3))
            }
        );
        let analysis: CommandData = serde_json::from_value(json!({"id": "1",
            "name": ANALYSIS, "type": 1, "options": [{"name": "game", "type": 4, "value": 12}]}))
        .unwrap();
        assert_eq!(
            command_of(analysis),
            Command::Analysis {
                game: Some(crate::model::GameId(12))
            }
        );
        for (sub, options, change) in [
            ("show", json!([]), None),
            (
                "language",
                json!([{"name": "language", "type": 3, "value": " fr "}]),
                Some(Setting::Language("fr".into())),
            ),
            (
                "pings",
                json!([{"name": "set", "type": 3, "value": "off"}]),
                Some(Setting::Pings(false)),
            ),
            (
                "dm",
                json!([{"name": "set", "type": 3, "value": "on"}]),
                Some(Setting::DirectMessages(true)),
            ),
        ] {
            assert_eq!(
                command_of(data_in(SETTINGS, sub, options)),
                Command::Settings { change },
                "{sub}"
            );
        }
        assert_eq!(
            parse(&data("help", json!([]))).err(),
            Some(CommandError::from(Unread::UnknownSubcommand(
                "rb help".into()
            )))
        );
    }

    #[test]
    fn forecast_and_vacation_read_their_options() {
        assert_eq!(
            command_of(data_in(
                FORECAST,
                "add",
                json!([{"name": "moves", "type": 3, "value": "f5 Rf1; e6f6 Rf1"},
                       {"name": "game", "type": 4, "value": 3}])
            )),
            Command::Forecast {
                game: Some(crate::model::GameId(3)),
                change: ForecastChange::Add(vec![
                    vec!["f5".into(), "Rf1".into()],
                    vec!["e6f6".into(), "Rf1".into()]
                ])
            }
        );
        assert!(
            parse(&data_in(
                FORECAST,
                "add",
                json!([{"name": "moves", "type": 3, "value": "clear"}])
            ))
            .is_err()
        );
        for (sub, change) in [
            ("list", ForecastChange::List),
            ("clear", ForecastChange::Clear),
        ] {
            assert_eq!(
                command_of(data_in(FORECAST, sub, json!([]))),
                Command::Forecast { game: None, change }
            );
        }
        assert_eq!(
            command_of(data_in(
                VACATION,
                "on",
                json!([{"name": "days", "type": 4, "value": 7}])
            )),
            Command::Vacation {
                change: Some(VacationChange::On(Some(7)))
            }
        );
        assert_eq!(
            command_of(data_in(VACATION, "on", json!([]))),
            Command::Vacation {
                change: Some(VacationChange::On(None))
            }
        );
        assert_eq!(
            command_of(data_in(VACATION, "off", json!([]))),
            Command::Vacation {
                change: Some(VacationChange::Off)
            }
        );
        assert_eq!(
            command_of(data_in(VACATION, "status", json!([]))),
            Command::Vacation { change: None }
        );
    }

    /// Discord's `min_value` and `max_value` are kept by its clients only: a request may carry
    /// anything, and what is out of range is refused with the usual answer.
    #[test]
    fn values_out_of_range_are_refused() {
        let refused = |data: CommandData| parse(&data).err().map(|e| e.to_string());
        assert_eq!(
            refused(data(
                "challenge",
                json!([{"name": "computer", "type": 4, "value": 9}])
            )),
            Some(
                "The computer's level is a number from 1 (beginner) to 5 (strongest), not `9`."
                    .into()
            )
        );
        for days in [0, 15, -3, 5_000_000_000_i64] {
            assert_eq!(
                refused(data(
                    "challenge",
                    json!([{"name": "days", "type": 4, "value": days}])
                )),
                Some(format!(
                    "Days per move must be a whole number from 1 to 14, not `{days}`."
                )),
            );
        }
        assert_eq!(
            refused(data(
                "moretime",
                json!([{"name": "days", "type": 4, "value": 100}])
            )),
            Some("Days per move must be a whole number from 1 to 14, not `100`.".into())
        );
        assert_eq!(
            refused(data(
                "board",
                json!([{"name": "game", "type": 4, "value": -1}])
            )),
            Some("`-1` is not a game number; game numbers look like `#12`.".into())
        );
        assert_eq!(
            refused(data(
                "accept",
                json!([{"name": "challenge", "type": 4, "value": 0}])
            )),
            Some("`0` is not a game number; game numbers look like `#12`.".into())
        );
        assert_eq!(
            refused(data_in(
                VACATION,
                "on",
                json!([{"name": "days", "type": 4, "value": 31}])
            )),
            Some("Vacation days must be a whole number from 1 to 30, not `31`.".into())
        );
    }
}
