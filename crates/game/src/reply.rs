//! What the service answers: text, an optional board image and files, buttons, and who may see
//! and be pinged by it. Front ends deliver replies; they never compose them.

use std::fmt;

use super::command::{Answer, Command, TournamentCommand};
use super::i18n::Lang;
use super::observe::RefusalReason;
use super::told::Told;
use crate::rules::Color;
use crate::store::{ChallengeId, GameId, Place, PlayerId, TournamentId};

/// A file to attach: the board PNG, a PGN record, an animated GIF.
#[derive(Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file name shown in the chat, such as `game-12.png`.
    pub filename: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

impl fmt::Debug for Attachment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Attachment({}, {} bytes)",
            self.filename,
            self.bytes.len()
        )
    }
}

/// What pressing a button does. Its [`custom_id`](ButtonAction::custom_id) carries the game or
/// challenge and the action, so buttons posted before a restart still work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ButtonAction {
    /// `accept #ID`.
    AcceptChallenge(ChallengeId),
    /// `decline #ID`.
    DeclineChallenge(ChallengeId),
    /// `cancel #ID`.
    CancelChallenge(ChallengeId),
    /// `draw #ID`: offer a draw.
    OfferDraw(GameId),
    /// `draw #ID accept`.
    AcceptDraw(GameId),
    /// `draw #ID decline`.
    DeclineDraw(GameId),
    /// `takeback #ID accept`.
    AcceptTakeback(GameId),
    /// `takeback #ID decline`.
    DeclineTakeback(GameId),
    /// `resign #ID`, which asks for confirmation first.
    Resign(GameId),
    /// `resign #ID confirm`.
    ConfirmResign(GameId),
    /// `moves #ID`.
    LegalMoves(GameId),
    /// `rematch #ID`.
    Rematch(GameId),
    /// `tournament join #ID`.
    JoinTournament(TournamentId),
    /// **Move**: opens the move picker of game #ID (it stands for no typed command).
    Move(GameId),
    /// `web #ID`: the game's page, and the presser's private link to play it in a browser.
    Web(GameId),
}

impl ButtonAction {
    /// The stable id a chat platform keeps with the button: `rb:ACTION:NUMBER`.
    pub fn custom_id(self) -> String {
        let (action, id) = match self {
            ButtonAction::AcceptChallenge(c) => ("accept", c.0),
            ButtonAction::DeclineChallenge(c) => ("decline", c.0),
            ButtonAction::CancelChallenge(c) => ("cancel", c.0),
            ButtonAction::OfferDraw(g) => ("draw", g.0),
            ButtonAction::AcceptDraw(g) => ("draw-accept", g.0),
            ButtonAction::DeclineDraw(g) => ("draw-decline", g.0),
            ButtonAction::AcceptTakeback(g) => ("takeback-accept", g.0),
            ButtonAction::DeclineTakeback(g) => ("takeback-decline", g.0),
            ButtonAction::Resign(g) => ("resign", g.0),
            ButtonAction::ConfirmResign(g) => ("resign-confirm", g.0),
            ButtonAction::LegalMoves(g) => ("moves", g.0),
            ButtonAction::Rematch(g) => ("rematch", g.0),
            ButtonAction::JoinTournament(t) => ("tournament-join", t.0),
            ButtonAction::Move(g) => ("pick", g.0),
            ButtonAction::Web(g) => ("web", g.0),
        };
        format!("rb:{action}:{id}")
    }

    /// The command the button stands for: pressing it is the same as typing that command.
    /// `None` for [`ButtonAction::Move`], which opens the move picker instead.
    pub fn command(self) -> Option<Command> {
        let game = Some;
        Some(match self {
            ButtonAction::AcceptChallenge(c) => Command::Accept { challenge: Some(c) },
            ButtonAction::DeclineChallenge(c) => Command::Decline { challenge: Some(c) },
            ButtonAction::CancelChallenge(c) => Command::Cancel { challenge: Some(c) },
            ButtonAction::OfferDraw(g) => Command::Draw {
                game: game(g),
                answer: None,
            },
            ButtonAction::AcceptDraw(g) => Command::Draw {
                game: game(g),
                answer: Some(Answer::Accept),
            },
            ButtonAction::DeclineDraw(g) => Command::Draw {
                game: game(g),
                answer: Some(Answer::Decline),
            },
            ButtonAction::AcceptTakeback(g) => Command::Takeback {
                game: game(g),
                answer: Some(Answer::Accept),
            },
            ButtonAction::DeclineTakeback(g) => Command::Takeback {
                game: game(g),
                answer: Some(Answer::Decline),
            },
            ButtonAction::Resign(g) => Command::Resign {
                game: game(g),
                confirmed: false,
            },
            ButtonAction::ConfirmResign(g) => Command::Resign {
                game: game(g),
                confirmed: true,
            },
            ButtonAction::LegalMoves(g) => Command::Moves {
                game: game(g),
                square: None,
            },
            ButtonAction::Rematch(g) => Command::Rematch { game: game(g) },
            ButtonAction::JoinTournament(t) => Command::Tournament(TournamentCommand::Join {
                tournament: Some(t),
            }),
            ButtonAction::Web(g) => Command::Web { game: game(g) },
            ButtonAction::Move(_) => return None,
        })
    }

