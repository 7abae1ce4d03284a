//! The headers every answer carries, so that a page can neither run what it did not serve nor
//! be framed to trick its reader: a Content-Security-Policy that allows only this site's own
//! script, styles and images (no inline script or style, no other origin), no framing except
//! the embed route's, no content sniffing, no referrer to another site (`same-origin`: the
//! pages' own forms still say where they come from, by `Origin`, which browsers write `null`
//! under `no-referrer`; no address of these pages holds a token).

use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The policy of every page but the embed: this site's own resources only, never framed.
pub const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// The embed's policy: the same, but any site may frame it.
pub const EMBED_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
    frame-ancestors *";

/// Adds the security headers to every answer (the embed's policy on `/games/ID/embed`).
pub async fn secure(request: Request, next: Next) -> Response {
    let embed = request.uri().path().ends_with("/embed");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let policy = if embed { EMBED_POLICY } else { POLICY };
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    if !embed {
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    response
}
