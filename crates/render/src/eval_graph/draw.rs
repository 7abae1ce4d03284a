//! Drawing the graph: the two areas with their grid and zero line, the marks' dots, and the
//! words around the plot.

use ab_glyph::FontRef;
use image::{Rgb as Pixel, RgbImage};

use super::{
    DOT_RADIUS, DOT_RIM, EvalGraph, GRAPH_HEIGHT, GRAPH_WIDTH, GraphColors, GraphLabels, GraphMark,
    PAWN_TICKS, PLOT_HEIGHT, PLOT_WIDTH, PLOT_X, PLOT_Y, Severity, ZERO_ROW, column_of,
    mark_colour, move_ticks, pawn_level, x_of, y_of,
};
use crate::assets::fonts;
use crate::layers::mix;
use crate::shapes::{ExactCoverage, Pt, circle};
use crate::text::Text;
use crate::{Rgb, Theme};

/// The graph as an image.
pub fn eval_graph_image(graph: &EvalGraph<'_>, theme: &Theme) -> RgbImage {
    let colors = GraphColors::of(theme);
    let mut image = RgbImage::from_pixel(GRAPH_WIDTH, GRAPH_HEIGHT, Pixel(colors.background));
    let ticks = move_ticks(graph);
    draw_areas(&mut image, graph, &colors, &ticks);
    for mark in graph.marks {
        draw_dot(&mut image, graph, mark, &colors);
    }
    draw_words(&mut image, graph, &colors, &ticks);
    image
}

