//! What only one player may read never goes where others read it, through the fake Discord: a
//! forecast typed in a server's channel is refused (privately, by DM, saying where forecasts
//! are taken), its message deleted where the bot has Manage Messages, and said so; in a DM
//! with the bot it is taken.

use crate::bot::{ALICE, Started, new_game, posted};
use crate::direct::{opened_dm, slash_move};
use crate::fake_discord::{FakeDiscord, Recorded};

use rollerball::store::{GameId, PlayerId, Store};
use serde_json::json;

/// The refusal of a forecast typed in a channel, in English.
const IN_PUBLIC: &str = "Forecasts are secret, and everyone in a server's channel — your \
    opponent too — reads what is typed there and my answers to it, so I take no forecasts \
    there. Give them with `/rb forecast`, whose answers only you see, or in a direct message to me.";
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
    store.forecasts(game, PlayerId(ALICE)).await.unwrap().len()
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
