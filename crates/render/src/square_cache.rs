//! The palette indices of plain squares, kept with a board PNG's canvas ([`super::scratch`]).
//!
//! Most squares a move's board draws are a piece on its square, or a tinted square, with
//! nothing else over them; their pixels depend only on the square, its tint and its piece
//! ([`SquareKey`]), and the next board draws most of them again. Mapping to the palette and
//! drawing sprites were about a third of a render, much of it on such squares (`BENCHMARKS.md`,
//! "A lighter board picture"). So the indices of such a square, as the one drawing
//! ([`super::board::draw_on`]) and the mapper made them, are kept here the first time, and the
//! next render that finds the square plain with the same key leaves its drawing out and copies
//! its indices in. Nothing here draws: a square is only ever filled from a real drawing.
//!
//! Bounded: at most [`LIMIT_BYTES`] of squares a canvas (at 640 px an 83-pixel square is
//! 6.9 KB, so about 300 squares, more than a game's pieces visit), held in one block taken when
//! the canvas is made, so that keeping squares never allocates and the process's memory does
//! not creep as games bring new squares; when the block is full the cache starts afresh.

use super::board::SquareKey;

/// The bytes of squares one canvas keeps: 2 MB (the pool keeps at most 4 canvases).
const LIMIT_BYTES: usize = 2 << 20;

/// Slots: 49 grid indices (the hole's are never used) × tinted or not × no piece or one of
/// the 8 pieces.
const SLOTS: usize = 49 * 2 * 9;

/// Kept squares of one option set: each the `cell` × `cell` indices of a square, row by row,
/// one after another in one block.
pub struct SquareCache {
    cell: usize,
    /// Where each slot's square starts in `block`, when it is kept.
    starts: Vec<Option<usize>>,
    /// The squares kept, allocated once: its length is the bound.
    block: Vec<u8>,
    /// How much of `block` holds squares.
    used: usize,
}

/// The slot of a key.
fn slot((sq, tinted, piece): SquareKey) -> usize {
    let piece = piece.map_or(0, |p| 1 + p.color.index() * 4 + p.kind.index());
    (sq.index() * 2 + usize::from(tinted)) * 9 + piece
}

impl SquareCache {
    /// No squares kept yet, for squares `cell` pixels wide: room for as many whole squares
    /// as [`LIMIT_BYTES`] holds (or as there are slots).
    pub fn new(cell: u32) -> SquareCache {
        let cell = cell as usize;
        let square = (cell * cell).max(1);
        let squares = (LIMIT_BYTES / square).min(SLOTS);
        SquareCache {
            cell,
            starts: vec![None; SLOTS],
            block: vec![0; squares * square],
            used: 0,
        }
    }

    /// True when the square of `key` is kept.
    pub fn has(&self, key: SquareKey) -> bool {
        self.starts[slot(key)].is_some()
    }

    /// Copies the kept square of `key` into `indices` (an image `width` pixels wide) with its
    /// top-left pixel at `(x, y)`; nothing if it is not kept ([`SquareCache::has`] said so).
    /// True when that changed any index.
    pub fn copy_in(
        &self,
        key: SquareKey,
        indices: &mut [u8],
        width: usize,
        (x, y): (u32, u32),
    ) -> bool {
        let Some(start) = self.starts[slot(key)] else {
            return false;
        };
        let (x, y, q) = (x as usize, y as usize, self.cell);
        let tile = &self.block[start..start + q * q];
        let mut changed = false;
        for (row, from) in tile.chunks_exact(q).enumerate() {
            let at = (y + row) * width + x;
            let to = &mut indices[at..at + q];
            if to != from {
                to.copy_from_slice(from);
                changed = true;
            }
        }
        changed
    }

    /// Keeps the square of `key` as `indices` (an image `width` pixels wide) hold it with its
    /// top-left pixel at `(x, y)`: in its old place if it was kept, else after the others
    /// (starting afresh when the block is full).
    pub fn keep(&mut self, key: SquareKey, indices: &[u8], width: usize, (x, y): (u32, u32)) {
        let (x, y, q) = (x as usize, y as usize, self.cell);
        if q * q > self.block.len() {
            return;
        }
        let start = match self.starts[slot(key)] {
            Some(start) => start,
            None => {
                if self.used + q * q > self.block.len() {
                    self.starts.fill(None);
                    self.used = 0;
                }
                self.used += q * q;
                self.used - q * q
            }
        };
        self.starts[slot(key)] = Some(start);
        let tile = &mut self.block[start..start + q * q];
        for (row, to) in tile.chunks_exact_mut(q).enumerate() {
            let from = (y + row) * width + x;
            to.copy_from_slice(&indices[from..from + q]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, Piece, PieceKind, Square};

    #[test]
    fn a_kept_square_comes_back_where_it_is_copied_and_the_cache_stays_bounded() {
        let (cell, width) = (600u32, 1300usize);
        let image: Vec<u8> = (0..width * 700).map(|i| (i % 251) as u8).collect();
        let mut cache = SquareCache::new(cell);
        let rook = Some(Piece::new(Color::White, PieceKind::Rook));
        let key = |i: usize| (Square::ALL[i], i % 2 == 0, rook);
        cache.keep(key(0), &image, width, (3, 5));
        assert!(cache.has(key(0)) && !cache.has((Square::ALL[0], false, rook)));
        let mut out = vec![0; image.len()];
        assert!(cache.copy_in(key(0), &mut out, width, (3, 5)));
        assert!(!cache.copy_in(key(0), &mut out, width, (3, 5)));
        for y in 5..605 {
            assert_eq!(
                out[y * width + 3..y * width + 603],
                image[y * width + 3..y * width + 603]
            );
        }
        // 360 KB a square: five fit in 2 MB; the sixth starts the cache afresh, and the block
        // taken at the start is all it ever holds.
        let block = cache.block.len();
        assert_eq!(block, 5 * 360_000);
        for i in 1..6 {
            cache.keep(key(i), &image, width, (0, 0));
            assert!(cache.used <= block && cache.block.len() == block);
        }
        assert!(!cache.has(key(0)) && cache.has(key(5)));
        // Kept again, a square takes its old place.
        let used = cache.used;
        cache.keep(key(5), &image, width, (3, 5));
        assert_eq!(cache.used, used);
        cache.copy_in(key(5), &mut out, width, (3, 5));
        assert_eq!(
            out[5 * width + 3..5 * width + 603],
            image[5 * width + 3..5 * width + 603]
        );
    }
}
