//! Piece sprites drawn from the chess glyphs of DejaVu Sans (U+2654–U+265F).
//!
//! A glyph alone reads poorly: the white glyphs are hollow (the square shows through), and a
//! solid black glyph vanishes on a dark square. So each piece is built in layers: the glyph's
//! solid silhouette in the piece colour, the glyph's own lines on top, and a thin halo of the
//! opposite colour around the black pieces so their outline survives any background.

use ab_glyph::{Font, FontRef, ScaleFont, point};

use super::canvas::{Sprite, dilate, erode, fill_holes, glyph_coverage};
use super::theme::Theme;
use crate::rules::{Color, Piece, PieceKind};

/// The outline ("white") glyph of each kind, the one whose lines carry the inner detail.
const fn outline_char(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => '\u{2654}',
        PieceKind::Rook => '\u{2656}',
        PieceKind::Bishop => '\u{2657}',
        PieceKind::Pawn => '\u{2659}',
    }
}

/// The solid ("black") glyph of each kind: its gaps are the detail lines of a dark piece.
const fn solid_char(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => '\u{265A}',
        PieceKind::Rook => '\u{265C}',
        PieceKind::Bishop => '\u{265D}',
        PieceKind::Pawn => '\u{265F}',
    }
}

/// The eight sprites for one cell size: index `color * 4 + kind`.
pub struct PieceSet {
    pub cell: usize,
    pub sprites: Vec<Sprite>,
}

impl PieceSet {
    /// Rasterises every piece to fit a `cell`×`cell` square.
    pub fn new(font: &FontRef<'static>, cell: usize, theme: &Theme) -> PieceSet {
        // The king is the tallest glyph: size the font so it fills 82% of the cell, and put
        // every piece on one shared baseline so a row of pieces stands level.
        let probe = 100.0;
        let sf = font.as_scaled(probe);
        let king = sf.glyph_id(outline_char(PieceKind::King));
        let bounds = font
            .outline_glyph(king.with_scale_and_position(probe, point(0.0, 0.0)))
            .map(|g| g.px_bounds());
        let (h, bottom) = bounds
            .map(|b| (b.max.y - b.min.y, b.max.y))
            .unwrap_or((probe * 0.8, 0.0));
        let em = probe * (cell as f32 * 0.82) / h;
        let scale = em / probe;
        let baseline = cell as f32 * 0.5 + h * scale / 2.0 - bottom * scale;

        let mut sprites = Vec::with_capacity(8);
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let lines = glyph_coverage(font, outline_char(kind), cell, em, baseline);
                let solid = glyph_coverage(font, solid_char(kind), cell, em, baseline);
                let silhouette = fill_holes(&lines, cell);
                let sprite = match color {
                    Color::White => {
                        // The outline glyphs draw some parts solid (the bishop's mitre); a
                        // white piece must stay white there, so solid areas keep only their
                        // rim and turn white inside.
                        let solid = erode(&lines, cell, cell as f32 * 0.032);
                        let lines: Vec<f32> = lines
                            .iter()
                            .zip(&solid)
                            .map(|(l, s)| (l - s).max(0.0))
                            .collect();
                        let edge = dilate(&silhouette, cell, cell as f32 * 0.012);
                        let edge: Vec<f32> = edge.iter().map(|c| c * 0.55).collect();
                        Sprite::from_layers(
                            cell,
                            &[
                                (&edge, theme.white_piece_line),
                                (&silhouette, theme.white_piece),
                                (&lines, theme.white_piece_line),
                            ],
                        )
                    }
                    Color::Black => {
                        let halo = dilate(&silhouette, cell, cell as f32 * 0.022);
                        let halo: Vec<f32> = halo.iter().map(|c| c * 0.85).collect();
                        let detail: Vec<f32> = silhouette
                            .iter()
                            .zip(&solid)
                            .map(|(s, b)| (s - b).max(0.0))
                            .collect();
                        Sprite::from_layers(
                            cell,
                            &[
                                (&halo, theme.black_piece_halo),
                                (&silhouette, theme.black_piece),
                                (&detail, theme.black_piece_line),
                            ],
                        )
                    }
                };
                sprites.push(sprite);
            }
        }
        PieceSet { cell, sprites }
    }

    /// The sprite of one piece.
    pub fn get(&self, piece: Piece) -> &Sprite {
        &self.sprites[piece.color.index() * 4 + piece.kind.index()]
    }
}
