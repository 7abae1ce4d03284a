//! Where everything sits on the image: the frame, the 40 squares and the hole, for either
//! orientation. Public so that tests (and anything mapping a click to a square) agree with
//! the renderer to the pixel.

use crate::rules::{Color, SIZE, Square};

/// The smallest image side the renderer accepts: below this the coordinates and the
/// captured pieces in the hole are no longer legible.
pub const MIN_SIZE: u32 = 280;
/// The largest image side the renderer accepts (keeps memory and time bounded).
pub const MAX_SIZE: u32 = 2048;
/// The default image side: crisp on a phone, small enough to post after every move.
pub const DEFAULT_SIZE: u32 = 640;

/// The geometry of one board image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Width of the image in pixels, and the height of the board with its frame.
    pub size: u32,
    /// Height of the bar above the framed board that names the top player and the game
    /// ([`Caption`](super::Caption)); the same bar below names the bottom player. 0 for an
    /// image without a caption.
    pub bar: u32,
    /// Side of one square in pixels.
    pub cell: u32,
    /// Pixel offset of the board's top-left square from the image's top-left corner (the
    /// frame's width on the top and left; the bottom and right get any odd pixel left over).
    pub margin: u32,
    /// The colour whose side is at the bottom of the image.
    pub orientation: Color,
}

impl Layout {
    /// The layout of a `size`-pixel image with `orientation` at the bottom. The frame is
    /// about a third of a square wide: room for the coordinates, no more.
    pub fn new(size: u32, orientation: Color) -> Layout {
        let cell = (size as f32 / (SIZE as f32 + 0.62)) as u32;
        let margin = (size - cell * SIZE as u32) / 2;
        Layout {
            size,
            bar: 0,
            cell,
            margin,
            orientation,
        }
    }

    /// The same layout with a caption bar above and below the board: a little over half a
    /// square high, room for one line of names.
    pub fn captioned(self) -> Layout {
        Layout {
            bar: (self.cell as f32 * 0.62).round() as u32,
            ..self
        }
    }

    /// Height of the whole image: the framed board and its caption bars.
    pub fn height(&self) -> u32 {
        self.size + 2 * self.bar
    }

    /// The screen column (0 = left) and row (0 = top) of a file and rank, which may be hole
    /// coordinates.
    pub fn cell_of(&self, file: u8, rank: u8) -> (u32, u32) {
        let last = SIZE as u32 - 1;
        match self.orientation {
            Color::White => (file as u32, last - rank as u32),
            Color::Black => (last - file as u32, rank as u32),
        }
    }

    /// The top-left pixel of a square.
    pub fn square_origin(&self, sq: Square) -> (u32, u32) {
        let (col, row) = self.cell_of(sq.file(), sq.rank());
        (
            self.margin + col * self.cell,
            self.bar + self.margin + row * self.cell,
        )
    }

    /// The centre of a square, in sub-pixel coordinates.
    pub fn square_center(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.square_origin(sq);
        let h = self.cell as f32 / 2.0;
        (x as f32 + h, y as f32 + h)
    }

    /// The hole's rectangle as (left, top, right, bottom) pixels, right and bottom exclusive.
    pub fn hole(&self) -> (u32, u32, u32, u32) {
        let a = self.margin + 2 * self.cell;
        let b = self.margin + 5 * self.cell;
        (a, a + self.bar, b, b + self.bar)
    }

    /// The square under a pixel, if the pixel is on one of the 40 squares.
    pub fn square_at(&self, x: u32, y: u32) -> Option<Square> {
        let (x, y) = (
            x.checked_sub(self.margin)?,
            y.checked_sub(self.bar + self.margin)?,
        );
        let (col, row) = (x / self.cell, y / self.cell);
        if col >= SIZE as u32 || row >= SIZE as u32 {
            return None;
        }
        let last = SIZE as u32 - 1;
        let (file, rank) = match self.orientation {
            Color::White => (col, last - row),
            Color::Black => (last - col, row),
        };
        Square::new(file as u8, rank as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_centred_with_a_frame_for_the_coordinates() {
        for size in [MIN_SIZE, 560, DEFAULT_SIZE, 720, MAX_SIZE] {
            let l = Layout::new(size, Color::White);
            let board = l.cell * SIZE as u32;
            assert!(board + 2 * l.margin <= size);
            assert!(size - board - 2 * l.margin <= 1, "leftover at {size}");
            // Wide enough for a label, narrow enough not to waste the phone's screen.
            assert!(l.margin as f32 >= l.cell as f32 * 0.25);
            assert!(l.margin as f32 <= l.cell as f32 * 0.4);
        }
    }

    #[test]
    fn orientations_are_half_turns_of_each_other() {
        let w = Layout::new(DEFAULT_SIZE, Color::White);
        let b = Layout::new(DEFAULT_SIZE, Color::Black);
        let span = w.margin * 2 + w.cell * SIZE as u32;
        for sq in Square::ALL {
            let (wx, wy) = w.square_origin(sq);
            let (bx, by) = b.square_origin(sq);
            assert_eq!(wx + bx + w.cell, span, "{sq}");
            assert_eq!(wy + by + w.cell, span, "{sq}");
        }
        assert_eq!(w.square_origin("a1".parse().unwrap()).0, w.margin);
        assert_eq!(b.square_origin("g1".parse().unwrap()), (b.margin, b.margin));
    }

    #[test]
    fn every_square_pixel_maps_back_to_its_square() {
        for orientation in Color::ALL {
            let l = Layout::new(600, orientation);
            for sq in Square::ALL {
                let (x, y) = l.square_origin(sq);
                for (dx, dy) in [
                    (0, 0),
                    (l.cell - 1, 0),
                    (0, l.cell - 1),
                    (l.cell - 1, l.cell - 1),
                ] {
                    assert_eq!(l.square_at(x + dx, y + dy), Some(sq));
                }
            }
            assert_eq!(l.square_at(0, 0), None);
            assert_eq!(l.square_at(599, 599), None);
        }
    }

    #[test]
    fn a_caption_moves_the_board_down_by_its_bar() {
        let plain = Layout::new(DEFAULT_SIZE, Color::Black);
        let captioned = plain.captioned();
        assert!(captioned.bar > 0);
        assert_eq!(captioned.height(), DEFAULT_SIZE + 2 * captioned.bar);
        for sq in Square::ALL {
            let (x, y) = plain.square_origin(sq);
            assert_eq!(captioned.square_origin(sq), (x, y + captioned.bar));
            assert_eq!(captioned.square_at(x, y + captioned.bar), Some(sq));
        }
        let (x0, y0, x1, y1) = plain.hole();
        assert_eq!(
            captioned.hole(),
            (x0, y0 + captioned.bar, x1, y1 + captioned.bar)
        );
        assert_eq!(captioned.square_at(plain.margin, plain.margin), None);
    }
}
