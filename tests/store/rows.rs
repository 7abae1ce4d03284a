//! The store's API on SQLite and PostgreSQL: exact rows after every operation, the guards that
//! refuse stale writes, and the upgrade of an old database in place.

use crate::common;

use common::*;
use rollerball::rules::Color;
use rollerball::store::{
    AfterMove, ChallengeId, ChallengeStatus, ColourWish, Days, Deadline, Ending, Game, GameId,
    GameResult, GameStatus, InvalidInput, Level, Missing, Offer, OfferKind, Place, PlayerId,
    RatingScope, RatingUpdate, Reach, Store, StoreError, StoreOptions, StoredMove, Termination,
    Timestamp,
};
use sqlx::Row;

/// Asserts that a guarded write was refused because the row changed or closed meanwhile.
#[track_caller]
fn assert_conflict<T: std::fmt::Debug>(result: Result<T, StoreError>) {
    assert!(matches!(result, Err(StoreError::Conflict)), "{result:?}");
}

#[tokio::test]
async fn players_keep_every_u64_id_and_their_settings() {
    for db in test_dbs("players").await {
        let s = db.store().await;
        let big = PlayerId(u64::MAX - 5);
        let p = s.players().upsert_player(big, "Ann", T0).await.unwrap();
        assert_eq!(p.id, big);
        assert_eq!(
            (p.name.as_str(), p.language.as_deref(), p.ping),
            ("Ann", None, true)
        );
        assert_eq!((p.created_at, p.updated_at), (T0, T0));

        let later = Timestamp(T0.0 + 5);
        let p = s.players().upsert_player(big, "Anne", later).await.unwrap();
        assert_eq!(
            (p.name.as_str(), p.created_at, p.updated_at),
            ("Anne", T0, later)
        );

        assert!(!p.dm, "direct messages are off until asked for");
        let p = s
            .players()
            .set_player_settings(big, Some("fr"), false, true, later)
            .await
            .unwrap();
        assert_eq!(
            (p.language.as_deref(), p.ping, p.dm),
            (Some("fr"), false, true)
        );
        assert_eq!(s.players().player(big).await.unwrap(), Some(p));
        assert_eq!(s.players().player(PlayerId(7)).await.unwrap(), None);
        assert!(matches!(
            s.players()
                .set_player_settings(PlayerId(7), Some("en"), true, false, later)
                .await,
            Err(StoreError::NotFound(Missing::Player(PlayerId(7))))
        ));
        // The id is stored bit-cast: the raw column holds the same 64 bits.
        let raw: i64 = sqlx::query("SELECT id FROM players")
            .fetch_one(s.pool())
            .await
            .unwrap()
            .get(0);
        assert_eq!(raw, -6);
        s.close().await;
    }
}

#[tokio::test]
async fn a_players_language_can_be_unset_and_servers_keep_their_locale() {
    for db in test_dbs("locales").await {
        let s = db.store().await;
        s.players()
            .upsert_player(PlayerId(1), "Ann", T0)
            .await
            .unwrap();
        let p = s
            .players()
            .set_player_settings(PlayerId(1), Some("ru"), true, false, T0)
            .await
            .unwrap();
        assert_eq!(p.language.as_deref(), Some("ru"));
        let p = s
            .players()
            .set_player_settings(PlayerId(1), None, true, false, T0)
            .await
            .unwrap();
        assert_eq!(p.language, None);

        let server = u64::MAX - 1;
        assert_eq!(s.players().server_locale(server).await.unwrap(), None);
        s.players()
            .set_server_locale(server, "es-ES", T0)
            .await
            .unwrap();
        assert_eq!(
            s.players().server_locale(server).await.unwrap().as_deref(),
            Some("es-ES")
        );
        s.players()
            .set_server_locale(server, "fr", Timestamp(T0.0 + 1))
            .await
            .unwrap();
        assert_eq!(
            s.players().server_locale(server).await.unwrap().as_deref(),
            Some("fr")
        );
        assert_eq!(s.players().server_locale(7).await.unwrap(), None);
        s.close().await;
    }
}

