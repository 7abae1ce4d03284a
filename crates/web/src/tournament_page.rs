//! `/tournaments/ID`: a tournament's name and where it stands (sign-up, round N of M,
//! finished), its standings with the tie-breaks as the bot's `tournament` writes them, and the
//! crosstable as an HTML table, each result a link to its game and each player to their page.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{Html, IntoResponse, Response};
use maud::{Markup, html};
use rollerball_game::views::{CrossCell, CrossGame, PlayerName, Stage};
use rollerball_game::{Lang, TournamentView, isolated, tr};
use rollerball_model::TournamentId;
use rollerball_render::crosstable::Cell;

use crate::Site;
use crate::game_page::{PageQuery, side_key};
use crate::html::{self, Head, MainAttrs};
use crate::lang::reader_lang;
use crate::player_page::player_href;

/// `/tournaments/{id}`.
pub async fn tournament(
    State(site): State<Site>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(query): Query<PageQuery>,
) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    let Some(id) = id.parse::<i64>().ok().filter(|n| *n > 0).map(TournamentId) else {
        return html::not_found(lang, &tr!(lang, "web-page-not-found"));
    };
    let read = site.service.views().tournament_view(id, lang).await;
    let view = match html::found(lang, read, "a tournament page", || {
        tr!(lang, "page-tournament-not-found", id = id.0)
    }) {
        Ok(view) => view,
        Err(page) => return page,
    };
    let title = tr!(
        lang,
        "page-tournament-title",
        id = id.0,
        // Isolated, so that a right-to-left override in the name cannot turn the title around.
        name = isolated(&view.name)
    );
    let description = tr!(
        lang,
        "page-tournament-description",
        stage = stage_words(&view),
        format = view.format.as_str()
    );
    let url = site.links.tournament(id);
    let head = Head::without_image(&title, &description, &url);
    let body = html! {
        header class="page-head" {
            h1 { bdi { (view.name) } }
            p class="meta" {
                "#" (id.0) " · " (view.format) " · "
                (tr!(lang, "page-tournament-organiser")) " " (player_link(&view.organiser))
            }
            p id="stage" class="stage" {
                (stage_words(&view))
                @if matches!(view.stage, Stage::Running { .. }) {
                    " · " (tr!(lang, "page-tournament-progress", finished = view.finished, games = view.games))
                }
            }
        }
        @if view.standings.is_empty() {
            (entrants(&view))
        } @else {
            (standings(&view))
            (crosstable(&view))
        }
    };
    let attrs = MainAttrs {
        footer: true,
        ..MainAttrs::default()
    };
    Html(html::page(lang, &head, attrs, body).into_string()).into_response()
}

/// "Under way: all games at once", "Finished", …
fn stage_words(view: &TournamentView) -> String {
    let lang = view.lang;
    match view.stage {
        Stage::Open { entrants, max } => {
            tr!(lang, "page-tournament-open", count = entrants, max = max)
        }
        // Every game starts at once: there is no round being played, only games.
        Stage::Running { .. } => tr!(lang, "page-tournament-running"),
        Stage::Finished => tr!(lang, "page-tournament-finished"),
        Stage::Cancelled => tr!(lang, "page-tournament-cancelled"),
    }
}

/// A player's name, a link to their page.
fn player_link(player: &PlayerName) -> Markup {
    html! { a class="who" href=(player_href(player.id)) { bdi { (player.name) } } }
}

/// Who signed up, before the start.
fn entrants(view: &TournamentView) -> Markup {
    let lang = view.lang;
    html! {
        h2 { (tr!(lang, "page-tournament-players")) }
        @if view.entrants.is_empty() {
            p { (tr!(lang, "page-tournament-nobody")) }
        } @else {
            ol id="entrants" class="entrants" {
                @for p in &view.entrants { li { (player_link(p)) } }
            }
        }
    }
}

