//! Running the bot as a service: its metrics and health endpoint, with the real serenity client
//! against the fake Discord, and its shards.

use crate::bot::{
    ALICE, BOB, answer, clock, config, int_option, new_game, some_move, string_option,
};
use crate::common;
use crate::fake_discord::{self, FakeDiscord, GUILD, Recorded};
use crate::relay::Relay;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use rollerball::discord::{Bot, Config, Shards};
use rollerball::game::{ManualClock, Service};
use rollerball::metrics::{self, Metrics};
use rollerball::rules::Game as RulesGame;
use rollerball::store::Store;
use rollerball::web::{self, Limits, Listener};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `GET path` on the metrics endpoint: the status and the body.
pub(crate) async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream
        .write_all(
            format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await
        .expect("send");
    let mut response = String::new();
    stream
        .read_to_string(&mut response)
        .await
        .expect("an answer");
    let (head, body) = response.split_once("\r\n\r\n").expect("a head");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, body.to_string())
}

/// Asserts that the scrape holds every line of `lines`, exactly.
pub(crate) fn assert_lines(scrape: &str, lines: &[String]) {
    let missing: Vec<&String> = lines
        .iter()
        .filter(|l| !scrape.lines().any(|s| s == l.as_str()))
        .collect();
    assert!(missing.is_empty(), "missing {missing:#?} in\n{scrape}");
}

/// A bot with its metrics on and served on a free port, as `rollerball bot` runs it with
/// `METRICS_ADDR` set.
struct Monitored {
    stop: rollerball::discord::ShutdownHandle,
    task: tokio::task::JoinHandle<Result<(), serenity::Error>>,
    server: tokio::task::JoinHandle<()>,
    addr: SocketAddr,
    store: Store,
}

async fn start_monitored(
    fake: &FakeDiscord,
    url: &str,
    clock: Arc<ManualClock>,
    mut config: Config,
) -> Monitored {
    let store = Store::connect(url).await.expect("database");
    let metrics = Arc::new(Metrics::new());
    config.retry.metrics = Some(Arc::clone(&metrics));
    let listener = Listener::bind("127.0.0.1:0".parse().unwrap())
        .await
        .expect("bind");
    let addr = listener.local_addr().unwrap();
    let app = web::app([metrics::routes(Arc::clone(&metrics), store.clone())]);
    let server = tokio::spawn(listener.serve(app));
    // Before the gateway: not healthy yet, and it says why.
    assert_eq!(
        get(addr, "/healthz").await,
        (503, "the gateway is not started yet\n".to_string())
    );
    let service = Service::new(store.clone(), clock)
        .with_rate_limit(None)
        .with_observer(metrics);
    let from = fake.mark();
    let bot = Bot::new(config, service).await.expect("bot");
    let stop = bot.shutdown_handle();
    let task = tokio::spawn(bot.run());
    fake.wait_ready().await;
    fake.wait_for(from, "command registration", |r| r.method == "PUT")
        .await;
    Monitored {
        stop,
        task,
        server,
        addr,
        store,
    }
}

impl Monitored {
    async fn shut_down(self, fake: &FakeDiscord) {
        self.stop.shutdown();
        tokio::time::timeout(fake_discord::WAIT, self.task)
            .await
            .expect("the bot stops")
            .expect("the bot's task")
            .expect("the bot stops cleanly");
        fake.wait_disconnected().await;
        self.server.abort();
        self.store.close().await;
    }
}

