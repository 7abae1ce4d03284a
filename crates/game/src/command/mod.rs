//! The command language: one parser for every front end (Discord slash commands and prefix
//! messages, buttons, the console), and the help that explains each command.
//!
//! Commands carry typed values ([`GameId`], [`ChallengeId`], [`Days`], [`Level`]): a value out
//! of range is refused where it is read, by the text parser here or by a front end's own reader
//! (a slash command's options), with a [`CommandError`], so it never reaches the service.
//!
//! A line is a command word and its arguments, separated by spaces: `challenge @bob white days 5`,
//! `move Rb7`, `draw decline`. Words are case-insensitive (moves are not: `B` is a bishop, `b`
//! the b-file). A game is picked with `#ID` anywhere among the arguments when a player has more
//! than one in the same place.

use std::fmt;

mod clean;
mod correspondence;
mod front_end_error;
mod help;
mod mentions;
mod options;
mod parse;
mod tournament;

pub use clean::{clean_text, is_direction_control, looks_like_move, looks_like_move_attempt};
pub use correspondence::{ForecastChange, VacationChange, forecast_change, vacation_days_number};
pub use front_end_error::FrontEndError;
pub use help::{HELP, HelpEntry, help_entry};
pub use mentions::{Mentioned, Mentions, PlainMentions};
pub use parse::{challenge_number, days_number, game_number, level_number};
pub use tournament::{
    MAX_PLAYERS, MIN_PLAYERS, MaxPlayers, NAME_MAX, TournamentCommand, TournamentName,
    max_players_number, tournament_number,
};

use super::i18n::{self, Lang, tr};
pub use crate::engine::Level;
pub use crate::model::{ChallengeId, Days, GameId, TournamentId};
use crate::rules::{Color, Square};

/// Longest line the parser reads. Discord allows 4,000 characters; no command needs a tenth.
pub const MAX_LINE: usize = 300;

/// Someone named in a command: by a front end's mention (Discord's `<@123>`, read by its
/// [`Mentions`]) or by name (`@bob`, the console).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerRef {
    /// A user id from a mention.
    Id(u64),
    /// A name typed after `@`; the front end resolves it.
    Name(String),
}

/// Whom a challenge is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// One player, who alone may accept.
    Player(PlayerRef),
    /// Anyone in the same place may accept.
    Open,
    /// The computer opponent at a level from 1 (beginner) to 5 (strongest): the game starts at
    /// once.
    Computer {
        /// How strongly it plays.
        level: Level,
    },
}

/// The computer's level when a challenge names none.
pub const DEFAULT_COMPUTER_LEVEL: Level = Level::DEFAULT;

/// An answer to a pending offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Take the offer.
    Accept,
    /// Refuse it (or withdraw one's own).
    Decline,
}

/// A setting a player can change with `settings`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The language of replies: a locale such as `en`, `fr`.
    Language(String),
    /// Whether the bot mentions (pings) the player on their turn and in reminders.
    Pings(bool),
    /// Whether the bot sends the player a direct message when it becomes their move and with
    /// each reminder.
    DirectMessages(bool),
}

