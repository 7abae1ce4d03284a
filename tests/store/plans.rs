//! The hot queries on a database seeded with 100,000 games: each is served by its index, as the
//! database's own query planner says (`EXPLAIN QUERY PLAN` on SQLite, `EXPLAIN` on PostgreSQL).

use crate::common;

use common::*;
use rollerball::rules::Color;
use rollerball::store::{
    Backend, HotQuery, InProgress, PlayerId, PlayerOutcome, RatingScope, RecordLine, Store, Streak,
    Termination, Timestamp, TournamentStatus,
};

const GAMES: i64 = 100_000;
const PLAYERS: i64 = 1_000;

/// Fills the database in a few set-based statements (portable SQL: a recursive counter).
async fn seed(store: &Store) {
    let counter = |n: i64| {
        format!("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n}) ")
    };
    let statements = [
        format!(
            "{}INSERT INTO players (id, name, created_at, updated_at) \
             SELECT i, 'p' || i, 0, 0 FROM n",
            counter(PLAYERS)
        ),
        // One game in twenty is active: 5,000 active games, 200 games per channel.
        format!(
            "{}INSERT INTO games (id, server_id, channel_id, thread_id, white_id, black_id, status, \
               result, termination, start_fen, fen, to_move, ply, version, days_per_move, rated, \
               deadline_at, remind_at, created_at, updated_at) \
             SELECT i, 1, 1 + i % 500, 1000000 + i, 1 + i % {PLAYERS}, 1 + (i + 1) % {PLAYERS}, \
               CASE WHEN i % 20 = 0 THEN 'active' ELSE 'finished' END, \
               CASE WHEN i % 20 = 0 THEN NULL ELSE '1-0' END, \
               CASE WHEN i % 20 = 0 THEN NULL ELSE 'resignation' END, \
               '{START}', '{START}', 'white', 0, 1, 3, 1, \
               CASE WHEN i % 20 = 0 THEN {T0} + i * 1000 ELSE NULL END, \
               CASE WHEN i % 20 = 0 THEN {T0} + i * 800 ELSE NULL END, 0, 0 FROM n",
            counter(GAMES),
            T0 = T0.0
        ),
        format!(
            "{}INSERT INTO ratings (player_id, scope, rating, deviation, volatility, games, updated_at) \
             SELECT 1 + i % {PLAYERS}, CASE WHEN i > {PLAYERS} THEN 1 ELSE 0 END, \
               1000.0 + (i * 37) % 1000, 100.0, 0.06, 10, 0 FROM n",
            counter(2 * PLAYERS)
        ),
        format!(
            "{}INSERT INTO challenges (id, challenger_id, challenged_id, server_id, channel_id, \
               colour, days_per_move, rated, status, created_at, expires_at) \
             SELECT i, 1 + i % {PLAYERS}, NULL, 1, 1 + i % 500, 'random', 3, 1, \
               CASE WHEN i % 100 = 0 THEN 'open' ELSE 'expired' END, 0, {T0} + i FROM n",
            counter(10_000),
            T0 = T0.0
        ),
        format!(
            "UPDATE id_counters SET next_id = {} WHERE name = 'game'",
            GAMES + 1
        ),
        "UPDATE id_counters SET next_id = 10001 WHERE name = 'challenge'".to_owned(),
        // 20,000 tournaments in 500 servers; the first 2,000 have ten games each.
        format!(
            "{}INSERT INTO tournaments (id, name, server_id, channel_id, organiser_id, status, \
               double_round, rated, days_per_move, max_players, entrants, version, created_at, \
               updated_at) \
             SELECT i, 'T' || i, 1 + i % 500, 1, 1 + i % {PLAYERS}, 'finished', 0, 1, 3, 5, 5, 1, \
               0, 0 FROM n",
            counter(20_000)
        ),
        // Five entrants in each tournament.
        format!(
            "{}INSERT INTO tournament_entrants (tournament_id, player_id, joined_at) \
             SELECT 1 + (i - 1) / 5, 1 + ((i - 1) / 5 + ((i - 1) % 5) * 7) % {PLAYERS}, 0 FROM n",
            counter(100_000)
        ),
        format!(
            "{}INSERT INTO tournament_games (game_id, tournament_id, round, board) \
             SELECT i, 1 + (i - 1) / 10, 1 + (i - 1) % 10, 1 FROM n",
            counter(20_000)
        ),
        // Two events for each game, in the log's order.
        format!(
            "{}INSERT INTO events (id, at, kind, game_id, server_id, channel_id, data) \
             SELECT i, 0, 'offer_cleared', 1 + i % {GAMES}, 1, 1, '{{}}' FROM n",
            counter(2 * GAMES)
        ),
    ];
    let mut tx = store.pool().begin().await.unwrap();
    for sql in &statements {
        sqlx::query(sql).execute(&mut *tx).await.unwrap();
    }
    tx.commit().await.unwrap();
    if store.backend() == Backend::Postgres {
        // New events go on after the seeded ones, as after a copy.
        sqlx::query("SELECT CAST(setval('event_ids', (SELECT MAX(id) FROM events)) AS BIGINT)")
            .execute(store.pool())
            .await
            .unwrap();
    }
    // Fresh statistics, as a long-running database has them.
    sqlx::query("ANALYZE").execute(store.pool()).await.unwrap();
}

