//! Correspondence play through the game service: forecasts (conditional moves) given, checked,
//! played, dropped and kept from the opponent, with two processes racing for one answer; and
//! vacations on the hand-driven clock — deadlines moved exactly, the year's allowance, the end
//! by exhaustion, and a time-out that is no longer one. Each test runs on SQLite and, with
//! `TEST_DATABASE_URL`, on PostgreSQL.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use common::{T0, World, alice, bob, say_to, test_dbs};
use rollerball::game::{DirectMessage, ManualClock};
use rollerball::rules::{self, Position};
use rollerball::store::{
    AfterMove, ForecastLine, GameId, GameStatus, NewMove, PlayerId, Timestamp,
};

const DAY: Duration = Duration::from_secs(86_400);
const HOUR: Duration = Duration::from_secs(3600);
const ALICE: PlayerId = PlayerId(101);

/// A private reply's text, which must be private.
async fn private(w: &World, who: &rollerball::game::Actor, text: &str) -> String {
    let reply = w.say(who, text).await;
    assert!(
        reply.private,
        "`{text}` was answered in public: {}",
        reply.text
    );
    reply.text
}

#[tokio::test]
async fn a_forecast_answers_the_expected_move_at_once_and_only_its_owner_sees_it() {
    for w in World::each("fc_play").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        w.ok(&alice(), "move b3").await;
        assert_eq!(
            private(&w, &alice(), "forecast f5 Rf1; e6f6 Rf1").await,
            "Saved. Only you see your forecasts in game #1; they are played for you as soon as \
             your opponent's move matches.\nYour forecasts in game #1 (2 lines), each your \
             opponent's move, then your answer:\n1. f5 Rf1\n2. e6f6 Rf1"
        );
        // Bob is to move: he sees no lines, not his opponent's, nowhere.
        assert_eq!(
            private(&w, &bob(), "forecast").await,
            "You have no forecasts in game #1. After your move, `forecast e6-f7 c1-b2` means \
             \"if they play e6-f7, I play c1-b2\"."
        );
        let history = w.say(&bob(), "history").await.text;
        assert!(!history.contains("Rf1"), "{history}");
        let export = w.say(&bob(), "export").await;
        let pgn = String::from_utf8(export.files[0].bytes.clone()).unwrap();
        assert!(!pgn.contains("Rf1"), "{pgn}");

        let reply = w.ok(&bob(), "move f5").await;
        assert!(
            reply
                .text
                .contains("<@102> played **f5**.\n<@101> answered Rf1 (forecast).\n"),
            "{}",
            reply.text
        );
        // The board is the one after the answer, and Bob, to move again, is pinged.
        assert_eq!(reply.mentions, [PlayerId(102)]);
        let sans: Vec<String> = w.moves(id).await.into_iter().map(|m| m.san).collect();
        assert_eq!(sans, ["b3", "f5", "Rf1"]);
        assert_eq!(w.game(id).await.to_move, rules::Color::Black);
        // Both lines are spent: the one played ended with its answer, the other did not match.
        assert_eq!(w.store.play().forecasts(id, ALICE).await.unwrap(), []);
    }
}

#[tokio::test]
async fn a_line_goes_on_and_a_move_no_line_expects_drops_them_all() {
    for w in World::each("fc_drop").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        w.ok(&alice(), "move b3").await;
        private(&w, &alice(), "forecast f5 Rf1 Rb7 Rfe1").await;
        w.ok(&bob(), "move f5").await;
        // What is left of the line waits for Bob's next move.
        assert_eq!(
            private(&w, &alice(), "forecast").await,
            "Your forecasts in game #1 (1 line), each your opponent's move, then your answer:\n\
             1. Rb7 Rfe1"
        );
        let reply = w.ok(&bob(), "move Rb6").await;
        assert!(!reply.text.contains("(forecast)"), "{}", reply.text);
        assert_eq!(w.store.play().forecasts(id, ALICE).await.unwrap(), []);
        assert_eq!(w.game(id).await.to_move, rules::Color::White);
    }
}

