//! The bars that name the game: above the board the top player (a disc in their colour,
//! their name) with the game's name at the right end, below it the bottom player. Each
//! player's name sits on their own side of the board, as on lichess's boards.
//!
//! Names are made drawable first ([`script`](super::script): composed, without what the font
//! lacks, Arabic joined, right-to-left runs in display order), then fitted to their room: a
//! slightly smaller font first, then cut where the two names are alike
//! ([`names`](super::names)). Each bar is drawn on its own strip and copied in, so nothing a
//! name holds (a stack of accents) can spill onto the board.

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
        let strip = bar(
            layout,
            &assets.theme,
            assets,
            color,
            &fitted[color.index()],
            game,
        );
        c.copy_from(&strip, 0, y0)
            .expect("a caption bar lies inside the image");
    }
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
