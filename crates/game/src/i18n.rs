//! The languages the bot answers in, and the texts it answers with.
//!
//! Every text a player reads lives in a Fluent resource file, one per topic and language:
//! `assets/i18n/<lang>/<topic>.ftl`. The files are compiled into the binary (see [`TOPICS`]), so
//! a deployed bot needs nothing beside it. Code asks for a text by its message id with
//! [`tr!`](crate::tr): `tr!(lang, "games-none")`, or with placeholders
//! `tr!(lang, "challenge-expired", id = 3, challenger = mention)`. Numbers are passed as Fluent
//! numbers, so a translation can choose a plural form (Russian has one, few and many).
//!
//! A message missing in a language falls back to English; a message missing in English is a bug
//! (a debug assertion fails; a release build shows the id). The tests of this module check that
//! every message exists in every language with the same placeholders, and that every id
//! written as a literal in `tr!(…, "id"` anywhere in the workspace (`src/`, `crates/`) exists
//! in English.
//!
//! Move notation is not translated: pieces are K, R, B and moves are SAN in every language.

use std::fmt;
use std::sync::LazyLock;

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;
pub use fluent_bundle::{FluentArgs as Args, FluentValue};
use unic_langid::LanguageIdentifier;

/// The texts of the bot, by topic: each word is a file name under `assets/i18n/<lang>/`.
/// Adding a topic is adding its word here and its four files.
macro_rules! topics {
    ($($topic:literal),+ $(,)?) => {
        /// The resource files of every language, by topic.
        pub const TOPICS: &[&str] = &[$($topic),+];

        /// The text of each topic's file in `lang`, in the order of [`TOPICS`].
        fn sources(lang: Lang) -> [&'static str; TOPICS.len()] {
            match lang {
                Lang::En => [$(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/i18n/en/", $topic, ".ftl"))),+],
                Lang::Fr => [$(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/i18n/fr/", $topic, ".ftl"))),+],
                Lang::Es => [$(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/i18n/es/", $topic, ".ftl"))),+],
                Lang::Ru => [$(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/i18n/ru/", $topic, ".ftl"))),+],
            }
        }
    };
}

topics![
    "service",
    "notation",
    "command",
    "help",
    "rules",
    "discord",
    "ratings",
    "delivery",
    "guard",
    "markup",
    "tournaments",
    "picker",
    "profile",
    "correspondence",
    "analysis",
    "board",
    "web",
    "web_pages"
];

/// A language the bot answers in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English, the language of last resort: every message exists in it.
    #[default]
    En,
    /// French.
    Fr,
    /// Spanish (Spain's and Latin America's Discord locales alike).
    Es,
    /// Russian.
    Ru,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::Es, Lang::Ru];

    /// The language's code, as players type it and the store keeps it: `en`, `fr`, `es`, `ru`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Ru => "ru",
        }
    }

    /// The language of a locale, if the bot speaks it: a plain code (`fr`), Discord's locales
    /// (`en-US`, `en-GB`, `es-ES`, `es-419`), a POSIX one (`ru_RU.UTF-8`), in any case.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale
            .trim()
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default();
        Lang::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(primary))
    }

    /// The language to answer in: the language the player chose with `settings language`
    /// (a choice they made outranks everything), else the locale of their client for this
    /// interaction, else the server's preferred locale, else English. A locale the bot does
    /// not speak is passed over.
    pub fn resolve(chosen: Option<&str>, client: Option<&str>, server: Option<&str>) -> Lang {
        [chosen, client, server]
            .into_iter()
            .flatten()
            .find_map(Lang::from_locale)
            .unwrap_or(Lang::En)
    }

    /// The Unicode language identifier Fluent chooses plural rules by.
    fn langid(self) -> LanguageIdentifier {
        self.code()
            .parse()
            .expect("every language code is a valid identifier")
    }

    /// The text of message `id` (or of attribute `id.attribute`) in this language, with its
    /// placeholders filled from `args`. Falls back to English when this language lacks it.
    pub fn text(self, id: &str, args: &Args) -> String {
        lookup(&BUNDLES, self, id, args)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One language's messages, from all its topics.
struct Bundle(FluentBundle<FluentResource>);

impl Bundle {
    fn load(lang: Lang) -> Bundle {
        let files = TOPICS.iter().zip(sources(lang)).map(|(topic, source)| {
            (
                format!("assets/i18n/{lang}/{topic}.ftl"),
                source.to_string(),
            )
        });
        Bundle::from_files(lang, files)
    }

    /// A bundle of `(file name, Fluent source)` pairs; a file that does not parse or repeats
    /// an id is a bug in the shipped resources, caught by this module's tests.
    fn from_files(lang: Lang, files: impl IntoIterator<Item = (String, String)>) -> Bundle {
        let mut bundle = FluentBundle::new_concurrent(vec![lang.langid()]);
        // Unicode isolation marks around placeholders would break Discord's `<@id>` mentions
        // and `<t:…:R>` times, and every text here is left-to-right anyway.
        bundle.set_use_isolating(false);
        for (name, source) in files {
            let resource = FluentResource::try_new(source)
                .unwrap_or_else(|(_, e)| panic!("{name} does not parse: {e:?}"));
            if let Err(e) = bundle.add_resource(resource) {
                panic!("{name} repeats a message id: {e:?}");
            }
        }
        Bundle(bundle)
    }

    /// Formats `id` or `id.attribute`; `None` when this bundle has no such message.
    fn format(&self, id: &str, args: Option<&Args>) -> Option<String> {
        let (message, attribute) = match id.split_once('.') {
            Some((message, attribute)) => (message, Some(attribute)),
            None => (id, None),
        };
        let message = self.0.get_message(message)?;
        let pattern = match attribute {
            Some(attribute) => message.get_attribute(attribute)?.value(),
            None => message.value()?,
        };
        let mut errors = Vec::new();
        let text = self
            .0
            .format_pattern(pattern, args, &mut errors)
            .into_owned();
        debug_assert!(errors.is_empty(), "formatting `{id}`: {errors:?}");
        if !errors.is_empty() {
            tracing::error!(id, ?errors, "message formatted with errors");
        }
        Some(text)
    }
}

/// Message `id` from `lang`'s bundle, else from English's, else the id itself (a bug).
fn lookup(bundles: &[Bundle; 4], lang: Lang, id: &str, args: &Args) -> String {
    let args = (args.iter().next().is_some()).then_some(args);
    if let Some(text) = bundles[lang as usize].format(id, args) {
        return text;
    }
    if let Some(text) = bundles[Lang::En as usize].format(id, args) {
        return text;
    }
    debug_assert!(false, "message `{id}` is missing in English");
    tracing::error!(id, "message missing in English");
    id.to_string()
}

/// Every language's bundle, indexed by `Lang as usize`, parsed once on first use.
static BUNDLES: LazyLock<[Bundle; 4]> = LazyLock::new(|| Lang::ALL.map(Bundle::load));

/// A text in a language: `tr!(lang, "message-id")`, or with placeholders
/// `tr!(lang, "message-id", name = value, count = 3)`. Values are strings or numbers (numbers
/// choose plural forms). Returns a `String`.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr $(,)?) => {
        $crate::i18n::Lang::text($lang, $id, &$crate::i18n::Args::new())
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::Args::new();
        $(args.set(stringify!($name), $crate::i18n::FluentValue::from($value));)+
        $crate::i18n::Lang::text($lang, $id, &args)
    }};
}

pub use crate::tr;

#[cfg(test)]
mod checks;
#[cfg(test)]
mod glossary;
#[cfg(test)]
mod render;

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    use fluent_syntax::ast;

    use super::*;

    /// Message (or `message.attribute`) → the variables it uses.
    type Placeholders = BTreeMap<String, BTreeSet<String>>;

    fn inline_variables(expression: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match expression {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                call_variables(arguments, out);
            }
            ast::InlineExpression::TermReference {
                arguments: Some(arguments),
                ..
            } => call_variables(arguments, out),
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, out)
            }
            _ => {}
        }
    }

    fn call_variables(arguments: &ast::CallArguments<&str>, out: &mut BTreeSet<String>) {
        for positional in &arguments.positional {
            inline_variables(positional, out);
        }
        for named in &arguments.named {
            inline_variables(&named.value, out);
        }
    }

    fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                inline_variables(selector, out);
                for variant in variants {
                    pattern_variables(&variant.value, out);
                }
            }
            ast::Expression::Inline(inline) => inline_variables(inline, out),
        }
    }

    fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, out);
            }
        }
    }

    /// Every message and attribute of a language with its placeholders, failing on any
    /// syntax error.
    fn placeholders(lang: Lang) -> Placeholders {
        let mut all = Placeholders::new();
        for (topic, source) in TOPICS.iter().zip(sources(lang)) {
            let resource = fluent_syntax::parser::parse(source)
                .unwrap_or_else(|(_, errors)| panic!("assets/i18n/{lang}/{topic}.ftl: {errors:?}"));
            for entry in &resource.body {
                let (id, value, attributes) = match entry {
                    ast::Entry::Message(m) => (m.id.name, m.value.as_ref(), &m.attributes),
                    ast::Entry::Term(t) => (t.id.name, Some(&t.value), &t.attributes),
                    ast::Entry::Junk { content } => {
                        panic!("assets/i18n/{lang}/{topic}.ftl: junk {content:?}")
                    }
                    _ => continue,
                };
                let id = match entry {
                    ast::Entry::Term(_) => format!("-{id}"),
                    _ => id.to_string(),
                };
                if let Some(value) = value {
                    let mut vars = BTreeSet::new();
                    pattern_variables(value, &mut vars);
                    assert!(
                        all.insert(id.clone(), vars).is_none(),
                        "{lang}: `{id}` defined twice"
                    );
                }
                for attribute in attributes {
                    let mut vars = BTreeSet::new();
                    pattern_variables(&attribute.value, &mut vars);
                    let key = format!("{id}.{}", attribute.id.name);
                    assert!(
                        all.insert(key.clone(), vars).is_none(),
                        "{lang}: `{key}` defined twice"
                    );
                }
            }
        }
        all
    }

    #[test]
    fn every_message_exists_in_every_language_with_the_same_placeholders() {
        let english = placeholders(Lang::En);
        assert!(!english.is_empty());
        for lang in Lang::ALL {
            let theirs = placeholders(lang);
            let missing: Vec<_> = english
                .keys()
                .filter(|k| !theirs.contains_key(*k))
                .collect();
            let extra: Vec<_> = theirs
                .keys()
                .filter(|k| !english.contains_key(*k))
                .collect();
            assert!(missing.is_empty(), "{lang} lacks {missing:?}");
            assert!(
                extra.is_empty(),
                "{lang} has messages English lacks: {extra:?}"
            );
            for (id, vars) in &english {
                assert_eq!(&theirs[id], vars, "{lang}: placeholders of `{id}`");
            }
        }
        // Parsing every bundle also checks that no id is defined in two topics.
        for lang in Lang::ALL {
            let _ = &BUNDLES[lang as usize];
        }
    }

    #[test]
    fn locales_map_to_languages() {
        for (locale, lang) in [
            ("en", Some(Lang::En)),
            ("en-US", Some(Lang::En)),
            ("en-GB", Some(Lang::En)),
            ("EN-gb", Some(Lang::En)),
            ("fr", Some(Lang::Fr)),
            ("FR", Some(Lang::Fr)),
            ("es-ES", Some(Lang::Es)),
            ("es-419", Some(Lang::Es)),
            ("ru", Some(Lang::Ru)),
            ("ru_RU.UTF-8", Some(Lang::Ru)),
            ("de", None),
            ("pt-BR", None),
            ("", None),
            ("e", None),
            ("english", None),
        ] {
            assert_eq!(Lang::from_locale(locale), lang, "{locale:?}");
        }
        for lang in Lang::ALL {
            assert_eq!(Lang::from_locale(lang.code()), Some(lang));
        }
    }

    #[test]
    fn resolution_prefers_the_choice_then_the_client_then_the_server() {
        assert_eq!(Lang::resolve(Some("fr"), Some("es"), Some("ru")), Lang::Fr);
        assert_eq!(Lang::resolve(None, Some("es"), Some("ru")), Lang::Es);
        assert_eq!(Lang::resolve(None, None, Some("ru")), Lang::Ru);
        assert_eq!(Lang::resolve(None, None, None), Lang::En);
        // A locale the bot does not speak passes the choice on.
        assert_eq!(Lang::resolve(Some("de"), Some("es"), Some("ru")), Lang::Es);
        assert_eq!(Lang::resolve(Some("de"), None, Some("pt-BR")), Lang::En);
        assert_eq!(Lang::resolve(Some("en-US"), Some("ru"), None), Lang::En);
        // The player's choice outranks their client's locale.
        assert_eq!(
            Lang::resolve(Some("fr"), Some("en-US"), Some("ru")),
            Lang::Fr
        );
    }

    fn bundle(lang: Lang, source: &str) -> Bundle {
        Bundle::from_files(lang, [("test.ftl".to_string(), source.to_string())])
    }

    #[test]
    fn texts_fill_placeholders_and_fall_back_to_english() {
        let bundles = [
            bundle(
                Lang::En,
                "hello = Hello { $who }\nbye = Bye\nonly-en = English only",
            ),
            bundle(Lang::Fr, "hello = Bonjour { $who }\nbye = Au revoir"),
            bundle(Lang::Es, "hello = Hola { $who }\nbye = Adiós"),
            bundle(Lang::Ru, "hello = Привет, { $who }\nbye = Пока"),
        ];
        let mut who = Args::new();
        who.set("who", "<@12>");
        // No isolation marks around the mention: Discord must see `<@12>` as it is.
        assert_eq!(lookup(&bundles, Lang::Fr, "hello", &who), "Bonjour <@12>");
        assert_eq!(lookup(&bundles, Lang::Ru, "hello", &who), "Привет, <@12>");
        assert_eq!(lookup(&bundles, Lang::Es, "bye", &Args::new()), "Adiós");
        assert_eq!(
            lookup(&bundles, Lang::Fr, "only-en", &Args::new()),
            "English only"
        );
        assert_eq!(
            lookup(&bundles, Lang::Ru, "only-en", &Args::new()),
            "English only"
        );
        // The shipped texts, through the macro.
        assert_eq!(
            tr!(Lang::En, "store-unavailable"),
            "I can't reach my database just now, so nothing was changed. Please try again shortly."
        );
        assert_ne!(
            tr!(Lang::Fr, "store-unavailable"),
            tr!(Lang::En, "store-unavailable")
        );
    }

    #[test]
    #[should_panic(expected = "missing in English")]
    fn a_message_missing_in_english_is_a_bug() {
        let bundles = [
            bundle(Lang::En, "a = A"),
            bundle(Lang::Fr, "a = A"),
            bundle(Lang::Es, "a = A"),
            bundle(Lang::Ru, "a = A"),
        ];
        lookup(&bundles, Lang::Fr, "no-such-message", &Args::new());
    }

    #[test]
    fn russian_numbers_choose_their_plural_form() {
        let ru = bundle(
            Lang::Ru,
            "days = { $n } { $n ->\n [one] день\n [few] дня\n *[many] дней\n}",
        );
        for (n, text) in [
            (1, "1 день"),
            (3, "3 дня"),
            (5, "5 дней"),
            (21, "21 день"),
            (12, "12 дней"),
        ] {
            let mut args = Args::new();
            args.set("n", FluentValue::from(n));
            assert_eq!(ru.format("days", Some(&args)).unwrap(), text);
        }
    }

    /// The ids written as literals in `tr!(LANG, "id"` in one source file.
    fn literal_ids(source: &str) -> Vec<String> {
        let mut ids = Vec::new();
        // Doc comments show the macro with example ids.
        let code: String = source
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let mut rest = code.as_str();
        while let Some(at) = rest.find("tr!(") {
            rest = &rest[at + 4..];
            // Skip the language expression: up to the first comma outside brackets.
            let mut depth = 0usize;
            let mut comma = None;
            for (i, c) in rest.char_indices() {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' if depth == 0 => break,
                    ')' | ']' | '}' => depth -= 1,
                    ',' if depth == 0 => {
                        comma = Some(i);
                        break;
                    }
                    _ => {}
                }
            }
            let Some(comma) = comma else { continue };
            let after = rest[comma + 1..].trim_start();
            ids.extend(leading_literal(after));
        }
        // A refusal names its message first, after its reason if it gives one:
        // `no!("id", …)`, `no!(AtCap, "id", …)`, `said!("id", …)`.
        // (Spelt in two halves, so that this file does not name ids it does not have.)
        for mac in [concat!("no", "!("), concat!("said", "!(")] {
            let mut rest = code.as_str();
            while let Some(at) = rest.find(mac) {
                rest = &rest[at + mac.len()..];
                let after = rest.trim_start();
                let after = match after.split_once(',') {
                    Some((reason, tail)) if reason.chars().all(|c| c.is_ascii_alphanumeric()) => {
                        tail.trim_start()
                    }
                    _ => after,
                };
                ids.extend(leading_literal(after));
            }
        }
        ids
    }

    /// The string literal `text` starts with, if it does.
    fn leading_literal(text: &str) -> Option<String> {
        let literal = text.strip_prefix('"')?;
        let end = literal.find('"')?;
        Some(literal[..end].to_string())
    }

    fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    #[test]
    fn every_literal_id_in_the_code_exists_in_english() {
        assert_eq!(
            literal_ids(
                "tr!(lang, \"a-b\") tr!(f(x, y), \"c\", n = 1) tr!(\n  self.lang,\n  \"d.e\",\n)\n\
                 no!(\"f\", n = 1) no!(\n AtCap,\n \"g\"\n) said!(\"h\") no!(NotAllowed, key)"
            ),
            ["a-b", "c", "d.e", "f", "g", "h"]
        );
        let english = placeholders(Lang::En);
        let mut files = Vec::new();
        // The whole workspace: the binary's `src` and every crate's.
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        rust_files(&workspace.join("src"), &mut files);
        rust_files(&workspace.join("crates"), &mut files);
        let mut unknown = Vec::new();
        let mut seen = 0;
        for file in files {
            let source = std::fs::read_to_string(&file).unwrap();
            for id in literal_ids(&source) {
                seen += 1;
                if !english.contains_key(&id) {
                    unknown.push(format!("{}: {id}", file.display()));
                }
            }
        }
        assert!(seen > 1, "the scan finds the code's tr! calls");
        assert!(unknown.is_empty(), "ids missing in English: {unknown:#?}");
    }
}
