//! The commands beside `/rb`, through the fake Discord: each family in a command of its own
//! (`/rb-forecast`, `/rb-vacation`, `/rb-settings`, `/rb-analysis`, `/rb-info`), answered as
//! its text command is, and the help naming the slash command of each.

use crate::bot::{ALICE, BOB, CHANNEL, Started, answer, new_game, string_option};
use crate::direct::slash_move;

use rollerball::store::PlayerId;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_families_of_commands_answer_as_their_words_do() {
    let Started {
        fake,
        db: _db,
        bot,
        store,
        ..
    } = Started::new().await;
    let (game, thread) = new_game(&fake, &store, 3).await;
    slash_move(&fake, ALICE, thread, "b3").await;
    let ask = |who: u64, command: &str, sub: Option<&str>, options: serde_json::Value| {
        let from = fake.mark();
        let id = fake.slash_to(who, thread, command, sub, options, &[]);
        (from, id)
    };

    // `/rb-forecast add`, `list` and `clear`: privately, as `forecast` is.
    let (from, id) = ask(
        ALICE,
        "rb-forecast",
        Some("add"),
        json!([string_option("moves", "f5 Rf1")]),
    );
    let saved = answer(&fake, from, id).await;
    assert!(saved.ephemeral());
    assert!(
        saved.content().starts_with(&format!(
            "Saved. Only you see your forecasts in game #{}",
            game.0
        )),
        "{}",
        saved.content()
    );
    assert_eq!(
        store
            .play()
            .forecasts(game, PlayerId(ALICE))
            .await
            .unwrap()
            .len(),
        1
    );
    let (from, id) = ask(ALICE, "rb-forecast", Some("list"), json!([]));
    let listed = answer(&fake, from, id).await;
    assert!(listed.ephemeral());
    assert!(
        listed.content().ends_with("\n1. f5 Rf1"),
        "{}",
        listed.content()
    );
    let (from, id) = ask(ALICE, "rb-forecast", Some("clear"), json!([]));
    assert!(answer(&fake, from, id).await.ephemeral());
    assert!(
        store
            .play()
            .forecasts(game, PlayerId(ALICE))
            .await
            .unwrap()
            .is_empty()
    );

    // `/rb-vacation status` and `/rb-settings pings set:off`.
    let (from, id) = ask(BOB, "rb-vacation", Some("status"), json!([]));
    assert!(
        answer(&fake, from, id)
            .await
            .content()
            .starts_with("You are not on vacation."),
    );
    let (from, id) = ask(
        BOB,
        "rb-settings",
        Some("pings"),
        json!([string_option("set", "off")]),
    );
    assert_eq!(
        answer(&fake, from, id).await.content(),
        "Saved: language **en**, pings **off**, direct messages on your turn **off**."
    );

    // `/rb-info help command:forecast` names the slash command; `/rb-analysis` of a game in
    // progress is refused as `analysis` is.
    let (from, id) = ask(
        BOB,
        "rb-info",
        Some("help"),
        json!([string_option("command", "forecast")]),
    );
    let help = answer(&fake, from, id).await;
    assert!(
        help.content()
            .ends_with("\nOn Discord: `/rb-forecast add|list|clear`"),
        "{}",
        help.content()
    );
    let (from, id) = ask(BOB, "rb-analysis", None, json!([]));
    assert_eq!(
        answer(&fake, from, id).await.content(),
        format!(
            "Game #{} is still being played. The engine looks at a game only once it is over, so that it helps neither side.",
            game.0
        )
    );

    // A command the bot does not have is refused, saying where to look.
    let from = fake.mark();
    let id = fake.slash_to(ALICE, CHANNEL, "rb-frobnicate", Some("now"), json!([]), &[]);
    assert_eq!(
        answer(&fake, from, id).await.content(),
        "I don't know `/rb-frobnicate now`; try `/rb-info help`."
    );
    let violations = fake.violations();
    assert!(violations.is_empty(), "{violations:#?}");
    bot.shut_down(&fake).await;
}
