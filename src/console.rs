//! The game service in a terminal: several local players take turns typing commands, the
//! replies are printed, the board is drawn as text and saved as a PNG.
//!
//! `alice: challenge @bob` speaks as alice; `as bob` switches the speaker; a line without a
//! name is said by the current speaker. It uses the same database settings as the bot, so a
//! game started here is still there next time. The console's own words are English; the
//! game's answers come in each player's language: the one they chose with `settings language`,
//! else the one the console is given ([`Console::with_language`]). Players show by name and
//! times as dates ([`ConsoleMarkup`]).

#![warn(missing_docs)]

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::game::command::{Command, Opponent, PlayerRef, TournamentCommand};
use crate::game::i18n::{Lang, tr};
use crate::game::present::written_time;
use crate::game::reply::{ButtonAction, Reply};
use crate::game::{Actor, Input, Markup, Notice, Request, Service};
use crate::model::{Place, PlayerId, Timestamp};
use crate::rules::{Color, Position, Square};

/// The console's one place ([`Place::CONSOLE`]): a made-up server and channel, apart from any
/// real Discord id.
pub const CONSOLE_PLACE: Place = Place::CONSOLE;

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

/// Names that would address everyone rather than one player: never a player's.
fn mass_mention(name: &str) -> bool {
    name.eq_ignore_ascii_case("everyone") || name.eq_ignore_ascii_case("here")
}

/// The console's answer to a speaker named `everyone` or `here`.
fn nobodys_name(name: &str) -> String {
    format!("`{name}` would mean everyone: speak as one player, such as `alice`.\n")
}

/// True for a name a console player may use.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !mass_mention(name)
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// How the console writes players, times and places: names, dates in the reader's language,
/// and "this console" for the one place its games are played.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConsoleMarkup;

impl Markup for ConsoleMarkup {
    fn player(&self, _id: PlayerId, name: &str) -> String {
        format!("@{name}")
    }

    fn time(&self, at: Timestamp, now: Timestamp, lang: Lang) -> String {
        written_time(at, now, lang)
    }

    fn place(&self, _place: Place, lang: Lang) -> String {
        tr!(lang, "markup-place-console")
    }

    fn literal(&self, text: &str) -> String {
        text.to_string()
    }
}

/// One console session: the service, who is speaking, and where boards are saved.
pub struct Console {
    service: Arc<Service>,
    speaker: Option<String>,
    boards: PathBuf,
    saved: u32,
    lang: Lang,
    /// The sweep started before a line and not finished within [`SWEEP_WAIT`]: its notices
    /// are shown before a later line.
    sweeping: Option<tokio::task::JoinHandle<Vec<Notice>>>,
}

/// How long a line waits for the sweep run before it: with the database up a sweep takes
/// milliseconds; with it out of reach the line is answered (and refused at once) rather than
/// waiting for the sweep's own reads to time out.
const SWEEP_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

impl Console {
    /// A console on `service` (which it gives the console's markup), saving images under
    /// `boards`.
    pub fn new(service: Service, boards: PathBuf) -> Console {
        Console {
            service: Arc::new(service.with_markup(Arc::new(ConsoleMarkup))),
            speaker: None,
            boards,
            saved: 0,
            lang: Lang::En,
            sweeping: None,
        }
    }

