//! Deflate for the board PNG, one row at a time: each row of filtered bytes is coded on its
//! own and its bits kept, so a render codes again only the rows it changed and joins the
//! rest as they were.
//!
//! The code is `fdeflate`'s fast compressor (0.3.7, MIT OR Apache-2.0; its code lengths and
//! block header are copied below): one dynamic-Huffman block whose code lengths are fixed in
//! advance for filtered image data, holding literals and runs of zeros (a literal zero and a
//! back-reference at distance 1). Because the code never adapts to the data, a row's bits do
//! not depend on the rows around it but for where they start in the stream, and the stream is
//! the header, the rows' bits one after another, the end-of-block code and the Adler-32 of
//! the rows, which is joined from each row's two sums. A zero run never crosses a row: every
//! row starts with its filter-type byte, never zero here (`Paeth`), so `fdeflate` would end it
//! there too.

use simd_adler32::Adler32;

/// `fdeflate`'s code lengths of the 286 literal/length symbols.
const LENGTHS: [u8; 286] = [
    2, 3, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10, 10,
    10, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 11, 11, 11, 11, 11, 11, 11,
    11, 11, 11, 10, 11, 10, 10, 10, 10, 10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 8, 9, 8, 8, 8, 8, 8, 7,
    7, 7, 6, 6, 6, 5, 4, 3, 12, 12, 12, 9, 9, 11, 10, 11, 11, 10, 11, 11, 11, 11, 11, 11, 12, 11,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 9,
];

/// The Huffman codes of [`LENGTHS`], bit-reversed as deflate writes them.
const CODES: [u16; 286] = codes(&LENGTHS);

/// The zlib header and the block header declaring [`LENGTHS`] (and a one-bit distance code),
/// `fdeflate`'s: 53 bytes and the 5 low bits of the last.
const HEADER: [u8; 54] = [
    120, 1, 237, 192, 3, 160, 36, 89, 150, 198, 241, 255, 119, 238, 141, 200, 204, 167, 114, 75,
    99, 174, 109, 219, 182, 109, 219, 182, 109, 219, 182, 109, 105, 140, 158, 150, 74, 175, 158,
    50, 51, 34, 238, 249, 118, 183, 106, 122, 166, 135, 59, 107, 213, 15,
];

/// The canonical Huffman codes of a set of code lengths (deflate's rule: shorter codes first,
/// equal lengths in symbol order), each bit-reversed.
const fn codes(lengths: &[u8; 286]) -> [u16; 286] {
    let mut codes = [0u16; 286];
    let mut code = 0u32;
    let mut len = 1;
    while len <= 16 {
        let mut i = 0;
        while i < lengths.len() {
            if lengths[i] == len {
                codes[i] = (code as u16).reverse_bits() >> (16 - len);
                code += 1;
            }
            i += 1;
        }
        code <<= 1;
        len += 1;
    }
    assert!(code == 2 << 16, "the code lengths make a complete code");
    codes
}

/// The largest prime below 2^16: Adler-32's modulus.
const ADLER: u64 = 65_521;

/// One row's deflate bits and its Adler-32 sums.
#[derive(Default)]
pub struct RowCode {
    /// The bits, low bit first, 64 to a word; the last word holds what is left.
    words: Vec<u64>,
    bits: usize,
    /// The row's length, the sum of its bytes, and the sum of each byte times the number of
    /// bytes from it to the row's end (itself included), modulo [`ADLER`] (give or take one
    /// [`ADLER`]): what Adler-32 needs of a row to join it to the others.
    len: u64,
    sum: u64,
    weighted: u64,
}

/// Bits written low bit first into 64-bit words.
struct Bits {
    words: Vec<u64>,
    buf: u64,
    n: u32,
}

impl Bits {
    /// Appends the low `n` bits of `bits` (`n` ≤ 64; the bits above must be zero).
    #[inline(always)]
    fn put(&mut self, bits: u64, n: u32) {
        self.buf |= bits << self.n;
        let total = self.n + n;
        if total >= 64 {
            self.words.push(self.buf);
            self.buf = bits.checked_shr(64 - self.n).unwrap_or(0);
            self.n = total - 64;
        } else {
            self.n = total;
        }
    }

    /// The end-of-block code.
    fn end_of_block(&mut self) {
        self.put(u64::from(CODES[256]), u32::from(LENGTHS[256]));
    }

