//! The `tournament` command's words: `create NAME [days N] [double] [casual] [max N]`,
//! `join`, `leave`, `start`, `cancel`, `withdraw @player`, the standings (`tournament [#T]`)
//! and the crosstable (`tournament [#T] table`), each with an optional `#T`.

use std::fmt;

use super::help::usage;
use super::mentions::player_ref;
use super::options::set_once;
use super::{CommandError, Days, Mentions, Needed, PlayerRef};
use crate::model::TournamentId;

/// The fewest players a tournament starts with.
pub const MIN_PLAYERS: u32 = 3;
/// The most players a tournament takes (a single round-robin of 12 is 66 games at once).
pub const MAX_PLAYERS: u32 = 12;
/// The longest tournament name, in characters.
pub const NAME_MAX: usize = 32;

/// A tournament's name: 1 to [`NAME_MAX`] characters of letters, digits, spaces and plain
/// punctuation — nothing that could mention, link or format. It stands in every announcement
/// and game thread of the tournament, so a link or an invite (`https://…`, `www.…`,
/// `discord.gg/abc`, `example.com`) is no name either: see [`TournamentName::parse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentName(String);

impl TournamentName {
    /// The name, if `text` (trimmed, inner spaces collapsed) is one.
    pub fn new(text: &str) -> Option<TournamentName> {
        TournamentName::parse(text).ok()
    }

    /// The name `text` is (trimmed, inner spaces collapsed), or why it is none: a link
    /// ([`CommandError::TournamentNameLink`]) or characters a name cannot hold.
    pub fn parse(text: &str) -> Result<TournamentName, CommandError> {
        let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(link) = link_in(&name) {
            return Err(CommandError::TournamentNameLink(link.to_string()));
        }
        TournamentName::plain(name).ok_or_else(|| CommandError::TournamentName(text.to_string()))
    }

    /// `name` if it is made of the characters a name may hold.
    fn plain(name: String) -> Option<TournamentName> {
        let ok = !name.is_empty()
            && name.chars().count() <= NAME_MAX
            && name.chars().any(char::is_alphanumeric)
            && name.chars().all(|c| {
                c.is_alphanumeric()
                    || matches!(
                        c,
                        ' ' | '-'
                            | '_'
                            | '.'
                            | '\''
                            | '’'
                            | '!'
                            | '?'
                            | '&'
                            | '+'
                            | '('
                            | ')'
                            | '/'
                            | ':'
                            | ','
                    )
            });
        ok.then_some(TournamentName(name))
    }

    /// The name as shown.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TournamentName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The first word of `name` that is or holds a link: a scheme (`https://`, `discord://`), a
/// `www.`, or a host name such as `discord.gg/abc` or `example.com` (labels joined by dots,
/// ending in 2 to 6 letters as top-level domains do, or followed by a path). Abbreviations and
/// numbers (`U.S. Open`, `St. Petersburg`, `v2.0`) are not links.
fn link_in(name: &str) -> Option<&str> {
    name.split_whitespace().find(|word| {
        let lower = word.to_lowercase();
        if lower.contains("://") || lower.contains("www.") {
            return true;
        }
        let word = lower.trim_matches(|c: char| !c.is_alphanumeric());
        let (host, path) = match word.split_once('/') {
            Some((host, path)) => (host, Some(path)),
            None => (word, None),
        };
        let labels: Vec<&str> = host.split('.').collect();
        if labels.len() < 2
            || labels
                .iter()
                .any(|l| l.is_empty() || !l.chars().all(|c| c.is_alphanumeric() || c == '-'))
        {
            return false;
        }
        let top = labels[labels.len() - 1];
        let letters = top.chars().all(char::is_alphabetic);
        letters && ((2..=6).contains(&top.chars().count()) || path.is_some())
    })
}

/// The most players a tournament takes, [`MIN_PLAYERS`] to [`MAX_PLAYERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct MaxPlayers(u32);

impl MaxPlayers {
    /// `n`, if it is within range.
    pub fn new(n: u32) -> Option<MaxPlayers> {
        (MIN_PLAYERS..=MAX_PLAYERS)
            .contains(&n)
            .then_some(MaxPlayers(n))
    }

