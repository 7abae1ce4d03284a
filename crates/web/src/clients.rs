//! Who a request comes from, as the live pages count their watchers: the address of the
//! connection's peer (from the [`Listener`](crate::Listener)), or, behind a reverse proxy
//! whose own address every connection has, the client address the proxy writes in a header
//! the operator names (`WEB_CLIENT_HEADER`, such as `X-Real-IP`).

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::{HeaderMap, HeaderName, request::Parts};

/// How the live pages bound their watchers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveLimits {
    /// The most live streams one client address may hold open at once (a reader with a few
    /// tabs needs a few).
    pub per_client: usize,
    /// The header a reverse proxy writes the client's address in; `None`: the connection's
    /// peer is the client. Trust it only when nobody but the proxy reaches `WEB_ADDR`: a
    /// client reaching the server directly could write any address there.
    pub client_header: Option<HeaderName>,
}

impl Default for LiveLimits {
    /// 16 streams per client address, the connection's peer being the client.
    fn default() -> LiveLimits {
        LiveLimits {
            per_client: 16,
            client_header: None,
        }
    }
}

impl LiveLimits {
    /// The client of a request with `headers`, from `peer` (the connection's peer, when the
    /// request came through a [`Listener`](crate::Listener)): the header's address when one is
    /// named and holds one (the last of a list, the one the nearest proxy wrote), else the
    /// peer's, else the unspecified address (a router called in-process).
    pub fn client(&self, headers: &HeaderMap, peer: Option<SocketAddr>) -> IpAddr {
        let from_header = self.client_header.as_ref().and_then(|name| {
            let value = headers.get_all(name).iter().next_back()?.to_str().ok()?;
            value.rsplit(',').next()?.trim().parse::<IpAddr>().ok()
        });
        from_header
            .or(peer.map(|p| p.ip()))
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }
}

/// The peer address of a request's connection, when it came through a listener (an
/// extractor that never fails: a router called in-process has none).
pub(crate) struct Peer(pub Option<SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Peer, Infallible> {
        Ok(Peer(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_is_the_peer_unless_a_named_header_says_otherwise() {
        let peer: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert("x-real-ip", "203.0.113.7".parse().unwrap());
        let direct = LiveLimits::default();
        // Without a header named, what a client writes is ignored.
        assert_eq!(direct.client(&headers, Some(peer)), peer.ip());
        assert_eq!(
            direct.client(&headers, None),
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        );
        let proxied = LiveLimits {
            client_header: Some(HeaderName::from_static("x-real-ip")),
            ..LiveLimits::default()
        };
        assert_eq!(
            proxied.client(&headers, Some(peer)),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        // A list: the last, written by the nearest proxy.
        headers.insert("x-real-ip", "10.9.9.9, 2001:db8::1".parse().unwrap());
        assert_eq!(
            proxied.client(&headers, Some(peer)),
            "2001:db8::1".parse::<IpAddr>().unwrap()
        );
        // Unreadable or missing: the peer.
        headers.insert("x-real-ip", "nonsense".parse().unwrap());
        assert_eq!(proxied.client(&headers, Some(peer)), peer.ip());
        assert_eq!(proxied.client(&HeaderMap::new(), Some(peer)), peer.ip());
    }
}