#[tokio::test]
async fn challenges_are_made_listed_closed_and_accepted_once() {
    for db in test_dbs("challenges").await {
        let s = db.store().await;
        players(&s, &[1, 2, 3]).await;

        assert!(matches!(
            s.challenges()
                .create_challenge(&new_challenge(1, Some(1)), T0)
                .await,
            Err(StoreError::Invalid(InvalidInput::SelfChallenge))
        ));
        let direct = s
            .challenges()
            .create_challenge(&new_challenge(1, Some(2)), T0)
            .await
            .unwrap();
        assert_eq!(direct.id, ChallengeId(1));
        assert_eq!(direct.challenger, PlayerId(1));
        assert_eq!(direct.challenged, Some(PlayerId(2)));
        assert_eq!(direct.colour, ColourWish::Random);
        assert_eq!(direct.status, ChallengeStatus::Open);
        assert_eq!((direct.days_per_move, direct.rated), (Days::DEFAULT, true));
        assert_eq!(
            (direct.accepted_by, direct.game, direct.closed_at),
            (None, None, None)
        );
        assert_eq!(direct.expires_at, Timestamp(T0.0 + DAY));
        let open = s
            .challenges()
            .create_challenge(&new_challenge(2, None), T0)
            .await
            .unwrap();
        assert_eq!(open.id, ChallengeId(2));

        let ids =
            |v: Vec<rollerball::store::Challenge>| v.iter().map(|c| c.id.0).collect::<Vec<_>>();
        assert_eq!(
            ids(s.challenges().open_challenges_in(10).await.unwrap()),
            vec![1, 2]
        );
        assert_eq!(
            ids(s
                .challenges()
                .open_challenges_to(PlayerId(2))
                .await
                .unwrap()),
            vec![1]
        );
        assert_eq!(
            ids(s
                .challenges()
                .open_challenges_by(PlayerId(2))
                .await
                .unwrap()),
            vec![2]
        );
        assert_eq!(
            s.challenges().challenge(direct.id).await.unwrap(),
            Some(direct.clone())
        );

        // Only the challenged player may take a direct challenge; nobody their own.
        for who in [1, 3] {
            assert!(matches!(
                s.challenges()
                    .accept_challenge(direct.id, PlayerId(who), &accepted(Color::White), T0)
                    .await,
                Err(StoreError::Invalid(InvalidInput::MayNotAccept { .. }))
            ));
        }
        let (c, game) = s
            .challenges()
            .accept_challenge(direct.id, PlayerId(2), &accepted(Color::Black), T0)
            .await
            .unwrap();
        assert_eq!(c.status, ChallengeStatus::Accepted);
        assert_eq!(
            (c.accepted_by, c.game, c.closed_at),
            (Some(PlayerId(2)), Some(game.id), Some(T0))
        );
        assert_eq!(s.challenges().challenge(direct.id).await.unwrap(), Some(c));
        assert_eq!(game.id, GameId(1));
        assert_eq!(
            (game.white, game.black),
            (Some(PlayerId(2)), Some(PlayerId(1)))
        );
        assert_eq!(
            game.place,
            Place {
                server: Some(1),
                channel: 10,
                thread: Some(99),
                reach: Reach::Posts,
            }
        );
        assert_eq!(game.challenge, Some(direct.id));
        assert_eq!((game.days_per_move, game.rated), (Days::DEFAULT, true));
        assert_eq!(game.deadline, Some(Timestamp(T0.0 + 3 * DAY)));
        assert_conflict(
            s.challenges()
                .accept_challenge(direct.id, PlayerId(2), &accepted(Color::Black), T0)
                .await,
        );
        assert_conflict(
            s.challenges()
                .close_challenge(direct.id, ChallengeStatus::Cancelled, T0)
                .await,
        );

        // Declined, cancelled and expired challenges leave the lists.
        let declined = s
            .challenges()
            .close_challenge(open.id, ChallengeStatus::Declined, Timestamp(T0.0 + 1))
            .await
            .unwrap();
        assert_eq!(
            (declined.status, declined.closed_at),
            (ChallengeStatus::Declined, Some(Timestamp(T0.0 + 1)))
        );
        assert!(matches!(
            s.challenges()
                .close_challenge(open.id, ChallengeStatus::Expired, T0)
                .await,
            Err(StoreError::Invalid(InvalidInput::CloseChallengeAs(
                ChallengeStatus::Expired
            )))
        ));
        assert!(matches!(
            s.challenges()
                .close_challenge(ChallengeId(99), ChallengeStatus::Declined, T0)
                .await,
            Err(StoreError::NotFound(Missing::Challenge(ChallengeId(99))))
        ));
        let late = s
            .challenges()
            .create_challenge(&new_challenge(3, None), T0)
            .await
            .unwrap();
        let expiry = Timestamp(T0.0 + DAY);
        assert_conflict(
            s.challenges()
                .accept_challenge(late.id, PlayerId(1), &accepted(Color::White), expiry)
                .await,
        );
        assert_eq!(
            s.challenges()
                .expire_challenges(Timestamp(expiry.0 - 1), 10)
                .await
                .unwrap(),
            vec![]
        );
        let expired = s.challenges().expire_challenges(expiry, 10).await.unwrap();
        assert_eq!(expired.len(), 1);
        assert_eq!(
            (expired[0].id, expired[0].status),
            (late.id, ChallengeStatus::Expired)
        );
        assert_eq!(
            s.challenges().expire_challenges(expiry, 10).await.unwrap(),
            vec![]
        );
        assert_eq!(s.challenges().open_challenges_in(10).await.unwrap(), vec![]);
        s.close().await;
    }
}

fn expected_move(ply: u32, color: Color, player: u64) -> StoredMove {
    let m = fake_move(ply);
    StoredMove {
        ply,
        san: m.san,
        coord: m.coord,
        fen_after: m.fen_after,
        color,
        player: Some(PlayerId(player)),
        played_at: Timestamp(T0.0 + i64::from(ply)),
    }
}

