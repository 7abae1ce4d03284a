//! `rollerball-load page`: a game page served over real HTTP on loopback, timed from the
//! connection to the last byte, and its whole weight (the HTML, with its inline SVG board, and
//! the stylesheet and the script it loads).

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rollerball::store::Store;

use crate::site::{WebServer, run_number, start_game, web_service};
use crate::{LatencyHistogram, LoadError, http};

/// The figures of a page run.
#[derive(Clone, Debug)]
pub struct PageReport {
    /// Plies of the game shown.
    pub plies: usize,
    /// Each request's time, from the connection to the last byte.
    pub latency: LatencyHistogram,
    /// The page's HTML, bytes.
    pub html: usize,
    /// `(address, bytes)` of each stylesheet and script the page loads.
    pub assets: Vec<(String, usize)>,
}

impl PageReport {
    /// The HTML and everything it loads, bytes.
    pub fn weight(&self) -> usize {
        self.html + self.assets.iter().map(|(_, b)| b).sum::<usize>()
    }
}

impl fmt::Display for PageReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        writeln!(
            f,
            "a game page at ply {}, {} requests, one connection each: median {:.2} ms, p99 {:.2} \
             ms, max {:.2} ms",
            self.plies,
            self.latency.count(),
            ms(self.latency.quantile(0.5)),
            ms(self.latency.quantile(0.99)),
            ms(self.latency.max())
        )?;
        write!(f, "weight: HTML {} bytes", self.html)?;
        for (url, bytes) in &self.assets {
            write!(f, " + {url} {bytes} bytes")?;
        }
        writeln!(
            f,
            " = {} bytes ({:.1} KiB), uncompressed",
            self.weight(),
            self.weight() as f64 / 1024.0
        )
    }
}

/// Starts the web server over `store`, plays `plies` plies of the sixty-move game, and fetches
/// the game's page `requests` times (after one unmeasured fetch); each fetch is bounded by
/// `timeout`.
pub async fn measure_page(
    store: Store,
    plies: usize,
    requests: usize,
    timeout: Duration,
) -> Result<PageReport, LoadError> {
    let service = Arc::new(web_service(store));
    let server = WebServer::start(Arc::clone(&service)).await?;
    let mut game = start_game(&service, run_number(), 0).await?;
    for _ in 0..plies {
        game.play_next(&service).await?;
    }
    let path = format!("/games/{}", game.id.0);
    let addr = server.addr;
    let fetch = |path: String| async move {
        let response = tokio::time::timeout(timeout, http::get(addr, &path))
            .await
            .map_err(|_| LoadError::Options(format!("{path}: no answer in {timeout:?}")))??;
        if response.status != 200 {
            return Err(LoadError::Options(format!(
                "{path}: status {}",
                response.status
            )));
        }
        Ok(response)
    };
    let first = fetch(path.clone()).await?;
    let html = String::from_utf8_lossy(&first.body).into_owned();
    let mut assets = Vec::new();
    for url in linked_assets(&html) {
        let body = fetch(url.clone()).await?.body;
        assets.push((url, body.len()));
    }
    let mut latency = LatencyHistogram::default();
    for _ in 0..requests {
        let began = Instant::now();
        fetch(path.clone()).await?;
        latency.record(began.elapsed());
    }
    drop(server);
    Ok(PageReport {
        plies: game.plies,
        latency,
        html: first.body.len(),
        assets,
    })
}

/// The `/assets/…` addresses a page's HTML loads (its stylesheet and script), in order.
pub fn linked_assets(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attr in ["href=\"", "src=\""] {
        for (at, _) in html.match_indices(attr) {
            let rest = &html[at + attr.len()..];
            let url = &rest[..rest.find('"').unwrap_or(0)];
            if url.starts_with("/assets/") && !found.iter().any(|f| f == url) {
                found.push(url.replace("&amp;", "&"));
            }
        }
    }
    found
}
