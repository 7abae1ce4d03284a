//! Who owes a post follows the shards that serve its server, not the name of the process that
//! answered: when `SHARDS` changes, the readers of the new ranges take over what the old ones
//! left. A reader new to the log starts where the readers it replaces had got to (not at the
//! newest event), and reads, of its shards, the events owed by answers of processes that no
//! longer serve (whose ranges overlap its own), as well as those no answer tells.
//!
//! A reader's shards are in its name, as the front end makes it: `discord` (every shard),
//! `discord 0-1/4`, `discord dm 2-3/4`; the part before the range is its family (the poster,
//! the turn notices), and readers take over only within their family.

use crate::store::{EventId, ShardFilter, reader_instance};

/// A reader's family and shards, as its name says them: the last word is the range
/// (`FIRST-LAST/TOTAL`), if it reads as one; without one, every shard.
pub(super) fn family_and_shards(name: &str) -> (&str, Option<ShardFilter>) {
    let Some((family, range)) = name.rsplit_once(' ') else {
        return (name, None);
    };
    let read = || {
        let (span, total) = range.split_once('/')?;
        let (first, last) = span.split_once('-')?;
        Some(ShardFilter {
            first: first.parse().ok()?,
            last: last.parse().ok()?,
            total: total.parse().ok()?,
        })
    };
    match read() {
        Some(shards) => (family, Some(shards)),
        None => (name, None),
    }
}

/// Whether two readers' shards may serve one server: ranges of one count of shards that
/// meet, or any two of different counts (a server's shard changes with the count); every
/// shard (`None`) meets every range.
fn overlap(a: Option<ShardFilter>, b: Option<ShardFilter>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) if a.total == b.total => a.first <= b.last && b.first <= a.last,
        _ => true,
    }
}

/// The count of shards of a reader's range (every shard: one).
fn total(shards: Option<ShardFilter>) -> u32 {
    shards.map_or(1, |s| s.total)
}

/// The readers of the log as a reader `name` of the shards `shards` sees them.
pub(super) struct Others<'a> {
    pub(super) name: &'a str,
    pub(super) shards: Option<ShardFilter>,
    /// Every reader's name and position, as the store has them.
    pub(super) readers: &'a [(String, EventId)],
}

impl Others<'_> {
    /// The readers of the same family other than this one, with their shards.
    fn kin(&self) -> impl Iterator<Item = (&str, Option<ShardFilter>, EventId)> {
        let (family, _) = family_and_shards(self.name);
        self.readers.iter().filter_map(move |(name, position)| {
            let (their_family, shards) = family_and_shards(name);
            (their_family == family && name != self.name).then_some((
                name.as_str(),
                shards,
                *position,
            ))
        })
    }

    /// Where a reader new to the log starts: where the readers it replaces had got to (those
    /// whose shards meet its own; of several configurations, the one that read furthest, the
    /// latest), the oldest of them; `None` when it replaces none (it starts at the newest).
    pub(super) fn start(&self) -> Option<EventId> {
        let replaced: Vec<(u32, EventId)> = self
            .kin()
            .filter(|(_, shards, _)| overlap(*shards, self.shards))
            .map(|(_, shards, position)| (total(shards), position))
            .collect();
        let latest = replaced
            .iter()
            .max_by_key(|(_, position)| *position)
            .map(|(total, _)| *total)?;
        replaced
            .iter()
            .filter(|(total, _)| *total == latest)
            .map(|(_, position)| *position)
            .min()
    }

    /// The ids of the other processes still serving beside this reader (readers of its family
    /// whose shards do not meet its own): their answers' events are theirs to see. Any other
    /// process's answers in this reader's shards are owed to it.
    pub(super) fn serving(&self) -> Vec<i64> {
        self.kin()
            .filter(|(_, shards, _)| !overlap(*shards, self.shards))
            .map(|(name, _, _)| reader_instance(name))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(first: u32, last: u32, total: u32) -> Option<ShardFilter> {
        Some(ShardFilter { first, last, total })
    }

    #[test]
    fn a_new_range_takes_over_the_readers_whose_shards_it_serves() {
        assert_eq!(family_and_shards("discord"), ("discord", None));
        assert_eq!(family_and_shards("discord dm"), ("discord dm", None));
        assert_eq!(
            family_and_shards("discord dm 2-3/4"),
            ("discord dm", range(2, 3, 4))
        );
        let readers: Vec<(String, EventId)> = [
            ("discord", 10),
            ("discord 0-0/2", 40),
            ("discord 1-1/2", 35),
            ("discord dm 0-0/2", 5),
        ]
        .into_iter()
        .map(|(n, p)| (n.to_string(), EventId(p)))
        .collect();
        let seen = |name, shards| Others {
            name,
            shards,
            readers: &readers,
        };
        // Three shards now: each starts where the latest configuration (of two) was, the
        // oldest of its readers; not at the one before it (every shard, far behind).
        let new = seen("discord 0-0/3", range(0, 0, 3));
        assert_eq!(new.start(), Some(EventId(35)));
        assert!(new.serving().is_empty());
        // A reader of one of the two: the other still serves beside it, the reader of every
        // shard does not.
        let back = seen("discord 1-1/2", range(1, 1, 2));
        assert_eq!(back.start(), Some(EventId(10)));
        assert_eq!(back.serving(), [reader_instance("discord 0-0/2")]);
        // A family of its own: the turn notices' readers start from theirs.
        assert_eq!(
            seen("discord dm 0-0/3", range(0, 0, 3)).start(),
            Some(EventId(5))
        );
        assert_eq!(seen("web", None).start(), None);
    }
}
