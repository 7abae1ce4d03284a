//! `/`: where a visitor starts. What Rollerball is, the players' guide, how to add the bot
//! (its invite links when the operator gave the application's id), and the newest games being
//! played, the newest finished and the newest tournaments, each a link to its page. The lists
//! come from the service's [`HomeView`], kept a little while per language ([`HomeCache`]) so
//! that a crowd on the front page reads the database once in a while, not once a visit.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{Html, IntoResponse, Response};
use maud::{Markup, html};
use rollerball_game::views::{HomeGame, HomeStage, HomeState, HomeTournament, HomeView};
use rollerball_game::{Lang, Service, tr};
use rollerball_model::Timestamp;

use crate::Site;
use crate::game_page::{PageQuery, side_key};
use crate::html::{self, Head, MainAttrs};
use crate::lang::reader_lang;

/// How long the front page's lists are kept before they are read again, in milliseconds.
const KEPT_MS: i64 = 30_000;

/// The permissions the bot asks for when it is added to a server, as the operators' guide
/// lists them (View Channel, Send Messages, Send Messages in Threads, Create Public Threads,
/// Attach Files, Embed Links, Read Message History, Manage Messages, Use Application Commands).
const PERMISSIONS: u64 = 311_385_254_912;

/// The front page's lists, each language's kept for [`KEPT_MS`].
#[derive(Default)]
pub struct HomeCache {
    kept: Mutex<HashMap<Lang, (Timestamp, Arc<HomeView>)>>,
}

impl HomeCache {
    /// The lists in `lang`: those kept, while they are fresh, else read anew.
    async fn view(
        &self,
        service: &Service,
        lang: Lang,
    ) -> Result<Arc<HomeView>, rollerball_game::ViewError> {
        let now = service.now();
        let lock = || self.kept.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((at, view)) = lock().get(&lang)
            && now.0 - at.0 < KEPT_MS
        {
            return Ok(Arc::clone(view));
        }
        let view = Arc::new(service.views().home_view(lang).await?);
        lock().insert(lang, (now, Arc::clone(&view)));
        Ok(view)
    }
}

/// `/`.
pub async fn home(
    State(site): State<Site>,
    headers: HeaderMap,
    Query(query): Query<PageQuery>,
) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    let view = match site.home.view(&site.service, lang).await {
        Ok(view) => view,
        Err(error) => return html::failed(lang, "the front page", &error),
    };
    let title = tr!(lang, "home-title");
    let description = tr!(lang, "home-description");
    let url = format!("{}/", site.links.base());
    let head = Head::without_image(&title, &description, &url);
    let body = html! {
        header class="page-head" {
            h1 { "Rollerball" }
            p class="lead" { (tr!(lang, "home-intro")) }
        }
        section id="start" class="home-start" {
            p { a href="/help" { (tr!(lang, "home-guide")) } " " (tr!(lang, "home-guide-what")) }
            (invite(lang, site.application))
        }
        section class="home-lists" {
            div {
                h2 { (tr!(lang, "home-playing")) }
                (games(lang, "playing", &view.playing, "home-none-playing"))
            }
            div {
                h2 { (tr!(lang, "home-finished")) }
                (games(lang, "finished", &view.finished, "home-none-finished"))
            }
            div {
                h2 { (tr!(lang, "home-tournaments")) }
                (tournaments(lang, &view.tournaments))
            }
        }
    };
    let attrs = MainAttrs {
        footer: true,
        ..MainAttrs::default()
    };
    Html(html::page(lang, &head, attrs, body).into_string()).into_response()
}

/// How to add the bot: to a server, or to one's own account, with the application's invite
/// links; without its id, whom to ask.
fn invite(lang: Lang, application: Option<u64>) -> Markup {
    html! {
        h2 { (tr!(lang, "home-add")) }
        @match application {
            Some(id) => {
                ul id="invite" class="invite" {
                    li {
                        a href={ "https://discord.com/oauth2/authorize?client_id=" (id) "&scope=bot+applications.commands&permissions=" (PERMISSIONS) } {
                            (tr!(lang, "home-add-server"))
                        }
                        " " (tr!(lang, "home-add-server-what"))
                    }
                    li {
                        a href={ "https://discord.com/oauth2/authorize?client_id=" (id) "&integration_type=1&scope=applications.commands" } {
                            (tr!(lang, "home-add-account"))
                        }
                        " " (tr!(lang, "home-add-account-what"))
                    }
                }
            }
            None => p id="invite" { (tr!(lang, "home-add-ask")) },
        }
    }
}

/// A list of games, each a link to its page with its players and where it stands.
fn games(lang: Lang, id: &str, games: &[HomeGame], none: &str) -> Markup {
    html! {
        @if games.is_empty() {
            p id=(id) { (tr!(lang, none)) }
        } @else {
            ul id=(id) class="home-games" {
                @for game in games {
                    li {
                        a href={ "/games/" (game.game.0) } {
                            "#" (game.game.0) " "
                            bdi { (game.names[0]) } " – " bdi { (game.names[1]) }
                        }
                        " · " span class="status" { (state_words(lang, game)) }
                    }
                }
            }
        }
    }
}

/// "bob to move · 3 moves", "White won", "draw".
fn state_words(lang: Lang, game: &HomeGame) -> String {
    match game.state {
        HomeState::ToMove(color) => tr!(
            lang,
            "home-to-move",
            player = rollerball_game::isolated(&game.names[color.index()]),
            moves = game.moves
        ),
        HomeState::Won(color) => tr!(lang, "home-won", side = side_key(color)),
        HomeState::Drawn => tr!(lang, "home-drawn"),
        HomeState::Aborted => tr!(lang, "home-aborted"),
    }
}

/// The tournaments, each a link to its page with where it is and its players.
fn tournaments(lang: Lang, tournaments: &[HomeTournament]) -> Markup {
    html! {
        @if tournaments.is_empty() {
            p id="tournaments" { (tr!(lang, "home-none-tournaments")) }
        } @else {
            ul id="tournaments" class="home-games" {
                @for t in tournaments {
                    @let stage = match t.stage {
                        HomeStage::Open => "open",
                        HomeStage::Running => "running",
                        HomeStage::Finished => "finished",
                    };
                    li {
                        a href={ "/tournaments/" (t.id.0) } { bdi { (t.name) } }
                        " · " span class="status" { (tr!(lang, "home-tournament", stage = stage, count = t.players)) }
                        " · " span class="format" { (t.format) }
                    }
                }
            }
        }
    }
}
