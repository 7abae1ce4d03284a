//! What the service reports as it works, for whoever watches it (the bot's metrics): a seam, so
//! the core counts nothing itself and knows nothing of how it is shown. The default watcher,
//! [`Unobserved`], does nothing and costs nothing.

use std::time::Duration;

use crate::rules::Termination;

/// How a command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandOutcome {
    /// Carried out: its answer is the command's own.
    Done,
    /// Refused with an answer that says why; nothing changed.
    Refused,
    /// The database failed; nothing changed.
    Failed,
}

impl CommandOutcome {
    /// The outcome's name in the metrics: `done`, `refused`, `failed`.
    pub fn as_str(self) -> &'static str {
        match self {
            CommandOutcome::Done => "done",
            CommandOutcome::Refused => "refused",
            CommandOutcome::Failed => "failed",
        }
    }
}

/// Why a command was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefusalReason {
    /// The player sent commands faster than the rate limit allows.
    RateLimited,
    /// The text was not a command (or a slash command's options did not make one).
    Unreadable,
    /// A button the bot never made.
    UnknownButton,
    /// The move is not legal in the position (or is not a move at all).
    IllegalMove,
    /// It is the other side's move.
    NotYourMove,
    /// The game changed meanwhile (another command or process was first).
    Conflict,
    /// The player is at one of the caps on what one player may hold at once (games in
    /// progress, games against the computer, unstarted tournaments, queued analyses).
    AtCap,
    /// Any other no: the command asks for what is not allowed or not there.
    NotAllowed,
}

impl RefusalReason {
    /// Every reason, in the order of the metrics.
    pub const ALL: [RefusalReason; 8] = [
        RefusalReason::RateLimited,
        RefusalReason::Unreadable,
        RefusalReason::UnknownButton,
        RefusalReason::IllegalMove,
        RefusalReason::NotYourMove,
        RefusalReason::Conflict,
        RefusalReason::AtCap,
        RefusalReason::NotAllowed,
    ];

    /// The reason's name in the metrics, such as `illegal_move`.
    pub fn as_str(self) -> &'static str {
        match self {
            RefusalReason::RateLimited => "rate_limited",
            RefusalReason::Unreadable => "unreadable",
            RefusalReason::UnknownButton => "unknown_button",
            RefusalReason::IllegalMove => "illegal_move",
            RefusalReason::NotYourMove => "not_your_move",
            RefusalReason::Conflict => "conflict",
            RefusalReason::AtCap => "at_cap",
            RefusalReason::NotAllowed => "not_allowed",
        }
    }
}

/// Told of what the service does, as it happens. Every method does nothing unless overridden.
/// Called on the command's own task: implementations must be quick and must not block.
pub trait Observer: Send + Sync {
    /// A command was answered: its word (`move`, `challenge`… or `unreadable` for text that
    /// was not a command), how it ended, and how long the service took over it.
    fn command(&self, _kind: &'static str, _outcome: CommandOutcome, _took: Duration) {}
    /// A command was refused, for `reason`.
    fn refusal(&self, _reason: RefusalReason) {}
    /// A move was committed (a player's or the computer's).
    fn move_committed(&self) {}
    /// A challenge was made.
    fn challenge_made(&self) {}
    /// `count` games started (an accepted challenge, a game against the computer, a
    /// tournament's games).
    fn games_started(&self, _count: u64) {}
    /// A game ended, the way `way` says.
    fn game_ended(&self, _way: Termination) {}
    /// The database failed a command or the sweep.
    fn database_error(&self) {}
    /// The event log's consumer read an event of kind `kind` (`moved`, `ended`…); `posted`
    /// when it posted the event itself (no answer told it).
    fn event_read(&self, _kind: &'static str, _posted: bool) {}
}

/// The watcher that does nothing: the service's default.
pub struct Unobserved;

impl Observer for Unobserved {}
