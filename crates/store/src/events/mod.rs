//! The event log: every committed change someone must hear of (a move, a game's end, a
//! takeback, an offer, a reminder, a challenge made, accepted, declined, withdrawn or expired,
//! a tournament started or finished, an analysis ready) is an
//! [`Event`] row written **in the same transaction** as the change,
//! with typed data rather than rendered text, so that each consumer says it in its reader's
//! language. Consumers read the log in order and record how far they got
//! ([`EventLog::reader_position`](crate::EventLog::reader_position)): the Discord poster posts what no answer to a command told (a
//! move made elsewhere, or one whose answer a crash cut off), and after a restart it goes on from
//! its position, so an acknowledged move is announced even when the process died between the
//! commit and the post.
//!
//! # Who tells an event
//!
//! Most events are told by the answer to the very command that caused them: a move typed in its
//! game's thread is answered there with the board. Such an event is written with `answered_by`,
//! the id of the process ([`EventLog::instance`](crate::EventLog::instance)) whose answer tells it, and the process keeps
//! track of that answer's delivery ([`Deliveries`]); a consumer then only waits for it, and posts
//! the event itself if the answer was not delivered, or the process that owed it is gone. An
//! event written outside any answer (a command made in another channel than the game's, a tool,
//! another front end) has no `answered_by`, and the consumer posts it.
//!
//! Which answer a write belongs to is the task it runs in: a front end runs a command inside
//! [`answering`], and the store reads that scope when it writes an event, without every method
//! between the command and the write passing it along (a command's moves are written by some
//! forty action paths, and an answer may hold several events: a move and the computer's reply).
//! A write on a task of its own (the SQLite group commit) carries the scope over explicitly.
//!
//! # Order and wake-ups
//!
//! On SQLite, with one writer at a time, each id is the newest one's successor, taken in the
//! insert itself (one statement, where a counter row would take a second), and ids are committed
//! in increasing order; pruning always keeps the newest event, so no id is given twice. On PostgreSQL they come from a sequence (`event_ids`, which
//! the store creates beside the migrations): a counter row's lock would be held by each writer
//! until its commit had reached the disk, and so put every move of every game in one line
//! behind one fsync at a time, where PostgreSQL otherwise commits concurrent transactions
//! together. A sequence's ids may commit out of order — id 11 visible while 10 is still in
//! flight — so every reader keeps its place with a [`LogCursor`], which reads what is committed
//! in one snapshot ([`EventLog::committed_after`](crate::EventLog::committed_after)) and passes a missing id only once the
//! transaction that took it is over (PostgreSQL's snapshot says when), never after a fixed wait:
//! a commit that lands long after its id was taken is read like any other. A commit wakes this process's consumers at once ([`EventLog::event_wakeups`](crate::EventLog::event_wakeups)); on PostgreSQL the store
//! then sends `NOTIFY rollerball_events` ([`notify_others`]: after the commit, not in it), which
//! wakes the consumers of every other process (no polling on the hot path).

mod answers;
mod cursor;
mod log;

pub(super) use answers::current_answer;
pub use answers::{Answer, Deliveries, Delivery, answering};
pub use cursor::LogCursor;
pub(super) use log::{
    About, EventSink, GAME_EVENTS, append, ensure_sequence, new_instance, notify_others,
};
pub use log::{reader_instance, restart_event_sequence};

use serde_json::{Value, json};

use super::types::{color_from_db, color_to_db};
use super::{
    ChallengeId, GameId, GameResult, OfferKind, PlayerId, Reach, Termination, Timestamp,
    TournamentId,
};
use crate::rules::Color;

/// The PostgreSQL channel a commit that wrote events notifies.
pub const NOTIFY_CHANNEL: &str = "rollerball_events";

/// An event's number: its place in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventId(pub i64);

