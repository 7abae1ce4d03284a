//! A game's files over real HTTP on loopback, as a crowd asks for them: each made once per
//! game state and kept, a couple at once (the rest told to come back), given up when nobody
//! waits, never made for a `HEAD`, and a long game's GIF bounded.

use std::sync::Arc;
use std::time::Duration;

use rollerball::web::{FileLimits, Files};
use tokio::io::AsyncWriteExt;

use crate::common::{T0, seed_stored_games, test_dbs};
use crate::web::{Site, client};

/// Plies of the long game (game 1, seeded) and the most its GIF shows: small, for the tests
/// run unoptimised.
const LONG: usize = 120;
const GIF_PLIES: usize = 30;

/// A site whose files are made under `limits` (GIFs of [`GIF_PLIES`] at most), with game 1 a
/// finished game of [`LONG`] plies.
async fn long_game_site(db: crate::common::TestDb, limits: FileLimits) -> (Site, Arc<Files>) {
    let files = Files::new(FileLimits {
        gif_plies: GIF_PLIES,
        // Kept for the whole test, so that what a crowd shares does not depend on timing.
        views_fresh: Duration::from_secs(3600),
        ..limits
    });
    let site = Site::with_files(db, Arc::clone(&files)).await;
    seed_stored_games(&site.world.store, 1, LONG, T0).await;
    (site, files)
}

/// The delays of a GIF's frames, one per frame.
fn gif_frames(gif: &[u8]) -> usize {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(std::io::Cursor::new(gif)).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    frames
}

