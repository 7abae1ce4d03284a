//! Every message of every language rendered with sample arguments: each number through 1, 2, 5,
//! 21, 22 and 25 (Russian's one, few and many twice over), each selector through all its keys.
//! None may fall back to English, fail to format, leave a placeholder, stay in English, or drop
//! a name English shows. (A native speaker's reading is still the judge of the words.)

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use super::checks::{
    Text, for_each_select, next_word, not_counted, number_variables, numeric_key,
    selector_variable, texts,
};
use super::*;

/// The numbers every counted variable is rendered with.
const SAMPLE_NUMBERS: [i64; 6] = [1, 2, 5, 21, 22, 25];

/// What one variable of a message may hold, over every language's selectors on it.
#[derive(Default)]
struct Variable {
    /// It carries a number.
    number: bool,
    /// The words its selectors choose by (`yes`, `white`, `none`).
    keys: BTreeSet<&'static str>,
    /// The numbers its selectors choose exactly (`[0]`, `[1]`).
    exact: BTreeSet<i64>,
}

impl Variable {
    /// The values to render the message with.
    fn samples(&self, name: &str) -> Vec<FluentValue<'static>> {
        let mut out: Vec<FluentValue<'static>> = Vec::new();
        if self.number {
            let numbers: BTreeSet<i64> = SAMPLE_NUMBERS
                .into_iter()
                .chain(self.exact.iter().copied())
                .collect();
            out.extend(numbers.into_iter().map(FluentValue::from));
        }
        out.extend(self.keys.iter().map(|k| FluentValue::from(*k)));
        if !self.number {
            // Any other text, which takes a selector's default.
            out.push(FluentValue::from(sample_text(name)));
        }
        out
    }
}

/// The text a variable that is not a number is rendered with: easy to find in the output.
fn sample_text(name: &str) -> String {
    format!("‹{name}›")
}

/// The ids a pattern refers to (`{ markup-span }`), whose variables it passes on.
fn references(pattern: &ast::Pattern<&'static str>, out: &mut Vec<String>) {
    for element in &pattern.elements {
        let ast::PatternElement::Placeable { expression } = element else {
            continue;
        };
        match expression {
            ast::Expression::Inline(ast::InlineExpression::MessageReference { id, attribute }) => {
                out.push(match attribute {
                    Some(a) => format!("{}.{}", id.name, a.name),
                    None => id.name.to_string(),
                });
            }
            ast::Expression::Select { variants, .. } => {
                for variant in variants {
                    references(&variant.value, out);
                }
            }
            ast::Expression::Inline(_) => {}
        }
    }
}

/// The variables a pattern writes or selects on.
fn variables(pattern: &ast::Pattern<&'static str>, out: &mut BTreeSet<&'static str>) {
    for element in &pattern.elements {
        let ast::PatternElement::Placeable { expression } = element else {
            continue;
        };
        match expression {
            ast::Expression::Inline(ast::InlineExpression::VariableReference { id }) => {
                out.insert(id.name);
            }
            ast::Expression::Select { selector, variants } => {
                out.extend(selector_variable(selector));
                for variant in variants {
                    variables(&variant.value, out);
                }
            }
            ast::Expression::Inline(_) => {}
        }
    }
}

/// Every message id with its variables, as all four languages use them (a message's own and
/// those of the messages it refers to).
fn message_variables() -> BTreeMap<String, BTreeMap<&'static str, Variable>> {
    let numbers = number_variables();
    let all: Vec<Vec<Text>> = Lang::ALL.into_iter().map(texts).collect();
    let mut own: BTreeMap<String, BTreeMap<&'static str, Variable>> = BTreeMap::new();
    let mut refers: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for text in all.iter().flatten() {
        let vars = own.entry(text.id.clone()).or_default();
        let mut names = BTreeSet::new();
        variables(&text.pattern, &mut names);
        for name in names {
            vars.entry(name).or_default().number |= numbers.contains(name);
        }
        for_each_select(&text.pattern, &mut |selector, variants| {
            let Some(name) = selector_variable(selector) else {
                return;
            };
            let var = vars.entry(name).or_default();
            for variant in variants {
                match &variant.key {
                    ast::VariantKey::NumberLiteral { value } => {
                        var.exact.insert(value.parse().expect("a whole number key"));
                    }
                    ast::VariantKey::Identifier { name } => {
                        if !numeric_key(&variant.key) && *name != "other" {
                            var.keys.insert(*name);
                        }
                    }
                }
            }
        });
        let mut ids = Vec::new();
        references(&text.pattern, &mut ids);
        refers.entry(text.id.clone()).or_default().extend(ids);
    }
    // A referred message's variables come with the message that refers to it.
    let mut out = BTreeMap::new();
    for id in own.keys() {
        let mut vars: BTreeMap<&'static str, Variable> = BTreeMap::new();
        let mut todo = vec![id.clone()];
        let mut seen = BTreeSet::new();
        while let Some(next) = todo.pop() {
            if !seen.insert(next.clone()) {
                continue;
            }
            for (name, var) in own.get(&next).into_iter().flatten() {
                let merged = vars.entry(name).or_default();
                merged.number |= var.number;
                merged.keys.extend(&var.keys);
                merged.exact.extend(&var.exact);
            }
            todo.extend(refers.get(&next).into_iter().flatten().cloned());
        }
        out.insert(id.clone(), vars);
    }
    out
}

