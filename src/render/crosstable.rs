//! A round-robin's crosstable as a PNG: one row per player in the order of the standings, a
//! column for each opponent in the same order, every result in its cell — `1`, `½`, `0`, `+`
//! and `−` for forfeits, an empty cell for a game still being played — tinted so that wins,
//! draws and losses read at a glance, and each player's points and Sonneborn–Berger on the
//! right. A double round-robin's cells hold both games, side by side in the order played.
//!
//! Drawn with `image` and `imageproc` (text through `ab_glyph`, with the bundled DejaVu fonts)
//! in the board theme's colours. The geometry depends only on the number of players and
//! whether each pair plays twice ([`CrossLayout`]), so a cell can be found without the picture.

use std::sync::OnceLock;

use ab_glyph::{FontRef, PxScale};
use image::{ImageFormat, Rgb, RgbImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_line_segment_mut, draw_text_mut, text_size};
use imageproc::rect::Rect;

use super::{RenderError, Theme};

/// DejaVu Sans (Bitstream Vera licence, `assets/LICENSE-DejaVu.txt`): names and results.
static SANS: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
/// DejaVu Sans Bold: the title, the headers and the points.
static SANS_BOLD: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// The two fonts, parsed once. They are compiled in, so failing to parse them is a build defect.
fn fonts() -> &'static (FontRef<'static>, FontRef<'static>) {
    static FONTS: OnceLock<(FontRef<'static>, FontRef<'static>)> = OnceLock::new();
    FONTS.get_or_init(|| {
        (
            FontRef::try_from_slice(SANS).expect("bundled DejaVuSans.ttf parses"),
            FontRef::try_from_slice(SANS_BOLD).expect("bundled DejaVuSans-Bold.ttf parses"),
        )
    })
}

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
    /// The points column's header.
    pub points_label: String,
    /// The tie-break column's header.
    pub tiebreak_label: String,
    /// The players, best first.
    pub rows: Vec<CrossRow>,
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

/// Where everything is: the table's geometry for `players` players, one or two games a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossLayout {
    /// Players (rows, and opponent columns).
    pub players: u32,
    /// Games per pair.
    pub games: u32,
}

const MARGIN: u32 = 18;
const TITLE_H: u32 = 62;
const HEADER_H: u32 = 30;
const ROW_H: u32 = 34;
const PLACE_W: u32 = 54;
const NAME_W: u32 = 210;
const GAME_W: u32 = 34;
const TOTAL_W: u32 = 58;
const GAP: u32 = 2;

impl CrossLayout {
    /// The layout of a table of `players`, each pair playing `games` games (1 or 2).
    pub fn new(players: u32, games: u32) -> CrossLayout {
        CrossLayout {
            players,
            games: games.max(1),
        }
    }

    fn cell_w(&self) -> u32 {
        GAME_W * self.games
    }

    fn grid_x(&self) -> u32 {
        MARGIN + PLACE_W + NAME_W
    }

    fn totals_x(&self) -> u32 {
        self.grid_x() + self.players * (self.cell_w() + GAP) + GAP * 2
    }

    /// The picture's width and height.
    pub fn size(&self) -> (u32, u32) {
        (
            self.totals_x() + 2 * TOTAL_W + MARGIN,
            MARGIN + TITLE_H + HEADER_H + self.players * (ROW_H + GAP) + MARGIN,
        )
    }

    /// The top of row `row` (0-based).
    fn row_y(&self, row: u32) -> u32 {
        MARGIN + TITLE_H + HEADER_H + row * (ROW_H + GAP)
    }

    /// The rectangle `(x, y, width, height)` of game `game` (0-based) in the cell of row `row`
    /// against column `col`.
    pub fn cell(&self, row: u32, col: u32, game: u32) -> (u32, u32, u32, u32) {
        let x = self.grid_x() + col * (self.cell_w() + GAP) + game * GAME_W;
        (
            x,
            self.row_y(row),
            GAME_W - u32::from(game + 1 < self.games),
            ROW_H,
        )
    }
}

/// Draws the crosstable and encodes it as a PNG.
pub fn render_crosstable(table: &Crosstable) -> Result<Vec<u8>, RenderError> {
    let image = draw_crosstable(table, &CrossColors::of(&Theme::default()));
    let mut out = std::io::Cursor::new(Vec::with_capacity(32 * 1024));
    image
        .write_to(&mut out, ImageFormat::Png)
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out.into_inner())
}

/// The width of `text` at `size` pixels.
fn width(font: &FontRef<'_>, size: f32, text: &str) -> u32 {
    text_size(PxScale::from(size), font, text).0
}

/// `text` cut with an ellipsis to fit in `room` pixels.
fn fit(font: &FontRef<'_>, size: f32, text: &str, room: u32) -> String {
    if width(font, size, text) <= room {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let cut: String = chars.iter().collect::<String>() + "…";
        if width(font, size, &cut) <= room {
            return cut;
        }
    }
    String::new()
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

/// `text` centred in the box `(x, y, w, h)`.
fn centred(
    image: &mut RgbImage,
    font: &FontRef<'_>,
    size: f32,
    text: &str,
    (x, y, w, h): (u32, u32, u32, u32),
    color: [u8; 3],
) {
    let (tw, th) = text_size(PxScale::from(size), font, text);
    let tx = x as i32 + (w as i32 - tw as i32) / 2;
    let ty = y as i32 + (h as i32 - th as i32) / 2;
    draw_text_mut(image, Rgb(color), tx, ty, PxScale::from(size), font, text);
}

/// `text` from the left of the box, centred in its height.
fn left(
    image: &mut RgbImage,
    font: &FontRef<'_>,
    size: f32,
    text: &str,
    (x, y, h): (u32, u32, u32),
    color: [u8; 3],
) {
    let th = text_size(PxScale::from(size), font, text).1;
    let ty = y as i32 + (h as i32 - th as i32) / 2;
    draw_text_mut(
        image,
        Rgb(color),
        x as i32,
        ty,
        PxScale::from(size),
        font,
        text,
    );
}

/// The symbol of a result.
fn symbol(cell: Cell) -> &'static str {
    match cell {
        Cell::Win => "1",
        Cell::Draw => "½",
        Cell::Loss => "0",
        Cell::ForfeitWin => "+",
        Cell::ForfeitLoss => "−",
        Cell::Own | Cell::Unplayed => "",
    }
}

