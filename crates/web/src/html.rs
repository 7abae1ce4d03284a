//! The pages' shell: the `<head>` (title, description, Open Graph and Twitter tags so that a
//! link pasted in a chat unfurls with the board, the stylesheet and the script), the footer
//! with the language switch, and the plain pages for what is not there or failed.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use maud::{DOCTYPE, Markup, PreEscaped, html};
use rollerball_game::{Lang, tr};

use crate::assets;

/// What a page's head says of it.
pub struct Head<'a> {
    /// The page's title (the tab's, and the unfurl's).
    pub title: &'a str,
    /// One line about it.
    pub description: &'a str,
    /// The picture a link to it unfurls with: an absolute URL.
    pub image: Option<&'a str>,
    /// The page's own absolute URL.
    pub url: &'a str,
}

impl<'a> Head<'a> {
    /// The head of a page that unfurls without a picture.
    pub fn without_image(title: &'a str, description: &'a str, url: &'a str) -> Head<'a> {
        Head {
            title,
            description,
            image: None,
            url,
        }
    }
}

/// A whole page in `lang`: `head`, then `body` inside `<main>`, then the footer.
pub fn page(lang: Lang, head: &Head<'_>, main_attrs: MainAttrs<'_>, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (head.title) " · Rollerball" }
                meta name="description" content=(head.description);
                meta property="og:type" content="website";
                meta property="og:site_name" content="Rollerball";
                meta property="og:title" content=(head.title);
                meta property="og:description" content=(head.description);
                meta property="og:url" content=(head.url);
                @if let Some(image) = head.image {
                    meta property="og:image" content=(image);
                    meta name="twitter:card" content="summary_large_image";
                    meta name="twitter:image" content=(image);
                }
                meta name="twitter:title" content=(head.title);
                meta name="twitter:description" content=(head.description);
                link rel="stylesheet" href=(assets::STYLE_URL);
                script src=(assets::SCRIPT_URL) defer {}
                @if let Some(script) = main_attrs.script {
                    script src=(script) defer {}
                }
            }
            body class=(main_attrs.class) {
                main id="page" data-game=[main_attrs.game] data-lang=(lang.code()) {
                    (body)
                }
                @if main_attrs.footer {
                    (footer(lang))
                }
            }
        }
    }
}

/// What `<main>` and `<body>` say to the script.
#[derive(Default)]
pub struct MainAttrs<'a> {
    /// The body's class (`embed` for the embed).
    pub class: &'a str,
    /// The game the page shows, for its live updates and replay.
    pub game: Option<i64>,
    /// Whether to show the footer.
    pub footer: bool,
    /// A script of this page's own, beside the game's (the sign-in's).
    pub script: Option<&'a str>,
}

/// The footer: the bot's name and the language switch (which keeps the page, only changing
/// `?lang=`).
fn footer(lang: Lang) -> Markup {
    html! {
        footer {
            span { "Rollerball" }
            " · "
            span { (tr!(lang, "web-language")) }
            @for other in Lang::ALL {
                " "
                @if other == lang {
                    strong { (other.code()) }
                } @else {
                    a href={ "?lang=" (other.code()) } hreflang=(other.code()) { (other.code()) }
                }
            }
        }
    }
}

/// A page that says one thing: `message`, with `status`.
pub fn message(lang: Lang, status: StatusCode, message: &str) -> Response {
    let head = Head::without_image(message, message, "");
    let body = html! {
        p class="notice" { (message) }
        p { a href="/" { "Rollerball" } }
    };
    let attrs = MainAttrs {
        footer: true,
        ..MainAttrs::default()
    };
    (status, Html(page(lang, &head, attrs, body).into_string())).into_response()
}

/// The page for a path or a game that is not there.
pub fn not_found(lang: Lang, text: &str) -> Response {
    message(lang, StatusCode::NOT_FOUND, text)
}

/// The page for a failure of the database or of drawing: the reader is told to try again, the
/// log says what failed.
pub fn failed(lang: Lang, what: &str, error: &dyn std::fmt::Display) -> Response {
    tracing::warn!(%error, "web: {what} failed");
    message(
        lang,
        StatusCode::SERVICE_UNAVAILABLE,
        &tr!(lang, "web-failed"),
    )
}

/// A reply of the service as a page shows it: its `**bold**` and `` `code` `` spans as such,
/// every character of it escaped (the service writes the chat's light formatting).
pub fn rich(text: &str) -> Markup {
    let mut parts = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let bold = rest.find("**");
        let code = rest.find('`');
        let (at, mark) = match (bold, code) {
            (Some(b), Some(c)) if c < b => (c, "`"),
            (Some(b), _) => (b, "**"),
            (None, Some(c)) => (c, "`"),
            (None, None) => break,
        };
        let after = &rest[at + mark.len()..];
        let Some(end) = after.find(mark) else { break };
        parts.push((&rest[..at], None));
        parts.push((&after[..end], Some(mark)));
        rest = &after[end + mark.len()..];
    }
    html! {
        @for (part, mark) in &parts {
            @match mark {
                Some("**") => strong { (part) },
                Some(_) => code { (part) },
                None => (part),
            }
        }
        (rest)
    }
}

/// A page's data as read: the data, or the page that says it is not there (`missing`'s words)
/// or could not be read (`what` names the page in the log).
#[expect(
    clippy::result_large_err,
    reason = "the page is answered at once by the handler, never carried further"
)]
pub fn found<T>(
    lang: Lang,
    read: Result<Option<T>, rollerball_game::ViewError>,
    what: &str,
    missing: impl FnOnce() -> String,
) -> Result<T, Response> {
    match read {
        Ok(Some(view)) => Ok(view),
        Ok(None) => Err(not_found(lang, &missing())),
        Err(error) => Err(failed(lang, what, &error)),
    }
}

/// Markup already escaped (an SVG drawn by the renderer, which escapes its own text).
pub fn trusted(svg: String) -> PreEscaped<String> {
    PreEscaped(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_keep_their_bold_and_code_and_nothing_else() {
        let shown = |text: &str| rich(text).into_string();
        assert_eq!(
            shown("`Kc3` is not legal: **Game #1** <b>"),
            "<code>Kc3</code> is not legal: <strong>Game #1</strong> &lt;b&gt;"
        );
        assert_eq!(shown("a ** b ` c"), "a ** b ` c");
        assert_eq!(shown("`<script>`"), "<code>&lt;script&gt;</code>");
    }
}
