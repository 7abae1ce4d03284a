//! `rollerball-load watchers`, small: 50 watchers of live pages on the real web server (two
//! games, 25 each) hear of 3 moves of each game, every move exactly once, in order, with the
//! event log's ids; and `page` serves a game page and weighs it. No time is asserted: these
//! machines are shared.

use std::time::Duration;

use rollerball_load::{WatchOptions, measure_watchers};

use crate::common;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_watcher_hears_of_every_move_once_in_order() {
    for db in common::test_dbs("watchers").await {
        every_move_once(&db, None).await;
    }
}

/// The same with the watchers in a child process (`rollerball-load watch-clients`), as the
/// command runs them: their logs cross the process boundary whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_in_a_process_of_their_own_hear_the_same() {
    let program = std::path::PathBuf::from(env!("CARGO_BIN_EXE_rollerball-load"));
    every_move_once(&common::sqlite_db(), Some(program)).await;
}

async fn every_move_once(db: &common::TestDb, apart: Option<std::path::PathBuf>) {
    let options = WatchOptions {
        games: 2,
        per_game: 25,
        moves: 3,
        gap: Duration::ZERO,
        hold: Duration::ZERO,
        timeout: Duration::from_secs(60),
        control: false,
        apart,
    };
    let report = measure_watchers(db.store().await, &options).await.unwrap();
    assert_eq!(report.watchers(), 50);
    assert_eq!(report.errors(), Vec::<String>::new(), "{report}");
    assert_eq!(report.logged.len(), 2);
    for (game, logged) in &report.logged {
        assert_eq!(logged.len(), 3, "game #{}: {logged:?}", game.0);
        let plies: Vec<u32> = logged.iter().map(|(_, ply, _)| *ply).collect();
        assert_eq!(plies, [1, 2, 3]);
        assert!(logged.windows(2).all(|w| w[0].0 < w[1].0), "{logged:?}");
    }
    for log in &report.logs {
        let logged = &report
            .logged
            .iter()
            .find(|(g, _)| *g == log.game)
            .expect("a watched game")
            .1;
        let heard: Vec<(i64, u32, String)> = log
            .moves
            .iter()
            .map(|m| (m.id, m.ply, m.san.clone()))
            .collect();
        assert_eq!(&heard, logged, "game #{}", log.game.0);
        assert!(log.counts >= 1, "told how many watch");
        assert_eq!(log.resyncs, 0);
    }
    assert_eq!(report.exact(), 50);
    assert_eq!(report.latency.count(), 150);
    let text = report.to_string();
    assert!(
        text.contains("50 of 50 watchers got every move once, in order"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_is_served_and_weighed() {
    let db = common::sqlite_db();
    let report = rollerball_load::measure_page(db.store().await, 10, 3, Duration::from_secs(30))
        .await
        .unwrap();
    assert_eq!(report.latency.count(), 3);
    let urls: Vec<&str> = report.assets.iter().map(|(u, _)| u.as_str()).collect();
    assert!(
        urls.iter().any(|u| u.starts_with("/assets/site.css")),
        "{urls:?}"
    );
    assert!(
        urls.iter().any(|u| u.starts_with("/assets/game.js")),
        "{urls:?}"
    );
    assert!(report.assets.iter().all(|(_, bytes)| *bytes > 100));
    assert!(report.html > 10_000, "the page with its board: {report}");
}
