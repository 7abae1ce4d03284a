//! Live pages: `/games/ID/events`, one Server-Sent Events stream per watcher of a game's page.
//!
//! One [`Hub`] per process reads the event log ([`Hub::follow`]): woken by every commit that
//! writes events (by this process, or on PostgreSQL by any, through `LISTEN`/`NOTIFY`), it reads
//! what is new once and hands each game's news to that game's watchers through a broadcast
//! channel, so a thousand watchers cost one read, not a thousand. Each event goes out with its
//! id in the log; a browser that lost its connection comes back with `Last-Event-ID` and first
//! reads what it missed, from the log, by id. A watcher also hears how many watch the game: the
//! client addresses with a stream open, so that one client cannot inflate the count; and one
//! client may hold at most [`LiveLimits::per_client`] streams (a stream is refused for a game
//! that does not exist).
//!
//! On PostgreSQL ids are taken before their transactions commit, so a later id can be seen
//! before an earlier one: the hub keeps its place with the log's cursor
//! ([`LogCursor`](rollerball_game::LogCursor)), at the first id it has not seen, and reads past
//! it until the gap fills or the database shows its transaction over (rolled back) — never
//! after a fixed wait, so a slow commit is told too.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use rollerball_game::{FALLBACK_CHECK, Lang, LiveEvent, Service, tr};
use rollerball_model::GameId;
use serde::Deserialize;
use tokio::sync::{broadcast, watch};

use crate::Site;
use crate::clients::{LiveLimits, Peer};
use crate::html;
use crate::lang::reader_lang;

/// Most events read from the log at once.
const BATCH: u32 = 500;
/// Most events a watcher coming back is sent from the log (more: it reloads the page).
const CATCH_UP: u32 = 200;
/// How many frames a slow watcher may fall behind before it is told to reload.
const BACKLOG: usize = 64;
/// How often a quiet stream says it is alive, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(20);

/// The watchers of one game: its news, which each watcher must get, and how many watch it,
/// of which only the latest matters (a crowd arriving at once changes it a thousand times, and
/// a thousand watchers told each change would fall behind on the news). The count is of
/// client addresses, not streams: one client opening many streams counts once.
struct Channel {
    news: broadcast::Sender<Arc<LiveEvent>>,
    count: watch::Sender<usize>,
    /// The streams open on this game, by client address.
    clients: HashMap<IpAddr, usize>,
}

/// Every game's watchers in this process, and how many streams each client holds.
#[derive(Default)]
struct Watchers {
    games: HashMap<GameId, Channel>,
    clients: HashMap<IpAddr, usize>,
}

/// Every game's watchers in this process, and the reader of the log that feeds them.
pub struct Hub {
    service: Arc<Service>,
    limits: LiveLimits,
    watchers: Mutex<Watchers>,
}

/// One watcher's place among its game's watchers: leaving (the stream dropped) tells the
/// others.
struct Watching {
    hub: Arc<Hub>,
    game: GameId,
    client: IpAddr,
}

/// One less stream of `key` in `counts`, the entry gone at none; the streams left.
fn leave<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: &K) -> usize {
    let Some(n) = counts.get_mut(key) else {
        return 0;
    };
    *n = n.saturating_sub(1);
    let left = *n;
    if left == 0 {
        counts.remove(key);
    }
    left
}

impl Drop for Watching {
    fn drop(&mut self) {
        let mut watchers = self.hub.lock();
        leave(&mut watchers.clients, &self.client);
        if let Some(channel) = watchers.games.get_mut(&self.game) {
            leave(&mut channel.clients, &self.client);
            if channel.clients.is_empty() {
                watchers.games.remove(&self.game);
            } else {
                let count = channel.clients.len();
                channel
                    .count
                    .send_if_modified(|n| std::mem::replace(n, count) != count);
            }
        }
    }
}

/// A newcomer's share of a game's watchers: its news, the count, and its place.
type Joined = (
    broadcast::Receiver<Arc<LiveEvent>>,
    watch::Receiver<usize>,
    Watching,
);

