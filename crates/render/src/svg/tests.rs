//! Tests of the SVG board: read back with a real XML parser (`roxmltree`), so a malformed
//! document fails every test.

use std::collections::BTreeSet;

use super::write::{Num, escape};
use crate::rules::{Color, Game, Move, Position, Square};
use crate::{Arrow, ArrowKind, BoardView, Options, render_svg};

/// The middlegame of the benches: captures in the hole, and the last move (6…Bxc6+, d1 round
/// a4) a bishop's rebound that gives check.
fn middlegame() -> Game {
    Game::replay(
        None,
        &[
            "c1b2", "f5", "bb3", "g4", "Rf2", "Rb7", "b4", "Rcb6", "b5", "Kc7", "bxb6+", "Kd6",
            "b1", "Bc6", "Ke2", "Ke6", "c7", "Rxc7", "Kd2", "Rd7", "Ref1", "g3", "Ke1", "Rd6",
            "Bxc6+",
        ],
    )
    .expect("legal moves")
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Parses the SVG, failing the test if it is not well-formed XML.
fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed: {e}"))
}

fn has_class(node: &roxmltree::Node<'_, '_>, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split(' ').any(|c| c == class))
}

/// The elements with a class, in document order.
fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.is_element() && has_class(n, class))
        .collect()
}

