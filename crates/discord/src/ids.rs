//! Ids that come from outside — Discord's payloads, the configuration, the database, what a
//! player typed — made into serenity's ids without ever panicking (serenity's `UserId::new(0)`
//! and the like do: a snowflake is never zero), and the player a typed command names checked
//! against the users Discord resolved for the message.

use std::num::NonZeroU64;

use serenity::all::{ChannelId, User};

use crate::game::command::{CommandError, PlayerRef};
use crate::game::{Command, Input};
use crate::markup::MessageMentions;
use crate::unread::Unread;

/// `raw` as a serenity id (`UserId`, `ChannelId`, `GuildId`…), `None` for zero.
pub(super) fn snowflake<T: From<NonZeroU64>>(raw: u64) -> Option<T> {
    NonZeroU64::new(raw).map(T::from)
}

/// The channel `raw`, or the error of a request that cannot be made: a zero id is no channel.
pub(super) fn channel(raw: u64) -> Option<ChannelId> {
    snowflake(raw)
}

/// The error of a request to a channel of id zero, which cannot be made.
pub(super) fn no_channel() -> serenity::Error {
    serenity::Error::Other("a channel id of zero")
}

/// A line typed to the bot (after its prefix), read as the service reads it, with the player
/// it names checked against `mentions`, the users Discord resolved in the message: a mention
/// of anyone else (`<@0>`, `<@18446744073709551615>`, an id typed by hand) is refused, and so
/// is a challenge to a bot.
pub(super) fn line_input(line: &str, mentions: &[User]) -> Input {
    let command = match Command::parse_or_move_with(line, &MessageMentions(mentions)) {
        Ok(command) => command,
        Err(error) => return Input::Invalid(error),
    };
    let challenged = match (&command, command.named_player()) {
        (Command::Challenge { .. }, Some(PlayerRef::Id(id))) => {
            mentions.iter().find(|u| u.id.get() == *id)
        }
        _ => None,
    };
    match challenged {
        Some(user) if user.bot => Input::Invalid(CommandError::from(Unread::BotOpponent(
            crate::places::display_name(user, None),
        ))),
        _ => Input::Command(command),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::all::UserId;

    fn user(id: u64, bot: bool) -> User {
        serde_json::from_value(serde_json::json!({
            "id": id.to_string(), "username": format!("u{id}"), "discriminator": "0",
            "avatar": null, "global_name": null, "bot": bot
        }))
        .unwrap()
    }

    #[test]
    fn only_users_discord_resolved_are_named() {
        assert_eq!(snowflake::<UserId>(0), None);
        assert_eq!(snowflake::<UserId>(7), Some(UserId::new(7)));
        assert_eq!(channel(0), None);
        let bob = user(102, false);
        let unknown =
            |mention: &str| Input::Invalid(Unread::UnknownMention(mention.to_string()).into());
        for line in [
            "challenge <@0>",
            "challenge <@18446744073709551615>",
            "challenge <@103> white",
            "stats <@!103>",
            "tournament withdraw <@103>",
        ] {
            let expected = match line {
                "challenge <@0>" => unknown("<@0>"),
                "challenge <@18446744073709551615>" => unknown("<@18446744073709551615>"),
                _ => unknown("<@103>"),
            };
            assert_eq!(
                line_input(line, std::slice::from_ref(&bob)),
                expected,
                "{line}"
            );
        }
        assert!(matches!(
            line_input("challenge <@102> white", std::slice::from_ref(&bob)),
            Input::Command(Command::Challenge { .. })
        ));
        assert_eq!(
            line_input("challenge <@104>", &[user(104, true)]),
            Input::Invalid(Unread::BotOpponent("u104".into()).into())
        );
        assert!(matches!(
            line_input("stats <@104>", &[user(104, true)]),
            Input::Command(Command::Stats { .. })
        ));
        // What names nobody, or is no command, is read as before.
        assert!(matches!(
            line_input("games", &[]),
            Input::Command(Command::Games)
        ));
        assert!(matches!(
            line_input("Rb7", &[]),
            Input::Command(Command::Move { .. })
        ));
        assert!(matches!(line_input("frobnicate", &[]), Input::Invalid(_)));
    }
}
