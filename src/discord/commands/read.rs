//! The slash command's options as Discord sends them back, read into the game's terms: the
//! subcommand and its values become a [`Command`], every value checked as the game's type.

use serenity::all::{CommandData, ResolvedOption, ResolvedValue, Unresolved};

use super::tournament::tournament_command;
use crate::game::command::{
    Answer, CommandError, Opponent, PlayerRef, Setting, VacationChange, challenge_number,
    days_number, forecast_change, game_number, level_number, vacation_days_number,
};
use crate::game::{Actor, Command};
use crate::model::{Days, PlayerId};
use crate::rules::{Color, Square};

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

fn answer(options: &[ResolvedOption<'_>]) -> Option<Answer> {
    match string(options, "answer") {
        Some("accept") => Some(Answer::Accept),
        Some("decline") => Some(Answer::Decline),
        _ => None,
    }
}

/// The refusal of a user option Discord sent without the user (not in `resolved`): only a user
/// Discord vouches for is named.
pub fn unresolved(id: u64) -> CommandError {
    CommandError::UnknownMention(format!("<@{id}>"))
}

/// The subcommand and its options.
pub fn subcommand<'a>(data: &'a CommandData) -> Option<(&'a str, Vec<ResolvedOption<'a>>)> {
    data.options().into_iter().find_map(|o| match o.value {
        ResolvedValue::SubCommand(options) => Some((o.name, options)),
        _ => None,
    })
}

