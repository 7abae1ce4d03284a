//! The caps on what one player may hold at once, checked in the transaction that would go past
//! them: games in progress (every game started by the store but a tournament's), games against
//! the computer, and unstarted tournaments; and two processes racing for a player's last place
//! never both get it.

use crate::common;

use std::sync::Arc;

use common::*;
use rollerball::rules::Color;
use rollerball::store::{
    Cap, CapReached, Caps, Days, InProgress, Level, NewGame, NewTournament, PlayerId, StoreError,
};
use tokio::sync::Barrier;

fn caps() -> Caps {
    Caps {
        games: Some(3),
        computer_games: Some(1),
        open_tournaments: Some(1),
    }
}

fn computer_game(player: u64) -> NewGame {
    NewGame {
        black: None,
        computer_level: Some(Level::MIN),
        ..new_game(player, 0)
    }
}

fn reached(player: u64, cap: Cap, max: u32, count: u32) -> StoreError {
    StoreError::Cap(CapReached {
        player: PlayerId(player),
        cap,
        max,
        count,
    })
}

fn tournament(organiser: u64, name: &str) -> NewTournament {
    NewTournament {
        name: name.into(),
        server: 1,
        channel: 10,
        organiser: PlayerId(organiser),
        double: false,
        rated: true,
        days_per_move: Days::DEFAULT,
        max_players: 12,
    }
}

#[tokio::test]
async fn each_cap_refuses_what_goes_past_it_and_writes_nothing() {
    for db in test_dbs("caps").await {
        let uncapped = db.store().await;
        let s = uncapped.clone().with_caps(caps());
        players(&s, &[1, 2, 3]).await;
        s.play().create_game(&computer_game(1), T0).await.unwrap();
        let err = s
            .play()
            .create_game(&computer_game(1), T0)
            .await
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            reached(1, Cap::ComputerGames, 1, 1).to_string()
        );
        assert!(matches!(err, StoreError::Cap(r) if r.cap == Cap::ComputerGames && r.count == 1));
        s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        let c = s
            .challenges()
            .create_challenge(&new_challenge(3, None), T0)
            .await
            .unwrap();
        s.challenges()
            .accept_challenge(c.id, PlayerId(1), &accepted(Color::White), T0)
            .await
            .unwrap();
        assert_eq!(
            s.games().games_in_progress_of(PlayerId(1)).await.unwrap(),
            InProgress {
                games: 3,
                computer: 1
            }
        );
        // At three: a game between players is refused, whichever side is at the cap (the
        // acceptor is named first), and the challenge stays open.
        let before = s.games().active_games_of(PlayerId(1)).await.unwrap();
        match s.play().create_game(&new_game(2, 1), T0).await {
            Err(StoreError::Cap(r)) => {
                assert_eq!((r.player, r.cap, r.count), (PlayerId(1), Cap::Games, 3))
            }
            other => panic!("{:?}: {other:?}", db.backend),
        }
        let c = s
            .challenges()
            .create_challenge(&new_challenge(1, None), T0)
            .await
            .unwrap();
        match s
            .challenges()
            .accept_challenge(c.id, PlayerId(2), &accepted(Color::White), T0)
            .await
        {
            Err(StoreError::Cap(r)) => assert_eq!((r.player, r.max), (PlayerId(1), 3)),
            other => panic!("{:?}: {other:?}", db.backend),
        }
        assert!(
            s.challenges()
                .challenge(c.id)
                .await
                .unwrap()
                .unwrap()
                .game
                .is_none()
        );
        assert_eq!(
            s.challenges()
                .open_challenges_by(PlayerId(1))
                .await
                .unwrap()
                .len(),
            1
        );
        assert_eq!(
            s.games().active_games_of(PlayerId(1)).await.unwrap(),
            before
        );
        // A store without caps (the tools, and these tests elsewhere) writes it.
        uncapped
            .play()
            .create_game(&new_game(2, 1), T0)
            .await
            .unwrap();
        assert_eq!(
            s.games()
                .games_in_progress_of(PlayerId(1))
                .await
                .unwrap()
                .games,
            4
        );

        // One unstarted tournament per organiser here; a cancelled one makes room.
        let t = s
            .tournaments()
            .create_tournament(&tournament(2, "A"), T0)
            .await
            .unwrap();
        match s
            .tournaments()
            .create_tournament(&tournament(2, "B"), T0)
            .await
        {
            Err(StoreError::Cap(r)) => {
                assert_eq!((r.cap, r.max, r.count), (Cap::OpenTournaments, 1, 1))
            }
            other => panic!("{:?}: {other:?}", db.backend),
        }
        assert_eq!(
            s.tournaments()
                .open_tournaments_of(PlayerId(2))
                .await
                .unwrap(),
            1
        );
        s.tournaments().cancel_tournament(t.id, T0).await.unwrap();
        s.tournaments()
            .create_tournament(&tournament(2, "B"), T0)
            .await
            .unwrap();
        s.tournaments()
            .create_tournament(&tournament(3, "C"), T0)
            .await
            .unwrap();
        s.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_never_both_take_a_players_last_place() {
    const TRIES: usize = 8;
    for db in test_dbs("caps_race").await {
        let a = db.store_with(4).await.with_caps(caps());
        let b = db.store_with(4).await.with_caps(caps());
        let ids: Vec<u64> = (1..=1 + TRIES as u64).collect();
        players(&a, &ids).await;
        a.play().create_game(&new_game(1, 2), T0).await.unwrap();
        a.play().create_game(&new_game(3, 1), T0).await.unwrap();
        // Player 1 has one place left; eight opponents accept their challenges at once, from
        // two processes.
        let mut challenges = Vec::new();
        for opponent in 2..=1 + TRIES as u64 {
            let c = a
                .challenges()
                .create_challenge(&new_challenge(1, Some(opponent)), T0)
                .await
                .unwrap();
            challenges.push((c.id, opponent));
        }
        let barrier = Arc::new(Barrier::new(TRIES));
        let mut tasks = Vec::new();
        for (i, (id, opponent)) in challenges.into_iter().enumerate() {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            let barrier = barrier.clone();
            tasks.push(tokio::spawn(async move {
                barrier.wait().await;
                store
                    .challenges()
                    .accept_challenge(id, PlayerId(opponent), &accepted(Color::Black), T0)
                    .await
            }));
        }
        let (mut won, mut capped) = (0, 0);
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => won += 1,
                Err(StoreError::Cap(r)) if r.player == PlayerId(1) => capped += 1,
                Err(other) => panic!("{:?}: {other}", db.backend),
            }
        }
        assert_eq!((won, capped), (1, TRIES - 1), "{:?}", db.backend);
        assert_eq!(
            a.games()
                .games_in_progress_of(PlayerId(1))
                .await
                .unwrap()
                .games,
            3
        );
        a.close().await;
        b.close().await;
    }
}
