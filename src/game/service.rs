//! The game service: every command a player can give, the rights behind it, and the deadline
//! sweep. It reads and writes games through the store, the rules decide what is legal, and the
//! renderer draws the board after the commit.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex as SyncMutex};
use std::time::Duration;

use tokio::sync::Mutex;

use super::clock::Clock;
use super::command::{
    Answer, Command, HELP, Opponent, PlayerRef, Setting, clean_text, help_entry, looks_like_move,
};
use super::i18n::{Lang, tr};
use super::rate::{RateLimit, RateLimiter, Verdict, slow_down};
use super::reply::{Attachment, Button, ButtonAction, ButtonStyle, Notice, Reply};
use crate::engine;
use crate::render::{self, BoardView, GifOptions, Options};
use crate::rules::{
    self, Color, Illegal, MoveError, Outcome, PgnTags, PlayError, Square, Termination,
};
use crate::store::{
    AcceptedGame, AfterMove, Challenge, ChallengeId, ChallengeStatus, ColourWish, Deadline, Ending,
    Game as StoredGame, GameId, GameResult, GameStatus, NewChallenge, NewGame, NewMove, Offer,
    OfferKind, Place, PlayerId, Store, StoreError, Timestamp,
};

/// How long a challenge waits to be taken.
pub const CHALLENGE_LIFETIME: Duration = Duration::from_secs(24 * 3600);
/// The last reminder comes this long before the deadline.
pub const FINAL_REMINDER_BEFORE: Duration = Duration::from_secs(2 * 3600);
/// The first reminder comes when this share of the allowance has passed.
pub const FIRST_REMINDER_AT: f64 = 0.8;
/// A deadline is never pushed further than this from now by `moretime`.
pub const MAX_DEADLINE_AHEAD_DAYS: u32 = 28;
/// How long a process trusts the server locale it last stored before storing it again.
const SERVER_LOCALE_REFRESH: Duration = Duration::from_secs(3600);
/// How many due items one sweep handles; the rest wait for the next sweep.
const SWEEP_BATCH: u32 = 100;

/// Who is acting: a player as the front end knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub id: PlayerId,
    /// The display name, kept for game records and leaderboards.
    pub name: String,
}

/// One thing a player asks of the service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub actor: Actor,
    /// Where they asked: a server channel, a game's thread, a direct message.
    pub place: Place,
    /// The language their client uses, when the front end knows it (`fr`, `en-US`).
    pub locale: Option<String>,
    pub command: Command,
    /// Names of the users the command mentions, when the front end knows them.
    pub mentioned: Vec<Actor>,
}

impl Request {
    /// A request with no locale and no known names of mentioned users.
    pub fn new(actor: Actor, place: Place, command: Command) -> Request {
        Request {
            actor,
            place,
            locale: None,
            command,
            mentioned: Vec::new(),
        }
    }
}

/// Why a command was refused, before it becomes a private reply.
enum Refusal {
    /// Said to the player as it is; nothing was changed.
    Say(String),
    /// The store failed or the game changed meanwhile.
    Store(StoreError),
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        Refusal::Store(e)
    }
}

type Res<T> = Result<T, Refusal>;

fn say<T>(text: impl Into<String>) -> Res<T> {
    Err(Refusal::Say(text.into()))
}

/// A mention of a player in reply text; front ends turn it into a name or a ping.
pub fn mention(player: PlayerId) -> String {
    format!("<@{}>", player.0)
}

/// A time in reply text, Discord's way: `<t:UNIX:R>` reads "in 3 days" in every client.
pub fn relative_time(at: Timestamp) -> String {
    format!("<t:{}:R>", at.0.div_euclid(1000))
}

/// The key of a side in the texts' selectors: `white` or `black`.
fn side_key(color: Color) -> &'static str {
    color.name()
}

/// A loaded game: the stored row and the rules' view of it, replayed from the record.
struct Loaded {
    row: StoredGame,
    game: rules::Game,
}

impl Loaded {
    /// The game's number, as the texts show it (`Game #{ $id }`).
    fn id(&self) -> i64 {
        self.row.id.0
    }

    /// Who plays `color`: a mention, or the computer.
    fn side(&self, lang: Lang, color: Color) -> String {
        side_label(lang, &self.row, color)
    }

    /// True when the computer plays the side to move.
    fn computer_to_move(&self) -> bool {
        self.row.computer_level.is_some() && self.row.player(self.row.to_move).is_none()
    }
}

/// Who plays `color` in a game: a mention of the player, or the computer and its level.
fn side_label(lang: Lang, row: &StoredGame, color: Color) -> String {
    match (row.player(color), row.computer_level) {
        (Some(player), _) => mention(player),
        (None, Some(level)) => tr!(lang, "computer-side", level = level),
        // A game always has a player or the computer on each side; the colour is a last resort.
        (None, None) => color.to_string(),
    }
}

/// Per-game locks of this process, so two commands on one game never interleave here (other
/// processes are kept out by the store's version guard). A game has an entry only while a
/// command holds or awaits its lock: the last one out removes it, so the table never grows with
/// the number of games played.
#[derive(Default)]
struct GameLocks {
    locks: SyncMutex<HashMap<GameId, Arc<Mutex<()>>>>,
}

impl GameLocks {
    /// Waits for the game's lock and holds it until the guard is dropped.
    async fn lock(&self, id: GameId) -> LockGuard<'_> {
        let lock = {
            let mut locks = self.locks.lock().unwrap_or_else(|p| p.into_inner());
            locks.entry(id).or_default().clone()
        };
        LockGuard {
            table: self,
            id,
            guard: Some(lock.lock_owned().await),
        }
    }

    /// How many games have an entry: those being worked on or waited for.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.locks.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

/// Holds a game's in-process lock while a command works on it.
struct LockGuard<'a> {
    table: &'a GameLocks,
    id: GameId,
    guard: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Drop for LockGuard<'_> {
    fn drop(&mut self) {
        let Some(guard) = self.guard.take() else {
            return;
        };
        let lock = tokio::sync::OwnedMutexGuard::mutex(&guard).clone();
        drop(guard);
        // Every clone of the lock is taken under the table's mutex, so with it held a count
        // of two (the table's and `lock`) means nobody else holds or awaits this game's lock.
        let mut locks = self.table.locks.lock().unwrap_or_else(|p| p.into_inner());
        if Arc::strong_count(&lock) == 2 {
            locks.remove(&self.id);
        }
    }
}

/// The correspondence-game service: one per process, shared by every front end and task.
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    locks: GameLocks,
    board_size: u32,
    /// The servers' locales this process last stored, and when, so an unchanged one is not
    /// written on every interaction (but is again after a while, in case another process
    /// stored an older report meanwhile).
    server_locales: SyncMutex<HashMap<u64, (String, Timestamp)>>,
    /// Each player's commands are counted here; `None` when the service runs unlimited.
    limiter: Option<RateLimiter>,
}

impl Service {
    /// A service on `store`, reading the time from `clock`, with the default per-player rate
    /// limit ([`RateLimit::default`]).
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Service {
        Service {
            store,
            clock,
            locks: GameLocks::default(),
            board_size: render::DEFAULT_SIZE,
            server_locales: SyncMutex::default(),
            limiter: Some(RateLimiter::new(RateLimit::default())),
        }
    }

    /// The same service with another per-player rate limit, or none (`None`: for the local
    /// console, benchmarks, and tests that play whole games while the clock stands still).
    pub fn with_rate_limit(mut self, limit: Option<RateLimit>) -> Service {
        self.limiter = limit.map(RateLimiter::new);
        self
    }

    /// Counts one command of `actor` against the rate limit.
    fn admit(&self, actor: &Actor) -> Verdict {
        match &self.limiter {
            Some(limiter) => limiter.check(actor.id, self.now()),
            None => Verdict::Admit,
        }
    }

    /// The store the service works on.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The current time of the service's clock.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// Answers a line of text, as typed after the bot's prefix or in the console.
    /// A move typed on its own (`!rb Rb7`) is taken as `move Rb7`.
    pub async fn handle_text(&self, actor: Actor, place: Place, text: &str) -> Reply {
        self.handle_text_in(actor, place, None, text).await
    }

    /// [`Service::handle_text`] for a player whose client's locale is known (`fr`, `es-ES`).
    pub async fn handle_text_in(
        &self,
        actor: Actor,
        place: Place,
        locale: Option<String>,
        text: &str,
    ) -> Reply {
        match self.admit(&actor) {
            Verdict::Admit => {
                self.answer_line(actor, place, locale, text, Vec::new())
                    .await
            }
            Verdict::Refuse | Verdict::RefuseQuietly => {
                self.slow_down(locale.as_deref(), &actor, place).await
            }
        }
    }

    /// Answers a chat message addressed to the bot (the text after its prefix), with the users
    /// the message mentions. `None` when the player is over the rate limit and has already been
    /// told: a chat message may go unanswered, and a flood should not fill the channel.
    pub async fn handle_message(
        &self,
        actor: Actor,
        place: Place,
        text: &str,
        mentioned: Vec<Actor>,
    ) -> Option<Reply> {
        match self.admit(&actor) {
            Verdict::Admit => Some(self.answer_line(actor, place, None, text, mentioned).await),
            Verdict::Refuse => Some(self.slow_down(None, &actor, place).await),
            Verdict::RefuseQuietly => None,
        }
    }

    /// The polite refusal of a player over the rate limit, in their language.
    async fn slow_down(&self, locale: Option<&str>, actor: &Actor, place: Place) -> Reply {
        let lang = self.language(locale, actor.id, place.server).await;
        Reply::private(slow_down(lang))
    }

    /// A line of text the rate limit has let through: parsed, then answered.
    async fn answer_line(
        &self,
        actor: Actor,
        place: Place,
        locale: Option<String>,
        text: &str,
        mentioned: Vec<Actor>,
    ) -> Reply {
        match Command::parse_or_move(text) {
            Ok(command) => {
                let request = Request {
                    locale,
                    mentioned,
                    ..Request::new(actor, place, command)
                };
                self.answer(request).await
            }
            Err(e) => {
                let lang = self
                    .language(locale.as_deref(), actor.id, place.server)
                    .await;
                Reply::private(e.text(lang))
            }
        }
    }

    /// Answers a button press: the button's `custom_id` becomes the command it stands for.
    pub async fn handle_button(&self, actor: Actor, place: Place, custom_id: &str) -> Reply {
        self.handle_button_in(actor, place, None, custom_id).await
    }

