//! The game service and its one front door: every request — a line, a parsed command, a button,
//! a chat message — is admitted by the rate limit as its [`Admission`] says, read into a
//! [`Command`], answered in the asker's language, and dispatched to its action. Refusals and
//! failures become private replies; nothing here fails.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::actions::{self, command_kind, command_word};
use super::analysis_queue::{AnalysisQueue, Analyst, EngineAnalyst};
use super::clock::Clock;
use super::command::{Command, CommandError, looks_like_move};
use super::context::{Cx, Refusal};
use super::i18n::{Lang, tr};
use super::locks::GameLocks;
use super::lookup;
use super::observe::{CommandOutcome, Observer, RefusalReason, Unobserved};
use super::picks::Pick;
use super::players::Players;
use super::present::{Markup, TextMarkup, Voice};
use super::privacy;
use super::rate::{RateLimit, RateLimiter, Verdict, slow_down};
use super::reply::{ButtonAction, MENU_OPTIONS_MAX, Reply};
use super::request::{Admission, Input, Request};
use crate::model::{Place, PlayerId, Timestamp};
use crate::render;
use crate::store::{Store, StoreError};

/// The correspondence-game service: one per process, shared by every front end and task.
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    markup: Arc<dyn Markup>,
    locks: GameLocks,
    board_size: u32,
    /// The most choices a move-picker menu holds ([`MENU_OPTIONS_MAX`] unless a test says).
    menu_size: usize,
    /// The servers' locales this process last stored, and when, so an unchanged one is not
    /// written on every interaction (but is again after a while, in case another process
    /// stored an older report meanwhile).
    server_locales: Mutex<HashMap<u64, (String, Timestamp)>>,
    /// Each player's commands are counted here; `None` when the service runs unlimited.
    limiter: Option<RateLimiter>,
    /// Told of every command, move, game and database failure (the metrics, or nobody).
    observer: Arc<dyn Observer>,
    /// The line of games waiting for the engine's analysis (one at a time per process).
    analyses: AnalysisQueue,
}

impl Service {
    /// A service on `store`, reading the time from `clock`, writing plain-text markup
    /// ([`TextMarkup`]), with the default per-player rate limit ([`RateLimit::default`]).
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Service {
        Service {
            store,
            clock,
            markup: Arc::new(TextMarkup),
            locks: GameLocks::default(),
            board_size: render::DEFAULT_SIZE,
            menu_size: MENU_OPTIONS_MAX,
            server_locales: Mutex::default(),
            limiter: Some(RateLimiter::new(RateLimit::default())),
            observer: Arc::new(Unobserved),
            analyses: AnalysisQueue::new(Arc::new(EngineAnalyst::default())),
        }
    }

    /// The same service with its analyses made by `analyst` (by default the engine at
    /// [`DEFAULT_NODES`](crate::engine::analysis::DEFAULT_NODES) nodes a position).
    pub fn with_analyst(mut self, analyst: Arc<dyn Analyst>) -> Service {
        self.analyses = AnalysisQueue::new(analyst);
        self
    }

    /// Returns once an analysis that players were told to wait for is ready: a front end
    /// that waits on this beside its timer can sweep at once and post the answers.
    pub async fn analysis_ready(&self) {
        self.analyses.finished().await;
    }

    /// The same service telling `observer` what it does (the bot's metrics).
    pub fn with_observer(mut self, observer: Arc<dyn Observer>) -> Service {
        self.observer = observer;
        self
    }

    /// Who is told what the service does.
    pub(crate) fn observer(&self) -> &dyn Observer {
        self.observer.as_ref()
    }

    /// The same service with another per-player rate limit, or none (`None`: for the local
    /// console, benchmarks, and tests that play whole games while the clock stands still).
    pub fn with_rate_limit(mut self, limit: Option<RateLimit>) -> Service {
        self.limiter = limit.map(RateLimiter::new);
        self
    }

    /// The same service writing players, times and places as `markup` says: each front end
    /// supplies its own.
    pub fn with_markup(mut self, markup: Arc<dyn Markup>) -> Service {
        self.markup = markup;
        self
    }