#[tokio::test]
async fn a_line_is_checked_move_by_move_when_it_is_given() {
    for w in World::each("fc_check").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        assert_eq!(
            w.refused(&alice(), "forecast f5 Rf1").await,
            "It is your move in game #1. Play it first: a forecast starts with your opponent's \
             reply to it."
        );
        w.ok(&alice(), "move b3").await;
        assert_eq!(
            w.refused(&alice(), "forecast f5 Rf1 Rb7 Kd7").await,
            "Move 4 of your line (`Kd7`): `Kd7` is not legal here: none of your kings can move to d7"
        );
        assert_eq!(
            w.refused(&alice(), "forecast f5").await,
            "Line 1 ends with your opponent's move `f5`: add your answer to it."
        );
        assert_eq!(
            w.refused(&alice(), "forecast f5 Rf1; zz9").await,
            "Line 2, move 1 (`zz9`): I can't read `zz9` as a move. Write a move like `Rb7`, \
             `cxb2`, `e6=R` (algebraic), or `c2-b3`, `c2b3`, `d7-e6=R` (from and to squares)."
        );
        private(&w, &alice(), "forecast f5 Rf1").await;
        assert_eq!(
            w.refused(&alice(), "forecast f5 Re1f1").await,
            "Line 1 is already part of your line 1: nothing to add."
        );
        assert_eq!(
            w.refused(&alice(), "forecast f5 b4").await,
            "Line 1 answers f5 with b4, but your line 1 already answers it with Rf1. One answer \
             per move: `forecast clear` and give your lines again to change it."
        );
        let long = "f5 Rf1 ".repeat(16);
        assert_eq!(
            w.refused(&alice(), &format!("forecast {long}")).await,
            "Line 1 has 32 moves; a line holds at most 30."
        );
        // Nothing of the refused lines was kept.
        assert_eq!(
            w.store.play().forecasts(id, ALICE).await.unwrap(),
            [ForecastLine {
                from_ply: 1,
                moves: vec!["e6-f5".into(), "e1-f1".into()]
            }]
        );
        assert_eq!(
            private(&w, &alice(), "forecast clear").await,
            "Your forecasts in game #1 are dropped (1 line)."
        );
        assert_eq!(w.store.play().forecasts(id, ALICE).await.unwrap(), []);
    }
}

#[tokio::test]
async fn a_takeback_and_the_end_of_the_game_drop_every_line() {
    for w in World::each("fc_takeback").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        w.ok(&alice(), "move b3").await;
        private(&w, &alice(), "forecast f5 Rf1").await;
        w.ok(&alice(), "takeback").await;
        w.ok(&bob(), "takeback accept").await;
        assert_eq!(w.store.play().forecasts(id, ALICE).await.unwrap(), []);
        w.ok(&alice(), "move b3").await;
        private(&w, &alice(), "forecast f5 Rf1").await;
        w.ok(&bob(), "resign confirm").await;
        assert_eq!(w.store.play().forecasts(id, ALICE).await.unwrap(), []);
    }
}

#[tokio::test]
async fn two_processes_never_play_one_forecast_twice() {
    for db in test_dbs("fc_race").await {
        let clock = Arc::new(ManualClock::new(Timestamp(T0.0)));
        let store = db.store_with(4).await;
        let a = Arc::new(World::service_on(store.clone(), clock.clone()));
        let b = Arc::new(World::service_on(db.store_with(4).await, clock.clone()));
        say_to(&a, &alice(), "challenge <@102> white").await;
        let id = say_to(&b, &bob(), "accept").await.new_game.unwrap();
        say_to(&a, &alice(), "move b3").await;
        say_to(&b, &alice(), "forecast f5 Rf1").await;
        // Bob's move is committed as a process that stopped before answering would leave it.
        let game = store.games().game(id).await.unwrap().unwrap();
        let mut position = Position::from_fen(&game.fen).unwrap();
        let mv = rules::read_move(&position, "f5").unwrap();
        let coord = rules::coordinate(&position, mv);
        let san = rules::san(&position, mv);
        position.play(mv).unwrap();
        let deadline = rollerball::store::Deadline::at(clock_now(&clock).plus(DAY));
        store
            .play()
            .commit_move(
                id,
                game.version,
                &NewMove {
                    san,
                    coord,
                    fen_after: position.to_fen(),
                },
                AfterMove::Continue(deadline),
                clock_now(&clock),
            )
            .await
            .unwrap();
        // Both processes sweep at once, many times over: the answer is played once.
        let mut tasks = Vec::new();
        for i in 0..8 {
            let service = if i % 2 == 0 { a.clone() } else { b.clone() };
            tasks.push(tokio::spawn(async move { service.sweeper().sweep().await }));
        }
        let mut told = 0;
        for task in tasks {
            for notice in task.await.unwrap() {
                assert!(
                    notice
                        .reply
                        .text
                        .starts_with("**Game #1**: <@101> answered Rf1 (forecast)."),
                    "{}",
                    notice.reply.text
                );
                told += 1;
            }
        }
        assert_eq!(told, 1);
        let sans: Vec<String> = store
            .games()
            .moves(id)
            .await
            .unwrap()
            .into_iter()
            .map(|m| m.san)
            .collect();
        assert_eq!(sans, ["b3", "f5", "Rf1"]);
        assert_eq!(store.play().forecasts(id, ALICE).await.unwrap(), []);
    }
}