/// A parsed command. `game` fields are the `#ID` a player gave, if any: without one, the
/// service finds the player's game in the place they asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `help [command]`.
    Help {
        /// The command to explain; the list of all without one.
        topic: Option<String>,
    },
    /// `rules`: the illustrated summary of Rollerball.
    Rules,
    /// `challenge [@player] [white|black|random] [days N] [casual]`.
    Challenge {
        /// Whom the challenge is for.
        opponent: Opponent,
        /// The challenger's colour; `None` draws it by lot.
        colour: Option<Color>,
        /// Days per move.
        days: Days,
        /// Whether the game counts for ratings.
        rated: bool,
    },
    /// `accept [#ID]`: take a challenge.
    Accept {
        /// The challenge named, if any.
        challenge: Option<ChallengeId>,
    },
    /// `decline [#ID]`: refuse a challenge made to you.
    Decline {
        /// The challenge named, if any.
        challenge: Option<ChallengeId>,
    },
    /// `cancel [#ID]`: withdraw your own challenge.
    Cancel {
        /// The challenge named, if any.
        challenge: Option<ChallengeId>,
    },
    /// `move [#ID] MOVE`.
    Move {
        /// The game named, if any.
        game: Option<GameId>,
        /// The move as typed, in any notation the move reader takes.
        text: String,
    },
    /// `board [#ID]`.
    Board {
        /// The game named, if any.
        game: Option<GameId>,
    },
    /// `moves [#ID] [SQUARE]`: legal moves, optionally of the piece on one square.
    Moves {
        /// The game named, if any.
        game: Option<GameId>,
        /// The square of the piece whose moves are asked for.
        square: Option<Square>,
    },
    /// `history [#ID]`.
    History {
        /// The game named, if any.
        game: Option<GameId>,
    },
    /// `games`: your active games.
    Games,
    /// `game ID`: any game, for spectators.
    Game {
        /// The game to show.
        game: GameId,
    },
    /// `export [#ID]`: the PGN record and the animated GIF.
    Export {
        /// The game named, if any.
        game: Option<GameId>,
    },
    /// `web [#ID]`: the game's web page, and for its player a private link to play it from a
    /// browser.
    Web {
        /// The game named, if any.
        game: Option<GameId>,
    },
    /// `web revoke`: every private link the player was given stops working.
    WebRevoke,
    /// `analysis [#ID]`: the engine's look at a finished game.
    Analysis {
        /// The game named, if any (else the one whose thread this is).
        game: Option<GameId>,
    },
    /// `resign [#ID] [confirm]`: resigning asks once for confirmation.
    Resign {
        /// The game named, if any.
        game: Option<GameId>,
        /// Already confirmed (`confirm`, or the confirmation button).
        confirmed: bool,
    },
    /// `draw [#ID] [accept|decline]`: offer, accept or decline a draw.
    Draw {
        /// The game named, if any.
        game: Option<GameId>,
        /// The answer to a pending offer; `None` makes (or accepts) one.
        answer: Option<Answer>,
    },
    /// `takeback [#ID] [accept|decline]`: ask for the last move back, or answer the request.
    Takeback {
        /// The game named, if any.
        game: Option<GameId>,
        /// The answer to a pending request; `None` makes (or accepts) one.
        answer: Option<Answer>,
    },
    /// `abort [#ID]`: call the game off before each side has moved.
    Abort {
        /// The game named, if any.
        game: Option<GameId>,
    },
    /// `moretime [#ID] DAYS`: give your opponent extra days.
    MoreTime {
        /// The game named, if any.
        game: Option<GameId>,
        /// How many days more.
        days: Days,
    },
    /// `rematch [#ID]`: challenge the same opponent again, colours swapped.
    Rematch {
        /// The finished game to play again.
        game: Option<GameId>,
    },
    /// `settings [language CODE | pings on|off | dm on|off]`: show or change your settings.
    Settings {
        /// The change; `None` shows the settings.
        change: Option<Setting>,
    },
    /// `leaderboard`: the best rated players here, and the asker's own place.
    Leaderboard,
    /// `stats [@player]`: a player's ratings and record (the asker's own without a name).
    Stats {
        /// The player named, if any.
        player: Option<PlayerRef>,
    },
    /// `tournament …`: a round-robin tournament's sign-up, start, standings and crosstable.
    Tournament(TournamentCommand),
    /// `tournaments`: this server's tournaments, open, running and finished.
    Tournaments,
    /// `forecast [#ID] [MOVES… | clear]`: your conditional moves in a game.
    Forecast {
        /// The game named, if any.
        game: Option<GameId>,
        /// List, clear or add lines.
        change: ForecastChange,
    },
    /// `vacation [on [DAYS] | off]`: show, start or end your vacation.
    Vacation {
        /// The change; `None` shows what is left.
        change: Option<VacationChange>,
    },
}

