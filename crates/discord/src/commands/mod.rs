//! The bot's slash commands, described in every language it speaks, and how they are
//! registered (for server and user installs alike). `/rb` holds the verbs of playing a game,
//! each one word away (`/rb move`, `/rb board`, `/rb challenge`); each family of the rest has a
//! command of its own — `/rb-tournament`, `/rb-forecast`, `/rb-vacation`, `/rb-settings`,
//! `/rb-analysis`, `/rb-info` — so that every command stays well within Discord's limits (25
//! options at its top level, 8,000 characters counted at each field's longest localization)
//! with room for more. The text commands keep their words (`!rb move`, `tournament join`).
//! Subcommands are described from the game's own help; reading a filled-in command back is
//! `read.rs`'s job.

use serenity::all::{
    CommandOptionType, CreateCommand, CreateCommandOption, InstallationContext, InteractionContext,
};

use crate::game::command::HELP;
use crate::game::i18n::{Args, Lang};

mod correspondence;
mod info;
mod play;
mod read;
mod tournament;
pub use read::{Parsed, parse, subcommand, unresolved};

/// The command of playing a game.
pub const NAME: &str = "rb";
/// The command of tournaments.
pub const TOURNAMENT: &str = "rb-tournament";
/// The command of forecasts.
pub const FORECAST: &str = "rb-forecast";
/// The command of vacations.
pub const VACATION: &str = "rb-vacation";
/// The command of a player's settings.
pub const SETTINGS: &str = "rb-settings";
/// The command of the engine's analysis.
pub const ANALYSIS: &str = "rb-analysis";
/// The command of help, the rules, ratings and game records.
pub const INFO: &str = "rb-info";

/// Every chat command's name, in the order they are registered.
pub const NAMES: [&str; 7] = [
    NAME, TOURNAMENT, FORECAST, VACATION, SETTINGS, ANALYSIS, INFO,
];

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

/// The slash command each text command is on Discord, by the command's word (as the help
/// names it).
const SLASH_FORMS: &[(&str, &str)] = &[
    ("challenge", "/rb challenge"),
    ("accept", "/rb accept"),
    ("decline", "/rb decline"),
    ("cancel", "/rb cancel"),
    ("move", "/rb move"),
    ("board", "/rb board"),
    ("game", "/rb board"),
    ("moves", "/rb moves"),
    ("history", "/rb history"),
    ("games", "/rb games"),
    ("web", "/rb web"),
    ("resign", "/rb resign"),
    ("draw", "/rb draw"),
    ("takeback", "/rb takeback"),
    ("abort", "/rb abort"),
    ("moretime", "/rb moretime"),
    ("rematch", "/rb rematch"),
    ("export", "/rb-info export"),
    ("analysis", "/rb-analysis"),
    ("forecast", "/rb-forecast add|list|clear"),
    ("vacation", "/rb-vacation on|off|status"),
    ("leaderboard", "/rb-info leaderboard"),
    ("stats", "/rb-info stats"),
    ("rules", "/rb-info rules"),
    ("settings", "/rb-settings show|language|pings|dm"),
    ("help", "/rb-info help"),
    (
        "tournament",
        "/rb-tournament create|join|leave|start|cancel|withdraw|standings|table",
    ),
    ("tournaments", "/rb-tournament list"),
];

/// The slash command a text command (`forecast`) is on Discord (`/rb-forecast add|list|clear`).
pub fn slash_form(word: &str) -> Option<&'static str> {
    SLASH_FORMS
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(word))
        .map(|&(_, slash)| slash)
}

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

/// The number of the game meant, described by `description`.
fn game_option_described(description: &str) -> CreateCommandOption {
    option(
        CommandOptionType::Integer,
        "slash-option-game",
        description,
        &Args::new(),
    )
    .min_int_value(1)
}

/// The number of the game meant, when the player has several here.
fn game_option() -> CreateCommandOption {
    game_option_described("slash-option-game.description")
}

/// A subcommand of a text command's word, described by the first sentence of its help.
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

/// A subcommand of a family's command, named and described by the message
/// `slash-sub-FAMILY-NAME` (its text the name, `.description` what it does).
fn family_sub(family: &str, name: &str, options: Vec<CreateCommandOption>) -> CreateCommandOption {
    let id = format!("slash-sub-{family}-{name}");
    let description = format!("{id}.description");
    let none = Args::new();
    let mut s = CreateCommandOption::new(
        CommandOptionType::SubCommand,
        name,
        describe(Lang::En, &description, &none),
    );
    for &(locale, lang) in LOCALES {
        s = s
            .name_localized(locale, lang.text(&id, &none))
            .description_localized(locale, describe(lang, &description, &none));
    }
    for o in options {
        s = s.add_sub_option(o);
    }
    s
}

/// A chat command: `name`, shown in each language as the message `name_id` (none: `name`
/// everywhere), described by `description`, with `options` (its subcommands, or its options).
fn command(
    name: &str,
    name_id: Option<&str>,
    description: &str,
    options: Vec<CreateCommandOption>,
) -> CreateCommand {
    let none = Args::new();
    let mut command = CreateCommand::new(name).description(describe(Lang::En, description, &none));
    for &(locale, lang) in LOCALES {
        if let Some(id) = name_id {
            command = command.name_localized(locale, lang.text(id, &none));
        }
        command = command.description_localized(locale, describe(lang, description, &none));
    }
    for o in options {
        command = command.add_option(o);
    }
    command
}

