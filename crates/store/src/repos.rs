//! The store's repositories: one type per kind of record, each a view of the one [`Store`].
//!
//! A [`Store`] is the database handle (its pool, SQLite's writer and group-commit queue, the
//! caps and the event sink); what the bot reads and writes goes through the repository of the
//! records it is about, borrowed from it: `store.games().game(id)`, `store.play().commit_move(…)`,
//! `store.event_log().events_after(…)`. Each is a borrowed handle, as cheap as the reference it
//! holds, so a caller names the repository at each call rather than keeping it. They share the
//! store's connections and transactions' helpers; a write that concerns two kinds (accepting a
//! challenge starts its game) lives with the record it starts from.

use crate::Store;

macro_rules! repositories {
    ($($(#[$doc:meta])* $name:ident => $accessor:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy)]
            pub struct $name<'a> {
                pub(crate) store: &'a Store,
            }

            impl std::fmt::Debug for $name<'_> {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.debug_tuple(stringify!($name)).field(self.store).finish()
                }
            }
        )*

        /// The repositories, each borrowed from the store.
        impl Store {
            $(
                #[doc = concat!("The [`", stringify!($name), "`] repository of this database.")]
                pub fn $accessor(&self) -> $name<'_> {
                    $name { store: self }
                }
            )*
        }
    };
}

repositories! {
    /// Games and what is read of them: a game, its moves, the games of a player or a place,
    /// rematches, records and streaks, and the engine's analyses of finished games.
    Games => games;
    /// The changes of games in play, each guarded by the game's version: starting a game, a
    /// move (group-committed on SQLite), its end, offers, takebacks, deadlines, forecasts, and
    /// the sweep's claims of due turns, time-outs and reminders.
    Play => play;
    /// Challenges: made, read, accepted (which starts the game), declined, withdrawn, expired.
    Challenges => challenges;
    /// Players and their settings, the servers' locales, vacations, and the notices held for
    /// players Discord would not let the bot message.
    Players => players;
    /// Ratings: a player's, the leaderboard, a rank, and applying a finished game's result.
    Ratings => ratings;
    /// Tournaments: made, joined, left, started, withdrawn from, finished and announced.
    Tournaments => tournaments;
    /// The event log: reading it, the readers' positions, wake-ups, and pruning.
    EventLog => event_log;
}
