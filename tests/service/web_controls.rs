//! The signed-in player's controls on a game's page, over real HTTP: only what the player can
//! do at that moment, in words for it (offer a draw, accept or decline the opponent's offer,
//! withdraw their own while it waits, take back a move only once there is one of theirs to
//! take back), and, after a move from the page, that it was played.

use crate::common::{alice, bob, sqlite_db};

use super::web::{Site, client, game_with, text_of};

/// The labels of the buttons of the page's controls, in order.
fn buttons(page: &str) -> Vec<String> {
    let start = page.find("<section id=\"play\"").expect("signed in");
    let section = &page[start..start + page[start..].find("</section>").unwrap()];
    section
        .split("<button")
        .skip(1)
        .map(|b| b[b.find('>').unwrap() + 1..b.find("</button>").unwrap()].to_string())
        .collect()
}

/// The text of the controls' first paragraph.
fn said(page: &str) -> String {
    let start = page.find("<section id=\"play\"").expect("signed in");
    let p = &page[start..];
    let p = &p[p.find("<p").unwrap()..];
    p[p.find('>').unwrap() + 1..p.find("</p>").unwrap()].to_string()
}

#[tokio::test]
async fn the_controls_offer_what_the_player_can_do_now_and_say_the_move_was_played() {
    let site = Site::on(sqlite_db()).await;
    let id = game_with(&site, "").await;
    let page = site.url(&format!("/games/{}", id.0));
    let alices = client();
    let link = site.private_link(&alice(), id).await;
    assert_eq!(site.sign_in(&alices, &link).await.status(), 303);
    // Move 0: nothing to take back yet.
    let before = text_of(&alices, &page).await;
    assert_eq!(buttons(&before), ["Play", "Offer a draw", "Resign"]);

    // A move from the page: the page after it says it was played.
    let at = before.split("name=\"at\" value=\"").nth(1).unwrap();
    let at = &at[..at.find('"').unwrap()];
    let moved = alices
        .post(site.url(&format!("/games/{}/act", id.0)))
        .header("origin", &site.base)
        .form(&[
            ("action", "move"),
            ("move", "c2-b3"),
            ("ply", "0"),
            ("at", at),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), 303);
    let location = moved.headers()["location"].to_str().unwrap().to_string();
    assert_eq!(location, "/games/1?played=1");
    let after = text_of(&alices, site.url(&location)).await;
    assert_eq!(
        said(&after),
        "You played b3. Waiting for your opponent's move."
    );
    assert_eq!(
        buttons(&after),
        ["Offer a draw", "Ask to take back your last move", "Resign"]
    );
    // Once the opponent has answered, the address's `played` says nothing any more.
    site.world.ok(&bob(), "move #1 f5").await;
    let answered = text_of(&alices, site.url(&location)).await;
    assert_eq!(
        said(&answered),
        "Your move: click a piece, then where it goes, or type the move."
    );
    assert_eq!(buttons(&answered), ["Play", "Offer a draw", "Resign"]);

    // bob's offer waits for alice: she may accept or decline it, and offer nothing else.
    site.world.ok(&alice(), "move #1 b4").await;
    site.world.ok(&bob(), "draw #1").await;
    let offered = text_of(&alices, &page).await;
    assert_eq!(
        buttons(&offered),
        ["Accept the draw", "Decline the draw", "Resign"]
    );
    // bob's own page: his offer waits, and he may withdraw it.
    let bobs = client();
    let link = site.private_link(&bob(), id).await;
    assert_eq!(site.sign_in(&bobs, &link).await.status(), 303);
    let waiting = text_of(&bobs, &page).await;
    assert!(
        waiting
            .contains("<p class=\"waiting\">Your draw offer waits for your opponent's answer.</p>"),
        "{waiting}"
    );
    assert_eq!(
        buttons(&waiting),
        ["Play", "Withdraw your draw offer", "Resign"]
    );

    // A takeback asked by alice: bob may allow or decline it.
    site.world.ok(&bob(), "draw #1 decline").await;
    site.world.ok(&bob(), "move #1 f4").await;
    site.world.ok(&bob(), "takeback #1").await;
    let asked = text_of(&alices, &page).await;
    assert_eq!(
        buttons(&asked),
        [
            "Play",
            "Allow the takeback",
            "Decline the takeback",
            "Resign"
        ]
    );
}
