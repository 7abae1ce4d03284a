//! The help's table: every command with its usage line and an example, in the order `help`
//! lists them. What each does is a text of the `help` topic, in the reader's language.

use crate::i18n::{self, Lang};

/// One command's entry in the help: its name, usage line and an example. What it does is
/// [`HelpEntry::summary`], in the reader's language.
pub struct HelpEntry {
    /// The command's word (`challenge`).
    pub name: &'static str,
    /// Its usage line, as the parser reads it.
    pub usage: &'static str,
    /// A line that uses it.
    pub example: &'static str,
}

impl HelpEntry {
    /// What the command does, in `lang` (the message `help-NAME`).
    pub fn summary(&self, lang: Lang) -> String {
        lang.text(&format!("help-{}", self.name), &i18n::Args::new())
    }
}

/// Every command, in the order `help` lists them.
pub const HELP: &[HelpEntry] = &[
    HelpEntry {
        name: "challenge",
        usage: "challenge [@player | computer [level N]] [white|black|random] [days N] [casual]",
        example: "challenge @bob white days 5",
    },
    HelpEntry {
        name: "accept",
        usage: "accept [#ID]",
        example: "accept",
    },
    HelpEntry {
        name: "decline",
        usage: "decline [#ID]",
        example: "decline",
    },
    HelpEntry {
        name: "cancel",
        usage: "cancel [#ID]",
        example: "cancel",
    },
    HelpEntry {
        name: "move",
        usage: "move [#ID] MOVE",
        example: "move Rb7",
    },
    HelpEntry {
        name: "board",
        usage: "board [#ID]",
        example: "board",
    },
    HelpEntry {
        name: "moves",
        usage: "moves [#ID] [SQUARE]",
        example: "moves e1",
    },
    HelpEntry {
        name: "history",
        usage: "history [#ID]",
        example: "history",
    },
    HelpEntry {
        name: "games",
        usage: "games",
        example: "games",
    },
    HelpEntry {
        name: "game",
        usage: "game ID",
        example: "game #12",
    },
    HelpEntry {
        name: "export",
        usage: "export [#ID]",
        example: "export",
    },
    HelpEntry {
        name: "web",
        usage: "web [#ID] | web revoke",
        example: "web",
    },
    HelpEntry {
        name: "analysis",
        usage: "analysis [#ID]",
        example: "analysis #12",
    },
    HelpEntry {
        name: "resign",
        usage: "resign [#ID]",
        example: "resign",
    },
    HelpEntry {
        name: "draw",
        usage: "draw [#ID] [accept|decline]",
        example: "draw",
    },
    HelpEntry {
        name: "takeback",
        usage: "takeback [#ID] [accept|decline]",
        example: "takeback",
    },
    HelpEntry {
        name: "abort",
        usage: "abort [#ID]",
        example: "abort",
    },
    HelpEntry {
        name: "moretime",
        usage: "moretime [#ID] DAYS",
        example: "moretime 2",
    },
    HelpEntry {
        name: "rematch",
        usage: "rematch [#ID]",
        example: "rematch",
    },
    HelpEntry {
        name: "forecast",
        usage: super::correspondence::FORECAST_USAGE,
        example: "forecast e6-f7 c1-b2 d7xe2 f1-g1",
    },
    HelpEntry {
        name: "vacation",
        usage: super::correspondence::VACATION_USAGE,
        example: "vacation on 7",
    },
    HelpEntry {
        name: "leaderboard",
        usage: "leaderboard",
        example: "leaderboard",
    },
    HelpEntry {
        name: "stats",
        usage: "stats [@player]",
        example: "stats @bob",
    },
    HelpEntry {
        name: "rules",
        usage: "rules",
        example: "rules",
    },
    HelpEntry {
        name: "settings",
        usage: "settings [language CODE | pings on|off | dm on|off]",
        example: "settings dm on",
    },
    HelpEntry {
        name: "help",
        usage: "help [COMMAND]",
        example: "help challenge",
    },
    HelpEntry {
        name: "tournament",
        usage: "tournament create NAME [days N] [double] [casual] [max N] | join|leave|start|cancel [#T] | withdraw [#T] @player | [#T] [table]",
        example: "tournament create Spring days 5",
    },
    HelpEntry {
        name: "tournaments",
        usage: "tournaments",
        example: "tournaments",
    },
];

/// The help entry of a command word, if there is one.
pub fn help_entry(name: &str) -> Option<&'static HelpEntry> {
    HELP.iter().find(|e| e.name.eq_ignore_ascii_case(name))
}

pub(super) fn usage(name: &str) -> &'static str {
    help_entry(name).map_or("help", |e| e.usage)
}
