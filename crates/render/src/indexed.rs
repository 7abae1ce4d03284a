//! The board PNG as an indexed (palette) image: one byte a pixel instead of three.
//!
//! A board is flat colour plus anti-aliased edges, so the 255 colours of the GIF's palette
//! ([`super::palette`], drawn once per option set from sample boards) hold every board without
//! a visible difference, and the PNG shrinks to about half of the RGB one. `image`'s PNG
//! encoder writes only grey and RGB(A) images, so the palette image is written by
//! [`super::png_out`].
//!
//! Mapping every pixel to its palette index is what an indexed image costs, so little is
//! mapped: the board PNG keeps its canvas and indices between renders ([`super::scratch`]) and
//! maps only the tiles this render or the last one drew over ([`map_rect`]), and there only the
//! runs of pixels that differ from the last render's; the mapper remembers the last colour and its index and
//! looks up only where the colour changes. The palette's memo is one byte a colour cell
//! (256 KB), so the look-ups stay in cache.

use image::RgbImage;

use super::palette::GifPalette;
use super::png_out::Changed;

/// The last colour looked up (as `0xBBGGRR`; none yet: `u32::MAX`) and its index.
type Memo = (u32, u8);

/// `pixels` (RGB) mapped into `out`, one index a pixel, looking up only where the colour
/// changes from the last one (`memo`, carried from one run to the next along a row).
#[inline]
fn index_run(pixels: &[u8], out: &mut [u8], palette: &GifPalette, memo: &mut Memo) {
    for (o, p) in out.iter_mut().zip(pixels.chunks_exact(3)) {
        let c = u32::from(p[0]) | u32::from(p[1]) << 8 | u32::from(p[2]) << 16;
        if c != memo.0 {
            *memo = (c, palette.index([p[0], p[1], p[2]]));
        }
        *o = memo.1;
    }
}

/// Pixels compared with the last image at a time (callgrind, the benchmark's middlegame,
/// compared with the background: runs of 8 cost 9.1 M instructions a render, 16 7.9 M, 32
/// 7.5 M, 64 7.5 M: shorter runs map fewer pixels but compare more often).
const RUN: usize = 32;

/// Maps the pixels `x0..x1` × `y0..y1` of `image` to their palette indices in `indices` (one
/// byte a pixel, row by row), which hold the indices of `last` (an image of the same size) or
/// of the pixels there before it: a run of [`RUN`] pixels as `last` has them keeps its
/// indices, only the others are looked up. Notes in `changed` the indices that changed.
pub fn map_rect(
    image: &RgbImage,
    last: &RgbImage,
    indices: &mut [u8],
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    palette: &GifPalette,
    changed: &mut Changed,
) {
    let width = image.width() as usize;
    let (raw, old) = (image.as_raw(), last.as_raw());
    let (x0, x1) = (x0 as usize, x1 as usize);
    let mut run = [0u8; RUN];
    for y in y0 as usize..y1 as usize {
        let at = y * width;
        let mut memo = (u32::MAX, 0);
        for x in (x0..x1).step_by(RUN) {
            let end = (x + RUN).min(x1);
            let span = (at + x) * 3..(at + end) * 3;
            if raw[span.clone()] == old[span.clone()] {
                continue;
            }
            let run = &mut run[..end - x];
            index_run(&raw[span], run, palette, &mut memo);
            let to = &mut indices[at + x..at + end];
            if to != run {
                to.copy_from_slice(run);
                changed.add(x as u32, y as u32, end as u32, y as u32 + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Game;
    use crate::{BoardView, Caption, Options, render_png, render_rgb};

    /// A middlegame with a check, a rebound and captures, as the benchmark draws it.
    fn middlegame() -> BoardView {
        let moves = [
            "c1b2", "f5", "bb3", "g4", "Rf2", "Rb7", "b4", "Rcb6", "b5", "Kc7", "bxb6+", "Kd6",
            "b1", "Bc6", "Ke2", "Ke6", "c7", "Rxc7", "Kd2", "Rd7", "Ref1", "g3", "Ke1", "Rd6",
            "Bxc6+",
        ];
        BoardView::of_game(&Game::replay(None, &moves).expect("legal moves"))
    }

    /// The PNG's pixels: (its colour type, RGB bytes).
    fn decoded(png_bytes: &[u8]) -> (png::ColorType, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().expect("a PNG");
        let color = reader.info().color_type;
        let palette = reader.info().palette.clone().expect("a palette").to_vec();
        let mut indices = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut indices).expect("a frame");
        let rgb = indices
            .iter()
            .flat_map(|&i| palette[i as usize * 3..i as usize * 3 + 3].to_vec())
            .collect();
        (color, rgb)
    }

    #[test]
    fn the_board_png_is_indexed_small_and_true_to_the_drawing() {
        let options = Options::default();
        let bare = middlegame();
        let named = middlegame().with_caption(Caption {
            players: ["Wolfgang_Amadeus_Mozart_1756_ABC".into(), "ℵ Ludwig".into()],
            game: "Game 12345".into(),
        });
        for (view, budget) in [(&bare, 40_000), (&named, 48_000)] {
            let bytes = render_png(view, &options).expect("renders");
            assert!(bytes.len() <= budget, "{} bytes", bytes.len());
            let (color, got) = decoded(&bytes);
            assert_eq!(color, png::ColorType::Indexed);
            let want = render_rgb(view, &options).expect("renders").into_raw();
            assert_eq!(got.len(), want.len());
            // Every pixel close to the drawing; flat areas (most of the board) exact.
            let mut exact = 0;
            for (a, b) in want.chunks_exact(3).zip(got.chunks_exact(3)) {
                let d = (0..3).map(|k| a[k].abs_diff(b[k])).max().unwrap();
                assert!(d <= 40, "{a:?} drawn as {b:?}");
                exact += usize::from(d == 0);
            }
            let pixels = want.len() / 3;
            assert!(exact * 100 >= pixels * 90, "{exact} of {pixels} exact");
        }
    }
}