    /// Reads a `custom_id` back; `None` for anything not made by [`ButtonAction::custom_id`].
    pub fn from_custom_id(custom_id: &str) -> Option<ButtonAction> {
        let mut parts = custom_id.split(':');
        if parts.next()? != "rb" {
            return None;
        }
        let action = parts.next()?;
        // Only the digits `custom_id` writes: `+1` or `01` would read as 1 but were never made.
        let digits = parts.next()?;
        if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let id: i64 = digits.parse().ok().filter(|&n| n > 0)?;
        if parts.next().is_some() {
            return None;
        }
        let (c, g) = (ChallengeId(id), GameId(id));
        Some(match action {
            "accept" => ButtonAction::AcceptChallenge(c),
            "decline" => ButtonAction::DeclineChallenge(c),
            "cancel" => ButtonAction::CancelChallenge(c),
            "draw" => ButtonAction::OfferDraw(g),
            "draw-accept" => ButtonAction::AcceptDraw(g),
            "draw-decline" => ButtonAction::DeclineDraw(g),
            "takeback-accept" => ButtonAction::AcceptTakeback(g),
            "takeback-decline" => ButtonAction::DeclineTakeback(g),
            "resign" => ButtonAction::Resign(g),
            "resign-confirm" => ButtonAction::ConfirmResign(g),
            "moves" => ButtonAction::LegalMoves(g),
            "rematch" => ButtonAction::Rematch(g),
            "tournament-join" => ButtonAction::JoinTournament(TournamentId(id)),
            "pick" => ButtonAction::Move(g),
            "web" => ButtonAction::Web(g),
            _ => return None,
        })
    }
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// The expected choice (blue).
    Primary,
    /// A neutral choice (grey).
    Secondary,
    /// A choice that cannot be undone (red).
    Danger,
    /// A good outcome (green).
    Success,
}

/// A button under a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What it says, in the reader's language.
    pub label: String,
    /// What pressing it does.
    pub action: ButtonAction,
    /// How it looks.
    pub style: ButtonStyle,
}

/// One choice of a [`Menu`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuOption {
    /// What it says (`Rook c7 — 5 moves`, `Rxe2+`), in the reader's language.
    pub label: String,
    /// What the chat platform sends back when it is chosen.
    pub value: String,
    /// A second line under the label, if any.
    pub description: Option<String>,
}

/// A menu of choices under a private reply: one step of the move picker. Its `custom_id`
/// carries the game and the position it was made for, so a choice made after the position
/// changed is recognised as stale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// The stable id the chat platform keeps with the menu and sends back with the choice.
    pub custom_id: String,
    /// What the menu says before anything is chosen, in the reader's language.
    pub placeholder: String,
    /// The choices, at most the service's menu size ([`DEFAULT_MENU_SIZE`] unless its front
    /// end says).
    pub options: Vec<MenuOption>,
}

/// The most choices one menu holds unless a front end sets its own
/// ([`Service::with_menu_size`](crate::Service::with_menu_size)): as many as a player takes
/// in at a glance.
pub const DEFAULT_MENU_SIZE: usize = 25;

/// One answer of the service.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The message, in the reader's language, with Discord-style markdown.
    pub text: String,
    /// The language it is written in, for what a front end adds to it (a note that the board
    /// could not be attached); `None` when the service did not say (a notice: the front end
    /// then takes the place's language).
    pub lang: Option<Lang>,
    /// The board, shown with the text.
    pub image: Option<Attachment>,
    /// The position the image shows, as FEN, for front ends that draw the board as text.
    pub fen: Option<String>,
    /// The side at the bottom of that image (the side to move while the game is played,
    /// White once it is over), so a board drawn as text turns the same way.
    pub board_side: Option<Color>,
    /// Further files (a PGN record, an animated GIF).
    pub files: Vec<Attachment>,
    /// Buttons that make sense under this reply.
    pub buttons: Vec<Button>,
    /// Menus under this (private) reply: the move picker's.
    pub menus: Vec<Menu>,
    /// The reply takes the place of the private message whose menu was used (the next step of
    /// the move picker), rather than being a message of its own.
    pub replaces: bool,
    /// The private menu this reply answers is replaced by this line (the move picker's last
    /// step: "You played **b3** …"), while the reply itself is for everyone (the move played).
    pub closes_menu: Option<String>,
    /// Only the person who asked should see it (refusals, private lists).
    pub private: bool,
    /// The players this reply may ping; nobody else is ever mentioned.
    pub mentions: Vec<PlayerId>,
    /// The thread of a game this reply shows over: a front end that posts the reply in that
    /// thread archives it afterwards, the final board being its last word.
    pub closes_thread: Option<u64>,
    /// A game that has just started: a front end that can give it its own thread should.
    pub new_game: Option<GameId>,
    /// Every game that has just started (the one of [`Reply::new_game`], or all the games of a
    /// tournament that began): a front end that can should give each its own thread.
    pub new_games: Vec<GameId>,
    /// Direct messages to send once the reply is delivered: the turn notices of players who
    /// asked for them (`settings dm on`). Delivered after the reply, and only once even when
    /// the reply itself has to be posted twice.
    pub direct: Vec<DirectMessage>,
    /// The answer refuses what the asker asked where others read it, and must not be shown
    /// there (a forecast typed in a server's channel): a front end sends it to the asker alone,
    /// and takes down their message too when it says so.
    pub exposed: Option<Exposed>,
    /// Notices that could not reach the asker by direct message, to show them with this answer
    /// (privately where the front end can); the front end reports them shown with
    /// [`Commands::held_shown`](super::Commands::held_shown), and only then are they dropped.
    pub held: Option<HeldNotices>,
    /// The events of the log this answer tells; the front end reports its delivery there.
    pub told: Told,
    /// What the answer refuses, when it is a refusal: why, and the message saying it.
    pub refused: Option<Refused>,
}

