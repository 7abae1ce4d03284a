//! The live pages' streams as a hostile client opens them: none for a game that does not
//! exist, a bound of streams per client address, and a watcher count of addresses, which one
//! client cannot inflate.

use rollerball::model::GameId;
use rollerball::web::{FileLimits, Files, LiveLimits};

use crate::common::test_dbs;
use crate::web::{Site, client, game_with, next_event};

/// A site whose live pages take the client's address from `X-Real-IP`, as behind a proxy.
async fn proxied_site(db: crate::common::TestDb) -> Site {
    let live = LiveLimits {
        client_header: Some("x-real-ip".parse().unwrap()),
        ..LiveLimits::default()
    };
    Site::with(db, Files::new(FileLimits::default()), live).await
}

#[tokio::test]
async fn no_stream_is_opened_for_a_game_that_does_not_exist() {
    for db in test_dbs("web_streams_unknown").await {
        let site = Site::on(db).await;
        let http = client();
        let answer = http
            .get(site.url("/games/999/events"))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 404);
        assert!(
            answer
                .text()
                .await
                .unwrap()
                .contains("There is no game #999.")
        );
        assert_eq!(site.hub.streams(), 0);
        assert_eq!(site.hub.watchers(GameId(999)), 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_holds_a_bounded_number_of_streams_and_counts_once() {
    for db in test_dbs("web_streams_bound").await {
        let site = Site::on(db).await;
        let id = game_with(&site, "").await;
        let events = site.url(&format!("/games/{}/events", id.0));
        let http = client();
        let bound = LiveLimits::default().per_client;
        let mut open = Vec::new();
        for _ in 0..bound {
            let mut stream = http.get(&events).send().await.unwrap();
            assert_eq!(stream.status(), 200);
            let mut buffer = String::new();
            // However many streams it opens, the client is one watcher.
            let (_, kind, data) = next_event(&mut stream, &mut buffer).await;
            assert_eq!(kind, "watchers");
            assert_eq!(data, r#"{"count":1,"text":"1 person watching"}"#);
            open.push(stream);
        }
        assert_eq!((site.hub.streams(), site.hub.watchers(id)), (bound, 1));
        let refused = http.get(&events).send().await.unwrap();
        assert_eq!(refused.status(), 429);
        assert_eq!(refused.headers()["retry-after"], "60");
        assert!(
            refused
                .text()
                .await
                .unwrap()
                .contains("Too many live pages are open from your address")
        );
        assert_eq!(site.hub.streams(), bound);
        // One closed makes room for one.
        drop(open.pop());
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
        while site.hub.streams() == bound {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the stream is let go"
            );
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let again = http.get(&events).send().await.unwrap();
        assert_eq!(again.status(), 200);
        drop(open);
    }
}

#[tokio::test]
async fn behind_a_proxy_the_named_header_is_the_client() {
    for db in test_dbs("web_streams_proxy").await {
        let site = proxied_site(db).await;
        let id = game_with(&site, "").await;
        let events = site.url(&format!("/games/{}/events", id.0));
        let http = client();
        let open = |address: &'static str| {
            let (http, events) = (http.clone(), events.clone());
            async move {
                let mut stream = http
                    .get(&events)
                    .header("x-real-ip", address)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(stream.status(), 200);
                let mut buffer = String::new();
                let (_, _, data) = next_event(&mut stream, &mut buffer).await;
                (stream, data)
            }
        };
        let (_a, first) = open("203.0.113.1").await;
        assert_eq!(first, r#"{"count":1,"text":"1 person watching"}"#);
        let (_a2, again) = open("203.0.113.1").await;
        assert_eq!(again, r#"{"count":1,"text":"1 person watching"}"#);
        let (_b, other) = open("203.0.113.2").await;
        assert_eq!(other, r#"{"count":2,"text":"2 people watching"}"#);
        assert_eq!((site.hub.streams(), site.hub.watchers(id)), (3, 2));
    }
}
