//! The crosstable's cells, names, legend and colour strips, in pixels and in its plan.

use super::*;

fn row(name: &str, cells: Vec<Vec<Cell>>) -> CrossRow {
    let n = cells.len();
    CrossRow {
        place: "1".into(),
        name: name.into(),
        colours: vec![Vec::new(); n],
        cells,
        struck: vec![false; n],
        points: "1½".into(),
        tiebreak: "¾".into(),
        withdrawn: false,
    }
}

fn legend() -> CrossLegend {
    CrossLegend {
        win: "win".into(),
        draw: "draw".into(),
        loss: "loss".into(),
        forfeit: "won / lost by forfeit".into(),
        unplayed: "still being played".into(),
        annulled: "annulled: does not count".into(),
        colours: "played as White / as Black".into(),
    }
}

fn table(rows: Vec<CrossRow>) -> Crosstable {
    Crosstable {
        title: "Spring".into(),
        subtitle: "#1 · 2 of 3 games".into(),
        legend: legend(),
        points_label: "Pts".into(),
        tiebreak_label: "SB".into(),
        rows,
    }
}

#[test]
fn each_result_fills_its_cell() {
    use Cell::*;
    let table = table(vec![
        row("alice", vec![vec![Own], vec![Win], vec![Draw]]),
        row("bob", vec![vec![Loss], vec![Own], vec![Unplayed]]),
        row("carol", vec![vec![Draw], vec![Unplayed], vec![Own]]),
    ]);
    let colors = CrossColors::of(&Theme::default());
    let image = draw_crosstable(&table, &colors);
    let layout = CrossLayout::new(3, 1);
    assert_eq!(CrossLayout::of(&table), layout);
    assert_eq!(image.dimensions(), (layout.width(), plan(&table).height));
    let at = |r, c| {
        let (x, y, _, _) = layout.cell(r, c, 0);
        image.get_pixel(x + 2, y + 2).0
    };
    assert_eq!(at(0, 1), colors.win);
    assert_eq!(at(0, 2), colors.draw);
    assert_eq!(at(1, 0), colors.loss);
    assert_eq!(at(1, 2), colors.unplayed);
    assert_eq!(at(0, 0), colors.own);
    // The four fills are told apart at a glance.
    let fills = [
        colors.win,
        colors.draw,
        colors.loss,
        colors.unplayed,
        colors.own,
    ];
    for (i, a) in fills.iter().enumerate() {
        for b in &fills[i + 1..] {
            let d: i32 = a
                .iter()
                .zip(b)
                .map(|(x, y)| (i32::from(*x) - i32::from(*y)).abs())
                .sum();
            assert!(d > 60, "{a:?} and {b:?} look alike");
        }
    }
    let png = render_crosstable(&table).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

/// Twelve names of 32 characters that share their first 20.
fn alike_names() -> Vec<String> {
    (0..12)
        .map(|i| {
            format!(
                "Wolfgang_Amadeus_Moz{:0>12}",
                format!("art_{}", 1756 + i * 7)
            )
        })
        .collect()
}

/// A table of twelve players, one or two games a pair, everything still to be played.
fn twelve(names: &[String], games: usize) -> Crosstable {
    let rows = names
        .iter()
        .enumerate()
        .map(|(r, name)| {
            let cells = (0..names.len())
                .map(|c| {
                    if c == r {
                        vec![Cell::Own]
                    } else {
                        vec![Cell::Unplayed; games]
                    }
                })
                .collect();
            row(name, cells)
        })
        .collect();
    table(rows)
}

#[test]
fn twelve_long_alike_names_are_whole_and_never_look_the_same() {
    let names = alike_names();
    assert!(names.iter().all(|n| n.chars().count() == 32));
    assert!(names.iter().all(|n| n[..20] == names[0][..20]));
    for games in [1, 2] {
        let table = twelve(&names, games);
        let plan = plan(&table);
        let image = draw_crosstable(&table, &CrossColors::of(&Theme::default()));
        let mut crops = Vec::new();
        for (r, lines) in plan.names.iter().enumerate() {
            // The name whole, in one or two lines, inside its box.
            let joined: String = lines.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(joined, names[r]);
            let (x, y, w, h) = plan.layout.name_box(r as u32);
            for line in lines {
                assert!(
                    line.x >= x as f32 && line.x + line.width <= (x + w) as f32,
                    "{line:?}"
                );
                assert!(line.baseline > y as f32 && line.baseline < (y + h) as f32);
            }
            crops.push(image::imageops::crop_imm(&image, x, y, w, h).to_image());
        }
        // No two names render the same.
        for a in 0..crops.len() {
            for b in a + 1..crops.len() {
                assert_ne!(crops[a].as_raw(), crops[b].as_raw(), "rows {a} and {b}");
            }
        }
    }
}

#[test]
fn a_name_too_long_for_one_line_takes_two() {
    let wide = "W".repeat(32);
    let table = twelve(&[wide.clone(), "bob".into(), "carol".into()], 1);
    let plan = plan(&table);
    assert_eq!(plan.layout.name_w, layout::NAME_MAX_W);
    let lines = &plan.names[0];
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].text.len() + lines[1].text.len(), 32);
    assert!(lines[0].baseline < lines[1].baseline);
    // A separator is where a name is cut when it is as good a place.
    let cut = layout::name_split("Wolfgang_Amadeus_Mozart_and_the_W");
    assert!(cut.0.ends_with('_'), "{cut:?}");
}

