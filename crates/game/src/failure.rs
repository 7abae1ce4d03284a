//! What a front end is handed when the database behind the service fails on one of the calls
//! it makes outside a command (the event log's readers, a game's thread, the live pages): a
//! type it can name (the front ends do not depend on `store`), log and try again on. Commands
//! never return it: their failures are answered in the player's words.

use crate::store::StoreError;

/// The database failed (out of reach, refused, or holding something the service cannot read);
/// its message is the store's, with credentials masked.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct DatabaseFailure(#[from] StoreError);
