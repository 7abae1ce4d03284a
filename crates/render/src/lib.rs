//! Board images: the ring board as a PNG after every move, and a whole game as an animated GIF;
//! the same board as SVG for the web pages ([`render_svg`], drawn from the same layout and
//! shapes); and a tournament's crosstable ([`crosstable`]).
//!
//! Players see the game only through these images, often on a phone, so the picture must
//! answer at a glance: which square is which (coordinates on all four edges, for either
//! orientation), where forward turns (small bend arrows on the eight bend squares, left off
//! where a piece or a target mark stands, so they never read as a move), where the thrones
//! are (a small crown on d2 and d6), what just happened (the last move's squares tinted, and
//! a rebounding slide drawn along its real path), whether a king is in check (a red glow, and
//! a red arrow along a check that turns on its way), which pieces can move and where (frames,
//! a selected square, dots and rings), and — in the hole in the middle — the move
//! number, whose turn it is and what each side has captured. A game's board also says whose
//! game it is: a [`Caption`] adds a bar above and below it with each player's name on their
//! side and the game's name, in the reader's language ([`Words`]).
//!
//! Rendering is a pure function of a [`BoardView`], [`Options`] and the [`Words`]. The parts that never
//! change between moves (the board, the frame, the piece sprites, the marks) are drawn once
//! per size, theme and orientation and cached; a render puts the background back where the
//! render before the last drew on its canvas, copies two tinted squares, lays at most 14 piece
//! sprites and a few marks, draws the rebound arrow and the infield text, and encodes the PNG,
//! mapping, filtering and coding only what differs from the last render (see `BENCHMARKS.md`).
//!
//! `image` holds every pixel buffer; the board PNG is an indexed image of the palette the GIF
//! uses ([`indexed`]: half the bytes of an RGB one, no visible difference), written with
//! `fdeflate`'s deflate code, a row at a time (`image`'s encoder writes no palette images); the other pictures are RGB PNGs through
//! `image` (fast deflate, `Paeth` filter). `imageproc` draws: rectangles, polygons and circles (supersampled and averaged
//! down, since its shapes are not anti-aliased), text through `ab_glyph`, the glyph
//! silhouettes (flood fill), outlines and halos (morphology) and the check glow (Gaussian
//! blur). The animated GIF keeps the `gif` crate with one fixed palette. Written by hand,
//! because neither crate does it fast enough for every move:
//! - laying a premultiplied sprite on the RGB board (`sprite.rs`): `imageops::overlay` needs
//!   the same pixel type on both sides and blends each pixel in floating point;
//! - the rebound arrow's exact-coverage polygon (`span_raster.rs`, the edges added as
//!   `ab_glyph_rasterizer` adds them): a supersampled one would cost milliseconds per move,
//!   and that crate reads out every pixel of the arrow's box;
//! - the board PNG's canvas kept between renders, only the tiles drawn over put back, mapped
//!   to the palette and filtered again (`scratch.rs`, `tiles.rs`, `png_out.rs`): copying,
//!   mapping and filtering the whole image every move cost more than drawing the move.
//!
//! Golden images of a few boards are in `tests/data/golden/`; after an intended change to
//! the look, look at the new images and regenerate them with
//! `UPDATE_GOLDEN=1 cargo test --test render_golden`.
//!
//! ```
//! use rollerball_render::{BoardView, Options, render_png};
//! use rollerball_rules::Game;
//!
//! let game = Game::replay(None, &["c2-b3", "e6-f5"]).unwrap();
//! let png = render_png(&BoardView::of_game(&game), &Options::default()).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

#![warn(missing_docs)]

// The crates this one builds on, named as the modules they were before the split, so
// that paths read `crate::rules::Game` here as everywhere.
use rollerball_rules as rules;

mod arrows;
mod assets;
mod bishop;
mod board;
mod caption;
pub mod crosstable;
mod deflate_rows;
pub mod eval_graph;
mod gif;
mod glyphs;
mod indexed;
mod infield;
mod layers;
mod layout;
#[cfg(test)]
mod marks_tests;
mod names;
mod palette;
mod pieces;
mod png_out;
mod scratch;
#[cfg(test)]
mod scratch_tests;
mod script;
mod shapes;
mod span_raster;
mod sprite;
mod square_cache;
mod square_marks;
mod svg;
mod text;
mod theme;
mod tiles;
mod words;

pub use gif::{GifOptions, GifPart, render_gif, render_gif_in, render_gif_part};
pub use image::RgbImage;
pub use layout::{DEFAULT_SIZE, Layout, MAX_SIZE, MIN_SIZE};
pub use svg::{render_svg, render_svg_in};
pub use theme::{Rgb, Theme};
pub use words::{English, Words};

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};

use crate::rules::{Color, Game, Move, Outcome, Piece, Position, Square, SquareSet};

