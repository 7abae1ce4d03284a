//! Drawing the board: the static picture (drawn once per size, theme and orientation) and
//! the per-move layers on top of it.

use super::assets::{Assets, Fonts};
use super::canvas::{Canvas, Mask, Pt, Rgb, Sprite, Text, arrow, circle, rounded_rect};
use super::layout::Layout;
use super::palette::{Lut, Palette};
use super::pieces::PieceSet;
use super::theme::Theme;
use super::{BoardView, Options};
use crate::rules::{
    Color, Heading, Move, Outcome, Piece, PieceKind, Position, SIZE, Square, SquareSet,
    Termination, path,
};

/// The eight squares where forward turns (RULES.md §2).
const BEND_SQUARES: [&str; 8] = ["a1", "b2", "a7", "b6", "g7", "f6", "g1", "f2"];

/// The captured pieces in the hole are drawn at this fraction of a square.
const SMALL_PIECE: f32 = 0.56;

/// Draws everything that does not change from move to move.
pub fn assets(options: &Options, fonts: &Fonts) -> Assets {
    let layout = options.layout();
    let theme = &options.theme;
    let cell = layout.cell as usize;
    let mut background = background(&layout, theme, fonts);
    background.clear_dirty();
    let mut assets = Assets {
        background,
        background_indices: Vec::new(),
        pieces: PieceSet::new(&fonts.sans, cell, theme),
        small_pieces: PieceSet::new(
            &fonts.sans,
            (cell as f32 * SMALL_PIECE).round() as usize,
            theme,
        ),
        check_glow: check_glow(cell, theme.check),
        target_dot: target_dot(cell, theme.target),
        target_ring: target_ring(cell, theme.target),
        palette: Palette::default(),
        lut: Lut::new(&Palette::default()),
    };
    let samples: Vec<Vec<u8>> = palette_samples()
        .iter()
        .map(|view| draw(view, options, &assets).data)
        .collect();
    assets.palette = Palette::new(theme, &samples);
    assets.lut = Lut::new(&assets.palette);
    assets.background_indices = assets
        .background
        .data
        .chunks_exact(3)
        .map(|p| assets.lut.index(&assets.palette, [p[0], p[1], p[2]]))
        .collect();
    assets
}

