//! Live pages: `/games/ID/events`, one Server-Sent Events stream per watcher of a game's page.
//!
//! One [`Hub`] per process reads the event log ([`Hub::follow`]): woken by every commit that
//! writes events (by this process, or on PostgreSQL by any, through `LISTEN`/`NOTIFY`), it reads
//! what is new once and hands each game's news to that game's watchers through a broadcast
//! channel, so a thousand watchers cost one read, not a thousand. Each event goes out with its
//! id in the log; a browser that lost its connection comes back with `Last-Event-ID` and first
//! reads what it missed, from the log, by id. A watcher also hears how many watch the game.
//!
//! On PostgreSQL ids are taken before their transactions commit, so a later id can be seen
//! before an earlier one: the hub keeps its place with the log's cursor
//! ([`LogCursor`](rollerball_game::LogCursor)), at the first id it has not seen, and reads past
//! it until the gap fills or the database shows its transaction over (rolled back) — never
//! after a fixed wait, so a slow commit is told too.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use rollerball_game::{Lang, LiveEvent, Service, tr};
use rollerball_model::GameId;
use serde::Deserialize;
use tokio::sync::{broadcast, watch};

use crate::Site;
use crate::lang::reader_lang;

/// Most events read from the log at once.
const BATCH: u32 = 500;
/// Most events a watcher coming back is sent from the log (more: it reloads the page).
const CATCH_UP: u32 = 200;
/// How many frames a slow watcher may fall behind before it is told to reload.
const BACKLOG: usize = 64;
/// How often the hub looks at the log when nothing woke it (a lost notification).
const FALLBACK_CHECK: Duration = Duration::from_secs(30);
/// How often a quiet stream says it is alive, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(20);

/// The watchers of one game: its news, which each watcher must get, and how many watch it,
/// of which only the latest matters (a crowd arriving at once changes it a thousand times, and
/// a thousand watchers told each change would fall behind on the news).
struct Channel {
    news: broadcast::Sender<Arc<LiveEvent>>,
    count: watch::Sender<usize>,
}

/// Every game's watchers in this process, and the reader of the log that feeds them.
pub struct Hub {
    service: Arc<Service>,
    games: Mutex<HashMap<GameId, Channel>>,
}

/// One watcher's place among its game's watchers: leaving (the stream dropped) tells the
/// others.
struct Watching {
    hub: Arc<Hub>,
    game: GameId,
}

impl Drop for Watching {
    fn drop(&mut self) {
        let mut games = self.hub.games.lock().expect("the hub's lock");
        if let Some(channel) = games.get_mut(&self.game) {
            let left = channel.count.borrow().saturating_sub(1);
            if left == 0 {
                games.remove(&self.game);
            } else {
                channel.count.send_replace(left);
            }
        }
    }
}

impl Hub {
    /// A hub for `service`'s games; nothing is read until [`follow`](Hub::follow) runs.
    pub fn new(service: Arc<Service>) -> Arc<Hub> {
        Arc::new(Hub {
            service,
            games: Mutex::default(),
        })
    }

    /// How many watch game `game` in this process.
    pub fn watchers(&self, game: GameId) -> usize {
        let games = self.games.lock().expect("the hub's lock");
        games.get(&game).map_or(0, |c| *c.count.borrow())
    }

    /// Joins game `game`'s watchers, telling them (and the newcomer) how many they are.
    fn watch(
        self: &Arc<Self>,
        game: GameId,
    ) -> (
        broadcast::Receiver<Arc<LiveEvent>>,
        watch::Receiver<usize>,
        Watching,
    ) {
        let mut games = self.games.lock().expect("the hub's lock");
        let channel = games.entry(game).or_insert_with(|| Channel {
            news: broadcast::channel(BACKLOG).0,
            count: watch::channel(0).0,
        });
        let news = channel.news.subscribe();
        channel.count.send_modify(|n| *n += 1);
        let mut count = channel.count.subscribe();
        // The newcomer is told the count once at the start, like every later change.
        count.mark_changed();
        let watching = Watching {
            hub: Arc::clone(self),
            game,
        };
        (news, count, watching)
    }

    /// Hands `event` to its game's watchers, if it has any here.
    fn tell(&self, event: LiveEvent) {
        let games = self.games.lock().expect("the hub's lock");
        if let Some(channel) = games.get(&event.game) {
            let _ = channel.news.send(Arc::new(event));
        }
    }

    /// Reads the log for as long as the process runs, from its newest event on, handing every
    /// game's news to its watchers. A database failure is logged and tried again.
    pub async fn follow(self: Arc<Self>) {
        let mut wakeups = self.service.event_wakeups().await;
        let mut cursor = loop {
            match self.service.newest_log_cursor().await {
                Ok(cursor) => break cursor,
                Err(error) => {
                    tracing::warn!(%error, "live pages: cannot read the event log; trying again");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        };
        loop {
            match self.service.live_events(&mut cursor, BATCH).await {
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

/// `/games/ID/events`: the game's news as it happens, after what the watcher missed.
pub async fn events(
    State(site): State<Site>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    Query(query): Query<EventsQuery>,
) -> Response {
    let game = GameId(id);
    let lang = reader_lang(&headers, query.lang.as_deref());
    let last_seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok());
    // Joined first, then caught up: what happens in between arrives twice and is sent once.
    let (news, count, watching) = site.hub.watch(game);
    let mut missed = Vec::new();
    let mut reload = false;
    if let Some(after) = last_seen {
        match site
            .service
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
