//! `/rb`: the verbs of playing a game, one word away — challenging and answering a challenge,
//! moving, looking at the board and the moves, the offers and the endings — and the way a
//! filled-in one becomes the same [`Command`] as its text command.

use serenity::all::{CommandOptionType, CreateCommand, ResolvedOption, ResolvedValue, Unresolved};

use super::read::{answer, boolean, int, string, unresolved};
use super::{NAME, choice, command, game_option, option, sub};
use crate::game::command::{
    CommandError, Opponent, PlayerRef, challenge_number, days_number, game_number, level_number,
};
use crate::game::i18n::Args;
use crate::game::{Actor, Command};
use crate::model::{Days, PlayerId};
use crate::rules::{Color, Square};
use crate::unread::Unread;

/// The challenge number of `accept`, `decline` or `cancel` (the `verb`).
fn challenge_option(verb: &str) -> serenity::all::CreateCommandOption {
    option(
        CommandOptionType::Integer,
        "slash-option-challenge",
        &format!("slash-option-challenge.{verb}"),
        &Args::new(),
    )
    .min_int_value(1)
}

fn answer_option() -> serenity::all::CreateCommandOption {
    let o = option(
        CommandOptionType::String,
        "slash-option-answer",
        "slash-option-answer.description",
        &Args::new(),
    );
    choice(choice(o, "accept"), "decline")
}

/// The `/rb` command, as registered with Discord.
pub(super) fn definition() -> CreateCommand {
    let none = Args::new();
    let mut days = Args::new();
    days.set("min", Days::MIN.get());
    days.set("max", Days::MAX.get());
    days.set("default", Days::DEFAULT.get());
    let colour = option(
        CommandOptionType::String,
        "slash-option-colour",
        "slash-option-colour.description",
        &none,
    );
    let subcommands = vec![
        sub(
            "challenge",
            vec![
                option(
                    CommandOptionType::User,
                    "slash-option-opponent",
                    "slash-option-opponent.description",
                    &none,
                ),
                option(
                    CommandOptionType::Integer,
                    "slash-option-computer",
                    "slash-option-computer.description",
                    &none,
                )
                .min_int_value(1)
                .max_int_value(5),
                choice(choice(choice(colour, "white"), "black"), "random"),
                option(
                    CommandOptionType::Integer,
                    "slash-option-days",
                    "slash-option-days.description",
                    &days,
                )
                .min_int_value(Days::MIN.get().into())
                .max_int_value(Days::MAX.get().into()),
                option(
                    CommandOptionType::Boolean,
                    "slash-option-casual",
                    "slash-option-casual.description",
                    &none,
                ),
            ],
        ),
        sub("accept", vec![challenge_option("accept")]),
        sub("decline", vec![challenge_option("decline")]),
        sub("cancel", vec![challenge_option("cancel")]),
        sub(
            "move",
            vec![
                option(
                    CommandOptionType::String,
                    "slash-option-move",
                    "slash-option-move.description",
                    &none,
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
                    "slash-option-square",
                    "slash-option-square.description",
                    &none,
                )
                .max_length(3),
            ],
        ),
        sub("history", vec![game_option()]),
        sub("games", vec![]),
        sub(
            "web",
            vec![
                game_option(),
                option(
                    CommandOptionType::Boolean,
                    "slash-option-revoke",
                    "slash-option-revoke.description",
                    &none,
                ),
            ],
        ),
        sub("resign", vec![game_option()]),
        sub("draw", vec![answer_option(), game_option()]),
        sub("takeback", vec![answer_option(), game_option()]),
        sub("abort", vec![game_option()]),
        sub(
            "moretime",
            vec![
                option(
                    CommandOptionType::Integer,
                    "slash-option-days",
                    "slash-option-days.moretime",
                    &none,
                )
                .required(true)
                .min_int_value(1)
                .max_int_value(Days::MAX.get().into()),
                game_option(),
            ],
        ),
        sub("rematch", vec![game_option()]),
    ];
    command(NAME, None, "slash-rb", subcommands)
}

/// The opponent of `/rb challenge`: the user Discord resolved (whose name is then known), or
/// anyone here.
fn opponent(
    o: &[ResolvedOption<'_>],
    mentioned: &mut Vec<Actor>,
) -> Result<Opponent, CommandError> {
    match o.iter().find(|o| o.name == "opponent").map(|o| &o.value) {
        Some(ResolvedValue::User(user, member)) => {
            let name = crate::places::display_name(user, member.and_then(|m| m.nick.as_deref()));
            if user.bot {
                return Err(CommandError::from(Unread::BotOpponent(name)));
            }
            mentioned.push(Actor {
                id: PlayerId(user.id.get()),
                name,
            });
            Ok(Opponent::Player(PlayerRef::Id(user.id.get())))
        }
        // Discord left the user out of `resolved`: nobody it vouches for.
        Some(ResolvedValue::Unresolved(Unresolved::User(id))) => Err(unresolved(id.get())),
        _ => Ok(Opponent::Open),
    }
}

/// The `/rb` subcommand `name` filled in with `o`, in the game's terms.
pub(super) fn play_command(
    name: &str,
    o: &[ResolvedOption<'_>],
    mentioned: &mut Vec<Actor>,
) -> Result<Command, CommandError> {
    let game = int(o, "game").map(game_number).transpose()?;
    let challenge = int(o, "challenge").map(challenge_number).transpose()?;
    Ok(match name {
        "challenge" => {
            let opponent = match (int(o, "computer"), opponent(o, mentioned)?) {
                (None, opponent) => opponent,
                (Some(level), Opponent::Open) => Opponent::Computer {
                    level: level_number(level)?,
                },
                (Some(_), _) => return Err(CommandError::from(Unread::TwoOpponents)),
            };
            let colour = match string(o, "colour") {
                Some("white") => Some(Color::White),
                Some("black") => Some(Color::Black),
                _ => None,
            };
            let days = match int(o, "days") {
                Some(days) => days_number(days)?,
                None => Days::DEFAULT,
            };
            Command::Challenge {
                opponent,
                colour,
                days,
                rated: !boolean(o, "casual").unwrap_or(false),
            }
        }
        "accept" => Command::Accept { challenge },
        "decline" => Command::Decline { challenge },
        "cancel" => Command::Cancel { challenge },
        "move" => Command::Move {
            game,
            text: string(o, "move").unwrap_or_default().trim().to_string(),
        },
        "board" => Command::Board { game },
        "moves" => {
            let square = match string(o, "square") {
                Some(s) => Some(
                    s.trim()
                        .to_ascii_lowercase()
                        .parse::<Square>()
                        .map_err(|_| CommandError::from(Unread::Square(s.to_string())))?,
                ),
                None => None,
            };
            Command::Moves { game, square }
        }
        "history" => Command::History { game },
        "games" => Command::Games,
        "web" if boolean(o, "revoke") == Some(true) => Command::WebRevoke,
        "web" => Command::Web { game },
        "resign" => Command::Resign {
            game,
            confirmed: false,
        },
        "draw" => Command::Draw {
            game,
            answer: answer(o),
        },
        "takeback" => Command::Takeback {
            game,
            answer: answer(o),
        },
        "abort" => Command::Abort { game },
        "moretime" => Command::MoreTime {
            game,
            days: days_number(int(o, "days").unwrap_or(1))?,
        },
        "rematch" => Command::Rematch { game },
        other => {
            return Err(CommandError::from(Unread::UnknownSubcommand(format!(
                "{NAME} {other}"
            ))));
        }
    })
}
