//! Challenge from a profile: the user context-menu command ("Challenge to Rollerball", under a
//! member's Apps), the modal it opens (days per move, colour, rated or casual, every field
//! optional), and the way a submitted modal becomes the same [`Command::Challenge`] that
//! `/rb challenge @member` builds, so the service answers both alike.

use serenity::all::{
    ActionRowComponent, CommandType, CreateActionRow, CreateCommand, CreateInputText, CreateModal,
    InputTextStyle, ModalInteractionData,
};

use super::commands::{LOCALES, Parsed};
use crate::game::command::{CommandError, Opponent, PlayerRef, days_number};
use crate::game::i18n::{Args, Lang};
use crate::game::{Actor, Command};
use crate::model::{Days, PlayerId, Reach};
use crate::rules::Color;
use crate::tr;
use crate::unread::Unread;

/// What a modal's `custom_id` starts with; the challenged user's id and name follow.
const MODAL_PREFIX: &str = "rb:profile:";
/// The same, for a modal opened where the bot only answers commands: serenity does not read a
/// submitted modal's context, so the modal carries it from the command that opened it.
const MODAL_PREFIX_ANSWERS: &str = "rb:profile-answers:";
/// Discord's limits: a modal's title and a text input's label, in characters.
const TITLE_MAX: usize = 45;
/// The longest name a Discord user or nickname has.
const NAME_MAX: usize = 32;
/// The fields' ids, which Discord sends back with what was typed.
const DAYS: &str = "days";
const COLOUR: &str = "colour";
const RATED: &str = "rated";

/// The command's English name, the one Discord sends back whatever the player's language.
pub fn name() -> String {
    tr!(Lang::En, "profile-command")
}

/// The user command's registration: a name in every language, no description, no options.
pub fn definition() -> CreateCommand {
    let mut command = CreateCommand::new(name()).kind(CommandType::User);
    for &(locale, lang) in LOCALES {
        command = command.name_localized(locale, tr!(lang, "profile-command"));
    }
    command
}

fn clip(text: String, max: usize) -> String {
    if text.chars().count() <= max {
        return text;
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// An optional one-line field of the modal.
fn field(id: &str, label: String, placeholder: String, max_length: u16) -> CreateActionRow {
    CreateActionRow::InputText(
        CreateInputText::new(InputTextStyle::Short, clip(label, TITLE_MAX), id)
            .placeholder(clip(placeholder, 100))
            .max_length(max_length)
            .required(false),
    )
}

/// The modal asking `lang`'s speaker how to challenge `opponent`: days per move, colour, rated
/// or casual, each left empty for its default. Its `custom_id` carries who is challenged, and
/// whether the bot only answers commands where it was opened (`reach`).
pub fn modal(lang: Lang, opponent: &Actor, reach: Reach) -> CreateModal {
    let name = clip(opponent.name.clone(), NAME_MAX);
    let title = clip(
        tr!(lang, "profile-modal-title", name = name.as_str()),
        TITLE_MAX,
    );
    let mut days = Args::new();
    days.set("min", Days::MIN.get());
    days.set("max", Days::MAX.get());
    let mut default = Args::new();
    default.set("default", Days::DEFAULT.get());
    let prefix = match reach {
        Reach::Posts => MODAL_PREFIX,
        Reach::Answers => MODAL_PREFIX_ANSWERS,
    };
    CreateModal::new(format!("{prefix}{}:{name}", opponent.id.0), title).components(vec![
        field(
            DAYS,
            lang.text("profile-days-label", &days),
            lang.text("profile-days-placeholder", &default),
            10,
        ),
        field(
            COLOUR,
            tr!(lang, "profile-colour-label"),
            tr!(lang, "profile-colour-placeholder"),
            30,
        ),
        field(
            RATED,
            tr!(lang, "profile-rated-label"),
            tr!(lang, "profile-rated-placeholder"),
            30,
        ),
    ])
}

/// The challenge of `opponent` with these settings, as `/rb challenge` builds it.
pub fn challenge(opponent: &Actor, colour: Option<Color>, days: Days, rated: bool) -> Parsed {
    Parsed {
        command: Command::Challenge {
            opponent: Opponent::Player(PlayerRef::Id(opponent.id.0)),
            colour,
            days,
            rated,
        },
        mentioned: vec![opponent.clone()],
    }
}

/// Whether `typed` is the word `id` in one of the bot's languages (players may type any).
fn is_word(typed: &str, id: &str) -> bool {
    Lang::ALL
        .iter()
        .any(|&lang| tr!(lang, id).to_lowercase() == typed)
}

/// The colour typed: a word of any language, empty for random.
fn colour(typed: &str) -> Result<Option<Color>, CommandError> {
    let word = typed.trim().to_lowercase();
    if word.is_empty() || is_word(&word, "slash-choice-random") {
        Ok(None)
    } else if is_word(&word, "slash-choice-white") {
        Ok(Some(Color::White))
    } else if is_word(&word, "slash-choice-black") {
        Ok(Some(Color::Black))
    } else {
        Err(CommandError::from(Unread::Colour(typed.trim().to_string())))
    }
}

/// Rated or casual as typed: a word of any language, empty for rated.
fn rated(typed: &str) -> Result<bool, CommandError> {
    let word = typed.trim().to_lowercase();
    if word.is_empty() || is_word(&word, "profile-word-rated") {
        Ok(true)
    } else if is_word(&word, "profile-word-casual") {
        Ok(false)
    } else {
        Err(CommandError::from(Unread::Rated(typed.trim().to_string())))
    }
}

/// Days per move as typed, empty for the default.
fn days(typed: &str) -> Result<Days, CommandError> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(Days::DEFAULT);
    }
    typed
        .parse::<i64>()
        .map_err(|_| CommandError::Days(typed.to_string()))
        .and_then(days_number)
}

