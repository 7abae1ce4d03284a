//! Where everything of a crosstable goes, worked out before a pixel is drawn: the grid's
//! geometry, every name whole (the name column widens for long names, then the font shrinks,
//! then a name takes two lines: never an ellipsis, which would hide the end that tells two
//! players apart), the title and subtitle shrunk to the picture's width, and the legend
//! wrapped over as many lines as the reader's language needs.

use ab_glyph::FontRef;

use super::{Cell, Crosstable};
use crate::assets::fonts;
use crate::text::Text;

/// Around everything.
pub(super) const MARGIN: u32 = 18;
/// The title and subtitle, above the column headers.
pub(super) const TITLE_H: u32 = 62;
/// The column headers (the opponents' numbers, the totals' names).
pub(super) const HEADER_H: u32 = 30;
/// A row.
pub(super) const ROW_H: u32 = 34;
/// The place column.
pub(super) const PLACE_W: u32 = 54;
/// The name column's least width (row number included).
pub(super) const NAME_W: u32 = 210;
/// The name column's greatest width: past it, names shrink, then wrap.
pub(super) const NAME_MAX_W: u32 = 380;
/// One game's part of a cell.
pub(super) const GAME_W: u32 = 34;
/// Each totals column.
pub(super) const TOTAL_W: u32 = 58;
/// Between cells.
pub(super) const GAP: u32 = 2;
/// The font size of names.
pub(super) const NAME_PX: f32 = 17.0;
/// The least size a name shrinks to on one line; below it the name takes two lines.
const NAME_MIN_PX: f32 = 13.0;
/// The size of a name on two lines (at most).
const NAME_TWO_LINES_PX: f32 = 14.0;
/// The row number's font size, and the room it takes before the name.
pub(super) const NUMBER_PX: f32 = 13.0;
/// Space after the name in its column.
const NAME_PAD: f32 = 10.0;
/// The title's and subtitle's sizes (at most: they shrink to the width).
const TITLE_PX: f32 = 28.0;
const SUBTITLE_PX: f32 = 16.0;
/// The legend: space above it, the height of each of its lines, its font size, a swatch box.
const LEGEND_TOP: u32 = 14;
const LEGEND_LINE: u32 = 30;
const LEGEND_PX: f32 = 15.0;
/// A legend swatch's box (a small cell).
pub(super) const SWATCH_W: f32 = 26.0;
pub(super) const SWATCH_H: f32 = 22.0;
/// Between a swatch and its words, and between two entries.
const SWATCH_GAP: f32 = 7.0;
const ENTRY_GAP: f32 = 20.0;

/// The grid's geometry for `players` players, one or two games a pair, and a name column of
/// `name_w` pixels; a cell can be found from it without the picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossLayout {
    /// Players (rows, and opponent columns).
    pub players: u32,
    /// Games per pair.
    pub games: u32,
    /// The name column's width, row number included.
    pub name_w: u32,
}

impl CrossLayout {
    /// The layout of a table of `players`, each pair playing `games` games (1 or 2), whose
    /// names fit the least name column.
    pub fn new(players: u32, games: u32) -> CrossLayout {
        CrossLayout {
            players,
            games: games.max(1),
            name_w: NAME_W,
        }
    }

    /// The layout of `table`: its players, its games per pair, and a name column wide enough
    /// for its names (up to [`NAME_MAX_W`]).
    pub fn of(table: &Crosstable) -> CrossLayout {
        let games = table
            .rows
            .iter()
            .flat_map(|r| r.cells.iter())
            .map(|c| c.len() as u32)
            .max()
            .unwrap_or(1);
        let names: Vec<&str> = table.rows.iter().map(|r| r.name.as_str()).collect();
        CrossLayout::for_names(table.rows.len() as u32, games, &names)
    }

    /// The layout of a table of `players`, each pair playing `games` games, with a name column
    /// wide enough for `names` (up to [`NAME_MAX_W`]).
    pub fn for_names(players: u32, games: u32, names: &[&str]) -> CrossLayout {
        let style = Text {
            font: sans(),
            px: NAME_PX,
        };
        let widest = names.iter().map(|n| style.width(n)).fold(0.0, f32::max);
        let need = (number_w() + widest + NAME_PAD).ceil() as u32;
        CrossLayout {
            name_w: need.clamp(NAME_W, NAME_MAX_W),
            ..CrossLayout::new(players, games)
        }
    }

    /// The width of a cell (all its games).
    pub fn cell_w(&self) -> u32 {
        GAME_W * self.games
    }

    /// The left of the first opponent column.
    pub fn grid_x(&self) -> u32 {
        MARGIN + PLACE_W + self.name_w
    }