/// The game command a filled-in `/rb` stands for, or what is wrong with it.
///
/// Discord's own limits on an option (`min_value`, `max_value`) are kept by its clients only, so
/// every value is read here as the game's type, and a value out of range is refused.
pub fn parse(data: &CommandData) -> Result<Parsed, CommandError> {
    let group = data.options().into_iter().find_map(|o| match o.value {
        ResolvedValue::SubCommandGroup(subs) if o.name == "tournament" => Some(subs),
        _ => None,
    });
    if let Some(subs) = group {
        let Some((name, o)) = subs.into_iter().find_map(|o| match o.value {
            ResolvedValue::SubCommand(options) => Some((o.name, options)),
            _ => None,
        }) else {
            return Err(CommandError::NoSubcommand);
        };
        let mut mentioned = Vec::new();
        let command = tournament_command(name, &o, &mut mentioned)?;
        return Ok(Parsed { command, mentioned });
    }
    let Some((name, o)) = subcommand(data) else {
        return Err(CommandError::NoSubcommand);
    };
    let game = int(&o, "game").map(game_number).transpose()?;
    let challenge = int(&o, "challenge").map(challenge_number).transpose()?;
    let mut mentioned = Vec::new();
    let command = match name {
        "help" => Command::Help {
            topic: string(&o, "command").map(str::to_string),
        },
        "rules" => Command::Rules,
        "challenge" => {
            let opponent = match o.iter().find(|o| o.name == "opponent").map(|o| &o.value) {
                Some(ResolvedValue::User(user, member)) => {
                    let name = member
                        .and_then(|m| m.nick.clone())
                        .or_else(|| user.global_name.clone())
                        .unwrap_or_else(|| user.name.clone());
                    if user.bot {
                        return Err(CommandError::BotOpponent(name));
                    }
                    mentioned.push(Actor {
                        id: PlayerId(user.id.get()),
                        name,
                    });
                    Opponent::Player(PlayerRef::Id(user.id.get()))
                }
                // Discord left the user out of `resolved`: nobody it vouches for.
                Some(ResolvedValue::Unresolved(Unresolved::User(id))) => {
                    return Err(unresolved(id.get()));
                }
                _ => Opponent::Open,
            };
            let opponent = match (int(&o, "computer"), opponent) {
                (None, opponent) => opponent,
                (Some(level), Opponent::Open) => Opponent::Computer {
                    level: level_number(level)?,
                },
                (Some(_), _) => return Err(CommandError::TwoOpponents),
            };
            let colour = match string(&o, "colour") {
                Some("white") => Some(Color::White),
                Some("black") => Some(Color::Black),
                _ => None,
            };
            let days = match int(&o, "days") {
                Some(days) => days_number(days)?,
                None => Days::DEFAULT,
            };
            Command::Challenge {
                opponent,
                colour,
                days,
                rated: !boolean(&o, "casual").unwrap_or(false),
            }
        }
        "accept" => Command::Accept { challenge },
        "decline" => Command::Decline { challenge },
        "cancel" => Command::Cancel { challenge },
        "move" => Command::Move {
            game,
            text: string(&o, "move").unwrap_or_default().trim().to_string(),
        },
        "board" => Command::Board { game },
        "moves" => {
            let square = match string(&o, "square") {
                Some(s) => Some(
                    s.trim()
                        .to_ascii_lowercase()
                        .parse::<Square>()
                        .map_err(|_| CommandError::Square(s.to_string()))?,
                ),
                None => None,
            };
            Command::Moves { game, square }
        }
        "history" => Command::History { game },
        "games" => Command::Games,
        "forecast" => Command::Forecast {
            game,
            change: forecast_change(string(&o, "moves").unwrap_or_default()),
        },
        "vacation" => {
            let days = int(&o, "days").map(vacation_days_number).transpose()?;
            Command::Vacation {
                change: match (string(&o, "set"), days) {
                    (Some("off"), _) => Some(VacationChange::Off),
                    (Some("on"), days) | (None, days @ Some(_)) => Some(VacationChange::On(days)),
                    _ => None,
                },
            }
        }
        "export" => Command::Export { game },
        "analysis" => Command::Analysis { game },
        "resign" => Command::Resign {
            game,
            confirmed: false,
        },
        "draw" => Command::Draw {
            game,
            answer: answer(&o),
        },
        "takeback" => Command::Takeback {
            game,
            answer: answer(&o),
        },
        "abort" => Command::Abort { game },
        "moretime" => Command::MoreTime {
            game,
            days: days_number(int(&o, "days").unwrap_or(1))?,
        },
        "rematch" => Command::Rematch { game },
        "leaderboard" => Command::Leaderboard,
        "stats" => Command::Stats {
            player: match o.iter().find(|o| o.name == "player").map(|o| &o.value) {
                Some(ResolvedValue::User(user, _)) => Some(PlayerRef::Id(user.id.get())),
                Some(ResolvedValue::Unresolved(Unresolved::User(id))) => {
                    return Err(unresolved(id.get()));
                }
                _ => None,
            },
        },
        "settings" => {
            let change = match (
                string(&o, "language"),
                boolean(&o, "pings"),
                boolean(&o, "dm"),
            ) {
                (Some(language), None, None) => {
                    Some(Setting::Language(language.trim().to_string()))
                }
                (None, Some(on), None) => Some(Setting::Pings(on)),
                (None, None, Some(on)) => Some(Setting::DirectMessages(on)),
                (None, None, None) => None,
                _ => return Err(CommandError::TwoSettings),
            };
            Command::Settings { change }
        }
        other => return Err(CommandError::UnknownSubcommand(other.to_string())),
    };
    Ok(Parsed { command, mentioned })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use serde_json::json;

    /// User 8, as Discord resolves a user option.
    pub(in crate::discord) fn resolved() -> serde_json::Value {
        json!({"users": {"8": {"id": "8", "username": "bob", "discriminator": "0",
                               "avatar": null, "global_name": "Bob"}}})
    }

    fn data(subcommand: &str, options: serde_json::Value) -> CommandData {
        serde_json::from_value(json!({"id": "1", "name": "rb", "type": 1,
            "options": [{"name": subcommand, "type": 1, "options": options}],
            "resolved": resolved()}))
        .expect("command data")
    }

    /// A user option whose user Discord did not resolve names nobody: refused, saying so.
    #[test]
    fn unresolved_users_are_refused() {
        let bare = |subcommand: &str, name: &str| -> CommandData {
            serde_json::from_value(json!({"id": "1", "name": "rb", "type": 1,
                "options": [{"name": subcommand, "type": 1,
                             "options": [{"name": name, "type": 6, "value": "9"}]}]}))
            .expect("command data")
        };
        for (subcommand, option) in [("challenge", "opponent"), ("stats", "player")] {
            assert_eq!(
                parse(&bare(subcommand, option)).err(),
                Some(CommandError::UnknownMention("<@9>".into())),
                "{subcommand}"
            );
        }
        assert_eq!(
            CommandError::UnknownMention("<@9>".into()).to_string(),
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
        let parsed = parse(&data(
            "challenge",
            json!([{"name": "computer", "type": 4, "value": 2}]),
        ))
        .unwrap();
        assert!(matches!(
            parsed.command,
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
        let parsed = parse(&data(
            "move",
            json!([{"name": "move", "type": 3, "value": " Rb7 "},
                   {"name": "game", "type": 4, "value": 12}]),
        ))
        .unwrap();
        assert_eq!(
            parsed.command,
            Command::Move {
                game: Some(crate::model::GameId(12)),
                text: "Rb7".into()
            }
        );
        let parsed = parse(&data(
            "draw",
            json!([{"name": "answer", "type": 3, "value": "accept"}]),
        ))
        .unwrap();
        assert_eq!(
            parsed.command,
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
        assert_eq!(
            parse(&data("leaderboard", json!([]))).unwrap().command,
            Command::Leaderboard
        );
        assert_eq!(
            parse(&data("stats", json!([]))).unwrap().command,
            Command::Stats { player: None }
        );
        assert_eq!(
            parse(&data(
                "stats",
                json!([{"name": "player", "type": 6, "value": "8"}])
            ))
            .unwrap()
            .command,
            Command::Stats {
                player: Some(PlayerRef::Id(8))
            }
        );
        assert!(
            parse(&data(
                "settings",
                json!([{"name": "language", "type": 3, "value": "en"},
                       {"name": "pings", "type": 5, "value": false}])
            ))
            .is_err()
        );
    }

    #[test]
    fn forecast_and_vacation_read_their_options() {
        let command =
            |sub: &str, options: serde_json::Value| parse(&data(sub, options)).unwrap().command;
        assert_eq!(
            command(
                "forecast",
                json!([{"name": "moves", "type": 3, "value": "f5 Rf1; e6f6 Rf1"},
                       {"name": "game", "type": 4, "value": 3}])
            ),
            Command::Forecast {
                game: Some(crate::model::GameId(3)),
                change: crate::game::command::ForecastChange::Add(vec![
                    vec!["f5".into(), "Rf1".into()],
                    vec!["e6f6".into(), "Rf1".into()]
                ])
            }
        );
        assert_eq!(
            command("forecast", json!([])),
            Command::Forecast {
                game: None,
                change: crate::game::command::ForecastChange::List
            }
        );
        assert_eq!(
            command(
                "vacation",
                json!([{"name": "set", "type": 3, "value": "on"},
                       {"name": "days", "type": 4, "value": 7}])
            ),
            Command::Vacation {
                change: Some(VacationChange::On(Some(7)))
            }
        );
        assert_eq!(
            command(
                "vacation",
                json!([{"name": "set", "type": 3, "value": "off"}])
            ),
            Command::Vacation {
                change: Some(VacationChange::Off)
            }
        );
        assert_eq!(
            command("vacation", json!([])),
            Command::Vacation { change: None }
        );
    }

    /// Discord's `min_value` and `max_value` are kept by its clients only: a request may carry
    /// anything, and what is out of range is refused with the usual answer.
    #[test]
    fn values_out_of_range_are_refused() {
        let refused = |sub: &str, options: serde_json::Value| {
            parse(&data(sub, options)).err().map(|e| e.to_string())
        };
        assert_eq!(
            refused(
                "challenge",
                json!([{"name": "computer", "type": 4, "value": 9}])
            ),
            Some(
                "The computer's level is a number from 1 (beginner) to 5 (strongest), not `9`."
                    .into()
            )
        );
        for days in [0, 15, -3, 5_000_000_000_i64] {
            assert_eq!(
                refused(
                    "challenge",
                    json!([{"name": "days", "type": 4, "value": days}])
                ),
                Some(format!(
                    "Days per move must be a whole number from 1 to 14, not `{days}`."
                )),
            );
        }
        assert_eq!(
            refused(
                "moretime",
                json!([{"name": "days", "type": 4, "value": 100}])
            ),
            Some("Days per move must be a whole number from 1 to 14, not `100`.".into())
        );
        assert_eq!(
            refused("board", json!([{"name": "game", "type": 4, "value": -1}])),
            Some("`-1` is not a game number; game numbers look like `#12`.".into())
        );
        assert_eq!(
            refused(
                "accept",
                json!([{"name": "challenge", "type": 4, "value": 0}])
            ),
            Some("`0` is not a game number; game numbers look like `#12`.".into())
        );
        assert_eq!(
            refused(
                "vacation",
                json!([{"name": "days", "type": 4, "value": 31}])
            ),
            Some("Vacation days must be a whole number from 1 to 30, not `31`.".into())
        );
    }
}
