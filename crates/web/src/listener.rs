//! The HTTP listener the bot's web side is served on: an [`axum::Router`] behind bounds that
//! keep any number of clients, idle or slow, from starving the bot.
//!
//! tower's layers see requests, not connections, so the two bounds that protect the process
//! are kept here, where connections are accepted: at most [`Limits::connections`] are open at
//! once (a connection costs a file descriptor, which the gateway and the database need too),
//! and a client has [`Limits::header_time`] to send each request's head (hyper's header read
//! timeout, which also ends an idle keep-alive connection). When every slot is taken, the
//! connection idle the longest (no request in flight) is closed to make room, so a scrape
//! still gets through while idle connections pile up; only when every connection is busy
//! answering does the next one wait. Each request's whole answer is bounded by
//! [`Limits::request_time`] (tower-http's timeout layer: 408).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, oneshot};
use tokio::time::Instant;
use tower_http::timeout::TimeoutLayer;

/// The bounds of a [`Listener`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most connections open at once.
    pub connections: usize,
    /// How long a client has to send a request's head, from the moment the connection waits
    /// for one (so also how long an idle keep-alive connection is kept).
    pub header_time: Duration,
    /// How long one request may take to be answered.
    pub request_time: Duration,
}

impl Default for Limits {
    /// 64 connections (a scraper and a supervisor use one or two), 5 s for a request head,
    /// 10 s for an answer.
    fn default() -> Limits {
        Limits {
            connections: 64,
            header_time: Duration::from_secs(5),
            request_time: Duration::from_secs(10),
        }
    }
}

/// A bound address, ready to [`serve`](Listener::serve) a router.
pub struct Listener {
    listener: TcpListener,
    limits: Limits,
    slots: Arc<Slots>,
}

impl Listener {
    /// Binds `addr` (port 0: any free port) with the default [`Limits`], warning in the log
    /// when the address can be reached from other machines (see [`exposure`]): the private
    /// listener of `METRICS_ADDR`.
    pub async fn bind(addr: SocketAddr) -> std::io::Result<Listener> {
        let listener = Listener::bind_with(addr, Limits::default()).await?;
        if let Some(warning) = exposure(addr) {
            tracing::warn!(address = %addr, "{warning}");
        }
        Ok(listener)
    }

    /// Binds `addr` with `limits`, without a warning: the public pages' listener, which is
    /// meant to be reached (and serves no `/metrics`).
    pub async fn bind_with(addr: SocketAddr, limits: Limits) -> std::io::Result<Listener> {
        let listener = TcpListener::bind(addr).await?;
        Ok(Listener {
            listener,
            limits: Limits {
                connections: limits.connections.max(1),
                ..limits
            },
            slots: Arc::new(Slots::default()),
        })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// A handle that counts the connections open now (for tests and diagnostics).
    pub fn open_connections(&self) -> OpenConnections {
        OpenConnections(Arc::clone(&self.slots))
    }

    /// Answers requests with `router` until the future is dropped (which closes every
    /// connection).
    pub async fn serve(self, router: Router) {
        let router = router.layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            self.limits.request_time,
        ));
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new())
            .header_read_timeout(self.limits.header_time)
            .max_buf_size(16 * 1024);
        let mut tasks = tokio::task::JoinSet::new();
        loop {
            self.slots.make_room(self.limits.connections).await;
            let (stream, peer) = match self.listener.accept().await {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, most likely (the rest of the process holds
                    // them): wait rather than spin.
                    tracing::warn!(%error, "http: cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let (slot, close) = self.slots.open();
            let connection = serve_connection(&http, stream, peer, router.clone(), slot, close);
            tasks.spawn(connection);
            // Finished connections are reaped as others come.
            while tasks.try_join_next().is_some() {}
        }
    }
}

/// How many connections a [`Listener`] holds open.
#[derive(Clone)]
pub struct OpenConnections(Arc<Slots>);

impl OpenConnections {
    /// The connections open now.
    pub fn count(&self) -> usize {
        self.0.lock().open.len()
    }
}

/// The warning to log for a listener bound to `addr`, if anyone but this machine can reach it:
/// what it serves has no authentication.
pub fn exposure(addr: SocketAddr) -> Option<String> {
    (!addr.ip().is_loopback()).then(|| {
        format!(
            "{addr} is not a loopback address: anyone who can reach it can read /metrics and \
             /healthz, which have no authentication. Bind 127.0.0.1 (or ::1), or keep the \
             address on a network only your scraper reaches."
        )
    })
}

/// One connection, served until it ends, fails, takes too long over its head, or is closed
/// to make room. Each request carries the connection's `peer` address (axum's
/// [`ConnectInfo`](axum::extract::ConnectInfo)).
fn serve_connection(
    http: &hyper::server::conn::http1::Builder,
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    slot: Slot,
    close: oneshot::Receiver<()>,
) -> impl Future<Output = ()> + Send + 'static {
    let _ = stream.set_nodelay(true);
    let busy = slot.clone();
    let router = TowerToHyperService::new(router);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo(peer));
        let guard = busy.request_started();
        let answer = hyper::service::Service::call(&router, request);
        async move {
            let answer = answer.await;
            drop(guard);
            answer
        }
    });
    let connection = http.serve_connection(TokioIo::new(stream), service);
    async move {
        tokio::select! {
            result = connection => {
                if let Err(error) = result {
                    tracing::debug!(%error, "http: a connection ended in error");
                }
            }
            // Dropping the connection closes it: it had no request in flight.
            _ = close => {}
        }
        drop(slot);
    }
}