/// The challenge a submitted modal asks for, or why it cannot be one, with the reach of the
/// place it was opened in; `None` when the modal is not this command's.
pub fn submission(data: &ModalInteractionData) -> Option<(Reach, Result<Parsed, CommandError>)> {
    let (reach, rest) = match data.custom_id.strip_prefix(MODAL_PREFIX) {
        Some(rest) => (Reach::Posts, rest),
        None => (
            Reach::Answers,
            data.custom_id.strip_prefix(MODAL_PREFIX_ANSWERS)?,
        ),
    };
    let (id, name) = rest.split_once(':')?;
    let id = id.parse::<u64>().ok().filter(|&id| id > 0)?;
    let opponent = Actor {
        id: PlayerId(id),
        name: name.to_string(),
    };
    let typed = |field: &str| {
        data.components
            .iter()
            .flat_map(|row| &row.components)
            .find_map(|c| match c {
                ActionRowComponent::InputText(t) if t.custom_id == field => t.value.clone(),
                _ => None,
            })
            .unwrap_or_default()
    };
    let parsed = (|| {
        let days = days(&typed(DAYS))?;
        let colour = colour(&typed(COLOUR))?;
        let rated = rated(&typed(RATED))?;
        Ok(challenge(&opponent, colour, days, rated))
    })();
    Some((reach, parsed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_every_language_are_read() {
        assert_eq!(colour(""), Ok(None));
        assert_eq!(colour(" Noirs "), Ok(Some(Color::Black)));
        assert_eq!(colour("белые"), Ok(Some(Color::White)));
        assert_eq!(colour("al azar"), Ok(None));
        assert_eq!(
            colour("green"),
            Err(CommandError::from(Unread::Colour("green".into())))
        );
        assert_eq!(rated(""), Ok(true));
        assert_eq!(rated("Casual"), Ok(false));
        assert_eq!(rated("amistosa"), Ok(false));
        assert_eq!(
            rated("maybe"),
            Err(CommandError::from(Unread::Rated("maybe".into())))
        );
        assert_eq!(days(""), Ok(Days::DEFAULT));
        assert_eq!(days(" 7 "), Ok(Days::new(7).unwrap()));
        assert_eq!(days("15"), Err(CommandError::Days("15".into())));
        assert_eq!(days("two"), Err(CommandError::Days("two".into())));
    }

    #[test]
    fn names_and_labels_fit_discords_limits() {
        for lang in Lang::ALL {
            let name = tr!(lang, "profile-command");
            assert!((1..=32).contains(&name.chars().count()), "{name}");
            for id in [
                "profile-colour-label",
                "profile-rated-label",
                "profile-days-label",
            ] {
                let mut args = Args::new();
                args.set("min", 1);
                args.set("max", 14);
                let label = lang.text(id, &args);
                assert!(label.chars().count() <= TITLE_MAX, "{label}");
            }
        }
    }

    #[test]
    fn the_modal_carries_where_it_was_opened() {
        let bob = Actor {
            id: PlayerId(8),
            name: "Bob: the second".into(),
        };
        for reach in [Reach::Posts, Reach::Answers] {
            let modal = serde_json::to_value(modal(Lang::En, &bob, reach)).unwrap();
            let custom_id = modal["custom_id"].as_str().unwrap().to_string();
            assert!(custom_id.chars().count() <= 100, "{custom_id}");
            let data: ModalInteractionData = serde_json::from_value(serde_json::json!({
                "custom_id": custom_id,
                "components": [{"type": 1, "components": [
                    {"type": 4, "custom_id": DAYS, "value": "5"}]}],
            }))
            .unwrap();
            let (read, parsed) = submission(&data).expect("the challenge modal");
            assert_eq!(read, reach);
            let parsed = parsed.unwrap();
            assert_eq!(parsed.mentioned, std::slice::from_ref(&bob));
        }
    }
}
