//! The site's front page and the players' guide, served by the real router on a real service
//! and called in-process: the front page lists the newest games and tournaments through the
//! service, read again at most every 30 seconds, and links the guide and the bot's invites;
//! `/help` is the guide in the reader's language, with nothing of a developer's in it.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, header};
use rollerball::game::Links;
use rollerball::web::{self, Hub};
use tower::ServiceExt;

use super::web_pages::{get, page, text};
use crate::common::{World, actor, alice, bob, carol};

/// The pages of `w`'s service with the Discord application `application` to invite.
fn router(w: &World, application: Option<u64>) -> Router {
    let links = Links::new("https://rb.example.org", None).unwrap();
    let hub = Hub::new(Arc::clone(&w.service));
    let files = web::Files::new(web::FileLimits::default());
    web::app([web::pages_with(
        Arc::clone(&w.service),
        links,
        hub,
        files,
        application,
    )])
}

/// The text of the element `<TAG id="ID"…>…</TAG>` of `html` (see [`text`]).
fn element(html: &str, tag: &str, id: &str) -> String {
    let start = html
        .find(&format!("<{tag} id=\"{id}\""))
        .unwrap_or_else(|| panic!("no {tag}#{id} in {html}"));
    let end = start + html[start..].find(&format!("</{tag}>")).unwrap();
    text(&html[start..end + tag.len() + 3])
}

#[tokio::test]
async fn the_front_page_lists_the_newest_games_and_tournaments_and_how_to_start() {
    for w in World::each("web_home").await {
        let app = router(&w, Some(1234));
        let body = page(&app, "/").await;
        assert!(body.contains("<title>Correspondence Rollerball on Discord · Rollerball</title>"));
        assert_eq!(
            element(&body, "p", "playing"),
            "No game is being played just now."
        );
        assert_eq!(element(&body, "p", "finished"), "No game has finished yet.");
        assert_eq!(element(&body, "p", "tournaments"), "No tournament yet.");
        assert!(
            body.contains("<a href=\"/help\">The players' guide</a>"),
            "{body}"
        );
        assert_eq!(
            element(&body, "ul", "invite"),
            "Add Rollerball to a server@https://discord.com/oauth2/authorize?client_id=1234&amp;scope=bot+applications.commands&amp;permissions=311385254912 \
             (you need the right to manage the server).\
             Add it to your own account@https://discord.com/oauth2/authorize?client_id=1234&amp;integration_type=1&amp;scope=applications.commands \
             to play with friends anywhere on Discord, even where the bot is not."
        );

        // #1 alice–bob: bob resigns; #2 carol–bob and #3 alice–Max being played; the computer;
        // a tournament open for sign-up.
        let g1 = w.start(&alice(), &bob(), "").await;
        w.play(g1, &alice(), &bob(), "b3 f5").await;
        w.ok(&bob(), "resign #1 confirm").await;
        let g2 = w.start(&carol(), &bob(), "").await;
        w.play(g2, &carol(), &bob(), "b3 f5 b4").await;
        let max = actor(104, "Max");
        w.start(&alice(), &max, "").await;
        w.ok(&max, "challenge computer level 2 white").await;
        w.ok(&carol(), "tournament create Winter Cup").await;
        w.ok(&bob(), "tournament join #1").await;

        // Read half a minute ago: the same lists still.
        let body = page(&app, "/").await;
        assert_eq!(
            element(&body, "p", "playing"),
            "No game is being played just now."
        );
        w.advance(Duration::from_secs(31));
        let body = page(&app, "/").await;
        assert_eq!(
            element(&body, "ul", "playing"),
            "#4 Max – Computer (level 2)@/games/4 · \u{2068}Max\u{2069} to move · no moves yet\
             #3 alice – Max@/games/3 · \u{2068}alice\u{2069} to move · no moves yet\
             #2 carol – bob@/games/2 · \u{2068}bob\u{2069} to move · 2 moves"
        );
        assert_eq!(
            element(&body, "ul", "finished"),
            "#1 alice – bob@/games/1 · White won"
        );
        assert_eq!(
            element(&body, "ul", "tournaments"),
            "Winter Cup@/tournaments/1 · open for sign-up, 1 player \
             · a single round-robin, 3 days per move, rated"
        );

        // Without the application's id: whom to ask. In French from the browser.
        let app = router(&w, None);
        let request = Request::builder()
            .uri("/")
            .header(header::ACCEPT_LANGUAGE, "fr-FR,fr;q=0.9")
            .body(Body::empty())
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let body = String::from_utf8(bytes.to_vec()).unwrap();
        assert_eq!(
            element(&body, "p", "invite"),
            "Pour jouer, il vous faut un serveur Discord où se trouve le bot : demandez à la \
             personne qui gère ce bot de l'ajouter au vôtre."
        );
        assert_eq!(
            element(&body, "ul", "finished"),
            "#1 alice – bob@/games/1 · victoire des Blancs"
        );
    }
}

/// Each language's first heading of the guide, as `/help` shows it.
const TITLES: [(&str, &str); 4] = [
    ("en", "Playing Rollerball on Discord: the players' guide"),
    (
        "fr",
        "Jouer au Rollerball sur Discord : le guide des joueurs",
    ),
    ("es", "Jugar al Rollerball en Discord: la guía del jugador"),
    ("ru", "Роллербол в Discord: руководство для игроков"),
];

#[tokio::test]
async fn the_guide_is_served_in_the_readers_language_and_speaks_to_players_alone() {
    let w = World::new(crate::common::sqlite_db()).await;
    let app = router(&w, None);
    for (lang, title) in TITLES {
        let body = page(&app, &format!("/help?lang={lang}")).await;
        assert!(body.contains(&format!("<html lang=\"{lang}\">")), "{lang}");
        let h1 = body.split("<h1").nth(1).unwrap();
        let h1 = &h1[h1.find('>').unwrap() + 1..h1.find("</h1>").unwrap()];
        assert_eq!(h1, title, "{lang}");
        for developers in ["cargo", "crates/", "BENCHMARKS"] {
            assert!(!body.contains(developers), "{lang}: {developers}");
        }
    }
    // From the browser's language when the address names none.
    let request = Request::builder()
        .uri("/help")
        .header(header::ACCEPT_LANGUAGE, "es-419,es;q=0.9")
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let body = String::from_utf8(bytes.to_vec()).unwrap();
    assert!(body.contains(TITLES[2].1), "{body}");
    // The pictures are the same in every language.
    let (_, ru) = get(&app, "/help?lang=ru").await;
    assert!(ru.contains("src=\"/help/images/board.png\""));
}
