//! Direct messages: the service's turn notices for players who asked for them (`settings dm
//! on`), and everything the bot would post in a place where it only answers commands (a DM or
//! group DM it is no member of), each sent by opening (or finding again) the bot's DM channel
//! with the player and posting the line there. Discord may refuse — the player blocks DMs from
//! server members or the bot (403, code 50007) — or keep failing; the notice is then handed
//! back to the service, which keeps it until the player's next command shows it. The move, the
//! reminder in the thread and everything else stand.

use serenity::all::{CreateMessage, Http, UserId};

use super::deliver::{Failure, RetryPolicy, classify, describe, refusal};
use super::send;
use crate::game::{DirectMessage, Service};
use crate::model::PlayerId;

/// Discord's code for "Cannot send messages to this user".
const CANNOT_MESSAGE_USER: isize = 50007;

/// Sends each direct message in turn; one that cannot be delivered is kept by `service` for
/// the player's next command, and the next one is sent all the same. Never fails.
pub(super) async fn send_all(
    http: &Http,
    retry: &RetryPolicy,
    service: &Service,
    messages: &[DirectMessage],
) {
    for message in messages {
        send_or_hold(http, retry, service, message, None).await;
    }
}

/// Sends one direct message (with `nonce`, the event it tells, if any); if it cannot be
/// delivered, `service` keeps it for the player's next command.
pub(super) async fn send_or_hold(
    http: &Http,
    retry: &RetryPolicy,
    service: &Service,
    message: &DirectMessage,
    nonce: Option<String>,
) {
    if !send_text(http, retry, message.to, &message.text, nonce).await {
        service
            .commands()
            .hold_notice(message.to, &message.text)
            .await;
    }
}

/// Sends `text` to `to` as a direct message: opens the DM channel, then posts the text (cut to
/// Discord's limit), pinging nobody, with `nonce` (or a fresh one). Whether it was delivered.
pub(super) async fn send_text(
    http: &Http,
    retry: &RetryPolicy,
    to: PlayerId,
    text: &str,
    nonce: Option<String>,
) -> bool {
    let user = to.0;
    let Some(id) = super::ids::snowflake::<UserId>(user) else {
        tracing::warn!("a notice for a player of id zero; kept for later");
        return false;
    };
    let opened = retry
        .run("open a DM channel", user, || id.create_dm_channel(http))
        .await;
    let channel = match opened {
        Ok(channel) => channel.id.get(),
        Err(e) => {
            tracing::warn!(user, error = %describe(&e), "could not open a DM channel for a notice; kept for later");
            return false;
        }
    };
    let text = super::deliver::clip_content(text);
    let sent = send(http, retry, channel, "direct notice", nonce, || {
        CreateMessage::new()
            .content(text.clone())
            .allowed_mentions(super::deliver::allowed_mentions([]))
    })
    .await;
    match sent {
        Ok(()) => true,
        Err(e) if refusal(&e).is_some_and(|(_, code)| code == CANNOT_MESSAGE_USER) => {
            tracing::info!(
                user,
                "the player does not accept direct messages; notice kept for their next command"
            );
            false
        }
        Err(e) => {
            let failure: Failure = classify(&e);
            tracing::warn!(user, ?failure, error = %describe(&e), "could not send a notice by DM; kept for later");
            false
        }
    }
}
