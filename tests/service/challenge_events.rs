//! The event log's consumer and challenges: what a challenge's answer told needs no post; what
//! no answer told — the answer lost (the process died before it went out), or given in another
//! channel than the challenge's — is posted in the challenge's channel, in the words the answer
//! had, pinging who must hear of it.

use crate::common;

use common::{PLACE, World, alice, bob, carol, dave};
use rollerball::game::{EventReader, Notice, Reply};
use rollerball::store::Place;

/// The notices the consumer posts now, recorded as posted.
async fn announced(w: &World, reader: &mut EventReader) -> Vec<Notice> {
    let mut notices = Vec::new();
    for a in w.service.next_announcements(reader).await.unwrap() {
        w.service.event_reader_done(reader, &a.ids).await.unwrap();
        notices.extend(a.notice);
    }
    notices
}

/// An answer that reached its player: what it tells needs no post.
fn delivered(reply: Reply) -> Reply {
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
        let mut reader = w.service.open_event_reader("discord", None).await.unwrap();
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
            begun.reply.text.starts_with("**Game #1** begins"),
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
        let notices = w.service.sweep().await;
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
        let mut again = w.service.open_event_reader("discord", None).await.unwrap();
        assert!(announced(&w, &mut again).await.is_empty());
    }
}
