//! The bot's metrics and health, for the people who host it: counters, a histogram and gauges in
//! a Prometheus registry of the process's own, served with `/healthz` on `METRICS_ADDR` (the
//! [`routes()`], on the `rollerball-web` crate's listener; the public `WEB_ADDR` serves
//! `/healthz` alone, [`health_routes()`]). The game core reports through its
//! [`Observer`] seam; the Discord front end reports its requests, delivered notices and gateway
//! shards here.
//! Nothing here knows Discord.
//!
//! Every metric is named `rollerball_…`; docs/operators.md lists them. Labels with a known set
//! of values (results, reasons, ways of ending) start at zero, so a rate or an alert works before
//! the first event.

// The crates this one builds on, named as the modules they were before the split, so
// that paths read `crate::rules::Game` here as everywhere.
use rollerball_game as game;
use rollerball_redact as redact;
use rollerball_rules as rules;
use rollerball_store as store;

pub mod routes;

pub use routes::{health_routes, routes};

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Duration;

use prometheus::{
    Encoder, Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, Opts, Registry,
    TextEncoder,
};

use crate::game::{CommandOutcome, Observer, RefusalReason};
use crate::rules::Termination;
use crate::store::Store;

/// The upper bounds of the move-latency histogram's buckets, in seconds.
pub const MOVE_SECONDS_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// How long the health check waits for the database.
pub const DATABASE_TIMEOUT: Duration = Duration::from_secs(2);

/// Why the bot is not healthy: what `/healthz` answers, in one line. The database's own error is
/// never part of it (it is logged): whoever can reach `/healthz` learns that the database is
/// unavailable, not how it is set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unhealthy {
    /// The database failed or did not answer within [`DATABASE_TIMEOUT`].
    #[error("database unavailable")]
    DatabaseUnavailable,
    /// The database answers but refuses writes (a full disk, a read-only or damaged file):
    /// this process's last write failed and a probe write fails too.
    #[error("database refuses writes")]
    DatabaseRefusesWrites,
    /// The Discord front end has not said yet how many gateway shards it runs.
    #[error("the gateway is not started yet")]
    GatewayNotStarted,
    /// Some of this process's gateway shards are not connected.
    #[error("{connected} of {expected} gateway shard(s) connected")]
    ShardsDown {
        /// Shards connected now.
        connected: u32,
        /// Shards this process runs.
        expected: u32,
    },
}

/// `METRICS_ADDR` is set but is not an address and port.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("METRICS_ADDR must be an address and port such as 127.0.0.1:9464, not `{0}`")]
pub struct BadMetricsAddr(pub String);

/// What became of one try of a Discord request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscordResult {
    /// It succeeded.
    Ok,
    /// It failed for a passing reason (5xx, a lost connection) and is tried again.
    Retried,
    /// Discord answered 429 (rate limited) and it is tried again after the wait.
    RateLimited,
    /// It failed and is not tried again: whatever it carried was not delivered that way.
    Failed,
}

impl DiscordResult {
    /// Every result, in the order of the metrics.
    pub const ALL: [DiscordResult; 4] = [
        DiscordResult::Ok,
        DiscordResult::Retried,
        DiscordResult::RateLimited,
        DiscordResult::Failed,
    ];

    /// The result's name in the metrics: `ok`, `retried`, `rate_limited`, `failed`.
    pub fn as_str(self) -> &'static str {
        match self {
            DiscordResult::Ok => "ok",
            DiscordResult::Retried => "retried",
            DiscordResult::RateLimited => "rate_limited",
            DiscordResult::Failed => "failed",
        }
    }
}

/// The gateway shards this process runs: how many it should, and which are connected.
#[derive(Default)]
struct Shards {
    expected: Option<u32>,
    connected: BTreeSet<u32>,
}

