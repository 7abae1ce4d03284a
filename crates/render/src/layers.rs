//! The static layers: everything that depends only on (size, theme, orientation), drawn once
//! per option set with `imageproc` on an RGBA canvas, composited with `image`'s `overlay`,
//! and kept as the RGB background every move starts from.

use image::{
    GrayImage, Luma, Rgb as Px, RgbImage, Rgba, RgbaImage, buffer::ConvertBuffer, imageops,
};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut};
use imageproc::filter::gaussian_blur_f32;
use imageproc::rect::Rect;

use super::assets::Fonts;
use super::layout::Layout;
use super::shapes::{ArrowParts, Coverage, Pt, arrow_parts, circle, rounded_rect};
use super::sprite::Sprite;
use super::text::Text;
use super::theme::{Rgb, Theme};
use crate::rules::{Color, Heading, SIZE, Square};

/// The eight squares where forward turns (RULES.md §2).
pub const BEND_SQUARES: [&str; 8] = ["a1", "b2", "a7", "b6", "g7", "f6", "g1", "f2"];

/// The two thrones (RULES.md §6): each king's starting square, which the enemy king wins
/// by reaching after setting off round the ring.
pub const THRONE_SQUARES: [&str; 2] = ["d2", "d6"];

/// The empty board: frame, coordinates, squares, bend arrows, the throne crowns and the
/// empty hole.
pub fn background(layout: &Layout, theme: &Theme, fonts: &Fonts) -> RgbImage {
    let size = layout.size;
    let [r, g, b] = theme.frame;
    let mut c = RgbaImage::from_pixel(size, size, Rgba([r, g, b, 255]));

    for sq in Square::ALL {
        let (x, y) = layout.square_origin(sq);
        let [r, g, b] = square_color(theme, sq);
        let rect = Rect::at(x as i32, y as i32).of_size(layout.cell, layout.cell);
        draw_filled_rect_mut(&mut c, rect, Rgba([r, g, b, 255]));
    }

    let hole = hole_shapes(layout, theme);
    fill(&mut c, &[hole.rim.polygon()], hole.shade, 1.0);
    fill(&mut c, &[hole.recess.polygon()], theme.hole, 1.0);
    for parts in &hole.hint {
        fill(&mut c, &parts.polygons(), hole.hint_color, 1.0);
    }

    for name in BEND_SQUARES {
        let sq: Square = name.parse().expect("bend squares are board squares");
        bend_arrow(&mut c, layout, sq, theme);
    }
    for name in THRONE_SQUARES {
        let sq: Square = name.parse().expect("thrones are board squares");
        fill(
            &mut c,
            &[crown(layout, sq)],
            bend_arrow_color(theme, sq),
            BEND_ARROW_ALPHA,
        );
    }

    // Text is drawn on the RGB image: `draw_text_mut` blends its own anti-aliasing there.
    let mut c: RgbImage = c.convert();
    let (px, labels) = coordinate_labels(layout);
    let label = Text {
        font: &fonts.bold,
        px,
    };
    for (text, x, y) in &labels {
        label.draw_centered(&mut c, text, *x, *y, theme.coordinates);
    }
    c
}

/// A rectangle with rounded corners, in image pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoundRect {
    /// Left edge.
    pub x0: f32,
    /// Top edge.
    pub y0: f32,
    /// Right edge.
    pub x1: f32,
    /// Bottom edge.
    pub y1: f32,
    /// Corner radius.
    pub r: f32,
}

impl RoundRect {
    /// The rectangle as a polygon.
    pub fn polygon(&self) -> Vec<Pt> {
        rounded_rect(self.x0, self.y0, self.x1, self.y1, self.r)
    }
}

/// The hole's shapes: its shaded rim, the recess inside it and the faint clockwise ring.
pub struct HoleShapes {
    /// The hole's outline, in the shade colour; the recess covers all of it but a sliver
    /// along the top edge.
    pub rim: RoundRect,
    /// The shaded rim's colour.
    pub shade: Rgb,
    /// The recess, in the theme's hole colour.
    pub recess: RoundRect,
    /// Four arrows round the infield, each along an arc.
    pub hint: Vec<ArrowParts>,
    /// The arrows' colour.
    pub hint_color: Rgb,
}

