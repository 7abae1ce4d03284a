//! `GET /metrics` (Prometheus's text format) and `GET /healthz` (200 `ok`, or 503 with why in
//! one line) as axum routes, for the bot's HTTP side (the `rollerball-web` crate). Other methods get 405
//! with `Allow: GET,HEAD`.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::Metrics;
use crate::store::Store;

/// What the two routes read.
#[derive(Clone)]
struct Ops {
    metrics: Arc<Metrics>,
    store: Store,
}

/// The routes `/metrics` and `/healthz` over `metrics` and the database `store`: the private
/// scrape address's (`METRICS_ADDR`).
pub fn routes(metrics: Arc<Metrics>, store: Store) -> Router {
    Router::new()
        .route("/metrics", get(scrape))
        .route("/healthz", get(health))
        .with_state(Ops { metrics, store })
}

/// The route `/healthz` alone: the public web server's (`WEB_ADDR`), for a proxy or a
/// supervisor to ask whether the bot is up. The counts of `/metrics` (commands, refusals, move
/// timings, database errors) are for the operator, on `METRICS_ADDR` only.
pub fn health_routes(metrics: Arc<Metrics>, store: Store) -> Router {
    Router::new()
        .route("/healthz", get(health))
        .with_state(Ops { metrics, store })
}

async fn scrape(State(ops): State<Ops>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        ops.metrics.render(&ops.store).await,
    )
        .into_response()
}

async fn health(State(ops): State<Ops>) -> Response {
    let (status, body) = match ops.metrics.health(&ops.store).await {
        Ok(()) => (StatusCode::OK, "ok\n".to_string()),
        Err(why) => (StatusCode::SERVICE_UNAVAILABLE, format!("{why}\n")),
    };
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        body,
    )
        .into_response()
}
