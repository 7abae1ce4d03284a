//! The Discord bot end to end: the real serenity client, built by the bot's own start-up code,
//! talks to a fake Discord on 127.0.0.1 (REST and gateway) through `DISCORD_API_BASE`.

use crate::common;
use crate::fake_discord;

use std::sync::Arc;
use std::time::Duration;

use fake_discord::{APP_ID, FakeDiscord, GUILD, Recorded, check_payloads};
use rollerball::discord::deliver::RetryPolicy;
use rollerball::discord::{Bot, Config, Shards, ShutdownHandle};
use rollerball::game::{ManualClock, RateLimit, Service};
use rollerball::render::{DEFAULT_SIZE, Layout};
use rollerball::rules::{self, Color, Game as RulesGame};
use rollerball::store::{GameId, GameResult, GameStatus, Store};
use serde_json::{Value, json};
use tokio::task::JoinHandle;

pub(crate) const ALICE: u64 = 111_111_111_111_111_111;
pub(crate) const BOB: u64 = 222_222_222_222_222_222;
pub(crate) const CAROL: u64 = 333_333_333_333_333_333;
pub(crate) const CHANNEL: u64 = 500_000_000_000_000_001;
const DAY: Duration = Duration::from_secs(86_400);

/// A bot running against the fake.
pub(crate) struct Running {
    pub(crate) stop: ShutdownHandle,
    pub(crate) task: JoinHandle<Result<(), serenity::Error>>,
    pub(crate) store: Store,
}

impl Running {
    pub(crate) async fn shut_down(self, fake: &FakeDiscord) {
        self.stop.shutdown();
        tokio::time::timeout(fake_discord::WAIT, self.task)
            .await
            .expect("the bot stops")
            .expect("the bot's task")
            .expect("the bot stops cleanly");
        fake.wait_disconnected().await;
        self.store.close().await;
    }
}

pub(crate) fn config(fake: &FakeDiscord) -> Config {
    let base = fake.base_url();
    let mut config = Config::from_lookup(|name| match name {
        "DISCORD_TOKEN" => Some("fake-token".to_string()),
        "DISCORD_API_BASE" => Some(base.clone()),
        "DISCORD_GUILD_ID" => Some(GUILD.to_string()),
        _ => None,
    })
    .expect("config");
    config.sweep_every = Duration::from_millis(100);
    // Retries as in production, with waits short enough for tests.
    config.retry = RetryPolicy {
        base_delay: Duration::from_millis(5),
        max_delay: Duration::from_millis(40),
        ..RetryPolicy::default()
    };
    config
}

/// Starts the bot as `main` does, on the database at `url`, and waits until it has connected and
/// registered `/rb` in the test server.
pub(crate) async fn start(fake: &FakeDiscord, url: &str, clock: Arc<ManualClock>) -> Running {
    start_with(fake, url, clock, config(fake)).await
}

/// Starts the bot with `config`; these tests play quickly while the clock stands still, so the
/// per-player rate limit is off (its own test turns it on).
async fn start_with(
    fake: &FakeDiscord,
    url: &str,
    clock: Arc<ManualClock>,
    config: Config,
) -> Running {
    start_limited(fake, url, clock, config, None).await
}

pub(crate) async fn start_limited(
    fake: &FakeDiscord,
    url: &str,
    clock: Arc<ManualClock>,
    config: Config,
    limit: Option<RateLimit>,
) -> Running {
    let store = Store::connect(url).await.expect("database");
    let service = Service::new(store.clone(), clock).with_rate_limit(limit);
    start_service(fake, store, service, config).await
}

/// Starts the bot with `service` on `store`, as `main` does, and waits until it has connected
/// and registered `/rb` in the test server.
pub(crate) async fn start_service(
    fake: &FakeDiscord,
    store: Store,
    service: Service,
    config: Config,
) -> Running {
    let from = fake.mark();
    let bot = Bot::new(config, service).await.expect("bot");
    let gateway = bot.gateway_url().await;
    assert!(
        gateway.starts_with(&format!("ws://{}", fake.addr)),
        "the bot would connect to {gateway}"
    );
    let stop = bot.shutdown_handle();
    let task = tokio::spawn(bot.run());
    fake.wait_ready().await;
    let put = fake
        .wait_for(from, "command registration", |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
    assert_eq!(
        put.path,
        format!("/api/v10/applications/{APP_ID}/guilds/{GUILD}/commands")
    );
    assert_eq!(put.authorization.as_deref(), Some("Bot fake-token"));
    assert_eq!(put.json[0]["name"], "rb");
    // Installs and contexts apply to global commands only: a server's registration has none.
    for command in put.json.as_array().unwrap() {
        assert!(command.get("integration_types").is_none(), "{command}");
        assert!(command.get("contexts").is_none(), "{command}");
    }
    // Checked, as every request, against Discord's own schema of the registration.
    assert_eq!(put.status, 200, "{:#?}", fake.violations());
    assert_eq!(
        put.operation.as_deref(),
        Some("PUT /applications/{application_id}/guilds/{guild_id}/commands")
    );
    Running { stop, task, store }
}

/// What most tests start from: the fake Discord (its payloads checked as serenity reads them)
/// with Alice and Bob named, a fresh SQLite database, a clock that stands still until moved,
/// and the bot connected and registered.
pub(crate) struct Started {
    pub(crate) fake: FakeDiscord,
    /// Kept for the test's length: dropping it deletes the database.
    pub(crate) db: common::TestDb,
    pub(crate) clock: Arc<ManualClock>,
    pub(crate) bot: Running,
    pub(crate) store: Store,
}

impl Started {
    /// Starts the fake and the bot.
    pub(crate) async fn new() -> Started {
        let fake = FakeDiscord::start().await;
        check_payloads(&fake);
        fake.user(ALICE, "Alice");
        fake.user(BOB, "Bob");
        let db = common::sqlite_db();
        let clock = clock();
        let bot = start(&fake, &db.url, clock.clone()).await;
        let store = bot.store.clone();
        Started {
            fake,
            db,
            clock,
            bot,
            store,
        }
    }
}

pub(crate) fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new(common::T0))
}

/// The answer to interaction `id` (its callback).
pub(crate) async fn answer(fake: &FakeDiscord, from: usize, id: u64) -> Recorded {
    fake.wait_for(from, &format!("the answer to interaction {id}"), |r| {
        r.method == "POST"
            && r.path.starts_with(&format!("/api/v10/interactions/{id}/"))
            && r.status < 300
    })
    .await
}

/// The next message posted in `channel`.
pub(crate) async fn posted(fake: &FakeDiscord, from: usize, channel: u64, what: &str) -> Recorded {
    fake.wait_for(from, what, |r| {
        r.method == "POST"
            && r.path == format!("/api/v10/channels/{channel}/messages")
            && r.status < 300
    })
    .await
}

/// The single board PNG of a request, decoded: it must be the renderer's size, with the bars
/// that name the game above and below the board.
pub(crate) fn assert_board(r: &Recorded) {
    let pngs = r.pngs();
    assert_eq!(pngs.len(), 1, "one board in {} {}", r.path, r.json);
    let png = pngs[0];
    assert_eq!(png.content_type, "image/png");
    let decoder = png::Decoder::new(std::io::Cursor::new(&png.bytes[..]));
    let reader = decoder.read_info().expect("a PNG");
    let captioned = Layout::new(DEFAULT_SIZE, Color::White).captioned().height();
    assert_eq!(
        (reader.info().width, reader.info().height),
        (DEFAULT_SIZE, captioned)
    );
    let embed_image = r.data()["embeds"][0]["image"]["url"]
        .as_str()
        .unwrap_or_default();
    assert_eq!(embed_image, format!("attachment://{}", png.filename));
    assert_eq!(
        r.data()["attachments"][0]["filename"],
        png.filename.as_str()
    );
}

