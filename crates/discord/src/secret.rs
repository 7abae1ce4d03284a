//! What a player asked for where others read it, and must not be shown there: a forecast typed
//! in a server's channel. The service refuses it ([`Reply::exposed`]); here the message that
//! gave the lines away is deleted where the bot has the Manage Messages permission, and the
//! refusal — saying where forecasts are taken, and whether the message is gone — goes to the
//! player by direct message, or in the channel (it shows no line) when no DM gets through.

use super::*;
use crate::game::Exposed;

impl Handler {
    /// Delivers `reply`, the refusal of what `msg` exposed, to its author alone where it can.
    pub(super) async fn keep_secret(
        &self,
        ctx: &Context,
        msg: &Message,
        place: Place,
        exposed: Exposed,
        reply: &Reply,
    ) {
        let http = ctx.http.as_ref();
        let author = PlayerId(msg.author.id.get());
        let channel = msg.channel_id.get();
        let mut text = reply.text.clone();
        let mut deleted = false;
        if exposed == Exposed::Request {
            let tried = self
                .retry
                .run("delete an exposed message", channel, || {
                    msg.channel_id.delete_message(http, msg.id)
                })
                .await;
            let lang = self
                .service
                .languages()
                .language(None, author, place.server)
                .await;
            let note = match tried.map_err(|e| (classify(&e), e)) {
                Ok(()) => {
                    deleted = true;
                    Some(tr!(lang, "discord-secret-deleted"))
                }
                // Its author deleted it first.
                Err((Failure::Gone, _)) => {
                    deleted = true;
                    None
                }
                Err((failure, e)) => {
                    tracing::info!(channel, ?failure, error = %describe(&e), "could not delete a forecast typed in a channel");
                    Some(tr!(lang, "discord-secret-kept"))
                }
            };
            if let Some(note) = note {
                text.push('\n');
                text.push_str(&note);
            }
        }
        if direct::send_text(http, &self.retry, author, &text, None).await {
            return;
        }
        // No direct message gets through: the refusal where it was asked, which shows no line.
        let refusal = Reply::private(text);
        let posted = post_message(http, &self.retry, channel, &refusal, "reply", |m| {
            if deleted { m } else { m.reference_message(msg) }
        })
        .await;
        if !posted.is_posted() {
            tracing::warn!(
                channel,
                "a refusal of a forecast typed in a channel was not delivered"
            );
        }
    }
}
