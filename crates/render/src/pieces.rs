//! Piece sprites drawn from the chess glyphs of DejaVu Sans (U+2654–U+265F).
//!
//! A glyph alone reads poorly: the white glyphs are hollow (the square shows through), and a
//! solid black glyph vanishes on a dark square. So each piece is built in layers: the glyph's
//! solid silhouette in the piece colour, the glyph's own lines on top, and a thin halo of the
//! opposite colour around the black pieces so their outline survives any background.
//!
//! The layers are made [`SUPERSAMPLE`] times larger, where `imageproc` does the work on
//! whole pixels: the glyphs drawn by `draw_text_mut`, the enclosed interior filled by
//! `flood_fill_mut`, outlines and halos grown by `morphology::dilate`, thick parts found by
//! `morphology::erode`. Each layer is then averaged down with `image`'s `thumbnail`.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{GrayImage, Luma, Rgb as Px, RgbImage, imageops};
use imageproc::distance_transform::Norm;
use imageproc::drawing::{draw_text_mut, flood_fill_mut};
use imageproc::morphology::{dilate, erode};

use super::bishop;
use super::shapes::{SUPERSAMPLE, scaled};
use super::sprite::Sprite;
use super::theme::Theme;
use crate::rules::{Color, Piece, PieceKind};

/// The outline ("white") glyph of each kind, the one whose lines carry the inner detail.
pub const fn outline_char(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => '\u{2654}',
        PieceKind::Rook => '\u{2656}',
        PieceKind::Bishop => '\u{2657}',
        PieceKind::Pawn => '\u{2659}',
    }
}

/// The solid ("black") glyph of each kind: its gaps are the detail lines of a dark piece.
pub const fn solid_char(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => '\u{265A}',
        PieceKind::Rook => '\u{265C}',
        PieceKind::Bishop => '\u{265D}',
        PieceKind::Pawn => '\u{265F}',
    }
}

/// The eight sprites for one cell size: index `color * 4 + kind`.
pub struct PieceSet {
    sprites: Vec<Sprite>,
}

/// Where and how large the glyphs sit in the supersampled square.
pub struct Placement {
    /// The font size, in (supersampled) pixels.
    pub em: f32,
    /// The shared baseline, in (supersampled) pixels from the top.
    pub baseline: f32,
}

impl PieceSet {
    /// Rasterises every piece to fit a `cell`×`cell` square.
    pub fn new(font: &FontRef<'static>, cell: u32, theme: &Theme) -> PieceSet {
        let big = cell * SUPERSAMPLE;
        let at = placement(font, big as f32);
        // Morphology radii in supersampled pixels, as fractions of the square.
        let radius = |fraction: f32| (big as f32 * fraction).round().clamp(1.0, 255.0) as u8;
        let down = |mask: &GrayImage| imageops::thumbnail(mask, cell, cell);

        let mut sprites = Vec::with_capacity(8);
        let bishop = bishop::masks(big, at.baseline, big as f32 * BISHOP_HEIGHT);
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                if kind == PieceKind::Bishop {
                    sprites.push(drawn_bishop(&bishop, color, cell, theme, radius));
                    continue;
                }
                let lines = glyph(font, outline_char(kind), big, &at);
                let silhouette = fill_enclosed(&lines);
                let sprite = match color {
                    Color::White => {
                        // The outline glyphs draw some parts solid (the bishop's mitre); a
                        // white piece must stay white there, so solid areas keep only their
                        // rim and turn white inside.
                        let solid = erode(&binary(&lines), Norm::L2, radius(SOLID_CORE));
                        let lines = subtract(&lines, &solid);
                        let edge = scaled(
                            &dilate(&binary(&silhouette), Norm::L2, radius(WHITE_EDGE)),
                            WHITE_EDGE_ALPHA,
                        );
                        Sprite::from_layers(
                            cell,
                            &[
                                (&down(&edge), theme.white_piece_line),
                                (&down(&silhouette), theme.white_piece),
                                (&down(&lines), theme.white_piece_line),
                            ],
                        )
                    }
                    Color::Black => {
                        let solid = glyph(font, solid_char(kind), big, &at);
                        let halo = scaled(
                            &dilate(&binary(&silhouette), Norm::L2, radius(BLACK_HALO)),
                            BLACK_HALO_ALPHA,
                        );
                        let detail = subtract(&silhouette, &solid);
                        Sprite::from_layers(
                            cell,
                            &[
                                (&down(&halo), theme.black_piece_halo),
                                (&down(&silhouette), theme.black_piece),
                                (&down(&detail), theme.black_piece_line),
                            ],
                        )
                    }
                };
                sprites.push(sprite);
            }
        }
        PieceSet { sprites }
    }

    /// The sprite of one piece.
    pub fn get(&self, piece: Piece) -> &Sprite {
        &self.sprites[piece.color.index() * 4 + piece.kind.index()]
    }
}

