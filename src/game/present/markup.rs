//! The seam between the service's words and a front end's way of showing players, times and
//! places. The service writes every reply through a [`Markup`] its front end supplies: Discord
//! turns a player into a mention that can ping and a time into `<t:…:R>`, which each client
//! shows in its reader's language and time zone; a terminal writes names and dates out.

use crate::game::i18n::{Lang, tr};
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
    /// How the command of word `word` (`forecast`) is given on this front end besides typing
    /// it, for the help (Discord's slash command); `None` where there is no other way.
    fn command(&self, _word: &str) -> Option<String> {
        None
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
/// ago (…)". The span counts whole days from two days on, whole hours from two hours, whole
/// minutes from two minutes, else seconds.
pub fn written_time(at: Timestamp, now: Timestamp, lang: Lang) -> String {
    let secs = (at.0 - now.0) / 1000;
    let amount = secs.unsigned_abs();
    let (unit, count) = if amount >= 2 * 86_400 {
        ("day", amount / 86_400)
    } else if amount >= 2 * 3600 {
        ("hour", amount / 3600)
    } else if amount >= 120 {
        ("minute", amount / 60)
    } else {
        ("second", amount)
    };
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
        future = if secs >= 0 { "yes" } else { "no" },
        unit = unit,
        count = count,
        date = date
    )
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
            "dentro de 3 días (1970-01-04 00:00 UTC)"
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
}