#[tokio::test]
async fn moves_are_committed_in_order_and_stale_writes_change_nothing() {
    for db in test_dbs("moves").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        let g0 = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        assert_eq!(
            g0,
            Game {
                id: GameId(1),
                place: Place {
                    server: Some(1),
                    channel: 10,
                    thread: None,
                    reach: Reach::Posts,
                },
                white: Some(PlayerId(1)),
                black: Some(PlayerId(2)),
                status: GameStatus::Active,
                result: None,
                termination: None,
                start_fen: START.into(),
                fen: START.into(),
                to_move: Color::White,
                ply: 0,
                version: 1,
                days_per_move: Days::DEFAULT,
                rated: true,
                deadline: Some(Timestamp(T0.0 + DAY)),
                remind_at: None,
                final_remind_at: None,
                reminder_stage: 0,
                offer: None,
                challenge: None,
                rematch_of: None,
                ratings_applied: false,
                created_at: T0,
                updated_at: T0,
                finished_at: None,
                computer_level: None,
            }
        );
        let g3 = play(&s, g0.clone(), 3).await;
        assert_eq!((g3.ply, g3.version, g3.to_move), (3, 4, Color::Black));
        assert_eq!(g3.fen, fake_move(3).fen_after);
        assert_eq!(g3.deadline, Some(Timestamp(T0.0 + 4 * DAY)));
        assert_eq!(g3.updated_at, Timestamp(T0.0 + 3));
        let expected = vec![
            expected_move(1, Color::White, 1),
            expected_move(2, Color::Black, 2),
            expected_move(3, Color::White, 1),
        ];
        assert_eq!(s.games().moves(g0.id).await.unwrap(), expected);
        assert_eq!(
            s.games().game_with_moves(g0.id).await.unwrap(),
            Some((g3.clone(), expected.clone()))
        );

        // A move from an old version is refused and writes nothing.
        let stale = s
            .play()
            .commit_move(
                g0.id,
                g0.version,
                &fake_move(1),
                AfterMove::Continue(Deadline::at(T0)),
                T0,
            )
            .await;
        assert!(matches!(stale, Err(StoreError::Conflict)), "{stale:?}");
        assert_eq!(s.games().game(g0.id).await.unwrap(), Some(g3.clone()));
        assert_eq!(s.games().moves(g0.id).await.unwrap(), expected);
        assert!(matches!(
            s.play()
                .commit_move(
                    GameId(42),
                    1,
                    &fake_move(1),
                    AfterMove::Continue(Deadline::at(T0)),
                    T0
                )
                .await,
            Err(StoreError::NotFound(Missing::Game(GameId(42))))
        ));
        assert_eq!(s.games().game(GameId(42)).await.unwrap(), None);
        assert_eq!(s.games().game_with_moves(GameId(42)).await.unwrap(), None);

        // The move that ends the game.
        let end = Ending {
            result: GameResult::BlackWins,
            termination: Termination::Checkmate,
        };
        let done = s
            .play()
            .commit_move(
                g3.id,
                g3.version,
                &fake_move(4),
                AfterMove::End(end),
                Timestamp(T0.0 + 4),
            )
            .await
            .unwrap();
        assert_eq!(done.status, GameStatus::Finished);
        assert_eq!(
            (done.result, done.termination),
            (Some(GameResult::BlackWins), Some(Termination::Checkmate))
        );
        assert_eq!((done.ply, done.version, done.to_move), (4, 5, Color::White));
        assert_eq!(
            (done.deadline, done.remind_at, done.finished_at),
            (None, None, Some(Timestamp(T0.0 + 4)))
        );
        assert_eq!(s.games().moves(g3.id).await.unwrap().len(), 4);
        assert_conflict(
            s.play()
                .commit_move(
                    done.id,
                    done.version,
                    &fake_move(5),
                    AfterMove::Continue(Deadline::at(T0)),
                    T0,
                )
                .await,
        );
        assert_conflict(s.play().end_game(done.id, done.version, end, T0).await);
        s.close().await;
    }
}

#[tokio::test]
async fn active_games_are_found_by_player_and_by_place() {
    for db in test_dbs("active").await {
        let s = db.store().await;
        players(&s, &[1, 2, 3]).await;
        let a = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        let mut in_thread = new_game(3, 1);
        in_thread.place = Place {
            server: Some(1),
            channel: 10,
            thread: Some(77),
            reach: Reach::Posts,
        };
        let b = s.play().create_game(&in_thread, T0).await.unwrap();
        let mut elsewhere = new_game(2, 3);
        elsewhere.place.channel = 11;
        let c = s.play().create_game(&elsewhere, T0).await.unwrap();
        let mut vs_computer = new_game(3, 0);
        vs_computer.black = None;
        vs_computer.computer_level = Level::new(2);
        let d = s.play().create_game(&vs_computer, T0).await.unwrap();
        assert_eq!((d.black, d.computer_level), (None, Level::new(2)));
        // It is White's (the player's) move: the computer has nothing to do.
        assert!(s.play().computer_turns(10).await.unwrap().is_empty());
        // Half a game: a player without an opponent, or a computer game with two players.
        let mut lonely = new_game(3, 0);
        lonely.black = None;
        assert!(matches!(
            s.play().create_game(&lonely, T0).await,
            Err(StoreError::Invalid(InvalidInput::GameSides))
        ));
        let mut crowded = new_game(1, 2);
        crowded.computer_level = Level::new(3);
        assert!(matches!(
            s.play().create_game(&crowded, T0).await,
            Err(StoreError::Invalid(InvalidInput::GameSides))
        ));

        let ids = |v: Vec<Game>| v.iter().map(|g| g.id.0).collect::<Vec<_>>();
        assert_eq!(
            ids(s.games().active_games_of(PlayerId(1)).await.unwrap()),
            vec![a.id.0, b.id.0]
        );
        assert_eq!(
            ids(s.games().active_games_of(PlayerId(3)).await.unwrap()),
            vec![b.id.0, c.id.0, d.id.0]
        );
        assert_eq!(
            ids(s.games().active_games_in(10).await.unwrap()),
            vec![a.id.0, b.id.0, d.id.0]
        );
        assert_eq!(
            ids(s.games().active_games_in(77).await.unwrap()),
            vec![b.id.0]
        );
        assert_eq!(
            ids(s.games().active_games_in(11).await.unwrap()),
            vec![c.id.0]
        );

        let resign = Ending {
            result: GameResult::WhiteWins,
            termination: Termination::Resignation,
        };
        let over = s
            .play()
            .end_game(a.id, a.version, resign, Timestamp(T0.0 + 9))
            .await
            .unwrap();
        assert_eq!(
            (over.status, over.result, over.termination),
            (
                GameStatus::Finished,
                Some(GameResult::WhiteWins),
                Some(Termination::Resignation)
            )
        );
        assert_eq!(
            (over.version, over.finished_at, over.deadline),
            (2, Some(Timestamp(T0.0 + 9)), None)
        );
        assert_eq!(
            ids(s.games().active_games_of(PlayerId(1)).await.unwrap()),
            vec![b.id.0]
        );
        assert_eq!(
            ids(s.games().active_games_in(10).await.unwrap()),
            vec![b.id.0, d.id.0]
        );
        assert!(matches!(
            s.play().create_game(&new_game(2, 2), T0).await,
            Err(StoreError::Invalid(InvalidInput::SelfPlay))
        ));
        s.close().await;
    }
}

