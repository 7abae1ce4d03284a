//! `rollerball-load lookups` and `run --flood-engine`: the player at the caps, the 5,000 rows
//! and the flooded engine are what the command says they are.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rollerball::discord::DiscordMarkup;
use rollerball::engine::Level;
use rollerball::game::{Searcher, Service, SystemClock};
use rollerball::rules::{Game, Move};
use rollerball::store::{PlayerId, Store};

async fn scratch() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("flood.db").display());
    let store = Store::connect(&url).await.unwrap();
    (dir, store)
}

#[tokio::test]
async fn lookups_are_timed_beside_a_player_at_the_caps_and_beside_stored_games() {
    let (_dir, store) = scratch().await;
    let report = rollerball_load::measure_lookups(store.clone(), 6, 30)
        .await
        .unwrap();
    for timed in [&report.alone, &report.at_the_caps, &report.stored] {
        assert_eq!(timed.count(), 6);
    }
    // The other player: 20 games by the service (the caps), 30 more stored straight.
    let theirs = store.games().active_games_of(PlayerId(3)).await.unwrap();
    assert_eq!(theirs.len(), 50);
    assert_eq!(
        theirs.iter().filter(|g| g.computer_level.is_some()).count(),
        35
    );
    assert!(
        report
            .to_string()
            .contains("and 30 more of that player's games stored there: 6 commands, median ")
    );
}

/// Answers at once with the first legal move.
struct Instant;

impl Searcher for Instant {
    fn best_move(&self, game: &Game, _: Level, _: u64) -> Option<Move> {
        game.position().legal_moves().first().copied()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_flooder_keeps_five_games_going_and_the_probe_is_timed() {
    let (_dir, store) = scratch().await;
    let service = Service::new(store.clone(), Arc::new(SystemClock))
        .with_markup(Arc::new(DiscordMarkup))
        .with_rate_limit(None)
        .with_searches(Arc::new(Instant), 1);
    let stop = Arc::new(AtomicBool::new(false));
    let flooding = tokio::spawn(rollerball_load::keep_flooding(
        Arc::new(service),
        store.clone(),
        true,
        Arc::clone(&stop),
    ));
    // The five games of the flooder and the probe's one are all going.
    for _ in 0..500 {
        if store
            .games()
            .active_games_of(PlayerId(3))
            .await
            .unwrap()
            .len()
            == 5
            && store
                .games()
                .active_games_of(PlayerId(4))
                .await
                .unwrap()
                .len()
                == 1
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let flooder = store.games().active_games_of(PlayerId(3)).await.unwrap();
    assert_eq!(flooder.len(), 5);
    assert!(
        flooder
            .iter()
            .all(|g| g.computer_level == Some(rollerball::store::Level::MAX))
    );
    let probe = store.games().active_games_of(PlayerId(4)).await.unwrap();
    assert_eq!(probe[0].computer_level, Some(rollerball::store::Level::MIN));
    // Until the probe's first move and the computer's answer are in, and one of the flood's.
    for _ in 0..1000 {
        let probed = store.games().moves(probe[0].id).await.unwrap().len();
        let flooded = store.games().moves(flooder[0].id).await.unwrap().len();
        if probed >= 2 && flooded >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let load = flooding.await.unwrap().unwrap();
    assert!(load.flood_answers > 0 && load.probe.count() > 0, "{load}");
    // Stopped, every game it left going was resigned.
    for player in [3, 4] {
        assert!(
            store
                .games()
                .active_games_of(PlayerId(player))
                .await
                .unwrap()
                .is_empty()
        );
    }
}
