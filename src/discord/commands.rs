//! The `/rb` slash command: its subcommands (one per game command, described from the game's
//! own help) and the way a filled-in subcommand becomes a [`Command`].

use serenity::all::{
    CommandData, CommandOptionType, CreateCommand, CreateCommandOption, ResolvedOption,
    ResolvedValue, Unresolved,
};

use crate::game::command::{
    Answer, DEFAULT_COMPUTER_LEVEL, DEFAULT_DAYS, HELP, MAX_DAYS, MIN_DAYS, Opponent, PlayerRef,
    Setting,
};
use crate::game::{Actor, Command};
use crate::rules::{Color, Square};
use crate::store::PlayerId;

/// The slash command's name.
pub const NAME: &str = "rb";

/// Discord's limit on a description.
const DESCRIPTION_MAX: usize = 100;

fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// The description of a subcommand: the first sentence of its help, within Discord's limit.
fn summary(name: &str) -> String {
    let entry = HELP.iter().find(|e| e.name == name);
    let text = entry.map_or("", |e| e.summary);
    let first = match text.find(". ") {
        Some(end) => &text[..=end],
        None => text,
    };
    clip(first, DESCRIPTION_MAX)
}

fn option(kind: CommandOptionType, name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(kind, name, clip(description, DESCRIPTION_MAX))
}

fn game_option() -> CreateCommandOption {
    option(
        CommandOptionType::Integer,
        "game",
        "The game's number, when you play more than one here",
    )
    .min_int_value(1)
}

fn challenge_option(what: &str) -> CreateCommandOption {
    option(
        CommandOptionType::Integer,
        "challenge",
        &format!("The challenge's number, when several could be {what}"),
    )
    .min_int_value(1)
}

fn answer_option() -> CreateCommandOption {
    option(
        CommandOptionType::String,
        "answer",
        "Answer your opponent's offer (leave out to make an offer)",
    )
    .add_string_choice("accept", "accept")
    .add_string_choice("decline", "decline")
}

fn sub(name: &str, options: Vec<CreateCommandOption>) -> CreateCommandOption {
    let mut s = option(CommandOptionType::SubCommand, name, &summary(name));
    for o in options {
        s = s.add_sub_option(o);
    }
    s
}

/// The `/rb` command with every subcommand, as registered with Discord.
pub fn definition() -> CreateCommand {
    let help_topics = {
        let mut o = option(
            CommandOptionType::String,
            "command",
            "The command to explain",
        );
        for e in HELP {
            o = o.add_string_choice(e.name, e.name);
        }
        o
    };
    let subcommands = vec![
        sub(
            "challenge",
            vec![
                option(
                    CommandOptionType::User,
                    "opponent",
                    "Whom to challenge (leave out: anyone here may accept)",
                ),
                option(
                    CommandOptionType::Integer,
                    "computer",
                    "Play the computer instead, at this level: 1 (beginner) to 5 (strongest)",
                )
                .min_int_value(1)
                .max_int_value(5),
                option(CommandOptionType::String, "colour", "Your colour")
                    .add_string_choice("white", "white")
                    .add_string_choice("black", "black")
                    .add_string_choice("random", "random"),
                option(
                    CommandOptionType::Integer,
                    "days",
                    &format!("Days per move, {MIN_DAYS}–{MAX_DAYS} (default {DEFAULT_DAYS})"),
                )
                .min_int_value(MIN_DAYS.into())
                .max_int_value(MAX_DAYS.into()),
                option(
                    CommandOptionType::Boolean,
                    "casual",
                    "A casual game does not change ratings",
                ),
            ],
        ),
        sub("accept", vec![challenge_option("accepted")]),
        sub("decline", vec![challenge_option("declined")]),
        sub("cancel", vec![challenge_option("cancelled")]),
        sub(
            "move",
            vec![
                option(
                    CommandOptionType::String,
                    "move",
                    "Your move, such as Rb7, cxb2 or c2-b3",
                )
                .required(true)
                .set_autocomplete(true)
                .max_length(20),
                game_option(),
            ],
        ),
        sub("board", vec![game_option()]),
        sub(
            "moves",
            vec![
                game_option(),
                option(
                    CommandOptionType::String,
                    "square",
                    "Only the moves of the piece on this square, such as e1",
                )
                .max_length(3),
            ],
        ),
        sub("history", vec![game_option()]),
        sub("games", vec![]),
        sub(
            "game",
            vec![
                option(CommandOptionType::Integer, "game", "The game's number")
                    .required(true)
                    .min_int_value(1),
            ],
        ),
        sub("export", vec![game_option()]),
        sub("resign", vec![game_option()]),
        sub("draw", vec![answer_option(), game_option()]),
        sub("takeback", vec![answer_option(), game_option()]),
        sub("abort", vec![game_option()]),
        sub(
            "moretime",
            vec![
                option(
                    CommandOptionType::Integer,
                    "days",
                    "How many days to give your opponent",
                )
                .required(true)
                .min_int_value(1)
                .max_int_value(MAX_DAYS.into()),
                game_option(),
            ],
        ),
        sub("rematch", vec![game_option()]),
        sub("leaderboard", vec![]),
        sub(
            "stats",
            vec![option(
                CommandOptionType::User,
                "player",
                "Whose ratings and record (leave out: yours)",
            )],
        ),
        sub("rules", vec![]),
        sub(
            "settings",
            vec![
                option(
                    CommandOptionType::String,
                    "language",
                    "The language of my replies, such as en",
                )
                .max_length(10),
                option(
                    CommandOptionType::Boolean,
                    "pings",
                    "Whether I mention you when it is your turn",
                ),
            ],
        ),
        sub("help", vec![help_topics]),
    ];
    let mut command = CreateCommand::new(NAME).description("Play correspondence Rollerball");
    for s in subcommands {
        command = command.add_option(s);
    }
    command
}