#[tokio::test]
async fn a_draw_offer_stands_through_the_offerers_own_move() {
    for db in test_dbs("offer_own_move").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        let g = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        let draw = Offer {
            kind: OfferKind::Draw,
            by: Color::White,
        };
        let offered = s.play().set_offer(g.id, g.version, draw, T0).await.unwrap();
        // White offers, then moves: the offer waits for Black.
        let after_white = play(&s, offered, 1).await;
        assert_eq!(after_white.offer, Some(draw));
        // Black moves instead of answering: declined.
        let after_black = play(&s, after_white, 1).await;
        assert_eq!(after_black.offer, None);
    }
}

#[tokio::test]
async fn offers_takebacks_and_extra_time_are_guarded_changes() {
    for db in test_dbs("offers").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        let g = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        let g = play(&s, g, 3).await;

        let draw = Offer {
            kind: OfferKind::Draw,
            by: Color::Black,
        };
        let offered = s.play().set_offer(g.id, g.version, draw, T0).await.unwrap();
        assert_eq!(
            (offered.offer, offered.version, offered.ply),
            (Some(draw), g.version + 1, 3)
        );
        assert_conflict(s.play().set_offer(g.id, g.version, draw, T0).await);
        let cleared = s
            .play()
            .clear_offer(g.id, offered.version, T0)
            .await
            .unwrap();
        assert_eq!((cleared.offer, cleared.version), (None, g.version + 2));
        // The side to move (Black) moving declines White's pending offer.
        let white_draw = Offer {
            kind: OfferKind::Draw,
            by: Color::White,
        };
        let offered = s
            .play()
            .set_offer(g.id, cleared.version, white_draw, T0)
            .await
            .unwrap();
        let moved = play(&s, offered, 1).await;
        assert_eq!((moved.offer, moved.ply), (None, 4));

        // Take back one ply, then two: the position and record go back with them.
        let takeback = Offer {
            kind: OfferKind::Takeback,
            by: Color::White,
        };
        let asked = s
            .play()
            .set_offer(g.id, moved.version, takeback, T0)
            .await
            .unwrap();
        let later = Deadline {
            at: Timestamp(T0.0 + 9 * DAY),
            first_reminder: Some(Timestamp(T0.0 + 8 * DAY)),
            last_reminder: None,
        };
        let back1 = s
            .play()
            .take_back(g.id, asked.version, 1, later, T0)
            .await
            .unwrap();
        assert_eq!(
            (back1.ply, back1.to_move, back1.offer),
            (3, Color::Black, None)
        );
        assert_eq!(back1.fen, fake_move(3).fen_after);
        assert_eq!(
            (back1.deadline, back1.remind_at, back1.reminder_stage),
            (Some(later.at), Some(Timestamp(T0.0 + 8 * DAY)), 0)
        );
        assert_eq!(
            s.games()
                .moves(g.id)
                .await
                .unwrap()
                .iter()
                .map(|m| m.ply)
                .collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
        let back2 = s
            .play()
            .take_back(g.id, back1.version, 2, later, T0)
            .await
            .unwrap();
        assert_eq!((back2.ply, back2.to_move), (1, Color::Black));
        assert_eq!(back2.fen, fake_move(1).fen_after);
        let back_all = s
            .play()
            .take_back(g.id, back2.version, 1, later, T0)
            .await
            .unwrap();
        assert_eq!(
            (back_all.ply, back_all.to_move, back_all.fen.as_str()),
            (0, Color::White, START)
        );
        assert_eq!(s.games().moves(g.id).await.unwrap(), vec![]);
        assert_conflict(
            s.play()
                .take_back(g.id, back_all.version, 1, later, T0)
                .await,
        );
        assert!(matches!(
            s.play()
                .take_back(g.id, back_all.version, 0, later, T0)
                .await,
            Err(StoreError::Invalid(InvalidInput::NothingToTakeBack))
        ));
        // The record continues from the restored position without gaps.
        let again = play(&s, back_all.clone(), 2).await;
        assert_eq!(
            s.games()
                .moves(g.id)
                .await
                .unwrap()
                .iter()
                .map(|m| m.ply)
                .collect::<Vec<_>>(),
            vec![1, 2]
        );

        let more = Deadline::at(Timestamp(T0.0 + 20 * DAY));
        let extended = s
            .play()
            .set_deadline(g.id, again.version, more, T0)
            .await
            .unwrap();
        assert_eq!(
            (extended.deadline, extended.version),
            (Some(more.at), again.version + 1)
        );
        assert_conflict(s.play().set_deadline(g.id, again.version, more, T0).await);
        s.close().await;
    }
}

