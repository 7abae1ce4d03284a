//! The event log's Discord consumers. The poster posts in each game's thread or channel what no answer to
//! a command told there — a move made from another channel or another process, or one whose
//! answer a crash or a failure cut off — with the event's id as the message's nonce, so that a
//! post repeated after a crash shows once. It wakes when events are committed (on PostgreSQL,
//! by any process: `LISTEN`/`NOTIFY`), and checks every [`FALLBACK_CHECK`](crate::game::FALLBACK_CHECK) besides, in case a
//! notification was lost. It reads only the events of this process's shards, and records its
//! position after each of its own posts and with each read, so a restart goes on from the first
//! event it had not finished. The turn notices' consumer (`discord dm`, per range of shards)
//! sends the direct messages that tell a player it is their move, each with its event's id as
//! its nonce, holding for the player's next command those Discord refuses.

use super::sweep::post_in_place;
use super::*;
use crate::game::{EventReader, FALLBACK_CHECK, ShardFilter};

/// How often the poster looks again while a gap in the ids holds it back.
const GAP_CHECK: Duration = Duration::from_millis(100);

/// How long the poster waits before trying again after the database failed it.
const AFTER_FAILURE: Duration = Duration::from_secs(5);

/// The events of which shards this process posts, and the name of its place in the log.
pub(super) fn reader_of(shards: Shards) -> (String, Option<ShardFilter>) {
    match shards {
        // Every shard runs here: every event is this process's.
        Shards::One | Shards::Auto => ("discord".to_string(), None),
        Shards::Range { first, last, total } => (
            format!("discord {first}-{last}/{total}"),
            Some(ShardFilter { first, last, total }),
        ),
    }
}

/// One of this process's consumers of the event log, as [`follow_log`] runs it.
trait Consumer {
    /// The service whose log it reads.
    fn service(&self) -> &Service;

    /// What the log calls it: its name for the shards `shards`.
    fn name(&self, shards: Shards) -> String;

    /// Opens its reader at the position it recorded; `None` when the database failed it
    /// (logged).
    async fn open(&self, name: &str, filter: Option<ShardFilter>) -> Option<EventReader>;

    /// Does everything pending, batch after batch, until the reader is up to date; `false`
    /// when the database failed it (logged).
    async fn catch_up(&self, reader: &mut EventReader) -> bool;
}

/// Runs this process's consumers of the log until told to stop: the poster, which posts the
/// events no answer told, and the turn notices' consumer, which sends the DMs they owe.
pub(super) async fn follow_logs(
    http: Arc<Http>,
    service: Arc<Service>,
    shards: Shards,
    retry: RetryPolicy,
    stop: watch::Receiver<bool>,
) {
    let poster = Poster {
        http: Arc::clone(&http),
        service: Arc::clone(&service),
        retry: retry.clone(),
    };
    let notices = TurnNotices {
        http,
        service,
        retry,
    };
    tokio::join!(
        follow_log(&poster, shards, stop.clone()),
        follow_log(&notices, shards, stop)
    );
}

/// The name of the turn notices' consumer of `shards` in the log: `discord dm`,
/// `discord dm 0-1/4`.
fn turn_notices_name(shards: Shards) -> String {
    reader_of(shards).0.replacen("discord", "discord dm", 1)
}

/// Gives the turn notices' consumer of `shards` its place in the log if it has none (at the
/// newest event). A database failure is logged: the consumer then takes its place when it
/// starts.
pub(super) async fn place_turn_notices(service: &Service, shards: Shards) {
    let name = turn_notices_name(shards);
    if let Err(error) = service
        .feed()
        .open_turn_notice_reader(&name, reader_of(shards).1)
        .await
    {
        tracing::warn!(reader = %name, %error, "cannot find the turn notices' place in the event log yet");
    }
}

/// Runs `consumer` over the log of this process's shards until told to stop: woken by each
/// commit, looking again every [`FALLBACK_CHECK`] besides, and soon while a gap holds it back.
async fn follow_log(consumer: &impl Consumer, shards: Shards, mut stop: watch::Receiver<bool>) {
    let name = consumer.name(shards);
    let filter = reader_of(shards).1;
    let mut wakeups = consumer.service().feed().event_wakeups().await;
    let mut reader = loop {
        if let Some(reader) = consumer.open(&name, filter).await {
            break reader;
        }
        tokio::select! {
            _ = tokio::time::sleep(AFTER_FAILURE) => {}
            _ = until_stopped(&mut stop) => return,
        }
    };
    tracing::info!(reader = %name, position = reader.position().0, "following the event log");
    let mut tick = tokio::time::interval(FALLBACK_CHECK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        if !consumer.catch_up(&mut reader).await {
            tokio::select! {
                _ = tokio::time::sleep(AFTER_FAILURE) => {}
                _ = until_stopped(&mut stop) => return,
            }
            continue;
        }
        // A gap in the ids (another transaction still in flight), or a full batch read, is
        // looked at again soon.
        let soon = reader.looks_again_soon();
        tokio::select! {
            _ = wakeups.changed() => {}
            _ = tick.tick() => {}
            _ = tokio::time::sleep(GAP_CHECK), if soon => {}
            _ = until_stopped(&mut stop) => return,
        }
    }
}

