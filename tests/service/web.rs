//! The web pages over real HTTP on loopback: a game's page and files, the security headers,
//! hostile names, private links and moving from the web, and the live stream of a game's
//! events (with its resumption after a lost connection). The browser's own tests are in
//! `web_browser.rs`; the harness both use is here ([`Site`]).

use std::sync::Arc;
use std::time::Duration;

use rollerball::game::{Actor, Links, RefusalReason, Service};
use rollerball::model::{FrontEnd, GameId};
use rollerball::store::EventId;
use rollerball::web::{self, Hub, Listener, WebMarkup};

use crate::common::World;
use crate::common::{TestDb, actor, alice, bob, test_dbs};

/// The Discord application the tests' front page invites.
pub const APPLICATION: u64 = 1_234_567_890_123_456_789;

/// The secret the tests' private links are signed with.
pub const SECRET: &str = "the tests' secret, long enough";

/// A service on a test database with its web pages served on a loopback port.
pub struct Site {
    /// The service and its database.
    pub world: World,
    /// The pages' address (`http://127.0.0.1:PORT`).
    pub base: String,
    /// The live pages' watchers.
    pub hub: Arc<Hub>,
    server: tokio::task::JoinHandle<()>,
    follow: tokio::task::JoinHandle<()>,
}

impl Drop for Site {
    fn drop(&mut self) {
        self.server.abort();
        self.follow.abort();
    }
}

impl Site {
    /// The pages of a fresh service on `db`.
    pub async fn on(db: TestDb) -> Site {
        Site::on_with(db, |base| Links::new(base, Some(SECRET)).unwrap()).await
    }

    /// The pages of a fresh service on `db`, its links made by `links` from the address.
    pub async fn on_with(db: TestDb, links: impl FnOnce(&str) -> Links) -> Site {
        let files = web::Files::new(web::FileLimits::default());
        Site::build(db, files, web::LiveLimits::default(), links).await
    }

    /// The pages of a fresh service on `db`, their files made by `files`.
    pub async fn with_files(db: TestDb, files: Arc<web::Files>) -> Site {
        Site::with(db, files, web::LiveLimits::default()).await
    }

    /// The pages of a fresh service on `db`, their files made by `files`, their live streams
    /// bounded by `live`.
    pub async fn with(db: TestDb, files: Arc<web::Files>, live: web::LiveLimits) -> Site {
        Site::build(db, files, live, |base| {
            Links::new(base, Some(SECRET)).unwrap()
        })
        .await
    }

    /// The pages of a fresh service on `db`: files made by `files`, live streams bounded by
    /// `live`, links made by `links` from the address.
    async fn build(
        db: TestDb,
        files: Arc<web::Files>,
        live: web::LiveLimits,
        links: impl FnOnce(&str) -> Links,
    ) -> Site {
        let store = db.store().await;
        let clock = Arc::new(rollerball::game::ManualClock::new(crate::common::T0));
        let listener = Listener::bind("127.0.0.1:0".parse().unwrap())
            .await
            .unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let links = links(&base);
        // The engine at a small budget: the tests run unoptimised.
        let analyst =
            rollerball::game::EngineAnalyst(rollerball::engine::analysis::Budget { nodes: 20_000 });
        let service: Service = World::service_on(store.clone(), clock.clone())
            .with_analyst(Arc::new(analyst))
            .with_links(links.clone())
            .with_front_end_markup(FrontEnd::Web, Arc::new(WebMarkup));
        let world = World::of(db, store, clock, service).await;
        let hub = Hub::with_limits(Arc::clone(&world.service), live);
        let follow = tokio::spawn(Arc::clone(&hub).follow());
        let app = web::app([web::pages_with(
            Arc::clone(&world.service),
            links.clone(),
            Arc::clone(&hub),
            files,
            Some(APPLICATION),
        )]);
        let server = tokio::spawn(listener.serve(app));
        Site {
            world,
            base,
            hub,
            server,
            follow,
        }
    }