    #[inline(always)]
    fn literal(&mut self, b: u8) {
        self.put(u64::from(CODES[b as usize]), u32::from(LENGTHS[b as usize]));
    }

    /// `run` zeros: a literal zero, then lengths of its copies at distance 1 (the one
    /// distance code is one zero bit), as `fdeflate` writes them.
    fn zeros(&mut self, run: u32) {
        self.literal(0);
        let mut run = run - 1;
        while run >= 258 {
            self.put(u64::from(CODES[285]), u32::from(LENGTHS[285]) + 1);
            run -= 258;
        }
        if run > 4 {
            let (symbol, extra) = length_symbol(run);
            let v = u64::from(run - 3) & ((1 << extra) - 1);
            self.put(u64::from(CODES[symbol]), u32::from(LENGTHS[symbol]));
            self.put(v, extra + 1);
        } else {
            self.put(0, run * u32::from(LENGTHS[0]));
        }
    }
}

/// Deflate's length symbol for a copy of `len` (3..=258) bytes, and its extra bits.
fn length_symbol(len: u32) -> (usize, u32) {
    let v = len - 3;
    if v < 8 {
        (257 + v as usize, 0)
    } else if v == 255 {
        (285, 0)
    } else {
        let extra = 31 - v.leading_zeros() - 2;
        (
            257 + 4 * (extra as usize + 1) + ((v >> extra) & 3) as usize,
            extra,
        )
    }
}

/// The most bits a row's code takes a byte: the longest literal code (a run of zeros takes
/// fewer: a literal zero and at most 18 bits for every 5 to 258 more).
const MAX_BITS_A_BYTE: usize = 12;

impl RowCode {
    /// A row's code with room for the longest code of a row of `len` bytes, taken now: coding
    /// rows never allocates afterwards, so a bot's memory does not creep as boards vary.
    pub fn with_room(len: usize) -> RowCode {
        RowCode {
            words: Vec::with_capacity((len * MAX_BITS_A_BYTE).div_ceil(64) + 1),
            ..RowCode::default()
        }
    }

    /// Codes `row` (a filter-type byte, then the filtered pixels), as `fdeflate` codes data:
    /// eight bytes at a time, a run of zeros only across whole or trailing and leading zero
    /// bytes of those eight, every other byte a literal.
    pub fn code(&mut self, row: &[u8]) {
        let mut w = Bits {
            words: std::mem::take(&mut self.words),
            buf: 0,
            n: 0,
        };
        w.words.clear();
        let mut run = 0;
        let mut chunks = row.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            if word == 0 {
                run += 8;
                continue;
            }
            if run > 0 {
                let leading = word.trailing_zeros() / 8;
                w.zeros(run + leading);
                run = 0;
                if leading > 0 {
                    run = word.leading_zeros() / 8;
                    for &b in &chunk[leading as usize..8 - run as usize] {
                        w.literal(b);
                    }
                    continue;
                }
            }
            let trailing = word.leading_zeros() / 8;
            if trailing > 0 {
                for &b in &chunk[..8 - trailing as usize] {
                    w.literal(b);
                }
                run = trailing;
                continue;
            }
            for half in chunk.chunks_exact(4) {
                let half: [u8; 4] = half.try_into().expect("four bytes");
                let n = half.map(|b| u32::from(LENGTHS[b as usize]));
                let c = half.map(|b| u64::from(CODES[b as usize]));
                let bits =
                    c[0] | c[1] << n[0] | c[2] << (n[0] + n[1]) | c[3] << (n[0] + n[1] + n[2]);
                w.put(bits, n[0] + n[1] + n[2] + n[3]);
            }
        }
        if run > 0 {
            w.zeros(run);
        }
        for &b in chunks.remainder() {
            w.literal(b);
        }
        self.bits = w.words.len() * 64 + w.n as usize;
        if w.n > 0 {
            w.words.push(w.buf);
        }
        self.words = w.words;
        // A row's Adler-32 from the start is (1 + its sum, its length + its weighted sum).
        let mut adler = Adler32::new();
        adler.write(row);
        let adler = u64::from(adler.finish());
        self.len = row.len() as u64 % ADLER;
        self.sum = (adler & 0xffff) + ADLER - 1;
        self.weighted = (adler >> 16) + ADLER - self.len;
    }
}

