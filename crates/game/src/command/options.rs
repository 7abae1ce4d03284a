//! Options given once: a command's setting typed twice is refused, naming both as typed, so
//! that `challenge @bob days 1 days 14` never quietly means 14 days.

use super::CommandError;

/// Records an option's value, as typed (`days 1`, `white`), refusing a second one: one that
/// says something else ([`CommandError::ConflictingOptions`]) or the same again
/// ([`CommandError::RepeatedOption`]).
pub(super) fn set_once<T: PartialEq>(
    slot: &mut Option<(T, String)>,
    value: T,
    typed: String,
) -> Result<(), CommandError> {
    match slot {
        Some((before, first)) if *before != value => Err(CommandError::ConflictingOptions {
            first: first.clone(),
            second: typed,
        }),
        Some((_, first)) => Err(CommandError::RepeatedOption {
            first: first.clone(),
            second: typed,
        }),
        None => {
            *slot = Some((value, typed));
            Ok(())
        }
    }
}
