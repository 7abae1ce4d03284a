//! The board PNG's bytes, written by hand: the rows filtered with `Paeth` and their deflate
//! code kept between renders, and only the bytes around what a render changed filtered and
//! coded again.
//!
//! `png`'s encoder filters every row of every image, a third of what encoding a board cost
//! (`BENCHMARKS.md`, "A lighter board picture"), while a move changes a few tiles of it; and
//! a filtered byte depends only on its pixel and the pixels left, above and above-left of
//! it. So the filtered rows stay with the canvas ([`super::scratch`]) and a render filters
//! again only the tiles whose indices changed, each one pixel wider and one row taller. The
//! rows filtered again are coded again ([`super::deflate_rows`], `fdeflate`'s fast code a row
//! at a time) and the stream joined from every row's kept bits, in an 8-bit palette PNG's four
//! chunks.

use super::deflate_rows::{self, RowCode};

/// Palette indices filtered with `Paeth` (one filter-type byte, then the row), row by row.
pub struct Filtered {
    width: usize,
    height: usize,
    bytes: Vec<u8>,
    /// A row of zeros: what is above the first row.
    zeros: Vec<u8>,
    /// Each row's deflate code, as of the last [`Filtered::encode`].
    codes: Vec<RowCode>,
    /// The rows filtered again since.
    stale: Vec<bool>,
}

/// Where indices changed since the last [`Filtered::refilter`]: each row's span of columns
/// `(first, end)`, empty as `(u32::MAX, 0)`.
pub struct Changed {
    rows: Vec<(u32, u32)>,
}

impl Changed {
    /// Nothing changed in an image `height` rows tall.
    pub fn new(height: u32) -> Changed {
        Changed {
            rows: vec![(u32::MAX, 0); height as usize],
        }
    }

    /// The indices `x0..x1` × `y0..y1` changed.
    pub fn add(&mut self, x0: u32, y0: u32, x1: u32, y1: u32) {
        for r in &mut self.rows[y0 as usize..y1 as usize] {
            *r = (r.0.min(x0), r.1.max(x1));
        }
    }
}

/// The row filter: `Paeth`, with the fastest deflate the smallest file of the settings that
/// cost no more time than the RGB PNG did (at 640 px, a middlegame: 30.7 KB; `Up` 40 KB,
/// `Sub` 46 KB, no filter 187 KB; zlib level 1 saves a tenth more for twice the encoding
/// time; see `BENCHMARKS.md`, "A lighter board picture").
const PAETH: u8 = 4;

impl Filtered {
    /// The filtered rows of a `width` × `height` image of palette indices.
    pub fn new(indices: &[u8], width: u32, height: u32) -> Filtered {
        let (width, height) = (width as usize, height as usize);
        let mut f = Filtered {
            width,
            height,
            bytes: vec![PAETH; (width + 1) * height],
            zeros: vec![0; width],
            codes: (0..height).map(|_| RowCode::with_room(width + 1)).collect(),
            stale: vec![true; height],
        };
        let mut all = Changed::new(height as u32);
        all.add(0, 0, width as u32, height as u32);
        f.refilter(indices, &mut all);
        f
    }

