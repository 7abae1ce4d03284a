//! Test databases: every store test runs on a fresh SQLite file and, when `TEST_DATABASE_URL` is
//! set, on a fresh schema of that PostgreSQL database, so tests run in parallel without sharing
//! state. Both are removed when the test ends, even when it fails.

#![allow(dead_code)] // each test binary uses its own part of these helpers

use std::sync::atomic::{AtomicUsize, Ordering};

use rollerball::rules::Color;
use rollerball::store::{
    AcceptedGame, Backend, ColourWish, Days, Deadline, Game, NewChallenge, NewGame, NewMove, Place,
    PlayerId, Reach, Store, StoreOptions, Timestamp,
};
use sqlx::Connection;

/// The standard starting position (RULES.md §7).
pub const START: &str = "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1";

/// A player as a front end would name them to the service.
pub fn actor(id: u64, name: &str) -> rollerball::game::Actor {
    rollerball::game::Actor {
        id: PlayerId(id),
        name: name.into(),
    }
}

/// The players of the service-level tests, always with the same ids.
pub fn alice() -> rollerball::game::Actor {
    actor(101, "alice")
}
pub fn bob() -> rollerball::game::Actor {
    actor(102, "bob")
}
pub fn carol() -> rollerball::game::Actor {
    actor(103, "carol")
}
pub fn dave() -> rollerball::game::Actor {
    actor(104, "dave")
}

/// Asserts that SQLite finds its file sound (`PRAGMA integrity_check` answers `ok`).
pub async fn assert_sqlite_sound(store: &Store) {
    let check: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(store.pool())
        .await
        .unwrap();
    assert_eq!(check, vec!["ok".to_owned()]);
}

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
                        // A pooled connection of the test's store may still hold a transaction
                        // whose rollback waits for a task of the test's runtime, which this
                        // drop blocks: the schema's drop would wait for it for ever.
                        let _ = sqlx::query(
                            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                             WHERE application_name = $1",
                        )
                        .bind(&schema)
                        .execute(&mut conn)
                        .await;
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
    // Named after its schema, so that dropping it can end whatever session a test left behind.
    let url =
        format!("{admin}{separator}options=-c%20search_path%3D{schema}&application_name={schema}");
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
            .players()
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
            reach: Reach::Posts,
        },
        white: Some(PlayerId(white)),
        black: Some(PlayerId(black)),
        start_fen: START.to_owned(),
        days_per_move: Days::DEFAULT,
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
            reach: Reach::Posts,
        },
        colour: ColourWish::Random,
        days_per_move: Days::DEFAULT,
        rated: true,
        expires_at: Timestamp(T0.0 + DAY),
        rematch_of: None,
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
            .play()
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

/// Fills an empty database with `games` stored games of the same `plies` legal moves each, in
/// one transaction of a few statements (fast enough for 100,000 games): every tenth game is
/// active with its deadline and reminders a week after `now` (nothing is due), the others
/// finished by resignation and already counted in the ratings (as a long-running bot's history
/// is; otherwise the first sweep would rate them). The players are 1 to 1,000; game `i` is played in channel
/// `5000 + i % 200`. For measuring what start-up costs as games pile up.
pub async fn seed_stored_games(store: &Store, games: i64, plies: usize, now: Timestamp) {
    if games == 0 {
        return;
    }
    // One line of play, the first legal move each time that does not end the game.
    let mut line = rollerball::rules::Game::new();
    let mut rows = Vec::new();
    while line.ply() < plies {
        let position = *line.position();
        let mv = position
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| {
                let mut next = line.clone();
                next.play(mv).is_ok() && next.outcome().is_none()
            })
            .expect("a move that keeps the game going");
        let coord = rollerball::rules::coordinate(&position, mv);
        line.play(mv).expect("legal");
        let color = if line.ply() % 2 == 1 {
            "white"
        } else {
            "black"
        };
        rows.push(format!(
            "({}, '{}', '{coord}', '{}', '{color}')",
            line.ply(),
            line.sans().last().expect("a move"),
            line.position().to_fen()
        ));
    }
    let fen = line.position().to_fen();
    let to_move = match line.position().side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    let week = now.0 + 7 * DAY;
    let mut tx = store.pool().begin().await.expect("begin");
    let mut statements = vec![
        format!(
            "WITH RECURSIVE n(i) AS (SELECT CAST(1 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < 1000) \
             INSERT INTO players (id, name, language, ping, created_at, updated_at) \
             SELECT i, 'p' || CAST(i AS TEXT), 'en', 1, {now}, {now} FROM n",
            now = now.0
        ),
        format!(
            "WITH RECURSIVE n(i) AS (SELECT CAST(1 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < {games}) \
             INSERT INTO games (id, server_id, channel_id, thread_id, white_id, black_id, status, result, \
               termination, start_fen, fen, to_move, ply, version, days_per_move, rated, deadline_at, \
               remind_at, final_remind_at, reminder_stage, ratings_applied, created_at, updated_at, \
               finished_at) \
             SELECT i, 1, 5000 + i % 200, NULL, 1 + i % 1000, 1 + (i + 1) % 1000, \
               CASE WHEN i % 10 = 0 THEN 'active' ELSE 'finished' END, \
               CASE WHEN i % 10 = 0 THEN NULL ELSE '1-0' END, \
               CASE WHEN i % 10 = 0 THEN NULL ELSE 'resignation' END, \
               '{START}', '{fen}', '{to_move}', {plies}, {plies} + 1, 3, 1, \
               CASE WHEN i % 10 = 0 THEN {week} ELSE NULL END, \
               CASE WHEN i % 10 = 0 THEN {week} ELSE NULL END, \
               CASE WHEN i % 10 = 0 THEN {week} ELSE NULL END, 0, \
               CASE WHEN i % 10 = 0 THEN 0 ELSE 1 END, {now}, {now}, \
               CASE WHEN i % 10 = 0 THEN NULL ELSE {now} END \
             FROM n",
            now = now.0
        ),
        format!(
            "UPDATE id_counters SET next_id = {} WHERE name = 'game'",
            games + 1
        ),
    ];
    if !rows.is_empty() {
        statements.push(format!(
            "WITH line(j, san, coord, fen, color) AS (VALUES {}) \
             INSERT INTO moves (game_id, ply, san, coord, fen_after, color, player_id, played_at) \
             SELECT g.id, line.j, line.san, line.coord, line.fen, line.color, \
               CASE WHEN line.color = 'white' THEN g.white_id ELSE g.black_id END, {now} \
             FROM games g CROSS JOIN line",
            rows.join(", "),
            now = now.0
        ));
    }
    for sql in &statements {
        sqlx::query(sql).execute(&mut *tx).await.expect(sql);
    }
    tx.commit().await.expect("commit");
    if store.backend() == Backend::Sqlite {
        // Into the database file itself, as a bot that has run a while finds it: a large
        // write-ahead log would be read whole by the next process to open the file.
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(store.pool())
            .await
            .expect("checkpoint");
    }
}

mod world;
#[allow(unused_imports)] // each test binary uses its own part of these helpers
pub use world::{PLACE, World, say_to};