    /// The address of `path` here.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// `who`'s private link to game `id`, as the `web` command gives it (`BASE/play#TOKEN`).
    pub async fn private_link(&self, who: &Actor, id: GameId) -> String {
        let reply = self.world.say(who, &format!("web #{}", id.0)).await;
        assert!(reply.private, "{}", reply.text);
        let start = reply
            .text
            .find(&format!("{}/play#", self.base))
            .expect(&reply.text);
        reply.text[start..]
            .split_whitespace()
            .next()
            .unwrap()
            .to_string()
    }

    /// Signs `browser` in with `link`, as the page at `/play` does with its fragment: the
    /// answer (a redirect to the game, with its cookie, or the refusal).
    pub async fn sign_in(&self, browser: &reqwest::Client, link: &str) -> reqwest::Response {
        browser
            .post(self.url("/play"))
            .header("origin", &self.base)
            .form(&[("link", link)])
            .send()
            .await
            .unwrap()
    }
}

/// The token of a private link (after its `#`).
pub fn token_of(link: &str) -> &str {
    link.rsplit_once('#').expect(link).1
}

/// An HTTP client that keeps cookies and does not follow redirects (the tests look at them).
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// The body of `url`, asked by `http`.
pub async fn text_of(http: &reqwest::Client, url: impl reqwest::IntoUrl) -> String {
    http.get(url).send().await.unwrap().text().await.unwrap()
}

/// A game of alice (White) and bob with `moves` played.
pub async fn game_with(site: &Site, moves: &str) -> GameId {
    let id = site.world.start(&alice(), &bob(), "").await;
    if !moves.is_empty() {
        site.world.play(id, &alice(), &bob(), moves).await;
    }
    id
}

