//! The bundled fonts, and everything that depends only on (size, theme, orientation): the
//! static board picture and the sprites, drawn once and shared by every later render.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::FontRef;

use super::Options;
use super::board;
use super::canvas::{Canvas, Sprite};
use super::palette::{Lut, Palette};
use super::pieces::PieceSet;

/// DejaVu Sans (Bitstream Vera licence, `assets/LICENSE-DejaVu.txt`): the chess glyphs.
static SANS: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
/// DejaVu Sans Bold: coordinates and the text in the hole.
static SANS_BOLD: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// The two bundled fonts, parsed once.
pub struct Fonts {
    pub sans: FontRef<'static>,
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

/// What one (size, theme, orientation) needs, ready to copy and blit.
pub struct Assets {
    /// The empty board: frame, coordinates, squares, bend arrows and the empty hole.
    pub background: Canvas,
    /// The background's palette indices: every pixel a move leaves alone keeps these.
    pub background_indices: Vec<u8>,
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
    /// The colours every image with these options is encoded with.
    pub palette: Palette,
    /// The shared colour → palette index memo for that palette.
    pub lut: Lut,
}

/// More distinct option sets than a bot ever uses (each holds about 2.5 MB at 640 px); past
/// this the cache starts afresh rather than growing without bound when callers ask for many
/// sizes.
const CACHE_LIMIT: usize = 16;

/// The assets for these options, drawn on first use.
pub fn get(options: &Options) -> Arc<Assets> {
    static CACHE: OnceLock<Mutex<HashMap<Options, Arc<Assets>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = lock(cache).get(options) {
        return Arc::clone(found);
    }
    // Drawn outside the lock: two threads may race to draw the same set, which is harmless,
    // while holding the lock would stall every other render for tens of milliseconds.
    let made = Arc::new(board::assets(options, fonts()));
    let mut map = lock(cache);
    if map.len() >= CACHE_LIMIT {
        map.clear();
    }
    Arc::clone(map.entry(*options).or_insert(made))
}

/// Locks the cache even if a thread panicked while holding it: the map only ever holds
/// finished entries, so it cannot be left half-updated.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