/// Views that between them show every kind of thing a board image contains (both armies on
/// both square colours, captures in the hole, a check, a result), so the palette drawn from
/// them has the anti-aliasing shades every real position needs.
fn palette_samples() -> Vec<BoardView> {
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
    vec![busy, over]
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

fn background(layout: &Layout, theme: &Theme, fonts: &Fonts) -> Canvas {
    let size = layout.size as usize;
    let q = layout.cell as f32;
    let mut c = Canvas::new(size, size, theme.frame);

    for sq in Square::ALL {
        let (x, y) = layout.square_origin(sq);
        let color = if sq.is_dark() {
            theme.dark
        } else {
            theme.light
        };
        let (x, y, w) = (x as i32, y as i32, layout.cell as i32);
        c.fill_rect(x, y, x + w, y + w, color, 1.0);
    }

    // The hole: a recess in the frame's colour, set back from the squares by a narrow lip
    // and shaded along its top edge, so it reads as a hole and never as nine more squares.
    let (hx0, hy0, hx1, hy1) = layout.hole();
    let lip = (q * 0.07).max(2.0);
    let (hx0, hy0, hx1, hy1) = (
        hx0 as f32 + lip,
        hy0 as f32 + lip,
        hx1 as f32 - lip,
        hy1 as f32 - lip,
    );
    let radius = q * 0.22;
    let shade = mix(theme.hole, [0, 0, 0], 0.45);
    c.fill_polygons(&[rounded_rect(hx0, hy0, hx1, hy1, radius)], shade, 1.0);
    let depth = (q * 0.05).max(1.5);
    c.fill_polygons(
        &[rounded_rect(hx0, hy0 + depth, hx1, hy1, radius)],
        theme.hole,
        1.0,
    );

    // A faint ring of arrows round the infield: the hint that everything travels clockwise
    // (clockwise from either side, so it needs no turning for Black).
    let centre = ((hx0 + hx1) / 2.0, (hy0 + hy1) / 2.0);
    let ring = (hx1 - hx0) / 2.0 - q * 0.16;
    let hint = mix(theme.hole, theme.hole_muted, 0.3);
    for k in 0..4 {
        // Screen angles grow clockwise because y points down.
        let start = (k as f32 * 90.0 + 22.0).to_radians();
        let sweep = 50f32.to_radians();
        let pts: Vec<Pt> = (0..=16)
            .map(|i| {
                let t = start + sweep * i as f32 / 16.0;
                (centre.0 + ring * t.cos(), centre.1 + ring * t.sin())
            })
            .collect();
        c.fill_polygons(&arrow(&pts, q * 0.035, q * 0.11, q * 0.12), hint, 1.0);
    }

    // Coordinates on all four edges, so either player reads them the right way up whichever
    // edge their eye lands on.
    let m = layout.margin as f32;
    let far = layout.margin as f32 + SIZE as f32 * q;
    let label = Text {
        font: &fonts.bold,
        px: (m * 0.62).max(9.0),
    };
    for i in 0..SIZE {
        let file = (b'a' + i) as char;
        let (col, _) = layout.cell_of(i, 0);
        let x = m + (col as f32 + 0.5) * q;
        let near_edge = far + (size as f32 - far) / 2.0;
        label.draw_centered(&mut c, &file.to_string(), x, near_edge, theme.coordinates);
        label.draw_centered(&mut c, &file.to_string(), x, m / 2.0, theme.coordinates);

        let rank = (b'1' + i) as char;
        let (_, row) = layout.cell_of(0, i);
        let y = m + (row as f32 + 0.5) * q;
        label.draw_centered(&mut c, &rank.to_string(), m / 2.0, y, theme.coordinates);
        label.draw_centered(&mut c, &rank.to_string(), near_edge, y, theme.coordinates);
    }

    for name in BEND_SQUARES {
        let sq: Square = name.parse().expect("bend squares are board squares");
        bend_arrow(&mut c, layout, sq, theme);
    }
    c
}

/// A small hooked arrow tucked into the inner corner of a bend square: it comes in along the
/// old forward direction and leaves along the new one, as in Cazaux's own diagrams.
fn bend_arrow(c: &mut Canvas, layout: &Layout, sq: Square, theme: &Theme) {
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
    let mut pts = Vec::new();
    let steps = 12;
    for s in 0..=steps {
        let t = s as f32 / steps as f32 * std::f32::consts::FRAC_PI_2;
        let (co, si) = (t.cos(), t.sin());
        pts.push((
            corner.0 + r * (-out.0 * co + inn.0 * si),
            corner.1 + r * (-out.1 * co + inn.1 * si),
        ));
    }
    let end = pts[steps];
    pts.push((end.0 + out.0 * head, end.1 + out.1 * head));
    let base = if sq.is_dark() {
        theme.dark
    } else {
        theme.light
    };
    let color = mix(base, theme.bend_arrow, 0.75);
    c.fill_polygons(&arrow(&pts, q * 0.045, head, q * 0.15), color, 0.9);
}

/// Linear mix of two colours: `t` = 0 gives `a`, 1 gives `b`.
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [0, 1, 2].map(|i| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8)
}

/// The red radial glow under a king in check, as in lichess: solid red at the heart, fading
/// out before the square's corners so the square's own colour still frames it.
fn check_glow(cell: usize, red: Rgb) -> Sprite {
    let mut cov = vec![0.0f32; cell * cell];
    let h = cell as f32 / 2.0;
    let reach = h * std::f32::consts::SQRT_2;
    for y in 0..cell {
        for x in 0..cell {
            let (dx, dy) = (x as f32 + 0.5 - h, y as f32 + 0.5 - h);
            let t = (dx * dx + dy * dy).sqrt() / reach;
            cov[y * cell + x] = if t < 0.25 {
                1.0
            } else {
                (1.0 - (t - 0.25) / 0.64).clamp(0.0, 1.0)
            };
        }
    }
    Sprite::from_layers(cell, &[(&cov, red)])
}

fn mask_grid(cell: usize, polys: &[Vec<Pt>], alpha: f32) -> Vec<f32> {
    let mut cov = vec![0.0f32; cell * cell];
    if let Some(m) = Mask::from_polygons(polys) {
        for y in 0..m.height {
            for x in 0..m.width {
                let (px, py) = (m.x0 + x as i32, m.y0 + y as i32);
                if px >= 0 && py >= 0 && (px as usize) < cell && (py as usize) < cell {
                    cov[py as usize * cell + px as usize] = m.cov[y * m.width + x] * alpha;
                }
            }
        }
    }
    cov
}