/// Why a stream was refused: its client holds as many as it may.
#[derive(Debug)]
struct TooMany;

impl Hub {
    /// A hub for `service`'s games, with the default [`LiveLimits`]; nothing is read until
    /// [`follow`](Hub::follow) runs.
    pub fn new(service: Arc<Service>) -> Arc<Hub> {
        Hub::with_limits(service, LiveLimits::default())
    }

    /// A hub for `service`'s games whose streams are bounded by `limits`.
    pub fn with_limits(service: Arc<Service>, limits: LiveLimits) -> Arc<Hub> {
        Arc::new(Hub {
            service,
            limits,
            watchers: Mutex::default(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Watchers> {
        self.watchers.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many watch game `game` in this process: the client addresses with a stream open.
    pub fn watchers(&self, game: GameId) -> usize {
        self.lock().games.get(&game).map_or(0, |c| c.clients.len())
    }

    /// How many streams are open in this process, all games together.
    pub fn streams(&self) -> usize {
        self.lock().clients.values().sum()
    }

    /// Joins game `game`'s watchers as `client`, telling them (and the newcomer) how many
    /// they are; refused when `client` holds as many streams as it may.
    fn watch(self: &Arc<Self>, game: GameId, client: IpAddr) -> Result<Joined, TooMany> {
        let mut watchers = self.lock();
        let held = watchers.clients.entry(client).or_insert(0);
        if *held >= self.limits.per_client {
            return Err(TooMany);
        }
        *held += 1;
        let channel = watchers.games.entry(game).or_insert_with(|| Channel {
            news: broadcast::channel(BACKLOG).0,
            count: watch::channel(0).0,
            clients: HashMap::new(),
        });
        let news = channel.news.subscribe();
        *channel.clients.entry(client).or_insert(0) += 1;
        let count = channel.clients.len();
        channel
            .count
            .send_if_modified(|n| std::mem::replace(n, count) != count);
        let mut count = channel.count.subscribe();
        // The newcomer is told the count once at the start, like every later change.
        count.mark_changed();
        let watching = Watching {
            hub: Arc::clone(self),
            game,
            client,
        };
        Ok((news, count, watching))
    }

    /// Hands `event` to its game's watchers, if it has any here.
    fn tell(&self, event: LiveEvent) {
        let watchers = self.lock();
        if let Some(channel) = watchers.games.get(&event.game) {
            let _ = channel.news.send(Arc::new(event));
        }
    }

    /// Reads the log for as long as the process runs, from its newest event on, handing every
    /// game's news to its watchers. A database failure is logged and tried again.
    pub async fn follow(self: Arc<Self>) {
        let mut wakeups = self.service.feed().event_wakeups().await;
        let mut cursor = loop {
            match self.service.feed().newest_log_cursor().await {
                Ok(cursor) => break cursor,
                Err(error) => {
                    tracing::warn!(%error, "live pages: cannot read the event log; trying again");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        };
        loop {
            match self.service.feed().live_events(&mut cursor, BATCH).await {
                Ok((events, more)) => {
                    for event in events {
                        self.tell(event);
                    }
                    if more {
                        continue;
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, "live pages: cannot read the event log");
                }
            }
            let wait = if cursor.waits_for_a_gap() {
                Duration::from_millis(200)
            } else {
                FALLBACK_CHECK
            };
            tokio::select! {
                changed = wakeups.changed() => {
                    if changed.is_err() {
                        tokio::time::sleep(wait).await;
                    }
                }
                () = tokio::time::sleep(wait) => {}
            }
        }
    }
}

/// What the events' address may add.
#[derive(Debug, Default, Deserialize)]
pub struct EventsQuery {
    /// `?lang=fr`: the language of the watcher count.
    lang: Option<String>,
}

/// `/games/ID/events`: the game's news as it happens, after what the watcher missed. Refused
/// for a game that does not exist (404) and for a client that holds as many streams as it may
/// (429).
pub async fn events(
    State(site): State<Site>,
    Path(id): Path<i64>,
    Peer(peer): Peer,
    headers: HeaderMap,
    Query(query): Query<EventsQuery>,
) -> Response {
    let game = GameId(id);
    let lang = reader_lang(&headers, query.lang.as_deref());
    match site.service.feed().game_exists(game).await {
        Ok(true) => {}
        Ok(false) => return html::not_found(lang, &tr!(lang, "web-not-found", id = id)),
        Err(error) => return html::failed(lang, "a live stream", &error),
    }
    let last_seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok());
    let client = site.hub.limits.client(&headers, peer);
    // Joined first, then caught up: what happens in between arrives twice and is sent once.
    let Ok((news, count, watching)) = site.hub.watch(game, client) else {
        let mut refused = html::message(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            &tr!(lang, "web-too-many-streams"),
        );
        refused
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
        return refused;
    };
    let mut missed = Vec::new();
    let mut reload = false;
    if let Some(after) = last_seen {
        match site
            .service
            .feed()
            .game_live_events_after(game, after, CATCH_UP)
            .await
        {
            Ok(events) => {
                reload = events.len() as u32 == CATCH_UP;
                missed = events;
            }
            Err(error) => {
                tracing::warn!(%error, "live pages: cannot read what a watcher missed");
                reload = true;
            }
        }
    }
    let start = WatcherState {
        news,
        count,
        _watching: watching,
        lang,
        last_sent: missed.last().map_or(last_seen.unwrap_or(0), |e| e.id),
        queue: missed
            .into_iter()
            .map(|e| news_event(&e))
            .chain(reload.then(resync))
            .collect(),
    };
    Sse::new(watcher_stream(start))
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE).text("keep-alive"))
        .into_response()
}

/// One watcher's stream as it goes.
struct WatcherState {
    news: broadcast::Receiver<Arc<LiveEvent>>,
    count: watch::Receiver<usize>,
    _watching: Watching,
    lang: Lang,
    /// The last event id sent: the broadcast may repeat what the catch-up sent.
    last_sent: i64,
    /// Events to send before waiting again.
    queue: std::collections::VecDeque<Event>,
}

/// The frames of one watcher's stream.
fn watcher_stream(start: WatcherState) -> impl Stream<Item = Result<Event, Infallible>> {
    stream::unfold(start, |mut state| async move {
        loop {
            if let Some(event) = state.queue.pop_front() {
                return Some((Ok(event), state));
            }
            tokio::select! {
                // News first: a count can wait, and is never behind by more than one.
                biased;
                received = state.news.recv() => match received {
                    Ok(event) if event.id > state.last_sent => {
                        state.last_sent = event.id;
                        return Some((Ok(news_event(&event)), state));
                    }
                    Ok(_) => {}
                    // Fell too far behind: the page reloads what it shows.
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        return Some((Ok(resync()), state));
                    }
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                changed = state.count.changed() => {
                    if changed.is_err() {
                        return None;
                    }
                    let count = *state.count.borrow_and_update();
                    return Some((Ok(watchers(state.lang, count)), state));
                }
            }
        }
    })
}

/// A game's news as the page's script reads it.
fn news_event(event: &LiveEvent) -> Event {
    let data = serde_json::json!({
        "ply": event.ply,
        "san": event.san,
        "side": event.side.map(crate::game_page::side_key),
    });
    Event::default()
        .id(event.id.to_string())
        .event(event.kind)
        .data(data.to_string())
}

/// How many watch the game, in the watcher's language.
fn watchers(lang: Lang, count: usize) -> Event {
    let text = tr!(lang, "web-watching", count = count);
    let data = serde_json::json!({ "count": count, "text": text });
    Event::default().event("watchers").data(data.to_string())
}

/// Tells the page to read the game afresh (it missed too much to be told).
fn resync() -> Event {
    Event::default().event("resync").data("{}")
}