/// The process's metrics, one registry of its own (so tests and processes never mix counts).
pub struct Metrics {
    registry: Registry,
    moves: IntCounter,
    challenges: IntCounter,
    games_started: IntCounter,
    games_ended: IntCounterVec,
    commands: IntCounterVec,
    refusals: IntCounterVec,
    discord_requests: IntCounterVec,
    database_errors: IntCounter,
    notices_delivered: IntCounter,
    events: IntCounterVec,
    move_seconds: Histogram,
    games_in_progress: IntGauge,
    shards_connected: IntGauge,
    shards_expected: IntGauge,
    shards: Mutex<Shards>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

/// Registers `metric` in `registry` and returns it. The names are constants of this file, so a
/// refusal is a programming error caught by the first test.
fn registered<M: prometheus::core::Collector + Clone + 'static>(
    registry: &Registry,
    metric: prometheus::Result<M>,
) -> M {
    let metric = metric.expect("a valid metric");
    registry
        .register(Box::new(metric.clone()))
        .expect("a metric registered once");
    metric
}

impl Metrics {
    /// Fresh metrics, every count at zero.
    pub fn new() -> Metrics {
        let r = Registry::new();
        let counter = |name: &str, help: &str| registered(&r, IntCounter::new(name, help));
        let gauge = |name: &str, help: &str| registered(&r, IntGauge::new(name, help));
        let counters = |name: &str, help: &str, labels: &[&str]| {
            registered(&r, IntCounterVec::new(Opts::new(name, help), labels))
        };
        let metrics = Metrics {
            moves: counter(
                "rollerball_moves_total",
                "Moves committed (players' and the computer's).",
            ),
            challenges: counter("rollerball_challenges_total", "Challenges made."),
            games_started: counter("rollerball_games_started_total", "Games started."),
            games_ended: counters(
                "rollerball_games_ended_total",
                "Games ended, by way of ending.",
                &["way"],
            ),
            commands: counters(
                "rollerball_commands_total",
                "Commands answered, by kind and outcome (done, refused, failed).",
                &["kind", "outcome"],
            ),
            refusals: counters(
                "rollerball_refusals_total",
                "Commands refused, by reason.",
                &["reason"],
            ),
            discord_requests: counters(
                "rollerball_discord_requests_total",
                "Tries of Discord REST requests, by result (ok, retried, rate_limited, failed).",
                &["result"],
            ),
            database_errors: counter(
                "rollerball_database_errors_total",
                "Database failures met by commands and the deadline sweep.",
            ),
            notices_delivered: counter(
                "rollerball_sweep_notices_delivered_total",
                "Deadline-sweep notices (reminders, time-outs, expiries…) posted on Discord.",
            ),
            events: counters(
                "rollerball_events_total",
                "Events of the log read by this process's poster, by kind and by who told them \
                 (answer: the command's own answer; poster: the poster itself).",
                &["kind", "told_by"],
            ),
            move_seconds: registered(
                &r,
                Histogram::with_opts(
                    HistogramOpts::new(
                        "rollerball_move_seconds",
                        "Time a move takes through the service, from the request to the answer.",
                    )
                    .buckets(MOVE_SECONDS_BUCKETS.to_vec()),
                ),
            ),
            games_in_progress: gauge(
                "rollerball_games_in_progress",
                "Games being played (all processes: read from the database at each scrape).",
            ),
            shards_connected: gauge(
                "rollerball_gateway_shards_connected",
                "Gateway shards of this process that are connected.",
            ),
            shards_expected: gauge(
                "rollerball_gateway_shards",
                "Gateway shards this process runs.",
            ),
            shards: Mutex::default(),
            registry: r,
        };
        for way in Termination::ALL {
            metrics.games_ended.with_label_values(&[way.as_str()]);
        }
        for reason in RefusalReason::ALL {
            metrics.refusals.with_label_values(&[reason.as_str()]);
        }
        for result in DiscordResult::ALL {
            metrics
                .discord_requests
                .with_label_values(&[result.as_str()]);
        }
        metrics
    }

    /// One try of a Discord request ended as `result`.
    pub fn discord_request(&self, result: DiscordResult) {
        self.discord_requests
            .with_label_values(&[result.as_str()])
            .inc();
    }

