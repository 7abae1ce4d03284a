//! A game's files: `/games/ID.pgn` (the record, annotated once analysed), `/games/ID.gif` (the
//! game's last plies, at most [`FileLimits::gif_plies`](crate::FileLimits)), `/games/ID.png`
//! and `/games/ID.svg` (the board, now or `?ply=N`), and `/games/ID/graph.png` (the analysis's
//! evaluation graph). `/games/ID` itself is the page.
//!
//! Each is made through the site's [`Files`](crate::Files): once per game state and kept, a
//! couple at once, the pictures in the background at the lowest priority, given up when nobody waits any more. A
//! `HEAD` request is answered from what the game's state says, with nothing made.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rollerball_game::{GameView, Lang, ViewError, tr};
use rollerball_model::GameId;
use rollerball_render::RenderError;
use rollerball_rules::Color;
use serde::Deserialize;

use crate::Site;
use crate::background;
use crate::game_page::{self, PageQuery};
use crate::html;
use crate::lang::reader_lang;
use crate::making::{FileKey, Made, Unmade, What};

/// The board picture's width: the size the bot posts on Discord, large enough for an unfurl.
const PNG_SIZE: u32 = 720;
/// How long a client told the server is busy is asked to wait, in seconds.
const RETRY_AFTER: &str = "5";

/// What a file's address may add.
#[derive(Debug, Default, Deserialize)]
pub struct FileQuery {
    /// `?lang=fr`: the language of the words on the picture.
    lang: Option<String>,
    /// `?ply=12`: the position after so many plies.
    ply: Option<usize>,
    /// `?side=black`: the side at the bottom.
    side: Option<String>,
    /// `?played=12`: for the page, the ply its player just made.
    played: Option<usize>,
}

/// `/games/{file}`: the page (`12`), or one of its files (`12.pgn`, `12.gif`, `12.png`,
/// `12.svg`).
pub async fn game_or_file(
    State(site): State<Site>,
    method: Method,
    Path(file): Path<String>,
    headers: HeaderMap,
    Query(query): Query<FileQuery>,
) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    let (number, extension) = file.split_once('.').unwrap_or((file.as_str(), ""));
    let Some(id) = number.parse::<i64>().ok().filter(|n| *n > 0).map(GameId) else {
        return html::not_found(lang, &tr!(lang, "web-page-not-found"));
    };
    if extension.is_empty() {
        let page = PageQuery {
            lang: query.lang,
            ply: query.ply,
            played: query.played,
        };
        return game_page::page(site, id, page, headers).await;
    }
    if !matches!(extension, "pgn" | "gif" | "png" | "svg") {
        return html::not_found(lang, &tr!(lang, "web-page-not-found"));
    }
    let read = site.files.view(&site.service, id, lang).await;
    let view = match html::found(lang, read, "a game's file", || {
        tr!(lang, "web-not-found", id = id.0)
    }) {
        Ok(view) => view,
        Err(page) => return page,
    };
    let ply = query.ply.unwrap_or(view.plies()).min(view.plies());
    let side = match query.side.as_deref() {
        Some("black") => Color::Black,
        _ => Color::White,
    };
    let what = match extension {
        "pgn" => What::Pgn,
        "svg" => What::Svg { ply, side },
        "png" => What::Png { ply, side },
        _ => What::Gif,
    };
    answer(&site, method, view, what).await
}

/// The answer of file `what` of `view`: its bytes (kept, or made now), or for `HEAD` its
/// headers alone.
async fn answer(site: &Site, method: Method, view: Arc<GameView>, what: What) -> Response {
    let lang = view.lang;
    let id = view.id();
    let (kind, disposition) = match what {
        What::Pgn => (
            "application/vnd.chess-pgn; charset=utf-8",
            format!("attachment; filename=\"rollerball-{}.pgn\"", id.0),
        ),
        What::Svg { .. } => ("image/svg+xml", "inline".to_string()),
        What::Gif => ("image/gif", "inline".to_string()),
        What::Png { .. } | What::Graph => ("image/png", "inline".to_string()),
    };
    let key = FileKey {
        game: id,
        state: view.fingerprint(),
        lang,
        what,
    };
    if method == Method::HEAD {
        let length = site.files.kept(&key).map(|bytes| bytes.len());
        return file_answer(kind, &disposition, Bytes::new(), length);
    }
    let service = Arc::clone(&site.service);
    let gif_plies = site.files.limits().gif_plies;
    let made = site
        .files
        .get(key, move |stop| async move {
            match what {
                What::Pgn => Ok(Bytes::from(service.views().game_pgn(&view).await)),
                What::Svg { ply, side } => Ok(Bytes::from(view.svg(ply, side))),
                What::Png { ply, side } => {
                    drawn(view, stop, move |v, _| v.png(ply, side, PNG_SIZE)).await
                }
                What::Gif => drawn(view, stop, move |v, stop| v.gif(gif_plies, stop)).await,
                What::Graph => {
                    drawn(view, stop, |v, _| {
                        v.eval_graph_png().unwrap_or(Ok(Vec::new()))
                    })
                    .await
                }
            }
        })
        .await;
    match made {
        Ok(bytes) => file_answer(kind, &disposition, bytes, None),
        Err(Unmade::Busy) => busy(lang),
        Err(Unmade::Stopped) => html::failed(lang, "a file", &"given up"),
        Err(Unmade::Failed(error)) => html::failed(lang, "a file", &error),
    }
}

/// `/games/ID/graph.png`: the evaluation graph of an analysed game.
pub async fn graph(
    State(site): State<Site>,
    method: Method,
    Path(id): Path<i64>,
    headers: HeaderMap,
    Query(query): Query<FileQuery>,
) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    let view = match site.files.view(&site.service, GameId(id), lang).await {
        Ok(Some(view)) if view.analysed() => view,
        Ok(_) => return html::not_found(lang, &tr!(lang, "web-page-not-found")),
        Err(error) => return html::failed(lang, "an evaluation graph", &error),
    };
    answer(&site, method, view, What::Graph).await
}

/// The picture `draw` makes of `view` (given the stop flag), drawn in the background.
async fn drawn(
    view: Arc<GameView>,
    stop: Arc<AtomicBool>,
    draw: impl FnOnce(&GameView, &AtomicBool) -> Result<Vec<u8>, ViewError> + Send + 'static,
) -> Made {
    match background::run(move || draw(&view, &stop)).await {
        Ok(Ok(bytes)) => Ok(Bytes::from(bytes)),
        Ok(Err(ViewError::Render(RenderError::Stopped))) => Err(Unmade::Stopped),
        Ok(Err(error)) => Err(Unmade::Failed(error.to_string())),
        Err(error) => Err(Unmade::Failed(error)),
    }
}

/// The answer when no file can be made now: 503, and when to ask again.
fn busy(lang: Lang) -> Response {
    let mut response = html::message(
        lang,
        StatusCode::SERVICE_UNAVAILABLE,
        &tr!(lang, "web-busy"),
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static(RETRY_AFTER));
    response
}

/// A file's answer: its type, how to show it, and a short cache life (a game moves on);
/// `length` says how long the body of a `HEAD` answer's file is, when it is known.
fn file_answer(
    kind: &'static str,
    disposition: &str,
    bytes: Bytes,
    length: Option<usize>,
) -> Response {
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    if let Ok(value) = HeaderValue::from_str(disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=10"),
    );
    if let Some(length) = length {
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    }
    response
}