#[tokio::test]
async fn reminders_and_timeouts_are_claimed_when_due() {
    for db in test_dbs("deadlines").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        let mut spec = new_game(1, 2);
        spec.deadline = Deadline {
            at: Timestamp(T0.0 + 100),
            first_reminder: Some(Timestamp(T0.0 + 80)),
            last_reminder: Some(Timestamp(T0.0 + 95)),
        };
        let g = s.play().create_game(&spec, T0).await.unwrap();
        assert_eq!(
            (g.remind_at, g.final_remind_at),
            (Some(Timestamp(T0.0 + 80)), Some(Timestamp(T0.0 + 95)))
        );
        let other = s.play().create_game(&new_game(2, 1), T0).await.unwrap();

        assert_eq!(
            s.play()
                .claim_reminders(Timestamp(T0.0 + 79), 10)
                .await
                .unwrap(),
            vec![]
        );
        let first = s
            .play()
            .claim_reminders(Timestamp(T0.0 + 80), 10)
            .await
            .unwrap();
        assert_eq!(first.len(), 1);
        assert_eq!((first[0].game.id, first[0].stage), (g.id, 1));
        assert_eq!(
            (first[0].game.remind_at, first[0].game.final_remind_at),
            (Some(Timestamp(T0.0 + 95)), None)
        );
        assert_eq!(
            first[0].game.version, g.version,
            "a reminder is not a change of the game"
        );
        assert_eq!(
            s.play()
                .claim_reminders(Timestamp(T0.0 + 90), 10)
                .await
                .unwrap(),
            vec![]
        );
        let last = s
            .play()
            .claim_reminders(Timestamp(T0.0 + 99), 10)
            .await
            .unwrap();
        assert_eq!(
            (last[0].game.id, last[0].stage, last[0].game.remind_at),
            (g.id, 2, None)
        );
        assert_eq!(
            s.play()
                .claim_reminders(Timestamp(T0.0 + 1000), 10)
                .await
                .unwrap(),
            vec![]
        );
        // Each reminder claimed is an event, written with the claim; the claims that found
        // nothing wrote none.
        let events: Vec<_> = s
            .event_log()
            .all_events_after(rollerball::store::EventId(0), 10)
            .await
            .unwrap()
            .into_iter()
            .map(|e| (e.game, e.at, e.kind))
            .collect();
        let reminded = |stage| rollerball::store::EventKind::Reminded { ply: 0, stage };
        assert_eq!(
            events,
            [
                (Some(g.id), Timestamp(T0.0 + 80), reminded(1)),
                (Some(g.id), Timestamp(T0.0 + 99), reminded(2)),
            ]
        );

        assert_eq!(
            s.play()
                .claim_timeouts(Timestamp(T0.0 + 99), 10)
                .await
                .unwrap(),
            vec![]
        );
        let timed_out = s
            .play()
            .claim_timeouts(Timestamp(T0.0 + 100), 10)
            .await
            .unwrap();
        assert_eq!(timed_out.len(), 1);
        let t = &timed_out[0];
        assert_eq!(t.id, g.id);
        // Nobody had moved: the game is aborted, unrated, rather than lost on time.
        assert_eq!(
            (t.status, t.result, t.termination, t.rated),
            (
                GameStatus::Finished,
                Some(GameResult::NoResult),
                Some(Termination::Abort),
                false
            )
        );
        assert_eq!(
            (t.finished_at, t.deadline, t.version),
            (Some(Timestamp(T0.0 + 100)), None, g.version + 1)
        );
        assert_eq!(
            s.play()
                .claim_timeouts(Timestamp(T0.0 + 100), 10)
                .await
                .unwrap(),
            vec![]
        );
        // Once both sides have moved, White to move loses the other game on time when its day
        // is over; it stays rated.
        let other = play(&s, other, 2).await;
        let gone = s
            .play()
            .claim_timeouts(Timestamp(T0.0 + 10 * DAY), 10)
            .await
            .unwrap();
        assert_eq!(
            gone.iter()
                .map(|g| (g.id, g.result, g.termination, g.rated))
                .collect::<Vec<_>>(),
            vec![(
                other.id,
                Some(GameResult::BlackWins),
                Some(Termination::Time),
                true
            )]
        );
        s.close().await;
    }
}

