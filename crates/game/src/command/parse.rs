//! The text parser: a line becomes a [`Command`], or a [`CommandError`] that says exactly what
//! is wrong; and the readers front ends use for values they read themselves.

use super::help::{HELP, help_entry, usage};
use super::mentions::player_ref;
use super::options::set_once;
use super::tournament::TournamentArgs;
use super::{
    Answer, ChallengeId, Command, CommandError, DEFAULT_COMPUTER_LEVEL, Days, GameId, Level,
    Mentions, Needed, Opponent, PlainMentions, Setting, clean_text, looks_like_move_attempt,
};
use crate::rules::{Color, Square};

/// Other words players reach for, mapped to the command they mean.
const ALIASES: &[(&str, &str)] = &[
    ("m", "move"),
    ("play", "move"),
    ("show", "board"),
    ("list", "games"),
    ("pgn", "export"),
    ("gif", "export"),
    ("analyse", "analysis"),
    ("analyze", "analysis"),
    ("review", "analysis"),
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
    ("tourney", "tournament"),
    ("event", "tournament"),
    ("events", "tournaments"),
    ("forecasts", "forecast"),
    ("conditional", "forecast"),
    ("holiday", "vacation"),
    ("holidays", "vacation"),
    ("away", "vacation"),
];

/// Reads the `#12` / `12` game or challenge number.
fn number(word: &str) -> Option<i64> {
    let digits = word.strip_prefix('#').unwrap_or(word);
    if digits.is_empty() || digits.len() > 15 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n: &i64| n > 0)
}

/// Reads days per move: `5` or `5d`.
pub(super) fn days(word: &str) -> Result<Days, CommandError> {
    let digits = word.trim_end_matches(['d', 'D']);
    digits
        .parse::<u32>()
        .ok()
        .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
        .and_then(Days::new)
        .ok_or_else(|| CommandError::Days(word.to_string()))
}

/// A game's number as a front end read it (a slash command's integer option).
pub fn game_number(n: i64) -> Result<GameId, CommandError> {
    (n > 0)
        .then_some(GameId(n))
        .ok_or_else(|| CommandError::GameNumber(n.to_string()))
}

/// A challenge's number as a front end read it.
pub fn challenge_number(n: i64) -> Result<ChallengeId, CommandError> {
    (n > 0)
        .then_some(ChallengeId(n))
        .ok_or_else(|| CommandError::GameNumber(n.to_string()))
}

/// Days per move as a front end read them.
pub fn days_number(n: i64) -> Result<Days, CommandError> {
    u32::try_from(n)
        .ok()
        .and_then(Days::new)
        .ok_or_else(|| CommandError::Days(n.to_string()))
}

/// The computer's level as a front end read it.
pub fn level_number(n: i64) -> Result<Level, CommandError> {
    u8::try_from(n)
        .ok()
        .and_then(Level::new)
        .ok_or_else(|| CommandError::Level(n.to_string()))
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
    /// Parses one line (without any bot prefix such as `!rb`) where players are named only
    /// as `@name`.
    pub fn parse(line: &str) -> Result<Command, CommandError> {
        Command::parse_with(line, &PlainMentions)
    }

    /// Parses one line whose mentions `mentions` reads (a front end's syntax, such as
    /// Discord's `<@123>`).
    pub fn parse_with(line: &str, mentions: &dyn Mentions) -> Result<Command, CommandError> {
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
        Args {
            command: entry.name,
            words: rest,
            mentions,
        }
        .command()
    }
}

impl Command {
    /// Like [`Command::parse`], but a line that is just a move (`Rb7`) is taken as `move Rb7`:
    /// for lines addressed to the bot, where a move needs no command word.
    pub fn parse_or_move(line: &str) -> Result<Command, CommandError> {
        Command::parse_or_move_with(line, &PlainMentions)
    }

