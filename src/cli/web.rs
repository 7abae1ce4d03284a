//! The web server beside the bot or the console: when `WEB_ADDR` is set, the game pages, their
//! live updates and moving from a browser, with `/healthz`, on one listener. `/metrics` is not
//! there: its counts are the operator's, served on `METRICS_ADDR` alone.

use std::sync::Arc;

use rollerball::game::Service;
use rollerball::metrics::{self, Metrics};
use rollerball::model::FrontEnd;
use rollerball::store::Store;
use rollerball::web::{self, Hub, Limits, Listener, LiveLimits, WebConfig, WebMarkup};

/// Reads `WEB_ADDR`, `PUBLIC_URL`, `WEB_SECRET`, `WEB_CLIENT_HEADER` and
/// `DISCORD_APPLICATION_ID`: `None` when there is no web server.
pub fn config() -> Result<Option<WebConfig>, String> {
    WebConfig::from(|name| std::env::var(name).ok()).map_err(|e| e.to_string())
}

/// Where the service's replies link the pages: always in the console (its player is on this
/// machine); on Discord only once `PUBLIC_URL` says where players reach them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Linked {
    /// The console.
    Always,
    /// The Discord bot.
    WhenPublic,
}

/// The service as the web needs it: the web's own markup for answers to the pages, and the
/// pages' links in its replies as `linked` says.
pub fn prepare(service: Service, config: Option<&WebConfig>, linked: Linked) -> Service {
    let Some(config) = config else {
        return service;
    };
    let service = service.with_front_end_markup(FrontEnd::Web, Arc::new(WebMarkup));
    if linked == Linked::Always || config.public {
        service.with_links(config.links.clone())
    } else {
        tracing::warn!(
            "WEB_ADDR is set without PUBLIC_URL: the pages are served, but the bot writes no \
             links to them in Discord (and `web` gives none) until PUBLIC_URL says where \
             players reach them"
        );
        service
    }
}

/// The bounds of the public listener: every watcher of a live page holds a connection, so
/// there are many (each costs a file descriptor and a few kilobytes), and an idle one is
/// closed first when they run out.
pub fn limits() -> Limits {
    Limits {
        connections: 16_384,
        ..Limits::default()
    }
}

/// Binds the web server's address (before anything else starts, so a taken port stops the
/// bot at once).
pub async fn bind(config: &WebConfig) -> Result<Listener, String> {
    Listener::bind_with(config.addr, limits())
        .await
        .map_err(|e| format!("cannot serve the web pages on {}: {e}", config.addr))
}

/// Serves the pages of `service` (and `/healthz` from `metrics`) on `listener`,
/// with the live pages' reader of the event log; returns the tasks to stop at the end.
pub fn serve(
    listener: Listener,
    config: &WebConfig,
    service: Arc<Service>,
    metrics: Arc<Metrics>,
    db: Store,
) -> Vec<tokio::task::JoinHandle<()>> {
    let limits = LiveLimits {
        client_header: config.client_header.clone(),
        ..LiveLimits::default()
    };
    let hub = Hub::with_limits(Arc::clone(&service), limits);
    let follow = tokio::spawn(Arc::clone(&hub).follow());
    if let Ok(local) = listener.local_addr() {
        tracing::info!(address = %local, public = config.links.base(), "serving the web pages");
    }
    let app = web::app([
        web::pages_with(
            service,
            config.links.clone(),
            hub,
            web::Files::new(web::FileLimits::default()),
            config.application,
        ),
        metrics::health_routes(metrics, db),
    ]);
    vec![follow, tokio::spawn(listener.serve(app))]
}
