//! The event log, end to end: the built `rollerball` binary against the fake Discord.
//!
//! - SIGKILL between a move's commit and its post: on restart the board is posted once — when
//!   the post never reached Discord, the poster posts it; when it did but its answer was lost,
//!   the poster's post carries the same nonce and Discord (the fake, as the real one) drops it.
//!   A clean restart afterwards posts nothing again, and a move made from a direct message is
//!   posted in the game's thread by the poster of the same process.
//! - Two processes on PostgreSQL: a move made through one (a direct message, which shard 0
//!   answers) in a game of the other's server is posted in the game's thread by the other,
//!   woken by `NOTIFY` (the test waits 20 seconds at most, and the poster's fallback check runs
//!   every 30, so only the notification can make it pass).

use crate::bot::CHANNEL;
use crate::common::{self, TestDb};
use crate::fake_discord::{self, FakeDiscord, GUILD, Recorded};
use crate::processes::{Play, Process, start_game};

use std::time::{Duration, Instant};

use rollerball::store::Store;

/// The messages created in `channel`, as the fake counts them (a post it dropped as a
/// duplicate of an earlier nonce is none).
fn created_in(fake: &FakeDiscord, channel: u64) -> Vec<Recorded> {
    fake.posts_in_channel(channel)
}

/// Waits until `channel` holds `count` created messages, and returns the last.
async fn wait_for_posts(fake: &FakeDiscord, channel: u64, count: usize, what: &str) -> Recorded {
    let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
    loop {
        let posts = created_in(fake, channel);
        if posts.len() >= count {
            return posts[count - 1].clone();
        }
        assert!(tokio::time::Instant::now() < deadline, "no {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until the store holds `ply` moves of the game: the move is committed.
async fn wait_for_ply(store: &Store, play: &Play, ply: u32) {
    let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
    while store.games().game(play.game).await.unwrap().unwrap().ply < ply {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the move was not committed"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The databases to run on: SQLite, and PostgreSQL when the tests have one.
async fn databases(name: &str) -> Vec<TestDb> {
    let mut dbs = vec![common::sqlite_db()];
    dbs.extend(common::postgres_db(name).await);
    dbs
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_cut_off_by_sigkill_is_posted_once_after_restart() {
    for db in databases("sigkill_post").await {
        let store = db.store().await;
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let start = |run| Process::start(&fake, &db.url, dir.path(), "0-0/1", (0, 1), run);
        let mut bot = start(0).await;
        let mut play = start_game(&fake, &store, CHANNEL, (11, 12), &bot.token).await;
        let thread = play.thread;
        let posts_path = format!("/channels/{thread}/messages");

        // The board's post never reaches Discord: the process dies first.
        let before = created_in(&fake, thread).len();
        let san = play.next_move();
        fake.hold_next("POST", &posts_path, false);
        fake.say(play.to_move(), thread, &format!("!rb move {san}"));
        let held = fake.wait_held().await;
        let nonce = held.data()["nonce"].as_str().unwrap().to_string();
        assert!(nonce.starts_with("rb-e"), "{nonce}");
        wait_for_ply(&store, &play, 1).await;
        bot.kill();
        assert_eq!(created_in(&fake, thread).len(), before);
        let mut bot_again = start(1).await;
        let posted = wait_for_posts(&fake, thread, before + 1, "board after the restart").await;
        assert_eq!(
            posted.data()["nonce"],
            nonce.as_str(),
            "{}",
            bot_again.log_text()
        );
        assert!(
            posted.content().contains(&format!("played **{san}**")),
            "{}",
            posted.content()
        );
        assert_eq!(posted.pngs().len(), 1);
        play.mirror.play_input(&san).unwrap();

        // The post reaches Discord, but the process dies before its answer: the poster's post
        // after the restart carries the same nonce, and Discord drops it.
        let before = created_in(&fake, thread).len();
        let san = play.next_move();
        fake.hold_next("POST", &posts_path, true);
        let from = fake.mark();
        fake.say(play.to_move(), thread, &format!("!rb move {san}"));
        let held = fake.wait_held().await;
        assert!(held.content().contains(&san), "{}", held.content());
        wait_for_ply(&store, &play, 2).await;
        bot_again.kill();
        let mut bot = start(2).await;
        let repeated = fake
            .wait_for(from, "the poster's repeated post", |r| r.duplicate)
            .await;
        assert_eq!(repeated.data()["nonce"], held.data()["nonce"]);
        play.mirror.play_input(&san).unwrap();

        // A clean restart replays nothing: no post follows it.
        bot.stop(&fake).await;
        let mut bot = start(3).await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(
            created_in(&fake, thread).len(),
            before + 1,
            "{}",
            bot.log_text()
        );

        // A move from a direct message with the bot: answered there, and posted in the thread
        // by the poster, woken by the commit (its periodic check is further off than the wait).
        let san = play.next_move();
        fake.say_dm(play.to_move(), &format!("!rb move #{} {san}", play.game.0));
        let posted = wait_for_posts(&fake, thread, before + 2, "the DM's move in the thread").await;
        assert!(
            posted.content().contains(&format!("played **{san}**")),
            "{}",
            posted.content()
        );
        play.mirror.play_input(&san).unwrap();
        let (_, moves) = store
            .games()
            .game_with_moves(play.game)
            .await
            .unwrap()
            .unwrap();
        let stored: Vec<&str> = moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(stored, play.mirror.sans(), "{:?}", db.backend);
        assert!(fake.take_violations().is_empty());
        bot.stop(&fake).await;
        store.close().await;
    }
}

/// Two answers cut off by SIGKILL, the first after its post reached Discord, the second
/// before: after the restart the poster tells the second move. (It used to post both moves as
/// one message with the first one's nonce, which Discord dropped as that answer's repeat.)
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_answer_was_lost_after_one_that_got_out_is_posted_after_restart() {
    let db = common::sqlite_db();
    let store = db.store().await;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let start = |run| Process::start(&fake, &db.url, dir.path(), "0-0/1", (0, 1), run);
    let mut bot = start(0).await;
    let mut play = start_game(&fake, &store, CHANNEL, (41, 42), &bot.token).await;
    let thread = play.thread;
    let posts_path = format!("/channels/{thread}/messages");
    let before = created_in(&fake, thread).len();

    // White's answer reaches Discord, but Discord's reply never reaches the bot.
    let white = play.next_move();
    fake.hold_next("POST", &posts_path, true);
    fake.say(play.to_move(), thread, &format!("!rb move {white}"));
    let first = fake.wait_held().await;
    assert!(first.content().contains(&white), "{}", first.content());
    wait_for_ply(&store, &play, 1).await;
    play.mirror.play_input(&white).unwrap();
    // Black's answer never reaches Discord.
    let black = play.next_move();
    fake.hold_next("POST", &posts_path, false);
    fake.say(play.to_move(), thread, &format!("!rb move {black}"));
    let second = fake.wait_held().await;
    assert!(second.content().contains(&black), "{}", second.content());
    assert_ne!(first.data()["nonce"], second.data()["nonce"]);
    wait_for_ply(&store, &play, 2).await;
    play.mirror.play_input(&black).unwrap();
    bot.kill();
    assert_eq!(created_in(&fake, thread).len(), before + 1);

    // After the restart: White's answer again, dropped by its nonce, and Black's move posted.
    let from = fake.mark();
    let mut bot = start(1).await;
    let posted = wait_for_posts(&fake, thread, before + 2, "Black's move after the restart").await;
    assert!(
        posted.content().contains(&format!("played **{black}**")),
        "{}\n{}",
        posted.content(),
        bot.log_text()
    );
    assert!(
        !posted.content().contains(&format!("played **{white}**")),
        "{}",
        posted.content()
    );
    assert_eq!(posted.data()["nonce"], second.data()["nonce"]);
    let repeated = fake
        .wait_for(from, "White's answer repeated", |r| r.duplicate)
        .await;
    assert_eq!(repeated.data()["nonce"], first.data()["nonce"]);
    // And nothing more.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(created_in(&fake, thread).len(), before + 2);
    assert!(fake.take_violations().is_empty());
    bot.stop(&fake).await;
    store.close().await;
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_through_one_process_is_posted_by_the_other() {
    let Some(db) = common::postgres_db("event_log_processes").await else {
        eprintln!("TEST_DATABASE_URL is not set: two processes need PostgreSQL; skipped");
        return;
    };
    let store = db.store().await;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut a = Process::start(&fake, &db.url, dir.path(), "0-0/2", (0, 2), 0).await;
    let mut b = Process::start(&fake, &db.url, dir.path(), "1-1/2", (1, 2), 0).await;
    fake.wait_shards(&[(0, 2), (1, 2)]).await;
    // GUILD is on shard 1: B's.
    let server_b = fake.in_guild(GUILD);
    let channel = 530_000_000_000_000_001;
    let play = start_game(&server_b, &store, channel, (31, 32), &b.token).await;
    let before = created_in(&fake, play.thread).len();

    // White moves from a direct message with the bot: shard 0, process A, answers there.
    let san = play.next_move();
    let from = fake.mark();
    let sent = Instant::now();
    fake.say_dm(31, &format!("!rb move #{} {san}", play.game.0));
    let dm = fake.dm_channel(31).expect("the DM channel");
    let answered = fake
        .wait_for(from, "A's answer in the DM", |r| {
            r.method == "POST" && r.path == format!("/api/v10/channels/{dm}/messages")
        })
        .await;
    assert_eq!(
        answered.authorization.as_deref(),
        Some(&*format!("Bot {}", a.token))
    );
    assert!(answered.content().contains(&san), "{}", answered.content());
    // B posts the board in the game's thread, woken by A's commit.
    let posted = wait_for_posts(&fake, play.thread, before + 1, "B's post in the thread").await;
    eprintln!(
        "posted by the other process {:?} after the move",
        sent.elapsed()
    );
    assert_eq!(
        posted.authorization.as_deref(),
        Some(&*format!("Bot {}", b.token)),
        "{}",
        b.log_text()
    );
    assert!(
        posted
            .content()
            .contains(&format!("<@31> played **{san}**")),
        "{}",
        posted.content()
    );
    assert!(posted.content().contains("<@32>"), "{}", posted.content());
    // Once, by B alone: A's poster does not read B's shard.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(created_in(&fake, play.thread).len(), before + 1);
    assert!(fake.take_violations().is_empty());
    a.stop(&fake).await;
    b.stop(&fake).await;
    store.close().await;
}
