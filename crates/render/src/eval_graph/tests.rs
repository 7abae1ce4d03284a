//! The graph's areas, scale, dots, words and move numbers, checked in pixels.
use super::*;

fn labels() -> GraphLabels {
    GraphLabels {
        title: "Game #1: alice vs bob".into(),
        result: "0–1 · checkmate".into(),
        win: "mate".into(),
        moves: "move".into(),
        white: "White".into(),
        black: "Black".into(),
        marks: ["inaccuracy".into(), "mistake".into(), "blunder".into()],
    }
}

fn graph<'a>(
    scores: &'a [GraphScore],
    marks: &'a [GraphMark],
    l: &'a GraphLabels,
) -> EvalGraph<'a> {
    EvalGraph {
        scores,
        marks,
        first_move: 1,
        first_side: Color::White,
        labels: l,
    }
}

#[test]
fn white_rises_from_the_bottom_and_black_hangs_from_the_top() {
    use GraphScore::*;
    let l = labels();
    // Even, then White three pawns up, then Black mates.
    let scores = [
        Pawns(0.0),
        Pawns(0.0),
        Pawns(3.0),
        Pawns(3.0),
        Win(Color::Black),
        Win(Color::Black),
    ];
    let image = eval_graph_image(&graph(&scores, &[], &l), &Theme::WOOD);
    let c = GraphColors::of(&Theme::WOOD);
    let at = |x: u32, y: u32| image.get_pixel(x, y).0;
    let even = column_of(0, 6) + 2;
    let ahead = (column_of(2, 6) + column_of(3, 6)) / 2;
    let mated = column_of(5, 6) - 2;
    // Even: light below the zero line, dark above it, the line itself between.
    assert_eq!(at(even, ZERO_ROW + 5), c.white);
    assert_eq!(at(even, ZERO_ROW - 5), c.black);
    assert_eq!(at(even, ZERO_ROW), c.zero);
    // Three pawns up: light up to the +3 line, dark above.
    let plus3 = y_of(pawn_level(3.0));
    assert_eq!(at(ahead, plus3 as u32 + 4), c.white);
    assert_eq!(at(ahead, plus3 as u32 - 4), c.black);
    // Mated: all dark but the zero line.
    assert_eq!(at(mated, PLOT_Y + PLOT_HEIGHT - 2), c.black);
    assert_eq!(at(mated, ZERO_ROW + 5), c.black);
    // Around the plot, the background; Black's area is darker than it, White's lighter.
    assert_eq!(at(2, 2), c.background);
    let luma = |p: Rgb| p.iter().map(|&v| u32::from(v)).sum::<u32>();
    assert!(luma(c.black) + 60 < luma(c.background));
    assert!(luma(c.white) > luma(c.background) + 300);
}

#[test]
fn the_scale_spaces_one_three_and_ten_pawns_and_keeps_the_edge_for_a_win() {
    use GraphScore::*;
    assert_eq!(Win(Color::White).level(), 1.0);
    assert_eq!(Win(Color::Black).level(), -1.0);
    assert_eq!(Pawns(0.0).level(), 0.0);
    assert_eq!(Pawns(10.0).level(), INNER);
    assert_eq!(Pawns(35.0).level(), INNER, "clamped at ten pawns");
    assert_eq!(Pawns(-3.0).level(), -Pawns(3.0).level());
    // 0, 1, 3 and 10 pawns sit at least 35 pixels apart, and ten pawns 30 from a win.
    let rows: Vec<f32> = [0.0, 1.0, 3.0, 10.0].map(|p| y_of(pawn_level(p))).to_vec();
    for pair in rows.windows(2) {
        assert!(pair[0] - pair[1] >= 35.0, "{rows:?}");
    }
    assert!(rows[3] - y_of(1.0) >= 30.0);
    assert_eq!(row_of(Win(Color::White)), PLOT_Y);
    assert_eq!(row_of(Win(Color::Black)), PLOT_Y + PLOT_HEIGHT - 1);
}