    /// The number.
    pub fn get(self) -> u32 {
        self.0
    }
}

/// What `tournament …` asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    /// `tournament create NAME [days N] [double] [casual] [max N]`.
    Create {
        /// Its name.
        name: TournamentName,
        /// Days per move in its games.
        days: Days,
        /// Each pair plays twice, colours swapped.
        double: bool,
        /// Its games count for ratings.
        rated: bool,
        /// The most players it takes; [`MAX_PLAYERS`] without one.
        max: Option<MaxPlayers>,
    },
    /// `tournament join [#T]`.
    Join {
        /// The tournament named, if any.
        tournament: Option<TournamentId>,
    },
    /// `tournament leave [#T]`, before the start.
    Leave {
        /// The tournament named, if any.
        tournament: Option<TournamentId>,
    },
    /// `tournament start [#T]` (its organiser).
    Start {
        /// The tournament named, if any.
        tournament: Option<TournamentId>,
    },
    /// `tournament cancel [#T]` (its organiser, before the start).
    Cancel {
        /// The tournament named, if any.
        tournament: Option<TournamentId>,
    },
    /// `tournament withdraw [#T] @player` (its organiser).
    Withdraw {
        /// The tournament named, if any.
        tournament: Option<TournamentId>,
        /// Whom to withdraw.
        player: PlayerRef,
    },
    /// `tournament [#T]`: the standings.
    Standings {
        /// The tournament named, if any.
        tournament: Option<TournamentId>,
    },
    /// `tournament [#T] table`: the crosstable as a picture.
    Table {
        /// The tournament named, if any.
        tournament: Option<TournamentId>,
    },
}

/// A tournament's number as a front end read it.
pub fn tournament_number(n: i64) -> Result<TournamentId, CommandError> {
    (n > 0)
        .then_some(TournamentId(n))
        .ok_or_else(|| CommandError::TournamentNumber(n.to_string()))
}

/// The most players as a front end read it.
pub fn max_players_number(n: i64) -> Result<MaxPlayers, CommandError> {
    u32::try_from(n)
        .ok()
        .and_then(MaxPlayers::new)
        .ok_or_else(|| CommandError::MaxPlayers(n.to_string()))
}

/// Reads `#3` or `3`.
fn number(word: &str) -> Option<i64> {
    let digits = word.strip_prefix('#').unwrap_or(word);
    if digits.is_empty() || digits.len() > 15 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n: &i64| n > 0)
}

/// The words after `tournament`.
pub(super) struct TournamentArgs<'a> {
    words: Vec<&'a str>,
    /// The front end's reader of the words that name players.
    mentions: &'a dyn Mentions,
}

/// The option words of `create`, which cannot start a name.
const CREATE_WORDS: &[&str] = &[
    "days", "day", "double", "single", "casual", "unrated", "rated", "max",
];

/// Whether `word` is one of `tournament create`'s option words (`days`, `double`, `3d`, …):
/// where a name typed without quotes ends.
fn is_create_word(word: &str) -> bool {
    let lower = word.to_lowercase();
    CREATE_WORDS.contains(&lower.as_str()) || is_days_word(&lower)
}

