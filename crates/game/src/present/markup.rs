//! The seam between the service's words and a front end's way of showing players, times and
//! places. The service writes every reply through a [`Markup`] its front end supplies: Discord
//! turns a player into a mention that can ping and a time into `<t:…:R>`, which each client
//! shows in its reader's language and time zone; a terminal writes names and dates out.

use crate::command::{Mentions, PlainMentions};
use crate::i18n::{Lang, tr};
use crate::model::{Place, PlayerId, Timestamp};

/// How a front end shows the things in reply text that are more than words.
pub trait Markup: Send + Sync {
    /// A player, as the reader should see them (`name` is the one the bot last knew).
    fn player(&self, id: PlayerId, name: &str) -> String;
    /// A moment, relative to `now`, for a reader of `lang`.
    fn time(&self, at: Timestamp, now: Timestamp, lang: Lang) -> String;
    /// The channel or thread where a game is played, for a reader of `lang`.
    fn place(&self, place: Place, lang: Lang) -> String;
    /// Text a player wrote (their name), so that it shows as written, never as formatting.
    fn literal(&self, text: &str) -> String;
    /// A link that opens the channel or thread where a game is played from anywhere (a direct
    /// message), for a reader of `lang`; where there are no links, the place as it is shown.
    fn link(&self, place: Place, lang: Lang) -> String {
        self.place(place, lang)
    }
    /// A link to one of the bot's web pages, as a reply shows it: by default the address
    /// itself (Discord's keeps it from unfurling a second board under the one attached).
    fn url(&self, url: &str) -> String {
        url.to_string()
    }
    /// How the command of word `word` (`forecast`) is given on this front end besides typing
    /// it, for the help (Discord's slash command); `None` where there is no other way.
    fn command(&self, _word: &str) -> Option<String> {
        None
    }
    /// How this front end's players name each other in a typed line, beyond `@name`
    /// (Discord's `<@123>`).
    fn mentions(&self) -> &dyn Mentions {
        &PlainMentions
    }
}

/// Markup for plain text (a terminal, logs, tests of the words alone): players by name, times
/// written out in the reader's language, places by number.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextMarkup;

impl Markup for TextMarkup {
    fn player(&self, _id: PlayerId, name: &str) -> String {
        format!("@{name}")
    }

    fn time(&self, at: Timestamp, now: Timestamp, lang: Lang) -> String {
        written_time(at, now, lang)
    }

    fn place(&self, place: Place, lang: Lang) -> String {
        tr!(
            lang,
            "markup-place",
            id = place.thread.unwrap_or(place.channel).to_string()
        )
    }

    fn literal(&self, text: &str) -> String {
        text.to_string()
    }
}

/// A moment written out for a reader of `lang`: "in 3 days (2026-12-03 04:00 UTC)", "5 minutes
/// ago (…)". The span is rounded as Discord's own `<t:…:R>` times are ([`relative_span`]), so
/// the console and Discord say the same of the same deadline.
pub fn written_time(at: Timestamp, now: Timestamp, lang: Lang) -> String {
    let span = relative_span(at, now);
    let (year, month, day) = at.utc_date();
    let day_secs = at.0.div_euclid(1000).rem_euclid(86_400);
    let date = format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        day_secs / 3600,
        day_secs % 3600 / 60
    );
    tr!(
        lang,
        "markup-time",
        future = if span.future { "yes" } else { "no" },
        unit = span.unit.key(),
        count = span.count,
        date = date
    )
}

/// The unit a relative time is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpanUnit {
    /// Seconds, under a minute.
    Second,
    /// Minutes, under an hour.
    Minute,
    /// Hours, under 22 hours.
    Hour,
    /// Days, under 26 days.
    Day,
    /// Months (of 30.44 days on average), under 11 months.
    Month,
    /// Years.
    Year,
}

impl SpanUnit {
    /// The word `markup-span` selects the unit by.
    fn key(self) -> &'static str {
        match self {
            SpanUnit::Second => "second",
            SpanUnit::Minute => "minute",
            SpanUnit::Hour => "hour",
            SpanUnit::Day => "day",
            SpanUnit::Month => "month",
            SpanUnit::Year => "year",
        }
    }
}