/// A slash command turned into the game's terms.
pub struct Parsed {
    pub command: Command,
    /// The users the command names, with the names Discord shows for them.
    pub mentioned: Vec<Actor>,
}

fn int(options: &[ResolvedOption<'_>], name: &str) -> Option<i64> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            ResolvedValue::Integer(n) => Some(n),
            _ => None,
        })
}

fn string<'a>(options: &'a [ResolvedOption<'a>], name: &str) -> Option<&'a str> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            ResolvedValue::String(s) => Some(s),
            ResolvedValue::Autocomplete { value, .. } => Some(value),
            _ => None,
        })
}

fn boolean(options: &[ResolvedOption<'_>], name: &str) -> Option<bool> {
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

/// The subcommand and its options.
pub fn subcommand<'a>(data: &'a CommandData) -> Option<(&'a str, Vec<ResolvedOption<'a>>)> {
    data.options().into_iter().find_map(|o| match o.value {
        ResolvedValue::SubCommand(options) => Some((o.name, options)),
        _ => None,
    })
}

/// The game command a filled-in `/rb` stands for, or what is wrong with it.
pub fn parse(data: &CommandData) -> Result<Parsed, String> {
    let Some((name, o)) = subcommand(data) else {
        return Err("Pick one of the `/rb` subcommands, such as `/rb help`.".into());
    };
    let game = int(&o, "game");
    let challenge = int(&o, "challenge");
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
                    mentioned.push(Actor {
                        id: PlayerId(user.id.get()),
                        name,
                    });
                    Opponent::Player(PlayerRef::Id(user.id.get()))
                }
                // Discord left the user out of `resolved`: the id still says who is meant.
                Some(ResolvedValue::Unresolved(Unresolved::User(id))) => {
                    Opponent::Player(PlayerRef::Id(id.get()))
                }
                _ => Opponent::Open,
            };
            let opponent = match (int(&o, "computer"), opponent) {
                (None, opponent) => opponent,
                (Some(level), Opponent::Open) => Opponent::Computer {
                    level: u8::try_from(level).unwrap_or(DEFAULT_COMPUTER_LEVEL),
                },
                (Some(_), _) => {
                    return Err("Name a player or the computer as your opponent, not both.".into());
                }
            };
            let colour = match string(&o, "colour") {
                Some("white") => Some(Color::White),
                Some("black") => Some(Color::Black),
                _ => None,
            };
            let days = int(&o, "days").unwrap_or(DEFAULT_DAYS.into());
            let days = u32::try_from(days)
                .ok()
                .filter(|d| (MIN_DAYS..=MAX_DAYS).contains(d))
                .ok_or_else(|| {
                    format!("Days per move must be from {MIN_DAYS} to {MAX_DAYS}, not {days}.")
                })?;
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
                        .map_err(|_| format!("`{s}` is not a square; squares look like `e1`."))?,
                ),
                None => None,
            };
            Command::Moves { game, square }
        }
        "history" => Command::History { game },
        "games" => Command::Games,
        "game" => Command::Game {
            game: game.unwrap_or(0),
        },
        "export" => Command::Export { game },
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
            days: u32::try_from(int(&o, "days").unwrap_or(1)).unwrap_or(1),
        },
        "rematch" => Command::Rematch { game },
        "leaderboard" => Command::Leaderboard,
        "stats" => Command::Stats {
            player: match o.iter().find(|o| o.name == "player").map(|o| &o.value) {
                Some(ResolvedValue::User(user, _)) => Some(PlayerRef::Id(user.id.get())),
                Some(ResolvedValue::Unresolved(Unresolved::User(id))) => {
                    Some(PlayerRef::Id(id.get()))
                }
                _ => None,
            },
        },
        "settings" => {
            let change = match (string(&o, "language"), boolean(&o, "pings")) {
                (Some(_), Some(_)) => {
                    return Err("Change one setting at a time: language, or pings.".into());
                }
                (Some(language), None) => Some(Setting::Language(language.trim().to_string())),
                (None, Some(on)) => Some(Setting::Pings(on)),
                (None, None) => None,
            };
            Command::Settings { change }
        }
        other => return Err(format!("I don't know `/rb {other}`; try `/rb help`.")),
    };
    Ok(Parsed { command, mentioned })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn data(subcommand: &str, options: serde_json::Value) -> CommandData {
        serde_json::from_value(json!({"id": "1", "name": "rb", "type": 1,
            "options": [{"name": subcommand, "type": 1, "options": options}]}))
        .expect("command data")
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
                days: 5,
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
                opponent: Opponent::Computer { level: 2 },
                ..
            }
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
                game: Some(12),
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
    fn every_help_entry_is_a_subcommand_within_discord_limits() {
        let json = serde_json::to_value(definition()).expect("serialises");
        let subs = json["options"].as_array().expect("subcommands");
        assert!(subs.len() <= 25);
        for e in HELP {
            assert!(
                subs.iter().any(|s| s["name"] == e.name),
                "no subcommand {}",
                e.name
            );
        }
        for s in subs {
            let d = s["description"].as_str().unwrap();
            assert!(!d.is_empty() && d.chars().count() <= 100, "{d}");
            let mut seen_optional = false;
            for o in s["options"].as_array().into_iter().flatten() {
                let required = o["required"].as_bool().unwrap_or(false);
                assert!(
                    !(required && seen_optional),
                    "required after optional in {s}"
                );
                seen_optional |= !required;
                assert!(o["description"].as_str().unwrap().chars().count() <= 100);
            }
        }
    }
}
