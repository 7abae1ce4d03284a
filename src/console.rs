//! The game service in a terminal: several local players take turns typing commands, the
//! replies are printed, the board is drawn as text and saved as a PNG.
//!
//! `alice: challenge @bob` speaks as alice; `as bob` switches the speaker; a line without a
//! name is said by the current speaker. It uses the same database settings as the bot, so a
//! game started here is still there next time. The console's own words are English; the
//! game's answers come in the language it is given ([`Console::with_language`]).

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use crate::game::command::{Command, Opponent, PlayerRef};
use crate::game::i18n::Lang;
use crate::game::reply::{ButtonAction, Reply};
use crate::game::service::{Actor, Request, Service};
use crate::rules::{Position, Square};
use crate::store::{Place, PlayerId, Timestamp};

/// The console's one place: a made-up server and channel, apart from any real Discord id.
pub const CONSOLE_PLACE: Place = Place {
    server: Some(1),
    channel: 1,
    thread: None,
};

/// A console player's id: a hash of the lower-cased name with the top bit set, so it is the
/// same in every session and never collides with a real Discord id (they stay below 2^63).
pub fn player_id(name: &str) -> PlayerId {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.to_lowercase().bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    PlayerId(hash | 1 << 63)
}

/// True for a name a console player may use.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// One console session: the service, who is speaking, and where boards are saved.
pub struct Console {
    service: Service,
    speaker: Option<String>,
    names: HashMap<PlayerId, String>,
    boards: PathBuf,
    saved: u32,
    lang: Lang,
}

impl Console {
    /// A console on `service`, saving images under `boards`.
    pub fn new(service: Service, boards: PathBuf) -> Console {
        Console {
            service,
            speaker: None,
            names: HashMap::new(),
            boards,
            saved: 0,
            lang: Lang::En,
        }
    }

    /// The same console answering in `lang` (English by default).
    pub fn with_language(self, lang: Lang) -> Console {
        Console { lang, ..self }
    }

    /// Reads lines from `input` until it ends or `quit`, writing everything to `out`.
    pub async fn run(&mut self, input: impl BufRead, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(
            out,
            "Rollerball console. Type `alice: challenge @bob`, then `bob: accept`, then moves such as `alice: c2-b3`.\n\
             `as NAME` switches the speaker, `help` lists the commands, `quit` leaves. Boards are saved in {}.",
            self.boards.display()
        )?;
        for line in input.lines() {
            let line = line?;
            let line = line.trim();
            if matches!(line, "quit" | "exit") {
                break;
            }
            if line.is_empty() {
                continue;
            }
            let output = self.line(line).await;
            write!(out, "{output}")?;
            out.flush()?;
        }
        Ok(())
    }

    /// Handles one line and returns what to print.
    pub async fn line(&mut self, line: &str) -> String {
        let mut out = String::new();
        for notice in self.service.sweep().await.unwrap_or_default() {
            out.push_str(&self.show(&notice.reply));
        }
        if let Some(name) = line.strip_prefix("as ").map(str::trim) {
            if !valid_name(name) {
                return out + "Names are letters, digits, `_`, `.` or `-`, such as `alice`.\n";
            }
            self.speaker = Some(name.to_string());
            self.names.insert(player_id(name), name.to_string());
            return out + &format!("Now speaking as {name}.\n");
        }
        let (speaker, text) = match line.split_once(':') {
            Some((name, text)) if valid_name(name.trim()) && !name.contains(' ') => {
                (name.trim().to_string(), text.trim())
            }
            _ => match &self.speaker {
                Some(name) => (name.clone(), line),
                None => {
                    return out
                        + "Who is speaking? Start the line with a name, like `alice: challenge @bob`, or type `as alice`.\n";
                }
            },
        };
        self.speaker = Some(speaker.clone());
        let actor = Actor {
            id: player_id(&speaker),
            name: speaker.clone(),
        };
        self.names.insert(actor.id, speaker);
        let text = text.strip_prefix("!rb").map(str::trim).unwrap_or(text);
        let reply = match Command::parse_or_move(text) {
            Ok(command) => {
                let (command, mentioned) = self.resolve_names(command);
                self.service
                    .handle(Request {
                        actor,
                        place: CONSOLE_PLACE,
                        locale: Some(self.lang.code().to_string()),
                        command,
                        mentioned,
                    })
                    .await
            }
            Err(error) => Reply::private(error.text(self.lang)),
        };
        out.push_str(&self.show(&reply));
        out
    }

    /// Turns `@name` into the console player's id, remembering the name.
    fn resolve_names(&mut self, command: Command) -> (Command, Vec<Actor>) {
        match command {
            Command::Challenge {
                opponent: Opponent::Player(PlayerRef::Name(name)),
                colour,
                days,
                rated,
            } => {
                let id = player_id(&name);
                self.names.insert(id, name.clone());
                (
                    Command::Challenge {
                        opponent: Opponent::Player(PlayerRef::Id(id.0)),
                        colour,
                        days,
                        rated,
                    },
                    vec![Actor { id, name }],
                )
            }
            other => (other, Vec::new()),
        }
    }

    /// A reply as the terminal shows it.
    fn show(&mut self, reply: &Reply) -> String {
        let mut out = String::new();
        if reply.private {
            out.push_str("(only you see this) ");
        }
        out.push_str(&self.plain(&reply.text));
        out.push('\n');
        if let Some(fen) = &reply.fen
            && let Ok(position) = Position::from_fen(fen)
        {
            out.push_str(&board_text(&position));
        }
        let files = reply.image.iter().chain(reply.files.iter());
        for file in files {
            match self.save(&file.filename, &file.bytes) {
                Ok(path) => out.push_str(&format!("[saved {}]\n", path.display())),
                Err(e) => out.push_str(&format!("[could not save {}: {e}]\n", file.filename)),
            }
        }
        if !reply.buttons.is_empty() {
            let buttons: Vec<String> = reply
                .buttons
                .iter()
                .map(|b| format!("[{}: `{}`]", b.label, button_command(b.action)))
                .collect();
            out.push_str(&buttons.join(" "));
            out.push('\n');
        }
        out
    }