/// The zlib stream of the rows, coded by [`RowCode::code`], one after another.
pub fn stream(rows: &[RowCode]) -> Vec<u8> {
    let bits: usize = rows.iter().map(|r| r.bits).sum();
    let mut w = Bits {
        words: Vec::with_capacity(bits / 64 + 64),
        buf: 0,
        n: 0,
    };
    for &b in &HEADER[..53] {
        w.put(b.into(), 8);
    }
    w.put(HEADER[53].into(), 5);
    let (mut a, mut b) = (1u64, 0u64);
    for row in rows {
        let full = row.bits / 64;
        for &word in &row.words[..full] {
            w.put(word, 64);
        }
        if row.bits % 64 > 0 {
            w.put(row.words[full], (row.bits % 64) as u32);
        }
        b = (b + row.len * a + row.weighted) % ADLER;
        a = (a + row.sum) % ADLER;
    }
    // The end of the block, then the stream padded to a byte.
    w.end_of_block();
    let mut out = Vec::with_capacity(w.words.len() * 8 + 12);
    for word in &w.words {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(&w.buf.to_le_bytes()[..w.n.div_ceil(8) as usize]);
    out.extend_from_slice(&((b << 16 | a) as u32).to_be_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of a filter byte and bytes with zero runs of every length from 0 to 700 at every
    /// offset within eight bytes, and lone bytes of every value.
    fn rows() -> Vec<Vec<u8>> {
        let mut rows = Vec::new();
        let mut seed = 7u32;
        for run in (0..700)
            .step_by(7)
            .chain([257, 258, 259, 260, 261, 516, 517])
        {
            let mut row = vec![4];
            for k in 0..3 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                row.extend((0..(seed >> 16) % 9).map(|i| (seed >> i) as u8 | 1));
                row.extend(std::iter::repeat_n(0, run + k));
            }
            rows.push(row);
        }
        rows.push((0..=255).collect());
        rows.push(vec![4]);
        // The longest literals, and zeros one by one between them: the most bits a row takes.
        let longest = (0..=255u8)
            .max_by_key(|&b| LENGTHS[b as usize])
            .expect("bytes");
        rows.push(std::iter::repeat_n(longest, 641).collect());
        rows.push(
            (0..641)
                .map(|i| if i % 2 == 0 { longest } else { 0 })
                .collect(),
        );
        rows
    }

    #[test]
    fn rows_coded_one_by_one_make_the_zlib_stream_of_their_bytes() {
        let rows = rows();
        let codes: Vec<RowCode> = rows
            .iter()
            .map(|row| {
                // Coded twice: a code reused for another row keeps nothing of the first.
                let mut code = RowCode::with_room(row.len().max(rows[0].len()));
                let room = code.words.capacity();
                code.code(&rows[0]);
                code.code(row);
                assert_eq!(code.words.capacity(), room);
                code
            })
            .collect();
        let stream = stream(&codes);
        let want: Vec<u8> = rows.concat();
        let got = fdeflate::decompress_to_vec(&stream).expect("a zlib stream");
        assert_eq!(got, want);
        // Adler-32 as the decoder checks it, and the size of `fdeflate`'s own stream within
        // a few per cent (its eight-byte steps run through the whole stream, these restart
        // at each row: 3,459 bytes against 3,370).
        let whole = fdeflate::compress_to_vec(&want);
        assert_eq!(stream[stream.len() - 4..], whole[whole.len() - 4..]);
        assert!(
            stream.len() * 100 <= whole.len() * 105,
            "{} against {}",
            stream.len(),
            whole.len()
        );
    }

    #[test]
    fn length_symbols_follow_deflate() {
        // (length, symbol, extra bits) from RFC 1951, 3.2.5.
        for (len, symbol, extra) in [
            (3, 257, 0),
            (10, 264, 0),
            (11, 265, 1),
            (12, 265, 1),
            (13, 266, 1),
            (19, 269, 2),
            (34, 272, 2),
            (35, 273, 3),
            (67, 277, 4),
            (130, 280, 4),
            (131, 281, 5),
            (257, 284, 5),
            (258, 285, 0),
        ] {
            assert_eq!(length_symbol(len), (symbol, extra), "{len}");
        }
    }
}
