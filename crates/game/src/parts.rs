//! The service's parts, each with one job, over the one shared core ([`Service`]: the store,
//! the clock, the game locks, the observer, the translations and the limits).
//!
//! [`Service`] is the core and the one front door ([`Service::handle`]: every request, from
//! every front end); what is not a request goes through the part whose job it is, borrowed from
//! it: `service.feed().next_announcements(…)`, `service.views().game_view(…)`,
//! `service.sweeper().sweep()`. Each part is a borrowed handle, as cheap as the reference it
//! holds (so a caller names the part at each call rather than keeping it), and each answers
//! with errors its callers can name ([`crate::DatabaseFailure`]) or none at all.

use crate::Service;

macro_rules! parts {
    ($($(#[$doc:meta])* $vis:vis $name:ident => $accessor:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy)]
            $vis struct $name<'a> {
                pub(crate) service: &'a Service,
            }
        )*

        /// The parts, each borrowed from the service.
        impl Service {
            $(
                #[doc = concat!("The [`", stringify!($name), "`] part of this service.")]
                $vis fn $accessor(&self) -> $name<'_> {
                    $name { service: self }
                }
            )*
        }
    };
}

parts! {
    /// Answering commands: the dispatch behind [`Service::handle`], the reply that shows a
    /// game, the notices held for players the bot may not message, and the threads front ends
    /// attach to games.
    pub Commands => commands;
    /// Whose language a text is told in: a player's choice, their client's, their server's.
    pub Languages => languages;
    /// What follows a game's end: the metrics, its forecasts dropped, the ratings, and the
    /// tournament it may finish.
    pub(crate) Endings => endings;
    /// The periodic sweep: time-outs, reminders, expired challenges, the computer's moves,
    /// forecasts and vacations due, finished tournaments, ratings left behind.
    pub Sweeper => sweeper;
    /// The event feed: the log read as what each front end tells (announcements, turn notices,
    /// a game's live events), each reader's position, and pruning.
    pub Feed => feed;
    /// Views: a game, a player, a tournament, the home page, PGN, private links, and the
    /// completions offered as a player types a move.
    pub Views => views;
}
