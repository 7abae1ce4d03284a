//! SQLite refusing writes under a running service: every `COMMIT` fails while the fault lasts,
//! the players are told their moves were not played (and they are not stored), the health
//! check says the database refuses writes, and once the fault is lifted the same service and
//! store carry on without a restart.
//!
//! The fault is a real failed `COMMIT` on the store's own writer connection: a trigger adds a
//! row breaking a deferred foreign key to every transaction that stores a move (or probes
//! writes), so SQLite refuses the `COMMIT` and leaves the transaction open, the worst case of a
//! failed commit (a full disk may roll it back instead). Tests run as root, who ignores a file's
//! permissions, and cannot mount a small file system; this fault needs neither.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use common::{World, actor};
use rollerball::game::{Reply, Request};
use rollerball::metrics::{Metrics, Unhealthy};
use rollerball::rules::{self, Game as RulesGame};
use rollerball::store::{GameId, Place, Reach};

/// What a player reads when a write failed and nothing was written.
const NOT_SAVED: &str =
    "I can't reach my database just now, so nothing was changed. Please try again shortly.";
/// A command must answer within this (a guard against a hang, far above any wait of the store).
const HANG: Duration = Duration::from_secs(60);

/// Every transaction storing a move (or rewriting the id counters, as the health check's probe
/// does) fails at its `COMMIT`.
const FAULT: &str = "CREATE TABLE fault_box (game BIGINT REFERENCES games(id) DEFERRABLE INITIALLY DEFERRED); \
     CREATE TRIGGER fault_moves AFTER INSERT ON moves BEGIN INSERT INTO fault_box VALUES (-1); END; \
     CREATE TRIGGER fault_probe AFTER UPDATE ON id_counters BEGIN INSERT INTO fault_box VALUES (-1); END;";
const LIFT: &str = "DROP TRIGGER fault_moves; DROP TRIGGER fault_probe; DROP TABLE fault_box;";

/// Games played at once, one per channel.
const TABLES: u64 = 6;

fn place(channel: u64) -> Place {
    Place {
        server: Some(5),
        channel,
        thread: None,
        reach: Reach::Posts,
    }
}

async fn say(w: &World, who: u64, channel: u64, text: &str) -> Reply {
    let request = Request::line(actor(who, &format!("p{who}")), place(channel), text);
    tokio::time::timeout(HANG, w.service.handle(request))
        .await
        .unwrap_or_else(|_| panic!("`{text}` got no answer"))
        .expect("an answer")
}

/// One game at table `t`: its id, its players and channel, and the moves its players were told
/// stand.
struct Table {
    id: GameId,
    white: u64,
    black: u64,
    channel: u64,
    mirror: RulesGame,
}

impl Table {
    async fn open(w: &World, t: u64) -> Table {
        let (white, black, channel) = (200 + 2 * t, 201 + 2 * t, 60 + t);
        let made = say(
            w,
            white,
            channel,
            &format!("challenge <@{black}> white days 2"),
        )
        .await;
        assert!(!made.private, "{}", made.text);
        let accepted = say(w, black, channel, "accept").await;
        let id = accepted.new_game.expect("a game starts");
        Table {
            id,
            white,
            black,
            channel,
            mirror: RulesGame::new(),
        }
    }

    /// The player to move tries a move: `true` if told it was played (and the mirror follows),
    /// `false` if told it was not saved. Any other answer fails the test.
    async fn try_move(&mut self, w: &World) -> bool {
        let who = if self.mirror.ply() % 2 == 0 {
            self.white
        } else {
            self.black
        };
        assert!(
            self.mirror.outcome().is_none(),
            "game #{} is over",
            self.id.0
        );
        // Moves varied by ply, so that a long game does not end by repetition.
        let legal: Vec<String> = rules::legal_sans(self.mirror.position())
            .into_iter()
            .map(|(_, san)| san)
            .collect();
        let san = legal[(self.mirror.ply() * 7) % legal.len()].clone();
        let reply = say(w, who, self.channel, &format!("move {san}")).await;
        if reply.private {
            assert_eq!(reply.text, NOT_SAVED, "the refusal of {san}");
            return false;
        }
        assert!(reply.text.contains(&format!("**{san}**")), "{}", reply.text);
        self.mirror.play_input(&san).expect("legal");
        true
    }
}

