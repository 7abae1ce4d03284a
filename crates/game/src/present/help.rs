//! The answers to `help` and `rules`: what every command does, and the whole game in a few
//! lines.

use std::fmt::Write;

use crate::command::{HELP, help_entry};
use crate::i18n::{Lang, tr};
use crate::links::Links;
use crate::present::Voice;
use crate::reply::Reply;

/// The answer to `help` and `help COMMAND`; the one command's help says how it is given on the
/// front end besides typing it (Discord's slash command), where there is such a way. When the
/// bot serves web pages (`links`), both end with a link to the players' guide there.
pub(crate) fn help(voice: Voice<'_>, topic: Option<&str>, links: Option<&Links>) -> Reply {
    let guide = links.map(|links| {
        let page = voice.url(&links.help(voice.lang));
        format!("\n{}", tr!(voice.lang, "help-guide", page = page))
    });
    let lang = voice.lang;
    if let Some(topic) = topic {
        let Some(e) = help_entry(topic.trim_start_matches(['!', '/'])) else {
            return Reply::private(tr!(lang, "help-unknown", topic = topic));
        };
        let mut text = tr!(
            lang,
            "help-entry",
            name = e.name,
            summary = e.summary(lang),
            usage = e.usage,
            example = e.example
        );
        if let Some(slash) = voice.markup.command(e.name) {
            text.push('\n');
            text.push_str(&tr!(lang, "help-slash", command = slash));
        }
        text.push_str(guide.as_deref().unwrap_or(""));
        return Reply::private(text);
    }
    let mut text = tr!(lang, "help-header");
    text.push('\n');
    for e in HELP {
        let _ = writeln!(text, "• `{}` — {}", e.usage, e.summary(lang));
    }
    text.push_str(&tr!(lang, "help-footer"));
    text.push_str(guide.as_deref().unwrap_or(""));
    Reply::private(text)
}

/// The `rules` summary in `lang`: the whole game in a few lines, beside the start position.
pub fn rules_summary(lang: Lang) -> String {
    [
        "rules-intro",
        "rules-king",
        "rules-pawn",
        "rules-rook",
        "rules-bishop",
        "rules-win",
        "rules-notation",
    ]
    .map(|id| tr!(lang, id))
    .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summary as it was written in the code before it moved to `rules.ftl`.
    const ENGLISH_RULES: &str = "\
**Rollerball** (Jean-Louis Cazaux, 1998) is chess on a ring: a 7×7 board whose 3×3 centre is a hole. \
Both armies — king, two rooks, a bishop and two pawns — travel **clockwise**; every square has its own \
forward direction (the arrows on the board show where it turns).
• **King**: one step in any direction.
• **Pawn**: one step forward, straight or diagonally, to move or capture. On reaching the enemy pawns' \
start squares it must promote to a **rook** or a **bishop** (`e6=R`).
• **Rook**: slides forward any distance, and may **rebound** once off an outer corner; one step sideways \
or back. From b1, a6, f7 and g2 it may also slide sideways along the whole line.
• **Bishop**: slides diagonally forward, rebounding once off the edge or the hole; one step diagonally back.
**Win** by checkmate, or by bringing your king — after it has set off clockwise from its home squares — \
onto the enemy king's starting square, the **throne** (White d6, Black d2). Stalemate and threefold \
repetition are draws.
Moves are written `Rb7`, `cxb2`, `e6=R` or `c2-b3`.";

    #[test]
    fn the_english_rules_summary_is_unchanged() {
        assert_eq!(rules_summary(Lang::En), ENGLISH_RULES);
    }

    #[test]
    fn every_command_has_its_help_in_every_language() {
        for lang in Lang::ALL {
            for entry in HELP {
                let summary = entry.summary(lang);
                assert!(!summary.starts_with("help-"), "{lang}: {}", entry.name);
            }
        }
    }
}
