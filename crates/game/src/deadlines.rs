//! The correspondence clock: how long a challenge waits, when each move is due, and when the
//! player to move is reminded.

use std::time::Duration;

use crate::model::{Days, Timestamp};
use crate::store::Deadline;

/// How long a challenge waits to be taken.
pub const CHALLENGE_LIFETIME: Duration = Duration::from_secs(24 * 3600);
/// The last reminder comes this long before the deadline.
pub const FINAL_REMINDER_BEFORE: Duration = Duration::from_secs(2 * 3600);
/// The first reminder comes when this share of the allowance has passed.
pub const FIRST_REMINDER_AT: f64 = 0.8;
/// A deadline is never pushed further than this from now by `moretime`.
pub const MAX_DEADLINE_AHEAD_DAYS: u32 = 28;

/// The deadline of a move starting `now` with `days` to play it, with its reminders.
pub(crate) fn deadline(now: Timestamp, days: Days) -> Deadline {
    reminders(now, now.plus_days(days.get()))
}

/// The deadline of a move with `days` to play it, for a player who may be on vacation until
/// `away_until`: their clock starts when they come back, or `now` if they are at home.
pub(crate) fn deadline_after_vacation(
    now: Timestamp,
    days: Days,
    away_until: Option<Timestamp>,
) -> Deadline {
    let start = away_until.filter(|&until| until > now).unwrap_or(now);
    reminders(start, start.plus_days(days.get()))
}

/// The deadline `at` with its two reminders: at 80% of the allowance, and shortly before.
pub(crate) fn reminders(now: Timestamp, at: Timestamp) -> Deadline {
    let allowance = (at.0 - now.0).max(0);
    let first = Timestamp(now.0 + (allowance as f64 * FIRST_REMINDER_AT) as i64);
    let last = Timestamp(at.0 - FINAL_REMINDER_BEFORE.as_millis() as i64);
    Deadline {
        at,
        first_reminder: Some(first),
        last_reminder: (last > first).then_some(last),
    }
}