/// A soft dot in the middle of an empty square a piece can move to.
fn target_dot(cell: usize, color: Rgb) -> Sprite {
    let h = cell as f32 / 2.0;
    let cov = mask_grid(cell, &[circle((h, h), cell as f32 * 0.16)], 0.55);
    Sprite::from_layers(cell, &[(&cov, color)])
}

/// The four corners of an occupied square a piece can capture on: the piece stays visible.
fn target_ring(cell: usize, color: Rgb) -> Sprite {
    let h = cell as f32 / 2.0;
    let full = mask_grid(
        cell,
        &[vec![
            (0.0, 0.0),
            (cell as f32, 0.0),
            (cell as f32, cell as f32),
            (0.0, cell as f32),
        ]],
        1.0,
    );
    let hole = mask_grid(cell, &[circle((h, h), h * 1.08)], 1.0);
    let cov: Vec<f32> = full
        .iter()
        .zip(&hole)
        .map(|(f, o)| (f - o).max(0.0) * 0.5)
        .collect();
    Sprite::from_layers(cell, &[(&cov, color)])
}

/// Draws one view on a copy of the cached background.
pub fn draw(view: &BoardView, options: &Options, assets: &Assets) -> Canvas {
    let layout = options.layout();
    let theme = &options.theme;
    let q = layout.cell as i32;
    let mut c = assets.background.clone();
    let position = &view.position;

    if let Some(mv) = view.last_move {
        let alpha = theme.last_move_alpha as f32 / 100.0;
        for sq in [mv.from, mv.to] {
            let (x, y) = layout.square_origin(sq);
            let (x, y) = (x as i32, y as i32);
            c.fill_rect(x, y, x + q, y + q, theme.last_move, alpha);
        }
    }
    if let Some(sq) = view.check {
        let (x, y) = layout.square_origin(sq);
        c.draw_sprite(&assets.check_glow, x as i32, y as i32);
    }
    for sq in view.targets {
        let (x, y) = layout.square_origin(sq);
        let mark = if position.piece_at(sq).is_some() {
            &assets.target_ring
        } else {
            &assets.target_dot
        };
        c.draw_sprite(mark, x as i32, y as i32);
    }
    for (sq, piece) in position.pieces() {
        let (x, y) = layout.square_origin(sq);
        c.draw_sprite(assets.pieces.get(piece), x as i32, y as i32);
    }
    if let Some(mv) = view.last_move {
        rebound_arrow(&mut c, &layout, view, mv, theme);
    }
    infield(&mut c, &layout, view, theme, assets);
    c
}

/// For a slide that changed direction on its way (a rook round a corner, a bishop off a
/// wall), an arrow along the real path, so nobody has to reconstruct the rebound.
fn rebound_arrow(
    c: &mut Canvas,
    layout: &Layout,
    view: &BoardView,
    mv: crate::rules::Move,
    theme: &Theme,
) {
    if mv.promotion.is_some() {
        return;
    }
    let Some(piece) = view.position.piece_at(mv.to) else {
        return;
    };
    if !matches!(piece.kind, PieceKind::Rook | PieceKind::Bishop) {
        return;
    }
    let Some(walk) = path(piece.kind, mv.from, mv.to) else {
        return;
    };
    let mut squares = vec![mv.from];
    squares.extend(walk);
    let step = |a: Square, b: Square| {
        (
            b.file() as i8 - a.file() as i8,
            b.rank() as i8 - a.rank() as i8,
        )
    };
    let mut corners = vec![mv.from];
    for w in squares.windows(3) {
        if step(w[0], w[1]) != step(w[1], w[2]) {
            corners.push(w[1]);
        }
    }
    if corners.len() < 2 {
        return;
    }
    corners.push(mv.to);
    let q = layout.cell as f32;
    let mut pts: Vec<Pt> = corners.iter().map(|&s| layout.square_center(s)).collect();
    // Stop the head at the destination's edge so the piece that arrived stays in view.
    let n = pts.len();
    let (a, b) = (pts[n - 2], pts[n - 1]);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let back = q * 0.4;
    pts[n - 1] = (b.0 - dx / len * back, b.1 - dy / len * back);
    let polys = arrow(&pts, q * 0.13, q * 0.34, q * 0.4);
    c.fill_polygons(&polys, theme.arrow, 0.8);
}

