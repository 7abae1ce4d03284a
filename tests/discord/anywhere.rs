//! Playing where the bot is no member, through the fake Discord: players who installed the app
//! on their own accounts play in their group DM. The fake sends what Discord sends from there (a
//! private channel, authorised by the user) and refuses, as Discord does (403, code 50001), any
//! message or thread the bot would post there on its own. The game runs through the answers to
//! its interactions alone — the challenge, the Accept button, slash moves, the move picker — and
//! what the bot cannot post there (the opponent's move, reminders, the time-out) reaches each
//! player by direct message; a DM Discord refuses is kept in the database, through a restart,
//! and shown with the player's next command.

use std::time::Duration;

use crate::bot::{
    ALICE, BOB, Started, answer, assert_board, int_option, start, string_option, user_option,
};
use crate::direct::{opened_dm, slash_move};
use crate::fake_discord::{APP_ID, FakeDiscord, Recorded};
use crate::picker::{choose, labels};

use rollerball::model::PlayerId;
use rollerball::store::{Place, Reach, Store};
use serde_json::json;

/// Alice and Bob's group DM, where the bot is no member.
const GROUP_DM: u64 = 610_000_000_000_000_001;

/// The jump link to the group DM, as the notices give it.
fn link() -> String {
    format!("https://discord.com/channels/@me/{GROUP_DM}")
}

/// The next message the bot posts in its DM channel `dm` after `from`, delivered or refused.
async fn dm_after(fake: &FakeDiscord, from: usize, dm: u64, what: &str) -> Recorded {
    fake.wait_for(from, what, |r| {
        r.method == "POST" && r.path == format!("/api/v10/channels/{dm}/messages")
    })
    .await
}

