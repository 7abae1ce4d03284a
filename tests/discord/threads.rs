//! A game's thread over its life: archived by the bot after the final board, and, archived by
//! Discord for inactivity (its limit is a week; a move may take two), opened again by the bot's
//! next post there. The fake models archived threads as Discord does: a message posted in an
//! archived, unlocked thread unarchives it. Commands typed in a thread are read there.

use crate::bot::{ALICE, BOB, CAROL, CHANNEL, Started, answer, clock, new_game, posted, start};
use crate::common;
use crate::direct::slash_move;
use crate::fake_discord::{FakeDiscord, Recorded, check_payloads};

use std::time::Duration;

use rollerball::store::GameStatus;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_thread_is_archived_and_an_idle_one_reopened() {
    let Started {
        fake,
        db: _db,
        clock,
        bot,
        store,
    } = Started::new().await;

    // Alice resigns game 1 in its thread: the final board, then the thread is archived.
    let (g1, thread1) = new_game(&fake, &store, 3).await;
    let from = fake.mark();
    let pressed = fake.press(ALICE, thread1, &format!("rb:resign-confirm:{}", g1.0));
    let last = answer(&fake, from, pressed).await;
    assert!(last.content().contains("resigned"), "{}", last.content());
    let archived = fake
        .wait_for(from, "the thread archived", |r| {
            r.method == "PATCH" && r.path == format!("/api/v10/channels/{thread1}")
        })
        .await;
    assert_eq!(archived.json, serde_json::json!({"archived": true}));
    assert_eq!(archived.status, 200, "{:#?}", fake.violations());
    assert_eq!(
        archived.operation.as_deref(),
        Some("PATCH /channels/{channel_id}")
    );
    assert!(fake.archived(thread1));
    let row = store.games().game(g1).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished);

    // Game 2's thread goes quiet and Discord archives it; the reminder reopens it.
    let (g2, thread2) = new_game(&fake, &store, 3).await;
    fake.archive(thread2);
    let from = fake.mark();
    clock.advance(Duration::from_secs(3 * 86_400 * 8 / 10 + 60));
    let reminder = posted(&fake, from, thread2, "the reminder in the archived thread").await;
    assert!(
        reminder.content().contains(&format!("<@{ALICE}>")),
        "{}",
        reminder.content()
    );
    assert!(!fake.archived(thread2), "posting unarchived the thread");
    // The game goes on, so the bot left its thread open.
    assert_eq!(
        fake.count(|r| r.method == "PATCH" && r.path == format!("/api/v10/channels/{thread2}")),
        0
    );
    assert_eq!(
        store.games().game(g2).await.unwrap().unwrap().status,
        GameStatus::Active
    );
    let violations = fake.violations();
    assert!(violations.is_empty(), "{violations:#?}");
    bot.shut_down(&fake).await;
}

/// A command typed in a game's thread is read in the thread, as the slash command is there:
/// `!rb analysis` finds the thread's game. A process that did not open the thread asks Discord
/// once what the channel is (`GET /channels/{id}`), and remembers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_typed_in_a_games_thread_is_read_in_the_thread() {
    let fake = FakeDiscord::start().await;
    check_payloads(&fake);
    fake.user(ALICE, "Alice");
    fake.user(BOB, "Bob");
    let db = common::sqlite_db();
    let clock = clock();
    let first = start(&fake, &db.url, clock.clone()).await;
    let (g, thread) = new_game(&fake, &first.store, 3).await;
    slash_move(&fake, ALICE, thread, "b3").await;
    let from = fake.mark();
    let pressed = fake.press(BOB, thread, &format!("rb:resign-confirm:{}", g.0));
    answer(&fake, from, pressed).await;
    first.shut_down(&fake).await;

    let second = start(&fake, &db.url, clock).await;
    let asked = |r: &Recorded| r.method == "GET" && r.path == format!("/api/v10/channels/{thread}");
    let from = fake.mark();
    fake.say(CAROL, thread, "!rb analysis");
    let analysis = posted(&fake, from, thread, "the analysis in the thread").await;
    assert!(
        analysis
            .content()
            .starts_with(&format!("**Analysis of game #{}**", g.0)),
        "{}",
        analysis.content()
    );
    let described: Vec<Recorded> = fake
        .requests()
        .into_iter()
        .skip(from)
        .filter(asked)
        .collect();
    assert_eq!(described.len(), 1);
    assert_eq!(
        described[0].operation.as_deref(),
        Some("GET /channels/{channel_id}")
    );

    // Asked again, it is known; and chat asks Discord nothing at all.
    let from = fake.mark();
    fake.say(CAROL, CHANNEL, "good game, both of you");
    fake.say(CAROL, thread, "!rb analysis");
    posted(&fake, from, thread, "the analysis again").await;
    assert_eq!(fake.count(asked), 1);
    assert_eq!(
        fake.count(|r| r.method == "GET" && r.path.starts_with("/api/v10/channels/")),
        1
    );
    let violations = fake.violations();
    assert!(violations.is_empty(), "{violations:#?}");
    second.shut_down(&fake).await;
}
