//! The bot's HTTP side, on axum: one [`Router`] served by a [`Listener`] that bounds its
//! connections and header time, so that no client can starve the bot. Today the router holds
//! the operator's routes, `/metrics` and `/healthz` (`rollerball_metrics::routes`), on
//! `METRICS_ADDR`; other routes (the game pages) are merged into the same router with
//! [`app`]'s `routes`, and any listener serves it.

#![warn(missing_docs)]

pub mod listener;

pub use listener::{Limits, Listener, OpenConnections, exposure};

use axum::Router;
use axum::http::StatusCode;

/// The application: `routes` (merged from each part, such as `rollerball_metrics::routes`) and
/// a plain 404 for every other path.
pub fn app(routes: impl IntoIterator<Item = Router>) -> Router {
    routes
        .into_iter()
        .fold(Router::new(), Router::merge)
        .fallback(not_found)
}

/// The answer for a path no route serves.
async fn not_found() -> (StatusCode, &'static str) {
    (
        StatusCode::NOT_FOUND,
        "not found: try /metrics or /healthz\n",
    )
}