/// Whether `lower` is a number of days written as one word (`3d`).
fn is_days_word(lower: &str) -> bool {
    lower
        .strip_suffix('d')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

impl<'a> TournamentArgs<'a> {
    pub(super) fn new(words: Vec<&'a str>, mentions: &'a dyn Mentions) -> TournamentArgs<'a> {
        TournamentArgs { words, mentions }
    }

    fn unexpected(word: &str) -> CommandError {
        CommandError::Unexpected {
            command: "tournament",
            word: word.to_string(),
            usage: usage("tournament"),
        }
    }

    fn missing(what: Needed) -> CommandError {
        CommandError::Missing {
            command: "tournament",
            what,
            usage: usage("tournament"),
        }
    }

    /// Takes the tournament's `#T` (or a bare number) from anywhere among the words.
    fn take_tournament(&mut self) -> Result<Option<TournamentId>, CommandError> {
        let Some(i) = self
            .words
            .iter()
            .position(|w| w.starts_with('#') || w.bytes().all(|b| b.is_ascii_digit()))
        else {
            return Ok(None);
        };
        let word = self.words.remove(i);
        number(word)
            .map(|n| Some(TournamentId(n)))
            .ok_or_else(|| CommandError::TournamentNumber(word.to_string()))
    }

    fn done(&self) -> Result<(), CommandError> {
        match self.words.first() {
            Some(word) => Err(Self::unexpected(word)),
            None => Ok(()),
        }
    }

    /// The command these words are; `Ok(None)` for `tournament list`, which is `tournaments`.
    pub(super) fn command(mut self) -> Result<Option<TournamentCommand>, CommandError> {
        let verb = self.words.first().map(|w| w.to_lowercase());
        let known = matches!(
            verb.as_deref(),
            Some(
                "create"
                    | "new"
                    | "join"
                    | "leave"
                    | "start"
                    | "cancel"
                    | "withdraw"
                    | "table"
                    | "standings"
                    | "list"
            )
        );
        if known {
            self.words.remove(0);
        }
        let command = match verb.as_deref().filter(|_| known) {
            Some("create" | "new") => return self.create().map(Some),
            Some("list") => {
                self.done()?;
                return Ok(None);
            }
            Some("join") => TournamentCommand::Join {
                tournament: self.take_tournament()?,
            },
            Some("leave") => TournamentCommand::Leave {
                tournament: self.take_tournament()?,
            },
            Some("start") => TournamentCommand::Start {
                tournament: self.take_tournament()?,
            },
            Some("cancel") => TournamentCommand::Cancel {
                tournament: self.take_tournament()?,
            },
            Some("withdraw") => {
                let tournament = self.take_tournament()?;
                let Some(&word) = self.words.first() else {
                    return Err(Self::missing(Needed::Player));
                };
                let player =
                    player_ref(word, self.mentions).ok_or_else(|| Self::unexpected(word))??;
                self.words.remove(0);
                TournamentCommand::Withdraw { tournament, player }
            }
            Some("table") => TournamentCommand::Table {
                tournament: self.take_tournament()?,
            },
            _ => {
                // `tournament [#T]`, `tournament [#T] table`, `tournament standings [#T]`.
                let tournament = self.take_tournament()?;
                match self.words.first().map(|w| w.to_lowercase()).as_deref() {
                    Some("table") => {
                        self.words.remove(0);
                        TournamentCommand::Table { tournament }
                    }
                    _ => TournamentCommand::Standings { tournament },
                }
            }
        };
        self.done()?;
        Ok(Some(command))
    }

    fn create(self) -> Result<TournamentCommand, CommandError> {
        let mut words = self.words.into_iter().peekable();
        let Some(first) = words.next() else {
            return Err(Self::missing(Needed::TournamentName));
        };
        if is_create_word(first) {
            return Err(Self::missing(Needed::TournamentName));
        }
        // Several words in quotes, or the words up to the first option word.
        let closing = match first.chars().next() {
            Some('"') => Some('"'),
            Some('“') => Some('”'),
            Some('«') => Some('»'),
            Some('„') => Some('“'),
            _ => None,
        };
        let typed = match closing {
            None => {
                let mut parts = vec![first];
                while let Some(word) = words.next_if(|w| !is_create_word(w)) {
                    parts.push(word);
                }
                parts.join(" ")
            }
            Some(close) => {
                let mut parts = vec![&first[first.chars().next().map_or(0, char::len_utf8)..]];
                let mut closed = false;
                if parts[0].ends_with(close) && !parts[0].is_empty() {
                    closed = true;
                } else {
                    for word in words.by_ref() {
                        parts.push(word);
                        if word.ends_with(close) {
                            closed = true;
                            break;
                        }
                    }
                }
                if !closed {
                    return Err(CommandError::TournamentName(parts.join(" ")));
                }
                let joined = parts.join(" ");
                joined[..joined.len() - close.len_utf8()].to_string()
            }
        };
        let name = TournamentName::parse(&typed)?;
        // Each setting as typed, so that two that disagree can be named.
        let mut days: Option<(Days, String)> = None;
        let mut double: Option<(bool, String)> = None;
        let mut rated: Option<(bool, String)> = None;
        let mut max: Option<(MaxPlayers, String)> = None;
        while let Some(word) = words.next() {
            let lower = word.to_lowercase();
            match lower.as_str() {
                "double" | "single" => set_once(&mut double, lower == "double", word.to_string())?,
                "casual" | "unrated" | "rated" => {
                    set_once(&mut rated, lower == "rated", word.to_string())?
                }
                "days" | "day" => {
                    let n = words
                        .next()
                        .ok_or_else(|| Self::missing(Needed::DaysNumber))?;
                    set_once(&mut days, super::parse::days(n)?, format!("{word} {n}"))?;
                }
                "max" => {
                    let n = words
                        .next()
                        .ok_or_else(|| Self::missing(Needed::MaxPlayers))?;
                    let most = n
                        .parse::<u32>()
                        .ok()
                        .filter(|_| n.bytes().all(|b| b.is_ascii_digit()))
                        .and_then(MaxPlayers::new)
                        .ok_or_else(|| CommandError::MaxPlayers(n.to_string()))?;
                    set_once(&mut max, most, format!("{word} {n}"))?;
                }
                _ if is_days_word(&lower) => {
                    set_once(&mut days, super::parse::days(word)?, word.to_string())?
                }
                _ => return Err(Self::unexpected(word)),
            }
        }
        Ok(TournamentCommand::Create {
            name,
            days: days.map_or(Days::DEFAULT, |(d, _)| d),
            double: double.is_some_and(|(d, _)| d),
            rated: rated.is_none_or(|(r, _)| r),
            max: max.map(|(m, _)| m),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Command;
    use crate::command::mentions::tests::Brackets;

    /// Parses `s` as typed on a front end whose mentions look like Discord's.
    fn parse(s: &str) -> Command {
        Command::parse_with(s, &Brackets).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn t(command: TournamentCommand) -> Command {
        Command::Tournament(command)
    }

    #[test]
    fn the_tournament_words() {
        assert_eq!(
            parse("tournament create Spring days 5 double casual max 6"),
            t(TournamentCommand::Create {
                name: TournamentName::new("Spring").unwrap(),
                days: Days::new(5).unwrap(),
                double: true,
                rated: false,
                max: MaxPlayers::new(6),
            })
        );
        assert_eq!(
            parse("tournament create \"Spring Open 2026\" 7d"),
            t(TournamentCommand::Create {
                name: TournamentName::new("Spring Open 2026").unwrap(),
                days: Days::new(7).unwrap(),
                double: false,
                rated: true,
                max: None,
            })
        );
        assert_eq!(
            parse("tournament create «Coupe d’hiver»"),
            t(TournamentCommand::Create {
                name: TournamentName::new("Coupe d’hiver").unwrap(),
                days: Days::DEFAULT,
                double: false,
                rated: true,
                max: None,
            })
        );
        // A name of several words needs no quotes: it runs up to the first option word.
        assert_eq!(
            parse("tournament create Winter Cup days 3"),
            t(TournamentCommand::Create {
                name: TournamentName::new("Winter Cup").unwrap(),
                days: Days::new(3).unwrap(),
                double: false,
                rated: true,
                max: None,
            })
        );
        assert_eq!(
            parse("tournament create Spring Open 2026 5d single casual"),
            t(TournamentCommand::Create {
                name: TournamentName::new("Spring Open 2026").unwrap(),
                days: Days::new(5).unwrap(),
                double: false,
                rated: false,
                max: None,
            })
        );
        assert_eq!(
            parse("tournament"),
            t(TournamentCommand::Standings { tournament: None })
        );
        assert_eq!(
            parse("tournament #3"),
            t(TournamentCommand::Standings {
                tournament: Some(TournamentId(3))
            })
        );
        assert_eq!(
            parse("tournament #3 table"),
            t(TournamentCommand::Table {
                tournament: Some(TournamentId(3))
            })
        );
        assert_eq!(
            parse("tournament table"),
            t(TournamentCommand::Table { tournament: None })
        );
        assert_eq!(
            parse("tournament join 2"),
            t(TournamentCommand::Join {
                tournament: Some(TournamentId(2))
            })
        );
        assert_eq!(
            parse("tournament withdraw #2 <@42>"),
            t(TournamentCommand::Withdraw {
                tournament: Some(TournamentId(2)),
                player: PlayerRef::Id(42)
            })
        );
        assert_eq!(parse("tournaments"), Command::Tournaments);
        assert_eq!(parse("tournament list"), Command::Tournaments);
    }

    #[test]
    fn tournament_mistakes_are_named() {
        let error = |s: &str| Command::parse(s).unwrap_err().to_string();
        assert_eq!(
            error("tournament create"),
            "`tournament` needs the tournament's name. Usage: `tournament create NAME [days N] [double] [casual] [max N] | join|leave|start|cancel [#T] | withdraw [#T] @player | [#T] [table]`"
        );
        assert_eq!(
            error("tournament create Spring max 40"),
            "A tournament takes 3 to 12 players: `max 40` is out of range."
        );
        assert_eq!(
            error("tournament create \"Spring Open"),
            "`Spring Open` is not a tournament name: use 1 to 32 letters, digits, spaces or plain punctuation, in quotes if it holds an option word (`\"Double Trouble\"`)."
        );
        assert_eq!(
            error("tournament create <@1>"),
            "`<@1>` is not a tournament name: use 1 to 32 letters, digits, spaces or plain punctuation, in quotes if it holds an option word (`\"Double Trouble\"`)."
        );
        assert!(
            error("tournament withdraw").starts_with("`tournament` needs the player to withdraw.")
        );
        // Options that disagree are refused, naming both.
        for (typed, first, second) in [
            ("Spring days 1 days 14", "days 1", "days 14"),
            ("Spring single double", "single", "double"),
            ("Spring casual rated", "casual", "rated"),
            ("Spring max 4 max 6", "max 4", "max 6"),
            ("Winter Cup 3d days 5", "3d", "days 5"),
        ] {
            assert_eq!(
                Command::parse(&format!("tournament create {typed}")),
                Err(CommandError::ConflictingOptions {
                    first: first.into(),
                    second: second.into()
                }),
                "{typed}"
            );
        }
        // Saying one thing twice is refused too: the second may be a slip for another option.
        for (typed, first, second) in [
            ("Club Night double double", "double", "double"),
            ("Club Night days 2 2d", "days 2", "2d"),
        ] {
            assert_eq!(
                Command::parse(&format!("tournament create {typed}")),
                Err(CommandError::RepeatedOption {
                    first: first.into(),
                    second: second.into()
                }),
                "{typed}"
            );
        }
        assert_eq!(
            error("tournament create Club Night days 2 2d"),
            "`days 2` and `2d` give the same option twice: keep one."
        );
        assert_eq!(
            error("tournament create Spring days 1 days 14"),
            "`days 1` and `days 14` say different things: keep the one you mean."
        );
        for (typed, link) in [
            ("https://discord.gg/abc", "https://discord.gg/abc"),
            ("discord.gg/abc", "discord.gg/abc"),
            ("\"Join discord.gg/abc now\"", "discord.gg/abc"),
            ("«Cup at www.example.org»", "www.example.org"),
            ("\"Spring evil.com\"", "evil.com"),
            ("\"(example.xyz)\"", "(example.xyz)"),
            ("\"Go to t.me/chan\"", "t.me/chan"),
            ("HTTP://X", "HTTP://X"),
        ] {
            assert_eq!(
                Command::parse(&format!("tournament create {typed}")),
                Err(CommandError::TournamentNameLink(link.into())),
                "{typed}"
            );
        }
        assert!(
            error("tournament create https://discord.gg/abc").starts_with(
                "A tournament's name cannot be a link or an invite (`https://discord.gg/abc`)"
            )
        );
        // Abbreviations, numbers and the like are names.
        for name in [
            "U.S. Open",
            "St. Petersburg",
            "v2.0 Cup",
            "Café: 3/4 finals",
            "A.B.C",
        ] {
            assert_eq!(
                TournamentName::parse(name).map(|n| n.to_string()),
                Ok(name.to_string())
            );
        }
        // No mention, formatting or direction trick either.
        for name in [
            "@everyone",
            "<@1>",
            "**Big**",
            "`x`",
            "a\u{202e}b",
            "||spoiler||",
        ] {
            assert_eq!(
                TournamentName::parse(name),
                Err(CommandError::TournamentName(name.into())),
                "{name}"
            );
        }
        assert_eq!(
            error("tournament join #x"),
            "`#x` is not a tournament number; tournament numbers look like `#2`."
        );
        assert!(
            error("tournament join #2 now").starts_with("`tournament` does not understand `now`.")
        );
    }
}
