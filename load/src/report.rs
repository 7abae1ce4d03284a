//! The figures of a load run, as the driver returns and prints them.

use std::fmt;
use std::time::Duration;

use crate::{LatencyHistogram, MemoryUse};

/// The figures of a load run.
#[derive(Clone, Debug)]
pub struct LoadReport {
    /// Slots.
    pub games: usize,
    /// Workers.
    pub concurrency: usize,
    /// Games of earlier runs that this run continued.
    pub resumed: u64,
    /// Games started by this run (before and during the timed part).
    pub started: u64,
    /// Games that ended during the run (by the rules, or resigned at the ply limit).
    pub finished: u64,
    /// Moves acknowledged during the timed part.
    pub moves: u64,
    /// Moves the service did not acknowledge (the driver then reloads the game).
    pub refused: u64,
    /// How long setting up the slots took.
    pub setup: Duration,
    /// How long the timed part took.
    pub elapsed: Duration,
    /// The CPU time the whole process (every thread, user and system) used in the timed part,
    /// if the system tells: on a shared machine, a steadier measure of the work than `elapsed`.
    pub cpu: Option<Duration>,
    /// Latency of each acknowledged move, from the call to the reply.
    pub latency: LatencyHistogram,
    /// The process's memory at the end, if the system tells.
    pub memory: Option<MemoryUse>,
}

impl LoadReport {
    /// Acknowledged moves per second of the timed part.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// CPU time of the process per acknowledged move, in microseconds, if the system tells.
    pub fn cpu_micros_per_move(&self) -> Option<f64> {
        self.cpu
            .map(|cpu| cpu.as_secs_f64() * 1e6 / self.moves.max(1) as f64)
    }
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        writeln!(
            f,
            "{} games ({} continued from the database), {} concurrent; set up in {:.1} s",
            self.games,
            self.resumed,
            self.concurrency,
            self.setup.as_secs_f64()
        )?;
        writeln!(
            f,
            "{} moves in {:.2} s: {:.0} moves/s",
            self.moves,
            self.elapsed.as_secs_f64(),
            self.moves_per_second()
        )?;
        if let Some(micros) = self.cpu_micros_per_move() {
            writeln!(f, "CPU time per move: {micros:.0} µs (the whole process)")?;
        }
        writeln!(
            f,
            "latency per move: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            ms(self.latency.quantile(0.5)),
            ms(self.latency.quantile(0.99)),
            ms(self.latency.max())
        )?;
        writeln!(
            f,
            "games started {}, finished {}; moves refused {}",
            self.started, self.finished, self.refused
        )?;
        match self.memory {
            Some(m) => writeln!(f, "memory: {m}"),
            None => writeln!(f, "memory: not known on this system"),
        }
    }
}
