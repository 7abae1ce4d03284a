//! The web pages in a real browser: headless Chromium driven through WebDriver (chromedriver,
//! Debian's `chromium` and `chromium-driver`, which `.ci/run` installs). A game's page shows
//! its pieces and moves, steps through the game with the keyboard, takes a move made elsewhere
//! without a reload, and lets the player signed in with their private link move by clicking a
//! piece and a square. Screenshots at 1280 and 360 pixels wide are saved in
//! `target/web-screenshots/` for a person to look at.
//!
//! Without chromedriver the tests say so and pass, except under CI (`CI` set), where they fail:
//! there the browser must be installed.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use super::web::Site;
use crate::common::{actor, alice, bob, carol, sqlite_db};

/// A chromedriver of this test's own, on a free loopback port, ended when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts chromedriver; `None` (the test passes, saying why) where it is not installed, except
/// under CI.
fn driver() -> Option<Driver> {
    let path = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(path) = path else {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromedriver is missing: .ci/run installs Debian's chromium and chromium-driver"
        );
        eprintln!("skipped: no chromedriver (apt-get install chromium chromium-driver)");
        return None;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver { child, port };
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(driver)
}

/// A headless Chromium window `width` pixels wide.
async fn browser(driver: &Driver, width: u32) -> Client {
    let args = json!([
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-proxy-server",
        format!("--window-size={width},900")
    ]);
    session(driver, json!({ "args": args })).await
}

/// A headless Chromium as a phone 360 pixels wide (Chromium's device emulation: its windows
/// are never narrower than 500 pixels), with a touch screen.
async fn phone(driver: &Driver) -> Client {
    let args = json!([
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-proxy-server"
    ]);
    let metrics = json!({"width": 360, "height": 780, "pixelRatio": 1, "touch": true});
    session(
        driver,
        json!({ "args": args, "mobileEmulation": { "deviceMetrics": metrics } }),
    )
    .await
}

/// A WebDriver session of `driver` with these Chromium options.
async fn session(driver: &Driver, chrome: Value) -> Client {
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".into(), chrome);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a WebDriver session")
}

/// The width of the page's window, for a phone's pages (set by their viewport tag).
const WIDTH: &str = "return window.innerWidth";

/// What `script` returns in the page.
async fn eval(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.unwrap()
}