    /// [`Service::handle_button`] for a player whose client's locale is known.
    pub async fn handle_button_in(
        &self,
        actor: Actor,
        place: Place,
        locale: Option<String>,
        custom_id: &str,
    ) -> Reply {
        if self.admit(&actor) != Verdict::Admit {
            return self.slow_down(locale.as_deref(), &actor, place).await;
        }
        let Some(action) = ButtonAction::from_custom_id(custom_id) else {
            let lang = self
                .language(locale.as_deref(), actor.id, place.server)
                .await;
            return Reply::private(tr!(lang, "button-unknown"));
        };
        let mut request = Request::new(actor, place, action.command());
        request.locale = locale;
        self.answer(request).await
    }

    /// The language to answer a player in: their client's `locale` for this interaction, else
    /// the language they chose with `settings language`, else their server's preferred
    /// locale, else English. A store failure only skips the choices it hides.
    pub async fn language(
        &self,
        locale: Option<&str>,
        player: PlayerId,
        server: Option<u64>,
    ) -> Lang {
        if let Some(lang) = locale.and_then(Lang::from_locale) {
            return lang;
        }
        let chosen = match self.store.player(player).await {
            Ok(found) => found.and_then(|p| p.language),
            Err(e) => {
                tracing::warn!(error = %e, "player's language unavailable");
                None
            }
        };
        if let Some(lang) = chosen.as_deref().and_then(Lang::from_locale) {
            return lang;
        }
        self.server_language(server).await
    }

    /// The language of a server's public notices: its preferred locale, else English.
    pub async fn server_language(&self, server: Option<u64>) -> Lang {
        let Some(server) = server else {
            return Lang::En;
        };
        let locale = match self.store.server_locale(server).await {
            Ok(locale) => locale,
            Err(e) => {
                tracing::warn!(error = %e, server, "server's locale unavailable");
                None
            }
        };
        Lang::resolve(None, None, locale.as_deref())
    }

    /// Remembers a server's preferred locale, as Discord tells it with each interaction and
    /// when the bot joins: prefix commands and deadline notices there are answered in it.
    pub async fn remember_server_locale(
        &self,
        server: u64,
        locale: &str,
    ) -> Result<(), StoreError> {
        let now = self.now();
        let fresh = self
            .server_locales
            .lock()
            .expect("locale cache poisoned")
            .get(&server)
            .is_some_and(|(known, at)| known == locale && now < at.plus(SERVER_LOCALE_REFRESH));
        if fresh || locale.is_empty() {
            return Ok(());
        }
        self.store.set_server_locale(server, locale, now).await?;
        let mut cache = self.server_locales.lock().expect("locale cache poisoned");
        if cache.len() > 10_000 {
            cache.clear();
        }
        cache.insert(server, (locale.to_string(), now));
        Ok(())
    }

    /// The language of a notice about a game: the concerned player's chosen one, else the
    /// server's, else English.
    async fn notice_language(&self, player: Option<PlayerId>, server: Option<u64>) -> Lang {
        match player {
            Some(player) => self.language(None, player, server).await,
            None => self.server_language(server).await,
        }
    }

    /// A chat message that is not a command: if it is a move by the player to move in the one
    /// game they play here, it is played; anything else gets no answer, so chat stays chat.
    pub async fn handle_bare_message(
        &self,
        actor: Actor,
        place: Place,
        text: &str,
    ) -> Option<Reply> {
        if !looks_like_move(text) {
            return None;
        }
        let games = self.store.active_games_in(place_key(place)).await.ok()?;
        let mut mine = games.iter().filter(|g| g.color_of(actor.id).is_some());
        let game = mine.next()?;
        if mine.next().is_some() || game.color_of(actor.id) != Some(game.to_move) {
            return None;
        }
        match self.admit(&actor) {
            Verdict::Admit => {}
            Verdict::Refuse => return Some(self.slow_down(None, &actor, place).await),
            Verdict::RefuseQuietly => return None,
        }
        let command = Command::Move {
            game: Some(game.id.0),
            text: text.trim().to_string(),
        };
        Some(self.answer(Request::new(actor, place, command)).await)
    }

    /// Answers one request (a slash command, say), in the language [`Service::language`] picks
    /// for it. Never fails: refusals and failures become private replies, and a player over the
    /// rate limit is asked to slow down.
    pub async fn handle(&self, request: Request) -> Reply {
        if self.admit(&request.actor) != Verdict::Admit {
            return self
                .slow_down(request.locale.as_deref(), &request.actor, request.place)
                .await;
        }
        self.answer(request).await
    }

    /// Answers a request without counting it against anyone's rate limit: for what a front end
    /// asks on its own account, such as the board it posts in a new game's thread.
    pub async fn handle_uncounted(&self, request: Request) -> Reply {
        self.answer(request).await
    }

    /// Answers a request the rate limit has let through.
    async fn answer(&self, request: Request) -> Reply {
        let lang = self
            .language(
                request.locale.as_deref(),
                request.actor.id,
                request.place.server,
            )
            .await;
        match self.dispatch(&request, lang).await {
            Ok(reply) => reply,
            Err(Refusal::Say(text)) => Reply::private(text),
            Err(Refusal::Store(StoreError::Conflict)) => {
                Reply::private(tr!(lang, "store-conflict"))
            }
            Err(Refusal::Store(e @ StoreError::Unconfirmed(_))) => {
                tracing::error!(error = %e, actor = request.actor.id.0, "commit unconfirmed");
                Reply::private(tr!(lang, "store-unconfirmed"))
            }
            Err(Refusal::Store(e)) => {
                tracing::error!(error = %e, actor = request.actor.id.0, "store failure");
                Reply::private(tr!(lang, "store-unavailable"))
            }
        }
    }

    async fn dispatch(&self, r: &Request, lang: Lang) -> Res<Reply> {
        let l = lang;
        match &r.command {
            Command::Help { topic } => Ok(help(l, topic.as_deref())),
            Command::Rules => self.rules(l).await,
            Command::Challenge {
                opponent,
                colour,
                days,
                rated,
            } => {
                self.challenge(r, l, opponent, *colour, *days, *rated, None)
                    .await
            }
            Command::Accept { challenge } => self.accept(r, l, *challenge).await,
            Command::Decline { challenge } => {
                self.close_challenge(r, l, *challenge, ChallengeStatus::Declined)
                    .await
            }
            Command::Cancel { challenge } => {
                self.close_challenge(r, l, *challenge, ChallengeStatus::Cancelled)
                    .await
            }
            Command::Move { game, text } => self.play(r, l, *game, text).await,
            Command::Board { game } => self.board(r, l, *game).await,
            Command::Game { game } => self.board(r, l, Some(*game)).await,
            Command::Moves { game, square } => self.moves(r, l, *game, *square).await,
            Command::History { game } => self.history(r, l, *game).await,
            Command::Games => self.games(r, l).await,
            Command::Export { game } => self.export(r, l, *game).await,
            Command::Resign { game, confirmed } => self.resign(r, l, *game, *confirmed).await,
            Command::Draw { game, answer } => {
                self.offer(r, l, *game, OfferKind::Draw, *answer).await
            }
            Command::Takeback { game, answer } => {
                self.offer(r, l, *game, OfferKind::Takeback, *answer).await
            }
            Command::Abort { game } => self.abort(r, l, *game).await,
            Command::MoreTime { game, days } => self.more_time(r, l, *game, *days).await,
            Command::Rematch { game } => self.rematch(r, l, *game).await,
            Command::Settings { change } => self.settings(r, l, change.as_ref()).await,
            Command::Leaderboard => Ok(self.leaderboard(r, l).await?),
            Command::Stats { player } => Ok(self.stats(r, player.as_ref(), l).await?),
        }
    }

    // ----- Challenges -------------------------------------------------------------------

    #[allow(clippy::too_many_arguments)]
    async fn challenge(
        &self,
        r: &Request,
        lang: Lang,
        opponent: &Opponent,
        colour: Option<Color>,
        days: u32,
        rated: bool,
        rematch_of: Option<GameId>,
    ) -> Res<Reply> {
        if let Opponent::Computer { level } = opponent {
            return self
                .start_computer_game(r, lang, *level, colour, days)
                .await;
        }
        if r.place.server.is_none() {
            return say(tr!(lang, "challenge-needs-server"));
        }
        let challenged = match opponent {
            Opponent::Open | Opponent::Computer { .. } => None,
            Opponent::Player(PlayerRef::Id(id)) => Some(PlayerId(*id)),
            Opponent::Player(PlayerRef::Name(name))
                if name.eq_ignore_ascii_case("everyone") || name.eq_ignore_ascii_case("here") =>
            {
                return say(tr!(lang, "challenge-mass-mention", name = name.as_str()));
            }
            Opponent::Player(PlayerRef::Name(name)) => {
                return say(tr!(lang, "challenge-unknown-name", name = name));
            }
        };
        if challenged == Some(r.actor.id) {
            return say(tr!(lang, "challenge-self"));
        }
        let now = self.now();
        let mine = self.store.open_challenges_by(r.actor.id).await?;
        if let Some(c) = mine
            .iter()
            .find(|c| c.challenged == challenged && c.place.channel == r.place.channel)
        {
            return say(match c.challenged {
                Some(p) => tr!(
                    lang,
                    "challenge-already-open-for",
                    id = c.id.0,
                    player = mention(p)
                ),
                None => tr!(lang, "challenge-already-open", id = c.id.0),
            });
        }
        self.store
            .upsert_player(r.actor.id, &r.actor.name, now)
            .await?;
        if let Some(player) = challenged {
            let name = r
                .mentioned
                .iter()
                .find(|a| a.id == player)
                .map(|a| a.name.clone());
            match (self.store.player(player).await?, name) {
                (_, Some(name)) => {
                    self.store.upsert_player(player, &name, now).await?;
                }
                (Some(_), None) => {}
                (None, None) => {
                    self.store
                        .upsert_player(player, &format!("player {}", player.0), now)
                        .await?;
                }
            }
        }
        let wish = match colour {
            Some(Color::White) => ColourWish::White,
            Some(Color::Black) => ColourWish::Black,
            None => ColourWish::Random,
        };
        let challenge = self
            .store
            .create_challenge(
                &NewChallenge {
                    challenger: r.actor.id,
                    challenged,
                    place: Place {
                        thread: None,
                        ..r.place
                    },
                    colour: wish,
                    days_per_move: days,
                    rated,
                    expires_at: now.plus(CHALLENGE_LIFETIME),
                },
                now,
            )
            .await?;
        let colours = match colour {
            Some(c) => tr!(
                lang,
                "challenge-colour",
                player = mention(r.actor.id),
                side = side_key(c)
            ),
            None => tr!(lang, "challenge-colour-random"),
        };
        let terms = tr!(
            lang,
            "challenge-terms",
            rated = rated_key(rated),
            days = days,
            colours = colours
        );
        let kind = if rematch_of.is_some() {
            "rematch"
        } else {
            "game"
        };
        let accept = button(
            tr!(lang, "button-accept"),
            ButtonAction::AcceptChallenge(challenge.id),
            ButtonStyle::Success,
        );
        let expires = relative_time(challenge.expires_at);
        let (text, refuse, mentions) = match challenged {
            Some(player) => (
                tr!(
                    lang,
                    "challenge-to",
                    kind = kind,
                    challenger = mention(r.actor.id),
                    challenged = mention(player),
                    terms = terms,
                    id = challenge.id.0,
                    expires = expires
                ),
                button(
                    tr!(lang, "button-decline"),
                    ButtonAction::DeclineChallenge(challenge.id),
                    ButtonStyle::Secondary,
                ),
                vec![player],
            ),
            None => (
                tr!(
                    lang,
                    "challenge-open",
                    kind = kind,
                    challenger = mention(r.actor.id),
                    terms = terms,
                    id = challenge.id.0,
                    expires = expires
                ),
                button(
                    tr!(lang, "button-cancel"),
                    ButtonAction::CancelChallenge(challenge.id),
                    ButtonStyle::Secondary,
                ),
                Vec::new(),
            ),
        };
        let buttons = vec![accept, refuse];
        Ok(Reply {
            text,
            buttons,
            mentions,
            ..Reply::default()
        })
    }

