//! What the store keeps for play where the bot is no member, on both databases: a challenge and
//! the game it becomes remember that the bot only answers commands in their place, and the
//! notices held for a player are kept per player, oldest first, until dropped.

use crate::common::*;

use rollerball::rules::Color;
use rollerball::store::{Place, PlayerId, Reach, Timestamp};

#[tokio::test]
async fn a_place_where_the_bot_only_answers_is_kept_with_its_games() {
    for db in test_dbs("anywhere_reach").await {
        let s = db.store().await;
        players(&s, &[1, 2]).await;
        let group_dm = Place {
            server: None,
            channel: 77,
            thread: None,
            reach: Reach::Answers,
        };
        let mut new = new_challenge(1, Some(2));
        new.place = group_dm;
        let challenge = s.challenges().create_challenge(&new, T0).await.unwrap();
        assert_eq!(challenge.place, group_dm);
        assert_eq!(
            s.challenges()
                .challenge(challenge.id)
                .await
                .unwrap()
                .unwrap()
                .place,
            group_dm
        );
        let mut accepted = accepted(Color::White);
        accepted.thread = None;
        let (_, game) = s
            .challenges()
            .accept_challenge(challenge.id, PlayerId(2), &accepted, T0)
            .await
            .unwrap();
        assert_eq!(game.place, group_dm);
        assert_eq!(
            s.games().game(game.id).await.unwrap().unwrap().place,
            group_dm
        );
        // A game of a place where the bot posts, as every game before: `Posts`.
        let other = s.play().create_game(&new_game(1, 2), T0).await.unwrap();
        assert_eq!(
            s.games().game(other.id).await.unwrap().unwrap().place.reach,
            Reach::Posts
        );
        s.close().await;
    }
}

#[tokio::test]
async fn held_notices_wait_for_their_player() {
    for db in test_dbs("anywhere_held").await {
        let s = db.store().await;
        let (ann, bob) = (PlayerId(u64::MAX - 1), PlayerId(2));
        let first = s
            .players()
            .hold_notice(ann, "Reminder: your move", T0)
            .await
            .unwrap();
        let later = Timestamp(T0.0 + 1000);
        let second = s
            .players()
            .hold_notice(ann, "Game #1 · lost on time", later)
            .await
            .unwrap();
        s.players().hold_notice(bob, "Bob's own", T0).await.unwrap();
        let held = s.players().held_notices(ann).await.unwrap();
        let texts: Vec<(i64, &str, Timestamp)> = held
            .iter()
            .map(|n| (n.id, n.text.as_str(), n.held_at))
            .collect();
        assert_eq!(
            texts,
            [
                (first, "Reminder: your move", T0),
                (second, "Game #1 · lost on time", later)
            ]
        );
        // Dropping one leaves the other, and another player's are untouched; dropping twice,
        // or another's id, changes nothing.
        s.players().drop_held_notices(ann, &[first]).await.unwrap();
        s.players().drop_held_notices(ann, &[first]).await.unwrap();
        let bobs = s.players().held_notices(bob).await.unwrap();
        s.players()
            .drop_held_notices(ann, &[bobs[0].id])
            .await
            .unwrap();
        assert_eq!(s.players().held_notices(ann).await.unwrap().len(), 1);
        assert_eq!(s.players().held_notices(bob).await.unwrap().len(), 1);
        s.players().drop_held_notices(ann, &[second]).await.unwrap();
        assert!(s.players().held_notices(ann).await.unwrap().is_empty());
        s.close().await;
    }
}
