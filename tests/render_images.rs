//! Board images, checked by decoding them and sampling pixels where the layout says each
//! square is: sizes, square colours in both orientations, and the last-move, check, target
//! and rebound marks exactly where they belong.

use rollerball::render::{
    self, BoardView, Caption, GifOptions, Layout, Options, RenderError, Rgb, Theme, render_gif,
    render_png, render_rgb,
};
use rollerball::rules::{Color, Game, Move, Position, Square};

/// A decoded PNG as RGB.
struct Decoded {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Decoded {
    fn pixel(&self, x: f32, y: f32) -> Rgb {
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

fn decode(png: &[u8]) -> Decoded {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("PNG pixels");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    Decoded {
        width: info.width,
        height: info.height,
        rgb: buf,
    }
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn close(a: Rgb, b: Rgb, tol: i32) -> bool {
    (0..3).all(|k| (a[k] as i32 - b[k] as i32).abs() <= tol)
}

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [0, 1, 2].map(|i| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8)
}

/// A spot of a square no piece, bend arrow or target mark ever covers: just inside the corner
/// farthest from the board's centre (the bend arrows sit in the corner nearest to it).
fn free_spot(layout: &Layout, s: Square) -> (f32, f32) {
    let (cx, cy) = layout.square_center(s);
    let mid = layout.size as f32 / 2.0;
    let inset = layout.cell as f32 / 2.0 - 4.0;
    (
        cx + inset * (cx - mid).signum(),
        cy + inset * (cy - mid).signum(),
    )
}

fn base_color(theme: &Theme, s: Square) -> Rgb {
    if s.is_dark() { theme.dark } else { theme.light }
}

fn both_sides() -> [Options; 2] {
    [
        Options::from_side(Color::White),
        Options::from_side(Color::Black),
    ]
}

#[test]
fn images_have_the_asked_size() {
    let view = BoardView::new(Position::start());
    for size in [280, 560, 640, 720, 1000] {
        let options = Options {
            size,
            ..Options::default()
        };
        let image = decode(&render_png(&view, &options).unwrap());
        assert_eq!((image.width, image.height), (size, size));
    }
}

#[test]
fn sizes_out_of_range_are_refused() {
    let view = BoardView::new(Position::start());
    for size in [0, 100, render::MIN_SIZE - 1, render::MAX_SIZE + 1] {
        let options = Options {
            size,
            ..Options::default()
        };
        assert_eq!(render_png(&view, &options), Err(RenderError::Size(size)));
    }
}

#[test]
fn the_default_size_suits_a_phone() {
    assert!((560..=720).contains(&render::DEFAULT_SIZE));
}

#[test]
fn squares_have_chess_colours_in_both_orientations() {
    let view = BoardView::new(Position::start());
    for options in both_sides() {
        let layout = options.layout();
        let image = decode(&render_png(&view, &options).unwrap());
        for s in Square::ALL {
            let (x, y) = free_spot(&layout, s);
            let want = base_color(&options.theme, s);
            assert!(
                close(image.pixel(x, y), want, 3),
                "{s} seen from {:?}: {:?} instead of {want:?}",
                options.orientation,
                image.pixel(x, y)
            );
        }
    }
}

#[test]
fn a1_is_bottom_left_for_white_and_top_right_for_black() {
    let white = Layout::new(640, Color::White);
    let black = Layout::new(640, Color::Black);
    let (wx, wy) = white.square_center(sq("a1"));
    let (bx, by) = black.square_center(sq("a1"));
    assert!(wx < 320.0 && wy > 320.0);
    assert!(bx > 320.0 && by < 320.0);
    for layout in [white, black] {
        for s in Square::ALL {
            let (x, y) = layout.square_center(s);
            assert_eq!(layout.square_at(x as u32, y as u32), Some(s));
        }
        let (hx, hy, _, _) = layout.hole();
        assert_eq!(layout.square_at(hx + 5, hy + 5), None);
    }
}

/// Names far past any display name's length (a database could hold them) are fitted by
/// halving, not by measuring every shorter prefix: before, a name of 10,000 letters took
/// tens of millions of glyph measurements here (nearly a minute unoptimised), 100,000 hours.
#[test]
fn a_name_of_ten_thousand_letters_is_fitted_to_its_bar() {
    let long = "W".repeat(10_000);
    let alike = format!("{long}x");
    let game = Game::replay(None, &["c2-b1"]).unwrap();
    for players in [[long.clone(), "bob".into()], [long.clone(), alike]] {
        let named = BoardView::of_game(&game).with_caption(Caption {
            players,
            game: "Game 7".into(),
        });
        let options = Options::default();
        let png = decode(&render_png(&named, &options).unwrap());
        assert_eq!(png.width, options.size);
    }
}

#[test]
fn a_caption_adds_a_bar_above_and_below_and_leaves_the_board_alone() {
    let game = Game::replay(None, &["c2-b1", "e6-f5"]).unwrap();
    let plain = BoardView::of_game(&game);
    let named = plain.clone().with_caption(Caption {
        players: ["alice".into(), "bob".into()],
        game: "Game 7".into(),
    });
    for options in both_sides() {
        let layout = options.layout().captioned();
        let a = decode(&render_png(&plain, &options).unwrap());
        let b = decode(&render_png(&named, &options).unwrap());
        assert_eq!((b.width, b.height), (options.size, layout.height()));
        // The framed board is the same picture, `bar` rows lower.
        let row = a.width as usize * 3;
        let below = layout.bar as usize * row;
        assert!(a.rgb[..] == b.rgb[below..below + a.rgb.len()]);
        for y0 in [0, layout.bar + options.size] {
            let strip = &b.rgb[y0 as usize * row..(y0 + layout.bar) as usize * row];
            // The frame's colour, with a name drawn on it.
            let frame = options.theme.frame;
            assert_eq!(b.pixel(options.size as f32 - 2.0, y0 as f32 + 1.0), frame);
            assert!(strip.chunks_exact(3).any(|p| p != frame));
        }
    }
}

#[test]
fn the_hole_is_not_drawn_as_squares() {
    let view = BoardView::new(Position::start());
    for options in both_sides() {
        let layout = options.layout();
        let image = decode(&render_png(&view, &options).unwrap());
        let (x0, y0, x1, _) = layout.hole();
        // Where c5, d5 and e5's centres would be if the hole were squares: the hole's own
        // colour, and never the light or dark of a square.
        let q = layout.cell as f32;
        for col in 0..3 {
            let (x, y) = (x0 as f32 + q * (col as f32 + 0.5), y0 as f32 + q * 0.25);
            let p = image.pixel(x, y);
            assert!(close(p, options.theme.hole, 3), "hole at {x},{y}: {p:?}");
        }
        assert!(x1 > x0);
    }
}

#[test]
fn the_last_move_is_tinted_on_its_two_squares_only() {
    let game = Game::replay(None, &["c2-b3", "e6-f5"]).unwrap();
    let view = BoardView::of_game(&game);
    for options in both_sides() {
        let theme = options.theme;
        let layout = options.layout();
        let image = decode(&render_png(&view, &options).unwrap());
        let tint = theme.last_move_alpha as f32 / 100.0;
        for s in Square::ALL {
            let (x, y) = free_spot(&layout, s);
            let base = base_color(&theme, s);
            let want = if s == sq("e6") || s == sq("f5") {
                mix(base, theme.last_move, tint)
            } else {
                base
            };
            assert!(
                close(image.pixel(x, y), want, 4),
                "{s}: {:?} instead of {want:?}",
                image.pixel(x, y)
            );
        }
    }
}

/// A position where Black's king on d6 is in check: after White's bishop slid d1 → a4 and
/// rebounded to c6.
fn check_game() -> Game {
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
fn a_king_in_check_glows_red_and_nothing_else_does() {
    let game = check_game();
    let king = game.position().king_square(Color::Black);
    assert!(game.position().is_check());
    let view = BoardView::of_game(&game);
    assert_eq!(view.check, Some(king));
    let mut calm = view.clone();
    calm.check = None;
    for options in both_sides() {
        let layout = options.layout();
        let marked = decode(&render_png(&view, &options).unwrap());
        let plain = decode(&render_png(&calm, &options).unwrap());
        let q = layout.cell as f32;
        for s in Square::ALL {
            let (x, y) = layout.square_origin(s);
            // Inside the glow but outside the king's outline.
            let (px, py) = (x as f32 + q * 0.2, y as f32 + q * 0.2);
            let (m, p) = (marked.pixel(px, py), plain.pixel(px, py));
            if s == king {
                assert!(m[0] as i32 > m[1] as i32 + 60, "{s}: {m:?} is not red");
                assert!(!close(m, p, 20));
            } else if s == sq("d7") {
                // The check comes round the top edge at d7: its red path, drawn with the
                // check, may cross this spot (its pixels are checked in the render crate's
                // marks tests).
            } else {
                assert!(close(m, p, 2), "{s}: {m:?} vs {p:?}");
            }
        }
    }
}

#[test]
fn a_rebounding_slide_is_drawn_along_its_real_path() {
    // The bishop went d1 → c2 → b3 → a4, rebounded, and went on to b5.
    let game = Game::replay(None, &["c2-b1", "e6-f5", "d1-b5"]).unwrap();
    assert_eq!(game.last_move(), Some(Move::new(sq("d1"), sq("b5"))));
    let view = BoardView::of_game(&game);
    for options in both_sides() {
        let theme = options.theme;
        let layout = options.layout();
        let image = decode(&render_png(&view, &options).unwrap());
        for s in ["c2", "b3", "a4"] {
            let (x, y) = layout.square_center(sq(s));
            let p = image.pixel(x, y);
            let base = base_color(&theme, sq(s));
            let want = mix(base, theme.arrow, 0.8);
            assert!(close(p, want, 12), "{s}: {p:?} instead of arrow {want:?}");
        }
        // Squares off the path, empty ones: untouched at their centres.
        for s in ["a2", "a3", "b4", "a5", "g4", "f4"] {
            let (x, y) = layout.square_center(sq(s));
            let want = base_color(&theme, sq(s));
            assert!(close(image.pixel(x, y), want, 3), "{s} should be plain");
        }
    }
}

#[test]
fn a_straight_slide_has_no_arrow() {
    let game = Game::replay(None, &["e2-f2", "c6-b6"]).unwrap();
    let view = BoardView::of_game(&game);
    let options = Options::default();
    let plain = {
        let mut v = view.clone();
        v.last_move = None;
        decode(&render_png(&v, &options).unwrap())
    };
    let image = decode(&render_png(&view, &options).unwrap());
    let layout = options.layout();
    // Between the two tinted squares everything equals the untinted image.
    for s in Square::ALL {
        if s == sq("c6") || s == sq("b6") {
            continue;
        }
        let (x, y) = layout.square_center(s);
        assert!(close(image.pixel(x, y), plain.pixel(x, y), 2), "{s}");
    }
}

#[test]
fn targets_are_marked_where_the_piece_can_go() {
    let view = BoardView::new(Position::start()).with_targets_from(sq("c2"));
    let wanted = ["b1", "b2", "b3"];
    for options in both_sides() {
        let theme = options.theme;
        let layout = options.layout();
        let image = decode(&render_png(&view, &options).unwrap());
        for s in Square::ALL {
            if view.position.piece_at(s).is_some() {
                continue;
            }
            let (x, y) = layout.square_center(s);
            let p = image.pixel(x, y);
            let base = base_color(&theme, s);
            if wanted.contains(&s.name().as_str()) {
                assert!(close(p, mix(base, theme.target, 0.8), 6), "{s}: {p:?}");
            } else {
                assert!(close(p, base, 3), "{s}: {p:?} should be plain");
            }
        }
    }
}

#[test]
fn rendering_does_not_depend_on_what_was_drawn_before() {
    let view = BoardView::of_game(&check_game());
    let options = Options::from_side(Color::Black);
    let first = render_png(&view, &options).unwrap();
    // Other boards in between, with other colours, and the same board on another thread.
    let other = BoardView::new(Position::start()).with_targets_from(sq("c2"));
    render_png(&other, &options).unwrap();
    render_png(&other, &Options::default()).unwrap();
    let elsewhere = std::thread::spawn(move || render_png(&view, &options).unwrap())
        .join()
        .unwrap();
    assert_eq!(first, elsewhere);
    assert_eq!(
        first,
        render_png(&BoardView::of_game(&check_game()), &options).unwrap()
    );
}

#[test]
fn a_middlegame_png_stays_small() {
    let view = BoardView::of_game(&check_game());
    for options in both_sides() {
        let bytes = render_png(&view, &options).unwrap().len();
        assert!(bytes <= 80 * 1024, "{bytes} bytes");
    }
}

#[test]
fn the_png_decodes_with_image_as_rgb_of_the_asked_size() {
    let view = BoardView::of_game(&check_game());
    for size in [render::MIN_SIZE, 480, render::DEFAULT_SIZE] {
        let options = Options {
            size,
            ..Options::default()
        };
        let png = render_png(&view, &options).unwrap();
        let decoded = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap();
        assert_eq!(decoded.color(), image::ColorType::Rgb8);
        assert_eq!((decoded.width(), decoded.height()), (size, size));
        // An indexed PNG, which `image` decodes to RGB: the drawing within the palette's
        // reach (exact numbers in `the_png_shows_what_was_drawn`).
        let drawn = render_rgb(&view, &options).unwrap();
        let (max, _) = deviation(drawn.as_raw(), decoded.into_rgb8().as_raw());
        assert!(max <= 40, "{max}");
    }
}

/// Frames of a GIF: (delay in hundredths, width, height) each, and the logical screen size.
fn gif_frames(gif: &[u8]) -> (u16, u16, Vec<u16>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(std::io::Cursor::new(gif)).unwrap();
    let (w, h) = (decoder.width(), decoder.height());
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        delays.push(frame.delay);
    }
    (w, h, delays)
}

#[test]
fn a_gif_has_one_frame_per_move_and_holds_the_last() {
    let game = check_game();
    let options = GifOptions::default();
    let gif = render_gif(&game, &options).unwrap();
    let (w, h, delays) = gif_frames(&gif);
    assert_eq!(
        (w as u32, h as u32),
        (options.board.size, options.board.size)
    );
    assert_eq!(delays.len(), game.ply() + 1);
    let (last, rest) = delays.split_last().unwrap();
    assert!(rest.iter().all(|&d| d == (options.delay_ms / 10) as u16));
    assert_eq!(*last, (options.final_delay_ms / 10) as u16);
    assert!(*last > rest[0]);
}

#[test]
fn a_gif_of_a_new_game_is_one_frame() {
    let (_, _, delays) = gif_frames(&render_gif(&Game::new(), &GifOptions::default()).unwrap());
    assert_eq!(delays.len(), 1);
}

#[test]
fn a_hundred_move_gif_stays_under_two_megabytes() {
    // A long game built deterministically: always the first legal move in a fixed order
    // that varies with the ply, so pieces travel and capture.
    let mut game = Game::new();
    while game.ply() < 200 && game.outcome().is_none() {
        let moves = game.position().legal_moves();
        let pick = (game.ply() * 7 + 3) % moves.len();
        game.play(moves[pick]).unwrap();
    }
    let gif = render_gif(&game, &GifOptions::default()).unwrap();
    let per_frame = gif.len() / (game.ply() + 1);
    // Scaled to 200 plies (100 moves) in case the game ended sooner.
    assert!(
        per_frame * 201 <= 2 * 1024 * 1024,
        "{} bytes for {} plies",
        gif.len(),
        game.ply()
    );
}

/// How far an encoded image strays from the drawn pixels: (largest channel difference, mean
/// channel difference).
fn deviation(drawn: &[u8], decoded: &[u8]) -> (u8, f64) {
    assert_eq!(drawn.len(), decoded.len());
    let mut max = 0;
    let mut total = 0u64;
    for (a, b) in drawn.iter().zip(decoded) {
        let d = a.abs_diff(*b);
        max = max.max(d);
        total += d as u64;
    }
    (max, total as f64 / drawn.len() as f64)
}

#[test]
fn the_png_shows_what_was_drawn() {
    // The PNG is indexed, in the palette the GIF uses: flat colour exact, anti-aliased edges
    // and the check glow's fade within a few levels, nothing off by more than 40.
    for options in both_sides() {
        for view in [
            BoardView::of_game(&check_game()),
            BoardView::new(Position::start()).with_targets_from(sq("c2")),
        ] {
            let drawn = render_rgb(&view, &options).unwrap();
            let decoded = decode(&render_png(&view, &options).unwrap());
            let (max, mean) = deviation(drawn.as_raw(), &decoded.rgb);
            assert!(max <= 40 && mean < 0.25, "max {max}, mean {mean}");
        }
    }
}

/// Plays a GIF's frames onto one screen, as a viewer does; returns the screen after each.
fn gif_screens(gif: &[u8]) -> Vec<Vec<u8>> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::io::Cursor::new(gif)).unwrap();
    let w = decoder.width() as usize;
    let mut screen = vec![0u8; w * decoder.height() as usize * 3];
    let mut screens = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        let fw = frame.width as usize;
        for (k, px) in frame.buffer.chunks_exact(4).enumerate() {
            if px[3] == 0 {
                continue;
            }
            let (x, y) = (frame.left as usize + k % fw, frame.top as usize + k / fw);
            screen[(y * w + x) * 3..][..3].copy_from_slice(&px[..3]);
        }
        screens.push(screen.clone());
    }
    screens
}

