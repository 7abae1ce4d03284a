//! What only one player may read never goes where others read it, through the fake Discord: a
//! forecast typed in a server's channel is refused (privately, by DM, saying where forecasts
//! are taken), its message deleted where the bot has Manage Messages, and said so; in a DM
//! with the bot it is taken. Notices held for a player who refuses DMs are shown to them
//! privately, never in a channel, in as many messages as they take, and only those shown are
//! dropped.

use crate::bot::{ALICE, BOB, CHANNEL, Started, answer, new_game, posted};
use crate::common;
use crate::direct::{opened_dm, slash_move};
use crate::fake_discord::{FakeDiscord, Recorded};

use rollerball::store::{GameId, PlayerId, Store};
use serde_json::json;

/// The refusal of a forecast typed in a channel, in English.
const IN_PUBLIC: &str = "Forecasts are secret, and everyone in a server's channel — your \
    opponent too — reads what is typed there and my answers to it, so I take no forecasts \
    there. Give them with `/rb-forecast add`, whose answers only you see, or in a direct message to me.";
const DELETED: &str =
    "I deleted your message from the channel, so nobody else can read it there now.";
const KEPT: &str = "I could not delete your message from the channel (that needs the Manage \
    Messages permission there): delete it yourself, so that your opponent cannot read your lines.";

/// The bot's requests since `from` that post in `channel`.
fn posts_in(fake: &FakeDiscord, from: usize, channel: u64) -> Vec<Recorded> {
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.requests()
        .into_iter()
        .skip(from)
        .filter(|r| r.method == "POST" && r.path == path)
        .collect()
}

