//! The event log on SQLite and PostgreSQL: the exact rows each change writes in its own
//! transaction, who tells them, what a consumer of a shard reads, its position, and pruning.

use crate::common;

use common::*;
use rollerball::rules::Color;
use rollerball::store::{
    AfterMove, Answer, Challenge, ChallengeStatus, Deadline, Ending, Event, EventId, EventKind,
    GameResult, NewGame, Offer, OfferKind, Place, PlayerId, Reach, ShardFilter, StoreError,
    Termination, Timestamp, answering,
};

/// Each event as (id, kind, answered by this process).
fn summary(events: &[Event], me: i64) -> Vec<(i64, EventKind, bool)> {
    events
        .iter()
        .map(|e| (e.id.0, e.kind.clone(), e.answered_by == Some(me)))
        .collect()
}

fn moved(ply: u32, color: Color) -> EventKind {
    EventKind::Moved {
        ply,
        san: format!("m{ply}"),
        color,
    }
}

#[tokio::test]
async fn every_change_writes_its_event_and_an_answer_tells_those_of_its_channel() {
    for db in test_dbs("events_rows").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        let g = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        let next = AfterMove::Continue(Deadline::at(Timestamp(T0.0 + DAY)));
        let at = Timestamp(T0.0 + 5);

        // Outside any answer: the consumer's to tell.
        let g1 = s
            .play()
            .commit_move(g.id, g.version, &fake_move(1), next, at)
            .await
            .unwrap();
        // Answered in the game's own channel (10): that answer tells it.
        let here = Answer {
            channel: Some(10),
            actor: None,
        };
        let (g2, told) = answering(
            here,
            s.play()
                .commit_move(g.id, g1.version, &fake_move(2), next, at),
        )
        .await;
        let g2 = g2.unwrap();
        assert_eq!(told, [EventId(2)]);
        // Answered in another channel: written, but not told by that answer.
        let elsewhere = Answer {
            channel: Some(99),
            actor: None,
        };
        let (g3, told) = answering(
            elsewhere,
            s.play()
                .commit_move(g.id, g2.version, &fake_move(3), next, at),
        )
        .await;
        let g3 = g3.unwrap();
        assert!(told.is_empty());
        // An offer and its withdrawal, a takeback, the end, all under the sweep's answer,
        // which tells everything it writes.
        let everywhere = Answer {
            channel: None,
            actor: None,
        };
        let (result, told) = answering(everywhere, async {
            let draw = Offer {
                kind: OfferKind::Draw,
                by: Color::White,
            };
            let g4 = s.play().set_offer(g.id, g3.version, draw, at).await?;
            let g5 = s.play().clear_offer(g.id, g4.version, at).await?;
            let g6 = s
                .play()
                .take_back(g.id, g5.version, 1, Deadline::at(at), at)
                .await?;
            let resigned = Ending {
                result: GameResult::WhiteWins,
                termination: Termination::Resignation,
            };
            // A stale write is refused and writes nothing.
            assert!(matches!(
                s.play().end_game(g.id, g5.version, resigned, at).await,
                Err(StoreError::Conflict)
            ));
            s.play().end_game(g.id, g6.version, resigned, at).await
        })
        .await;
        result.unwrap();
        assert_eq!(told, [EventId(4), EventId(5), EventId(6), EventId(7)]);

        let me = s.event_log().instance();
        let events = s
            .event_log()
            .all_events_after(EventId(0), 100)
            .await
            .unwrap();
        assert_eq!(
            summary(&events, me),
            [
                (1, moved(1, Color::White), false),
                (2, moved(2, Color::Black), true),
                (3, moved(3, Color::White), false),
                (
                    4,
                    EventKind::Offered {
                        offer: OfferKind::Draw,
                        by: Color::White
                    },
                    true
                ),
                (5, EventKind::OfferCleared, true),
                (6, EventKind::TookBack { plies: 1, ply: 2 }, true),
                (
                    7,
                    EventKind::Ended {
                        result: GameResult::WhiteWins,
                        termination: Termination::Resignation
                    },
                    true
                ),
            ]
        );
        for e in &events {
            assert_eq!(
                (e.at, e.game, e.server, e.channel),
                (at, Some(g.id), Some(1), 10)
            );
        }
        assert!(events.iter().all(|e| e.answered_by.is_none_or(|a| a == me)));
        // The consumer reads what no answer tells, and what this process's answers tell.
        let read = s
            .event_log()
            .events_after(EventId(0), None, &[], 100)
            .await
            .unwrap();
        assert_eq!(read, events);
        assert_eq!(
            s.event_log()
                .events_after(EventId(5), None, &[], 2)
                .await
                .unwrap(),
            events[5..7]
        );
        s.close().await;
    }
}

