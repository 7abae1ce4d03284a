//! Races between processes (two pools stand in for two processes), claims swept from two pools
//! at once, and a writer killed with SIGKILL in the middle of its work.

use crate::common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;

use common::*;
use rollerball::store::{AfterMove, Deadline, Game, GameId, Store, StoreError, Timestamp};
use sqlx::Row;
use tokio::sync::Barrier;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_moves_for_one_ply_commit_exactly_once() {
    const ROUNDS: u32 = 8;
    const TASKS_PER_POOL: usize = 8;
    for db in test_dbs("race").await {
        let a = db.store_with(4).await;
        let b = db.store_with(4).await;
        players(&a, &[1, 2]).await;
        let game = a.play().create_game(&new_game(1, 2), T0).await.unwrap();

        for round in 1..=ROUNDS {
            // Every task read the same state of the game and tries to play the next ply.
            let seen = b.games().game(game.id).await.unwrap().unwrap();
            assert_eq!(seen.ply, round - 1);
            let barrier = Arc::new(Barrier::new(2 * TASKS_PER_POOL));
            let mut tasks = Vec::new();
            for i in 0..2 * TASKS_PER_POOL {
                let store = if i % 2 == 0 { a.clone() } else { b.clone() };
                let barrier = barrier.clone();
                let seen = seen.clone();
                tasks.push(tokio::spawn(async move {
                    barrier.wait().await;
                    let mut mv = fake_move(round);
                    mv.san = format!("{}-by-task-{i}", mv.san);
                    let next = AfterMove::Continue(Deadline::at(Timestamp(T0.0 + DAY)));
                    store
                        .play()
                        .commit_move(seen.id, seen.version, &mv, next, T0)
                        .await
                        .map(|_| i)
                }));
            }
            let mut winners = Vec::new();
            let mut conflicts = 0;
            for task in tasks {
                match task.await.unwrap() {
                    Ok(i) => winners.push(i),
                    Err(StoreError::Conflict) => conflicts += 1,
                    Err(other) => panic!("{:?}: unexpected error {other}", db.backend),
                }
            }
            assert_eq!(
                winners.len(),
                1,
                "{:?} round {round}: winners {winners:?}",
                db.backend
            );
            assert_eq!(conflicts, 2 * TASKS_PER_POOL - 1);
            let stored = a.games().moves(game.id).await.unwrap();
            assert_eq!(stored.len(), round as usize);
            assert_eq!(
                stored.last().unwrap().san,
                format!("m{round}-by-task-{}", winners[0])
            );
        }
        let (final_game, moves) = b.games().game_with_moves(game.id).await.unwrap().unwrap();
        assert_eq!(
            (final_game.ply, final_game.version),
            (ROUNDS, 1 + i64::from(ROUNDS))
        );
        assert_eq!(
            moves.iter().map(|m| m.ply).collect::<Vec<_>>(),
            (1..=ROUNDS).collect::<Vec<_>>()
        );
        a.close().await;
        b.close().await;
    }
}