#[test]
fn the_legend_wraps_to_the_width_and_explains_pale_cells_and_colours() {
    use Cell::*;
    let mut rows = vec![
        row(
            "alice",
            vec![vec![Own], vec![Win, Draw], vec![Loss, Unplayed]],
        ),
        row(
            "bob",
            vec![vec![Loss, Draw], vec![Own], vec![Unplayed, Win]],
        ),
        row(
            "carol",
            vec![vec![Win, Unplayed], vec![Unplayed, Loss], vec![Own]],
        ),
    ];
    for (r, row) in rows.iter_mut().enumerate() {
        row.colours = (0..3)
            .map(|c| {
                if c == r {
                    Vec::new()
                } else if r < c {
                    vec![Color::White, Color::Black]
                } else {
                    vec![Color::Black, Color::White]
                }
            })
            .collect();
    }
    rows[2].struck = vec![true; 3];
    rows[2].withdrawn = true;
    let mut table = table(rows);
    table.legend.annulled =
        "annulé : ne compte pas, les résultats sont retirés du classement".into();
    let plan = plan(&table);
    let kinds: Vec<&Swatch> = plan.legend.iter().map(|e| &e.swatch).collect();
    assert!(kinds.contains(&&Swatch::Struck(Win)) && kinds.contains(&&Swatch::Colours));
    assert!(plan.legend.len() == 7);
    let right = (plan.width - layout::MARGIN) as f32;
    for e in &plan.legend {
        assert!(e.label.x + e.label.width <= right + 0.5, "{e:?}");
        assert!(e.top + layout::SWATCH_H <= plan.height as f32);
    }
    // Three players are too narrow for one line of legend.
    assert!(plan.legend.last().unwrap().top > plan.legend[0].top);
    // The colour strips: alice had White in the first game against bob, Black in the second.
    let colors = CrossColors::of(&Theme::default());
    let image = draw_crosstable(&table, &colors);
    let (x, y, _, _) = plan.layout.cell(0, 1, 0);
    assert_eq!(image.get_pixel(x + 3, y + 1).0, colors.white_strip);
    let (x, y, _, _) = plan.layout.cell(0, 1, 1);
    assert_eq!(image.get_pixel(x + 3, y + 1).0, colors.black_strip);
    // Below the strip, the result's fill.
    assert_eq!(image.get_pixel(x + 3, y + STRIP_H + 3).0, colors.draw);
    // A single round-robin has no strips and no colour legend.
    let single = twelve(&["alice".into(), "bob".into(), "carol".into()], 1);
    assert!(
        super::plan(&single)
            .legend
            .iter()
            .all(|e| e.swatch != Swatch::Colours)
    );
}

#[test]
fn a_long_title_and_subtitle_shrink_to_fit_whole() {
    let mut table = twelve(&["alice".into(), "bob".into(), "carol".into()], 1);
    table.title = "Championnat d'automne des étoiles".into();
    table.subtitle =
        "Турнир #12 · итоговая таблица после 66 из 66 партий, все встречи сыграны".into();
    let plan = plan(&table);
    let right = (plan.width - layout::MARGIN) as f32;
    for placed in [&plan.title, &plan.subtitle] {
        assert!(placed.x + placed.width <= right + 0.5, "{placed:?}");
        assert!(!placed.text.contains('…'));
    }
    assert_eq!(plan.title.text, table.title);
    assert_eq!(plan.subtitle.text, table.subtitle);
}
