//! Checks of the shipped texts as players read them: every number that counts something chooses
//! its words by a selector, in every language. (A native speaker's reading is still the judge of
//! the words; these catch what a machine can.)

use std::collections::BTreeSet;

use fluent_syntax::ast;

use super::*;

/// One message, or one attribute of a message (`id.attribute`), of one language.
pub(super) struct Text {
    /// The message id, with `.attribute` for an attribute.
    pub id: String,
    /// Its parsed pattern.
    pub pattern: ast::Pattern<&'static str>,
}

/// Every message and attribute of `lang`, in file order.
pub(super) fn texts(lang: Lang) -> Vec<Text> {
    let mut out = Vec::new();
    for (topic, source) in TOPICS.iter().zip(sources(lang)) {
        let resource = fluent_syntax::parser::parse(source)
            .unwrap_or_else(|(_, e)| panic!("assets/i18n/{lang}/{topic}.ftl: {e:?}"));
        for entry in resource.body {
            let ast::Entry::Message(message) = entry else {
                continue;
            };
            let id = message.id.name;
            if let Some(pattern) = message.value {
                out.push(Text {
                    id: id.to_string(),
                    pattern,
                });
            }
            for attribute in message.attributes {
                out.push(Text {
                    id: format!("{id}.{}", attribute.id.name),
                    pattern: attribute.value,
                });
            }
        }
    }
    out
}

/// The plural categories of CLDR, which only a number can select (`other` is left out: a text
/// selector uses it for its default too).
const PLURAL_KEYS: [&str; 5] = ["zero", "one", "two", "few", "many"];

/// The variable a selector selects on, if it is a plain variable.
pub(super) fn selector_variable(
    selector: &ast::InlineExpression<&'static str>,
) -> Option<&'static str> {
    match selector {
        ast::InlineExpression::VariableReference { id } => Some(id.name),
        _ => None,
    }
}

/// Calls `each` on every selector of `pattern`, nested ones included.
pub(super) fn for_each_select<'a>(
    pattern: &'a ast::Pattern<&'static str>,
    each: &mut impl FnMut(&'a ast::InlineExpression<&'static str>, &'a [ast::Variant<&'static str>]),
) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable {
            expression: ast::Expression::Select { selector, variants },
        } = element
        {
            each(selector, variants);
            for variant in variants {
                for_each_select(&variant.value, each);
            }
        }
    }
}

/// True for a selector's key that only a number can match: a plural category or a number.
pub(super) fn numeric_key(key: &ast::VariantKey<&str>) -> bool {
    match key {
        ast::VariantKey::NumberLiteral { .. } => true,
        ast::VariantKey::Identifier { name } => PLURAL_KEYS.contains(name),
    }
}

/// The variables that carry numbers: those some message of some language selects on by plural
/// category or by number.
pub(super) fn number_variables() -> BTreeSet<&'static str> {
    let mut numbers = BTreeSet::new();
    for lang in Lang::ALL {
        for text in texts(lang) {
            for_each_select(&text.pattern, &mut |selector, variants| {
                if let Some(name) = selector_variable(selector) {
                    if variants.iter().any(|v| numeric_key(&v.key)) {
                        numbers.insert(name);
                    }
                }
            });
        }
    }
    numbers
}

/// The words of each language that may follow a number in place of what it counts: "3 of 12
/// players", "3 to 12 players", "12 at most", "3 joueurs sur 12", "il vous en reste 3 en 2026", "3 de 12
/// jugadores", "от 3 до 12 игроков" (the noun goes with the other number, or is left out).
pub(super) fn not_counted(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::En => &["of", "to", "at"],
        Lang::Fr => &["sur", "de", "en", "à"],
        Lang::Es => &["de", "en", "a"],
        Lang::Ru => &["из", "до"],
    }
}