/// Every chat command, `/rb` first.
pub fn definitions() -> Vec<CreateCommand> {
    vec![
        play::definition(),
        tournament::definition(),
        correspondence::forecast(),
        correspondence::vacation(),
        info::settings(),
        info::analysis(),
        info::info(),
    ]
}

/// Every command the bot registers: its chat commands and, last, the user command of a
/// member's Apps menu ("Challenge to Rollerball"). A `global` registration also says where
/// they may be used — installed in a server or on a player's own account, and in servers, the
/// bot's DMs and private channels (the DMs and group DMs between friends, where the bot is no
/// member) — which is what lets a player who added the app to their account play anywhere.
/// Discord ignores both on commands registered in one server, so a server's registration
/// leaves them out.
pub fn registration(global: bool) -> Vec<CreateCommand> {
    let mut commands = definitions();
    commands.push(super::profile::definition());
    if !global {
        return commands;
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

/// The commands `/rb-info help` offers for what a player has typed: those whose word starts
/// with it, then those that contain it, in the help's order.
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
    use serde_json::Value;

    /// A field's length as Discord counts it towards a command's size: its longest
    /// localization, the default included.
    fn longest(node: &Value, field: &str) -> usize {
        let default = node[field].as_str().map_or(0, |s| s.chars().count());
        let localized = node[format!("{field}_localizations")]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
            .filter_map(Value::as_str)
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0);
        default.max(localized)
    }

    /// A command's size as Discord counts it: the names and descriptions of the command and of
    /// all its options, and the names and values of their choices, each at its longest
    /// localization (Discord's limit is 8,000).
    fn size(node: &Value) -> usize {
        let mut n = longest(node, "name") + longest(node, "description");
        for o in node["options"].as_array().into_iter().flatten() {
            n += size(o);
        }
        for c in node["choices"].as_array().into_iter().flatten() {
            n += longest(c, "name")
                + match &c["value"] {
                    Value::String(s) => s.chars().count(),
                    v => v.to_string().len(),
                };
        }
        n
    }

    /// The registered commands as Discord receives them.
    fn registered() -> Vec<Value> {
        registration(true)
            .iter()
            .map(|c| serde_json::to_value(c).expect("serialises"))
            .collect()
    }

    /// Every chat command has room to grow: at most 16 options at its top level (Discord takes
    /// 25: room for nine more subcommands) and under 6,000 characters (Discord takes 8,000).
    #[test]
    fn every_command_has_room_to_grow() {
        let commands = registered();
        assert_eq!(
            commands.len(),
            8,
            "seven chat commands and the user command"
        );
        let mut sizes = Vec::new();
        for c in &commands {
            let name = c["name"].as_str().unwrap();
            let top = c["options"].as_array().map_or(0, Vec::len);
            assert!(top <= 16, "/{name} has {top} options at its top level");
            let size = size(c);
            assert!(size < 6000, "/{name} counts {size} characters");
            sizes.push((name.to_string(), top, size));
        }
        // `/rb` with every subcommand once counted 5,508 this way: the playing verbs alone
        // leave it far from the limit.
        let (_, top, rb) = &sizes[0];
        assert_eq!(*top, 16);
        assert!(*rb < 4000, "/rb counts {rb}");
        // The counting is Discord's: a field counts at its longest localization.
        let sample = serde_json::json!({"name": "rb", "description": "Play",
            "description_localizations": {"fr": "Jouez"},
            "options": [{"name": "a", "name_localizations": {"ru": "ход"}, "description": "b",
                "choices": [{"name": "x", "name_localizations": {"fr": "xyz"}, "value": "on"}]}]});
        assert_eq!(size(&sample), 2 + 5 + 3 + 1 + 3 + 2);
    }

    /// Every command word of the help is a slash command or subcommand, as
    /// [`slash_form`] names it, and every subcommand fits Discord's rules.
    #[test]
    fn every_help_entry_is_a_slash_command_within_discord_limits() {
        let commands = registered();
        for e in HELP {
            let form = slash_form(e.name).unwrap_or_else(|| panic!("no slash form of {}", e.name));
            let mut words = form.trim_start_matches('/').split(' ');
            let name = words.next().unwrap();
            let command = commands
                .iter()
                .find(|c| c["name"] == name)
                .unwrap_or_else(|| panic!("no command /{name} for {}", e.name));
            for sub in words.next().into_iter().flat_map(|w| w.split('|')) {
                assert!(
                    command["options"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|s| s["name"] == sub && s["type"] == 1),
                    "no /{name} {sub} for {}",
                    e.name
                );
            }
        }
        for c in &commands[..7] {
            let d = c["description"].as_str().unwrap();
            assert!(!d.is_empty() && d.chars().count() <= 100, "{d}");
            let subs: Vec<&Value> = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|o| o["type"] == 1)
                .collect();
            for s in subs.iter().copied().chain(std::iter::once(c)) {
                let d = s["description"].as_str().unwrap();
                assert!(!d.is_empty() && d.chars().count() <= 100, "{d}");
                let mut seen_optional = false;
                for o in s["options"].as_array().into_iter().flatten() {
                    if o["type"] == 1 {
                        continue;
                    }
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
}
