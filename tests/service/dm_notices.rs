//! Turn notices by direct message (`settings dm on`): exactly the player who asked gets one,
//! with its exact words, when the opponent moves, when a game they have White in begins, and
//! with each reminder; nobody gets one otherwise. They come from the event log's turn notices'
//! consumer, read here as the bot reads it.

use std::time::Duration;

use crate::common::{self, PLACE, T0, World, alice, bob};
use rollerball::engine::Level;
use rollerball::game::DirectMessage;
use rollerball::store::{GameId, PlayerId, Timestamp};

const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(86_400);

fn time(at: Timestamp) -> String {
    format!("<t:{}:R>", at.0.div_euclid(1000))
}

/// The link of a game played in the tests' channel.
fn link() -> String {
    format!(
        "https://discord.com/channels/{}/{}",
        PLACE.server.unwrap(),
        PLACE.channel
    )
}

/// A legal move of `player`'s in game `id`.
async fn first_legal_move(w: &World, player: PlayerId, id: GameId) -> String {
    let moves = w
        .service
        .views()
        .legal_moves_for(player, PLACE, Some(id))
        .await;
    moves.into_iter().next().expect("a legal move")
}

#[tokio::test]
async fn direct_messages_reach_exactly_the_players_who_asked() {
    for w in World::each("svc_dm").await {
        // Off until asked for, and shown with the settings.
        let shown = w.say(&bob(), "settings").await;
        assert!(
            shown.text.contains("direct messages on your turn **off**"),
            "{}",
            shown.text
        );
        let saved = w.say(&bob(), "settings dm on").await;
        assert_eq!(
            saved.text,
            "Saved: language **en**, pings **on**, direct messages on your turn **on**."
        );
        let shown = w.say(&bob(), "settings").await;
        assert!(
            shown.text.contains("direct messages on your turn **on**"),
            "{}",
            shown.text
        );

        // Alice (White, no DMs) challenges; Bob accepts: nobody is told by DM (Bob acted, and
        // Alice did not ask).
        w.ok(&alice(), "challenge <@102> white days 2").await;
        let begun = w.ok(&bob(), "accept").await;
        let id: GameId = begun.new_game.expect("a game starts");
        assert_eq!(w.turn_notices().await, []);

        // Alice moves: Bob, and only Bob, is told.
        w.ok(&alice(), "move b3").await;
        let deadline = w.game(id).await.deadline.unwrap();
        assert_eq!(
            w.turn_notices().await,
            [DirectMessage {
                to: PlayerId(102),
                text: format!(
                    "<@101> played **b3** in game #{}: your move — deadline {} · {}",
                    id.0,
                    time(deadline),
                    link()
                ),
            }]
        );
        // Bob answers: Alice did not ask, so no DM.
        w.ok(&bob(), "move f5").await;
        assert_eq!(w.turn_notices().await, []);

        // Alice moves again, and the reminders of Bob's move come in the channel and by DM.
        w.ok(&alice(), "move Rf1").await;
        assert_eq!(w.turn_notices().await.len(), 1);
        let deadline = w.game(id).await.deadline.unwrap();
        w.clock.advance(DAY + 15 * HOUR);
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(notices[0].place, PLACE);
        assert!(notices[0].reply.text.contains("<@102>, it's your move"));
        assert_eq!(
            w.turn_notices().await,
            [DirectMessage {
                to: PlayerId(102),
                text: format!(
                    "Reminder: your move in game #{} against <@101> — deadline {} · {}",
                    id.0,
                    time(deadline),
                    link()
                ),
            }]
        );
        w.clock.advance(7 * HOUR);
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1, "{notices:?}");
        let direct = w.turn_notices().await;
        assert_eq!(direct.len(), 1, "{direct:?}");
        assert!(direct[0].text.starts_with("Last reminder: "), "{direct:?}");

        // Bob turns them off: his next turn brings no DM.
        w.say(&bob(), "settings dm off").await;
        let san = first_legal_move(&w, bob().id, id).await;
        w.ok(&bob(), &format!("move {san}")).await;
        let san = first_legal_move(&w, alice().id, id).await;
        w.ok(&alice(), &format!("move {san}")).await;
        assert_eq!(w.turn_notices().await, []);
    }
}

