//! What the bot's metrics add to a move: the observer calls the service makes for one move
//! played (its command counted by kind and outcome, its latency in the histogram, the move
//! counted), against the same calls to the observer that records nothing. The difference, set
//! beside a move's CPU time from `rollerball-load run`, is the metrics' share of a move; the
//! load run's own comparison (`--metrics compare`) shows the same within the noise of a shared
//! machine.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rollerball::game::{CommandOutcome, Observer, Unobserved};
use rollerball::metrics::Metrics;

/// The calls the service makes to its observer for one move played, in order.
fn one_move(observer: &dyn Observer) {
    observer.move_committed();
    observer.command(
        black_box("move"),
        CommandOutcome::Done,
        black_box(Duration::from_micros(2_400)),
    );
}

fn observers(c: &mut Criterion) {
    let metrics = Metrics::new();
    let mut group = c.benchmark_group("a move's metrics");
    group.bench_function("metrics on", |b| b.iter(|| one_move(black_box(&metrics))));
    group.bench_function("metrics off", |b| {
        b.iter(|| one_move(black_box(&Unobserved)))
    });
    group.finish();
}

criterion_group!(benches, observers);
criterion_main!(benches);