/// Waits until `/healthz` answers `status`; returns its body.
async fn health_becomes(addr: SocketAddr, status: u16) -> String {
    let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
    loop {
        let (got, body) = get(addr, "/healthz").await;
        if got == status {
            return body;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "/healthz still answers {got} {body}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A move by `user` in `thread` through `/rb move`: the answer.
async fn slash_move(fake: &FakeDiscord, user: u64, thread: u64, san: &str) -> Recorded {
    let from = fake.mark();
    let id = fake.slash(
        user,
        thread,
        "move",
        json!([string_option("move", san)]),
        &[],
    );
    answer(fake, from, id).await
}

/// Known actions, and the exact lines they leave in `/metrics`; `/healthz` follows the database
/// (cut through the relay) and answers 200 again once it is back. On PostgreSQL when
/// `TEST_DATABASE_URL` is set (the database is cut), on SQLite otherwise (it is not).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_what_the_bot_does_and_health_follows_the_database() {
    let fake = FakeDiscord::start().await;
    fake.user(ALICE, "Alice");
    fake.user(BOB, "Bob");
    let sqlite = common::sqlite_db();
    let postgres = common::postgres_db("metrics_health").await;
    let relay = match &postgres {
        Some(db) => {
            let (host, port) = crate::relay::host_port(&db.url);
            let upstream = tokio::net::lookup_host((host.as_str(), port))
                .await
                .unwrap()
                .next()
                .unwrap();
            Some(Relay::start(upstream).await)
        }
        None => {
            eprintln!("TEST_DATABASE_URL is not set: the database is not cut in this run");
            None
        }
    };
    let url = match (&postgres, &relay) {
        (Some(db), Some(relay)) => relay.url_through(&db.url),
        _ => sqlite.url.clone(),
    };
    let bot = start_monitored(&fake, &url, clock(), config(&fake)).await;
    assert_eq!(health_becomes(bot.addr, 200).await, "ok\n");

    // A challenge, accepted: one game. Its first answer is rate limited once, then retried.
    fake.rate_limit_next("POST", "/callback", 0.01);
    let (game, thread) = new_game(&fake, &bot.store, 3).await;
    let mut mirror = RulesGame::new();
    let san = some_move(&mirror);
    mirror.play_input(&san).expect("legal");
    let played = slash_move(&fake, ALICE, thread, &san).await;
    assert!(played.content().contains(&san), "{}", played.content());
    // Refusals: Alice again (not her move), Bob's impossible move, an unknown game.
    let again = slash_move(&fake, ALICE, thread, &some_move(&mirror)).await;
    assert!(again.ephemeral(), "{}", again.content());
    let illegal = slash_move(&fake, BOB, thread, "Ka1").await;
    assert!(illegal.ephemeral(), "{}", illegal.content());
    let from = fake.mark();
    let id = fake.slash(BOB, thread, "board", json!([int_option("game", 999)]), &[]);
    answer(&fake, from, id).await;
    // Bob aborts (he has not moved yet): the game ends, by abort. The answer fails once (500).
    fake.fail_next("POST", "/callback", false, 500, 0);
    let from = fake.mark();
    let id = fake.slash(BOB, thread, "abort", json!([]), &[]);
    let aborted = answer(&fake, from, id).await;
    assert!(
        aborted.content().contains(&format!("#{}", game.0)),
        "{}",
        aborted.content()
    );

    let (status, scrape) = get(bot.addr, "/metrics").await;
    assert_eq!(status, 200);
    // Every request the bot made to Discord (but serenity's own for the gateway's address):
    // all went through but the two failed tries, which the fake lists too.
    let requests = fake
        .requests()
        .iter()
        .filter(|r| r.path != "/api/v10/gateway" && r.path != "/api/v10/gateway/bot")
        .count();
    assert_lines(
        &scrape,
        &[
            "rollerball_challenges_total 1".into(),
            "rollerball_games_started_total 1".into(),
            "rollerball_moves_total 1".into(),
            "rollerball_games_ended_total{way=\"abort\"} 1".into(),
            "rollerball_games_ended_total{way=\"checkmate\"} 0".into(),
            "rollerball_games_in_progress 0".into(),
            "rollerball_commands_total{kind=\"challenge\",outcome=\"done\"} 1".into(),
            "rollerball_commands_total{kind=\"accept\",outcome=\"done\"} 1".into(),
            "rollerball_commands_total{kind=\"move\",outcome=\"done\"} 1".into(),
            "rollerball_commands_total{kind=\"move\",outcome=\"refused\"} 2".into(),
            "rollerball_commands_total{kind=\"board\",outcome=\"refused\"} 1".into(),
            "rollerball_commands_total{kind=\"abort\",outcome=\"done\"} 1".into(),
            "rollerball_refusals_total{reason=\"not_your_move\"} 1".into(),
            "rollerball_refusals_total{reason=\"illegal_move\"} 1".into(),
            "rollerball_refusals_total{reason=\"not_allowed\"} 1".into(),
            "rollerball_refusals_total{reason=\"rate_limited\"} 0".into(),
            "rollerball_move_seconds_count 1".into(),
            format!(
                "rollerball_discord_requests_total{{result=\"ok\"}} {}",
                requests - 2
            ),
            "rollerball_discord_requests_total{result=\"rate_limited\"} 1".into(),
            "rollerball_discord_requests_total{result=\"retried\"} 1".into(),
            "rollerball_discord_requests_total{result=\"failed\"} 0".into(),
            "rollerball_database_errors_total 0".into(),
            "rollerball_gateway_shards 1".into(),
            "rollerball_gateway_shards_connected 1".into(),
        ],
    );
    assert!(scrape.contains("# TYPE rollerball_move_seconds histogram"));

    if let Some(relay) = &relay {
        relay.cut();
        assert_eq!(
            health_becomes(bot.addr, 503).await,
            "database unavailable\n"
        );
        // A command meanwhile fails (and says so); the failure is counted.
        let from = fake.mark();
        let id = fake.slash(ALICE, thread, "games", json!([]), &[]);
        answer(&fake, from, id).await;
        relay.restore();
        assert_eq!(health_becomes(bot.addr, 200).await, "ok\n");
        let (_, scrape) = get(bot.addr, "/metrics").await;
        assert_lines(
            &scrape,
            &["rollerball_commands_total{kind=\"games\",outcome=\"failed\"} 1".into()],
        );
        assert!(
            !scrape
                .lines()
                .any(|l| l == "rollerball_database_errors_total 0"),
            "{scrape}"
        );
    }
    assert_eq!(get(bot.addr, "/nowhere").await.0, 404);
    bot.shut_down(&fake).await;
}

/// `SHARDS=auto`: the bot asks `GET /gateway/bot` and runs as many shards as it recommends, each
/// identified as Discord expects; each server's events reach it through its own shard.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn auto_sharding_runs_the_recommended_shards() {
    let fake = FakeDiscord::start().await;
    fake.recommend_shards(2);
    let db = common::sqlite_db();
    let mut config = config(&fake);
    config.shards = Shards::Auto;
    let bot = start_monitored(&fake, &db.url, clock(), config).await;
    fake.wait_shards(&[(0, 2), (1, 2)]).await;
    assert_eq!(health_becomes(bot.addr, 200).await, "ok\n");
    let (_, scrape) = get(bot.addr, "/metrics").await;
    assert_lines(
        &scrape,
        &[
            "rollerball_gateway_shards 2".into(),
            "rollerball_gateway_shards_connected 2".into(),
        ],
    );
    let mut shards = fake.identified_shards();
    shards.sort_by_key(|s| s.to_string());
    assert_eq!(shards, vec![json!([0, 2]), json!([1, 2])]);
    for guild in [GUILD, fake_discord::shards::GUILD_SHARD_0_OF_2] {
        let fake = fake.in_guild(guild);
        let from = fake.mark();
        let id = fake.slash_to(
            ALICE,
            500_000_000_000_000_077,
            "rb-info",
            Some("rules"),
            json!([]),
            &[],
        );
        assert!(!answer(&fake, from, id).await.ephemeral());
    }
    bot.shut_down(&fake).await;
}

/// The bot's start-up log names its database and its API base without their credentials,
/// whatever `RUST_LOG` lets through (the PostgreSQL driver's note on a parameter it ignores
/// repeats the value: it stays quiet).
#[tokio::test]
async fn the_start_up_log_shows_no_credentials() {
    let sqlite = common::sqlite_db();
    let postgres = common::postgres_db("startup_log").await;
    let (url, shown) = match &postgres {
        // The driver ignores `sslpassword`; the store warns of it by name.
        Some(db) => (
            format!("{}&sslpassword=k3y", db.url),
            format!("{}&sslpassword=***", db.url),
        ),
        None => (sqlite.url.clone(), sqlite.url.clone()),
    };
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rollerball"))
        .env("DISCORD_TOKEN", "t0ken")
        // Nothing listens there: the bot logs its start, then cannot reach Discord.
        .env(
            "DISCORD_API_BASE",
            "http://proxy:s3cret@127.0.0.1:1?token=zq9tok",
        )
        .env("DATABASE_URL", &url)
        .env("RUST_LOG", "trace")
        .env_remove("METRICS_ADDR")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run rollerball");
    let stderr = child.stderr.take().expect("stderr");
    // The log up to the start line (or the end, if the bot stops first).
    let read = tokio::task::spawn_blocking(move || {
        use std::io::BufRead;
        let mut log = String::new();
        for line in std::io::BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            log.push_str(&line);
            log.push('\n');
            if line.contains("starting the bot") {
                break;
            }
        }
        log
    });
    let log = tokio::time::timeout(fake_discord::WAIT, read)
        .await
        .expect("the start-up log")
        .expect("reading the log");
    let _ = child.kill();
    let _ = child.wait();
    let start = log
        .lines()
        .find(|l| l.contains("starting the bot"))
        .unwrap_or_else(|| panic!("no start line in\n{log}"));
    assert!(start.contains(&format!("database={shown}")), "{start}");
    assert!(
        start.contains("api_base: Some(\"http://proxy:***@127.0.0.1:1?token=***\")"),
        "{start}"
    );
    for secret in ["k3y", "s3cret", "zq9tok", "t0ken"] {
        assert!(!log.contains(secret), "{secret} in\n{log}");
    }
    if postgres.is_some() {
        assert!(
            log.contains("parameter=sslpassword"),
            "the store names the ignored parameter:\n{log}"
        );
    }
}

