//! The `/rb` slash command: its subcommands (one per game command, described from the game's
//! own help) in every language, and how the bot's commands are registered (for server and user
//! installs alike). Reading a filled-in subcommand back is `read.rs`'s job.

use serenity::all::{
    CommandOptionType, CreateCommand, CreateCommandOption, InstallationContext, InteractionContext,
};

use crate::game::command::{HELP, MAX_LINE};
use crate::game::i18n::{Args, Lang};
use crate::model::Days;
use crate::store::VACATION_DAYS_PER_YEAR;

mod read;
mod tournament;
pub use read::{Parsed, parse, subcommand, unresolved};
use tournament::tournament_group;

/// The slash command's name.
pub const NAME: &str = "rb";

/// Discord's limit on a description.
const DESCRIPTION_MAX: usize = 100;

/// The Discord locales each of the bot's other languages is offered under; English is what
/// every other locale sees.
pub(super) const LOCALES: &[(&str, Lang)] = &[
    ("fr", Lang::Fr),
    ("es-ES", Lang::Es),
    ("es-419", Lang::Es),
    ("ru", Lang::Ru),
];

fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// A description in `lang`: message `id`, within Discord's limit.
fn describe(lang: Lang, id: &str, args: &Args) -> String {
    clip(&lang.text(id, args), DESCRIPTION_MAX)
}

/// The description of a subcommand in `lang`: the first sentence of its help.
fn summary(lang: Lang, name: &str) -> String {
    let text = HELP
        .iter()
        .find(|e| e.name == name)
        .map(|e| e.summary(lang))
        .unwrap_or_default();
    let first = match text.find(". ") {
        Some(end) => &text[..=end],
        None => &text,
    };
    clip(first, DESCRIPTION_MAX)
}

/// An option named by message `id` (its English text is the name Discord sends back) and
/// described by `description` (a message or `message.attribute`), in every language.
fn option(
    kind: CommandOptionType,
    id: &str,
    description: &str,
    args: &Args,
) -> CreateCommandOption {
    let mut o = CreateCommandOption::new(
        kind,
        Lang::En.text(id, &Args::new()),
        describe(Lang::En, description, args),
    );
    for &(locale, lang) in LOCALES {
        o = o
            .name_localized(locale, lang.text(id, &Args::new()))
            .description_localized(locale, describe(lang, description, args));
    }
    o
}

/// A string choice whose value is the English word the parser reads, shown in every language.
fn choice(o: CreateCommandOption, value: &str) -> CreateCommandOption {
    let id = format!("slash-choice-{value}");
    let names = LOCALES
        .iter()
        .map(|&(locale, lang)| (locale, lang.text(&id, &Args::new())));
    o.add_string_choice_localized(value, value, names)
}

fn game_option() -> CreateCommandOption {
    option(
        CommandOptionType::Integer,
        "slash-option-game",
        "slash-option-game.description",
        &Args::new(),
    )
    .min_int_value(1)
}

/// The challenge number of `accept`, `decline` or `cancel` (the `verb`).
fn challenge_option(verb: &str) -> CreateCommandOption {
    option(
        CommandOptionType::Integer,
        "slash-option-challenge",
        &format!("slash-option-challenge.{verb}"),
        &Args::new(),
    )
    .min_int_value(1)
}

fn answer_option() -> CreateCommandOption {
    let o = option(
        CommandOptionType::String,
        "slash-option-answer",
        "slash-option-answer.description",
        &Args::new(),
    );
    choice(choice(o, "accept"), "decline")
}

fn sub(name: &str, options: Vec<CreateCommandOption>) -> CreateCommandOption {
    let id = format!("slash-sub-{name}");
    let mut s =
        CreateCommandOption::new(CommandOptionType::SubCommand, name, summary(Lang::En, name));
    for &(locale, lang) in LOCALES {
        s = s
            .name_localized(locale, lang.text(&id, &Args::new()))
            .description_localized(locale, summary(lang, name));
    }
    for o in options {
        s = s.add_sub_option(o);
    }
    s
}

