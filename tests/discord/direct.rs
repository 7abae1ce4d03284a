//! Turn notices by direct message through the fake Discord: a player who turned them on
//! (`/rb-settings dm set:on`) gets exactly one DM when the opponent moves and one with each
//! reminder, linking to the game's thread; a player who blocks DMs (403, code 50007) costs
//! nothing — the move stands, the bot goes on serving, and the notice is shown to the player
//! with their next command.

use crate::bot::{ALICE, BOB, Started, answer, new_game, posted};
use crate::fake_discord::{FakeDiscord, GUILD, Recorded};

use std::time::Duration;

use serde_json::json;

/// `who` turns direct messages on with the slash command.
async fn turn_dms_on(fake: &FakeDiscord, who: u64) {
    let from = fake.mark();
    let id = fake.slash_to(
        who,
        crate::bot::CHANNEL,
        "rb-settings",
        Some("dm"),
        json!([{"name": "set", "type": 3, "value": "on"}]),
        &[],
    );
    let saved = answer(fake, from, id).await;
    assert!(saved.ephemeral());
    assert_eq!(
        saved.content(),
        "Saved: language **en**, pings **on**, direct messages on your turn **on**."
    );
}

/// The DM channel the bot opens for `user` after `from`, as Discord's API describes it.
pub(crate) async fn opened_dm(fake: &FakeDiscord, from: usize, user: u64) -> u64 {
    let opened = fake
        .wait_for(from, "a DM channel opened", |r| {
            r.method == "POST"
                && r.path == "/api/v10/users/@me/channels"
                && r.json["recipient_id"] == json!(user.to_string())
        })
        .await;
    assert_eq!(opened.status, 200, "{:#?}", fake.violations());
    assert_eq!(
        opened.operation.as_deref(),
        Some("POST /users/@me/channels")
    );
    fake.dm_channel(user).expect("the DM channel")
}

/// `who` plays `san` in `thread` with the slash command; returns the answer.
pub(crate) async fn slash_move(fake: &FakeDiscord, who: u64, thread: u64, san: &str) -> Recorded {
    let from = fake.mark();
    let id = fake.slash(
        who,
        thread,
        "move",
        json!([{"name": "move", "type": 3, "value": san}]),
        &[],
    );
    answer(fake, from, id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_notices_arrive_by_dm_and_a_refused_dm_changes_nothing() {
    let Started {
        fake,
        db: _db,
        clock,
        bot,
        store,
    } = Started::new().await;
    turn_dms_on(&fake, BOB).await;

    // Alice (White) moves in the game's thread: Bob gets one DM, linking to the thread.
    let (game, thread) = new_game(&fake, &store, 3).await;
    let from = fake.mark();
    let moved = slash_move(&fake, ALICE, thread, "b3").await;
    assert!(
        moved.content().contains("played **b3**"),
        "{}",
        moved.content()
    );
    let dm = opened_dm(&fake, from, BOB).await;
    let notice = posted(&fake, from, dm, "Bob's turn notice").await;
    let deadline = store
        .games()
        .game(game)
        .await
        .unwrap()
        .unwrap()
        .deadline
        .unwrap();
    assert_eq!(
        notice.content(),
        format!(
            "<@{ALICE}> played **b3** in game #{}: your move — deadline <t:{}:R> · \
             https://discord.com/channels/{GUILD}/{thread}",
            game.0,
            deadline.0 / 1000
        )
    );
    assert_eq!(notice.json["allowed_mentions"]["parse"], json!([]));
    assert_eq!(fake.dms_to(BOB).len(), 1);
    assert_eq!(fake.dm_channel(ALICE), None, "Alice did not ask for DMs");

    // Bob's reminder: in the thread as before, and by DM.
    let from = fake.mark();
    clock.advance(Duration::from_secs(3 * 86_400 * 8 / 10 + 60));
    let reminder = posted(&fake, from, thread, "the reminder in the thread").await;
    assert!(
        reminder.content().contains(&format!("<@{BOB}>")),
        "{}",
        reminder.content()
    );
    let notice = posted(&fake, from, dm, "Bob's reminder by DM").await;
    assert_eq!(
        notice.content(),
        format!(
            "Reminder: your move in game #{} against <@{ALICE}> — deadline <t:{}:R> · \
             https://discord.com/channels/{GUILD}/{thread}",
            game.0,
            deadline.0 / 1000
        )
    );
    assert_eq!(fake.dms_to(BOB).len(), 2);

    // Alice turns DMs on but blocks them: Bob's move stands, and the refused notice is kept.
    turn_dms_on(&fake, ALICE).await;
    fake.refuse_dms(ALICE);
    let from = fake.mark();
    let moved = slash_move(&fake, BOB, thread, "f5").await;
    assert!(
        moved.content().contains("played **f5**"),
        "{}",
        moved.content()
    );
    let alice_dm = opened_dm(&fake, from, ALICE).await;
    let refused = fake
        .wait_for(from, "the refused DM", |r| {
            r.path == format!("/api/v10/channels/{alice_dm}/messages")
        })
        .await;
    assert_eq!(refused.status, 403);
    let row = store.games().game(game).await.unwrap().unwrap();
    assert_eq!(row.ply, 2);
    let kept = format!(
        "<@{BOB}> played **f5** in game #{}: your move — deadline <t:{}:R> · \
         https://discord.com/channels/{GUILD}/{thread}",
        game.0,
        row.deadline.unwrap().0 / 1000
    );

    // The bot goes on serving: Alice's next move is answered, the kept notice shown to her
    // privately under it (and dropped), and Bob is told by DM.
    let from = fake.mark();
    let moved = slash_move(&fake, ALICE, thread, "Rf1").await;
    assert!(
        moved.content().contains("played **Rf1**"),
        "{}",
        moved.content()
    );
    let shown = fake
        .wait_for(from, "the kept notice", |r| {
            r.method == "POST" && r.path.starts_with("/api/v10/webhooks/")
        })
        .await;
    assert!(shown.ephemeral());
    assert_eq!(
        shown.content(),
        format!(
            "I could not reach you by direct message, so here is what I had to tell you:\n• {kept}"
        )
    );
    let notice = posted(&fake, from, dm, "Bob's next turn notice").await;
    assert!(
        notice
            .content()
            .starts_with(&format!("<@{ALICE}> played **Rf1** in game #{}", game.0)),
        "{}",
        notice.content()
    );
    assert_eq!(fake.dms_to(BOB).len(), 3);
    let violations = fake.violations();
    assert!(violations.is_empty(), "{violations:#?}");
    bot.shut_down(&fake).await;
}
