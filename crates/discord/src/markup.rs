//! How Discord shows players, times and places in the service's replies: mentions (which ping
//! only those a reply's allowed mentions name), `<t:…:R>` times that each client shows in its
//! reader's language and time zone, channel links, and names with their markdown escaped.

use serenity::all::User;

use crate::game::Markup;
use crate::game::command::{Mentioned, Mentions, PlayerRef};
use crate::game::i18n::Lang;
use crate::model::{Place, PlayerId, Timestamp};
use crate::unread::Unread;

/// Discord's markup.
#[derive(Clone, Copy, Debug, Default)]
pub struct DiscordMarkup;

impl Markup for DiscordMarkup {
    fn player(&self, id: PlayerId, _name: &str) -> String {
        format!("<@{}>", id.0)
    }

    fn time(&self, at: Timestamp, _now: Timestamp, _lang: Lang) -> String {
        format!("<t:{}:R>", at.0.div_euclid(1000))
    }

    fn place(&self, place: Place, _lang: Lang) -> String {
        format!("<#{}>", place.thread.unwrap_or(place.channel))
    }

    fn literal(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            if matches!(
                c,
                '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '#' | '[' | ']'
            ) {
                out.push('\\');
            }
            out.push(c);
        }
        out
    }

    fn command(&self, word: &str) -> Option<String> {
        super::commands::slash_form(word).map(|slash| format!("`{slash}`"))
    }

    fn mentions(&self) -> &dyn Mentions {
        self
    }

    fn url(&self, url: &str) -> String {
        // In angle brackets Discord shows the link without a preview: the reply carries the
        // board already.
        format!("<{url}>")
    }

    fn link(&self, place: Place, _lang: Lang) -> String {
        // Discord's jump link; `@me` stands for the server in a direct or group message.
        let server = place
            .server
            .map_or_else(|| "@me".to_string(), |s| s.to_string());
        format!(
            "https://discord.com/channels/{server}/{}",
            place.thread.unwrap_or(place.channel)
        )
    }
}

/// Discord's mentions as typed: `<@123>` and `<@!123>` name a user, `<@&123>` a role, which
/// is refused where one player is named. Which user ids are real, only the message that
/// carried them says ([`MessageMentions`]).
impl Mentions for DiscordMarkup {
    fn mention(&self, word: &str) -> Option<Mentioned> {
        let inner = word.strip_prefix("<@")?.strip_suffix('>')?;
        if inner.starts_with('&') {
            return Some(Mentioned::Refused(Unread::RoleMention(word.into()).into()));
        }
        let id = inner.strip_prefix('!').unwrap_or(inner).parse().ok()?;
        Some(Mentioned::Player(PlayerRef::Id(id)))
    }
}

/// The mentions of one message: a user mention names a player only if Discord resolved that
/// user for the message (so `<@0>` or an id typed by hand is refused, not looked up).
pub(crate) struct MessageMentions<'a>(pub(crate) &'a [User]);

impl Mentions for MessageMentions<'_> {
    fn mention(&self, word: &str) -> Option<Mentioned> {
        match DiscordMarkup.mention(word)? {
            Mentioned::Player(PlayerRef::Id(id)) if !self.0.iter().any(|u| u.id.get() == id) => {
                Some(Mentioned::Refused(
                    Unread::UnknownMention(format!("<@{id}>")).into(),
                ))
            }
            mentioned => Some(mentioned),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Reach;

    #[test]
    fn discord_markup() {
        let m = DiscordMarkup;
        assert_eq!(m.player(PlayerId(42), "bob"), "<@42>");
        assert_eq!(
            m.time(Timestamp(1_700_000_123_456), Timestamp(0), Lang::Fr),
            "<t:1700000123:R>"
        );
        let place = Place {
            server: Some(1),
            channel: 7,
            thread: Some(9),
            reach: Reach::Posts,
        };
        assert_eq!(m.place(place, Lang::En), "<#9>");
        assert_eq!(m.link(place, Lang::En), "https://discord.com/channels/1/9");
        let direct = Place {
            server: None,
            channel: 7,
            thread: None,
            reach: Reach::Posts,
        };
        assert_eq!(
            m.link(direct, Lang::En),
            "https://discord.com/channels/@me/7"
        );
        assert_eq!(
            m.command("forecast").as_deref(),
            Some("`/rb-forecast add|list|clear`")
        );
        assert_eq!(m.command("move").as_deref(), Some("`/rb move`"));
        assert_eq!(m.command("frobnicate"), None);
        // A name cannot format the leaderboard.
        assert_eq!(m.literal("*star*_x`"), r"\*star\*\_x\`");
    }
}