/// What a refusal refused, as data: the metrics' reason and the id of the message that says
/// it (`game-none`, `move-illegal`), for tests and for front ends that tell refusals apart
/// without reading words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Why, as the metrics count it.
    pub reason: RefusalReason,
    /// The id of the message the answer says it with (`assets/i18n`).
    pub message: &'static str,
}

/// What of a request made where others read it gave away, or would have given away, what only
/// its asker may see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exposed {
    /// Only its answer would have (`forecast` listing the lines): the answer goes to the asker
    /// directly.
    Answer,
    /// The request itself does (`forecast MOVES…`, the lines in plain sight): a front end that
    /// may delete it does, and the answer, which says whether it was, goes to the asker directly.
    Request,
}

/// The notices held for a player (Discord refused them as direct messages), oldest first, in
/// the player's language: a front end shows them in [`pages`](HeldNotices::pages) that fit its
/// messages, and reports each page it delivered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldNotices {
    /// Whose they are: the player who asked.
    pub to: PlayerId,
    /// The player's language, which the pages' own lines speak.
    pub lang: Lang,
    /// Each notice: its stored id, to drop it once shown, and its text.
    pub notices: Vec<(i64, String)>,
}

/// One message of held notices, and the notices it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldPage {
    /// The message.
    pub text: String,
    /// The stored notices it shows, to drop once it is delivered.
    pub ids: Vec<i64>,
}

/// A one-line message for one player alone, sent by the front end as a direct message: that
/// it is their move, a reminder of it, or — for a game in a place where the bot only answers
/// commands — what it would have posted there (a time-out, an expired challenge). A front end
/// that cannot send it hands it back with [`Commands::hold_notice`](super::Commands::hold_notice),
/// to be shown with the player's next command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectMessage {
    /// Who gets it.
    pub to: PlayerId,
    /// The line, in their language, with the front end's markup.
    pub text: String,
}

impl Reply {
    /// A plain public message.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A refusal or a private answer: only the asker sees it.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }

    /// A refusal, for `reason`, said with message `message` in `text`: only the asker sees it.
    pub fn refusal(reason: RefusalReason, message: &'static str, text: impl Into<String>) -> Reply {
        Reply {
            refused: Some(Refused { reason, message }),
            ..Reply::private(text)
        }
    }
}

/// A message the service sends without being asked (reminders, time-outs, expired
/// challenges), for the front end to deliver in `place` — unless the bot only answers commands
/// there ([`Place::bot_posts`] is false), in which case its direct messages carry it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Where to post it: the game's thread or channel.
    pub place: Place,
    /// The message itself.
    pub reply: Reply,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip_and_reject_forgeries() {
        let all = [
            ButtonAction::AcceptChallenge(ChallengeId(3)),
            ButtonAction::DeclineChallenge(ChallengeId(3)),
            ButtonAction::CancelChallenge(ChallengeId(3)),
            ButtonAction::OfferDraw(GameId(12)),
            ButtonAction::AcceptDraw(GameId(12)),
            ButtonAction::DeclineDraw(GameId(12)),
            ButtonAction::AcceptTakeback(GameId(12)),
            ButtonAction::DeclineTakeback(GameId(12)),
            ButtonAction::Resign(GameId(12)),
            ButtonAction::ConfirmResign(GameId(12)),
            ButtonAction::LegalMoves(GameId(12)),
            ButtonAction::Rematch(GameId(12)),
            ButtonAction::JoinTournament(TournamentId(2)),
            ButtonAction::Move(GameId(12)),
        ];
        for action in all {
            assert_eq!(
                ButtonAction::from_custom_id(&action.custom_id()),
                Some(action)
            );
        }
        assert_eq!(
            ButtonAction::OfferDraw(GameId(12)).custom_id(),
            "rb:draw:12"
        );
        for forged in [
            "rb:draw",
            "rb:draw:-1",
            "rb:draw:0",
            "xx:draw:1",
            "rb:nuke:1",
            "rb:draw:1:2",
            "rb:draw:+1",
            "rb:draw:01",
            "rb:draw: 1",
            "rb:draw:",
        ] {
            assert_eq!(ButtonAction::from_custom_id(forged), None, "{forged}");
        }
    }
}
