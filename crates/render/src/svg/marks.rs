//! What changes with every move, over the board: the check glow, the target marks, the
//! pieces and the arrows along the moves' real paths.

use super::defs::{GLOW, RING, piece_code, piece_id};
use super::write::{self, Hex, Num, Share, put};
use crate::BoardView;
use crate::arrows;
use crate::layers::{TARGET_DOT_ALPHA, TARGET_DOT_RADIUS};
use crate::layout::Layout;
use crate::theme::{Rgb, Theme};

/// The red glow under a king in check: a square filled with the radial gradient.
pub fn check_glow(out: &mut String, layout: &Layout, view: &BoardView) {
    if let Some(sq) = view.check {
        let (x, y) = layout.square_origin(sq);
        put(
            out,
            format_args!(
                r##"<rect class="glow" pointer-events="none" x="{x}" y="{y}" width="{c}" height="{c}" fill="url(#{GLOW})"/>"##,
                c = layout.cell
            ),
        );
    }
}

/// A dot on each empty target square, a ring of corners on each occupied one; each with
/// class `target` and its `data-square`.
pub fn targets(out: &mut String, layout: &Layout, view: &BoardView, theme: &Theme) {
    let q = layout.cell as f32;
    for sq in view.targets {
        let (x, y) = layout.square_origin(sq);
        if view.position.piece_at(sq).is_some() {
            put(
                out,
                format_args!(
                    r##"<use class="target" data-square="{sq}" href="#{RING}" x="{x}" y="{y}" fill="{}" opacity="0.5"/>"##,
                    Hex(theme.target)
                ),
            );
        } else {
            let (cx, cy) = layout.square_center(sq);
            put(
                out,
                format_args!(
                    r#"<circle class="target" data-square="{sq}" cx="{}" cy="{}" r="{}" fill="{}" opacity="{}"/>"#,
                    Num(cx),
                    Num(cy),
                    Num(q * TARGET_DOT_RADIUS),
                    Hex(theme.target),
                    Share(TARGET_DOT_ALPHA)
                ),
            );
        }
    }
}

/// Each piece as a `<use class="piece" data-square data-piece>` of its definition, in the
/// square order of the position (so the output is the same for the same position); the king
/// in check has class `check` too.
pub fn pieces(out: &mut String, layout: &Layout, view: &BoardView) {
    for (sq, piece) in view.position.pieces() {
        let (x, y) = layout.square_origin(sq);
        let class = if view.check == Some(sq) {
            "piece check"
        } else {
            "piece"
        };
        put(
            out,
            format_args!(
                r##"<use class="{class}" data-square="{sq}" data-piece="{}" href="#{}" x="{x}" y="{y}"/>"##,
                piece_code(piece),
                piece_id(piece)
            ),
        );
    }
}

/// The last move's arrow when its slide rebounded (unless a key moment draws its own), and a
/// key moment's arrows, along their real paths in the PNG's shapes.
pub fn arrows(out: &mut String, layout: &Layout, view: &BoardView, theme: &Theme) {
    let rebound = view
        .last_move
        .filter(|_| view.arrows.is_empty())
        .and_then(|mv| arrows::rebound_path(layout, view, mv));
    if let Some(pts) = rebound {
        arrow(out, layout, pts, theme.arrow, "arrow rebound");
    }
    if view.arrows.is_empty() {
        for pts in arrows::check_paths(layout, view) {
            arrow(out, layout, pts, theme.check, "arrow check-path");
        }
    }
    for (parts, color) in arrows::key_move_parts(layout, view, theme) {
        write::arrows(
            out,
            &[parts],
            color,
            arrows::ALPHA,
            r#" class="arrow key" pointer-events="none""#,
        );
    }
}

/// One move's arrow, at the PNG's opacity.
fn arrow(out: &mut String, layout: &Layout, pts: Vec<(f32, f32)>, color: Rgb, class: &str) {
    if let Some(parts) = arrows::parts(layout, pts) {
        write::arrows(
            out,
            &[parts],
            color,
            arrows::ALPHA,
            &format!(r#" class="{class}" pointer-events="none""#),
        );
    }
}
