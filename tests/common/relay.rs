//! A TCP relay on 127.0.0.1 between the store and its PostgreSQL server, which a test can cut and
//! restore: the network failing under a running bot, without touching the server itself.
//!
//! - [`Relay::cut`]: every live connection is closed at once (both sides see the socket close,
//!   so PostgreSQL rolls back what the connection had open) and new connections are accepted
//!   and closed straight away, as a server behind a broken link would look.
//! - [`Relay::blackhole`]: new connections are accepted and then never answered, as when packets
//!   are dropped; a client waits until its own timeout.
//! - [`Relay::cut_when_sent`]: the relay passes traffic until a client sends a chunk containing
//!   the given bytes, and then cuts before that chunk reaches the server. With `COMMIT` this is a
//!   cut in the middle of a transaction, at a known point. [`Relay::cut_when_answered`] does the
//!   same with the server's answer: the server did the work, the client never hears of it.
//! - [`Relay::blip_when_sent`] and [`Relay::blip_when_answered`]: the same, but only the live
//!   connections are dropped; new ones go through at once (a brief outage).
//! - [`Relay::restore`]: new connections are relayed again.

#![allow(dead_code)] // each test binary uses its own part of these helpers

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;

/// Which way the bytes that fire a trigger travel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    /// From the client to the server.
    Sent,
    /// From the server to the client.
    Answered,
}

/// A cut waiting for given bytes.
struct Trigger {
    bytes: Vec<u8>,
    direction: Direction,
    /// Whether new connections are refused afterwards (a cut) or not (a blip).
    refuse: bool,
}

/// What the relay does with a new connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Open,
    Refuse,
    Blackhole,
}

struct State {
    mode: Mode,
    /// The tasks relaying live connections; aborting one closes both of its sockets.
    live: Vec<AbortHandle>,
    /// Connections accepted in blackhole mode, held open and never read.
    held: Vec<TcpStream>,
    /// Cut when these bytes pass.
    trigger: Option<Trigger>,
    /// How many times the trigger fired.
    tripped: usize,
    /// Connections relayed to the server so far.
    relayed: usize,
    /// Connections accepted so far, whatever became of them.
    accepted: usize,
}

/// The relay; clones share it.
#[derive(Clone)]
pub struct Relay {
    /// Where clients connect instead of the server.
    pub addr: SocketAddr,
    upstream: SocketAddr,
    state: Arc<Mutex<State>>,
}

