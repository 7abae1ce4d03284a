//! How one reply speaks: its language and the front end's markup, and the phrases every game
//! reply is made of — who plays a side, how a game ended, whose move it is.

use super::markup::Markup;
use super::words::{side_key, yes_no};
use crate::i18n::{Lang, tr};
use crate::loaded::{Loaded, Side};
use crate::model::{Place, PlayerId, Timestamp};
use crate::rules::{Color, Outcome, Termination};
use crate::store::Game as StoredGame;

/// The language of a reply, with the front end's markup and the service's time.
#[derive(Clone, Copy)]
pub(crate) struct Voice<'a> {
    /// The reader's language.
    pub lang: Lang,
    /// How the front end shows players, times and places.
    pub markup: &'a dyn Markup,
    /// The service's time, which relative times count from.
    pub now: Timestamp,
}

impl Voice<'_> {
    /// A player, as the reader sees them.
    pub(crate) fn player(&self, id: PlayerId, name: &str) -> String {
        self.markup.player(id, name)
    }

    /// A moment, as the reader sees it.
    pub(crate) fn time(&self, at: Timestamp) -> String {
        self.markup.time(at, self.now, self.lang)
    }

    /// A place where games are played.
    pub(crate) fn place(&self, place: Place) -> String {
        self.markup.place(place, self.lang)
    }

    /// A link to a place where games are played, that opens it from anywhere.
    pub(crate) fn link(&self, place: Place) -> String {
        self.markup.link(place, self.lang)
    }

    /// A link to one of the bot's web pages.
    pub(crate) fn url(&self, url: &str) -> String {
        self.markup.url(url)
    }

    /// Who plays `color` in a loaded game: the player, or the computer and its level.
    pub(crate) fn side(&self, loaded: &Loaded, color: Color) -> String {
        match loaded.side(color) {
            Side::Player { id, name } => self.player(id, name),
            Side::Unknown(id) => self.player(id, &crate::players::unknown_name(id)),
            Side::Computer(level) => tr!(self.lang, "computer-side", level = level.get()),
            Side::Nobody(color) => color.to_string(),
        }
    }

    /// Who plays `color` in a stored game, given the player's name when there is one.
    pub(crate) fn row_side(&self, row: &StoredGame, color: Color, name: &str) -> String {
        match (row.player(color), row.computer_level) {
            (Some(player), _) => self.player(player, name),
            (None, Some(level)) => tr!(self.lang, "computer-side", level = level.get()),
            (None, None) => color.to_string(),
        }
    }

    /// "alice wins by checkmate", with the players named.
    pub(crate) fn outcome(&self, loaded: &Loaded, outcome: Outcome) -> String {
        let lang = self.lang;
        let result = outcome.result().to_string();
        let Some(w) = outcome.winner else {
            return match outcome.termination {
                Termination::Stalemate => tr!(lang, "outcome-stalemate"),
                Termination::Repetition => tr!(lang, "outcome-repetition"),
                Termination::Agreement => tr!(lang, "outcome-agreement"),
                Termination::Abort => tr!(lang, "outcome-aborted"),
                // No game ends drawn this way; said plainly should one ever be stored so.
                _ => tr!(lang, "outcome-draw", result = result),
            };
        };
        let winner = self.side(loaded, w);
        match outcome.termination {
            Termination::Checkmate => {
                tr!(lang, "outcome-checkmate", winner = winner, result = result)
            }
            Termination::Throne => tr!(
                lang,
                "outcome-throne",
                side = side_key(w),
                winner = winner,
                result = result
            ),
            Termination::Resignation => {
                tr!(
                    lang,
                    "outcome-resignation",
                    winner = winner,
                    result = result
                )
            }
            Termination::Time => tr!(lang, "outcome-time", winner = winner, result = result),
            Termination::Forfeit => tr!(lang, "outcome-forfeit", winner = winner, result = result),
            // No game is won this way; said plainly should one ever be stored so.
            _ => tr!(lang, "outcome-win", winner = winner, result = result),
        }
    }

    /// "Bob to move — deadline in 3 days", or how the game ended.
    pub(crate) fn turn_line(&self, loaded: &Loaded) -> String {
        if let Some(outcome) = loaded.game().outcome() {
            return tr!(
                self.lang,
                "turn-over",
                outcome = self.outcome(loaded, outcome)
            );
        }
        let to_move = loaded.to_move();
        tr!(
            self.lang,
            "turn-to-move",
            player = self.side(loaded, to_move),
            side = side_key(to_move),
            check = yes_no(loaded.game().position().is_check()),
            deadline = loaded
                .row()
                .deadline
                .map_or_else(|| "none".to_string(), |at| self.time(at))
        )
    }
}
