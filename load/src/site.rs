//! The bot's web side started inside the measuring process, as `rollerball` starts it when
//! `WEB_ADDR` is set (`src/cli/web.rs`): the service prepared for the web (links, the web's
//! markup), one [`Hub`] following the event log, and the pages served by a [`Listener`] with
//! the bot's public limits on 127.0.0.1, port 0. Also the games the web measurements watch:
//! started by a challenge and its acceptance, and moved along the sixty-move game of
//! `crates/rules/tests/data/sixty-moves.txt`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use rollerball::discord::DiscordMarkup;
use rollerball::game::{Actor, Links, Request, Service, SystemClock};
use rollerball::model::FrontEnd;
use rollerball::store::{GameId, Place, PlayerId, Reach, Store};
use rollerball::web::{self, Hub, Limits, Listener, LiveLimits, WebMarkup};

use crate::LoadError;

/// The public address the pages' links are written under (nothing is fetched from it).
pub const PUBLIC_URL: &str = "http://127.0.0.1";

/// The game every measured game follows: 120 plies in coordinate form.
pub const SIXTY_MOVES: &str = include_str!("../../crates/rules/tests/data/sixty-moves.txt");

/// The service as the bot runs it with `WEB_ADDR` set, without the per-player rate limit (the
/// measuring players move at machine speed).
pub fn web_service(store: Store) -> Service {
    let links = Links::new(PUBLIC_URL, None).expect("a valid public address");
    Service::new(store, Arc::new(SystemClock))
        .with_markup(Arc::new(DiscordMarkup))
        .with_rate_limit(None)
        .with_links(links)
        .with_front_end_markup(FrontEnd::Web, Arc::new(WebMarkup))
}

/// The bot's listener bounds for the public pages (`src/cli/web.rs`: 16,384 connections).
pub fn public_limits() -> Limits {
    Limits {
        connections: 16_384,
        ..Limits::default()
    }
}

/// The pages' router on `service`, with live updates from `hub`, as the bot serves it (without
/// `/metrics`).
pub fn router(service: Arc<Service>, hub: Arc<Hub>) -> axum::Router {
    let links = Links::new(PUBLIC_URL, None).expect("a valid public address");
    web::app([web::pages(service, links, hub)])
}

/// A running web server: its address and its hub; stopped when dropped.
pub struct WebServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its watchers.
    pub hub: Arc<Hub>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl WebServer {
    /// Starts the hub and the pages of `service` on 127.0.0.1, any free port.
    pub async fn start(service: Arc<Service>) -> Result<WebServer, LoadError> {
        // The load's crowd of watchers comes from one address: no bound per client.
        let limits = LiveLimits {
            per_client: usize::MAX,
            ..LiveLimits::default()
        };
        let hub = Hub::with_limits(Arc::clone(&service), limits);
        let follow = tokio::spawn(Arc::clone(&hub).follow());
        let listener =
            Listener::bind_with(SocketAddr::from(([127, 0, 0, 1], 0)), public_limits()).await?;
        let addr = listener.local_addr()?;
        let app = router(service, Arc::clone(&hub));
        let serve = tokio::spawn(listener.serve(app));
        Ok(WebServer {
            addr,
            hub,
            tasks: vec![follow, serve],
        })
    }
}

impl Drop for WebServer {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// A game the web measurements play: where, by whom, and how far.
#[derive(Clone, Debug)]
pub struct WebGame {
    /// Its id.
    pub id: GameId,
    /// White, then Black.
    pub players: [Actor; 2],
    /// Where it is played.
    pub place: Place,
    /// Plies played.
    pub plies: usize,
}

/// Where the web games of `run` are played: players and channels apart from the load driver's
/// and from other runs' on the same database.
fn web_place(run: u64, index: usize) -> (Place, [Actor; 2]) {
    let base = 3_000_000_000_000 + run * 1_000_000 + 2 * index as u64;
    let actor = |id: u64| Actor {
        id: PlayerId(id),
        name: format!("web{id}"),
    };
    let place = Place {
        server: Some(crate::SERVER),
        channel: base,
        thread: None,
        reach: Reach::Posts,
    };
    (place, [actor(base), actor(base + 1)])
}

/// A number that tells this run's players apart from earlier runs' on the same database.
pub fn run_number() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (nanos / 1_000 % 1_000_000) as u64
}

/// What the service answers `who` typing `text` in `place`, refused or unanswered as an error.
async fn say(service: &Service, who: &Actor, place: Place, text: String) -> Result<(), LoadError> {
    let reply = service
        .handle(Request::line(who.clone(), place, text.clone()))
        .await
        .ok_or_else(|| LoadError::Options(format!("no answer to `{text}`")))?;
    if reply.private {
        return Err(LoadError::Options(format!(
            "`{text}` was refused: {}",
            reply.text
        )));
    }
    Ok(())
}

/// Starts game `index` of run `run`: a challenge and its acceptance.
pub async fn start_game(service: &Service, run: u64, index: usize) -> Result<WebGame, LoadError> {
    let (place, players) = web_place(run, index);
    let [white, black] = &players;
    say(
        service,
        white,
        place,
        format!("challenge <@{}> white", black.id.0),
    )
    .await?;
    let reply = service
        .handle(Request::line(black.clone(), place, "accept".to_string()))
        .await
        .unwrap_or_default();
    let id = reply.new_game.ok_or_else(|| {
        LoadError::Options(format!(
            "the web game {index} did not start: {}",
            reply.text
        ))
    })?;
    Ok(WebGame {
        id,
        players,
        place,
        plies: 0,
    })
}

impl WebGame {
    /// A game that is never played (the watchers' clients measured alone).
    pub fn unplayed(id: GameId) -> WebGame {
        let (place, players) = web_place(0, 0);
        WebGame {
            id,
            players,
            place,
            plies: 0,
        }
    }

    /// Plays the game's next ply of the sixty-move game through the service; returns the ply
    /// reached, the moment the move was sent and the moment the service answered (the move
    /// was committed in between, before the reply's board was drawn).
    pub async fn play_next(
        &mut self,
        service: &Service,
    ) -> Result<(usize, Instant, Instant), LoadError> {
        let mv = SIXTY_MOVES
            .split_whitespace()
            .nth(self.plies)
            .ok_or_else(|| LoadError::Options("the sixty-move game is over".into()))?;
        let sent = Instant::now();
        self.play(service, mv).await?;
        let committed = Instant::now();
        Ok((self.plies, sent, committed))
    }

    /// Plays `san` through the service, as the player to move types it.
    pub async fn play(&mut self, service: &Service, san: &str) -> Result<(), LoadError> {
        let who = &self.players[self.plies % 2];
        say(
            service,
            who,
            self.place,
            format!("move #{} {san}", self.id.0),
        )
        .await?;
        self.plies += 1;
        Ok(())
    }
}