#[test]
fn every_gif_frame_shows_its_position() {
    let game = check_game();
    let options = GifOptions {
        board: Options {
            size: 400,
            ..Options::default()
        },
        ..GifOptions::default()
    };
    let screens = gif_screens(&render_gif(&game, &options).unwrap());
    assert_eq!(screens.len(), game.ply() + 1);
    for (ply, screen) in screens.iter().enumerate() {
        let drawn = render_rgb(&BoardView::at_ply(&game, ply), &options.board).unwrap();
        let (max, mean) = deviation(drawn.as_raw(), screen);
        assert!(max <= 48 && mean < 0.5, "ply {ply}: max {max}, mean {mean}");
    }
}

#[test]
fn a_piece_that_can_be_taken_gets_its_corners_marked() {
    let game = check_game();
    let position = *game.position();
    let capture = position
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| position.is_capture(mv))
        .expect("the side in check can take something");
    let view = BoardView::of_game(&game).with_targets_from(capture.from);
    let mut plain = view.clone();
    plain.targets = Default::default();
    for options in both_sides() {
        let layout = options.layout();
        let marked = decode(&render_png(&view, &options).unwrap());
        let unmarked = decode(&render_png(&plain, &options).unwrap());
        let (x, y) = free_spot(&layout, capture.to);
        let (m, p) = (marked.pixel(x, y), unmarked.pixel(x, y));
        let want = mix(p, options.theme.target, 0.5);
        assert!(close(m, want, 8), "{}: {m:?}, want {want:?}", capture.to);
        // The piece itself stays in full view: the square's centre is not tinted.
        let (cx, cy) = layout.square_center(capture.to);
        assert_eq!(marked.pixel(cx, cy), unmarked.pixel(cx, cy));
    }
}

