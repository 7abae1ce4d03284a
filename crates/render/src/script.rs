//! Text that players type, made drawable by a font rasteriser that lays one glyph after
//! another from left to right: display names in any script.
//!
//! `ab_glyph` draws each character's glyph at the previous one's advance, and nothing more.
//! That is right for Latin, Cyrillic and Greek, but a name may be Hebrew or Arabic (written
//! right to left), may carry combining accents (typed as separate characters, or stacked by
//! the dozen to deface a chat), and may hold emoji or CJK that DejaVu Sans has no glyph for.
//! So, before a name is measured or drawn:
//!
//! - it is put in Unicode's composed form (NFC, `unicode-normalization`), so `e` + `◌́`
//!   becomes the font's own `é`;
//! - characters the font has no glyph for (emoji, CJK, zero-width and control characters)
//!   are left out rather than drawn as empty boxes, and at most [`MAX_MARKS`] combining marks
//!   are kept on each letter;
//! - Arabic letters take their joined forms (the presentation forms, which DejaVu Sans has),
//!   lam + alef their ligature;
//! - the text is put in display order by the Unicode bidirectional algorithm
//!   (`unicode-bidi`), right-to-left runs reversed letter by letter with their marks kept
//!   after them (the marks have no advance and are drawn over the glyph before them), and
//!   brackets mirrored.

use ab_glyph::{Font, FontRef};
use unicode_bidi::ParagraphBidiInfo;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The most combining marks kept on one letter: enough for Vietnamese and pointed Hebrew,
/// too few to stack a name up over the board.
pub const MAX_MARKS: usize = 2;

/// A name's letters, each with its combining marks: the units a name is shortened by, so a
/// cut never separates an accent from its letter.
pub fn clusters(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for ch in text.chars() {
        match out.last_mut() {
            Some(last) if is_combining_mark(ch) => last.push(ch),
            _ => out.push(ch.to_string()),
        }
    }
    out
}

/// `text` in composed form, with only what `font` can draw: characters without a glyph are
/// left out, runs of white space become one space, at most [`MAX_MARKS`] marks stay on a
/// letter, and the ends are trimmed. Still in logical (typing) order.
pub fn drawable(font: &FontRef<'static>, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut marks = 0;
    let mut base = false;
    for ch in text.nfc() {
        if ch.is_whitespace() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
            base = false;
            continue;
        }
        // Zero-width and direction-control characters draw nothing; the bidirectional
        // order is decided from the letters alone.
        if ch.is_control() || is_invisible(ch) || font.glyph_id(ch).0 == 0 {
            // The marks of a letter left out go with it.
            base &= is_combining_mark(ch);
            continue;
        }
        if is_combining_mark(ch) {
            // A mark needs a letter to sit on, and only a few of them fit.
            if !base || marks >= MAX_MARKS {
                continue;
            }
            marks += 1;
        } else {
            base = true;
            marks = 0;
        }
        out.push(ch);
    }
    out.truncate(out.trim_end().len());
    out
}

