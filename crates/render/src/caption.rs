//! The bars that name the game: above the board the top player (a disc in their colour,
//! their name) with the game's name at the right end, below it the bottom player. Each
//! player's name sits on their own side of the board, as on lichess's boards.
//!
//! Names are made drawable first ([`script`](super::script): composed, without what the font
//! lacks, Arabic joined, right-to-left runs in display order), then fitted to their room: a
//! slightly smaller font first, then cut where the two names are alike
//! ([`names`](super::names)). Each bar is drawn on its own strip and copied in, so nothing a
//! name holds (a stack of accents) can spill onto the board; the last few strips are kept,
//! since every move of a game shows the same two.

use std::sync::Arc;

use ab_glyph::FontRef;
use image::{GenericImage, Rgb as Px, RgbImage};

use super::assets::{Assets, fonts};
use super::layout::Layout;
use super::names::shorten;
use super::script::{drawable, visual};
use super::text::Text;
use super::words::Words;
use super::{Caption, Theme};
use crate::rules::Color;

/// The smallest a name's font is made (as a share of its full size) before the name is cut.
const SHRINK: f32 = 0.85;

/// A name as it will be drawn: the display-order text and the font size it fits at.
pub struct FittedName {
    /// The text in display order.
    pub text: String,
    /// The font size, in pixels.
    pub px: f32,
}

/// Both players' names fitted to their bars: White's first.
pub fn fit_names(layout: &Layout, caption: &Caption, words: &dyn Words) -> [FittedName; 2] {
    let font = &fonts().bold;
    let px = name_px(layout);
    let top = layout.orientation.opponent();
    let label = label_text(layout, font);
    let prepared: [String; 2] = Color::ALL.map(|color| {
        let name = drawable(font, &caption.players[color.index()]);
        if name.is_empty() {
            words.side(color)
        } else {
            name
        }
    });
    Color::ALL.map(|color| {
        let mut room = name_room(layout);
        if color == top {
            room -= label.width(&caption.game) + layout.cell as f32 * 0.3;
        }
        let room = room.max(layout.cell as f32);
        let name = &prepared[color.index()];
        let other = &prepared[color.opponent().index()];
        let full = Text { font, px };
        let width = full.width(&visual(name));
        if width <= room {
            return FittedName {
                text: visual(name),
                px,
            };
        }
        if width * SHRINK <= room {
            return FittedName {
                text: visual(name),
                px: px * room / width,
            };
        }
        let small = Text {
            font,
            px: px * SHRINK,
        };
        let cut = shorten(name, other, |s| small.width(&visual(s)) <= room);
        FittedName {
            text: visual(&cut),
            px: small.px,
        }
    })
}

/// Draws both bars onto an image laid out by `layout` (which has bars).
pub fn draw(
    c: &mut RgbImage,
    layout: &Layout,
    caption: &Caption,
    assets: &Assets,
    words: &dyn Words,
) {
    let fitted = fit_names(layout, caption, words);
    let top = layout.orientation.opponent();
    let bottom_y = layout.bar + layout.size;
    for (color, y0) in [(top, 0), (top.opponent(), bottom_y)] {
        let game = (color == top).then_some(caption.game.as_str());
        let strip = cached_bar(layout, assets, color, &fitted[color.index()], game);
        c.copy_from(&*strip, 0, y0)
            .expect("a caption bar lies inside the image");
    }
}

/// What one bar shows, beside the option set its cache belongs to.
#[derive(Clone, PartialEq, Eq)]
pub struct BarKey {
    color: Color,
    name: String,
    px: u32,
    game: Option<String>,
}

/// Bars kept per option set: every move of a game draws the same two, and their text cost as
/// much as the rest of the board (`BENCHMARKS.md`, "A lighter board picture"); a few games'
/// worth, 88 KB a bar at 640 px.
const BAR_CACHE: usize = 16;

/// One bar, from the option set's cache or drawn (and kept) by [`bar`].
fn cached_bar(
    layout: &Layout,
    assets: &Assets,
    color: Color,
    name: &FittedName,
    game: Option<&str>,
) -> Arc<RgbImage> {
    let key = BarKey {
        color,
        name: name.text.clone(),
        px: name.px.to_bits(),
        game: game.map(str::to_owned),
    };
    let lock = || {
        assets
            .caption_bars
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    if let Some((_, strip)) = lock().iter().find(|(k, _)| *k == key) {
        return Arc::clone(strip);
    }
    let strip = Arc::new(bar(layout, &assets.theme, assets, color, name, game));
    let mut bars = lock();
    if bars.len() >= BAR_CACHE {
        bars.remove(0);
    }
    bars.push((key, Arc::clone(&strip)));
    strip
}

/// One bar: the disc of `color`, the name, and the game's name at the right end if given.
fn bar(
    layout: &Layout,
    theme: &Theme,
    assets: &Assets,
    color: Color,
    name: &FittedName,
    game: Option<&str>,
) -> RgbImage {
    let font = &fonts().bold;
    let q = layout.cell as f32;
    let mut strip = RgbImage::from_pixel(layout.size, layout.bar, Px(theme.frame));
    let cy = layout.bar as f32 / 2.0;
    let x0 = layout.margin as f32;
    let r = assets.mover_radius;
    assets.mover_discs[color.index()].draw(&mut strip, (x0 + r).round() as i64, cy.round() as i64);
    let text = Text { font, px: name.px };
    // Centred on the capital height of the full size, so a shrunk name keeps its line.
    let cap = Text {
        font,
        px: name_px(layout),
    }
    .cap_height();
    text.draw(
        &mut strip,
        &name.text,
        x0 + 2.0 * r + q * 0.14,
        cy + cap / 2.0,
        theme.hole_text,
    );
    if let Some(game) = game {
        let label = label_text(layout, font);
        let w = label.width(game);
        let right = (layout.size - layout.margin) as f32;
        label.draw(
            &mut strip,
            game,
            right - w,
            cy + label.cap_height() / 2.0,
            theme.coordinates,
        );
    }
    strip
}

/// The names' full font size.
fn name_px(layout: &Layout) -> f32 {
    layout.cell as f32 * 0.3
}

/// The game's name's font.
fn label_text<'a>(layout: &Layout, font: &'a FontRef<'static>) -> Text<'a> {
    Text {
        font,
        px: layout.cell as f32 * 0.24,
    }
}

/// The width a name may take in a bar without a label: the board's width less the disc.
fn name_room(layout: &Layout) -> f32 {
    let q = layout.cell as f32;
    layout.size as f32 - 2.0 * layout.margin as f32 - 2.0 * q * 0.1 - q * 0.14
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::English;
    use crate::{Options, assets};

    #[test]
    fn a_kept_bar_is_the_bar_drawn_afresh() {
        let assets = assets::get(&Options::default());
        let layout = assets.layout.captioned();
        // More captions than the cache keeps, each drawn twice, games and sides alike.
        for round in 0..2 {
            for i in 0..BAR_CACHE + 3 {
                let caption = Caption {
                    players: [format!("Player {i}"), "Ludwig".into()],
                    game: format!("Game {}", i % 3),
                };
                let fitted = fit_names(&layout, &caption, &English);
                for color in Color::ALL {
                    let name = &fitted[color.index()];
                    let game = (color == Color::Black).then_some(caption.game.as_str());
                    let kept = cached_bar(&layout, &assets, color, name, game);
                    let fresh = bar(&layout, &assets.theme, &assets, color, name, game);
                    assert!(*kept == fresh, "round {round}, caption {i}, {color:?}");
                }
            }
        }
    }
}
