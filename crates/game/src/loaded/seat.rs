//! A seat at a game: the game loaded under its lock, the side that acts (the asker's, or the
//! computer's), and every guarded write — a move, an ending, a takeback, an offer, a deadline —
//! each done once here, the one place that writes a [`Loaded`] game, so that its rules' game
//! and its row never part. The acting side is fixed when the seat is taken: the computer's
//! and a forecast's answers take a seat of their own ([`Seat::pass`]). Every write passes the
//! version the game was loaded at, so a change made meanwhile (by another process) refuses it
//! with a conflict and writes nothing.

use super::Loaded;
use crate::context::{Cx, Refusal, Res, Said, no};
use crate::deadlines;
use crate::locks::LockGuard;
use crate::lookup;
use crate::model::{GameId, PlayerId};
use crate::observe::RefusalReason;
use crate::present::{Mover, Voice};
use crate::rules::{self, Color, Move, Outcome, PlayError, Termination};
use crate::service::Service;
use crate::store::{AfterMove, Deadline, Ending, GameResult, NewMove, Offer, OfferKind};

/// A game being acted on.
pub(crate) struct Seat<'a> {
    /// The game, loaded under the lock.
    loaded: Loaded,
    /// The side that acts.
    color: Color,
    _lock: LockGuard<'a>,
}