/// What happened, with what a consumer needs to say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A move was played: the game reached `ply` with it.
    Moved {
        /// The ply the move made (1 for White's first).
        ply: u32,
        /// The move, in SAN.
        san: String,
        /// Who played it.
        color: Color,
    },
    /// The game ended, by a move or otherwise (resignation, agreement, time).
    Ended {
        /// The result.
        result: GameResult,
        /// How.
        termination: Termination,
    },
    /// Moves were taken back: the game is at `ply` again.
    TookBack {
        /// How many plies were taken back.
        plies: u32,
        /// The ply the game is back at.
        ply: u32,
    },
    /// A draw or a takeback was offered.
    Offered {
        /// What.
        offer: OfferKind,
        /// By whom.
        by: Color,
    },
    /// The pending offer was withdrawn or declined.
    OfferCleared,
    /// The player to move was reminded of the deadline (`stage` 1 for the first reminder of
    /// the move, 2 for the last).
    Reminded {
        /// The ply the game was at: the move the reminder is about is the next.
        ply: u32,
        /// Which reminder.
        stage: u32,
    },
    /// A challenge was made, to one player or (`to: None`) to anyone in its channel.
    Challenged {
        /// Its number.
        challenge: ChallengeId,
        /// The challenger.
        by: PlayerId,
        /// The player challenged, if one was.
        to: Option<PlayerId>,
    },
    /// A challenge was taken: its game (the event's) has begun.
    ChallengeAccepted {
        /// Its number.
        challenge: ChallengeId,
        /// Who took it.
        by: PlayerId,
    },
    /// The player challenged declined the challenge.
    ChallengeDeclined {
        /// Its number.
        challenge: ChallengeId,
    },
    /// The challenger withdrew the challenge (or going on vacation did).
    ChallengeWithdrawn {
        /// Its number.
        challenge: ChallengeId,
    },
    /// Nobody took the challenge in time.
    ChallengeExpired {
        /// Its number.
        challenge: ChallengeId,
    },
    /// The game's analysis is ready, for the players who asked for it in the event's place.
    AnalysisReady {
        /// Who asked there.
        asked: Vec<PlayerId>,
        /// Whether the bot may post there or only answer commands (then the askers are told
        /// directly).
        reach: Reach,
    },
    /// A tournament began: every game of it at once.
    TournamentStarted {
        /// Its number.
        tournament: TournamentId,
    },
    /// A tournament's last game ended: its final standings are to be told.
    TournamentFinished {
        /// Its number.
        tournament: TournamentId,
    },
}

impl EventKind {
    /// The kind's name as stored (and as metrics label it).
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::Moved { .. } => "moved",
            EventKind::Ended { .. } => "ended",
            EventKind::TookBack { .. } => "took_back",
            EventKind::Offered { .. } => "offered",
            EventKind::OfferCleared => "offer_cleared",
            EventKind::Reminded { .. } => "reminded",
            EventKind::Challenged { .. } => "challenged",
            EventKind::ChallengeAccepted { .. } => "challenge_accepted",
            EventKind::ChallengeDeclined { .. } => "challenge_declined",
            EventKind::ChallengeWithdrawn { .. } => "challenge_withdrawn",
            EventKind::ChallengeExpired { .. } => "challenge_expired",
            EventKind::AnalysisReady { .. } => "analysis_ready",
            EventKind::TournamentStarted { .. } => "tournament_started",
            EventKind::TournamentFinished { .. } => "tournament_finished",
        }
    }

    /// The challenge the event is about, if it is about one.
    pub fn challenge(&self) -> Option<ChallengeId> {
        match self {
            EventKind::Challenged { challenge, .. }
            | EventKind::ChallengeAccepted { challenge, .. }
            | EventKind::ChallengeDeclined { challenge }
            | EventKind::ChallengeWithdrawn { challenge }
            | EventKind::ChallengeExpired { challenge } => Some(*challenge),
            _ => None,
        }
    }

    /// The kind's fields as a JSON object.
    fn data(&self) -> Value {
        match self {
            EventKind::Moved { ply, san, color } => {
                json!({ "ply": ply, "san": san, "color": color_to_db(*color) })
            }
            EventKind::Ended {
                result,
                termination,
            } => json!({ "result": result.as_str(), "termination": termination.as_str() }),
            EventKind::TookBack { plies, ply } => json!({ "plies": plies, "ply": ply }),
            EventKind::Offered { offer, by } => {
                json!({ "offer": offer.as_str(), "by": color_to_db(*by) })
            }
            EventKind::OfferCleared => json!({}),
            EventKind::Reminded { ply, stage } => json!({ "ply": ply, "stage": stage }),
            EventKind::Challenged { challenge, by, to } => {
                json!({ "challenge": challenge.0, "by": by.0, "to": to.map(|p| p.0) })
            }
            EventKind::ChallengeAccepted { challenge, by } => {
                json!({ "challenge": challenge.0, "by": by.0 })
            }
            EventKind::ChallengeDeclined { challenge }
            | EventKind::ChallengeWithdrawn { challenge }
            | EventKind::ChallengeExpired { challenge } => json!({ "challenge": challenge.0 }),
            EventKind::AnalysisReady { asked, reach } => json!({
                "asked": asked.iter().map(|p| p.0).collect::<Vec<_>>(),
                "answers_only": *reach == Reach::Answers,
            }),
            EventKind::TournamentStarted { tournament }
            | EventKind::TournamentFinished { tournament } => json!({ "tournament": tournament.0 }),
        }
    }

    /// Reads a stored kind back; `None` for a kind or fields this build does not know.
    fn read(kind: &str, data: &Value) -> Option<EventKind> {
        let text = |field: &str| data.get(field).and_then(Value::as_str);
        let number = |field: &str| {
            data.get(field)
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
        };
        let challenge = || {
            data.get("challenge")
                .and_then(Value::as_i64)
                .map(ChallengeId)
        };
        let tournament = || {
            data.get("tournament")
                .and_then(Value::as_i64)
                .map(TournamentId)
        };
        let player = |field: &str| data.get(field).and_then(Value::as_u64).map(PlayerId);
        Some(match kind {
            "moved" => EventKind::Moved {
                ply: number("ply")?,
                san: text("san")?.to_string(),
                color: color_from_db(text("color")?).ok()?,
            },
            "ended" => EventKind::Ended {
                result: GameResult::parse(text("result")?).ok()?,
                termination: text("termination")?.parse().ok()?,
            },
            "took_back" => EventKind::TookBack {
                plies: number("plies")?,
                ply: number("ply")?,
            },
            "offered" => EventKind::Offered {
                offer: OfferKind::parse(text("offer")?).ok()?,
                by: color_from_db(text("by")?).ok()?,
            },
            "offer_cleared" => EventKind::OfferCleared,
            "reminded" => EventKind::Reminded {
                ply: number("ply")?,
                stage: number("stage")?,
            },
            "challenged" => EventKind::Challenged {
                challenge: challenge()?,
                by: player("by")?,
                to: match data.get("to")? {
                    Value::Null => None,
                    _ => Some(player("to")?),
                },
            },
            "challenge_accepted" => EventKind::ChallengeAccepted {
                challenge: challenge()?,
                by: player("by")?,
            },
            "challenge_declined" => EventKind::ChallengeDeclined {
                challenge: challenge()?,
            },
            "challenge_withdrawn" => EventKind::ChallengeWithdrawn {
                challenge: challenge()?,
            },
            "challenge_expired" => EventKind::ChallengeExpired {
                challenge: challenge()?,
            },
            "analysis_ready" => EventKind::AnalysisReady {
                asked: data
                    .get("asked")?
                    .as_array()?
                    .iter()
                    .map(|p| p.as_u64().map(PlayerId))
                    .collect::<Option<_>>()?,
                reach: match data.get("answers_only")?.as_bool()? {
                    true => Reach::Answers,
                    false => Reach::Posts,
                },
            },
            "tournament_started" => EventKind::TournamentStarted {
                tournament: tournament()?,
            },
            "tournament_finished" => EventKind::TournamentFinished {
                tournament: tournament()?,
            },
            _ => return None,
        })
    }
}

