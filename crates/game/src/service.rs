//! The game service and its one front door: every request — a line, a parsed command, a button,
//! a chat message — is admitted by the rate limit as its [`Admission`] says, read into a
//! [`Command`], answered in the asker's language, and dispatched to its action. Refusals and
//! failures become private replies; nothing here fails.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::actions::{self, command_kind, command_word};
use super::analysis_queue::{AnalysisQueue, Analyst, EngineAnalyst};
use super::clock::Clock;
use super::command::{Command, CommandError, looks_like_move};
use super::context::{Cx, Refusal, Said, said};
use super::i18n::{Lang, tr};
use super::limits;
use super::links::Links;
use super::locks::GameLocks;
use super::lookup;
use super::observe::{CommandOutcome, Observer, RefusalReason, Unobserved};
use super::picks::{Mark, Pick};
use super::players::Players;
use super::present::{Markup, TextMarkup, Voice};
use super::privacy;
use super::rate::{RateLimit, RateLimiter, Verdict, slow_down};
use super::reach;
use super::reply::{ButtonAction, DEFAULT_MENU_SIZE, Reply};
use super::request::{Actor, Admission, Input, Request};
use super::searches::{EngineSearcher, Searcher, Searches, default_searches_at_once};
use super::told::Told;
use crate::model::{FrontEnd, Place, PlayerId, Timestamp};
use crate::parts::{Commands, Feed, Views};
use crate::render;
use crate::store::{Answer, Store, StoreError, answering};

/// The correspondence-game service: one per process, shared by every front end and task.
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    markup: Arc<dyn Markup>,
    /// The markup of the front ends that answer in a place of their own kind (the web's), where
    /// `markup` (the chat's) would not read: chosen by the request's [`Place::front_end`].
    front_end_markups: Vec<(FrontEnd, Arc<dyn Markup>)>,
    locks: GameLocks,
    pub(crate) board_size: u32,
    /// The most choices a move-picker menu holds ([`DEFAULT_MENU_SIZE`] unless the front end
    /// or a test says).
    menu_size: usize,
    /// The servers' locales this process last stored, and when, so an unchanged one is not
    /// written on every interaction (but is again after a while, in case another process
    /// stored an older report meanwhile).
    pub(crate) server_locales: Mutex<HashMap<u64, (String, Timestamp)>>,
    /// Each player's commands are counted here; `None` when the service runs unlimited.
    limiter: Option<RateLimiter>,
    /// Each player's requests for completions (the moves offered as they type), on an
    /// allowance of their own ([`RateLimit::completions`]); `None` with `limiter`.
    completions: Option<RateLimiter>,
    /// Told of every command, move, game and database failure (the metrics, or nobody).
    observer: Arc<dyn Observer>,
    /// The line of games waiting for the engine's analysis (one at a time per process).
    pub(crate) analyses: AnalysisQueue,
    /// The engine's searches for the computer's moves, a few at a time per process.
    searches: Searches,
    /// How long the event log keeps an event ([`DEFAULT_EVENTS_KEPT`] unless told).
    events_kept: Duration,
    /// Where the web pages are and the private links' secret; `None` when no web pages are
    /// served (`PUBLIC_URL` unset): replies then carry no links.
    links: Option<Links>,
}

/// How long the event log keeps an event by default: 30 days.
pub const DEFAULT_EVENTS_KEPT: Duration = Duration::from_secs(30 * 24 * 3600);