    /// Filters again the bytes of every pixel whose own, left, upper or upper-left pixel
    /// changed (each row's span and the row above's, and one more column), and forgets the
    /// changes.
    pub fn refilter(&mut self, indices: &[u8], changed: &mut Changed) {
        let w = self.width;
        let mut above = (u32::MAX, 0);
        for y in 0..self.height {
            let own = std::mem::replace(&mut changed.rows[y], (u32::MAX, 0));
            let (x0, x1) = (own.0.min(above.0), own.1.max(above.1));
            above = own;
            if x0 >= x1 {
                continue;
            }
            let (x0, x1) = (x0 as usize, (x1 as usize + 1).min(w));
            self.stale[y] = true;
            let row = &indices[y * w..(y + 1) * w];
            let up: &[u8] = if y == 0 {
                // Above the first row is zero.
                &self.zeros
            } else {
                &indices[(y - 1) * w..y * w]
            };
            let out = &mut self.bytes[y * (w + 1) + 1..(y + 1) * (w + 1)];
            let mut from = x0;
            if from == 0 {
                out[0] = row[0].wrapping_sub(paeth(0, up[0], 0));
                from = 1;
            }
            if from >= x1 {
                continue;
            }
            // Written as one zip over slices so that it compiles to vector code.
            let lanes = out[from..x1]
                .iter_mut()
                .zip(&row[from..x1])
                .zip(&row[from - 1..x1 - 1])
                .zip(&up[from..x1])
                .zip(&up[from - 1..x1 - 1]);
            for ((((o, &x), &a), &b), &c) in lanes {
                *o = x.wrapping_sub(paeth(a, b, c));
            }
        }
    }

    /// The PNG: signature, header, palette (`palette`, RGB triples), the compressed rows, end.
    /// Only the rows filtered again since the last call are coded again.
    pub fn encode(&mut self, palette: &[u8]) -> Vec<u8> {
        let w = self.width + 1;
        for (y, code) in self.codes.iter_mut().enumerate() {
            if std::mem::take(&mut self.stale[y]) {
                code.code(&self.bytes[y * w..(y + 1) * w]);
            }
        }
        let data = deflate_rows::stream(&self.codes);
        let mut out = Vec::with_capacity(data.len() + palette.len() + 64);
        out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
        let mut header = Vec::with_capacity(13);
        header.extend_from_slice(&(self.width as u32).to_be_bytes());
        header.extend_from_slice(&(self.height as u32).to_be_bytes());
        // 8 bits a pixel, palette colour; deflate, adaptive filtering, no interlace.
        header.extend_from_slice(&[8, 3, 0, 0, 0]);
        chunk(&mut out, b"IHDR", &header);
        chunk(&mut out, b"PLTE", palette);
        chunk(&mut out, b"IDAT", &data);
        chunk(&mut out, b"IEND", &[]);
        out
    }
}

/// The `Paeth` predictor of the PNG specification (whichever of left `a`, up `b` and
/// upper-left `c` is nearest to a + b − c, preferring them in that order), in the form of
/// FPNGE that `png` itself filters with: all in unsigned bytes and without branches, so a row
/// of them vectorises.
#[inline]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    // |p − a| = |b − c|, |p − b| = |a − c|; |p − c| matters only when c lies between a and b,
    // and is then the difference of the two.
    let pa = b.max(c) - b.min(c);
    let pb = a.max(c) - a.min(c);
    let pc = if (a < c) == (c < b) {
        pa.max(pb) - pa.min(pb)
    } else {
        255
    };
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// Appends one chunk: length, type, data, and the CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels of a PNG as `png` decodes them.
    fn decoded(bytes: &[u8]) -> Vec<u8> {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut pixels).expect("a frame");
        pixels
    }

    #[test]
    fn refiltered_rectangles_give_the_rows_filtered_afresh() {
        let (w, h) = (37u32, 23u32);
        let mut indices: Vec<u8> = (0..w * h).map(|i| (i * 7 % 13) as u8).collect();
        let mut kept = Filtered::new(&indices, w, h);
        let mut changed = Changed::new(h);
        for (x0, y0, x1, y1) in [
            (0, 0, 5, 4),
            (30, 10, 37, 23),
            (12, 0, 20, 23),
            (36, 22, 37, 23),
        ] {
            for y in y0..y1 {
                for x in x0..x1 {
                    indices[(y * w + x) as usize] ^= 5;
                }
            }
            changed.add(x0, y0, x1, y1);
            kept.refilter(&indices, &mut changed);
            assert_eq!(kept.bytes, Filtered::new(&indices, w, h).bytes);
        }
        let palette: Vec<u8> = (0..16 * 3).map(|i| i as u8 * 5).collect();
        assert_eq!(decoded(&kept.encode(&palette)), indices);
    }
}
