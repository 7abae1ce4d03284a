//! The stylesheet and the scripts, compiled into the binary (nothing to deploy beside it, nothing
//! fetched from elsewhere). Their addresses carry the bot's version, and a browser keeps them an
//! hour, so an upgrade reaches every reader within the hour at the latest.

use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// The stylesheet.
const STYLE: &str = include_str!("../assets/site.css");
/// The script: replay, live updates, moving by clicking.
const SCRIPT: &str = include_str!("../assets/game.js");

/// The sign-in page's script: the private link's token from the fragment to the form.
const SIGNIN: &str = include_str!("../assets/signin.js");

/// The stylesheet's address.
pub const STYLE_URL: &str = concat!("/assets/site.css?v=", env!("CARGO_PKG_VERSION"));
/// The script's address.
pub const SCRIPT_URL: &str = concat!("/assets/game.js?v=", env!("CARGO_PKG_VERSION"));
/// The sign-in script's address.
pub const SIGNIN_URL: &str = concat!("/assets/signin.js?v=", env!("CARGO_PKG_VERSION"));

/// `/assets/NAME`.
pub async fn asset(Path(name): Path<String>) -> Response {
    let (kind, body) = match name.as_str() {
        "site.css" => ("text/css; charset=utf-8", STYLE),
        "game.js" => ("text/javascript; charset=utf-8", SCRIPT),
        "signin.js" => ("text/javascript; charset=utf-8", SIGNIN),
        _ => return (StatusCode::NOT_FOUND, "not found\n").into_response(),
    };
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}