fn mentions(r: &Recorded) -> (Value, Vec<u64>) {
    let allowed = &r.data()["allowed_mentions"];
    let mut users: Vec<u64> = allowed["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().and_then(|s| s.parse().ok()))
        .collect();
    users.sort();
    (allowed["parse"].clone(), users)
}

pub(crate) fn user_option(name: &str, id: u64) -> Value {
    json!({"name": name, "type": 6, "value": id.to_string()})
}

pub(crate) fn string_option(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

pub(crate) fn int_option(name: &str, value: i64) -> Value {
    json!({"name": name, "type": 4, "value": value})
}

/// A legal move for the side to move in `mirror`, in SAN.
pub(crate) fn some_move(mirror: &RulesGame) -> String {
    rules::legal_sans(mirror.position())
        .into_iter()
        .map(|(_, san)| san)
        .next()
        .expect("a legal move")
}

async fn game(store: &Store, id: GameId) -> rollerball::store::Game {
    store
        .games()
        .game(id)
        .await
        .expect("store")
        .expect("the game")
}

/// Alice challenges Bob in the channel and Bob accepts by button: returns the game and its thread.
pub(crate) async fn new_game(fake: &FakeDiscord, store: &Store, days: i64) -> (GameId, u64) {
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        CHANNEL,
        "challenge",
        json!([
            user_option("opponent", BOB),
            string_option("colour", "white"),
            int_option("days", days)
        ]),
        &[BOB],
    );
    let challenge = answer(fake, from, id).await;
    assert!(!challenge.ephemeral());
    assert_eq!(challenge.json["type"], 4);
    assert!(
        challenge.content().contains(&format!("<@{BOB}>")),
        "{}",
        challenge.content()
    );
    assert_eq!(mentions(&challenge), (json!([]), vec![BOB]));
    let accept = challenge
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("rb:accept:"))
        .expect("an Accept button");
    assert!(
        challenge
            .buttons()
            .iter()
            .any(|b| b.starts_with("rb:decline:"))
    );

    let from = fake.mark();
    let pressed = fake.press(BOB, CHANNEL, &accept);
    let accepted = answer(fake, from, pressed).await;
    assert_board(&accepted);
    assert!(
        accepted.content().contains("begins"),
        "{}",
        accepted.content()
    );
    assert_eq!(
        mentions(&accepted),
        (json!([]), {
            let mut v = vec![ALICE, BOB];
            v.sort();
            v
        })
    );
    let thread = fake
        .wait_for(from, "a thread for the game", |r| {
            r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL}/threads")
        })
        .await;
    assert_eq!(thread.json["type"], 11);
    assert!(
        thread.json["name"]
            .as_str()
            .unwrap()
            .contains("Alice vs Bob"),
        "{}",
        thread.json
    );
    let thread = thread.created.expect("the thread's id");
    let welcome = posted(fake, from, thread, "the board in the game's thread").await;
    assert_board(&welcome);
    assert!(welcome.content().contains("home of"));
    let games = store.games().active_games_in(thread).await.expect("store");
    let row = games.last().expect("the game, found through its thread");
    assert_eq!(row.place.thread, Some(thread));
    (row.id, thread)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_through_serenity() {
    let fake = FakeDiscord::start().await;
    check_payloads(&fake);
    fake.user(ALICE, "Alice");
    fake.user(BOB, "Bob");
    fake.user(CAROL, "Carol");
    let db = common::sqlite_db();
    let clock = clock();
    let bot = start(&fake, &db.url, clock.clone()).await;
    let store = bot.store.clone();

    // A stranger cannot accept someone else's challenge.
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        CHANNEL,
        "challenge",
        json!([
            user_option("opponent", BOB),
            string_option("colour", "white")
        ]),
        &[BOB],
    );
    let challenge = answer(&fake, from, id).await;
    let accept = challenge.buttons()[0].clone();
    let from = fake.mark();
    let pressed = fake.press(CAROL, CHANNEL, &accept);
    let refused = answer(&fake, from, pressed).await;
    assert!(refused.ephemeral(), "{}", refused.json);
    assert!(
        store
            .games()
            .active_games_of(rollerball::store::PlayerId(ALICE))
            .await
            .unwrap()
            .is_empty()
    );
    // ... and Alice withdraws it.
    let from = fake.mark();
    let id = fake.slash(ALICE, CHANNEL, "cancel", json!([]), &[]);
    assert!(!answer(&fake, from, id).await.ephemeral());

    // Game 1: moves by slash command, by `!rb move`, by a bare message; then a draw.
    let (g1, thread) = new_game(&fake, &store, 3).await;
    let mut mirror = RulesGame::new();

    let from = fake.mark();
    let id = fake.autocomplete_move(ALICE, thread, "");
    let choices = answer(&fake, from, id).await;
    assert_eq!(choices.json["type"], 8);
    let offered: Vec<String> = choices.json["data"]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    let mut legal: Vec<String> = rules::legal_sans(mirror.position())
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    legal.truncate(25);
    assert_eq!(offered, legal);
    // Bob is not to move: nothing to complete for him.
    let from = fake.mark();
    let id = fake.autocomplete_move(BOB, thread, "");
    assert_eq!(
        answer(&fake, from, id).await.json["data"]["choices"],
        json!([])
    );

    let san = some_move(&mirror);
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        thread,
        "move",
        json!([string_option("move", &san)]),
        &[],
    );
    let moved = answer(&fake, from, id).await;
    assert_board(&moved);
    assert!(!moved.ephemeral());
    mirror.play_input(&san).unwrap();
    assert_eq!(game(&store, g1).await.fen, mirror.position().to_fen());
    assert_eq!(mentions(&moved).0, json!([]));

    // A non-player's move changes nothing and gets a private answer.
    let san = some_move(&mirror);
    let from = fake.mark();
    let id = fake.slash(
        CAROL,
        thread,
        "move",
        json!([string_option("move", &san)]),
        &[],
    );
    let refused = answer(&fake, from, id).await;
    assert!(refused.ephemeral(), "{}", refused.json);
    assert_eq!(game(&store, g1).await.ply, 1);

    let from = fake.mark();
    fake.say(BOB, thread, &format!("!rb move {san}"));
    let moved = posted(&fake, from, thread, "the board after Bob's `!rb move`").await;
    assert_board(&moved);
    mirror.play_input(&san).unwrap();
    assert_eq!(game(&store, g1).await.fen, mirror.position().to_fen());

    // Chat that is not a move stays chat; a stranger's bare move is ignored.
    let from = fake.mark();
    fake.say(ALICE, thread, "good luck!");
    fake.say(CAROL, thread, &some_move(&mirror));
    let san = some_move(&mirror);
    fake.say(ALICE, thread, &san);
    let moved = posted(&fake, from, thread, "the board after Alice's bare move").await;
    assert_board(&moved);
    mirror.play_input(&san).unwrap();
    assert_eq!(game(&store, g1).await.fen, mirror.position().to_fen());
    assert_eq!(
        fake.requests()
            .iter()
            .skip(from)
            .filter(|r| r.method == "POST" && r.path.contains("/messages"))
            .count(),
        1,
        "only the move is answered"
    );

    // Bob offers a draw by button; Alice accepts by button.
    let from = fake.mark();
    let pressed = fake.press(BOB, thread, &format!("rb:draw:{}", g1.0));
    let offer = answer(&fake, from, pressed).await;
    assert!(!offer.ephemeral(), "{}", offer.json);
    let accept = offer
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("rb:draw-accept:"))
        .expect("an accept-draw button");
    let from = fake.mark();
    let pressed = fake.press(ALICE, thread, &accept);
    let drawn = answer(&fake, from, pressed).await;
    assert!(!drawn.ephemeral());
    let row = game(&store, g1).await;
    assert_eq!(row.status, GameStatus::Finished);
    assert_eq!(row.result, Some(GameResult::Draw));

    // Game 2: a resignation, confirmed by a second button.
    let (g2, thread2) = new_game(&fake, &store, 3).await;
    assert_ne!(thread2, thread);
    let from = fake.mark();
    let pressed = fake.press(ALICE, thread2, &format!("rb:resign:{}", g2.0));
    let confirm = answer(&fake, from, pressed).await;
    assert!(confirm.ephemeral());
    assert_eq!(game(&store, g2).await.status, GameStatus::Active);
    let confirm = confirm
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("rb:resign-confirm:"))
        .expect("a confirmation button");
    // Carol cannot press it for Alice.
    let from = fake.mark();
    let pressed = fake.press(CAROL, thread2, &confirm);
    assert!(answer(&fake, from, pressed).await.ephemeral());
    assert_eq!(game(&store, g2).await.status, GameStatus::Active);
    let from = fake.mark();
    let pressed = fake.press(ALICE, thread2, &confirm);
    assert!(!answer(&fake, from, pressed).await.ephemeral());
    let row = game(&store, g2).await;
    assert_eq!(row.result, Some(GameResult::BlackWins));

    // Game 3: White never moves; the sweep posts the time-out in the thread, pinging. Before
    // both sides have moved, running out of time aborts the game, unrated.
    let (g3, thread3) = new_game(&fake, &store, 1).await;
    let from = fake.mark();
    clock.advance(2 * DAY);
    let notice = fake
        .wait_for(from, "the time-out notice", |r| {
            r.method == "POST"
                && r.path == format!("/api/v10/channels/{thread3}/messages")
                && r.content().contains("did not make a first move in time")
        })
        .await;
    assert_board(&notice);
    assert!(!mentions(&notice).1.is_empty());
    assert!(mentions(&notice).1.iter().all(|u| [ALICE, BOB].contains(u)));
    let row = game(&store, g3).await;
    assert_eq!(row.result, Some(GameResult::NoResult));
    assert!(!row.rated);

    // No message ever let anyone ping @everyone, @here or roles.
    for r in fake.requests() {
        if r.method != "GET" && r.data().get("content").is_some() {
            assert_eq!(
                r.data()["allowed_mentions"]["parse"],
                json!([]),
                "{} {}",
                r.path,
                r.json
            );
        }
    }
    bot.shut_down(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_from_before_a_restart_still_works() {
    // On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
    for db in common::test_dbs("discord_restart").await {
        let fake = FakeDiscord::start().await;
        fake.user(ALICE, "Alice");
        fake.user(BOB, "Bob");
        let clock = clock();
        let first = start(&fake, &db.url, clock.clone()).await;
        let (g, thread) = new_game(&fake, &first.store, 3).await;
        let welcome = fake
            .requests()
            .into_iter()
            .rev()
            .find(|r| r.path == format!("/api/v10/channels/{thread}/messages"))
            .expect("the board in the thread");
        let draw = welcome
            .buttons()
            .into_iter()
            .find(|b| b == &format!("rb:draw:{}", g.0))
            .expect("an Offer draw button under the board");
        first.shut_down(&fake).await;

        let second = start(&fake, &db.url, clock).await;
        assert_eq!(fake.identifies(), 2);
        let from = fake.mark();
        let pressed = fake.press(ALICE, thread, &draw);
        let offer = answer(&fake, from, pressed).await;
        assert!(!offer.ephemeral(), "{:?}: {}", db.backend, offer.json);
        assert!(game(&second.store, g).await.offer.is_some());
        // The thread recorded before the restart still finds the game for a bare move.
        let from = fake.mark();
        fake.say(ALICE, thread, "c2-b3");
        assert_board(&posted(&fake, from, thread, "the board after a bare move").await);
        assert_eq!(game(&second.store, g).await.ply, 1);
        second.shut_down(&fake).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_failures_lose_no_move() {
    let fake = FakeDiscord::start().await;
    fake.user(ALICE, "Alice");
    fake.user(BOB, "Bob");
    let db = common::sqlite_db();
    let clock = clock();
    let bot = start(&fake, &db.url, clock.clone()).await;
    let store = bot.store.clone();
    let (g, thread) = new_game(&fake, &store, 3).await;
    let mut mirror = RulesGame::new();

    // The answer with the board fails twice with a server error: the third try gets through,
    // board and all.
    fake.fail_next("POST", "/callback", true, 500, 0);
    fake.fail_next("POST", "/callback", true, 503, 0);
    let san = some_move(&mirror);
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        thread,
        "move",
        json!([string_option("move", &san)]),
        &[],
    );
    let retried = answer(&fake, from, id).await;
    assert_board(&retried);
    let tries: Vec<u16> = fake.requests()[from..]
        .iter()
        .filter(|r| r.path.contains(&format!("/interactions/{id}/")))
        .map(|r| r.status)
        .collect();
    assert_eq!(tries, [500, 503, 204]);
    mirror.play_input(&san).unwrap();
    assert_eq!(game(&store, g).await.fen, mirror.position().to_fen());

    // Posting the board in the thread is refused (no Attach Files permission).
    fake.fail_next(
        "POST",
        &format!("/channels/{thread}/messages"),
        true,
        403,
        50013,
    );
    let san = some_move(&mirror);
    let from = fake.mark();
    fake.say(BOB, thread, &format!("!rb move {san}"));
    let failed = fake
        .wait_for(from, "the refused upload", |r| {
            r.path.ends_with(&format!("{thread}/messages"))
        })
        .await;
    assert_eq!(failed.status, 403);
    let text = posted(&fake, from, thread, "the text-only answer").await;
    assert!(text.files.is_empty());
    // A refused permission is not retried: one refused upload, then the text.
    let to_thread = |r: &Recorded| r.path.ends_with(&format!("{thread}/messages"));
    assert_eq!(
        fake.requests()[from..]
            .iter()
            .filter(|r| to_thread(r))
            .count(),
        2
    );
    mirror.play_input(&san).unwrap();
    assert_eq!(game(&store, g).await.fen, mirror.position().to_fen());

    // Every answer fails, every retry too: the move still stands, and the bot keeps serving.
    let tries = RetryPolicy::default().attempts as usize;
    for _ in 0..2 * tries {
        fake.fail_next("POST", "/callback", false, 500, 0);
    }
    fake.fail_next("POST", "/webhooks/", false, 500, 0);
    let san = some_move(&mirror);
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        thread,
        "move",
        json!([string_option("move", &san)]),
        &[],
    );
    fake.wait_for(from, "the failed follow-up", |r| {
        r.path.contains("/webhooks/")
    })
    .await;
    let answers: Vec<(u16, usize)> = fake.requests()[from..]
        .iter()
        .filter(|r| r.path.contains(&format!("/interactions/{id}/")))
        .map(|r| (r.status, r.files.len()))
        .collect();
    // With the board as often as the policy allows, then the text alone as often.
    let mut expected = vec![(500, 1); tries];
    expected.extend(vec![(500, 0); tries]);
    assert_eq!(answers, expected);
    mirror.play_input(&san).unwrap();
    assert_eq!(game(&store, g).await.fen, mirror.position().to_fen());

    let san = some_move(&mirror);
    let from = fake.mark();
    let id = fake.slash(
        BOB,
        thread,
        "move",
        json!([string_option("move", &san)]),
        &[],
    );
    assert_board(&answer(&fake, from, id).await);
    mirror.play_input(&san).unwrap();
    assert_eq!(game(&store, g).await.fen, mirror.position().to_fen());

    // A move out of turn by `!rb move` is refused in place, quoting the message, and changes
    // nothing.
    let from = fake.mark();
    fake.say(BOB, thread, &format!("!rb move {}", some_move(&mirror)));
    let refused = posted(&fake, from, thread, "the refusal").await;
    assert!(
        refused.json["message_reference"].is_object(),
        "{}",
        refused.json
    );
    assert_eq!(refused.json["allowed_mentions"]["users"], json!([]));
    assert_eq!(game(&store, g).await.fen, mirror.position().to_fen());

    // No permission to create threads: the next game is played in the channel.
    fake.fail_next("POST", "/threads", false, 403, 50013);
    let from = fake.mark();
    let id = fake.slash(
        BOB,
        CHANNEL,
        "challenge",
        json!([user_option("opponent", ALICE)]),
        &[ALICE],
    );
    let accept = answer(&fake, from, id).await.buttons()[0].clone();
    let from = fake.mark();
    fake.press(ALICE, CHANNEL, &accept);
    let refused = fake
        .wait_for(from, "the refused thread", |r| r.path.ends_with("/threads"))
        .await;
    assert_eq!(refused.status, 403);
    let games = store.games().active_games_in(CHANNEL).await.unwrap();
    let g2 = games
        .iter()
        .find(|row| row.id != g)
        .expect("the second game");
    assert_eq!(g2.place.thread, None);
    let white = g2.white.expect("white").0;
    let from = fake.mark();
    // (Both play both games, so here the game is named.)
    fake.say(white, CHANNEL, &format!("!rb move #{} c2-b3", g2.id.0));
    assert_board(&posted(&fake, from, CHANNEL, "the move in the channel").await);
    assert_eq!(game(&store, g2.id).await.ply, 1);

    // The first game's thread was deleted: its time-out notice goes to the channel instead.
    // (Ten days on, its reminders' deadline has passed: the time-out alone is told.)
    fake.fail_next(
        "POST",
        &format!("/channels/{thread}/messages"),
        false,
        404,
        10003,
    );
    let from = fake.mark();
    clock.advance(10 * DAY);
    let gone = fake
        .wait_for(from, "the notice refused in the deleted thread", |r| {
            r.path.ends_with(&format!("{thread}/messages"))
        })
        .await;
    assert_eq!(gone.status, 404);
    let label = format!("**Game #{}**", g.0);
    let notice = fake
        .wait_for(from, "the notice in the channel", |r| {
            r.method == "POST"
                && r.path == format!("/api/v10/channels/{CHANNEL}/messages")
                && r.content().contains(&label)
        })
        .await;
    assert!(notice.content().contains("did not move in time"));
    assert_eq!(game(&store, g).await.status, GameStatus::Finished);
    bot.shut_down(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_large_uploads_and_missing_permissions() {
    let fake = FakeDiscord::start().await;
    fake.user(ALICE, "Alice");
    fake.user(BOB, "Bob");
    let db = common::sqlite_db();
    let bot = start(&fake, &db.url, clock()).await;
    let store = bot.store.clone();
    let (g, thread) = new_game(&fake, &store, 3).await;
    let mut mirror = RulesGame::new();
    let to_thread = move |r: &Recorded| {
        r.method == "POST" && r.path == format!("/api/v10/channels/{thread}/messages")
    };

    // Rate limited twice (429 with retry_after): the third try posts the board. All tries carry
    // one nonce that Discord enforces, so a try that did get through is not shown twice.
    fake.rate_limit_next("POST", &format!("/channels/{thread}/messages"), 0.01);
    fake.rate_limit_next("POST", &format!("/channels/{thread}/messages"), 0.01);
    let san = some_move(&mirror);
    let from = fake.mark();
    fake.say(ALICE, thread, &format!("!rb move {san}"));
    let board = posted(&fake, from, thread, "the board after two 429s").await;
    assert_board(&board);
    let tries: Vec<Recorded> = fake.requests()[from..]
        .iter()
        .filter(|r| to_thread(r))
        .cloned()
        .collect();
    assert_eq!(
        tries.iter().map(|r| r.status).collect::<Vec<_>>(),
        [429, 429, 200]
    );
    let nonce = tries[0].json["nonce"]
        .as_str()
        .expect("a nonce")
        .to_string();
    assert!(!nonce.is_empty());
    for r in &tries {
        assert_eq!(r.json["nonce"], nonce.as_str());
        assert_eq!(r.json["enforce_nonce"], true);
        assert_eq!(r.pngs().len(), 1);
    }
    mirror.play_input(&san).unwrap();
    assert_eq!(game(&store, g).await.fen, mirror.position().to_fen());

    // The upload is too large for Discord (413): not retried, the text goes alone.
    fake.fail_next(
        "POST",
        &format!("/channels/{thread}/messages"),
        true,
        413,
        40005,
    );
    let san = some_move(&mirror);
    let from = fake.mark();
    fake.say(BOB, thread, &format!("!rb move {san}"));
    let text = posted(&fake, from, thread, "the text without the board").await;
    assert!(text.files.is_empty());
    assert!(
        text.content().contains("could not attach"),
        "{}",
        text.content()
    );
    assert!(text.content().contains(&san), "{}", text.content());
    let tries: Vec<(u16, usize)> = fake.requests()[from..]
        .iter()
        .filter(|r| to_thread(r))
        .map(|r| (r.status, r.files.len()))
        .collect();
    assert_eq!(tries, [(413, 1), (200, 0)]);
    mirror.play_input(&san).unwrap();
    assert_eq!(game(&store, g).await.fen, mirror.position().to_fen());

    // A server error that outlasts every retry: the move stands all the same, and the event
    // log's poster, told that the answer never got out, announces it in the thread itself.
    let attempts = RetryPolicy::default().attempts as usize;
    for _ in 0..2 * attempts {
        fake.fail_next(
            "POST",
            &format!("/channels/{thread}/messages"),
            false,
            502,
            0,
        );
    }
    let san = some_move(&mirror);
    let from = fake.mark();
    fake.say(ALICE, thread, &format!("!rb move {san}"));
    fake.wait_for(from, "every try", |r| {
        to_thread(r) && r.status == 502 && r.files.is_empty()
    })
    .await;
    mirror.play_input(&san).unwrap();
    let row = game(&store, g).await;
    assert_eq!(row.fen, mirror.position().to_fen());
    assert_eq!(row.ply, 3);
    let announced = fake
        .wait_for(from, "the poster's announcement", |r| {
            to_thread(r) && r.status == 200
        })
        .await;
    assert_eq!(announced.pngs().len(), 1);
    assert!(
        announced
            .content()
            .contains(&format!("**Game #{}** · <@{ALICE}> played **{san}**.", g.0)),
        "{}",
        announced.content()
    );
    // Once: nothing more was tried after it.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let tries: Vec<(u16, usize)> = fake.requests()[from..]
        .iter()
        .filter(|r| to_thread(r))
        .map(|r| (r.status, r.files.len()))
        .collect();
    let mut expected = vec![(502, 1); attempts];
    expected.extend(vec![(502, 0); attempts]);
    expected.push((200, 1));
    assert_eq!(tries, expected);

    // `board` shows the move too.
    let from = fake.mark();
    let id = fake.slash(BOB, thread, "board", json!([]), &[]);
    let shown = answer(&fake, from, id).await;
    assert_board(&shown);
    assert_eq!(
        shown.data()["embeds"][0]["footer"]["text"],
        mirror.position().to_fen()
    );

    // A new game whose thread the bot may not post in (no Send Messages there): the player who
    // accepted is told so, privately, under their button press.
    let from = fake.mark();
    let id = fake.slash(
        BOB,
        CHANNEL,
        "challenge",
        json!([user_option("opponent", ALICE)]),
        &[ALICE],
    );
    let accept = answer(&fake, from, id).await.buttons()[0].clone();
    fake.fail_next("POST", "/messages", false, 403, 50013);
    fake.fail_next("POST", "/messages", false, 403, 50013);
    let from = fake.mark();
    fake.press(ALICE, CHANNEL, &accept);
    let note = fake
        .wait_for(from, "the note about the permission", |r| {
            r.method == "POST" && r.path.starts_with("/api/v10/webhooks/")
        })
        .await;
    assert_eq!(
        note.content(),
        "I can't post in this channel: I lack the permission to send messages or attach files here."
    );
    assert!(note.ephemeral());
    let refused: Vec<(u16, usize)> = fake.requests()[from..]
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/messages"))
        .map(|r| (r.status, r.files.len()))
        .collect();
    assert_eq!(refused, [(403, 1), (403, 0)], "a refusal is not retried");
    // The game itself stands, in its thread.
    let games = store.games().active_games_in(CHANNEL).await.unwrap();
    let second = games.iter().find(|row| row.id != g).expect("the new game");
    assert!(second.place.thread.is_some());
    bot.shut_down(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_then_edited_or_followed_up() {
    let fake = FakeDiscord::start().await;
    fake.user(ALICE, "Alice");
    fake.user(BOB, "Bob");
    let db = common::sqlite_db();
    let mut config = config(&fake);
    config.defer_after = Duration::ZERO;
    let bot = start_with(&fake, &db.url, clock(), config).await;
    let store = bot.store.clone();

    // A public answer: deferred, then the original response is edited with the board.
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        CHANNEL,
        "challenge",
        json!([
            user_option("opponent", BOB),
            string_option("colour", "white")
        ]),
        &[BOB],
    );
    let deferred = answer(&fake, from, id).await;
    assert_eq!(deferred.json["type"], 5);
    let token = format!("token-{id}");
    let edited = fake
        .wait_for(from, "the edited answer", |r| {
            r.method == "PATCH"
                && r.path == format!("/api/v10/webhooks/{APP_ID}/{token}/messages/@original")
        })
        .await;
    assert!(edited.content().contains("challenges"));
    let accept = edited.buttons()[0].clone();
    let from = fake.mark();
    let pressed = fake.press(BOB, CHANNEL, &accept);
    let token = format!("token-{pressed}");
    let edited = fake
        .wait_for(from, "the board in the edited answer", |r| {
            r.method == "PATCH" && r.path.contains(&token)
        })
        .await;
    assert_eq!(edited.pngs().len(), 1);
    assert!(edited.content().contains("begins"));
    let g = store
        .games()
        .active_games_of(rollerball::store::PlayerId(ALICE))
        .await
        .unwrap()[0]
        .id;

    // A private answer: the deferred public one is deleted, and an ephemeral follow-up sent.
    let from = fake.mark();
    let id = fake.slash(
        BOB,
        CHANNEL,
        "move",
        json!([string_option("move", "c2-b3")]),
        &[],
    );
    let token = format!("token-{id}");
    fake.wait_for(from, "the deleted placeholder", |r| {
        r.method == "DELETE" && r.path.contains(&token)
    })
    .await;
    let followup = fake
        .wait_for(from, "the private follow-up", |r| {
            r.method == "POST" && r.path == format!("/api/v10/webhooks/{APP_ID}/{token}")
        })
        .await;
    assert!(followup.ephemeral(), "{}", followup.json);
    assert_eq!(game(&store, g).await.ply, 0);

    // Shutdown waits for a command in progress: asked to stop right after the deferral, the
    // bot still finishes the move and delivers its board before it stops.
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        CHANNEL,
        "move",
        json!([string_option("move", "c2-b3")]),
        &[],
    );
    assert_eq!(answer(&fake, from, id).await.json["type"], 5);
    bot.shut_down(&fake).await;
    let token = format!("token-{id}");
    let edited = fake
        .requests()
        .into_iter()
        .skip(from)
        .find(|r| r.method == "PATCH" && r.path.contains(&token))
        .expect("the answer was delivered before the bot stopped");
    assert_eq!(edited.pngs().len(), 1);
    let store = Store::connect(&db.url).await.unwrap();
    assert_eq!(game(&store, g).await.ply, 1);
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_message_content_intent_slash_commands_still_work() {
    const MESSAGE_CONTENT: u64 = 1 << 15;
    let fake = FakeDiscord::start().await;
    fake.refuse_intents(MESSAGE_CONTENT);
    let db = common::sqlite_db();
    let bot = start(&fake, &db.url, clock()).await;
    let asked = fake.identified_intents();
    assert_eq!(asked.len(), 2, "{asked:?}");
    assert_ne!(asked[0] & MESSAGE_CONTENT, 0);
    assert_eq!(asked[1] & MESSAGE_CONTENT, 0);
    let from = fake.mark();
    let id = fake.slash_to(ALICE, CHANNEL, "rb-info", Some("help"), json!([]), &[]);
    assert!(
        answer(&fake, from, id)
            .await
            .content()
            .contains("challenge")
    );
    bot.shut_down(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_in_its_own_thread() {
    let fake = FakeDiscord::start().await;
    fake.user(ALICE, "Alice");
    let db = common::sqlite_db();
    let bot = start(&fake, &db.url, clock()).await;
    // Discord keeps the level's bounds in its clients only: a request with level 9 (a modified
    // client, a script) is refused, and no game is made whose computer could never move.
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        CHANNEL,
        "challenge",
        json!([int_option("computer", 9)]),
        &[],
    );
    let refused = answer(&fake, from, id).await;
    assert!(refused.ephemeral());
    assert_eq!(
        refused.content(),
        "The computer's level is a number from 1 (beginner) to 5 (strongest), not `9`."
    );
    assert!(
        bot.store
            .games()
            .active_games_in(CHANNEL)
            .await
            .unwrap()
            .is_empty()
    );
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        CHANNEL,
        "challenge",
        json!([int_option("computer", 1), string_option("colour", "white")]),
        &[],
    );
    let started = answer(&fake, from, id).await;
    assert_board(&started);
    let thread = fake
        .wait_for(from, "the game's thread", |r| r.path.ends_with("/threads"))
        .await;
    assert!(
        thread.json["name"]
            .as_str()
            .unwrap()
            .contains("Alice vs Computer (level 1)"),
        "{}",
        thread.json
    );
    let thread = thread.created.unwrap();
    posted(&fake, from, thread, "the board in the thread").await;
    let g = bot.store.games().active_games_in(thread).await.unwrap()[0].id;
    // A bare move in the thread; the computer answers in the same reply.
    let from = fake.mark();
    fake.say(ALICE, thread, "c2-b3");
    assert_board(&posted(&fake, from, thread, "the board after both moves").await);
    assert_eq!(game(&bot.store, g).await.ply, 2);
    bot.shut_down(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shard_settings_reach_the_gateway() {
    for shards in [
        Shards::Auto,
        Shards::Range {
            first: 0,
            last: 0,
            total: 1,
        },
    ] {
        let fake = FakeDiscord::start().await;
        let db = common::sqlite_db();
        let mut config = config(&fake);
        config.shards = shards;
        let bot = start_with(&fake, &db.url, clock(), config).await;
        assert_eq!(fake.identified_shards(), vec![json!([0, 1])], "{shards:?}");
        if shards == Shards::Auto {
            assert!(
                fake.requests()
                    .iter()
                    .any(|r| r.path == "/api/v10/gateway/bot")
            );
        }
        let from = fake.mark();
        let id = fake.slash_to(ALICE, CHANNEL, "rb-info", Some("rules"), json!([]), &[]);
        assert!(!answer(&fake, from, id).await.ephemeral());
        bot.shut_down(&fake).await;
    }
}

/// The `rollerball` binary itself: it starts the bot from the environment, serves, and stops
/// cleanly on SIGTERM and on SIGINT.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_runs_the_bot_and_stops_on_signals() {
    let fake = FakeDiscord::start().await;
    fake.user(ALICE, "Alice");
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("bot.db").display());
    for (run, signal) in ["TERM", "INT"].into_iter().enumerate() {
        let from = fake.mark();
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_rollerball"))
            .current_dir(dir.path())
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_API_BASE", fake.base_url())
            .env("DISCORD_GUILD_ID", GUILD.to_string())
            .env("DATABASE_URL", &db)
            .env("RUST_LOG", "rollerball=info")
            .env("NO_PROXY", "127.0.0.1,localhost")
            .env("no_proxy", "127.0.0.1,localhost")
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run rollerball");
        let mut child = KillOnDrop(Some(child));
        fake.wait_ready().await;
        assert_eq!(fake.identifies(), run + 1);
        fake.wait_for(from, "command registration", |r| r.method == "PUT")
            .await;
        let from = fake.mark();
        let id = fake.slash_to(ALICE, CHANNEL, "rb-info", Some("rules"), json!([]), &[]);
        assert!(!answer(&fake, from, id).await.ephemeral());

        let pid = child.0.as_ref().unwrap().id().to_string();
        let killed = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .expect("kill");
        assert!(killed.success());
        let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
        while child
            .0
            .as_mut()
            .unwrap()
            .try_wait()
            .expect("wait")
            .is_none()
        {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot did not exit on SIG{signal}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let out = child
            .0
            .take()
            .unwrap()
            .wait_with_output()
            .expect("its output");
        let log = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "SIG{signal}: {:?}\n{log}", out.status);
        assert!(log.contains("the bot has stopped"), "{log}");
        assert!(!log.contains("fake-token"), "the token was logged: {log}");
        fake.wait_disconnected().await;
    }
}

/// A child process that is killed if the test fails before it exits.
pub(crate) struct KillOnDrop(pub(crate) Option<std::process::Child>);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        if let Some(child) = &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// True for a name Discord accepts as a localised command or option name: lower case, 1 to 32
/// letters, digits, `-` or `_`.
fn valid_command_name(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name.to_lowercase() == name
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

/// Every name and description localisation under `node`, checked against Discord's rules.
fn check_localisations(node: &Value, names_checked: &mut usize) {
    for (key, check_name) in [
        ("name_localizations", true),
        ("description_localizations", false),
    ] {
        // `/rb` itself keeps its one name.
        if let Some(map) = node[key].as_object().filter(|m| !m.is_empty()) {
            let locales: Vec<&str> = map.keys().map(String::as_str).collect();
            assert_eq!(locales, ["es-419", "es-ES", "fr", "ru"], "{node}");
            for text in map.values() {
                let text = text.as_str().unwrap();
                if check_name && node.get("value").is_none() {
                    assert!(valid_command_name(text), "{text:?} in {node}");
                    *names_checked += 1;
                } else {
                    assert!((1..=100).contains(&text.chars().count()), "{text:?}");
                }
            }
        }
    }
    for key in ["options", "choices"] {
        for child in node[key].as_array().into_iter().flatten() {
            check_localisations(child, names_checked);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_and_the_answers_speak_the_players_languages() {
    let fake = FakeDiscord::start().await;
    let db = common::sqlite_db();
    let from = fake.mark();
    let bot = start(&fake, &db.url, clock()).await;
    let put = fake
        .requests()
        .into_iter()
        .skip(from)
        .find(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .expect("the registration");
    let rb = &put.json[0];
    assert_eq!(rb["description"], "Play correspondence Rollerball");
    assert_eq!(
        rb["description_localizations"],
        json!({
            "fr": "Jouez au Rollerball par correspondance",
            "es-ES": "Juega al Rollerball por correspondencia",
            "es-419": "Juega al Rollerball por correspondencia",
            "ru": "Играть в Rollerball по переписке",
        })
    );
    let sub = |name: &str| {
        rb["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no subcommand {name}"))
            .clone()
    };
    // Discord still sends the English names; players see their own.
    let play = sub("move");
    assert_eq!(
        play["name_localizations"],
        json!({"fr": "jouer", "es-ES": "jugar", "es-419": "jugar", "ru": "ход"})
    );
    assert_eq!(
        play["description"],
        "Play a move, in algebraic (Rb7, cxb2, e6=R) or from-to form (c2-b3)."
    );
    assert_eq!(
        play["description_localizations"]["fr"],
        "Jouez un coup en notation algébrique (Rb7, cxb2, e6=R) ou de case à case (c2-b3)."
    );
    assert_eq!(
        play["description_localizations"]["ru"],
        "Сделать ход в алгебраической нотации (Rb7, cxb2, e6=R) или указав поля «откуда-куда» (c2-b3)."
    );
    assert_eq!(play["options"][0]["name"], "move");
    assert_eq!(
        play["options"][0]["name_localizations"],
        json!({"fr": "coup", "es-ES": "jugada", "es-419": "jugada", "ru": "ход"})
    );
    assert_eq!(
        play["options"][0]["description_localizations"]["es-ES"],
        "Tu jugada, por ejemplo Rb7, cxb2 o c2-b3"
    );
    let draw = sub("draw");
    assert_eq!(
        draw["options"][0]["choices"][0],
        json!({"name": "accept", "value": "accept", "name_localizations":
            {"fr": "accepter", "es-ES": "aceptar", "es-419": "aceptar", "ru": "принять"}})
    );
    let challenge = sub("challenge");
    assert_eq!(
        challenge["options"][3]["description_localizations"]["fr"],
        "Jours par coup, de 1 à 14 (3 par défaut)"
    );
    let mut names = 0;
    // The chat commands (a user command's name may hold spaces and capitals).
    for command in put
        .json
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["type"] != 2)
    {
        check_localisations(command, &mut names);
    }
    assert!(names > 100, "{names} localised names checked");
    // The commands beside `/rb` are named in every language too.
    let forecast = &put.json[2];
    assert_eq!(forecast["name"], "rb-forecast");
    assert_eq!(
        forecast["name_localizations"],
        json!({"fr": "rb-coups-conditionnels", "es-ES": "rb-jugadas-condicionales",
               "es-419": "rb-jugadas-condicionales", "ru": "rb-условные-ходы"})
    );

    // A slash command from a Spanish client is answered in Spanish.
    fake.set_locale("es-ES");
    let from = fake.mark();
    let id = fake.slash(CAROL, CHANNEL, "games", json!([]), &[]);
    assert_eq!(
        answer(&fake, from, id).await.content(),
        "No tienes ninguna partida en curso. Empieza una con `challenge @jugador`."
    );
    // A bad filled-in command too: the front end's own refusals are translated.
    let from = fake.mark();
    let id = fake.slash(
        CAROL,
        CHANNEL,
        "moves",
        json!([string_option("square", "z9")]),
        &[],
    );
    assert_eq!(
        answer(&fake, from, id).await.content(),
        "`z9` no es una casilla; las casillas se escriben como `e1`."
    );

    // The server says its preferred locale when the bot joins: a prefix command, which carries
    // no client locale, is answered in it.
    fake.guild_create("fr");
    let mut waited = Duration::ZERO;
    while bot
        .store
        .players()
        .server_locale(GUILD)
        .await
        .unwrap()
        .as_deref()
        != Some("fr")
    {
        assert!(waited < fake_discord::WAIT, "GUILD_CREATE was not recorded");
        tokio::time::sleep(Duration::from_millis(20)).await;
        waited += Duration::from_millis(20);
    }
    let from = fake.mark();
    fake.say(CAROL, CHANNEL, "!rb games");
    assert_eq!(
        posted(&fake, from, CHANNEL, "the answer to `!rb games`")
            .await
            .content(),
        "Vous n'avez aucune partie en cours. Lancez-en une avec `challenge @joueur`."
    );
    bot.shut_down(&fake).await;
}

/// Without a test server the commands are registered globally, the registration that user
/// installs and contexts apply to: Discord's schema accepts it too, integration types and
/// contexts included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_global_registration_is_what_discord_accepts() {
    let fake = FakeDiscord::start().await;
    let db = common::sqlite_db();
    let mut config = config(&fake);
    config.guild_id = None;
    let store = Store::connect(&db.url).await.expect("database");
    let service = Service::new(store.clone(), clock());
    let bot = Bot::new(config, service).await.expect("bot");
    let stop = bot.shutdown_handle();
    let task = tokio::spawn(bot.run());
    fake.wait_ready().await;
    let put = fake
        .wait_for(0, "the global registration", |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
    assert_eq!(put.path, format!("/api/v10/applications/{APP_ID}/commands"));
    assert_eq!(
        put.operation.as_deref(),
        Some("PUT /applications/{application_id}/commands")
    );
    assert_eq!(put.status, 200, "{:#?}", fake.violations());
    assert_eq!(put.json[0]["name"], "rb");
    // Both commands, for both installs (a server's, a user's: 0, 1) and in every context —
    // servers, the bot's DMs and private channels (0, 1, 2) — so that a player who added the
    // app to their account can play in their DMs and group DMs.
    let commands = put.json.as_array().unwrap();
    let names: Vec<&str> = commands
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "rb",
            "rb-tournament",
            "rb-forecast",
            "rb-vacation",
            "rb-settings",
            "rb-analysis",
            "rb-info",
            "Challenge to Rollerball"
        ]
    );
    assert_eq!(commands[7]["type"], 2, "the user command");
    for command in commands {
        assert_eq!(command["integration_types"], json!([0, 1]), "{command}");
        assert_eq!(command["contexts"], json!([0, 1, 2]), "{command}");
        // Discord's rule: `dm_permission` is the old way of saying the same, not to be mixed.
        assert!(command.get("dm_permission").is_none(), "{command}");
    }
    Running { stop, task, store }.shut_down(&fake).await;
}

/// The fake refuses what Discord would, as Discord does: a body its schema rejects is answered
/// 400 "Invalid Form Body" with the place of each problem, which serenity reads as Discord's own
/// error; the refusal is kept, and a test that leaves one behind fails.
#[tokio::test]
async fn the_fake_refuses_what_discord_would() {
    use serenity::all::{ChannelId, HttpError};
    let fake = FakeDiscord::start().await;
    let http = serenity::http::HttpBuilder::new("fake-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let channel = ChannelId::new(CHANNEL);
    // Valid: passes through.
    http.send_message(channel, vec![], &json!({"content": "hello"}))
        .await
        .expect("a valid message");
    assert!(fake.violations().is_empty());
    // An embed title over Discord's 256 characters and a button of no known style.
    let bad = json!({
        "content": "board",
        "embeds": [{"title": "t".repeat(257)}],
        "components": [{"type": 1, "components": [
            {"type": 2, "style": 9, "label": "x", "custom_id": "rb:x"}]}],
    });
    let error = http
        .send_message(channel, vec![], &bad)
        .await
        .expect_err("Discord refuses it");
    let serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) = error else {
        panic!("not Discord's refusal: {error:?}");
    };
    assert_eq!(response.status_code.as_u16(), 400);
    assert_eq!(response.error.code, 50035);
    assert_eq!(response.error.message, "Invalid Form Body");
    let mut paths: Vec<&str> = response
        .error
        .errors
        .iter()
        .map(|e| e.path.as_str())
        .collect();
    paths.sort();
    assert_eq!(paths, ["components.0.components.0.style", "embeds.0.title"]);
    // The refusal is kept, with where and why.
    let kept = fake.violations();
    assert_eq!(kept.len(), 1);
    let text = kept[0].to_string();
    assert!(
        text.contains("- /embeds/0/title: length must be <=256, but got 257"),
        "{text}"
    );
    assert!(
        text.contains("POST /channels/{channel_id}/messages"),
        "{text}"
    );
    // A test that leaves it behind fails when its fake goes.
    let verdict = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(fake.clone())));
    assert!(verdict.is_ok(), "a clone going is not the end of the test");
    let verdict = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(fake)));
    let message = verdict.expect_err("the test fails");
    let message = message
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert!(message.contains("Discord would refuse"), "{message}");
    assert!(message.contains("/embeds/0/title"), "{message}");
}

/// A serenity client of the fake alone, without the bot.
fn fake_client(fake: &FakeDiscord) -> serenity::http::Http {
    serenity::http::HttpBuilder::new("fake-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build()
}

/// The fake de-duplicates messages by nonce as Discord does: a message posted again in its
/// channel with the same `nonce` and `enforce_nonce` (as JSON or multipart) is answered with the
/// first, and nothing is created; the request is kept, marked.
#[tokio::test]
async fn the_fake_posts_a_message_once_per_nonce() {
    use serenity::all::{ChannelId, CreateAttachment};
    let fake = FakeDiscord::start().await;
    let http = fake_client(&fake);
    let (channel, other) = (ChannelId::new(CHANNEL), ChannelId::new(CHANNEL + 1));
    let board = json!({"content": "board", "nonce": "n1", "enforce_nonce": true});
    let first = http.send_message(channel, vec![], &board).await.unwrap();
    let again = http.send_message(channel, vec![], &board).await.unwrap();
    assert_eq!(again.id, first.id);
    assert_eq!(fake.posts_in_channel(CHANNEL).len(), 1);
    let tried = fake.requests();
    assert_eq!(tried.len(), 2, "both tries are kept");
    assert!(!tried[0].duplicate && tried[0].created == Some(first.id.get()));
    assert!(tried[1].duplicate && tried[1].created.is_none() && tried[1].status == 200);
    // Without `enforce_nonce`, or in another channel, the nonce does not hold a message back.
    let unenforced = json!({"content": "board", "nonce": "n1"});
    let second = http
        .send_message(channel, vec![], &unenforced)
        .await
        .unwrap();
    let elsewhere = http.send_message(other, vec![], &board).await.unwrap();
    assert!(second.id != first.id && elsewhere.id != first.id);
    assert_eq!(fake.posts_in_channel(CHANNEL).len(), 2);
    assert_eq!(fake.posts_in_channel(CHANNEL + 1).len(), 1);
    // Multipart, with the nonce in `payload_json`: the answer is the first message, files and all.
    let png = || CreateAttachment::bytes(vec![1, 2, 3], "board.png");
    let upload = json!({"content": "board", "nonce": 42, "enforce_nonce": true});
    let first = http
        .send_message(channel, vec![png()], &upload)
        .await
        .unwrap();
    let again = http
        .send_message(channel, vec![png()], &upload)
        .await
        .unwrap();
    assert_eq!(again.id, first.id);
    assert_eq!(again.attachments.len(), 1);
    assert_eq!(fake.posts_in_channel(CHANNEL).len(), 3);
    let last = fake.requests().pop().unwrap();
    assert!(last.duplicate && last.pngs().len() == 1);
}

/// A request the fake holds is never answered: with `create` it took effect (the message is
/// there, and a retry by its nonce finds it); without, it did nothing. Either way the next one
/// is answered.
#[tokio::test]
async fn the_fake_holds_a_request_unanswered() {
    use serenity::all::ChannelId;
    let fake = FakeDiscord::start().await;
    let channel = ChannelId::new(CHANNEL);
    let board = json!({"content": "board", "nonce": "n1", "enforce_nonce": true});
    let post = |body: Value| {
        let http = fake_client(&fake);
        tokio::spawn(async move { http.send_message(channel, vec![], &body).await })
    };
    let path = format!("/channels/{CHANNEL}/messages");
    let silent = Duration::from_millis(300);

    // Created, then silence: the client waits on, until it is killed.
    fake.hold_next("POST", &path, true);
    let client = post(board.clone());
    let held = fake.wait_held().await;
    let created = held.created.expect("the held message was created");
    assert_eq!(fake.posts_in_channel(CHANNEL).len(), 1);
    tokio::time::sleep(silent).await;
    assert!(!client.is_finished(), "the fake answered a held request");
    client.abort();
    // The retry after the restart is answered (the hold was once), with the held message.
    let retried = post(board.clone()).await.unwrap().unwrap();
    assert_eq!(retried.id.get(), created);
    assert_eq!(fake.posts_in_channel(CHANNEL).len(), 1);

    // Lost before it took effect: nothing created, nothing recorded.
    let from = fake.mark();
    fake.hold_next("POST", &path, false);
    let body = json!({"content": "lost", "nonce": "n2", "enforce_nonce": true});
    let client = post(body.clone());
    let held = fake.wait_held().await;
    assert_eq!(
        (held.status, held.created, held.content()),
        (0, None, "lost".into())
    );
    tokio::time::sleep(silent).await;
    assert!(!client.is_finished(), "the fake answered a held request");
    assert_eq!(
        fake.mark(),
        from,
        "a request without effect is not recorded"
    );
    client.abort();
    let retried = post(body).await.unwrap().unwrap();
    assert_eq!(retried.content, "lost");
    assert_eq!(fake.posts_in_channel(CHANNEL).len(), 2);
}

/// What the bot sent may ping nobody: no `@everyone`, `@here` or roles, and no user.
fn pings_nobody(r: &Recorded) {
    assert_eq!(mentions(r), (json!([]), vec![]), "{} {}", r.path, r.json);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_messages_ping_nobody_and_change_nothing() {
    let fake = FakeDiscord::start().await;
    check_payloads(&fake);
    fake.user(ALICE, "Alice");
    fake.user(BOB, "Bob");
    fake.user(CAROL, "Carol");
    let db = common::sqlite_db();
    let bot = start(&fake, &db.url, clock()).await;
    let store = bot.store.clone();
    let (g, thread) = new_game(&fake, &store, 3).await;
    let before = game(&store, g).await;

    // `@everyone` as a move, typed after the prefix: refused in place, pinging nobody.
    let from = fake.mark();
    fake.say(ALICE, thread, "!rb move @everyone");
    let refused = posted(&fake, from, thread, "the refusal of `@everyone`").await;
    assert_eq!(
        refused.content(),
        "I can't read `@everyone` as a move. Write a move like `Rb7`, `cxb2`, `e6=R` (algebraic), or `c2-b3`, `c2b3`, `d7-e6=R` (from and to squares)."
    );
    pings_nobody(&refused);

    // ... and as a slash command's move: privately.
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        thread,
        "move",
        json!([string_option("move", "<@&999> @here")]),
        &[],
    );
    let refused = answer(&fake, from, id).await;
    assert!(refused.ephemeral(), "{}", refused.json);
    assert_eq!(
        refused.content(),
        "I can't read `<@&999> @here` as a move. Write a move like `Rb7`, `cxb2`, `e6=R` (algebraic), or `c2-b3`, `c2b3`, `d7-e6=R` (from and to squares)."
    );
    pings_nobody(&refused);

    // Challenges to everyone, to a role, and with a right-to-left override.
    for (said, answered) in [
        (
            "!rb challenge @everyone",
            "I never ping `@everyone`: a challenge is for one player (mention them), or leave the name out for an open challenge anyone here can accept.",
        ),
        (
            "!rb challenge <@&999>",
            "`<@&999>` is a role, and a challenge is for one player: mention them, or leave the name out for an open challenge anyone here can accept.",
        ),
        (
            "!rb challenge \u{202e}<@111111111111111111>",
            "That message contains an invisible text-direction character (U+202E), which makes text read differently from how it looks. Type the command again without it.",
        ),
    ] {
        let from = fake.mark();
        fake.say(CAROL, CHANNEL, said);
        let refused = posted(&fake, from, CHANNEL, said).await;
        assert_eq!(refused.content(), answered, "{said}");
        pings_nobody(&refused);
    }
    assert!(
        store
            .challenges()
            .open_challenges_by(rollerball::store::PlayerId(CAROL))
            .await
            .unwrap()
            .is_empty()
    );

    // A 4,000-character message.
    let from = fake.mark();
    fake.say(ALICE, thread, &format!("!rb {}", "b3".repeat(1998)));
    let refused = posted(&fake, from, thread, "the refusal of a long message").await;
    assert_eq!(
        refused.content(),
        "That message is too long (3996 characters); commands are short, such as `move Rb7`."
    );
    pings_nobody(&refused);

    // A stranger pressing the game's Resign confirmation, and a forged button id.
    let not_playing = format!(
        "You are not playing in game #{0}; only its two players can do that. You can still look at it with `game #{0}`.",
        g.0
    );
    for (custom_id, answered) in [
        (format!("rb:resign-confirm:{}", g.0), not_playing.as_str()),
        (
            format!("rb:resign-confirm:+{}", g.0),
            "That button is not one of mine, or it is too old to use.",
        ),
    ] {
        let from = fake.mark();
        let pressed = fake.press(CAROL, thread, &custom_id);
        let refused = answer(&fake, from, pressed).await;
        assert!(refused.ephemeral(), "{}", refused.json);
        assert_eq!(refused.content(), answered, "{custom_id}");
        pings_nobody(&refused);
    }

    assert_eq!(game(&store, g).await, before, "the game changed");
    bot.shut_down(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_commands_is_slowed_politely() {
    use rollerball::game::rate::{BURST, REFILL_EVERY, slow_down};
    let slow = slow_down(rollerball::game::Lang::En);
    let fake = FakeDiscord::start().await;
    check_payloads(&fake);
    fake.user(ALICE, "Alice");
    fake.user(BOB, "Bob");
    let db = common::sqlite_db();
    let clock = clock();
    let bot = start_limited(
        &fake,
        &db.url,
        clock.clone(),
        config(&fake),
        Some(RateLimit::default()),
    )
    .await;
    let help = |who: u64| fake.slash_to(who, CHANNEL, "rb-info", Some("help"), json!([]), &[]);
    for i in 0..BURST {
        let from = fake.mark();
        let id = help(ALICE);
        let reply = answer(&fake, from, id).await;
        assert!(
            reply.content().starts_with("**Rollerball**"),
            "{i}: {}",
            reply.content()
        );
    }
    // Over the limit, every interaction is still answered, privately.
    for _ in 0..2 {
        let from = fake.mark();
        let id = help(ALICE);
        let reply = answer(&fake, from, id).await;
        assert!(reply.ephemeral());
        assert_eq!(reply.content(), slow);
        pings_nobody(&reply);
    }
    // Bob is not slowed by Alice; Alice is let through again after a refill.
    let from = fake.mark();
    let id = help(BOB);
    assert!(
        answer(&fake, from, id)
            .await
            .content()
            .starts_with("**Rollerball**")
    );
    clock.advance(REFILL_EVERY);
    let from = fake.mark();
    let id = help(ALICE);
    assert!(
        answer(&fake, from, id)
            .await
            .content()
            .starts_with("**Rollerball**")
    );
    bot.shut_down(&fake).await;
}