#[tokio::test]
async fn a_game_page_shows_the_board_the_players_the_moves_and_its_files() {
    for db in test_dbs("web_page").await {
        let site = Site::on(db).await;
        let id = game_with(&site, "b3 f5").await;
        let http = client();
        let page = http
            .get(site.url(&format!("/games/{}", id.0)))
            .send()
            .await
            .unwrap();
        assert_eq!(page.status(), 200);
        let headers = page.headers().clone();
        assert_eq!(headers["content-security-policy"], web::headers::POLICY);
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["referrer-policy"], "same-origin");
        assert_eq!(headers["x-frame-options"], "DENY");
        let html = page.text().await.unwrap();
        assert!(html.len() < 100_000, "{} bytes", html.len());
        // The board: twelve pieces (nothing taken yet), 40 squares, at the last ply.
        assert_eq!(html.matches("class=\"piece").count(), 12);
        assert_eq!(html.matches("class=\"sq").count(), 40);
        assert!(html.contains("data-ply=\"2\" data-plies=\"2\""), "{html}");
        for piece in [
            "data-piece=\"wK\"",
            "data-piece=\"bK\"",
            "data-square=\"b3\"",
        ] {
            assert!(html.contains(piece), "{piece}");
        }
        // The players, the moves as links to their positions, whose move, the downloads.
        assert!(html.contains("<h1>Game #1: \u{2068}alice\u{2069} vs \u{2068}bob\u{2069}</h1>"));
        // Each move carries the words the replay shows after it.
        assert!(html.contains(
            "<a class=\"move\" data-ply=\"1\" \
             data-showing=\"Showing the position after White's 1st move.\" \
             href=\"?ply=1#ply=1\">b3</a>"
        ));
        assert!(html.contains(
            "<a class=\"move current\" data-ply=\"2\" \
             data-showing=\"Showing the position after Black's 1st move.\" \
             href=\"?ply=2#ply=2\">f5</a>"
        ));
        assert!(html.contains("<p class=\"turn\">\u{2068}alice\u{2069} to move (White)</p>"));
        assert!(
            html.contains("<time datetime=\"2023-11-"),
            "the deadline in UTC"
        );
        for link in ["/games/1.pgn", "/games/1.gif", "/games/1.png?lang=en"] {
            assert!(html.contains(&format!("href=\"{link}\"")), "{link}");
        }
        // Unfurls: the current board, at an absolute address.
        let image = format!(
            "<meta property=\"og:image\" content=\"{}/games/1.png\">",
            site.base
        );
        assert!(html.contains(&image), "{html}");
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
        // No inline script or style anywhere (the policy would block them).
        assert!(!html.contains("<script>") && !html.contains("style=") && !html.contains("<style"));

        // Another ply: the position after White's first move, Black to move.
        let earlier = http.get(site.url("/games/1?ply=1")).send().await.unwrap();
        let earlier = earlier.text().await.unwrap();
        assert!(earlier.contains("data-ply=\"1\" data-plies=\"2\""));
        assert!(
            earlier.contains("Black to move"),
            "the hole says whose move"
        );

        let file = |path: &'static str| {
            let http = http.clone();
            let url = site.url(path);
            async move {
                let answer = http.get(url).send().await.unwrap();
                assert_eq!(answer.status(), 200, "{path}");
                let kind = answer.headers()["content-type"]
                    .to_str()
                    .unwrap()
                    .to_string();
                (kind, answer.bytes().await.unwrap())
            }
        };
        let (kind, pgn) = file("/games/1.pgn").await;
        assert_eq!(kind, "application/vnd.chess-pgn; charset=utf-8");
        let pgn = String::from_utf8(pgn.to_vec()).unwrap();
        assert!(
            pgn.contains("[White \"alice\"]") && pgn.contains("1. b3 f5"),
            "{pgn}"
        );
        let (kind, png) = file("/games/1.png").await;
        assert_eq!((kind.as_str(), &png[1..4]), ("image/png", &b"PNG"[..]));
        let (kind, gif) = file("/games/1.gif").await;
        assert_eq!((kind.as_str(), &gif[..6]), ("image/gif", &b"GIF89a"[..]));
        let (kind, svg) = file("/games/1.svg?ply=0").await;
        assert_eq!(kind, "image/svg+xml");
        assert!(svg.starts_with(b"<svg"));

        // The embed may be framed anywhere; nothing else may.
        let embed = http.get(site.url("/games/1/embed")).send().await.unwrap();
        assert_eq!(embed.status(), 200);
        assert_eq!(
            embed.headers()["content-security-policy"],
            web::headers::EMBED_POLICY
        );
        assert!(embed.headers().get("x-frame-options").is_none());

        // What is not there says so, in the reader's language.
        for (path, status, words) in [
            ("/games/999", 404, "There is no game #999."),
            ("/games/abc", 404, "There is no such page."),
            ("/games/1.exe", 404, "There is no such page."),
            ("/nowhere", 404, "not found"),
        ] {
            let answer = http.get(site.url(path)).send().await.unwrap();
            assert_eq!(answer.status(), status, "{path}");
            assert!(answer.text().await.unwrap().contains(words), "{path}");
        }
        let french = http
            .get(site.url("/games/999"))
            .header("accept-language", "fr-FR,fr;q=0.9")
            .send()
            .await
            .unwrap();
        assert!(
            french
                .text()
                .await
                .unwrap()
                .contains("Il n'y a pas de partie n° 999.")
        );
    }
}