fn clock_now(clock: &ManualClock) -> Timestamp {
    use rollerball::game::Clock;
    clock.now()
}

/// The game's deadline, as milliseconds after T0.
async fn deadline_after_t0(w: &World, id: GameId) -> i64 {
    w.game(id).await.deadline.expect("a deadline").0 - T0.0
}

#[tokio::test]
async fn a_vacation_moves_the_deadlines_of_the_games_where_you_are_to_move() {
    let day = DAY.as_millis() as i64;
    for w in World::each("vac_deadlines").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        assert_eq!(deadline_after_t0(&w, id).await, 2 * day);
        let started = private(&w, &alice(), "vacation on 5").await;
        assert!(
            started.starts_with("You are on vacation; it ends <t:")
                && started.contains("(5 days). The clocks of your games where you are to move stand still (1 game now)")
                && started.ends_with("25 days are left this year after this one."),
            "{started}"
        );
        assert_eq!(deadline_after_t0(&w, id).await, 7 * day);
        // Bob sees it on the board and in his games.
        let board = w.say(&bob(), "board").await.text;
        assert!(
            board.contains("\n<@101> is on vacation; it ends <t:"),
            "{board}"
        );
        let games = private(&w, &bob(), "games").await;
        assert!(
            games.contains("(<@101> is on vacation, ending <t:"),
            "{games}"
        );
        // Past the old deadline, nothing happens: the clock stood still.
        w.advance(2 * DAY + HOUR);
        assert!(w.sweep().await.is_empty());
        assert_eq!(w.game(id).await.status, GameStatus::Active);
        // Back after 2 days and an hour: three days begun are charged, two given back.
        let back = private(&w, &alice(), "vacation off").await;
        assert_eq!(
            back,
            "Welcome back! Your vacation cost 3 days; 27 are left in 2023. Your clocks run again \
             (1 game where you are to move)."
        );
        assert_eq!(deadline_after_t0(&w, id).await, 5 * day);
        assert_eq!(
            private(&w, &alice(), "vacation").await,
            "You are not on vacation. You have 27 of your 30 vacation days left in 2023: \
             `vacation on DAYS` starts one."
        );
        assert_eq!(
            w.refused(&alice(), "vacation off").await,
            "You are not on vacation. `vacation on DAYS` starts one."
        );
    }
}