/// How far the dark edge round a white piece reaches out of its silhouette, as a share of the
/// square.
pub const WHITE_EDGE: f32 = 0.012;
/// The opacity of that edge.
pub const WHITE_EDGE_ALPHA: f32 = 0.55;
/// How far the light halo round a black piece reaches out of its silhouette, as a share of
/// the square.
pub const BLACK_HALO: f32 = 0.022;
/// The opacity of that halo.
pub const BLACK_HALO_ALPHA: f32 = 0.85;
/// The width of the drawn bishop's outline inside its silhouette, as a share of the square.
pub const BISHOP_RIM: f32 = 0.03;
/// Parts of an outline glyph thicker than twice this (a share of the square) count as solid:
/// a white piece keeps only their rim.
pub const SOLID_CORE: f32 = 0.032;

/// The bishop's height as a share of the square: as tall as the king but for its cross (the
/// king's is 0.82), and about as tall as the font's pawn.
pub const BISHOP_HEIGHT: f32 = 0.81;

/// The bishop's sprite, from its drawn masks, in the same layers as the glyph pieces: a white
/// bishop is white inside a dark outline with dark inner lines, a black one dark inside a
/// light halo with light inner lines.
fn drawn_bishop(
    masks: &bishop::Masks,
    color: Color,
    cell: u32,
    theme: &Theme,
    radius: impl Fn(f32) -> u8,
) -> Sprite {
    let down = |mask: &GrayImage| imageops::thumbnail(mask, cell, cell);
    let silhouette = &masks.silhouette;
    match color {
        Color::White => {
            let inside = erode(silhouette, Norm::L2, radius(BISHOP_RIM));
            let lines = union(&subtract(silhouette, &inside), &masks.lines);
            let edge = scaled(
                &dilate(silhouette, Norm::L2, radius(WHITE_EDGE)),
                WHITE_EDGE_ALPHA,
            );
            Sprite::from_layers(
                cell,
                &[
                    (&down(&edge), theme.white_piece_line),
                    (&down(silhouette), theme.white_piece),
                    (&down(&lines), theme.white_piece_line),
                ],
            )
        }
        Color::Black => {
            let halo = scaled(
                &dilate(silhouette, Norm::L2, radius(BLACK_HALO)),
                BLACK_HALO_ALPHA,
            );
            // The inner lines thinned a little: light on dark reads heavier.
            let detail = subtract(
                &masks.lines,
                &subtract(silhouette, &erode(silhouette, Norm::L2, radius(BISHOP_RIM))),
            );
            Sprite::from_layers(
                cell,
                &[
                    (&down(&halo), theme.black_piece_halo),
                    (&down(silhouette), theme.black_piece),
                    (&down(&detail), theme.black_piece_line),
                ],
            )
        }
    }
}

/// Every piece at each of `cells` (its square's side in pixels), White's and Black's on a
/// light and a dark square each: a sheet to look at the piece art at the sizes players see.
/// Rows are the sizes, smallest first; in each row the four kinds of White on light squares,
/// Black on dark, White on dark, Black on light.
pub fn sheet(font: &FontRef<'static>, cells: &[u32], theme: &Theme) -> RgbImage {
    let gap = 8;
    let per_row = 16;
    let width = cells.iter().map(|&c| c * per_row).max().unwrap_or(0) + 2 * gap;
    let height = cells.iter().map(|&c| c + gap).sum::<u32>() + gap;
    let mut out = RgbImage::from_pixel(width, height, Px(theme.frame));
    let mut y = gap;
    for &cell in cells {
        let set = PieceSet::new(font, cell, theme);
        let mut x = gap;
        for (color, square) in [
            (Color::White, theme.light),
            (Color::Black, theme.dark),
            (Color::White, theme.dark),
            (Color::Black, theme.light),
        ] {
            for kind in PieceKind::ALL {
                let tile = RgbImage::from_pixel(cell, cell, Px(square));
                imageops::replace(&mut out, &tile, x as i64, y as i64);
                set.get(Piece::new(color, kind))
                    .draw(&mut out, x as i64, y as i64);
                x += cell;
            }
        }
        y += cell + gap;
    }
    out
}

/// The king is the tallest glyph: size the font so it fills 82% of the square, and put every
/// piece on one shared baseline so a row of pieces stands level.
pub fn placement(font: &FontRef<'static>, side: f32) -> Placement {
    let probe = 100.0;
    let king = font
        .as_scaled(probe)
        .glyph_id(outline_char(PieceKind::King));
    let bounds = font
        .outline_glyph(king.with_scale_and_position(probe, point(0.0, 0.0)))
        .map(|g| g.px_bounds());
    let (h, bottom) = bounds
        .map(|b| (b.max.y - b.min.y, b.max.y))
        .unwrap_or((probe * 0.8, 0.0));
    let em = probe * (side * 0.82) / h;
    let scale = em / probe;
    Placement {
        em,
        baseline: side * 0.5 + h * scale / 2.0 - bottom * scale,
    }
}