/// Waits (up to 15 s) until `script` returns `expected`.
async fn until(client: &Client, script: &str, expected: Value) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let value = eval(client, script).await;
        if value == expected {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "`{script}` stayed {value}, not {expected}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Saves a screenshot of the page as `target/web-screenshots/NAME.png`.
async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.unwrap();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/web-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

const BOARD_PLY: &str = "return document.getElementById('board').dataset.ply";
const MOVES: &str =
    "return Array.from(document.querySelectorAll('#moves a.move')).map(a => a.textContent)";

#[tokio::test]
async fn a_game_page_replays_with_the_keyboard_and_takes_moves_live() {
    let Some(driver) = driver() else { return };
    let site = Site::on(sqlite_db()).await;
    let id = site.world.start(&alice(), &bob(), "").await;
    site.world.play(id, &alice(), &bob(), "b3 f5").await;
    let client = browser(&driver, 1280).await;
    client.goto(&site.url("/games/1")).await.unwrap();
    // The board as drawn: twelve pieces, the kings where they start.
    let pieces = client
        .find_all(Locator::Css("#board use.piece"))
        .await
        .unwrap();
    assert_eq!(pieces.len(), 12);
    let king = client
        .find(Locator::Css("#board use.piece[data-piece='wK']"))
        .await
        .unwrap();
    assert_eq!(
        king.attr("data-square").await.unwrap().as_deref(),
        Some("d2")
    );
    assert_eq!(eval(&client, MOVES).await, json!(["b3", "f5"]));
    // The live stream is open: the page says who watches.
    until(
        &client,
        "return document.getElementById('watching').textContent",
        json!("1 person watching"),
    )
    .await;

    // Replay with the keyboard; the address keeps the position.
    let body = client.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&char::from(Key::Left).to_string())
        .await
        .unwrap();
    until(&client, BOARD_PLY, json!("1")).await;
    assert!(
        client
            .current_url()
            .await
            .unwrap()
            .as_str()
            .ends_with("#ply=1")
    );
    body.send_keys(&char::from(Key::Home).to_string())
        .await
        .unwrap();
    until(&client, BOARD_PLY, json!("0")).await;
    assert_eq!(
        client
            .find_all(Locator::Css("#board use.piece"))
            .await
            .unwrap()
            .len(),
        12
    );
    body.send_keys(&char::from(Key::End).to_string())
        .await
        .unwrap();
    until(&client, BOARD_PLY, json!("2")).await;
    assert!(
        !client.current_url().await.unwrap().as_str().contains('#'),
        "the latest: no ply"
    );
    // A click on a move shows its position.
    client
        .find(Locator::Css("#moves a.move[data-ply='1']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(&client, BOARD_PLY, json!("1")).await;
    body.send_keys(&char::from(Key::End).to_string())
        .await
        .unwrap();
    until(&client, BOARD_PLY, json!("2")).await;

    // A move made elsewhere (in the chat) arrives without a reload.
    let marker = "window.__same_page = true; return true";
    eval(&client, marker).await;
    site.world.ok(&alice(), "move #1 b4").await;
    until(&client, MOVES, json!(["b3", "f5", "b4"])).await;
    until(&client, BOARD_PLY, json!("3")).await;
    assert_eq!(
        eval(&client, "return window.__same_page === true").await,
        json!(true)
    );
    screenshot(&client, "game-1280").await;

    client.set_window_size(360, 800).await.unwrap();
    client.refresh().await.unwrap();
    // A phone's width: nothing wider than the screen.
    until(
        &client,
        "return document.documentElement.scrollWidth <= window.innerWidth",
        json!(true),
    )
    .await;
    screenshot(&client, "game-360").await;
    client.close().await.unwrap();
}

#[tokio::test]
async fn a_player_moves_by_clicking_a_piece_and_a_square() {
    let Some(driver) = driver() else { return };
    let site = Site::on(sqlite_db()).await;
    let id = site.world.start(&alice(), &bob(), "").await;
    site.world.play(id, &alice(), &bob(), "b3").await;
    site.world.say(&alice(), "settings dm on").await;
    site.world.turn_notices().await;
    let link = site.private_link(&bob(), id).await;
    let client = browser(&driver, 1280).await;
    client.goto(&link).await.unwrap();
    // The token has left the address bar; the page knows its player.
    assert_eq!(
        client.current_url().await.unwrap().as_str(),
        site.url("/games/1")
    );
    let heading = client.find(Locator::Css("#play h2")).await.unwrap();
    assert_eq!(heading.text().await.unwrap(), "You play Black");

    // A piece, then one of its squares (marked as it is picked).
    client
        .find(Locator::Css("#board use.piece[data-square='e6']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        &client,
        "return Array.from(document.querySelectorAll('#board .sq.dest')).map(e => e.dataset.square).sort()",
        json!(["f5", "f6", "f7"]),
    )
    .await;
    screenshot(&client, "play-picked").await;
    client
        .find(Locator::Css("#board rect.sq[data-square='f5']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(&client, MOVES, json!(["b3", "f5"])).await;
    assert_eq!(site.world.game(id).await.ply, 2, "stored");
    // Told by the event log: alice hears it is her move, as after any move.
    let notices = site.world.turn_notices().await;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].to, alice().id);
    until(
        &client,
        "return document.querySelector('#play p').textContent",
        json!("You played f5. Waiting for your opponent's move."),
    )
    .await;
    client.close().await.unwrap();
}

#[tokio::test]
async fn a_private_link_signs_in_through_its_fragment_and_leaves_no_token_behind() {
    let Some(driver) = driver() else { return };
    let site = Site::on(sqlite_db()).await;
    let id = site.world.start(&alice(), &bob(), "").await;
    let link = site.private_link(&alice(), id).await;
    assert!(link.starts_with(&site.url("/play#")), "{link}");
    let client = browser(&driver, 1280).await;
    client.goto(&link).await.unwrap();
    // The page sent the fragment's token in its form, and the browser landed on the game,
    // signed in.
    until(&client, "return location.pathname", json!("/games/1")).await;
    let heading = client.find(Locator::Css("#play h2")).await.unwrap();
    assert_eq!(heading.text().await.unwrap(), "You play White");
    // The history keeps no address with the token: the sign-in replaced the link's entry
    // (Chromium goes back to the blank page it started on).
    let token = link.rsplit_once('#').unwrap().1;
    client.back().await.unwrap();
    let before = client.current_url().await.unwrap();
    assert!(!before.as_str().contains(token), "{before}");
    assert_ne!(before.as_str(), site.url("/games/1"));

    // Pasted by hand (as without the script), the link signs in another browser the same way.
    let other = browser(&driver, 1280).await;
    other.goto(&site.url("/play")).await.unwrap();
    other
        .find(Locator::Id("signin-link"))
        .await
        .unwrap()
        .send_keys(&link)
        .await
        .unwrap();
    other
        .find(Locator::Css("#signin-form button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(&other, "return location.pathname", json!("/games/1")).await;
    let heading = other.find(Locator::Css("#play h2")).await.unwrap();
    assert_eq!(heading.text().await.unwrap(), "You play White");
    other.close().await.unwrap();
    client.close().await.unwrap();
}

/// What overflows the window sideways in the page: the document scrolling, an element ending
/// past the right edge, or one scrolling (or clipping) its content sideways; each named by its
/// tag, id and class, with where it ends.
const OVERFLOW: &str = r##"
const width = document.documentElement.clientWidth;
const found = [];
if (document.documentElement.scrollWidth > width) {
  found.push(`document ${document.documentElement.scrollWidth} > ${width}`);
}
for (const e of document.querySelectorAll("body *")) {
  const box = e.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) continue;
  const cls = typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\s+/).join(".") : "";
  const name = `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${cls}`;
  if (box.right > width + 1) found.push(`${name} ends at ${Math.round(box.right)}`);
  if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible") {
    found.push(`${name} scrolls ${e.scrollWidth} in ${e.clientWidth}`);
  }
}
return found.slice(0, 8);
"##;

/// Every kind of page, at a phone's 360 pixels: none scrolls sideways or hides a column past
/// the screen's edge. Screenshots of each (`phone-*.png`) and of the tables at 1280.
#[tokio::test]
async fn no_page_is_wider_than_a_phone() {
    let Some(driver) = driver() else { return };
    let site = Site::on(sqlite_db()).await;
    let w = &site.world;
    // A long name, as players choose them.
    let max = actor(104, "Maximilian_von_Rollerball");
    // #1 over (alice resigned), #2 being played with a few moves.
    let over = w.start(&alice(), &max, "").await;
    w.play(over, &alice(), &max, "b3 f5 b4 f4").await;
    w.ok(&alice(), "resign #1 confirm").await;
    let live = w.start(&max, &bob(), "").await;
    w.play(live, &max, &bob(), "b3 f5 b4 f4 Rf1 Ke6").await;
    // Tournament #1 of four: games #3 to #8, one of them over.
    w.ok(&alice(), "tournament create Winter Championship 2026")
        .await;
    for p in [alice(), bob(), carol(), max.clone()] {
        w.ok(&p, "tournament join #1").await;
    }
    w.ok(&alice(), "tournament start #1").await;
    let g = w.game(rollerball::store::GameId(3)).await;
    let players = [alice(), bob(), carol(), max.clone()];
    let find = |id| players.iter().find(|a| Some(a.id) == id).unwrap().clone();
    let (white, black) = (find(g.white), find(g.black));
    w.play(rollerball::store::GameId(3), &white, &black, "b3 f5")
        .await;
    w.ok(&white, "resign #3 confirm").await;

    let pages = [
        ("home", "/"),
        ("help", "/help"),
        ("game-over", "/games/1"),
        ("game-live", "/games/2"),
        ("replay", "/games/2?ply=3"),
        ("embed", "/games/2/embed"),
        ("player", "/players/104"),
        ("tournament", "/tournaments/1"),
        ("signin", "/play"),
        ("no-game", "/games/99"),
        ("no-page", "/nowhere"),
    ];
    let client = phone(&driver).await;
    let mut found = Vec::new();
    for (name, path) in pages {
        client.goto(&site.url(path)).await.unwrap();
        if path != "/nowhere" {
            assert_eq!(eval(&client, WIDTH).await, json!(360), "{path}");
        }
        let overflow = eval(&client, OVERFLOW).await;
        if overflow != json!([]) {
            found.push(format!("{path}: {overflow}"));
        }
        screenshot(&client, &format!("phone-{name}")).await;
    }
    // The player's own page, signed in with the private link: the controls too.
    let link = site.private_link(&bob(), live).await;
    client.goto(&link).await.unwrap();
    until(&client, "return location.pathname", json!("/games/2")).await;
    let overflow = eval(&client, OVERFLOW).await;
    if overflow != json!([]) {
        found.push(format!("signed in: {overflow}"));
    }
    screenshot(&client, "phone-signed-in").await;
    assert_eq!(found, Vec::<String>::new());
    client.close().await.unwrap();

    let desktop = browser(&driver, 1280).await;
    for (name, path) in [
        ("home", "/"),
        ("player", "/players/104"),
        ("tournament", "/tournaments/1"),
    ] {
        desktop.goto(&site.url(path)).await.unwrap();
        assert_eq!(eval(&desktop, OVERFLOW).await, json!([]), "{path}");
        screenshot(&desktop, &format!("desktop-{name}")).await;
    }
    desktop.close().await.unwrap();
}

const KEYS_HINT_SHOWN: &str =
    "return getComputedStyle(document.querySelector('.hint.keys')).display !== 'none'";

/// The replay says which move a position follows, as the move list numbers it, and changes
/// with the position shown; the keyboard's hint shows where there is a keyboard, not on a
/// phone.
#[tokio::test]
async fn the_replay_names_the_move_and_hides_the_keys_on_a_phone() {
    let Some(driver) = driver() else { return };
    let site = Site::on(sqlite_db()).await;
    let id = site.world.start(&alice(), &bob(), "").await;
    site.world
        .play(id, &alice(), &bob(), "b3 f5 b4 f4 Rf1 Ke6")
        .await;
    let client = browser(&driver, 1280).await;
    client.goto(&site.url("/games/1?ply=5")).await.unwrap();
    let showing = "return document.getElementById('showing').hidden ? null : \
        document.getElementById('showing-words').textContent";
    assert_eq!(
        eval(&client, showing).await,
        json!("Showing the position after White's 3rd move.")
    );
    assert_eq!(eval(&client, KEYS_HINT_SHOWN).await, json!(true));
    let body = client.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&char::from(Key::Left).to_string())
        .await
        .unwrap();
    until(&client, BOARD_PLY, json!("4")).await;
    assert_eq!(
        eval(&client, showing).await,
        json!("Showing the position after Black's 2nd move.")
    );
    body.send_keys(&char::from(Key::Home).to_string())
        .await
        .unwrap();
    until(&client, BOARD_PLY, json!("0")).await;
    assert_eq!(
        eval(&client, showing).await,
        json!("Showing the starting position.")
    );
    body.send_keys(&char::from(Key::End).to_string())
        .await
        .unwrap();
    until(&client, BOARD_PLY, json!("6")).await;
    assert_eq!(eval(&client, showing).await, json!(null));

    client.close().await.unwrap();
    let client = phone(&driver).await;
    client
        .goto(&site.url("/games/1?lang=fr&ply=2"))
        .await
        .unwrap();
    assert_eq!(eval(&client, WIDTH).await, json!(360));
    assert_eq!(eval(&client, KEYS_HINT_SHOWN).await, json!(false));
    assert_eq!(
        eval(&client, showing).await,
        json!("Position après le 1er coup des Noirs.")
    );
    client.close().await.unwrap();
}
