//! What a front end hands the service: who asks, where, in which language, and what they did —
//! a line typed, a command already parsed, a button pressed, a chat message — with the rule by
//! which it counts against the player's rate limit.

use super::command::{Command, CommandError};
use crate::model::{GameId, Place, PlayerId};

/// Who is acting: a player as the front end knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// The player's id (a Discord user id, or the console's made-up one).
    pub id: PlayerId,
    /// The display name, kept for game records and leaderboards.
    pub name: String,
}

impl Actor {
    /// The actor with their name as it is kept ([`kept_name`](crate::model::kept_name): at
    /// most 64 characters, no control characters).
    pub fn with_kept_name(self) -> Actor {
        let name = crate::model::kept_name(&self.name);
        Actor { id: self.id, name }
    }
}

/// What the player did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line addressed to the bot (after its prefix, or typed in the console): a command, or a
    /// move on its own (`Rb7` is `move Rb7`).
    Line(String),
    /// A command the front end has read itself (a slash command's options).
    Command(Command),
    /// What the front end could not read as a command (a slash command out of range, say):
    /// answered with the error, in the player's language, and counted like any command.
    Invalid(CommandError),
    /// A button's `custom_id`, as the chat platform sends it back.
    Button(String),
    /// A choice in a menu (the move picker's): the menu's `custom_id` and the chosen values.
    Menu {
        /// The menu's id, as the chat platform sends it back.
        custom_id: String,
        /// The values chosen (the picker's menus take one).
        values: Vec<String>,
    },
    /// A move made in game `game` on a page that showed the position `at` (a
    /// [`GameView::position_mark`](crate::GameView::position_mark)): played only if the mark
    /// names that very game and the game still stands there once its lock is held, so a page
    /// left open in a second tab, or a form sent twice, never plays into a position its player
    /// did not see, and a mark of another game (anyone can compute one from a public record)
    /// never carries the move out of the game the front end vouches for.
    MoveAt {
        /// The game the front end has let the player act in (a private link's own game): the
        /// only game the move may be played in.
        game: GameId,
        /// The position the page showed.
        at: String,
        /// The move, in any notation the move reader takes.
        text: String,
    },
    /// A chat message that was not addressed to the bot: played if it is a move of the player
    /// to move in the one game they play in that place, and otherwise left unanswered, so chat
    /// stays chat.
    Chat(String),
}

/// How a request counts against the player's rate limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Admission {
    /// Counted; over the limit, the player is told every time (an interaction must be answered).
    #[default]
    Answered,
    /// Counted; over the limit, the player is told once per burst, then gets no answer (a chat
    /// message may go unanswered, and a flood should not fill the channel).
    Quiet,
    /// Not counted: what a front end asks on its own account, or a front end without a limit.
    Free,
}

/// Who reads a request and what is answered where it was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Audience {
    /// The asker alone: a slash command (whose private answers only the asker sees), a direct
    /// message with the bot, the console.
    #[default]
    Asker,
    /// Everyone where it was made: a message typed in a server's channel, which everyone there
    /// reads, and whose answers are posted there.
    Channel,
}

/// One thing a player asks of the service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Who asks.
    pub actor: Actor,
    /// Where they asked: a server channel, a game's thread, a direct message.
    pub place: Place,
    /// The language their client uses, when the front end knows it (`fr`, `en-US`).
    pub locale: Option<String>,
    /// What they did.
    pub input: Input,
    /// Names of the users the input mentions, when the front end knows them.
    pub mentioned: Vec<Actor>,
    /// How it counts against the rate limit.
    pub admission: Admission,
    /// Who reads it, and the answers given where it was made.
    pub audience: Audience,
}

impl Request {
    /// A request with no locale, no known names of mentioned users, counted as
    /// [`Admission::Answered`], read by its asker alone.
    pub fn new(actor: Actor, place: Place, input: Input) -> Request {
        Request {
            actor,
            place,
            locale: None,
            input,
            mentioned: Vec::new(),
            admission: Admission::Answered,
            audience: Audience::Asker,
        }
    }

    /// A line typed to the bot.
    pub fn line(actor: Actor, place: Place, text: impl Into<String>) -> Request {
        Request::new(actor, place, Input::Line(text.into()))
    }

    /// A command the front end has read.
    pub fn command(actor: Actor, place: Place, command: Command) -> Request {
        Request::new(actor, place, Input::Command(command))
    }

    /// A button pressed.
    pub fn button(actor: Actor, place: Place, custom_id: impl Into<String>) -> Request {
        Request::new(actor, place, Input::Button(custom_id.into()))
    }

    /// A choice made in a menu.
    pub fn menu(
        actor: Actor,
        place: Place,
        custom_id: impl Into<String>,
        values: Vec<String>,
    ) -> Request {
        let custom_id = custom_id.into();
        Request::new(actor, place, Input::Menu { custom_id, values })
    }

    /// A chat message not addressed to the bot, counted [quietly](Admission::Quiet).
    pub fn chat(actor: Actor, place: Place, text: impl Into<String>) -> Request {
        Request {
            admission: Admission::Quiet,
            ..Request::new(actor, place, Input::Chat(text.into()))
        }
    }

    /// The same request from a client whose locale is `locale`.
    pub fn in_locale(self, locale: Option<String>) -> Request {
        Request { locale, ..self }
    }

    /// The same request, counted as `admission` says.
    pub fn admitted(self, admission: Admission) -> Request {
        Request { admission, ..self }
    }

    /// The same request, read by `audience`.
    pub fn heard_by(self, audience: Audience) -> Request {
        Request { audience, ..self }
    }

    /// The same request, knowing the names of the users it mentions.
    pub fn mentioning(self, mentioned: Vec<Actor>) -> Request {
        Request { mentioned, ..self }
    }
}