    /// The open challenge a command means: the one named, or the only one that fits.
    async fn find_challenge(
        &self,
        r: &Request,
        lang: Lang,
        id: Option<i64>,
        fits: impl Fn(&Challenge) -> bool,
        none: String,
    ) -> Res<Challenge> {
        let now = self.now();
        if let Some(id) = id {
            let Some(c) = self.store.challenge(ChallengeId(id)).await? else {
                return say(tr!(lang, "challenge-none", id = id));
            };
            if c.status != ChallengeStatus::Open || c.expires_at <= now {
                let status = if c.status == ChallengeStatus::Open {
                    "expired"
                } else {
                    c.status.as_str()
                };
                return say(tr!(lang, "challenge-closed", id = id, status = status));
            }
            if !fits(&c) {
                return say(tr!(lang, "challenge-not-yours", id = id));
            }
            return Ok(c);
        }
        let mut candidates = self.store.open_challenges_to(r.actor.id).await?;
        candidates.extend(self.store.open_challenges_in(r.place.channel).await?);
        candidates.extend(self.store.open_challenges_by(r.actor.id).await?);
        candidates.retain(|c| c.expires_at > now && fits(c));
        candidates.sort_by_key(|c| c.id);
        candidates.dedup_by_key(|c| c.id);
        match candidates.len() {
            0 => say(none),
            1 => Ok(candidates.remove(0)),
            _ => {
                let list: Vec<String> = candidates
                    .iter()
                    .map(|c| {
                        tr!(
                            lang,
                            "challenge-choice",
                            id = c.id.0,
                            challenger = mention(c.challenger)
                        )
                    })
                    .collect();
                say(tr!(
                    lang,
                    "challenge-several",
                    list = list.join(", "),
                    id = candidates[0].id.0
                ))
            }
        }
    }

    async fn accept(&self, r: &Request, lang: Lang, id: Option<i64>) -> Res<Reply> {
        let me = r.actor.id;
        let channel = r.place.channel;
        let challenge = self
            .find_challenge(
                r,
                lang,
                id,
                |c| {
                    c.challenger != me
                        && (c.challenged == Some(me)
                            || (c.challenged.is_none() && c.place.channel == channel))
                },
                tr!(lang, "accept-none"),
            )
            .await;
        let challenge = match challenge {
            Err(Refusal::Say(_)) if id.is_some() => {
                // Say precisely why a named challenge can't be taken.
                if let Some(c) = self.store.challenge(ChallengeId(id.unwrap_or(0))).await? {
                    if c.challenger == me {
                        return say(tr!(lang, "accept-own"));
                    }
                    if c.challenged.is_some_and(|p| p != me) && c.status == ChallengeStatus::Open {
                        return say(tr!(
                            lang,
                            "accept-not-for-you",
                            id = c.id.0,
                            player = mention(c.challenged.unwrap_or(c.challenger))
                        ));
                    }
                }
                challenge?
            }
            other => other?,
        };
        let now = self.now();
        self.store.upsert_player(me, &r.actor.name, now).await?;
        let challenger_color = match challenge.colour {
            ColourWish::White => Color::White,
            ColourWish::Black => Color::Black,
            ColourWish::Random => {
                if coin(now.0 as u64 ^ (challenge.id.0 as u64).rotate_left(17) ^ me.0) {
                    Color::White
                } else {
                    Color::Black
                }
            }
        };
        let deadline = self.deadline(now, challenge.days_per_move);
        let (_, row) = self
            .store
            .accept_challenge(
                challenge.id,
                me,
                &AcceptedGame {
                    challenger_color,
                    thread: None,
                    start_fen: rules::START_FEN.to_string(),
                    deadline,
                },
                now,
            )
            .await
            .map_err(|e| match e {
                StoreError::Conflict => {
                    Refusal::Say(tr!(lang, "accept-taken", id = challenge.id.0))
                }
                other => other.into(),
            })?;
        let loaded = Loaded {
            game: rules::Game::new(),
            row,
        };
        let text = format!(
            "{}\n{}",
            tr!(
                lang,
                "game-begins",
                id = loaded.id(),
                white = loaded.side(lang, Color::White),
                black = loaded.side(lang, Color::Black),
                days = loaded.row.days_per_move,
                rated = rated_key(loaded.row.rated)
            ),
            self.turn_line(lang, &loaded)
        );
        let mut reply = self.board_reply(lang, &loaded, text, true).await?;
        reply.mentions = [loaded.row.white, loaded.row.black]
            .into_iter()
            .flatten()
            .collect();
        reply.new_game = Some(loaded.row.id);
        Ok(reply)
    }

    async fn close_challenge(
        &self,
        r: &Request,
        lang: Lang,
        id: Option<i64>,
        status: ChallengeStatus,
    ) -> Res<Reply> {
        let me = r.actor.id;
        let challenge = match status {
            ChallengeStatus::Declined => {
                self.find_challenge(
                    r,
                    lang,
                    id,
                    |c| c.challenged == Some(me),
                    tr!(lang, "decline-none"),
                )
                .await?
            }
            _ => {
                self.find_challenge(
                    r,
                    lang,
                    id,
                    |c| c.challenger == me,
                    tr!(lang, "cancel-none"),
                )
                .await?
            }
        };
        let c = self
            .store
            .close_challenge(challenge.id, status, self.now())
            .await?;
        let text = if status == ChallengeStatus::Declined {
            tr!(
                lang,
                "challenge-declined",
                player = mention(me),
                id = c.id.0,
                challenger = mention(c.challenger)
            )
        } else {
            tr!(
                lang,
                "challenge-withdrawn",
                player = mention(me),
                id = c.id.0
            )
        };
        Ok(Reply::text(text))
    }

    // ----- Finding and loading games ------------------------------------------------------

    async fn load(&self, lang: Lang, id: GameId) -> Res<Loaded> {
        let Some((row, moves)) = self.store.game_with_moves(id).await? else {
            return say(tr!(lang, "game-none", id = id.0));
        };
        let coords: Vec<&str> = moves.iter().map(|m| m.coord.as_str()).collect();
        let start = (row.start_fen != rules::START_FEN).then_some(row.start_fen.as_str());
        let mut game = rules::Game::replay(start, &coords)
            .map_err(|e| Refusal::Store(StoreError::Corrupt(format!("game #{}: {e}", id.0))))?;
        if row.status == GameStatus::Finished
            && game.outcome().is_none()
            && let Some(termination) = row.termination
        {
            let winner = match row.result {
                Some(GameResult::WhiteWins) => Some(Color::White),
                Some(GameResult::BlackWins) => Some(Color::Black),
                _ => None,
            };
            game.end(Outcome {
                winner,
                termination,
            });
        }
        Ok(Loaded { row, game })
    }

    /// The game a player means: the one named, or their only active game here.
    async fn my_game(&self, r: &Request, lang: Lang, id: Option<i64>) -> Res<StoredGame> {
        let me = r.actor.id;
        let word = command_word(&r.command);
        if let Some(id) = id {
            let Some(row) = self.store.game(GameId(id)).await? else {
                return say(tr!(lang, "game-none", id = id));
            };
            if row.color_of(me).is_none() {
                return say(tr!(lang, "game-not-yours", id = id));
            }
            return Ok(row);
        }
        let mut here: Vec<StoredGame> = self
            .store
            .active_games_in(place_key(r.place))
            .await?
            .into_iter()
            .filter(|g| g.color_of(me).is_some())
            .collect();
        match here.len() {
            1 => return Ok(here.remove(0)),
            0 => {}
            _ => {
                let list: Vec<String> = here.iter().map(|g| game_choice(lang, g, me)).collect();
                return say(tr!(
                    lang,
                    "games-several-here",
                    list = list.join(", "),
                    word = word,
                    id = here[0].id.0
                ));
            }
        }
        let elsewhere = self.store.active_games_of(me).await?;
        match elsewhere.as_slice() {
            [] => say(tr!(lang, "game-none-here", word = word)),
            [one] => say(tr!(
                lang,
                "game-elsewhere",
                id = one.id.0,
                channel = channel_mention(place_key(one.place)),
                word = word
            )),
            several => {
                let list: Vec<String> = several.iter().map(|g| game_choice(lang, g, me)).collect();
                say(tr!(
                    lang,
                    "games-elsewhere",
                    list = list.join(", "),
                    word = word,
                    id = several[0].id.0
                ))
            }
        }
    }

