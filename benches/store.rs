//! Move commits per second through the store, beside the bare limit of the same database.
//!
//! For each database (SQLite in a temporary file; PostgreSQL when `BENCH_DATABASE_URL` or
//! `TEST_DATABASE_URL` is set) it measures, for `BENCH_SECONDS` seconds each (default 2), three
//! times over, interleaved:
//!
//! - **store, one game**: one task commits moves to one game, one after another;
//! - **store, 1,000 games**: 1,000 tasks, one per game, each committing moves to its game;
//! - **bare, sequential**: one connection commits single-row insert transactions;
//! - **bare, concurrent**: 1,000 tasks commit single-row insert transactions over a pool as large
//!   as the store's (PostgreSQL only: SQLite has one writer at a time, so its concurrent limit
//!   is its sequential one).
//!
//! Both use the same durability settings (SQLite: WAL, `synchronous=FULL`; PostgreSQL: the
//! server's, `fsync=on`, `synchronous_commit=on` by default). Run with
//! `cargo bench --bench store`; the figures go into `BENCHMARKS.md`. A custom harness rather
//! than criterion's: the quantity is a throughput under concurrency, not a per-call latency.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rollerball::store::{
    AfterMove, Deadline, Game, GameId, NewMove, Store, StoreOptions, Timestamp,
};
use sqlx::{ConnectOptions, Connection, Executor};

const START: &str = "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1";
const GAMES: i64 = 1_000;
const POOL: u32 = 16;
const ROUNDS: usize = 3;

