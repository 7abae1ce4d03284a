//! `rollerball-load run` killed with SIGKILL in the middle of its run, on SQLite and (with
//! `TEST_DATABASE_URL`) PostgreSQL: every move it logged as acknowledged is in the database,
//! the database is consistent, and a new run continues every game.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::test_dbs;
use rollerball::rules::{self, Game as RulesGame};
use rollerball::store::{GameId, GameStatus, Store};
use sqlx::Row;

/// Games the load run keeps going.
const GAMES: usize = 12;
/// Acknowledged moves to wait for before the kill.
const KILL_AFTER: usize = 150;

/// One line of an acknowledgement log: `GAME PLY SAN COORDINATE`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ack {
    game: i64,
    ply: u32,
    san: String,
    coord: String,
}

/// The complete lines of an acknowledgement log (a line still being written when the process
/// died has no newline yet and is not counted).
fn read_acks(path: &Path) -> Vec<Ack> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let complete = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    complete
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 4, "an acknowledgement line: {line:?}");
            Ack {
                game: fields[0].parse().expect("a game number"),
                ply: fields[1].parse().expect("a ply"),
                san: fields[2].to_string(),
                coord: fields[3].to_string(),
            }
        })
        .collect()
}

/// `rollerball-load run` on `url`, logging acknowledgements to `acks`.
fn loadtest(url: &str, acks: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rollerball-load"));
    command.args([
        "run",
        "--database",
        url,
        "--games",
        &GAMES.to_string(),
        "--concurrency",
        "6",
        "--max-plies",
        "40",
        "--report-every",
        "0",
        "--acks",
    ]);
    command.arg(acks);
    command
}

/// Checks that every game in the database is whole, and returns the active ones with their
/// ply: the record runs from ply 1 to the game's ply without a gap, the rules replay it, each
/// move's SAN and position are the replay's, the game's position, side to move and status
/// are the replay's, every accepted challenge has its game, and (SQLite) the file is sound.
async fn check_consistent(store: &Store) -> BTreeMap<i64, u32> {
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM games ORDER BY id")
        .fetch_all(store.pool())
        .await
        .unwrap();
    assert!(!ids.is_empty());
    let mut active = BTreeMap::new();
    let mut plies = 0i64;
    for id in ids {
        let game = store.games().game(GameId(id)).await.unwrap().unwrap();
        let moves = store.games().moves(GameId(id)).await.unwrap();
        assert_eq!(
            moves.iter().map(|m| m.ply).collect::<Vec<_>>(),
            (1..=game.ply).collect::<Vec<_>>(),
            "game #{id}: its moves against its ply counter {}",
            game.ply
        );
        plies += i64::from(game.ply);
        let mut replay = RulesGame::new();
        assert_eq!(game.start_fen, rules::START_FEN);
        for m in &moves {
            replay.play_input(&m.coord).unwrap_or_else(|e| {
                panic!("game #{id} ply {}: {} is illegal: {e}", m.ply, m.coord)
            });
            assert_eq!(
                replay.sans().last(),
                Some(&m.san),
                "game #{id} ply {}",
                m.ply
            );
            assert_eq!(
                m.fen_after,
                replay.position().to_fen(),
                "game #{id} ply {}",
                m.ply
            );
        }
        assert_eq!(game.fen, replay.position().to_fen(), "game #{id}");
        assert_eq!(game.to_move, replay.position().side_to_move(), "game #{id}");
        match game.status {
            GameStatus::Active => {
                assert_eq!(replay.outcome(), None, "game #{id} is over by the rules");
                active.insert(id, game.ply);
            }
            // Ended by the rules, or resigned at the ply limit.
            GameStatus::Finished => assert!(game.result.is_some(), "game #{id}"),
        }
    }
    let stored_moves: i64 = sqlx::query("SELECT COUNT(*) FROM moves")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored_moves, plies, "moves that belong to no game's record");
    let orphans: i64 = sqlx::query(
        "SELECT COUNT(*) FROM challenges c WHERE c.status = 'accepted' \
         AND NOT EXISTS (SELECT 1 FROM games g WHERE g.id = c.game_id AND g.challenge_id = c.id)",
    )
    .fetch_one(store.pool())
    .await
    .unwrap()
    .get(0);
    assert_eq!(orphans, 0, "accepted challenges without their game");
    if store.backend() == rollerball::store::Backend::Sqlite {
        common::assert_sqlite_sound(store).await;
    }
    active
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_load_run_killed_mid_run_loses_no_acknowledged_move() {
    for db in test_dbs("loadkill").await {
        let dir = tempfile::tempdir().unwrap();
        let first_log = dir.path().join("first.acks");
        let mut child = loadtest(&db.url, &first_log)
            .args(["--duration", "600", "--seed", "7"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Wait for enough acknowledged moves, then kill it mid-stride.
        let deadline = Instant::now() + Duration::from_secs(180);
        while read_acks(&first_log).len() < KILL_AFTER {
            if let Some(status) = child.try_wait().unwrap() {
                let mut stderr = String::new();
                use std::io::Read;
                child
                    .stderr
                    .take()
                    .unwrap()
                    .read_to_string(&mut stderr)
                    .ok();
                panic!(
                    "{:?}: the load run stopped by itself ({status}): {stderr}",
                    db.backend
                );
            }
            assert!(Instant::now() < deadline, "{:?}: too slow", db.backend);
            std::thread::sleep(Duration::from_millis(20));
        }
        child.kill().unwrap(); // SIGKILL: no destructor, no flush, no goodbye
        child.wait().unwrap();
        let acked = read_acks(&first_log);
        assert!(acked.len() >= KILL_AFTER);

        let store = db.store().await;
        for ack in &acked {
            let moves = store.games().moves(GameId(ack.game)).await.unwrap();
            let stored = moves.iter().find(|m| m.ply == ack.ply).unwrap_or_else(|| {
                panic!(
                    "{:?}: acknowledged move {ack:?} is not in the database",
                    db.backend
                )
            });
            assert_eq!(
                (&stored.san, &stored.coord),
                (&ack.san, &ack.coord),
                "{:?}: game #{} ply {}",
                db.backend,
                ack.game,
                ack.ply
            );
        }
        let active = check_consistent(&store).await;
        println!(
            "{:?}: killed after {} acknowledged moves; {} games active",
            db.backend,
            acked.len(),
            active.len()
        );
        assert!(
            active.len() >= GAMES / 2,
            "{:?}: {} games active after the kill",
            db.backend,
            active.len()
        );

        // A new run picks every game up where it stood and plays it on.
        let second_log = dir.path().join("second.acks");
        let output = loadtest(&db.url, &second_log)
            .args(["--rounds", "2", "--seed", "8"])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{:?}: {stdout}{}",
            db.backend,
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            stdout.contains(&format!(
                "{GAMES} games ({} continued from the database), 6 concurrent",
                active.len()
            )),
            "{stdout}"
        );
        let continued = read_acks(&second_log);
        for (&game, &ply) in &active {
            let next = continued
                .iter()
                .find(|a| a.game == game)
                .unwrap_or_else(|| panic!("{:?}: game #{game} was not continued", db.backend));
            assert_eq!(next.ply, ply + 1, "{:?}: game #{game}", db.backend);
        }
        check_consistent(&store).await;
        let open: i64 = sqlx::query("SELECT COUNT(*) FROM challenges WHERE status = 'open'")
            .fetch_one(store.pool())
            .await
            .unwrap()
            .get(0);
        assert_eq!(
            open, 0,
            "a challenge left open by the kill is taken up again"
        );
        store.close().await;
    }
}
