//! Two bot processes — the built `rollerball` binary, twice — on one PostgreSQL database (a
//! schema of its own), against the fake Discord, which routes each server's events to the
//! gateway connection of its shard: `SHARDS=0-0/2` and `SHARDS=1-1/2`, a server on each.
//!
//! Each process answers only its shard's servers; the deadline sweep, running in both, delivers
//! each reminder and time-out exactly once; SIGKILL of one in the middle of a move loses no
//! acknowledged move while the other keeps serving, and the killed one, started again, continues
//! its games; a rolling restart (stop one, start it, stop the other, start it) under a steady
//! stream of moves loses nothing and answers every command.
//!
//! The fake accepts any token: the two processes are given different ones only so that the test
//! can tell whose request each is.

use crate::bot::{KillOnDrop, answer, int_option, string_option, user_option};
use crate::common;
use crate::fake_discord::shards::GUILD_SHARD_0_OF_2;
use crate::fake_discord::{self, FakeDiscord, GUILD, Recorded};
use crate::ops::get;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use rollerball::rules::{self, Game as RulesGame};
use rollerball::store::{GameId, GameStatus, Store};
use serde_json::json;

/// One bot process and what it was started with.
pub(crate) struct Process {
    child: KillOnDrop,
    /// `SHARDS`, such as `0-0/2`.
    shards: &'static str,
    /// The shard it runs, as the fake sees it.
    shard: (u32, u32),
    /// Its token: its requests carry `Bot TOKEN`.
    pub(crate) token: String,
    metrics: SocketAddr,
    log: PathBuf,
}

/// A free port on 127.0.0.1 (bound and released: the process binds it again at once).
fn free_port() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

impl Process {
    /// Starts `rollerball` with `SHARDS=shards` on `url` and waits until its shard is connected
    /// and it answers `/healthz` with 200.
    pub(crate) async fn start(
        fake: &FakeDiscord,
        url: &str,
        dir: &Path,
        shards: &'static str,
        shard: (u32, u32),
        run: usize,
    ) -> Process {
        let token = format!("fake-token-{}", shard.0);
        let metrics = free_port();
        let log = dir.join(format!("bot-{}-{run}.log", shard.0));
        let child = Command::new(env!("CARGO_BIN_EXE_rollerball"))
            .current_dir(dir)
            .env("DISCORD_TOKEN", &token)
            .env("DISCORD_API_BASE", fake.base_url())
            .env("DISCORD_GUILD_ID", GUILD.to_string())
            .env("DATABASE_URL", url)
            .env("SHARDS", shards)
            .env("SWEEP_SECONDS", "0.2")
            .env("METRICS_ADDR", metrics.to_string())
            .env("RUST_LOG", "rollerball=info")
            .env("NO_PROXY", "127.0.0.1,localhost")
            .env("no_proxy", "127.0.0.1,localhost")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("run rollerball");
        let process = Process {
            child: KillOnDrop(Some(child)),
            shards,
            shard,
            token,
            metrics,
            log,
        };
        process.wait_connected(fake).await;
        process
    }