/// The word that follows a placeable in `text`, past spaces and markdown emphasis, if a word
/// comes next.
pub(super) fn next_word(text: &str) -> Option<&str> {
    let rest = text.trim_start_matches([' ', '\u{a0}', '\u{202f}', '*', '_']);
    let end = rest
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// Where `pattern` writes a number variable right before a word without choosing that word by
/// a selector on the same variable ("{ $points } points", "{ $days } дн."), as
/// `(variable, word)`. `selected` holds the variables of the selectors around `pattern`.
fn bare_counts(
    lang: Lang,
    pattern: &ast::Pattern<&'static str>,
    numbers: &BTreeSet<&str>,
    selected: &mut Vec<&'static str>,
    out: &mut Vec<(String, String)>,
) {
    let elements = &pattern.elements;
    for (i, element) in elements.iter().enumerate() {
        let ast::PatternElement::Placeable { expression } = element else {
            continue;
        };
        match expression {
            ast::Expression::Inline(ast::InlineExpression::VariableReference { id }) => {
                let name = id.name;
                if !numbers.contains(name) || selected.contains(&name) {
                    continue;
                }
                let text_at = |j: Option<usize>| match j.and_then(|j| elements.get(j)) {
                    Some(ast::PatternElement::TextElement { value }) => *value,
                    _ => "",
                };
                // `#{ $id }` is a number that names something, not a count.
                if text_at(i.checked_sub(1)).ends_with('#') {
                    continue;
                }
                let Some(word) = next_word(text_at(Some(i + 1))) else {
                    continue;
                };
                // One letter is an abbreviation ("3 W, 1 D"); "3 of 12 players" counts by 12.
                if word.chars().count() == 1 || not_counted(lang).contains(&word) {
                    continue;
                }
                out.push((name.to_string(), word.to_string()));
            }
            ast::Expression::Select { selector, variants } => {
                let name = selector_variable(selector);
                selected.extend(name);
                for variant in variants {
                    bare_counts(lang, &variant.value, numbers, selected, out);
                }
                if name.is_some() {
                    selected.pop();
                }
            }
            ast::Expression::Inline(_) => {}
        }
    }
}

#[test]
fn every_counted_number_chooses_its_words_by_a_selector() {
    let numbers = number_variables();
    let mut found = Vec::new();
    for lang in Lang::ALL {
        for text in texts(lang) {
            let mut bare = Vec::new();
            bare_counts(lang, &text.pattern, &numbers, &mut Vec::new(), &mut bare);
            for (name, word) in bare {
                found.push(format!("{lang} {}: {{ ${name} }} {word}", text.id));
            }
        }
    }
    assert!(
        found.is_empty(),
        "numbers written before a word without a selector on them, so that \"1\" reads with a \
         plural (choose the word with `{{ $n -> [one] … *[other] … }}`):\n{}",
        found.join("\n")
    );
    // The inference finds the counts the code passes.
    for name in [
        "count", "days", "games", "max", "score", "plies", "left", "total",
    ] {
        assert!(numbers.contains(name), "`${name}` is seen as a number");
    }
}

#[test]
fn the_check_sees_a_bare_count_and_lets_selected_ones_pass() {
    let parse = |source: &'static str| {
        let resource = fluent_syntax::parser::parse(source).unwrap();
        let Some(ast::Entry::Message(m)) = resource.body.into_iter().next() else {
            unreachable!()
        };
        m.value.unwrap()
    };
    let numbers: BTreeSet<&str> = ["n", "max", "id"].into();
    let check = |lang, source| {
        let mut out = Vec::new();
        bare_counts(lang, &parse(source), &numbers, &mut Vec::new(), &mut out);
        out
    };
    let found = |name: &str, word: &str| vec![(name.to_string(), word.to_string())];
    assert_eq!(
        check(Lang::En, "a = with { $n } points"),
        found("n", "points")
    );
    assert_eq!(check(Lang::Ru, "a = { $n } **дн.**"), found("n", "дн"));
    assert_eq!(
        check(Lang::En, "a = { $n } of { $max } players"),
        found("max", "players")
    );
    assert!(
        check(
            Lang::En,
            "a = { $n ->\n [one] { $n } point\n *[other] { $n } points\n}"
        )
        .is_empty()
    );
    assert!(check(Lang::En, "a = Game #{ $id } is over, { $n } W").is_empty());
    assert!(check(Lang::Fr, "a = { $n } sur { $max }.").is_empty());
    assert!(check(Lang::En, "a = { $name } wins").is_empty());
}

#[test]
fn the_counts_players_found_wrong_now_read_right() {
    let final_text = |lang, points: &str, score: f64| {
        tr!(
            lang,
            "tournament-final",
            tournament = "#1 **Spring**",
            winners = "@ann",
            count = 1,
            points = points,
            score = score,
            by = "none"
        )
    };
    assert_eq!(
        final_text(Lang::En, "1", 1.0),
        "🏆 #1 **Spring** is over! @ann wins it with 1 point. Congratulations!"
    );
    assert!(final_text(Lang::En, "2½", 2.5).contains("with 2½ points."));
    assert!(final_text(Lang::Fr, "1½", 1.5).contains("avec 1½ point."));
    assert!(final_text(Lang::Es, "1", 1.0).contains("con 1 punto."));
    for (points, score, words) in [
        ("1", 1.0, "набрав 1 очко."),
        ("2", 2.0, "набрав 2 очка."),
        ("5", 5.0, "набрав 5 очков."),
        ("21", 21.0, "набрав 21 очко."),
        ("2½", 2.5, "набрав 2½ очка."),
    ] {
        assert!(
            final_text(Lang::Ru, points, score).contains(words),
            "{points}: {}",
            final_text(Lang::Ru, points, score)
        );
    }
    let too_long = tr!(
        Lang::Ru,
        "forecast-too-long",
        line = 1,
        plies = 31,
        max = 30
    );
    assert!(too_long.contains(" 31 ход; "), "{too_long}");
    assert!(too_long.ends_with(" не больше 30 ходов."), "{too_long}");
    let aborted = |lang, count: u32| tr!(lang, "stats-ending", count = count, ending = "abort");
    assert_eq!(aborted(Lang::Fr, 2), "2 annulées");
    assert_eq!(aborted(Lang::Es, 1), "1 anulada");
    let asked = tr!(
        Lang::Ru,
        "vacation-too-long",
        days = 5,
        left = 1,
        year = 2026
    );
    assert!(
        asked.starts_with("Вы просите 5 дней, но на 2026 год остался только 1:"),
        "{asked}"
    );
    let group = |lang, piece: &str, moves: &str| {
        tr!(
            lang,
            "moves-group",
            piece = piece,
            square = "e2",
            moves = moves
        )
    };
    let sides = tr!(
        Lang::En,
        "moves-side-list",
        id = 3,
        side = "white",
        count = 3,
        moves = [
            group(Lang::En, "king", "Kd2"),
            group(Lang::En, "rook", "Rf2, Re3")
        ]
        .join("\n")
    );
    assert_eq!(
        sides,
        "**Game #3** · legal moves for White (3 moves):\nKing e2: Kd2\nRook e2: Rf2, Re3"
    );
    assert_eq!(group(Lang::Fr, "bishop", "Bf3"), "Fou e2 : Bf3");
    assert_eq!(group(Lang::Es, "pawn", "f3"), "Peón de e2: f3");
    assert_eq!(group(Lang::Ru, "rook", "Rf2"), "Ладья e2: Rf2");
}
