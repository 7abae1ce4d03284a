//! The event log's consumer, for the events beside moves: what an answer or a sweep notice told
//! needs no post; what none told — the answer lost (the process died before it went out), or
//! given in another channel than the challenge's — is posted where it belongs, in the words the
//! answer had, pinging who must hear of it; a reminder the player has answered since is not.

use crate::common;

use std::time::Duration;

use common::{PLACE, World, alice, bob, carol, dave};
use rollerball::game::{EventReader, Notice, Reply, Service};
use rollerball::store::{
    EventId, EventKind, GameStatus, Place, ShardFilter, Termination, TournamentId,
};

/// The notices the consumer posts now, recorded as posted.
async fn announced(w: &World, reader: &mut EventReader) -> Vec<Notice> {
    posted_by(&w.service, reader).await
}

/// The notices the consumer of `svc` posts now, recorded as posted.
pub(crate) async fn posted_by(svc: &Service, reader: &mut EventReader) -> Vec<Notice> {
    let mut notices = Vec::new();
    for a in svc.feed().next_announcements(reader).await.unwrap() {
        svc.feed().event_reader_done(reader, &a.ids).await.unwrap();
        notices.extend(a.notice);
    }
    notices
}

/// An answer that reached its player: what it tells needs no post.
pub(crate) fn delivered(reply: Reply) -> Reply {
    reply.told.delivered();
    reply
}

/// The buttons' ids of a reply.
fn buttons(reply: &Reply) -> Vec<String> {
    reply.buttons.iter().map(|b| b.action.custom_id()).collect()
}

#[tokio::test]
async fn challenge_events_no_answer_told_are_posted_in_the_challenges_channel() {
    let elsewhere = Place {
        channel: 60,
        ..PLACE
    };
    for w in World::each("svc_challenge_events").await {
        let mut reader = w
            .service
            .feed()
            .open_event_reader("discord", None)
            .await
            .unwrap();
        // Made and told: nothing to post.
        delivered(w.ok(&alice(), "challenge <@102>").await);
        assert!(announced(&w, &mut reader).await.is_empty());

        // Made, and the answer lost: posted as the answer was, buttons and ping included.
        let lost = w.ok(&carol(), "challenge <@102>").await;
        let (text, ids) = (lost.text.clone(), buttons(&lost));
        drop(lost);
        let [made] = &announced(&w, &mut reader).await[..] else {
            panic!("one post for the lost challenge");
        };
        assert_eq!(made.place, PLACE);
        assert_eq!(made.reply.text, text);
        assert_eq!(buttons(&made.reply), ids);
        assert_eq!(made.reply.mentions, [bob().id]);
        assert!(made.reply.text.contains("#2"), "{}", made.reply.text);

        // Declined from another channel: the challenger hears of it where they challenged.
        delivered(w.say_in(&bob(), elsewhere, "decline #2").await);
        let [declined] = &announced(&w, &mut reader).await[..] else {
            panic!("one post for the decline");
        };
        assert_eq!(declined.place, PLACE);
        assert_eq!(
            declined.reply.text,
            "<@102> declined challenge #2 from <@103>."
        );
        assert_eq!(declined.reply.mentions, [carol().id]);

        // Accepted from another channel: the game's start, with its board, pinging both.
        delivered(w.say_in(&bob(), elsewhere, "accept #1").await);
        let [begun] = &announced(&w, &mut reader).await[..] else {
            panic!("one post for the game's start");
        };
        assert_eq!(begun.place, PLACE);
        assert!(
            begun
                .reply
                .text
                .starts_with("**Game #1** (from challenge #1) begins"),
            "{}",
            begun.reply.text
        );
        assert!(begun.reply.image.is_some());
        let mut pinged = begun.reply.mentions.clone();
        pinged.sort();
        assert_eq!(pinged, [alice().id, bob().id]);

        // Withdrawn from another channel: said where it was open.
        delivered(w.ok(&dave(), "challenge").await);
        assert!(announced(&w, &mut reader).await.is_empty());
        delivered(w.say_in(&dave(), elsewhere, "cancel").await);
        let [withdrawn] = &announced(&w, &mut reader).await[..] else {
            panic!("one post for the withdrawal");
        };
        assert_eq!(
            (withdrawn.place, withdrawn.reply.text.as_str()),
            (PLACE, "<@104> withdrew challenge #3.")
        );

        // Expired, and the sweep's notice lost: the consumer says it as the sweep would have.
        delivered(w.ok(&carol(), "challenge <@104>").await);
        w.advance(std::time::Duration::from_secs(2 * 24 * 3600));
        let notices = w.service.sweeper().sweep().await;
        let swept: Vec<String> = notices.iter().map(|n| n.reply.text.clone()).collect();
        drop(notices);
        let expired: Vec<String> = announced(&w, &mut reader)
            .await
            .into_iter()
            .map(|n| n.reply.text)
            .collect();
        assert!(
            swept.iter().any(|t| t.contains("Challenge #4")),
            "{swept:?}"
        );
        assert!(expired.iter().all(|t| swept.contains(t)), "{expired:?}");
        assert!(
            expired.iter().any(|t| t.contains("Challenge #4")),
            "{expired:?}"
        );
        // All told: a restart posts nothing again.
        let mut again = w
            .service
            .feed()
            .open_event_reader("discord", None)
            .await
            .unwrap();
        assert!(announced(&w, &mut again).await.is_empty());
    }
}

