//! How a line names a player: `@name` on every front end, and whatever a front end's own
//! syntax adds (Discord's `<@123>`), read by the front end through [`Mentions`].

use super::{FrontEndError, PlayerRef};

/// What a front end's reader made of a word that names someone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mentioned {
    /// One player.
    Player(PlayerRef),
    /// A word in the front end's mention syntax that cannot name one player (a role, a
    /// mention of no one): refused with the front end's own words.
    Refused(FrontEndError),
}

/// A front end's reader of mentions in a typed line. The parser asks it about every word
/// that is not a command word where a player may be named; `None` leaves the word to the
/// parser (which then reads `@name`, or refuses the word as unexpected).
pub trait Mentions {
    /// The player (or the refusal) that `word` names in this front end's syntax, if it is one.
    fn mention(&self, word: &str) -> Option<Mentioned>;
}

/// The reader of front ends without a mention syntax of their own (the console, tests of
/// the words alone): only `@name` names a player.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainMentions;

impl Mentions for PlainMentions {
    fn mention(&self, _word: &str) -> Option<Mentioned> {
        None
    }
}

/// Reads a word that names a player: the front end's syntax first, then `@name`.
pub(super) fn player_ref(
    word: &str,
    mentions: &dyn Mentions,
) -> Option<Result<PlayerRef, FrontEndError>> {
    if let Some(mentioned) = mentions.mention(word) {
        return Some(match mentioned {
            Mentioned::Player(player) => Ok(player),
            Mentioned::Refused(error) => Err(error),
        });
    }
    let name = word.strip_prefix('@')?;
    let ok = !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'));
    ok.then(|| Ok(PlayerRef::Name(name.to_string())))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A front end for the parser's tests whose mentions look like Discord's (`<@123>` a
    /// player, `<@&9>` a group), so that tests read as players type.
    pub(crate) struct Brackets;

    impl Mentions for Brackets {
        fn mention(&self, word: &str) -> Option<Mentioned> {
            let inner = word.strip_prefix("<@")?.strip_suffix('>')?;
            if inner.starts_with('&') {
                return Some(Mentioned::Refused(
                    FrontEndError::new("command-role-mention").with("role", word),
                ));
            }
            let id = inner.strip_prefix('!').unwrap_or(inner).parse().ok()?;
            Some(Mentioned::Player(PlayerRef::Id(id)))
        }
    }

    #[test]
    fn plain_reads_only_at_names() {
        assert_eq!(
            player_ref("@bob", &PlainMentions),
            Some(Ok(PlayerRef::Name("bob".into())))
        );
        assert_eq!(player_ref("<@123>", &PlainMentions), None);
        assert_eq!(player_ref("@", &PlainMentions), None);
        assert_eq!(player_ref("@a<b", &PlainMentions), None);
    }

    #[test]
    fn the_front_end_reads_first() {
        assert_eq!(player_ref("<@!42>", &Brackets), Some(Ok(PlayerRef::Id(42))));
        assert_eq!(
            player_ref("<@&7>", &Brackets),
            Some(Err(
                FrontEndError::new("command-role-mention").with("role", "<@&7>")
            ))
        );
    }
}
