//! A game's files: `/games/ID.pgn` (the record, annotated once analysed), `/games/ID.gif` (the
//! whole game), `/games/ID.png` and `/games/ID.svg` (the board, now or `?ply=N`), and
//! `/games/ID/graph.png` (the analysis's evaluation graph). `/games/ID` itself is the page.
//! The pictures are drawn on a blocking thread, like every board the bot draws.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use rollerball_game::{GameView, Lang, ViewError, tr};
use rollerball_model::GameId;
use rollerball_rules::Color;
use serde::Deserialize;

use crate::Site;
use crate::game_page::{self, PageQuery};
use crate::html;
use crate::lang::reader_lang;

/// The board picture's width: the size the bot posts on Discord, large enough for an unfurl.
const PNG_SIZE: u32 = 720;

/// What a file's address may add.
#[derive(Debug, Default, Deserialize)]
pub struct FileQuery {
    /// `?lang=fr`: the language of the words on the picture.
    lang: Option<String>,
    /// `?ply=12`: the position after so many plies.
    ply: Option<usize>,
    /// `?side=black`: the side at the bottom.
    side: Option<String>,
}

/// `/games/{file}`: the page (`12`), or one of its files (`12.pgn`, `12.gif`, `12.png`,
/// `12.svg`).
pub async fn game_or_file(
    State(site): State<Site>,
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
        };
        return game_page::page(site, id, page, headers).await;
    }
    if !matches!(extension, "pgn" | "gif" | "png" | "svg") {
        return html::not_found(lang, &tr!(lang, "web-page-not-found"));
    }
    let view = match site.game(id, lang, "a game's file").await {
        Ok(view) => view,
        Err(page) => return page,
    };
    let ply = query.ply.unwrap_or(view.plies()).min(view.plies());
    let side = match query.side.as_deref() {
        Some("black") => Color::Black,
        _ => Color::White,
    };
    match extension {
        "pgn" => {
            let pgn = site.service.game_pgn(&view).await;
            let name = format!("attachment; filename=\"rollerball-{}.pgn\"", id.0);
            file_answer(
                "application/vnd.chess-pgn; charset=utf-8",
                &name,
                pgn.into_bytes(),
            )
        }
        "svg" => file_answer("image/svg+xml", "inline", view.svg(ply, side).into_bytes()),
        "png" => drawn(lang, "image/png", move |v| v.png(ply, side, PNG_SIZE), view).await,
        _ => drawn(lang, "image/gif", GameView::gif, view).await,
    }
}

/// `/games/ID/graph.png`: the evaluation graph of an analysed game.
pub async fn graph(
    State(site): State<Site>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    Query(query): Query<FileQuery>,
) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    let view = match site.service.game_view(GameId(id), lang).await {
        Ok(Some(view)) if view.analysed() => view,
        Ok(_) => return html::not_found(lang, &tr!(lang, "web-page-not-found")),
        Err(error) => return html::failed(lang, "an evaluation graph", &error),
    };
    let draw = |v: &GameView| v.eval_graph_png().unwrap_or(Ok(Vec::new()));
    drawn(lang, "image/png", draw, view).await
}

/// The picture `draw` makes of `view`, drawn on a blocking thread.
async fn drawn(
    lang: Lang,
    kind: &'static str,
    draw: impl FnOnce(&GameView) -> Result<Vec<u8>, ViewError> + Send + 'static,
    view: GameView,
) -> Response {
    match tokio::task::spawn_blocking(move || draw(&view)).await {
        Ok(Ok(bytes)) => file_answer(kind, "inline", bytes),
        Ok(Err(error)) => html::failed(lang, "a picture", &error),
        Err(error) => html::failed(lang, "a picture", &error),
    }
}

/// A file's answer: its type, how to show it, and a short cache life (a game moves on).
fn file_answer(kind: &'static str, disposition: &str, bytes: Vec<u8>) -> Response {
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
    response
}