    /// The game someone wants to look at: named, theirs here, or the only one here.
    async fn viewed_game(&self, r: &Request, lang: Lang, id: Option<i64>) -> Res<Loaded> {
        if let Some(id) = id {
            return self.load(lang, GameId(id)).await;
        }
        match self.my_game(r, lang, None).await {
            Ok(row) => self.load(lang, row.id).await,
            Err(refusal) => {
                let here = self.store.active_games_in(place_key(r.place)).await?;
                match here.as_slice() {
                    [one] => self.load(lang, one.id).await,
                    _ => Err(refusal),
                }
            }
        }
    }

    /// The game a player acts on, loaded under its lock, and still being played.
    async fn my_active_game(
        &self,
        r: &Request,
        lang: Lang,
        id: Option<i64>,
    ) -> Res<(Loaded, LockGuard<'_>)> {
        let row = self.my_game(r, lang, id).await?;
        let guard = self.locks.lock(row.id).await;
        // Loaded under the lock, so no other command of this process changes it meanwhile.
        let loaded = self.load(lang, row.id).await?;
        if let Some(outcome) = loaded.game.outcome() {
            return say(tr!(
                lang,
                "game-over-already",
                id = loaded.id(),
                outcome = describe_outcome(lang, &loaded, outcome)
            ));
        }
        Ok((loaded, guard))
    }

    // ----- Moves ------------------------------------------------------------------------

    async fn play(&self, r: &Request, lang: Lang, id: Option<i64>, text: &str) -> Res<Reply> {
        // A move may come from a slash command's field, which the line parser never saw.
        let text = &clean_text(text).map_err(|e| Refusal::Say(e.text(lang)))?;
        let (mut loaded, _lock) = self.my_active_game(r, lang, id).await?;
        let me = r.actor.id;
        let my_color = loaded.row.color_of(me).expect("my_game checks the player");
        if loaded.row.to_move != my_color {
            return say(tr!(
                lang,
                "not-your-move",
                player = loaded.side(lang, loaded.row.to_move),
                id = loaded.id()
            ));
        }
        let before = *loaded.game.position();
        let pending = loaded.row.offer.filter(|o| o.by != my_color);
        let mv = loaded
            .game
            .play_input(text)
            .map_err(|e| Refusal::Say(play_error(lang, &loaded, &e)))?;
        let san = loaded.game.sans().last().cloned().unwrap_or_default();
        let now = self.now();
        let after = match loaded.game.outcome() {
            Some(outcome) => AfterMove::End(ending(outcome)),
            None => AfterMove::Continue(self.deadline(now, loaded.row.days_per_move)),
        };
        let new_move = NewMove {
            san: san.clone(),
            coord: rules::coordinate(&before, mv),
            fen_after: loaded.game.position().to_fen(),
        };
        loaded.row = self
            .store
            .commit_move(loaded.row.id, loaded.row.version, &new_move, after, now)
            .await?;
        if loaded.game.outcome().is_some() {
            self.count_in_ratings(&loaded.row).await;
        }
        let mut text = tr!(
            lang,
            "move-played",
            id = loaded.id(),
            player = mention(me),
            san = san.as_str()
        );
        let declined = match pending.map(|o| o.kind) {
            Some(OfferKind::Draw) => Some(tr!(lang, "move-declines-draw")),
            Some(OfferKind::Takeback) => Some(tr!(lang, "move-declines-takeback")),
            None => None,
        };
        if let Some(declined) = declined {
            text.push(' ');
            text.push_str(&declined);
        }
        if loaded.computer_to_move() && loaded.game.outcome().is_none() {
            // The player's move stands whatever happens here; a failed answer is made by the
            // next sweep.
            match self.computer_reply(&mut loaded).await {
                Ok(answer) => {
                    text.push('\n');
                    text.push_str(&tr!(lang, "computer-answered", san = answer));
                }
                Err(e) => {
                    let error = match e {
                        Refusal::Say(text) => text,
                        Refusal::Store(e) => e.to_string(),
                    };
                    tracing::error!(game = loaded.row.id.0, %error, "computer move failed");
                    text.push('\n');
                    text.push_str(&tr!(lang, "computer-will-answer"));
                }
            }
        }
        text.push('\n');
        text.push_str(&self.turn_line(lang, &loaded));
        let mut reply = self.board_reply(lang, &loaded, text, true).await?;
        reply.mentions = self.pingable(&loaded, true).await?;
        Ok(reply)
    }

    /// The computer's move in a game where it is to move: searched on a blocking thread at
    /// the game's level, then committed like any move. Returns the move in SAN.
    async fn computer_reply(&self, loaded: &mut Loaded) -> Res<String> {
        let level = loaded
            .row
            .computer_level
            .and_then(engine::Level::new)
            .ok_or_else(|| {
                Refusal::Store(StoreError::Corrupt(format!(
                    "game #{} has no computer level",
                    loaded.row.id.0
                )))
            })?;
        let game = loaded.game.clone();
        // Seeded by game and ply: the same position in the same game gets the same answer.
        let seed = (loaded.row.id.0 as u64).rotate_left(32) ^ loaded.game.ply() as u64;
        let found =
            tokio::task::spawn_blocking(move || engine::best_move(&game, &level.settings(), seed))
                .await
                .map_err(|e| Refusal::Say(format!("The computer could not think ({e}).")))?
                .ok_or_else(|| {
                    Refusal::Say("The computer has no move: the game is over.".into())
                })?;
        let before = *loaded.game.position();
        loaded
            .game
            .play(found.mv)
            .map_err(|e| Refusal::Say(format!("The computer chose an illegal move ({e}).")))?;
        let now = self.now();
        let after = match loaded.game.outcome() {
            Some(outcome) => AfterMove::End(ending(outcome)),
            None => AfterMove::Continue(self.deadline(now, loaded.row.days_per_move)),
        };
        let san = loaded.game.sans().last().cloned().unwrap_or_default();
        let new_move = NewMove {
            san: san.clone(),
            coord: rules::coordinate(&before, found.mv),
            fen_after: loaded.game.position().to_fen(),
        };
        loaded.row = self
            .store
            .commit_move(loaded.row.id, loaded.row.version, &new_move, after, now)
            .await?;
        Ok(san)
    }

    /// `challenge computer`: the game starts at once, and the computer moves first if it has
    /// White.
    async fn start_computer_game(
        &self,
        r: &Request,
        lang: Lang,
        level: u8,
        colour: Option<Color>,
        days: u32,
    ) -> Res<Reply> {
        let now = self.now();
        self.store
            .upsert_player(r.actor.id, &r.actor.name, now)
            .await?;
        let mine = colour.unwrap_or_else(|| {
            if coin(now.0 as u64 ^ r.actor.id.0) {
                Color::White
            } else {
                Color::Black
            }
        });
        let me = Some(r.actor.id);
        let (white, black) = match mine {
            Color::White => (me, None),
            Color::Black => (None, me),
        };
        let row = self
            .store
            .create_game(
                &NewGame {
                    place: r.place,
                    white,
                    black,
                    start_fen: rules::START_FEN.to_string(),
                    days_per_move: days,
                    rated: false,
                    deadline: self.deadline(now, days),
                    rematch_of: None,
                    computer_level: Some(level),
                },
                now,
            )
            .await?;
        let mut loaded = Loaded {
            row,
            game: rules::Game::new(),
        };
        let mut text = tr!(
            lang,
            "game-begins",
            id = loaded.id(),
            white = loaded.side(lang, Color::White),
            black = loaded.side(lang, Color::Black),
            days = days,
            rated = rated_key(false)
        );
        if loaded.computer_to_move() {
            let _lock = self.locks.lock(loaded.row.id).await;
            text.push('\n');
            match self.computer_reply(&mut loaded).await {
                Ok(answer) => text.push_str(&tr!(lang, "computer-opened", san = answer)),
                Err(_) => text.push_str(&tr!(lang, "computer-will-open")),
            }
        }
        text.push('\n');
        text.push_str(&self.turn_line(lang, &loaded));
        let mut reply = self.board_reply(lang, &loaded, text, true).await?;
        reply.mentions = vec![r.actor.id];
        reply.new_game = Some(loaded.row.id);
        Ok(reply)
    }

    /// "Bob to move — deadline in 3 days", or how the game ended.
    fn turn_line(&self, lang: Lang, loaded: &Loaded) -> String {
        if let Some(outcome) = loaded.game.outcome() {
            return tr!(
                lang,
                "turn-over",
                outcome = describe_outcome(lang, loaded, outcome)
            );
        }
        let to_move = loaded.row.to_move;
        tr!(
            lang,
            "turn-to-move",
            player = loaded.side(lang, to_move),
            side = side_key(to_move),
            check = yes_no(loaded.game.position().is_check()),
            deadline = loaded
                .row
                .deadline
                .map_or_else(|| "none".to_string(), relative_time)
        )
    }

    /// Who may be pinged by a reply about this game: the player to move (or both at the end),
    /// unless they turned pings off.
    async fn pingable(&self, loaded: &Loaded, after_move: bool) -> Res<Vec<PlayerId>> {
        let targets: Vec<PlayerId> = if loaded.game.outcome().is_some() || !after_move {
            [loaded.row.white, loaded.row.black]
                .into_iter()
                .flatten()
                .collect()
        } else {
            loaded.row.player(loaded.row.to_move).into_iter().collect()
        };
        let mut out = Vec::new();
        for player in targets {
            if self.store.player(player).await?.is_none_or(|p| p.ping) {
                out.push(player);
            }
        }
        Ok(out)
    }

    /// A reply with the board drawn from the side of the player to move (White's when over).
    async fn board_reply(
        &self,
        lang: Lang,
        loaded: &Loaded,
        text: String,
        with_buttons: bool,
    ) -> Res<Reply> {
        let view = BoardView::of_game(&loaded.game);
        let side = if loaded.game.outcome().is_some() {
            Color::White
        } else {
            loaded.game.position().side_to_move()
        };
        let png = self.render(lang, view, side).await?;
        let mut reply = Reply::text(text);
        reply.image = Some(Attachment {
            filename: format!("rollerball-{}-{}.png", loaded.row.id.0, loaded.game.ply()),
            bytes: png,
        });
        reply.fen = Some(loaded.game.position().to_fen());
        if with_buttons {
            reply.buttons = game_buttons(lang, loaded);
        }
        Ok(reply)
    }

