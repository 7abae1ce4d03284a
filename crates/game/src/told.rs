//! What an answer tells of the event log: the events the command it answers wrote (a move, the
//! computer's reply, the game's end). The front end that delivers the answer says so
//! ([`Told::delivered`]); if it does not — the answer was dropped, or never got out — the log's
//! consumer in this process posts those events itself. The answer's messages carry
//! [`Told::nonce`], the same nonce the consumer would use for them, so that a post repeated after
//! a crash shows once; it names every event the message tells, so a post that tells more than
//! an earlier one is never dropped as its repeat.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::store::{Deliveries, Delivery, EventId};

/// The events an answer tells, and whether it was delivered; clones share one delivery.
#[derive(Clone, Default)]
pub struct Told(Option<Arc<Telling>>);

/// The shared part of a [`Told`]: it reports the delivery when the last clone is dropped.
struct Telling {
    ids: Vec<EventId>,
    /// Whether one message tells them all (a command's answer), so that it may carry their
    /// nonce; the sweep's notices tell their events between them.
    one_message: bool,
    /// Where to report; `None` for a consumer's own announcement, which reports nothing.
    deliveries: Option<Deliveries>,
    delivered: AtomicBool,
}

impl Drop for Telling {
    fn drop(&mut self) {
        if let Some(deliveries) = &self.deliveries {
            let delivery = match self.delivered.load(Ordering::Acquire) {
                true => Delivery::Delivered,
                false => Delivery::Failed,
            };
            deliveries.set(&self.ids, delivery);
        }
    }
}

impl Told {
    /// The events `ids`, whose delivery is reported to `deliveries`; nothing for no events.
    /// One message telling them all: a command's answer.
    pub(crate) fn new(ids: Vec<EventId>, deliveries: &Deliveries) -> Told {
        Told::of(ids, Some(deliveries.clone()), true)
    }

    /// The events `ids`, told by several messages between them (the sweep's notices, which
    /// share this one [`Told`]): they carry no nonce of the events.
    pub(crate) fn shared(ids: Vec<EventId>, deliveries: &Deliveries) -> Told {
        Told::of(ids, Some(deliveries.clone()), false)
    }

    /// The events `ids` as a consumer of the log announces them: nothing to report.
    pub(crate) fn announced(ids: Vec<EventId>) -> Told {
        Told::of(ids, None, true)
    }

    fn of(ids: Vec<EventId>, deliveries: Option<Deliveries>, one_message: bool) -> Told {
        if ids.is_empty() {
            return Told(None);
        }
        Told(Some(Arc::new(Telling {
            ids,
            one_message,
            deliveries,
            delivered: AtomicBool::new(false),
        })))
    }

    /// The events told, oldest first.
    pub fn ids(&self) -> &[EventId] {
        self.0.as_ref().map_or(&[], |t| &t.ids)
    }

    /// The answer was delivered: the events need nothing more.
    pub fn delivered(&self) {
        if let Some(telling) = &self.0 {
            telling.delivered.store(true, Ordering::Release);
        }
    }

    /// The nonce of the answer's first message, naming exactly the events it tells: its one
    /// event (`rb-e42`), or its first and last (`rb-e42-43`). A chat platform that drops a
    /// second message with the same nonce shows a post repeated after a crash once, and a post
    /// that tells more than an earlier one (the poster's, after a crash, of two answers, only the
    /// first of which got out) is not taken for it. `None` for an answer that tells nothing, or
    /// shares its events with others.
    pub fn nonce(&self) -> Option<String> {
        let telling = self.0.as_ref().filter(|t| t.one_message)?;
        Some(nonce_of(telling.ids.first()?.0, telling.ids.last()?.0))
    }
}

/// Discord's longest nonce.
const NONCE_MAX: usize = 25;

/// The nonce of a message telling the events `first` to `last` (in the log's order, each
/// message's events as one consumer groups them): `rb-eFIRST-LAST`, or `rb-eFIRST` for one
/// event. Ids too long for both in Discord's 25 characters give the last as its distance from
/// the first (`rb-eFIRST+N`), then as much of that as fits (ids past 10^10 are decades away).
fn nonce_of(first: i64, last: i64) -> String {
    if first == last {
        return format!("rb-e{first}");
    }
    let full = format!("rb-e{first}-{last}");
    if full.len() <= NONCE_MAX {
        return full;
    }
    let mut short = format!("rb-e{first}+{}", last.wrapping_sub(first));
    short.truncate(NONCE_MAX);
    short
}

impl PartialEq for Told {
    fn eq(&self, other: &Told) -> bool {
        self.ids() == other.ids()
    }
}

impl Eq for Told {}

impl fmt::Debug for Told {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Told").field(&self.ids()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nonce_names_the_first_and_last_event_within_discords_length() {
        let told = |ids: &[i64]| Told::announced(ids.iter().copied().map(EventId).collect());
        assert_eq!(told(&[3]).nonce().as_deref(), Some("rb-e3"));
        assert_eq!(told(&[3, 5]).nonce().as_deref(), Some("rb-e3-5"));
        assert_eq!(told(&[3, 4, 5]).nonce().as_deref(), Some("rb-e3-5"));
        assert_eq!(told(&[]).nonce(), None);
        assert_eq!(
            told(&[9_999_999_999, 9_999_999_999]).nonce().as_deref(),
            Some("rb-e9999999999")
        );
        assert_eq!(
            told(&[9_999_999_998, 9_999_999_999]).nonce().as_deref(),
            Some("rb-e9999999998-9999999999")
        );
        assert_eq!(
            told(&[99_999_999_998, 99_999_999_999]).nonce().as_deref(),
            Some("rb-e99999999998+1")
        );
        assert_eq!(
            told(&[i64::MAX - 1, i64::MAX]).nonce().unwrap().len(),
            NONCE_MAX
        );
    }
}
