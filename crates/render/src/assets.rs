//! The bundled fonts, and everything that depends only on (size, theme, orientation): the
//! static board picture and the sprites, drawn once and shared by every later render.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use ab_glyph::FontRef;
use image::RgbImage;

use super::Options;
use super::caption::BarKey;
use super::infield;
use super::layers;
use super::layout::Layout;
use super::palette::GifPalette;
use super::pieces::PieceSet;
use super::sprite::Sprite;
use super::theme::Theme;

/// DejaVu Sans (Bitstream Vera licence, `assets/LICENSE-DejaVu.txt`): the chess glyphs.
static SANS: &[u8] = include_bytes!("../../../assets/DejaVuSans.ttf");
/// DejaVu Sans Bold: coordinates and the text in the hole.
static SANS_BOLD: &[u8] = include_bytes!("../../../assets/DejaVuSans-Bold.ttf");

/// The two bundled fonts, parsed once.
pub struct Fonts {
    /// DejaVu Sans: the chess glyphs.
    pub sans: FontRef<'static>,
    /// DejaVu Sans Bold: coordinates and the text in the hole.
    pub bold: FontRef<'static>,
}

/// The parsed fonts. The files are compiled in, so failing to parse them is a build defect.
pub fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts {
        sans: FontRef::try_from_slice(SANS).expect("bundled DejaVuSans.ttf parses"),
        bold: FontRef::try_from_slice(SANS_BOLD).expect("bundled DejaVuSans-Bold.ttf parses"),
    })
}

/// What one (size, theme, orientation) needs, ready to copy and draw on.
pub struct Assets {
    /// Where everything sits.
    pub layout: Layout,
    /// The colours.
    pub theme: Theme,
    /// The empty board: frame, coordinates, squares, bend arrows and the empty hole.
    pub background: RgbImage,
    /// The background with every square tinted as a last move's are.
    pub tinted: RgbImage,
    /// Pieces at board size.
    pub pieces: PieceSet,
    /// Pieces at the size of the captured rows in the hole.
    pub small_pieces: PieceSet,
    /// The red glow laid under a king in check, one square large.
    pub check_glow: Sprite,
    /// The dot on an empty target square.
    pub target_dot: Sprite,
    /// The ring on an occupied target square.
    pub target_ring: Sprite,
    /// The discs ahead of "White to move" and "Black to move", by colour, anchored at their
    /// centres.
    pub mover_discs: [Sprite; 2],
    /// The radius of those discs.
    pub mover_radius: f32,
    /// The GIF's palette, made on the first GIF with these options.
    gif_palette: OnceLock<GifPalette>,
    /// The background's palette indices, made on the first PNG with these options.
    background_indices: OnceLock<Vec<u8>>,
    /// The caption bars drawn last, by what they show ([`super::caption`]).
    pub caption_bars: Mutex<Vec<(BarKey, Arc<RgbImage>)>>,
}

impl Assets {
    /// Draws everything for one option set (about ten milliseconds at 640 px).
    fn new(options: &Options) -> Assets {
        let fonts = fonts();
        let layout = options.layout();
        let theme = options.theme;
        let cell = layout.cell;
        let background = layers::background(&layout, &theme, fonts);
        let tinted = layers::tinted(&background, &layout, &theme);
        let small = infield::small_cell(&layout);
        let mover_radius = infield::mover_radius(&layout);
        Assets {
            layout,
            theme,
            background,
            tinted,
            pieces: PieceSet::new(&fonts.sans, cell, &theme),
            small_pieces: PieceSet::new(&fonts.sans, small, &theme),
            check_glow: layers::check_glow(cell, theme.check),
            target_dot: layers::target_dot(cell, theme.target),
            target_ring: layers::target_ring(cell, theme.target),
            mover_discs: [
                layers::mover_disc(mover_radius, theme.white_piece, theme.white_piece_line),
                layers::mover_disc(mover_radius, theme.black_piece, theme.black_piece_halo),
            ],
            mover_radius,
            gif_palette: OnceLock::new(),
            background_indices: OnceLock::new(),
            caption_bars: Mutex::new(Vec::new()),
        }
    }

    /// The palette the GIF frames and the PNG of these options are encoded with.
    pub fn gif_palette(&self) -> &GifPalette {
        self.gif_palette.get_or_init(|| GifPalette::new(self))
    }

    /// The background's palette indices: what a board PNG copies wherever nothing was drawn
    /// over the background.
    pub fn background_indices(&self) -> &[u8] {
        self.background_indices
            .get_or_init(|| self.gif_palette().indices(&self.background))
    }
}

/// More distinct option sets than a bot ever uses (each holds about 3 MB at 640 px); past
/// this the cache starts afresh rather than growing without bound when callers ask for many
/// sizes.
const CACHE_LIMIT: usize = 16;

/// The assets for these options, drawn on first use.
pub fn get(options: &Options) -> Arc<Assets> {
    static CACHE: OnceLock<RwLock<HashMap<Options, Arc<Assets>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| RwLock::new(HashMap::new()));
    let found = cache
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .get(options)
        .cloned();
    if let Some(found) = found {
        return found;
    }
    // Drawn outside the lock: two threads may race to draw the same set, which is harmless,
    // while holding the lock would stall every other render for the drawing's milliseconds.
    let made = Arc::new(Assets::new(options));
    // The map only ever holds finished entries, so a panic elsewhere cannot have left it
    // half-updated: a poisoned lock is still good.
    let mut map = cache
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if map.len() >= CACHE_LIMIT {
        map.clear();
    }
    Arc::clone(map.entry(*options).or_insert(made))
}
