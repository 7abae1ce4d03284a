//! The CPU time this process has used, as the system reports it: what a comparison of two loads
//! weighs besides the wall clock, since on a shared machine the wall clock measures the other
//! programs as much as this one.

use std::time::Duration;

/// Clock ticks per second of `/proc/PID/stat`'s times: `USER_HZ`, which Linux fixes at 100 for
/// every program (the kernel's own tick rate is hidden behind it).
const TICKS_PER_SECOND: u64 = 100;

/// The CPU time of every thread of this process, user and system together (`utime + stime` of
/// `/proc/self/stat`, Linux); `None` where the system does not tell.
pub fn process_cpu_time() -> Option<Duration> {
    parse_stat(&std::fs::read_to_string("/proc/self/stat").ok()?)
}

/// Reads `utime` and `stime` (fields 14 and 15) from the text of `/proc/PID/stat`. The command
/// name (field 2) is in parentheses and may hold spaces, so fields are counted after its `)`.
fn parse_stat(stat: &str) -> Option<Duration> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    // After the name: field 3 (state) is the first, so utime (14) is the 12th and stime the 13th.
    let mut fields = after_name.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis(
        (utime + stime) * 1000 / TICKS_PER_SECOND,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_is_read_after_the_command_name() {
        let stat = "4242 (rollerball load) S 1 4242 4242 0 -1 4194560 2112 0 0 0 \
                    1234 56 0 0 20 0 9 0 100 1000000 3000 18446744073709551615";
        assert_eq!(parse_stat(stat), Some(Duration::from_millis(12_900)));
    }

    #[test]
    fn this_process_has_used_some_cpu() {
        let spin = (0..2_000_000u64).fold(0u64, |a, b| a.wrapping_mul(31).wrapping_add(b));
        assert!(spin != 1, "keeps the loop");
        assert!(process_cpu_time().is_some());
    }
}
