//! The guides against the code, so that they cannot fall behind it: every command of the help
//! is in the players' guide, every variable the code reads from the environment is in the
//! operators' guide and `.env.example`, and every relative link of the README and `docs/*.md`
//! leads to a file (and, for `#anchor`, a heading) that exists.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rollerball::game::command::HELP;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The command words of `help` that `guide` does not show as code (`` `word ``).
fn commands_missing_from(guide: &str) -> Vec<&'static str> {
    HELP.iter()
        .map(|entry| entry.name)
        .filter(|name| !guide.contains(&format!("`{name}")))
        .collect()
}

#[test]
fn every_command_of_the_help_is_in_the_players_guide() {
    let guide = read(&root().join("docs/players.md"));
    assert!(HELP.len() > 20, "the help lists the commands");
    assert_eq!(commands_missing_from(&guide), Vec::<&str>::new());
    // The check can fail: a guide without a command's word is caught.
    let without = guide.replace("`forecast", "`fore cast");
    assert_eq!(commands_missing_from(&without), vec!["forecast"]);
}

/// The functions and closures the settings are read through: `std::env::var("…")` and the
/// config readers' lookups (`get("WEB_ADDR")`, `value("DISCORD_TOKEN")`).
const READERS: &[&str] = &["var", "var_os", "get", "value", "lookup"];

/// Variables read by a library rather than by a call in our source.
const READ_ELSEWHERE: &[&str] = &["RUST_LOG"];

/// Variables of the system rather than settings of the bot: in the operators' guide, not in
/// `.env.example`.
const NOT_SETTINGS: &[&str] = &["LANG"];

/// The names in `source` passed as a string literal to one of [`READERS`], before its tests.
fn variables_read_in(source: &str) -> BTreeSet<String> {
    let code = source.split("#[cfg(test)]").next().unwrap_or(source);
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("(\"") {
        let before = &code[..at];
        let reader = before
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        if !READERS.contains(&reader) {
            continue;
        }
        let rest = &code[at + 2..];
        let Some(end) = rest.find('"') else { continue };
        let name = &rest[..end];
        let is_variable = name.len() >= 3
            && name.starts_with(|c: char| c.is_ascii_uppercase())
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        if is_variable {
            found.insert(name.to_string());
        }
    }
    found
}

fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// Every variable the bot's source reads (the crates' `src/` and the binary's).
fn variables_read() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    for krate in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        rust_files(&krate.path().join("src"), &mut files);
    }
    let mut names: BTreeSet<String> = files
        .iter()
        .flat_map(|file| variables_read_in(&read(file)))
        .collect();
    names.extend(READ_ELSEWHERE.iter().map(|n| n.to_string()));
    names
}

/// The names of `names` that `text` does not show as code (`` `NAME` `` or `` `NAME=…` ``), or,
/// for `.env.example`, as a line's `NAME=` (commented out or not).
fn missing(names: &BTreeSet<String>, text: &str, env_file: bool) -> Vec<String> {
    names
        .iter()
        .filter(|name| {
            if env_file {
                !text.lines().any(|line| {
                    line.trim_start_matches(['#', ' '])
                        .starts_with(&format!("{name}="))
                })
            } else {
                !text.contains(&format!("`{name}`")) && !text.contains(&format!("`{name}="))
            }
        })
        .cloned()
        .collect()
}

#[test]
fn every_variable_read_is_in_the_operators_guide_and_the_env_example() {
    let names = variables_read();
    for known in [
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "SHARDS",
        "WEB_SECRET",
        "METRICS_ADDR",
    ] {
        assert!(names.contains(known), "the scan finds {known}: {names:?}");
    }
    let guide = read(&root().join("docs/operators.md"));
    assert_eq!(missing(&names, &guide, false), Vec::<String>::new());
    let settings: BTreeSet<String> = names
        .iter()
        .filter(|n| !NOT_SETTINGS.contains(&n.as_str()))
        .cloned()
        .collect();
    let example = read(&root().join(".env.example"));
    assert_eq!(missing(&settings, &example, true), Vec::<String>::new());
    // The checks can fail: a variable read but not documented is caught.
    let source = "let x = get(\"NEW_SETTING\"); std::env::var(\"OTHER_ONE\");\n#[cfg(test)]\nget(\"T_ONLY\")";
    let new: BTreeSet<String> = variables_read_in(source);
    assert_eq!(new.iter().collect::<Vec<_>>(), ["NEW_SETTING", "OTHER_ONE"]);
    assert_eq!(missing(&new, &guide, false).len(), 2);
    assert_eq!(missing(&new, &example, true).len(), 2);
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The lines of a Markdown file outside its fenced code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                return false;
            }
            !fenced
        })
        .collect()
}

/// The anchors of a Markdown file's headings, numbered as GitHub numbers repeats.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for line in prose(text) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = slug(heading);
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// The link targets of a Markdown file (`[text](target)` and `![alt](target)`), outside code.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in prose(text) {
        // Inline code is not a link.
        let outside: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join(" ");
        for (at, _) in outside.match_indices("](") {
            let rest = &outside[at + 2..];
            if let Some(end) = rest.find(')') {
                let target = rest[..end].split_whitespace().next().unwrap_or("");
                found.push(target.to_string());
            }
        }
    }
    found
}

/// The broken relative links of the Markdown file `file`: each as `file: target (why)`.
fn broken_links(file: &Path, text: &str) -> Vec<String> {
    let mut broken = Vec::new();
    for target in links(text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target.as_str(), None),
        };
        let dest = if path.is_empty() {
            file.to_path_buf()
        } else {
            file.parent().unwrap().join(path)
        };
        if !dest.exists() {
            broken.push(format!("{}: {target} (no such file)", file.display()));
            continue;
        }
        if let Some(anchor) = anchor {
            let headings = anchors(&read(&dest));
            if !headings.contains(anchor) {
                broken.push(format!("{}: {target} (no such heading)", file.display()));
            }
        }
    }
    broken
}

fn guides() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap().flatten() {
        if entry.path().extension().is_some_and(|e| e == "md") {
            files.push(entry.path());
        }
    }
    files.sort();
    files
}

#[test]
fn every_relative_link_of_the_guides_leads_somewhere() {
    let files = guides();
    assert!(
        files.len() >= 4,
        "the README and the three guides: {files:?}"
    );
    let mut broken = Vec::new();
    let mut count = 0;
    for file in &files {
        let text = read(file);
        count += links(&text).len();
        broken.extend(broken_links(file, &text));
    }
    assert!(count > 20, "the guides link each other ({count} links)");
    assert_eq!(broken, Vec::<String>::new());
    // The check can fail: a missing file and a missing heading are caught.
    let readme = root().join("README.md");
    let bad = "[a](docs/nowhere.md) [b](docs/players.md#no-such-heading) [c](#two-commands)";
    assert_eq!(broken_links(&readme, bad).len(), 2);
}

#[test]
fn anchors_are_githubs() {
    assert_eq!(
        slug(" Settings: `.env` and every variable"),
        "settings-env-and-every-variable"
    );
    assert_eq!(
        slug("Moving to PostgreSQL (and back)"),
        "moving-to-postgresql-and-back"
    );
    let repeated = anchors("# A\n## Tests\n```\n# not a heading\n```\n### Tests\n");
    assert_eq!(
        repeated.into_iter().collect::<Vec<_>>(),
        ["a", "tests", "tests-1"]
    );
}
