//! The web server's settings, read from the environment once at start: `WEB_ADDR` (where to
//! listen; unset: no web server), `PUBLIC_URL` (the address players reach the pages at, for
//! the links the bot writes, and the only origin forms are taken from; default
//! `http://WEB_ADDR`), `WEB_SECRET` (what private links are signed with; unset: moving from
//! the web is off, the pages are not), `WEB_SECRET_PREVIOUS` (the secret `WEB_SECRET`
//! replaced, still accepted while the links signed with it should work) and
//! `WEB_CLIENT_HEADER` (behind a reverse proxy, the header it writes the client's address in,
//! such as `X-Real-IP`; unset: the connection's peer is the client) and
//! `DISCORD_APPLICATION_ID` (the Discord application's id, for the front page's invite links;
//! unset: the page says to ask the operator).

use std::net::SocketAddr;

use axum::http::HeaderName;
use rollerball_game::{Links, LinksError};

/// The web server's settings.
#[derive(Clone, Debug)]
pub struct WebConfig {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Where the pages are, and the private links' secret.
    pub links: Links,
    /// Whether `PUBLIC_URL` was set: only then does the bot write the pages' links in Discord
    /// (the default address, `http://WEB_ADDR`, is this machine's, seldom the players').
    pub public: bool,
    /// The header a reverse proxy writes the client's address in (`WEB_CLIENT_HEADER`), for
    /// the live pages' bound per client; `None`: the connection's peer is the client.
    pub client_header: Option<HeaderName>,
    /// The Discord application's id (`DISCORD_APPLICATION_ID`), for the front page's links
    /// that add the bot to a server or an account.
    pub application: Option<u64>,
}

/// Why the web server's settings were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WebConfigError {
    /// `WEB_ADDR` is not an address and port.
    #[error("WEB_ADDR must be an address and port such as 127.0.0.1:8080, not `{0}`")]
    Addr(String),
    /// `PUBLIC_URL`, `WEB_SECRET` or `WEB_SECRET_PREVIOUS` is refused.
    #[error(transparent)]
    Links(#[from] LinksError),
    /// `WEB_CLIENT_HEADER` is not a header name.
    #[error("WEB_CLIENT_HEADER must be a header name such as X-Real-IP, not `{0}`")]
    ClientHeader(String),
    /// `DISCORD_APPLICATION_ID` is not an application's id.
    #[error(
        "DISCORD_APPLICATION_ID must be your application's id (a number: developer portal → \
         General Information → Application ID), not `{0}`"
    )]
    Application(String),
}

impl WebConfig {
    /// The settings read through `get` (the environment, or a test's map); `None` (no web
    /// server) when `WEB_ADDR` is unset or empty.
    pub fn from(get: impl Fn(&str) -> Option<String>) -> Result<Option<WebConfig>, WebConfigError> {
        let Some(addr) = get("WEB_ADDR").map(|v| v.trim().to_string()) else {
            return Ok(None);
        };
        if addr.is_empty() {
            return Ok(None);
        }
        let addr: SocketAddr = addr.parse().map_err(|_| WebConfigError::Addr(addr))?;
        let public = get("PUBLIC_URL")
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty());
        let base = public.clone().unwrap_or_else(|| format!("http://{addr}"));
        let secret = get("WEB_SECRET");
        let links = Links::new(&base, secret.as_deref())?
            .with_previous_secret(get("WEB_SECRET_PREVIOUS").as_deref())?;
        let links = if public.is_some() {
            links
        } else {
            links.assumed()
        };
        let client_header = match get("WEB_CLIENT_HEADER").map(|v| v.trim().to_string()) {
            Some(name) if !name.is_empty() => Some(
                HeaderName::from_bytes(name.as_bytes())
                    .map_err(|_| WebConfigError::ClientHeader(name))?,
            ),
            _ => None,
        };
        let application = match get("DISCORD_APPLICATION_ID").map(|v| v.trim().to_string()) {
            Some(id) if !id.is_empty() => Some(
                id.parse::<u64>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or(WebConfigError::Application(id))?,
            ),
            _ => None,
        };
        Ok(Some(WebConfig {
            addr,
            links,
            public: public.is_some(),
            client_header,
            application,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<Option<WebConfig>, WebConfigError> {
        WebConfig::from(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn the_web_is_off_without_an_address_and_checked_with_one() {
        assert!(read(&[]).unwrap().is_none());
        assert!(read(&[("WEB_ADDR", " ")]).unwrap().is_none());
        assert_eq!(
            read(&[("WEB_ADDR", "localhost")]).unwrap_err(),
            WebConfigError::Addr("localhost".into())
        );
        let config = read(&[("WEB_ADDR", "127.0.0.1:8080")]).unwrap().unwrap();
        assert_eq!(config.links.base(), "http://127.0.0.1:8080");
        assert!(!config.links.private_links());
        assert!(!config.public);
        assert_eq!(
            config.links.origin(),
            None,
            "forms checked against their Host"
        );
        let config = read(&[
            ("WEB_ADDR", "0.0.0.0:80"),
            ("PUBLIC_URL", "https://rb.example.org/"),
            ("WEB_SECRET", "0123456789abcdef"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(config.links.base(), "https://rb.example.org");
        assert!(config.links.private_links());
        assert!(config.public);
        assert_eq!(config.links.origin(), Some("https://rb.example.org"));
        assert_eq!(config.client_header, None);
        assert_eq!(config.application, None);
        let invited = read(&[
            ("WEB_ADDR", "127.0.0.1:1"),
            ("DISCORD_APPLICATION_ID", " 1234567890123 "),
        ]);
        assert_eq!(
            invited.unwrap().unwrap().application,
            Some(1_234_567_890_123)
        );
        assert_eq!(
            read(&[
                ("WEB_ADDR", "127.0.0.1:1"),
                ("DISCORD_APPLICATION_ID", "my-bot")
            ])
            .unwrap_err(),
            WebConfigError::Application("my-bot".into())
        );
        let proxied = read(&[
            ("WEB_ADDR", "127.0.0.1:1"),
            ("WEB_CLIENT_HEADER", " X-Real-IP "),
        ]);
        assert_eq!(
            proxied.unwrap().unwrap().client_header,
            Some(HeaderName::from_static("x-real-ip"))
        );
        assert_eq!(
            read(&[("WEB_ADDR", "127.0.0.1:1"), ("WEB_CLIENT_HEADER", "X Real")]).unwrap_err(),
            WebConfigError::ClientHeader("X Real".into())
        );
        assert!(matches!(
            read(&[("WEB_ADDR", "127.0.0.1:1"), ("WEB_SECRET", "short")]),
            Err(WebConfigError::Links(LinksError::ShortSecret(5)))
        ));
        assert!(matches!(
            read(&[
                ("WEB_ADDR", "127.0.0.1:1"),
                ("WEB_SECRET", "0123456789abcdef"),
                ("WEB_SECRET_PREVIOUS", "short")
            ]),
            Err(WebConfigError::Links(LinksError::Previous))
        ));
    }
}