#[tokio::test]
async fn the_posted_start_of_a_game_names_the_challenge_it_came_from() {
    let elsewhere = Place {
        channel: 60,
        ..PLACE
    };
    for w in World::each("svc_begun_from_challenge").await {
        let mut reader = w
            .service
            .feed()
            .open_event_reader("discord", None)
            .await
            .unwrap();
        // Challenge #2 becomes game #1: the two numbers differ.
        delivered(w.ok(&alice(), "challenge <@102>").await);
        delivered(w.ok(&alice(), "cancel").await);
        delivered(w.ok(&alice(), "challenge <@102> white").await);
        assert!(announced(&w, &mut reader).await.is_empty());
        delivered(w.say_in(&bob(), elsewhere, "accept #2").await);
        let [begun] = &announced(&w, &mut reader).await[..] else {
            panic!("one post for the game's start");
        };
        assert_eq!(
            begun.reply.text.lines().next(),
            Some(
                "**Game #1** (from challenge #2) begins: <@101> (White) vs <@102> (Black), 3 \
                 days per move, rated."
            )
        );

        // In the language of the player to move, with the same two numbers.
        delivered(w.say(&carol(), "settings language es").await);
        delivered(w.ok(&carol(), "challenge <@104> white days 1 casual").await);
        delivered(w.say_in(&dave(), elsewhere, "accept #3").await);
        let [begun] = &announced(&w, &mut reader).await[..] else {
            panic!("one post for the second game's start");
        };
        assert_eq!(
            begun.reply.text.lines().next(),
            Some(
                "Empieza la **partida #2** (del desafío #3): <@103> (blancas) contra <@104> \
                 (negras), 1 día por jugada, amistosa."
            )
        );
    }
}

#[tokio::test]
async fn a_reminder_whose_notice_was_lost_is_posted_unless_the_player_moved_since() {
    const HOUR: Duration = Duration::from_secs(3600);
    for w in World::each("svc_reminder_events").await {
        let mut reader = w
            .service
            .feed()
            .open_event_reader("discord", None)
            .await
            .unwrap();
        delivered(w.ok(&alice(), "challenge <@102> white days 2").await);
        delivered(w.ok(&bob(), "accept").await);
        delivered(w.ok(&alice(), "move b3").await);
        assert!(announced(&w, &mut reader).await.is_empty());

        // At 80% of Bob's two days: the sweep's reminder is lost; the consumer posts it.
        w.advance(39 * HOUR);
        let swept = w.service.sweeper().sweep().await;
        let [reminder] = &swept[..] else {
            panic!("one reminder: {swept:?}");
        };
        // Kept without its delivery, so that dropping the sweep's notices loses it.
        let reminder = Notice {
            reply: Reply {
                told: Default::default(),
                ..reminder.reply.clone()
            },
            ..reminder.clone()
        };
        drop(swept);
        let posted = announced(&w, &mut reader).await;
        assert_eq!(
            posted,
            [Notice {
                reply: Reply {
                    told: posted[0].reply.told.clone(),
                    ..reminder.reply
                },
                ..reminder
            }]
        );
        assert_eq!(posted[0].reply.mentions, [bob().id]);

        // The last reminder is lost as well, but Bob moves before the consumer gets to it.
        w.advance(7 * HOUR);
        let swept = w.service.sweeper().sweep().await;
        assert_eq!(swept.len(), 1, "{swept:?}");
        drop(swept);
        delivered(w.ok(&bob(), "move f5").await);
        assert!(announced(&w, &mut reader).await.is_empty());
    }
}