/// The open connections: when each was last busy, and how to close it.
#[derive(Default)]
struct Slots {
    table: Mutex<Table>,
    freed: Notify,
}

#[derive(Default)]
struct Table {
    next: u64,
    open: HashMap<u64, Entry>,
}

struct Entry {
    /// Requests being answered on it now.
    busy: u32,
    /// When it last stopped being busy (or was opened).
    idle_since: Instant,
    /// Closes it; taken when it is asked to close.
    close: Option<oneshot::Sender<()>>,
}

impl Slots {
    fn lock(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits until fewer than `max` connections are open, closing the one idle the longest
    /// when all are taken.
    async fn make_room(&self, max: usize) {
        loop {
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            {
                let mut table = self.lock();
                if table.open.len() < max {
                    return;
                }
                let idlest = table
                    .open
                    .iter_mut()
                    .filter(|(_, e)| e.busy == 0 && e.close.is_some())
                    .min_by_key(|(_, e)| e.idle_since)
                    .map(|(_, e)| e);
                if let Some(entry) = idlest
                    && let Some(close) = entry.close.take()
                {
                    let _ = close.send(());
                }
            }
            freed.await;
        }
    }

    /// Records a new connection.
    fn open(self: &Arc<Self>) -> (Slot, oneshot::Receiver<()>) {
        let (close, closed) = oneshot::channel();
        let mut table = self.lock();
        let id = table.next;
        table.next += 1;
        table.open.insert(
            id,
            Entry {
                busy: 0,
                idle_since: Instant::now(),
                close: Some(close),
            },
        );
        (
            Slot(Arc::new(SlotInner {
                slots: Arc::clone(self),
                id,
            })),
            closed,
        )
    }
}

/// A connection's place in [`Slots`], given back when the last copy is dropped.
#[derive(Clone)]
struct Slot(Arc<SlotInner>);

struct SlotInner {
    slots: Arc<Slots>,
    id: u64,
}

impl Drop for SlotInner {
    fn drop(&mut self) {
        self.slots.lock().open.remove(&self.id);
        self.slots.freed.notify_waiters();
    }
}

impl Slot {
    /// Marks a request in flight until the guard is dropped.
    fn request_started(&self) -> Busy {
        if let Some(entry) = self.0.slots.lock().open.get_mut(&self.0.id) {
            entry.busy += 1;
        }
        Busy(self.clone())
    }
}

/// A request in flight on a connection.
struct Busy(Slot);

impl Drop for Busy {
    fn drop(&mut self) {
        let inner = &(self.0).0;
        if let Some(entry) = inner.slots.lock().open.get_mut(&inner.id) {
            entry.busy = entry.busy.saturating_sub(1);
            entry.idle_since = Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_others_can_reach_are_warned_about() {
        for open in [
            "0.0.0.0:9464",
            "192.168.1.5:9464",
            "[::]:9464",
            "10.0.0.2:1",
        ] {
            let warning = exposure(open.parse().unwrap()).expect(open);
            assert!(warning.contains("no authentication"), "{warning}");
            assert!(warning.starts_with(open), "{warning}");
        }
        for private in ["127.0.0.1:9464", "127.0.0.2:9464", "[::1]:9464"] {
            assert_eq!(exposure(private.parse().unwrap()), None, "{private}");
        }
    }
}