impl Service {
    /// A service on `store`, reading the time from `clock`, writing plain-text markup
    /// ([`TextMarkup`]), with the default per-player rate limit ([`RateLimit::default`]) and
    /// the caps on what one player may hold at once (see [`limits`](super::limits)), which the
    /// store checks as it writes.
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Service {
        Service {
            store: store.with_caps(limits::caps()),
            clock,
            markup: Arc::new(TextMarkup),
            front_end_markups: Vec::new(),
            locks: GameLocks::default(),
            board_size: render::DEFAULT_SIZE,
            menu_size: DEFAULT_MENU_SIZE,
            server_locales: Mutex::default(),
            limiter: Some(RateLimiter::new(RateLimit::default())),
            completions: Some(RateLimiter::new(RateLimit::completions())),
            observer: Arc::new(Unobserved),
            analyses: AnalysisQueue::new(Arc::new(EngineAnalyst::default())),
            searches: Searches::new(Arc::new(EngineSearcher), default_searches_at_once()),
            events_kept: DEFAULT_EVENTS_KEPT,
            links: None,
        }
    }

    /// The same service with the computer's moves found by `searcher`, at most `at_once` (at
    /// least one) searching at a time; by default the engine, on half the cores
    /// ([`default_searches_at_once`]). The others wait in the order they asked.
    pub fn with_searches(mut self, searcher: Arc<dyn Searcher>, at_once: usize) -> Service {
        self.searches = Searches::new(searcher, at_once);
        self
    }

    /// How many of the computer's searches may run at once in this process.
    pub fn searches_at_once(&self) -> usize {
        self.searches.at_once()
    }

    /// How many of the computer's searches are waiting for their turn (for tests and metrics).
    pub fn searches_waiting(&self) -> usize {
        self.searches.waiting()
    }

    /// The same service with its analyses made by `analyst` (by default the engine at
    /// [`DEFAULT_NODES`](crate::engine::analysis::DEFAULT_NODES) nodes a position).
    pub fn with_analyst(mut self, analyst: Arc<dyn Analyst>) -> Service {
        self.analyses = AnalysisQueue::new(analyst);
        self
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
    /// Completions keep their own allowance ([`RateLimit::completions`]) while there is a limit,
    /// and have none without.
    pub fn with_rate_limit(mut self, limit: Option<RateLimit>) -> Service {
        self.completions = limit.map(|_| RateLimiter::new(RateLimit::completions()));
        self.limiter = limit.map(RateLimiter::new);
        self
    }

    /// The same service writing players, times and places as `markup` says: each front end
    /// supplies its own.
    pub fn with_markup(mut self, markup: Arc<dyn Markup>) -> Service {
        self.markup = markup;
        self
    }

    /// The same service with links to the web pages at `links` in its replies, and the `web`
    /// command's private links signed with its secret.
    pub fn with_links(mut self, links: Links) -> Service {
        self.links = Some(links);
        self
    }

    /// Where the web pages are, when they are served.
    pub fn links(&self) -> Option<&Links> {
        self.links.as_ref()
    }

    /// The same service answering the requests made in `front_end`'s places (the web page's,
    /// [`Place::WEB`]) with `markup`, while every other answer and post keeps the one
    /// [`with_markup`](Service::with_markup) set.
    pub fn with_front_end_markup(
        mut self,
        front_end: FrontEnd,
        markup: Arc<dyn Markup>,
    ) -> Service {
        self.front_end_markups.retain(|(f, _)| *f != front_end);
        self.front_end_markups.push((front_end, markup));
        self
    }

    /// The same service with move-picker menus of at most `size` choices (3 at least, so
    /// that a page has room for its choices and its "more" entries): a front end sets its
    /// platform's limit (Discord's is 25), and a smaller size shows the picker's pages in
    /// positions with few moves.
    pub fn with_menu_size(mut self, size: usize) -> Service {
        self.menu_size = size.max(3);
        self
    }

    /// The same service keeping the event log's events for `kept` (`EVENTS_KEPT_DAYS`), after
    /// which the sweep drops them.
    pub fn with_events_kept(mut self, kept: Duration) -> Service {
        self.events_kept = kept;
        self
    }

    /// How long the event log keeps an event.
    pub fn events_kept(&self) -> Duration {
        self.events_kept
    }

    /// The current time of the service's clock.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// The store the service works on.
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// This process's searches for the computer's moves.
    pub(crate) fn searches(&self) -> &Searches {
        &self.searches
    }

    /// This process's per-game locks.
    pub(crate) fn locks(&self) -> &GameLocks {
        &self.locks
    }

    /// The most choices a move-picker menu holds.
    pub fn menu_size(&self) -> usize {
        self.menu_size
    }

    /// How a reply in `lang` speaks, with this service's markup.
    pub(crate) fn voice(&self, lang: Lang) -> Voice<'_> {
        Voice {
            lang,
            markup: self.markup.as_ref(),
            now: self.now(),
        }
    }