#[tokio::test]
async fn a_tournaments_start_and_finish_whose_posts_were_lost_are_posted() {
    for w in World::each("svc_tournament_events").await {
        let mut reader = w
            .service
            .feed()
            .open_event_reader("discord", None)
            .await
            .unwrap();
        delivered(w.ok(&dave(), "tournament create Mini max 3").await);
        let players = [alice(), bob(), carol()];
        for p in &players {
            delivered(w.ok(p, "tournament join").await);
        }
        assert!(announced(&w, &mut reader).await.is_empty());

        // The start's answer is lost: the consumer posts it, pairings and pings as they were.
        let started = w.ok(&dave(), "tournament start").await;
        let (text, mentions, games) = (
            started.text.clone(),
            started.mentions.clone(),
            started.new_games.clone(),
        );
        drop(started);
        assert_eq!(games.len(), 3);
        let [posted] = &announced(&w, &mut reader).await[..] else {
            panic!("one post for the start");
        };
        assert_eq!(posted.place, PLACE);
        assert_eq!(posted.reply.text, text);
        assert_eq!(posted.reply.mentions, mentions);
        assert!(posted.reply.new_games.is_empty(), "the games began already");

        // Bob withdraws: his two games are forfeited (told by the answer, in their channel).
        delivered(w.ok(&dave(), "tournament withdraw <@102>").await);
        assert!(announced(&w, &mut reader).await.is_empty());
        // White resigns the last game; the sweep's final standings are lost.
        for g in &games {
            let game = w.game(*g).await;
            if game.status != GameStatus::Active {
                continue;
            }
            let white = game.white.unwrap();
            let white = players.iter().find(|p| p.id == white).unwrap();
            delivered(w.ok(white, &format!("resign #{} confirm", g.0)).await);
        }
        assert!(announced(&w, &mut reader).await.is_empty());
        let swept = w.service.sweeper().sweep().await;
        let finals: Vec<String> = swept.iter().map(|n| n.reply.text.clone()).collect();
        drop(swept);
        assert_eq!(finals.len(), 1, "{finals:?}");
        let posted = announced(&w, &mut reader).await;
        assert_eq!(
            posted
                .iter()
                .map(|n| n.reply.text.as_str())
                .collect::<Vec<_>>(),
            [finals[0].as_str()]
        );
        assert!(posted[0].reply.image.is_some() || !posted[0].reply.files.is_empty());

        // The log holds each change once: the start, both forfeits, the resignation, the finish.
        let events = w
            .store
            .event_log()
            .all_events_after(EventId(0), 100)
            .await
            .unwrap();
        let mut logged: Vec<_> = events
            .iter()
            .skip_while(|e| e.kind.name() != "tournament_started")
            .map(|e| (e.kind.clone(), e.game, e.channel))
            .collect();
        assert_eq!(logged.len(), 5, "{logged:?}");
        // One statement forfeits both games: in whichever order it returned them.
        logged[1..3].sort_by_key(|e| e.1);
        let mut forfeits = Vec::new();
        let mut resigned = Vec::new();
        for g in &games {
            let row = w.game(*g).await;
            let ended = EventKind::Ended {
                result: row.result.unwrap(),
                termination: row.termination.unwrap(),
            };
            match row.termination {
                Some(Termination::Forfeit) => forfeits.push((ended, Some(*g), PLACE.channel)),
                _ => resigned.push((ended, Some(*g), PLACE.channel)),
            }
        }
        let tournament = TournamentId(1);
        let mut expected = vec![(
            EventKind::TournamentStarted { tournament },
            None,
            PLACE.channel,
        )];
        expected.extend(forfeits);
        expected.extend(resigned);
        expected.push((
            EventKind::TournamentFinished { tournament },
            None,
            PLACE.channel,
        ));
        assert_eq!(logged, expected);
    }
}

#[tokio::test]
async fn a_move_owed_before_shards_changed_is_posted_once_by_the_reader_of_its_shard() {
    let range = |first, last, total| Some(ShardFilter { first, last, total });
    for w in World::each("svc_shards_change").await {
        // SHARDS=0-0/1: the process answers, and its poster reads, every server.
        let mut reader = w
            .service
            .feed()
            .open_event_reader("discord 0-0/1", range(0, 0, 1))
            .await
            .unwrap();
        delivered(w.ok(&alice(), "challenge <@102> white").await);
        delivered(w.ok(&bob(), "accept").await);
        assert!(announced(&w, &mut reader).await.is_empty());
        // The move's answer never gets out, and the process stops before its poster tells it.
        drop(w.ok(&alice(), "move b3").await);

        // Started again as two processes, SHARDS=0-0/2 (the game's server) and SHARDS=1-1/2.
        let svc = World::service_on(w.db.store().await, w.clock.clone());
        let mut left = svc
            .feed()
            .open_event_reader("discord 0-0/2", range(0, 0, 2))
            .await
            .unwrap();
        let other = World::service_on(w.db.store().await, w.clock.clone());
        let mut right = other
            .feed()
            .open_event_reader("discord 1-1/2", range(1, 1, 2))
            .await
            .unwrap();
        let posted = posted_by(&svc, &mut left).await;
        let texts: Vec<&str> = posted.iter().map(|n| n.reply.text.as_str()).collect();
        let [text] = texts[..] else {
            panic!("one post of the move: {texts:?}");
        };
        assert!(
            text.starts_with("**Game #1** · <@101> played **b3**."),
            "{text}"
        );
        assert_eq!(posted[0].place, PLACE);
        // Once: not again, nor by the reader of the other shard.
        assert!(posted_by(&svc, &mut left).await.is_empty());
        assert!(posted_by(&other, &mut right).await.is_empty());
    }
}
