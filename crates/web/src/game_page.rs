//! `/games/ID` and `/games/ID/embed`: a game's board (SVG, at any ply), its players with their
//! ratings, whose move it is and until when, the moves in SAN (each a link to its position),
//! the downloads, the analysis once there is one, and, for the player signed in with their
//! private link, the controls to play.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{Html, IntoResponse, Response};
use maud::{Markup, html};
use rollerball_game::{GameState, GameView, Lang, PendingOffer, isolated, tr};
use rollerball_model::{GameId, Timestamp};
use rollerball_rules::Color;
use serde::Deserialize;

use crate::Site;
use crate::game_analysis;
use crate::html::{self, Head, MainAttrs, trusted};
use crate::lang::{ordinal, reader_lang};
use crate::play::{self, Seat};
use crate::player_page::player_href;

/// What a page's address may add: the language, and the ply to show.
#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    /// `?lang=fr`.
    pub lang: Option<String>,
    /// `?ply=12`: the position after so many plies (default: the current one).
    pub ply: Option<usize>,
    /// `?played=12`: the page's player has just made ply 12 from it (said while it is the
    /// game's last, and theirs).
    pub played: Option<usize>,
}

/// Something to tell the player above the board (their action's answer).
pub struct Notice {
    /// The words.
    pub text: String,
    /// Whether it says no.
    pub refused: bool,
    /// A form to go on with (the confirmation of a resignation).
    pub form: Option<Markup>,
}

/// `/games/ID`: the game's page, with `notice` above the board.
pub async fn game(
    site: &Site,
    id: GameId,
    query: &PageQuery,
    headers: &HeaderMap,
    notice: Option<Notice>,
) -> Response {
    let lang = reader_lang(headers, query.lang.as_deref());
    let view = match site.game(id, lang, "a game page").await {
        Ok(view) => view,
        Err(page) => return page,
    };
    let mut seat = play::seat(site, headers, &view).await;
    if let Some(seat) = &mut seat
        && !seat.to_move
        && query.played.is_some_and(|p| p > 0 && p == view.plies())
    {
        seat.played = view.record().sans().last().cloned();
    }
    let ply = query.ply.unwrap_or(view.plies()).min(view.plies());
    let side = seat.as_ref().map_or(Color::White, |s| s.color);
    let title = title(&view);
    let description = description(&view);
    let page_url = site.links.game(id);
    let image = format!("{}.png", page_url);
    let head = Head {
        title: &title,
        description: &description,
        image: Some(&image),
        url: &page_url,
    };
    let body = html! {
        header class="game-head" {
            h1 { (title) }
            (players(&view))
            @if let Some(t) = &view.tournament {
                p class="tournament" { a href={ "/tournaments/" (t.id.0) } { (tr!(lang, "web-tournament", round = t.round, name = t.name.as_str())) } }
            }
        }
        div class="layout" {
            (board_area(&view, ply, side, seat.as_ref()))
            aside class="side" {
                @if let Some(notice) = &notice {
                    div class={ "notice" @if notice.refused { " refused" } } role="status" {
                        p { (html::rich(&notice.text)) }
                        @if let Some(form) = &notice.form { (form) }
                    }
                }
                (state(&view, site.service.now()))
                p id="watching" class="watching" hidden {}
                @if let Some(seat) = &seat {
                    (play::panel(&view, seat))
                }
                (moves(&view, ply))
                (downloads(&view, site.files.limits().gif_plies))
                (game_analysis::analysis(&view))
            }
        }
    };
    let attrs = MainAttrs {
        class: "",
        game: Some(id.0),
        footer: true,
        script: None,
    };
    Html(html::page(lang, &head, attrs, body).into_string()).into_response()
}

/// `/games/ID/embed`: the board and the moves alone, for a frame on another site.
pub async fn embed(
    State(site): State<Site>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    Query(query): Query<PageQuery>,
) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    let view = match site.game(GameId(id), lang, "an embedded game").await {
        Ok(view) => view,
        Err(page) => return page,
    };
    let ply = query.ply.unwrap_or(view.plies()).min(view.plies());
    let title = title(&view);
    let description = description(&view);
    let url = site.links.game(view.id());
    let head = Head::without_image(&title, &description, &url);
    let body = html! {
        div class="layout" {
            (board_area(&view, ply, Color::White, None))
            aside class="side" {
                p class="embed-title" { a href=(url) target="_blank" rel="noopener" { (title) } }
                (state(&view, site.service.now()))
                (moves(&view, ply))
            }
        }
    };
    let attrs = MainAttrs {
        class: "embed",
        game: Some(id),
        footer: false,
        script: None,
    };
    Html(html::page(lang, &head, attrs, body).into_string()).into_response()
}