    /// How an answer to a request made at `place` speaks in `lang`: with the markup of the
    /// place's front end when it has one of its own, else this service's.
    pub(crate) fn voice_at(&self, place: Place, lang: Lang) -> Voice<'_> {
        let front_end = place.front_end();
        let markup = self
            .front_end_markups
            .iter()
            .find(|(f, _)| *f == front_end)
            .map_or(self.markup.as_ref(), |(_, m)| m.as_ref());
        Voice {
            lang,
            markup,
            now: self.now(),
        }
    }

    /// Answers one request. `None` only where a front end may stay silent: a chat message
    /// that is not a move of the player's, or a quiet request over the rate limit whose
    /// player has already been told. An answer also carries the notices held for the player
    /// ([`Reply::held`]), which Discord would not let the bot send them directly.
    pub async fn handle(&self, request: Request) -> Option<Reply> {
        let (player, locale, place) = (request.actor.id, request.locale.clone(), request.place);
        // The answer is posted where the request was made: it tells the events written for a
        // game there; those of a game elsewhere are the log's consumer's to post.
        let answer = Answer {
            channel: Some(place.thread.unwrap_or(place.channel)),
            actor: Some(player),
        };
        reach::within(async {
            let (answered, told) = answering(answer, self.commands().answer(request)).await;
            let (mut reply, admitted) = answered?;
            reply.told = Told::new(told, self.store().event_log().deliveries());
            // Over the rate limit nothing more is looked up: the flood costs no database work.
            if admitted {
                reply.held = self
                    .commands()
                    .held_for(player, locale.as_deref(), place)
                    .await;
            }
            Some(reply)
        })
        .await
    }
}

impl Feed<'_> {
    /// Returns once an analysis that players were told to wait for is ready: a front end
    /// that waits on this beside its timer can sweep at once and post the answers.
    pub async fn analysis_ready(self) {
        self.service.analyses.finished().await;
    }
}

impl Views<'_> {
    /// Counts a request for completions of `player` and says whether it may go ahead: over
    /// their allowance, a front end offers nothing (and the store is not asked).
    pub(crate) fn completion_admitted(self, player: PlayerId) -> bool {
        self.service
            .completions
            .as_ref()
            .is_none_or(|limiter| limiter.check(player, self.service.now()) == Verdict::Admit)
    }
}

