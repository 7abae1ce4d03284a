//! The few values every layer speaks of — players, games, challenges, places and times — kept
//! below `store`, `game` and the front ends so that each can name them without depending on the
//! others (a front end names a game without importing the store).

#![warn(missing_docs)]

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The most characters of a player's name that are kept: Discord's display names stop at 32,
/// and the margin takes other front ends' names. A longer one (a database or a front end
/// could hold 100,000 characters) is cut, so that no record, page or picture has to lay it out.
pub const PLAYER_NAME_MAX: usize = 64;

/// A player's name as it is kept: without control characters (a newline would break a
/// record's lines) and at most [`PLAYER_NAME_MAX`] characters, the last of them an ellipsis
/// when it was cut.
pub fn kept_name(name: &str) -> String {
    let mut chars = name.chars().filter(|c| !c.is_control());
    let mut kept: String = chars.by_ref().take(PLAYER_NAME_MAX - 1).collect();
    let rest: Vec<char> = chars.take(2).collect();
    match rest.as_slice() {
        [] => {}
        [last] => kept.push(*last),
        _ => kept.push('…'),
    }
    kept
}

/// A Discord user id: a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u64);

/// A game's number, as players type it (`#42`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

/// A challenge's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChallengeId(pub i64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

impl fmt::Display for ChallengeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A tournament's number, as players type it (`tournament join #2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TournamentId(pub i64);

impl fmt::Display for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A moment, as Unix milliseconds (UTC): how every time is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// The system clock now. The store itself never calls this; callers with an injectable clock
    /// pass their own times.
    pub fn now() -> Timestamp {
        Timestamp::from_system_time(SystemTime::now())
    }

    /// The timestamp of a [`SystemTime`] (times before 1970 count as 1970).
    pub fn from_system_time(time: SystemTime) -> Timestamp {
        let millis = time
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0);
        Timestamp(i64::try_from(millis).unwrap_or(i64::MAX))
    }

    /// This timestamp as a [`SystemTime`].
    pub fn to_system_time(self) -> SystemTime {
        UNIX_EPOCH + Duration::from_millis(self.0.max(0).unsigned_abs())
    }

    /// This moment plus a duration (saturating).
    pub fn plus(self, duration: Duration) -> Timestamp {
        let millis = i64::try_from(duration.as_millis()).unwrap_or(i64::MAX);
        Timestamp(self.0.saturating_add(millis))
    }

    /// The calendar date (year, month, day) of this moment in UTC.
    pub fn utc_date(self) -> (i64, u32, u32) {
        // Howard Hinnant's days-to-civil algorithm.
        let z = self.0.div_euclid(86_400_000) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        (yoe + era * 400 + i64::from(month <= 2), month, day)
    }

    /// This moment plus whole days.
    pub fn plus_days(self, days: u32) -> Timestamp {
        self.plus(Duration::from_secs(u64::from(days) * 86_400))
    }
}

/// Where something happens on Discord (or in the console, which uses made-up ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The server (guild); `None` in direct messages.
    pub server: Option<u64>,
    /// The channel.
    pub channel: u64,
    /// The thread inside the channel, when there is one.
    pub thread: Option<u64>,
    /// Whether the bot may post there on its own.
    pub reach: Reach,
}

impl Place {
    /// The console's one place: a made-up server and channel, both 1, apart from any Discord
    /// id (Discord's ids are snowflakes, in the billions and beyond).
    pub const CONSOLE: Place = Place {
        server: Some(1),
        channel: 1,
        thread: None,
        reach: Reach::Posts,
    };

    /// Where a player acts from a game's web page (`rollerball-web`): no server, a made-up
    /// channel 2 apart from the console's and from any Discord id. Nothing is played *in* it
    /// (a game's place is always a chat's): a command made there names its game, and its
    /// answer goes back to the page alone, so the game's own place hears of it from the
    /// event log like anyone else.
    pub const WEB: Place = Place {
        server: None,
        channel: 2,
        thread: None,
        reach: Reach::Answers,
    };

    /// The front end whose place this is.
    pub fn front_end(&self) -> FrontEnd {
        if self.server == Place::CONSOLE.server && self.channel == Place::CONSOLE.channel {
            FrontEnd::Console
        } else if *self == Place::WEB {
            FrontEnd::Web
        } else {
            FrontEnd::Discord
        }
    }

    /// Whether the bot may post in this place on its own (a reminder, a time-out, a game's
    /// thread), rather than only answer the commands made there.
    pub fn bot_posts(&self) -> bool {
        self.reach == Reach::Posts
    }
}

/// Where a game is played: the front end its place belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrontEnd {
    /// A Discord server, DM or group DM.
    Discord,
    /// The terminal console (`rollerball console`).
    Console,
    /// A game's web page, where a player with a private link moves ([`Place::WEB`]).
    Web,
}

impl FrontEnd {
    /// Its name, as a game record's `Site` gives it.
    pub const fn name(self) -> &'static str {
        match self {
            FrontEnd::Discord => "Discord",
            FrontEnd::Console => "Rollerball console",
            FrontEnd::Web => "Rollerball web",
        }
    }
}

/// What the bot can do in a place: post there on its own, or only answer what players ask
/// there. A player who added the app to their own account can use its commands where the bot
/// is no member — a DM or group DM between friends, a server that did not add the bot — and
/// there the bot answers each command (its response and follow-ups) but can neither post nor
/// read messages; what it would post there reaches the players by direct message instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reach {
    /// The bot is there: it may post (a server that added it, its own DMs, the console).
    #[default]
    Posts,
    /// The bot only answers the commands made there.
    Answers,
}

/// A playing strength of the computer, from 1 (a beginner's opponent) to 5 (the strongest
/// within two seconds a move): what a game against the computer was started at. A value of this
/// type is always in range. (How each level plays is the engine's: `Settings::of`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);
    /// The level of a game against the computer that names none: a fair game for a club
    /// player.
    pub const DEFAULT: Level = Level(3);

    /// Level `n`, if `n` is 1 to 5.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0)
            .contains(&n)
            .then_some(Level(n))
    }

    /// The level's number, 1 to 5.
    pub fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {}", self.0)
    }
}

/// Days per move: the allowance for each move of a correspondence game, 1 to 14. A value of
/// this type is always in range, so no front end can hand the service another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Days(u32);

impl Days {
    /// The shortest allowance.
    pub const MIN: Days = Days(1);
    /// The longest allowance.
    pub const MAX: Days = Days(14);
    /// The allowance when a challenge names none.
    pub const DEFAULT: Days = Days(3);

    /// `n` days, if `n` is within [`Days::MIN`] and [`Days::MAX`].
    pub fn new(n: u32) -> Option<Days> {
        (Days::MIN.0..=Days::MAX.0).contains(&n).then_some(Days(n))
    }

    /// The number of days.
    pub fn get(self) -> u32 {
        self.0
    }
}

impl fmt::Display for Days {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn names_are_kept_short_and_on_one_line() {
        assert_eq!(kept_name("alice"), "alice");
        assert_eq!(kept_name("al\nice\u{7}"), "alice");
        let exact = "x".repeat(PLAYER_NAME_MAX);
        assert_eq!(kept_name(&exact), exact);
        let long = "é".repeat(100_000);
        let kept = kept_name(&long);
        assert_eq!(kept.chars().count(), PLAYER_NAME_MAX);
        assert_eq!(kept, format!("{}…", "é".repeat(PLAYER_NAME_MAX - 1)));
    }
}
