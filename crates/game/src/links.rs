//! The links to the bot's web pages that replies carry, and the private links that let a player
//! move from a browser.
//!
//! A private link holds a token: the player, the game, an expiry and the player's link version,
//! signed with HMAC-SHA-256 under the operator's `WEB_SECRET` (the `hmac` and `sha2` crates,
//! which the PostgreSQL driver already builds). The token is bound to that player and that
//! game, and nothing but the signature vouches for it: no table of links to keep. A player
//! revokes their own links by bumping their version (`web revoke`: the service checks the
//! version, [`Views::check_link`](crate::Views::check_link)); an operator changes the
//! secret, keeping the old one as `WEB_SECRET_PREVIOUS` while links signed with it should
//! still work. Written here, beside the service, because the service mints them (`web`, the
//! board's button) and the web front end checks them; neither does anything else with the
//! secret.
//!
//! The link carries its token in the address's fragment (`PUBLIC_URL/play#TOKEN`), which a
//! browser sends to no server: neither a proxy's access log nor the server's sees it, and the
//! page drops it from the browser's history once it has exchanged it for a cookie.

use std::fmt;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::model::{GameId, PlayerId, Timestamp, TournamentId};

/// How long a private link works: 30 days from when it was made.
pub const PRIVATE_LINK_LIFETIME: Duration = Duration::from_secs(30 * 24 * 3600);

/// The shortest secret taken: 16 bytes, so that a token cannot be forged by guessing it.
pub const MIN_SECRET_LEN: usize = 16;

/// Where the bot's pages are, and the secret its private links are signed with.
#[derive(Clone)]
pub struct Links {
    /// The pages' public address, without a trailing slash (`https://rollerball.example.org`).
    base: String,
    /// `WEB_SECRET`; `None` when moving from the web is off (the pages still are on).
    secret: Option<Vec<u8>>,
    /// `WEB_SECRET_PREVIOUS`: the secret before the last change, still accepted when checking
    /// (never used to sign), so that changing the secret signs nobody out at once.
    previous: Option<Vec<u8>>,
    /// Whether `base` was guessed from the listening address rather than given by the
    /// operator (`PUBLIC_URL` unset): then it says nothing of the address browsers use.
    assumed: bool,
}

impl fmt::Debug for Links {
    /// The address only: the secret never reaches a log.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Links")
            .field("base", &self.base)
            .field("secret", &self.secret.as_ref().map(|_| "…"))
            .field("previous", &self.previous.as_ref().map(|_| "…"))
            .finish()
    }
}

/// Why the web's settings were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinksError {
    /// `PUBLIC_URL` is not an `http://` or `https://` address.
    #[error(
        "PUBLIC_URL must be the pages' address, such as https://rollerball.example.org, not `{0}`"
    )]
    PublicUrl(String),
    /// `WEB_SECRET` is too short to sign with.
    #[error(
        "WEB_SECRET must be at least {MIN_SECRET_LEN} characters (a random string); it has {0}"
    )]
    ShortSecret(usize),
    /// `WEB_SECRET_PREVIOUS` is too short, or set without `WEB_SECRET`.
    #[error(
        "WEB_SECRET_PREVIOUS must be the secret WEB_SECRET replaced (at least {MIN_SECRET_LEN} characters), beside a WEB_SECRET"
    )]
    Previous,
}

/// A checked private link: who may act in which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The player the link was made for.
    pub player: PlayerId,
    /// The game it lets them play.
    pub game: GameId,
    /// When it stops working.
    pub expires: Timestamp,
    /// The player's link version it was made under: a link whose version is not the
    /// player's current one was revoked (`web revoke`). Links made before versions existed
    /// read as version 0.
    pub version: u64,
}

