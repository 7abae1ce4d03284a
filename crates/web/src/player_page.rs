//! `/players/ID` (the player's Discord id): their name, their ratings (over every server, and
//! in each server they played rated games in, named by letters: a server's id is not shown,
//! since the server may be private), their record as `stats` counts it, and their
//! games in progress and latest finished games, each a link to its page.
//!
//! A name instead of the number is not looked up: the store keeps no index of names, and a
//! name is not unique (nor tied to one server), so such an address gets a page saying how
//! player pages are found.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use maud::{Markup, html};
use rollerball_game::views::{FINISHED_SHOWN, GameLine, Outcome, RatingLine};
use rollerball_game::{Lang, PlayerView, isolated, tr};
use rollerball_model::{PlayerId, Timestamp};
use rollerball_rules::Color;

use crate::Site;
use crate::game_page::{PageQuery, side_key};
use crate::html::{self, Head, MainAttrs};
use crate::lang::reader_lang;

/// The path of player `id`'s page.
pub fn player_href(id: PlayerId) -> String {
    format!("/players/{}", id.0)
}

/// `/players/{id}`.
pub async fn player(
    State(site): State<Site>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(query): Query<PageQuery>,
) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    let Some(id) = id.parse::<u64>().ok().filter(|n| *n > 0).map(PlayerId) else {
        return html::message(
            lang,
            StatusCode::NOT_FOUND,
            &tr!(lang, "page-player-by-number"),
        );
    };
    let read = site.service.views().player_view(id, lang).await;
    let view = match html::found(lang, read, "a player page", || {
        tr!(lang, "page-player-not-found", id = id.0.to_string())
    }) {
        Ok(view) => view,
        Err(page) => return page,
    };
    // Isolated, so that a right-to-left override in the name cannot turn the title around.
    let title = tr!(lang, "page-player-title", name = isolated(&view.name));
    let description = tr!(
        lang,
        "page-player-description",
        record = record_words(&view),
        playing = view.playing.len()
    );
    let url = site.links.player(id);
    let head = Head::without_image(&title, &description, &url);
    let body = html! {
        header class="page-head" {
            h1 { bdi { (view.name) } }
        }
        p id="record" class="record" { (record_words(&view)) }
        (ratings(&view))
        (playing(&view))
        (finished(&view))
    };
    let attrs = MainAttrs {
        footer: true,
        ..MainAttrs::default()
    };
    Html(html::page(lang, &head, attrs, body).into_string()).into_response()
}

/// "Record: 2 wins, 1 draw, 0 losses", as `stats` says it.
fn record_words(view: &PlayerView) -> String {
    let r = view.record;
    if (r.wins, r.draws, r.losses) == (0, 0, 0) {
        tr!(view.lang, "stats-no-record")
    } else {
        tr!(
            view.lang,
            "stats-record",
            wins = r.wins,
            draws = r.draws,
            losses = r.losses
        )
    }
}

/// The ratings: everywhere, then each server.
fn ratings(view: &PlayerView) -> Markup {
    let lang = view.lang;
    html! {
        h2 { (tr!(lang, "page-player-ratings")) }
        @if view.ratings.is_empty() {
            p id="ratings" { (tr!(lang, "page-player-unrated")) }
        } @else {
            div class="table-wrap" {
                table id="ratings" class="data ratings" {
                    thead {
                        tr {
                            th scope="col" { (tr!(lang, "page-column-scope")) }
                            th scope="col" class="num" { (tr!(lang, "page-column-rating")) }
                            th scope="col" class="num" { (tr!(lang, "page-column-rated-games")) }
                        }
                    }
                    tbody {
                        @for r in &view.ratings {
                            tr {
                                th scope="row" { (scope_words(lang, r)) }
                                td class="num" data-label=(tr!(lang, "page-column-rating")) { (rating_words(r)) }
                                td class="num" data-label=(tr!(lang, "page-column-rated-games")) { (r.games) }
                            }
                        }
                    }
                }
            }
            @if view.ratings.iter().any(|r| r.provisional) {
                p class="hint" { (tr!(lang, "page-player-provisional")) }
            }
        }
    }
}

/// "All servers", "Server A", "Server B".
fn scope_words(lang: Lang, r: &RatingLine) -> String {
    match r.server {
        None => tr!(lang, "page-player-everywhere"),
        Some(n) => tr!(lang, "page-player-server", server = letters(n)),
    }
}

