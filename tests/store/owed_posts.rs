//! What players are owed stays owed when the database fails in the middle of telling it: the
//! connection to PostgreSQL is dropped (through a TCP relay inside the test) just as the log's
//! consumer loads the game whose move it must post, while every other statement goes through
//! on a fresh connection; the read fails, nothing is marked done (not even by the position the
//! consumer records after it), and the same consumer posts the move at its next read. Needs
//! `TEST_DATABASE_URL`.

use crate::common;
use crate::relay;

use std::sync::Arc;
use std::time::Duration;

use common::{PLACE, World, actor};
use relay::Relay;
use rollerball::game::{ManualClock, Reply, Request, Service};
use rollerball::rules::{self, Game as RulesGame};
use rollerball::store::{Store, StoreOptions};

/// The service's store, through the relay, and the same database not through it.
async fn through_relay(name: &str) -> Option<(Relay, Service, Store, common::TestDb)> {
    let Some(db) = common::postgres_db(name).await else {
        eprintln!("TEST_DATABASE_URL is not set: skipping {name}");
        return None;
    };
    let direct = db.store().await;
    let (host, port) = relay::host_port(&db.url);
    let upstream = tokio::net::lookup_host((host.as_str(), port))
        .await
        .expect("the server's address")
        .next()
        .expect("an address");
    let relay = Relay::start(upstream).await;
    // Without TLS, so that the relay can read what the server answers.
    let mut url = relay.url_through(&db.url);
    url.push_str(if url.contains('?') { "&" } else { "?" });
    url.push_str("sslmode=disable");
    let store = Store::connect_with(
        &url,
        StoreOptions {
            max_connections: 4,
            acquire_timeout: Duration::from_millis(500),
        },
    )
    .await
    .expect("store through the relay");
    let clock = Arc::new(ManualClock::new(common::T0));
    Some((relay, World::service_on(store, clock), direct, db))
}

async fn say(service: &Service, who: u64, text: &str) -> Reply {
    let request = Request::line(actor(who, &format!("p{who}")), PLACE, text);
    let reply = service.handle(request).await.expect("an answer");
    assert!(!reply.private, "`{text}` was refused: {}", reply.text);
    reply
}

#[tokio::test]
async fn a_database_failure_while_announcing_leaves_the_move_owed() {
    let Some((relay, service, direct, _db)) = through_relay("owed_post_cut").await else {
        return;
    };
    let mut reader = service
        .feed()
        .open_event_reader("discord", None)
        .await
        .unwrap();
    say(&service, 101, "challenge <@102> white")
        .await
        .told
        .delivered();
    let game = {
        // Delivered, and dropped: its delivery is reported.
        let accepted = say(&service, 102, "accept").await;
        accepted.told.delivered();
        accepted.new_game.expect("a game begins")
    };
    let first = rules::legal_sans(RulesGame::new().position())[0].1.clone();
    // The move's answer never gets out: the consumer owes its post.
    drop(say(&service, 101, &format!("move {first}")).await);
    let fen = direct.games().game(game).await.unwrap().unwrap().fen;

    // The connection drops as the server answers the game's row (its position is in no event);
    // new connections go through, so only that read fails: a consumer that took the failure
    // for "nothing to post" would record its position past the move on a fresh connection.
    relay.blip_when_answered(fen.as_bytes());
    let failed = service.feed().next_announcements(&mut reader).await;
    assert_eq!(relay.tripped(), 1);
    assert!(failed.is_err(), "{failed:?}");

    let announcements = service
        .feed()
        .next_announcements(&mut reader)
        .await
        .unwrap();
    let texts: Vec<&str> = announcements
        .iter()
        .filter_map(|a| a.notice.as_ref())
        .map(|n| n.reply.text.as_str())
        .collect();
    let [text] = texts[..] else {
        panic!("one post of the move: {texts:?}");
    };
    assert!(
        text.starts_with(&format!("**Game #{}** · <@101> played **{first}**", game.0)),
        "{text}"
    );
    for a in &announcements {
        service
            .feed()
            .event_reader_done(&mut reader, &a.ids)
            .await
            .unwrap();
    }
    assert!(
        service
            .feed()
            .next_announcements(&mut reader)
            .await
            .unwrap()
            .is_empty()
    );
}