/// The hole as an infield: captures at each side's edge, the move number and whose turn it
/// is (or the result) in the middle.
fn infield(c: &mut Canvas, layout: &Layout, view: &BoardView, theme: &Theme, assets: &Assets) {
    let fonts = super::assets::fonts();
    let q = layout.cell as f32;
    let (hx0, hy0, hx1, hy1) = layout.hole();
    let (hx0, hy0, hx1, hy1) = (hx0 as f32, hy0 as f32, hx1 as f32, hy1 as f32);
    let cx = (hx0 + hx1) / 2.0;
    let bottom = layout.orientation;

    // Each side's captures, shown at its own edge of the hole: the pieces it took.
    for (taker, y) in [
        (bottom.opponent(), hy0 + q * 0.42),
        (bottom, hy1 - q * 0.42),
    ] {
        let mut taken: Vec<Piece> = view
            .captured
            .iter()
            .copied()
            .filter(|p| p.color != taker)
            .collect();
        taken.sort_by_key(|p| p.kind.index());
        captured_row(c, &assets.small_pieces, &taken, cx, y, hx1 - hx0 - q * 0.5);
    }

    let big = Text {
        font: &fonts.bold,
        px: q * 0.34,
    };
    let small = Text {
        font: &fonts.bold,
        px: q * 0.22,
    };
    let position = &view.position;
    let mid = (hy0 + hy1) / 2.0;
    // Inside the faint clockwise ring, whatever the text.
    let room = q * 2.3;
    match view.outcome {
        Some(outcome) => {
            let (score, line) = match (outcome.winner, outcome.termination) {
                (Some(w), t) => (
                    if w == Color::White { "1–0" } else { "0–1" },
                    format!("{w} wins by {t}"),
                ),
                (None, Termination::Abort) => ("—", "Game aborted".to_string()),
                (None, t) => ("½–½", format!("Draw by {t}")),
            };
            big.draw_centered(c, score, cx, mid - q * 0.2, theme.hole_text);
            small
                .fit(&line, room)
                .draw_centered(c, &line, cx, mid + q * 0.28, theme.hole_text);
        }
        None => {
            let title = format!("Move {}", position.fullmove());
            big.fit(&title, room)
                .draw_centered(c, &title, cx, mid - q * 0.2, theme.hole_text);
            let mover = position.side_to_move();
            let line = if view.check.is_some() {
                format!("{mover} in check")
            } else {
                format!("{mover} to move")
            };
            let color = if view.check.is_some() {
                mix(theme.check, [255, 255, 255], 0.35)
            } else {
                theme.hole_text
            };
            // A disc in the mover's colour ahead of the words: readable without reading.
            let r = q * 0.1;
            let gap = q * 0.1;
            let small = small.fit(&line, room - 2.0 * r - gap);
            let w = small.width(&line) + 2.0 * r + gap;
            let x = cx - w / 2.0;
            let y = mid + q * 0.28;
            let (fill, ring) = match mover {
                Color::White => (theme.white_piece, theme.white_piece_line),
                Color::Black => (theme.black_piece, theme.black_piece_halo),
            };
            c.fill_polygons(&[circle((x + r, y), r + 1.2)], ring, 1.0);
            c.fill_polygons(&[circle((x + r, y), r)], fill, 1.0);
            let cap = small.cap_height();
            small.draw(c, &line, x + 2.0 * r + gap, y + cap / 2.0, color);
        }
    }
}

/// A centred row of small pieces, squeezed closer together when there are many.
fn captured_row(c: &mut Canvas, set: &PieceSet, pieces: &[Piece], cx: f32, cy: f32, room: f32) {
    if pieces.is_empty() {
        return;
    }
    let cell = set.cell as f32;
    let pitch = (cell * 0.8).min(room / pieces.len() as f32);
    let total = pitch * (pieces.len() - 1) as f32 + cell;
    let mut x = cx - total / 2.0;
    for &p in pieces {
        c.draw_sprite(
            set.get(p),
            x.round() as i32,
            (cy - cell / 2.0).round() as i32,
        );
        x += pitch;
    }
}