/// The hole: a recess in the frame's colour, set back from the squares by a narrow lip and
/// shaded along its top edge, so it reads as a hole and never as nine more squares; and a
/// faint ring of arrows round the infield: the hint that everything travels clockwise
/// (clockwise from either side, so it needs no turning for Black).
pub fn hole_shapes(layout: &Layout, theme: &Theme) -> HoleShapes {
    let q = layout.cell as f32;
    let (hx0, hy0, hx1, hy1) = layout.hole();
    let lip = (q * 0.07).max(2.0);
    let (hx0, hy0, hx1, hy1) = (
        hx0 as f32 + lip,
        hy0 as f32 + lip,
        hx1 as f32 - lip,
        hy1 as f32 - lip,
    );
    let radius = q * 0.22;
    let depth = (q * 0.05).max(1.5);
    let centre = ((hx0 + hx1) / 2.0, (hy0 + hy1) / 2.0);
    let ring = (hx1 - hx0) / 2.0 - q * 0.16;
    let hint = (0..4)
        .map(|k| {
            // Screen angles grow clockwise because y points down.
            let start = (k as f32 * 90.0 + 22.0).to_radians();
            let sweep = 50f32.to_radians();
            let pts: Vec<Pt> = (0..=16)
                .map(|i| {
                    let t = start + sweep * i as f32 / 16.0;
                    (centre.0 + ring * t.cos(), centre.1 + ring * t.sin())
                })
                .collect();
            arrow_parts(&pts, q * 0.035, q * 0.11, q * 0.12)
        })
        .collect::<Option<_>>()
        .expect("each arc has 17 points");
    HoleShapes {
        rim: RoundRect {
            x0: hx0,
            y0: hy0,
            x1: hx1,
            y1: hy1,
            r: radius,
        },
        shade: mix(theme.hole, [0, 0, 0], 0.45),
        recess: RoundRect {
            x0: hx0,
            y0: hy0 + depth,
            x1: hx1,
            y1: hy1,
            r: radius,
        },
        hint,
        hint_color: mix(theme.hole, theme.hole_muted, 0.3),
    }
}

/// The coordinates on all four edges, so either player reads them the right way up whichever
/// edge their eye lands on: the bold font's size in pixels, and each label with the point its
/// cap height is centred on.
pub fn coordinate_labels(layout: &Layout) -> (f32, Vec<(String, f32, f32)>) {
    let q = layout.cell as f32;
    let m = layout.margin as f32;
    let far = m + SIZE as f32 * q;
    let near_edge = far + (layout.size as f32 - far) / 2.0;
    let px = (m * 0.62).max(9.0);
    let mut labels = Vec::with_capacity(4 * SIZE as usize);
    for i in 0..SIZE {
        let file = ((b'a' + i) as char).to_string();
        let (col, _) = layout.cell_of(i, 0);
        let x = m + (col as f32 + 0.5) * q;
        labels.push((file.clone(), x, near_edge));
        labels.push((file, x, m / 2.0));

        let rank = ((b'1' + i) as char).to_string();
        let (_, row) = layout.cell_of(0, i);
        let y = m + (row as f32 + 0.5) * q;
        labels.push((rank.clone(), m / 2.0, y));
        labels.push((rank, near_edge, y));
    }
    (px, labels)
}

/// The background with every square tinted as the last move's two are: a move copies its
/// two squares from here.
pub fn tinted(background: &RgbImage, layout: &Layout, theme: &Theme) -> RgbImage {
    let alpha = theme.last_move_alpha as f32 / 100.0;
    let mut out = background.clone();
    for sq in Square::ALL {
        let (x0, y0) = layout.square_origin(sq);
        for y in y0..y0 + layout.cell {
            for x in x0..x0 + layout.cell {
                let p = out.get_pixel_mut(x, y);
                *p = Px(mix(p.0, theme.last_move, alpha));
            }
        }
    }
    out
}

/// Fills the union of polygons, supersampled, in one colour at some opacity.
fn fill(c: &mut RgbaImage, polygons: &[Vec<Pt>], color: Rgb, alpha: f32) {
    if let Some(cov) = Coverage::of_polygons(polygons) {
        cov.paint(c, color, alpha);
    }
}

