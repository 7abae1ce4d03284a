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

/// Chess's piece figurines, which a player may paste for a piece (`♚e6`).
fn is_figurine(c: char) -> bool {
    ('\u{2654}'..='\u{265f}').contains(&c)
}

/// True when a line addressed to the bot that is no command is an attempt at a move, right or
/// wrong: a move ([`looks_like_move`]), a move with spaces (`R b7`), several moves (`e6 f5`),
/// castling (`O-O`), a figurine (`♚e6`) or a lone file or piece letter (`b`). The move reader
/// then says what is wrong with it, where "did you mean `web`?" would mislead. Words of
/// letters a move cannot hold (`chalenge`, `gmae 2`) stay unknown commands.
pub fn looks_like_move_attempt(text: &str) -> bool {
    let t = text.trim();
    if looks_like_move(t) {
        return true;
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    if words.is_empty() || words.len() > 6 || t.chars().count() > 40 {
        return false;
    }
    let move_char = |c: char| {
        matches!(c,
            'a'..='h' | 'A'..='H' | 'K' | 'R' | 'P' | 'N' | 'Q' | 'O' | 'o' | 'x' | '×'
            | '0'..='9' | '-' | ':' | '=' | '(' | ')' | '+' | '#' | '!' | '?')
            || is_figurine(c)
    };
    if !t.chars().all(|c| move_char(c) || c.is_whitespace()) {
        return false;
    }
    let castling = words.iter().any(|w| {
        let w = w.trim_end_matches(['+', '#', '!', '?']).replace('0', "O");
        w.eq_ignore_ascii_case("O-O") || w.eq_ignore_ascii_case("O-O-O")
    });
    let lone_letter = matches!(
        t.chars().collect::<Vec<_>>().as_slice(),
        ['a'..='g' | 'K' | 'R' | 'B' | 'P' | 'N' | 'Q']
    );
    castling
        || lone_letter
        || t.chars()
            .any(|c| ('1'..='7').contains(&c) || is_figurine(c))
}
