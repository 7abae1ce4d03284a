//! Credentials kept out of what is printed: the one function that makes a URL safe to show (in
//! a log, a progress line, an error), and its use on free text that may hold URLs (a library's
//! error message). Every place that prints a URL goes through [`url`] or [`text`].
//!
//! What is masked, as `***`: the password of the userinfo (`postgres://bot:***@db/x`), also when
//! it holds characters a URL should have escaped (`/`, `?`, `#`, `@`); the value of every query
//! parameter that names a secret (`password`, `sslpassword`, `token`, `secret`, `api_key`, …:
//! [`secret_key`]); and the tokens Discord's API carries in its paths (`/webhooks/ID/TOKEN`,
//! `/interactions/ID/TOKEN`). The rest is shown as it was written, so that an operator can still
//! tell which database or host is meant.

use std::ops::Range;

/// What stands for a masked credential.
const MASK: &str = "***";

/// `url` with every credential in it masked.
pub fn url(url: &str) -> String {
    let mut masks = Vec::new();
    let (start, hierarchical) = match url.find("://") {
        Some(i) => (i + 3, true),
        // `sqlite::memory:?…`, `mailto:…`: no authority, but a query may still hold a secret.
        None => (url.find(':').map_or(0, |i| i + 1), false),
    };
    let mut after_userinfo = start;
    if hierarchical && let Some(range) = password(&url[start..]) {
        after_userinfo = start + range.end;
        masks.push(start + range.start..start + range.end);
    }
    masks.extend(query_secrets(url, after_userinfo));
    masks.extend(path_tokens(url, after_userinfo));
    apply(url, masks)
}

/// `text` with every URL in it passed through [`url`]: for messages written by others (a
/// library's error that names the URL it failed on).
pub fn text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(found) = rest.find("://") {
        let scheme_start = rest[..found]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
            .map_or(0, |i| i + 1);
        if scheme_start == found {
            // `://` with no scheme before it: not a URL; go on after it.
            out.push_str(&rest[..found + 3]);
            rest = &rest[found + 3..];
            continue;
        }
        let end = found
            + rest[found..]
                .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '<' | '>' | '`'))
                .unwrap_or(rest.len() - found);
        let mut candidate = &rest[scheme_start..end];
        // A URL in parentheses or at the end of a sentence: the closing marks are the text's.
        while let Some(last) = candidate.chars().last() {
            let unbalanced_paren = last == ')' && !candidate.contains('(');
            if unbalanced_paren || matches!(last, '.' | ',' | ';' | ':' | '!' | '?') {
                candidate = &candidate[..candidate.len() - 1];
            } else {
                break;
            }
        }
        out.push_str(&rest[..scheme_start]);
        out.push_str(&self::url(candidate));
        rest = &rest[scheme_start + candidate.len()..];
    }
    out.push_str(rest);
    out
}

/// Whether a query parameter named `key` carries a secret: `password`, `sslpassword`, `passwd`,
/// `pwd`, `secret`, `client_secret`, `token`, `access_token`, `api_key`, `apikey`, `key`,
/// `auth`, `credentials`, `signature`, `sig` and the like, in any case, with `-` or `_`.
pub fn secret_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase().replace('-', "_");
    const EXACT: &[&str] = &["pwd", "key", "auth", "sig", "code"];
    const WITHIN: &[&str] = &[
        "pass",
        "secret",
        "token",
        "credential",
        "apikey",
        "api_key",
        "private_key",
        "access_key",
        "signature",
        "authorization",
    ];
    EXACT.contains(&key.as_str()) || WITHIN.iter().any(|w| key.contains(w))
}

/// The password of the userinfo at the start of `rest` (what follows `scheme://`), as a range
/// of `rest`.
fn password(rest: &str) -> Option<Range<usize>> {
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    // As a URL parser reads it (and the database driver with it): the userinfo runs up to the
    // last `@` of the authority.
    if let Some(at) = authority.rfind('@') {
        let colon = authority[..at].find(':')?;
        return Some(colon + 1..at);
    }
    // No `@` there, but one further on: a password with an unescaped `/`, `?` or `#` cut the
    // authority short (`bot:pa/ss@db`). Then what stands after the colon is no port.
    let first_at = rest[authority_end..].find('@')? + authority_end;
    if authority.starts_with('[') {
        return None;
    }
    let colon = authority.find(':')?;
    let port = &authority[colon + 1..];
    if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let host_end = rest[first_at..]
        .find(['/', '?', '#'])
        .map_or(rest.len(), |i| first_at + i);
    let at = rest[..host_end].rfind('@')?;
    Some(colon + 1..at)
}

/// The values of the query parameters of `url` (its query: from the first `?` at or after
/// `from`) that carry secrets.
fn query_secrets(url: &str, from: usize) -> Vec<Range<usize>> {
    let Some(question) = url[from..].find('?') else {
        return Vec::new();
    };
    let query_start = from + question + 1;
    let query_end = url[query_start..]
        .find('#')
        .map_or(url.len(), |i| query_start + i);
    let mut masks = Vec::new();
    let mut at = query_start;
    for pair in url[query_start..query_end].split(['&', ';']) {
        if let Some((key, value)) = pair.split_once('=')
            && secret_key(key)
            && !value.is_empty()
        {
            let value_start = at + key.len() + 1;
            masks.push(value_start..value_start + value.len());
        }
        at += pair.len() + 1;
    }
    masks
}