/// Waits until `done()` holds (a hang guard, not a timing).
async fn eventually(what: &str, done: impl Fn() -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(tokio::time::Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parallel_gifs_of_a_long_game_are_made_once_bounded_and_head_makes_nothing() {
    for db in test_dbs("web_files_once").await {
        let (site, files) = long_game_site(db, FileLimits::default()).await;
        let http = client();
        let url = site.url("/games/1.gif");
        let asks = (0..8).map(|_| {
            let (http, url) = (http.clone(), url.clone());
            tokio::spawn(async move {
                let answer = http.get(url).send().await.unwrap();
                assert_eq!(answer.status(), 200);
                assert_eq!(answer.headers()["content-type"], "image/gif");
                answer.bytes().await.unwrap()
            })
        });
        let gifs = futures_util::future::join_all(asks).await;
        let first = gifs[0].as_ref().unwrap().clone();
        for gif in &gifs {
            assert_eq!(gif.as_ref().unwrap(), &first);
        }
        assert_eq!((files.made(), files.started()), (1, 1));
        // The game was read (and replayed) once for the crowd, not once per request.
        assert_eq!(files.views_read(), 1);
        // The last GIF_PLIES plies: their first position, then one frame a ply.
        assert_eq!(gif_frames(&first), GIF_PLIES + 1);
        // The page says so, and points to the record.
        let page = http
            .get(site.url("/games/1"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            page.contains(&format!(
                "The animation shows the last {GIF_PLIES} plies of {LONG}; the record (PGN) \
                 holds the whole game."
            )),
            "{page}"
        );

        // HEAD: the headers alone, nothing made, the length known from the kept file.
        let head = http.head(&url).send().await.unwrap();
        assert_eq!(head.status(), 200);
        assert_eq!(head.headers()["content-type"], "image/gif");
        assert_eq!(
            head.headers()["content-length"],
            first.len().to_string().as_str()
        );
        assert!(head.bytes().await.unwrap().is_empty());
        for path in ["/games/1.png", "/games/1.pgn", "/games/1.svg?ply=3"] {
            let head = http.head(site.url(path)).send().await.unwrap();
            assert_eq!(head.status(), 200, "{path}");
            assert!(head.bytes().await.unwrap().is_empty(), "{path}");
        }
        assert_eq!((files.made(), files.started()), (1, 1));
        let missing = http.head(site.url("/games/99.gif")).send().await.unwrap();
        assert_eq!(missing.status(), 404);

        // The other files too are made once per state.
        for _ in 0..2 {
            for path in ["/games/1.png", "/games/1.pgn", "/games/1.svg?ply=3"] {
                let answer = http.get(site.url(path)).send().await.unwrap();
                assert_eq!(answer.status(), 200, "{path}");
            }
        }
        assert_eq!(files.made(), 4);
        assert!(files.kept_bytes() > first.len(), "{}", files.kept_bytes());
        assert_eq!(files.views_read(), 1, "one reading served every request");

        // The game changes (its version moves, as any write of it does): the view kept is not
        // used again, and the GIF is made anew from the game as it is.
        sqlx::query("UPDATE games SET version = version + 1 WHERE id = 1")
            .execute(site.world.store.pool())
            .await
            .unwrap();
        let again = http.get(&url).send().await.unwrap();
        assert_eq!(again.status(), 200);
        assert_eq!(files.views_read(), 2);
        assert_eq!(files.made(), 5);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_past_the_permits_are_told_to_come_back() {
    for db in test_dbs("web_files_busy").await {
        let limits = FileLimits {
            at_once: 1,
            wait: Duration::from_millis(100),
            ..FileLimits::default()
        };
        let (site, files) = long_game_site(db, limits).await;
        let http = client();
        let paused = files.pause();
        let gif = tokio::spawn(http.get(site.url("/games/1.gif")).send());
        eventually("the GIF takes the permit", || files.started() == 1).await;
        // Another file, of another key, finds the one permit taken.
        let busy = http.get(site.url("/games/1.png")).send().await.unwrap();
        assert_eq!(busy.status(), 503);
        assert_eq!(busy.headers()["retry-after"], "5");
        let text = busy.text().await.unwrap();
        assert!(
            text.contains("The server is busy making other files; try again in a few seconds."),
            "{text}"
        );
        drop(paused);
        let gif = gif.await.unwrap().unwrap();
        assert_eq!(gif.status(), 200);
        assert_eq!(gif_frames(&gif.bytes().await.unwrap()), GIF_PLIES + 1);
        // The permit is free again.
        let png = http.get(site.url("/games/1.png")).send().await.unwrap();
        assert_eq!(png.status(), 200);
        assert_eq!((files.made(), files.started()), (2, 2));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gif_nobody_waits_for_any_more_is_given_up() {
    for db in test_dbs("web_files_stop").await {
        let (site, files) = long_game_site(db, FileLimits::default()).await;
        let paused = files.pause();
        // A client that asks, then goes away before the answer.
        let address = site.base.trim_start_matches("http://").to_string();
        let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
        stream
            .write_all(b"GET /games/1.gif HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        eventually("the GIF is begun", || {
            files.started() == 1 && files.waiting() == 1
        })
        .await;
        drop(stream);
        eventually("its asker is gone", || files.waiting() == 0).await;
        // The making goes on to its first frame, sees the stop flag and gives up.
        drop(paused);
        eventually("the GIF is given up", || files.stopped() == 1).await;
        assert_eq!(files.made(), 0);
        // Asked again, it is made anew.
        let gif = client().get(site.url("/games/1.gif")).send().await.unwrap();
        assert_eq!(gif.status(), 200);
        assert_eq!((files.made(), files.stopped()), (1, 1));
    }
}

#[tokio::test]
async fn export_shows_a_long_games_end_and_says_so() {
    for world in crate::common::World::each("export_long_gif").await {
        // Game 1: 210 plies, finished; its White is player 2.
        let plies = rollerball::game::GIF_PLIES + 10;
        seed_stored_games(&world.store, 1, plies, T0).await;
        let export = world.say(&crate::common::actor(2, "p2"), "export #1").await;
        assert!(
            export.text.ends_with(&format!(
                "The animation shows the last {} plies of {plies}; the record (PGN) holds the \
                 whole game.",
                rollerball::game::GIF_PLIES
            )),
            "{}",
            export.text
        );
        let pgn = String::from_utf8(export.files[0].bytes.clone()).unwrap();
        assert!(
            pgn.contains(&format!("{}. ", plies / 2)),
            "the whole record"
        );
        assert_eq!(
            gif_frames(&export.files[1].bytes),
            rollerball::game::GIF_PLIES + 1
        );
    }
}
