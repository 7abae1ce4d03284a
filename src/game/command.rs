//! The command language: one parser for every front end (Discord slash commands and prefix
//! messages, buttons, the console), and the help that explains each command.
//!
//! A line is a command word and its arguments, separated by spaces: `challenge @bob white days 5`,
//! `move Rb7`, `draw decline`. Words are case-insensitive (moves are not: `B` is a bishop, `b`
//! the b-file). A game is picked with `#ID` anywhere among the arguments when a player has more
//! than one in the same place.

use std::fmt;

use super::i18n::{self, Lang, tr};
use crate::rules::{Color, Square};

/// Longest line the parser reads. Discord allows 4,000 characters; no command needs a tenth.
pub const MAX_LINE: usize = 300;

/// Days per move: the allowance for each move of a correspondence game.
pub const MIN_DAYS: u32 = 1;
/// The most days a move may be given.
pub const MAX_DAYS: u32 = 14;
/// The allowance when a challenge names none.
pub const DEFAULT_DAYS: u32 = 3;

/// Someone named in a command: by Discord mention (`<@123>`) or by name (`@bob`, the console).
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
    Computer { level: u8 },
}

/// The computer's level when a challenge names none.
pub const DEFAULT_COMPUTER_LEVEL: u8 = 3;

/// An answer to a pending offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Decline,
}

/// A setting a player can change with `settings`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The language of replies: a locale such as `en`, `fr`.
    Language(String),
    /// Whether the bot mentions (pings) the player on their turn and in reminders.
    Pings(bool),
}

/// A parsed command. `game` fields are the `#ID` a player gave, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `help [command]`.
    Help { topic: Option<String> },
    /// `rules`: the illustrated summary of Rollerball.
    Rules,
    /// `challenge [@player] [white|black|random] [days N] [casual]`.
    Challenge {
        opponent: Opponent,
        /// The challenger's colour; `None` draws it by lot.
        colour: Option<Color>,
        days: u32,
        rated: bool,
    },
    /// `accept [#ID]`: take a challenge.
    Accept { challenge: Option<i64> },
    /// `decline [#ID]`: refuse a challenge made to you.
    Decline { challenge: Option<i64> },
    /// `cancel [#ID]`: withdraw your own challenge.
    Cancel { challenge: Option<i64> },
    /// `move [#ID] MOVE`.
    Move { game: Option<i64>, text: String },
    /// `board [#ID]`.
    Board { game: Option<i64> },
    /// `moves [#ID] [SQUARE]`: legal moves, optionally of the piece on one square.
    Moves {
        game: Option<i64>,
        square: Option<Square>,
    },
    /// `history [#ID]`.
    History { game: Option<i64> },
    /// `games`: your active games.
    Games,
    /// `game ID`: any game, for spectators.
    Game { game: i64 },
    /// `export [#ID]`: the PGN record and the animated GIF.
    Export { game: Option<i64> },
    /// `resign [#ID] [confirm]`: resigning asks once for confirmation.
    Resign { game: Option<i64>, confirmed: bool },
    /// `draw [#ID] [accept|decline]`: offer, accept or decline a draw.
    Draw {
        game: Option<i64>,
        answer: Option<Answer>,
    },
    /// `takeback [#ID] [accept|decline]`: ask for the last move back, or answer the request.
    Takeback {
        game: Option<i64>,
        answer: Option<Answer>,
    },
    /// `abort [#ID]`: call the game off before each side has moved.
    Abort { game: Option<i64> },
    /// `moretime [#ID] DAYS`: give your opponent extra days.
    MoreTime { game: Option<i64>, days: u32 },
    /// `rematch [#ID]`: challenge the same opponent again, colours swapped.
    Rematch { game: Option<i64> },
    /// `settings [language CODE | pings on|off]`: show or change your settings.
    Settings { change: Option<Setting> },
    /// `leaderboard`: the best rated players here, and the asker's own place.
    Leaderboard,
    /// `stats [@player]`: a player's ratings and record (the asker's own without a name).
    Stats { player: Option<PlayerRef> },
}