    async fn wait_connected(&self, fake: &FakeDiscord) {
        let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
        loop {
            let up = fake.connected_shards().contains(&self.shard);
            let healthy = up
                && tokio::net::TcpStream::connect(self.metrics).await.is_ok()
                && get(self.metrics, "/healthz").await.0 == 200;
            if healthy {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "SHARDS={} never came up:\n{}",
                self.shards,
                self.log_text()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub(crate) fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    fn child(&mut self) -> &mut Child {
        self.child.0.as_mut().expect("running")
    }

    /// SIGKILL, and the process is gone.
    pub(crate) fn kill(&mut self) {
        self.child().kill().expect("SIGKILL");
        self.child().wait().expect("wait");
        self.child.0 = None;
    }

    /// SIGTERM: it finishes what it was doing and exits cleanly.
    pub(crate) async fn stop(&mut self, fake: &FakeDiscord) {
        let pid = self.child().id().to_string();
        let sent = Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill");
        assert!(sent.success());
        let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
        let status = loop {
            if let Some(status) = self.child().try_wait().expect("wait") {
                break status;
            }
            assert!(tokio::time::Instant::now() < deadline, "no exit on SIGTERM");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        self.child.0 = None;
        assert!(status.success(), "{status:?}\n{}", self.log_text());
        assert!(self.log_text().contains("the bot has stopped"));
        let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
        while fake.connected_shards().contains(&self.shard) {
            assert!(tokio::time::Instant::now() < deadline, "the shard stayed");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// A game in one server, and the test's own copy of it.
pub(crate) struct Play {
    /// The fake, as seen from the game's server.
    fake: FakeDiscord,
    pub(crate) game: GameId,
    pub(crate) thread: u64,
    white: u64,
    black: u64,
    pub(crate) mirror: RulesGame,
    /// The token of the process that answers this server.
    token: String,
}

/// `white` challenges `black` in `channel` of `fake`'s server, `black` accepts: the game.
pub(crate) async fn start_game(
    fake: &FakeDiscord,
    store: &Store,
    channel: u64,
    (white, black): (u64, u64),
    token: &str,
) -> Play {
    let from = fake.mark();
    let id = fake.slash(
        white,
        channel,
        "challenge",
        json!([
            user_option("opponent", black),
            string_option("colour", "white"),
            int_option("days", 2)
        ]),
        &[black],
    );
    let challenge = answer(fake, from, id).await;
    assert_eq!(
        challenge.authorization.as_deref(),
        Some(&*format!("Bot {token}"))
    );
    let accept = challenge
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("rb:accept:"))
        .expect("an Accept button");
    let from = fake.mark();
    let pressed = fake.press(black, channel, &accept);
    answer(fake, from, pressed).await;
    let thread = fake
        .wait_for(from, "a thread for the game", |r| {
            r.method == "POST" && r.path == format!("/api/v10/channels/{channel}/threads")
        })
        .await
        .created
        .expect("the thread's id");
    // The board is posted there once the game knows its thread.
    fake.wait_for(from, "the board in the game's thread", |r| {
        r.method == "POST" && r.path == format!("/api/v10/channels/{thread}/messages")
    })
    .await;
    let row = store.games().active_games_in(thread).await.expect("store");
    Play {
        fake: fake.clone(),
        game: row.last().expect("the game").id,
        thread,
        white,
        black,
        mirror: RulesGame::new(),
        token: token.to_string(),
    }
}

impl Play {
    /// The next move the test plays: varied, so that games do not repeat themselves into a draw.
    pub(crate) fn next_move(&self) -> String {
        let sans = rules::legal_sans(self.mirror.position());
        let pick = (self.mirror.ply() * 7 + 3) % sans.len();
        sans[pick].1.clone()
    }

    pub(crate) fn to_move(&self) -> u64 {
        if self.mirror.ply() % 2 == 0 {
            self.white
        } else {
            self.black
        }
    }

    /// Sends the next move; returns the interaction's id, the move and the mark before it.
    fn send_move(&self) -> (u64, String, usize) {
        let san = self.next_move();
        let from = self.fake.mark();
        let id = self.fake.slash(
            self.to_move(),
            self.thread,
            "move",
            json!([string_option("move", &san)]),
            &[],
        );
        (id, san, from)
    }

    /// Plays the next move and checks it was answered, by this server's process, as played.
    async fn play(&mut self) {
        if self.mirror.outcome().is_some() {
            return;
        }
        let (id, san, from) = self.send_move();
        let answered = answer(&self.fake, from, id).await;
        self.check_answer(&answered, &san);
        self.mirror.play_input(&san).expect("legal");
    }

    fn check_answer(&self, answered: &Recorded, san: &str) {
        assert_eq!(
            answered.authorization.as_deref(),
            Some(&*format!("Bot {}", self.token)),
            "answered by the other process"
        );
        assert!(!answered.ephemeral(), "{}", answered.content());
        assert!(answered.content().contains(san), "{}", answered.content());
    }

    /// The stored moves are exactly the acknowledged ones.
    async fn assert_stored(&self, store: &Store) {
        let (_, moves) = store
            .games()
            .game_with_moves(self.game)
            .await
            .expect("store")
            .expect("the game");
        let stored: Vec<&str> = moves.iter().map(|m| m.san.as_str()).collect();
        let acknowledged: Vec<&str> = self.mirror.sans().iter().map(String::as_str).collect();
        assert_eq!(stored, acknowledged, "game #{}", self.game.0);
    }
}

/// The messages posted in `thread` since `from`.
fn posts_in(fake: &FakeDiscord, from: usize, thread: u64) -> usize {
    fake.requests()[from..]
        .iter()
        .filter(|r| {
            r.method == "POST"
                && r.path == format!("/api/v10/channels/{thread}/messages")
                && r.status < 300
        })
        .count()
}

/// Waits until every thread of `threads` has had one post since `from`, then a while longer
/// (several sweeps of both processes), and checks it is still exactly one each.
async fn exactly_one_post_each(fake: &FakeDiscord, from: usize, threads: &[u64], what: &str) {
    let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
    while threads.iter().any(|&t| posts_in(fake, from, t) == 0) {
        assert!(tokio::time::Instant::now() < deadline, "no {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Ten sweeps of each process.
    tokio::time::sleep(Duration::from_secs(2)).await;
    for &t in threads {
        assert_eq!(posts_in(fake, from, t), 1, "{what} in thread {t}");
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_one_bot() {
    let Some(db) = common::postgres_db("two_processes").await else {
        eprintln!("TEST_DATABASE_URL is not set: two processes need PostgreSQL; skipped");
        return;
    };
    let store = db.store().await; // migrated before either process starts
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut a = Process::start(&fake, &db.url, dir.path(), "0-0/2", (0, 2), 0).await;
    let mut b = Process::start(&fake, &db.url, dir.path(), "1-1/2", (1, 2), 0).await;
    fake.wait_shards(&[(0, 2), (1, 2)]).await;
    let server_a = fake.in_guild(GUILD_SHARD_0_OF_2);
    let server_b = fake.in_guild(GUILD);

    // Games in servers of both shards, each set up by its own shard's process only.
    let channel_a = 510_000_000_000_000_001;
    let channel_b = 520_000_000_000_000_001;
    let mut a1 = start_game(&server_a, &store, channel_a, (11, 12), &a.token).await;
    let mut a2 = start_game(&server_a, &store, channel_a + 1, (13, 14), &a.token).await;
    let mut b1 = start_game(&server_b, &store, channel_b, (21, 22), &b.token).await;
    let mut b2 = start_game(&server_b, &store, channel_b + 1, (23, 24), &b.token).await;
    // A move each side in every game: running out of time then loses the game (before, it
    // would be aborted).
    for _ in 0..2 {
        a1.play().await;
        b1.play().await;
        a2.play().await;
        b2.play().await;
    }

    // Reminders due in both servers' games: each is posted once, though both processes sweep.
    let from = fake.mark();
    for play in [&a1, &b1] {
        sqlx::query("UPDATE games SET remind_at = 1 WHERE id = $1")
            .bind(play.game.0)
            .execute(store.pool())
            .await
            .unwrap();
    }
    exactly_one_post_each(&fake, from, &[a1.thread, b1.thread], "reminder").await;
    // Time-outs likewise: one notice each, and the games end on time once.
    let from = fake.mark();
    for play in [&a2, &b2] {
        sqlx::query("UPDATE games SET deadline_at = 1 WHERE id = $1")
            .bind(play.game.0)
            .execute(store.pool())
            .await
            .unwrap();
    }
    exactly_one_post_each(&fake, from, &[a2.thread, b2.thread], "time-out").await;
    for play in [&a2, &b2] {
        let row = store.games().game(play.game).await.unwrap().unwrap();
        assert_eq!(row.status, GameStatus::Finished);
        assert_eq!(row.termination, Some(rules::Termination::Time));
    }

    // SIGKILL of B in the middle of a move: whatever B acknowledged is stored; A serves on.
    let (id, san, from) = b1.send_move();
    b.kill();
    fake.wait_shards(&[(0, 2)]).await;
    let acknowledged = fake.requests()[from..]
        .iter()
        .any(|r| r.path.starts_with(&format!("/api/v10/interactions/{id}/")) && r.status < 300);
    let (_, stored) = store
        .games()
        .game_with_moves(b1.game)
        .await
        .unwrap()
        .unwrap();
    let stored_it = stored.len() > b1.mirror.ply();
    assert!(stored_it || !acknowledged, "an acknowledged move was lost");
    if stored_it {
        b1.mirror.play_input(&san).expect("legal");
    }
    b1.assert_stored(&store).await;
    for _ in 0..2 {
        a1.play().await;
    }
    assert_eq!(get(a.metrics, "/healthz").await.0, 200);
    // B again: its games continue where they were.
    let mut b = {
        drop(b);
        Process::start(&fake, &db.url, dir.path(), "1-1/2", (1, 2), 1).await
    };
    for _ in 0..2 {
        b1.play().await;
        a1.play().await;
    }

    // A rolling restart under a steady stream of moves: while one process restarts, the
    // other's game keeps moving; every command is answered and nothing is lost.
    for restarting in [0, 1] {
        let run = 2 + restarting;
        let (process, streaming) = if restarting == 0 {
            (&mut a, &mut b1)
        } else {
            (&mut b, &mut a1)
        };
        let url = db.url.clone();
        let (shards, shard) = (process.shards, process.shard);
        process.stop(&fake).await;
        let restart = {
            let fake = fake.clone();
            let dir = dir.path().to_path_buf();
            tokio::spawn(async move { Process::start(&fake, &url, &dir, shards, shard, run).await })
        };
        let mut moves_meanwhile = 0;
        while !restart.is_finished() || moves_meanwhile < 2 {
            streaming.play().await;
            moves_meanwhile += 1;
        }
        *process = restart.await.expect("restarted");
        for _ in 0..2 {
            a1.play().await;
            b1.play().await;
        }
    }
    for play in [&a1, &b1] {
        play.assert_stored(&store).await;
    }
    // Each process answered only its own server's commands (checked at every answer), and
    // together they sent Discord nothing it would refuse.
    assert!(fake.take_violations().is_empty());
    a.stop(&fake).await;
    b.stop(&fake).await;
    store.close().await;
}