/// The colour of a square: light or dark.
pub fn square_color(theme: &Theme, sq: Square) -> Rgb {
    if sq.is_dark() {
        theme.dark
    } else {
        theme.light
    }
}

/// The screen direction of a heading (x right, y down) for an orientation.
fn screen_dir(heading: Heading, orientation: Color) -> Pt {
    let (x, y) = match heading {
        Heading::North => (0.0, -1.0),
        Heading::East => (1.0, 0.0),
        Heading::South => (0.0, 1.0),
        Heading::West => (-1.0, 0.0),
    };
    match orientation {
        Color::White => (x, y),
        Color::Black => (-x, -y),
    }
}

/// The heading a piece arrives with on a bend square: forward turns a quarter clockwise
/// there, so it arrived heading a quarter anticlockwise of the square's own forward.
fn heading_before_bend(heading: Heading) -> Heading {
    match heading {
        Heading::North => Heading::West,
        Heading::East => Heading::North,
        Heading::South => Heading::East,
        Heading::West => Heading::South,
    }
}

/// A small hooked arrow tucked into the inner corner of a bend square: it comes in along the
/// old forward direction and leaves along the new one, as in Cazaux's own diagrams.
fn bend_arrow(c: &mut RgbaImage, layout: &Layout, sq: Square, theme: &Theme) {
    fill(
        c,
        &bend_arrow_parts(layout, sq).polygons(),
        bend_arrow_color(theme, sq),
        BEND_ARROW_ALPHA,
    );
}

/// How opaque the bend arrows are.
pub const BEND_ARROW_ALPHA: f32 = 0.9;

/// The colour of the bend arrow on `sq`: the theme's, a little softened by the square's.
pub fn bend_arrow_color(theme: &Theme, sq: Square) -> Rgb {
    mix(square_color(theme, sq), theme.bend_arrow, 0.75)
}

/// The bend arrow's shape on `sq`: the hooked arrow.
pub fn bend_arrow_parts(layout: &Layout, sq: Square) -> ArrowParts {
    let q = layout.cell as f32;
    let out = screen_dir(sq.heading(), layout.orientation);
    let inn = screen_dir(heading_before_bend(sq.heading()), layout.orientation);
    let (cx, cy) = layout.square_center(sq);
    let head = q * 0.13;
    let inset = head + q * 0.07;
    // The corner on the inside of the turn, pulled in so the arrowhead stays on the square.
    let k = q / 2.0 - inset;
    let corner = (cx + k * (out.0 - inn.0), cy + k * (out.1 - inn.1));
    let r = q * 0.26;
    let steps = 12;
    let mut pts: Vec<Pt> = (0..=steps)
        .map(|s| {
            let t = s as f32 / steps as f32 * std::f32::consts::FRAC_PI_2;
            let (co, si) = (t.cos(), t.sin());
            (
                corner.0 + r * (-out.0 * co + inn.0 * si),
                corner.1 + r * (-out.1 * co + inn.1 * si),
            )
        })
        .collect();
    let end = pts[steps];
    pts.push((end.0 + out.0 * head, end.1 + out.1 * head));
    arrow_parts(&pts, q * 0.045, head, q * 0.15).expect("the hook has 14 points")
}

/// The small crown in the top left corner of a throne square, clear of the piece standing
/// on it, so a throne reads as one whether or not a king sits there.
pub fn crown(layout: &Layout, sq: Square) -> Vec<Pt> {
    let q = layout.cell as f32;
    let (x0, y0) = layout.square_origin(sq);
    let (x, y) = (x0 as f32 + q * 0.07, y0 as f32 + q * 0.07);
    let (w, h) = (q * 0.24, q * 0.16);
    [
        (0.0, 0.0),
        (0.25, 0.5),
        (0.5, 0.0),
        (0.75, 0.5),
        (1.0, 0.0),
        (1.0, 1.0),
        (0.0, 1.0),
    ]
    .map(|(u, v)| (x + u * w, y + v * h))
    .to_vec()
}

/// Linear mix of two colours: `t` = 0 gives `a`, 1 gives `b`.
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [0, 1, 2].map(|i| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8)
}

