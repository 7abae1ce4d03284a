//! The cost of the bot's metrics on a move: the same load with the metrics off and on, in four
//! phases of one run on one database — off, on, on, off — so that a drift of the machine or of
//! the database over the run weighs on both sides alike. With the metrics on, the service
//! reports to [`Metrics`] exactly as the bot's does when `METRICS_ADDR` is set, and the metrics
//! are rendered (as a scrape would) after each phase. Each side is weighed twice: by its moves
//! per second, and by the CPU time of the whole process per move, which other programs on a
//! shared machine disturb much less than the wall clock.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use rollerball::discord::DiscordMarkup;
use rollerball::game::{Service, SystemClock};
use rollerball::metrics::Metrics;
use rollerball::store::Store;

use crate::{LatencyHistogram, LoadError, LoadOptions, Outputs, run};

/// The phases, in order: `true` with the metrics on.
pub const PHASES: [bool; 4] = [false, true, true, false];

/// One side of the comparison: its phases' moves, time and latencies together.
#[derive(Clone, Debug, Default)]
pub struct Side {
    /// Moves acknowledged.
    pub moves: u64,
    /// Time of the timed parts.
    pub elapsed: Duration,
    /// Latency of each acknowledged move.
    pub latency: LatencyHistogram,
    /// CPU time of the whole process (every thread, user and system) over the timed parts;
    /// zero where the system does not tell.
    pub cpu: Duration,
}

impl Side {
    /// Moves per second.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// CPU time per move, in microseconds.
    pub fn cpu_micros_per_move(&self) -> f64 {
        self.cpu.as_secs_f64() * 1e6 / (self.moves.max(1) as f64)
    }
}

/// The figures of a comparison.
#[derive(Clone, Debug, Default)]
pub struct MetricsComparison {
    /// With the metrics off.
    pub off: Side,
    /// With the metrics on.
    pub on: Side,
    /// The `rollerball_moves_total` line of the last scrape: what the metrics counted.
    pub moves_counted: String,
}

impl MetricsComparison {
    /// How much slower a move is with the metrics on, in percent of the rate without them
    /// (negative: faster, within the noise).
    pub fn cost_percent(&self) -> f64 {
        cost_percent(&self.off, &self.on)
    }

    /// How much more CPU a move takes with the metrics on, in percent of its CPU time without
    /// them (negative: less, within the noise).
    pub fn cpu_cost_percent(&self) -> f64 {
        cpu_cost_percent(&self.off, &self.on)
    }
}

impl fmt::Display for MetricsComparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_sides(f, "metrics", &self.off, &self.on)?;
        writeln!(f, "counted: {}", self.moves_counted)
    }
}

/// How much slower a move is with the thing compared on (`on`) than off, in percent of the
/// rate without it (negative: faster, within the noise).
pub(crate) fn cost_percent(off: &Side, on: &Side) -> f64 {
    let off = off.moves_per_second();
    (off - on.moves_per_second()) / off.max(1e-9) * 100.0
}

/// How much more CPU a move takes with the thing compared on, in percent of its CPU time
/// without it (negative: less, within the noise).
pub(crate) fn cpu_cost_percent(off: &Side, on: &Side) -> f64 {
    let off_cpu = off.cpu_micros_per_move();
    (on.cpu_micros_per_move() - off_cpu) / off_cpu.max(1e-9) * 100.0
}

/// A comparison's two sides, a line each, and what `what` (`metrics`, `web server`) costs.
pub(crate) fn write_sides(
    f: &mut fmt::Formatter<'_>,
    what: &str,
    off: &Side,
    on: &Side,
) -> fmt::Result {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    for (state, side) in [("off", off), ("on ", on)] {
        writeln!(
            f,
            "{what} {state}: {} moves in {:.2} s: {:.0} moves/s; median {:.2} ms, p99 {:.2} ms; \
             CPU {:.0} µs per move",
            side.moves,
            side.elapsed.as_secs_f64(),
            side.moves_per_second(),
            ms(side.latency.quantile(0.5)),
            ms(side.latency.quantile(0.99)),
            side.cpu_micros_per_move(),
        )?;
    }
    writeln!(
        f,
        "cost of the {what}: {:+.1} % of the moves/s, {:+.1} % of the CPU time per move",
        cost_percent(off, on),
        cpu_cost_percent(off, on)
    )
}

/// Runs `options`'s load once per phase of [`PHASES`] on `store` (each phase continues the
/// games the last one left) and compares the two sides.
pub async fn compare_metrics(
    store: &Store,
    options: &LoadOptions,
    mut progress: impl FnMut(&str),
) -> Result<MetricsComparison, LoadError> {
    let mut comparison = MetricsComparison::default();
    let metrics = Arc::new(Metrics::new());
    for (phase, on) in PHASES.into_iter().enumerate() {
        let mut service = Service::new(store.clone(), Arc::new(SystemClock))
            .with_markup(Arc::new(DiscordMarkup))
            .with_rate_limit(None);
        if on {
            service = service.with_observer(metrics.clone());
        }
        let phase_options = LoadOptions {
            seed: options.seed.wrapping_add(phase as u64),
            ..options.clone()
        };
        let report = run(
            Arc::new(service),
            store.clone(),
            &phase_options,
            Outputs::default(),
        )
        .await?;
        progress(&format!(
            "phase {} (metrics {}): {:.0} moves/s",
            phase + 1,
            if on { "on" } else { "off" },
            report.moves_per_second()
        ));
        let side = if on {
            let scraped = metrics.render(store).await;
            comparison.moves_counted = scraped
                .lines()
                .find(|l| l.starts_with("rollerball_moves_total "))
                .unwrap_or_default()
                .to_string();
            &mut comparison.on
        } else {
            &mut comparison.off
        };
        side.moves += report.moves;
        side.elapsed += report.elapsed;
        side.latency.merge(&report.latency);
        side.cpu += report.cpu.unwrap_or_default();
    }
    Ok(comparison)
}