#[tokio::test]
async fn hostile_names_are_shown_as_text() {
    let site = Site::on(crate::common::sqlite_db()).await;
    let script = actor(201, "<script>alert(1)</script>");
    let image = actor(202, "\"><img src=x onerror=alert(1)>");
    let id = site.world.start(&script, &image, "").await;
    let backwards = actor(203, "\u{202e}evil");
    site.world.start(&backwards, &bob(), "").await;
    let html = client()
        .get(site.url(&format!("/games/{}", id.0)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"));
    // A right-to-left override stays inside its name: isolated in the texts (FSI … PDI) and
    // in the page (`<bdi>`).
    let html = client().get(site.url("/games/2")).send().await.unwrap();
    let html = html.text().await.unwrap();
    assert!(
        html.contains("<title>Game #2: \u{2068}\u{202e}evil\u{2069} vs \u{2068}bob\u{2069}"),
        "{html}"
    );
    assert!(html.contains("<bdi>\u{202e}evil</bdi>"), "{html}");
}

#[tokio::test]
async fn a_private_link_lets_its_player_move_and_nothing_else() {
    for db in test_dbs("web_play").await {
        let site = Site::on(db).await;
        let id = game_with(&site, "").await;
        let act = site.url(&format!("/games/{}/act", id.0));
        let link = site.private_link(&alice(), id).await;
        let browser = client();
        // Opening the link (its page posts the fragment's token) keeps it in a cookie for this
        // game's pages and sends the browser on to the game.
        assert_eq!(link, format!("{}/play#{}", site.base, token_of(&link)));
        let opened = site.sign_in(&browser, &link).await;
        assert_eq!(opened.status(), 303);
        assert_eq!(opened.headers()["location"], "/games/1");
        let cookie = opened.headers()["set-cookie"].to_str().unwrap().to_string();
        let token = token_of(&link);
        assert_eq!(
            cookie,
            format!("rb_play_1={token}; Path=/games/1; Max-Age=2592000; HttpOnly; SameSite=Strict")
        );
        let page = browser.get(site.url("/games/1")).send().await.unwrap();
        let page = page.text().await.unwrap();
        assert!(page.contains("<section id=\"play\""), "signed in");
        assert!(
            page.contains("data-legal=\"{&quot;c1&quot;:"),
            "the legal moves for the script"
        );

        let post = |client: &reqwest::Client, form: &[(&str, &str)]| {
            let request = client.post(&act).header("origin", &site.base).form(form);
            async move { request.send().await.unwrap() }
        };
        // A move through the service, as any typed move: stored, and told by the event log to
        // the game's own place (no answer of a chat told it).
        // The form names the position it shows.
        let at = page.split("name=\"at\" value=\"").nth(1).unwrap();
        let at = &at[..at.find('"').unwrap()];
        assert_eq!(at.split(':').take(2).collect::<Vec<_>>(), ["1", "0"]);
        let played = post(
            &browser,
            &[("action", "move"), ("move", "b3"), ("ply", "0"), ("at", at)],
        )
        .await;
        assert_eq!(played.status(), 303);
        assert_eq!(site.world.game(id).await.ply, 1);
        let events = site
            .world
            .store
            .event_log()
            .all_events_after(EventId(0), 100)
            .await
            .unwrap();
        let moved = events.iter().find(|e| e.kind.name() == "moved").unwrap();
        assert_eq!((moved.answered_by, moved.channel), (None, 50));

        // The same form again: stale, refused, nothing changes.
        let again = post(
            &browser,
            &[("action", "move"), ("move", "b4"), ("ply", "0")],
        )
        .await;
        assert_eq!(again.status(), 409);
        assert!(
            again
                .text()
                .await
                .unwrap()
                .contains("This form is out of date")
        );
        // Out of turn: the service's own refusal, in the page.
        let now = text_of(&browser, site.url("/games/1")).await;
        assert!(!now.contains("name=\"at\""), "no move box out of turn");
        let current = format!("1:1:{}", &at[4..]);
        let early = post(
            &browser,
            &[
                ("action", "move"),
                ("move", "b4"),
                ("ply", "1"),
                ("at", &current),
            ],
        )
        .await;
        assert_eq!(early.status(), 422);
        let early = early.text().await.unwrap();
        assert!(early.contains("class=\"notice refused\""), "{early}");
        assert_eq!(site.world.game(id).await.ply, 1);

        // Without the cookie, from another site, with a forged or another game's token.
        let stranger = client();
        let bare = post(&stranger, &[("action", "draw"), ("ply", "1")]).await;
        assert_eq!(bare.status(), 403);
        assert!(bare.text().await.unwrap().contains("You are not signed in"));
        let foreign = browser
            .post(&act)
            .header("origin", "http://evil.example")
            .form(&[("action", "draw"), ("ply", "1")])
            .send()
            .await
            .unwrap();
        assert_eq!(foreign.status(), 403);
        assert!(
            foreign
                .text()
                .await
                .unwrap()
                .contains("sent from another site")
        );
        let forged_token = format!("{}x", &token[..token.len() - 1]);
        let forged = stranger
            .get(site.url(&format!("/play/{forged_token}")))
            .send()
            .await;
        assert_eq!(forged.unwrap().status(), 403);
        let second = site.world.start(&alice(), &bob(), "").await;
        let other = site.private_link(&alice(), second).await;
        let mixed = stranger
            .post(&act)
            .header("origin", &site.base)
            .header("cookie", format!("rb_play_1={}", token_of(&other)))
            .form(&[("action", "draw"), ("ply", "1")])
            .send()
            .await
            .unwrap();
        assert_eq!(mixed.status(), 403);
        assert!(
            mixed
                .text()
                .await
                .unwrap()
                .contains("is for game #2, not this one")
        );
        // Another secret (the operator changed it): every link is refused.
        let revoked = Links::new(&site.base, Some("another secret, also long")).unwrap();
        assert!(revoked.check(token, site.world.service.now()).is_err());
        // Thirty days on, the link has expired.
        site.world.advance(Duration::from_secs(30 * 86_400));
        let expired = site.sign_in(&stranger, &link).await;
        assert_eq!(expired.status(), 410);
        let old_style = stranger.get(site.url(&format!("/play/{token}"))).send();
        assert_eq!(old_style.await.unwrap().status(), 410);
        let late = post(&browser, &[("action", "draw"), ("ply", "1")]).await;
        assert_eq!(late.status(), 403);
        assert!(late.text().await.unwrap().contains("This link has expired"));
        assert_eq!(site.world.game(id).await.ply, 1, "nothing changed");
        assert!(site.world.game(id).await.offer.is_none());
    }
}

#[tokio::test]
async fn the_web_command_says_what_the_player_may_do() {
    let site = Site::on(crate::common::sqlite_db()).await;
    let id = game_with(&site, "").await;
    let carol = crate::common::carol();
    let spectator = site.world.say(&carol, &format!("web #{}", id.0)).await;
    assert_eq!(
        spectator.text,
        format!("**Game #1** on the web: {}/games/1", site.base)
    );
    let player = site.world.say(&alice(), "web").await;
    assert!(player.private);
    assert!(
        player
            .text
            .contains("Your private link to play it from a browser")
    );
}

/// The next `event:` block of a Server-Sent Events stream, as (id, event, data).
pub async fn next_event(
    stream: &mut reqwest::Response,
    buffer: &mut String,
) -> (Option<String>, String, String) {
    loop {
        if let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let (mut id, mut event, mut data) = (None, String::new(), String::new());
            for line in block.lines() {
                if let Some(v) = line.strip_prefix("id:") {
                    id = Some(v.trim().to_string());
                } else if let Some(v) = line.strip_prefix("event:") {
                    event = v.trim().to_string();
                } else if let Some(v) = line.strip_prefix("data:") {
                    data = v.trim().to_string();
                }
            }
            if !event.is_empty() {
                return (id, event, data);
            }
            continue;
        }
        let chunk = tokio::time::timeout(Duration::from_secs(20), stream.chunk())
            .await
            .expect("an event within 20 s")
            .unwrap()
            .expect("the stream goes on");
        buffer.push_str(&String::from_utf8_lossy(&chunk));
    }
}

#[tokio::test]
async fn watchers_hear_of_each_move_and_catch_up_after_a_lost_connection() {
    for db in test_dbs("web_live").await {
        let site = Site::on(db).await;
        let id = game_with(&site, "").await;
        let events = site.url(&format!("/games/{}/events", id.0));
        let http = client();
        let mut stream = http.get(&events).send().await.unwrap();
        assert_eq!(stream.headers()["content-type"], "text/event-stream");
        let mut buffer = String::new();
        let (_, kind, data) = next_event(&mut stream, &mut buffer).await;
        assert_eq!(kind, "watchers");
        assert_eq!(data, r#"{"count":1,"text":"1 person watching"}"#);
        site.world.play(id, &alice(), &bob(), "b3").await;
        let (first_id, kind, data) = next_event(&mut stream, &mut buffer).await;
        assert_eq!(kind, "moved");
        assert_eq!(data, r#"{"ply":1,"san":"b3","side":"white"}"#);
        let first_id = first_id.expect("an id to resume from");
        drop(stream);
        // Away: two events happen (a move, a draw offer); coming back with the last id seen
        // gets them, in order, and then what follows.
        site.world.ok(&bob(), &format!("move #{} f5", id.0)).await;
        site.world.ok(&alice(), &format!("draw #{}", id.0)).await;
        let mut back = http
            .get(&events)
            .header("last-event-id", &first_id)
            .send()
            .await
            .unwrap();
        let mut buffer = String::new();
        let mut seen = Vec::new();
        while seen.len() < 2 {
            let (id, kind, data) = next_event(&mut back, &mut buffer).await;
            if kind != "watchers" {
                seen.push((id.is_some(), kind, data));
            }
        }
        assert_eq!(
            seen,
            vec![
                (
                    true,
                    "moved".to_string(),
                    r#"{"ply":2,"san":"f5","side":"black"}"#.to_string()
                ),
                (
                    true,
                    "offered".to_string(),
                    r#"{"ply":null,"san":null,"side":"white"}"#.to_string()
                ),
            ]
        );
    }
}

#[tokio::test]
async fn a_move_made_through_another_process_reaches_the_watchers() {
    // Two processes on one PostgreSQL database: the watcher is on the first, the move is made
    // through the second, and only `LISTEN`/`NOTIFY` tells the first (its fallback check
    // comes after 30 s; the test waits 20).
    let Some(db) = crate::common::postgres_db("web_processes").await else {
        return;
    };
    let other_store = db.store().await;
    let site = Site::on(db).await;
    let id = game_with(&site, "").await;
    let other = World::service_on(other_store, site.world.clock.clone());
    let http = client();
    let mut stream = http
        .get(site.url(&format!("/games/{}/events", id.0)))
        .send()
        .await
        .unwrap();
    let mut buffer = String::new();
    let (_, kind, _) = next_event(&mut stream, &mut buffer).await;
    assert_eq!(kind, "watchers");
    crate::common::say_to(&other, &alice(), &format!("move #{} b3", id.0)).await;
    let (_, kind, data) = next_event(&mut stream, &mut buffer).await;
    assert_eq!(
        (kind.as_str(), data.as_str()),
        ("moved", r#"{"ply":1,"san":"b3","side":"white"}"#)
    );
}

#[tokio::test]
async fn an_analysed_game_shows_its_graph_and_marks() {
    let site = Site::on(crate::common::sqlite_db()).await;
    // White's sixth move, Rg2, allows mate in one (as in `analysis::`).
    let id = game_with(
        &site,
        "c2b2 e7f6 Ba4 Rb7 Bxc6 ef5 Rd1 Bxc6 Rf2 Rd7 Rg2 Rxg2#",
    )
    .await;
    let http = client();
    let before = text_of(&http, site.url("/games/1")).await;
    assert!(!before.contains("class=\"graph\""), "no analysis yet");
    assert_eq!(
        http.get(site.url("/games/1/graph.png"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    site.world
        .say(&alice(), &format!("analysis #{}", id.0))
        .await;
    let page = text_of(&http, site.url("/games/1")).await;
    assert!(page.contains("<h2>Analysis</h2>"));
    // The graph is drawn for the page, each of the 13 positions a link the replay takes.
    assert!(page.contains("<figure class=\"graph\"><svg xmlns=\"http://www.w3.org/2000/svg\""));
    let points: Vec<&str> = page
        .split("<a class=\"point\" ")
        .skip(1)
        .map(|a| &a[..a.find("<rect").unwrap()])
        .collect();
    assert_eq!(points.len(), 13);
    assert_eq!(
        points[11],
        "data-ply=\"11\" href=\"?ply=11#ply=11\"><title>6.Rg2?? (#-1)</title>"
    );
    assert_eq!(
        points[0],
        "data-ply=\"0\" href=\"?ply=0#ply=0\"><title>+0.18</title>"
    );
    // Under it, each side's worst moves in words, as the `analysis` answer gives them.
    assert!(
        page.contains(
            "<p class=\"analysis-side\"><strong>White</strong> (alice): 0 ?!, 0 ?, 3 ??</p>\
             <ul class=\"analysis-worst\"><li>6.Rg2?? — a blunder: White's winning chances 66% → \
             0%. 6…Rxg2# refutes it and mates. Better was 6.b3 f4 7.b2 Rg1 8.Re1 Rxe1 9.Kxe1.</li>"
        ),
        "{page}"
    );
    assert!(page.contains(">Rg2??</a>"), "the blunder's mark");
    assert!(page.contains("title=\"[%eval #-1]\""), "its evaluation");
    let graph = http
        .get(site.url("/games/1/graph.png"))
        .send()
        .await
        .unwrap();
    assert_eq!(graph.headers()["content-type"], "image/png");
    assert_eq!(&graph.bytes().await.unwrap()[1..4], b"PNG");
}

#[tokio::test]
async fn help_serves_the_players_guide_and_the_help_command_links_it() {
    let site = Site::on(crate::common::sqlite_db()).await;
    let http = client();
    let page = http.get(site.url("/help")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert_eq!(
        page.headers()["content-security-policy"],
        web::headers::POLICY
    );
    let html = page.text().await.unwrap();
    // The guide itself, rendered from docs/players.md, in the site's shell.
    assert!(html.contains("Playing Rollerball on Discord"), "{html}");
    assert!(html.contains("<h2 id=\"the-commands\">"), "{html}");
    assert!(html.contains("href=\"#the-commands\""), "{html}");
    assert!(html.contains("<code>forecast"), "{html}");
    assert!(html.contains("/assets/site.css"), "{html}");
    assert!(html.contains("src=\"/help/images/board.png\""), "{html}");
    // Its pictures, and nothing else under their path.
    let image = http
        .get(site.url("/help/images/board.png"))
        .send()
        .await
        .unwrap();
    assert_eq!(image.status(), 200);
    assert_eq!(image.headers()["content-type"], "image/png");
    let bytes = image.bytes().await.unwrap();
    assert!(bytes.starts_with(b"\x89PNG"), "a PNG");
    let missing = http
        .get(site.url("/help/images/..%2F..%2FCargo.toml"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
    // `help` links the guide where the bot serves pages.
    let reply = site.world.say(&alice(), "help").await;
    assert!(reply.text.contains(&site.url("/help")), "{}", reply.text);
    let one = site.world.say(&alice(), "help forecast").await;
    assert!(one.text.contains(&site.url("/help")), "{}", one.text);
    // In the asker's language: the guide's page in it.
    assert!(
        reply.text.contains(&site.url("/help?lang=en")),
        "{}",
        reply.text
    );
    site.world.say(&bob(), "settings language fr").await;
    let french = site.world.say(&bob(), "help").await;
    assert!(
        french.text.contains(&site.url("/help?lang=fr")),
        "{}",
        french.text
    );
}

#[tokio::test]
async fn a_page_move_is_played_only_in_the_position_the_page_showed() {
    for db in test_dbs("web_mark").await {
        let site = Site::on(db).await;
        let id = game_with(&site, "").await;
        let start_mark = site
            .world
            .service
            .views()
            .game_view(id, rollerball::game::Lang::En)
            .await
            .unwrap()
            .unwrap()
            .position_mark();
        let at = |mark: &str, text: &str| {
            rollerball::game::Request::new(
                alice(),
                rollerball::model::Place::WEB,
                rollerball::game::Input::MoveAt {
                    game: id,
                    at: mark.to_string(),
                    text: text.to_string(),
                },
            )
        };
        // A mark the bot never wrote is a forged form.
        let forged = site.world.answer(at("1:0:zzzzzzzz", "b3")).await;
        assert_eq!(forged.refused.unwrap().reason, RefusalReason::UnknownButton);
        // Played where the page stood.
        let played = site.world.answer(at(&start_mark, "b3")).await;
        assert!(played.refused.is_none(), "{}", played.text);
        assert_eq!(site.world.game(id).await.ply, 1);
        // Bob answers, alice's page from before sends another move: the game no longer
        // stands where that page showed it, so nothing is played, even a move legal now.
        site.world.ok(&bob(), &format!("move #{} f5", id.0)).await;
        let stale = site.world.answer(at(&start_mark, "b4")).await;
        let refused = stale.refused.expect("refused");
        assert_eq!(
            (refused.reason, refused.message),
            (RefusalReason::Conflict, "picker-moved-meanwhile")
        );
        assert_eq!(site.world.game(id).await.ply, 2);
    }
}