    /// A deadline-sweep notice was posted.
    pub fn notice_delivered(&self) {
        self.notices_delivered.inc();
    }

    /// This process runs `count` gateway shards.
    pub fn expect_shards(&self, count: u32) {
        let mut shards = self.shards.lock().expect("shards");
        shards.expected = Some(count);
        self.shards_expected.set(i64::from(count));
    }

    /// Shard `id` is connected (`true`) or not (`false`).
    pub fn shard_connected(&self, id: u32, connected: bool) {
        let mut shards = self.shards.lock().expect("shards");
        if connected {
            shards.connected.insert(id);
        } else {
            shards.connected.remove(&id);
        }
        self.shards_connected.set(shards.connected.len() as i64);
    }

    /// The metrics in Prometheus's text format, the games in progress read from `store` first
    /// (a failure to read them is counted as a database error, and the last count stays).
    pub async fn render(&self, store: &Store) -> String {
        match tokio::time::timeout(DATABASE_TIMEOUT, store.games().games_in_progress()).await {
            Ok(Ok(count)) => self.games_in_progress.set(count as i64),
            Ok(Err(error)) => {
                self.database_errors.inc();
                tracing::warn!(%error, "metrics: cannot count the games in progress");
            }
            Err(_) => self.database_errors.inc(),
        }
        self.text()
    }

    /// The metrics in Prometheus's text format, as they stand.
    pub fn text(&self) -> String {
        let mut out = Vec::new();
        TextEncoder::new()
            .encode(&self.registry.gather(), &mut out)
            .expect("the text format of in-memory metrics");
        String::from_utf8(out).expect("the text format is UTF-8")
    }

    /// `Ok` when the database answers (and, after a failed write, takes writes again) and every
    /// shard of this process is connected; otherwise
    /// why not. The database's own error is logged, never returned.
    pub async fn health(&self, store: &Store) -> Result<(), Unhealthy> {
        match tokio::time::timeout(DATABASE_TIMEOUT, store.games().games_in_progress()).await {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => {
                let error = crate::redact::text(&error.to_string());
                tracing::warn!(%error, "health: the database does not answer");
                return Err(Unhealthy::DatabaseUnavailable);
            }
            Err(_) => {
                tracing::warn!(
                    seconds = DATABASE_TIMEOUT.as_secs(),
                    "health: the database does not answer in time"
                );
                return Err(Unhealthy::DatabaseUnavailable);
            }
        }
        // Only writes after a failed one: a probe, so a database that takes writes again is
        // healthy again without waiting for a player's move.
        match tokio::time::timeout(DATABASE_TIMEOUT, store.check_writes()).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => {
                let error = crate::redact::text(&error.to_string());
                tracing::warn!(%error, "health: the database refuses writes");
                return Err(Unhealthy::DatabaseRefusesWrites);
            }
            Err(_) => return Err(Unhealthy::DatabaseRefusesWrites),
        }
        let shards = self.shards.lock().expect("shards");
        match shards.expected {
            None => Err(Unhealthy::GatewayNotStarted),
            Some(expected) if shards.connected.len() as u32 >= expected => Ok(()),
            Some(expected) => Err(Unhealthy::ShardsDown {
                connected: shards.connected.len() as u32,
                expected,
            }),
        }
    }
}

impl Observer for Metrics {
    fn command(&self, kind: &'static str, outcome: CommandOutcome, took: Duration) {
        self.commands
            .with_label_values(&[kind, outcome.as_str()])
            .inc();
        if kind == "move" && outcome == CommandOutcome::Done {
            self.move_seconds.observe(took.as_secs_f64());
        }
    }

    fn refusal(&self, reason: RefusalReason) {
        self.refusals.with_label_values(&[reason.as_str()]).inc();
    }

    fn move_committed(&self) {
        self.moves.inc();
    }

    fn challenge_made(&self) {
        self.challenges.inc();
    }

    fn games_started(&self, count: u64) {
        self.games_started.inc_by(count);
    }

    fn game_ended(&self, way: Termination) {
        self.games_ended.with_label_values(&[way.as_str()]).inc();
    }