    /// Draws on a blocking thread, off the async workers.
    async fn render(&self, lang: Lang, view: BoardView, side: Color) -> Res<Vec<u8>> {
        let mut options = Options::from_side(side);
        options.size = self.board_size;
        let failed = |e: &dyn std::fmt::Display| {
            Refusal::Say(tr!(lang, "render-failed", error = e.to_string()))
        };
        tokio::task::spawn_blocking(move || render::render_png(&view, &options))
            .await
            .map_err(|e| failed(&e))?
            .map_err(|e| failed(&e))
    }

    // ----- Looking at games -------------------------------------------------------------

    async fn board(&self, r: &Request, lang: Lang, id: Option<i64>) -> Res<Reply> {
        let loaded = self.viewed_game(r, lang, id).await?;
        let mut text = tr!(
            lang,
            "board-header",
            id = loaded.id(),
            white = loaded.side(lang, Color::White),
            black = loaded.side(lang, Color::Black),
            number = loaded.game.position().fullmove()
        );
        if let Some(san) = loaded.game.sans().last() {
            text.push(' ');
            text.push_str(&tr!(lang, "board-last-move", san = san));
        }
        text.push('\n');
        text.push_str(&self.turn_line(lang, &loaded));
        let playing = loaded.row.color_of(r.actor.id).is_some();
        self.board_reply(
            lang,
            &loaded,
            text,
            playing && loaded.game.outcome().is_none(),
        )
        .await
    }

    async fn moves(
        &self,
        r: &Request,
        lang: Lang,
        id: Option<i64>,
        square: Option<Square>,
    ) -> Res<Reply> {
        let loaded = self.viewed_game(r, lang, id).await?;
        if loaded.game.outcome().is_some() {
            return say(tr!(lang, "moves-game-over", id = loaded.id()));
        }
        let position = *loaded.game.position();
        let sans = rules::legal_sans(&position);
        let mut view = BoardView::of_game(&loaded.game);
        let listed: Vec<&str> = match square {
            Some(sq) => {
                let Some(piece) = position.piece_at(sq) else {
                    return say(tr!(lang, "moves-no-piece", square = sq.name()));
                };
                if piece.color != position.side_to_move() {
                    return say(tr!(
                        lang,
                        "moves-not-side",
                        piece = piece.kind.name(),
                        square = sq.name(),
                        owner = side_key(piece.color),
                        side = side_key(position.side_to_move())
                    ));
                }
                view = view.with_targets_from(sq);
                sans.iter()
                    .filter(|(m, _)| m.from == sq)
                    .map(|(_, s)| s.as_str())
                    .collect()
            }
            None => sans.iter().map(|(_, s)| s.as_str()).collect(),
        };
        let id = loaded.id();
        let moves = listed.join(", ");
        let side = side_key(position.side_to_move());
        let text = match square.and_then(|sq| Some((sq, position.piece_at(sq)?))) {
            Some((sq, piece)) => {
                let (square, piece) = (sq.name(), piece.kind.name());
                if listed.is_empty() {
                    tr!(
                        lang,
                        "moves-piece-none",
                        id = id,
                        piece = piece,
                        square = square
                    )
                } else {
                    tr!(
                        lang,
                        "moves-piece-list",
                        id = id,
                        piece = piece,
                        square = square,
                        moves = moves
                    )
                }
            }
            None if listed.is_empty() => tr!(lang, "moves-side-none", id = id, side = side),
            None => tr!(
                lang,
                "moves-side-list",
                id = id,
                side = side,
                count = listed.len(),
                moves = moves
            ),
        };
        let png = self.render(lang, view, position.side_to_move()).await?;
        Ok(Reply {
            text,
            image: Some(Attachment {
                filename: format!("rollerball-{}-moves.png", loaded.row.id.0),
                bytes: png,
            }),
            private: true,
            ..Reply::default()
        })
    }

    async fn history(&self, r: &Request, lang: Lang, id: Option<i64>) -> Res<Reply> {
        let loaded = self.viewed_game(r, lang, id).await?;
        if loaded.game.ply() == 0 {
            return Ok(Reply::private(tr!(lang, "history-empty", id = loaded.id())));
        }
        let mut text = String::new();
        for (i, san) in loaded.game.sans().iter().enumerate() {
            if i % 2 == 0 {
                let _ = write!(text, "{}. ", i / 2 + 1);
            }
            text.push_str(san);
            text.push(' ');
        }
        if let Some(outcome) = loaded.game.outcome() {
            let _ = write!(
                text,
                "{} ({})",
                outcome.result(),
                describe_outcome(lang, &loaded, outcome)
            );
        }
        Ok(Reply::private(tr!(
            lang,
            "history",
            id = loaded.id(),
            moves = text.trim_end()
        )))
    }

    async fn games(&self, r: &Request, lang: Lang) -> Res<Reply> {
        let me = r.actor.id;
        let games = self.store.active_games_of(me).await?;
        if games.is_empty() {
            return Ok(Reply::private(tr!(lang, "games-none")));
        }
        let mut text = tr!(lang, "games-header");
        for g in &games {
            let color = g.color_of(me).expect("games of the player");
            text.push('\n');
            text.push_str(&tr!(
                lang,
                "games-line",
                id = g.id.0,
                opponent = side_label(lang, g, color.opponent()),
                side = side_key(color),
                turn = yes_no(g.to_move == color),
                deadline = g.deadline.map(relative_time).unwrap_or_default(),
                channel = channel_mention(place_key(g.place))
            ));
        }
        Ok(Reply::private(text))
    }

    async fn export(&self, r: &Request, lang: Lang, id: Option<i64>) -> Res<Reply> {
        let loaded = self.viewed_game(r, lang, id).await?;
        // The record is a file for chess software: its tags stay English.
        let names = self.names(Lang::En, &loaded.row).await?;
        let (year, month, day) = loaded.row.created_at.utc_date();
        let date = format!("{year:04}.{month:02}.{day:02}");
        let [white, black] = names;
        let pgn = loaded.game.to_pgn(&PgnTags {
            event: format!("Rollerball correspondence game #{}", loaded.row.id.0),
            site: "Discord".into(),
            date,
            white,
            black,
        });
        let game = loaded.game.clone();
        let mut options = GifOptions::default();
        options.board.size = self.board_size.min(480);
        let failed = |e: &dyn std::fmt::Display| {
            Refusal::Say(tr!(lang, "export-failed", error = e.to_string()))
        };
        let gif = tokio::task::spawn_blocking(move || render::render_gif(&game, &options))
            .await
            .map_err(|e| failed(&e))?
            .map_err(|e| failed(&e))?;
        Ok(Reply {
            text: tr!(
                lang,
                "export-done",
                id = loaded.id(),
                count = loaded.game.ply()
            ),
            files: vec![
                Attachment {
                    filename: format!("rollerball-{}.pgn", loaded.row.id.0),
                    bytes: pgn.into_bytes(),
                },
                Attachment {
                    filename: format!("rollerball-{}.gif", loaded.row.id.0),
                    bytes: gif,
                },
            ],
            ..Reply::default()
        })
    }

    async fn rules(&self, lang: Lang) -> Res<Reply> {
        let view = BoardView::new(rules::Position::start());
        let png = self.render(lang, view, Color::White).await?;
        Ok(Reply {
            text: rules_summary(lang),
            image: Some(Attachment {
                filename: "rollerball-start.png".into(),
                bytes: png,
            }),
            ..Reply::default()
        })
    }

    // ----- Ending games and offers ------------------------------------------------------

    async fn finish(
        &self,
        lang: Lang,
        loaded: &mut Loaded,
        outcome: Outcome,
        text: String,
    ) -> Res<Reply> {
        loaded.row = self
            .store
            .end_game(
                loaded.row.id,
                loaded.row.version,
                ending(outcome),
                self.now(),
            )
            .await?;
        self.count_in_ratings(&loaded.row).await;
        loaded.game.end(outcome);
        let text = format!("{text}\n{}", self.turn_line(lang, loaded));
        let mut reply = self.board_reply(lang, loaded, text, true).await?;
        reply.mentions = self.pingable(loaded, false).await?;
        Ok(reply)
    }

    async fn resign(
        &self,
        r: &Request,
        lang: Lang,
        id: Option<i64>,
        confirmed: bool,
    ) -> Res<Reply> {
        let (mut loaded, _lock) = self.my_active_game(r, lang, id).await?;
        let me = r.actor.id;
        let color = loaded.row.color_of(me).expect("player");
        if !confirmed {
            let opponent = loaded
                .row
                .player(color.opponent())
                .map(mention)
                .unwrap_or_default();
            return Ok(Reply {
                text: tr!(
                    lang,
                    "resign-confirm",
                    id = loaded.id(),
                    opponent = opponent
                ),
                buttons: vec![button(
                    tr!(lang, "button-confirm-resign"),
                    ButtonAction::ConfirmResign(loaded.row.id),
                    ButtonStyle::Danger,
                )],
                private: true,
                ..Reply::default()
            });
        }
        let outcome = Outcome::win(color.opponent(), Termination::Resignation);
        let text = tr!(lang, "resigned", id = loaded.id(), player = mention(me));
        self.finish(lang, &mut loaded, outcome, text).await
    }

    async fn abort(&self, r: &Request, lang: Lang, id: Option<i64>) -> Res<Reply> {
        let (mut loaded, _lock) = self.my_active_game(r, lang, id).await?;
        if loaded.game.ply() >= 2 {
            return say(tr!(lang, "abort-too-late", id = loaded.id()));
        }
        let text = tr!(
            lang,
            "aborted",
            id = loaded.id(),
            player = mention(r.actor.id)
        );
        self.finish(lang, &mut loaded, Outcome::draw(Termination::Abort), text)
            .await
    }