/// A point `t` of the way from the centre of `a` to the centre of `b`.
fn between(layout: &Layout, a: &str, b: &str, t: f32) -> (f32, f32) {
    let ((ax, ay), (bx, by)) = (layout.square_center(sq(a)), layout.square_center(sq(b)));
    (ax + (bx - ax) * t, ay + (by - ay) * t)
}

#[test]
fn a_key_moment_draws_the_move_played_and_the_better_one_in_their_colours() {
    // Before White's second move: the bishop's rebound d1 → c2 → b3 → a4 → b5 was played
    // (the mistake), the king's step d2 → c2 was better.
    let game = Game::replay(None, &["c2-b1", "e6-f5"]).unwrap();
    let (played, better) = (Move::new(sq("d1"), sq("b5")), Move::new(sq("d2"), sq("c2")));
    assert!(game.position().legal_moves().contains(&better));
    let plain = BoardView::at_ply(&game, 2);
    let mut view = plain.clone();
    view.arrows = vec![
        render::Arrow {
            mv: played,
            kind: render::ArrowKind::Played,
            label: "Played 2.Bb5?".into(),
        },
        render::Arrow {
            mv: better,
            kind: render::ArrowKind::Better,
            label: "Better 2.Kc2".into(),
        },
    ];
    for options in both_sides() {
        let theme = options.theme;
        let layout = options.layout();
        let image = decode(&render_png(&view, &options).unwrap());
        let under = decode(&render_png(&plain, &options).unwrap());
        let drawn = |(x, y): (f32, f32), color: Rgb, what: &str| {
            let want = mix(under.pixel(x, y), color, 0.8);
            let got = image.pixel(x, y);
            assert!(close(got, want, 12), "{what}: {got:?} instead of {want:?}");
        };
        // The move played follows the bishop's real path, in its colour, round the rebound.
        for (a, b) in [("d1", "c2"), ("c2", "b3"), ("b3", "a4"), ("a4", "b5")] {
            drawn(
                between(&layout, a, b, 0.5),
                theme.played_arrow,
                &format!("played {a}-{b}"),
            );
        }
        // The better move in the other colour; the last move (e6-f5) draws no arrow of its
        // own, only its tint.
        drawn(
            between(&layout, "d2", "c2", 0.6),
            theme.better_arrow,
            "better d2-c2",
        );
        let (x, y) = between(&layout, "e6", "f5", 0.5);
        assert_eq!(image.pixel(x, y), under.pixel(x, y), "e6-f5 has no arrow");
        // Off both paths the board is the plain one.
        for s in ["g4", "a2", "f2"] {
            let (x, y) = layout.square_center(sq(s));
            assert_eq!(image.pixel(x, y), under.pixel(x, y), "{s}");
        }
    }
}