/// The notices kept for `player`, once there are `count` of them.
async fn held(store: &Store, player: u64, count: usize) -> Vec<String> {
    let deadline = tokio::time::Instant::now() + crate::fake_discord::WAIT;
    loop {
        let held = store
            .players()
            .held_notices(PlayerId(player))
            .await
            .unwrap();
        if held.len() == count {
            return held.into_iter().map(|n| n.text).collect();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{} notices kept, not {count}",
            held.len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// `who` asks for their games in the group DM: the answer, and the private follow-up that
/// shows the notices kept for them.
async fn games_with_held(fake: &FakeDiscord, who: u64) -> (Recorded, Recorded) {
    let from = fake.mark();
    let id = fake.slash(who, GROUP_DM, "games", json!([]), &[]);
    let answered = answer(fake, from, id).await;
    let followup = fake
        .wait_for(from, "the held notices", |r| {
            r.method == "POST" && r.path == format!("/api/v10/webhooks/{APP_ID}/token-{id}")
        })
        .await;
    assert_eq!(followup.status, 200, "{:#?}", fake.violations());
    assert!(followup.ephemeral(), "shown to the player alone");
    (answered, followup)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_group_dm_the_bot_is_not_in() {
    let Started {
        fake,
        db,
        clock,
        bot,
        store,
    } = Started::new().await;
    fake.group_dm(GROUP_DM);

    // Alice challenges Bob there: the challenge is the command's own answer.
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        GROUP_DM,
        "challenge",
        json!([
            user_option("opponent", BOB),
            string_option("colour", "white"),
            int_option("days", 3)
        ]),
        &[BOB],
    );
    let challenge = answer(&fake, from, id).await;
    assert!(!challenge.ephemeral(), "{}", challenge.content());
    let accept = challenge
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("rb:accept:"))
        .expect("an Accept button");

    // Bob accepts with the button: the game begins in the answer to his press, board attached.
    let from = fake.mark();
    let pressed = fake.press(BOB, GROUP_DM, &accept);
    let begun = answer(&fake, from, pressed).await;
    assert_board(&begun);
    assert!(begun.content().contains("begins"), "{}", begun.content());
    let row = store
        .games()
        .active_games_of(PlayerId(ALICE))
        .await
        .unwrap()[0]
        .clone();
    let game = row.id.0;
    assert_eq!(
        row.place,
        Place {
            server: None,
            channel: GROUP_DM,
            thread: None,
            reach: Reach::Answers,
        }
    );
    // Alice, who never asked for DMs, learns by one that it is her move.
    let alice_dm = opened_dm(&fake, from, ALICE).await;
    let begun_dm = dm_after(&fake, from, alice_dm, "Alice's notice that the game began").await;
    assert_eq!(
        begun_dm.content(),
        format!(
            "Game #{game} against <@{BOB}> has begun: you have White, your move — deadline <t:{}:R> · {}",
            row.deadline.unwrap().0 / 1000,
            link()
        )
    );

    // Alice moves by slash command: the board comes with the answer; Bob is told by DM.
    let from = fake.mark();
    let moved = slash_move(&fake, ALICE, GROUP_DM, "b3").await;
    assert!(!moved.ephemeral());
    assert!(
        moved.content().contains("played **b3**"),
        "{}",
        moved.content()
    );
    assert_board(&moved);
    let bob_dm = opened_dm(&fake, from, BOB).await;
    let deadline = store
        .games()
        .game(row.id)
        .await
        .unwrap()
        .unwrap()
        .deadline
        .unwrap();
    assert_eq!(
        dm_after(&fake, from, bob_dm, "Bob's turn notice")
            .await
            .content(),
        format!(
            "<@{ALICE}> played **b3** in game #{game}: your move — deadline <t:{}:R> · {}",
            deadline.0 / 1000,
            link()
        )
    );

    // Bob answers with the move picker: every step is an answer to his own interactions.
    let from = fake.mark();
    let pressed = fake.press(BOB, GROUP_DM, &format!("rb:pick:{game}"));
    let pieces = answer(&fake, from, pressed).await;
    assert!(pieces.ephemeral());
    let rook = labels(&pieces)
        .into_iter()
        .find(|l| l.starts_with("Rook c6"))
        .unwrap_or_else(|| panic!("the rook on c6 in {:?}", labels(&pieces)));
    let destinations = choose(&fake, BOB, GROUP_DM, &pieces, &rook).await;
    assert_eq!(destinations.json["type"], 7, "the menu's message updated");
    let from = fake.mark();
    let closed = choose(&fake, BOB, GROUP_DM, &destinations, "Rb6").await;
    assert_eq!(closed.json["type"], 7, "the menu closed");
    let played = crate::picker::followed_up(&fake, from, "Bob's move for both").await;
    assert!(!played.ephemeral());
    assert!(
        played.content().contains("played **Rb6**"),
        "{}",
        played.content()
    );
    assert_board(&played);
    let deadline = store
        .games()
        .game(row.id)
        .await
        .unwrap()
        .unwrap()
        .deadline
        .unwrap();
    assert_eq!(
        dm_after(&fake, from, alice_dm, "Alice's turn notice")
            .await
            .content(),
        format!(
            "<@{BOB}> played **Rb6** in game #{game}: your move — deadline <t:{}:R> · {}",
            deadline.0 / 1000,
            link()
        )
    );

    // Alice blocks DMs; her reminder is refused by Discord and kept.
    fake.refuse_dms(ALICE);
    let from = fake.mark();
    clock.advance(Duration::from_secs(3 * 86_400 * 8 / 10 + 60));
    let refused = dm_after(&fake, from, alice_dm, "Alice's reminder").await;
    assert_eq!(refused.status, 403);
    let reminder = format!(
        "Reminder: your move in game #{game} against <@{BOB}> — deadline <t:{}:R> · {}",
        deadline.0 / 1000,
        link()
    );
    assert_eq!(held(&store, ALICE, 1).await[0], reminder);

    // A restart loses nothing: Alice's next command shows it, privately, and it is dropped.
    bot.shut_down(&fake).await;
    let bot = start(&fake, &db.url, clock.clone()).await;
    let store = bot.store.clone();
    assert_eq!(held(&store, ALICE, 1).await[0], reminder);
    let (games, shown) = games_with_held(&fake, ALICE).await;
    assert!(
        games.content().contains(&format!("#{game}")),
        "{}",
        games.content()
    );
    assert_eq!(
        shown.content(),
        format!(
            "I could not reach you by direct message, so here is what I had to tell you:\n• {reminder}"
        )
    );
    held(&store, ALICE, 0).await;

    // The last reminder, an hour before the deadline, is kept too.
    clock.advance(Duration::from_secs(3 * 86_400 * 2 / 10 - 60 - 3600));
    let last = format!(
        "Last reminder: your move in game #{game} against <@{BOB}> — deadline <t:{}:R> · {}",
        deadline.0 / 1000,
        link()
    );
    assert_eq!(held(&store, ALICE, 1).await[0], last);

    // The loss on time: Bob hears of it by DM, and Alice's notice of it is kept.
    let from = fake.mark();
    clock.advance(Duration::from_secs(2 * 3600));
    let timeout = format!(
        "**Game #{game}** · <@{ALICE}> did not move in time. · {}",
        link()
    );
    assert_eq!(
        dm_after(&fake, from, bob_dm, "Bob's notice of the time-out")
            .await
            .content(),
        timeout
    );
    assert_eq!(
        held(&store, ALICE, 2).await,
        [last.clone(), timeout.clone()]
    );
    let (_, shown) = games_with_held(&fake, ALICE).await;
    assert_eq!(
        shown.content(),
        format!(
            "I could not reach you by direct message, so here are the 2 notices I had for you:\n• {last}\n• {timeout}"
        )
    );
    held(&store, ALICE, 0).await;

    // Nothing was ever posted in the group DM, nor a thread made there.
    let into_group_dm =
        fake.count(|r| r.path.starts_with(&format!("/api/v10/channels/{GROUP_DM}")));
    assert_eq!(into_group_dm, 0, "the bot posted in the group DM");
    let violations = fake.violations();
    assert!(violations.is_empty(), "{violations:#?}");
    bot.shut_down(&fake).await;
}

/// The fake refuses a post into the group DM as Discord does, so a bot that tried would be
/// caught: 403, Missing Access (50001).
#[tokio::test]
async fn the_fake_refuses_posts_where_the_bot_is_no_member() {
    use serenity::all::{ChannelId, HttpError};
    let fake = FakeDiscord::start().await;
    fake.group_dm(GROUP_DM);
    let http = serenity::http::HttpBuilder::new("fake-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let error = http
        .send_message(ChannelId::new(GROUP_DM), vec![], &json!({"content": "hi"}))
        .await
        .expect_err("Discord refuses it");
    let serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) = error else {
        panic!("not Discord's refusal: {error:?}");
    };
    assert_eq!(response.status_code.as_u16(), 403);
    assert_eq!(response.error.code, 50001);
}
