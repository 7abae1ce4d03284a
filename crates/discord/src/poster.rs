//! The event log's Discord consumer: posts in each game's thread or channel what no answer to
//! a command told there — a move made from another channel or another process, or one whose
//! answer a crash or a failure cut off — with the event's id as the message's nonce, so that a
//! post repeated after a crash shows once. It wakes when events are committed (on PostgreSQL,
//! by any process: `LISTEN`/`NOTIFY`), and checks every [`FALLBACK_CHECK`] besides, in case a
//! notification was lost. It reads only the events of this process's shards, and records its
//! position after each of its own posts and with each read, so a restart goes on from the first
//! event it had not finished.

use super::sweep::post_in_place;
use super::*;
use crate::game::{EventReader, ShardFilter};

/// How often the poster looks at the log without being woken: only a fallback.
const FALLBACK_CHECK: Duration = Duration::from_secs(30);

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

/// Posts the log's events that no answer told, until told to stop.
pub(super) async fn poster_loop(
    http: Arc<Http>,
    service: Arc<Service>,
    shards: Shards,
    retry: RetryPolicy,
    mut stop: watch::Receiver<bool>,
) {
    let (name, filter) = reader_of(shards);
    let mut wakeups = service.event_wakeups().await;
    let mut reader = loop {
        match service.open_event_reader(&name, filter).await {
            Ok(reader) => break reader,
            Err(error) => {
                tracing::error!(%error, "cannot read the event log; trying again");
                tokio::select! {
                    _ = tokio::time::sleep(AFTER_FAILURE) => {}
                    _ = until_stopped(&mut stop) => return,
                }
            }
        }
    };
    tracing::info!(reader = %name, position = reader.position().0, "posting the event log's events");
    let mut tick = tokio::time::interval(FALLBACK_CHECK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        if !post_pending(&http, &service, &retry, &mut reader).await {
            tokio::select! {
                _ = tokio::time::sleep(AFTER_FAILURE) => {}
                _ = until_stopped(&mut stop) => return,
            }
            continue;
        }
        // A gap in the ids (another transaction still in flight) is looked at again soon.
        let gap = reader.waits_for_a_gap();
        tokio::select! {
            _ = wakeups.changed() => {}
            _ = tick.tick() => {}
            _ = tokio::time::sleep(GAP_CHECK), if gap => {}
            _ = until_stopped(&mut stop) => return,
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
        let announcements = match service.next_announcements(reader).await {
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
            if let Some(mut notice) = announcement.notice {
                if notice.place.bot_posts() {
                    if notice.reply.lang.is_none() {
                        notice.reply.lang =
                            Some(service.server_language(notice.place.server).await);
                    }
                    post_in_place(http, retry, &notice, "event").await;
                }
                direct::send_all(http, retry, service, &notice.reply.direct).await;
            }
            if let Err(error) = service.event_reader_done(reader, &announcement.ids).await {
                // Posted, but not recorded: after a restart it is posted again, with the same
                // nonce, which Discord drops within a few minutes.
                tracing::error!(%error, "could not record the event log's position; trying again");
                return false;
            }
        }
    }
}
