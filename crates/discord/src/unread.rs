//! What the Discord front end refuses in its own reading — a slash command's subcommand and
//! options, the profile modal's fields, Discord's mention syntax — with the words of its
//! Fluent topic (`assets/i18n/*/discord.ftl`, `profile.ftl`), carried through the game core
//! as a [`FrontEndError`] and said in the player's language at the edge.

use crate::game::command::{CommandError, FrontEndError};

/// A refusal of the Discord front end's reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// A slash command without a subcommand.
    NoSubcommand,
    /// A subcommand the bot does not have (its name, as `rb help`).
    UnknownSubcommand(String),
    /// Both a player and the computer named as the opponent.
    TwoOpponents,
    /// A square option that is not one (`z9`).
    Square(String),
    /// A colour field that is none of white, black or random (as typed).
    Colour(String),
    /// A rated field that is neither rated nor casual (as typed).
    Rated(String),
    /// A bot (by its name) named as the opponent: bots cannot play.
    BotOpponent(String),
    /// A role mention (`<@&123>`) where one player is named.
    RoleMention(String),
    /// A user mention (`<@123>`, as typed) of no one Discord resolved for the message.
    UnknownMention(String),
}

impl From<Unread> for FrontEndError {
    fn from(unread: Unread) -> FrontEndError {
        match unread {
            Unread::NoSubcommand => FrontEndError::new("slash-pick-subcommand"),
            Unread::UnknownSubcommand(name) => {
                FrontEndError::new("slash-unknown").with("name", name)
            }
            Unread::TwoOpponents => FrontEndError::new("slash-opponent-both"),
            Unread::Square(square) => FrontEndError::new("slash-square").with("square", square),
            Unread::Colour(word) => FrontEndError::new("profile-colour-bad").with("word", word),
            Unread::Rated(word) => FrontEndError::new("profile-rated-bad").with("word", word),
            Unread::BotOpponent(name) => {
                FrontEndError::new("profile-opponent-bot").with("name", name)
            }
            Unread::RoleMention(role) => {
                FrontEndError::new("command-role-mention").with("role", role)
            }
            Unread::UnknownMention(mention) => {
                FrontEndError::new("command-unknown-mention").with("mention", mention)
            }
        }
    }
}

impl From<Unread> for CommandError {
    fn from(unread: Unread) -> CommandError {
        CommandError::FrontEnd(unread.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::i18n::Lang;

    #[test]
    fn each_is_said_with_its_arguments() {
        let said = |unread: Unread| CommandError::from(unread).text(Lang::En);
        assert_eq!(
            said(Unread::Square("z9".into())),
            "`z9` is not a square; squares look like `e1`."
        );
        assert_eq!(
            said(Unread::UnknownSubcommand("rb dance".into())),
            "I don't know `/rb dance`; try `/rb-info help`."
        );
        assert_eq!(
            said(Unread::RoleMention("<@&5>".into())),
            "`<@&5>` is a role, and a challenge is for one player: mention them, or leave the name out for an open challenge anyone here can accept."
        );
        assert_eq!(
            CommandError::from(Unread::TwoOpponents).id(),
            "slash-opponent-both"
        );
    }
}