/// Sweeps with `sweep` from many tasks on two pools until nothing is left; returns how often
/// each key was handed out.
async fn sweep_from_two_pools<F, Fut>(a: &Store, b: &Store, sweep: F) -> BTreeMap<(i64, u32), u32>
where
    F: Fn(Store) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = Vec<(i64, u32)>> + Send,
{
    let mut tasks = Vec::new();
    for i in 0..8 {
        let store = if i % 2 == 0 { a.clone() } else { b.clone() };
        let sweep = sweep.clone();
        tasks.push(tokio::spawn(async move {
            let mut got = Vec::new();
            loop {
                let batch = sweep(store.clone()).await;
                if batch.is_empty() {
                    return got;
                }
                got.extend(batch);
            }
        }));
    }
    let mut counts = BTreeMap::new();
    for task in tasks {
        for key in task.await.unwrap() {
            *counts.entry(key).or_insert(0) += 1;
        }
    }
    // Nothing is left for a later round. A sweep skips rows another sweep holds locked (SKIP
    // LOCKED on PostgreSQL), but a sweep locks only rows it then claims (the candidates are
    // chosen once, in a MATERIALIZED CTE, and re-checked on the row the claim updates), so the
    // task whose empty sweep started last saw every claim committed and no row locked: whatever
    // was due, it would have claimed. An item stranded here would mean a sweep locked a row and
    // let it go unclaimed, hiding it from the others, which is the bug the CTE fixed.
    for store in [a, b] {
        assert_eq!(
            sweep(store.clone()).await,
            Vec::new(),
            "a due item was left behind"
        );
    }
    counts
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn deadlines_and_reminders_claimed_from_two_pools_are_each_handled_once() {
    const GAMES: i64 = 120;
    for db in test_dbs("claims").await {
        let a = db.store_with(4).await;
        let b = db.store_with(4).await;
        players(&a, &[1, 2]).await;
        let mut ids = Vec::new();
        for i in 0..GAMES {
            let mut spec = new_game(1, 2);
            spec.deadline = Deadline {
                at: Timestamp(T0.0 + 1000 + i),
                first_reminder: Some(Timestamp(T0.0 + 10 + i)),
                last_reminder: Some(Timestamp(T0.0 + 20 + i)),
            };
            ids.push(a.play().create_game(&spec, T0).await.unwrap().id.0);
        }
        // A game not yet due is left alone.
        let later = a.play().create_game(&new_game(2, 1), T0).await.unwrap();

        let reminders = sweep_from_two_pools(&a, &b, |s: Store| async move {
            let now = Timestamp(T0.0 + 500);
            s.play()
                .claim_reminders(now, 7)
                .await
                .unwrap()
                .into_iter()
                .map(|r| (r.game.id.0, r.stage))
                .collect()
        })
        .await;
        let expected: BTreeMap<(i64, u32), u32> = ids
            .iter()
            .flat_map(|&id| [((id, 1), 1), ((id, 2), 1)])
            .collect();
        assert_eq!(reminders, expected, "{:?}", db.backend);

        let timeouts = sweep_from_two_pools(&a, &b, |s: Store| async move {
            let now = Timestamp(T0.0 + 5000);
            s.play()
                .claim_timeouts(now, 7)
                .await
                .unwrap()
                .into_iter()
                .map(|g| (g.id.0, g.version as u32))
                .collect()
        })
        .await;
        let expected: BTreeMap<(i64, u32), u32> = ids.iter().map(|&id| ((id, 2), 1)).collect();
        assert_eq!(timeouts, expected, "{:?}", db.backend);
        let still = a.games().game(later.id).await.unwrap().unwrap();
        assert_eq!((still.status, still.version), (later.status, later.version));
        assert_eq!(
            a.games()
                .active_games_of(rollerball::store::PlayerId(1))
                .await
                .unwrap(),
            vec![still]
        );
        a.close().await;
        b.close().await;
    }
}

const CHILD_URL: &str = "ROLLERBALL_CRASH_CHILD_URL";
const CHILD_GAME: &str = "ROLLERBALL_CRASH_CHILD_GAME";

/// Not a test of its own: the child process of the crash test. It commits moves as fast as it can
/// and reports each one only after the store acknowledged it.
#[tokio::test]
async fn crash_child_process() {
    let (Ok(url), Ok(game)) = (std::env::var(CHILD_URL), std::env::var(CHILD_GAME)) else {
        return;
    };
    let store = Store::connect(&url).await.unwrap();
    let mut game: Game = store
        .games()
        .game(GameId(game.parse().unwrap()))
        .await
        .unwrap()
        .unwrap();
    loop {
        let ply = game.ply + 1;
        let next = AfterMove::Continue(Deadline::at(Timestamp(T0.0 + DAY)));
        game = store
            .play()
            .commit_move(game.id, game.version, &fake_move(ply), next, T0)
            .await
            .unwrap();
        println!("committed {}", game.ply);
    }
}

/// The ply in a child's "committed N" line (the test harness may print its own text before it).
fn reported_ply(line: &str) -> Option<u32> {
    let (_, ply) = line.trim().split_once("committed ")?;
    Some(ply.parse().unwrap())
}

#[tokio::test]
async fn every_acknowledged_move_survives_sigkill() {
    const KILL_AFTER: u32 = 60;
    for db in test_dbs("crash").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        let game = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        s.close().await;

        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "concurrency::crash_child_process",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_URL, &db.url)
            .env(CHILD_GAME, game.id.0.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut reported = Vec::new();
        let mut line = String::new();
        while reported.len() < KILL_AFTER as usize {
            line.clear();
            assert!(
                reader.read_line(&mut line).unwrap() > 0,
                "the child stopped early"
            );
            if let Some(ply) = reported_ply(&line) {
                reported.push(ply);
            }
        }
        child.kill().unwrap(); // SIGKILL: no destructor, no flush, no goodbye
        child.wait().unwrap();
        // Whatever the child printed before it died was acknowledged too.
        for line in reader.lines() {
            if let Some(ply) = reported_ply(&line.unwrap()) {
                reported.push(ply);
            }
        }
        assert_eq!(reported, (1..=reported.len() as u32).collect::<Vec<_>>());

        let s = db.store().await;
        let (after, moves) = s.games().game_with_moves(game.id).await.unwrap().unwrap();
        let last_reported = *reported.last().unwrap();
        assert!(
            after.ply >= last_reported,
            "{:?}: move {last_reported} was acknowledged but the game is at ply {}",
            db.backend,
            after.ply
        );
        assert_eq!(
            moves.iter().map(|m| m.ply).collect::<Vec<_>>(),
            (1..=after.ply).collect::<Vec<_>>()
        );
        for (m, ply) in moves.iter().zip(1..) {
            assert_eq!(m.fen_after, fake_move(ply).fen_after);
        }
        if db.sqlite_path().is_some() {
            common::assert_sqlite_sound(&s).await;
        }
        // The game goes on from where it stood.
        let next = play(&s, after.clone(), 1).await;
        assert_eq!(next.ply, after.ply + 1);
        s.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_games_moving_at_once_each_keep_a_gapless_record() {
    const GAMES: u64 = 150;
    const MOVES: u32 = 6;
    for db in test_dbs("many").await {
        let s = db.store().await;
        let ids: Vec<u64> = (1..=2 * GAMES).collect();
        players(&s, &ids).await;
        let mut tasks = Vec::new();
        for g in 0..GAMES {
            let game = s
                .play()
                .create_game(&new_game(2 * g + 1, 2 * g + 2), T0)
                .await
                .unwrap();
            let s = s.clone();
            // Moves commit in groups on SQLite: each game's outcome must still be its own.
            tasks.push(tokio::spawn(async move {
                let game = play(&s, game, MOVES - 1).await;
                let mate = rollerball::store::Ending {
                    result: rollerball::store::GameResult::WhiteWins,
                    termination: rollerball::store::Termination::Checkmate,
                };
                let stale = s
                    .play()
                    .commit_move(
                        game.id,
                        game.version - 1,
                        &fake_move(MOVES),
                        AfterMove::End(mate),
                        T0,
                    )
                    .await;
                assert!(matches!(stale, Err(StoreError::Conflict)), "{stale:?}");
                s.play()
                    .commit_move(
                        game.id,
                        game.version,
                        &fake_move(MOVES),
                        AfterMove::End(mate),
                        T0,
                    )
                    .await
                    .unwrap()
            }));
        }
        for task in tasks {
            let done = task.await.unwrap();
            assert_eq!(
                (done.ply, done.status),
                (MOVES, rollerball::store::GameStatus::Finished)
            );
            let moves = s.games().moves(done.id).await.unwrap();
            assert_eq!(
                moves
                    .iter()
                    .map(|m| (m.ply, m.san.clone()))
                    .collect::<Vec<_>>(),
                (1..=MOVES)
                    .map(|p| (p, format!("m{p}")))
                    .collect::<Vec<_>>()
            );
        }
        let count: i64 = sqlx::query("SELECT COUNT(*) FROM moves")
            .fetch_one(s.pool())
            .await
            .unwrap()
            .get(0);
        assert_eq!(count, i64::from(MOVES) * GAMES as i64);
        s.close().await;
    }
}
