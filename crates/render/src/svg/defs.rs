//! The `<defs>`: each piece shape once (the glyphs' lines, silhouettes and solid forms, the
//! drawn bishop), each piece built from them in its colours, the check glow's gradient and
//! the target ring. The board then places pieces with `<use href="#rb-wK">`.

use super::glyphs;
use super::write::{Hex, Num, Share, polygons, polyline, put};
use crate::assets::fonts;
use crate::bishop;
use crate::layers::{GLOW_BLUR, GLOW_RADIUS, TARGET_RING_RADIUS};
use crate::pieces::{
    BISHOP_HEIGHT, BISHOP_RIM, BLACK_HALO, BLACK_HALO_ALPHA, SOLID_CORE, WHITE_EDGE,
    WHITE_EDGE_ALPHA, outline_char, placement, solid_char,
};
use crate::rules::{Color, Piece, PieceKind};
use crate::shapes::circle;
use crate::theme::Theme;

/// The id a piece is defined under: `rb-` and its [`piece_code`] (`rb-wK`).
pub fn piece_id(piece: Piece) -> String {
    format!("rb-{}", piece_code(piece))
}

/// A piece's two-letter code: colour letter and piece letter (`wK`, `bP`).
pub fn piece_code(piece: Piece) -> String {
    let c = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{c}{}", piece.kind.letter())
}

/// The id of the check glow's gradient.
pub const GLOW: &str = "rb-glow";
/// The id of the target ring (the four corners of a square, at its top-left origin).
pub const RING: &str = "rb-ring";

/// Writes the `<defs>` for `pieces` (each listed once, in a fixed order) at `cell` units a
/// square.
pub fn write(out: &mut String, pieces: &[Piece], cell: u32, theme: &Theme) {
    let q = cell as f32;
    out.push_str("<defs>");
    let font = &fonts().sans;
    let at = placement(font, q);
    for kind in PieceKind::ALL {
        let colors: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|&c| pieces.contains(&Piece::new(c, kind)))
            .collect();
        if colors.is_empty() {
            continue;
        }
        let k = kind.letter();
        if kind == PieceKind::Bishop {
            bishop_shapes(out, q, at.baseline);
        } else {
            let lines = glyphs::paths(font, outline_char(kind), q, &at);
            put(
                out,
                format_args!(
                    r##"<path id="rb-s{k}" d="{}"/><path id="rb-g{k}" d="{}"/><clipPath id="rb-c{k}"><use href="#rb-g{k}"/></clipPath>"##,
                    lines.silhouette, lines.glyph
                ),
            );
            if colors.contains(&Color::Black) {
                let solid = glyphs::paths(font, solid_char(kind), q, &at);
                put(
                    out,
                    format_args!(r#"<path id="rb-f{k}" d="{}"/>"#, solid.glyph),
                );
            }
        }
        for color in colors {
            piece(out, Piece::new(color, kind), q, theme);
        }
    }
    glow(out, theme);
    ring(out, q);
    out.push_str("</defs>");
}