#[tokio::test]
async fn ratings_count_each_rated_game_once() {
    for db in test_dbs("ratings").await {
        let s = db.store().await;
        players(&s, &[1, 2, 3]).await;
        let server = RatingScope::Server(1);
        assert_eq!(
            s.ratings().rating(PlayerId(1), server).await.unwrap().games,
            0
        );
        let g = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        let update = |player, expected_games, rating| RatingUpdate {
            player: PlayerId(player),
            scope: server,
            expected_games,
            rating,
            deviation: 200.0,
            volatility: 0.06,
        };
        assert!(
            matches!(
                s.ratings()
                    .apply_ratings(g.id, &[update(1, 0, 1600.0)], T0)
                    .await,
                Err(StoreError::Conflict)
            ),
            "an active game is not counted"
        );
        let won = Ending {
            result: GameResult::WhiteWins,
            termination: Termination::Resignation,
        };
        s.play().end_game(g.id, g.version, won, T0).await.unwrap();
        assert_eq!(
            s.ratings()
                .games_awaiting_ratings(10)
                .await
                .unwrap()
                .iter()
                .map(|g| g.id)
                .collect::<Vec<_>>(),
            vec![g.id]
        );

        // Computed from a stale rating: refused, nothing written.
        assert_conflict(
            s.ratings()
                .apply_ratings(g.id, &[update(1, 0, 1600.0), update(2, 5, 1400.0)], T0)
                .await,
        );
        assert_eq!(
            s.ratings().rating(PlayerId(1), server).await.unwrap().games,
            0
        );
        let updates = [update(1, 0, 1662.5), update(2, 0, 1337.5)];
        s.ratings()
            .apply_ratings(g.id, &updates, Timestamp(T0.0 + 1))
            .await
            .unwrap();
        assert_conflict(s.ratings().apply_ratings(g.id, &updates, T0).await);
        assert_eq!(
            s.ratings().games_awaiting_ratings(10).await.unwrap(),
            vec![]
        );
        assert!(s.games().game(g.id).await.unwrap().unwrap().ratings_applied);

        let r1 = s.ratings().rating(PlayerId(1), server).await.unwrap();
        assert_eq!(
            (
                r1.rating,
                r1.deviation,
                r1.volatility,
                r1.games,
                r1.updated_at
            ),
            (1662.5, 200.0, 0.06, 1, Timestamp(T0.0 + 1))
        );
        assert_eq!(
            s.ratings()
                .rating(PlayerId(1), RatingScope::Global)
                .await
                .unwrap()
                .games,
            0
        );

        // A second game for player 3 against 1, counted from player 1's current rating.
        let g2 = s.play().create_game(&new_game(3, 1), T0).await.unwrap();
        s.play().end_game(g2.id, g2.version, won, T0).await.unwrap();
        s.ratings()
            .apply_ratings(g2.id, &[update(3, 0, 1700.0), update(1, 1, 1600.0)], T0)
            .await
            .unwrap();
        let board = s.ratings().leaderboard(server, 10).await.unwrap();
        let lines: Vec<(&str, f64, u32)> = board
            .iter()
            .map(|e| (e.name.as_str(), e.rating.rating, e.rating.games))
            .collect();
        assert_eq!(
            lines,
            vec![("p3", 1700.0, 1), ("p1", 1600.0, 2), ("p2", 1337.5, 1)]
        );
        assert_eq!(s.ratings().leaderboard(server, 1).await.unwrap().len(), 1);
        assert_eq!(
            s.ratings()
                .leaderboard(RatingScope::Global, 10)
                .await
                .unwrap(),
            vec![]
        );

        let mut casual = new_game(1, 2);
        casual.rated = false;
        let c = s.play().create_game(&casual, T0).await.unwrap();
        s.play().end_game(c.id, c.version, won, T0).await.unwrap();
        assert!(matches!(
            s.ratings().apply_ratings(c.id, &[], T0).await,
            Err(StoreError::Invalid(InvalidInput::NotRated(_)))
        ));
        assert!(matches!(
            s.ratings().apply_ratings(GameId(99), &[], T0).await,
            Err(StoreError::NotFound(Missing::Game(GameId(99))))
        ));
        s.close().await;
    }
}

#[tokio::test]
async fn a_game_has_at_most_one_rematch() {
    for db in test_dbs("rematch").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        let g = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        assert_eq!(s.games().rematch_of(g.id).await.unwrap(), None);
        let mut spec = new_game(2, 1);
        spec.rematch_of = Some(g.id);
        let r = s.play().create_game(&spec, T0).await.unwrap();
        assert_eq!(
            (r.id, r.rematch_of, r.white),
            (GameId(2), Some(g.id), Some(PlayerId(2)))
        );
        assert_conflict(s.play().create_game(&spec, T0).await);
        assert_eq!(s.games().rematch_of(g.id).await.unwrap(), Some(r));
        // The refused creation gave its number back.
        assert_eq!(
            s.play().create_game(&new_game(1, 2), T0).await.unwrap().id,
            GameId(3)
        );
        s.close().await;
    }
}

#[tokio::test]
async fn sqlite_runs_with_wal_full_sync_and_foreign_keys() {
    let db = sqlite_db();
    let s = db.store().await;
    let mut conn = s.pool().acquire().await.unwrap();
    let pragma = |name: &'static str| format!("PRAGMA {name}");
    let mode: String = sqlx::query(&pragma("journal_mode"))
        .fetch_one(&mut *conn)
        .await
        .unwrap()
        .get(0);
    let sync: i64 = sqlx::query(&pragma("synchronous"))
        .fetch_one(&mut *conn)
        .await
        .unwrap()
        .get(0);
    let fk: i64 = sqlx::query(&pragma("foreign_keys"))
        .fetch_one(&mut *conn)
        .await
        .unwrap()
        .get(0);
    let busy: i64 = sqlx::query(&pragma("busy_timeout"))
        .fetch_one(&mut *conn)
        .await
        .unwrap()
        .get(0);
    assert_eq!((mode.as_str(), sync, fk), ("wal", 2, 1));
    // 10 s is the store's own setting (sqlx would default to 5 s): the pragmas ran.
    assert_eq!(busy, 10_000);
    drop(conn);
    // Foreign keys hold: a game cannot name an unknown player.
    assert!(matches!(
        s.play().create_game(&new_game(1, 2), T0).await,
        Err(StoreError::Database(_))
    ));
    s.close().await;
    assert!(db.sqlite_path().unwrap().exists());
}