impl<'a> Seat<'a> {
    /// The asker's seat at the game they mean (named, or their only one here): loaded under
    /// its lock, and still being played.
    pub(crate) async fn mine(cx: &Cx<'a>, id: Option<GameId>) -> Res<Seat<'a>> {
        // A game named by its number is read once, under its lock; "my game here" is found
        // first, then read under the lock. Under the lock, no other command of this process
        // changes it meanwhile.
        let id = match id {
            Some(id) => id,
            None => lookup::my_game(cx, None).await?.id,
        };
        let lock = cx.svc.locks().lock(id).await;
        let Some((row, moves)) = cx.store().games().game_with_moves(id).await? else {
            return Err(no!("game-none", id = id.0));
        };
        // Whose it is, before the record is replayed: a stranger's request costs no replay.
        let Some(color) = row.color_of(cx.actor.id) else {
            return Err(no!("game-not-yours", id = id.0));
        };
        let loaded = Loaded::from_stored(&cx.players, row, &moves).await?;
        if let Some(outcome) = loaded.game.outcome() {
            return Err(no!(
                "game-over-already",
                id = loaded.id(),
                outcome = cx.voice().outcome(&loaded, outcome)
            ));
        }
        Ok(Seat {
            loaded,
            color,
            _lock: lock,
        })
    }

    /// The seat of the side to move at `loaded`, whose lock `lock` is (the computer's, or
    /// the owner of a forecast).
    pub(crate) fn of_side_to_move(loaded: Loaded, lock: LockGuard<'a>) -> Seat<'a> {
        Seat {
            color: loaded.to_move(),
            loaded,
            _lock: lock,
        }
    }

    /// Hands the game, with its lock, to the side now to move: the seat from which the
    /// computer or the opponent's forecast answers the move just played.
    pub(crate) fn pass(self) -> Seat<'a> {
        Seat::of_side_to_move(self.loaded, self._lock)
    }

    /// The game, as of the seat's last write.
    pub(crate) fn loaded(&self) -> &Loaded {
        &self.loaded
    }

    /// The game, once the seat is done with it (its lock let go).
    pub(crate) fn into_loaded(self) -> Loaded {
        self.loaded
    }

    /// The side that acts.
    pub(crate) fn color(&self) -> Color {
        self.color
    }

    /// The other side's player, if a player plays it.
    pub(crate) fn opponent(&self) -> Option<PlayerId> {
        self.loaded.row.player(self.color.opponent())
    }

    /// True when the acting side is to move.
    pub(crate) fn to_move(&self) -> bool {
        self.loaded.to_move() == self.color
    }

    /// The deadline of a move of `color`'s starting `now`: its clock starts when their
    /// vacation ends, if they are away.
    fn fresh_deadline(&self, color: Color, now: crate::model::Timestamp) -> Deadline {
        let away_until = self.loaded.players[color.index()]
            .as_ref()
            .and_then(|p| p.vacation)
            .map(|v| v.until);
        deadlines::deadline_after_vacation(now, self.loaded.row.days_per_move, away_until)
    }

    /// Plays `mv` and commits it, with the next move's deadline or the game's end (and what
    /// follows an end, [`Endings::game_over`](crate::parts::Endings::game_over)). Returns the move in SAN.
    pub(crate) async fn play(&mut self, svc: &Service, voice: Voice<'_>, mv: Move) -> Res<String> {
        let before = *self.loaded.game.position();
        self.loaded.game.play(mv).map_err(|e| match e {
            PlayError::Move(error) => {
                Refusal::No(RefusalReason::IllegalMove, Said::Move(error, Mover::You))
            }
            PlayError::GameOver(outcome) => no!(
                "move-game-over",
                outcome = voice.outcome(&self.loaded, outcome)
            ),
        })?;
        let san = self.loaded.game.sans().last().cloned().unwrap_or_default();
        let now = svc.now();
        let after = match self.loaded.game.outcome() {
            Some(outcome) => AfterMove::End(ending(outcome)),
            None => AfterMove::Continue(self.fresh_deadline(self.loaded.to_move(), now)),
        };
        let new_move = NewMove {
            san: san.clone(),
            coord: rules::coordinate(&before, mv),
            fen_after: self.loaded.game.position().to_fen(),
        };
        let row = &self.loaded.row;
        let committed = svc
            .store()
            .play()
            .commit_move(row.id, row.version, &new_move, after, now)
            .await;
        match committed {
            Ok(row) => {
                self.loaded.row = row;
                svc.observer().move_committed();
            }
            Err(e) => {
                self.loaded.game.take_back();
                return Err(e.into());
            }
        }
        if self.loaded.game.outcome().is_some() {
            svc.endings().game_over(&self.loaded.row).await;
        }
        Ok(san)
    }

    /// Ends the game off the board (resignation, agreement, abort), and what follows an end
    /// ([`Endings::game_over`](crate::parts::Endings::game_over)).
    pub(crate) async fn end(&mut self, svc: &Service, outcome: Outcome) -> Res<()> {
        let row = &self.loaded.row;
        self.loaded.row = svc
            .store()
            .play()
            .end_game(row.id, row.version, ending(outcome), svc.now())
            .await?;
        self.loaded.game.end(outcome);
        svc.endings().game_over(&self.loaded.row).await;
        Ok(())
    }

    /// Takes the last `plies` moves back; the side to move then has a fresh deadline. Returns
    /// the moves taken back, in SAN, separated by spaces.
    pub(crate) async fn take_back(&mut self, svc: &Service, plies: usize) -> Res<String> {
        let sans = self.loaded.game.sans();
        let taken = sans[sans.len().saturating_sub(plies)..].join(" ");
        let now = svc.now();
        // Taking back an odd number of plies hands the move to the other side.
        let next = if plies % 2 == 1 {
            self.loaded.to_move().opponent()
        } else {
            self.loaded.to_move()
        };
        let deadline = self.fresh_deadline(next, now);
        let row = &self.loaded.row;
        self.loaded.row = svc
            .store()
            .play()
            .take_back(row.id, row.version, plies as u32, deadline, now)
            .await?;
        for _ in 0..plies {
            self.loaded.game.take_back();
        }
        Ok(taken)
    }

    /// Makes an offer of the acting side's.
    pub(crate) async fn offer(&mut self, svc: &Service, kind: OfferKind) -> Res<()> {
        let offer = Offer {
            kind,
            by: self.color,
        };
        let row = &self.loaded.row;
        self.loaded.row = svc
            .store()
            .play()
            .set_offer(row.id, row.version, offer, svc.now())
            .await?;
        Ok(())
    }

    /// Withdraws or declines the pending offer.
    pub(crate) async fn clear_offer(&mut self, svc: &Service) -> Res<()> {
        let row = &self.loaded.row;
        self.loaded.row = svc
            .store()
            .play()
            .clear_offer(row.id, row.version, svc.now())
            .await?;
        Ok(())
    }

    /// Moves the current move's deadline.
    pub(crate) async fn set_deadline(&mut self, svc: &Service, deadline: Deadline) -> Res<()> {
        let row = &self.loaded.row;
        self.loaded.row = svc
            .store()
            .play()
            .set_deadline(row.id, row.version, deadline, svc.now())
            .await?;
        Ok(())
    }
}

/// How the store records an outcome.
pub(crate) fn ending(outcome: Outcome) -> Ending {
    Ending {
        result: match outcome.winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None if outcome.termination == Termination::Abort => GameResult::NoResult,
            None => GameResult::Draw,
        },
        termination: outcome.termination,
    }
}
