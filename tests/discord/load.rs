//! A load through the real serenity client: 50 games played at once against the fake Discord
//! (REST and gateway on 127.0.0.1), each challenged and accepted by slash command and button and
//! then played by `/rb move` in its own thread. Every move must be answered with its board and be
//! in the database; the run prints moves per second and the latency of each move, from the
//! interaction's dispatch on the gateway to the bot's answer arriving at the fake
//! (`cargo test --release --test discord load:: -- --nocapture` for the figures of BENCHMARKS.md).

use crate::common;
use crate::fake_discord;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fake_discord::{APP_ID, FakeDiscord, GUILD, Recorded, WAIT};
use rollerball::discord::{Bot, Config};
use rollerball::game::{Service, SystemClock};
use rollerball::rules::{self, Game as RulesGame};
use rollerball::store::{GameId, Store};
use serde_json::json;
use tokio::sync::{Barrier, Notify};

/// Games played at once.
const GAMES: u64 = 50;
/// Moves played in each.
const MOVES: usize = 4;
const PLAYERS: u64 = 400_000_000_000_000_000;
const CHANNELS: u64 = 600_000_000_000_000_000;

/// The bot's final answers, by interaction id, and the threads it opened, by parent channel,
/// each with the time it arrived at the fake.
#[derive(Default)]
struct Answers {
    answers: Mutex<HashMap<u64, (Recorded, Instant)>>,
    threads: Mutex<HashMap<u64, u64>>,
    /// Channels the bot posted a message in.
    posted_in: Mutex<std::collections::HashSet<u64>>,
    deferred: Mutex<u64>,
    arrived: Notify,
}

impl Answers {
    /// Routes every request the bot makes, as it arrives.
    fn listen(fake: &FakeDiscord) -> Arc<Answers> {
        let answers = Arc::new(Answers::default());
        let mut requests = fake.subscribe();
        let routed = answers.clone();
        tokio::spawn(async move {
            while let Some(r) = requests.recv().await {
                let at = Instant::now();
                routed.route(r, at);
                routed.arrived.notify_waiters();
            }
        });
        answers
    }

    fn route(&self, r: Recorded, at: Instant) {
        let parts: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
        match (r.method.as_str(), parts.as_slice()) {
            ("POST", ["interactions", id, _, "callback"]) => {
                let id: u64 = id.parse().expect("an interaction id");
                if r.json["type"] == 5 {
                    *self.deferred.lock().unwrap() += 1;
                } else {
                    self.answers.lock().unwrap().insert(id, (r, at));
                }
            }
            // The edit of a deferred answer: the token names the interaction.
            ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
                let id: u64 = token
                    .trim_start_matches("token-")
                    .parse()
                    .expect("a fake token");
                self.answers.lock().unwrap().insert(id, (r, at));
            }
            ("POST", ["channels", channel, "messages"]) => {
                let channel: u64 = channel.parse().expect("a channel id");
                self.posted_in.lock().unwrap().insert(channel);
            }
            ("POST", ["channels", parent, "threads"]) => {
                let parent: u64 = parent.parse().expect("a channel id");
                let thread = r.created.expect("the thread's id");
                self.threads.lock().unwrap().insert(parent, thread);
            }
            _ => {}
        }
    }

    /// Waits for `find` to find something.
    async fn wait<T>(&self, what: &str, find: impl Fn(&Answers) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let arrived = self.arrived.notified();
            tokio::pin!(arrived);
            arrived.as_mut().enable();
            if let Some(found) = find(self) {
                return found;
            }
            if tokio::time::timeout_at(deadline, arrived).await.is_err() {
                panic!("timed out waiting for {what}");
            }
        }
    }

    /// The bot's answer to interaction `id`, and when it arrived.
    async fn answer(&self, id: u64) -> (Recorded, Instant) {
        self.wait(&format!("the answer to interaction {id}"), |a| {
            a.answers.lock().unwrap().remove(&id)
        })
        .await
    }

    /// The thread the bot opened in `channel`, once it has posted the board there (by then
    /// the game knows its thread).
    async fn thread(&self, channel: u64) -> u64 {
        self.wait(&format!("a thread in channel {channel}"), |a| {
            let thread = a.threads.lock().unwrap().get(&channel).copied()?;
            a.posted_in
                .lock()
                .unwrap()
                .contains(&thread)
                .then_some(thread)
        })
        .await
    }
}

fn config(fake: &FakeDiscord) -> Config {
    let base = fake.base_url();
    Config::from_lookup(|name| match name {
        "DISCORD_TOKEN" => Some("fake-token".to_string()),
        "DISCORD_API_BASE" => Some(base.clone()),
        "DISCORD_GUILD_ID" => Some(GUILD.to_string()),
        _ => None,
    })
    .expect("config")
}

