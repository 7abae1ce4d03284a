//! Test databases: every store test runs on a fresh SQLite file and, when `TEST_DATABASE_URL` is
//! set, on a fresh schema of that PostgreSQL database, so tests run in parallel without sharing
//! state. Both are removed when the test ends, even when it fails.

#![allow(dead_code)] // each test binary uses its own part of these helpers

use std::sync::atomic::{AtomicUsize, Ordering};

use rollerball::rules::Color;
use rollerball::store::{
    AcceptedGame, Backend, ColourWish, Deadline, Game, NewChallenge, NewGame, NewMove, Place,
    PlayerId, Store, StoreOptions, Timestamp,
};
use sqlx::Connection;

/// The standard starting position (RULES.md §7).
pub const START: &str = "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1";

/// Day zero of the tests' clock.
pub const T0: Timestamp = Timestamp(1_700_000_000_000);
pub const DAY: i64 = 86_400_000;

/// One database for one test.
pub struct TestDb {
    /// What to pass to `Store::connect`.
    pub url: String,
    /// Which database it is.
    pub backend: Backend,
    /// The SQLite file's directory, deleted on drop.
    dir: Option<tempfile::TempDir>,
    /// The PostgreSQL schema, dropped on drop.
    schema: Option<(String, String)>,
}

impl TestDb {
    /// The SQLite file, for SQLite databases.
    pub fn sqlite_path(&self) -> Option<std::path::PathBuf> {
        self.dir.as_ref().map(|d| d.path().join("test.db"))
    }

    /// A store on this database (migrated).
    pub async fn store(&self) -> Store {
        Store::connect(&self.url).await.expect("connect")
    }

    /// A store with its own pool of `connections`.
    pub async fn store_with(&self, connections: u32) -> Store {
        Store::connect_with(
            &self.url,
            StoreOptions {
                max_connections: connections,
                ..StoreOptions::default()
            },
        )
        .await
        .expect("connect")
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((admin, schema)) = self.schema.take() {
            // Drop runs outside any async context we could borrow, so use a runtime of its own.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("runtime");
                rt.block_on(async {
                    if let Ok(mut conn) = sqlx::PgConnection::connect(&admin).await {
                        let _ = sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
                            .execute(&mut conn)
                            .await;
                    }
                });
            })
            .join();
        }
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh SQLite database, and a fresh PostgreSQL schema when `TEST_DATABASE_URL` is set.
pub async fn test_dbs(name: &str) -> Vec<TestDb> {
    let mut dbs = vec![sqlite_db()];
    if let Some(db) = postgres_db(name).await {
        dbs.push(db);
    }
    dbs
}

/// A fresh SQLite database in a temporary directory.
pub fn sqlite_db() -> TestDb {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    TestDb {
        url,
        backend: Backend::Sqlite,
        dir: Some(dir),
        schema: None,
    }
}

/// A fresh schema of the PostgreSQL test database, if there is one.
pub async fn postgres_db(name: &str) -> Option<TestDb> {
    let admin = std::env::var("TEST_DATABASE_URL").ok()?;
    if admin.trim().is_empty() {
        return None;
    }
    let schema = format!(
        "t_{}_{}_{}",
        name.to_lowercase()
            .replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let mut conn = sqlx::PgConnection::connect(&admin)
        .await
        .expect("TEST_DATABASE_URL is set but PostgreSQL cannot be reached");
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut conn)
        .await
        .expect("create schema");
    conn.close().await.ok();
    let separator = if admin.contains('?') { '&' } else { '?' };
    let url = format!("{admin}{separator}options=-c%20search_path%3D{schema}");
    Some(TestDb {
        url,
        backend: Backend::Postgres,
        dir: None,
        schema: Some((admin, schema)),
    })
}

/// Records the players `ids` (named p1, p2, ...).
pub async fn players(store: &Store, ids: &[u64]) {
    for &id in ids {
        store
            .upsert_player(PlayerId(id), &format!("p{id}"), T0)
            .await
            .expect("player");
    }
}

/// A game between two recorded players in channel 10 of server 1, deadline after one day.
pub fn new_game(white: u64, black: u64) -> NewGame {
    NewGame {
        place: Place {
            server: Some(1),
            channel: 10,
            thread: None,
        },
        white: Some(PlayerId(white)),
        black: Some(PlayerId(black)),
        start_fen: START.to_owned(),
        days_per_move: 3,
        rated: true,
        deadline: Deadline::at(Timestamp(T0.0 + DAY)),
        rematch_of: None,
        computer_level: None,
    }
}

/// A made-up move for ply `ply` (the store does not check positions). The FEN's side to move
/// alternates like a real game's.
pub fn fake_move(ply: u32) -> NewMove {
    let side = if ply % 2 == 1 { 'b' } else { 'w' };
    NewMove {
        san: format!("m{ply}"),
        coord: format!("c{ply}"),
        fen_after: format!("2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 {side} - {}", ply / 2 + 1),
    }
}

/// An open challenge by `challenger` in channel 10, expiring after a day.
pub fn new_challenge(challenger: u64, challenged: Option<u64>) -> NewChallenge {
    NewChallenge {
        challenger: PlayerId(challenger),
        challenged: challenged.map(PlayerId),
        place: Place {
            server: Some(1),
            channel: 10,
            thread: None,
        },
        colour: ColourWish::Random,
        days_per_move: 3,
        rated: true,
        expires_at: Timestamp(T0.0 + DAY),
    }
}

/// The game an accepted challenge becomes, the challenger playing `color`.
pub fn accepted(color: Color) -> AcceptedGame {
    AcceptedGame {
        challenger_color: color,
        thread: Some(99),
        start_fen: START.to_owned(),
        deadline: Deadline::at(Timestamp(T0.0 + 3 * DAY)),
    }
}

/// Plays `n` made-up moves on a game, returning it after the last.
pub async fn play(store: &Store, mut game: Game, n: u32) -> Game {
    use rollerball::store::AfterMove;
    for _ in 0..n {
        let ply = game.ply + 1;
        game = store
            .commit_move(
                game.id,
                game.version,
                &fake_move(ply),
                AfterMove::Continue(Deadline::at(Timestamp(T0.0 + DAY * i64::from(ply + 1)))),
                Timestamp(T0.0 + i64::from(ply)),
            )
            .await
            .expect("move");
    }
    game
}