/// Why a private link's token was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Not a token this bot writes, or signed with another secret (a forged or revoked link).
    #[error("this link is not valid (it may have been changed, or the bot's secret was)")]
    Invalid,
    /// A real link whose 30 days are over.
    #[error("this link has expired")]
    Expired,
    /// Moving on the web is off: the bot has no `WEB_SECRET`.
    #[error("moving from the web is off on this bot")]
    Off,
    /// A real link its player revoked (`web revoke`).
    #[error("this link was revoked by its player")]
    Revoked,
    /// The player's link version could not be read just now.
    #[error("this link could not be checked just now")]
    Unchecked,
}

impl Links {
    /// The links of pages served at `public_url`, private links signed with `secret` (`None`:
    /// no private links). Both are checked here, once, when the bot starts.
    pub fn new(public_url: &str, secret: Option<&str>) -> Result<Links, LinksError> {
        let base = public_url.trim().trim_end_matches('/');
        let scheme_ok = base.starts_with("https://") || base.starts_with("http://");
        let host = base.split_once("://").map_or("", |(_, rest)| rest);
        if !scheme_ok || host.is_empty() || host.chars().any(char::is_whitespace) {
            return Err(LinksError::PublicUrl(public_url.to_string()));
        }
        let secret = match secret.map(str::trim).filter(|s| !s.is_empty()) {
            Some(s) if s.len() < MIN_SECRET_LEN => return Err(LinksError::ShortSecret(s.len())),
            Some(s) => Some(s.as_bytes().to_vec()),
            None => None,
        };
        Ok(Links {
            base: base.to_string(),
            secret,
            previous: None,
            assumed: false,
        })
    }

    /// These links, also accepting tokens signed with `previous` (`WEB_SECRET_PREVIOUS`, the
    /// secret the current one replaced; `None` or empty: none). New links are still signed
    /// with the current secret.
    pub fn with_previous_secret(mut self, previous: Option<&str>) -> Result<Links, LinksError> {
        self.previous = match previous.map(str::trim).filter(|s| !s.is_empty()) {
            Some(s) if s.len() < MIN_SECRET_LEN || self.secret.is_none() => {
                return Err(LinksError::Previous);
            }
            Some(s) => Some(s.as_bytes().to_vec()),
            None => None,
        };
        Ok(self)
    }

    /// These links, their address guessed from where the server listens (`PUBLIC_URL`
    /// unset), not given by the operator: [`Links::origin`] is then unknown.
    pub fn assumed(mut self) -> Links {
        self.assumed = true;
        self
    }

    /// The origin (`https://host[:port]`) browsers reach the pages at, when the operator gave
    /// it (`PUBLIC_URL`): a form from any other came from another site.
    pub fn origin(&self) -> Option<&str> {
        if self.assumed {
            return None;
        }
        let (_, rest) = self.base.split_once("://")?;
        let end = rest
            .find('/')
            .map_or(self.base.len(), |i| self.base.len() - rest.len() + i);
        Some(&self.base[..end])
    }

    /// The pages' public address, without a trailing slash.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Whether private links (moving from the web) are on.
    pub fn private_links(&self) -> bool {
        self.secret.is_some()
    }

    /// Game `id`'s page.
    pub fn game(&self, id: GameId) -> String {
        format!("{}/games/{}", self.base, id.0)
    }

    /// Tournament `id`'s page.
    pub fn tournament(&self, id: TournamentId) -> String {
        format!("{}/tournaments/{}", self.base, id.0)
    }

    /// The players' guide in `lang` (`docs/players.md` or its translation, as the web serves
    /// it).
    pub fn help(&self, lang: crate::i18n::Lang) -> String {
        format!("{}/help?lang={}", self.base, lang.code())
    }

    /// Player `id`'s page.
    pub fn player(&self, id: PlayerId) -> String {
        format!("{}/players/{}", self.base, id.0)
    }

    /// A private link for `player` to play game `game` under their link version `version`,
    /// made at `now`; `None` when private links are off. The token is in the fragment, which
    /// browsers send to no server (the page at `/play` exchanges it for a cookie).
    pub fn private(
        &self,
        player: PlayerId,
        game: GameId,
        version: u64,
        now: Timestamp,
    ) -> Option<String> {
        let token = self.token(Grant {
            player,
            game,
            expires: now.plus(PRIVATE_LINK_LIFETIME),
            version,
        })?;
        Some(format!("{}/play#{token}", self.base))
    }

