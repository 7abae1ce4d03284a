//! What a player typed, made safe to read, and the test that tells a bare move from chat.

use super::{CommandError, MAX_LINE};

/// Zero-width characters: invisible, and harmless to drop (a move copied from elsewhere may
/// carry one), so the text reads as it looks.
pub(crate) fn is_zero_width(c: char) -> bool {
    matches!(c, '\u{00ad}' | '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

/// Marks, embeddings, overrides and isolates of text direction: they make text show in
/// another order than the bot reads it, so a command carrying one is refused, not guessed at.
pub fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// What a player typed, made safe to read: refused when longer than [`MAX_LINE`] characters or
/// when it holds a text-direction control; zero-width characters dropped.
pub fn clean_text(text: &str) -> Result<String, CommandError> {
    let chars = text.chars().count();
    if chars > MAX_LINE {
        return Err(CommandError::TooLong(chars));
    }
    if let Some(c) = text.chars().find(|&c| is_direction_control(c)) {
        return Err(CommandError::DirectionControl(u32::from(c)));
    }
    Ok(text.chars().filter(|&c| !is_zero_width(c)).collect())
}

/// True when a bare chat message looks like a move and nothing else (`Rb7`, `c2-b3`, `e6=R+`),
/// so a front end may treat it as `move TEXT` in a game's own thread without reacting to chat.
pub fn looks_like_move(text: &str) -> bool {
    let t = text.trim();
    (2..=10).contains(&t.len())
        && t.chars().any(|c| ('1'..='7').contains(&c))
        && t.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '-' | 'x' | ':' | '=' | '(' | ')' | '+' | '#' | '!' | '?')
        })
        && t.chars().filter(|c| c.is_ascii_alphabetic()).count() <= 4
}
