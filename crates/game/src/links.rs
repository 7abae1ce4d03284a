//! The links to the bot's web pages that replies carry, and the private links that let a player
//! move from a browser.
//!
//! A private link holds a token: the player, the game and an expiry, signed with HMAC-SHA-256
//! under the operator's `WEB_SECRET` (the `hmac` and `sha2` crates, which the PostgreSQL driver
//! already builds). The token is bound to that player and that game, and nothing but the
//! signature vouches for it: no table of links to keep, and changing the secret revokes them
//! all. Written here, beside the service, because the service mints them (`web`, the board's
//! button) and the web front end checks them; neither does anything else with the secret.

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
}

impl fmt::Debug for Links {
    /// The address only: the secret never reaches a log.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Links")
            .field("base", &self.base)
            .field("secret", &self.secret.as_ref().map(|_| "…"))
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
        })
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

    /// The players' guide (`docs/players.md` as the web serves it).
    pub fn help(&self) -> String {
        format!("{}/help", self.base)
    }

    /// Player `id`'s page.
    pub fn player(&self, id: PlayerId) -> String {
        format!("{}/players/{}", self.base, id.0)
    }

    /// A private link for `player` to play game `game`, made at `now`; `None` when private
    /// links are off.
    pub fn private(&self, player: PlayerId, game: GameId, now: Timestamp) -> Option<String> {
        let token = self.token(Grant {
            player,
            game,
            expires: now.plus(PRIVATE_LINK_LIFETIME),
        })?;
        Some(format!("{}/play/{token}", self.base))
    }

    /// The signed token of `grant`; `None` when private links are off.
    pub fn token(&self, grant: Grant) -> Option<String> {
        let payload = format!("{}.{}.{}", grant.player.0, grant.game.0, grant.expires.0);
        let signature = self.sign(payload.as_bytes())?;
        Some(format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(payload),
            URL_SAFE_NO_PAD.encode(signature)
        ))
    }

    /// What `token` grants, checked against the secret and the time `now`.
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
        let mut mac = mac(secret);
        mac.update(&payload);
        // `verify_slice` compares in constant time.
        mac.verify_slice(&signature)
            .map_err(|_| TokenError::Invalid)?;
        let payload = std::str::from_utf8(&payload).map_err(|_| TokenError::Invalid)?;
        let mut parts = payload.split('.');
        let mut next = || parts.next().ok_or(TokenError::Invalid);
        let player = next()?.parse().map_err(|_| TokenError::Invalid)?;
        let game = next()?.parse().map_err(|_| TokenError::Invalid)?;
        let expires = next()?.parse().map_err(|_| TokenError::Invalid)?;
        let grant = Grant {
            player: PlayerId(player),
            game: GameId(game),
            expires: Timestamp(expires),
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
        url.strip_prefix("https://rb.example.org/play/").unwrap()
    }

    #[test]
    fn a_private_link_grants_its_player_and_game_for_thirty_days() {
        let url = links().private(PlayerId(7), GameId(12), NOW).unwrap();
        let grant = links().check(token_of(&url), NOW).unwrap();
        assert_eq!(
            grant,
            Grant {
                player: PlayerId(7),
                game: GameId(12),
                expires: NOW.plus(PRIVATE_LINK_LIFETIME),
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
        let url = links().private(PlayerId(7), GameId(12), NOW).unwrap();
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
    fn without_a_secret_there_are_pages_but_no_private_links() {
        let links = Links::new("http://127.0.0.1:8080", None).unwrap();
        assert_eq!(links.game(GameId(3)), "http://127.0.0.1:8080/games/3");
        assert_eq!(links.private(PlayerId(1), GameId(3), NOW), None);
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