/// One piece in its colours, from the shapes: as the PNG layers it, a white piece is white
/// inside a faint dark edge with the glyph's lines over it, a black one dark inside a light
/// halo with light inner lines.
fn piece(out: &mut String, piece: Piece, q: f32, theme: &Theme) {
    let id = piece_id(piece);
    let k = piece.kind.letter();
    // The edge or halo is a stroke under the silhouette's fill (`paint-order`), so only its
    // outer half shows, as the PNG's dilation does.
    let under = |out: &mut String, fill, stroke, width: f32, alpha: f32| {
        put(
            out,
            format_args!(
                r##"<use href="#rb-s{k}" fill="{}" stroke="{}" stroke-width="{}" stroke-opacity="{}" stroke-linejoin="round" paint-order="stroke"/>"##,
                Hex(fill),
                Hex(stroke),
                Num(width),
                Share(alpha)
            ),
        )
    };
    put(out, format_args!(r#"<g id="{id}">"#));
    match (piece.color, piece.kind) {
        (Color::White, PieceKind::Bishop) => {
            // The drawn bishop's rim lies outside its silhouette here (a stroke cannot stay
            // inside a union of overlapping shapes without lining their overlaps).
            under(
                out,
                theme.white_piece,
                theme.white_piece_line,
                2.0 * q * (BISHOP_RIM + WHITE_EDGE / 2.0),
                1.0,
            );
            put(
                out,
                format_args!(
                    r##"<use href="#rb-lB" stroke="{}" clip-path="url(#rb-cB)"/>"##,
                    Hex(theme.white_piece_line)
                ),
            );
        }
        (Color::Black, PieceKind::Bishop) => {
            under(
                out,
                theme.black_piece,
                theme.black_piece_halo,
                2.0 * q * BLACK_HALO,
                BLACK_HALO_ALPHA,
            );
            put(
                out,
                format_args!(
                    r##"<use href="#rb-lB" stroke="{}" clip-path="url(#rb-cB)"/>"##,
                    Hex(theme.black_piece_line)
                ),
            );
        }
        (Color::White, _) => {
            under(
                out,
                theme.white_piece,
                theme.white_piece_line,
                2.0 * q * WHITE_EDGE,
                WHITE_EDGE_ALPHA,
            );
            // The glyph's lines; where the glyph is solid (thicker than twice `SOLID_CORE`)
            // only a rim stays dark and the inside turns white, as the PNG's erosion does:
            // within the glyph, a white fill under a dark stroke of twice that width.
            put(
                out,
                format_args!(
                    r##"<g clip-path="url(#rb-c{k})"><use href="#rb-g{k}" fill="{}" stroke="{}" stroke-width="{}"/></g>"##,
                    Hex(theme.white_piece),
                    Hex(theme.white_piece_line),
                    Num(2.0 * q * SOLID_CORE)
                ),
            );
        }
        (Color::Black, _) => {
            // Light under the solid glyph: its gaps become the light detail lines.
            under(
                out,
                theme.black_piece_line,
                theme.black_piece_halo,
                2.0 * q * BLACK_HALO,
                BLACK_HALO_ALPHA,
            );
            put(
                out,
                format_args!(
                    r##"<use href="#rb-f{k}" fill="{}"/>"##,
                    Hex(theme.black_piece)
                ),
            );
        }
    }
    out.push_str("</g>");
}

/// The drawn bishop's shapes (the same as the PNG's): its silhouette `rb-sB`, the clip it
/// makes `rb-cB`, and its inner lines `rb-lB` (strokes; the colour comes from the `<use>`).
fn bishop_shapes(out: &mut String, q: f32, baseline: f32) {
    let shapes = bishop::shapes(q, baseline, q * BISHOP_HEIGHT);
    let (centre, r) = shapes.ball;
    let mut body = shapes.body;
    body.push(circle(centre, r));
    let d = polygons(&body);
    put(
        out,
        format_args!(
            r##"<path id="rb-sB" d="{d}"/><clipPath id="rb-cB"><use href="#rb-sB"/></clipPath>"##
        ),
    );
    out.push_str(r#"<g id="rb-lB" fill="none" stroke-linecap="round">"#);
    for (pts, width) in &shapes.lines {
        let mut d = String::new();
        polyline(&mut d, pts);
        put(
            out,
            format_args!(r#"<path d="{d}" stroke-width="{}"/>"#, Num(*width)),
        );
    }
    out.push_str("</g>");
}

/// The check glow: the PNG's blurred disc as a radial gradient over the square (a disc of
/// radius `GLOW_RADIUS` blurred by a Gaussian of `GLOW_BLUR` fades as the normal
/// distribution's tail), solid red at the heart and clear before the square's corners.
fn glow(out: &mut String, theme: &Theme) {
    // The gradient's radius, in squares: past it the glow is below 1%.
    let reach = GLOW_RADIUS + 2.6 * GLOW_BLUR;
    put(
        out,
        format_args!(
            r#"<radialGradient id="{GLOW}" cx="0.5" cy="0.5" r="{}">"#,
            Share(reach)
        ),
    );
    let steps = 8;
    for i in 0..=steps {
        let d = reach * i as f32 / steps as f32;
        let alpha = 0.5 * erfc((d - GLOW_RADIUS) / (GLOW_BLUR * std::f32::consts::SQRT_2));
        put(
            out,
            format_args!(
                r#"<stop offset="{}" stop-color="{}" stop-opacity="{}"/>"#,
                Share(i as f32 / steps as f32),
                Hex(theme.check),
                Share(alpha)
            ),
        );
    }
    out.push_str("</radialGradient>");
}

/// The complementary error function, to about 1e-7 (Numerical Recipes' `erfcc`).
fn erfc(x: f32) -> f32 {
    let z = x.abs() as f64;
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    (if x >= 0.0 { r } else { 2.0 - r }) as f32
}

/// The target ring: a square's four corners outside a circle a little wider than the square,
/// so a piece that can be taken stays in view.
fn ring(out: &mut String, q: f32) {
    let h = q / 2.0;
    let r = h * TARGET_RING_RADIUS;
    // Where the circle crosses the square's edges, measured from the edge's middle.
    let s = (r * r - h * h).max(0.0).sqrt();
    let mut d = String::new();
    // Each corner: along its two edges from the corner to the circle, back along the arc.
    for (cx, cy, dx, dy) in [
        (0.0, 0.0, 1.0, 1.0),
        (q, 0.0, -1.0, 1.0),
        (q, q, -1.0, -1.0),
        (0.0, q, 1.0, -1.0),
    ] {
        let a = (cx + dx * (h - s), cy);
        let b = (cx, cy + dy * (h - s));
        put(
            &mut d,
            format_args!(
                "M{} {}L{} {}A{} {} 0 0 {} {} {}Z",
                Num(cx),
                Num(cy),
                Num(a.0),
                Num(a.1),
                Num(r),
                Num(r),
                // The arc bulges towards the corner.
                u8::from(dx * dy < 0.0),
                Num(b.0),
                Num(b.1)
            ),
        );
    }
    put(out, format_args!(r#"<path id="{RING}" d="{d}"/>"#));
}
