//! Posting in channels: a reply as a message (with a nonce, so a retried post is not doubled),
//! the text alone when Discord refuses the upload, and the archiving of a finished game's
//! thread.

use super::*;

/// Archives the thread of a game that is over once its final board has been posted there
/// (`place`); a failure only leaves the thread open, and is logged.
pub(super) async fn close_thread(http: &Http, retry: &RetryPolicy, place: Place, reply: &Reply) {
    // A message typed in a thread arrives with the thread as its channel.
    let posted_in = place.thread.unwrap_or(place.channel);
    let Some(thread) = reply.closes_thread.filter(|&t| t == posted_in) else {
        return;
    };
    let archive = EditThread::new().archived(true);
    // One try: a thread left open is no loss.
    let archived = match ids::channel(thread) {
        Some(thread) => thread.edit_thread(http, archive).await,
        None => Err(ids::no_channel()),
    };
    retry.record(&archived);
    if let Err(e) = archived {
        tracing::warn!(thread, error = %describe(&e), "could not archive a finished game's thread");
    }
}

/// What became of a reply posted in a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Posted {
    /// Posted as it was, files and all.
    Whole,
    /// Posted without its files (they were refused or too large), with a note saying so.
    TextOnly,
    /// Not posted; the last failure says why.
    Not(Failure),
}

impl Posted {
    pub(super) fn is_posted(self) -> bool {
        !matches!(self, Posted::Not(_))
    }
}

/// A fresh nonce for one message: Discord drops a second message with the same nonce from the
/// bot within a few minutes, so a retried post whose first try did get through (only the
/// answer was lost) is not shown twice.
pub(super) fn message_nonce() -> Nonce {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    Nonce::String(format!("{:016x}", hasher.finish()))
}

/// Sends `message()` to `channel`, retried as `retry` says, with one nonce for all the tries:
/// `nonce` (the events a reply tells, [`Told::nonce`]), or a fresh one.
pub(super) async fn send(
    http: &Http,
    retry: &RetryPolicy,
    channel: u64,
    what: &str,
    nonce: Option<String>,
    message: impl Fn() -> CreateMessage,
) -> serenity::Result<()> {
    let nonce = nonce.map_or_else(message_nonce, Nonce::String);
    let id = ids::channel(channel).ok_or_else(ids::no_channel)?;
    retry
        .run(what, channel, || {
            id.send_message(http, message().nonce(nonce.clone()).enforce_nonce(true))
        })
        .await
        .map(drop)
}

/// Posts a reply in a channel: retried while Discord fails for a passing reason; the text alone
/// if the upload is refused or too large, or Discord kept failing. Failures are logged with the
/// channel, never raised.
pub(super) async fn post(
    http: &Http,
    retry: &RetryPolicy,
    channel: u64,
    reply: &Reply,
    what: &str,
) -> Posted {
    post_message(http, retry, channel, reply, what, |m| m).await
}

/// [`post`], with `adjust` applied to the message (to make it the answer to another message).
pub(super) async fn post_message(
    http: &Http,
    retry: &RetryPolicy,
    channel: u64,
    reply: &Reply,
    what: &str,
    adjust: impl Fn(CreateMessage) -> CreateMessage,
) -> Posted {
    let has_files = reply.image.is_some() || !reply.files.is_empty();
    let with_files = has_files && files_fit(reply, deliver::DEFAULT_ATTACHMENT_LIMIT);
    let adjust = &adjust;
    let sent = files_then_text(what, channel, with_files, |files| {
        send(http, retry, channel, what, reply.told.nonce(), move || {
            adjust(outgoing(reply, files).message())
        })
    })
    .await;
    match sent {
        Ok(files) if files || !has_files => Posted::Whole,
        Ok(_) => Posted::TextOnly,
        Err((failure, e)) => {
            tracing::error!(channel, what, ?failure, error = %describe(&e), "could not post a message");
            Posted::Not(failure)
        }
    }
}