#[tokio::test]
async fn a_database_of_the_first_version_is_upgraded_in_place() {
    for db in test_dbs("upgrade").await {
        // Build the database as the first release did: only migration 1.
        let old = Store::open(&db.url, StoreOptions::default()).await.unwrap();
        let mut first = sqlx::migrate!("./migrations");
        first.migrations = std::borrow::Cow::Owned(first.migrations[..1].to_vec());
        first.run(old.pool()).await.unwrap();
        for sql in [
            "INSERT INTO players (id, name, created_at, updated_at) VALUES (1, 'old1', 5, 5)",
            "INSERT INTO players (id, name, language, created_at, updated_at) VALUES (2, 'old2', 'fr', 5, 5)",
            "UPDATE id_counters SET next_id = 2 WHERE name = 'game'",
            "INSERT INTO games (id, channel_id, white_id, black_id, status, start_fen, fen, to_move, \
               ply, version, days_per_move, rated, deadline_at, created_at, updated_at) \
             VALUES (1, 10, 1, 2, 'active', '2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1', \
               '2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 b - 1', 'black', 1, 2, 3, 1, 900, 5, 6)",
            "INSERT INTO moves (game_id, ply, san, coord, fen_after, color, player_id, played_at) \
             VALUES (1, 1, 'Bb3', 'c2-b3', '2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 b - 1', 'white', 1, 6)",
        ] {
            sqlx::query(sql).execute(old.pool()).await.unwrap();
        }
        let versions = applied_migrations(&old).await;
        assert_eq!(versions, vec![1]);
        old.close().await;

        // The new release opens it: migrated in place, nothing lost, the new features work.
        let s = db.store().await;
        let versions = applied_migrations(&s).await;
        assert_eq!(
            versions,
            vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
        );
        let (g, moves) = s.games().game_with_moves(GameId(1)).await.unwrap().unwrap();
        assert_eq!(
            (g.ply, g.version, g.to_move, g.rematch_of, g.ratings_applied),
            (1, 2, Color::Black, None, false)
        );
        assert_eq!(g.deadline, Some(Timestamp(900)));
        assert_eq!(moves.len(), 1);
        assert_eq!(
            (
                moves[0].san.as_str(),
                moves[0].coord.as_str(),
                moves[0].player
            ),
            ("Bb3", "c2-b3", Some(PlayerId(1)))
        );
        assert_eq!(
            s.players().player(PlayerId(1)).await.unwrap().unwrap().name,
            "old1"
        );
        // Direct messages on one's turn were never asked for before 0006.
        assert!(!s.players().player(PlayerId(1)).await.unwrap().unwrap().dm);
        // English was the only language: nobody had chosen it. French was chosen on purpose.
        assert_eq!(
            s.players()
                .player(PlayerId(1))
                .await
                .unwrap()
                .unwrap()
                .language,
            None
        );
        assert_eq!(
            s.players()
                .player(PlayerId(2))
                .await
                .unwrap()
                .unwrap()
                .language
                .as_deref(),
            Some("fr")
        );
        let next = play(&s, g.clone(), 1).await;
        assert_eq!(next.ply, 2);
        let mut spec = new_game(2, 1);
        spec.rematch_of = Some(g.id);
        assert_eq!(s.play().create_game(&spec, T0).await.unwrap().id, GameId(2));
        // Running the migrations again is harmless.
        s.migrate().await.unwrap();
        s.close().await;
    }
}

#[tokio::test]
async fn a_game_takes_one_thread_while_active() {
    for db in test_dbs("thread").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        let g = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        assert!(s.games().active_games_in(55).await.unwrap().is_empty());
        let with = s
            .play()
            .set_thread(g.id, 55, Timestamp(T0.0 + 1))
            .await
            .unwrap();
        assert_eq!(with.place.thread, Some(55));
        assert_eq!(with.place.channel, g.place.channel);
        assert_eq!(with.version, g.version, "the game itself did not change");
        let found = s.games().active_games_in(55).await.unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].id, g.id);
        // A second thread (another process's) loses; the first stays.
        assert_conflict(s.play().set_thread(g.id, 56, T0).await);
        assert!(matches!(
            s.play().set_thread(GameId(999), 57, T0).await,
            Err(StoreError::NotFound(Missing::Game(GameId(999))))
        ));
        let resign = Ending {
            result: GameResult::WhiteWins,
            termination: Termination::Resignation,
        };
        let mut fresh = s.play().create_game(&new_game(2, 1), T0).await.unwrap();
        fresh = s
            .play()
            .end_game(fresh.id, fresh.version, resign, T0)
            .await
            .unwrap();
        assert_conflict(s.play().set_thread(fresh.id, 58, T0).await);
        assert_eq!(
            s.games().game(g.id).await.unwrap().unwrap().place.thread,
            Some(55)
        );
        s.close().await;
    }
}