    fn database_error(&self) {
        self.database_errors.inc();
    }

    fn event_read(&self, kind: &'static str, posted: bool) {
        let told_by = if posted { "poster" } else { "answer" };
        self.events.with_label_values(&[kind, told_by]).inc();
    }
}

/// Reads `METRICS_ADDR` through `get`: `None` (metrics off) when unset or empty.
pub fn addr_from(
    get: impl Fn(&str) -> Option<String>,
) -> Result<Option<SocketAddr>, BadMetricsAddr> {
    match get("METRICS_ADDR").map(|v| v.trim().to_string()) {
        None => Ok(None),
        Some(v) if v.is_empty() => Ok(None),
        Some(v) => v.parse().map(Some).map_err(|_| BadMetricsAddr(v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_addr() {
        assert_eq!(addr_from(|_| None), Ok(None));
        assert_eq!(addr_from(|_| Some(" ".into())), Ok(None));
        assert_eq!(
            addr_from(|_| Some("127.0.0.1:9464".into())),
            Ok(Some("127.0.0.1:9464".parse().unwrap()))
        );
        let bad = addr_from(|_| Some("localhost".into())).unwrap_err();
        assert_eq!(bad, BadMetricsAddr("localhost".into()));
        assert_eq!(
            bad.to_string(),
            "METRICS_ADDR must be an address and port such as 127.0.0.1:9464, not `localhost`"
        );
    }

    #[test]
    fn known_labels_start_at_zero_and_count() {
        let m = Metrics::new();
        m.refusal(RefusalReason::IllegalMove);
        m.game_ended(Termination::Checkmate);
        m.command("move", CommandOutcome::Done, Duration::from_millis(3));
        m.discord_request(DiscordResult::RateLimited);
        let text = m.text();
        for line in [
            "rollerball_refusals_total{reason=\"illegal_move\"} 1",
            "rollerball_refusals_total{reason=\"conflict\"} 0",
            "rollerball_games_ended_total{way=\"checkmate\"} 1",
            "rollerball_games_ended_total{way=\"time\"} 0",
            "rollerball_commands_total{kind=\"move\",outcome=\"done\"} 1",
            "rollerball_discord_requests_total{result=\"rate_limited\"} 1",
            "rollerball_discord_requests_total{result=\"ok\"} 0",
            "rollerball_move_seconds_bucket{le=\"0.0025\"} 0",
            "rollerball_move_seconds_bucket{le=\"0.005\"} 1",
            "rollerball_move_seconds_count 1",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
    }

    /// Each reason to be unhealthy is told apart; the database's failure is answered in two
    /// words, its error goes to the log.
    #[tokio::test]
    async fn health_says_database_unavailable_and_nothing_more() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("h.db").display());
        let store = Store::connect(&url).await.unwrap();
        let m = Metrics::new();
        assert_eq!(m.health(&store).await, Err(Unhealthy::GatewayNotStarted));
        m.expect_shards(2);
        m.shard_connected(0, true);
        let down = m.health(&store).await.unwrap_err();
        assert_eq!(
            down,
            Unhealthy::ShardsDown {
                connected: 1,
                expected: 2
            }
        );
        assert_eq!(down.to_string(), "1 of 2 gateway shard(s) connected");
        m.shard_connected(1, true);
        assert_eq!(m.health(&store).await, Ok(()));
        store.close().await;
        let unhealthy = m.health(&store).await.unwrap_err();
        assert_eq!(unhealthy, Unhealthy::DatabaseUnavailable);
        assert_eq!(unhealthy.to_string(), "database unavailable");
    }

    #[test]
    fn shards_counted() {
        let m = Metrics::new();
        m.expect_shards(2);
        m.shard_connected(0, true);
        m.shard_connected(1, true);
        m.shard_connected(1, false);
        let text = m.text();
        assert!(
            text.lines()
                .any(|l| l == "rollerball_gateway_shards_connected 1")
        );
        assert!(text.lines().any(|l| l == "rollerball_gateway_shards 2"));
    }
}