fn seconds() -> Duration {
    let s = std::env::var("BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    Duration::from_secs_f64(s)
}

fn a_move(ply: u32) -> NewMove {
    NewMove {
        san: "Rb7+".into(),
        coord: "c2-b7".into(),
        fen_after: format!(
            "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 {} - {}",
            if ply % 2 == 1 { 'b' } else { 'w' },
            ply / 2 + 1
        ),
    }
}

/// Commits moves to `game` until `stop`, counting them.
async fn keep_moving(store: Store, mut game: Game, stop: Arc<AtomicBool>, count: Arc<AtomicU64>) {
    while !stop.load(Ordering::Relaxed) {
        let ply = game.ply + 1;
        let now = Timestamp::now();
        let next = AfterMove::Continue(Deadline::at(now.plus_days(3)));
        game = store
            .play()
            .commit_move(game.id, game.version, &a_move(ply), next, now)
            .await
            .expect("commit");
        count.fetch_add(1, Ordering::Relaxed);
    }
}

/// Runs `tasks` for the benchmark's duration and returns commits per second.
async fn rate<F>(tasks: F) -> f64
where
    F: FnOnce(Arc<AtomicBool>, Arc<AtomicU64>) -> Vec<tokio::task::JoinHandle<()>>,
{
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let handles = tasks(stop.clone(), count.clone());
    tokio::time::sleep(seconds()).await;
    stop.store(true, Ordering::Relaxed);
    for handle in handles {
        handle.await.expect("task");
    }
    count.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64()
}

/// Players 1..=2000 and games 1..=1000 (game g: player 2g-1 against 2g), in one transaction.
async fn seed(store: &Store) {
    let mut tx = store.pool().begin().await.unwrap();
    let counter = |n: i64| {
        format!("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n}) ")
    };
    for sql in [
        format!(
            "{}INSERT INTO players (id, name, created_at, updated_at) SELECT i, 'p' || i, 0, 0 FROM n",
            counter(2 * GAMES)
        ),
        format!(
            "{}INSERT INTO games (id, server_id, channel_id, white_id, black_id, status, start_fen, \
               fen, to_move, ply, version, days_per_move, rated, deadline_at, created_at, updated_at) \
             SELECT i, 1, 1, 2 * i - 1, 2 * i, 'active', '{START}', '{START}', 'white', 0, 1, 3, 1, \
               4102444800000, 0, 0 FROM n",
            counter(GAMES)
        ),
        format!(
            "UPDATE id_counters SET next_id = {} WHERE name = 'game'",
            GAMES + 1
        ),
    ] {
        sqlx::query(&sql).execute(&mut *tx).await.unwrap();
    }
    tx.commit().await.unwrap();
}

/// Opens a store on `url` and seeds it.
async fn bench_store(url: &str) -> Store {
    let store = Store::connect_with(
        url,
        StoreOptions {
            max_connections: POOL,
            ..StoreOptions::default()
        },
    )
    .await
    .expect("connect");
    seed(&store).await;
    store
}

/// Moves on game 1 alone, one after another.
async fn store_one(store: &Store) -> f64 {
    let store = store.clone();
    let game = store.games().game(GameId(1)).await.unwrap().unwrap();
    rate(move |stop, count| vec![tokio::spawn(keep_moving(store, game, stop, count))]).await
}

/// Moves on all 1,000 games at once, one task per game.
async fn store_many(store: &Store) -> f64 {
    let mut games = Vec::new();
    for id in 1..=GAMES {
        games.push(store.games().game(GameId(id)).await.unwrap().unwrap());
    }
    let store = store.clone();
    rate(move |stop, count| {
        games
            .into_iter()
            .map(|g| tokio::spawn(keep_moving(store.clone(), g, stop.clone(), count.clone())))
            .collect()
    })
    .await
}

/// A native SQLite connection with the store's pragmas, and a table for bare inserts.
async fn bare_sqlite_connection(path: &std::path::Path) -> sqlx::SqliteConnection {
    use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .foreign_keys(true)
        .connect()
        .await
        .unwrap();
    conn.execute("CREATE TABLE bare (id INTEGER PRIMARY KEY, v BIGINT NOT NULL)")
        .await
        .unwrap();
    conn.execute(PREGROW_WAL).await.unwrap();
    conn
}

/// Grows a SQLite file's write-ahead log to its working size before measuring. A fresh log
/// grows with every commit, and an fsync that also extends the file costs several times one
/// that does not: without this the first database measured looks slower than it is.
const PREGROW_WAL: &str = "CREATE TABLE warm (b BLOB); \
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) \
    INSERT INTO warm SELECT randomblob(4096) FROM n; \
    DROP TABLE warm;";

/// Single-row insert transactions on one SQLite connection.
async fn bare_sqlite(conn: Arc<tokio::sync::Mutex<sqlx::SqliteConnection>>) -> f64 {
    rate(move |stop, count| {
        vec![tokio::spawn(async move {
            let mut conn = conn.lock().await;
            let mut v = 0i64;
            while !stop.load(Ordering::Relaxed) {
                let mut tx = conn.begin().await.unwrap();
                sqlx::query("INSERT INTO bare (v) VALUES ($1)")
                    .bind(v)
                    .execute(&mut *tx)
                    .await
                    .unwrap();
                tx.commit().await.unwrap();
                v += 1;
                count.fetch_add(1, Ordering::Relaxed);
            }
        })]
    })
    .await
}

/// Single-row insert transactions on PostgreSQL: `tasks` tasks over `pool`.
async fn bare_postgres(pool: &sqlx::PgPool, tasks: i64) -> f64 {
    rate(|stop, count| {
        (0..tasks)
            .map(|t| {
                let pool = pool.clone();
                let stop = stop.clone();
                let count = count.clone();
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        let mut tx = pool.begin().await.unwrap();
                        sqlx::query("INSERT INTO bare (v) VALUES ($1)")
                            .bind(t)
                            .execute(&mut *tx)
                            .await
                            .unwrap();
                        tx.commit().await.unwrap();
                        count.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect()
    })
    .await
}

/// A PostgreSQL pool of `connections` on `schema`, with the bare table.
async fn bare_postgres_pool(url: &str, schema: &str, connections: u32) -> sqlx::PgPool {
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(connections)
        .connect(&with_schema(url, schema))
        .await
        .unwrap();
    sqlx::query("CREATE TABLE IF NOT EXISTS bare (id BIGSERIAL PRIMARY KEY, v BIGINT NOT NULL)")
        .execute(&pool)
        .await
        .unwrap();
    pool
}

/// The median of a few measurements.
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn with_schema(url: &str, schema: &str) -> String {
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}options=-c%20search_path%3D{schema}")
}

fn row(db: &str, what: &str, rate: f64, limit: f64) {
    println!(
        "| {db} | {what} | {rate:.0} | {limit:.0} | {:.0}% |",
        100.0 * rate / limit
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this once with no flag, where a
    // few seconds of disk writes would only slow the test suite down.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        println!("| database | workload | commits/s | bare limit/s | of limit |");
        println!("|---|---|---:|---:|---:|");

        // Shared disks are noisy: each workload runs ROUNDS times, interleaved with its bare
        // limit so that both see the same conditions, and the medians are reported.
        let dir = tempfile::tempdir().unwrap();
        let bare = Arc::new(tokio::sync::Mutex::new(
            bare_sqlite_connection(&dir.path().join("bare.db")).await,
        ));
        let store = bench_store(&format!(
            "sqlite://{}",
            dir.path().join("bench.db").display()
        ))
        .await;
        sqlx::raw_sql(PREGROW_WAL)
            .execute(store.pool())
            .await
            .unwrap();
        let (mut b, mut one, mut many) = (vec![], vec![], vec![]);
        for _ in 0..ROUNDS {
            b.push(bare_sqlite(bare.clone()).await);
            one.push(store_one(&store).await);
            many.push(store_many(&store).await);
        }
        store.close().await;
        let b = median(b);
        row("SQLite", "one game at a time", median(one), b);
        row("SQLite", "1,000 concurrent games", median(many), b);

        let pg = std::env::var("BENCH_DATABASE_URL")
            .or_else(|_| std::env::var("TEST_DATABASE_URL"))
            .ok()
            .filter(|u| !u.is_empty());
        let Some(pg) = pg else {
            println!("(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
            return;
        };
        let schema = format!("bench_store_{}", std::process::id());
        let mut admin = sqlx::PgConnection::connect(&pg).await.unwrap();
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&mut admin)
            .await
            .unwrap();
        let single = bare_postgres_pool(&pg, &schema, 1).await;
        let pooled = bare_postgres_pool(&pg, &schema, POOL).await;
        let store = bench_store(&with_schema(&pg, &schema)).await;
        let (mut b1, mut bn, mut one, mut many) = (vec![], vec![], vec![], vec![]);
        for _ in 0..ROUNDS {
            b1.push(bare_postgres(&single, 1).await);
            one.push(store_one(&store).await);
            bn.push(bare_postgres(&pooled, GAMES).await);
            many.push(store_many(&store).await);
        }
        store.close().await;
        single.close().await;
        pooled.close().await;
        row("PostgreSQL", "one game at a time", median(one), median(b1));
        row(
            "PostgreSQL",
            "1,000 concurrent games",
            median(many),
            median(bn),
        );
        sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
            .execute(&mut admin)
            .await
            .unwrap();
    });
}
