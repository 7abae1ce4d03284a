//! The GIF's colours: one 255-colour palette per (size, theme, orientation) shared by every
//! frame, and a memoised colour → index map.
//!
//! A GIF holds at most 256 colours a frame. Quantising each frame (as `image`'s own GIF
//! encoder does) would cost more than drawing it; the board is flat colour plus anti-aliased
//! edges, so one palette drawn from sample boards serves every frame and loses nothing
//! visible.

use std::sync::atomic::{AtomicU8, Ordering};

use image::RgbImage;

use super::assets::Assets;
use super::board;
use super::layers::mix;
use super::theme::{Rgb, Theme};
use super::words::English;
use super::{Arrow, ArrowKind, BoardView, Caption};
use crate::rules::{
    Color, Move, Outcome, Piece, PieceKind, Position, Square, SquareSet, Termination,
};

/// The palette and its memo, for one option set.
pub struct GifPalette {
    /// The colours.
    pub palette: Palette,
    /// Colour → index.
    pub lut: Lut,
}

impl GifPalette {
    /// The palette drawn from sample boards of these assets.
    pub fn new(assets: &Assets) -> GifPalette {
        let samples: Vec<RgbImage> = samples()
            .iter()
            .map(|view| board::draw(view, assets, &English))
            .collect();
        let samples: Vec<&[u8]> = samples.iter().map(|s| s.as_raw().as_slice()).collect();
        let palette = Palette::new(&assets.theme, &samples);
        let lut = Lut::new(&palette);
        GifPalette { palette, lut }
    }

    /// The palette index of a colour.
    #[inline]
    pub fn index(&self, c: Rgb) -> u8 {
        self.lut.index(&self.palette, c)
    }

    /// The palette indices of a whole image.
    pub fn indices(&self, image: &RgbImage) -> Vec<u8> {
        image
            .as_raw()
            .chunks_exact(3)
            .map(|p| self.index([p[0], p[1], p[2]]))
            .collect()
    }
}

/// Views that between them show every kind of thing a board image contains (both armies on
/// both square colours, captures in the hole, a check, a result), so the palette drawn from
/// them has the anti-aliasing shades every real position needs.
fn samples() -> Vec<BoardView> {
    let start = Position::start();
    let sq = |s: &str| {
        s.parse::<Square>()
            .expect("sample squares are board squares")
    };
    let captured: Vec<Piece> = Color::ALL
        .into_iter()
        .flat_map(|c| {
            [PieceKind::Rook, PieceKind::Bishop, PieceKind::Pawn].map(|k| Piece::new(c, k))
        })
        .collect();
    let mut busy = BoardView::new(start);
    busy.last_move = Some(Move::new(sq("c2"), sq("b3")));
    busy.check = Some(sq("d2"));
    busy.captured = captured.clone();
    for s in ["b1", "b2", "b3", "c7"] {
        busy.targets.0 |= SquareSet::from_square(sq(s)).0;
    }
    let mut over = BoardView::new(start);
    over.check = Some(sq("d6"));
    over.captured = captured;
    over.outcome = Some(Outcome::win(Color::White, Termination::Checkmate));
    // The caption bars: names and the game's name on the frame.
    over.caption = Some(Caption {
        players: ["Wolfgang Amadeus".into(), "Ludwig van B".into()],
        game: "Game 1234567890".into(),
    });
    // A key moment: its three arrows, one rebounding, and their labels in the hole.
    let mut moment = BoardView::new(start);
    moment.arrows = vec![
        Arrow {
            mv: Move::new(sq("d1"), sq("b3")),
            kind: ArrowKind::Played,
            label: "Played 1.Bb3??".into(),
        },
        Arrow {
            mv: Move::new(sq("e6"), sq("f5")),
            kind: ArrowKind::Answer,
            label: "Refuted by 1…f5 2.b3 Kd7".into(),
        },
        Arrow {
            mv: Move::new(sq("c2"), sq("b3")),
            kind: ArrowKind::Better,
            label: "Better 1.b3".into(),
        },
    ];
    vec![busy, over, moment]
}