#[test]
fn each_mark_is_a_dot_in_its_colour() {
    use GraphScore::*;
    let l = labels();
    let scores = [
        Pawns(0.0),
        Pawns(-0.5),
        Pawns(-1.5),
        Pawns(-4.0),
        Win(Color::Black),
    ];
    let marks: Vec<GraphMark> = Severity::ALL
        .iter()
        .enumerate()
        .map(|(i, &severity)| GraphMark {
            position: i + 1,
            severity,
        })
        .collect();
    let g = graph(&scores, &marks, &l);
    let image = eval_graph_image(&g, &Theme::SLATE);
    for mark in &marks {
        let y = y_of(scores[mark.position].level()) as u32;
        let x = x_of(mark.position, scores.len()) as u32;
        assert_eq!(
            image.get_pixel(x, y).0,
            mark_colour(mark.severity),
            "{mark:?}"
        );
    }
    // The three colours are far apart.
    let [a, b, c] = Severity::ALL.map(mark_colour);
    let d = |p: Rgb, q: Rgb| {
        (0..3)
            .map(|k| (i32::from(p[k]) - i32::from(q[k])).abs())
            .sum::<i32>()
    };
    assert!(d(a, b) > 150 && d(b, c) > 150 && d(a, c) > 150);
}

#[test]
fn a_one_move_game_draws_axes_numbers_and_curve() {
    use GraphScore::*;
    let l = labels();
    let scores = [Pawns(0.2), Pawns(-0.4)];
    let g = graph(&scores, &[], &l);
    assert_eq!(move_ticks(&g), vec![(1, 1)]);
    let image = eval_graph_image(&g, &Theme::WOOD);
    let c = GraphColors::of(&Theme::WOOD);
    // Both areas and the zero line are there.
    let column: Vec<Rgb> = (PLOT_Y..PLOT_Y + PLOT_HEIGHT)
        .map(|y| image.get_pixel(PLOT_X + 5, y).0)
        .collect();
    assert!(column.contains(&c.white) && column.contains(&c.black) && column.contains(&c.zero));
    // Words in the title line, on the vertical axis and under the plot.
    let inked = |x0: u32, y0: u32, x1: u32, y1: u32| {
        (y0..y1).any(|y| (x0..x1).any(|x| image.get_pixel(x, y).0 != c.background))
    };
    assert!(inked(0, 0, GRAPH_WIDTH, PLOT_Y), "the title line");
    assert!(
        inked(0, ZERO_ROW - 8, PLOT_X, ZERO_ROW + 8),
        "the zero's label"
    );
    assert!(
        inked(
            PLOT_X + PLOT_WIDTH - 20,
            PLOT_Y + PLOT_HEIGHT + 4,
            GRAPH_WIDTH,
            PLOT_Y + PLOT_HEIGHT + 30
        ),
        "move 1"
    );
    assert!(
        inked(PLOT_X, GRAPH_HEIGHT - 40, GRAPH_WIDTH, GRAPH_HEIGHT),
        "the legend"
    );
}

#[test]
fn move_numbers_keep_apart_from_one_move_to_two_hundred() {
    let l = labels();
    for plies in 1..=400usize {
        let scores = vec![GraphScore::Pawns(0.0); plies + 1];
        let g = graph(&scores, &[], &l);
        let ticks = move_ticks(&g);
        assert!(!ticks.is_empty(), "{plies} plies");
        for pair in ticks.windows(2) {
            let gap = x_of(pair[1].1, scores.len()) - x_of(pair[0].1, scores.len());
            assert!(gap >= MOVE_SPACING, "{plies} plies: {pair:?}");
        }
        // Each number stands at the position after White's move of that number.
        for &(n, i) in &ticks {
            assert_eq!(i, 2 * n as usize - 1);
        }
    }
    let scores = vec![GraphScore::Pawns(0.0); 401];
    let numbers: Vec<u32> = move_ticks(&graph(&scores, &[], &l))
        .iter()
        .map(|t| t.0)
        .collect();
    assert_eq!(numbers, (1..=10).map(|k| 20 * k).collect::<Vec<_>>());
}

