//! A per-player rate limit, so that one player flooding the bot with commands cannot slow it
//! down for everyone else or fill a channel with answers.
//!
//! Each player has a token bucket: [`RateLimit::burst`] commands may come at once, and one more
//! becomes available every [`RateLimit::refill_every`]. It is kept as the single time at which
//! the player's bucket will be full again (the generic cell rate algorithm), read against the
//! service's [`Clock`](super::Clock), so tests drive it exactly with a hand-driven clock.
//!
//! The buckets live in the memory of one process: with several processes (shards) each limits
//! the players it serves. A player whose bucket is full again is the same as a player never
//! seen, so such entries are dropped as the table grows, and it only ever holds the players of
//! the last few seconds.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use super::i18n::{Lang, tr};
use crate::store::{PlayerId, Timestamp};

/// How many commands one player may send in a row: enough for a burst of quick moves and
/// look-ups, far below what would keep the bot busy.
pub const BURST: u32 = 8;

/// After a burst, one more command is allowed this often: 30 a minute, more than anyone
/// playing needs.
pub const REFILL_EVERY: Duration = Duration::from_secs(2);

/// How many completions (the moves offered as a player types one) a player may ask for in a
/// row: a few keystrokes' worth more than a move of several characters takes.
pub const COMPLETION_BURST: u32 = 20;

/// After a burst of completions, one more is allowed this often: cheap enough for typing, far
/// below what would keep the database busy.
pub const COMPLETION_REFILL_EVERY: Duration = Duration::from_millis(500);

/// The table is swept of full buckets when it grows past this many players (and then past
/// twice what the sweep left), so sweeping costs nothing per command on average.
const SWEEP_AT: usize = 1024;

/// The answer to a command over the limit, said once per burst, in `lang`.
pub fn slow_down(lang: Lang) -> String {
    tr!(lang, "rate-slow-down")
}

/// The shape of the limit: a burst, and the pace at which it refills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Commands allowed at once.
    pub burst: u32,
    /// One more command becomes available each time this passes.
    pub refill_every: Duration,
}

impl Default for RateLimit {
    /// [`BURST`] commands, refilling one every [`REFILL_EVERY`].
    fn default() -> RateLimit {
        RateLimit {
            burst: BURST,
            refill_every: REFILL_EVERY,
        }
    }
}

impl RateLimit {
    /// The allowance of completions, apart from the commands': [`COMPLETION_BURST`] in a row,
    /// refilling one every [`COMPLETION_REFILL_EVERY`].
    pub fn completions() -> RateLimit {
        RateLimit {
            burst: COMPLETION_BURST,
            refill_every: COMPLETION_REFILL_EVERY,
        }
    }
}

/// What the limiter says about one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go ahead.
    Admit,
    /// Over the limit, and the player has not been told yet in this burst: tell them.
    Refuse,
    /// Over the limit, and already told: a front end that may stay silent should.
    RefuseQuietly,
}

/// One player's bucket.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    /// When the bucket is full again (milliseconds): each admitted command pushes it one refill
    /// further; it is never earlier than now.
    full_at: i64,
    /// The player was refused since their last admitted command.
    told: bool,
}

/// The buckets of every player seen lately.
#[derive(Debug)]
pub struct RateLimiter {
    limit: RateLimit,
    buckets: Mutex<Table>,
}

#[derive(Debug, Default)]
struct Table {
    buckets: HashMap<PlayerId, Bucket>,
    sweep_at: usize,
}

impl RateLimiter {
    /// A limiter with `limit` for every player.
    pub fn new(limit: RateLimit) -> RateLimiter {
        RateLimiter {
            limit,
            buckets: Mutex::new(Table {
                buckets: HashMap::new(),
                sweep_at: SWEEP_AT,
            }),
        }
    }

    /// The limit it applies.
    pub fn limit(&self) -> RateLimit {
        self.limit
    }

    /// Counts one command of `player` at `now` and says whether it may go ahead.
    pub fn check(&self, player: PlayerId, now: Timestamp) -> Verdict {
        let step = i64::try_from(self.limit.refill_every.as_millis()).unwrap_or(i64::MAX);
        // A full bucket may run `burst` commands ahead of the refill before it is empty.
        let room = step.saturating_mul(i64::from(self.limit.burst.max(1)));
        let mut table = self.buckets.lock().expect("rate table poisoned");
        if table.buckets.len() >= table.sweep_at {
            table.buckets.retain(|_, b| b.full_at > now.0);
            table.sweep_at = (table.buckets.len() * 2).max(SWEEP_AT);
        }
        let bucket = table.buckets.entry(player).or_insert(Bucket {
            full_at: now.0,
            told: false,
        });
        let full_at = bucket.full_at.max(now.0);
        if full_at.saturating_add(step) - now.0 <= room {
            bucket.full_at = full_at.saturating_add(step);
            bucket.told = false;
            Verdict::Admit
        } else if bucket.told {
            Verdict::RefuseQuietly
        } else {
            bucket.told = true;
            Verdict::Refuse
        }
    }

    /// How many players the table holds (for tests of its bound).
    pub fn tracked(&self) -> usize {
        self.buckets
            .lock()
            .expect("rate table poisoned")
            .buckets
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: Timestamp = Timestamp(1_000_000);

    fn at(ms: i64) -> Timestamp {
        Timestamp(T.0 + ms)
    }

    #[test]
    fn a_burst_then_one_per_refill() {
        let limiter = RateLimiter::new(RateLimit::default());
        let alice = PlayerId(1);
        for i in 0..BURST {
            assert_eq!(limiter.check(alice, T), Verdict::Admit, "command {i}");
        }
        assert_eq!(limiter.check(alice, T), Verdict::Refuse);
        assert_eq!(limiter.check(alice, at(1999)), Verdict::RefuseQuietly);
        assert_eq!(limiter.check(alice, at(2000)), Verdict::Admit);
        assert_eq!(limiter.check(alice, at(2000)), Verdict::Refuse);
        // Someone else is not slowed by Alice.
        assert_eq!(limiter.check(PlayerId(2), at(2000)), Verdict::Admit);
        // After a full burst's worth of refills the bucket is full again.
        for i in 0..BURST {
            assert_eq!(limiter.check(alice, at(18_000)), Verdict::Admit, "{i}");
        }
        assert_eq!(limiter.check(alice, at(18_000)), Verdict::Refuse);
    }

    #[test]
    fn the_table_forgets_players_whose_bucket_is_full() {
        let limiter = RateLimiter::new(RateLimit::default());
        for id in 0..SWEEP_AT as u64 {
            limiter.check(PlayerId(id), T);
        }
        assert_eq!(limiter.tracked(), SWEEP_AT);
        // A burst's worth of refills later every bucket is full: the next newcomer sweeps.
        limiter.check(PlayerId(u64::MAX), at(16_000));
        assert_eq!(limiter.tracked(), 1);
    }
}