/// Draws the crosstable in `colors`.
pub fn draw_crosstable(table: &Crosstable, colors: &CrossColors) -> RgbImage {
    let (sans, bold) = fonts();
    let players = table.rows.len() as u32;
    let games = table
        .rows
        .iter()
        .flat_map(|r| r.cells.iter())
        .map(|c| c.len() as u32)
        .max()
        .unwrap_or(1);
    let layout = CrossLayout::new(players, games);
    let (w, h) = layout.size();
    let mut image = RgbImage::from_pixel(w, h, Rgb(colors.background));
    let title_room = w - 2 * MARGIN;
    let title = fit(bold, 28.0, &table.title, title_room);
    left(
        &mut image,
        bold,
        28.0,
        &title,
        (MARGIN, MARGIN, 34),
        colors.heading,
    );
    let subtitle = fit(sans, 16.0, &table.subtitle, title_room);
    left(
        &mut image,
        sans,
        16.0,
        &subtitle,
        (MARGIN, MARGIN + 36, 22),
        colors.heading,
    );
    // Column headers: the opponents' row numbers, then the totals.
    let header_y = MARGIN + TITLE_H;
    for col in 0..players {
        let (x, _, _, _) = layout.cell(0, col, 0);
        centred(
            &mut image,
            bold,
            16.0,
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
        let label = fit(bold, 15.0, label, TOTAL_W - 4);
        centred(
            &mut image,
            bold,
            15.0,
            &label,
            (totals_x + i as u32 * TOTAL_W, header_y, TOTAL_W, HEADER_H),
            colors.heading,
        );
    }
    for (r, row) in table.rows.iter().enumerate() {
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
            PLACE_W + NAME_W - GAP,
            ROW_H,
            colors.row,
        );
        rect(&mut image, totals_x, y, 2 * TOTAL_W, ROW_H, colors.row);
        centred(
            &mut image,
            bold,
            16.0,
            &row.place,
            (MARGIN, y, PLACE_W, ROW_H),
            ink,
        );
        let number = format!("{}", r + 1);
        let label_x = MARGIN + PLACE_W;
        let number_w = width(bold, 13.0, "00") + 6;
        left(
            &mut image,
            bold,
            13.0,
            &number,
            (label_x, y, ROW_H),
            colors.muted,
        );
        let name_x = label_x + number_w;
        let name = fit(sans, 17.0, &row.name, NAME_W - number_w - 10);
        left(&mut image, sans, 17.0, &name, (name_x, y, ROW_H), ink);
        if row.withdrawn && row.struck.iter().all(|&s| s) {
            // Annulled: the name struck through.
            let mid = (y + ROW_H / 2) as f32;
            let end = name_x + width(sans, 17.0, &name);
            draw_line_segment_mut(
                &mut image,
                (name_x as f32, mid),
                (end as f32, mid),
                Rgb(colors.muted),
            );
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
                let (x, y, w, h) = layout.cell(r, c, g);
                let fill = if struck {
                    colors.struck(result)
                } else {
                    colors.fill(result)
                };
                rect(&mut image, x, y, w, h, fill);
                let text = symbol(result);
                if !text.is_empty() {
                    let color = if struck { colors.muted } else { colors.ink };
                    centred(&mut image, bold, 19.0, text, (x, y, w, h), color);
                }
            }
        }
        centred(
            &mut image,
            bold,
            18.0,
            &row.points,
            (totals_x, y, TOTAL_W, ROW_H),
            ink,
        );
        centred(
            &mut image,
            sans,
            16.0,
            &row.tiebreak,
            (totals_x + TOTAL_W, y, TOTAL_W, ROW_H),
            ink,
        );
    }
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, cells: Vec<Vec<Cell>>) -> CrossRow {
        let n = cells.len();
        CrossRow {
            place: "1".into(),
            name: name.into(),
            cells,
            struck: vec![false; n],
            points: "1½".into(),
            tiebreak: "¾".into(),
            withdrawn: false,
        }
    }

    #[test]
    fn each_result_fills_its_cell() {
        use Cell::*;
        let table = Crosstable {
            title: "Spring".into(),
            subtitle: "#1 · 2 of 3 games".into(),
            points_label: "Pts".into(),
            tiebreak_label: "SB".into(),
            rows: vec![
                row("alice", vec![vec![Own], vec![Win], vec![Draw]]),
                row("bob", vec![vec![Loss], vec![Own], vec![Unplayed]]),
                row("carol", vec![vec![Draw], vec![Unplayed], vec![Own]]),
            ],
        };
        let colors = CrossColors::of(&Theme::default());
        let image = draw_crosstable(&table, &colors);
        let layout = CrossLayout::new(3, 1);
        assert_eq!(image.dimensions(), layout.size());
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
}
