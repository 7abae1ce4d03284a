//! Which answer a task's writes belong to ([`answering`]), and how the delivery of the answers
//! this process owes stands ([`Deliveries`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{EventId, PlayerId};

/// The answer a task's writes belong to: set by [`answering`] around a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The channel the answer is posted in; `None`: the caller tells every event it writes,
    /// wherever it belongs (the deadline sweep, which posts each notice in its game's place).
    pub channel: Option<u64>,
    /// The player whose command it answers, who sees its events under their own command (a
    /// computer's reply to their move); `None` for the sweep's.
    pub actor: Option<PlayerId>,
}

impl Answer {
    /// Whether this answer tells an event that belongs in `channel`.
    pub(super) fn tells(self, channel: u64) -> bool {
        self.channel.is_none_or(|c| c == channel)
    }
}

/// The scope [`answering`] sets: the answer, and the events written under it.
struct Scope {
    answer: Answer,
    written: RefCell<Vec<EventId>>,
}

tokio::task_local! {
    static SCOPE: Scope;
}

/// Runs `work` as the answer `answer`: the events its writes make are returned with its output,
/// and those the answer tells are written with this process as their `answered_by`.
pub async fn answering<F: Future>(answer: Answer, work: F) -> (F::Output, Vec<EventId>) {
    let scope = Scope {
        answer,
        written: RefCell::new(Vec::new()),
    };
    SCOPE
        .scope(scope, async move {
            let output = work.await;
            let written = SCOPE.with(|s| s.written.take());
            (output, written)
        })
        .await
}

/// The answer the current task writes under, if any.
pub(crate) fn current_answer() -> Option<Answer> {
    SCOPE.try_with(|s| s.answer).ok()
}

/// Notes events written (and committed) for the current task's answer.
pub(crate) fn note_written(ids: &[EventId]) {
    let _ = SCOPE.try_with(|s| s.written.borrow_mut().extend_from_slice(ids));
}

/// Where the delivery of an answer that tells events stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// The answer is being put together or sent.
    Pending,
    /// It was delivered: the events it tells need nothing more.
    Delivered,
    /// It was not: a consumer must tell them itself.
    Failed,
}

/// The events this process promised to tell in its answers, and how each delivery went: what a
/// consumer of the log waits for before passing an event it does not post itself.
/// Nothing is kept until a consumer runs in the process ([`Deliveries::enable`]): the console,
/// the tests and the tools deliver their answers with nobody waiting.
#[derive(Clone, Default)]
pub struct Deliveries {
    state: Arc<Mutex<HashMap<EventId, Delivery>>>,
    changed: Arc<tokio::sync::Notify>,
    enabled: Arc<AtomicBool>,
}

impl Deliveries {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<EventId, Delivery>> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A consumer of the log runs in this process: from now on deliveries are kept for it.
    pub fn enable(&self) {
        self.enabled.store(true, Ordering::Release);
    }

    /// Records how the delivery of the answer telling `ids` went (or that it is under way:
    /// only then is an entry made; an outcome for an entry the consumer has forgotten is
    /// dropped).
    pub fn set(&self, ids: &[EventId], delivery: Delivery) {
        if !self.enabled.load(Ordering::Acquire) {
            return;
        }
        {
            let mut map = self.map();
            for id in ids {
                match (delivery, map.get_mut(id)) {
                    (Delivery::Pending, _) => {
                        map.insert(*id, delivery);
                    }
                    (_, Some(state)) => *state = delivery,
                    // The consumer gave up waiting and has forgotten it: nothing to keep.
                    (_, None) => {}
                }
            }
        }
        self.changed.notify_waiters();
    }

    /// Waits until the answer telling `id` is delivered or failed, for at most `patience`
    /// (an answer that never reports counts as failed); the entry is then forgotten.
    pub async fn outcome(&self, id: EventId, patience: Duration) -> Delivery {
        let settled = async {
            loop {
                let changed = self.changed.notified();
                tokio::pin!(changed);
                changed.as_mut().enable();
                match self.map().get(&id) {
                    Some(Delivery::Pending) | None => {}
                    Some(&done) => return done,
                }
                changed.await;
            }
        };
        let outcome = tokio::time::timeout(patience, settled)
            .await
            .unwrap_or(Delivery::Failed);
        self.map().remove(&id);
        outcome
    }

    /// Forgets `ids`: the transaction that wrote them did not commit, nothing is owed.
    pub(super) fn forget(&self, ids: &[EventId]) {
        let mut map = self.map();
        for id in ids {
            map.remove(id);
        }
    }

    /// Whether this process knows of an answer telling `id`.
    pub fn knows(&self, id: EventId) -> bool {
        self.map().contains_key(&id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_consumer_waits_for_an_answer_and_forgets_it_once_settled() {
        let deliveries = Deliveries::default();
        // Nothing is kept before a consumer runs.
        deliveries.set(&[EventId(1)], Delivery::Pending);
        assert!(!deliveries.knows(EventId(1)));
        deliveries.enable();
        deliveries.set(&[EventId(1), EventId(2)], Delivery::Pending);
        let waiting = {
            let deliveries = deliveries.clone();
            tokio::spawn(async move {
                deliveries
                    .outcome(EventId(1), Duration::from_secs(60))
                    .await
            })
        };
        deliveries.set(&[EventId(1)], Delivery::Delivered);
        assert_eq!(waiting.await.unwrap(), Delivery::Delivered);
        assert!(!deliveries.knows(EventId(1)));
        // An answer that never reports counts as failed, and its late report keeps nothing.
        let gave_up = deliveries
            .outcome(EventId(2), Duration::from_millis(10))
            .await;
        assert_eq!(gave_up, Delivery::Failed);
        deliveries.set(&[EventId(2)], Delivery::Delivered);
        assert!(!deliveries.knows(EventId(2)));
    }
}