/// Format characters: zero-width spaces and joiners, direction marks and overrides, the
/// soft hyphen, the byte-order mark.
fn is_invisible(ch: char) -> bool {
    matches!(
        ch,
        '\u{00AD}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// `text` (drawable, in logical order) as it is laid out left to right: Arabic joined, then
/// every right-to-left run reversed.
pub fn visual(text: &str) -> String {
    let shaped = arabic::shape(text);
    let info = ParagraphBidiInfo::new(&shaped, None);
    if !info.has_rtl() {
        return shaped;
    }
    let (levels, runs) = info.visual_runs(0..shaped.len());
    let mut out = String::with_capacity(shaped.len());
    for run in runs {
        let part = &shaped[run.clone()];
        if levels[run.start].is_rtl() {
            for cluster in clusters(part).iter().rev() {
                let mut chars = cluster.chars();
                if let Some(first) = chars.next() {
                    out.push(mirrored(first));
                }
                out.extend(chars);
            }
        } else {
            out.push_str(part);
        }
    }
    out
}

/// The mirror image of a bracket, as a right-to-left run shows it.
fn mirrored(ch: char) -> char {
    match ch {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        '‹' => '›',
        '›' => '‹',
        other => other,
    }
}

/// Arabic joining: each letter replaced by its isolated, final, initial or medial
/// presentation form by whether it joins the letters beside it.
mod arabic {
    /// How a letter joins its neighbours.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Joining {
        /// Joins on both sides (beh, seen, lam…): four forms.
        Dual,
        /// Joins only the letter before it (alef, dal, reh, waw…): two forms.
        Right,
        /// The tatweel: joins both sides and keeps its shape.
        Causing,
        /// Joins nothing.
        None,
        /// A vowel sign or other mark: ignored when looking for neighbours.
        Transparent,
    }

    /// The Arabic letters U+0621–U+064A with the first of their presentation forms (isolated;
    /// final, initial and medial follow it in Arabic Presentation Forms-B) and how they join.
    const LETTERS: [(char, u32, Joining); 42] = {
        use Joining::{Causing as C, Dual as D, None as N, Right as R};
        [
            ('\u{0621}', 0xFE80, N),
            ('\u{0622}', 0xFE81, R),
            ('\u{0623}', 0xFE83, R),
            ('\u{0624}', 0xFE85, R),
            ('\u{0625}', 0xFE87, R),
            ('\u{0626}', 0xFE89, D),
            ('\u{0627}', 0xFE8D, R),
            ('\u{0628}', 0xFE8F, D),
            ('\u{0629}', 0xFE93, R),
            ('\u{062A}', 0xFE95, D),
            ('\u{062B}', 0xFE99, D),
            ('\u{062C}', 0xFE9D, D),
            ('\u{062D}', 0xFEA1, D),
            ('\u{062E}', 0xFEA5, D),
            ('\u{062F}', 0xFEA9, R),
            ('\u{0630}', 0xFEAB, R),
            ('\u{0631}', 0xFEAD, R),
            ('\u{0632}', 0xFEAF, R),
            ('\u{0633}', 0xFEB1, D),
            ('\u{0634}', 0xFEB5, D),
            ('\u{0635}', 0xFEB9, D),
            ('\u{0636}', 0xFEBD, D),
            ('\u{0637}', 0xFEC1, D),
            ('\u{0638}', 0xFEC5, D),
            ('\u{0639}', 0xFEC9, D),
            ('\u{063A}', 0xFECD, D),
            ('\u{063B}', 0, N),
            ('\u{063C}', 0, N),
            ('\u{063D}', 0, N),
            ('\u{063E}', 0, N),
            ('\u{063F}', 0, N),
            ('\u{0640}', 0, C),
            ('\u{0641}', 0xFED1, D),
            ('\u{0642}', 0xFED5, D),
            ('\u{0643}', 0xFED9, D),
            ('\u{0644}', 0xFEDD, D),
            ('\u{0645}', 0xFEE1, D),
            ('\u{0646}', 0xFEE5, D),
            ('\u{0647}', 0xFEE9, D),
            ('\u{0648}', 0xFEED, R),
            ('\u{0649}', 0xFEEF, R),
            ('\u{064A}', 0xFEF1, D),
        ]
    };

    /// The lam-alef ligatures: the alef that follows lam, and the ligature's isolated form
    /// (its final form follows it).
    const LAM_ALEF: [(char, u32); 4] = [
        ('\u{0622}', 0xFEF5),
        ('\u{0623}', 0xFEF7),
        ('\u{0625}', 0xFEF9),
        ('\u{0627}', 0xFEFB),
    ];

    const LAM: char = '\u{0644}';

    fn letter(ch: char) -> Option<(u32, Joining)> {
        LETTERS
            .iter()
            .find(|(c, _, _)| *c == ch)
            .map(|&(_, form, joining)| (form, joining))
    }

    fn joining(ch: char) -> Joining {
        match letter(ch) {
            Some((_, j)) => j,
            // Harakat, superscript alef and the other Arabic marks.
            None if matches!(ch, '\u{064B}'..='\u{065F}' | '\u{0670}') => Joining::Transparent,
            None => Joining::None,
        }
    }

    /// Whether a letter of this kind reaches out to the letter after it.
    fn joins_next(j: Joining) -> bool {
        matches!(j, Joining::Dual | Joining::Causing)
    }

    /// Whether a letter of this kind accepts a join from the letter before it.
    fn joins_prev(j: Joining) -> bool {
        matches!(j, Joining::Dual | Joining::Right | Joining::Causing)
    }

    /// The text with its Arabic letters in their joined forms; anything else unchanged.
    pub fn shape(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        if !chars.iter().any(|c| ('\u{0621}'..='\u{064A}').contains(c)) {
            return text.to_string();
        }
        let kinds: Vec<Joining> = chars.iter().map(|&c| joining(c)).collect();
        // The nearest non-transparent neighbour on each side.
        let neighbour = |i: usize, forward: bool| -> Option<usize> {
            let mut k = i;
            loop {
                k = if forward { k + 1 } else { k.checked_sub(1)? };
                match kinds.get(k)? {
                    Joining::Transparent => continue,
                    _ => return Some(k),
                }
            }
        };
        let mut out = String::with_capacity(text.len() * 2);
        let mut i = 0;
        while i < chars.len() {
            let ch = chars[i];
            let Some((form, kind)) = letter(ch).filter(|&(form, _)| form != 0) else {
                out.push(ch);
                i += 1;
                continue;
            };
            let from_prev = neighbour(i, false).is_some_and(|p| joins_next(kinds[p]));
            if ch == LAM
                && let Some(&(_, ligature)) = chars
                    .get(i + 1)
                    .and_then(|next| LAM_ALEF.iter().find(|(alef, _)| alef == next))
            {
                push(&mut out, ligature + from_prev as u32);
                i += 2;
                continue;
            }
            let to_next =
                joins_next(kind) && neighbour(i, true).is_some_and(|n| joins_prev(kinds[n]));
            let offset = match (from_prev && joins_prev(kind), to_next) {
                (false, false) => 0,
                (true, false) => 1,
                (false, true) => 2,
                (true, true) => 3,
            };
            push(&mut out, form + offset);
            i += 1;
        }
        out
    }

    fn push(out: &mut String, code: u32) {
        if let Some(c) = char::from_u32(code) {
            out.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::fonts;

    #[test]
    fn accents_compose_and_stacks_are_capped() {
        let font = &fonts().bold;
        assert_eq!(drawable(font, "Rene\u{301}e"), "Renée");
        // Forty marks on one letter: two are kept.
        let zalgo = format!("Z{}oe", "\u{301}\u{308}".repeat(20));
        let kept = drawable(font, &zalgo);
        assert_eq!(kept.chars().count(), 5, "{kept:?}");
        // NFC first puts the first acute on the Z (Ź), then two more marks stay.
        assert!(
            kept.starts_with('\u{179}') && kept.ends_with("oe"),
            "{kept:?}"
        );
    }

    #[test]
    fn what_the_font_cannot_draw_is_left_out() {
        let font = &fonts().bold;
        assert_eq!(drawable(font, "🎮  Gamer\u{200B} 王 "), "Gamer");
        assert_eq!(drawable(font, "王小明"), "");
        assert_eq!(drawable(font, "\u{301}abc"), "abc");
        assert_eq!(drawable(font, "\u{202E}abc\u{202C}"), "abc");
    }

    #[test]
    fn hebrew_is_laid_out_right_to_left_with_its_marks() {
        // "David" in Hebrew: dalet, vav, dalet, laid out as dalet vav dalet from the right.
        assert_eq!(visual("דוד"), "דוד".chars().rev().collect::<String>());
        assert_eq!(visual("אבג 12"), "12 גבא");
        // A pointed letter keeps its point after it.
        assert_eq!(visual("בָא"), "אבָ");
        assert_eq!(visual("(אב)"), "(בא)");
        assert_eq!(visual("Anna"), "Anna");
        assert_eq!(visual("Bob (אב)"), "Bob (בא)");
    }

    #[test]
    fn arabic_letters_join() {
        // "Ali": ain (initial), lam (medial), yeh (final), then reversed for display.
        assert_eq!(visual("علي"), "\u{FEF2}\u{FEE0}\u{FECB}");
        // Alef does not join what follows: "Ahmad" is alef, then hah-meem-dal joined.
        assert_eq!(
            visual("احمد"),
            "\u{FEAA}\u{FEE4}\u{FEA3}\u{FE8D}".to_string()
        );
        // Lam + alef is one ligature.
        assert_eq!(visual("لا"), "\u{FEFB}");
    }
}
