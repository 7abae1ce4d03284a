//! Turn notices by direct message (`settings dm on`): exactly the player who asked gets one,
//! with its exact words, when the opponent moves, when a game they have White in begins, and
//! with each reminder; nobody gets one otherwise.

use std::time::Duration;

use crate::common::{PLACE, World, alice, bob};
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
    let moves = w.service.legal_moves_for(player, PLACE, Some(id)).await;
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
        assert_eq!(begun.direct, []);

        // Alice moves: Bob, and only Bob, is told.
        let moved = w.ok(&alice(), "move b3").await;
        let deadline = w.game(id).await.deadline.unwrap();
        assert_eq!(
            moved.direct,
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
        let answered = w.ok(&bob(), "move f5").await;
        assert_eq!(answered.direct, []);

        // Alice moves again, and the reminders of Bob's move come in the channel and by DM.
        w.ok(&alice(), "move Rf1").await;
        let deadline = w.game(id).await.deadline.unwrap();
        w.clock.advance(DAY + 15 * HOUR);
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(notices[0].place, PLACE);
        assert!(notices[0].reply.text.contains("<@102>, it's your move"));
        assert_eq!(
            notices[0].reply.direct,
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
        assert_eq!(notices[0].reply.direct.len(), 1);
        assert!(
            notices[0].reply.direct[0]
                .text
                .starts_with("Last reminder: "),
            "{:?}",
            notices[0].reply.direct
        );

        // Bob turns them off: his next turn brings no DM.
        w.say(&bob(), "settings dm off").await;
        let san = first_legal_move(&w, bob().id, id).await;
        w.ok(&bob(), &format!("move {san}")).await;
        let san = first_legal_move(&w, alice().id, id).await;
        let moved = w.ok(&alice(), &format!("move {san}")).await;
        assert_eq!(moved.direct, []);
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
            begun.direct,
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
        assert_eq!(w.ok(&alice(), "move b3").await.direct, []);
    }
}