    /// Like [`Command::parse_with`], but a line that is just a move is taken as `move`.
    pub fn parse_or_move_with(
        line: &str,
        mentions: &dyn Mentions,
    ) -> Result<Command, CommandError> {
        match Command::parse_with(line, mentions) {
            Err(CommandError::Unknown { .. }) if looks_like_move_attempt(line) => {
                // Words as the parser splits them: one space between, whatever was typed.
                Ok(Command::Move {
                    game: None,
                    text: line.split_whitespace().collect::<Vec<_>>().join(" "),
                })
            }
            other => other,
        }
    }
}

/// The arguments of one command, consumed as they are understood.
struct Args<'a> {
    command: &'static str,
    words: Vec<&'a str>,
    /// The front end's reader of the words that name players.
    mentions: &'a dyn Mentions,
}

impl<'a> Args<'a> {
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
        let n = number(word).ok_or_else(|| CommandError::GameNumber(word.to_string()))?;
        // A second number would be silently ignored or read as part of a move.
        if let Some(other) = self.words.iter().find(|w| w.starts_with('#')) {
            let (first, second) = (word.to_string(), other.to_string());
            return Err(if number(other) == Some(n) {
                CommandError::RepeatedOption { first, second }
            } else {
                CommandError::ConflictingOptions { first, second }
            });
        }
        Ok(Some(n))
    }

    /// Takes a game's `#ID` from anywhere among the words.
    fn take_game(&mut self) -> Result<Option<GameId>, CommandError> {
        Ok(self.take_number()?.map(GameId))
    }

    /// Takes a challenge's `#ID` from anywhere among the words.
    fn take_challenge(&mut self) -> Result<Option<ChallengeId>, CommandError> {
        Ok(self.take_number()?.map(ChallengeId))
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
                challenge: self.take_challenge()?,
            },
            "decline" => Command::Decline {
                challenge: self.take_challenge()?,
            },
            "cancel" => Command::Cancel {
                challenge: self.take_challenge()?,
            },
            "move" => {
                let game = self.take_game()?;
                if self.words.is_empty() {
                    return Err(self.missing(Needed::Move));
                }
                let text = self.words.join(" ");
                self.words.clear();
                Command::Move { game, text }
            }
            "board" => Command::Board {
                game: self.take_game()?,
            },
            "moves" => {
                let game = self.take_game()?;
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
                game: self.take_game()?,
            },
            "game" => {
                let word = self
                    .words
                    .first()
                    .ok_or_else(|| self.missing(Needed::GameNumber))?;
                let game = number(word)
                    .map(GameId)
                    .ok_or_else(|| CommandError::GameNumber(word.to_string()))?;
                self.words.remove(0);
                Command::Game { game }
            }
            "export" => Command::Export {
                game: self.take_game()?,
            },
            "analysis" => Command::Analysis {
                game: self.take_game()?,
            },
            "web"
                if self
                    .words
                    .first()
                    .is_some_and(|w| w.eq_ignore_ascii_case("revoke")) =>
            {
                self.words.remove(0);
                Command::WebRevoke
            }
            "web" => Command::Web {
                game: self.take_game()?,
            },
            "resign" => {
                let game = self.take_game()?;
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
                game: self.take_game()?,
                answer: self.answer()?,
            },
            "takeback" => Command::Takeback {
                game: self.take_game()?,
                answer: self.answer()?,
            },
            "abort" => Command::Abort {
                game: self.take_game()?,
            },
            "moretime" => {
                let game = self.take_game()?;
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
                game: self.take_game()?,
            },
            "settings" => return self.settings(),
            "tournament" => {
                let words = std::mem::take(&mut self.words);
                return Ok(TournamentArgs::new(words, self.mentions)
                    .command()?
                    .map_or(Command::Tournaments, Command::Tournament));
            }
            "tournaments" => Command::Tournaments,
            "forecast" => {
                let game = self.take_game()?;
                let words = std::mem::take(&mut self.words);
                super::correspondence::forecast(game, &words)
            }
            "vacation" => {
                let words = std::mem::take(&mut self.words);
                return super::correspondence::vacation(&words);
            }
            "leaderboard" => Command::Leaderboard,
            "stats" => {
                let player = match self.words.first() {
                    Some(word) => {
                        let player = player_ref(word, self.mentions)
                            .ok_or_else(|| self.unexpected(word))??;
                        self.words.remove(0);
                        Some(player)
                    }
                    None => None,
                };
                Command::Stats { player }
            }
            // A help entry without its arm here: the test of every entry's example catches it.
            other => {
                return Err(CommandError::Unknown {
                    word: other.to_string(),
                    suggestion: None,
                });
            }
        };
        self.done()?;
        Ok(command)
    }

    fn challenge(mut self) -> Result<Command, CommandError> {
        let mut opponent = None;
        // Each option as typed, so that two that disagree (or one given twice) can be named.
        let mut colour: Option<(Option<Color>, String)> = None;
        let mut days_per_move: Option<(Days, String)> = None;
        let mut rated: Option<(bool, String)> = None;
        let mut level: Option<(Level, String)> = None;
        let mut words = std::mem::take(&mut self.words).into_iter().peekable();
        while let Some(word) = words.next() {
            let lower = word.to_lowercase();
            let typed = word.to_string();
            match lower.as_str() {
                "white" | "w" => set_once(&mut colour, Some(Color::White), typed)?,
                "black" | "b" => set_once(&mut colour, Some(Color::Black), typed)?,
                "random" | "any" => set_once(&mut colour, None, typed)?,
                "casual" | "unrated" => set_once(&mut rated, false, typed)?,
                "rated" => set_once(&mut rated, true, typed)?,
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
                    match n.parse::<u8>().ok().and_then(Level::new) {
                        Some(l) => set_once(&mut level, l, format!("{word} {n}"))?,
                        None => return Err(CommandError::Level(n.to_string())),
                    }
                }
                "days" | "day" => {
                    let n = words
                        .next()
                        .ok_or_else(|| self.missing(Needed::DaysNumber))?;
                    set_once(&mut days_per_move, days(n)?, format!("{word} {n}"))?;
                }
                _ if lower.ends_with('d') && lower[..lower.len() - 1].parse::<u32>().is_ok() => {
                    set_once(&mut days_per_move, days(word)?, typed)?;
                }
                _ => match player_ref(word, self.mentions) {
                    Some(Ok(player)) if opponent.is_none() => {
                        opponent = Some(Opponent::Player(player))
                    }
                    Some(Err(refused)) => return Err(refused.into()),
                    _ => return Err(self.unexpected(word)),
                },
            }
        }
        let opponent = match (opponent, level) {
            (Some(Opponent::Computer { .. }), Some((level, _))) => Opponent::Computer { level },
            (_, Some((_, typed))) => {
                return Err(CommandError::Unexpected {
                    command: "challenge",
                    word: typed,
                    usage: usage("challenge"),
                });
            }
            (opponent, None) => opponent.unwrap_or(Opponent::Open),
        };
        Ok(Command::Challenge {
            opponent,
            colour: colour.and_then(|(c, _)| c),
            days: days_per_move.map_or(Days::DEFAULT, |(d, _)| d),
            rated: rated.is_none_or(|(r, _)| r),
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
            Some(word @ ("pings" | "ping" | "mentions" | "dm" | "dms")) => {
                let on = match self.words.get(1).map(|w| w.to_lowercase()).as_deref() {
                    Some("on" | "yes" | "true") => true,
                    Some("off" | "no" | "false") => false,
                    Some(_) => return Err(self.unexpected(self.words[1])),
                    None => return Err(self.missing(Needed::OnOff)),
                };
                let setting = if matches!(word, "dm" | "dms") {
                    Setting::DirectMessages(on)
                } else {
                    Setting::Pings(on)
                };
                self.words.drain(..2);
                Some(setting)
            }
            Some(_) => return Err(self.unexpected(self.words[0])),
        };
        self.done()?;
        Ok(Command::Settings { change })
    }
}

#[cfg(test)]
mod tests;