#[tokio::test]
async fn rollerball_migrate_brings_a_database_up_to_date_and_then_keeps_it() {
    for db in test_dbs("cli").await {
        // Only the bot's own run creates a database (`migrate` refuses a missing file, see
        // tests/rules/cli.rs): the database is made first.
        db.store().await.close().await;
        let run = || {
            std::process::Command::new(env!("CARGO_BIN_EXE_rollerball"))
                .arg("migrate")
                .env("DATABASE_URL", &db.url)
                .output()
                .unwrap()
        };
        for _ in 0..2 {
            let out = run();
            assert!(out.status.success(), "{out:?}");
            assert!(
                String::from_utf8_lossy(&out.stdout).contains("up to date"),
                "{out:?}"
            );
        }

        let s = Store::open(&db.url, StoreOptions::default()).await.unwrap();
        assert_eq!(s.migrate().await.unwrap(), Vec::<i64>::new());
        players(&s, &[1, 2]).await;
        assert_eq!(
            s.play().create_game(&new_game(1, 2), T0).await.unwrap().id,
            GameId(1)
        );
        s.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn several_processes_may_create_the_database_at_once() {
    for db in test_dbs("together").await {
        let starts: Vec<_> = (0..4)
            .map(|_| {
                let url = db.url.clone();
                tokio::spawn(async move { Store::connect(&url).await })
            })
            .collect();
        for start in starts {
            let s = start.await.unwrap().expect("every start succeeds");
            s.close().await;
        }
        let s = db.store().await;
        let versions = applied_migrations(&s).await;
        assert_eq!(
            versions,
            vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
        );
        s.close().await;
    }
}

/// Every operation can run on a spawned task (the game service and the sweep do): their futures
/// are `Send`. Checked at compile time; never run.
#[allow(dead_code, unused_must_use, clippy::let_underscore_future)]
fn every_future_is_send(s: Store, g: Game, c: rollerball::store::Challenge) {
    fn send<T: Send>(_: T) {}
    let t = T0;
    let mv = fake_move(1);
    let d = Deadline::at(t);
    let e = Ending {
        result: GameResult::Draw,
        termination: Termination::Agreement,
    };
    let offer = Offer {
        kind: OfferKind::Draw,
        by: Color::White,
    };
    send(Store::connect("sqlite://x.db"));
    send(s.migrate());
    send(s.players().upsert_player(PlayerId(1), "a", t));
    send(s.players().player(PlayerId(1)));
    send(
        s.players()
            .set_player_settings(PlayerId(1), Some("en"), true, false, t),
    );
    send(s.players().set_server_locale(1, "fr", t));
    send(s.players().server_locale(1));
    send(s.challenges().create_challenge(&new_challenge(1, None), t));
    send(s.challenges().challenge(c.id));
    send(s.challenges().open_challenges_in(1));
    send(s.challenges().open_challenges_to(PlayerId(1)));
    send(s.challenges().open_challenges_by(PlayerId(1)));
    send(
        s.challenges()
            .close_challenge(c.id, ChallengeStatus::Declined, t),
    );
    send(s.challenges().expire_challenges(t, 1));
    send(
        s.challenges()
            .accept_challenge(c.id, PlayerId(2), &accepted(Color::White), t),
    );
    send(s.play().create_game(&new_game(1, 2), t));
    send(s.games().game(g.id));
    send(s.games().moves(g.id));
    send(s.games().game_with_moves(g.id));
    send(s.games().active_games_of(PlayerId(1)));
    send(s.games().active_games_in(1));
    send(s.games().rematch_of(g.id));
    send(
        s.play()
            .commit_move(g.id, g.version, &mv, AfterMove::Continue(d), t),
    );
    send(s.play().end_game(g.id, g.version, e, t));
    send(s.play().set_offer(g.id, g.version, offer, t));
    send(s.play().clear_offer(g.id, g.version, t));
    send(s.play().take_back(g.id, g.version, 1, d, t));
    send(s.play().set_deadline(g.id, g.version, d, t));
    send(s.play().claim_timeouts(t, 1));
    send(s.play().claim_reminders(t, 1));
    send(s.ratings().rating(PlayerId(1), RatingScope::Global));
    send(s.ratings().leaderboard(RatingScope::Global, 1));
    send(s.ratings().apply_ratings(g.id, &[], t));
    send(s.ratings().games_awaiting_ratings(1));
    send(s.query_plan(rollerball::store::HotQuery::GameById));
    send(s.close());
}

#[test]
fn without_database_url_the_database_is_rollerball_db_where_the_bot_runs() {
    let dir = tempfile::tempdir().unwrap();
    // `migrate` looks for rollerball.db where it runs, and (only the bot creating a database)
    // says it is not there.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rollerball"))
        .arg("migrate")
        .env_remove("DATABASE_URL")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success(), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("there is no SQLite database at rollerball.db"),
        "{out:?}"
    );
    assert!(!dir.path().join("rollerball.db").exists());
    assert_eq!(
        rollerball::store::DEFAULT_DATABASE_URL,
        "sqlite://rollerball.db"
    );
}

/// A managed PostgreSQL server insists on TLS: `sslmode=require` must connect, encrypted.
#[tokio::test]
async fn postgres_over_tls() {
    let Some(db) = postgres_db("tls").await else {
        return;
    };
    let plain = db.store().await;
    let ssl: String = sqlx::query("SHOW ssl")
        .fetch_one(plain.pool())
        .await
        .unwrap()
        .get(0);
    plain.close().await;
    if ssl != "on" {
        eprintln!("this PostgreSQL server has TLS turned off: nothing to test");
        return;
    }
    let url = format!("{}&sslmode=require", db.url);
    let s = Store::connect(&url).await.expect("TLS connection");
    let encrypted: bool = sqlx::query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        .fetch_one(s.pool())
        .await
        .unwrap()
        .get(0);
    assert!(encrypted, "the connection is not encrypted");
    players(&s, &[1]).await;
    assert_eq!(
        s.players().player(PlayerId(1)).await.unwrap().unwrap().name,
        "p1"
    );
    s.close().await;
}

/// The migration versions a database has applied, oldest first.
async fn applied_migrations(store: &Store) -> Vec<i64> {
    sqlx::query("SELECT version FROM _sqlx_migrations ORDER BY version")
        .fetch_all(store.pool())
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}
