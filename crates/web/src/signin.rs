//! Signing in with a private link. The link the bot gives is `PUBLIC_URL/play#TOKEN`: the token
//! is in the fragment, which a browser sends to no server, so no proxy's access log and no
//! server log holds it. The page at `/play` is the same for everyone; its script
//! (`signin.js`) drops the fragment from the address (and so from the history) and sends the
//! token once, in a same-origin form (`POST /play`), which checks it, keeps it in an HttpOnly,
//! SameSite=Strict cookie for that game's pages alone and sends the browser on to the game.
//! Without the script, the page asks for the link to be pasted into that form.
//!
//! The links given before carried the token in the path (`/play/TOKEN`); they still work
//! ([`open`]), the same way.

use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use maud::html;
use rollerball_game::{Grant, Lang, TokenError, tr};
use serde::Deserialize;

use crate::Site;
use crate::assets;
use crate::game_page::PageQuery;
use crate::html::{self as pages, Head, MainAttrs};
use crate::lang::reader_lang;
use crate::play::{cookie_name, same_origin, token_refusal};

/// The longest link or code taken from the form: a token is about a hundred characters.
const LINK_MAX: usize = 2_000;

/// `GET /play`: the sign-in page (its script reads the token from the fragment).
pub async fn page(headers: HeaderMap, Query(query): Query<PageQuery>) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    signin_page(lang, StatusCode::OK, None)
}

/// What the sign-in form sends.
#[derive(Debug, Deserialize)]
pub struct SignInForm {
    /// The private link, or the token alone (the part after its `#`).
    #[serde(default)]
    link: String,
    /// The page's language.
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /play`: the token of a private link, exchanged for the cookie of its game.
pub async fn exchange(
    State(site): State<Site>,
    headers: HeaderMap,
    Form(form): Form<SignInForm>,
) -> Response {
    let lang = reader_lang(&headers, form.lang.as_deref());
    if !same_origin(&site, &headers) {
        let text = tr!(lang, "web-foreign-form");
        return signin_page(lang, StatusCode::FORBIDDEN, Some(text));
    }
    let token = token_in(&form.link);
    match site.service.views().check_link(&site.links, token).await {
        Ok(grant) => signed_in(&site, &grant, token),
        Err(error) => signin_page(
            lang,
            status_of(error),
            Some(tr!(lang, token_refusal(error))),
        ),
    }
}

/// `GET /play/TOKEN`, the links given before the token moved to the fragment: the same
/// exchange.
pub async fn open(
    State(site): State<Site>,
    Path(token): Path<String>,
    headers: HeaderMap,
    Query(query): Query<PageQuery>,
) -> Response {
    let lang = reader_lang(&headers, query.lang.as_deref());
    match site.service.views().check_link(&site.links, &token).await {
        Ok(grant) => signed_in(&site, &grant, &token),
        Err(error) => pages::message(lang, status_of(error), &tr!(lang, token_refusal(error))),
    }
}

/// The token in what was pasted: a whole link (new, `…/play#TOKEN`, or old, `…/play/TOKEN`) or
/// the token alone.
fn token_in(link: &str) -> &str {
    let link = link.trim();
    if link.len() > LINK_MAX {
        return "";
    }
    let token = match (link.rsplit_once('#'), link.rsplit_once("/play/")) {
        (Some((_, token)), _) | (None, Some((_, token))) => token,
        (None, None) => link,
    };
    token.trim()
}

/// The status of a refused token: gone once expired, forbidden else, unavailable when it
/// could not be checked.
fn status_of(error: TokenError) -> StatusCode {
    match error {
        TokenError::Expired => StatusCode::GONE,
        TokenError::Unchecked => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::FORBIDDEN,
    }
}

/// The answer to a good token: its cookie, kept for its game's pages until the link expires,
/// and the way to the game.
fn signed_in(site: &Site, grant: &Grant, token: &str) -> Response {
    let now = site.service.now();
    let secure = if site.links.base().starts_with("https://") {
        "; Secure"
    } else {
        ""
    };
    let cookie = format!(
        "{}={token}; Path=/games/{}; Max-Age={}; HttpOnly; SameSite=Strict{secure}",
        cookie_name(grant.game),
        grant.game.0,
        (grant.expires.0 - now.0).max(0) / 1000
    );
    let mut response = Redirect::to(&format!("/games/{}", grant.game.0)).into_response();
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The sign-in page: what it is for, `refusal` if a token was refused, and the form to paste
/// the link into (which the script fills in and sends by itself).
fn signin_page(lang: Lang, status: StatusCode, refusal: Option<String>) -> Response {
    let title = tr!(lang, "web-signin-title");
    let head = Head::without_image(&title, &title, "");
    let body = html! {
        h1 { (title) }
        @if let Some(refusal) = &refusal {
            p id="signin-refused" class="notice refused" { (refusal) }
        }
        p id="signin-working" class="notice" hidden { (tr!(lang, "web-signin-working")) }
        p { (pages::rich(&tr!(lang, "web-signin-intro"))) }
        form id="signin-form" method="post" action="/play" data-refused=[refusal.as_ref().map(|_| "yes")] {
            input type="hidden" name="lang" value=(lang.code());
            label for="signin-link" { (tr!(lang, "web-signin-label")) }
            " "
            input id="signin-link" name="link" type="password" autocomplete="off" maxlength=(LINK_MAX) required;
            " "
            button type="submit" { (tr!(lang, "web-signin-submit")) }
        }
    };
    let attrs = MainAttrs {
        footer: true,
        script: Some(assets::SIGNIN_URL),
        ..MainAttrs::default()
    };
    let mut response = (
        status,
        Html(pages::page(lang, &head, attrs, body).into_string()),
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_found_in_a_pasted_link_or_alone() {
        assert_eq!(token_in(" https://rb.example.org/play#abc.def "), "abc.def");
        assert_eq!(token_in("https://rb.example.org/play/abc.def"), "abc.def");
        assert_eq!(token_in("abc.def"), "abc.def");
        assert_eq!(token_in(&"x".repeat(LINK_MAX + 1)), "");
    }
}
