//! What is never asked for, nor answered, where others read: a player's forecast lines are
//! theirs alone (their opponent must not learn how they mean to answer), so `forecast` in all
//! its forms — giving lines, listing them, clearing them — is refused in a server's channel and
//! taken where only its asker reads the answers: a slash command, a direct message with the
//! bot, the console.

use super::command::{Command, ForecastChange};
use super::context::said;
use super::i18n::Lang;
use super::observe::RefusalReason;
use super::reply::{Exposed, Reply};
use super::request::Audience;

/// The refusal of `command` when `audience` is not the asker alone and the command would show
/// (or its words do show) what only the asker may see; `None` when it may go ahead.
pub(crate) fn refused_in_public(
    command: &Command,
    audience: Audience,
    lang: Lang,
) -> Option<Reply> {
    let Command::Forecast { change, .. } = command else {
        return None;
    };
    if audience == Audience::Asker {
        return None;
    }
    let exposed = match change {
        ForecastChange::Add(_) => Exposed::Request,
        ForecastChange::List | ForecastChange::Clear => Exposed::Answer,
    };
    Some(Reply {
        exposed: Some(exposed),
        ..said!("forecast-in-public").refusal(RefusalReason::NotAllowed, lang)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::forecast_change;

    #[test]
    fn forecasts_are_refused_where_others_read() {
        let forecast = |words: &str| Command::Forecast {
            game: None,
            change: forecast_change(words),
        };
        for (words, exposed) in [
            ("e6-f7 c1-b2", Exposed::Request),
            ("", Exposed::Answer),
            ("clear", Exposed::Answer),
        ] {
            let refused = refused_in_public(&forecast(words), Audience::Channel, Lang::En)
                .expect("refused in a channel");
            assert_eq!(refused.exposed, Some(exposed), "{words}");
            assert!(refused.private);
            assert!(
                refused.text.contains("`/rb-forecast add`"),
                "{}",
                refused.text
            );
            assert_eq!(
                refused_in_public(&forecast(words), Audience::Asker, Lang::En),
                None
            );
        }
        assert_eq!(
            refused_in_public(&Command::Games, Audience::Channel, Lang::En),
            None
        );
    }
}