/// Why a line is not a command. [`CommandError::text`] says it to a player in their
/// language; `Display` says it in English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    Empty,
    TooLong(usize),
    Unknown {
        word: String,
        suggestion: Option<&'static str>,
    },
    Missing {
        command: &'static str,
        what: Needed,
        usage: &'static str,
    },
    Unexpected {
        command: &'static str,
        word: String,
        usage: &'static str,
    },
    Days(String),
    GameNumber(String),
    Level(String),
    /// A text-direction control character (its code point) in the line.
    DirectionControl(u32),
    /// A role mention (`<@&123>`) where a challenge names its opponent.
    RoleMention(String),
}

/// Zero-width characters: invisible, and harmless to drop (a move copied from elsewhere may
/// carry one), so the text reads as it looks.
fn is_zero_width(c: char) -> bool {
    matches!(c, '\u{00ad}' | '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

/// Marks, embeddings, overrides and isolates of text direction: they make text show in
/// another order than the bot reads it, so a command carrying one is refused, not guessed at.
pub fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// What a player typed, made safe to read: refused when longer than [`MAX_LINE`] characters or
/// when it holds a text-direction control; zero-width characters dropped.
pub fn clean_text(text: &str) -> Result<String, CommandError> {
    let chars = text.chars().count();
    if chars > MAX_LINE {
        return Err(CommandError::TooLong(chars));
    }
    if let Some(c) = text.chars().find(|&c| is_direction_control(c)) {
        return Err(CommandError::DirectionControl(u32::from(c)));
    }
    Ok(text.chars().filter(|&c| !is_zero_width(c)).collect())
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
    /// `settings pings` without `on` or `off`.
    OnOff,
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
        }
    }
}

impl CommandError {
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
                min = MIN_DAYS,
                max = MAX_DAYS,
                word = word
            ),
            CommandError::GameNumber(word) => tr!(lang, "command-game-number", word = word),
            CommandError::Level(word) => tr!(lang, "command-level", word = word),
            CommandError::DirectionControl(code) => tr!(
                lang,
                "command-direction-control",
                code = format!("{code:04X}")
            ),
            CommandError::RoleMention(role) => {
                tr!(lang, "command-role-mention", role = role.as_str())
            }
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for CommandError {}

/// One command's entry in the help: its name, usage line and an example. What it does is
/// [`HelpEntry::summary`], in the reader's language.
pub struct HelpEntry {
    pub name: &'static str,
    pub usage: &'static str,
    pub example: &'static str,
}

impl HelpEntry {
    /// What the command does, in `lang` (the message `help-NAME`).
    pub fn summary(&self, lang: Lang) -> String {
        lang.text(&format!("help-{}", self.name), &i18n::Args::new())
    }
}

/// Every command, in the order `help` lists them.
pub const HELP: &[HelpEntry] = &[
    HelpEntry {
        name: "challenge",
        usage: "challenge [@player | computer [level N]] [white|black|random] [days N] [casual]",
        example: "challenge @bob white days 5",
    },
    HelpEntry {
        name: "accept",
        usage: "accept [#ID]",
        example: "accept",
    },
    HelpEntry {
        name: "decline",
        usage: "decline [#ID]",
        example: "decline",
    },
    HelpEntry {
        name: "cancel",
        usage: "cancel [#ID]",
        example: "cancel",
    },
    HelpEntry {
        name: "move",
        usage: "move [#ID] MOVE",
        example: "move Rb7",
    },
    HelpEntry {
        name: "board",
        usage: "board [#ID]",
        example: "board",
    },
    HelpEntry {
        name: "moves",
        usage: "moves [#ID] [SQUARE]",
        example: "moves e1",
    },
    HelpEntry {
        name: "history",
        usage: "history [#ID]",
        example: "history",
    },
    HelpEntry {
        name: "games",
        usage: "games",
        example: "games",
    },
    HelpEntry {
        name: "game",
        usage: "game ID",
        example: "game #12",
    },
    HelpEntry {
        name: "export",
        usage: "export [#ID]",
        example: "export",
    },
    HelpEntry {
        name: "resign",
        usage: "resign [#ID]",
        example: "resign",
    },
    HelpEntry {
        name: "draw",
        usage: "draw [#ID] [accept|decline]",
        example: "draw",
    },
    HelpEntry {
        name: "takeback",
        usage: "takeback [#ID] [accept|decline]",
        example: "takeback",
    },
    HelpEntry {
        name: "abort",
        usage: "abort [#ID]",
        example: "abort",
    },
    HelpEntry {
        name: "moretime",
        usage: "moretime [#ID] DAYS",
        example: "moretime 2",
    },
    HelpEntry {
        name: "rematch",
        usage: "rematch [#ID]",
        example: "rematch",
    },
    HelpEntry {
        name: "leaderboard",
        usage: "leaderboard",
        example: "leaderboard",
    },
    HelpEntry {
        name: "stats",
        usage: "stats [@player]",
        example: "stats @bob",
    },
    HelpEntry {
        name: "rules",
        usage: "rules",
        example: "rules",
    },
    HelpEntry {
        name: "settings",
        usage: "settings [language CODE | pings on|off]",
        example: "settings pings off",
    },
    HelpEntry {
        name: "help",
        usage: "help [COMMAND]",
        example: "help challenge",
    },
];

