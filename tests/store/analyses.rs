//! The analyses of finished games on both databases: the rows written and read back exactly,
//! one analysis per game however many processes store one at once, and values the store
//! cannot keep refused without writing anything.

use crate::common::{T0, new_game, players, test_dbs};

use rollerball::rules::Color;
use rollerball::store::{GameId, InvalidInput, StoreError, StoredAnalysis, StoredEval, Timestamp};

fn eval(centipawns: Option<i32>, mate: Option<(Color, u32)>, best: Option<&str>) -> StoredEval {
    StoredEval {
        centipawns,
        mate,
        best: best.map(str::to_string),
        // The line goes on from the best move (the store keeps the text as it is).
        pv: best.map(|best| format!("{best} c6-b6")),
    }
}

fn analysis(game: GameId, nodes: u64) -> StoredAnalysis {
    StoredAnalysis {
        game,
        nodes,
        created_at: Timestamp(T0.0 + 5),
        positions: vec![
            eval(Some(12), None, Some("c2-b3")),
            eval(Some(-340), None, Some("e6xe2")),
            eval(None, Some((Color::Black, 1)), Some("d6-c7")),
            eval(None, Some((Color::Black, 0)), None),
        ],
    }
}

#[tokio::test]
async fn an_analysis_is_stored_once_and_read_back_exactly() {
    for db in test_dbs("an_rows").await {
        let store = db.store().await;
        players(&store, &[1, 2]).await;
        let game = store
            .play()
            .create_game(&new_game(1, 2), T0)
            .await
            .unwrap()
            .id;
        assert_eq!(store.games().analysis(game).await.unwrap(), None);
        let ours = analysis(game, 20_000);
        assert!(store.games().store_analysis(&ours, &[]).await.unwrap());
        assert_eq!(
            store.games().analysis(game).await.unwrap(),
            Some(ours.clone())
        );
        // A second analysis of the game (another process's, say) changes nothing.
        assert!(
            !store
                .games()
                .store_analysis(&analysis(game, 1), &[])
                .await
                .unwrap()
        );
        assert_eq!(store.games().analysis(game).await.unwrap(), Some(ours));
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM analysis_positions")
            .fetch_one(store.pool())
            .await
            .unwrap();
        assert_eq!(rows, 4, "{:?}", db.backend);
    }
}

#[tokio::test]
async fn two_processes_storing_one_analysis_keep_one() {
    for db in test_dbs("an_race").await {
        let (a, b) = (db.store_with(4).await, db.store_with(4).await);
        players(&a, &[1, 2]).await;
        let game = a.play().create_game(&new_game(1, 2), T0).await.unwrap().id;
        let (first, second) = (analysis(game, 100), analysis(game, 200));
        let (x, y) = tokio::join!(
            a.games().store_analysis(&first, &[]),
            b.games().store_analysis(&second, &[])
        );
        let (x, y) = (x.unwrap(), y.unwrap());
        assert!(x != y, "exactly one stores it: {x} {y}");
        let kept = a.games().analysis(game).await.unwrap().unwrap();
        assert_eq!(kept.nodes, if x { 100 } else { 200 });
        assert_eq!(kept.positions.len(), 4);
    }
}

#[tokio::test]
async fn a_position_needs_exactly_one_score() {
    for db in test_dbs("an_invalid").await {
        let store = db.store().await;
        players(&store, &[1, 2]).await;
        let game = store
            .play()
            .create_game(&new_game(1, 2), T0)
            .await
            .unwrap()
            .id;
        let mut bad = analysis(game, 10);
        bad.positions[1] = eval(Some(5), Some((Color::White, 2)), None);
        assert!(matches!(
            store.games().store_analysis(&bad, &[]).await,
            Err(StoreError::Invalid(InvalidInput::AnalysisEval {
                ply: 1,
                ..
            }))
        ));
        bad.positions[1] = eval(None, None, None);
        assert!(matches!(
            store.games().store_analysis(&bad, &[]).await,
            Err(StoreError::Invalid(InvalidInput::AnalysisEval {
                ply: 1,
                ..
            }))
        ));
        assert_eq!(store.games().analysis(game).await.unwrap(), None);
    }
}