/// (square, piece code) of every piece element.
fn pieces(doc: &roxmltree::Document<'_>) -> BTreeSet<(String, String)> {
    with_class(doc, "piece")
        .iter()
        .map(|n| {
            (
                n.attribute("data-square").unwrap().to_string(),
                n.attribute("data-piece").unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn the_starting_position_has_every_square_and_piece_hooked() {
    let svg = render_svg(&BoardView::new(Position::start()), &Options::default());
    let doc = parse(&svg);
    let squares: Vec<String> = with_class(&doc, "sq")
        .iter()
        .map(|n| n.attribute("data-square").unwrap().to_string())
        .collect();
    let all: Vec<String> = Square::ALL.iter().map(|s| s.to_string()).collect();
    assert_eq!(squares, all);
    let expected: BTreeSet<(String, String)> = [
        ("c1", "wP"),
        ("c2", "wP"),
        ("d1", "wB"),
        ("e1", "wR"),
        ("e2", "wR"),
        ("d2", "wK"),
        ("e7", "bP"),
        ("e6", "bP"),
        ("d7", "bB"),
        ("c7", "bR"),
        ("c6", "bR"),
        ("d6", "bK"),
    ]
    .iter()
    .map(|(s, p)| (s.to_string(), p.to_string()))
    .collect();
    assert_eq!(pieces(&doc), expected);
    // Each piece is drawn from its one definition.
    for node in with_class(&doc, "piece") {
        let code = node.attribute("data-piece").unwrap();
        assert_eq!(node.attribute("href"), Some(format!("#rb-{code}").as_str()));
        assert!(
            doc.descendants()
                .any(|n| n.attribute("id") == Some(&format!("rb-{code}")))
        );
    }
    assert!(with_class(&doc, "last").is_empty());
    assert!(with_class(&doc, "check").is_empty());
    assert!(with_class(&doc, "arrow").is_empty());
}

#[test]
fn the_last_move_squares_are_classed_and_tinted() {
    let game = Game::replay(None, &["c2-b3"]).unwrap();
    let svg = render_svg(&BoardView::of_game(&game), &Options::default());
    let doc = parse(&svg);
    let last: BTreeSet<&str> = with_class(&doc, "last")
        .iter()
        .map(|n| {
            assert!(has_class(n, "sq"));
            n.attribute("data-square").unwrap()
        })
        .collect();
    assert_eq!(last, BTreeSet::from(["b3", "c2"]));
    // Tinted: not the colour of an untinted square of the same shade (c2 and e2 are light).
    let fill = |name: &str| {
        with_class(&doc, "sq")
            .into_iter()
            .find(|n| n.attribute("data-square") == Some(name))
            .and_then(|n| n.attribute("fill"))
            .unwrap()
            .to_string()
    };
    assert_ne!(fill("c2"), fill("e2"));
    // A pawn's step draws no arrow.
    assert!(with_class(&doc, "arrow").is_empty());
}

#[test]
fn a_check_marks_the_king_and_a_rebound_draws_its_arrow() {
    let game = middlegame();
    let view = BoardView::of_game(&game);
    let king = view.check.expect("the last move gives check");
    assert_eq!(king, sq("e6"));
    let svg = render_svg(&view, &Options::default());
    let doc = parse(&svg);
    let checked: Vec<(bool, &str)> = with_class(&doc, "check")
        .iter()
        .map(|n| (has_class(n, "piece"), n.attribute("data-square").unwrap()))
        .collect();
    assert_eq!(checked, vec![(false, "e6"), (true, "e6")]);
    let piece = &with_class(&doc, "check")[1];
    assert_eq!(piece.attribute("data-piece"), Some("bK"));
    assert_eq!(with_class(&doc, "glow").len(), 1);
    assert!(svg.contains("Black in check"));

    // The bishop went d1–a4–c6: the arrow's shaft turns once, at a4's centre.
    let arrows = with_class(&doc, "rebound");
    assert_eq!(arrows.len(), 1);
    let shaft = arrows[0]
        .children()
        .find(|n| n.is_element())
        .and_then(|n| n.attribute("d"))
        .unwrap();
    let layout = Options::default().layout();
    let (x, y) = layout.square_center(sq("a4"));
    assert!(
        shaft.contains(&format!("L{} {}", Num(x), Num(y))),
        "{shaft}"
    );
    assert!(shaft.starts_with('M'));
    // The check comes round the top edge (c6–d7–e6): its path is drawn, turning at d7.
    let check = with_class(&doc, "check-path");
    assert_eq!(check.len(), 1);
    let (x, y) = layout.square_center(sq("d7"));
    let d = check[0]
        .children()
        .find(|n| n.is_element())
        .and_then(|n| n.attribute("d"))
        .unwrap();
    assert!(d.contains(&format!("L{} {}", Num(x), Num(y))), "{d}");
}

#[test]
fn black_at_the_bottom_turns_the_board() {
    let view = BoardView::new(Position::start());
    let x_of = |side: Color, name: &str| {
        let svg = render_svg(&view, &Options::from_side(side));
        let doc = parse(&svg);
        let node = with_class(&doc, "sq")
            .into_iter()
            .find(|n| n.attribute("data-square") == Some(name))
            .unwrap();
        let x: u32 = node.attribute("x").unwrap().parse().unwrap();
        let y: u32 = node.attribute("y").unwrap().parse().unwrap();
        (x, y)
    };
    let white = Options::from_side(Color::White).layout();
    let black = Options::from_side(Color::Black).layout();
    assert_eq!(x_of(Color::White, "a1"), white.square_origin(sq("a1")));
    assert_eq!(x_of(Color::Black, "a1"), black.square_origin(sq("a1")));
    // a1 is bottom left for White, top right for Black.
    assert!(x_of(Color::White, "a1").0 < x_of(Color::Black, "a1").0);
    assert!(x_of(Color::White, "a1").1 > x_of(Color::Black, "a1").1);
    // The coordinates follow: file a's labels sit right of the middle for Black.
    let label_x = |side: Color| {
        let svg = render_svg(&view, &Options::from_side(side));
        let doc = parse(&svg);
        let coords = with_class(&doc, "coords");
        let a = coords[0]
            .children()
            .find(|n| n.text() == Some("a"))
            .expect("a label for file a");
        a.attribute("x").unwrap().parse::<f32>().unwrap()
    };
    assert!(label_x(Color::White) < 320.0);
    assert!(label_x(Color::Black) > 320.0);
}

#[test]
fn targets_are_dots_and_rings_with_their_squares() {
    // After c2-b3 e6-f5, White's rook on e2 can go to e3? No: the hole. Its moves are the
    // rules' business; the marks must match them one for one.
    let game = Game::replay(None, &["c2-b3", "e6-f5"]).unwrap();
    let view = BoardView::of_game(&game).with_targets_from(sq("e2"));
    let expected: BTreeSet<String> = view.targets.into_iter().map(|s| s.to_string()).collect();
    assert!(!expected.is_empty());
    let svg = render_svg(&view, &Options::default());
    let doc = parse(&svg);
    let marked: BTreeSet<String> = with_class(&doc, "target")
        .iter()
        .map(|n| n.attribute("data-square").unwrap().to_string())
        .collect();
    assert_eq!(marked, expected);
}

#[test]
fn nothing_a_strict_content_security_policy_blocks() {
    let mut view = BoardView::of_game(&middlegame());
    view.arrows = vec![Arrow {
        mv: Move::new(sq("a2"), sq("a5")),
        kind: ArrowKind::Played,
        label: "x".into(),
    }];
    for (view, side) in [
        (BoardView::new(Position::start()), Color::White),
        (BoardView::of_game(&middlegame()), Color::Black),
        (view, Color::White),
    ] {
        let svg = render_svg(&view, &Options::from_side(side));
        let doc = parse(&svg);
        for node in doc.descendants().filter(|n| n.is_element()) {
            let name = node.tag_name().name();
            assert!(
                !["style", "script", "foreignObject", "a", "image"].contains(&name),
                "<{name}>"
            );
            for attr in node.attributes() {
                let a = attr.name().to_ascii_lowercase();
                assert!(a != "style" && !a.starts_with("on"), "{a}=");
                assert!(!attr.value().contains("javascript:"));
            }
        }
        let lower = svg.to_ascii_lowercase();
        assert!(!lower.contains("<style") && !lower.contains("<script"));
        assert!(!lower.contains("style="));
        // Sized by the page: a viewBox, no width or height on the root.
        let root = doc.root_element();
        assert_eq!(root.attribute("viewBox"), Some("0 0 640 640"));
        assert_eq!(root.attribute("width"), None);
        assert_eq!(root.attribute("height"), None);
    }
}

#[test]
fn boards_stay_small_and_come_out_the_same_every_time() {
    let start = BoardView::new(Position::start());
    let mid = BoardView::of_game(&middlegame());
    for view in [&start, &mid] {
        for side in Color::ALL {
            let svg = render_svg(view, &Options::from_side(side));
            assert!(svg.len() < 30 * 1024, "{} bytes", svg.len());
            assert_eq!(svg, render_svg(view, &Options::from_side(side)));
        }
    }
}

#[test]
fn escaping_defuses_markup() {
    assert_eq!(
        escape(r#"<script>alert("x")</script> & 'y'"#),
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"
    );
    assert_eq!(escape("a\u{0}b\u{1b}c\td"), "abc\td");
    assert_eq!(escape("é ½–½ \u{202e}"), "é ½–½ \u{202e}");
    assert_eq!(escape("&amp;"), "&amp;amp;");

    // A hostile arrow label reaches the hole as text, not markup.
    let hostile = r#"</text><script>alert(1)</script>"><img onerror=x> & é"#;
    let mut view = BoardView::of_game(&middlegame());
    view.arrows = vec![Arrow {
        mv: Move::new(sq("d1"), sq("c6")),
        kind: ArrowKind::Better,
        label: hostile.into(),
    }];
    let svg = render_svg(&view, &Options::default());
    let doc = parse(&svg);
    assert!(doc.descendants().all(|n| n.tag_name().name() != "script"));
    assert!(doc.descendants().any(|n| n.text() == Some(hostile)));
}