/// The help entry of a command word, if there is one.
pub fn help_entry(name: &str) -> Option<&'static HelpEntry> {
    HELP.iter().find(|e| e.name.eq_ignore_ascii_case(name))
}

fn usage(name: &str) -> &'static str {
    help_entry(name).map_or("help", |e| e.usage)
}

/// Other words players reach for, mapped to the command they mean.
const ALIASES: &[(&str, &str)] = &[
    ("m", "move"),
    ("play", "move"),
    ("show", "board"),
    ("list", "games"),
    ("pgn", "export"),
    ("gif", "export"),
    ("offer", "draw"),
    ("undo", "takeback"),
    ("time", "moretime"),
    ("more-time", "moretime"),
    ("setting", "settings"),
    ("rule", "rules"),
    ("?", "help"),
    ("commands", "help"),
    ("forfeit", "resign"),
    ("top", "leaderboard"),
    ("ranking", "leaderboard"),
    ("rating", "stats"),
    ("ratings", "stats"),
    ("stat", "stats"),
    ("profile", "stats"),
];

/// Reads the `#12` / `12` game or challenge number.
fn number(word: &str) -> Option<i64> {
    let digits = word.strip_prefix('#').unwrap_or(word);
    if digits.is_empty() || digits.len() > 15 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n: &i64| n > 0)
}

/// Reads a mention: `<@123>`, `<@!123>` or `@name`.
fn player_ref(word: &str) -> Option<PlayerRef> {
    if let Some(inner) = word.strip_prefix("<@").and_then(|w| w.strip_suffix('>')) {
        let digits = inner.strip_prefix('!').unwrap_or(inner);
        return digits.parse().ok().map(PlayerRef::Id);
    }
    let name = word.strip_prefix('@')?;
    let ok = !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'));
    ok.then(|| PlayerRef::Name(name.to_string()))
}

fn days(word: &str) -> Result<u32, CommandError> {
    let digits = word.trim_end_matches(['d', 'D']);
    match digits.parse::<u32>() {
        Ok(n)
            if (MIN_DAYS..=MAX_DAYS).contains(&n) && digits.bytes().all(|b| b.is_ascii_digit()) =>
        {
            Ok(n)
        }
        _ => Err(CommandError::Days(word.to_string())),
    }
}

/// The command word closest to a mistyped one, if any is close.
fn closest(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    HELP.iter()
        .map(|e| (distance(&word, e.name), e.name))
        .filter(|&(d, name)| d <= 2 && d < name.len())
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// Levenshtein distance over characters: short words only, so the quadratic cost is nothing.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

impl Command {
    /// Parses one line (without any bot prefix such as `!rb`).
    pub fn parse(line: &str) -> Result<Command, CommandError> {
        // Zero-width characters are invisible in chat but would make `move` and `mo\u{200b}ve`
        // different words; direction controls would make the bot read another command than
        // the one shown.
        let cleaned = clean_text(line)?;
        let mut words = cleaned.split_whitespace();
        let Some(first) = words.next() else {
            return Err(CommandError::Empty);
        };
        let lower = first.to_lowercase();
        let name = ALIASES
            .iter()
            .find(|(alias, _)| *alias == lower)
            .map_or(lower.as_str(), |(_, name)| name);
        let rest: Vec<&str> = words.collect();
        let Some(entry) = help_entry(name) else {
            return Err(CommandError::Unknown {
                word: first.to_string(),
                suggestion: closest(first),
            });
        };
        Args::new(entry.name, rest).command()
    }
}

impl Command {
    /// Like [`Command::parse`], but a line that is just a move (`Rb7`) is taken as `move Rb7`:
    /// for lines addressed to the bot, where a move needs no command word.
    pub fn parse_or_move(line: &str) -> Result<Command, CommandError> {
        match Command::parse(line) {
            Err(CommandError::Unknown { .. }) if looks_like_move(line) => Ok(Command::Move {
                game: None,
                text: line.trim().to_string(),
            }),
            other => other,
        }
    }
}

/// The arguments of one command, consumed as they are understood.
struct Args<'a> {
    command: &'static str,
    words: Vec<&'a str>,
}

