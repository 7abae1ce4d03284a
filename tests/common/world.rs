//! The one harness of the service-level tests: a game service on a test database, with a clock
//! that moves only when told and the rate limit off unless a test turns it on, writing its
//! replies in Discord's markup (mentions `<@id>`, times `<t:…:R>`) as the bot does.

use std::sync::Arc;
use std::time::Duration;

use rollerball::discord::DiscordMarkup;
use rollerball::game::{
    Actor, Admission, DirectMessage, EventReader, Input, ManualClock, Notice, RateLimit,
    RefusalReason, Reply, Request, Service,
};
use rollerball::store::{ChallengeId, Game, GameId, Place, PlayerId, Reach, Store, StoredMove};

use super::{T0, TestDb, test_dbs};

/// The server channel the tests play in.
pub const PLACE: Place = Place {
    server: Some(5),
    channel: 50,
    thread: None,
    reach: Reach::Posts,
};

/// A service, its store and its clock, on one test database.
pub struct World {
    /// The service under test.
    pub service: Arc<Service>,
    /// The same store the service works on, for looking at what it wrote.
    pub store: Store,
    /// The service's clock.
    pub clock: Arc<ManualClock>,
    /// The database, removed when the world is dropped.
    pub db: TestDb,
    /// The turn notices' consumer of the event log, as the bot runs it.
    turn_notices: tokio::sync::Mutex<EventReader>,
}

impl World {
    /// A world without a rate limit.
    pub async fn new(db: TestDb) -> World {
        World::limited(db, None).await
    }

    /// A world with the rate limit `limit`.
    pub async fn limited(db: TestDb, limit: Option<RateLimit>) -> World {
        let store = db.store().await;
        let clock = Arc::new(ManualClock::new(T0));
        let service = World::service_on(store.clone(), clock.clone()).with_rate_limit(limit);
        World::of(db, store, clock, service).await
    }

    /// A world of `service`, which works on `store` with `clock`.
    pub async fn of(db: TestDb, store: Store, clock: Arc<ManualClock>, service: Service) -> World {
        let turn_notices = service
            .feed()
            .open_turn_notice_reader("test dm", None)
            .await
            .expect("the turn notices' reader");
        World {
            service: Arc::new(service),
            store,
            clock,
            db,
            turn_notices: tokio::sync::Mutex::new(turn_notices),
        }
    }

    /// A service as the worlds make them, on another store (a second process, say).
    pub fn service_on(store: Store, clock: Arc<ManualClock>) -> Service {
        Service::new(store, clock)
            .with_rate_limit(None)
            .with_markup(Arc::new(DiscordMarkup))
    }

    /// One world for each test database (SQLite, and PostgreSQL when configured).
    pub async fn each(name: &str) -> Vec<World> {
        let mut out = Vec::new();
        for db in test_dbs(name).await {
            out.push(World::new(db).await);
        }
        out
    }

    /// The direct messages telling players it is their move that the event log owes since the
    /// last call, in order, as the bot's consumer sends them.
    pub async fn turn_notices(&self) -> Vec<DirectMessage> {
        let mut reader = self.turn_notices.lock().await;
        let mut sent = Vec::new();
        loop {
            let notices = self
                .service
                .feed()
                .next_turn_notices(&mut reader)
                .await
                .unwrap();
            if notices.is_empty() {
                return sent;
            }
            for notice in notices {
                self.service
                    .feed()
                    .event_reader_done(&mut reader, &[notice.event])
                    .await
                    .unwrap();
                sent.push(notice.message);
            }
        }
    }

    /// Moves the clock on.
    pub fn advance(&self, by: Duration) {
        self.clock.advance(by);
    }

    /// What the service answers `request`.
    pub async fn handle(&self, request: Request) -> Option<Reply> {
        self.service.handle(request).await
    }

    /// What the service answers a request that must be answered.
    pub async fn answer(&self, request: Request) -> Reply {
        self.handle(request).await.expect("an answer")
    }

    /// `who` types `text` to the bot in the tests' channel.
    pub async fn say(&self, who: &Actor, text: &str) -> Reply {
        self.say_in(who, PLACE, text).await
    }

    /// `who` types `text` to the bot in `place`.
    pub async fn say_in(&self, who: &Actor, place: Place, text: &str) -> Reply {
        self.answer(Request::line(who.clone(), place, text)).await
    }

    /// `who`, whose client speaks `locale`, types `text` in the tests' channel.
    pub async fn say_as(&self, who: &Actor, locale: &str, text: &str) -> Reply {
        let request = Request::line(who.clone(), PLACE, text).in_locale(Some(locale.into()));
        self.answer(request).await
    }

    /// `who` sends `text` after the bot's prefix in a chat message naming `mentioned`: counted
    /// quietly, as the bot counts chat.
    pub async fn message(&self, who: &Actor, text: &str, mentioned: Vec<Actor>) -> Option<Reply> {
        let request = Request::line(who.clone(), PLACE, text)
            .admitted(Admission::Quiet)
            .mentioning(mentioned);
        self.handle(request).await
    }

    /// `who` says `text` in the channel without addressing the bot.
    pub async fn chat(&self, who: &Actor, text: &str) -> Option<Reply> {
        self.chat_in(who, PLACE, text).await
    }

    /// `who` says `text` in `place` without addressing the bot.
    pub async fn chat_in(&self, who: &Actor, place: Place, text: &str) -> Option<Reply> {
        self.handle(Request::chat(who.clone(), place, text)).await
    }