/// Why an image could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The asked size is outside [`MIN_SIZE`]..=[`MAX_SIZE`].
    #[error("image size {0} px is out of range: use {MIN_SIZE} to {MAX_SIZE}")]
    Size(u32),
    /// A piece sheet's square side is outside 8..=256 pixels.
    #[error("piece size {0} px is out of range: use 8 to 256")]
    Cell(u32),
    /// The image encoder failed (it writes to memory, so this signals a bug).
    #[error("could not encode the image: {0}")]
    Encode(String),
    /// The work was given up before it finished: nobody waits for the image any more.
    #[error("the image was given up: nobody waits for it")]
    Stopped,
}

/// How to draw: image size, which side is at the bottom, colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Width of the image in pixels ([`MIN_SIZE`]..=[`MAX_SIZE`]): the framed board is this
    /// square, and a [`Caption`] adds its bars above and below.
    pub size: u32,
    /// The colour whose side of the board is at the bottom.
    pub orientation: Color,
    /// The colours.
    pub theme: Theme,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: DEFAULT_SIZE,
            orientation: Color::White,
            theme: Theme::default(),
        }
    }
}

impl Options {
    /// The default options seen from `orientation`'s side.
    pub fn from_side(orientation: Color) -> Options {
        Options {
            orientation,
            ..Options::default()
        }
    }

    /// The layout these options give.
    pub fn layout(&self) -> Layout {
        Layout::new(self.size, self.orientation)
    }
}

/// What to show: a position and everything drawn on and around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The position on the board; its move number and side to move appear in the hole.
    pub position: Position,
    /// The move that led here: its origin and destination are tinted, and a rook or bishop
    /// slide that rebounded is drawn as an arrow along its real path.
    pub last_move: Option<Move>,
    /// The square of a king in check, marked with a red glow.
    pub check: Option<Square>,
    /// Squares to mark as destinations ("where can this piece go"): a dot on an empty
    /// square, a ring on a piece that can be taken.
    pub targets: SquareSet,
    /// The square of the piece whose destinations `targets` shows: filled with the target
    /// colour, so the piece that would move stands out.
    pub selected: Option<Square>,
    /// The pieces that have a legal move ("which of my pieces can go somewhere"): each of
    /// their squares framed in the target colour.
    pub movable: SquareSet,
    /// The pieces taken so far; each side's captures are shown on its side of the hole.
    pub captured: Vec<Piece>,
    /// The result, once the game is over: shown in the hole instead of whose turn it is.
    pub outcome: Option<Outcome>,
    /// Who plays and which game this is, in bars above and below the board; `None` draws
    /// the bare board, as square as its [`Options::size`].
    pub caption: Option<Caption>,
    /// Moves drawn as arrows along their real paths (a key moment of an analysis: the move
    /// played and the engine's better one); their labels replace whose turn it is in the hole.
    pub arrows: Vec<Arrow>,
}

/// The players and the game a board image names, in the reader's language: the top
/// player's name in a bar above the board with the game's name at its right end, the bottom
/// player's in a bar below. A name too long for its bar is shortened where it is the same
/// as the other name, so the two never read alike; letters the font cannot draw (emoji,
/// CJK) are left out, and a name left empty shows as its side's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caption {
    /// The players' display names, White's first (by [`Color::index`]).
    pub players: [String; 2],
    /// The game's name, such as "Game 12".
    pub game: String,
}

/// A move drawn as an arrow over the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The move: a rook's or bishop's arrow follows the ring round corners and rebounds.
    pub mv: Move,
    /// Which of the two it is, which gives its colour.
    pub kind: ArrowKind,
    /// What the hole says of it, beside a swatch of its colour ("Played 6.Rg2??").
    pub label: String,
}

/// The arrows of a key moment, told apart by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrowKind {
    /// The move that was played ([`Theme::played_arrow`]).
    Played,
    /// The engine's better move ([`Theme::better_arrow`]).
    Better,
    /// The opponent's answer to the move played, which starts the line that refutes it
    /// ([`Theme::answer_arrow`]). Drawn on the position before the move played: the
    /// answering piece stands there already.
    Answer,
}

impl BoardView {
    /// A bare position: no last move, nothing captured, the check marked if there is one, and
    /// the result if the position decides one by itself (mate, stalemate, throne).
    pub fn new(position: Position) -> BoardView {
        BoardView {
            check: check_square(&position),
            position,
            last_move: None,
            targets: SquareSet::EMPTY,
            selected: None,
            movable: SquareSet::EMPTY,
            captured: Vec::new(),
            outcome: position.outcome(),
            caption: None,
            arrows: Vec::new(),
        }
    }

    /// The current state of a game: its position, last move, check, captures and result.
    pub fn of_game(game: &Game) -> BoardView {
        BoardView {
            position: *game.position(),
            last_move: game.last_move(),
            check: check_square(game.position()),
            targets: SquareSet::EMPTY,
            selected: None,
            movable: SquareSet::EMPTY,
            captured: game.captured(),
            outcome: game.outcome(),
            caption: None,
            arrows: Vec::new(),
        }
    }