/// The consumer that posts in the games' places.
struct Poster {
    http: Arc<Http>,
    service: Arc<Service>,
    retry: RetryPolicy,
}

impl Consumer for Poster {
    fn service(&self) -> &Service {
        &self.service
    }

    fn name(&self, shards: Shards) -> String {
        reader_of(shards).0
    }

    async fn open(&self, name: &str, filter: Option<ShardFilter>) -> Option<EventReader> {
        let opened = self.service.feed().open_event_reader(name, filter).await;
        opened
            .inspect_err(|error| {
                tracing::error!(reader = name, %error, "cannot read the event log; trying again");
            })
            .ok()
    }

    async fn catch_up(&self, reader: &mut EventReader) -> bool {
        post_pending(&self.http, &self.service, &self.retry, reader).await
    }
}

/// The consumer that sends the turn notices by direct message.
struct TurnNotices {
    http: Arc<Http>,
    service: Arc<Service>,
    retry: RetryPolicy,
}

impl Consumer for TurnNotices {
    fn service(&self) -> &Service {
        &self.service
    }

    fn name(&self, shards: Shards) -> String {
        turn_notices_name(shards)
    }

    async fn open(&self, name: &str, filter: Option<ShardFilter>) -> Option<EventReader> {
        let opened = self
            .service
            .feed()
            .open_turn_notice_reader(name, filter)
            .await;
        opened
            .inspect_err(|error| {
                tracing::error!(reader = name, %error, "cannot read the event log; trying again");
            })
            .ok()
    }

    async fn catch_up(&self, reader: &mut EventReader) -> bool {
        loop {
            let notices = match self.service.feed().next_turn_notices(reader).await {
                Ok(notices) => notices,
                Err(error) => {
                    tracing::error!(%error, "reading the event log for turn notices failed; trying again");
                    return false;
                }
            };
            if notices.is_empty() {
                return true;
            }
            for notice in notices {
                if places::is_discords(notice.place) {
                    let nonce = format!("rb-d{}", notice.event.0);
                    direct::send_or_hold(
                        &self.http,
                        &self.retry,
                        &self.service,
                        &notice.message,
                        Some(nonce),
                    )
                    .await;
                }
                if let Err(error) = self
                    .service
                    .feed()
                    .event_reader_done(reader, &[notice.event])
                    .await
                {
                    // Sent, but not recorded: after a restart it is sent again, with the same
                    // nonce, which Discord drops within a few minutes.
                    tracing::error!(%error, "could not record the turn notices' position; trying again");
                    return false;
                }
            }
        }
    }
}

/// Posts every pending announcement, batch after batch, until the reader is up to date;
/// `false` when the database failed it (logged).
async fn post_pending(
    http: &Http,
    service: &Service,
    retry: &RetryPolicy,
    reader: &mut EventReader,
) -> bool {
    loop {
        let announcements = match service.feed().next_announcements(reader).await {
            Ok(announcements) => announcements,
            Err(error) => {
                tracing::error!(%error, "reading the event log failed; trying again");
                return false;
            }
        };
        if announcements.is_empty() {
            return true;
        }
        for announcement in announcements {
            // Only Discord's places are posted in here: a console game's news is not ours.
            let ours = announcement.notice.filter(|n| places::is_discords(n.place));
            if let Some(mut notice) = ours {
                if notice.place.bot_posts() {
                    if notice.reply.lang.is_none() {
                        notice.reply.lang = Some(
                            service
                                .languages()
                                .server_language(notice.place.server)
                                .await,
                        );
                    }
                    post_in_place(http, retry, &notice, "event").await;
                }
                direct::send_all(http, retry, service, &notice.reply.direct).await;
            }
            if let Err(error) = service
                .feed()
                .event_reader_done(reader, &announcement.ids)
                .await
            {
                // Posted, but not recorded: after a restart it is posted again, with the same
                // nonce, which Discord drops within a few minutes.
                tracing::error!(%error, "could not record the event log's position; trying again");
                return false;
            }
        }
    }
}
