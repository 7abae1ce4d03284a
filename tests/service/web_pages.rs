//! The web's tournament and player pages, served by the real router on a real service and
//! called in-process (no network): the standings and crosstable of a tournament played through
//! the service, a player's ratings, record and games, the links between the pages, the pages
//! for what is not there, and hostile names in players and tournaments coming out as text.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use rollerball::game::{Actor, Links};
use rollerball::store::{GameId, TournamentId};
use rollerball::web::{self, Hub};
use tower::ServiceExt;

use crate::common::{DAY, World, actor, alice, bob, carol};

/// The pages of `w`'s service, as the binary serves them (`src/cli/web.rs`).
fn router(w: &World) -> Router {
    let links = Links::new("https://rb.example.org", None).unwrap();
    let hub = Hub::new(Arc::clone(&w.service));
    web::app([web::pages(Arc::clone(&w.service), links, hub)])
}

/// The status and body of `path`, asked in English.
pub async fn get(app: &Router, path: &str) -> (StatusCode, String) {
    let request = Request::builder()
        .uri(path)
        .header(header::ACCEPT_LANGUAGE, "en")
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

/// A page that must be there.
pub async fn page(app: &Router, path: &str) -> String {
    let (status, body) = get(app, path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body
}

/// The rows of the table `id` in `html`, each cell's text with its tags left out, a link
/// written `text@href`, the cells joined by ` | ` (an empty cell, such as the crosstable's
/// diagonal, leaves `|  |`).
fn rows(html: &str, id: &str) -> Vec<String> {
    let start = html
        .find(&format!("<table id=\"{id}\""))
        .unwrap_or_else(|| panic!("no table {id}"));
    let table = &html[start..start + html[start..].find("</table>").unwrap()];
    let body = &table[table.find("<tbody>").unwrap()..];
    body.split("<tr")
        .skip(1)
        .map(|row| {
            let mut cells = Vec::new();
            let mut rest = row;
            while let Some(at) = rest.find("<t").filter(|_| !rest.is_empty()) {
                let kind = &rest[at + 1..at + 3];
                if kind != "td" && kind != "th" {
                    rest = &rest[at + 2..];
                    continue;
                }
                let open = at + rest[at..].find('>').unwrap() + 1;
                let close = open + rest[open..].find(&format!("</{kind}>")).unwrap();
                cells.push(text(&rest[open..close]));
                rest = &rest[close..];
            }
            cells.join(" | ")
        })
        .collect()
}

/// The text of some HTML, tags left out, each link's text followed by `@` and its address.
pub fn text(html: &str) -> String {
    let mut out = String::new();
    let mut hrefs = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let end = at + rest[at..].find('>').unwrap();
        let tag = &rest[at + 1..end];
        if tag.starts_with("a ") {
            let href = tag.split("href=\"").nth(1).unwrap_or("").split('"').next();
            hrefs.push(href.unwrap_or("").to_string());
        } else if tag == "/a" {
            out.push('@');
            out.push_str(&hrefs.pop().unwrap_or_default());
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The tests' tournament #1 "Spring & Friends' Cup" of alice, bob and carol, three games:
/// one won by resignation, one drawn, one still being played.
async fn spring(w: &World) {
    w.ok(&alice(), "tournament create Spring & Friends' Cup")
        .await;
    for p in [alice(), bob(), carol()] {
        w.ok(&p, "tournament join #1").await;
    }
    w.ok(&alice(), "tournament start #1").await;
}

/// Who plays game `id`, White first.
async fn sides(w: &World, id: i64, players: &[Actor]) -> (Actor, Actor) {
    let g = w.game(GameId(id)).await;
    let find = |p| players.iter().find(|a| Some(a.id) == p).unwrap().clone();
    (find(g.white), find(g.black))
}

#[tokio::test]
async fn a_tournament_page_shows_the_standings_and_the_crosstable_with_links() {
    for w in World::each("web_tournament").await {
        let app = router(&w);
        spring(&w).await;
        let players = [alice(), bob(), carol()];
        let pairings: Vec<_> = w
            .store
            .tournaments()
            .tournament_games(TournamentId(1))
            .await
            .unwrap()
            .iter()
            .map(|g| (g.game.0, g.round, g.white.0, g.black.0))
            .collect();
        // The draw of seats is the same every run; Berger's tables for three players give
        // each a round off.
        assert_eq!(
            pairings,
            vec![(1, 1, 101, 103), (2, 2, 102, 101), (3, 3, 103, 102)]
        );
        // Every game starts at once: the page says so, not "Round 1 of 3".
        let body = page(&app, "/tournaments/1").await;
        assert!(
            body.contains(
                "<p id=\"stage\" class=\"stage\">Under way: all games are played at the same time \
                 · 0 of 3 games over</p>"
            ),
            "{body}"
        );
        assert!(!body.contains("Round"), "{body}");
        // #1 alice–carol: a draw by agreement.
        let (white, black) = sides(&w, 1, &players).await;
        w.play(GameId(1), &white, &black, "b3 f5").await;
        w.ok(&white, "draw #1").await;
        w.ok(&black, "draw #1 accept").await;
        w.advance(Duration::from_millis(DAY as u64));
        // #2 bob–alice: alice (Black) wins as bob resigns.
        let (white, black) = sides(&w, 2, &players).await;
        w.play(GameId(2), &white, &black, "b3 f5").await;
        w.ok(&white, "resign #2 confirm").await;
        // #3 carol–bob: one move, still being played.
        let (white, black) = sides(&w, 3, &players).await;
        w.play(GameId(3), &white, &black, "b3").await;

        let body = page(&app, "/tournaments/1").await;
        // The name as written, escaped; where the tournament stands.
        assert!(
            body.contains("<h1><bdi>Spring &amp; Friends' Cup</bdi></h1>"),
            "{body}"
        );
        assert!(body.contains(
            "<title>Tournament #1: \u{2068}Spring &amp; Friends' Cup\u{2069} · Rollerball</title>"
        ));
        assert!(body.contains(
            "<meta property=\"og:title\" content=\"Tournament #1: \u{2068}Spring &amp; Friends' Cup\u{2069}\">"
        ));
        assert!(body.contains(
            "<meta property=\"og:description\" content=\"Under way: all games are played at the same time \
             · a single round-robin, 3 days per move, rated · Rollerball correspondence tournament\">"
        ));
        assert!(body.contains(
            "<meta property=\"og:url\" content=\"https://rb.example.org/tournaments/1\">"
        ));
        assert!(
            body.contains("at the same time · 2 of 3 games over"),
            "{body}"
        );
        // alice: 1½ (win, draw); carol ½ with a game left; bob 0 with a game left.
        // Sonneborn–Berger: alice 1·0 (bob) + ½·½ (carol) = ¼; carol ½·1½ = ¾; bob 0.
        // Nobody is level on points: no head-to-head column at all.
        assert_eq!(
            rows(&body, "standings"),
            vec![
                "1 | alice@/players/101 | 1½ | 2 | 0 | ¼ | 1",
                "2 | carol@/players/103 | ½ | 1 | 1 | ¾ | 0",
                "3 | bob@/players/102 | 0 | 1 | 1 | 0 | 0",
            ]
        );
        assert!(!body.contains("Head-to-head"), "{body}");
        // The crosstable in the same order, each result a link to its game; #3 still being
        // played. Each row numbered once, as its column is (the places are the standings').
        assert_eq!(
            rows(&body, "crosstable"),
            vec![
                "1. alice@/players/101 |  | ½@/games/1 | 1@/games/2 | 1½ | ¼",
                "2. carol@/players/103 | ½@/games/1 |  | …@/games/3 | ½ | ¾",
                "3. bob@/players/102 | 0@/games/2 | …@/games/3 |  | 0 | 0",
            ]
        );
        assert!(body.contains("title=\"Game #3, still being played\""));
        assert!(body.contains("class=\"r win black\" href=\"/games/2\""));
        assert!(body.contains("Level on points, players are ranked by Sonneborn–Berger"));
        // The organiser links to their page.
        assert!(
            body.contains("Organiser: <a class=\"who\" href=\"/players/101\"><bdi>alice</bdi></a>")
        );

        // The game page links its players and its tournament.
        let game = page(&app, "/games/3").await;
        assert!(
            game.contains("<a class=\"name\" href=\"/players/103\"><bdi>carol</bdi></a>"),
            "{game}"
        );
        assert!(game.contains("<a class=\"name\" href=\"/players/102\"><bdi>bob</bdi></a>"));
        assert!(
            game.contains("<a href=\"/tournaments/1\">Round 3 of Spring &amp; Friends' Cup</a>")
        );

        // In French, from `?lang=`.
        let (_, french) = get(&app, "/tournaments/1?lang=fr").await;
        assert!(
            french
                .contains("toutes les parties se jouent en même temps · 2 sur 3 parties terminées"),
            "{french}"
        );
        assert!(french.contains("<html lang=\"fr\">"));

        // Not there: a 404 page that says so.
        let (status, body) = get(&app, "/tournaments/9").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(body.contains("There is no tournament #9."));
        let (status, _) = get(&app, "/tournaments/spring").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = get(&app, "/tournaments/-1").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn a_tournament_before_its_start_lists_who_signed_up() {
    for w in World::each("web_tournament_open").await {
        let app = router(&w);
        w.ok(&alice(), "tournament create Winter").await;
        w.ok(&bob(), "tournament join #1").await;
        let body = page(&app, "/tournaments/1").await;
        assert!(body.contains("Open for sign-up: 1 of 12 players"), "{body}");
        assert!(body.contains(
            "<ol id=\"entrants\" class=\"entrants\"><li><a class=\"who\" href=\"/players/102\"><bdi>bob</bdi></a></li></ol>"
        ));
        assert!(!body.contains("id=\"standings\"") && !body.contains("id=\"crosstable\""));
    }
}

#[tokio::test]
async fn a_player_page_shows_ratings_record_and_games() {
    for w in World::each("web_player").await {
        let app = router(&w);
        // Before any game: no rating, no record, no games.
        w.ok(&alice(), "challenge <@102> white").await;
        let body = page(&app, "/players/101").await;
        assert!(body.contains("<h1><bdi>alice</bdi></h1>"), "{body}");
        assert!(body.contains("No rated game yet."));
        assert!(body.contains("Record: no rated game yet"));
        assert!(body.contains("No game in progress.") && body.contains("No finished game yet."));

        // alice beats bob (rated), draws with carol (rated), beats bob in a casual game, and
        // plays on against carol.
        let g1 = w.ok(&bob(), "accept").await.new_game.unwrap();
        w.play(g1, &alice(), &bob(), "b3 f5").await;
        w.ok(&bob(), &format!("resign #{} confirm", g1.0)).await;
        w.advance(Duration::from_millis(DAY as u64));
        let g2 = w.start(&alice(), &carol(), "").await;
        w.play(g2, &alice(), &carol(), "b3 f5").await;
        w.ok(&alice(), &format!("draw #{}", g2.0)).await;
        w.ok(&carol(), &format!("draw #{} accept", g2.0)).await;
        w.advance(Duration::from_millis(DAY as u64));
        let g3 = w.start(&alice(), &bob(), "casual").await;
        w.play(g3, &alice(), &bob(), "b3").await;
        w.ok(&bob(), &format!("resign #{} confirm", g3.0)).await;
        w.advance(Duration::from_millis(DAY as u64));
        let g4 = w.start(&carol(), &alice(), "").await;
        w.play(g4, &carol(), &alice(), "b3").await;
        w.sweep().await;

        let body = page(&app, "/players/101").await;
        // Rated games only, as `stats` counts them.
        assert!(
            body.contains("<p id=\"record\" class=\"record\">Record: 1 win, 1 draw, 0 losses</p>"),
            "{body}"
        );
        let ratings = rows(&body, "ratings");
        assert_eq!(ratings.len(), 2, "{ratings:?}");
        assert!(ratings[0].starts_with("All servers | ") && ratings[0].ends_with(" | 2"));
        // The server by a letter, never by its id (a server may be private).
        assert!(ratings[1].starts_with("Server A | ") && ratings[1].ends_with(" | 2"));
        assert!(!body.contains("Server 5"), "{ratings:?}");
        assert!(ratings[0].contains("? ±"), "provisional: {ratings:?}");
        assert_eq!(
            rows(&body, "playing"),
            vec![format!(
                "#{0}@/games/{0} | Black | carol@/players/103 | their move | 2023-11-17",
                g4.0
            )]
        );
        assert_eq!(
            rows(&body, "finished"),
            vec![
                format!(
                    "#{0}@/games/{0} | White | bob@/players/102 (casual) | won | 2023-11-16",
                    g3.0
                ),
                format!(
                    "#{0}@/games/{0} | White | carol@/players/103 | draw | 2023-11-15",
                    g2.0
                ),
                format!(
                    "#{0}@/games/{0} | White | bob@/players/102 | won | 2023-11-14",
                    g1.0
                ),
            ]
        );
        assert!(body.contains(
            "<meta property=\"og:title\" content=\"\u{2068}alice\u{2069} · Rollerball player\">"
        ));
        assert!(body.contains(
            "<meta property=\"og:description\" content=\"Record: 1 win, 1 draw, 0 losses · 1 game in progress\">"
        ));
        // bob's page: his losses.
        let bob_page = page(&app, "/players/102").await;
        assert!(
            bob_page.contains("Record: 0 wins, 0 draws, 1 loss"),
            "{bob_page}"
        );

        // Not there: a number never seen, and a name (not looked up).
        let (status, body) = get(&app, "/players/999").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(body.contains("No player here has the number 999."));
        let (status, body) = get(&app, "/players/alice").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(body.contains("A player's page is found by their Discord number"));
    }
}

/// A player's page says which servers they are rated in by letters alone: a server's id
/// (a private server's too) appears nowhere on it.
#[tokio::test]
async fn a_player_page_names_no_server() {
    let w = World::new(crate::common::sqlite_db()).await;
    let app = router(&w);
    const PRIVATE: [u64; 2] = [987_654_321_012_345, 876_543_210_987_654];
    for server in PRIVATE {
        let place = rollerball::store::Place {
            server: Some(server),
            channel: server + 1,
            thread: None,
            reach: rollerball::store::Reach::Posts,
        };
        let challenge = format!("challenge <@{}> white", bob().id.0);
        assert!(!w.say_in(&alice(), place, &challenge).await.private);
        let game = w.say_in(&bob(), place, "accept").await.new_game.unwrap();
        for (who, mv) in [(alice(), "b3"), (bob(), "f5")] {
            let said = w
                .say_in(&who, place, &format!("move #{} {mv}", game.0))
                .await;
            assert!(!said.private, "{}", said.text);
        }
        let resign = format!("resign #{} confirm", game.0);
        assert!(!w.say_in(&bob(), place, &resign).await.private);
    }
    let body = page(&app, "/players/101").await;
    for server in PRIVATE {
        for shown in [server.to_string(), (server + 1).to_string()] {
            assert!(!body.contains(&shown), "{shown} in {body}");
        }
    }
    let scopes: Vec<String> = rows(&body, "ratings")
        .iter()
        .map(|row| row.split(" | ").next().unwrap().to_string())
        .collect();
    assert_eq!(scopes, ["All servers", "Server A", "Server B"]);
}

/// The hostile names: markup, an attribute break-out, a right-to-left override.
const SCRIPT: &str = "<script>alert(1)</script>";
const IMG: &str = "\"><img src=x onerror=alert(1)>";
const RLO: &str = "\u{202E}evil\u{202C}";

/// Asserts that nothing of the hostile names came out as markup.
fn inert(body: &str) {
    assert!(!body.contains("<script>"), "{body}");
    assert!(!body.contains("<img"), "{body}");
    // `onerror=` only as the text of an escaped name, never as an attribute.
    for (at, _) in body.match_indices("onerror=") {
        assert!(
            body[..at].ends_with("&lt;img src=x "),
            "{}",
            &body[at.saturating_sub(80)..at + 20]
        );
    }
}

#[tokio::test]
async fn hostile_names_come_out_as_text() {
    for w in World::each("web_hostile").await {
        let app = router(&w);
        let (script, img, rlo) = (actor(111, SCRIPT), actor(112, IMG), actor(113, RLO));
        w.ok(&script, "tournament create Hostile").await;
        for p in [&script, &img, &rlo] {
            w.ok(p, "tournament join #1").await;
        }
        w.ok(&script, "tournament start #1").await;
        // The command takes no markup in a name, but the page must not trust the store: an
        // older row, or another front end, may hold one.
        sqlx::query("UPDATE tournaments SET name = $1 WHERE id = 1")
            .bind(format!("{SCRIPT}{IMG}"))
            .execute(w.store.pool())
            .await
            .unwrap();
        let escaped_script = "&lt;script&gt;alert(1)&lt;/script&gt;";
        let escaped_img = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;";

        let body = page(&app, "/tournaments/1").await;
        inert(&body);
        assert!(
            body.contains(&format!(
                "<h1><bdi>{escaped_script}{escaped_img}</bdi></h1>"
            )),
            "{body}"
        );
        assert!(body.contains(&format!("<bdi>{escaped_script}</bdi>")));
        assert!(body.contains(&format!("<bdi>{escaped_img}</bdi>")));
        // The override is kept (it is the name) but isolated, so it cannot turn the page.
        assert!(body.contains(&format!("<bdi>{RLO}</bdi>")));

        for id in [111, 112, 113] {
            let body = page(&app, &format!("/players/{id}")).await;
            inert(&body);
        }
        let body = page(&app, "/players/112").await;
        assert!(
            body.contains(&format!("<h1><bdi>{escaped_img}</bdi></h1>")),
            "{body}"
        );
        assert!(body.contains(&format!(
            "content=\"\u{2068}{escaped_img}\u{2069} · Rollerball player\""
        )));
        // A right-to-left override in a name is isolated in the titles too, so that it cannot
        // turn the rest of the title around.
        let body = page(&app, "/players/113").await;
        let title = format!("\u{2068}{RLO}\u{2069} · Rollerball player");
        assert!(
            body.contains(&format!("<title>{title} · Rollerball</title>")),
            "{body}"
        );
        assert!(body.contains(&format!("<meta property=\"og:title\" content=\"{title}\">")));
        sqlx::query("UPDATE tournaments SET name = $1 WHERE id = 1")
            .bind(RLO)
            .execute(w.store.pool())
            .await
            .unwrap();
        let body = page(&app, "/tournaments/1").await;
        let title = format!("Tournament #1: \u{2068}{RLO}\u{2069}");
        assert!(
            body.contains(&format!("<title>{title} · Rollerball</title>")),
            "{body}"
        );
        assert!(body.contains(&format!("<meta property=\"og:title\" content=\"{title}\">")));
        for id in 1..=3 {
            inert(&page(&app, &format!("/games/{id}")).await);
        }
    }
}
