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

/// The ordinal category (CLDR's `one`, `two`, `few`, `other`) of `n` in `lang`, for the texts
/// that write "3rd", "1er", as they select on it.
pub fn ordinal(lang: Lang, n: usize) -> &'static str {
    use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
    let category = lang
        .code()
        .parse::<unic_langid::LanguageIdentifier>()
        .ok()
        .and_then(|id| PluralRules::create(id, PluralRuleType::ORDINAL).ok())
        .and_then(|rules| rules.select(n as u64).ok());
    match category {
        Some(PluralCategory::ZERO) => "zero",
        Some(PluralCategory::ONE) => "one",
        Some(PluralCategory::TWO) => "two",
        Some(PluralCategory::FEW) => "few",
        Some(PluralCategory::MANY) => "many",
        Some(PluralCategory::OTHER) | None => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_follow_each_language() {
        let en: Vec<&str> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101]
            .map(|n| ordinal(Lang::En, n))
            .into();
        assert_eq!(
            en,
            [
                "one", "two", "few", "other", "other", "other", "other", "one", "two", "few", "one"
            ]
        );
        assert_eq!([1, 2].map(|n| ordinal(Lang::Fr, n)), ["one", "other"]);
        assert_eq!([1, 3].map(|n| ordinal(Lang::Es, n)), ["other", "other"]);
        assert_eq!([1, 3].map(|n| ordinal(Lang::Ru, n)), ["other", "other"]);
    }

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