/// The `/rb` command with every subcommand, as registered with Discord, described in every
/// language the bot speaks.
pub fn definition() -> CreateCommand {
    let none = Args::new();
    // The commands to explain are offered as the player types (autocomplete): a list of
    // choices would stop at Discord's 25.
    let help_topics = option(
        CommandOptionType::String,
        "slash-option-command",
        "slash-option-command.description",
        &none,
    )
    .set_autocomplete(true)
    .max_length(20);
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
        sub("export", vec![game_option()]),
        sub("analysis", vec![game_option()]),
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
        sub(
            "forecast",
            vec![
                option(
                    CommandOptionType::String,
                    "slash-option-moves",
                    "slash-option-moves.description",
                    &none,
                )
                .set_autocomplete(true)
                .max_length(MAX_LINE as u16),
                game_option(),
            ],
        ),
        sub(
            "vacation",
            vec![
                choice(
                    choice(
                        option(
                            CommandOptionType::String,
                            "slash-option-switch",
                            "slash-option-switch.description",
                            &none,
                        ),
                        "on",
                    ),
                    "off",
                ),
                option(
                    CommandOptionType::Integer,
                    "slash-option-vacation-days",
                    "slash-option-vacation-days.description",
                    &none,
                )
                .min_int_value(1)
                .max_int_value(VACATION_DAYS_PER_YEAR.into()),
            ],
        ),
        sub("leaderboard", vec![]),
        sub(
            "stats",
            vec![option(
                CommandOptionType::User,
                "slash-option-player",
                "slash-option-player.description",
                &none,
            )],
        ),
        sub("rules", vec![]),
        sub(
            "settings",
            vec![
                option(
                    CommandOptionType::String,
                    "slash-option-language",
                    "slash-option-language.description",
                    &none,
                )
                .max_length(10),
                option(
                    CommandOptionType::Boolean,
                    "slash-option-pings",
                    "slash-option-pings.description",
                    &none,
                ),
                option(
                    CommandOptionType::Boolean,
                    "slash-option-dm",
                    "slash-option-dm.description",
                    &none,
                ),
            ],
        ),
        sub("help", vec![help_topics]),
        tournament_group(&days),
    ];
    let mut command = CreateCommand::new(NAME).description(describe(Lang::En, "slash-rb", &none));
    for &(locale, lang) in LOCALES {
        command = command.description_localized(locale, describe(lang, "slash-rb", &none));
    }
    for s in subcommands {
        command = command.add_option(s);
    }
    command
}

/// Every command the bot registers: `/rb` and the user command of a member's Apps menu
/// ("Challenge to Rollerball"). A `global` registration also says where they may be used —
/// installed in a server or on a player's own account, and in servers, the bot's DMs and
/// private channels (the DMs and group DMs between friends, where the bot is no member) — which
/// is what lets a player who added the app to their account play anywhere. Discord ignores
/// both on commands registered in one server, so a server's registration leaves them out.
pub fn registration(global: bool) -> Vec<CreateCommand> {
    let commands = [definition(), super::profile::definition()];
    if !global {
        return commands.into();
    }
    commands
        .into_iter()
        .map(|command| {
            command
                .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
                .contexts(vec![
                    InteractionContext::Guild,
                    InteractionContext::BotDm,
                    InteractionContext::PrivateChannel,
                ])
        })
        .collect()
}

/// The commands `/rb help` offers for what a player has typed: those whose word starts with
/// it, then those that contain it, in the help's order.
pub fn help_choices(typed: &str) -> Vec<&'static str> {
    let typed = typed.trim().trim_start_matches(['!', '/']).to_lowercase();
    let starting = HELP.iter().filter(|e| e.name.starts_with(&typed));
    let containing = HELP
        .iter()
        .filter(|e| !e.name.starts_with(&typed) && e.name.contains(&typed));
    starting.chain(containing).map(|e| e.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_help_entry_is_a_subcommand_within_discord_limits() {
        let json = serde_json::to_value(definition()).expect("serialises");
        let subs = json["options"].as_array().expect("subcommands");
        assert!(subs.len() <= 25, "{} subcommands", subs.len());
        for e in HELP {
            // `tournaments` is `/rb tournament list`; `game ID` is `/rb board game:ID`.
            let name = match e.name {
                "tournaments" => "tournament",
                "game" => "board",
                name => name,
            };
            assert!(
                subs.iter().any(|s| s["name"] == name),
                "no subcommand {}",
                e.name
            );
        }
        let group = subs
            .iter()
            .find(|s| s["name"] == "tournament")
            .expect("the tournament group");
        let in_group = group["options"].as_array().expect("its subcommands");
        assert!(in_group.len() <= 25);
        assert!(in_group.iter().all(|s| s["type"] == 1));
        let subs: Vec<&serde_json::Value> = subs
            .iter()
            .filter(|s| s["type"] == 1)
            .chain(in_group)
            .collect();
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