    /// `draw` and `takeback`: make an offer, or accept, decline or withdraw a pending one.
    async fn offer(
        &self,
        r: &Request,
        lang: Lang,
        id: Option<i64>,
        kind: OfferKind,
        answer: Option<Answer>,
    ) -> Res<Reply> {
        let (mut loaded, _lock) = self.my_active_game(r, lang, id).await?;
        let me = r.actor.id;
        let color = loaded.row.color_of(me).expect("my_game checks the player");
        let opponent = loaded.row.player(color.opponent());
        let them = opponent.map(mention).unwrap_or_default();
        let game = loaded.id();
        let pending = loaded.row.offer;
        let theirs = pending
            == Some(Offer {
                kind,
                by: color.opponent(),
            });
        let mine = pending == Some(Offer { kind, by: color });
        let key = offer_key(kind);
        if loaded.row.computer_level.is_some() {
            return match (kind, answer) {
                (OfferKind::Draw, _) => say(tr!(lang, "computer-no-draw")),
                (OfferKind::Takeback, Some(Answer::Decline)) => {
                    say(tr!(lang, "computer-nothing-to-decline"))
                }
                (OfferKind::Takeback, _) => self.computer_takeback(lang, &mut loaded, color).await,
            };
        }
        match answer {
            None | Some(Answer::Accept) if theirs => match kind {
                OfferKind::Draw => {
                    let text = tr!(lang, "draw-accepted", id = game, player = mention(me));
                    self.finish(
                        lang,
                        &mut loaded,
                        Outcome::draw(Termination::Agreement),
                        text,
                    )
                    .await
                }
                OfferKind::Takeback => {
                    let taken = loaded.game.sans().last().cloned().unwrap_or_default();
                    loaded.game.take_back();
                    let now = self.now();
                    let deadline = self.deadline(now, loaded.row.days_per_move);
                    loaded.row = self
                        .store
                        .take_back(loaded.row.id, loaded.row.version, 1, deadline, now)
                        .await?;
                    let text = format!(
                        "{}\n{}",
                        tr!(
                            lang,
                            "takeback-accepted",
                            id = game,
                            player = mention(me),
                            san = taken
                        ),
                        self.turn_line(lang, &loaded)
                    );
                    let mut reply = self.board_reply(lang, &loaded, text, true).await?;
                    reply.mentions = opponent.into_iter().collect();
                    Ok(reply)
                }
            },
            Some(Answer::Accept) => say(tr!(lang, "offer-none-to-accept", kind = key, id = game)),
            Some(Answer::Decline) if theirs || mine => {
                loaded.row = self
                    .store
                    .clear_offer(loaded.row.id, loaded.row.version, self.now())
                    .await?;
                let message = if theirs {
                    "offer-declined"
                } else {
                    "offer-withdrawn"
                };
                Ok(Reply {
                    mentions: opponent.into_iter().collect(),
                    ..Reply::text(tr!(
                        lang,
                        message,
                        kind = key,
                        id = game,
                        player = mention(me)
                    ))
                })
            }
            Some(Answer::Decline) => say(tr!(lang, "offer-none-to-decline", kind = key, id = game)),
            None if mine => say(tr!(
                lang,
                "offer-stands",
                kind = key,
                id = game,
                opponent = them
            )),
            None => {
                if kind == OfferKind::Takeback
                    && (loaded.game.ply() == 0 || loaded.row.to_move == color)
                {
                    return say(tr!(lang, "takeback-own-only"));
                }
                if let Some(other) = pending {
                    return say(tr!(lang, "offer-pending", kind = offer_key(other.kind)));
                }
                loaded.row = self
                    .store
                    .set_offer(
                        loaded.row.id,
                        loaded.row.version,
                        Offer { kind, by: color },
                        self.now(),
                    )
                    .await?;
                let id = loaded.row.id;
                let (text, accept, decline) = match kind {
                    OfferKind::Draw => (
                        tr!(
                            lang,
                            "draw-offered",
                            id = game,
                            player = mention(me),
                            opponent = them
                        ),
                        button(
                            tr!(lang, "button-accept-draw"),
                            ButtonAction::AcceptDraw(id),
                            ButtonStyle::Success,
                        ),
                        button(
                            tr!(lang, "button-decline"),
                            ButtonAction::DeclineDraw(id),
                            ButtonStyle::Secondary,
                        ),
                    ),
                    OfferKind::Takeback => (
                        tr!(
                            lang,
                            "takeback-asked",
                            id = game,
                            player = mention(me),
                            san = loaded.game.sans().last().cloned().unwrap_or_default(),
                            opponent = them
                        ),
                        button(
                            tr!(lang, "button-allow-takeback"),
                            ButtonAction::AcceptTakeback(id),
                            ButtonStyle::Primary,
                        ),
                        button(
                            tr!(lang, "button-decline"),
                            ButtonAction::DeclineTakeback(id),
                            ButtonStyle::Secondary,
                        ),
                    ),
                };
                Ok(Reply {
                    text,
                    buttons: vec![accept, decline],
                    mentions: opponent.into_iter().collect(),
                    ..Reply::default()
                })
            }
        }
    }

    /// A takeback against the computer is granted at once: the player's last move goes, with
    /// the computer's answer to it.
    async fn computer_takeback(&self, lang: Lang, loaded: &mut Loaded, color: Color) -> Res<Reply> {
        let plies = match (loaded.game.ply(), loaded.row.to_move == color) {
            // The computer has answered: take back its answer and the player's move.
            (2.., true) => 2,
            // The computer has not answered yet: only the player's move.
            (1.., false) => 1,
            _ => return say(tr!(lang, "takeback-nothing")),
        };
        let sans = loaded.game.sans();
        let taken = sans[sans.len() - plies..].join(" ");
        for _ in 0..plies {
            loaded.game.take_back();
        }
        let now = self.now();
        let deadline = self.deadline(now, loaded.row.days_per_move);
        loaded.row = self
            .store
            .take_back(
                loaded.row.id,
                loaded.row.version,
                plies as u32,
                deadline,
                now,
            )
            .await?;
        let text = format!(
            "{}\n{}",
            tr!(
                lang,
                "took-back",
                id = loaded.id(),
                player = loaded.side(lang, color),
                san = taken
            ),
            self.turn_line(lang, loaded)
        );
        self.board_reply(lang, loaded, text, true).await
    }

    async fn more_time(&self, r: &Request, lang: Lang, id: Option<i64>, days: u32) -> Res<Reply> {
        let (mut loaded, _lock) = self.my_active_game(r, lang, id).await?;
        if loaded.row.computer_level.is_some() {
            return say(tr!(lang, "moretime-computer"));
        }
        let me = r.actor.id;
        let color = loaded.row.color_of(me).expect("player");
        if loaded.row.to_move == color {
            return say(tr!(lang, "moretime-own-move"));
        }
        let now = self.now();
        let current = loaded.row.deadline.unwrap_or(now);
        let limit = now.plus_days(MAX_DEADLINE_AHEAD_DAYS);
        let wanted = current.plus_days(days);
        if wanted > limit {
            return say(tr!(lang, "moretime-too-far", max = MAX_DEADLINE_AHEAD_DAYS));
        }
        let deadline = reminders(now, wanted);
        loaded.row = self
            .store
            .set_deadline(loaded.row.id, loaded.row.version, deadline, now)
            .await?;
        let opponent = loaded.row.player(color.opponent());
        Ok(Reply {
            text: tr!(
                lang,
                "moretime-given",
                id = loaded.id(),
                player = mention(me),
                opponent = opponent.map(mention).unwrap_or_default(),
                days = days,
                deadline = relative_time(wanted)
            ),
            mentions: opponent.into_iter().collect(),
            ..Reply::default()
        })
    }

    async fn rematch(&self, r: &Request, lang: Lang, id: Option<i64>) -> Res<Reply> {
        let loaded = match id {
            Some(id) => self.load(lang, GameId(id)).await?,
            None => {
                let mine = self.store.active_games_in(place_key(r.place)).await?;
                if mine.iter().any(|g| g.color_of(r.actor.id).is_some()) {
                    return say(tr!(lang, "rematch-still-playing-here"));
                }
                return say(tr!(lang, "rematch-which"));
            }
        };
        let Some(color) = loaded.row.color_of(r.actor.id) else {
            return say(tr!(lang, "rematch-not-player", id = loaded.id()));
        };
        if loaded.game.outcome().is_none() {
            return say(tr!(lang, "rematch-not-over", id = loaded.id()));
        }
        if let Some(level) = loaded.row.computer_level {
            let request = Request {
                place: loaded.row.place,
                ..r.clone()
            };
            return self
                .start_computer_game(
                    &request,
                    lang,
                    level,
                    Some(color.opponent()),
                    loaded.row.days_per_move,
                )
                .await;
        }
        let Some(opponent) = loaded.row.player(color.opponent()) else {
            return say(tr!(lang, "rematch-nobody"));
        };
        let request = Request {
            place: Place {
                thread: None,
                ..loaded.row.place
            },
            ..r.clone()
        };
        self.challenge(
            &request,
            lang,
            &Opponent::Player(PlayerRef::Id(opponent.0)),
            Some(color.opponent()),
            loaded.row.days_per_move,
            loaded.row.rated,
            Some(loaded.row.id),
        )
        .await
    }

    // ----- Settings ---------------------------------------------------------------------

    async fn settings(&self, r: &Request, lang: Lang, change: Option<&Setting>) -> Res<Reply> {
        let now = self.now();
        let player = match self.store.player(r.actor.id).await? {
            Some(p) => p,
            None => {
                self.store
                    .upsert_player(r.actor.id, &r.actor.name, now)
                    .await?
            }
        };
        let (language, ping) = match change {
            None => {
                return Ok(Reply::private(tr!(
                    lang,
                    "settings-show",
                    language = shown_language(player.language.as_deref(), lang),
                    pings = on_off(player.ping)
                )));
            }
            Some(Setting::Language(code)) if code.eq_ignore_ascii_case(AUTO_LANGUAGE) => {
                (None, player.ping)
            }
            Some(Setting::Language(code)) => match Lang::from_locale(code) {
                Some(chosen) => (Some(chosen.code().to_string()), player.ping),
                None => {
                    let languages: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
                    return say(tr!(
                        lang,
                        "settings-language-unknown",
                        code = code.as_str(),
                        languages = languages.join(", ")
                    ));
                }
            },
            Some(Setting::Pings(on)) => (player.language.clone(), *on),
        };
        let p = self
            .store
            .set_player_settings(r.actor.id, language.as_deref(), ping, now)
            .await?;
        // The answer already speaks the new language, when nothing overrides it.
        let lang = self
            .language(r.locale.as_deref(), r.actor.id, r.place.server)
            .await;
        Ok(Reply::private(tr!(
            lang,
            "settings-saved",
            language = shown_language(p.language.as_deref(), lang),
            pings = on_off(p.ping)
        )))
    }

    // ----- Front-end helpers --------------------------------------------------------------

    /// Records the thread a front end opened for a new game: from then on commands and bare
    /// moves typed in the thread find the game.
    pub async fn attach_thread(&self, game: GameId, thread: u64) -> Result<(), StoreError> {
        self.store
            .set_thread(game, thread, self.now())
            .await
            .map(|_| ())
    }