#[test]
fn a_game_from_a_position_with_black_to_move_counts_from_its_move() {
    let l = labels();
    let scores = vec![GraphScore::Pawns(0.0); 6];
    let g = EvalGraph {
        first_move: 12,
        first_side: Color::Black,
        ..graph(&scores, &[], &l)
    };
    // Positions: 12…, 13., 13…, 14., 14…, after 15. is not there.
    assert_eq!(position_of_move(&g, 12, Color::Black), Some(1));
    assert_eq!(position_of_move(&g, 13, Color::White), Some(2));
    assert_eq!(position_of_move(&g, 15, Color::White), None);
    assert_eq!(move_ticks(&g), vec![(12, 1), (13, 2), (14, 4)]);
}

#[test]
fn the_svg_graph_links_every_position_to_itself() {
    use GraphScore::*;
    let l = labels();
    let scores = [Pawns(0.0), Pawns(1.0), Win(Color::Black)];
    let marks = [GraphMark {
        position: 2,
        severity: Severity::Blunder,
    }];
    let links: Vec<GraphLink> = ["0.00", "1.b3 (+1.00)", "1…f5?? (#-1)"]
        .iter()
        .enumerate()
        .map(|(ply, title)| GraphLink {
            ply,
            title: title.to_string(),
        })
        .collect();
    let colors = GraphColors::of(&Theme::WOOD);
    let svg = eval_graph_svg(&graph(&scores, &marks, &l), &colors, &links);
    let rim = crate::svg::write::Hex(colors.rim).to_string();
    // One link a position, in order, each to its ply, its band a third of the plot wide (the
    // first and last a half band, clipped at the edges), titled.
    let anchors: Vec<&str> = svg
        .split("<a ")
        .skip(1)
        .map(|a| &a[..a.find("</a>").unwrap()])
        .collect();
    assert_eq!(
        anchors,
        [
            "class=\"point\" data-ply=\"0\" href=\"?ply=0#ply=0\"><title>0.00</title>\
             <rect x=\"30\" y=\"6\" width=\"80.5\" height=\"140\" fill=\"#000\" fill-opacity=\"0\"/>",
            "class=\"point\" data-ply=\"1\" href=\"?ply=1#ply=1\"><title>1.b3 (+1.00)</title>\
             <rect x=\"110.5\" y=\"6\" width=\"161\" height=\"140\" fill=\"#000\" fill-opacity=\"0\"/>",
            "class=\"point\" data-ply=\"2\" href=\"?ply=2#ply=2\"><title>1…f5?? (#-1)</title>\
             <rect x=\"271.5\" y=\"6\" width=\"80.5\" height=\"140\" fill=\"#000\" fill-opacity=\"0\"/>\
             <circle class=\"blunder\" cx=\"352\" cy=\"146\" r=\"4.5\" fill=\"#db3031\" stroke=\"RIM\" \
             stroke-width=\"1.2\"/>",
        ]
        .map(|a| a.replace("RIM", &rim))
    );
    // The words are at the page's scale, whatever the width it is shown at.
    assert!(svg.starts_with(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph\" viewBox=\"0 0 360 170\" \
         font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"11\">"
    ));
    // White's area climbs to +1 after the first move and falls to the bottom edge.
    let level = |pawns: f64| 6.0 + 70.0 * (1.0 - pawn_level(pawns));
    assert!(svg.contains(&format!(
        "<path d=\"M30 146L30 76L191 {}L352 146L352 146Z\"",
        crate::svg::write::Num(level(1.0) as f32)
    )));
}