    /// The left of the totals.
    pub fn totals_x(&self) -> u32 {
        self.grid_x() + self.players * (self.cell_w() + GAP) + GAP * 2
    }

    /// The picture's width: the grid's, margins included.
    pub fn width(&self) -> u32 {
        self.totals_x() + 2 * TOTAL_W + MARGIN
    }

    /// The top of row `row` (0-based); `row_y(players)` is just below the last row.
    pub fn row_y(&self, row: u32) -> u32 {
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

    /// The box `(x, y, width, height)` a row's name is drawn in, after its row number.
    pub fn name_box(&self, row: u32) -> (u32, u32, u32, u32) {
        let x = MARGIN + PLACE_W + number_w().ceil() as u32;
        (x, self.row_y(row), self.grid_x() - GAP - x, ROW_H)
    }
}

/// A piece of text and where it is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    /// The text, whole.
    pub text: String,
    /// The left of its first glyph's advance.
    pub x: f32,
    /// Its baseline.
    pub baseline: f32,
    /// Its size in pixels.
    pub px: f32,
    /// Bold or regular.
    pub bold: bool,
    /// Its width (advances), so that `x + width` is where it ends.
    pub width: f32,
}

impl Placed {
    fn new(text: &str, x: f32, baseline: f32, px: f32, bold: bool) -> Placed {
        let width = Text {
            font: font(bold),
            px,
        }
        .width(text);
        Placed {
            text: text.to_string(),
            x,
            baseline,
            px,
            bold,
            width,
        }
    }

    /// The text at `px`, or smaller so that it is at most `room` wide.
    fn fitted(text: &str, x: f32, baseline: f32, px: f32, bold: bool, room: f32) -> Placed {
        let full = Text {
            font: font(bold),
            px,
        }
        .width(text);
        let px = if full > room { px * room / full } else { px };
        Placed::new(text, x, baseline, px, bold)
    }

    /// The text as the font draws it.
    pub fn text_style(&self) -> Text<'static> {
        Text {
            font: font(self.bold),
            px: self.px,
        }
    }
}

/// What a legend entry shows before its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swatch {
    /// Small cells with these results, side by side.
    Results(Vec<Cell>),
    /// A cell whose result does not count (annulled), pale.
    Struck(Cell),
    /// Two empty cells, one marked as played with White and one with Black.
    Colours,
}

impl Swatch {
    /// How many small cells it takes.
    pub fn boxes(&self) -> usize {
        match self {
            Swatch::Results(cells) => cells.len(),
            Swatch::Struck(_) => 1,
            Swatch::Colours => 2,
        }
    }

    fn width(&self) -> f32 {
        self.boxes() as f32 * (SWATCH_W + 2.0) - 2.0
    }
}

/// One entry of the legend: its swatch's top-left corner, and its words.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    /// What it explains.
    pub swatch: Swatch,
    /// The swatch's left.
    pub x: f32,
    /// The swatch's top.
    pub top: f32,
    /// The words.
    pub label: Placed,
}

/// Everything of a crosstable's picture, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct CrossPlan {
    /// The grid.
    pub layout: CrossLayout,
    /// The picture's width.
    pub width: u32,
    /// The picture's height.
    pub height: u32,
    /// The tournament's name.
    pub title: Placed,
    /// The line under it.
    pub subtitle: Placed,
    /// Each row's name: one line, or two when it is too long for one; together the whole name.
    pub names: Vec<Vec<Placed>>,
    /// The legend, line by line below the grid.
    pub legend: Vec<LegendEntry>,
}

/// Places everything of `table`.
pub fn plan(table: &Crosstable) -> CrossPlan {
    let layout = CrossLayout::of(table);
    let width = layout.width();
    let room = (width - 2 * MARGIN) as f32;
    let left = MARGIN as f32;
    let title = Placed::fitted(
        &table.title,
        left,
        (MARGIN + 27) as f32,
        TITLE_PX,
        true,
        room,
    );
    let subtitle = Placed::fitted(
        &table.subtitle,
        left,
        (MARGIN + 53) as f32,
        SUBTITLE_PX,
        false,
        room,
    );
    let names = (0..layout.players)
        .zip(&table.rows)
        .map(|(r, row)| name_lines(&row.name, layout.name_box(r)))
        .collect();
    let (legend, lines) = legend(table, &layout, width);
    let height = layout.row_y(layout.players) + LEGEND_TOP + lines * LEGEND_LINE + MARGIN;
    CrossPlan {
        layout,
        width,
        height,
        title,
        subtitle,
        names,
        legend,
    }
}