#[tokio::test]
async fn a_time_out_is_no_time_out_while_away_and_a_move_meanwhile_waits_too() {
    let day = DAY.as_millis() as i64;
    for w in World::each("vac_timeout").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        w.ok(&alice(), "move b3").await;
        // Bob is away from hour 1 for 3 days; Alice's move came before, his clock stands still.
        w.advance(HOUR);
        private(&w, &bob(), "vacation on 3").await;
        assert_eq!(deadline_after_t0(&w, id).await, 3 * day + 2 * day);
        w.advance(4 * DAY);
        assert!(
            w.sweep()
                .await
                .iter()
                .all(|n| !n.reply.text.contains("time"))
        );
        assert_eq!(w.game(id).await.status, GameStatus::Active);
        // His vacation ended by itself at hour 73 (the sweep told Alice); his clock ran from
        // there, and runs out at hour 73 + 48.
        assert!(
            w.store
                .players()
                .player(PlayerId(102))
                .await
                .unwrap()
                .unwrap()
                .vacation
                .is_none()
        );
        w.advance(Duration::from_millis(
            (5 * day + 3_600_000 - 4 * day - 3_600_000) as u64,
        ));
        let notices = w.sweep().await;
        assert_eq!(w.game(id).await.status, GameStatus::Finished, "{notices:?}");
    }
}

#[tokio::test]
async fn a_move_made_against_a_player_away_starts_their_clock_when_they_are_back() {
    let day = DAY.as_millis() as i64;
    for w in World::each("vac_move_meanwhile").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        private(&w, &bob(), "vacation on 4").await;
        // Alice was to move: untouched.
        assert_eq!(deadline_after_t0(&w, id).await, 2 * day);
        w.advance(DAY);
        w.ok(&alice(), "move b3").await;
        assert_eq!(deadline_after_t0(&w, id).await, 4 * day + 2 * day);
        // Any move of Bob's brings him back: one day begun, three given back. He is told
        // privately; the move's public reply says nothing of it. The game he moved in no
        // longer waits for him.
        w.advance(HOUR);
        let reply = w.ok(&bob(), "move f5").await;
        assert!(!reply.text.contains("Welcome back"), "{}", reply.text);
        assert_eq!(
            reply.direct,
            [DirectMessage {
                to: PlayerId(102),
                text: "Welcome back! Your vacation cost 2 days; 28 are left in 2023. Your clocks \
                       run again (0 games where you are to move)."
                    .into()
            }]
        );
        assert!(
            w.store
                .players()
                .player(PlayerId(102))
                .await
                .unwrap()
                .unwrap()
                .vacation
                .is_none()
        );
    }
}

#[tokio::test]
async fn starting_a_game_is_coming_back_and_a_vacation_withdraws_open_challenges() {
    let day = DAY.as_millis() as i64;
    for w in World::each("vac_new_game").await {
        // Going away withdraws Alice's open challenge: no game of hers begins while she is away.
        w.ok(&alice(), "challenge <@102> white days 2").await;
        let away = private(&w, &alice(), "vacation on 5").await;
        assert!(
            away.ends_with(
                " Your open challenge #1 is withdrawn: no game of yours begins while you are away."
            ),
            "{away}"
        );
        assert_eq!(
            w.refused(&bob(), "accept #1").await,
            "Challenge #1 is no longer open (cancelled)."
        );
        // Challenging while away brings her back, privately; the challenge is public.
        w.advance(HOUR);
        let made = w.ok(&alice(), "challenge <@102> white days 2").await;
        assert!(!made.text.contains("Welcome back"), "{}", made.text);
        assert_eq!(
            made.direct,
            [DirectMessage {
                to: ALICE,
                text: "Welcome back! Your vacation cost 1 day; 29 are left in 2023. Your clocks \
                       run again (0 games where you are to move)."
                    .into()
            }]
        );
        // Bob goes away, then accepts: he is back too, and the game's clock runs from now (no
        // 29-day deadline for a game its players chose to begin).
        private(&w, &bob(), "vacation on 29").await;
        let begun = w.ok(&bob(), "accept").await;
        let id = begun.new_game.unwrap();
        assert_eq!(begun.direct.len(), 1, "{:?}", begun.direct);
        assert!(begun.direct[0].text.starts_with("Welcome back!"));
        let now = clock_now(&w.clock).0 - T0.0;
        assert_eq!(deadline_after_t0(&w, id).await, now + 2 * day);
        assert!(
            w.store
                .players()
                .player(PlayerId(102))
                .await
                .unwrap()
                .unwrap()
                .vacation
                .is_none()
        );
        // A game against the computer brings a player back as well.
        private(&w, &bob(), "vacation on 3").await;
        let computer = w.ok(&bob(), "challenge computer level 1 white").await;
        assert!(computer.direct[0].text.starts_with("Welcome back!"));
    }
}

