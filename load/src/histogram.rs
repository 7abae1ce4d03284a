//! Latency percentiles in constant memory, for runs of any length.

use std::fmt;
use std::time::Duration;

/// Latencies in constant memory, however long the run: counts per bucket, each bucket at most
/// 1/64 (1.6%) wide relative to its values, from 1 µs to over an hour.
#[derive(Clone)]
pub struct LatencyHistogram {
    counts: Vec<u64>,
    total: u64,
    max: Duration,
}

/// Sub-buckets per power of two.
const SUB_BUCKETS: u64 = 64;
/// Powers of two covered above the exact range: 2^(6+26) µs is over an hour.
const OCTAVES: u64 = 26;

impl Default for LatencyHistogram {
    fn default() -> Self {
        LatencyHistogram {
            counts: vec![0; ((OCTAVES + 1) * SUB_BUCKETS) as usize],
            total: 0,
            max: Duration::ZERO,
        }
    }
}

impl fmt::Debug for LatencyHistogram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LatencyHistogram({} values, median {:?}, max {:?})",
            self.total,
            self.quantile(0.5),
            self.max
        )
    }
}

impl LatencyHistogram {
    fn bucket(micros: u64) -> usize {
        if micros < SUB_BUCKETS {
            return micros as usize;
        }
        // Values in [2^k, 2^(k+1)) share 64 buckets of width 2^(k-6).
        let octave = 63 - u64::from(micros.leading_zeros()); // k >= 6
        let shift = octave - 6;
        let index = (octave - 5) * SUB_BUCKETS + ((micros >> shift) - SUB_BUCKETS);
        index.min((OCTAVES + 1) * SUB_BUCKETS - 1) as usize
    }

    /// The largest value a bucket holds, in microseconds.
    fn bucket_top(index: usize) -> u64 {
        let index = index as u64;
        if index < SUB_BUCKETS {
            return index;
        }
        let octave = index / SUB_BUCKETS + 5;
        let shift = octave - 6;
        ((index % SUB_BUCKETS + SUB_BUCKETS + 1) << shift) - 1
    }

    /// Counts one latency.
    pub fn record(&mut self, latency: Duration) {
        let micros = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
        self.counts[Self::bucket(micros)] += 1;
        self.total += 1;
        self.max = self.max.max(latency);
    }

    /// Adds another histogram's counts.
    pub fn merge(&mut self, other: &LatencyHistogram) {
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
        self.total += other.total;
        self.max = self.max.max(other.max);
    }

    /// How many latencies were counted.
    pub fn count(&self) -> u64 {
        self.total
    }

    /// The longest latency counted.
    pub fn max(&self) -> Duration {
        self.max
    }

    /// The latency below which a share `q` (0 to 1) of the counted ones lie, to within the
    /// bucket width (never more than the maximum). Zero when nothing was counted.
    pub fn quantile(&self, q: f64) -> Duration {
        if self.total == 0 {
            return Duration::ZERO;
        }
        let rank = ((q.clamp(0.0, 1.0) * self.total as f64).ceil() as u64).max(1);
        let last = self.counts.len() - 1;
        let mut seen = 0;
        for (index, &count) in self.counts.iter().enumerate() {
            seen += count;
            if seen >= rank {
                if index == last {
                    // The last bucket also holds everything beyond its range.
                    return self.max;
                }
                return Duration::from_micros(Self::bucket_top(index)).min(self.max);
            }
        }
        self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_within_a_bucket_of_the_truth() {
        let mut h = LatencyHistogram::default();
        for micros in 1..=10_000u64 {
            h.record(Duration::from_micros(micros));
        }
        assert_eq!(h.count(), 10_000);
        let median = h.quantile(0.5).as_micros() as f64;
        assert!((median - 5_000.0).abs() / 5_000.0 < 0.02, "{median}");
        let p99 = h.quantile(0.99).as_micros() as f64;
        assert!((p99 - 9_900.0).abs() / 9_900.0 < 0.02, "{p99}");
        assert_eq!(h.quantile(1.0), Duration::from_micros(10_000));
        assert_eq!(h.max(), Duration::from_micros(10_000));
    }

    #[test]
    fn small_values_are_exact_and_huge_ones_are_kept() {
        let mut h = LatencyHistogram::default();
        h.record(Duration::from_micros(3));
        assert_eq!(h.quantile(0.5), Duration::from_micros(3));
        h.record(Duration::from_secs(100_000));
        assert_eq!(h.max(), Duration::from_secs(100_000));
        assert_eq!(h.quantile(1.0), Duration::from_secs(100_000));
        assert_eq!(LatencyHistogram::default().quantile(0.5), Duration::ZERO);
    }

    #[test]
    fn every_bucket_holds_what_it_claims() {
        for micros in (0..5_000_000u64).step_by(997) {
            let b = LatencyHistogram::bucket(micros);
            assert!(LatencyHistogram::bucket_top(b) >= micros, "{micros}");
            if b > 0 {
                assert!(LatencyHistogram::bucket_top(b - 1) < micros, "{micros}");
            }
        }
    }

    #[test]
    fn merged_histograms_count_both() {
        let mut a = LatencyHistogram::default();
        let mut b = LatencyHistogram::default();
        a.record(Duration::from_millis(1));
        b.record(Duration::from_millis(3));
        b.record(Duration::from_millis(5));
        a.merge(&b);
        assert_eq!(a.count(), 3);
        assert_eq!(a.max(), Duration::from_millis(5));
        let median = a.quantile(0.5).as_micros();
        // 3,000 µs lies in a bucket 32 µs wide.
        assert!((3_000..3_032).contains(&median), "{median}");
    }
}
