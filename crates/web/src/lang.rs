//! The reader's language: `?lang=` when the page names one, else the first of the browser's
//! `Accept-Language` the bot speaks, else English.

use axum::http::{HeaderMap, header};
use rollerball_game::Lang;

/// The language of a page asked with `headers` and the query's `lang`.
pub fn reader_lang(headers: &HeaderMap, query: Option<&str>) -> Lang {
    if let Some(lang) = query.and_then(Lang::from_locale) {
        return lang;
    }
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(accepted)
        .unwrap_or_default()
}

/// The first language of an `Accept-Language` value the bot speaks, by the browser's weights
/// (`fr-CH, fr;q=0.9, en;q=0.8`); English when none.
fn accepted(value: &str) -> Lang {
    let mut best: Option<(f32, Lang)> = None;
    for part in value.split(',') {
        let mut pieces = part.split(';');
        let tag = pieces.next().unwrap_or("").trim();
        let weight = pieces
            .find_map(|p| p.trim().strip_prefix("q="))
            .and_then(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0);
        if let Some(lang) = Lang::from_locale(tag)
            && weight > 0.0
            && best.is_none_or(|(w, _)| weight > w)
        {
            best = Some((weight, lang));
        }
    }
    best.map(|(_, lang)| lang).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_LANGUAGE, value.parse().unwrap());
        headers
    }

    #[test]
    fn the_query_then_the_browser_then_english() {
        assert_eq!(reader_lang(&HeaderMap::new(), None), Lang::En);
        assert_eq!(
            reader_lang(&with("fr-CH, fr;q=0.9, en;q=0.8"), None),
            Lang::Fr
        );
        assert_eq!(reader_lang(&with("de, es;q=0.5, ru;q=0.7"), None), Lang::Ru);
        assert_eq!(reader_lang(&with("de, ja"), None), Lang::En);
        assert_eq!(reader_lang(&with("ru;q=0, es"), None), Lang::Es);
        assert_eq!(reader_lang(&with("fr"), Some("es")), Lang::Es);
        assert_eq!(reader_lang(&with("fr"), Some("xx")), Lang::Fr);
    }
}