#[tokio::test]
async fn coming_back_counts_every_game_that_waits_for_the_players_move() {
    for w in World::each("vac_count").await {
        let one = w.start(&alice(), &bob(), "days 2").await;
        let two = w.start(&alice(), &bob(), "days 2").await;
        private(&w, &alice(), "vacation on 2").await;
        // Back within the first day: the game she moves in no longer waits, the other does.
        w.advance(HOUR);
        let reply = w.ok(&alice(), &format!("move #{} b3", one.0)).await;
        assert_eq!(
            reply.direct[0].text,
            "Welcome back! Your vacation cost 1 day; 29 are left in 2023. Your clocks run again \
             (1 game where you are to move)."
        );
        // Away for one day and back at its very end: no day to give back, both games still
        // counted.
        let _ = two;
        private(&w, &bob(), "vacation on 1").await;
        w.advance(23 * HOUR);
        w.ok(&alice(), &format!("move #{} b3", two.0)).await;
        let back = private(&w, &bob(), "vacation off").await;
        assert_eq!(
            back,
            "Welcome back! Your vacation cost 1 day; 29 are left in 2023. Your clocks run again \
             (2 games where you are to move)."
        );
    }
}

#[tokio::test]
async fn the_allowance_runs_out_and_the_sweep_ends_the_vacation_and_tells_the_opponent() {
    for w in World::each("vac_exhausted").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        private(&w, &alice(), "vacation on 10").await;
        private(&w, &alice(), "vacation off").await;
        assert_eq!(
            w.refused(&alice(), "vacation on 30").await,
            "You asked for 30 days, but only 29 are left in 2023: `vacation on 29` at most."
        );
        private(&w, &alice(), "vacation on").await;
        assert_eq!(
            w.refused(&alice(), "vacation on 2")
                .await
                .split(';')
                .next()
                .unwrap(),
            "You are already on vacation"
        );
        w.advance(29 * DAY);
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(
            notices[0].reply.text.starts_with(
                "<@101> has used all their vacation days for the year, so their vacation is over. \
                 Their clock in **game #1** runs again: deadline <t:"
            ),
            "{}",
            notices[0].reply.text
        );
        assert_eq!(notices[0].reply.mentions, [PlayerId(102)]);
        assert!(w.sweep().await.is_empty());
        assert_eq!(
            w.refused(&alice(), "vacation on 1").await,
            "You have used all 30 vacation days of 2023."
        );
        assert_eq!(w.game(id).await.status, GameStatus::Active);
    }
}

#[tokio::test]
async fn a_forecast_being_typed_is_completed_with_the_legal_moves_after_it() {
    for w in World::each("fc_complete").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        let place = common::PLACE;
        // Alice is to move: no forecast to complete yet.
        assert!(
            w.service
                .views()
                .forecast_completions(ALICE, place, None, "")
                .await
                .is_empty()
        );
        w.ok(&alice(), "move b3").await;
        assert_eq!(
            w.service
                .views()
                .forecast_completions(ALICE, place, Some(id), "")
                .await,
            ["Rb6", "f5", "e6f6", "e6f7", "Rb7", "e7f6", "e7f7"]
        );
        assert_eq!(
            w.service
                .views()
                .forecast_completions(ALICE, place, None, "f5 R")
                .await,
            ["f5 Rf1", "f5 Rf2"]
        );
        assert_eq!(
            w.service
                .views()
                .forecast_completions(ALICE, place, None, "f5 Rf1; e6f6 ")
                .await
                .len(),
            8
        );
        assert!(
            w.service
                .views()
                .forecast_completions(ALICE, place, None, "Kd7 ")
                .await
                .is_empty()
        );
        // Bob, to move, has no forecast to give.
        assert!(
            w.service
                .views()
                .forecast_completions(PlayerId(102), place, None, "")
                .await
                .is_empty()
        );
    }
}