/// One row of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Its number.
    pub id: EventId,
    /// When it was committed.
    pub at: Timestamp,
    /// The game it is about.
    pub game: Option<GameId>,
    /// The server of the place it belongs to (`None` in direct messages): which shard tells it.
    pub server: Option<u64>,
    /// Where it belongs: the game's thread, else its channel.
    pub channel: u64,
    /// The process ([`EventLog::instance`](crate::EventLog::instance)) whose answer to a command tells it; `None` when no
    /// answer does.
    pub answered_by: Option<i64>,
    /// The player whose command wrote it, who saw it in the answer to their command; `None`
    /// for what the sweep or a tool wrote.
    pub actor: Option<PlayerId>,
    /// What happened.
    pub kind: EventKind,
}

/// Which events a consumer reads: those of a range of shards (by the server's id, as Discord
/// shards them), or all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardFilter {
    /// The first shard.
    pub first: u32,
    /// The last shard.
    pub last: u32,
    /// How many shards there are.
    pub total: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_as_written() {
        let kinds = [
            EventKind::Moved {
                ply: 7,
                san: "Rxe2+".into(),
                color: Color::White,
            },
            EventKind::Ended {
                result: GameResult::BlackWins,
                termination: Termination::Resignation,
            },
            EventKind::TookBack { plies: 2, ply: 5 },
            EventKind::Offered {
                offer: OfferKind::Draw,
                by: Color::Black,
            },
            EventKind::OfferCleared,
            EventKind::Reminded { ply: 3, stage: 2 },
            EventKind::Challenged {
                challenge: ChallengeId(4),
                by: PlayerId(u64::MAX),
                to: Some(PlayerId(9)),
            },
            EventKind::Challenged {
                challenge: ChallengeId(5),
                by: PlayerId(9),
                to: None,
            },
            EventKind::ChallengeAccepted {
                challenge: ChallengeId(4),
                by: PlayerId(9),
            },
            EventKind::ChallengeDeclined {
                challenge: ChallengeId(6),
            },
            EventKind::ChallengeWithdrawn {
                challenge: ChallengeId(7),
            },
            EventKind::ChallengeExpired {
                challenge: ChallengeId(8),
            },
            EventKind::AnalysisReady {
                asked: vec![PlayerId(1), PlayerId(u64::MAX)],
                reach: Reach::Answers,
            },
            EventKind::AnalysisReady {
                asked: vec![PlayerId(2)],
                reach: Reach::Posts,
            },
            EventKind::TournamentStarted {
                tournament: TournamentId(2),
            },
            EventKind::TournamentFinished {
                tournament: TournamentId(3),
            },
        ];
        for kind in kinds {
            assert_eq!(EventKind::read(kind.name(), &kind.data()), Some(kind));
        }
        assert_eq!(EventKind::read("moved", &json!({ "ply": 1 })), None);
        assert_eq!(EventKind::read("teleported", &json!({})), None);
        assert_eq!(
            EventKind::read("challenged", &json!({ "challenge": 1, "by": 2 })),
            None,
            "a challenge's event says whom it challenges, if anyone"
        );
    }
}