/// Every table tries `n` moves, the tables at once (so that SQLite's group commit joins them):
/// how many were told played.
async fn round(w: &Arc<World>, tables: Vec<Table>, n: usize) -> (Vec<Table>, usize) {
    let mut tasks = Vec::new();
    for mut table in tables {
        let w = w.clone();
        tasks.push(tokio::spawn(async move {
            let mut played = 0;
            for _ in 0..n {
                played += usize::from(table.try_move(&w).await);
            }
            (table, played)
        }));
    }
    let mut out = Vec::new();
    let mut played = 0;
    for task in tasks {
        let (table, n) = task.await.expect("a table's task");
        out.push(table);
        played += n;
    }
    (out, played)
}

/// Every move a player was told stands is stored, and nothing else: each game's stored moves
/// are exactly its mirror's, read on a connection of the pool (not the writer's).
async fn assert_stored(w: &World, tables: &[&Table]) {
    for table in tables {
        let game = w
            .store
            .games()
            .game(table.id)
            .await
            .unwrap()
            .expect("the game");
        let moves = w.store.games().moves(table.id).await.unwrap();
        assert_eq!(
            moves.len(),
            table.mirror.ply(),
            "game #{}: moves told played against moves stored",
            table.id.0
        );
        assert_eq!(game.ply as usize, moves.len());
        assert_eq!(
            game.fen,
            table.mirror.position().to_fen(),
            "game #{}",
            table.id.0
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_failed_commits_are_never_answered_as_played_and_pass_without_a_restart() {
    let w = Arc::new(World::new(common::sqlite_db()).await);
    let metrics = Metrics::new();
    metrics.expect_shards(0);
    let mut tables = Vec::new();
    for t in 0..TABLES {
        tables.push(Table::open(&w, t).await);
    }
    let (tables, played) = round(&w, tables, 3).await;
    assert_eq!(played, 3 * TABLES as usize);
    assert_eq!(metrics.health(&w.store).await, Ok(()));

    // The fault: every move's COMMIT fails. Each is refused, none stored, and the health check
    // says so.
    sqlx::raw_sql(FAULT).execute(w.store.pool()).await.unwrap();
    let (tables, played) = round(&w, tables, 3).await;
    assert_eq!(played, 0, "no move is played while commits fail");
    assert!(w.store.write_failure().is_some());
    assert_eq!(
        metrics.health(&w.store).await,
        Err(Unhealthy::DatabaseRefusesWrites)
    );
    assert_stored(&w, &tables.iter().collect::<Vec<_>>()).await;

    // Lifted (from another connection: the writer holds no transaction, so no write lock): the
    // same service plays again, and the health check sees it without a move being made first.
    sqlx::raw_sql(LIFT).execute(w.store.pool()).await.unwrap();
    assert_eq!(metrics.health(&w.store).await, Ok(()));
    assert!(w.store.write_failure().is_none());
    let (tables, played) = round(&w, tables, 3).await;
    assert_eq!(played, 3 * TABLES as usize, "every move is played again");
    assert_stored(&w, &tables.iter().collect::<Vec<_>>()).await;
    for table in &tables {
        assert_eq!(table.mirror.ply(), 6);
    }
    common::assert_sqlite_sound(&w.store).await;
}

/// The wedge a failed commit left before: SQLite rolls a transaction back on its own (a full
/// disk or an I/O error at `COMMIT` does; here a trigger's `RAISE(ROLLBACK)`), so sqlx's own
/// `ROLLBACK` fails and sqlx goes on counting a transaction; its next `begin()` opens a
/// savepoint, which starts a transaction; then a `COMMIT` (the release of that savepoint)
/// fails with the transaction left open, and sqlx rolls back only to the savepoint. From there
/// every "commit" only released a savepoint inside a transaction that never ended: moves
/// answered as played, never written, and the file's write lock held until a restart. Now each failure is answered "nothing was
/// changed", the writer is replaced, and every move answered as played is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_full_disk_then_failed_commit_never_loses_an_acknowledged_move() {
    let w = World::new(common::sqlite_db()).await;
    let metrics = Metrics::new();
    metrics.expect_shards(0);
    let mut a = Table::open(&w, 0).await;
    let mut b = Table::open(&w, 1).await;
    assert!(a.try_move(&w).await && b.try_move(&w).await);

    // The disk is full: moves are played until one needs a new page of the file.
    w.store.limit_writer_pages(Some(1)).await.unwrap();
    let mut refused = false;
    for _ in 0..300 {
        if !a.try_move(&w).await {
            refused = true;
            break;
        }
    }
    assert!(refused, "a move needing a new page is refused");
    assert!(w.store.write_failure().is_some());
    assert_stored(&w, &[&a, &b]).await;

    w.store.limit_writer_pages(None).await.unwrap();

    // A failure after which SQLite has rolled the transaction back on its own, as a full disk
    // or an I/O error at COMMIT makes it do: the transaction sqlx still counts is gone.
    sqlx::raw_sql(&format!(
        "CREATE TRIGGER fault_rollback AFTER INSERT ON moves WHEN NEW.game_id = {id} \
           BEGIN SELECT RAISE(ROLLBACK, 'disk full'); END;",
        id = a.id.0
    ))
    .execute(w.store.pool())
    .await
    .unwrap();
    assert!(!a.try_move(&w).await, "the rolled back move is not played");
    sqlx::raw_sql("DROP TRIGGER fault_rollback;")
        .execute(w.store.pool())
        .await
        .unwrap();
    assert_stored(&w, &[&a, &b]).await;

    // Then the next move of game A fails at its COMMIT, leaving SQLite's transaction open (as
    // does the health check's probe).
    let ply = a.mirror.ply() + 1;
    sqlx::raw_sql(&format!(
        "CREATE TABLE fault_box (game BIGINT REFERENCES games(id) DEFERRABLE INITIALLY DEFERRED); \
         CREATE TRIGGER fault_moves AFTER INSERT ON moves WHEN NEW.game_id = {id} AND NEW.ply = {ply} \
           BEGIN INSERT INTO fault_box VALUES (-1); END; \
         CREATE TRIGGER fault_probe AFTER UPDATE ON id_counters BEGIN INSERT INTO fault_box VALUES (-1); END;",
        id = a.id.0
    ))
    .execute(w.store.pool())
    .await
    .unwrap();
    assert!(!a.try_move(&w).await, "the failed COMMIT is not played");
    assert_eq!(
        metrics.health(&w.store).await,
        Err(Unhealthy::DatabaseRefusesWrites)
    );
    // Game B's moves are played, and stored.
    for _ in 0..3 {
        assert!(b.try_move(&w).await, "game B plays");
    }
    assert_stored(&w, &[&a, &b]).await;

    // The fault is lifted from another connection (no transaction of the writer holds the
    // file's write lock), and game A goes on in the same process.
    sqlx::raw_sql("DROP TRIGGER fault_moves; DROP TRIGGER fault_probe; DROP TABLE fault_box;")
        .execute(w.store.pool())
        .await
        .unwrap();
    assert!(a.try_move(&w).await && b.try_move(&w).await);
    assert_eq!(metrics.health(&w.store).await, Ok(()));
    assert_stored(&w, &[&a, &b]).await;
    common::assert_sqlite_sound(&w.store).await;
}

/// How long another program holds the file's write lock in the test below: two and a half times
/// the store's 10 s busy timeout, as in the finding (a lock held 25 s was waited out, every
/// write of a move waiting its own 10 s one after the other).
const LOCK_HELD: Duration = Duration::from_secs(25);

/// Another program holds the SQLite file's write lock past the busy timeout: every move tried
/// meanwhile is refused ("nothing was changed") while the lock still stands, within the one wait
/// docs/operators.md promises, not waited out; the moves are not stored; and once the lock is
/// gone the same service plays them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_lock_held_past_the_busy_timeout_is_refused_while_it_lasts() {
    let w = Arc::new(World::new(common::sqlite_db()).await);
    let mut tables = Vec::new();
    for t in 0..3 {
        tables.push(Table::open(&w, t).await);
    }
    let path = w.db.sqlite_path().expect("a SQLite file");
    let mut other = <sqlx::SqliteConnection as sqlx::Connection>::connect(&format!(
        "sqlite://{}",
        path.display()
    ))
    .await
    .expect("another connection to the file");
    sqlx::raw_sql("BEGIN IMMEDIATE")
        .execute(&mut other)
        .await
        .expect("the write lock");

    // The tables try a move each, at once (so that they join one group commit).
    let tried = tokio::spawn({
        let w = w.clone();
        async move { round(&w, tables, 1).await }
    });
    let (tables, played) = tokio::select! {
        answered = tried => answered.expect("the round's task"),
        () = tokio::time::sleep(LOCK_HELD) => {
            panic!("the moves were still waiting when the lock was released after {LOCK_HELD:?}")
        }
    };
    assert_eq!(played, 0, "no move is played while the file is locked");
    assert_stored(&w, &tables.iter().collect::<Vec<_>>()).await;

    sqlx::raw_sql("ROLLBACK").execute(&mut other).await.unwrap();
    drop(other);
    let (tables, played) = round(&w, tables, 1).await;
    assert_eq!(played, 3, "every move is played once the lock is gone");
    assert_stored(&w, &tables.iter().collect::<Vec<_>>()).await;
}