    /// The game as it stood after `ply` half-moves (0 = the start; clamped to the game's
    /// length). The result shows only on the final position.
    pub fn at_ply(game: &Game, ply: usize) -> BoardView {
        let ply = ply.min(game.ply());
        if ply == game.ply() {
            return BoardView::of_game(game);
        }
        let positions = game.positions();
        let moves = game.moves();
        let captured = (0..ply)
            .filter_map(|i| positions[i].piece_at(moves[i].to))
            .collect();
        let position = positions[ply];
        BoardView {
            check: check_square(&position),
            position,
            last_move: ply.checked_sub(1).map(|i| moves[i]),
            targets: SquareSet::EMPTY,
            selected: None,
            movable: SquareSet::EMPTY,
            captured,
            outcome: None,
            caption: None,
            arrows: Vec::new(),
        }
    }

    /// The same view with `from`'s legal destinations marked and its own square highlighted,
    /// for "where can this piece go".
    pub fn with_targets_from(mut self, from: Square) -> BoardView {
        let mut set = SquareSet::EMPTY;
        for mv in self.position.legal_moves_from(from) {
            set.0 |= SquareSet::from_square(mv.to).0;
        }
        self.targets = set;
        self.selected = Some(from);
        self
    }

    /// The same view with every piece of the side to move that has a legal move framed, for
    /// "which pieces can move".
    pub fn with_movable(mut self) -> BoardView {
        let mut set = SquareSet::EMPTY;
        for mv in self.position.legal_moves().iter() {
            set.0 |= SquareSet::from_square(mv.from).0;
        }
        self.movable = set;
        self
    }

    /// The same view named by a caption.
    pub fn with_caption(mut self, caption: Caption) -> BoardView {
        self.caption = Some(caption);
        self
    }
}

/// The king in check in `position`, if any: the side to move's.
fn check_square(position: &Position) -> Option<Square> {
    position
        .is_check()
        .then(|| position.king_square(position.side_to_move()))
}

/// Draws a view and encodes it as an indexed PNG, its words in English.
pub fn render_png(view: &BoardView, options: &Options) -> Result<Vec<u8>, RenderError> {
    render_png_in(view, options, &English)
}

/// Draws a view and encodes it as an indexed PNG (see [`indexed`]), its words (the move
/// number, whose turn it is, the result) in the reader's language.
pub fn render_png_in(
    view: &BoardView,
    options: &Options,
    words: &dyn Words,
) -> Result<Vec<u8>, RenderError> {
    check_size(options.size)?;
    scratch::render_png(view, options, &assets::get(options), words)
}

/// Draws a view into RGB pixels, for callers that encode it themselves; words in English.
pub fn render_rgb(view: &BoardView, options: &Options) -> Result<RgbImage, RenderError> {
    render_rgb_in(view, options, &English)
}

/// Draws a view into RGB pixels with its words in the reader's language.
pub fn render_rgb_in(
    view: &BoardView,
    options: &Options,
    words: &dyn Words,
) -> Result<RgbImage, RenderError> {
    check_size(options.size)?;
    Ok(board::draw(view, &assets::get(options), words))
}

/// Every piece at each of `cells` pixels a square, on light and dark squares, as a PNG: the
/// sheet to look at the piece art at the sizes players see (its golden image is
/// `tests/data/golden/pieces.png`). Cells from 8 to 256 pixels.
pub fn render_piece_sheet(cells: &[u32], theme: &Theme) -> Result<Vec<u8>, RenderError> {
    if let Some(&bad) = cells.iter().find(|c| !(8..=256).contains(*c)) {
        return Err(RenderError::Cell(bad));
    }
    encode_png(&pieces::sheet(&assets::fonts().sans, cells, theme))
}

/// Refuses sizes outside [`MIN_SIZE`]..=[`MAX_SIZE`].
fn check_size(size: u32) -> Result<(), RenderError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(RenderError::Size(size))
    }
}

/// The RGB PNG settings of the evaluation graph and the crosstable: the fast deflate mode with
/// the `Paeth` filter, the best trade of size and time measured in `BENCHMARKS.md` (the
/// adaptive filter saves 4% of the bytes for 75% more encoding time).
const PNG_COMPRESSION: CompressionType = CompressionType::Fast;
/// See [`PNG_COMPRESSION`].
const PNG_FILTER: FilterType = FilterType::Paeth;

/// Encodes an image as an RGB PNG with [`PNG_COMPRESSION`] and [`PNG_FILTER`].
fn encode_png(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(80 * 1024);
    PngEncoder::new_with_quality(&mut out, PNG_COMPRESSION, PNG_FILTER)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}