impl<'a> Args<'a> {
    fn new(command: &'static str, words: Vec<&'a str>) -> Args<'a> {
        Args { command, words }
    }

    fn unexpected(&self, word: &str) -> CommandError {
        CommandError::Unexpected {
            command: self.command,
            word: word.to_string(),
            usage: usage(self.command),
        }
    }

    fn missing(&self, what: Needed) -> CommandError {
        CommandError::Missing {
            command: self.command,
            what,
            usage: usage(self.command),
        }
    }

    /// Takes a `#ID` from anywhere among the words.
    fn take_number(&mut self) -> Result<Option<i64>, CommandError> {
        let Some(i) = self.words.iter().position(|w| w.starts_with('#')) else {
            return Ok(None);
        };
        let word = self.words.remove(i);
        number(word)
            .map(Some)
            .ok_or_else(|| CommandError::GameNumber(word.to_string()))
    }

    /// Fails on any word left over.
    fn done(&self) -> Result<(), CommandError> {
        match self.words.first() {
            Some(word) => Err(self.unexpected(word)),
            None => Ok(()),
        }
    }

    /// An optional `accept` / `decline` word.
    fn answer(&mut self) -> Result<Option<Answer>, CommandError> {
        let answer = match self.words.first().map(|w| w.to_lowercase()).as_deref() {
            None => return Ok(None),
            Some("accept" | "yes" | "ok") => Answer::Accept,
            Some("decline" | "no" | "refuse") => Answer::Decline,
            Some(_) => return Err(self.unexpected(self.words[0])),
        };
        self.words.remove(0);
        Ok(Some(answer))
    }

    fn command(mut self) -> Result<Command, CommandError> {
        let command = match self.command {
            "help" => {
                let topic = self.words.first().map(|w| w.to_lowercase());
                if topic.is_some() {
                    self.words.remove(0);
                }
                Command::Help { topic }
            }
            "rules" => Command::Rules,
            "games" => Command::Games,
            "challenge" => return self.challenge(),
            "accept" => Command::Accept {
                challenge: self.take_number()?,
            },
            "decline" => Command::Decline {
                challenge: self.take_number()?,
            },
            "cancel" => Command::Cancel {
                challenge: self.take_number()?,
            },
            "move" => {
                let game = self.take_number()?;
                if self.words.is_empty() {
                    return Err(self.missing(Needed::Move));
                }
                let text = self.words.join(" ");
                self.words.clear();
                Command::Move { game, text }
            }
            "board" => Command::Board {
                game: self.take_number()?,
            },
            "moves" => {
                let game = self.take_number()?;
                let square = match self.words.first() {
                    Some(word) => {
                        let sq = word.parse::<Square>().map_err(|_| self.unexpected(word))?;
                        self.words.remove(0);
                        Some(sq)
                    }
                    None => None,
                };
                Command::Moves { game, square }
            }
            "history" => Command::History {
                game: self.take_number()?,
            },
            "game" => {
                let word = self
                    .words
                    .first()
                    .ok_or_else(|| self.missing(Needed::GameNumber))?;
                let game =
                    number(word).ok_or_else(|| CommandError::GameNumber(word.to_string()))?;
                self.words.remove(0);
                Command::Game { game }
            }
            "export" => Command::Export {
                game: self.take_number()?,
            },
            "resign" => {
                let game = self.take_number()?;
                let confirmed = self
                    .words
                    .first()
                    .is_some_and(|w| matches!(w.to_lowercase().as_str(), "confirm" | "yes"));
                if confirmed {
                    self.words.remove(0);
                }
                Command::Resign { game, confirmed }
            }
            "draw" => Command::Draw {
                game: self.take_number()?,
                answer: self.answer()?,
            },
            "takeback" => Command::Takeback {
                game: self.take_number()?,
                answer: self.answer()?,
            },
            "abort" => Command::Abort {
                game: self.take_number()?,
            },
            "moretime" => {
                let game = self.take_number()?;
                let word = *self
                    .words
                    .first()
                    .ok_or_else(|| self.missing(Needed::Days))?;
                self.words.remove(0);
                Command::MoreTime {
                    game,
                    days: days(word)?,
                }
            }
            "rematch" => Command::Rematch {
                game: self.take_number()?,
            },
            "settings" => return self.settings(),
            "leaderboard" => Command::Leaderboard,
            "stats" => {
                let player = match self.words.first() {
                    Some(word) => {
                        let player = player_ref(word).ok_or_else(|| self.unexpected(word))?;
                        self.words.remove(0);
                        Some(player)
                    }
                    None => None,
                };
                Command::Stats { player }
            }
            other => unreachable!("every help entry is parsed: {other}"),
        };
        self.done()?;
        Ok(command)
    }

    fn challenge(mut self) -> Result<Command, CommandError> {
        let mut opponent = None;
        let mut colour = None;
        let mut days_per_move = None;
        let mut rated = true;
        let mut level = None;
        let mut words = std::mem::take(&mut self.words).into_iter().peekable();
        while let Some(word) = words.next() {
            let lower = word.to_lowercase();
            match lower.as_str() {
                "white" | "w" => colour = Some(Some(Color::White)),
                "black" | "b" => colour = Some(Some(Color::Black)),
                "random" | "any" => colour = Some(None),
                "casual" | "unrated" => rated = false,
                "rated" => rated = true,
                "open" | "anyone" | "everyone" if opponent.is_none() => {
                    opponent = Some(Opponent::Open)
                }
                "computer" | "bot" | "cpu" | "engine" if opponent.is_none() => {
                    opponent = Some(Opponent::Computer {
                        level: DEFAULT_COMPUTER_LEVEL,
                    })
                }
                "level" | "lvl" => {
                    let n = words.next().ok_or_else(|| self.missing(Needed::Level))?;
                    match n.parse::<u8>() {
                        Ok(l @ 1..=5) => level = Some((l, n)),
                        _ => return Err(CommandError::Level(n.to_string())),
                    }
                }
                "days" | "day" => {
                    let n = words
                        .next()
                        .ok_or_else(|| self.missing(Needed::DaysNumber))?;
                    days_per_move = Some(days(n)?);
                }
                _ if lower.ends_with('d') && lower[..lower.len() - 1].parse::<u32>().is_ok() => {
                    days_per_move = Some(days(word)?);
                }
                _ if word.starts_with("<@&") => {
                    return Err(CommandError::RoleMention(word.to_string()));
                }
                _ => match player_ref(word) {
                    Some(player) if opponent.is_none() => opponent = Some(Opponent::Player(player)),
                    _ => return Err(self.unexpected(word)),
                },
            }
        }
        let opponent = match (opponent, level) {
            (Some(Opponent::Computer { .. }), Some((level, _))) => Opponent::Computer { level },
            (_, Some((_, word))) => {
                return Err(CommandError::Unexpected {
                    command: "challenge",
                    word: format!("level {word}"),
                    usage: usage("challenge"),
                });
            }
            (opponent, None) => opponent.unwrap_or(Opponent::Open),
        };
        Ok(Command::Challenge {
            opponent,
            colour: colour.unwrap_or(None),
            days: days_per_move.unwrap_or(DEFAULT_DAYS),
            rated,
        })
    }

    fn settings(mut self) -> Result<Command, CommandError> {
        let change = match self.words.first().map(|w| w.to_lowercase()).as_deref() {
            None => None,
            Some("language" | "lang" | "locale") => {
                let code = self
                    .words
                    .get(1)
                    .ok_or_else(|| self.missing(Needed::Language))?;
                // Codes and locales: `fr`, `es-419`, `en_GB`, `auto`.
                let ok = (2..=8).contains(&code.len())
                    && code.starts_with(|c: char| c.is_ascii_alphabetic())
                    && code
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'));
                if !ok {
                    return Err(self.unexpected(code));
                }
                let code = code.to_lowercase();
                self.words.drain(..2);
                Some(Setting::Language(code))
            }
            Some("pings" | "ping" | "mentions") => {
                let on = match self.words.get(1).map(|w| w.to_lowercase()).as_deref() {
                    Some("on" | "yes" | "true") => true,
                    Some("off" | "no" | "false") => false,
                    Some(_) => return Err(self.unexpected(self.words[1])),
                    None => return Err(self.missing(Needed::OnOff)),
                };
                self.words.drain(..2);
                Some(Setting::Pings(on))
            }
            Some(_) => return Err(self.unexpected(self.words[0])),
        };
        self.done()?;
        Ok(Command::Settings { change })
    }
}

