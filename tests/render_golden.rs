//! Golden images: a few boards, evaluation graphs and crosstables compared with reference PNGs
//! in `tests/data/golden/`, within a small tolerance so an encoder or rounding change does not
//! fail them but a visible change does.
//!
//! After an intended change to the look, look at the new images, then regenerate with
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test --test render_golden
//! ```
//!
//! and commit the changed PNGs with the change.

use std::path::PathBuf;

use rollerball::render::{
    Arrow, ArrowKind, BoardView, Caption, Options, Theme, Words, render_piece_sheet, render_png,
    render_png_in,
};
use rollerball::rules::{Color, Game, Move, Outcome, Position, Termination};

fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("PNG pixels");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// A game of many captures, for a full infield: at each ply the first capture in the move
/// list if there is one, else a move picked by a fixed formula; it stops before the game ends.
fn captures_game() -> Game {
    let mut game = Game::new();
    while game.ply() < 80 {
        let position = *game.position();
        let moves = position.legal_moves();
        let mv = moves
            .iter()
            .copied()
            .find(|&mv| position.is_capture(mv))
            .unwrap_or(moves[(game.ply() * 7 + 3) % moves.len()]);
        let mut next = game.clone();
        next.play(mv).unwrap();
        if next.outcome().is_some() {
            break;
        }
        game = next;
    }
    game
}

/// Words in another language than English, as the bot lends them (French).
struct French;

impl Words for French {
    fn move_number(&self, fullmove: u32) -> String {
        format!("Coup {fullmove}")
    }
    fn to_move(&self, side: Color, check: bool) -> String {
        let side = if side == Color::White {
            "Blancs"
        } else {
            "Noirs"
        };
        if check {
            format!("{side} en échec")
        } else {
            format!("Aux {side} de jouer")
        }
    }
    fn result(&self, _: Outcome) -> String {
        "Les Noirs atteignent le trône".into()
    }
    fn side(&self, color: Color) -> String {
        if color == Color::White {
            "Blancs"
        } else {
            "Noirs"
        }
        .into()
    }
}

/// Captioned boards: the longest names Discord allows, alike but for their ends; Hebrew,
/// Arabic and combining accents; a name the font cannot draw at all; in French.
fn captioned() -> Vec<(&'static str, Vec<u8>)> {
    let game = Game::replay(None, &["c2-b1", "e6-f5", "d1-b5"]).unwrap();
    let long = BoardView::of_game(&game).with_caption(Caption {
        players: [
            "Wolfgang_Amadeus_Mozart_1756_ABC".into(),
            "Wolfgang_Amadeus_Mozart_1756_XYZ".into(),
        ],
        game: "Game 123456".into(),
    });
    // Capitals are wider: on the smallest board these are cut, keeping their ends.
    let wide = BoardView::of_game(&game).with_caption(Caption {
        players: [
            "WOLFGANG_AMADEUS_MOZART_1756_ABC".into(),
            "WOLFGANG_AMADEUS_MOZART_1756_XYZ".into(),
        ],
        game: "Game 123456".into(),
    });
    let mut over = BoardView::new(Position::start()).with_caption(Caption {
        players: [
            "דוד בן־גוריון".into(),
            "علي Re\u{301}ne\u{301}e Z\u{308}\u{301}\u{304}\u{306}\u{307}oe".into(),
        ],
        game: "Partie 12".into(),
    });
    over.outcome = Some(Outcome::win(Color::Black, Termination::Throne));
    let nameless = BoardView::new(Position::start()).with_caption(Caption {
        players: ["王小明".into(), "🎮🎮".into()],
        game: "Partie 7".into(),
    });
    // A key moment, seen from its mover's side: the bishop's rebound played, the king's step
    // better, labelled in the hole; the move before (e6-f5) stays tinted.
    let before = Game::replay(None, &["c2-b1", "e6-f5"]).unwrap();
    let mut moment = BoardView::at_ply(&before, 2).with_caption(Caption {
        players: ["alice".into(), "bob".into()],
        game: "Game 12".into(),
    });
    let square = |name: &str| name.parse().unwrap();
    moment.arrows = vec![
        Arrow {
            mv: Move::new(square("d1"), square("b5")),
            kind: ArrowKind::Played,
            label: "Played 2.Bb5?".into(),
        },
        Arrow {
            mv: Move::new(square("d2"), square("c2")),
            kind: ArrowKind::Better,
            label: "Better 2.Kc2".into(),
        },
    ];
    vec![
        (
            "key-moment-white",
            render_png(&moment, &Options::default()).unwrap(),
        ),
        (
            "caption-long-white",
            render_png(&long, &Options::default()).unwrap(),
        ),
        (
            "caption-long-black-280",
            render_png(
                &wide,
                &Options {
                    size: 280,
                    orientation: Color::Black,
                    ..Options::default()
                },
            )
            .unwrap(),
        ),
        (
            "caption-scripts-black",
            render_png_in(&over, &Options::from_side(Color::Black), &French).unwrap(),
        ),
        (
            "caption-nameless-slate",
            render_png_in(
                &nameless,
                &Options {
                    theme: Theme::SLATE,
                    ..Options::default()
                },
                &French,
            )
            .unwrap(),
        ),
    ]
}