/// One glyph's coverage on a `side`×`side` square, centred across and on the baseline.
fn glyph(font: &FontRef<'static>, ch: char, side: u32, at: &Placement) -> GrayImage {
    let sf = font.as_scaled(at.em);
    let advance = sf.h_advance(sf.glyph_id(ch));
    let mut mask = GrayImage::new(side, side);
    let x = ((side as f32 - advance) / 2.0).round() as i32;
    let y = (at.baseline - sf.ascent()).round() as i32;
    draw_text_mut(
        &mut mask,
        Luma([255]),
        x,
        y,
        PxScale::from(at.em),
        font,
        &ch.to_string(),
    );
    mask
}

/// Ink where the coverage is at least half: the form `imageproc`'s morphology works on.
fn binary(mask: &GrayImage) -> GrayImage {
    let mut out = mask.clone();
    for p in out.iter_mut() {
        *p = if *p >= 128 { 255 } else { 0 };
    }
    out
}

/// The shape with its enclosed interior filled: every pixel the outside cannot reach without
/// crossing ink becomes ink. Turns an outline glyph into its solid silhouette.
fn fill_enclosed(lines: &GrayImage) -> GrayImage {
    const OUTSIDE: Luma<u8> = Luma([128]);
    let mut reach = binary(lines);
    // The glyph is centred with room around it: the corner is outside.
    flood_fill_mut(&mut reach, 0, 0, OUTSIDE);
    let mut out = lines.clone();
    for (o, r) in out.iter_mut().zip(reach.iter()) {
        if *r != OUTSIDE.0[0] {
            *o = 255;
        }
    }
    out
}

/// Wherever `a` or `b` covers.
fn union(a: &GrayImage, b: &GrayImage) -> GrayImage {
    let mut out = a.clone();
    for (o, b) in out.iter_mut().zip(b.iter()) {
        *o = (*o).max(*b);
    }
    out
}

/// `a` where `b` does not cover it.
fn subtract(a: &GrayImage, b: &GrayImage) -> GrayImage {
    let mut out = a.clone();
    for (o, b) in out.iter_mut().zip(b.iter()) {
        *o = o.saturating_sub(*b);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::fonts;

    /// The square's pixels a sprite covers at least half, laid at the square's corner.
    fn ink(sprite: &Sprite, cell: u32) -> Vec<bool> {
        let mut out = vec![false; (cell * cell) as usize];
        for (x, y, p) in sprite.image.enumerate_pixels() {
            let (sx, sy) = (sprite.x0 + x as i64, sprite.y0 + y as i64);
            if p.0[3] >= 128 && (0..cell as i64).contains(&sx) && (0..cell as i64).contains(&sy) {
                out[(sy * cell as i64 + sx) as usize] = true;
            }
        }
        out
    }

    #[test]
    fn at_24_px_the_bishop_is_no_pawn() {
        let cell = 24;
        let set = PieceSet::new(&fonts().sans, cell, &Theme::WOOD);
        for color in Color::ALL {
            let bishop = set.get(Piece::new(color, PieceKind::Bishop));
            let pawn = set.get(Piece::new(color, PieceKind::Pawn));
            // Standing on the pawn's line.
            let bottom = |s: &Sprite| s.y0 + s.image.height() as i64;
            assert!((bottom(bishop) - bottom(pawn)).abs() <= 1);
            // And an outline of its own (the pointed mitre against the round head): at this
            // size the two silhouettes, both slim and upright, share less than 80% of their ink.
            let (b, p) = (ink(bishop, cell), ink(pawn, cell));
            let both = b.iter().zip(&p).filter(|(b, p)| **b && **p).count();
            let either = b.iter().zip(&p).filter(|(b, p)| **b || **p).count();
            assert!(both * 100 < either * 80, "{color}: {both} of {either}");
        }
        // The slit shows: dark pixels inside the white bishop, away from its outline.
        let white = set.get(Piece::new(Color::White, PieceKind::Bishop));
        let img = &white.image;
        let opaque = |x: u32, y: u32| img.get_pixel(x, y).0[3] == 255;
        let slit = (1..img.height() - 1)
            .flat_map(|y| (1..img.width() - 1).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = img.get_pixel(x, y).0;
                p[3] == 255
                    && p[0] < 120
                    && [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                        .iter()
                        .all(|&(x, y)| opaque(x, y))
            })
            .count();
        assert!(slit >= 3, "{slit} slit pixels");
    }
}