impl Command {
    /// The player the command names (a challenge's opponent, whose `stats`, whom to withdraw
    /// from a tournament), if it names one: what a front end checks against the users its
    /// platform knows.
    pub fn named_player(&self) -> Option<&PlayerRef> {
        match self {
            Command::Challenge {
                opponent: Opponent::Player(player),
                ..
            }
            | Command::Stats {
                player: Some(player),
            }
            | Command::Tournament(TournamentCommand::Withdraw { player, .. }) => Some(player),
            _ => None,
        }
    }
}

/// Why a line is not a command. [`CommandError::text`] says it to a player in their
/// language; `Display` says it in English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// Nothing was typed.
    Empty,
    /// The line is longer than [`MAX_LINE`] characters (its length).
    TooLong(usize),
    /// The first word is no command.
    Unknown {
        /// The word typed.
        word: String,
        /// The command it is closest to, if one is close.
        suggestion: Option<&'static str>,
    },
    /// Something the command needs is missing.
    Missing {
        /// The command.
        command: &'static str,
        /// What it lacks.
        what: Needed,
        /// Its usage line.
        usage: &'static str,
    },
    /// A word the command does not take.
    Unexpected {
        /// The command.
        command: &'static str,
        /// The word it does not understand.
        word: String,
        /// Its usage line.
        usage: &'static str,
    },
    /// Days per move out of range, or not a number.
    Days(String),
    /// A game or challenge number that is none.
    GameNumber(String),
    /// A computer level out of range, or not a number.
    Level(String),
    /// A text-direction control character (its code point) in the line.
    DirectionControl(u32),
    /// A tournament number that is none.
    TournamentNumber(String),
    /// A tournament name that cannot be one (as typed).
    TournamentName(String),
    /// A tournament name that is or holds a link or an invite (the word that is one).
    TournamentNameLink(String),
    /// Two options of one command that say different things (each as typed: `days 1`,
    /// `days 14`).
    ConflictingOptions {
        /// The first, as typed.
        first: String,
        /// The one that disagrees with it, as typed.
        second: String,
    },
    /// One option of a command given twice (each as typed: `white`, `white`; `days 2`, `2d`).
    RepeatedOption {
        /// The first, as typed.
        first: String,
        /// The second, as typed.
        second: String,
    },
    /// A tournament's most players out of range, or not a number.
    MaxPlayers(String),
    /// Vacation days out of range, or not a number.
    VacationDays(String),
    /// A refusal of what only a front end reads (a slash command's subcommand, a modal's
    /// field, its mention syntax), in the front end's own words.
    FrontEnd(FrontEndError),
}

/// What a command lacks, in [`CommandError::Missing`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needed {
    /// `move` without the move.
    Move,
    /// `game` without a number.
    GameNumber,
    /// `moretime` without the days.
    Days,
    /// `level` at the end of a challenge.
    Level,
    /// `days` at the end of a challenge.
    DaysNumber,
    /// `settings language` without the code.
    Language,
    /// `settings pings` or `settings dm` without `on` or `off`.
    OnOff,
    /// `tournament create` without the name.
    TournamentName,
    /// `tournament withdraw` without the player.
    Player,
    /// `max` at the end of `tournament create`.
    MaxPlayers,
}

impl Needed {
    fn message(self) -> &'static str {
        match self {
            Needed::Move => "command-needs-move",
            Needed::GameNumber => "command-needs-game-number",
            Needed::Days => "command-needs-days",
            Needed::Level => "command-needs-level",
            Needed::DaysNumber => "command-needs-days-number",
            Needed::Language => "command-needs-language",
            Needed::OnOff => "command-needs-on-off",
            Needed::TournamentName => "command-needs-tournament-name",
            Needed::Player => "command-needs-player",
            Needed::MaxPlayers => "command-needs-max-players",
        }
    }
}

