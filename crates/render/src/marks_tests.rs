//! The marks that explain a board, checked pixel by pixel on the drawing: the pieces that can
//! move, the selected piece's square, target dots clear of the bend markers, bend markers off
//! occupied squares, the thrones, a check round a corner, and a key moment's two arrows.

use crate::layers::{BEND_ARROW_ALPHA, TARGET_DOT_ALPHA, bend_arrow_color, mix, square_color};
use crate::layout::Layout;
use crate::rules::{Color, Game, Move, Position, Square};
use crate::square_marks::{MOVABLE_ALPHA, SELECTED_ALPHA};
use crate::{Arrow, ArrowKind, BoardView, Options, RgbImage, Theme, render_rgb};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn both_sides() -> [Options; 2] {
    [
        Options::from_side(Color::White),
        Options::from_side(Color::Black),
    ]
}

fn at(image: &RgbImage, (x, y): (f32, f32)) -> [u8; 3] {
    image.get_pixel(x as u32, y as u32).0
}

/// The square's pixels, row by row.
fn square_pixels(image: &RgbImage, layout: &Layout, s: Square) -> Vec<[u8; 3]> {
    let (x0, y0) = layout.square_origin(s);
    (y0..y0 + layout.cell)
        .flat_map(|y| (x0..x0 + layout.cell).map(move |x| image.get_pixel(x, y).0))
        .collect()
}

/// A spot just inside the top right corner: in the movable frame, clear of every piece, of
/// the throne's crown (top left) and of the bend markers (hidden under pieces anyway).
fn frame_spot(layout: &Layout, s: Square) -> (f32, f32) {
    let (x0, y0) = layout.square_origin(s);
    let q = layout.cell as f32;
    (x0 as f32 + q - q * 0.04 - 2.0, y0 as f32 + q * 0.04 + 2.0)
}

#[test]
fn moves_alone_frames_every_piece_that_can_move_and_no_other() {
    let position = Position::start();
    let view = BoardView::new(position).with_movable();
    let movers: Vec<Square> = position.legal_moves().iter().map(|m| m.from).collect();
    for options in both_sides() {
        let (theme, layout) = (options.theme, options.layout());
        let image = render_rgb(&view, &options).unwrap();
        for (s, _) in position.pieces() {
            let base = square_color(&theme, s);
            let want = if movers.contains(&s) {
                mix(base, theme.target, MOVABLE_ALPHA)
            } else {
                base
            };
            assert_eq!(at(&image, frame_spot(&layout, s)), want, "{s}");
        }
    }
}

#[test]
fn the_piece_whose_moves_are_shown_has_its_square_filled() {
    let view = BoardView::new(Position::start()).with_targets_from(sq("c1"));
    for options in both_sides() {
        let (theme, layout) = (options.theme, options.layout());
        let image = render_rgb(&view, &options).unwrap();
        let want = mix(square_color(&theme, sq("c1")), theme.target, SELECTED_ALPHA);
        assert_eq!(at(&image, frame_spot(&layout, sq("c1"))), want);
        // Its neighbour, with no move, stays as it was.
        let d1 = sq("d1");
        assert_eq!(
            at(&image, frame_spot(&layout, d1)),
            square_color(&theme, d1)
        );
    }
}

#[test]
fn a_target_dot_on_a_bend_square_stands_alone_on_it() {
    // The pawn on c2 goes to b1, b2 (a dark bend square) and b3.
    let view = BoardView::new(Position::start()).with_targets_from(sq("c2"));
    for options in both_sides() {
        let (theme, layout) = (options.theme, options.layout());
        let image = render_rgb(&view, &options).unwrap();
        let b2 = sq("b2");
        let base = square_color(&theme, b2);
        let centre = layout.square_center(b2);
        assert_eq!(
            at(&image, centre),
            mix(base, theme.target, TARGET_DOT_ALPHA)
        );
        // Outside the dot the square is flat: no bend marker beside or under it.
        let (x0, y0) = layout.square_origin(b2);
        let r = layout.cell as f32 * crate::layers::TARGET_DOT_RADIUS + 1.5;
        for (i, p) in square_pixels(&image, &layout, b2).into_iter().enumerate() {
            let (x, y) = (
                x0 as f32 + (i as u32 % layout.cell) as f32 + 0.5,
                y0 as f32 + (i as u32 / layout.cell) as f32 + 0.5,
            );
            if (x - centre.0).hypot(y - centre.1) > r {
                assert_eq!(p, base, "b2 at ({x}, {y})");
            }
        }
    }
}

#[test]
fn a_piece_on_a_bend_square_has_no_marker_beside_it() {
    // Rooks on f2 (a dark bend square) and e1 (a dark plain one): the same picture.
    let game = Game::replay(None, &["e2-f2"]).unwrap();
    let view = BoardView::new(*game.position());
    for options in both_sides() {
        let layout = options.layout();
        let image = render_rgb(&view, &options).unwrap();
        assert_eq!(
            square_pixels(&image, &layout, sq("f2")),
            square_pixels(&image, &layout, sq("e1"))
        );
    }
}