    /// The signed token of `grant`; `None` when private links are off.
    pub fn token(&self, grant: Grant) -> Option<String> {
        let payload = format!(
            "{}.{}.{}.{}",
            grant.player.0, grant.game.0, grant.expires.0, grant.version
        );
        let signature = self.sign(payload.as_bytes())?;
        Some(format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(payload),
            URL_SAFE_NO_PAD.encode(signature)
        ))
    }

    /// What `token` grants, checked against the secret (or the previous one) and the time
    /// `now`. Whether its player has since revoked it is the service's to say
    /// ([`Views::check_link`](crate::Views::check_link)).
    pub fn check(&self, token: &str, now: Timestamp) -> Result<Grant, TokenError> {
        let Some(secret) = &self.secret else {
            return Err(TokenError::Off);
        };
        let (payload, signature) = token.split_once('.').ok_or(TokenError::Invalid)?;
        let payload = URL_SAFE_NO_PAD
            .decode(payload)
            .map_err(|_| TokenError::Invalid)?;
        let signature = URL_SAFE_NO_PAD
            .decode(signature)
            .map_err(|_| TokenError::Invalid)?;
        // `verify_slice` compares in constant time.
        let signed_by = |secret: &[u8]| {
            let mut mac = mac(secret);
            mac.update(&payload);
            mac.verify_slice(&signature).is_ok()
        };
        if !signed_by(secret) && !self.previous.as_deref().is_some_and(signed_by) {
            return Err(TokenError::Invalid);
        }
        let payload = std::str::from_utf8(&payload).map_err(|_| TokenError::Invalid)?;
        let mut parts = payload.split('.');
        let mut next = || parts.next().ok_or(TokenError::Invalid);
        let player = next()?.parse().map_err(|_| TokenError::Invalid)?;
        let game = next()?.parse().map_err(|_| TokenError::Invalid)?;
        let expires = next()?.parse().map_err(|_| TokenError::Invalid)?;
        // Links given out before versions existed have none: version 0.
        let version = match parts.next() {
            Some(v) => v.parse().map_err(|_| TokenError::Invalid)?,
            None => 0,
        };
        if parts.next().is_some() {
            return Err(TokenError::Invalid);
        }
        let grant = Grant {
            player: PlayerId(player),
            game: GameId(game),
            expires: Timestamp(expires),
            version,
        };
        if now >= grant.expires {
            return Err(TokenError::Expired);
        }
        Ok(grant)
    }

    /// The HMAC-SHA-256 of `data` under the secret; `None` without one.
    fn sign(&self, data: &[u8]) -> Option<Vec<u8>> {
        let mut mac = mac(self.secret.as_ref()?);
        mac.update(data);
        Some(mac.finalize().into_bytes().to_vec())
    }
}