/// Serves the metrics routes on a free port with `limits`: the address, the count of open
/// connections, and the server's task.
async fn serve_metrics(
    store: &Store,
    limits: Limits,
) -> (
    SocketAddr,
    web::OpenConnections,
    tokio::task::JoinHandle<()>,
) {
    let listener = Listener::bind_with("127.0.0.1:0".parse().unwrap(), limits)
        .await
        .expect("bind");
    let addr = listener.local_addr().unwrap();
    let open = listener.open_connections();
    let app = web::app([metrics::routes(Arc::new(Metrics::new()), store.clone())]);
    (addr, open, tokio::spawn(listener.serve(app)))
}

/// Waits until `done()` holds, for at most the fake Discord's patience.
async fn eventually(what: &str, done: impl Fn() -> bool) {
    let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
    while !done() {
        assert!(tokio::time::Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Hundreds of idle connections (some with half a request head, as a slow client sends) never
/// hold more than the listener's bound of file descriptors, and a scrape still gets its answer
/// at once: the connection idle the longest makes room for each new one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_are_bounded_and_never_starve_a_scrape() {
    const BOUND: usize = 16;
    const IDLE: usize = 300;
    let db = common::sqlite_db();
    let store = Store::connect(&db.url).await.expect("database");
    let limits = Limits {
        connections: BOUND,
        // Longer than the test: what closes the idle connections here is the bound alone.
        header_time: Duration::from_secs(600),
        ..Limits::default()
    };
    let (addr, open, server) = serve_metrics(&store, limits).await;
    let closed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut most = 0;
    let mut readers = Vec::new();
    for i in 0..IDLE {
        let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        if i % 10 == 0 {
            stream
                .write_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\n")
                .await
                .expect("half a head");
        }
        let closed = Arc::clone(&closed);
        // Each idle client waits for the server to close its connection.
        readers.push(tokio::spawn(async move {
            let mut buf = [0u8; 64];
            if matches!(stream.read(&mut buf).await, Ok(0) | Err(_)) {
                closed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
        }));
        most = most.max(open.count());
    }
    let (status, scrape) = get(addr, "/metrics").await;
    assert_eq!(status, 200);
    assert_lines(&scrape, &["rollerball_moves_total 0".into()]);
    assert_eq!(
        get(addr, "/healthz").await.0,
        503,
        "no gateway in this test"
    );
    most = most.max(open.count());
    assert!(most <= BOUND, "{most} connections were open at once");
    // All but the bound were closed to make room; the rest are still held.
    eventually("the idle connections are closed", || {
        closed.load(std::sync::atomic::Ordering::SeqCst) >= IDLE - BOUND
    })
    .await;
    assert!(open.count() <= BOUND, "{}", open.count());
    server.abort();
    for reader in readers {
        reader.abort();
    }
    store.close().await;
}

/// A client that sends no request head within the header time is disconnected, and its slot
/// given back.
#[tokio::test]
async fn a_silent_client_is_disconnected_after_the_header_time() {
    let db = common::sqlite_db();
    let store = Store::connect(&db.url).await.expect("database");
    let limits = Limits {
        header_time: Duration::from_millis(200),
        ..Limits::default()
    };
    let (addr, open, server) = serve_metrics(&store, limits).await;
    let mut silent = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let mut buf = [0u8; 64];
    let read = tokio::time::timeout(fake_discord::WAIT, silent.read(&mut buf))
        .await
        .expect("the server closes the connection");
    assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
    eventually("the slot is given back", || open.count() == 0).await;
    // The listener serves on.
    assert_eq!(get(addr, "/metrics").await.0, 200);
    server.abort();
    store.close().await;
}

/// The public web server (`WEB_ADDR`, here beside the console) serves `/healthz` but not
/// `/metrics`, whose counts are the operator's: those are on `METRICS_ADDR` alone, whose
/// routes answer both.
#[tokio::test]
async fn the_metrics_are_not_served_on_the_public_web_address() {
    let dir = tempfile::tempdir().unwrap();
    let web = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_rollerball"))
        .arg("console")
        .current_dir(dir.path())
        .env(
            "DATABASE_URL",
            format!("sqlite://{}/t.db", dir.path().display()),
        )
        .env("WEB_ADDR", web.to_string())
        .env_remove("PUBLIC_URL")
        .env_remove("METRICS_ADDR")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run rollerball console");
    let _console = crate::bot::KillOnDrop(Some(child));
    let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
    while tokio::net::TcpStream::connect(web).await.is_err() {
        assert!(tokio::time::Instant::now() < deadline, "no web server");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(get(web, "/healthz").await, (200, "ok\n".to_string()));
    assert_eq!(get(web, "/metrics").await, (404, "not found\n".to_string()));

    // The private address's routes still answer both.
    let db = common::sqlite_db();
    let store = Store::connect(&db.url).await.expect("database");
    let (addr, _, server) = serve_metrics(&store, Limits::default()).await;
    assert_eq!(get(addr, "/metrics").await.0, 200);
    assert_eq!(get(addr, "/healthz").await.0, 503, "no gateway here");
    server.abort();
    store.close().await;
}
