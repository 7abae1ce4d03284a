//! The event log's consumer of turn notices: each time it becomes a player's move — the
//! opponent moved, the computer answered later, a game began with them as White, a reminder
//! came — the player to move is told by direct message (if they asked for it, or wherever the
//! bot only answers commands), however the move was told in its place, by an answer or by the
//! poster. It reads every event of its shards in order, whichever answer tells it, and the
//! front end sends each event's message with the event's id as its nonce and then records
//! that it is done with it, so a crash sends none twice and loses none.
//!
//! An event is looked at against the game as it is when read: a move the game has moved on
//! from (the computer replied in the same command, the opponent already answered) owes no
//! notice, the next move's event tells the player to move; and a move seen by the player now
//! to move under their own command (the computer's reply to their move) owes them none.

use super::super::players::Players;
use super::super::reply::DirectMessage;
use super::super::turn_notices::Turn;
use super::{EventReader, Reading};
use crate::failure::DatabaseFailure;
use crate::model::Place;
use crate::parts::Feed;
use crate::store::{Event, EventId, EventKind, ShardFilter, StoreError};

/// The kinds of events that may make it a player's move.
pub(super) const TURN_KINDS: &[&str] = &["moved", "challenge_accepted", "reminded"];

/// The direct message one event owes, to send before the reader is done with the event.
#[derive(Debug)]
pub struct TurnNotice {
    /// The message.
    pub message: DirectMessage,
    /// Where the game is played: a front end sends only the notices of its own places' games.
    pub place: Place,
    /// The event it tells: its id is the message's nonce, and the reader is done with it once
    /// the message is sent (or held for the player's next command).
    pub event: EventId,
}

impl Feed<'_> {
    /// Opens the turn notices' consumer `name` of the shards `shards` at the position it
    /// recorded (one that never ran starts at the newest event).
    pub async fn open_turn_notice_reader(
        self,
        name: &str,
        shards: Option<ShardFilter>,
    ) -> Result<EventReader, DatabaseFailure> {
        Ok(self.open_reader(name, shards, Reading::TurnNotices).await?)
    }

    /// The next turn notices the reader owes, in order; empty when it is up to date. The
    /// events that owe none are done with at once (recorded with the next read).
    pub async fn next_turn_notices(
        self,
        reader: &mut EventReader,
    ) -> Result<Vec<TurnNotice>, DatabaseFailure> {
        let events = self.read_batch(reader).await?;
        let players = Players::new(self.service.store());
        let mut notices = Vec::new();
        for event in events {
            match self.turn_notice_of(&players, &event).await? {
                Some((message, place)) => notices.push(TurnNotice {
                    message,
                    place,
                    event: event.id,
                }),
                None => {
                    reader.cursor.mark_done([event.id]);
                }
            }
        }
        self.record_position(reader).await?;
        Ok(notices)
    }

    /// The turn notice `event` owes, if any (see the module docs).
    async fn turn_notice_of(
        self,
        players: &Players<'_>,
        event: &Event,
    ) -> Result<Option<(DirectMessage, Place)>, StoreError> {
        let Some(game) = event.game else {
            return Ok(None);
        };
        let Some(row) = self.service.store().games().game(game).await? else {
            return Ok(None);
        };
        let (turn, seen_by) = match &event.kind {
            EventKind::Moved { ply, san, .. } if row.ply == *ply => (Turn::Moved(san), event.actor),
            // The one who took the challenge saw the game begin.
            EventKind::ChallengeAccepted { by, .. } if row.ply == 0 => (Turn::Begun, Some(*by)),
            // A reminder the move has since passed, or whose deadline is gone, is stale.
            EventKind::Reminded { ply, stage }
                if row.ply == *ply && row.deadline.is_some_and(|at| at > self.service.now()) =>
            {
                (Turn::Reminder { last: *stage >= 2 }, None)
            }
            _ => return Ok(None),
        };
        Ok(self
            .turn_notice(players, &row, turn, seen_by)
            .await
            .map(|message| (message, row.place)))
    }
}