/// The cases: name, view, options.
fn cases() -> Vec<(&'static str, BoardView, Options)> {
    let rebound = Game::replay(None, &["c2-b1", "e6-f5", "d1-b5"]).unwrap();
    let check = Game::replay(
        None,
        &[
            "c1b2", "f5", "bb3", "g4", "Rf2", "Rb7", "b4", "Rcb6", "b5", "Kc7", "bxb6+", "Kd6",
            "b1", "Bc6", "Ke2", "Ke6", "c7", "Rxc7", "Kd2", "Rd7", "Ref1", "g3", "Ke1", "Rd6",
            "Bxc6+",
        ],
    )
    .unwrap();
    let targets = BoardView::new(Position::start()).with_targets_from("c2".parse().unwrap());
    // `moves` alone: every piece of Black's that can move, framed.
    let movable = BoardView::of_game(&rebound).with_movable();
    // A key moment whose two moves end on one square (1.Bb3 played, 1.b3 better).
    let square = |name: &str| name.parse().unwrap();
    let mut same_square = BoardView::new(Position::start());
    same_square.arrows = vec![
        Arrow {
            mv: Move::new(square("d1"), square("b3")),
            kind: ArrowKind::Played,
            label: "Played 1.Bb3?".into(),
        },
        Arrow {
            mv: Move::new(square("c2"), square("b3")),
            kind: ArrowKind::Better,
            label: "Better 1.b3".into(),
        },
    ];
    vec![
        (
            "start-white",
            BoardView::new(Position::start()),
            Options::default(),
        ),
        (
            "rebound-black",
            BoardView::of_game(&rebound),
            Options::from_side(Color::Black),
        ),
        (
            "check-white",
            BoardView::of_game(&check),
            Options::default(),
        ),
        (
            "captures-black",
            BoardView::of_game(&captures_game()),
            Options::from_side(Color::Black),
        ),
        ("movable-black", movable, Options::from_side(Color::Black)),
        ("key-moment-one-square", same_square, Options::default()),
        (
            "targets-slate-480",
            targets,
            Options {
                size: 480,
                theme: Theme::SLATE,
                ..Options::default()
            },
        ),
    ]
}