/// The argument sets to render a message with: every combination of its variables' samples
/// when there are few, else each sample of each variable with the others at their first.
fn argument_sets(vars: &BTreeMap<&'static str, Variable>) -> Vec<Args<'static>> {
    let samples: Vec<(&str, Vec<FluentValue<'static>>)> = vars
        .iter()
        .map(|(name, var)| (*name, var.samples(name)))
        .collect();
    let product: usize = samples.iter().map(|(_, s)| s.len()).product();
    let mut sets: Vec<Vec<(&str, FluentValue<'static>)>> = vec![Vec::new()];
    if product <= 2_000 {
        for (name, values) in &samples {
            sets = sets
                .into_iter()
                .flat_map(|set| {
                    values.iter().map(move |v| {
                        let mut set = set.clone();
                        set.push((*name, v.clone()));
                        set
                    })
                })
                .collect();
        }
    } else {
        let base: Vec<(&str, FluentValue<'static>)> =
            samples.iter().map(|(n, v)| (*n, v[0].clone())).collect();
        sets.clear();
        for (i, (_, values)) in samples.iter().enumerate() {
            for v in values {
                let mut set = base.clone();
                set[i].1 = v.clone();
                sets.push(set);
            }
        }
    }
    sets.into_iter()
        .map(|set| {
            let mut args = Args::new();
            for (name, value) in set {
                args.set(name, value);
            }
            args
        })
        .collect()
}

/// Message `id` (or `id.attribute`) of `lang` formatted with `args` by that language's own
/// bundle: `None` when the language lacks it, else the text and the formatting errors.
fn render(lang: Lang, id: &str, args: &Args) -> Option<(String, Vec<String>)> {
    let bundle = &BUNDLES[lang as usize].0;
    let (message, attribute) = match id.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (id, None),
    };
    let message = bundle.get_message(message)?;
    let pattern = match attribute {
        Some(a) => message.get_attribute(a)?.value(),
        None => message.value()?,
    };
    let mut errors = Vec::new();
    let text = bundle
        .format_pattern(pattern, Some(args), &mut errors)
        .into_owned();
    Some((text, errors.iter().map(|e| format!("{e:?}")).collect()))
}

/// True when `text` has words to translate: two words of two ASCII letters or more,
/// outside `code` (command words stay English in every language). A translation identical to
/// such an English text was left in English.
fn has_words(text: &str) -> bool {
    let mut words = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 0 {
            words.push_str(part);
        }
        words.push(' ');
    }
    // The sample arguments (‹name›) are not the message's words.
    while let (Some(open), Some(close)) = (words.find('‹'), words.find('›')) {
        if close < open {
            break;
        }
        words.replace_range(open..close + '›'.len_utf8(), " ");
    }
    words
        .split(|c: char| !c.is_ascii_alphabetic() && c != '\'')
        .filter(|word| word.len() >= 2)
        .count()
        >= 2
}

#[test]
fn every_message_renders_in_every_language_with_sample_arguments() {
    let mut found = BTreeSet::new();
    let mut rendered = 0usize;
    for (id, vars) in message_variables() {
        for args in argument_sets(&vars) {
            let english = render(Lang::En, &id, &args).map(|(text, _)| text);
            for lang in Lang::ALL {
                let Some((text, errors)) = render(lang, &id, &args) else {
                    found.insert(format!("{lang} {id}: missing, so English is shown"));
                    continue;
                };
                rendered += 1;
                if !errors.is_empty() {
                    found.insert(format!("{lang} {id}: {}", errors.join("; ")));
                }
                if text.contains(['{', '}']) {
                    found.insert(format!("{lang} {id}: a placeholder is left: {text}"));
                }
                let Some(english) = &english else { continue };
                if lang != Lang::En && text == *english && has_words(english) {
                    found.insert(format!("{lang} {id}: still in English: {text}"));
                }
                for (name, var) in &vars {
                    let sample = sample_text(name);
                    if !var.number && english.contains(&sample) && !text.contains(&sample) {
                        found.insert(format!("{lang} {id}: drops ${name}: {text}"));
                    }
                }
            }
        }
    }
    assert!(rendered > 10_000, "only {rendered} renderings");
    assert!(
        found.is_empty(),
        "{} problems:\n{}",
        found.len(),
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// English words after a count that are the same for one and many ("1 aborted"); French,
/// Spanish and Russian agree even these ("1 annulée", "2 annulées").
const ENGLISH_INVARIANT: &[&str] = &["aborted"];

/// The numbers whose words must differ in `lang`: a plural `one` and `other` (Russian's `one`
/// and `many`, both past 20, so that "21 день" and "25 дней" are compared).
fn one_and_many(lang: Lang) -> (i64, i64) {
    match lang {
        Lang::Ru => (21, 25),
        _ => (1, 25),
    }
}

/// Where a rendering writes `many` right before a word that does not change with it:
/// `with_one` is the same message rendered with the language's `one` instead, and is the same
/// text but for the digits.
fn unchanged_count(
    lang: Lang,
    with_one: &str,
    with_many: &str,
    one: i64,
    many: i64,
) -> Option<String> {
    let (one, many) = (one.to_string(), many.to_string());
    if with_one != with_many.replace(&many, &one) {
        return None;
    }
    with_many.match_indices(&many).find_map(|(at, _)| {
        let before = with_many[..at].chars().next_back();
        let after = &with_many[at + many.len()..];
        if before.is_some_and(|c| c.is_ascii_digit() || c == '#')
            || after.starts_with(|c: char| c.is_ascii_digit())
        {
            return None;
        }
        let word = next_word(after)?;
        let invariant = lang == Lang::En && ENGLISH_INVARIANT.contains(&word);
        (word.chars().count() > 1 && !not_counted(lang).contains(&word) && !invariant)
            .then(|| word.to_string())
    })
}

#[test]
fn every_count_changes_its_words_between_one_and_many() {
    let mut found = BTreeSet::new();
    for (id, vars) in message_variables() {
        let base: Vec<(&str, FluentValue<'static>)> = vars
            .iter()
            .map(|(name, var)| (*name, var.samples(name).remove(0)))
            .collect();
        for (name, _) in vars.iter().filter(|(_, var)| var.number) {
            for lang in Lang::ALL {
                let (one, many) = one_and_many(lang);
                let with = |n: i64| {
                    let mut args = Args::new();
                    for (other, value) in &base {
                        args.set(*other, value.clone());
                    }
                    args.set(*name, FluentValue::from(n));
                    render(lang, &id, &args).map(|(text, _)| text)
                };
                let (Some(a), Some(b)) = (with(one), with(many)) else {
                    continue;
                };
                if let Some(word) = unchanged_count(lang, &a, &b, one, many) {
                    found.insert(format!(
                        "{lang} {id}: \"{many} {word}\" and \"{one} {word}\" (${name})"
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "counts that do not choose their words:\n{}",
        found.into_iter().collect::<Vec<_>>().join("\n")
    );
    assert_eq!(
        unchanged_count(Lang::En, "with 1 points.", "with 25 points.", 1, 25),
        Some("points".to_string())
    );
    assert_eq!(
        unchanged_count(Lang::En, "with 1 point.", "with 25 points.", 1, 25),
        None
    );
    assert_eq!(
        unchanged_count(Lang::En, "#1 of 3", "#25 of 3", 1, 25),
        None
    );
}

#[test]
fn the_render_check_sees_words_but_not_commands_or_abbreviations() {
    assert!(has_words("Choose a piece"));
    assert!(!has_words("`tournament join #1` · SB"));
    assert!(!has_words("Pts"));
    assert!(!has_words("#3 **‹name›**"));
}