    /// The service the console answers with, for the web pages served beside it to share.
    pub fn service(&self) -> Arc<Service> {
        Arc::clone(&self.service)
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
        for notice in self.sweep().await {
            out.push_str(&self.show(&notice.reply));
        }
        if let Some(name) = line.strip_prefix("as ").map(str::trim) {
            if mass_mention(name) {
                return out + &nobodys_name(name);
            }
            if !valid_name(name) {
                return out + "Names are letters, digits, `_`, `.` or `-`, such as `alice`.\n";
            }
            self.speaker = Some(name.to_string());
            return out + &format!("Now speaking as {name}.\n");
        }
        let (speaker, text) = match line.split_once(':') {
            Some((name, _)) if mass_mention(name.trim()) => {
                return out + &nobodys_name(name.trim());
            }
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
        let text = text.strip_prefix("!rb").map(str::trim).unwrap_or(text);
        let (input, mentioned) = match Command::parse_or_move(text) {
            Ok(command) => {
                let (command, mentioned) = resolve_names(command);
                (Input::Command(command), mentioned)
            }
            Err(error) => (Input::Invalid(error), Vec::new()),
        };
        let request = Request::new(actor, CONSOLE_PLACE, input)
            .in_locale(Some(self.lang.code().to_string()))
            .mentioning(mentioned);
        if let Some(reply) = self.service.handle(request).await {
            out.push_str(&self.show(&reply));
        }
        out
    }

    /// The notices of the sweep run before a line: one sweep at a time, on a task of its own,
    /// waited for at most [`SWEEP_WAIT`] (a sweep not done by then goes on and is shown before
    /// a later line; the sweep is never cut short, as it claims what it tells).
    async fn sweep(&mut self) -> Vec<Notice> {
        let mut running = match self.sweeping.take() {
            Some(running) => running,
            None => {
                let service = Arc::clone(&self.service);
                tokio::spawn(async move { service.sweeper().sweep().await })
            }
        };
        match tokio::time::timeout(SWEEP_WAIT, &mut running).await {
            Ok(notices) => notices.unwrap_or_default(),
            Err(_) => {
                self.sweeping = Some(running);
                Vec::new()
            }
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
            let side = reply.board_side.unwrap_or(Color::White);
            out.push_str(&board_text(&position, side));
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

    /// Reply text for a terminal: markdown's bold marks dropped.
    fn plain(&self, text: &str) -> String {
        text.replace("**", "")
    }

    /// Where boards are saved.
    pub fn boards(&self) -> &Path {
        &self.boards
    }
}

/// Turns `@name` into the console player's id, with the name as typed, so that a player the
/// store does not know yet is still answered by that name. `@everyone` and `@here` stay names:
/// they are nobody's, and the service refuses them.
fn resolve_names(command: Command) -> (Command, Vec<Actor>) {
    match command {
        Command::Challenge {
            opponent: Opponent::Player(PlayerRef::Name(name)),
            colour,
            days,
            rated,
        } if !mass_mention(&name) => {
            let id = player_id(&name);
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
        Command::Stats {
            player: Some(PlayerRef::Name(name)),
        } if !mass_mention(&name) => {
            let id = player_id(&name);
            (
                Command::Stats {
                    player: Some(PlayerRef::Id(id.0)),
                },
                vec![Actor { id, name }],
            )
        }
        Command::Tournament(TournamentCommand::Withdraw {
            tournament,
            player: PlayerRef::Name(name),
        }) if !mass_mention(&name) => {
            let id = player_id(&name);
            (
                Command::Tournament(TournamentCommand::Withdraw {
                    tournament,
                    player: PlayerRef::Id(id.0),
                }),
                vec![Actor { id, name }],
            )
        }
        other => (other, Vec::new()),
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
        ButtonAction::JoinTournament(t) => format!("tournament join #{}", t.0),
        ButtonAction::Move(g) => format!("move #{} MOVE", g.0),
        ButtonAction::Web(g) => format!("web #{}", g.0),
    }
}

/// The board as text seen from `side`, as the image is drawn (the side to move at the bottom
/// while the game is played, White once it is over): upper case White, lower case Black, `.`
/// an empty square, blanks for the hole.
pub fn board_text(position: &Position, side: Color) -> String {
    let (files, ranks): (Vec<u8>, Vec<u8>) = match side {
        Color::White => ((0..7).collect(), (0..7).rev().collect()),
        Color::Black => ((0..7).rev().collect(), (0..7).collect()),
    };
    let letters: Vec<String> = files
        .iter()
        .map(|&f| ((b'a' + f) as char).to_string())
        .collect();
    let edge = format!("     {}\n", letters.join(" "));
    let mut out = edge.clone();
    for &rank in &ranks {
        out.push_str(&format!("  {}  ", rank + 1));
        for &file in &files {
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
    out.push_str(&edge);
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
            board_text(&Position::start(), Color::White),
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
    fn the_start_as_text_from_blacks_side() {
        // Turned half round, as the image is for Black to move: a1 at the top right.
        assert_eq!(
            board_text(&Position::start(), Color::Black),
            "     g f e d c b a\n\
             \x20 1  . . R B P . .  1\n\
             \x20 2  . . R K P . .  2\n\
             \x20 3  . .       . .  3\n\
             \x20 4  . .       . .  4\n\
             \x20 5  . .       . .  5\n\
             \x20 6  . . p k r . .  6\n\
             \x20 7  . . p b r . .  7\n\
             \x20    g f e d c b a\n"
        );
    }
}
