//! The board PNG as an indexed (palette) image: one byte a pixel instead of three.
//!
//! A board is flat colour plus anti-aliased edges, so the 255 colours of the GIF's palette
//! ([`super::palette`], drawn once per option set from sample boards) hold every board without
//! a visible difference, and the PNG shrinks to about half of the RGB one. `image`'s PNG
//! encoder writes only grey and RGB(A) images, so the palette image is written with `png`
//! itself (the crate `image` encodes with).
//!
//! Mapping every pixel to its palette index is what an indexed image costs, so little is
//! mapped: every board is drawn on a copy of one cached background whose indices are cached
//! too, and a block of pixels still equal to the background's (most of the board) takes the
//! background's indices, copied; so does a block of a caption bar still of the bar's flat
//! colour. In the blocks drawn over (pieces, tints, arrows, the hole's text, the names), the
//! mapper remembers the last colour and its index and looks up only where the colour changes.
//! The palette's memo is one byte a colour cell (256 KB), so the look-ups stay in cache.

use image::RgbImage;

use super::RenderError;
use super::palette::GifPalette;
use super::theme::Rgb;

/// `pixels` (RGB) mapped into `out`, one index a pixel, looking up only where the colour
/// changes.
fn index_run(pixels: &[u8], out: &mut [u8], palette: &GifPalette) {
    let mut last = [pixels[0], pixels[1], pixels[2]];
    let mut last_index = palette.index(last);
    for (o, p) in out.iter_mut().zip(pixels.chunks_exact(3)) {
        let c = [p[0], p[1], p[2]];
        if c != last {
            last = c;
            last_index = palette.index(c);
        }
        *o = last_index;
    }
}

/// Pixels compared with the background at a time: a block left as the background was takes
/// the background's indices, copied; the others are looked up.
const BLOCK: usize = 32;

/// What a board PNG is drawn over: the cached background, its palette indices, and the
/// caption bars' flat colour.
pub struct Under<'a> {
    /// The empty board, as every render starts from it.
    pub background: &'a RgbImage,
    /// Its palette indices.
    pub indices: &'a [u8],
    /// Rows of caption bar above the board (0 without a caption); as many below it.
    pub bar: u32,
    /// The colour the bars are filled with before their text is drawn.
    pub bar_fill: Rgb,
}

/// The palette indices of a board drawn over `under`: only what was drawn over the
/// background and the bars' fill (pieces, tints, arrows, the hole's text, the names) is looked
/// up, the rest copied, a block of pixels at a time.
pub fn indices_over(image: &RgbImage, under: &Under, palette: &GifPalette) -> Vec<u8> {
    let width = image.width() as usize;
    let raw = image.as_raw();
    let mut out = vec![0; raw.len() / 3];
    let board_rows = under.background.height() as usize;
    let bar = under.bar as usize;
    let fill_row: Vec<u8> = under.bar_fill.repeat(width);
    let fill_index = vec![palette.index(under.bar_fill); width];
    let rows = out.chunks_exact_mut(width).zip(raw.chunks_exact(width * 3));
    for (y, (out_row, row)) in rows.enumerate() {
        let (bg, bg_indices) = match y.checked_sub(bar).filter(|&by| by < board_rows) {
            Some(by) => {
                let start = by * width;
                (
                    &under.background.as_raw()[start * 3..(start + width) * 3],
                    &under.indices[start..start + width],
                )
            }
            None => (&fill_row[..], &fill_index[..]),
        };
        for x in (0..width).step_by(BLOCK) {
            let end = (x + BLOCK).min(width);
            let (px, pbg) = (&row[x * 3..end * 3], &bg[x * 3..end * 3]);
            if px == pbg {
                out_row[x..end].copy_from_slice(&bg_indices[x..end]);
            } else {
                index_run(px, &mut out_row[x..end], palette);
            }
        }
    }
    out
}

/// Palette indices (`width` × `height`, row by row) encoded as an 8-bit palette PNG.
pub fn encode_indices(
    data: &[u8],
    width: u32,
    height: u32,
    palette: &GifPalette,
) -> Result<Vec<u8>, RenderError> {
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut out = Vec::with_capacity(48 * 1024);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.palette.used_bytes());
    encoder.set_filter(FILTER);
    encoder.set_deflate_compression(COMPRESSION);
    let mut writer = encoder.write_header().map_err(err)?;
    writer.write_image_data(data).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(out)
}

/// The row filter: `Paeth` with the fastest deflate gives the smallest file of the settings
/// that cost no more time than the RGB PNG did (at 640 px, a middlegame: 30.7 KB; `Up` 40 KB,
/// `Sub` 46 KB, no filter 187 KB; zlib level 1 saves a tenth more for twice the encoding time;
/// see `BENCHMARKS.md`, "A lighter board picture").
pub const FILTER: png::Filter = png::Filter::Paeth;
/// The deflate setting: see [`FILTER`].
pub const COMPRESSION: png::DeflateCompression = png::DeflateCompression::FdeflateUltraFast;

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