/// The two areas, the grid and the zero line.
fn draw_areas(
    image: &mut RgbImage,
    graph: &EvalGraph<'_>,
    c: &GraphColors,
    ticks: &[(u32, usize)],
) {
    let count = graph.scores.len();
    let (left, right) = (PLOT_X as f32, (PLOT_X + PLOT_WIDTH) as f32);
    let bottom = (PLOT_Y + PLOT_HEIGHT) as f32;
    // White's area: from the bottom edge up to the curve.
    let mut outline: Vec<Pt> = vec![(left, bottom)];
    match graph.scores {
        [] => outline.extend([(left, y_of(0.0)), (right, y_of(0.0))]),
        [only] => outline.extend([(left, y_of(only.level())), (right, y_of(only.level()))]),
        scores => outline.extend(
            scores
                .iter()
                .enumerate()
                .map(|(i, s)| (x_of(i, count), y_of(s.level()))),
        ),
    }
    outline.push((right, bottom));
    let coverage = ExactCoverage::of_polygons(&[outline]);
    let covered = |x: u32, y: u32| -> f32 {
        let Some(cov) = &coverage else { return 0.0 };
        let (cx, cy) = (i64::from(x) - cov.x0, i64::from(y) - cov.y0);
        // Outside the outline's box (above the curve's highest point): Black's area.
        if cx < 0 || cy < 0 || cx as usize >= cov.width {
            return 0.0;
        }
        cov.cov
            .get(cy as usize * cov.width + cx as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let grid_rows: Vec<u32> = PAWN_TICKS
        .iter()
        .flat_map(|&p| [p, -p])
        .map(|p| y_of(pawn_level(p)).round() as u32)
        .collect();
    let grid_columns: Vec<u32> = ticks.iter().map(|&(_, i)| column_of(i, count)).collect();
    for y in PLOT_Y..PLOT_Y + PLOT_HEIGHT {
        let grid_row = grid_rows.contains(&y);
        for x in PLOT_X..PLOT_X + PLOT_WIDTH {
            let (white, black) = if grid_row || grid_columns.contains(&x) {
                (c.white_grid, c.black_grid)
            } else {
                (c.white, c.black)
            };
            let t = covered(x, y);
            let colour = if t >= 1.0 {
                white
            } else if t <= 0.0 {
                black
            } else {
                mix(black, white, t)
            };
            image.put_pixel(x, y, Pixel(colour));
        }
    }
    for x in PLOT_X..PLOT_X + PLOT_WIDTH {
        image.put_pixel(x, ZERO_ROW, Pixel(c.zero));
    }
}

/// A mark's dot: on the curve at the position after the move, kept whole inside the plot.
fn draw_dot(image: &mut RgbImage, graph: &EvalGraph<'_>, mark: &GraphMark, c: &GraphColors) {
    let Some(&score) = graph.scores.get(mark.position) else {
        return;
    };
    let r = DOT_RADIUS + DOT_RIM;
    let y = y_of(score.level()).clamp(PLOT_Y as f32 + r, (PLOT_Y + PLOT_HEIGHT) as f32 - r);
    let centre = (x_of(mark.position, graph.scores.len()), y);
    paint(image, &circle(centre, r), c.rim);
    paint(
        image,
        &circle(centre, DOT_RADIUS),
        mark_colour(mark.severity),
    );
}

/// Fills a polygon in `colour`, its edges smoothed by their exact coverage.
fn paint(image: &mut RgbImage, polygon: &[Pt], colour: Rgb) {
    let Some(cov) = ExactCoverage::of_polygons(&[polygon.to_vec()]) else {
        return;
    };
    for (i, &t) in cov.cov.iter().enumerate() {
        if t <= 0.0 {
            continue;
        }
        let x = cov.x0 + (i % cov.width) as i64;
        let y = cov.y0 + (i / cov.width) as i64;
        if x < 0 || y < 0 || x >= i64::from(image.width()) || y >= i64::from(image.height()) {
            continue;
        }
        let pixel = image.get_pixel_mut(x as u32, y as u32);
        pixel.0 = if t >= 1.0 {
            colour
        } else {
            mix(pixel.0, colour, t)
        };
    }
}

/// The title line, the axes' labels and the legend.
fn draw_words(
    image: &mut RgbImage,
    graph: &EvalGraph<'_>,
    c: &GraphColors,
    ticks: &[(u32, usize)],
) {
    let f = fonts();
    let labels = graph.labels;
    let edge = 18.0;
    let room = GRAPH_WIDTH as f32 - 2.0 * edge;
    // The title on the left, the result on the right; the title gives way if both do not fit.
    let result = fitted(&f.sans, 21.0, &labels.result, room * 0.45);
    let result_w = result.width(&labels.result);
    let title = fitted(&f.bold, 24.0, &labels.title, room - result_w - 24.0);
    let baseline = 38.0;
    title.draw(image, &labels.title, edge, baseline, c.text);
    result.draw(
        image,
        &labels.result,
        GRAPH_WIDTH as f32 - edge - result_w,
        baseline,
        c.text,
    );
    // The vertical axis: pawns from White's side, a forced win at both edges.
    let axis = Text {
        font: &f.bold,
        px: 18.0,
    };
    let axis_right = PLOT_X as f32 - 9.0;
    let mut right_aligned = |text: &str, y: f32, colour: Rgb| {
        let t = axis.fit(text, PLOT_X as f32 - 16.0);
        let cap = t.cap_height();
        t.draw(
            image,
            text,
            axis_right - t.width(text),
            y + cap / 2.0,
            colour,
        );
    };
    right_aligned("0", ZERO_ROW as f32, c.text);
    for p in PAWN_TICKS {
        let [plus, minus] = [p, -p].map(|v| y_of(pawn_level(v)));
        right_aligned(&format!("+{p}"), plus, c.text);
        right_aligned(&format!("\u{2212}{p}"), minus, c.text);
    }
    right_aligned(&labels.win, PLOT_Y as f32 + 4.0, c.text);
    right_aligned(&labels.win, (PLOT_Y + PLOT_HEIGHT) as f32 - 4.0, c.text);
    // The move numbers, each centred under its column but kept inside the picture.
    let numbers = Text {
        font: &f.bold,
        px: 18.0,
    };
    let numbers_baseline = (PLOT_Y + PLOT_HEIGHT) as f32 + 26.0;
    for &(n, i) in ticks {
        let text = n.to_string();
        let w = numbers.width(&text);
        let x = (x_of(i, graph.scores.len()) - w / 2.0)
            .clamp(PLOT_X as f32 - 4.0, GRAPH_WIDTH as f32 - 4.0 - w);
        numbers.draw(image, &text, x, numbers_baseline, c.muted);
    }
    let moves = fitted(&f.sans, 16.0, &labels.moves, PLOT_X as f32 - 16.0);
    let moves_w = moves.width(&labels.moves);
    moves.draw(
        image,
        &labels.moves,
        axis_right - moves_w,
        numbers_baseline,
        c.muted,
    );
    draw_legend(image, labels, c, GRAPH_HEIGHT as f32 - 20.0);
}

/// The legend: a swatch for each area and a dot for each mark, with their words, in one line
/// from the plot's left edge (smaller if a language's words need it).
fn draw_legend(image: &mut RgbImage, labels: &GraphLabels, c: &GraphColors, baseline: f32) {
    let f = fonts();
    let swatch = 16.0;
    let (gap, item_gap) = (8.0, 26.0);
    let marks: Vec<(String, String)> = Severity::ALL
        .iter()
        .zip(&labels.marks)
        .map(|(s, word)| (s.suffix().to_string(), word.clone()))
        .collect();
    let measure = |px: f32| -> f32 {
        let (sans, bold) = (Text { font: &f.sans, px }, Text { font: &f.bold, px });
        let areas = sans.width(&labels.white) + sans.width(&labels.black);
        let marked: f32 = marks
            .iter()
            .map(|(suffix, word)| bold.width(suffix) + px * 0.3 + sans.width(word))
            .sum();
        5.0 * (swatch + gap) + areas + marked + 4.0 * item_gap
    };
    let room = (GRAPH_WIDTH - PLOT_X) as f32 - 18.0;
    let mut px = 18.0;
    if measure(px) > room {
        px *= room / measure(px);
    }
    let (sans, bold) = (Text { font: &f.sans, px }, Text { font: &f.bold, px });
    let mid = baseline - sans.cap_height() / 2.0;
    let mut x = PLOT_X as f32;
    for (fill, word) in [(c.white, &labels.white), (c.black, &labels.black)] {
        let top = mid - swatch / 2.0;
        let square = |inset: f32| {
            vec![
                (x + inset, top + inset),
                (x + swatch - inset, top + inset),
                (x + swatch - inset, top + swatch - inset),
                (x + inset, top + swatch - inset),
            ]
        };
        paint(image, &square(0.0), c.muted);
        paint(image, &square(1.0), fill);
        x += swatch + gap;
        sans.draw(image, word, x, baseline, c.text);
        x += sans.width(word) + item_gap;
    }
    for (severity, (suffix, word)) in Severity::ALL.iter().zip(&marks) {
        let centre = (x + swatch / 2.0, mid);
        paint(image, &circle(centre, DOT_RADIUS + DOT_RIM), c.rim);
        paint(image, &circle(centre, DOT_RADIUS), mark_colour(*severity));
        x += swatch + gap;
        bold.draw(image, suffix, x, baseline, c.text);
        x += bold.width(suffix) + px * 0.3;
        sans.draw(image, word, x, baseline, c.text);
        x += sans.width(word) + item_gap;
    }
}

/// `font` at `px`, or smaller if need be so that `s` is at most `max` wide.
fn fitted(font: &'static FontRef<'static>, px: f32, s: &str, max: f32) -> Text<'static> {
    let w = Text { font, px }.width(s);
    let px = if w > max { px * max / w } else { px };
    Text { font, px }
}
