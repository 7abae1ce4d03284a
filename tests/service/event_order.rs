//! Every reader of the event log tells an event whose commit lands long after it took its id
//! (PostgreSQL: ids come from a sequence, before the commit), while later events are committed
//! and told: the poster, the turn notices' reader and the web's live pages. A trigger holds the
//! move's transaction on an advisory lock the test holds, for longer than the 5 s after which
//! the readers used to give such an id up for rolled back. Needs `TEST_DATABASE_URL`.

use crate::common;
use crate::event_posts::posted_by;

use std::time::Duration;

use common::{World, alice, bob, carol, dave};
use rollerball::game::LogCursor;
use sqlx::Connection;

/// The advisory lock the trigger waits on.
const HOLD: i64 = 4242;

/// The live pages' news, as the web's hub reads it: (game, move).
async fn live(w: &World, cursor: &mut LogCursor) -> Vec<(i64, String)> {
    let (events, _) = w.service.feed().live_events(cursor, 100).await.unwrap();
    events
        .into_iter()
        .filter_map(|e| Some((e.game.0, e.san?)))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_committed_long_after_its_id_is_told_by_every_reader() {
    let Some(db) = common::postgres_db("svc_slow_commit").await else {
        eprintln!("TEST_DATABASE_URL is not set: skipping the slow commit");
        return;
    };
    let url = db.url.clone();
    let w = World::new(db).await;
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    // Alice's move b3 in game 1 takes its event id, then waits for the lock.
    sqlx::raw_sql(
        "CREATE FUNCTION hold_b3() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
           IF NEW.game_id = 1 AND NEW.data LIKE '%\"san\":\"b3\"%' THEN \
             PERFORM pg_advisory_xact_lock(4242); \
           END IF; RETURN NEW; END $$; \
         CREATE TRIGGER hold_b3 AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION hold_b3();",
    )
    .execute(&mut admin)
    .await
    .unwrap();

    let mut poster = w
        .service
        .feed()
        .open_event_reader("discord", None)
        .await
        .unwrap();
    let mut hub = w.service.feed().newest_log_cursor().await.unwrap();
    for who in [bob(), dave()] {
        w.say(&who, "settings dm on").await;
    }
    let one = w.start(&alice(), &bob(), "").await;
    let two = w.start(&carol(), &dave(), "").await;
    posted_by(&w.service, &mut poster).await;
    w.turn_notices().await;
    live(&w, &mut hub).await;

    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(HOLD)
        .execute(&mut admin)
        .await
        .unwrap();
    let slow = {
        let service = std::sync::Arc::clone(&w.service);
        tokio::spawn(async move {
            // Its answer never gets out: the poster owes the post.
            drop(common::say_to(&service, &alice(), &format!("move #{} b3", one.0)).await);
        })
    };
    // Held: its transaction waits on the lock, its event's id taken.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        )
        .fetch_one(&mut admin)
        .await
        .unwrap();
        if waiting == 1 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the move never held"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A later move commits, and is told at once by every reader.
    drop(w.ok(&carol(), &format!("move #{} b3", two.0)).await);
    let posted = posted_by(&w.service, &mut poster).await;
    assert_eq!(posted.len(), 1, "{posted:?}");
    assert!(posted[0].reply.text.contains("<@103> played **b3**"));
    let notices = w.turn_notices().await;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].to, dave().id);
    assert_eq!(live(&w, &mut hub).await, [(two.0, "b3".to_string())]);

    // Longer than the readers used to wait before giving the id up.
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert!(posted_by(&w.service, &mut poster).await.is_empty());
    assert!(w.turn_notices().await.is_empty());
    assert!(live(&w, &mut hub).await.is_empty());

    // The move commits: every reader tells it, once.
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(HOLD)
        .execute(&mut admin)
        .await
        .unwrap();
    slow.await.unwrap();
    let posted = posted_by(&w.service, &mut poster).await;
    assert_eq!(posted.len(), 1, "{posted:?}");
    assert!(
        posted[0].reply.text.contains("<@101> played **b3**"),
        "{}",
        posted[0].reply.text
    );
    let notices = w.turn_notices().await;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].to, bob().id);
    assert_eq!(live(&w, &mut hub).await, [(one.0, "b3".to_string())]);
    assert!(posted_by(&w.service, &mut poster).await.is_empty());
    assert!(w.turn_notices().await.is_empty());
}
