//! Start-up against the number of games stored: `rollerball-load startup` (open and migrate the
//! database, create the game service, run the first deadline sweep) on a database of 0 games and
//! of GAMES games (10 moves each, one in ten active), SQLite and — with `TEST_DATABASE_URL` — a
//! fresh schema of that PostgreSQL server. Each start-up is a new process, as a restarted bot is.
//!
//! `cargo bench --bench startup` (optionally `-- GAMES`, default 100000).

#[path = "../../tests/common/mod.rs"]
mod common;

use std::process::Command;
use std::time::Instant;

use rollerball::store::Timestamp;

const RUNS: usize = 3;

fn startup(url: &str) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_rollerball-load"))
        .args(["startup", "--database", url])
        .output()
        .expect("rollerball-load startup");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let line = String::from_utf8_lossy(&output.stdout).to_string();
    // Without the URL, which names a temporary file or schema.
    line.split_once(": ")
        .map(|(_, report)| report.trim().to_string())
        .unwrap_or(line)
}

fn main() {
    let games: i64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(100_000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        for stored in [0, games] {
            let mut dbs = vec![common::sqlite_db()];
            dbs.extend(common::postgres_db("startup_bench").await);
            for db in dbs {
                let store = db.store().await;
                let seeding = Instant::now();
                common::seed_stored_games(&store, stored, 10, Timestamp::now()).await;
                let seeded = seeding.elapsed();
                store.close().await;
                drop(store);
                let size = db
                    .sqlite_path()
                    .and_then(|p| std::fs::metadata(p).ok())
                    .map(|m| format!(", {:.1} MB on disk", m.len() as f64 / 1e6))
                    .unwrap_or_default();
                println!(
                    "{:?}, {stored} games stored (seeded in {:.1} s{size}):",
                    db.backend,
                    seeded.as_secs_f64()
                );
                for _ in 0..RUNS {
                    println!("  {}", startup(&db.url));
                }
            }
        }
    });
}