/// The check glow's disc radius, as a share of the square, before it is blurred.
pub const GLOW_RADIUS: f32 = 0.4;
/// The check glow's blur (the Gaussian's standard deviation), as a share of the square.
pub const GLOW_BLUR: f32 = 0.12;
/// A target dot's radius, as a share of the square.
pub const TARGET_DOT_RADIUS: f32 = 0.16;
/// A target dot's opacity.
pub const TARGET_DOT_ALPHA: f32 = 0.8;
/// The radius of the circle cut out of a target ring's square, as a share of half the square:
/// a little more than half, so only the corners stay.
pub const TARGET_RING_RADIUS: f32 = 1.08;
/// A target ring's opacity.
pub const TARGET_RING_ALPHA: f32 = 0.5;

/// The red glow under a king in check, as in lichess: solid red at the heart, fading out
/// before the square's corners so the square's own colour still frames it. A disc blurred by
/// `imageproc`'s Gaussian, drawn on a larger canvas so the blur never meets an edge.
pub fn check_glow(cell: u32, red: Rgb) -> Sprite {
    let q = cell as f32;
    let side = cell * 2;
    let mut disc = GrayImage::new(side, side);
    let c = (side / 2) as i32;
    draw_filled_circle_mut(
        &mut disc,
        (c, c),
        (q * GLOW_RADIUS).round() as i32,
        Luma([255]),
    );
    let glow = gaussian_blur_f32(&disc, (q * GLOW_BLUR).max(0.5));
    let glow = imageops::crop_imm(&glow, cell / 2, cell / 2, cell, cell).to_image();
    Sprite::from_layers(cell, &[(&glow, red)])
}

/// A soft dot in the middle of an empty square a piece can move to.
pub fn target_dot(cell: u32, color: Rgb) -> Sprite {
    let h = cell as f32 / 2.0;
    let dot = on_square(
        cell,
        &[circle((h, h), cell as f32 * TARGET_DOT_RADIUS)],
        TARGET_DOT_ALPHA,
    );
    Sprite::from_layers(cell, &[(&dot, color)])
}

/// The four corners of an occupied square a piece can capture on: the piece stays visible.
pub fn target_ring(cell: u32, color: Rgb) -> Sprite {
    let h = cell as f32 / 2.0;
    let hole = on_square(cell, &[circle((h, h), h * TARGET_RING_RADIUS)], 1.0);
    let corners = GrayImage::from_fn(cell, cell, |x, y| {
        Luma([((255 - hole.get_pixel(x, y).0[0]) as f32 * TARGET_RING_ALPHA).round() as u8])
    });
    Sprite::from_layers(cell, &[(&corners, color)])
}

/// The disc ahead of "White to move": the side's colour inside a thin ring of the other's.
pub fn mover_disc(r: f32, fill: Rgb, ring: Rgb) -> Sprite {
    // An even side, so the centre falls on a pixel corner.
    let side = 2 * (r + 2.2).ceil() as u32;
    let c = (side / 2) as f32;
    let outer = on_square(side, &[circle((c, c), r + 1.2)], 1.0);
    let inner = on_square(side, &[circle((c, c), r)], 1.0);
    let mut sprite = Sprite::from_layers(side, &[(&outer, ring), (&inner, fill)]);
    // Anchored at the disc's centre.
    sprite.x0 -= (side / 2) as i64;
    sprite.y0 -= (side / 2) as i64;
    sprite
}

/// Polygons' supersampled coverage on a `side`×`side` square, times `alpha`.
fn on_square(side: u32, polygons: &[Vec<Pt>], alpha: f32) -> GrayImage {
    let mut square = GrayImage::new(side, side);
    if let Some(cov) = Coverage::of_polygons(polygons) {
        let cov = cov.scaled(alpha);
        imageops::replace(&mut square, &cov.mask, cov.x0, cov.y0);
    }
    square
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_glow_is_red_at_the_heart_and_clear_at_the_corners() {
        let glow = check_glow(70, [230, 0, 0]);
        let full = glow
            .image
            .get_pixel(35 - glow.x0 as u32, 35 - glow.y0 as u32);
        assert_eq!(full.0, [230, 0, 0, 255]);
        // The sprite is trimmed to its ink: the square's corners are left out of it.
        assert!(glow.x0 > 0 || glow.image.get_pixel(0, 0).0[3] < 8);
    }
}