/// A MAC keyed with `secret` (HMAC takes a key of any length).
fn mac(secret: &[u8]) -> Hmac<Sha256> {
    Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "a secret of some length";
    const NOW: Timestamp = Timestamp(1_800_000_000_000);

    fn links() -> Links {
        Links::new("https://rb.example.org/", Some(SECRET)).unwrap()
    }

    fn token_of(url: &str) -> &str {
        url.strip_prefix("https://rb.example.org/play#").unwrap()
    }

    #[test]
    fn a_private_link_grants_its_player_and_game_for_thirty_days() {
        let url = links().private(PlayerId(7), GameId(12), 3, NOW).unwrap();
        let grant = links().check(token_of(&url), NOW).unwrap();
        assert_eq!(
            grant,
            Grant {
                player: PlayerId(7),
                game: GameId(12),
                expires: NOW.plus(PRIVATE_LINK_LIFETIME),
                version: 3,
            }
        );
        let last_moment = Timestamp(grant.expires.0 - 1);
        assert!(links().check(token_of(&url), last_moment).is_ok());
        assert_eq!(
            links().check(token_of(&url), grant.expires),
            Err(TokenError::Expired)
        );
    }

    #[test]
    fn a_changed_token_or_another_secret_is_refused() {
        let url = links().private(PlayerId(7), GameId(12), 3, NOW).unwrap();
        let token = token_of(&url);
        // Another game, same signature.
        let (_, signature) = token.split_once('.').unwrap();
        let forged = format!(
            "{}.{signature}",
            URL_SAFE_NO_PAD.encode("7.13.1900000000000")
        );
        assert_eq!(links().check(&forged, NOW), Err(TokenError::Invalid));
        let other = Links::new("https://rb.example.org", Some("another secret, long")).unwrap();
        assert_eq!(other.check(token, NOW), Err(TokenError::Invalid));
        for junk in ["", ".", "abc", "abc.def", "%%%.%%%", &token[1..]] {
            assert_eq!(links().check(junk, NOW), Err(TokenError::Invalid), "{junk}");
        }
    }

    #[test]
    fn a_link_given_before_versions_reads_as_version_zero() {
        // The token of the links given out before: player, game and expiry, no version.
        let payload = "7.12.1900000000000";
        let mut mac = mac(SECRET.as_bytes());
        mac.update(payload.as_bytes());
        let old = format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(payload),
            URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
        );
        let grant = links().check(&old, NOW).unwrap();
        assert_eq!(
            (grant.player, grant.game, grant.version),
            (PlayerId(7), GameId(12), 0)
        );
    }

    #[test]
    fn the_previous_secret_is_accepted_while_it_is_named() {
        let old = Links::new("https://rb.example.org", Some("the old secret, long")).unwrap();
        let url = old.private(PlayerId(7), GameId(12), 0, NOW).unwrap();
        let token = token_of(&url);
        assert_eq!(links().check(token, NOW), Err(TokenError::Invalid));
        let rotating = links()
            .with_previous_secret(Some("the old secret, long"))
            .unwrap();
        assert_eq!(rotating.check(token, NOW).unwrap().game, GameId(12));
        // New links are signed with the new secret alone.
        let new = rotating.private(PlayerId(7), GameId(12), 0, NOW).unwrap();
        assert!(links().check(token_of(&new), NOW).is_ok());
        assert_eq!(old.check(token_of(&new), NOW), Err(TokenError::Invalid));
        assert_eq!(
            links().with_previous_secret(Some("short")).unwrap_err(),
            LinksError::Previous
        );
        let no_secret = Links::new("https://rb.example.org", None).unwrap();
        assert_eq!(
            no_secret
                .with_previous_secret(Some("the old secret, long"))
                .unwrap_err(),
            LinksError::Previous
        );
        assert!(!format!("{rotating:?}").contains("old secret"));
    }

    #[test]
    fn the_origin_is_the_public_addresses_scheme_and_host() {
        assert_eq!(links().origin(), Some("https://rb.example.org"));
        let deep = Links::new("http://rb.example.org:8080/rollerball/", None).unwrap();
        assert_eq!(deep.origin(), Some("http://rb.example.org:8080"));
        assert_eq!(deep.assumed().origin(), None);
    }

    #[test]
    fn without_a_secret_there_are_pages_but_no_private_links() {
        let links = Links::new("http://127.0.0.1:8080", None).unwrap();
        assert_eq!(links.game(GameId(3)), "http://127.0.0.1:8080/games/3");
        assert_eq!(links.private(PlayerId(1), GameId(3), 0, NOW), None);
        assert_eq!(links.check("x.y", NOW), Err(TokenError::Off));
    }

    #[test]
    fn settings_are_checked() {
        assert_eq!(
            Links::new("rollerball.example.org", None).unwrap_err(),
            LinksError::PublicUrl("rollerball.example.org".into())
        );
        assert_eq!(
            Links::new("https://x.org", Some("short")).unwrap_err(),
            LinksError::ShortSecret(5)
        );
        let debug = format!("{:?}", links());
        assert!(!debug.contains(SECRET), "{debug}");
    }
}