#[tokio::test]
async fn a_game_begun_tells_white_in_their_language() {
    for w in World::each("svc_dm_begun").await {
        w.say(&alice(), "settings language fr").await;
        let saved = w.say(&alice(), "settings dm on").await;
        assert_eq!(
            saved.text,
            "Enregistré : langue **fr**, mentions **activées**, messages privés à votre tour **activés**."
        );
        w.ok(&alice(), "challenge <@102> white days 2").await;
        let begun = w.ok(&bob(), "accept").await;
        let id = begun.new_game.expect("a game starts");
        let deadline = w.game(id).await.deadline.unwrap();
        assert_eq!(
            w.turn_notices().await,
            [DirectMessage {
                to: PlayerId(101),
                text: format!(
                    "La partie #{} contre <@102> commence : vous avez les Blancs, à vous de jouer — échéance {} · {}",
                    id.0,
                    time(deadline),
                    link()
                ),
            }]
        );
        // Alice's own move tells nobody (Bob did not ask).
        w.ok(&alice(), "move b3").await;
        assert_eq!(w.turn_notices().await, []);
    }
}

#[tokio::test]
async fn the_computer_s_reply_is_told_only_to_whom_did_not_see_it() {
    for w in World::each("svc_dm_computer").await {
        w.say(&alice(), "settings dm on").await;
        // Alice plays White against the computer: its replies come under her own commands,
        // where she sees them, so no DM.
        let begun = w.ok(&alice(), "challenge computer level 1 white").await;
        let id = begun.new_game.expect("a game starts");
        w.ok(&alice(), &format!("move #{} b3", id.0)).await;
        assert_eq!(w.game(id).await.ply, 2);
        assert_eq!(w.turn_notices().await, []);

        // A computer's move the sweep makes (a crash left it undone) reaches her by DM.
        let mut new = common::new_game(0, 101);
        new.place = PLACE;
        new.white = None;
        new.computer_level = Level::new(1);
        let g = w.store.play().create_game(&new, T0).await.unwrap();
        assert_eq!(w.sweep().await.len(), 1);
        assert_eq!(w.game(g.id).await.ply, 1);
        let direct = w.turn_notices().await;
        assert_eq!(direct.len(), 1, "{direct:?}");
        assert_eq!(direct[0].to, PlayerId(101));
        assert!(
            direct[0]
                .text
                .contains(&format!(" in game #{}: your move — deadline ", g.id.0)),
            "{}",
            direct[0].text
        );
    }
}

#[tokio::test]
async fn a_turn_notice_not_recorded_as_sent_is_sent_again_for_the_same_event() {
    for w in World::each("svc_dm_again").await {
        w.say(&bob(), "settings dm on").await;
        let id = w.start(&alice(), &bob(), "days 2").await;
        // A consumer that has its place in the log before the move.
        let mut reader = w
            .service
            .feed()
            .open_turn_notice_reader("crashing dm", None)
            .await
            .unwrap();
        w.ok(&alice(), &format!("move #{} b3", id.0)).await;
        let first = w
            .service
            .feed()
            .next_turn_notices(&mut reader)
            .await
            .unwrap();
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].message.to, PlayerId(102));
        // It dies before recording that it sent it: the next one sends it again, for the same
        // event (the same nonce, which Discord drops).
        drop(reader);
        let mut reader = w
            .service
            .feed()
            .open_turn_notice_reader("crashing dm", None)
            .await
            .unwrap();
        let again = w
            .service
            .feed()
            .next_turn_notices(&mut reader)
            .await
            .unwrap();
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].event, first[0].event);
        assert_eq!(again[0].message, first[0].message);
        // Recorded: after another restart, nothing is sent twice.
        w.service
            .feed()
            .event_reader_done(&mut reader, &[again[0].event])
            .await
            .unwrap();
        let mut reader = w
            .service
            .feed()
            .open_turn_notice_reader("crashing dm", None)
            .await
            .unwrap();
        assert!(
            w.service
                .feed()
                .next_turn_notices(&mut reader)
                .await
                .unwrap()
                .is_empty()
        );
    }
}
