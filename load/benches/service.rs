//! A move through the whole service — parse, load, check, commit, render — with many active
//! games on SQLite: latency (median, 99th percentile) and moves per second.
//!
//! `cargo bench --bench service` (optionally `-- GAMES MOVES_PER_GAME TASKS`, defaults
//! 1000 3 16). Not a criterion benchmark: percentiles of a concurrent load are the figures
//! wanted. It is `rollerball-load run` with these numbers on a fresh SQLite file: both run the
//! driver of this crate.

use std::sync::Arc;

use rollerball::discord::DiscordMarkup;
use rollerball::game::{Service, SystemClock};
use rollerball::store::Store;
use rollerball_load::{LoadOptions, Outputs, Stop};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(1000);
    let moves_per_game = args.get(1).copied().unwrap_or(3);
    let tasks = args.get(2).copied().unwrap_or(16);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("bench.db").display());
        let store = Store::connect(&url).await.expect("database");
        let service = Arc::new(
            Service::new(store.clone(), Arc::new(SystemClock))
                .with_markup(Arc::new(DiscordMarkup))
                .with_rate_limit(None),
        );
        let options = LoadOptions {
            games,
            concurrency: tasks,
            stop: Stop::Rounds(moves_per_game as u64),
            ..LoadOptions::default()
        };
        let report = rollerball_load::run(service, store.clone(), &options, Outputs::default())
            .await
            .expect("the load run");
        assert_eq!(report.refused, 0, "every move is acknowledged");
        print!("{report}");
        store.close().await;
    });
}
