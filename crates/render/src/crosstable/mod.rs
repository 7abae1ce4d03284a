//! A round-robin's crosstable as a PNG: one row per player in the order of the standings, a
//! column for each opponent in the same order, every result in its cell — `1`, `½`, `0`, `+`
//! and `−` for forfeits, an empty cell for a game still being played — tinted so that wins,
//! draws and losses read at a glance, and each player's points and Sonneborn–Berger on the
//! right. A double round-robin's cells hold both games, side by side in the order played, each
//! with a strip along its top in the colour the row's player had (white or black). Results
//! that do not count (a withdrawal annulled them) are pale.
//!
//! Every name is shown whole, however long and however alike (the name column widens, then
//! the font shrinks, then a name takes two lines), and so are the title and subtitle; a legend
//! under the grid explains the tints, the pale cells and the colour strips in the reader's
//! language, over as many lines as it needs ([`layout`]).
//!
//! Drawn with `image` and `imageproc` (text through `ab_glyph`, with the bundled DejaVu fonts)
//! in the board theme's colours. The grid's geometry depends only on the number of players,
//! the games per pair and the name column's width ([`CrossLayout`]), so a cell can be found
//! without the picture.

pub mod layout;

use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_line_segment_mut};
use imageproc::rect::Rect;

pub use layout::{CrossLayout, CrossPlan, LegendEntry, Placed, Swatch, plan};
use layout::{GAP, HEADER_H, MARGIN, NUMBER_PX, PLACE_W, ROW_H, SWATCH_H, SWATCH_W, TOTAL_W};

use super::assets::fonts;
use super::text::Text;
use super::{RenderError, Theme, encode_png};
use crate::rules::Color;

/// One game's result in a cell, for the row's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// The player against themselves: the diagonal.
    Own,
    /// Won (`1`).
    Win,
    /// Drawn (`½`).
    Draw,
    /// Lost (`0`).
    Loss,
    /// Won by forfeit (`+`).
    ForfeitWin,
    /// Lost by forfeit (`−`).
    ForfeitLoss,
    /// Not over yet: an empty cell.
    Unplayed,
}

impl Cell {
    /// The result as the crosstable writes it: `1`, `½`, `0`, `+`, `−`; nothing for the
    /// diagonal and a game still being played (a web page's table writes the same).
    pub fn symbol(self) -> &'static str {
        match self {
            Cell::Win => "1",
            Cell::Draw => "½",
            Cell::Loss => "0",
            Cell::ForfeitWin => "+",
            Cell::ForfeitLoss => "−",
            Cell::Own | Cell::Unplayed => "",
        }
    }
}

/// One player's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossRow {
    /// Their place, such as `1` or `2–3` (`–` when their results are annulled).
    pub place: String,
    /// Their name, as written.
    pub name: String,
    /// Their results against each player of the table, in the rows' order: one entry per game
    /// (two in a double round-robin), `[Cell::Own]` on the diagonal.
    pub cells: Vec<Vec<Cell>>,
    /// The row's player's colour in each game of [`CrossRow::cells`], in the same shape
    /// (empty on the diagonal); a double round-robin's cells show it.
    pub colours: Vec<Vec<Color>>,
    /// For each column, whether the results there do not count (a withdrawal annulled them).
    pub struck: Vec<bool>,
    /// Their points, such as `2½`.
    pub points: String,
    /// Their Sonneborn–Berger, such as `3¼`.
    pub tiebreak: String,
    /// Withdrawn by the organiser: the name shows muted.
    pub withdrawn: bool,
}

/// What a crosstable shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    /// The tournament's name.
    pub title: String,
    /// The line under it (number, how far it is), in the reader's language.
    pub subtitle: String,
    /// The legend's words, in the reader's language.
    pub legend: CrossLegend,
    /// The points column's header.
    pub points_label: String,
    /// The tie-break column's header.
    pub tiebreak_label: String,
    /// The players, best first.
    pub rows: Vec<CrossRow>,
}

/// The legend's words, one for each thing a cell can show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CrossLegend {
    /// Beside a `1` cell.
    pub win: String,
    /// Beside a `½` cell.
    pub draw: String,
    /// Beside a `0` cell.
    pub loss: String,
    /// Beside a `+` and a `−` cell.
    pub forfeit: String,
    /// Beside an empty cell.
    pub unplayed: String,
    /// Beside a pale cell (shown only when the table has one).
    pub annulled: String,
    /// Beside the two colour strips (shown only in a double round-robin).
    pub colours: String,
}