    /// The names of a game's two sides, White first, as records and thread titles show them.
    async fn names(&self, lang: Lang, row: &StoredGame) -> Result<[String; 2], StoreError> {
        let mut names = [String::new(), String::new()];
        for color in Color::ALL {
            names[color.index()] = match (row.player(color), row.computer_level) {
                (Some(p), _) => match self.store.player(p).await? {
                    Some(player) => player.name,
                    None => format!("player {}", p.0),
                },
                (None, Some(level)) => tr!(lang, "computer-name", level = level),
                (None, None) => "?".to_string(),
            };
        }
        Ok(names)
    }

    /// The name of a game's thread: "Game #3: alice vs bob" (White first), in the language of
    /// the server the thread is in.
    pub async fn thread_name(&self, game: GameId) -> Result<String, StoreError> {
        let Some(row) = self.store.game(game).await? else {
            return Err(StoreError::NotFound(format!("game {}", game.0)));
        };
        let lang = self.server_language(row.place.server).await;
        let [white, black] = self.names(lang, &row).await?;
        Ok(tr!(
            lang,
            "thread-name",
            id = game.0,
            white = white,
            black = black
        ))
    }

    /// The legal moves (SAN) of the actor's game here, or of game `id`, when it is their turn:
    /// what a front end offers to complete as they type a move. Empty when there is no such
    /// game or it is not their move.
    pub async fn legal_moves_for(
        &self,
        actor: PlayerId,
        place: Place,
        id: Option<i64>,
    ) -> Vec<String> {
        let row = match id {
            Some(id) => self.store.game(GameId(id)).await.ok().flatten(),
            None => {
                let games = self
                    .store
                    .active_games_in(place_key(place))
                    .await
                    .unwrap_or_default();
                let mut mine = games.into_iter().filter(|g| g.color_of(actor).is_some());
                match (mine.next(), mine.next()) {
                    (Some(one), None) => Some(one),
                    _ => None,
                }
            }
        };
        let Some(row) = row else {
            return Vec::new();
        };
        if row.status != GameStatus::Active || row.color_of(actor) != Some(row.to_move) {
            return Vec::new();
        }
        match self.load(Lang::En, row.id).await {
            Ok(loaded) => rules::legal_sans(loaded.game.position())
                .into_iter()
                .map(|(_, san)| san)
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    // ----- Deadlines ----------------------------------------------------------------------

    fn deadline(&self, now: Timestamp, days: u32) -> Deadline {
        reminders(now, now.plus_days(days))
    }

    /// Handles everything that is due: expired challenges, reminders and losses on time.
    /// Safe to run in several processes at once: each item is claimed by exactly one.
    pub async fn sweep(&self) -> Result<Vec<Notice>, StoreError> {
        let now = self.now();
        let mut notices = Vec::new();
        for c in self.store.expire_challenges(now, SWEEP_BATCH).await? {
            let lang = self
                .notice_language(Some(c.challenger), c.place.server)
                .await;
            notices.push(Notice {
                place: c.place,
                reply: Reply::text(tr!(
                    lang,
                    "challenge-expired",
                    id = c.id.0,
                    challenger = mention(c.challenger)
                )),
            });
        }
        for row in self.store.computer_turns(SWEEP_BATCH).await? {
            let _lock = self.locks.lock(row.id).await;
            let human = row.white.or(row.black);
            let lang = self.notice_language(human, row.place.server).await;
            let mut loaded = match self.load(lang, row.id).await {
                Ok(loaded) => loaded,
                Err(Refusal::Store(e)) => return Err(e),
                Err(Refusal::Say(_)) => continue,
            };
            if !loaded.computer_to_move() || loaded.game.outcome().is_some() {
                continue;
            }
            let Ok(answer) = self.computer_reply(&mut loaded).await else {
                continue;
            };
            let text = format!(
                "{}\n{}",
                tr!(
                    lang,
                    "computer-answered-notice",
                    id = loaded.id(),
                    san = answer
                ),
                self.turn_line(lang, &loaded)
            );
            let mut reply = self
                .board_reply(lang, &loaded, text.clone(), true)
                .await
                .unwrap_or_else(|_| Reply::text(text));
            reply.mentions = self.pingable(&loaded, true).await.unwrap_or_default();
            notices.push(Notice {
                place: loaded.row.place,
                reply,
            });
        }
        for due in self.store.claim_reminders(now, SWEEP_BATCH).await? {
            let g = &due.game;
            let Some(player) = g.player(g.to_move) else {
                continue;
            };
            let deadline = g.deadline.map(relative_time).unwrap_or_default();
            let mentions = match self.store.player(player).await? {
                Some(p) if !p.ping => Vec::new(),
                _ => vec![player],
            };
            let lang = self.notice_language(Some(player), g.place.server).await;
            notices.push(Notice {
                place: g.place,
                reply: Reply {
                    text: tr!(
                        lang,
                        "reminder",
                        last = yes_no(due.stage >= 2),
                        player = mention(player),
                        id = g.id.0,
                        deadline = deadline
                    ),
                    mentions,
                    ..Reply::default()
                },
            });
        }
        for row in self.store.claim_timeouts(now, SWEEP_BATCH).await? {
            let id = row.id;
            let loser = row.to_move;
            let lang = self
                .notice_language(row.player(loser), row.place.server)
                .await;
            let loaded = match self.load(lang, id).await {
                Ok(loaded) => loaded,
                Err(Refusal::Store(e)) => return Err(e),
                Err(Refusal::Say(_)) => continue,
            };
            let text = format!(
                "{}\n{}",
                tr!(
                    lang,
                    "timeout",
                    id = id.0,
                    player = side_label(lang, &row, loser)
                ),
                self.turn_line(lang, &loaded)
            );
            let reply = match self.board_reply(lang, &loaded, text.clone(), true).await {
                Ok(mut reply) => {
                    reply.mentions = self.pingable(&loaded, false).await.unwrap_or_default();
                    reply
                }
                Err(_) => Reply::text(text),
            };
            notices.push(Notice {
                place: row.place,
                reply,
            });
        }
        self.catch_up_ratings().await;
        Ok(notices)
    }
}

/// The deadline `at` with its two reminders: at 80% of the allowance, and shortly before.
fn reminders(now: Timestamp, at: Timestamp) -> Deadline {
    let allowance = (at.0 - now.0).max(0);
    let first = Timestamp(now.0 + (allowance as f64 * FIRST_REMINDER_AT) as i64);
    let last = Timestamp(at.0 - FINAL_REMINDER_BEFORE.as_millis() as i64);
    Deadline {
        at,
        first_reminder: Some(first),
        last_reminder: (last > first).then_some(last),
    }
}

/// The channel or thread id a place's games are listed under.
fn place_key(place: Place) -> u64 {
    place.thread.unwrap_or(place.channel)
}

fn ending(outcome: Outcome) -> Ending {
    Ending {
        result: match outcome.winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None if outcome.termination == Termination::Abort => GameResult::NoResult,
            None => GameResult::Draw,
        },
        termination: outcome.termination,
    }
}

/// "alice wins by checkmate", with the players named.
fn describe_outcome(lang: Lang, loaded: &Loaded, outcome: Outcome) -> String {
    let result = outcome.result().to_string();
    let Some(w) = outcome.winner else {
        return match outcome.termination {
            Termination::Stalemate => tr!(lang, "outcome-stalemate"),
            Termination::Repetition => tr!(lang, "outcome-repetition"),
            Termination::Agreement => tr!(lang, "outcome-agreement"),
            Termination::Abort => tr!(lang, "outcome-aborted"),
            // No game ends drawn this way; said plainly should one ever be stored so.
            _ => tr!(lang, "outcome-draw", result = result),
        };
    };
    let winner = loaded.side(lang, w);
    match outcome.termination {
        Termination::Checkmate => {
            tr!(lang, "outcome-checkmate", winner = winner, result = result)
        }
        Termination::Throne => tr!(
            lang,
            "outcome-throne",
            side = side_key(w),
            winner = winner,
            result = result
        ),
        Termination::Resignation => {
            tr!(
                lang,
                "outcome-resignation",
                winner = winner,
                result = result
            )
        }
        Termination::Time => tr!(lang, "outcome-time", winner = winner, result = result),
        // No game is won this way; said plainly should one ever be stored so.
        _ => tr!(lang, "outcome-win", winner = winner, result = result),
    }
}

/// The command's own word, for examples in refusals.
fn command_word(command: &Command) -> &'static str {
    match command {
        Command::Move { .. } => "move",
        Command::Board { .. } | Command::Game { .. } => "board",
        Command::Moves { .. } => "moves",
        Command::History { .. } => "history",
        Command::Export { .. } => "export",
        Command::Resign { .. } => "resign",
        Command::Draw { .. } => "draw",
        Command::Takeback { .. } => "takeback",
        Command::Abort { .. } => "abort",
        Command::MoreTime { .. } => "moretime",
        Command::Rematch { .. } => "rematch",
        _ => "board",
    }
}

fn game_choice(lang: Lang, g: &StoredGame, me: PlayerId) -> String {
    let color = g.color_of(me).unwrap_or(Color::White);
    tr!(
        lang,
        "game-choice",
        id = g.id.0,
        opponent = side_label(lang, g, color.opponent())
    )
}

fn button(label: String, action: ButtonAction, style: ButtonStyle) -> Button {
    Button {
        label,
        action,
        style,
    }
}

/// The buttons under a game's board: while it is played, or a rematch once it is over.
fn game_buttons(lang: Lang, loaded: &Loaded) -> Vec<Button> {
    let id = loaded.row.id;
    if loaded.game.outcome().is_some() {
        return vec![button(
            tr!(lang, "button-rematch"),
            ButtonAction::Rematch(id),
            ButtonStyle::Primary,
        )];
    }
    let mut buttons = vec![button(
        tr!(lang, "button-legal-moves"),
        ButtonAction::LegalMoves(id),
        ButtonStyle::Secondary,
    )];
    // The computer never agrees to a draw, so it is not offered one.
    if loaded.row.computer_level.is_none() {
        buttons.push(button(
            tr!(lang, "button-offer-draw"),
            ButtonAction::OfferDraw(id),
            ButtonStyle::Secondary,
        ));
    }
    buttons.push(button(
        tr!(lang, "button-resign"),
        ButtonAction::Resign(id),
        ButtonStyle::Danger,
    ));
    buttons
}