/// Plays game `g`: challenge, accept, then `MOVES` moves by `/rb move` in its thread. Returns
/// the game, its mirror and each move's latency.
async fn play_one(
    fake: FakeDiscord,
    answers: Arc<Answers>,
    store: Store,
    all_set_up: Arc<Barrier>,
    g: u64,
) -> (GameId, RulesGame, Vec<Duration>, Instant, Instant) {
    let (white, black, channel) = (PLAYERS + 2 * g, PLAYERS + 2 * g + 1, CHANNELS + g);
    let id = fake.slash(
        white,
        channel,
        "challenge",
        json!([
            {"name": "opponent", "type": 6, "value": black.to_string()},
            {"name": "colour", "type": 3, "value": "white"}
        ]),
        &[black],
    );
    let (challenge, _) = answers.answer(id).await;
    let accept = challenge
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("rb:accept:"))
        .unwrap_or_else(|| panic!("an Accept button: {}", challenge.json));
    let pressed = fake.press(black, channel, &accept);
    let (accepted, _) = answers.answer(pressed).await;
    assert!(accepted.content().contains("begins"), "{}", accepted.json);
    let thread = answers.thread(channel).await;
    let game = store.games().active_games_in(thread).await.expect("store")[0].id;

    // The moves of all games start together.
    all_set_up.wait().await;
    let first_sent = Instant::now();
    let mut last_answered = first_sent;
    let mut mirror = RulesGame::new();
    let mut latencies = Vec::new();
    for ply in 0..MOVES {
        let legal = rules::legal_sans(mirror.position());
        let san = legal[(g as usize * 7 + ply * 3) % legal.len()].1.clone();
        let mover = if ply % 2 == 0 { white } else { black };
        let sent = Instant::now();
        let id = fake.slash(
            mover,
            thread,
            "move",
            json!([{"name": "move", "type": 3, "value": san}]),
            &[],
        );
        let (moved, at) = answers.answer(id).await;
        latencies.push(at - sent);
        last_answered = at;
        assert!(!moved.ephemeral(), "{}", moved.json);
        assert_eq!(moved.pngs().len(), 1, "the board with the move");
        assert!(moved.content().contains(&san), "{}", moved.content());
        mirror.play_input(&san).expect("legal");
    }
    (game, mirror, latencies, first_sent, last_answered)
}

/// The latency below which a share `q` (0 to 1) of the `sorted` ones lie: a few hundred moves
/// need no histogram.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_games_at_once_through_serenity() {
    let fake = FakeDiscord::start().await;
    let answers = Answers::listen(&fake);
    let db = common::sqlite_db();
    let store = Store::connect(&db.url).await.expect("database");
    let service = Service::new(store.clone(), Arc::new(SystemClock));
    let bot = Bot::new(config(&fake), service).await.expect("bot");
    let stop = bot.shutdown_handle();
    let running = tokio::spawn(bot.run());
    fake.wait_ready().await;
    fake.wait_for(0, "command registration", |r| {
        r.method == "PUT"
            && r.path == format!("/api/v10/applications/{APP_ID}/guilds/{GUILD}/commands")
    })
    .await;

    let all_set_up = Arc::new(Barrier::new(GAMES as usize));
    let mut games = tokio::task::JoinSet::new();
    for g in 0..GAMES {
        let (fake, answers, store) = (fake.clone(), answers.clone(), store.clone());
        games.spawn(play_one(fake, answers, store, all_set_up.clone(), g));
    }
    let mut latency = Vec::new();
    let mut played = Vec::new();
    let (mut first, mut last): (Option<Instant>, Option<Instant>) = (None, None);
    while let Some(done) = games.join_next().await {
        let (game, mirror, latencies, sent, answered) = done.expect("a game's task");
        latency.extend(latencies);
        first = Some(first.map_or(sent, |f| f.min(sent)));
        last = Some(last.map_or(answered, |l| l.max(answered)));
        played.push((game, mirror));
    }
    let elapsed = last.expect("moves") - first.expect("moves");

    assert_eq!(played.len(), GAMES as usize);
    for (game, mirror) in &played {
        let row = store
            .games()
            .game(*game)
            .await
            .expect("store")
            .expect("the game");
        assert_eq!(row.ply as usize, MOVES);
        assert_eq!(row.fen, mirror.position().to_fen());
    }
    latency.sort();
    let moves = latency.len() as u64;
    assert_eq!(moves, GAMES * MOVES as u64);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{GAMES} games at once through serenity and the fake Discord: {moves} moves in {:.2} s ({:.0} moves/s); latency per move median {:.1} ms, p99 {:.1} ms, max {:.1} ms; {} answers deferred",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        ms(quantile(&latency, 0.5)),
        ms(quantile(&latency, 0.99)),
        ms(quantile(&latency, 1.0)),
        answers.deferred.lock().unwrap()
    );

    stop.shutdown();
    tokio::time::timeout(WAIT, running)
        .await
        .expect("the bot stops")
        .expect("the bot's task")
        .expect("the bot stops cleanly");
    store.close().await;
}