/// Steps of the check glow's ramp the palette holds over each square colour.
const GLOW_STEPS: u32 = 32;

/// The 255 colours every image of one (size, theme, orientation) is encoded with.
#[derive(Default)]
pub struct Palette {
    colors: Vec<Rgb>,
}

impl Palette {
    /// The theme's own colours first (so flat areas map exactly), then their mixtures with
    /// every overlay at a few strengths (so a check glow or an arrow keeps its colour even if
    /// no sample frame shows one), then the commonest remaining colours of the sample frames
    /// (mostly the anti-aliased edges of pieces and text).
    pub fn new(theme: &Theme, samples: &[&[u8]]) -> Palette {
        let mut colors: Vec<Rgb> = Vec::with_capacity(255);
        let push = |colors: &mut Vec<Rgb>, c: Rgb| {
            if colors.len() < 255 && !colors.iter().any(|&p| close(p, c, 4)) {
                colors.push(c);
            }
        };
        let tint = theme.last_move_alpha as f32 / 100.0;
        let bases = [
            theme.light,
            theme.dark,
            mix(theme.light, theme.last_move, tint),
            mix(theme.dark, theme.last_move, tint),
        ];
        for c in [
            theme.light,
            theme.dark,
            theme.frame,
            theme.hole,
            theme.hole_text,
            theme.hole_muted,
            theme.coordinates,
            theme.white_piece,
            theme.white_piece_line,
            theme.black_piece,
            theme.black_piece_line,
            theme.black_piece_halo,
            theme.check,
            theme.arrow,
            theme.played_arrow,
            theme.better_arrow,
            theme.answer_arrow,
        ] {
            push(&mut colors, c);
        }
        // The check glow fades smoothly from the king to the square's edges: its whole ramp
        // over both square colours (a king in check never stands on a tinted square: the last
        // move was the other side's), or the fade shows bands.
        for base in [theme.light, theme.dark] {
            for step in 1..GLOW_STEPS {
                push(
                    &mut colors,
                    mix(base, theme.check, step as f32 / GLOW_STEPS as f32),
                );
            }
        }
        for base in bases {
            push(&mut colors, base);
            for overlay in [theme.check, theme.arrow, theme.target] {
                for t in [0.2, 0.4, 0.6, 0.8] {
                    push(&mut colors, mix(base, overlay, t));
                }
            }
            // The exact flat shades of the arrow and the target marks over every base.
            push(&mut colors, mix(base, theme.arrow, 0.8));
            push(&mut colors, mix(base, theme.target, 0.5));
            // 0.55 was the dots' opacity before they were darkened to 0.8 (among the
            // overlay steps above); kept, so the palette and the PNG sizes measured with it
            // stay as they were.
            push(&mut colors, mix(base, theme.target, 0.55));
        }
        // Popularity over 15-bit bins, each bin represented by the mean of its pixels.
        let mut count = vec![0u32; 1 << 15];
        let mut sum = vec![[0u64; 3]; 1 << 15];
        for frame in samples {
            for p in frame.chunks_exact(3) {
                let bin = bin15([p[0], p[1], p[2]]);
                count[bin] += 1;
                for k in 0..3 {
                    sum[bin][k] += p[k] as u64;
                }
            }
        }
        let mut bins: Vec<usize> = (0..1 << 15).filter(|&b| count[b] > 0).collect();
        bins.sort_by_key(|&b| std::cmp::Reverse(count[b]));
        for b in bins {
            if colors.len() >= 255 {
                break;
            }
            let n = count[b] as u64;
            let mean = [0, 1, 2].map(|k| ((sum[b][k] + n / 2) / n) as u8);
            push(&mut colors, mean);
        }
        Palette { colors }
    }

    /// The global colour table: 256 RGB triples, the last one (transparent) unused.
    pub fn bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.colors.iter().flatten().copied().collect();
        out.resize(256 * 3, 0);
        out
    }

    /// The colours as RGB triples, only those in use: a PNG's palette (a PNG, unlike a GIF,
    /// holds as many entries as it needs).
    pub fn used_bytes(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }

    fn nearest(&self, c: Rgb) -> u8 {
        let mut best = (u32::MAX, 0);
        for (i, p) in self.colors.iter().enumerate() {
            // Weighted for the eye: green differences count most, blue least.
            let d = |k: usize| (p[k] as i32 - c[k] as i32).pow(2) as u32;
            let dist = 3 * d(0) + 4 * d(1) + 2 * d(2);
            if dist < best.0 {
                best = (dist, i as u8);
            }
        }
        best.1
    }
}