    fn save(&mut self, filename: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(&self.boards)?;
        self.saved += 1;
        let path = self.boards.join(filename);
        std::fs::write(&path, bytes)?;
        Ok(path)
    }

    /// Reply text for a terminal: mentions as `@name`, Discord timestamps as dates.
    fn plain(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find('<') {
            out.push_str(&rest[..start]);
            let tail = &rest[start..];
            let Some(end) = tail.find('>') else {
                out.push_str(tail);
                return out;
            };
            let tag = &tail[1..end];
            if let Some(id) = tag.strip_prefix('@').and_then(|s| s.parse::<u64>().ok()) {
                let name = self
                    .names
                    .get(&PlayerId(id))
                    .cloned()
                    .unwrap_or_else(|| format!("player {id}"));
                out.push('@');
                out.push_str(&name);
            } else if let Some(secs) = tag
                .strip_prefix("t:")
                .and_then(|s| s.split(':').next())
                .and_then(|s| s.parse::<i64>().ok())
            {
                out.push_str(&describe_time(Timestamp(secs * 1000), self.service.now()));
            } else if tag.starts_with('#') {
                out.push_str("this console");
            } else {
                out.push_str(&tail[..=end]);
            }
            rest = &tail[end + 1..];
        }
        out.push_str(rest);
        out.replace("**", "")
    }

    /// Where boards are saved.
    pub fn boards(&self) -> &Path {
        &self.boards
    }
}

/// The command a button stands for, for players who can only type.
fn button_command(action: ButtonAction) -> String {
    match action {
        ButtonAction::AcceptChallenge(c) => format!("accept #{}", c.0),
        ButtonAction::DeclineChallenge(c) => format!("decline #{}", c.0),
        ButtonAction::CancelChallenge(c) => format!("cancel #{}", c.0),
        ButtonAction::OfferDraw(g) => format!("draw #{}", g.0),
        ButtonAction::AcceptDraw(g) => format!("draw #{} accept", g.0),
        ButtonAction::DeclineDraw(g) => format!("draw #{} decline", g.0),
        ButtonAction::AcceptTakeback(g) => format!("takeback #{} accept", g.0),
        ButtonAction::DeclineTakeback(g) => format!("takeback #{} decline", g.0),
        ButtonAction::Resign(g) => format!("resign #{}", g.0),
        ButtonAction::ConfirmResign(g) => format!("resign #{} confirm", g.0),
        ButtonAction::LegalMoves(g) => format!("moves #{}", g.0),
        ButtonAction::Rematch(g) => format!("rematch #{}", g.0),
    }
}

/// "in 3 days (2026-12-03 04:00 UTC)".
fn describe_time(at: Timestamp, now: Timestamp) -> String {
    let secs = (at.0 - now.0) / 1000;
    let amount = secs.unsigned_abs();
    let span = if amount >= 2 * 86_400 {
        format!("{} days", amount / 86_400)
    } else if amount >= 2 * 3600 {
        format!("{} hours", amount / 3600)
    } else if amount >= 120 {
        format!("{} minutes", amount / 60)
    } else {
        format!("{amount} seconds")
    };
    let when = if secs >= 0 {
        format!("in {span}")
    } else {
        format!("{span} ago")
    };
    let (year, month, day) = at.utc_date();
    let day_secs = at.0.div_euclid(1000).rem_euclid(86_400);
    format!(
        "{when} ({year:04}-{month:02}-{day:02} {:02}:{:02} UTC)",
        day_secs / 3600,
        day_secs % 3600 / 60
    )
}

/// The board as text, White at the bottom: upper case White, lower case Black, `.` an empty
/// square, blanks for the hole.
pub fn board_text(position: &Position) -> String {
    let mut out = String::from("     a b c d e f g\n");
    for rank in (0..7u8).rev() {
        out.push_str(&format!("  {}  ", rank + 1));
        for file in 0..7u8 {
            let c = match Square::new(file, rank) {
                None => ' ',
                Some(sq) => position.piece_at(sq).map_or('.', |p| p.fen_char()),
            };
            out.push(c);
            out.push(' ');
        }
        out.truncate(out.trim_end().len());
        out.push_str(&format!("  {}\n", rank + 1));
    }
    out.push_str("     a b c d e f g\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn console_ids_are_stable_and_apart_from_discord() {
        assert_eq!(player_id("Alice"), player_id("alice"));
        assert_ne!(player_id("alice"), player_id("bob"));
        assert!(player_id("alice").0 >= 1 << 63);
    }

    #[test]
    fn the_start_as_text() {
        assert_eq!(
            board_text(&Position::start()),
            "     a b c d e f g\n\
             \x20 7  . . r b p . .  7\n\
             \x20 6  . . r k p . .  6\n\
             \x20 5  . .       . .  5\n\
             \x20 4  . .       . .  4\n\
             \x20 3  . .       . .  3\n\
             \x20 2  . . P K R . .  2\n\
             \x20 1  . . P B R . .  1\n\
             \x20    a b c d e f g\n"
        );
    }

    #[test]
    fn dates() {
        assert_eq!(
            describe_time(Timestamp(1_000 * 86_400 * 3), Timestamp(0)),
            "in 3 days (1970-01-04 00:00 UTC)"
        );
    }
}