/// A step that reads a whole table instead of using an index.
fn is_full_scan(backend: Backend, step: &str) -> bool {
    match backend {
        // "SCAN games" reads the table; "SCAN games USING INDEX ..." walks an index, and
        // "SCAN due" reads the handful of candidates a claim collected first.
        Backend::Sqlite => {
            let step = step.trim_start();
            let scanned = step.strip_prefix("SCAN ").and_then(|s| s.split(' ').next());
            let table = [
                "games",
                "moves",
                "challenges",
                "players",
                "ratings",
                "r",
                "p",
                "tournaments",
                "tournament_games",
                "tournament_entrants",
                "t",
                "tg",
                "e",
                "events",
            ];
            scanned.is_some_and(|t| table.contains(&t)) && !step.contains(" USING ")
        }
        Backend::Postgres => step.contains("Seq Scan"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_queries_use_their_indexes_on_100k_games() {
    for db in test_dbs("plans").await {
        let s = db.store().await;
        seed(&s).await;

        for query in HotQuery::ALL {
            let plan = s.query_plan(query).await.unwrap();
            let text = plan.join("\n");
            println!("{:?} {query:?}:\n{text}\n", db.backend);
            assert!(
                query.index().iter().any(|index| text.contains(index)),
                "{:?} {query:?} does not use {:?}:\n{text}",
                db.backend,
                query.index()
            );
            assert!(
                !plan.iter().any(|step| is_full_scan(db.backend, step)),
                "{:?} {query:?} scans a whole table:\n{text}",
                db.backend
            );
            if query == HotQuery::ActiveGamesOfPlayerHere {
                // Each of its four parts reads by player and place.
                for index in query.index() {
                    assert!(
                        text.contains(index),
                        "{:?}: no {index}:\n{text}",
                        db.backend
                    );
                }
            }
        }

        // The same queries answer exactly on the seeded data. Player 1 is White in games 1000,
        // 2000, ..., 100000 (all active) and Black only in finished ones.
        let mine = s.games().active_games_of(PlayerId(1)).await.unwrap();
        assert_eq!(
            mine.iter().map(|g| g.id.0).collect::<Vec<_>>(),
            (1..=100).map(|k| k * 1000).collect::<Vec<_>>()
        );
        // Channel 1 holds games 500, 1000, ...; the active ones are those divisible by 20.
        let here = s.games().active_games_in(1).await.unwrap();
        assert_eq!(
            here.iter().map(|g| g.id.0).collect::<Vec<_>>(),
            (1..=GAMES / 500)
                .map(|k| k * 500)
                .filter(|i| i % 20 == 0)
                .collect::<Vec<_>>()
        );
        assert_eq!(s.games().active_games_in(1_000_020).await.unwrap().len(), 1);
        // "My game here" reads the player's own games there: player 1's are all in channel 1
        // (White in games 1000, 2000, ...), player 2 is Black in the same ones, and each game
        // has its own thread.
        let mine_here = s.games().active_games_of_in(PlayerId(1), 1).await.unwrap();
        assert_eq!(mine_here, mine);
        assert_eq!(
            s.games().active_games_of_in(PlayerId(2), 1).await.unwrap(),
            mine
        );
        assert_eq!(
            s.games().active_games_of_in(PlayerId(1), 2).await.unwrap(),
            vec![]
        );
        assert_eq!(
            s.games()
                .active_games_of_in(PlayerId(2), 1_002_000)
                .await
                .unwrap()
                .iter()
                .map(|g| g.id.0)
                .collect::<Vec<_>>(),
            vec![2000]
        );
        assert_eq!(
            s.games()
                .active_games_of_in(PlayerId(3), 1_002_000)
                .await
                .unwrap(),
            vec![]
        );
        assert_eq!(
            s.games().games_in_progress_of(PlayerId(1)).await.unwrap(),
            InProgress {
                games: 100,
                computer: 0
            }
        );
        // Channel 1 holds many games, a game's thread one.
        assert_eq!(s.games().only_active_game_in(1).await.unwrap(), None);
        assert_eq!(
            s.games()
                .only_active_game_in(1_000_020)
                .await
                .unwrap()
                .map(|g| g.id.0),
            Some(20)
        );
        assert_eq!(
            s.games()
                .game(rollerball::store::GameId(77_777))
                .await
                .unwrap()
                .unwrap()
                .place
                .channel,
            1 + 77_777 % 500
        );
        let board = s
            .ratings()
            .leaderboard(RatingScope::Server(1), 3)
            .await
            .unwrap();
        assert_eq!(board.len(), 3);
        assert!(board[0].rating.rating >= board[1].rating.rating);
        // Ratings 1000 + (i * 37) % 1000 for i in 1001..=2000 take every value from 1000 to 1999
        // once: the third best (1997) has two players above it.
        assert_eq!(
            board.iter().map(|e| e.rating.rating).collect::<Vec<_>>(),
            vec![1999.0, 1998.0, 1997.0]
        );
        assert_eq!(s.ratings().rank(&board[2].rating).await.unwrap(), 3);
        // Player 1 plays White only in active games, and Black in games 999, 1999, ..., 99999:
        // 100 finished rated losses by resignation, the streak read in pages.
        let record = s
            .games()
            .record(PlayerId(1), RatingScope::Server(1))
            .await
            .unwrap();
        assert_eq!(
            record,
            vec![RecordLine {
                colour: Color::Black,
                outcome: PlayerOutcome::Loss,
                termination: Termination::Resignation,
                games: 100
            }]
        );
        assert_eq!(
            s.games()
                .record(PlayerId(1), RatingScope::Global)
                .await
                .unwrap(),
            record
        );
        assert_eq!(
            s.games()
                .record(PlayerId(1), RatingScope::Server(2))
                .await
                .unwrap(),
            vec![]
        );
        assert_eq!(
            s.games()
                .streak(PlayerId(1), RatingScope::Server(1))
                .await
                .unwrap(),
            Some(Streak {
                outcome: PlayerOutcome::Loss,
                games: 100
            })
        );
        // Deadlines of games 20, 40 and 60 have passed at T0 + 60 s.
        let claimed = s
            .play()
            .claim_timeouts(Timestamp(T0.0 + 60_000), 100)
            .await
            .unwrap();
        assert_eq!(
            claimed.iter().map(|g| g.id.0).collect::<Vec<_>>(),
            vec![20, 40, 60]
        );
        let expired = s
            .challenges()
            .expire_challenges(Timestamp(T0.0 + 300), 100)
            .await
            .unwrap();
        assert_eq!(
            expired.iter().map(|c| c.id.0).collect::<Vec<_>>(),
            vec![100, 200, 300]
        );
        let (t, round) = s
            .tournaments()
            .tournament_of_game(rollerball::store::GameId(12_345))
            .await
            .unwrap()
            .unwrap();
        assert_eq!((t.id.0, round), (1_235, 5));
        // Player 7 organises tournaments 6, 1006, ..., 19006, all in server 7 and finished;
        // tournament 6 has players 6, 13, 20, 27 and 34.
        let organised = s
            .tournaments()
            .tournaments_organised_by(PlayerId(7), 7, TournamentStatus::Finished)
            .await
            .unwrap();
        assert_eq!(
            organised.iter().map(|t| t.id.0).collect::<Vec<_>>(),
            (0..20).rev().map(|k| 6 + 1000 * k).collect::<Vec<_>>()
        );
        assert_eq!(
            s.tournaments()
                .tournaments_organised_by(PlayerId(7), 7, TournamentStatus::Open)
                .await
                .unwrap(),
            vec![]
        );
        let joined = s
            .tournaments()
            .tournaments_joined_by(PlayerId(13), 7, TournamentStatus::Finished)
            .await
            .unwrap();
        assert!(joined.iter().any(|t| t.id.0 == 6), "{joined:?}");
        assert!(joined.iter().all(|t| t.place.server == Some(7)));
        assert_eq!(
            s.tournaments()
                .tournaments_in_status(7, TournamentStatus::Finished, 2)
                .await
                .unwrap()
                .iter()
                .map(|t| t.id.0)
                .collect::<Vec<_>>(),
            vec![19_506, 19_006]
        );
        assert_eq!(
            s.tournaments()
                .open_tournaments_of(PlayerId(7))
                .await
                .unwrap(),
            0
        );
        let latest = s.tournaments().tournaments_in(7, 3).await.unwrap();
        assert_eq!(
            latest.iter().map(|t| t.id.0).collect::<Vec<_>>(),
            vec![19_506, 19_006, 18_506]
        );
        s.close().await;
    }
}