impl Relay {
    /// Starts relaying from a free port on 127.0.0.1 to `upstream`.
    pub async fn start(upstream: SocketAddr) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let relay = Relay {
            addr: listener.local_addr().expect("address"),
            upstream,
            state: Arc::new(Mutex::new(State {
                mode: Mode::Open,
                live: Vec::new(),
                held: Vec::new(),
                trigger: None,
                tripped: 0,
                relayed: 0,
                accepted: 0,
            })),
        };
        let accepting = relay.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                accepting.accepted(client).await;
            }
        });
        relay
    }

    async fn accepted(&self, client: TcpStream) {
        let mode = {
            let mut state = self.state.lock().unwrap();
            state.accepted += 1;
            state.mode
        };
        match mode {
            Mode::Refuse => drop(client),
            Mode::Blackhole => self.state.lock().unwrap().held.push(client),
            Mode::Open => {
                let Ok(server) = TcpStream::connect(self.upstream).await else {
                    return;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                let relay = self.clone();
                let mut state = self.state.lock().unwrap();
                // Cut while connecting to the server: this connection is cut too.
                if state.mode != Mode::Open {
                    return;
                }
                state.relayed += 1;
                // Spawned under the lock, so that a cut cannot miss it.
                let task = tokio::spawn(async move { relay.pump(client, server).await });
                state.live.push(task.abort_handle());
            }
        }
    }

    /// Copies bytes both ways until either side closes or the trigger fires.
    async fn pump(&self, client: TcpStream, server: TcpStream) {
        let (mut client_read, mut client_write) = client.into_split();
        let (mut server_read, mut server_write) = server.into_split();
        let up = async {
            let mut buffer = vec![0u8; 64 * 1024];
            loop {
                let n = match client_read.read(&mut buffer).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                if self.trips(Direction::Sent, &buffer[..n]) {
                    return;
                }
                if server_write.write_all(&buffer[..n]).await.is_err() {
                    return;
                }
            }
        };
        let down = async {
            let mut buffer = vec![0u8; 64 * 1024];
            loop {
                let n = match server_read.read(&mut buffer).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                if self.trips(Direction::Answered, &buffer[..n]) {
                    return;
                }
                if client_write.write_all(&buffer[..n]).await.is_err() {
                    return;
                }
            }
        };
        tokio::select! {
            _ = up => {}
            _ = down => {}
        }
    }

    /// Whether `chunk`, travelling `direction`, fires the trigger; if so, the live connections
    /// are dropped (and new ones refused, for a cut).
    fn trips(&self, direction: Direction, chunk: &[u8]) -> bool {
        let mut state = self.state.lock().unwrap();
        let fired = state.trigger.as_ref().is_some_and(|t| {
            t.direction == direction && chunk.windows(t.bytes.len()).any(|w| w == t.bytes)
        });
        if !fired {
            return false;
        }
        let refuse = state.trigger.take().is_some_and(|t| t.refuse);
        state.tripped += 1;
        if refuse {
            state.mode = Mode::Refuse;
        }
        for task in state.live.drain(..) {
            task.abort();
        }
        true
    }

    fn arm(&self, bytes: &[u8], direction: Direction, refuse: bool) {
        self.state.lock().unwrap().trigger = Some(Trigger {
            bytes: bytes.to_vec(),
            direction,
            refuse,
        });
    }

    /// Closes every live connection and refuses new ones until [`Relay::restore`].
    pub fn cut(&self) {
        let mut state = self.state.lock().unwrap();
        state.mode = Mode::Refuse;
        for task in state.live.drain(..) {
            task.abort();
        }
        state.held.clear();
    }

    /// Closes every live connection and leaves new ones unanswered until [`Relay::restore`].
    pub fn blackhole(&self) {
        self.cut();
        self.state.lock().unwrap().mode = Mode::Blackhole;
    }

    /// Relays new connections again (connections closed by a cut stay closed).
    pub fn restore(&self) {
        let mut state = self.state.lock().unwrap();
        state.mode = Mode::Open;
        state.held.clear();
    }

    /// Cuts everything, as [`Relay::cut`], when a client next sends a chunk containing `bytes`;
    /// that chunk never reaches the server.
    pub fn cut_when_sent(&self, bytes: &[u8]) {
        self.arm(bytes, Direction::Sent, true);
    }

    /// Cuts everything, as [`Relay::cut`], when the server next answers a chunk containing
    /// `bytes`; that chunk never reaches the client.
    pub fn cut_when_answered(&self, bytes: &[u8]) {
        self.arm(bytes, Direction::Answered, true);
    }

    /// Drops the live connections when a client next sends a chunk containing `bytes` (which
    /// never reaches the server); new connections go through.
    pub fn blip_when_sent(&self, bytes: &[u8]) {
        self.arm(bytes, Direction::Sent, false);
    }

    /// Drops the live connections when the server next answers a chunk containing `bytes`
    /// (which never reaches the client); new connections go through.
    pub fn blip_when_answered(&self, bytes: &[u8]) {
        self.arm(bytes, Direction::Answered, false);
    }

    /// How many times a trigger fired.
    pub fn tripped(&self) -> usize {
        self.state.lock().unwrap().tripped
    }

    /// How many connections clients opened to the relay so far (relayed, refused or held).
    pub fn attempts(&self) -> usize {
        self.state.lock().unwrap().accepted
    }

    /// How many connections were relayed to the server so far.
    pub fn relayed(&self) -> usize {
        self.state.lock().unwrap().relayed
    }

    /// `url` (a `postgres://` URL naming the relay's upstream) pointed at the relay instead.
    pub fn url_through(&self, url: &str) -> String {
        let (host, port) = host_port(url);
        let upstream = format!("{host}:{port}");
        url.replacen(&upstream, &self.addr.to_string(), 1)
    }
}

/// The host and port of a `postgres://user@host:port/db` URL (port 5432 when not given).
pub fn host_port(url: &str) -> (String, u16) {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?']).next().unwrap_or_default();
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    match host_port.rsplit_once(':') {
        Some((host, port)) => (host.to_owned(), port.parse().expect("a port number")),
        None => (host_port.to_owned(), 5432),
    }
}