/// The crosstable's colours, from a board theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossColors {
    /// Around and behind the table.
    pub background: [u8; 3],
    /// Titles and headers on the background.
    pub heading: [u8; 3],
    /// A row's name and totals.
    pub row: [u8; 3],
    /// A cell of a game still to be played (and the rows' ground).
    pub unplayed: [u8; 3],
    /// A won game's cell.
    pub win: [u8; 3],
    /// A drawn game's cell.
    pub draw: [u8; 3],
    /// A lost game's cell.
    pub loss: [u8; 3],
    /// The diagonal.
    pub own: [u8; 3],
    /// Text on the cells and rows.
    pub ink: [u8; 3],
    /// Muted text (withdrawn players, results that do not count).
    pub muted: [u8; 3],
    /// The strip of a game the row's player had White in.
    pub white_strip: [u8; 3],
    /// The strip of a game the row's player had Black in.
    pub black_strip: [u8; 3],
}

/// `a` moved `percent` of the way to `b`.
fn mix(a: [u8; 3], b: [u8; 3], percent: u32) -> [u8; 3] {
    let m = |x: u8, y: u8| ((u32::from(x) * (100 - percent) + u32::from(y) * percent) / 100) as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])]
}

impl CrossColors {
    /// The colours for `theme`: the frame's colour around, the light squares' for the rows,
    /// the arrow's green for wins, the check's red for losses, the dark squares' for draws.
    pub fn of(theme: &Theme) -> CrossColors {
        CrossColors {
            background: theme.frame,
            heading: theme.coordinates,
            row: mix(theme.light, theme.dark, 12),
            unplayed: theme.light,
            win: mix(theme.light, theme.arrow, 45),
            draw: mix(theme.light, theme.dark, 50),
            loss: mix(theme.light, theme.check, 35),
            own: theme.hole,
            ink: theme.white_piece_line,
            muted: mix(theme.light, theme.white_piece_line, 45),
            white_strip: theme.white_piece,
            black_strip: theme.black_piece,
        }
    }

    /// The fill of a cell.
    pub fn fill(&self, cell: Cell) -> [u8; 3] {
        match cell {
            Cell::Own => self.own,
            Cell::Win | Cell::ForfeitWin => self.win,
            Cell::Draw => self.draw,
            Cell::Loss | Cell::ForfeitLoss => self.loss,
            Cell::Unplayed => self.unplayed,
        }
    }

    /// The fill of a cell whose result does not count.
    pub fn struck(&self, cell: Cell) -> [u8; 3] {
        mix(self.fill(cell), self.unplayed, 70)
    }
}

/// The height of a game's colour strip, along the top of its part of the cell.
pub const STRIP_H: u32 = 5;

/// Draws the crosstable and encodes it as a PNG.
pub fn render_crosstable(table: &Crosstable) -> Result<Vec<u8>, RenderError> {
    encode_png(&draw_crosstable(table, &CrossColors::of(&Theme::default())))
}

fn rect(image: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, color: [u8; 3]) {
    if w > 0 && h > 0 {
        draw_filled_rect_mut(
            image,
            Rect::at(x as i32, y as i32).of_size(w, h),
            Rgb(color),
        );
    }
}

/// `text` centred in the box `(x, y, w, h)`, its capitals' middle on the box's.
fn centred(
    image: &mut RgbImage,
    style: &Text<'_>,
    text: &str,
    (x, y, w, h): (u32, u32, u32, u32),
    color: [u8; 3],
) {
    let cx = x as f32 + w as f32 / 2.0;
    let cy = y as f32 + h as f32 / 2.0;
    style.draw_centered(image, text, cx, cy, color);
}

/// A placed text, drawn.
fn draw_placed(image: &mut RgbImage, placed: &Placed, color: [u8; 3]) {
    placed
        .text_style()
        .draw(image, &placed.text, placed.x, placed.baseline, color);
}

/// One game's part of a cell: its fill, its symbol, and in a double round-robin the strip of
/// the colour the row's player had.
fn game_box(
    image: &mut RgbImage,
    (x, y, w, h): (u32, u32, u32, u32),
    result: Cell,
    struck: bool,
    colour: Option<Color>,
    colors: &CrossColors,
) {
    let fill = if struck {
        colors.struck(result)
    } else {
        colors.fill(result)
    };
    rect(image, x, y, w, h, fill);
    let strip = colour.map_or(0, |c| {
        let tone = match c {
            Color::White => colors.white_strip,
            Color::Black => colors.black_strip,
        };
        rect(image, x, y, w, STRIP_H, tone);
        // A hairline under the strip keeps a white one apart from a pale cell.
        rect(image, x, y + STRIP_H, w, 1, mix(fill, colors.ink, 40));
        STRIP_H + 1
    });
    let text = result.symbol();
    if !text.is_empty() {
        let ink = if struck { colors.muted } else { colors.ink };
        let style = Text {
            font: &fonts().bold,
            px: 19.0 * h as f32 / ROW_H as f32,
        };
        centred(image, &style, text, (x, y + strip, w, h - strip), ink);
    }
}