#[tokio::test]
async fn a_move_that_ends_the_game_writes_both_events_and_time_outs_write_theirs() {
    for db in test_dbs("events_endings").await {
        let s = db.store().await;
        players(&s, &[1, 2, 3, 4]).await;
        let g = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        let mate = AfterMove::End(Ending {
            result: GameResult::WhiteWins,
            termination: Termination::Checkmate,
        });
        s.play()
            .commit_move(g.id, g.version, &fake_move(1), mate, T0)
            .await
            .unwrap();
        // A game whose deadline passed: the claim ends it on time, with its event.
        let late = s.play().create_game(&new_game(3, 4), T0).await.unwrap();
        let next = AfterMove::Continue(Deadline::at(Timestamp(T0.0 + 10)));
        let late = s
            .play()
            .commit_move(late.id, late.version, &fake_move(1), next, T0)
            .await
            .unwrap();
        let next = AfterMove::Continue(Deadline::at(Timestamp(T0.0 + 20)));
        s.play()
            .commit_move(late.id, late.version, &fake_move(2), next, T0)
            .await
            .unwrap();
        let claimed = s
            .play()
            .claim_timeouts(Timestamp(T0.0 + 30), 10)
            .await
            .unwrap();
        assert_eq!(claimed.len(), 1);
        let kinds: Vec<(i64, Option<i64>, EventKind)> = s
            .event_log()
            .all_events_after(EventId(0), 100)
            .await
            .unwrap()
            .into_iter()
            .map(|e| (e.id.0, e.game.map(|g| g.0), e.kind))
            .collect();
        let ended = |result, termination| EventKind::Ended {
            result,
            termination,
        };
        assert_eq!(
            kinds,
            [
                (1, Some(g.id.0), moved(1, Color::White)),
                (
                    2,
                    Some(g.id.0),
                    ended(GameResult::WhiteWins, Termination::Checkmate)
                ),
                (3, Some(late.id.0), moved(1, Color::White)),
                (4, Some(late.id.0), moved(2, Color::Black)),
                (
                    5,
                    Some(late.id.0),
                    ended(GameResult::BlackWins, Termination::Time)
                ),
            ]
        );
        s.close().await;
    }
}

#[tokio::test]
async fn a_consumer_reads_its_shards_keeps_its_position_and_old_events_are_pruned() {
    for db in test_dbs("events_shards").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        // Servers on shard 0 and 1 of 2 (Discord: (id >> 22) % 2), and a direct message.
        let place = |server: Option<u64>, channel| Place {
            server,
            channel,
            thread: None,
            reach: Reach::Posts,
        };
        let shard_0 = 4 << 22;
        let shard_1 = 5 << 22;
        let mut ids = Vec::new();
        for (i, server) in [Some(shard_0), Some(shard_1), None].into_iter().enumerate() {
            let game = NewGame {
                place: place(server, 20 + i as u64),
                ..new_game(1, 2)
            };
            let g = s.play().create_game(&game, T0).await.unwrap();
            let at = Timestamp(T0.0 + i as i64 * DAY);
            let next = AfterMove::Continue(Deadline::at(Timestamp(at.0 + DAY)));
            s.play()
                .commit_move(g.id, g.version, &fake_move(1), next, at)
                .await
                .unwrap();
            ids.push(g.id);
        }
        let of = |first, last| {
            Some(ShardFilter {
                first,
                last,
                total: 2,
            })
        };
        let games = |events: Vec<Event>| {
            events
                .into_iter()
                .map(|e| e.game.unwrap())
                .collect::<Vec<_>>()
        };
        let zero = s
            .event_log()
            .events_after(EventId(0), of(0, 0), &[], 10)
            .await
            .unwrap();
        assert_eq!(games(zero), [ids[0], ids[2]]);
        let one = s
            .event_log()
            .events_after(EventId(0), of(1, 1), &[], 10)
            .await
            .unwrap();
        assert_eq!(games(one), [ids[1]]);
        let both = s
            .event_log()
            .events_after(EventId(0), of(0, 1), &[], 10)
            .await
            .unwrap();
        assert_eq!(games(both), ids);

        // A consumer's position.
        assert_eq!(
            s.event_log()
                .reader_position("discord 0-0/2")
                .await
                .unwrap(),
            None
        );
        s.event_log()
            .set_reader_position("discord 0-0/2", EventId(2), T0)
            .await
            .unwrap();
        s.event_log()
            .set_reader_position("discord 0-0/2", EventId(3), T0)
            .await
            .unwrap();
        assert_eq!(
            s.event_log()
                .reader_position("discord 0-0/2")
                .await
                .unwrap(),
            Some(EventId(3))
        );
        assert_eq!(s.event_log().last_event().await.unwrap(), EventId(3));

        // Events older than a day and a half go; the rest stay.
        let pruned = s
            .event_log()
            .prune_events(Timestamp(T0.0 + DAY + DAY / 2))
            .await
            .unwrap();
        assert_eq!(pruned, 2);
        let left = s
            .event_log()
            .all_events_after(EventId(0), 10)
            .await
            .unwrap();
        assert_eq!(games(left), [ids[2]]);
        // The newest stays however old it is, and the next event's id follows it.
        assert_eq!(
            s.event_log()
                .prune_events(Timestamp(T0.0 + 9 * DAY))
                .await
                .unwrap(),
            0
        );
        let g = s.games().game(ids[2]).await.unwrap().unwrap();
        let next = AfterMove::Continue(Deadline::at(Timestamp(T0.0 + 9 * DAY)));
        s.play()
            .commit_move(g.id, g.version, &fake_move(2), next, T0)
            .await
            .unwrap();
        assert_eq!(s.event_log().last_event().await.unwrap(), EventId(4));
        s.close().await;
    }
}

