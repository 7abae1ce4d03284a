//! `rollerball-load run --analysis`: the analysing pair plays the 60-move game, resigns and
//! has it analysed through the service, on a fresh game each time, until told to stop.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rollerball::discord::DiscordMarkup;
use rollerball::engine::analysis::Budget;
use rollerball::game::{EngineAnalyst, Service, SystemClock};
use rollerball::store::{GameId, Store};

#[tokio::test]
async fn one_analysis_after_another_until_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("load.db").display());
    let store = Store::connect(&url).await.unwrap();
    let service = Service::new(store.clone(), Arc::new(SystemClock))
        .with_markup(Arc::new(DiscordMarkup))
        .with_rate_limit(None)
        .with_analyst(Arc::new(EngineAnalyst(Budget { nodes: 300 })));
    let stop = Arc::new(AtomicBool::new(false));
    let analysing = tokio::spawn(rollerball_load::keep_analysing(
        Arc::new(service),
        Arc::clone(&stop),
    ));
    while store.games().analysis(GameId(1)).await.unwrap().is_none() {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let load = analysing.await.unwrap().unwrap();
    assert!(load.done >= 1, "{load}");
    // Every game it played was analysed whole: 120 plies, 121 positions.
    for game in 1..=load.done {
        let stored = store
            .games()
            .analysis(GameId(i64::from(game)))
            .await
            .unwrap();
        assert_eq!(stored.map(|a| a.positions.len()), Some(121), "game {game}");
    }
    assert!(
        load.to_string()
            .starts_with(&format!("analyses beside the load: {}, ", load.done))
    );
}