/// Draws the crosstable in `colors`.
pub fn draw_crosstable(table: &Crosstable, colors: &CrossColors) -> RgbImage {
    let f = fonts();
    let (sans, bold) = (&f.sans, &f.bold);
    let plan = plan(table);
    let layout = plan.layout;
    let players = layout.players;
    let mut image = RgbImage::from_pixel(plan.width, plan.height, Rgb(colors.background));
    draw_placed(&mut image, &plan.title, colors.heading);
    draw_placed(&mut image, &plan.subtitle, colors.heading);
    // Column headers: the opponents' row numbers, then the totals.
    let header_y = MARGIN + layout::TITLE_H;
    let header = Text {
        font: bold,
        px: 16.0,
    };
    for col in 0..players {
        let (x, _, _, _) = layout.cell(0, col, 0);
        centred(
            &mut image,
            &header,
            &(col + 1).to_string(),
            (x, header_y, layout.cell_w(), HEADER_H),
            colors.heading,
        );
    }
    let totals_x = layout.totals_x();
    for (i, label) in [&table.points_label, &table.tiebreak_label]
        .iter()
        .enumerate()
    {
        let base = Text {
            font: bold,
            px: 15.0,
        };
        let style = base.fit(label, (TOTAL_W - 4) as f32);
        centred(
            &mut image,
            &style,
            label,
            (totals_x + i as u32 * TOTAL_W, header_y, TOTAL_W, HEADER_H),
            colors.heading,
        );
    }
    for ((r, row), name) in table.rows.iter().enumerate().zip(&plan.names) {
        let r = r as u32;
        let y = layout.row_y(r);
        let ink = if row.withdrawn {
            colors.muted
        } else {
            colors.ink
        };
        // The row's ground, under the place, the name and the totals.
        rect(
            &mut image,
            MARGIN,
            y,
            PLACE_W + layout.name_w - GAP,
            ROW_H,
            colors.row,
        );
        rect(&mut image, totals_x, y, 2 * TOTAL_W, ROW_H, colors.row);
        centred(
            &mut image,
            &Text {
                font: bold,
                px: 16.0,
            },
            &row.place,
            (MARGIN, y, PLACE_W, ROW_H),
            ink,
        );
        let number = Text {
            font: bold,
            px: NUMBER_PX,
        };
        let cap = number.cap_height();
        number.draw(
            &mut image,
            &(r + 1).to_string(),
            (MARGIN + PLACE_W) as f32,
            y as f32 + ROW_H as f32 / 2.0 + cap / 2.0,
            colors.muted,
        );
        for line in name {
            draw_placed(&mut image, line, ink);
            if row.withdrawn && row.struck.iter().all(|&s| s) {
                // Annulled: the name struck through.
                let mid = line.baseline - line.text_style().cap_height() * 0.4;
                draw_line_segment_mut(
                    &mut image,
                    (line.x, mid),
                    (line.x + line.width, mid),
                    Rgb(colors.muted),
                );
            }
        }
        for (c, cell) in row.cells.iter().enumerate() {
            let c = c as u32;
            let struck = row.struck.get(c as usize).copied().unwrap_or(false);
            if cell.first() == Some(&Cell::Own) {
                let (x, y, _, h) = layout.cell(r, c, 0);
                rect(&mut image, x, y, layout.cell_w(), h, colors.own);
                continue;
            }
            for g in 0..layout.games {
                let result = cell.get(g as usize).copied().unwrap_or(Cell::Unplayed);
                let colour = (layout.games > 1)
                    .then(|| row.colours.get(c as usize)?.get(g as usize).copied())
                    .flatten();
                game_box(
                    &mut image,
                    layout.cell(r, c, g),
                    result,
                    struck,
                    colour,
                    colors,
                );
            }
        }
        centred(
            &mut image,
            &Text {
                font: bold,
                px: 18.0,
            },
            &row.points,
            (totals_x, y, TOTAL_W, ROW_H),
            ink,
        );
        centred(
            &mut image,
            &Text {
                font: sans,
                px: 16.0,
            },
            &row.tiebreak,
            (totals_x + TOTAL_W, y, TOTAL_W, ROW_H),
            ink,
        );
    }
    for entry in &plan.legend {
        draw_swatch(&mut image, entry, colors);
        draw_placed(&mut image, &entry.label, colors.heading);
    }
    image
}

/// A legend entry's small cells.
fn draw_swatch(image: &mut RgbImage, entry: &LegendEntry, colors: &CrossColors) {
    let (w, h) = (SWATCH_W as u32, SWATCH_H as u32);
    let at = |k: usize| {
        (
            (entry.x as u32) + k as u32 * (w + 2),
            entry.top as u32,
            w,
            h,
        )
    };
    match &entry.swatch {
        Swatch::Results(cells) => {
            for (k, &cell) in cells.iter().enumerate() {
                game_box(image, at(k), cell, false, None, colors);
            }
        }
        Swatch::Struck(cell) => game_box(image, at(0), *cell, true, None, colors),
        Swatch::Colours => {
            for (k, colour) in Color::ALL.into_iter().enumerate() {
                game_box(image, at(k), Cell::Unplayed, false, Some(colour), colors);
            }
        }
    }
}

#[cfg(test)]
mod tests;
