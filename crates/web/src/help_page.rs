//! `/help`: the players' guide in the reader's language (`docs/players.md` and its
//! translations `docs/players.LANG.md`, compiled in) as a page of the site, and its pictures at
//! `/help/images/NAME`. The guide is the same file the repository shows, so the page cannot say
//! something the guide does not.
//!
//! The Markdown is the project's own, but it is still read as untrusted text: raw HTML in it is
//! shown as text, never passed through, and a link or picture that leaves the guide for
//! another file of the repository (`operators.md`, `../README.md`) is shown as its words alone,
//! since the site does not serve those files.

use std::sync::OnceLock;

use rollerball_game::{Lang, tr};

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use maud::{PreEscaped, html};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::Site;
use crate::game_page::PageQuery;
use crate::html::{self as shell, Head, MainAttrs};
use crate::lang::reader_lang;

/// The players' guide in each language, as the repository holds it.
pub const GUIDES: [(Lang, &str); 4] = [
    (Lang::En, include_str!("../../../docs/players.md")),
    (Lang::Fr, include_str!("../../../docs/players.fr.md")),
    (Lang::Es, include_str!("../../../docs/players.es.md")),
    (Lang::Ru, include_str!("../../../docs/players.ru.md")),
];

/// The pictures the guide shows, by the name it gives them under `images/`.
const IMAGES: &[(&str, &[u8])] = &[
    (
        "board.png",
        include_bytes!("../../../docs/images/board.png"),
    ),
    (
        "eval-graph.png",
        include_bytes!("../../../docs/images/eval-graph.png"),
    ),
    (
        "crosstable.png",
        include_bytes!("../../../docs/images/crosstable.png"),
    ),
    (
        "targets.png",
        include_bytes!("../../../docs/images/targets.png"),
    ),
    (
        "game-page.png",
        include_bytes!("../../../docs/images/game-page.png"),
    ),
];

/// `/help`: the guide in the reader's language, in the site's shell.
pub async fn help(
    State(site): State<Site>,
    headers: HeaderMap,
    Query(query): Query<PageQuery>,
) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    let url = site.links.help(lang);
    let title = tr!(lang, "help-page-title");
    let description = tr!(lang, "help-page-description");
    let head = Head::without_image(&title, &description, &url);
    let body = html! {
        article class="guide" { (PreEscaped(rendered(lang))) }
    };
    let attrs = MainAttrs {
        footer: true,
        ..MainAttrs::default()
    };
    Html(shell::page(lang, &head, attrs, body).into_string()).into_response()
}

/// `/help/images/{name}`: one of the guide's pictures.
pub async fn image(Path(name): Path<String>) -> Response {
    let Some((_, bytes)) = IMAGES.iter().find(|(n, _)| *n == name) else {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    };
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}

/// The guide in `lang` as HTML, made once.
fn rendered(lang: Lang) -> &'static str {
    static HTML: [OnceLock<String>; 4] = [const { OnceLock::new() }; 4];
    let at = GUIDES.iter().position(|(l, _)| *l == lang).unwrap_or(0);
    HTML[at].get_or_init(|| to_html(GUIDES[at].1))
}

/// `markdown` as HTML: raw HTML escaped, headings given GitHub's anchors (so the guide's own
/// `#links` work), pictures under `/help/images/`, links to other files reduced to their words.
pub fn to_html(markdown: &str) -> String {
    let parser = Parser::new_ext(markdown, Options::ENABLE_TABLES);
    let mut events: Vec<Event<'_>> = Vec::new();
    // The heading being read: its level and its inline events.
    let mut heading: Option<(HeadingLevel, Vec<Event<'_>>)> = None;
    // How many of the links opened are dropped (their words kept).
    let mut dropped_links: Vec<bool> = Vec::new();
    let mut used = std::collections::BTreeSet::new();
    for event in parser {
        let event = match event {
            // Raw HTML is shown, never obeyed.
            Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let keep = dest_url.starts_with('#') || dest_url.contains("://");
                dropped_links.push(!keep);
                if !keep {
                    continue;
                }
                Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                })
            }
            Event::End(TagEnd::Link) => {
                if dropped_links.pop().unwrap_or(false) {
                    continue;
                }
                Event::End(TagEnd::Link)
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let dest_url = match dest_url.strip_prefix("images/") {
                    Some(name) => CowStr::from(format!("/help/images/{name}")),
                    None => dest_url,
                };
                Event::Start(Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    id,
                })
            }
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((level, Vec::new()));
                continue;
            }
            Event::End(TagEnd::Heading(_)) => {
                let Some((level, inner)) = heading.take() else {
                    continue;
                };
                let text: String = inner
                    .iter()
                    .filter_map(|e| match e {
                        Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                        _ => None,
                    })
                    .collect();
                let anchor = unique(slug(&text), &mut used);
                let mut words = String::new();
                pulldown_cmark::html::push_html(&mut words, inner.into_iter());
                Event::Html(CowStr::from(format!(
                    "<{level} id=\"{anchor}\">{words}</{level}>\n"
                )))
            }
            other => other,
        };
        match &mut heading {
            Some((_, inner)) => inner.push(event),
            None => events.push(event),
        }
    }
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut out, events.into_iter());
    out
}

/// GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens.
fn slug(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// `base`, numbered as GitHub numbers a repeated heading (`tests`, `tests-1`).
fn unique(base: String, used: &mut std::collections::BTreeSet<String>) -> String {
    let mut anchor = base.clone();
    let mut n = 0;
    while used.contains(&anchor) {
        n += 1;
        anchor = format!("{base}-{n}");
    }
    used.insert(anchor.clone());
    anchor
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_is_shown_not_obeyed() {
        let html = to_html("Hi <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
    }

    #[test]
    fn headings_get_githubs_anchors_and_pictures_and_links_are_rewritten() {
        let html = to_html(
            "## Settings: `.env` and more\n\n## Tests\n\n### Tests\n\n\
             ![a board](images/board.png) [ops](operators.md) [here](#tests) [out](https://x.org)\n",
        );
        assert!(
            html.contains(
                "<h2 id=\"settings-env-and-more\">Settings: <code>.env</code> and more</h2>"
            ),
            "{html}"
        );
        assert!(html.contains("<h3 id=\"tests-1\">"), "{html}");
        assert!(html.contains("src=\"/help/images/board.png\""), "{html}");
        assert!(!html.contains("operators.md"), "{html}");
        assert!(html.contains("ops"), "{html}");
        assert!(html.contains("href=\"#tests\""), "{html}");
        assert!(html.contains("href=\"https://x.org\""), "{html}");
    }

    #[test]
    fn every_picture_of_the_guides_is_served() {
        for line in GUIDES.iter().flat_map(|(_, guide)| guide.lines()) {
            for (at, _) in line.match_indices("](images/") {
                let rest = &line[at + "](images/".len()..];
                let name = &rest[..rest.find(')').unwrap()];
                if name.ends_with(".png") {
                    assert!(IMAGES.iter().any(|(n, _)| *n == name), "{name}");
                }
            }
        }
    }
}