fn close(a: Rgb, b: Rgb, tol: i32) -> bool {
    (0..3).all(|k| (a[k] as i32 - b[k] as i32).abs() <= tol)
}

fn cell18(c: Rgb) -> usize {
    ((c[0] as usize >> 2) << 12) | ((c[1] as usize >> 2) << 6) | (c[2] as usize >> 2)
}

fn bin15(c: Rgb) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

/// Colour → palette index, memoised per 18-bit colour cell: a board has a few thousand
/// distinct colours at most, so the nearest-colour search runs only a few thousand times per
/// option set, ever. Each cell maps to the nearest entry for the cell's *centre*, not for
/// whichever colour was looked up first, so the result never depends on what was drawn
/// before; the cells are atomics so that every thread rendering with the same cached
/// options shares one memo without a lock (two threads filling a cell write the same value).
pub struct Lut {
    cells: Vec<AtomicU8>,
}

/// A cell not looked up yet: the one index no colour has (the GIF's transparent slot), so a
/// cell is one byte and the whole memo (256 KB) stays in the processor's cache.
const UNKNOWN: u8 = u8::MAX;

impl Lut {
    /// A memo seeded with the palette's own colours, so a flat area of an exact palette
    /// colour always keeps it. The theme's colours come first in the palette, so they win
    /// any cell they share with a later entry.
    pub fn new(palette: &Palette) -> Lut {
        let cells: Vec<AtomicU8> = (0..1 << 18).map(|_| AtomicU8::new(UNKNOWN)).collect();
        for (i, &c) in palette.colors.iter().enumerate().rev() {
            cells[cell18(c)].store(i as u8, Ordering::Relaxed);
        }
        Lut { cells }
    }

    /// The palette index for a colour.
    #[inline]
    pub fn index(&self, palette: &Palette, c: Rgb) -> u8 {
        let cell = cell18(c);
        let v = self.cells[cell].load(Ordering::Relaxed);
        if v != UNKNOWN {
            return v;
        }
        let centre = c.map(|v| (v & !3) | 2);
        let i = palette.nearest(centre);
        self.cells[cell].store(i, Ordering::Relaxed);
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_colours_map_to_themselves() {
        for theme in [Theme::WOOD, Theme::SLATE] {
            let palette = Palette::new(&theme, &[]);
            let lut = Lut::new(&palette);
            for c in [
                theme.light,
                theme.dark,
                theme.frame,
                theme.hole,
                theme.white_piece,
                theme.black_piece,
            ] {
                let i = lut.index(&palette, c) as usize;
                assert_eq!(palette.colors[i], c);
            }
        }
    }

    #[test]
    fn the_palette_leaves_the_transparent_slot_free() {
        // Every 15-bit colour bin once: far more colours than a palette holds.
        let noise: Vec<u8> = (0..1u32 << 15)
            .flat_map(|b| {
                [
                    (b >> 10) as u8 * 8,
                    (b >> 5 & 31) as u8 * 8,
                    (b & 31) as u8 * 8,
                ]
            })
            .collect();
        let palette = Palette::new(&Theme::WOOD, &[&noise]);
        assert_eq!(palette.colors.len(), 255);
        assert_eq!(palette.bytes().len(), 256 * 3);
    }

    #[test]
    fn nearby_colours_map_to_a_close_entry() {
        let theme = Theme::WOOD;
        let palette = Palette::new(&theme, &[]);
        let lut = Lut::new(&palette);
        let c = mix(theme.light, theme.check, 0.5);
        let got = palette.colors[lut.index(&palette, c) as usize];
        assert!(
            (0..3).all(|k| (got[k] as i32 - c[k] as i32).abs() <= 40),
            "{got:?} for {c:?}"
        );
    }
}