/// The `n`th server's letters (1: A, 26: Z, 27: AA), which say nothing of which server it is.
fn letters(mut n: u32) -> String {
    let mut out = Vec::new();
    while n > 0 {
        n -= 1;
        out.push(char::from(b'A' + (n % 26) as u8));
        n /= 26;
    }
    out.iter().rev().collect()
}

/// "1662? ±120", as `stats` writes a rating.
fn rating_words(r: &RatingLine) -> String {
    format!(
        "{}{} ±{}",
        r.rating,
        if r.provisional { "?" } else { "" },
        r.deviation
    )
}

/// The games in progress.
fn playing(view: &PlayerView) -> Markup {
    let lang = view.lang;
    html! {
        h2 { (tr!(lang, "page-player-playing")) }
        @if view.playing.is_empty() {
            p id="playing" { (tr!(lang, "page-player-none-playing")) }
        } @else {
            div class="table-wrap" {
                table id="playing" class="data games" {
                    thead {
                        tr {
                            th scope="col" { (tr!(lang, "page-column-game")) }
                            th scope="col" { (tr!(lang, "page-column-colour")) }
                            th scope="col" { (tr!(lang, "page-column-opponent")) }
                            th scope="col" { (tr!(lang, "page-column-turn")) }
                            th scope="col" { (tr!(lang, "page-column-started")) }
                        }
                    }
                    tbody {
                        @for game in &view.playing {
                            tr {
                                (game_cells(lang, game))
                                td class={ "turn" @if game.to_move { " mine" } } {
                                    (tr!(lang, "page-player-turn", mine = if game.to_move { "yes" } else { "no" }))
                                }
                                td data-label=(tr!(lang, "page-column-started")) { (date(game.date)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The latest finished games.
fn finished(view: &PlayerView) -> Markup {
    let lang = view.lang;
    html! {
        h2 { (tr!(lang, "page-player-finished")) }
        @if view.finished.is_empty() {
            p id="finished" { (tr!(lang, "page-player-none-finished")) }
        } @else {
            @if view.finished.len() >= FINISHED_SHOWN as usize {
                p class="hint" { (tr!(lang, "page-player-latest", count = view.finished.len())) }
            }
            div class="table-wrap" {
                table id="finished" class="data games" {
                    thead {
                        tr {
                            th scope="col" { (tr!(lang, "page-column-game")) }
                            th scope="col" { (tr!(lang, "page-column-colour")) }
                            th scope="col" { (tr!(lang, "page-column-opponent")) }
                            th scope="col" { (tr!(lang, "page-column-result")) }
                            th scope="col" { (tr!(lang, "page-column-ended")) }
                        }
                    }
                    tbody {
                        @for game in &view.finished {
                            tr {
                                (game_cells(lang, game))
                                @let outcome = outcome_key(game.outcome);
                                td class={ "outcome " (outcome) } {
                                    (tr!(lang, "page-player-outcome", outcome = outcome))
                                }
                                td data-label=(tr!(lang, "page-column-ended")) { (date(game.date)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A game's number (a link to it), the player's colour, the opponent (a link to their page).
fn game_cells(lang: Lang, game: &GameLine) -> Markup {
    let colour = match game.colour {
        Color::White => tr!(lang, "web-white"),
        Color::Black => tr!(lang, "web-black"),
    };
    html! {
        td { a class="game" href={ "/games/" (game.game.0) } { "#" (game.game.0) } }
        td { span class={ "swatch " (side_key(game.colour)) } {} " " (colour) }
        td class="opponent" {
            @match game.opponent.player {
                Some(id) => a class="who" href=(player_href(id)) { bdi { (game.opponent.name) } },
                None => bdi { (game.opponent.name) },
            }
            @if !game.rated { " " span class="note" { "(" (tr!(lang, "web-casual")) ")" } }
        }
    }
}

/// The word `page-player-outcome` selects on.
fn outcome_key(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win) => "win",
        Some(Outcome::Draw) => "draw",
        Some(Outcome::Loss) => "loss",
        Some(Outcome::Aborted) | None => "aborted",
    }
}

/// A day as `2026-05-04` (UTC), the same in every language.
fn date(at: Timestamp) -> Markup {
    let (year, month, day) = at.utc_date();
    let text = format!("{year:04}-{month:02}-{day:02}");
    html! { time datetime=(text) { (text) } }
}

#[cfg(test)]
mod tests {
    use super::letters;

    #[test]
    fn servers_are_lettered() {
        let named: Vec<String> = [1, 2, 26, 27, 28, 52, 53, 702, 703].map(letters).into();
        assert_eq!(named, ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
    }
}
