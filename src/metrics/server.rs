//! The metrics endpoint: `GET /metrics` (Prometheus's text format) and `GET /healthz` (200 `ok`,
//! or 503 with why in one line), over plain HTTP/1.1, one request per connection. It is meant
//! for a scraper and a supervisor on a private address, so it reads nothing but the request line
//! and closes the connection after each answer.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::Metrics;
use crate::store::Store;

/// The most a request head may take, in bytes: a scraper's is a few hundred.
const HEAD_LIMIT: usize = 8 * 1024;
/// How long a client has to send its request.
const READ_TIMEOUT: Duration = Duration::from_secs(5);

/// The metrics endpoint, bound and ready to [`serve`](MetricsServer::serve).
pub struct MetricsServer {
    listener: TcpListener,
}

impl MetricsServer {
    /// Binds `addr` (port 0: any free port).
    pub async fn bind(addr: SocketAddr) -> std::io::Result<MetricsServer> {
        Ok(MetricsServer {
            listener: TcpListener::bind(addr).await?,
        })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Answers requests until the future is dropped.
    pub async fn serve(self, metrics: Arc<Metrics>, store: Store) {
        loop {
            let stream = match self.listener.accept().await {
                Ok((stream, _)) => stream,
                Err(error) => {
                    // Out of file descriptors, most likely: wait rather than spin.
                    tracing::warn!(%error, "metrics: cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let (metrics, store) = (Arc::clone(&metrics), store.clone());
            tokio::spawn(async move {
                if let Err(error) = answer(stream, &metrics, &store).await {
                    tracing::debug!(%error, "metrics: a request failed");
                }
            });
        }
    }
}

/// Reads one request and answers it.
async fn answer(mut stream: TcpStream, metrics: &Metrics, store: &Store) -> std::io::Result<()> {
    let head = match tokio::time::timeout(READ_TIMEOUT, read_head(&mut stream)).await {
        Ok(head) => head?,
        Err(_) => return Ok(()),
    };
    let request_line = head.lines().next().unwrap_or_default();
    let mut parts = request_line.split(' ');
    let (method, target) = (parts.next().unwrap_or_default(), parts.next());
    let path = target
        .unwrap_or_default()
        .split('?')
        .next()
        .unwrap_or_default();
    let (status, content_type, body) = match (method, path) {
        ("GET", "/metrics") => (
            "200 OK",
            "text/plain; version=0.0.4; charset=utf-8",
            metrics.render(store).await,
        ),
        ("GET", "/healthz") => match metrics.health(store).await {
            Ok(()) => ("200 OK", "text/plain; charset=utf-8", "ok\n".to_string()),
            Err(why) => (
                "503 Service Unavailable",
                "text/plain; charset=utf-8",
                format!("{why}\n"),
            ),
        },
        (_, "/metrics" | "/healthz") => (
            "405 Method Not Allowed",
            "text/plain; charset=utf-8",
            "only GET is served here\n".to_string(),
        ),
        _ => (
            "404 Not Found",
            "text/plain; charset=utf-8",
            "not found: try /metrics or /healthz\n".to_string(),
        ),
    };
    let allow = if status.starts_with("405") {
        "Allow: GET\r\n"
    } else {
        ""
    };
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{allow}Connection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(response.as_bytes()).await?;
    stream.shutdown().await
}

/// The request's head (up to the blank line), or what came of it before the limit.
async fn read_head(stream: &mut TcpStream) -> std::io::Result<String> {
    let mut head = Vec::new();
    let mut chunk = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < HEAD_LIMIT {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        head.extend_from_slice(&chunk[..n]);
    }
    Ok(String::from_utf8_lossy(&head).into_owned())
}