#[test]
fn boards_match_their_golden_images() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    let images = cases()
        .into_iter()
        .map(|(name, view, options)| (name, render_png(&view, &options).unwrap()))
        .chain(captioned())
        .chain([(
            "pieces",
            render_piece_sheet(&[24, 48, 96], &Theme::WOOD).unwrap(),
        )]);
    for (name, png) in images {
        let path = dir.join(format!("{name}.png"));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &png).unwrap();
            continue;
        }
        let golden = match std::fs::read(&path) {
            Ok(golden) => golden,
            Err(e) => {
                let out = std::env::temp_dir().join(format!("golden-{name}.png"));
                std::fs::write(&out, &png).unwrap();
                failures.push(format!(
                    "{}: {e}; new image in {}",
                    path.display(),
                    out.display()
                ));
                continue;
            }
        };
        let (gw, gh, want) = decode(&golden);
        let (w, h, got) = decode(&png);
        if (gw, gh) != (w, h) {
            failures.push(format!("{name}: {w}×{h} instead of {gw}×{gh}"));
            continue;
        }
        // Tolerance: a pixel "differs" when a channel moves by more than 24; at most 0.2% of
        // the pixels may differ, and the mean channel difference must stay under 0.5.
        let pixels = (w * h) as usize;
        let mut differing = 0;
        let mut total = 0u64;
        for (a, b) in want.chunks_exact(3).zip(got.chunks_exact(3)) {
            let d = (0..3)
                .map(|k| (a[k] as i32 - b[k] as i32).unsigned_abs())
                .max()
                .unwrap();
            total += (0..3)
                .map(|k| (a[k] as i32 - b[k] as i32).unsigned_abs() as u64)
                .sum::<u64>();
            if d > 24 {
                differing += 1;
            }
        }
        let mean = total as f64 / (pixels * 3) as f64;
        if differing * 500 > pixels || mean > 0.5 {
            let out = std::env::temp_dir().join(format!("golden-{name}.png"));
            std::fs::write(&out, &png).unwrap();
            failures.push(format!(
                "{name}: {differing} pixels differ, mean difference {mean:.3}; new image in {}",
                out.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\nIf the change is intended: UPDATE_GOLDEN=1 cargo test --test render_golden",
        failures.join("\n")
    );
}

/// Compares `png` with the golden image `name` (or writes it, with `UPDATE_GOLDEN`), within the
/// tolerance of the boards' test; a difference is returned, and the new image left in the
/// temporary directory.
fn compare_golden(name: &str, png: &[u8]) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/golden")
        .join(format!("{name}.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, png).unwrap();
        return None;
    }
    let golden = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run UPDATE_GOLDEN=1 cargo test --test render_golden",
            path.display()
        )
    });
    let (gw, gh, want) = decode(&golden);
    let (w, h, got) = decode(png);
    if (gw, gh) != (w, h) {
        return Some(format!("{name}: {w}×{h} instead of {gw}×{gh}"));
    }
    let mut differing = 0;
    let mut total = 0u64;
    for (a, b) in want.chunks_exact(3).zip(got.chunks_exact(3)) {
        let d: Vec<u32> = (0..3)
            .map(|k| (a[k] as i32 - b[k] as i32).unsigned_abs())
            .collect();
        total += d.iter().map(|&v| u64::from(v)).sum::<u64>();
        if d.iter().any(|&v| v > 24) {
            differing += 1;
        }
    }
    let pixels = (w * h) as usize;
    let mean = total as f64 / (pixels * 3) as f64;
    (differing * 500 > pixels || mean > 0.5).then(|| {
        let out = std::env::temp_dir().join(format!("golden-{name}.png"));
        std::fs::write(&out, png).unwrap();
        format!(
            "{name}: {differing} pixels differ, mean difference {mean:.3}; new image in {}",
            out.display()
        )
    })
}

