//! Direct messages: the service's turn notices for players who asked for them (`settings dm
//! on`), each sent by opening (or finding again) the bot's DM channel with the player and
//! posting the line there. Discord may refuse — the player blocks DMs from server members or
//! the bot (403, code 50007) — and then the notice is logged and dropped: the move, the
//! reminder in the thread and everything else stand.

use serenity::all::{CreateMessage, Http, UserId};

use super::deliver::{Failure, RetryPolicy, classify, describe, refusal};
use super::send;
use crate::game::DirectMessage;

/// Discord's code for "Cannot send messages to this user".
const CANNOT_MESSAGE_USER: isize = 50007;

/// Sends each direct message in turn; a failure is logged and the next one is sent all the
/// same. Never fails.
pub(super) async fn send_all(http: &Http, retry: &RetryPolicy, messages: &[DirectMessage]) {
    for message in messages {
        send_one(http, retry, message).await;
    }
}

/// Sends one direct message: opens the DM channel, then posts the line, pinging nobody.
async fn send_one(http: &Http, retry: &RetryPolicy, message: &DirectMessage) {
    let user = message.to.0;
    let opened = retry
        .run("open a DM channel", user, || {
            UserId::new(user).create_dm_channel(http)
        })
        .await;
    let channel = match opened {
        Ok(channel) => channel.id.get(),
        Err(e) => {
            tracing::warn!(user, error = %describe(&e), "could not open a DM channel for a turn notice");
            return;
        }
    };
    let text = super::deliver::clip_content(&message.text);
    let sent = send(http, retry, channel, "turn notice", || {
        CreateMessage::new()
            .content(text.clone())
            .allowed_mentions(super::deliver::allowed_mentions([]))
    })
    .await;
    match sent {
        Ok(()) => {}
        Err(e) if refusal(&e).is_some_and(|(_, code)| code == CANNOT_MESSAGE_USER) => {
            tracing::info!(
                user,
                "the player does not accept direct messages; turn notice dropped"
            );
        }
        Err(e) => {
            let failure: Failure = classify(&e);
            tracing::warn!(user, ?failure, error = %describe(&e), "could not send a turn notice");
        }
    }
}