#[tokio::test]
async fn a_forecast_held_by_an_offer_stays_listed_and_the_owners_own_move_decides() {
    for w in World::each("fc_held").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        w.ok(&alice(), "move b3").await;
        private(&w, &alice(), "forecast f5 Rf1 Rb7 Rfe1; e6f6 Rf2").await;
        // Bob offers a draw and moves: Alice's answer waits for her to answer the offer.
        w.ok(&bob(), "draw").await;
        let reply = w.ok(&bob(), "move f5").await;
        assert!(!reply.text.contains("(forecast)"), "{}", reply.text);
        assert_eq!(
            private(&w, &alice(), "forecast").await,
            "A pending offer held your forecasts in game #1 (1 line): your own move decides. Play \
             a line's first move and the rest of it goes on; any other move drops it:\n\
             1. Rf1 Rb7 Rfe1"
        );
        w.ok(&alice(), "draw decline").await;
        // No sweep plays the line over her own move.
        assert!(w.sweep().await.is_empty());
        assert_eq!(w.moves(id).await.len(), 2);
        w.ok(&alice(), "move Rf1").await;
        // The rest of the line goes on, and answers Bob's next move.
        assert_eq!(
            private(&w, &alice(), "forecast").await,
            "Your forecasts in game #1 (1 line), each your opponent's move, then your answer:\n\
             1. Rb7 Rfe1"
        );
        let reply = w.ok(&bob(), "move Rb7").await;
        assert!(
            reply.text.contains("<@101> answered Rfe1 (forecast)."),
            "{}",
            reply.text
        );
        let sans: Vec<String> = w.moves(id).await.into_iter().map(|m| m.san).collect();
        assert_eq!(sans, ["b3", "f5", "Rf1", "Rb7", "Rfe1"]);

        // Held again, and cleared: `forecast clear` counts what it drops.
        private(&w, &alice(), "forecast Rbb6 e1-f1").await;
        w.ok(&bob(), "draw").await;
        w.ok(&bob(), "move Rbb6").await;
        assert_eq!(
            private(&w, &alice(), "forecast clear").await,
            "Your forecasts in game #1 are dropped (1 line)."
        );
        assert_eq!(w.store.play().forecasts(id, ALICE).await.unwrap(), []);
    }
}

#[tokio::test]
async fn a_refused_move_of_the_opponents_in_a_line_speaks_of_the_opponent() {
    for w in World::each("fc_whose").await {
        w.start(&alice(), &bob(), "days 2").await;
        w.ok(&alice(), "move b3").await;
        assert_eq!(
            w.refused(&alice(), "forecast d6-d7 Rf2").await,
            "Move 1 of your line (`d6-d7`): `d6-d7` is not legal here: a piece of your \
             opponent's own stands on d7"
        );
        assert_eq!(
            w.refused(&alice(), "forecast Kd2 Rf2").await,
            "Move 1 of your line (`Kd2`): `Kd2` is not legal here: none of your opponent's \
             kings can move to d2"
        );
        // The player's own moves still speak of theirs.
        assert_eq!(
            w.refused(&alice(), "forecast f5 Kd7").await,
            "Move 2 of your line (`Kd7`): `Kd7` is not legal here: none of your kings can move \
             to d7"
        );
    }
}

#[tokio::test]
async fn a_batch_keeps_its_new_lines_and_says_which_were_already_there() {
    for w in World::each("fc_batch").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        w.ok(&alice(), "move b3").await;
        private(&w, &alice(), "forecast e6-f5 Rf2").await;
        let saved = private(&w, &alice(), "forecast e6-f5 Rf2 ; c6-b6 Kc2").await;
        assert_eq!(
            saved,
            "Saved. Only you see your forecasts in game #1; they are played for you as soon as \
             your opponent's move matches.\nLine 1 was already among your lines: it is not added \
             twice.\nYour forecasts in game #1 (2 lines), each your opponent's move, then your \
             answer:\n1. f5 Rf2\n2. Rb6 Kc2"
        );
        assert_eq!(w.store.play().forecasts(id, ALICE).await.unwrap().len(), 2);
        assert_eq!(
            w.refused(&alice(), "forecast e6-f5 Rf2 ; c6-b6 Kc2").await,
            "All 2 lines are already among yours: nothing to add."
        );
    }
}