/// "Game #12: alice vs bob".
fn title(view: &GameView) -> String {
    tr!(
        view.lang,
        "web-game-title",
        id = view.id().0,
        white = isolated(&view.sides[0].name),
        black = isolated(&view.sides[1].name)
    )
}

/// "alice to move (White) · 12 moves · Rollerball correspondence game".
fn description(view: &GameView) -> String {
    tr!(
        view.lang,
        "web-game-description",
        state = state_words(view),
        moves = view.record().move_count()
    )
}

/// Where the game stands, in words.
fn state_words(view: &GameView) -> String {
    match &view.state {
        GameState::Playing { to_move, .. } => tr!(
            view.lang,
            "web-to-move",
            player = isolated(&view.sides[to_move.index()].name),
            side = side_key(*to_move)
        ),
        GameState::Over { text, .. } => text.clone(),
    }
}

/// `white` or `black`, as the texts select on.
pub fn side_key(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Both players, each with their rating and a link to their page.
fn players(view: &GameView) -> Markup {
    let lang = view.lang;
    html! {
        p class="players" {
            @for (i, color) in Color::ALL.into_iter().enumerate() {
                @if i == 1 { span class="vs" { " – " } }
                @let side = &view.sides[color.index()];
                span class={ "player " (side_key(color)) } {
                    span class="swatch" {}
                    @match side.player {
                        Some(id) => a class="name" href=(player_href(id)) { bdi { (side.name) } },
                        None => bdi class="name" { (side.name) },
                    }
                    " "
                    span class="rating" {
                        @match (side.player, side.rating) {
                            (Some(_), Some(r)) => { "(" (r) ")" },
                            (Some(_), None) => { "(" (tr!(lang, "web-unrated")) ")" },
                            (None, _) => { "(" (tr!(lang, "web-computer")) ")" },
                        }
                    }
                }
            }
        }
    }
}

/// The board at `ply` from `side`'s side, with the replay's controls; the legal moves for the
/// player to move, when signed in.
fn board_area(view: &GameView, ply: usize, side: Color, seat: Option<&Seat>) -> Markup {
    let lang = view.lang;
    let plies = view.plies();
    let svg = view.svg(ply, side);
    let legal = seat
        .filter(|s| s.to_move && ply == plies)
        .map(|_| play::legal_json(view));
    html! {
        section class="board-area" {
            div id="board" class="board" data-ply=(ply) data-plies=(plies) data-side=(side_key(side)) data-legal=[legal] {
                (trusted(svg))
            }
            nav class="replay" aria-label=(tr!(lang, "web-replay-help")) {
                a class="step" data-ply="0" href="?ply=0#ply=0" title=(tr!(lang, "web-start")) { "«" }
                a class="step" data-ply=(ply.saturating_sub(1)) href={ "?ply=" (ply.saturating_sub(1)) "#ply=" (ply.saturating_sub(1)) } title=(tr!(lang, "web-previous")) { "‹" }
                a class="step" data-ply=((ply + 1).min(plies)) href={ "?ply=" ((ply + 1).min(plies)) "#ply=" ((ply + 1).min(plies)) } title=(tr!(lang, "web-next")) { "›" }
                a class="step" data-ply=(plies) href={ "?ply=" (plies) "#ply=" (plies) } title=(tr!(lang, "web-end")) { "»" }
            }
            p class="hint keys" { (tr!(lang, "web-replay-help")) }
            p id="showing" class="showing" hidden[ply == plies] data-start=(showing_words(view, 0)) {
                span id="showing-words" { @if ply < plies { (showing_words(view, ply)) } } " "
                a href="?" { (tr!(lang, "web-back-to-game")) }
            }
        }
    }
}

/// "Showing the position after Black's 3rd move.": the position after `ply` plies, named by
/// its move as the move list numbers it (a game set up with Black to move counts from there).
pub fn showing_words(view: &GameView, ply: usize) -> String {
    let lang = view.lang;
    let Some(last) = ply.checked_sub(1) else {
        return tr!(lang, "web-showing-start");
    };
    let start = view.record().start();
    let index = last + usize::from(start.side_to_move() == Color::Black);
    let number = start.fullmove() as usize + index / 2;
    let side = if index % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    tr!(
        lang,
        "web-showing",
        side = side_key(side),
        number = number,
        nth = ordinal(lang, number)
    )
}

/// Whose move it is and until when, or how the game ended; the offer waiting; the terms.
fn state(view: &GameView, now: Timestamp) -> Markup {
    let lang = view.lang;
    html! {
        div id="state" class="state" {
            p class="turn" { (state_words(view)) }
            @if let GameState::Playing { check: true, .. } = view.state {
                p class="check" { (tr!(lang, "web-check")) }
            }
            @if let GameState::Playing { deadline, .. } = view.state {
                @match deadline {
                    Some(at) => p class="deadline" {
                        (tr!(lang, "web-deadline")) " "
                        time datetime=(iso(at)) { (rollerball_game::present::written_time(at, now, lang)) }
                    },
                    None => p class="deadline" { (tr!(lang, "web-no-deadline")) },
                }
            }
            @if let Some(offer) = view.offer {
                p class="offer" { (offer_words(lang, offer)) }
            }
            p class="terms" {
                (tr!(lang, "web-days", days = view.days_per_move))
                " · "
                (if view.rated { tr!(lang, "web-rated") } else { tr!(lang, "web-casual") })
            }
        }
    }
}

/// "White offers a draw."
fn offer_words(lang: Lang, offer: PendingOffer) -> String {
    let id = if offer.draw {
        "web-offer-draw"
    } else {
        "web-offer-takeback"
    };
    tr!(lang, id, side = side_key(offer.by))
}

/// A moment as HTML's `datetime` writes it (UTC), for the script to show in the reader's zone.
fn iso(at: Timestamp) -> String {
    let (year, month, day) = at.utc_date();
    let secs = at.0.div_euclid(1000).rem_euclid(86_400);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// The moves, by full move, each a link to the position after it; `ply`'s marked.
fn moves(view: &GameView, ply: usize) -> Markup {
    let lang = view.lang;
    let record = view.record();
    let sans = record.sans();
    let notes = view.annotations();
    let start = record.start();
    // A game set up with Black to move opens its first line with Black's move.
    let offset = usize::from(start.side_to_move() == Color::Black);
    let first = start.fullmove() as usize;
    let lines = (sans.len() + offset).div_ceil(2);
    html! {
        h2 { (tr!(lang, "web-moves")) }
        @if sans.is_empty() {
            p id="moves" class="moves-empty" { (tr!(lang, "web-no-moves")) }
        } @else {
            ol id="moves" class="moves" start=(first) {
                @for line in 0..lines {
                    li {
                        @for column in 0..2 {
                            @let index = (line * 2 + column).checked_sub(offset);
                            @match index.filter(|i| *i < sans.len()) {
                                Some(i) => {
                                    @let after = i + 1;
                                    a class={ "move" @if after == ply { " current" } } data-ply=(after) data-showing=(showing_words(view, after)) href={ "?ply=" (after) "#ply=" (after) } title=[notes.get(i).map(|n| n.comment.as_str()).filter(|c| !c.is_empty())] {
                                        (sans[i])
                                        @if let Some(note) = notes.get(i) { (note.suffix) }
                                    }
                                },
                                None => span class="move none" { "…" },
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The links to the record, the animation and the board picture.
/// The animation shows the last `gif_plies` plies at most: a longer game's page says so.
fn downloads(view: &GameView, gif_plies: usize) -> Markup {
    let lang = view.lang;
    let id = view.id().0;
    let total = view.plies();
    html! {
        p class="downloads" {
            (tr!(lang, "web-download")) " "
            a href={ "/games/" (id) ".pgn" } download { (tr!(lang, "web-pgn")) }
            " · "
            a href={ "/games/" (id) ".gif" } { (tr!(lang, "web-gif")) }
            " · "
            a href={ "/games/" (id) ".png?lang=" (lang.code()) } { (tr!(lang, "web-png")) }
        }
        @if view.gif_first_ply(gif_plies) > 0 {
            p class="downloads gif-part" {
                (tr!(lang, "web-gif-part", plies = gif_plies, total = total))
            }
        }
    }
}

/// The page for `/games/ID` itself (`files` hands it on).
pub async fn page(site: Site, id: GameId, query: PageQuery, headers: HeaderMap) -> Response {
    game(&site, id, &query, &headers, None).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_for_the_script_in_utc() {
        assert_eq!(iso(Timestamp(0)), "1970-01-01T00:00:00Z");
        assert_eq!(iso(Timestamp(1_796_000_000_123)), "2026-11-30T00:53:20Z");
    }
}
