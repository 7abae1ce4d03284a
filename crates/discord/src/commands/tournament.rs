//! The `/rb-tournament …` command: its subcommands, described in every language, and the way a
//! filled-in one becomes a [`Command`] — the same as the text command `tournament …`.

use serenity::all::{CommandOptionType, CreateCommand, ResolvedOption, ResolvedValue, Unresolved};

use super::read::{boolean, int, string};
use super::{TOURNAMENT, command, family_sub, option};
use crate::game::command::{
    CommandError, MAX_PLAYERS, MIN_PLAYERS, NAME_MAX, PlayerRef, TournamentCommand, TournamentName,
    days_number, max_players_number, tournament_number,
};
use crate::game::i18n::Args;
use crate::game::{Actor, Command};
use crate::model::Days;
use crate::unread::Unread;

/// The `/rb-tournament …` command: one subcommand per tournament command, and `list` for
/// `tournaments`.
pub(super) fn definition() -> CreateCommand {
    let none = Args::new();
    let mut days = Args::new();
    days.set("min", Days::MIN.get());
    days.set("max", Days::MAX.get());
    days.set("default", Days::DEFAULT.get());
    let days = &days;
    let group_sub = |name: &str, options| family_sub("tournament", name, options);
    let number = || {
        option(
            CommandOptionType::Integer,
            "slash-option-tournament",
            "slash-option-tournament.description",
            &none,
        )
        .min_int_value(1)
    };
    let subs = vec![
        group_sub(
            "create",
            vec![
                option(
                    CommandOptionType::String,
                    "slash-option-name",
                    "slash-option-name.description",
                    &none,
                )
                .required(true)
                .max_length(NAME_MAX as u16),
                option(
                    CommandOptionType::Integer,
                    "slash-option-days",
                    "slash-option-days.description",
                    days,
                )
                .min_int_value(Days::MIN.get().into())
                .max_int_value(Days::MAX.get().into()),
                option(
                    CommandOptionType::Boolean,
                    "slash-option-double",
                    "slash-option-double.description",
                    &none,
                ),
                option(
                    CommandOptionType::Boolean,
                    "slash-option-casual",
                    "slash-option-casual.description",
                    &none,
                ),
                option(
                    CommandOptionType::Integer,
                    "slash-option-max",
                    "slash-option-max.description",
                    &none,
                )
                .min_int_value(MIN_PLAYERS.into())
                .max_int_value(MAX_PLAYERS.into()),
            ],
        ),
        group_sub("join", vec![number()]),
        group_sub("leave", vec![number()]),
        group_sub("start", vec![number()]),
        group_sub("cancel", vec![number()]),
        group_sub(
            "withdraw",
            vec![
                option(
                    CommandOptionType::User,
                    "slash-option-entrant",
                    "slash-option-entrant.description",
                    &none,
                )
                .required(true),
                number(),
            ],
        ),
        group_sub("standings", vec![number()]),
        group_sub("table", vec![number()]),
        group_sub("list", vec![]),
    ];
    command(
        TOURNAMENT,
        Some("slash-command-tournament"),
        "slash-tournament",
        subs,
    )
}

