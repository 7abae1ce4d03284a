//! Where a render drew: the image cut into square tiles, each marked when anything was drawn
//! over it. The board PNG keeps its canvas between renders ([`super::scratch`]) and, from
//! these marks, puts back only what the last render drew over and maps to the palette only
//! what this one drew over: at 640 px a move draws over about a fifth of the image.

/// The side of a tile in pixels: small enough that a piece's square marks little more than
/// itself, large enough that a row of a tile is one short copy.
pub const TILE: u32 = 16;

/// The marked tiles of one image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiles {
    width: u32,
    height: u32,
    cols: u32,
    marked: Vec<bool>,
}

impl Tiles {
    /// No tile marked, over a `width` × `height` image.
    pub fn new(width: u32, height: u32) -> Tiles {
        let cols = width.div_ceil(TILE);
        let rows = height.div_ceil(TILE);
        Tiles {
            width,
            height,
            cols,
            marked: vec![false; (cols * rows) as usize],
        }
    }

    /// Marks every tile that meets the pixels `x0..x1` × `y0..y1` (clipped to the image).
    pub fn add(&mut self, x0: i64, y0: i64, x1: i64, y1: i64) {
        let clip = |v: i64, max: u32| v.clamp(0, i64::from(max)) as u32;
        let (x0, x1) = (clip(x0, self.width), clip(x1, self.width));
        let (y0, y1) = (clip(y0, self.height), clip(y1, self.height));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        for row in y0 / TILE..y1.div_ceil(TILE) {
            let start = (row * self.cols) as usize;
            self.marked[start + (x0 / TILE) as usize..start + x1.div_ceil(TILE) as usize]
                .fill(true);
        }
    }

    /// Marks every tile `other` marks too (an image of the same size).
    pub fn merge(&mut self, other: &Tiles) {
        for (m, &o) in self.marked.iter_mut().zip(&other.marked) {
            *m |= o;
        }
    }

    /// Unmarks every tile.
    pub fn clear(&mut self) {
        self.marked.fill(false);
    }

    /// The marked pixels as rectangles `(x0, y0, x1, y1)` (ends exclusive), one for each run
    /// of marked tiles along a row of tiles, clipped to the image.
    pub fn rects(&self) -> impl Iterator<Item = (u32, u32, u32, u32)> + '_ {
        let cols = self.cols as usize;
        self.marked
            .chunks_exact(cols)
            .enumerate()
            .flat_map(move |(row, line)| {
                let y0 = row as u32 * TILE;
                let y1 = (y0 + TILE).min(self.height);
                let mut col = 0;
                std::iter::from_fn(move || {
                    let start = col + line[col..].iter().position(|&m| m)?;
                    let end = start + line[start..].iter().take_while(|&&m| m).count();
                    col = end;
                    let x0 = start as u32 * TILE;
                    let x1 = (end as u32 * TILE).min(self.width);
                    Some((x0, y0, x1, y1))
                })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_clipped_merged_along_rows_and_cleared() {
        let mut t = Tiles::new(40, 20);
        t.add(-5, 3, 17, 4);
        t.add(33, 18, 100, 100);
        t.add(50, 0, 60, 10);
        let rects: Vec<_> = t.rects().collect();
        assert_eq!(rects, [(0, 0, 32, 16), (32, 16, 40, 20)]);
        t.clear();
        assert_eq!(t.rects().count(), 0);
        t.add(-1, -1, 99, 99);
        assert_eq!(
            t.rects().collect::<Vec<_>>(),
            [(0, 0, 40, 16), (0, 16, 40, 20)]
        );
    }
}