/// Alice's stored forecast lines in `game`.
async fn lines(store: &Store, game: GameId) -> usize {
    store
        .play()
        .forecasts(game, PlayerId(ALICE))
        .await
        .unwrap()
        .len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forecast_typed_in_a_channel_is_refused_privately_and_deleted() {
    let Started {
        fake,
        db: _db,
        bot,
        store,
        ..
    } = Started::new().await;
    let (game, thread) = new_game(&fake, &store, 3).await;
    slash_move(&fake, ALICE, thread, "b3").await;

    // Alice gives a forecast in the game's thread: the message is deleted, the refusal comes by
    // DM, and nothing is stored or posted in the thread.
    let from = fake.mark();
    let said = fake.say(ALICE, thread, "!rb forecast f5 Rf1");
    let delete = fake
        .wait_for(from, "the forecast's message deleted", |r| {
            r.method == "DELETE"
        })
        .await;
    assert_eq!(
        delete.path,
        format!("/api/v10/channels/{thread}/messages/{said}")
    );
    assert_eq!(delete.status, 204);
    assert_eq!(
        delete.operation.as_deref(),
        Some("DELETE /channels/{channel_id}/messages/{message_id}")
    );
    let dm = opened_dm(&fake, from, ALICE).await;
    let refusal = posted(&fake, from, dm, "the refusal by DM").await;
    assert_eq!(refusal.content(), format!("{IN_PUBLIC}\n{DELETED}"));
    assert_eq!(refusal.json["allowed_mentions"]["parse"], json!([]));
    assert_eq!(lines(&store, game).await, 0);
    assert!(posts_in(&fake, from, thread).is_empty());

    // Without Manage Messages: the message stays, and the DM says so.
    fake.deny_manage_messages();
    let from = fake.mark();
    let said = fake.say(ALICE, thread, "!rb forecast f5 Rf1");
    let refused = posted(&fake, from, dm, "the second refusal by DM").await;
    assert_eq!(refused.content(), format!("{IN_PUBLIC}\n{KEPT}"));
    let delete = fake
        .requests()
        .into_iter()
        .skip(from)
        .find(|r| r.method == "DELETE")
        .expect("a try to delete it");
    assert_eq!(
        delete.path,
        format!("/api/v10/channels/{thread}/messages/{said}")
    );
    assert_eq!(delete.status, 403);
    assert_eq!(fake.deleted().len(), 1);
    assert_eq!(lines(&store, game).await, 0);
    assert!(posts_in(&fake, from, thread).is_empty());

    // Listing is refused as well, without deleting anything; with DMs refused too, the refusal
    // (which shows no line) answers the message in the thread.
    fake.refuse_dms(ALICE);
    let from = fake.mark();
    let said = fake.say(ALICE, thread, "!rb forecast");
    let answer = posted(&fake, from, thread, "the refusal in the thread").await;
    assert_eq!(answer.content(), IN_PUBLIC);
    assert_eq!(
        answer.json["message_reference"]["message_id"],
        json!(said.to_string())
    );
    assert!(
        fake.requests()
            .iter()
            .skip(from)
            .all(|r| r.method != "DELETE")
    );
    assert_eq!(
        posts_in(&fake, from, dm)
            .iter()
            .map(|r| r.status)
            .collect::<Vec<_>>(),
        [403]
    );
    let from = fake.mark();
    fake.say(ALICE, thread, "!rb forecast f5 Rf1");
    let answer = posted(&fake, from, thread, "the refusal with its note").await;
    assert_eq!(answer.content(), format!("{IN_PUBLIC}\n{KEPT}"));

    bot.shut_down(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forecast_in_a_direct_message_is_taken() {
    let Started {
        fake,
        db: _db,
        bot,
        store,
        ..
    } = Started::new().await;
    let (game, thread) = new_game(&fake, &store, 3).await;
    slash_move(&fake, ALICE, thread, "b3").await;

    let from = fake.mark();
    fake.say_dm(ALICE, &format!("!rb forecast #{} f5 Rf1", game.0));
    let dm = fake.dm_channel(ALICE).expect("Alice's DM with the bot");
    let saved = posted(&fake, from, dm, "the forecast saved in the DM").await;
    assert!(
        saved.content().starts_with(&format!(
            "Saved. Only you see your forecasts in game #{}",
            game.0
        )),
        "{}",
        saved.content()
    );
    assert!(
        saved.content().ends_with("\n1. f5 Rf1"),
        "{}",
        saved.content()
    );
    assert_eq!(lines(&store, game).await, 1);
    assert!(fake.requests().iter().all(|r| r.method != "DELETE"));
    assert!(posts_in(&fake, from, thread).is_empty());
    bot.shut_down(&fake).await;
}

/// The follow-ups to interactions after `from`, once there are `n` of them.
async fn followups(fake: &FakeDiscord, from: usize, n: usize) -> Vec<Recorded> {
    let is_followup = |r: &Recorded| r.method == "POST" && r.path.starts_with("/api/v10/webhooks/");
    fake.wait_for(from, &format!("{n} follow-ups"), |_| {
        fake.requests()
            .iter()
            .skip(from)
            .filter(|r| is_followup(r))
            .count()
            >= n
    })
    .await;
    fake.requests()
        .into_iter()
        .skip(from)
        .filter(is_followup)
        .collect()
}

/// The numbers of the held notices a message shows (each notice is `NNN xxx…`).
fn shown(r: &Recorded) -> Vec<i64> {
    r.content()
        .lines()
        .filter_map(|l| l.strip_prefix("• "))
        .map(|l| l[..3].parse().unwrap())
        .collect()
}

/// The numbers of the notices still held for `player`.
async fn still_held(store: &Store, player: u64) -> Vec<i64> {
    store
        .players()
        .held_notices(PlayerId(player))
        .await
        .unwrap()
        .iter()
        .map(|n| n.text[..3].parse().unwrap())
        .collect()
}

/// The numbers of `player`'s held notices once they are `expected`, or as they stand after 5
/// seconds: the bot drops the notices it showed once Discord has answered their message, just
/// after the fake has seen it.
async fn held_after_showing(store: &Store, player: u64, expected: &[i64]) -> Vec<i64> {
    for _ in 0..100 {
        let held = still_held(store, player).await;
        if held == expected {
            return held;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    still_held(store, player).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn held_notices_are_shown_privately_in_messages_that_fit() {
    let Started {
        fake,
        db: _db,
        bot,
        store,
        ..
    } = Started::new().await;
    for n in 1..=100 {
        let text = format!("{n:03} {}", "x".repeat(146));
        store
            .players()
            .hold_notice(PlayerId(ALICE), &text, common::T0)
            .await
            .unwrap();
    }
    for n in 1..=2 {
        store
            .players()
            .hold_notice(PlayerId(BOB), &format!("{n:03} for Bob"), common::T0)
            .await
            .unwrap();
    }
    fake.refuse_dms(ALICE);

    // Alice types a command in the channel: its answer is posted there, her notices are not;
    // a DM is tried, refused, and they are all kept.
    let from = fake.mark();
    fake.say(ALICE, CHANNEL, "!rb games");
    posted(&fake, from, CHANNEL, "the answer to !rb games").await;
    let dm = opened_dm(&fake, from, ALICE).await;
    let refused = posted_any(&fake, from, dm).await;
    assert_eq!(refused.status, 403);
    assert_eq!(posts_in(&fake, from, CHANNEL).len(), 1);
    assert_eq!(still_held(&store, ALICE).await.len(), 100);

    // A slash command: its answer, then five private messages of at most 2,000 characters;
    // only the notices they show are dropped, and the last says how many wait.
    let from = fake.mark();
    let id = fake.slash(ALICE, CHANNEL, "games", json!([]), &[]);
    answer(&fake, from, id).await;
    let pages = followups(&fake, from, 5).await;
    assert_eq!(pages.len(), 5);
    let mut numbers = Vec::new();
    for page in &pages {
        assert!(page.ephemeral());
        assert!(page.content().chars().count() <= 2000);
        numbers.extend(shown(page));
    }
    assert!(pages[0].content().starts_with(
        "I could not reach you by direct message, so here are the 100 notices I had for you:\n• 001 "
    ));
    let count = numbers.len() as i64;
    assert_eq!(numbers, (1..=count).collect::<Vec<_>>());
    assert!(
        pages[4].content().ends_with(&format!(
            "\n{} more notices wait: I show them with your next command.",
            100 - count
        )),
        "{}",
        pages[4].content()
    );
    let waiting: Vec<i64> = (count + 1..=100).collect();
    assert_eq!(held_after_showing(&store, ALICE, &waiting).await, waiting);

    // The next command shows the rest, and then nothing is held.
    let from = fake.mark();
    let id = fake.slash(ALICE, CHANNEL, "games", json!([]), &[]);
    answer(&fake, from, id).await;
    let pages = followups(&fake, from, 3).await;
    let rest: Vec<i64> = pages.iter().flat_map(shown).collect();
    assert_eq!(rest, (count + 1..=100).collect::<Vec<_>>());
    assert!(held_after_showing(&store, ALICE, &[]).await.is_empty());

    // Bob accepts DMs: a command of his in the channel brings his notices by DM.
    let from = fake.mark();
    fake.say(BOB, CHANNEL, "!rb games");
    posted(&fake, from, CHANNEL, "the answer to Bob's !rb games").await;
    let dm = opened_dm(&fake, from, BOB).await;
    let notices = posted(&fake, from, dm, "Bob's notices by DM").await;
    assert_eq!(
        notices.content(),
        "I could not reach you by direct message, so here are the 2 notices I had for you:\n\
         • 001 for Bob\n• 002 for Bob"
    );
    assert!(held_after_showing(&store, BOB, &[]).await.is_empty());
    assert_eq!(posts_in(&fake, from, CHANNEL).len(), 1);
    bot.shut_down(&fake).await;
}

/// The next request after `from` posting in `channel`, whatever its answer.
async fn posted_any(fake: &FakeDiscord, from: usize, channel: u64) -> Recorded {
    let path = format!("/api/v10/channels/{channel}/messages");
    fake.wait_for(from, "a post", |r| r.method == "POST" && r.path == path)
        .await
}
