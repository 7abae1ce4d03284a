//! One wait for the database per request. With the database out of reach, every read waits
//! the pool's acquire timeout before it fails; a request that read the player's language, the
//! server's, then the game, then the player's held notices, one after the other, kept its
//! player waiting four times that. Within a request ([`within`]), once a read has failed to
//! reach the database, the reads that only add to the answer are skipped and a command not yet
//! started is refused at once, so an answer comes within one wait (plus, for a move whose
//! commit went unanswered, the store's one check of it): the bound docs/operators.md states.

use std::cell::Cell;

use crate::store::StoreError;

tokio::task_local! {
    /// Whether the database failed to answer earlier in this request.
    static OUT: Cell<bool>;
}

/// Runs `work` as one request, with its own memory of whether the database answered.
pub(crate) async fn within<F: Future>(work: F) -> F::Output {
    OUT.scope(Cell::new(false), work).await
}

/// Whether the database already failed to answer in this request (never, outside one).
pub(crate) fn out() -> bool {
    OUT.try_with(Cell::get).unwrap_or(false)
}

/// Notes `error`, from a read or write of this request: if the database did not answer, the
/// rest of the request does not wait for it again.
pub(crate) fn note(error: &StoreError) {
    // A statement the database answered with an error (a missing table, say) is no sign
    // that the next read would wait in vain: only a database out of reach is remembered.
    let out_of_reach = match error {
        StoreError::Database(e) => e.is_out_of_reach(),
        StoreError::Unanswered(_) | StoreError::Unconfirmed(_) | StoreError::OutOfReach => true,
        _ => false,
    };
    if out_of_reach {
        let _ = OUT.try_with(|out| out.set(true));
    }
}