/// How far a moment is from now, as a reader is told it: "in 3 days", "2 hours ago".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// True for a moment still to come (now itself is past, as Discord has it).
    pub future: bool,
    /// The unit it is counted in.
    pub unit: SpanUnit,
    /// How many of the unit, rounded to the nearest; 1 is said "a day", "an hour".
    pub count: u64,
}

/// How far `at` is from `now`, rounded as the Discord client rounds a `<t:…:R>` time. The client
/// formats it with moment.js's `fromNow()` after setting the thresholds `s` to 60, `ss` to -1 and
/// `m` to 60 (the rest are moment's defaults: `h` 22, `d` 26, `M` 11), and moment rounds every
/// count to the nearest whole one. So: seconds under 59.5 s; a minute up to 90 s, then minutes
/// under 59.5 minutes; an hour up to 90 minutes, then hours under 21.5 hours; a day up to 36
/// hours, then days under 25.5 days; a month up to 45 days, then months under 10.5 months; a
/// year up to 18 months, then years. (The client counts months on its reader's calendar; here a
/// month is the Gregorian average, 30.44 days, which moves a boundary by a day at most.) A deadline 3 days away less a few milliseconds is "in 3
/// days", and 47.9 hours away "in 2 days".
pub fn relative_span(at: Timestamp, now: Timestamp) -> Span {
    let diff = at.0.saturating_sub(now.0);
    let ms = diff.unsigned_abs();
    // Rounded to the nearest unit, halves up (JavaScript's `Math.round` on a positive number).
    let round = |unit: u64| (ms + unit / 2) / unit;
    let (seconds, minutes, hours, days) = (
        round(1_000),
        round(60_000),
        round(3_600_000),
        round(86_400_000),
    );
    // moment's months: 146,097 days make 4,800 months (the Gregorian cycle of 400 years).
    let months_x2 = (ms as u128 * 4_800 * 2 / (86_400_000 * 146_097)) as u64;
    let months = months_x2.div_ceil(2);
    let years = (months_x2 + 12) / 24;
    let (unit, count) = if seconds < 60 {
        (SpanUnit::Second, seconds)
    } else if minutes < 60 {
        (SpanUnit::Minute, minutes.max(1))
    } else if hours < 22 {
        (SpanUnit::Hour, hours.max(1))
    } else if days < 26 {
        (SpanUnit::Day, days.max(1))
    } else if months < 11 {
        (SpanUnit::Month, months.max(1))
    } else {
        (SpanUnit::Year, years.max(1))
    };
    Span {
        future: diff > 0,
        unit,
        count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_in_the_readers_language() {
        let now = Timestamp(0);
        let in_three_days = Timestamp(1_000 * 86_400 * 3);
        assert_eq!(
            written_time(in_three_days, now, Lang::En),
            "in 3 days (1970-01-04 00:00 UTC)"
        );
        assert_eq!(
            written_time(now, in_three_days, Lang::En),
            "3 days ago (1970-01-01 00:00 UTC)"
        );
        assert_eq!(
            written_time(in_three_days, now, Lang::Fr),
            "dans 3 jours (1970-01-04 00:00 UTC)"
        );
        assert_eq!(
            written_time(in_three_days, now, Lang::Es),
            "en 3 días (1970-01-04 00:00 UTC)"
        );
        assert_eq!(
            written_time(in_three_days, now, Lang::Ru),
            "через 3 дня (1970-01-04 00:00 UTC)"
        );
        assert_eq!(
            written_time(Timestamp(1_000 * 3600 * 5), now, Lang::Ru),
            "через 5 часов (1970-01-01 05:00 UTC)"
        );
        assert_eq!(
            written_time(Timestamp(1_000 * 60 * 21), now, Lang::Ru),
            "через 21 минуту (1970-01-01 00:21 UTC)"
        );
    }

    const SEC: i64 = 1_000;
    const MIN: i64 = 60 * SEC;
    const HOUR: i64 = 60 * MIN;
    const DAY: i64 = 24 * HOUR;

    /// The span Discord's client shows for a moment `ms` milliseconds from now.
    fn span(ms: i64) -> (bool, SpanUnit, u64) {
        let s = relative_span(
            Timestamp(1_700_000_000_000 + ms),
            Timestamp(1_700_000_000_000),
        );
        (s.future, s.unit, s.count)
    }

    #[test]
    fn spans_round_as_discord_does() {
        use SpanUnit::*;
        for (ms, want) in [
            // A few milliseconds after `vacation on 3`, a deadline 5 days away, a 2-day game.
            (3 * DAY - 5, (true, Day, 3)),
            (5 * DAY - 40, (true, Day, 5)),
            (2 * DAY - 1, (true, Day, 2)),
            (47 * HOUR + 59 * MIN, (true, Day, 2)),
            // Each unit's edges, as moment.js with Discord's thresholds has them.
            (0, (false, Second, 0)),
            (400, (true, Second, 0)),
            (500, (true, Second, 1)),
            (59 * SEC + 499, (true, Second, 59)),
            (59 * SEC + 500, (true, Minute, 1)),
            (89 * SEC, (true, Minute, 1)),
            (90 * SEC, (true, Minute, 2)),
            (59 * MIN + 29 * SEC, (true, Minute, 59)),
            (59 * MIN + 30 * SEC, (true, Hour, 1)),
            (90 * MIN - 1, (true, Hour, 1)),
            (90 * MIN, (true, Hour, 2)),
            (21 * HOUR + 29 * MIN, (true, Hour, 21)),
            (21 * HOUR + 30 * MIN, (true, Day, 1)),
            (36 * HOUR - 1, (true, Day, 1)),
            (36 * HOUR, (true, Day, 2)),
            (25 * DAY + 11 * HOUR, (true, Day, 25)),
            (25 * DAY + 12 * HOUR, (true, Month, 1)),
            (45 * DAY, (true, Month, 1)),
            (46 * DAY, (true, Month, 2)),
            (304 * DAY, (true, Month, 10)),
            (320 * DAY, (true, Year, 1)),
            (547 * DAY, (true, Year, 1)),
            (548 * DAY, (true, Year, 2)),
            // The past is counted the same way.
            (-(3 * DAY - 5), (false, Day, 3)),
            (-(90 * SEC), (false, Minute, 2)),
        ] {
            assert_eq!(span(ms), want, "{ms} ms");
        }
    }

    #[test]
    fn a_span_of_one_reads_as_discord_reads_it() {
        let now = Timestamp(0);
        let at = |ms: i64| written_time(Timestamp(ms), now, Lang::En);
        assert_eq!(at(30 * HOUR), "in a day (1970-01-02 06:00 UTC)");
        assert_eq!(at(HOUR), "in an hour (1970-01-01 01:00 UTC)");
        assert_eq!(at(MIN), "in a minute (1970-01-01 00:01 UTC)");
        assert_eq!(at(3 * DAY - 5), "in 3 days (1970-01-03 23:59 UTC)");
        assert_eq!(at(40 * DAY), "in a month (1970-02-10 00:00 UTC)");
        assert_eq!(at(100 * DAY), "in 3 months (1970-04-11 00:00 UTC)");
        assert_eq!(at(SEC), "in 1 second (1970-01-01 00:00 UTC)");
        let fr = written_time(Timestamp(HOUR), now, Lang::Fr);
        assert_eq!(fr, "dans une heure (1970-01-01 01:00 UTC)");
        let es = written_time(Timestamp(30 * HOUR), now, Lang::Es);
        assert_eq!(es, "en un día (1970-01-02 06:00 UTC)");
        // Russian says "через минуту" for one, and keeps the number for 21.
        let ru = |ms: i64| written_time(Timestamp(ms), now, Lang::Ru);
        assert_eq!(ru(MIN), "через минуту (1970-01-01 00:01 UTC)");
        assert_eq!(ru(21 * MIN), "через 21 минуту (1970-01-01 00:21 UTC)");
        assert_eq!(ru(21 * DAY), "через 21 день (1970-01-22 00:00 UTC)");
        assert_eq!(ru(-(2 * DAY)), "2 дня назад (1969-12-30 00:00 UTC)");
        assert_eq!(ru(200 * DAY), "через 7 месяцев (1970-07-20 00:00 UTC)");
        assert_eq!(ru(5 * 365 * DAY), "через 5 лет (1974-12-31 00:00 UTC)");
    }
}