/// The tokens in the path of a Discord API URL: `…/webhooks/ID/TOKEN…` and
/// `…/interactions/ID/TOKEN/…` (an interaction's token answers it for 15 minutes).
fn path_tokens(url: &str, from: usize) -> Vec<Range<usize>> {
    let path_end = url[from..].find(['?', '#']).map_or(url.len(), |i| from + i);
    let mut masks = Vec::new();
    for marker in ["/webhooks/", "/interactions/"] {
        let mut search = from;
        while let Some(found) = url[search..path_end].find(marker) {
            let id_start = search + found + marker.len();
            let id_end = url[id_start..path_end]
                .find('/')
                .map_or(path_end, |i| id_start + i);
            search = id_end;
            if id_end == path_end || !url[id_start..id_end].bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let token_start = id_end + 1;
            let token_end = url[token_start..path_end]
                .find('/')
                .map_or(path_end, |i| token_start + i);
            if token_end > token_start {
                masks.push(token_start..token_end);
            }
            search = token_end;
        }
    }
    masks
}

/// `text` with each range (merged where they overlap) replaced by [`MASK`].
fn apply(text: &str, mut masks: Vec<Range<usize>>) -> String {
    masks.retain(|r| r.start < r.end);
    masks.sort_by_key(|r| r.start);
    let mut out = String::with_capacity(text.len());
    let mut shown = 0;
    for mask in masks {
        if mask.end <= shown {
            continue;
        }
        let start = mask.start.max(shown);
        out.push_str(&text[shown..start]);
        out.push_str(MASK);
        shown = mask.end;
    }
    out.push_str(&text[shown..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userinfo_passwords() {
        for (given, shown) in [
            ("postgres://bot:hunter2@db/x", "postgres://bot:***@db/x"),
            ("postgres://bot@db/x", "postgres://bot@db/x"),
            ("postgres://:hunter2@db/x", "postgres://:***@db/x"),
            ("postgres://bot:@db/x", "postgres://bot:@db/x"),
            // Characters a URL should have escaped, in the password.
            ("postgres://bot:hun@ter2@db/x", "postgres://bot:***@db/x"),
            ("postgres://bot:hun/ter2@db/x", "postgres://bot:***@db/x"),
            ("postgres://bot:hun?ter2@db/x", "postgres://bot:***@db/x"),
            (
                "postgres://bot:hun#ter2@db:5432/x",
                "postgres://bot:***@db:5432/x",
            ),
            ("postgres://bot:p%40ss@db/x", "postgres://bot:***@db/x"),
            // No userinfo: a port, an IPv6 host, an `@` in the query.
            ("postgres://db:5432/x", "postgres://db:5432/x"),
            ("postgres://[::1]:5432/x", "postgres://[::1]:5432/x"),
            (
                "postgres://db:5432/x?user=bob@corp",
                "postgres://db:5432/x?user=bob@corp",
            ),
            ("sqlite://x.db", "sqlite://x.db"),
            ("sqlite::memory:", "sqlite::memory:"),
            ("", ""),
        ] {
            assert_eq!(url(given), shown, "{given}");
        }
    }

    #[test]
    fn query_parameters_that_carry_secrets() {
        for (given, shown) in [
            (
                "postgres://db/x?password=hunter2",
                "postgres://db/x?password=***",
            ),
            (
                "postgres://bot@db/x?sslmode=require&sslpassword=k3y&application_name=rb",
                "postgres://bot@db/x?sslmode=require&sslpassword=***&application_name=rb",
            ),
            (
                "postgres://bot:a@db/x?PASSWORD=b#frag",
                "postgres://bot:***@db/x?PASSWORD=***#frag",
            ),
            (
                "https://h/p?access_token=t&x=1",
                "https://h/p?access_token=***&x=1",
            ),
            (
                "https://h/p?api-key=k;sig=s",
                "https://h/p?api-key=***;sig=***",
            ),
            ("sqlite::memory:?password=x", "sqlite::memory:?password=***"),
            ("sqlite://a.db?mode=ro", "sqlite://a.db?mode=ro"),
            ("postgres://db/x?password=", "postgres://db/x?password="),
        ] {
            assert_eq!(url(given), shown, "{given}");
        }
    }

    #[test]
    fn discord_path_tokens() {
        assert_eq!(
            url("https://discord.com/api/v10/interactions/123/aW50ZXJhY3Rpb24/callback"),
            "https://discord.com/api/v10/interactions/123/***/callback"
        );
        assert_eq!(
            url("https://discord.com/api/v10/webhooks/99/tok-en/messages/@original?wait=true"),
            "https://discord.com/api/v10/webhooks/99/***/messages/@original?wait=true"
        );
        assert_eq!(
            url("https://discord.com/api/v10/channels/5/messages"),
            "https://discord.com/api/v10/channels/5/messages"
        );
    }

    #[test]
    fn urls_inside_text() {
        assert_eq!(
            text(
                "error sending request for url (https://u:pw@discord.com/api/v10/webhooks/1/tok/messages/@original): \
                 connection refused"
            ),
            "error sending request for url (https://u:***@discord.com/api/v10/webhooks/1/***/messages/@original): \
             connection refused"
        );
        assert_eq!(
            text("cannot open postgres://db/x?password=hunter2. Try again"),
            "cannot open postgres://db/x?password=***. Try again"
        );
        assert_eq!(text("no url :// here"), "no url :// here");
        assert_eq!(
            text("`postgres://a:b@h/x` and 'redis://:c@h'"),
            "`postgres://a:***@h/x` and 'redis://:***@h'"
        );
    }

    #[test]
    fn secret_parameter_names() {
        for key in [
            "password",
            "sslpassword",
            "Passwd",
            "pwd",
            "client_secret",
            "token",
            "refresh-token",
            "api_key",
            "apikey",
            "key",
        ] {
            assert!(secret_key(key), "{key}");
        }
        for key in [
            "sslmode",
            "user",
            "dbname",
            "mode",
            "application_name",
            "host",
        ] {
            assert!(!secret_key(key), "{key}");
        }
    }
}