impl fmt::Display for PlayerRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerRef::Id(id) => write!(f, "<@{id}>"),
            PlayerRef::Name(name) => write!(f, "@{name}"),
        }
    }
}

/// True when a bare chat message looks like a move and nothing else (`Rb7`, `c2-b3`, `e6=R+`),
/// so a front end may treat it as `move TEXT` in a game's own thread without reacting to chat.
pub fn looks_like_move(text: &str) -> bool {
    let t = text.trim();
    (2..=10).contains(&t.len())
        && t.chars().any(|c| ('1'..='7').contains(&c))
        && t.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '-' | 'x' | ':' | '=' | '(' | ')' | '+' | '#' | '!' | '?')
        })
        && t.chars().filter(|c| c.is_ascii_alphabetic()).count() <= 4
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Command {
        Command::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn challenges() {
        assert_eq!(
            parse("challenge @bob white days 5"),
            Command::Challenge {
                opponent: Opponent::Player(PlayerRef::Name("bob".into())),
                colour: Some(Color::White),
                days: 5,
                rated: true,
            }
        );
        assert_eq!(
            parse("Challenge <@!123456789012345678> casual 7d random"),
            Command::Challenge {
                opponent: Opponent::Player(PlayerRef::Id(123456789012345678)),
                colour: None,
                days: 7,
                rated: false,
            }
        );
        assert_eq!(
            parse("challenge"),
            Command::Challenge {
                opponent: Opponent::Open,
                colour: None,
                days: DEFAULT_DAYS,
                rated: true,
            }
        );
        assert_eq!(
            Command::parse("challenge @bob days 15"),
            Err(CommandError::Days("15".into()))
        );
        assert!(matches!(
            Command::parse("challenge @bob @carol"),
            Err(CommandError::Unexpected { .. })
        ));
        assert!(matches!(
            Command::parse("challenge @everyone"),
            Ok(Command::Challenge { opponent: Opponent::Player(PlayerRef::Name(ref n)), .. }) if n == "everyone"
        ));
    }

    #[test]
    fn computer_challenges() {
        assert_eq!(
            parse("challenge computer level 5 black"),
            Command::Challenge {
                opponent: Opponent::Computer { level: 5 },
                colour: Some(Color::Black),
                days: DEFAULT_DAYS,
                rated: true,
            }
        );
        assert_eq!(
            parse("challenge bot"),
            Command::Challenge {
                opponent: Opponent::Computer {
                    level: DEFAULT_COMPUTER_LEVEL
                },
                colour: None,
                days: DEFAULT_DAYS,
                rated: true,
            }
        );
        assert_eq!(
            Command::parse("challenge computer level 9"),
            Err(CommandError::Level("9".into()))
        );
        assert!(matches!(
            Command::parse("challenge @bob level 2"),
            Err(CommandError::Unexpected { .. })
        ));
    }

    #[test]
    fn game_commands_take_an_optional_number() {
        assert_eq!(
            parse("move Rb7"),
            Command::Move {
                game: None,
                text: "Rb7".into()
            }
        );
        assert_eq!(
            parse("move #12 c2-b3"),
            Command::Move {
                game: Some(12),
                text: "c2-b3".into()
            }
        );
        assert_eq!(
            parse("m c2 b3"),
            Command::Move {
                game: None,
                text: "c2 b3".into()
            }
        );
        assert_eq!(
            parse("moves e1 #3"),
            Command::Moves {
                game: Some(3),
                square: "e1".parse().ok()
            }
        );
        assert_eq!(
            parse("draw decline"),
            Command::Draw {
                game: None,
                answer: Some(Answer::Decline)
            }
        );
        assert_eq!(
            parse("resign #4 confirm"),
            Command::Resign {
                game: Some(4),
                confirmed: true
            }
        );
        assert_eq!(parse("game 12"), Command::Game { game: 12 });
        assert_eq!(
            parse("moretime 2"),
            Command::MoreTime {
                game: None,
                days: 2
            }
        );
        assert_eq!(
            parse("settings pings off"),
            Command::Settings {
                change: Some(Setting::Pings(false))
            }
        );
        assert_eq!(
            parse("settings language FR"),
            Command::Settings {
                change: Some(Setting::Language("fr".into()))
            }
        );
        for code in ["es-419", "en_GB", "auto"] {
            assert_eq!(
                parse(&format!("settings language {code}")),
                Command::Settings {
                    change: Some(Setting::Language(code.to_lowercase()))
                }
            );
        }
        assert!(matches!(
            Command::parse("settings language 419"),
            Err(CommandError::Unexpected { .. })
        ));
    }

    #[test]
    fn mistakes_get_specific_answers() {
        assert_eq!(
            Command::parse("chalenge @bob").unwrap_err().to_string(),
            "I don't know the command `chalenge`. Did you mean `challenge`? Type `help` for the list."
        );
        assert_eq!(
            Command::parse("move").unwrap_err().to_string(),
            "`move` needs a move. Usage: `move [#ID] MOVE`"
        );
        assert_eq!(
            Command::parse("moves z9").unwrap_err().to_string(),
            "`moves` does not understand `z9`. Usage: `moves [#ID] [SQUARE]`"
        );
        assert_eq!(
            Command::parse("board #x").unwrap_err(),
            CommandError::GameNumber("#x".into())
        );
        assert_eq!(Command::parse("   "), Err(CommandError::Empty));
        assert_eq!(
            Command::parse(&"a".repeat(4000)),
            Err(CommandError::TooLong(4000))
        );
        assert_eq!(
            parse("mo\u{200b}ve Rb7"),
            Command::Move {
                game: None,
                text: "Rb7".into()
            }
        );
    }

    #[test]
    fn leaderboard_and_stats() {
        assert_eq!(parse("leaderboard"), Command::Leaderboard);
        assert_eq!(parse("top"), Command::Leaderboard);
        assert_eq!(parse("stats"), Command::Stats { player: None });
        assert_eq!(
            parse("stats <@!42>"),
            Command::Stats {
                player: Some(PlayerRef::Id(42))
            }
        );
        assert_eq!(
            parse("rating @bob"),
            Command::Stats {
                player: Some(PlayerRef::Name("bob".into()))
            }
        );
        assert_eq!(
            Command::parse("stats bob").unwrap_err().to_string(),
            "`stats` does not understand `bob`. Usage: `stats [@player]`"
        );
        assert_eq!(
            Command::parse("leaderboard 5").unwrap_err().to_string(),
            "`leaderboard` does not understand `5`. Usage: `leaderboard`"
        );
        assert!(matches!(
            Command::parse("stats <@1> <@2>"),
            Err(CommandError::Unexpected { .. })
        ));
    }

    #[test]
    fn every_help_entry_parses_its_example() {
        for entry in HELP {
            assert!(Command::parse(entry.example).is_ok(), "{}", entry.example);
        }
    }

    #[test]
    fn bare_moves() {
        for m in ["Rb7", "c2-b3", "e6=R+", "cxb2", "d7e6r", "Kd6"] {
            assert!(looks_like_move(m), "{m}");
        }
        for m in ["hello", "ok", "lol 2", "good game", "gg", "http://x.y/1"] {
            assert!(!looks_like_move(m), "{m}");
        }
    }
}
