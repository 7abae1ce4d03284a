//! The game service: every command a player can give, the rights behind it, and the deadline
//! sweep. It reads and writes games through the store, the rules decide what is legal, and the
//! renderer draws the board after the commit.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex as SyncMutex, Weak};
use std::time::Duration;

use tokio::sync::Mutex;

use super::clock::Clock;
use super::command::{
    Answer, Command, CommandError, HELP, Opponent, PlayerRef, Setting, clean_text, help_entry,
    looks_like_move,
};
use super::i18n::{Lang, tr};
use super::rate::{RateLimit, RateLimiter, Verdict, slow_down};
use super::reply::{Attachment, Button, ButtonAction, ButtonStyle, Notice, Reply};
use crate::engine;
use crate::render::{self, BoardView, GifOptions, Options};
use crate::rules::{self, Color, Outcome, PgnTags, Square, Termination};
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
/// Languages the bot can answer in.
pub const LANGUAGES: &[&str] = &["en"];
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

impl From<CommandError> for Refusal {
    fn from(e: CommandError) -> Refusal {
        Refusal::Say(e.to_string())
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

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A loaded game: the stored row and the rules' view of it, replayed from the record.
struct Loaded {
    row: StoredGame,
    game: rules::Game,
}

impl Loaded {
    fn label(&self) -> String {
        format!("Game #{}", self.row.id.0)
    }

    /// Who plays `color`: a mention, or the computer.
    fn side(&self, color: Color) -> String {
        side_label(&self.row, color)
    }

    /// True when the computer plays the side to move.
    fn computer_to_move(&self) -> bool {
        self.row.computer_level.is_some() && self.row.player(self.row.to_move).is_none()
    }
}

/// Who plays `color` in a game: a mention of the player, or the computer and its level.
fn side_label(row: &StoredGame, color: Color) -> String {
    match (row.player(color), row.computer_level) {
        (Some(player), _) => mention(player),
        (None, Some(level)) => format!("the level {level} computer"),
        (None, None) => side_name(color).to_string(),
    }
}

/// Per-game locks of this process, so two commands on one game never interleave here (other
/// processes are kept out by the store's version guard).
#[derive(Default)]
struct GameLocks {
    locks: SyncMutex<HashMap<GameId, Weak<Mutex<()>>>>,
}

impl GameLocks {
    fn get(&self, id: GameId) -> Arc<Mutex<()>> {
        let mut locks = self.locks.lock().expect("lock table poisoned");
        if let Some(lock) = locks.get(&id).and_then(Weak::upgrade) {
            return lock;
        }
        if locks.len() > 1024 {
            locks.retain(|_, weak| weak.strong_count() > 0);
        }
        let lock = Arc::new(Mutex::new(()));
        locks.insert(id, Arc::downgrade(&lock));
        lock
    }
}

/// The correspondence-game service: one per process, shared by every front end and task.
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    locks: GameLocks,
    board_size: u32,
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
            limiter: Some(RateLimiter::new(RateLimit::default())),
        }
    }

    /// The same service with another per-player rate limit, or none (`None`: for the local
    /// console, benchmarks, and tests that play whole games while the clock stands still).
    pub fn with_rate_limit(mut self, limit: Option<RateLimit>) -> Service {
        self.limiter = limit.map(RateLimiter::new);
        self
    }

    /// The store the service works on.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The current time of the service's clock.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// Counts one command of `actor` against the rate limit.
    fn admit(&self, actor: &Actor) -> Verdict {
        match &self.limiter {
            Some(limiter) => limiter.check(actor.id, self.now()),
            None => Verdict::Admit,
        }
    }

    /// Answers a line of text, as typed after the bot's prefix or in the console.
    /// A move typed on its own (`!rb Rb7`) is taken as `move Rb7`.
    pub async fn handle_text(&self, actor: Actor, place: Place, text: &str) -> Reply {
        match self.admit(&actor) {
            Verdict::Admit => self.answer_line(actor, place, text, Vec::new()).await,
            Verdict::Refuse | Verdict::RefuseQuietly => Reply::private(slow_down(Lang::En)),
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
            Verdict::Admit => Some(self.answer_line(actor, place, text, mentioned).await),
            Verdict::Refuse => Some(Reply::private(slow_down(Lang::En))),
            Verdict::RefuseQuietly => None,
        }
    }

    async fn answer_line(
        &self,
        actor: Actor,
        place: Place,
        text: &str,
        mentioned: Vec<Actor>,
    ) -> Reply {
        match Command::parse_or_move(text) {
            Ok(command) => {
                let request = Request {
                    mentioned,
                    ..Request::new(actor, place, command)
                };
                self.answer(request).await
            }
            Err(e) => Reply::private(e.to_string()),
        }
    }

    /// Answers a button press: the button's `custom_id` becomes the command it stands for.
    pub async fn handle_button(&self, actor: Actor, place: Place, custom_id: &str) -> Reply {
        if self.admit(&actor) != Verdict::Admit {
            return Reply::private(slow_down(Lang::En));
        }
        let Some(action) = ButtonAction::from_custom_id(custom_id) else {
            return Reply::private(tr!(Lang::En, "button-unknown"));
        };
        self.answer(Request::new(actor, place, action.command()))
            .await
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
            Verdict::Refuse => return Some(Reply::private(slow_down(Lang::En))),
            Verdict::RefuseQuietly => return None,
        }
        let command = Command::Move {
            game: Some(game.id.0),
            text: text.trim().to_string(),
        };
        Some(self.answer(Request::new(actor, place, command)).await)
    }

    /// Answers one request (a slash command, say). Never fails: refusals and failures become
    /// private replies, and a player over the rate limit is asked to slow down.
    pub async fn handle(&self, request: Request) -> Reply {
        if self.admit(&request.actor) != Verdict::Admit {
            let lang = Lang::resolve(request.locale.as_deref(), None, None);
            return Reply::private(slow_down(lang));
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
        let lang = Lang::resolve(request.locale.as_deref(), None, None);
        match self.dispatch(&request).await {
            Ok(reply) => reply,
            Err(Refusal::Say(text)) => Reply::private(text),
            Err(Refusal::Store(StoreError::Conflict)) => {
                Reply::private(tr!(lang, "store-conflict"))
            }
            Err(Refusal::Store(e)) => {
                tracing::error!(error = %e, actor = request.actor.id.0, "store failure");
                Reply::private(tr!(lang, "store-unavailable"))
            }
        }
    }

    async fn dispatch(&self, r: &Request) -> Res<Reply> {
        match &r.command {
            Command::Help { topic } => Ok(help(topic.as_deref())),
            Command::Rules => self.rules().await,
            Command::Challenge {
                opponent,
                colour,
                days,
                rated,
            } => {
                self.challenge(r, opponent, *colour, *days, *rated, None)
                    .await
            }
            Command::Accept { challenge } => self.accept(r, *challenge).await,
            Command::Decline { challenge } => {
                self.close_challenge(r, *challenge, ChallengeStatus::Declined)
                    .await
            }
            Command::Cancel { challenge } => {
                self.close_challenge(r, *challenge, ChallengeStatus::Cancelled)
                    .await
            }
            Command::Move { game, text } => self.play(r, *game, text).await,
            Command::Board { game } => self.board(r, *game).await,
            Command::Game { game } => self.board(r, Some(*game)).await,
            Command::Moves { game, square } => self.moves(r, *game, *square).await,
            Command::History { game } => self.history(r, *game).await,
            Command::Games => self.games(r).await,
            Command::Export { game } => self.export(r, *game).await,
            Command::Resign { game, confirmed } => self.resign(r, *game, *confirmed).await,
            Command::Draw { game, answer } => self.offer(r, *game, OfferKind::Draw, *answer).await,
            Command::Takeback { game, answer } => {
                self.offer(r, *game, OfferKind::Takeback, *answer).await
            }
            Command::Abort { game } => self.abort(r, *game).await,
            Command::MoreTime { game, days } => self.more_time(r, *game, *days).await,
            Command::Rematch { game } => self.rematch(r, *game).await,
            Command::Settings { change } => self.settings(r, change.as_ref()).await,
        }
    }

    // ----- Challenges -------------------------------------------------------------------

    async fn challenge(
        &self,
        r: &Request,
        opponent: &Opponent,
        colour: Option<Color>,
        days: u32,
        rated: bool,
        rematch_of: Option<GameId>,
    ) -> Res<Reply> {
        if let Opponent::Computer { level } = opponent {
            return self.start_computer_game(r, *level, colour, days).await;
        }
        if r.place.server.is_none() {
            return say(
                "Challenges are made in a server channel, where your opponent can see them. Use the same command there.",
            );
        }
        let challenged = match opponent {
            Opponent::Open | Opponent::Computer { .. } => None,
            Opponent::Player(PlayerRef::Id(id)) => Some(PlayerId(*id)),
            Opponent::Player(PlayerRef::Name(name))
                if name.eq_ignore_ascii_case("everyone") || name.eq_ignore_ascii_case("here") =>
            {
                let lang = Lang::resolve(r.locale.as_deref(), None, None);
                return say(tr!(lang, "challenge-mass-mention", name = name.as_str()));
            }
            Opponent::Player(PlayerRef::Name(name)) => {
                return say(format!(
                    "I can't tell who `@{name}` is. Mention them so the name is highlighted (type `@` and pick them from the list)."
                ));
            }
        };
        if challenged == Some(r.actor.id) {
            return say(
                "You can't challenge yourself. Name another player, or leave the name out for an open challenge anyone here can accept.",
            );
        }
        let now = self.now();
        let mine = self.store.open_challenges_by(r.actor.id).await?;
        if let Some(c) = mine
            .iter()
            .find(|c| c.challenged == challenged && c.place.channel == r.place.channel)
        {
            return say(format!(
                "You already have challenge #{} open here{}. Type `cancel #{}` to withdraw it first.",
                c.id.0,
                c.challenged
                    .map(|p| format!(" for {}", mention(p)))
                    .unwrap_or_default(),
                c.id.0
            ));
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
            Some(c) => format!("{} plays {}", mention(r.actor.id), side_name(c)),
            None => "colours drawn by lot".to_string(),
        };
        let terms = format!(
            "{}, {} day{} per move, {colours}",
            if rated { "rated" } else { "casual" },
            days,
            if days == 1 { "" } else { "s" }
        );
        let again = if rematch_of.is_some() {
            "a rematch"
        } else {
            "a game of Rollerball"
        };
        let accept = button(
            "Accept",
            ButtonAction::AcceptChallenge(challenge.id),
            ButtonStyle::Success,
        );
        let (text, refuse, mentions) = match challenged {
            Some(player) => (
                format!(
                    "{} challenges {} to {again} ({terms}). Challenge #{} expires {}.",
                    mention(r.actor.id),
                    mention(player),
                    challenge.id.0,
                    relative_time(challenge.expires_at)
                ),
                button(
                    "Decline",
                    ButtonAction::DeclineChallenge(challenge.id),
                    ButtonStyle::Secondary,
                ),
                vec![player],
            ),
            None => (
                format!(
                    "{} is looking for an opponent: {again} ({terms}). Anyone here can accept challenge #{} — it expires {}.",
                    mention(r.actor.id),
                    challenge.id.0,
                    relative_time(challenge.expires_at)
                ),
                button(
                    "Cancel",
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
        id: Option<i64>,
        fits: impl Fn(&Challenge) -> bool,
        none: &str,
    ) -> Res<Challenge> {
        let now = self.now();
        if let Some(id) = id {
            let Some(c) = self.store.challenge(ChallengeId(id)).await? else {
                return say(format!("There is no challenge #{id}."));
            };
            if c.status != ChallengeStatus::Open || c.expires_at <= now {
                return say(format!(
                    "Challenge #{id} is no longer open ({}).",
                    if c.status == ChallengeStatus::Open {
                        "expired"
                    } else {
                        c.status.as_str()
                    }
                ));
            }
            if !fits(&c) {
                return say(format!("Challenge #{id} is not yours to answer that way."));
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
                    .map(|c| format!("#{} from {}", c.id.0, mention(c.challenger)))
                    .collect();
                say(format!(
                    "Several challenges fit: {}. Say which, for example `accept #{}`.",
                    list.join(", "),
                    candidates[0].id.0
                ))
            }
        }
    }

    async fn accept(&self, r: &Request, id: Option<i64>) -> Res<Reply> {
        let me = r.actor.id;
        let channel = r.place.channel;
        let challenge = self
            .find_challenge(
                r,
                id,
                |c| {
                    c.challenger != me
                        && (c.challenged == Some(me)
                            || (c.challenged.is_none() && c.place.channel == channel))
                },
                "There is no challenge for you to accept here. Start one with `challenge @player`.",
            )
            .await;
        let challenge = match challenge {
            Err(Refusal::Say(_)) if id.is_some() => {
                // Say precisely why a named challenge can't be taken.
                if let Some(c) = self.store.challenge(ChallengeId(id.unwrap_or(0))).await? {
                    if c.challenger == me {
                        return say("That is your own challenge: someone else has to accept it.");
                    }
                    if c.challenged.is_some_and(|p| p != me) && c.status == ChallengeStatus::Open {
                        return say(format!(
                            "Challenge #{} is for {}, not for you.",
                            c.id.0,
                            mention(c.challenged.unwrap_or(c.challenger))
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
                StoreError::Conflict => Refusal::Say(format!(
                    "Challenge #{} was taken, withdrawn or expired a moment ago.",
                    challenge.id.0
                )),
                other => other.into(),
            })?;
        let loaded = Loaded {
            game: rules::Game::new(),
            row,
        };
        let white = loaded.side(Color::White);
        let black = loaded.side(Color::Black);
        let text = format!(
            "**{}** begins: {white} (White) vs {black} (Black), {} day{} per move, {}.\n{}",
            loaded.label(),
            loaded.row.days_per_move,
            if loaded.row.days_per_move == 1 {
                ""
            } else {
                "s"
            },
            if loaded.row.rated { "rated" } else { "casual" },
            self.turn_line(&loaded)
        );
        let mut reply = self.board_reply(&loaded, text, true).await?;
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
        id: Option<i64>,
        status: ChallengeStatus,
    ) -> Res<Reply> {
        let me = r.actor.id;
        let challenge = match status {
            ChallengeStatus::Declined => {
                self.find_challenge(
                    r,
                    id,
                    |c| c.challenged == Some(me),
                    "There is no challenge to you to decline.",
                )
                .await?
            }
            _ => {
                self.find_challenge(
                    r,
                    id,
                    |c| c.challenger == me,
                    "You have no open challenge to cancel.",
                )
                .await?
            }
        };
        let c = self
            .store
            .close_challenge(challenge.id, status, self.now())
            .await?;
        let text = if status == ChallengeStatus::Declined {
            format!(
                "{} declined challenge #{} from {}.",
                mention(me),
                c.id.0,
                mention(c.challenger)
            )
        } else {
            format!("{} withdrew challenge #{}.", mention(me), c.id.0)
        };
        Ok(Reply::text(text))
    }

    // ----- Finding and loading games ------------------------------------------------------

    async fn load(&self, id: GameId) -> Res<Loaded> {
        let Some((row, moves)) = self.store.game_with_moves(id).await? else {
            return say(format!("There is no game #{}.", id.0));
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
    async fn my_game(&self, r: &Request, id: Option<i64>) -> Res<StoredGame> {
        let me = r.actor.id;
        let word = command_word(&r.command);
        if let Some(id) = id {
            let Some(row) = self.store.game(GameId(id)).await? else {
                return say(format!("There is no game #{id}."));
            };
            if row.color_of(me).is_none() {
                return say(format!(
                    "You are not playing in game #{id}; only its two players can do that. You can still look at it with `game #{id}`."
                ));
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
                let list: Vec<String> = here.iter().map(|g| game_choice(g, me)).collect();
                return say(format!(
                    "You have several games here: {}. Add the game's number, for example `{word} #{}`.",
                    list.join(", "),
                    here[0].id.0
                ));
            }
        }
        let elsewhere = self.store.active_games_of(me).await?;
        match elsewhere.as_slice() {
            [] => say(format!(
                "You have no game in progress here. Start one with `challenge @player`; to look at a finished game, add its number, for example `{word} #12`."
            )),
            [one] => say(format!(
                "Your game #{} is not here. Use it in <#{}>, or add its number: `{word} #{}`.",
                one.id.0,
                place_key(one.place),
                one.id.0
            )),
            several => {
                let list: Vec<String> = several.iter().map(|g| game_choice(g, me)).collect();
                say(format!(
                    "You have no game here. Your games: {}. Add the game's number, for example `{word} #{}`.",
                    list.join(", "),
                    several[0].id.0
                ))
            }
        }
    }

    /// The game someone wants to look at: named, theirs here, or the only one here.
    async fn viewed_game(&self, r: &Request, id: Option<i64>) -> Res<Loaded> {
        if let Some(id) = id {
            return self.load(GameId(id)).await;
        }
        match self.my_game(r, None).await {
            Ok(row) => self.load(row.id).await,
            Err(refusal) => {
                let here = self.store.active_games_in(place_key(r.place)).await?;
                match here.as_slice() {
                    [one] => self.load(one.id).await,
                    _ => Err(refusal),
                }
            }
        }
    }

    /// The game a player acts on, loaded under its lock, and still being played.
    async fn my_active_game(&self, r: &Request, id: Option<i64>) -> Res<(Loaded, LockGuard)> {
        let row = self.my_game(r, id).await?;
        let guard = self.locks.get(row.id).lock_owned().await;
        // Loaded under the lock, so no other command of this process changes it meanwhile.
        let loaded = self.load(row.id).await?;
        if let Some(outcome) = loaded.game.outcome() {
            return say(format!(
                "{} is over: {}. Start a new one with `rematch #{}` or `challenge @player`.",
                loaded.label(),
                describe_outcome(&loaded, outcome),
                loaded.row.id.0
            ));
        }
        Ok((loaded, LockGuard { _guard: guard }))
    }

    // ----- Moves ------------------------------------------------------------------------

    async fn play(&self, r: &Request, id: Option<i64>, text: &str) -> Res<Reply> {
        // A move may come from a slash command's field, which the line parser never saw.
        let text = &clean_text(text)?;
        let (mut loaded, _lock) = self.my_active_game(r, id).await?;
        let me = r.actor.id;
        let my_color = loaded.row.color_of(me).expect("my_game checks the player");
        if loaded.row.to_move != my_color {
            return say(format!(
                "It is {}'s move in {}, not yours. I'll ping you when it's your turn.",
                loaded.side(loaded.row.to_move),
                loaded.label()
            ));
        }
        let before = *loaded.game.position();
        let pending = loaded.row.offer.filter(|o| o.by != my_color);
        let mv = loaded
            .game
            .play_input(text)
            .map_err(|e| Refusal::Say(e.to_string()))?;
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
        let mut text = format!("**{}** · {} played **{san}**.", loaded.label(), mention(me));
        match pending.map(|o| o.kind) {
            Some(OfferKind::Draw) => text.push_str(" (Moving declines the draw offer.)"),
            Some(OfferKind::Takeback) => text.push_str(" (Moving declines the takeback request.)"),
            None => {}
        }
        if loaded.computer_to_move() && loaded.game.outcome().is_none() {
            // The player's move stands whatever happens here; a failed answer is made by the
            // next sweep.
            match self.computer_reply(&mut loaded).await {
                Ok(answer) => {
                    let _ = write!(text, "\nThe computer answered **{answer}**.");
                }
                Err(e) => {
                    let error = match e {
                        Refusal::Say(text) => text,
                        Refusal::Store(e) => e.to_string(),
                    };
                    tracing::error!(game = loaded.row.id.0, %error, "computer move failed");
                    text.push_str("\nThe computer will answer in a moment.");
                }
            }
        }
        text.push('\n');
        text.push_str(&self.turn_line(&loaded));
        let mut reply = self.board_reply(&loaded, text, true).await?;
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
        let mut text = format!(
            "**{}** begins: {} (White) vs {} (Black), {} day{} per move, casual.",
            loaded.label(),
            loaded.side(Color::White),
            loaded.side(Color::Black),
            days,
            if days == 1 { "" } else { "s" },
        );
        if loaded.computer_to_move() {
            let _lock = self.locks.get(loaded.row.id).lock_owned().await;
            match self.computer_reply(&mut loaded).await {
                Ok(answer) => {
                    let _ = write!(text, "\nThe computer opened with **{answer}**.");
                }
                Err(_) => text.push_str("\nThe computer will make its first move in a moment."),
            }
        }
        text.push('\n');
        text.push_str(&self.turn_line(&loaded));
        let mut reply = self.board_reply(&loaded, text, true).await?;
        reply.mentions = vec![r.actor.id];
        reply.new_game = Some(loaded.row.id);
        Ok(reply)
    }

    /// "Bob to move — deadline in 3 days", or how the game ended.
    fn turn_line(&self, loaded: &Loaded) -> String {
        if let Some(outcome) = loaded.game.outcome() {
            return format!("The game is over: {}.", describe_outcome(loaded, outcome));
        }
        let mut line = format!(
            "{} ({}) to move",
            loaded.side(loaded.row.to_move),
            side_name(loaded.row.to_move)
        );
        if loaded.game.position().is_check() {
            line.push_str(", in check");
        }
        if let Some(deadline) = loaded.row.deadline {
            let _ = write!(line, " — deadline {}", relative_time(deadline));
        }
        line.push('.');
        line
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
    async fn board_reply(&self, loaded: &Loaded, text: String, with_buttons: bool) -> Res<Reply> {
        let view = BoardView::of_game(&loaded.game);
        let side = if loaded.game.outcome().is_some() {
            Color::White
        } else {
            loaded.game.position().side_to_move()
        };
        let png = self.render(view, side).await?;
        let mut reply = Reply::text(text);
        reply.image = Some(Attachment {
            filename: format!("rollerball-{}-{}.png", loaded.row.id.0, loaded.game.ply()),
            bytes: png,
        });
        reply.fen = Some(loaded.game.position().to_fen());
        if with_buttons {
            reply.buttons = game_buttons(loaded);
        }
        Ok(reply)
    }

    /// Draws on a blocking thread, off the async workers.
    async fn render(&self, view: BoardView, side: Color) -> Res<Vec<u8>> {
        let mut options = Options::from_side(side);
        options.size = self.board_size;
        tokio::task::spawn_blocking(move || render::render_png(&view, &options))
            .await
            .map_err(|e| {
                Refusal::Say(format!(
                    "Drawing the board failed ({e}); the game itself is fine."
                ))
            })?
            .map_err(|e| {
                Refusal::Say(format!(
                    "Drawing the board failed ({e}); the game itself is fine."
                ))
            })
    }

    // ----- Looking at games -------------------------------------------------------------

    async fn board(&self, r: &Request, id: Option<i64>) -> Res<Reply> {
        let loaded = self.viewed_game(r, id).await?;
        let white = loaded.side(Color::White);
        let black = loaded.side(Color::Black);
        let last = match loaded.game.sans().last() {
            Some(san) => format!(" Last move: **{san}**."),
            None => String::new(),
        };
        let text = format!(
            "**{}** · {white} (White) vs {black} (Black), move {}.{last}\n{}",
            loaded.label(),
            loaded.game.position().fullmove(),
            self.turn_line(&loaded)
        );
        let playing = loaded.row.color_of(r.actor.id).is_some();
        self.board_reply(&loaded, text, playing && loaded.game.outcome().is_none())
            .await
    }

    async fn moves(&self, r: &Request, id: Option<i64>, square: Option<Square>) -> Res<Reply> {
        let loaded = self.viewed_game(r, id).await?;
        if loaded.game.outcome().is_some() {
            return say(format!(
                "{} is over: there are no moves to make.",
                loaded.label()
            ));
        }
        let position = *loaded.game.position();
        let sans = rules::legal_sans(&position);
        let mut view = BoardView::of_game(&loaded.game);
        let listed: Vec<&str> = match square {
            Some(sq) => {
                let Some(piece) = position.piece_at(sq) else {
                    return say(format!("There is no piece on {sq}."));
                };
                if piece.color != position.side_to_move() {
                    return say(format!(
                        "The {} on {sq} is {}'s, and it is {}'s move.",
                        piece.kind.name(),
                        side_name(piece.color),
                        side_name(position.side_to_move())
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
        let what = match square {
            Some(sq) => format!(
                "the {} on {sq}",
                position
                    .piece_at(sq)
                    .map(|p| p.kind.name())
                    .unwrap_or("piece")
            ),
            None => format!(
                "{} ({} moves)",
                side_name(position.side_to_move()),
                listed.len()
            ),
        };
        let text = if listed.is_empty() {
            format!("**{}** · {what} has no legal move.", loaded.label())
        } else {
            format!(
                "**{}** · legal moves for {what}: {}",
                loaded.label(),
                listed.join(", ")
            )
        };
        let png = self.render(view, position.side_to_move()).await?;
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

    async fn history(&self, r: &Request, id: Option<i64>) -> Res<Reply> {
        let loaded = self.viewed_game(r, id).await?;
        if loaded.game.ply() == 0 {
            return Ok(Reply::private(format!(
                "**{}** · no moves yet.",
                loaded.label()
            )));
        }
        let mut text = format!("**{}** · ", loaded.label());
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
                describe_outcome(&loaded, outcome)
            );
        }
        Ok(Reply::private(text.trim_end().to_string()))
    }

    async fn games(&self, r: &Request) -> Res<Reply> {
        let me = r.actor.id;
        let games = self.store.active_games_of(me).await?;
        if games.is_empty() {
            return Ok(Reply::private(
                "You have no game in progress. Start one with `challenge @player`.",
            ));
        }
        let mut text = String::from("Your games in progress:");
        for g in &games {
            let color = g.color_of(me).expect("games of the player");
            let opponent = side_label(g, color.opponent());
            let turn = if g.to_move == color {
                "**your move**"
            } else {
                "their move"
            };
            let deadline = g.deadline.map(relative_time).unwrap_or_default();
            let _ = write!(
                text,
                "\n• **#{}** vs {opponent} — you play {} — {turn}, deadline {deadline} — in <#{}>",
                g.id.0,
                side_name(color),
                place_key(g.place)
            );
        }
        Ok(Reply::private(text))
    }

    async fn export(&self, r: &Request, id: Option<i64>) -> Res<Reply> {
        let loaded = self.viewed_game(r, id).await?;
        let names = self.names(&loaded.row).await?;
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
        let gif = tokio::task::spawn_blocking(move || render::render_gif(&game, &options))
            .await
            .map_err(|e| Refusal::Say(format!("Making the animation failed ({e}).")))?
            .map_err(|e| Refusal::Say(format!("Making the animation failed ({e}).")))?;
        Ok(Reply {
            text: format!(
                "**{}** · the record ({} moves) and an animation of the game.",
                loaded.label(),
                loaded.game.ply()
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

    async fn rules(&self) -> Res<Reply> {
        let view = BoardView::new(rules::Position::start());
        let png = self.render(view, Color::White).await?;
        Ok(Reply {
            text: RULES_SUMMARY.to_string(),
            image: Some(Attachment {
                filename: "rollerball-start.png".into(),
                bytes: png,
            }),
            ..Reply::default()
        })
    }

    // ----- Ending games and offers ------------------------------------------------------

    async fn finish(&self, loaded: &mut Loaded, outcome: Outcome, text: String) -> Res<Reply> {
        loaded.row = self
            .store
            .end_game(
                loaded.row.id,
                loaded.row.version,
                ending(outcome),
                self.now(),
            )
            .await?;
        loaded.game.end(outcome);
        let text = format!("{text}\n{}", self.turn_line(loaded));
        let mut reply = self.board_reply(loaded, text, true).await?;
        reply.mentions = self.pingable(loaded, false).await?;
        Ok(reply)
    }

    async fn resign(&self, r: &Request, id: Option<i64>, confirmed: bool) -> Res<Reply> {
        let (mut loaded, _lock) = self.my_active_game(r, id).await?;
        let me = r.actor.id;
        let color = loaded.row.color_of(me).expect("player");
        if !confirmed {
            let opponent = loaded
                .row
                .player(color.opponent())
                .map(mention)
                .unwrap_or_default();
            return Ok(Reply {
                text: format!(
                    "Resign {} against {opponent}? This cannot be undone. Press the button, or type `resign #{} confirm`.",
                    loaded.label(),
                    loaded.row.id.0
                ),
                buttons: vec![button(
                    "Yes, resign",
                    ButtonAction::ConfirmResign(loaded.row.id),
                    ButtonStyle::Danger,
                )],
                private: true,
                ..Reply::default()
            });
        }
        let outcome = Outcome::win(color.opponent(), Termination::Resignation);
        let text = format!("**{}** · {} resigned.", loaded.label(), mention(me));
        self.finish(&mut loaded, outcome, text).await
    }

    async fn abort(&self, r: &Request, id: Option<i64>) -> Res<Reply> {
        let (mut loaded, _lock) = self.my_active_game(r, id).await?;
        if loaded.game.ply() >= 2 {
            return say(format!(
                "{} can no longer be aborted: both sides have moved. You can offer a `draw` or `resign`.",
                loaded.label()
            ));
        }
        let text = format!(
            "**{}** · {} called the game off.",
            loaded.label(),
            mention(r.actor.id)
        );
        self.finish(&mut loaded, Outcome::draw(Termination::Abort), text)
            .await
    }

    /// `draw` and `takeback`: make an offer, or accept, decline or withdraw a pending one.
    async fn offer(
        &self,
        r: &Request,
        id: Option<i64>,
        kind: OfferKind,
        answer: Option<Answer>,
    ) -> Res<Reply> {
        let (mut loaded, _lock) = self.my_active_game(r, id).await?;
        let me = r.actor.id;
        let color = loaded.row.color_of(me).expect("my_game checks the player");
        let opponent = loaded.row.player(color.opponent());
        let them = opponent.map(mention).unwrap_or_default();
        let label = loaded.label();
        let pending = loaded.row.offer;
        let theirs = pending
            == Some(Offer {
                kind,
                by: color.opponent(),
            });
        let mine = pending == Some(Offer { kind, by: color });
        let (noun, word) = match kind {
            OfferKind::Draw => ("draw offer", "draw"),
            OfferKind::Takeback => ("takeback request", "takeback"),
        };
        if loaded.row.computer_level.is_some() {
            return match (kind, answer) {
                (OfferKind::Draw, _) => say(
                    "The computer plays on: it does not agree to draws. You can `resign`, or `abort` before both sides have moved.",
                ),
                (OfferKind::Takeback, Some(Answer::Decline)) => {
                    say("There is nothing to decline: the computer never asks to take moves back.")
                }
                (OfferKind::Takeback, _) => self.computer_takeback(&mut loaded, color).await,
            };
        }
        match answer {
            None | Some(Answer::Accept) if theirs => match kind {
                OfferKind::Draw => {
                    let text = format!("**{label}** · {} accepted the draw offer.", mention(me));
                    self.finish(&mut loaded, Outcome::draw(Termination::Agreement), text)
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
                        "**{label}** · {} agreed to take back **{taken}**.\n{}",
                        mention(me),
                        self.turn_line(&loaded)
                    );
                    let mut reply = self.board_reply(&loaded, text, true).await?;
                    reply.mentions = opponent.into_iter().collect();
                    Ok(reply)
                }
            },
            Some(Answer::Accept) => say(format!("There is no {noun} to accept in {label}.")),
            Some(Answer::Decline) if theirs || mine => {
                loaded.row = self
                    .store
                    .clear_offer(loaded.row.id, loaded.row.version, self.now())
                    .await?;
                let verb = if theirs { "declined" } else { "withdrew" };
                Ok(Reply {
                    mentions: opponent.into_iter().collect(),
                    ..Reply::text(format!("**{label}** · {} {verb} the {noun}.", mention(me)))
                })
            }
            Some(Answer::Decline) => say(format!("There is no {noun} to decline in {label}.")),
            None if mine => say(format!(
                "Your {noun} in {label} stands until {them} answers or moves."
            )),
            None => {
                if kind == OfferKind::Takeback
                    && (loaded.game.ply() == 0 || loaded.row.to_move == color)
                {
                    return say(
                        "You can only ask to take back your own last move, before your opponent has replied.",
                    );
                }
                if let Some(other) = pending {
                    let (noun, word) = match other.kind {
                        OfferKind::Draw => ("draw offer", "draw"),
                        OfferKind::Takeback => ("takeback request", "takeback"),
                    };
                    return say(format!(
                        "A {noun} is waiting for an answer first: `{word} accept` or `{word} decline`."
                    ));
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
                        format!(
                            "**{label}** · {} offers a draw. {them}: accept with `draw`, or decline with `draw decline` — making a move also declines it.",
                            mention(me)
                        ),
                        button(
                            "Accept draw",
                            ButtonAction::AcceptDraw(id),
                            ButtonStyle::Success,
                        ),
                        button(
                            "Decline",
                            ButtonAction::DeclineDraw(id),
                            ButtonStyle::Secondary,
                        ),
                    ),
                    OfferKind::Takeback => (
                        format!(
                            "**{label}** · {} asks to take back **{}**. {them}: `{word} accept` or `{word} decline`.",
                            mention(me),
                            loaded.game.sans().last().cloned().unwrap_or_default()
                        ),
                        button(
                            "Allow takeback",
                            ButtonAction::AcceptTakeback(id),
                            ButtonStyle::Primary,
                        ),
                        button(
                            "Decline",
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
    async fn computer_takeback(&self, loaded: &mut Loaded, color: Color) -> Res<Reply> {
        let plies = match (loaded.game.ply(), loaded.row.to_move == color) {
            // The computer has answered: take back its answer and the player's move.
            (2.., true) => 2,
            // The computer has not answered yet: only the player's move.
            (1.., false) => 1,
            _ => return say("You have no move to take back yet."),
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
            "**{}** · {} took back **{taken}**.\n{}",
            loaded.label(),
            loaded.side(color),
            self.turn_line(loaded)
        );
        self.board_reply(loaded, text, true).await
    }

    async fn more_time(&self, r: &Request, id: Option<i64>, days: u32) -> Res<Reply> {
        let (mut loaded, _lock) = self.my_active_game(r, id).await?;
        if loaded.row.computer_level.is_some() {
            return say("The computer answers at once: it has no clock to extend.");
        }
        let me = r.actor.id;
        let color = loaded.row.color_of(me).expect("player");
        if loaded.row.to_move == color {
            return say(
                "It is your move, so the deadline is yours: `moretime` gives your opponent more time on their move.",
            );
        }
        let now = self.now();
        let current = loaded.row.deadline.unwrap_or(now);
        let limit = now.plus_days(MAX_DEADLINE_AHEAD_DAYS);
        let wanted = current.plus_days(days);
        if wanted > limit {
            return say(format!(
                "That would put the deadline more than {MAX_DEADLINE_AHEAD_DAYS} days away; give fewer days."
            ));
        }
        let deadline = reminders(now, wanted);
        loaded.row = self
            .store
            .set_deadline(loaded.row.id, loaded.row.version, deadline, now)
            .await?;
        let opponent = loaded.row.player(color.opponent());
        Ok(Reply {
            text: format!(
                "**{}** · {} gave {} {days} more day{}: the deadline is now {}.",
                loaded.label(),
                mention(me),
                opponent.map(mention).unwrap_or_default(),
                if days == 1 { "" } else { "s" },
                relative_time(wanted)
            ),
            mentions: opponent.into_iter().collect(),
            ..Reply::default()
        })
    }

    async fn rematch(&self, r: &Request, id: Option<i64>) -> Res<Reply> {
        let loaded = match id {
            Some(id) => self.load(GameId(id)).await?,
            None => {
                let mine = self.store.active_games_in(place_key(r.place)).await?;
                if mine.iter().any(|g| g.color_of(r.actor.id).is_some()) {
                    return say("Your game here is still going on; a rematch comes after it ends.");
                }
                return say("Say which game to rematch, for example `rematch #12`.");
            }
        };
        let Some(color) = loaded.row.color_of(r.actor.id) else {
            return say(format!(
                "Only the players of {} can ask for a rematch.",
                loaded.label()
            ));
        };
        if loaded.game.outcome().is_none() {
            return say(format!(
                "{} is still going on; a rematch comes after it ends.",
                loaded.label()
            ));
        }
        if let Some(level) = loaded.row.computer_level {
            let request = Request {
                place: loaded.row.place,
                ..r.clone()
            };
            return self
                .start_computer_game(
                    &request,
                    level,
                    Some(color.opponent()),
                    loaded.row.days_per_move,
                )
                .await;
        }
        let Some(opponent) = loaded.row.player(color.opponent()) else {
            return say("There is nobody to rematch in that game.");
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
            &Opponent::Player(PlayerRef::Id(opponent.0)),
            Some(color.opponent()),
            loaded.row.days_per_move,
            loaded.row.rated,
            Some(loaded.row.id),
        )
        .await
    }

    // ----- Settings ---------------------------------------------------------------------

    async fn settings(&self, r: &Request, change: Option<&Setting>) -> Res<Reply> {
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
                return Ok(Reply::private(format!(
                    "Your settings: language **{}**, pings **{}**. Change them with `settings language CODE` or `settings pings on|off`.",
                    player.language,
                    if player.ping { "on" } else { "off" }
                )));
            }
            Some(Setting::Language(code)) => {
                let base = code.split('-').next().unwrap_or(code);
                if !LANGUAGES.contains(&base) {
                    return say(format!(
                        "I can't answer in `{code}` yet; the languages I speak are: {}.",
                        LANGUAGES.join(", ")
                    ));
                }
                (base.to_string(), player.ping)
            }
            Some(Setting::Pings(on)) => (player.language.clone(), *on),
        };
        let p = self
            .store
            .set_player_settings(r.actor.id, &language, ping, now)
            .await?;
        Ok(Reply::private(format!(
            "Saved: language **{}**, pings **{}**.",
            p.language,
            if p.ping { "on" } else { "off" }
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
    async fn names(&self, row: &StoredGame) -> Result<[String; 2], StoreError> {
        let mut names = [String::new(), String::new()];
        for color in Color::ALL {
            names[color.index()] = match (row.player(color), row.computer_level) {
                (Some(p), _) => match self.store.player(p).await? {
                    Some(player) => player.name,
                    None => format!("player {}", p.0),
                },
                (None, Some(level)) => format!("Computer (level {level})"),
                (None, None) => "?".to_string(),
            };
        }
        Ok(names)
    }

    /// The name of a game's thread: "Game #3: alice vs bob" (White first).
    pub async fn thread_name(&self, game: GameId) -> Result<String, StoreError> {
        let Some(row) = self.store.game(game).await? else {
            return Err(StoreError::NotFound(format!("game {}", game.0)));
        };
        let names = self.names(&row).await?;
        Ok(format!("Game #{}: {} vs {}", game.0, names[0], names[1]))
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
        match self.load(row.id).await {
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
            notices.push(Notice {
                place: c.place,
                reply: Reply::text(format!(
                    "Challenge #{} from {} expired: nobody accepted it within a day.",
                    c.id.0,
                    mention(c.challenger)
                )),
            });
        }
        for row in self.store.computer_turns(SWEEP_BATCH).await? {
            let _lock = self.locks.get(row.id).lock_owned().await;
            let mut loaded = match self.load(row.id).await {
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
                "**{}** · the computer answered **{answer}**.\n{}",
                loaded.label(),
                self.turn_line(&loaded)
            );
            let mut reply = self
                .board_reply(&loaded, text.clone(), true)
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
            let last = if due.stage >= 2 {
                "Last reminder: "
            } else {
                ""
            };
            let mentions = match self.store.player(player).await? {
                Some(p) if !p.ping => Vec::new(),
                _ => vec![player],
            };
            notices.push(Notice {
                place: g.place,
                reply: Reply {
                    text: format!(
                        "{last}{}, it's your move in **game #{}** — the deadline is {deadline}. If it passes, you lose on time.",
                        mention(player),
                        g.id.0
                    ),
                    mentions,
                    ..Reply::default()
                },
            });
        }
        for row in self.store.claim_timeouts(now, SWEEP_BATCH).await? {
            let id = row.id;
            let loser = row.to_move;
            let loaded = match self.load(id).await {
                Ok(loaded) => loaded,
                Err(Refusal::Store(e)) => return Err(e),
                Err(Refusal::Say(_)) => continue,
            };
            let text = format!(
                "**Game #{}** · {} did not move in time.\n{}",
                id.0,
                side_label(&row, loser),
                self.turn_line(&loaded)
            );
            let reply = match self.board_reply(&loaded, text.clone(), true).await {
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
        Ok(notices)
    }
}

/// Holds a game's in-process lock while a command works on it.
struct LockGuard {
    _guard: tokio::sync::OwnedMutexGuard<()>,
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
fn describe_outcome(loaded: &Loaded, outcome: Outcome) -> String {
    let name = |c: Color| loaded.side(c);
    match (outcome.winner, outcome.termination) {
        (Some(w), Termination::Checkmate) => {
            format!("checkmate, {} wins ({})", name(w), outcome.result())
        }
        (Some(w), Termination::Throne) => format!(
            "{}'s king reached the throne, {} wins ({})",
            side_name(w),
            name(w),
            outcome.result()
        ),
        (Some(w), Termination::Resignation) => {
            format!("{} wins by resignation ({})", name(w), outcome.result())
        }
        (Some(w), Termination::Time) => format!("{} wins on time ({})", name(w), outcome.result()),
        (Some(w), t) => format!("{} wins by {t} ({})", name(w), outcome.result()),
        (None, Termination::Stalemate) => "stalemate, a draw (½–½)".into(),
        (None, Termination::Repetition) => "the same position three times, a draw (½–½)".into(),
        (None, Termination::Agreement) => "draw agreed (½–½)".into(),
        (None, Termination::Abort) => "aborted, no result".into(),
        (None, t) => format!("a draw by {t}"),
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

fn game_choice(g: &StoredGame, me: PlayerId) -> String {
    let color = g.color_of(me).unwrap_or(Color::White);
    format!("#{} vs {}", g.id.0, side_label(g, color.opponent()))
}

fn button(label: &str, action: ButtonAction, style: ButtonStyle) -> Button {
    Button {
        label: label.to_string(),
        action,
        style,
    }
}

/// The buttons under a game's board: while it is played, or a rematch once it is over.
fn game_buttons(loaded: &Loaded) -> Vec<Button> {
    let id = loaded.row.id;
    if loaded.game.outcome().is_some() {
        return vec![button(
            "Rematch",
            ButtonAction::Rematch(id),
            ButtonStyle::Primary,
        )];
    }
    let mut buttons = vec![button(
        "Legal moves",
        ButtonAction::LegalMoves(id),
        ButtonStyle::Secondary,
    )];
    // The computer never agrees to a draw, so it is not offered one.
    if loaded.row.computer_level.is_none() {
        buttons.push(button(
            "Offer draw",
            ButtonAction::OfferDraw(id),
            ButtonStyle::Secondary,
        ));
    }
    buttons.push(button(
        "Resign",
        ButtonAction::Resign(id),
        ButtonStyle::Danger,
    ));
    buttons
}

/// A fair-enough coin from a seed (splitmix64's finaliser).
fn coin(seed: u64) -> bool {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) & 1 == 0
}

/// The answer to `help` and `help COMMAND`.
fn help(topic: Option<&str>) -> Reply {
    if let Some(topic) = topic {
        return match help_entry(topic.trim_start_matches(['!', '/'])) {
            Some(e) => Reply::private(format!(
                "**{}** — {}\nUsage: `{}`\nExample: `{}`",
                e.name, e.summary, e.usage, e.example
            )),
            None => Reply::private(format!(
                "There is no command `{topic}`. Type `help` for the list."
            )),
        };
    }
    let mut text =
        String::from("**Rollerball** — correspondence games on a ring board. Commands:\n");
    for e in HELP {
        let _ = writeln!(text, "• `{}` — {}", e.usage, e.summary);
    }
    text.push_str(
        "`help COMMAND` tells more about one, with an example. `rules` explains the game.",
    );
    Reply::private(text)
}

/// The `rules` summary: the whole game in a few lines, beside the start position.
pub const RULES_SUMMARY: &str = "\
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