/// A channel or thread in reply text, Discord's way: `<#ID>`.
fn channel_mention(channel: u64) -> String {
    format!("<#{channel}>")
}

/// The key of a yes-or-no choice in the texts' selectors.
fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// The key of a setting that is on or off, in the texts' selectors.
fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// The key of a game's kind in the texts' selectors: `rated` or `casual`.
fn rated_key(rated: bool) -> &'static str {
    if rated { "rated" } else { "casual" }
}

/// The key of an offer's kind in the texts' selectors.
fn offer_key(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw",
        OfferKind::Takeback => "takeback",
    }
}

/// What `settings language` takes to forget the player's choice.
pub const AUTO_LANGUAGE: &str = "auto";

/// The language a player's settings show: the one they chose, or the one in use.
fn shown_language(chosen: Option<&str>, in_use: Lang) -> String {
    chosen.unwrap_or(in_use.code()).to_string()
}

/// A fair-enough coin from a seed (splitmix64's finaliser).
fn coin(seed: u64) -> bool {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) & 1 == 0
}

/// The answer to `help` and `help COMMAND`.
fn help(lang: Lang, topic: Option<&str>) -> Reply {
    if let Some(topic) = topic {
        return match help_entry(topic.trim_start_matches(['!', '/'])) {
            Some(e) => Reply::private(tr!(
                lang,
                "help-entry",
                name = e.name,
                summary = e.summary(lang),
                usage = e.usage,
                example = e.example
            )),
            None => Reply::private(tr!(lang, "help-unknown", topic = topic)),
        };
    }
    let mut text = tr!(lang, "help-header");
    text.push('\n');
    for e in HELP {
        let _ = writeln!(text, "• `{}` — {}", e.usage, e.summary(lang));
    }
    text.push_str(&tr!(lang, "help-footer"));
    Reply::private(text)
}

/// The `rules` summary in `lang`: the whole game in a few lines, beside the start position.
pub fn rules_summary(lang: Lang) -> String {
    [
        "rules-intro",
        "rules-king",
        "rules-pawn",
        "rules-rook",
        "rules-bishop",
        "rules-win",
        "rules-notation",
    ]
    .map(|id| tr!(lang, id))
    .join("\n")
}

/// Why a typed move cannot be played, in `lang`. The rules' errors are typed and
/// language-free; this is where they become words.
fn play_error(lang: Lang, loaded: &Loaded, error: &PlayError) -> String {
    match error {
        PlayError::GameOver(outcome) => tr!(
            lang,
            "move-game-over",
            outcome = describe_outcome(lang, loaded, *outcome)
        ),
        PlayError::Move(error) => move_error(lang, error),
    }
}

/// An unreadable, illegal or ambiguous move, in `lang`.
pub fn move_error(lang: Lang, error: &MoveError) -> String {
    match error {
        MoveError::Unreadable { input } => tr!(lang, "move-unreadable", input = input),
        MoveError::Illegal { input, reason } => tr!(
            lang,
            "move-illegal",
            input = input,
            reason = illegal_reason(lang, reason)
        ),
        MoveError::Ambiguous { input, candidates } => {
            let quoted: Vec<String> = candidates.iter().map(|c| format!("`{c}`")).collect();
            let candidates = match quoted.split_last() {
                None => String::new(),
                Some((last, [])) => last.clone(),
                Some((last, init)) => {
                    tr!(
                        lang,
                        "list-or",
                        init = init.join(", "),
                        last = last.as_str()
                    )
                }
            };
            tr!(
                lang,
                "move-ambiguous",
                input = input,
                candidates = candidates
            )
        }
    }
}

/// Why a readable move is illegal, in `lang`.
fn illegal_reason(lang: Lang, reason: &Illegal) -> String {
    match reason {
        Illegal::NoMoves => tr!(lang, "illegal-no-moves"),
        Illegal::InHole(square) => tr!(lang, "illegal-in-hole", square = square),
        Illegal::NoPiece(square) => tr!(lang, "illegal-no-piece", square = square.name()),
        Illegal::NotYourPiece { square, owner } => tr!(
            lang,
            "illegal-not-your-piece",
            square = square.name(),
            owner = side_key(*owner),
            side = side_key(owner.opponent())
        ),
        Illegal::WrongKind {
            square,
            found,
            named,
        } => tr!(
            lang,
            "illegal-wrong-kind",
            square = square.name(),
            found = found.name(),
            piece = named.name()
        ),
        Illegal::NoSuchPiece(kind) => tr!(lang, "illegal-no-such-piece", piece = kind.name()),
        Illegal::OwnPieceThere(square) => {
            tr!(lang, "illegal-own-piece-there", square = square.name())
        }
        Illegal::CannotReach { kind, from, to } => tr!(
            lang,
            "illegal-cannot-reach",
            piece = kind.name(),
            from = from.name(),
            to = to.name()
        ),
        Illegal::NoneCanReach { kind, to } => tr!(
            lang,
            "illegal-none-can-reach",
            piece = kind.name(),
            to = to.name()
        ),
        Illegal::KingInCheck { already: true } => tr!(lang, "illegal-in-check"),
        Illegal::KingInCheck { already: false } => tr!(lang, "illegal-self-check"),
        Illegal::PromotionMissing { to } => {
            tr!(lang, "illegal-promotion-missing", square = to.name())
        }
        Illegal::NotAPromotion => tr!(lang, "illegal-not-a-promotion"),
        Illegal::PromotionPiece(letter) => {
            tr!(lang, "illegal-promotion-piece", letter = letter.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PieceKind;

    /// The summary as it was written in the code before it moved to `rules.ftl`.
    const ENGLISH_RULES: &str = "\
**Rollerball** (Jean-Louis Cazaux, 1998) is chess on a ring: a 7×7 board whose 3×3 centre is a hole. \
Both armies — king, two rooks, a bishop and two pawns — travel **clockwise**; every square has its own \
forward direction (the arrows on the board show where it turns).
• **King**: one step in any direction.
• **Pawn**: one step forward, straight or diagonally, to move or capture. On reaching the enemy pawns' \
start squares it must promote to a **rook** or a **bishop** (`e6=R`).
• **Rook**: slides forward any distance, and may **rebound** once off an outer corner; one step sideways \
or back. From b1, a6, f7 and g2 it may also slide sideways along the whole line.
• **Bishop**: slides diagonally forward, rebounding once off the edge or the hole; one step diagonally back.
**Win** by checkmate, or by bringing your king — after it has set off clockwise from its home squares — \
onto the enemy king's starting square, the **throne** (White d6, Black d2). Stalemate and threefold \
repetition are draws.
Moves are written `Rb7`, `cxb2`, `e6=R` or `c2-b3`.";

    #[test]
    fn the_english_rules_summary_is_unchanged() {
        assert_eq!(rules_summary(Lang::En), ENGLISH_RULES);
    }

    #[test]
    fn move_errors_read_in_english_as_the_rules_write_them() {
        let sq = |name: &str| name.parse::<Square>().unwrap();
        let reasons = [
            Illegal::NoMoves,
            Illegal::InHole("d4".into()),
            Illegal::NoPiece(sq("a1")),
            Illegal::NotYourPiece {
                square: sq("e7"),
                owner: Color::Black,
            },
            Illegal::WrongKind {
                square: sq("d1"),
                found: PieceKind::Bishop,
                named: PieceKind::Rook,
            },
            Illegal::NoSuchPiece(PieceKind::Bishop),
            Illegal::OwnPieceThere(sq("d1")),
            Illegal::CannotReach {
                kind: PieceKind::Rook,
                from: sq("e1"),
                to: sq("a1"),
            },
            Illegal::NoneCanReach {
                kind: PieceKind::Bishop,
                to: sq("b3"),
            },
            Illegal::KingInCheck { already: true },
            Illegal::KingInCheck { already: false },
            Illegal::PromotionMissing { to: sq("e6") },
            Illegal::NotAPromotion,
            Illegal::PromotionPiece('Q'),
        ];
        let mut errors: Vec<MoveError> = reasons
            .into_iter()
            .map(|reason| MoveError::Illegal {
                input: "x".into(),
                reason,
            })
            .collect();
        errors.push(MoveError::Unreadable {
            input: "hello".into(),
        });
        for candidates in [vec!["Rb7"], vec!["Rb7", "Rc7"], vec!["Rb7", "Rc7", "Rd7"]] {
            errors.push(MoveError::Ambiguous {
                input: "R7".into(),
                candidates: candidates.into_iter().map(String::from).collect(),
            });
        }
        for error in &errors {
            assert_eq!(move_error(Lang::En, error), error.to_string());
        }
        // The other languages say it their way, with the same squares and moves.
        let error = &errors[3];
        assert_eq!(
            move_error(Lang::Fr, error),
            "`x` n'est pas légal ici : la pièce en e7 appartient aux Noirs, et c'est aux Blancs de jouer"
        );
        assert_eq!(
            move_error(Lang::Es, errors.last().unwrap()),
            "`R7` puede ser `Rb7`, `Rc7` o `Rd7`: di cuál."
        );
        assert_eq!(
            move_error(Lang::Ru, &errors[4]),
            "`x` здесь невозможен: на d1 стоит слон, а не ладья"
        );
    }

    #[test]
    fn every_command_has_its_help_in_every_language() {
        for lang in Lang::ALL {
            for entry in HELP {
                let summary = entry.summary(lang);
                assert!(!summary.starts_with("help-"), "{lang}: {}", entry.name);
            }
        }
    }

    #[tokio::test]
    async fn a_game_lock_is_forgotten_when_its_last_user_leaves() {
        let locks = GameLocks::default();
        let first = locks.lock(GameId(1)).await;
        let other = locks.lock(GameId(2)).await;
        assert_eq!(locks.len(), 2);
        drop(other);
        assert_eq!(locks.len(), 1);

        // A command waiting for game 1 keeps its entry alive after the holder leaves.
        let waiter = {
            let locks = &locks;
            async move {
                let guard = locks.lock(GameId(1)).await;
                assert_eq!(locks.len(), 1);
                drop(guard);
            }
        };
        let holder = async move {
            tokio::task::yield_now().await;
            drop(first);
        };
        tokio::join!(waiter, holder);
        assert_eq!(locks.len(), 0);
    }
}