    /// `who` presses the button `custom_id` in the tests' channel.
    pub async fn press(&self, who: &Actor, custom_id: &str) -> Reply {
        self.press_in(who, PLACE, custom_id).await
    }

    /// `who` presses the button `custom_id` in `place`.
    pub async fn press_in(&self, who: &Actor, place: Place, custom_id: &str) -> Reply {
        self.answer(Request::button(who.clone(), place, custom_id))
            .await
    }

    /// `who` gives a command a front end read itself (a slash command).
    pub async fn command(&self, who: &Actor, command: rollerball::game::Command) -> Reply {
        self.answer(Request::new(who.clone(), PLACE, Input::Command(command)))
            .await
    }

    /// Says something that must be accepted (a public reply).
    pub async fn ok(&self, who: &Actor, text: &str) -> Reply {
        let reply = self.say(who, text).await;
        assert!(
            !reply.private,
            "{:?}: `{text}` by {} was refused: {}",
            self.db.backend, who.name, reply.text
        );
        reply
    }

    /// Says something in `place` that must be refused privately, pinging nobody and changing
    /// nothing. Returns the refusal.
    pub async fn refused_in(&self, who: &Actor, place: Place, text: &str) -> String {
        let before = self.snapshot().await;
        let reply = self.say_in(who, place, text).await;
        self.check_refusal(&before, &reply, text).await
    }

    /// Says something in the tests' channel that must be refused (see [`World::refused_in`]).
    pub async fn refused(&self, who: &Actor, text: &str) -> String {
        self.refused_in(who, PLACE, text).await
    }

    /// Says something in the tests' channel that must be refused (see [`World::refused_in`]);
    /// returns why, as the metrics count it, and the id of the message that says it.
    pub async fn refusal(&self, who: &Actor, text: &str) -> (RefusalReason, &'static str) {
        let before = self.snapshot().await;
        let reply = self.say(who, text).await;
        self.check_refusal(&before, &reply, text).await;
        let refused = reply.refused.expect("checked a refusal");
        (refused.reason, refused.message)
    }

    /// Presses a button that must be refused (see [`World::refused_in`]).
    pub async fn press_refused(&self, who: &Actor, custom_id: &str) -> String {
        let before = self.snapshot().await;
        let reply = self.press(who, custom_id).await;
        self.check_refusal(&before, &reply, custom_id).await
    }

    /// Checks that `reply` to `said` is a private refusal that pings nobody, has no files or
    /// buttons, and that the database is as `before`.
    pub async fn check_refusal(&self, before: &str, reply: &Reply, said: &str) -> String {
        assert!(reply.private, "`{said}` was not refused: {}", reply.text);
        assert!(
            reply.refused.is_some(),
            "`{said}` was answered privately but not as a refusal: {}",
            reply.text
        );
        assert!(
            reply.mentions.is_empty(),
            "`{said}` pings {:?}",
            reply.mentions
        );
        assert!(
            reply.image.is_none() && reply.files.is_empty() && reply.buttons.is_empty(),
            "`{said}`: {reply:?}"
        );
        assert_eq!(self.snapshot().await, before, "`{said}` changed something");
        reply.text.clone()
    }

    /// Everything the database holds about games, moves, challenges and the four players.
    pub async fn snapshot(&self) -> String {
        let mut out = String::new();
        for id in 1.. {
            match self
                .store
                .games()
                .game_with_moves(GameId(id))
                .await
                .unwrap()
            {
                Some(g) => out.push_str(&format!("{g:?}\n")),
                None => break,
            }
        }
        for id in 1.. {
            match self
                .store
                .challenges()
                .challenge(ChallengeId(id))
                .await
                .unwrap()
            {
                Some(c) => out.push_str(&format!("{c:?}\n")),
                None => break,
            }
        }
        for p in [101, 102, 103, 104] {
            let player = self.store.players().player(PlayerId(p)).await.unwrap();
            out.push_str(&format!("{player:?}\n"));
        }
        out
    }

    /// `white` challenges `black` (with `terms`) and `black` accepts: the new game.
    pub async fn start(&self, white: &Actor, black: &Actor, terms: &str) -> GameId {
        self.ok(white, &format!("challenge <@{}> white {terms}", black.id.0))
            .await;
        self.ok(black, "accept")
            .await
            .new_game
            .expect("a game starts")
    }

    /// Plays moves in turn in game `id`, White first; returns the last reply.
    pub async fn play(&self, id: GameId, white: &Actor, black: &Actor, moves: &str) -> Reply {
        let mut last = Reply::default();
        for (i, san) in moves.split_whitespace().enumerate() {
            let who = if i % 2 == 0 { white } else { black };
            last = self.ok(who, &format!("move #{} {san}", id.0)).await;
        }
        last
    }

    /// Game `id` as stored.
    pub async fn game(&self, id: GameId) -> Game {
        self.store
            .games()
            .game(id)
            .await
            .unwrap()
            .expect("the game")
    }

    /// Game `id`'s stored moves.
    pub async fn moves(&self, id: GameId) -> Vec<StoredMove> {
        self.store.games().moves(id).await.unwrap()
    }

    /// Runs the deadline sweep.
    pub async fn sweep(&self) -> Vec<Notice> {
        self.service.sweeper().sweep().await
    }
}

/// What `service` answers `who` typing `text` in the tests' channel: for tests with several
/// services on one database (several processes).
pub async fn say_to(service: &Service, who: &Actor, text: &str) -> Reply {
    service
        .handle(Request::line(who.clone(), PLACE, text))
        .await
        .expect("an answer")
}