#[test]
fn the_thrones_wear_a_crown_with_or_without_a_king() {
    let view = BoardView::new(Position::start());
    for options in both_sides() {
        let (theme, layout) = (options.theme, options.layout());
        let image = render_rgb(&view, &options).unwrap();
        let q = layout.cell as f32;
        for s in ["d2", "d6", "d1", "d7", "e6", "c2"].map(sq) {
            let (x0, y0) = layout.square_origin(s);
            // The crown's band, left of the king's cross.
            let spot = (x0 as f32 + q * 0.1, y0 as f32 + q * 0.2);
            let base = square_color(&theme, s);
            let want = if ["d2", "d6"].contains(&s.name().as_str()) {
                mix(base, bend_arrow_color(&theme, s), BEND_ARROW_ALPHA)
            } else {
                base
            };
            let got = at(&image, spot);
            let off = (0..3).map(|k| got[k].abs_diff(want[k])).max().unwrap();
            assert!(off <= 1, "{s}: {got:?} instead of {want:?}");
        }
    }
}

/// Black's king on e6 in check from White's bishop on c6, whose diagonal rebounds off the
/// top edge at d7.
fn rebound_check() -> Game {
    Game::replay(
        None,
        &[
            "c1b2", "f5", "bb3", "g4", "Rf2", "Rb7", "b4", "Rcb6", "b5", "Kc7", "bxb6+", "Kd6",
            "b1", "Bc6", "Ke2", "Ke6", "c7", "Rxc7", "Kd2", "Rd7", "Ref1", "g3", "Ke1", "Rd6",
            "Bxc6+",
        ],
    )
    .unwrap()
}

#[test]
fn a_check_round_a_wall_is_drawn_to_the_king() {
    let view = BoardView::of_game(&rebound_check());
    assert_eq!(view.check, Some(sq("e6")));
    for options in both_sides() {
        let (theme, layout) = (options.theme, options.layout());
        let image = render_rgb(&view, &options).unwrap();
        let d7 = sq("d7");
        let want = mix(square_color(&theme, d7), theme.check, crate::arrows::ALPHA);
        let got = at(&image, layout.square_center(d7));
        let off = (0..3).map(|k| got[k].abs_diff(want[k])).max().unwrap();
        assert!(off <= 1, "d7: {got:?} instead of {want:?}");
    }
}

fn key_moment(position: Position, played: (&str, &str), better: (&str, &str)) -> BoardView {
    let mut view = BoardView::new(position);
    view.arrows = vec![
        Arrow {
            mv: Move::new(sq(played.0), sq(played.1)),
            kind: ArrowKind::Played,
            label: String::new(),
        },
        Arrow {
            mv: Move::new(sq(better.0), sq(better.1)),
            kind: ArrowKind::Better,
            label: String::new(),
        },
    ];
    view
}

#[test]
fn a_one_square_key_arrow_leaves_its_piece_in_view() {
    // 2.Bb5 played, 2.Kc2 better: the king's one step.
    let game = Game::replay(None, &["c2-b1", "e6-f5"]).unwrap();
    let view = key_moment(*game.position(), ("d1", "b5"), ("d2", "c2"));
    let mut bare = view.clone();
    bare.arrows.clear();
    for options in both_sides() {
        let layout = options.layout();
        let (image, plain) = (
            render_rgb(&view, &options).unwrap(),
            render_rgb(&bare, &options).unwrap(),
        );
        let d2 = layout.square_center(sq("d2"));
        assert_eq!(at(&image, d2), at(&plain, d2));
    }
}

/// How many pixels of square `s` show an arrow of `color` at full cover over the square's
/// colour: a head that lands there shows as a few hundred of them.
fn arrow_pixels(
    image: &RgbImage,
    layout: &Layout,
    theme: &Theme,
    s: Square,
    color: [u8; 3],
) -> usize {
    let want = mix(square_color(theme, s), color, crate::arrows::ALPHA);
    square_pixels(image, layout, s)
        .into_iter()
        .filter(|p| (0..3).all(|k| p[k].abs_diff(want[k]) <= 1))
        .count()
}

#[test]
fn two_key_arrows_onto_one_square_both_show_their_heads() {
    // 1.Bb3 played, 1.b3 better: both end on b3, coming the same way.
    let view = key_moment(Position::start(), ("d1", "b3"), ("c2", "b3"));
    let theme = Theme::default();
    for options in both_sides() {
        let layout = options.layout();
        let image = render_rgb(&view, &options).unwrap();
        let count = |color| arrow_pixels(&image, &layout, &theme, sq("b3"), color);
        let (played, better) = (count(theme.played_arrow), count(theme.better_arrow));
        let q = layout.cell as usize;
        // Each head's full area is about a twentieth of the square.
        assert!(played * 25 > q * q, "played: {played} of {}", q * q);
        assert!(better * 25 > q * q, "better: {better} of {}", q * q);
    }
}

#[test]
fn an_answer_onto_the_played_moves_square_shows_beside_it() {
    // 1.Bb3 played and answered on b3 the same way in (an answer drawn as c2-b3), 1.Rg1
    // better elsewhere: the answer takes the side the played arrow leaves free.
    let mut view = key_moment(Position::start(), ("d1", "b3"), ("e1", "g1"));
    view.arrows.insert(
        1,
        Arrow {
            mv: Move::new(sq("c2"), sq("b3")),
            kind: ArrowKind::Answer,
            label: String::new(),
        },
    );
    let theme = Theme::default();
    for options in both_sides() {
        let layout = options.layout();
        let image = render_rgb(&view, &options).unwrap();
        let count = |color| arrow_pixels(&image, &layout, &theme, sq("b3"), color);
        let (played, answer) = (count(theme.played_arrow), count(theme.answer_arrow));
        let q = layout.cell as usize;
        assert!(played * 25 > q * q, "played: {played} of {}", q * q);
        assert!(answer * 25 > q * q, "answer: {answer} of {}", q * q);
        assert_eq!(
            count(theme.better_arrow),
            0,
            "the better move ends elsewhere"
        );
    }
}
