//! What every action works with: the service, who asks and where, the language of the answer,
//! the players looked up so far; and how an action says no.

use super::i18n::Lang;
use super::observe::RefusalReason;
use super::players::Players;
use super::present::Voice;
use super::request::Actor;
use super::service::Service;
use crate::model::{Place, PlayerId, Timestamp};
use crate::store::{Store, StoreError};

/// Why a command was refused, before it becomes a private reply. Only ever returned before a
/// change is committed: what follows a commit is answered as done, whatever fails.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// Said to the player as it is; nothing was changed.
    Say(String),
    /// Said to the player as it is, for a reason the metrics tell apart; nothing was changed.
    Because(RefusalReason, String),
    /// The store failed or the game changed meanwhile; nothing was changed.
    Store(StoreError),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Say(text) | Refusal::Because(_, text) => f.write_str(text),
            Refusal::Store(e) => e.fmt(f),
        }
    }
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        Refusal::Store(e)
    }
}

/// What an action returns until it has committed.
pub(crate) type Res<T> = Result<T, Refusal>;

/// Refuses with `text`.
pub(crate) fn say<T>(text: impl Into<String>) -> Res<T> {
    Err(Refusal::Say(text.into()))
}

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
        self.svc.voice(self.lang)
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
