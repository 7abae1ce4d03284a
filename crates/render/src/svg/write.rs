//! The SVG's text: escaping, numbers, colours and path data, written into one `String`.
//!
//! Everything goes through here so that the output is deterministic (numbers rounded to a
//! tenth of a unit, written the same way every time) and nothing unescaped reaches it.

use std::fmt::{self, Display, Write};

use crate::shapes::{ArrowParts, Pt, signed_area};
use crate::theme::Rgb;

/// Text made safe for XML content and for attribute values in double or single quotes:
/// `&`, `<`, `>`, `"` and `'` become entities, and characters XML 1.0 forbids (controls other
/// than tab and newline) are dropped.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' => out.push(ch),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A coordinate or length, written rounded to a tenth without trailing zeros (`12`, `3.5`,
/// `-0.2`): a tenth of a unit of a 640-unit board is finer than any screen shows it.
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f32);

impl Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        if tenths < 0 {
            f.write_char('-')?;
        }
        let a = tenths.unsigned_abs();
        write!(f, "{}", a / 10)?;
        if a % 10 != 0 {
            write!(f, ".{}", a % 10)?;
        }
        Ok(())
    }
}

/// A share from 0 to 1 (an opacity, a gradient offset), to three decimals.
#[derive(Clone, Copy, Debug)]
pub struct Share(pub f32);

impl Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0.clamp(0.0, 1.0) * 1000.0).round() as u32 {
            0 => f.write_char('0'),
            1000 => f.write_char('1'),
            t => write!(f, "0.{}", format!("{t:03}").trim_end_matches('0')),
        }
    }
}

/// An sRGB colour as `#rrggbb`.
#[derive(Clone, Copy, Debug)]
pub struct Hex(pub Rgb);

impl Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

/// Appends formatted text to the SVG (writing to a `String` cannot fail).
pub fn put(out: &mut String, args: fmt::Arguments<'_>) {
    out.write_fmt(args)
        .expect("writing to a String cannot fail");
}

/// Path data for polygons, each turned clockwise first so that a single `<path>` with the
/// default `nonzero` rule fills their union (overlaps neither cancel nor darken twice).
pub fn polygons(polys: &[Vec<Pt>]) -> String {
    let mut d = String::new();
    for poly in polys.iter().filter(|p| p.len() >= 3) {
        let reversed: Vec<Pt>;
        let pts = if signed_area(poly) < 0.0 {
            reversed = poly.iter().rev().copied().collect();
            &reversed
        } else {
            poly
        };
        polyline(&mut d, pts);
        d.push('Z');
    }
    d
}

/// Appends an open polyline (`M x y L x y x y …`), points that round alike written once.
pub fn polyline(d: &mut String, pts: &[Pt]) {
    let mut last = String::new();
    for (k, &(x, y)) in pts.iter().enumerate() {
        let pair = format!("{} {}", Num(x), Num(y));
        if pair == last {
            continue;
        }
        d.push(match k {
            0 => 'M',
            1 => 'L',
            _ => ' ',
        });
        d.push_str(&pair);
        last = pair;
    }
}

/// Arrows of one colour and width as a group: the shafts one stroked path (round joins and
/// caps, as the PNG's stroke polygons), the heads one filled path, the group at `opacity` so
/// where shaft and head overlap nothing darkens twice. `attrs` (a class, `pointer-events`)
/// go on the group.
pub fn arrows(out: &mut String, parts: &[ArrowParts], color: Rgb, opacity: f32, attrs: &str) {
    let Some(first) = parts.first() else {
        return;
    };
    let (mut shafts, mut heads) = (String::new(), String::new());
    for a in parts {
        polyline(&mut shafts, &a.shaft);
        polyline(&mut heads, &a.head);
        heads.push('Z');
    }
    put(out, format_args!("<g{attrs}"));
    if opacity < 1.0 {
        put(out, format_args!(r#" opacity="{}""#, Share(opacity)));
    }
    put(
        out,
        format_args!(
            r#"><path d="{shafts}" fill="none" stroke="{c}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/><path d="{heads}" fill="{c}"/></g>"#,
            Num(first.width),
            c = Hex(color),
        ),
    );
}