/// The `/rb-tournament …` subcommand filled in, in the game's terms.
pub(super) fn tournament_command(
    name: &str,
    o: &[ResolvedOption<'_>],
    mentioned: &mut Vec<Actor>,
) -> Result<Command, CommandError> {
    let tournament = int(o, "tournament").map(tournament_number).transpose()?;
    Ok(Command::Tournament(match name {
        "create" => {
            let typed = string(o, "name").unwrap_or_default();
            TournamentCommand::Create {
                name: TournamentName::parse(typed)?,
                days: match int(o, "days") {
                    Some(days) => days_number(days)?,
                    None => Days::DEFAULT,
                },
                double: boolean(o, "double").unwrap_or(false),
                rated: !boolean(o, "casual").unwrap_or(false),
                max: int(o, "max").map(max_players_number).transpose()?,
            }
        }
        "join" => TournamentCommand::Join { tournament },
        "leave" => TournamentCommand::Leave { tournament },
        "start" => TournamentCommand::Start { tournament },
        "cancel" => TournamentCommand::Cancel { tournament },
        "withdraw" => {
            let player = match o.iter().find(|o| o.name == "player").map(|o| &o.value) {
                Some(ResolvedValue::User(user, member)) => {
                    mentioned.push(super::read::actor_of(user, *member));
                    PlayerRef::Id(user.id.get())
                }
                Some(ResolvedValue::Unresolved(Unresolved::User(id))) => {
                    return Err(super::read::unresolved(id.get()));
                }
                _ => {
                    return Err(CommandError::Missing {
                        command: "tournament",
                        what: crate::game::Needed::Player,
                        usage: "tournament withdraw [#T] @player",
                    });
                }
            };
            TournamentCommand::Withdraw { tournament, player }
        }
        "standings" => TournamentCommand::Standings { tournament },
        "table" => TournamentCommand::Table { tournament },
        "list" => return Ok(Command::Tournaments),
        other => {
            return Err(CommandError::from(Unread::UnknownSubcommand(format!(
                "{TOURNAMENT} {other}"
            ))));
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{HELP, help_choices, parse};
    use super::*;
    use serde_json::json;
    use serenity::all::CommandData;

    fn group(sub: &str, options: serde_json::Value) -> CommandData {
        super::super::read::tests::data_in(TOURNAMENT, sub, options)
    }

    #[test]
    fn the_tournament_group_reads_as_the_text_commands() {
        use crate::model::TournamentId;
        assert_eq!(
            parse(&group(
                "create",
                json!([{"name": "name", "type": 3, "value": " Spring  Open "},
                       {"name": "double", "type": 5, "value": true},
                       {"name": "max", "type": 4, "value": 6}])
            ))
            .unwrap()
            .command,
            Command::Tournament(TournamentCommand::Create {
                name: TournamentName::new("Spring Open").unwrap(),
                days: Days::DEFAULT,
                double: true,
                rated: true,
                max: crate::game::command::MaxPlayers::new(6),
            })
        );
        assert_eq!(
            parse(&group(
                "join",
                json!([{"name": "tournament", "type": 4, "value": 2}])
            ))
            .unwrap()
            .command,
            Command::Tournament(TournamentCommand::Join {
                tournament: Some(TournamentId(2))
            })
        );
        let withdraw = parse(&group(
            "withdraw",
            json!([{"name": "player", "type": 6, "value": "8"}]),
        ))
        .unwrap();
        assert_eq!(
            withdraw.command,
            Command::Tournament(TournamentCommand::Withdraw {
                tournament: None,
                player: PlayerRef::Id(8)
            })
        );
        assert_eq!(
            parse(&group("standings", json!([]))).unwrap().command,
            Command::Tournament(TournamentCommand::Standings { tournament: None })
        );
        assert_eq!(
            parse(&group("table", json!([]))).unwrap().command,
            Command::Tournament(TournamentCommand::Table { tournament: None })
        );
        assert_eq!(
            parse(&group("list", json!([]))).unwrap().command,
            Command::Tournaments
        );
        let refused = |sub: &str, options: serde_json::Value| {
            parse(&group(sub, options)).err().map(|e| e.to_string())
        };
        assert_eq!(
            refused("create", json!([{"name": "name", "type": 3, "value": "<@1>"}])),
            Some("`<@1>` is not a tournament name: use 1 to 32 letters, digits, spaces or plain punctuation, in quotes if it holds an option word (`\"Double Trouble\"`).".into())
        );
        assert_eq!(
            refused(
                "create",
                json!([{"name": "name", "type": 3, "value": "X"},
                       {"name": "max", "type": 4, "value": 2}])
            ),
            Some("A tournament takes 3 to 12 players: `max 2` is out of range.".into())
        );
        assert_eq!(
            refused(
                "start",
                json!([{"name": "tournament", "type": 4, "value": 0}])
            ),
            Some("`0` is not a tournament number; tournament numbers look like `#2`.".into())
        );
        assert_eq!(help_choices("tour"), ["tournament", "tournaments"]);
        assert_eq!(
            help_choices("ame"),
            ["games", "game", "tournament", "tournaments"]
        );
        assert_eq!(help_choices("").len(), HELP.len());
    }
}
