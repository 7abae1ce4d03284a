//! A game page's HTML through the web's router in-process (`tower::ServiceExt::oneshot`, no
//! socket): a game of 50 moves (100 plies of the sixty-move game) on SQLite, its page with the
//! inline SVG board, the players, the moves and the replay links, as `/games/ID` serves it.
//! Before the timing it prints the page's whole weight: the HTML and the stylesheet and script
//! it loads. `cargo bench -p rollerball-load --bench web`; over real HTTP on loopback,
//! `rollerball-load page` measures the same page.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use criterion::{Criterion, criterion_group, criterion_main};
use rollerball::store::Store;
use rollerball::web::Hub;
use rollerball_load::linked_assets;
use rollerball_load::site::{router, start_game, web_service};
use tower::ServiceExt;

/// Plies of the game shown: 50 moves.
const PLIES: usize = 100;

fn page(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("web.db").display());
    let (app, game) = runtime.block_on(async {
        let store = Store::connect(&url).await.expect("database");
        let service = Arc::new(web_service(store));
        let mut game = start_game(&service, 1, 0).await.expect("a game");
        for _ in 0..PLIES {
            game.play_next(&service).await.expect("a move");
        }
        let hub = Hub::new(Arc::clone(&service));
        (router(service, hub), game.id)
    });
    let get = |path: &str| {
        let request = Request::get(path).body(Body::empty()).expect("a request");
        runtime.block_on(async {
            let response = app.clone().oneshot(request).await.expect("an answer");
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .expect("the body")
        })
    };
    let path = format!("/games/{}", game.0);
    let html = get(&path);
    let mut weight = html.len();
    print!(
        "weight of {path} ({PLIES} plies): HTML {} bytes",
        html.len()
    );
    for asset in linked_assets(&String::from_utf8_lossy(&html)) {
        let bytes = get(&asset).len();
        weight += bytes;
        print!(" + {asset} {bytes} bytes");
    }
    println!(
        " = {weight} bytes ({:.1} KiB), uncompressed",
        weight as f64 / 1024.0
    );
    c.bench_function("web/game page, 50 moves", |b| b.iter(|| get(&path)));
}

criterion_group!(benches, page);
criterion_main!(benches);
