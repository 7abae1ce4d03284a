//! What every action works with: the service, who asks and where, the language of the answer,
//! the players looked up so far; and how an action says no.

use super::command::CommandError;
use super::i18n::{Args, FluentValue, Lang};
use super::observe::RefusalReason;
use super::players::Players;
use super::present::{Mover, Voice, move_error_by, move_error_id};
use super::reply::Reply;
use super::request::Actor;
use super::service::Service;
use crate::model::{Place, PlayerId, Timestamp};
use crate::rules::MoveError;
use crate::store::{Store, StoreError};

/// Why a command was refused, before it becomes a private reply. Only ever returned before a
/// change is committed: what follows a commit is answered as done, whatever fails.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The command asks for what is not allowed or not there, for `reason` (which the metrics
    /// count), as [`Said`] says; nothing was changed.
    No(RefusalReason, Said),
    /// The store failed or the game changed meanwhile; nothing was changed.
    Store(StoreError),
}

impl std::fmt::Display for Refusal {
    /// In English, for logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::No(_, said) => f.write_str(&said.text(Lang::En)),
            Refusal::Store(e) => e.fmt(f),
        }
    }
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        Refusal::Store(e)
    }
}

/// What a refusal says, as data: which message, with which values. It is put into the asker's
/// words once, by [`Said::text`], when the answer is made; until then tests and metrics see
/// what was refused, not words.
#[derive(Debug)]
pub(crate) enum Said {
    /// A message of the bot's texts (`assets/i18n`), by id, with its placeholders' values.
    Message(&'static str, Vec<(&'static str, Arg)>),
    /// Why a move can't be played, the reader's own or (in a forecast) their opponent's.
    Move(MoveError, Mover),
    /// Why a line (a slash command's field) is not a command.
    Command(CommandError),
}

impl Said {
    /// The message id it is said with: `game-none`, `move-illegal`, `command-too-long`.
    pub(crate) fn id(&self) -> &'static str {
        match self {
            Said::Message(id, _) => id,
            Said::Move(error, _) => move_error_id(error),
            Said::Command(error) => error.id(),
        }
    }

    /// The words, in `lang`.
    pub(crate) fn text(&self, lang: Lang) -> String {
        match self {
            Said::Message(id, values) => {
                let mut args = Args::new();
                for (name, value) in values {
                    let value = match value {
                        Arg::Value(value) => value.clone(),
                        Arg::Said(said) => FluentValue::from(said.text(lang)),
                    };
                    args.set(*name, value);
                }
                lang.text(id, &args)
            }
            Said::Move(error, mover) => move_error_by(lang, error, *mover),
            Said::Command(error) => error.text(lang),
        }
    }

    /// The private answer refusing for `reason` with these words, in `lang`.
    pub(crate) fn refusal(&self, reason: RefusalReason, lang: Lang) -> Reply {
        Reply::refusal(reason, self.id(), self.text(lang))
    }
}

/// A placeholder's value in what a refusal says: a number or a string (a name, a list made
/// already), or something said in its own right (why a forecast's move is refused), put into
/// the same language as the message around it.
#[derive(Debug)]
pub(crate) enum Arg {
    /// A Fluent value: numbers choose plural forms.
    Value(FluentValue<'static>),
    /// Words of their own.
    Said(Said),
}

impl From<Said> for Arg {
    fn from(said: Said) -> Arg {
        Arg::Said(said)
    }
}

/// Values that are Fluent values as they are.
macro_rules! fluent_args {
    ($($t:ty),+) => {$(
        impl From<$t> for Arg {
            fn from(value: $t) -> Arg {
                Arg::Value(FluentValue::from(value).into_owned())
            }
        }
    )+};
}
fluent_args!(
    &str, String, &String, u8, u16, u32, u64, usize, i32, i64, f64
);

/// A refusal, as a value: `no!("game-none", id = 3)` (reason
/// [`NotAllowed`](RefusalReason::NotAllowed)), or with its reason
/// `no!(AtCap, "cap-games", count = 3, max = 3)`. Values are anything an [`Arg`] is made from.
macro_rules! no {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::context::no!(NotAllowed, $id $(, $name = $value)*)
    };
    ($reason:ident, $id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::context::Refusal::No(
            $crate::observe::RefusalReason::$reason,
            $crate::context::said!($id $(, $name = $value)*),
        )
    };
}
pub(crate) use no;

/// What a refusal says, as a value: `said!("game-none", id = 3)`, for a refusal made of
/// several ([`Arg::Said`]) or one whose reason is chosen elsewhere.
macro_rules! said {
    ($id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::context::Said::Message(
            $id,
            vec![$((stringify!($name), $crate::context::Arg::from($value))),*],
        )
    };
}
pub(crate) use said;

/// What an action returns until it has committed.
pub(crate) type Res<T> = Result<T, Refusal>;

/// One command being answered.
pub(crate) struct Cx<'a> {
    /// The service answering.
    pub svc: &'a Service,
    /// Who asks.
    pub actor: &'a Actor,
    /// Where they asked.
    pub place: Place,
    /// Their client's locale, if the front end knows it.
    pub locale: Option<&'a str>,
    /// The users the command mentions, with their names, as the front end knows them.
    pub mentioned: &'a [Actor],
    /// The language of the answer.
    pub lang: Lang,
    /// The command's own word, for examples in refusals (`move #3 …`).
    pub word: &'static str,
    /// The players looked up while answering.
    pub players: Players<'a>,
}

impl<'a> Cx<'a> {
    /// The store the service works on.
    pub(crate) fn store(&self) -> &'a Store {
        self.svc.store()
    }

    /// The service's time.
    pub(crate) fn now(&self) -> Timestamp {
        self.svc.now()
    }

    /// How the answer speaks: its language and the front end's markup.
    pub(crate) fn voice(&self) -> Voice<'a> {
        self.svc.voice_at(self.place, self.lang)
    }

    /// The asker, as the reply shows them.
    pub(crate) fn me(&self) -> String {
        self.voice().player(self.actor.id, &self.actor.name)
    }

    /// Another player, as the reply shows them: by their stored name, else by the name the
    /// command gave them (a player named in it who has never played), else by number.
    pub(crate) async fn who(&self, id: PlayerId) -> String {
        let name = match self.players.get_or_log(id).await {
            Some(player) => player.name,
            None => match self.mentioned.iter().find(|a| a.id == id) {
                Some(given) => given.name.clone(),
                None => super::players::unknown_name(id),
            },
        };
        self.voice().player(id, &name)
    }
}