/// The standings, best first, with every tie-break (head-to-head only when it tells someone
/// apart).
fn standings(view: &TournamentView) -> Markup {
    let lang = view.lang;
    let head_to_head = view.standings.iter().any(|l| l.head_to_head.is_some());
    let label = |id: &str| tr!(lang, id);
    html! {
        h2 { (tr!(lang, "page-tournament-standings")) }
        div class="table-wrap" {
            table id="standings" class="data standings" {
                thead {
                    tr {
                        th scope="col" { (tr!(lang, "page-column-place")) }
                        th scope="col" { (tr!(lang, "page-column-player")) }
                        th scope="col" class="num" { (tr!(lang, "page-column-points")) }
                        th scope="col" class="num" { (tr!(lang, "page-column-played")) }
                        th scope="col" class="num" { (tr!(lang, "page-column-left")) }
                        th scope="col" class="num" { (tr!(lang, "tournament-table-sb")) }
                        th scope="col" class="num" { (tr!(lang, "page-column-wins")) }
                        @if head_to_head {
                            th scope="col" class="num" { (tr!(lang, "page-column-head-to-head")) }
                        }
                    }
                }
                tbody {
                    @for line in &view.standings {
                        tr class={ @if line.withdrawn { "withdrawn" } } {
                            td class="place" { (line.place) }
                            th scope="row" class="who-cell" {
                                (player_link(&line.player))
                                @if line.annulled {
                                    " " span class="note" { "(" (tr!(lang, "page-tournament-annulled")) ")" }
                                } @else if line.withdrawn {
                                    " " span class="note" { "(" (tr!(lang, "page-tournament-withdrawn")) ")" }
                                }
                            }
                            @if line.annulled {
                                td class="num" { "–" } td class="num" {} td class="num" {}
                                td class="num" {} td class="num" {}
                                @if head_to_head { td class="num" {} }
                            } @else {
                                td class="num points" data-label=(label("page-column-points")) { (line.points) }
                                td class="num" data-label=(label("page-column-played")) { (line.played) }
                                td class="num" data-label=(label("page-column-left")) { (line.left) }
                                td class="num" data-label=(label("tournament-table-sb")) { (line.sb) }
                                td class="num" data-label=(label("page-column-wins")) { (line.wins) }
                                @if head_to_head {
                                    td class="num" data-label=(label("page-column-head-to-head")) { (line.head_to_head.as_deref().unwrap_or("")) }
                                }
                            }
                        }
                    }
                }
            }
        }
        p class="hint" { (view.tiebreaks()) }
    }
}

/// The crosstable: a row and a column per player in the order of the standings, each result a
/// link to its game. A row is numbered as its column is headed (the places are the
/// standings'), and on a phone each result is labelled with its column's number.
fn crosstable(view: &TournamentView) -> Markup {
    let lang = view.lang;
    let legend = view.legend();
    html! {
        h2 { (tr!(lang, "page-tournament-crosstable")) }
        div class="table-wrap" {
            table id="crosstable" class={ "data crosstable" @if view.double() { " double" } } {
                thead {
                    tr {
                        th scope="col" { (tr!(lang, "page-column-player")) }
                        @for (i, line) in view.crosstable.iter().enumerate() {
                            th scope="col" class="num" title=(line.player.name) { (i + 1) }
                        }
                        th scope="col" class="num" { (tr!(lang, "tournament-table-points")) }
                        th scope="col" class="num" { (tr!(lang, "tournament-table-sb")) }
                    }
                }
                tbody {
                    @for (i, line) in view.crosstable.iter().enumerate() {
                        tr class={ @if line.withdrawn { "withdrawn" } } {
                            th scope="row" class="who-cell" { span class="seat" { (i + 1) ". " } (player_link(&line.player)) }
                            @for (column, cell) in line.cells.iter().enumerate() {
                                @match cell {
                                    CrossCell::Own => td class="own" {},
                                    CrossCell::Games(games) => td class="result" data-label={ (column + 1) "." } {
                                        @for game in games { (result_link(lang, game)) }
                                    },
                                }
                            }
                            td class="num points" data-label=(tr!(lang, "tournament-table-points")) { (line.points) }
                            td class="num" data-label=(tr!(lang, "tournament-table-sb")) { (line.tiebreak) }
                        }
                    }
                }
            }
        }
        p class="legend hint" {
            (tr!(lang, "page-tournament-legend")) " "
            "1 " (legend.win) " · ½ " (legend.draw) " · 0 " (legend.loss) " · + − " (legend.forfeit)
            " · … " (legend.unplayed)
            @if view.double() { " · " (legend.colours) }
        }
    }
}

/// One game's result in a cell: its symbol (`…` while it is being played), a link to its page.
fn result_link(lang: Lang, game: &CrossGame) -> Markup {
    let (class, symbol, title) = match game.result {
        Cell::Unplayed => (
            "playing",
            "…",
            tr!(lang, "page-cross-playing", id = game.game.0),
        ),
        result => (
            kind(result),
            result.symbol(),
            tr!(lang, "page-cross-game", id = game.game.0),
        ),
    };
    html! {
        a class={ "r " (class) " " (side_key(game.colour)) @if game.struck { " struck" } }
            href={ "/games/" (game.game.0) } title=(title) { (symbol) }
    }
}

/// The class of a result, for its tint.
fn kind(cell: Cell) -> &'static str {
    match cell {
        Cell::Win | Cell::ForfeitWin => "win",
        Cell::Draw => "draw",
        Cell::Loss | Cell::ForfeitLoss => "loss",
        Cell::Own | Cell::Unplayed => "playing",
    }
}
