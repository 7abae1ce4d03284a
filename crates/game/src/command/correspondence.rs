//! The words of correspondence play: `forecast` (conditional moves) and `vacation`.

use super::{CommandError, GameId};
use crate::limits::VACATION_DAYS_PER_YEAR;

/// What `forecast` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForecastChange {
    /// `forecast [#ID]`: list your lines.
    List,
    /// `forecast [#ID] clear`: drop them.
    Clear,
    /// `forecast [#ID] MOVES…`: add lines, each the opponent's expected move, your answer, and
    /// so on (several lines separated by `;`), each move as typed.
    Add(Vec<Vec<String>>),
}

/// What `vacation` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationChange {
    /// `vacation on [DAYS]`: go away for `DAYS` days, or for the rest of the year's allowance.
    On(Option<u32>),
    /// `vacation off`: come back.
    Off,
}

/// The usage line of `forecast`, as the help shows it.
pub(super) const FORECAST_USAGE: &str = "forecast [#ID] [MOVES… [; MOVES…] | clear]";
/// The usage line of `vacation`.
pub(super) const VACATION_USAGE: &str = "vacation [on [DAYS] | off]";

/// Reads vacation days as a front end read them: 1 to [`VACATION_DAYS_PER_YEAR`].
pub fn vacation_days_number(n: i64) -> Result<u32, CommandError> {
    u32::try_from(n)
        .ok()
        .filter(|d| (1..=VACATION_DAYS_PER_YEAR).contains(d))
        .ok_or_else(|| CommandError::VacationDays(n.to_string()))
}

/// The lines of `forecast` from its words (the game number already taken), as a front end or
/// the parser read them: `clear`, nothing, or moves with `;` between lines.
pub fn forecast_change(text: &str) -> ForecastChange {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return ForecastChange::List;
    }
    if trimmed.eq_ignore_ascii_case("clear") {
        return ForecastChange::Clear;
    }
    let lines = trimmed
        .split(';')
        .map(|line| line.split_whitespace().map(str::to_string).collect())
        .filter(|line: &Vec<String>| !line.is_empty())
        .collect::<Vec<_>>();
    if lines.is_empty() {
        ForecastChange::List
    } else {
        ForecastChange::Add(lines)
    }
}

/// `forecast` from its words after the game number.
pub(super) fn forecast(game: Option<GameId>, words: &[&str]) -> super::Command {
    super::Command::Forecast {
        game,
        change: forecast_change(&words.join(" ")),
    }
}

/// `vacation` from its words.
pub(super) fn vacation(words: &[&str]) -> Result<super::Command, CommandError> {
    let unexpected = |word: &str| CommandError::Unexpected {
        command: "vacation",
        word: word.to_string(),
        usage: VACATION_USAGE,
    };
    let change = match words {
        [] => None,
        [on] if on.eq_ignore_ascii_case("on") => Some(VacationChange::On(None)),
        [on, days] if on.eq_ignore_ascii_case("on") => {
            let digits = days.trim_end_matches(['d', 'D']);
            let n = digits
                .parse::<i64>()
                .ok()
                .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| CommandError::VacationDays(days.to_string()))?;
            Some(VacationChange::On(Some(vacation_days_number(n).map_err(
                |_| CommandError::VacationDays(days.to_string()),
            )?)))
        }
        [off] if off.eq_ignore_ascii_case("off") => Some(VacationChange::Off),
        [on, _, extra, ..] if on.eq_ignore_ascii_case("on") => return Err(unexpected(extra)),
        [off, extra, ..] if off.eq_ignore_ascii_case("off") => return Err(unexpected(extra)),
        [word, ..] => return Err(unexpected(word)),
    };
    Ok(super::Command::Vacation { change })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Command;

    #[test]
    fn forecast_lines_are_split_on_semicolons() {
        assert_eq!(
            Command::parse("forecast #3 e6-f7 c1-b2; e6-e5 Rb2").unwrap(),
            Command::Forecast {
                game: Some(GameId(3)),
                change: ForecastChange::Add(vec![
                    vec!["e6-f7".into(), "c1-b2".into()],
                    vec!["e6-e5".into(), "Rb2".into()],
                ])
            }
        );
        assert_eq!(
            Command::parse("forecast CLEAR").unwrap(),
            Command::Forecast {
                game: None,
                change: ForecastChange::Clear
            }
        );
        assert_eq!(
            Command::parse("forecast").unwrap(),
            Command::Forecast {
                game: None,
                change: ForecastChange::List
            }
        );
    }

    #[test]
    fn vacation_reads_on_off_and_days() {
        let change = |line: &str| match Command::parse(line) {
            Ok(Command::Vacation { change }) => Ok(change),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e.to_string()),
        };
        assert_eq!(change("vacation"), Ok(None));
        assert_eq!(change("vacation on"), Ok(Some(VacationChange::On(None))));
        assert_eq!(
            change("vacation on 7"),
            Ok(Some(VacationChange::On(Some(7))))
        );
        assert_eq!(change("Vacation OFF"), Ok(Some(VacationChange::Off)));
        assert_eq!(
            change("vacation on 31"),
            Err("Vacation days must be a whole number from 1 to 30, not `31`.".into())
        );
        assert_eq!(
            change("vacation on 0"),
            Err("Vacation days must be a whole number from 1 to 30, not `0`.".into())
        );
        assert_eq!(
            change("vacation maybe"),
            Err(
                "`vacation` does not understand `maybe`. Usage: `vacation [on [DAYS] | off]`"
                    .into()
            )
        );
    }
}