    /// The same service with move-picker menus of at most `size` choices (3 to
    /// [`MENU_OPTIONS_MAX`], Discord's limit and the default): a smaller size shows the
    /// picker's pages in positions with few moves.
    pub fn with_menu_size(mut self, size: usize) -> Service {
        self.menu_size = size.clamp(3, MENU_OPTIONS_MAX);
        self
    }

    /// The current time of the service's clock.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// The store the service works on.
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// This process's line of analyses.
    pub(crate) fn analyses(&self) -> &AnalysisQueue {
        &self.analyses
    }

    /// This process's per-game locks.
    pub(crate) fn locks(&self) -> &GameLocks {
        &self.locks
    }

    /// The side of the boards drawn, in pixels.
    pub(crate) fn board_size(&self) -> u32 {
        self.board_size
    }

    /// The most choices a move-picker menu holds.
    pub(crate) fn menu_size(&self) -> usize {
        self.menu_size
    }

    /// The servers' locales this process last stored.
    pub(crate) fn server_locales(&self) -> &Mutex<HashMap<u64, (String, Timestamp)>> {
        &self.server_locales
    }

    /// How a reply in `lang` speaks, with this service's markup.
    pub(crate) fn voice(&self, lang: Lang) -> Voice<'_> {
        Voice {
            lang,
            markup: self.markup.as_ref(),
            now: self.now(),
        }
    }

    /// Answers one request. `None` only where a front end may stay silent: a chat message
    /// that is not a move of the player's, or a quiet request over the rate limit whose
    /// player has already been told. An answer also carries the notices held for the player
    /// ([`Reply::held`]), which Discord would not let the bot send them directly.
    pub async fn handle(&self, request: Request) -> Option<Reply> {
        let (player, locale, place) = (request.actor.id, request.locale.clone(), request.place);
        let mut reply = self.answer(request).await?;
        reply.held = self.held_for(player, locale.as_deref(), place).await;
        Some(reply)
    }

    /// [`Service::handle`]'s answer itself.
    async fn answer(&self, request: Request) -> Option<Reply> {
        let started = Instant::now();
        let Request {
            actor,
            place,
            locale,
            input,
            mentioned,
            admission,
            audience,
        } = request;
        let read = match input {
            // Chat stays chat unless it is a move in the player's one game here.
            Input::Chat(text) => Ok(Read::Command(self.chat_move(actor.id, place, &text).await?)),
            Input::Line(text) => Command::parse_or_move(&text)
                .map(Read::Command)
                .map_err(Unread::Command),
            Input::Command(command) => Ok(Read::Command(command)),
            Input::Invalid(error) => Err(Unread::Command(error)),
            Input::Button(custom_id) => match ButtonAction::from_custom_id(&custom_id) {
                Some(ButtonAction::Move(game)) => Ok(Read::Pick(Pick::Open(game))),
                Some(action) => action.command().map(Read::Command).ok_or(Unread::Button),
                None => Err(Unread::Button),
            },
            Input::Menu { custom_id, values } => Pick::from_menu(&custom_id, &values)
                .map(Read::Pick)
                .ok_or(Unread::Button),
        };
        let verdict = match (&self.limiter, admission) {
            (Some(limiter), Admission::Answered | Admission::Quiet) => {
                limiter.check(actor.id, self.now())
            }
            _ => Verdict::Admit,
        };
        let players = Players::new(&self.store);
        let lang = self
            .language_of(&players, locale.as_deref(), actor.id, place.server)
            .await;
        let kind = match &read {
            Ok(Read::Command(command)) => command_kind(command),
            Ok(Read::Pick(_)) => "picker",
            Err(Unread::Command(_)) => "unreadable",
            Err(Unread::Button) => "button",
        };
        let refuse = |reason: RefusalReason| {
            self.observer.refusal(reason);
            self.observer
                .command(kind, CommandOutcome::Refused, started.elapsed());
        };
        match (verdict, admission) {
            (Verdict::Admit, _) => {}
            (Verdict::RefuseQuietly, Admission::Quiet) => {
                refuse(RefusalReason::RateLimited);
                return None;
            }
            _ => {
                refuse(RefusalReason::RateLimited);
                return Some(Reply::private(slow_down(lang)));
            }
        }
        let read = match read {
            Ok(read) => read,
            Err(Unread::Command(error)) => {
                refuse(RefusalReason::Unreadable);
                return Some(Reply::private(error.text(lang)));
            }
            Err(Unread::Button) => {
                refuse(RefusalReason::UnknownButton);
                return Some(Reply::private(tr!(lang, "button-unknown")));
            }
        };
        if let Read::Command(command) = &read
            && let Some(reply) = privacy::refused_in_public(command, audience, lang)
        {
            refuse(RefusalReason::NotAllowed);
            return Some(reply);
        }
        let word = match &read {
            Read::Command(command) => command_word(command),
            Read::Pick(_) => "move",
        };
        let cx = Cx {
            svc: self,
            actor: &actor,
            place,
            locale: locale.as_deref(),
            mentioned: &mentioned,
            lang,
            word,
            players,
        };
        let answered = match &read {
            Read::Command(command) => actions::dispatch(&cx, command).await,
            Read::Pick(pick) => actions::picker::pick(&cx, pick).await,
        };
        let outcome = match &answered {
            Ok(_) => CommandOutcome::Done,
            Err(Refusal::Store(StoreError::Conflict)) => {
                self.observer.refusal(RefusalReason::Conflict);
                CommandOutcome::Refused
            }
            Err(Refusal::Store(_)) => {
                self.observer.database_error();
                CommandOutcome::Failed
            }
            Err(Refusal::Because(reason, _)) => {
                self.observer.refusal(*reason);
                CommandOutcome::Refused
            }
            Err(Refusal::Say(_)) => {
                self.observer.refusal(RefusalReason::NotAllowed);
                CommandOutcome::Refused
            }
        };
        self.observer.command(kind, outcome, started.elapsed());
        let mut reply = match answered {
            Ok(reply) => reply,
            Err(refusal) => refused(lang, actor.id, refusal),
        };
        reply.lang.get_or_insert(lang);
        Some(reply)
    }

    /// The move a chat message stands for: the player's move in the one game they play here,
    /// when it is their turn and the message looks like a move; `None` otherwise (and when the
    /// store cannot say, chat being no place to report its failures).
    async fn chat_move(&self, player: PlayerId, place: Place, text: &str) -> Option<Command> {
        if !looks_like_move(text) {
            return None;
        }
        let game = lookup::my_only_game_here(&self.store, player, place)
            .await
            .ok()??;
        (game.color_of(player) == Some(game.to_move)).then(|| Command::Move {
            game: Some(game.id),
            text: text.trim().to_string(),
        })
    }
}

/// What a request's input was read as.
enum Read {
    /// A command, typed or stood for by a button.
    Command(Command),
    /// A step of the move picker.
    Pick(Pick),
}

/// Why a request's input is not a command.
enum Unread {
    /// Not a command, and the error says why.
    Command(CommandError),
    /// A button or menu the bot never made (a forged or foreign `custom_id`).
    Button,
}

/// The private answer to a refused command, in `lang`; store failures are logged.
fn refused(lang: Lang, actor: PlayerId, refusal: Refusal) -> Reply {
    match refusal {
        Refusal::Say(text) | Refusal::Because(_, text) => Reply::private(text),
        Refusal::Store(StoreError::Conflict) => Reply::private(tr!(lang, "store-conflict")),
        Refusal::Store(e @ StoreError::Unconfirmed(_)) => {
            tracing::error!(error = %e, actor = actor.0, "commit unconfirmed");
            Reply::private(tr!(lang, "store-unconfirmed"))
        }
        Refusal::Store(e) => {
            tracing::error!(error = %e, actor = actor.0, "store failure");
            Reply::private(tr!(lang, "store-unavailable"))
        }
    }
}
