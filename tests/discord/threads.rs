//! A game's thread over its life: archived by the bot after the final board, and, archived by
//! Discord for inactivity (its limit is a week; a move may take two), opened again by the bot's
//! next post there. The fake models archived threads as Discord does: a message posted in an
//! archived, unlocked thread unarchives it.

use crate::bot::{ALICE, Started, answer, new_game, posted};

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
    let row = store.game(g1).await.unwrap().unwrap();
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
        store.game(g2).await.unwrap().unwrap().status,
        GameStatus::Active
    );
    let violations = fake.violations();
    assert!(violations.is_empty(), "{violations:#?}");
    bot.shut_down(&fake).await;
}