impl CommandError {
    /// The id of the message [`CommandError::text`] says it with, such as `command-days`.
    pub fn id(&self) -> &'static str {
        match self {
            CommandError::Empty => "command-empty",
            CommandError::TooLong(_) => "command-too-long",
            CommandError::Unknown {
                suggestion: Some(_),
                ..
            } => "command-unknown-suggest",
            CommandError::Unknown {
                suggestion: None, ..
            } => "command-unknown",
            CommandError::Missing { .. } => "command-missing",
            CommandError::Unexpected { .. } => "command-unexpected",
            CommandError::Days(_) => "command-days",
            CommandError::GameNumber(_) => "command-game-number",
            CommandError::Level(_) => "command-level",
            CommandError::DirectionControl(_) => "command-direction-control",
            CommandError::TournamentNumber(_) => "command-tournament-number",
            CommandError::TournamentName(_) => "command-tournament-name",
            CommandError::ConflictingOptions { .. } => "command-conflicting-options",
            CommandError::RepeatedOption { .. } => "command-repeated-option",
            CommandError::TournamentNameLink(_) => "command-tournament-name-link",
            CommandError::MaxPlayers(_) => "command-max-players",
            CommandError::VacationDays(_) => "command-vacation-days",
            CommandError::FrontEnd(error) => error.id,
        }
    }

    /// The message a player reads, in `lang`. Command words and usage lines stay English:
    /// they are what the parser reads.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            CommandError::Empty => tr!(lang, "command-empty"),
            CommandError::TooLong(length) => tr!(lang, "command-too-long", length = *length),
            CommandError::Unknown {
                word,
                suggestion: Some(suggestion),
            } => tr!(
                lang,
                "command-unknown-suggest",
                word = word,
                suggestion = *suggestion
            ),
            CommandError::Unknown {
                word,
                suggestion: None,
            } => tr!(lang, "command-unknown", word = word),
            CommandError::Missing {
                command,
                what,
                usage,
            } => tr!(
                lang,
                "command-missing",
                command = *command,
                what = Lang::text(lang, what.message(), &i18n::Args::new()),
                usage = *usage
            ),
            CommandError::Unexpected {
                command,
                word,
                usage,
            } => tr!(
                lang,
                "command-unexpected",
                command = *command,
                word = word,
                usage = *usage
            ),
            CommandError::Days(word) => tr!(
                lang,
                "command-days",
                min = Days::MIN.get(),
                max = Days::MAX.get(),
                word = word
            ),
            CommandError::GameNumber(word) => tr!(lang, "command-game-number", word = word),
            CommandError::Level(word) => tr!(lang, "command-level", word = word),
            CommandError::DirectionControl(code) => tr!(
                lang,
                "command-direction-control",
                code = format!("{code:04X}")
            ),
            CommandError::TournamentNumber(word) => {
                tr!(lang, "command-tournament-number", word = word)
            }
            CommandError::TournamentName(word) => {
                tr!(lang, "command-tournament-name", word = word, max = NAME_MAX)
            }
            CommandError::ConflictingOptions { first, second } => tr!(
                lang,
                "command-conflicting-options",
                first = first.as_str(),
                second = second.as_str()
            ),
            CommandError::RepeatedOption { first, second } => tr!(
                lang,
                "command-repeated-option",
                first = first.as_str(),
                second = second.as_str()
            ),
            CommandError::TournamentNameLink(word) => {
                tr!(lang, "command-tournament-name-link", word = word)
            }
            CommandError::MaxPlayers(word) => tr!(
                lang,
                "command-max-players",
                word = word,
                min = MIN_PLAYERS,
                max = MAX_PLAYERS
            ),
            CommandError::VacationDays(word) => tr!(
                lang,
                "command-vacation-days",
                word = word,
                max = crate::limits::VACATION_DAYS_PER_YEAR
            ),
            CommandError::FrontEnd(error) => error.text(lang),
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for CommandError {}

impl From<FrontEndError> for CommandError {
    fn from(error: FrontEndError) -> CommandError {
        CommandError::FrontEnd(error)
    }
}
