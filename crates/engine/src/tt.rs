//! The transposition table: what earlier searches learned about a position, by Zobrist key.

use std::sync::{Mutex, TryLockError};

use crate::rules::{Move, PieceKind, Square};

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value (a PV node).
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The stored score, relative to the stored node (see the search's `to_tt`).
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// The best move found there, tried first next time.
    pub mv: Option<Move>,
}

/// A fixed-size, always-replace-unless-deeper table. Each slot is two words: the key, then
/// the data (score 16 bits, move 16, depth 8, bound 8; bound 0 is an empty slot). Plain
/// integers let the allocation come zeroed from the system, so a small search touches few
/// pages of a large table.
pub struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots (16 bytes each).
    pub fn new(bits: u32) -> Table {
        #[cfg(test)]
        MADE.with(|made| made.set(made.get() + 1));
        Table {
            slots: vec![[0; 2]; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// The table's size in bytes.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(self.slots.as_slice())
    }

    /// Forgets every entry: the table is then as good as new.
    pub fn clear(&mut self) {
        self.slots.fill([0; 2]);
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let [stored, data] = self.slots[key as usize & self.mask];
        let bound = (data >> 40) as u8;
        if stored != key || bound == 0 {
            return None;
        }
        Some(Hit {
            score: data as u16 as i16 as i32,
            depth: (data >> 32) as u8 as i8 as i32,
            bound: match bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            mv: unpack((data >> 16) as u16),
        })
    }

    /// Stores a result; a deeper bound for the same position is kept over a shallower one.
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: Option<Move>) {
        let slot = &mut self.slots[key as usize & self.mask];
        let old_depth = (slot[1] >> 32) as u8 as i8 as i32;
        if slot[0] == key && old_depth > depth && bound != Bound::Exact {
            return;
        }
        let bound = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let depth = depth.clamp(-1, 127) as i8 as u8 as u64;
        let mv = mv.map_or(0, pack) as u64;
        *slot = [
            key,
            (score as i16 as u16 as u64) | mv << 16 | depth << 32 | bound << 40,
        ];
    }
}

/// A table kept from one use to the next. Allocating and freeing several megabytes again and
/// again, on whichever thread a host runs the search, leaves the memory allocator holding freed
/// copies in several of its per-thread arenas (glibc also raises its threshold for handing such
/// blocks back to the system after the first is freed), so the process grows well beyond the
/// one table it uses at a time; one allocation kept for the life of the process does not.
pub struct Kept {
    bits: u32,
    table: Mutex<Option<Table>>,
}

impl Kept {
    /// A keeper of one table of `2^bits` slots, allocated on first use.
    pub const fn new(bits: u32) -> Kept {
        Kept {
            bits,
            table: Mutex::new(None),
        }
    }

    /// Runs `f` with an empty table: the kept one, cleared, or a new one when another search
    /// holds it (so two callers never wait for each other, and each gets a clean table).
    pub fn with<R>(&self, f: impl FnOnce(&mut Table) -> R) -> R {
        let mut guard = match self.table.try_lock() {
            Ok(guard) => guard,
            // A search that panicked left the table as it was: it is cleared before use anyway.
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => return f(&mut Table::new(self.bits)),
        };
        let table = guard.get_or_insert_with(|| Table::new(self.bits));
        table.clear();
        f(table)
    }
}

#[cfg(test)]
thread_local! {
    /// Tables made on this thread, so a test can count the tables a search or an analysis
    /// allocates.
    static MADE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many tables this thread has made so far (tests only).
#[cfg(test)]
pub fn made_on_this_thread() -> usize {
    MADE.with(std::cell::Cell::get)
}

/// A move in 15 bits: from (6), to (6), promotion (2: none, rook, bishop). 0 means no move,
/// which is safe because a move never goes from a1 to a1.
fn pack(mv: Move) -> u16 {
    let promo = match mv.promotion {
        None => 0,
        Some(PieceKind::Rook) => 1,
        Some(_) => 2,
    };
    (mv.from.index() as u16) | (mv.to.index() as u16) << 6 | promo << 12
}

fn unpack(bits: u16) -> Option<Move> {
    if bits == 0 {
        return None;
    }
    let from = Square::from_index((bits & 63) as u8)?;
    let to = Square::from_index((bits >> 6 & 63) as u8)?;
    let promotion = match bits >> 12 {
        0 => None,
        1 => Some(PieceKind::Rook),
        _ => Some(PieceKind::Bishop),
    };
    Some(Move {
        from,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_survive_packing() {
        let p = crate::rules::Position::from_fen("3Pr2/6k/7/7/7/K6/3p3 w Kk 1").unwrap();
        for &mv in p.legal_moves().iter() {
            assert_eq!(unpack(pack(mv)), Some(mv));
        }
    }

    #[test]
    fn a_stored_entry_comes_back() {
        let mut t = Table::new(4);
        let mv = Position::start().legal_moves()[0];
        t.store(12345, 3, -40, Bound::Lower, Some(mv));
        let hit = t.probe(12345).unwrap();
        assert_eq!(
            (hit.score, hit.depth, hit.bound, hit.mv),
            (-40, 3, Bound::Lower, Some(mv))
        );
        assert!(t.probe(12346).is_none());
    }

    use crate::rules::Position;
}
