//! A game played in the console on the bot's own database is not Discord's: the bot's poster
//! and turn notices read its events like any other, and tell nothing of it on Discord.

use std::sync::Arc;
use std::time::Duration;

use rollerball::discord::DiscordMarkup;
use rollerball::game::{Actor, Request, Service};
use rollerball::model::{GameId, Place, PlayerId, Reach};

use crate::bot::{ALICE, BOB, CHANNEL, Started};
use crate::fake_discord::GUILD;

fn actor(id: u64, name: &str) -> Actor {
    Actor {
        id: PlayerId(id),
        name: name.into(),
    }
}

/// `who` says `text` in `place` through `service`, which must accept it.
async fn say(service: &Service, who: &Actor, place: Place, text: &str) -> rollerball::game::Reply {
    let reply = service
        .handle(Request::line(who.clone(), place, text))
        .await
        .expect("an answer");
    assert!(!reply.private, "`{text}` was refused: {}", reply.text);
    reply
}

/// Starts a game between Alice and Bob in `place` and plays `moves` in it.
async fn game_in(service: &Service, place: Place, moves: &[&str]) -> GameId {
    let (alice, bob) = (actor(ALICE, "Alice"), actor(BOB, "Bob"));
    say(
        service,
        &alice,
        place,
        &format!("challenge <@{BOB}> white days 2"),
    )
    .await;
    let id = say(service, &bob, place, "accept")
        .await
        .new_game
        .expect("a game");
    for (i, san) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { &alice } else { &bob };
        say(service, who, place, &format!("move #{} {san}", id.0)).await;
    }
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_news_of_a_console_game_is_not_told_on_discord() {
    let s = Started::new().await;
    // Another front end on the same store (the console), as a second service would be.
    let console = Service::new(s.store.clone(), s.clock.clone())
        .with_rate_limit(None)
        .with_markup(Arc::new(DiscordMarkup));
    let from = s.fake.mark();
    let played = game_in(&console, Place::CONSOLE, &["c1b2", "f5"]).await;
    // Then a move in a game of the Discord channel, made from that other service too: the
    // bot's poster posts it, after reading the console game's events before it.
    let discord = Place {
        server: Some(GUILD),
        channel: CHANNEL,
        thread: None,
        reach: Reach::Posts,
    };
    let control = game_in(&console, discord, &[]).await;
    say(
        &console,
        &actor(ALICE, "Alice"),
        discord,
        &format!("move #{} c1b2", control.0),
    )
    .await;
    let path = format!("/api/v10/channels/{CHANNEL}/messages");
    s.fake
        .wait_for(from, "the Discord game's move, posted", |r| {
            r.method == "POST" && r.path == path && r.content().contains("played")
        })
        .await;
    // The turn notices' reader runs on its own: give it the time to read everything.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let requests = s.fake.requests();
    let told = requests[from..]
        .iter()
        .filter(|r| {
            r.path
                .contains(&format!("/channels/{}/", Place::CONSOLE.channel))
                || r.content().contains(&format!("#{}", played.0))
        })
        .map(|r| format!("{} {} {}", r.method, r.path, r.content()))
        .collect::<Vec<_>>();
    assert!(
        told.is_empty(),
        "the console game was told on Discord: {told:#?}"
    );
    assert!(s.fake.violations().is_empty(), "{:#?}", s.fake.violations());
    s.bot.shut_down(&s.fake).await;
}