impl Commands<'_> {
    /// [`Service::handle`]'s answer itself, and whether the rate limit admitted the request.
    async fn answer(self, request: Request) -> Option<(Reply, bool)> {
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
        // Names are cut and cleaned at the door, once, as they are stored: nothing past it
        // lays out a name of 100,000 characters or puts a newline in a record's line.
        let actor = actor.with_kept_name();
        let mentioned: Vec<_> = mentioned.into_iter().map(Actor::with_kept_name).collect();
        // Chat stays chat, unanswered and uncounted, unless it looks like a move.
        if let Input::Chat(text) = &input
            && !looks_like_move(text)
        {
            return None;
        }
        // The rate limit first, before any database work: a request over it costs a count in
        // memory and, once per burst, the look-up of the player's language.
        let verdict = match (&self.service.limiter, admission) {
            (Some(limiter), Admission::Answered | Admission::Quiet) => {
                limiter.check(actor.id, self.service.now())
            }
            _ => Verdict::Admit,
        };
        if verdict != Verdict::Admit {
            let kind = match &input {
                Input::Chat(_) => "move",
                Input::Line(text) => {
                    Command::parse_or_move_with(text, self.service.markup.mentions())
                        .as_ref()
                        .map_or("unreadable", command_kind)
                }
                Input::Command(command) => command_kind(command),
                Input::Invalid(_) => "unreadable",
                Input::MoveAt { .. } => "move",
                Input::Button(_) => "button",
                Input::Menu { .. } => "picker",
            };
            self.service.observer.refusal(RefusalReason::RateLimited);
            self.service
                .observer
                .command(kind, CommandOutcome::Refused, started.elapsed());
            // A chat message over the limit is not looked at (it may not even be a move of the
            // player's), and a quiet request whose player was told this burst is not answered.
            if matches!(input, Input::Chat(_))
                || (verdict, admission) == (Verdict::RefuseQuietly, Admission::Quiet)
            {
                return None;
            }
            let lang = match verdict {
                Verdict::Refuse => {
                    let players = Players::new(&self.service.store);
                    self.service
                        .languages()
                        .language_of(&players, locale.as_deref(), actor.id, place.server)
                        .await
                }
                _ => self.remembered_language(locale.as_deref(), place.server),
            };
            // Said before anything is read: all there is to tell is that it came too fast.
            return Some((Reply::private(slow_down(lang)), false));
        }
        let read = match input {
            // A chat message is a move if it is one in the player's one game here.
            Input::Chat(text) => Ok(Read::Command(self.chat_move(actor.id, place, &text).await?)),
            Input::Line(text) => Command::parse_or_move_with(&text, self.service.markup.mentions())
                .map(Read::Command)
                .map_err(Unread::Command),
            Input::Command(command) => Ok(Read::Command(command)),
            Input::Invalid(error) => Err(Unread::Command(error)),
            // A mark the bot did not write, or one of another game than the front end vouches
            // for, is a forged form, told as a forged button is.
            Input::MoveAt { game, at, text } => Mark::read(&at)
                .filter(|mark| mark.game == game)
                .map(|mark| Read::MoveAt { mark, text })
                .ok_or(Unread::Button),
            Input::Button(custom_id) => match ButtonAction::from_custom_id(&custom_id) {
                Some(ButtonAction::Move(game)) => Ok(Read::Pick(Pick::Open(game))),
                Some(action) => action.command().map(Read::Command).ok_or(Unread::Button),
                None => Err(Unread::Button),
            },
            Input::Menu { custom_id, values } => Pick::from_menu(&custom_id, &values)
                .map(Read::Pick)
                .ok_or(Unread::Button),
        };
        let players = Players::new(&self.service.store);
        let lang = self
            .service
            .languages()
            .language_of(&players, locale.as_deref(), actor.id, place.server)
            .await;
        let kind = match &read {
            Ok(Read::Command(command)) => command_kind(command),
            Ok(Read::Pick(_)) => "picker",
            Ok(Read::MoveAt { .. }) => "move",
            Err(Unread::Command(_)) => "unreadable",
            Err(Unread::Button) => "button",
        };
        let refuse = |reason: RefusalReason| {
            self.service.observer.refusal(reason);
            self.service
                .observer
                .command(kind, CommandOutcome::Refused, started.elapsed());
        };
        let read = match read {
            Ok(read) => read,
            Err(Unread::Command(error)) => {
                refuse(RefusalReason::Unreadable);
                let said = Said::Command(error);
                return Some((said.refusal(RefusalReason::Unreadable, lang), true));
            }
            Err(Unread::Button) => {
                refuse(RefusalReason::UnknownButton);
                let said = said!("button-unknown");
                return Some((said.refusal(RefusalReason::UnknownButton, lang), true));
            }
        };
        if let Read::Command(command) = &read
            && let Some(reply) = privacy::refused_in_public(command, audience, lang)
        {
            refuse(RefusalReason::NotAllowed);
            return Some((reply, true));
        }
        let word = match &read {
            Read::Command(command) => command_word(command),
            Read::Pick(_) | Read::MoveAt { .. } => "move",
        };
        let cx = Cx {
            svc: self.service,
            actor: &actor,
            place,
            locale: locale.as_deref(),
            mentioned: &mentioned,
            lang,
            word,
            players,
        };
        let answered = match &read {
            // The database did not answer this request's first reads: the command is refused
            // at once (nothing was changed) rather than waiting for it again.
            _ if reach::out() => Err(Refusal::Store(StoreError::OutOfReach)),
            Read::Command(command) => actions::dispatch(&cx, command).await,
            Read::Pick(pick) => actions::picker::pick(&cx, pick).await,
            Read::MoveAt { mark, text } => {
                actions::play::play_at(&cx, Some(mark.game), text, Some(*mark)).await
            }
        };
        // A cap the store found is said as a cap, whichever action ran into it.
        let answered = match answered {
            Err(Refusal::Store(StoreError::Cap(reached))) => {
                Err(limits::cap_refusal(&cx, reached).await)
            }
            other => other,
        };
        if let Err(Refusal::Store(error)) = &answered {
            reach::note(error);
        }
        let outcome = match &answered {
            Ok(_) => CommandOutcome::Done,
            Err(Refusal::Store(StoreError::Conflict)) => {
                self.service.observer.refusal(RefusalReason::Conflict);
                CommandOutcome::Refused
            }
            Err(Refusal::Store(_)) => {
                self.service.observer.database_error();
                CommandOutcome::Failed
            }
            Err(Refusal::No(reason, _)) => {
                self.service.observer.refusal(*reason);
                CommandOutcome::Refused
            }
        };
        self.service
            .observer
            .command(kind, outcome, started.elapsed());
        let mut reply = match answered {
            Ok(reply) => reply,
            Err(refusal) => refused(lang, actor.id, refusal),
        };
        reply.lang.get_or_insert(lang);
        Some((reply, true))
    }

    /// The language of an answer given without looking anything up (a request over the rate
    /// limit, after the first of its burst): the client's locale, else the server's locale as
    /// this process last stored it, else English.
    pub(crate) fn remembered_language(self, locale: Option<&str>, server: Option<u64>) -> Lang {
        if let Some(lang) = locale.and_then(Lang::from_locale) {
            return lang;
        }
        let remembered = server.and_then(|server| {
            self.service
                .server_locales
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get(&server)
                .map(|(locale, _)| locale.clone())
        });
        Lang::resolve(None, None, remembered.as_deref())
    }

    /// The move a chat message stands for: the player's move in the one game they play here,
    /// when it is their turn and the message looks like a move; `None` otherwise (and when the
    /// store cannot say, chat being no place to report its failures).
    async fn chat_move(self, player: PlayerId, place: Place, text: &str) -> Option<Command> {
        if !looks_like_move(text) {
            return None;
        }
        let game = lookup::my_only_game_here(&self.service.store, player, place)
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
    /// A move made on a page that showed the position `mark`.
    MoveAt { mark: Mark, text: String },
}

/// Why a request's input is not a command.
enum Unread {
    /// Not a command, and the error says why.
    Command(CommandError),
    /// A button or menu the bot never made (a forged or foreign `custom_id`).
    Button,
}

/// The private answer to a refused command, in `lang`: where a refusal is put into words.
/// Store failures are logged.
fn refused(lang: Lang, actor: PlayerId, refusal: Refusal) -> Reply {
    match refusal {
        Refusal::No(reason, said) => said.refusal(reason, lang),
        Refusal::Store(StoreError::Conflict) => {
            said!("store-conflict").refusal(RefusalReason::Conflict, lang)
        }
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
