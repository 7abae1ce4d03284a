//! The transposition table: what earlier searches learned about a position, by Zobrist key.

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

/// One slot: 16 bytes, so a megabyte holds 65,536 positions.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    score: i16,
    mv: u16,
    depth: i8,
    bound: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    pub mv: Option<Move>,
}

/// A fixed-size, always-replace-unless-deeper table.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots, zeroed (the allocation is lazy, so a small search touches
    /// few pages).
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![Slot::default(); 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let slot = self.slots[key as usize & self.mask];
        if slot.key != key || slot.bound == 0 {
            return None;
        }
        Some(Hit {
            score: slot.score as i32,
            depth: slot.depth as i32,
            bound: match slot.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            mv: unpack(slot.mv),
        })
    }

    /// Stores a result; a deeper result for the same position is kept over a shallower one.
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: Option<Move>) {
        let slot = &mut self.slots[key as usize & self.mask];
        if slot.key == key && slot.depth as i32 > depth && bound != Bound::Exact {
            return;
        }
        *slot = Slot {
            key,
            score: score as i16,
            mv: mv.map_or(0, pack),
            depth: depth.clamp(-1, 127) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
        };
    }
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