/// The other pictures: an analysis's evaluation graph (a 60-move game in French, a one-move
/// game) and crosstables (a double round-robin of three in Russian with an annulled player, a
/// single one of twelve alike long names in English).
#[test]
fn graphs_and_crosstables_match_their_golden_images() {
    use rollerball::render::crosstable::{
        Cell, CrossLegend, CrossRow, Crosstable, render_crosstable,
    };
    use rollerball::render::eval_graph::{
        EvalGraph, GraphLabels, GraphMark, GraphScore, Severity, render_eval_graph,
    };
    let french = GraphLabels {
        title: "Partie #12 : alice contre bob".into(),
        result: "0–1 · trône".into(),
        win: "mat".into(),
        moves: "coup".into(),
        white: "Blancs".into(),
        black: "Noirs".into(),
        marks: ["imprécision".into(), "erreur".into(), "gaffe".into()],
    };
    // A seeded walk in pawns that Black wins by force at the end.
    let mut seed = 7u64;
    let mut pawns = 0.3;
    let mut scores = vec![GraphScore::Pawns(pawns)];
    for ply in 1..=120 {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        pawns += ((seed >> 33) as f64 / (1u64 << 31) as f64 - 0.5) * 1.1;
        scores.push(if ply > 114 {
            GraphScore::Win(Color::Black)
        } else {
            GraphScore::Pawns(pawns)
        });
    }
    let marks: Vec<GraphMark> = [
        (17, Severity::Mistake),
        (40, Severity::Inaccuracy),
        (115, Severity::Blunder),
    ]
    .map(|(position, severity)| GraphMark { position, severity })
    .to_vec();
    let graph = |scores: &[GraphScore], marks: &[GraphMark], labels: &GraphLabels| {
        render_eval_graph(
            &EvalGraph {
                scores,
                marks,
                first_move: 1,
                first_side: Color::White,
                labels,
            },
            &Theme::default(),
        )
        .unwrap()
    };
    let english = GraphLabels {
        title: "Game #3: alice vs the level 2 computer".into(),
        result: "1–0 · resignation".into(),
        win: "mate".into(),
        moves: "move".into(),
        white: "White".into(),
        black: "Black".into(),
        marks: ["inaccuracy".into(), "mistake".into(), "blunder".into()],
    };
    let one = [GraphScore::Pawns(0.1), GraphScore::Pawns(-1.4)];
    let one_mark = [GraphMark {
        position: 1,
        severity: Severity::Mistake,
    }];
    let row = |name: &str, cells: Vec<Vec<Cell>>, colours: Vec<Vec<Color>>| CrossRow {
        place: "1".into(),
        name: name.into(),
        struck: vec![false; cells.len()],
        cells,
        colours,
        points: "2½".into(),
        tiebreak: "3¼".into(),
        withdrawn: false,
    };
    let (w, b) = (Color::White, Color::Black);
    use Cell::*;
    let mut rows = vec![
        row(
            "alice",
            vec![vec![Own], vec![Win, Draw], vec![ForfeitWin, Unplayed]],
            vec![vec![], vec![w, b], vec![b, w]],
        ),
        row(
            "боб",
            vec![vec![Loss, Draw], vec![Own], vec![Win, Unplayed]],
            vec![vec![b, w], vec![], vec![w, b]],
        ),
        row(
            "carol",
            vec![vec![ForfeitLoss, Unplayed], vec![Loss, Unplayed], vec![Own]],
            vec![vec![w, b], vec![b, w], vec![]],
        ),
    ];
    rows[2].struck = vec![true; 3];
    rows[2].withdrawn = true;
    rows[2].place = "–".into();
    let russian = Crosstable {
        title: "Осенний кубок".into(),
        subtitle: "Турнир #1 · после 4 из 6 партий".into(),
        legend: CrossLegend {
            win: "победа".into(),
            draw: "ничья".into(),
            loss: "поражение".into(),
            forfeit: "победа / поражение из-за неявки".into(),
            unplayed: "партия ещё идёт".into(),
            annulled: "аннулировано: не засчитывается".into(),
            colours: "сыграно белыми / чёрными".into(),
        },
        points_label: "Очки".into(),
        tiebreak_label: "SB".into(),
        rows,
    };
    let long_rows = (0..12)
        .map(|r| {
            let name = format!(
                "Wolfgang_Amadeus_Moz{:0>12}",
                format!("art_{}", 1756 + r * 7)
            );
            let cells = (0..12)
                .map(|c| match c == r {
                    true => vec![Own],
                    false => vec![[Win, Draw, Loss, Unplayed][(r + 2 * c) % 4]],
                })
                .collect();
            row(&name, cells, vec![Vec::new(); 12])
        })
        .collect();
    let twelve = Crosstable {
        title: "Requiem Open".into(),
        subtitle: "Tournament #2 · after 50 of 66 games".into(),
        legend: CrossLegend {
            win: "win".into(),
            draw: "draw".into(),
            loss: "loss".into(),
            forfeit: "won / lost by forfeit".into(),
            unplayed: "still being played".into(),
            annulled: "annulled: does not count".into(),
            colours: "played as White / as Black".into(),
        },
        points_label: "Pts".into(),
        tiebreak_label: "SB".into(),
        rows: long_rows,
    };
    let cases = [
        ("graph-sixty-fr", graph(&scores, &marks, &french)),
        ("graph-one-move", graph(&one, &one_mark, &english)),
        ("crosstable-double-ru", render_crosstable(&russian).unwrap()),
        (
            "crosstable-twelve-long",
            render_crosstable(&twelve).unwrap(),
        ),
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(name, png)| compare_golden(name, png))
        .collect();
    assert!(
        failures.is_empty(),
        "{}\nIf the change is intended: UPDATE_GOLDEN=1 cargo test --test render_golden",
        failures.join("\n")
    );
}