/// A name in its box: on one line at [`NAME_PX`] or smaller down to [`NAME_MIN_PX`]; else on
/// two lines cut at [`name_split`], smaller still if need be.
fn name_lines(name: &str, (x, y, w, h): (u32, u32, u32, u32)) -> Vec<Placed> {
    let room = w as f32 - NAME_PAD;
    let (x, mid) = (x as f32, y as f32 + h as f32 / 2.0);
    let one = Placed::fitted(name, x, 0.0, NAME_PX, false, room);
    if one.px >= NAME_MIN_PX || name.chars().nth(1).is_none() {
        let cap = one.text_style().cap_height();
        return vec![Placed {
            baseline: mid + cap / 2.0,
            ..one
        }];
    }
    let style = Text {
        font: sans(),
        px: NAME_TWO_LINES_PX,
    };
    let (first, second) = name_split(name);
    let widest = style.width(first).max(style.width(second));
    let px = if widest > room {
        NAME_TWO_LINES_PX * room / widest
    } else {
        NAME_TWO_LINES_PX
    };
    let line_h = px * 1.1;
    let cap = Text { font: sans(), px }.cap_height();
    vec![
        Placed::new(first, x, mid - line_h / 2.0 + cap / 2.0, px, false),
        Placed::new(second, x, mid + line_h / 2.0 + cap / 2.0, px, false),
    ]
}

/// Where a name on two lines is cut: where the longer of the two lines is shortest, a cut after
/// a `_`, `-`, `.` or space winning over one within a word up to 8% of the length.
pub(super) fn name_split(name: &str) -> (&str, &str) {
    let style = Text {
        font: sans(),
        px: NAME_TWO_LINES_PX,
    };
    let cost = |(p, q): (&str, &str)| {
        let longer = style.width(p).max(style.width(q));
        if p.ends_with(['_', '-', '.', ' ']) {
            longer
        } else {
            longer * 1.08
        }
    };
    name.char_indices()
        .skip(1)
        .map(|(i, _)| name.split_at(i))
        .min_by(|&a, &b| cost(a).total_cmp(&cost(b)))
        .unwrap_or((name, ""))
}

/// The legend's entries, flowed left to right and wrapped to the picture's width, and the
/// number of lines they take.
fn legend(table: &Crosstable, layout: &CrossLayout, width: u32) -> (Vec<LegendEntry>, u32) {
    let words = &table.legend;
    let mut entries = vec![
        (Swatch::Results(vec![Cell::Win]), &words.win),
        (Swatch::Results(vec![Cell::Draw]), &words.draw),
        (Swatch::Results(vec![Cell::Loss]), &words.loss),
        (
            Swatch::Results(vec![Cell::ForfeitWin, Cell::ForfeitLoss]),
            &words.forfeit,
        ),
        (Swatch::Results(vec![Cell::Unplayed]), &words.unplayed),
    ];
    if table.rows.iter().any(|r| r.struck.iter().any(|&s| s)) {
        entries.push((Swatch::Struck(Cell::Win), &words.annulled));
    }
    if layout.games > 1 {
        entries.push((Swatch::Colours, &words.colours));
    }
    let (left, right) = (MARGIN as f32, (width - MARGIN) as f32);
    let top = layout.row_y(layout.players) + LEGEND_TOP;
    let mut placed = Vec::with_capacity(entries.len());
    let (mut x, mut line) = (left, 0);
    for (swatch, text) in entries {
        let room = right - left - swatch.width() - SWATCH_GAP;
        let words = Placed::fitted(text, 0.0, 0.0, LEGEND_PX, false, room);
        let w = swatch.width() + SWATCH_GAP + words.width;
        if x > left && x + w > right {
            x = left;
            line += 1;
        }
        let y = (top + line * LEGEND_LINE) as f32;
        let cap = words.text_style().cap_height();
        placed.push(LegendEntry {
            x,
            top: y,
            label: Placed {
                x: x + swatch.width() + SWATCH_GAP,
                baseline: y + SWATCH_H / 2.0 + cap / 2.0,
                ..words
            },
            swatch,
        });
        x += w + ENTRY_GAP;
    }
    (placed, line + 1)
}

/// The room a row number takes before the name.
fn number_w() -> f32 {
    Text {
        font: bold(),
        px: NUMBER_PX,
    }
    .width("00")
        + 6.0
}

fn sans() -> &'static FontRef<'static> {
    &fonts().sans
}

fn bold() -> &'static FontRef<'static> {
    &fonts().bold
}

fn font(bold: bool) -> &'static FontRef<'static> {
    if bold { self::bold() } else { sans() }
}
