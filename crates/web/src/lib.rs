//! The bot's HTTP side, on axum: every game's page to watch, replay and download, live through
//! Server-Sent Events; a player's private link to move from a browser; and `/healthz`
//! (`rollerball_metrics::health_routes`). One [`Router`] ([`app`]) is served by a [`Listener`]
//! that bounds its connections and header time, so that no client can starve the bot, on
//! `WEB_ADDR`; the operator's `/metrics` is served by the same kind of listener on the private
//! `METRICS_ADDR` alone (`rollerball_metrics::routes`).
//!
//! The pages are drawn on the server (maud templates, which escape every value they print) and
//! work without JavaScript; one small script, served from here like the stylesheet, adds the
//! keyboard replay, live updates and moving by clicking. Nothing is fetched from anywhere else,
//! and every answer carries a strict Content-Security-Policy ([`headers`]).
//!
//! Like every front end, this one reaches the games only through the service
//! ([`rollerball_game::Service`]): pages read its views, moves go through its one front door
//! as any typed move does, and live updates come from its event log.
//!
//! | module | job |
//! |---|---|
//! | `config` | `WEB_ADDR`, `PUBLIC_URL`, `WEB_SECRET`, `WEB_SECRET_PREVIOUS`, `DISCORD_APPLICATION_ID` |
//! | `headers` | the security headers of every answer |
//! | `lang` | the reader's language: `?lang=`, else `Accept-Language` |
//! | `html` | the pages' shell (head, Open Graph tags, footer) and the error pages |
//! | `home` | `/`: what Rollerball is, the guide, how to add the bot, the latest games and tournaments |
//! | `game_page` | `/games/ID` and `/games/ID/embed`: board, players, moves, replay |
//! | `tournament_page` | `/tournaments/ID`: standings and crosstable |
//! | `player_page` | `/players/ID`: ratings, record, games |
//! | `files` | `/games/ID.pgn`, `.gif`, `.png`, `.svg`, `/games/ID/graph.png` |
//! | `making` | those files made once per game state and kept, a couple at once ([`Files`]) |
//! | `background` | a file's drawing on a thread of its own at the lowest priority |
//! | `file_views` | the game views those files are made from, read once for a crowd and kept a second |
//! | `live` | `/games/ID/events`: the event log to each watcher, with the watcher count |
//! | `clients` | who a request comes from, for the bound of live streams per client ([`LiveLimits`]) |
//! | `signin` | `/play` (the private link's token from its fragment) and `/play/TOKEN`: the link exchanged for the game's cookie |
//! | `play` | `/games/ID/act`: moving from the browser |
//! | `assets` | the stylesheet and the scripts, compiled in |
//! | `help_page` | `/help`: the players' guide in the reader's language (`docs/players*.md`, compiled in) and its pictures |

#![warn(missing_docs)]

mod assets;
mod background;
mod clients;
mod config;
mod file_views;
mod files;
mod game_analysis;
mod game_page;
pub mod headers;
mod help_page;
mod home;
mod html;
mod lang;
pub mod listener;
mod live;
mod making;
mod markup;
mod play;
mod player_page;
mod signin;
mod tournament_page;

pub use clients::LiveLimits;
pub use config::{WebConfig, WebConfigError};
pub use listener::{Limits, Listener, OpenConnections, exposure};
pub use live::Hub;
pub use making::{FileLimits, Files, Paused};
pub use markup::WebMarkup;

use std::sync::Arc;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::{get, post};
use rollerball_game::{Links, Service};

/// What every page handler works with.
#[derive(Clone)]
pub(crate) struct Site {
    /// The service the games are read from and moves go through.
    pub service: Arc<Service>,
    /// Where the pages are, and the private links' secret.
    pub links: Links,
    /// The watchers of each game's page.
    pub hub: Arc<Hub>,
    /// The games' files, made once and kept.
    pub files: Arc<Files>,
    /// The front page's lists, kept a little while.
    pub home: Arc<home::HomeCache>,
    /// The Discord application's id, for the front page's invite links.
    pub application: Option<u64>,
}

impl Site {
    /// Game `id`'s view in `lang`, or the page that says it is not there or could not be read
    /// (`what` names the page in the log).
    pub(crate) async fn game(
        &self,
        id: rollerball_model::GameId,
        lang: rollerball_game::Lang,
        what: &str,
    ) -> Result<rollerball_game::GameView, axum::response::Response> {
        html::found(
            lang,
            self.service.views().game_view(id, lang).await,
            what,
            || rollerball_game::tr!(lang, "web-not-found", id = id.0),
        )
    }
}

/// The application: `routes` (merged from each part: [`pages`], `rollerball_metrics::routes`)
/// and a plain 404 for every other path, every answer with the security headers.
pub fn app(routes: impl IntoIterator<Item = Router>) -> Router {
    routes
        .into_iter()
        .fold(Router::new(), Router::merge)
        .fallback(not_found)
        .layer(axum::middleware::from_fn(headers::secure))
}

/// The pages' routes on `service`, with links written under `links`, and live updates from
/// `hub` (started with [`Hub::follow`]).
pub fn pages(service: Arc<Service>, links: Links, hub: Arc<Hub>) -> Router {
    pages_with(service, links, hub, Files::new(FileLimits::default()), None)
}

/// The pages' routes, as [`pages`] makes them, with the games' files made by `files`, and the
/// front page's invite links to the Discord application `application` (none without it).
pub fn pages_with(
    service: Arc<Service>,
    links: Links,
    hub: Arc<Hub>,
    files: Arc<Files>,
    application: Option<u64>,
) -> Router {
    let site = Site {
        service,
        links,
        hub,
        files,
        home: Arc::default(),
        application,
    };
    Router::new()
        .route("/", get(home::home))
        .route("/games/{file}", get(files::game_or_file))
        .route("/games/{id}/embed", get(game_page::embed))
        .route("/games/{id}/graph.png", get(files::graph))
        .route("/games/{id}/events", get(live::events))
        .route("/games/{id}/act", post(play::act))
        .route("/play", get(signin::page).post(signin::exchange))
        .route("/play/{token}", get(signin::open))
        .route("/tournaments/{id}", get(tournament_page::tournament))
        .route("/players/{id}", get(player_page::player))
        .route("/assets/{name}", get(assets::asset))
        .route("/help", get(help_page::help))
        .route("/help/images/{name}", get(help_page::image))
        .with_state(site)
}

/// The answer for a path no route serves.
async fn not_found() -> (StatusCode, &'static str) {
    (StatusCode::NOT_FOUND, "not found\n")
}