#[tokio::test]
async fn every_challenge_change_writes_its_event_where_the_challenge_was_made() {
    for db in test_dbs("events_challenges").await {
        let s = db.store().await;
        players(&s, &[1, 2, 3]).await;
        let at = Timestamp(T0.0 + 5);
        // Made in its channel (10) and answered there: that answer tells it.
        let here = Answer {
            channel: Some(10),
            actor: None,
        };
        let (to_two, told) = answering(
            here,
            s.challenges()
                .create_challenge(&new_challenge(1, Some(2)), at),
        )
        .await;
        let to_two = to_two.unwrap();
        assert_eq!(told, [EventId(1)]);
        let open = s
            .challenges()
            .create_challenge(&new_challenge(3, None), at)
            .await
            .unwrap();
        let declined = s
            .challenges()
            .create_challenge(&new_challenge(3, Some(2)), at)
            .await
            .unwrap();
        let expiring = s
            .challenges()
            .create_challenge(&new_challenge(2, Some(1)), at)
            .await
            .unwrap();
        // Accepted from another channel: written, not told by that answer.
        let elsewhere = Answer {
            channel: Some(99),
            actor: None,
        };
        let (taken, told) = answering(
            elsewhere,
            s.challenges()
                .accept_challenge(to_two.id, PlayerId(2), &accepted(Color::White), at),
        )
        .await;
        let (_, game) = taken.unwrap();
        assert!(told.is_empty());
        s.challenges()
            .close_challenge(open.id, ChallengeStatus::Cancelled, at)
            .await
            .unwrap();
        s.challenges()
            .close_challenge(declined.id, ChallengeStatus::Declined, at)
            .await
            .unwrap();
        // A close that finds the challenge closed already writes nothing.
        assert!(matches!(
            s.challenges()
                .close_challenge(declined.id, ChallengeStatus::Declined, at)
                .await,
            Err(StoreError::Conflict)
        ));
        let expired = s
            .challenges()
            .expire_challenges(Timestamp(T0.0 + DAY), 10)
            .await
            .unwrap();
        assert_eq!(
            expired.iter().map(|c| c.id).collect::<Vec<_>>(),
            [expiring.id]
        );
        // Nothing more to expire: no event either.
        assert!(
            s.challenges()
                .expire_challenges(Timestamp(T0.0 + DAY), 10)
                .await
                .unwrap()
                .is_empty()
        );

        let me = s.event_log().instance();
        let events = s
            .event_log()
            .all_events_after(EventId(0), 100)
            .await
            .unwrap();
        let rows: Vec<_> = events
            .iter()
            .map(|e| (e.id.0, e.game, e.kind.clone(), e.answered_by == Some(me)))
            .collect();
        let made = |challenge: &Challenge| EventKind::Challenged {
            challenge: challenge.id,
            by: challenge.challenger,
            to: challenge.challenged,
        };
        assert_eq!(
            rows,
            [
                (1, None, made(&to_two), true),
                (2, None, made(&open), false),
                (3, None, made(&declined), false),
                (4, None, made(&expiring), false),
                (
                    5,
                    Some(game.id),
                    EventKind::ChallengeAccepted {
                        challenge: to_two.id,
                        by: PlayerId(2)
                    },
                    false
                ),
                (
                    6,
                    None,
                    EventKind::ChallengeWithdrawn { challenge: open.id },
                    false
                ),
                (
                    7,
                    None,
                    EventKind::ChallengeDeclined {
                        challenge: declined.id
                    },
                    false
                ),
                (
                    8,
                    None,
                    EventKind::ChallengeExpired {
                        challenge: expiring.id
                    },
                    false
                ),
            ]
        );
        for e in &events {
            let when = if e.id.0 == 8 {
                Timestamp(T0.0 + DAY)
            } else {
                at
            };
            assert_eq!((e.at, e.server, e.channel), (when, Some(1), 10));
        }
        s.close().await;
    }
}
