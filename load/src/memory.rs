//! The process's memory, as the system reports it: what the load run prints as it goes and at
//! the end.

use std::fmt;

/// The process's resident memory, from `/proc/self/status` (Linux).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryUse {
    /// Resident now (`VmRSS`), bytes.
    pub resident: u64,
    /// The most ever resident (`VmHWM`), bytes.
    pub peak: u64,
}

impl MemoryUse {
    /// This process's memory, where the system tells (Linux); `None` elsewhere.
    pub fn now() -> Option<MemoryUse> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        MemoryUse::parse(&status)
    }

    /// Reads `VmRSS` and `VmHWM` from the text of `/proc/PID/status`.
    pub fn parse(status: &str) -> Option<MemoryUse> {
        let field = |name: &str| -> Option<u64> {
            let line = status.lines().find(|l| l.starts_with(name))?;
            let kib: u64 = line[name.len()..]
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse()
                .ok()?;
            Some(kib * 1024)
        };
        Some(MemoryUse {
            resident: field("VmRSS:")?,
            peak: field("VmHWM:")?,
        })
    }
}

impl fmt::Display for MemoryUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
        write!(
            f,
            "peak {:.1} MiB (VmHWM), now {:.1} MiB (VmRSS)",
            mib(self.peak),
            mib(self.resident)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_read_from_proc_status() {
        let status = "Name:\tx\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t4\n";
        assert_eq!(
            MemoryUse::parse(status),
            Some(MemoryUse {
                resident: 100 * 1024 * 1024,
                peak: 200 * 1024 * 1024
            })
        );
        assert_eq!(MemoryUse::parse("Name:\tx\n"), None);
    }
}
