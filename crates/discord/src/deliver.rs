//! Replies into Discord messages: text in the content (where mentions can ping), the board as an
//! attachment shown in an embed, buttons in rows, and allowed mentions restricted to the players
//! the reply names. Also the way Discord's errors are read, logged and retried.
//!
//! # When Discord fails
//!
//! Every move is committed before any Discord call is made, so a failed call can cost a message,
//! never a move. What a failure means decides what happens next ([`Failure`]):
//!
//! - Discord is failing or busy (HTTP 5xx, 429, a network error): the call is tried again after a
//!   wait that doubles each time, up to [`RetryPolicy::attempts`] tries in all and never longer
//!   than [`RetryPolicy::max_delay`] a wait. serenity's own rate limiter (on unless
//!   `DISCORD_API_BASE` is set) already waits out a 429 for as long as Discord's `Retry-After`
//!   asks before it reports anything; a 429 that reaches the bot through an API proxy is backed
//!   off like a 5xx, since serenity's error no longer carries `Retry-After`.
//! - The bot lacks a permission (403: Send Messages, Attach Files, ...): not retried, but the
//!   text is tried alone, since Attach Files may be the only permission missing; logged with
//!   the channel.
//! - The upload is too large (413, code 40005): the text is sent without the files.
//! - The channel, thread or interaction is gone (404): nothing more is tried.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ButtonStyle as DiscordStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateEmbed, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    EditInteractionResponse, HttpError, UserId,
};

use crate::game::{ButtonStyle, Reply};

/// The most options one select menu may hold (Discord's limit).
pub(crate) const MENU_OPTIONS_MAX: usize = 25;
use crate::metrics::{DiscordResult, Metrics};
use crate::tr;

/// Discord's limit on a message's content.
pub const CONTENT_MAX: usize = 2000;
/// Buttons per row.
const ROW: usize = 5;
/// Discord's limit on a menu option's label, value and description, and a menu's placeholder.
const MENU_TEXT_MAX: usize = 100;
/// The embed's colour: the board's wood.
const EMBED_COLOUR: u32 = 0xB5_8B_5A;

/// The upload limit when Discord does not say (it does in each interaction).
pub const DEFAULT_ATTACHMENT_LIMIT: u64 = 10 * 1024 * 1024;

/// Discord's limit on the files of one message.
pub const ATTACHMENTS_MAX: usize = 10;

/// Whether a reply's image and files fit in one message: at most [`ATTACHMENTS_MAX`] of them,
/// under Discord's upload limit `limit` (bytes; 0 means unknown: the default). A long game's
/// GIF may not.
pub fn files_fit(reply: &Reply, limit: u64) -> bool {
    let limit = if limit == 0 {
        DEFAULT_ATTACHMENT_LIMIT
    } else {
        limit
    };
    let files = || reply.image.iter().chain(reply.files.iter());
    let total: usize = files().map(|f| f.bytes.len()).sum();
    files().count() <= ATTACHMENTS_MAX && total as u64 <= limit
}

/// A reply in Discord's pieces.
pub struct Outgoing {
    /// The text, within Discord's 2,000 characters.
    pub content: String,
    /// The board's embed, showing the attached image.
    pub embeds: Vec<CreateEmbed>,
    /// The board image and any other files.
    pub files: Vec<CreateAttachment>,
    /// Rows of buttons and menus.
    pub components: Vec<CreateActionRow>,
    /// Who may be pinged: only the players the reply names.
    pub mentions: CreateAllowedMentions,
    /// Seen only by the one who asked (interaction replies only).
    pub ephemeral: bool,
}

/// The content cut to Discord's limit, on a character boundary.
pub fn clip_content(text: &str) -> String {
    if text.chars().count() <= CONTENT_MAX {
        return text.to_string();
    }
    let mut out: String = text.chars().take(CONTENT_MAX - 1).collect();
    out.push('…');
    out
}

/// A menu's label, value, description or placeholder cut to Discord's 100 characters.
fn clip(text: &str) -> String {
    if text.chars().count() <= MENU_TEXT_MAX {
        return text.to_string();
    }
    let mut out: String = text.chars().take(MENU_TEXT_MAX - 1).collect();
    out.push('…');
    out
}

/// Only these users may be pinged: never `@everyone`, `@here`, roles, nor anyone a player typed.
pub fn allowed_mentions(users: impl IntoIterator<Item = u64>) -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .all_users(false)
        .replied_user(false)
        .users(
            users
                .into_iter()
                .filter_map(super::ids::snowflake::<UserId>),
        )
}

/// The Discord form of a reply. With `with_files` false the board and files are left out (a
/// second try after Discord refused an upload) and a note says so.
pub fn outgoing(reply: &Reply, with_files: bool) -> Outgoing {
    let mut content = reply.text.clone();
    let mut embeds = Vec::new();
    let mut files = Vec::new();
    if with_files {
        if let Some(image) = &reply.image {
            let mut embed = CreateEmbed::new()
                .image(format!("attachment://{}", image.filename))
                .colour(EMBED_COLOUR);
            if let Some(fen) = &reply.fen {
                embed = embed.footer(serenity::all::CreateEmbedFooter::new(fen.clone()));
            }
            embeds.push(embed);
            files.push(CreateAttachment::bytes(
                image.bytes.clone(),
                image.filename.clone(),
            ));
        }
        for f in &reply.files {
            files.push(CreateAttachment::bytes(f.bytes.clone(), f.filename.clone()));
        }
    } else if reply.image.is_some() || !reply.files.is_empty() {
        // Discord's small print, in the reply's own language.
        let lang = reply.lang.unwrap_or_default();
        content.push_str("\n-# ");
        content.push_str(&tr!(lang, "discord-files-left-out"));
    }
    let buttons: Vec<CreateButton> = reply
        .buttons
        .iter()
        .map(|b| {
            CreateButton::new(b.action.custom_id())
                .label(b.label.clone())
                .style(match b.style {
                    ButtonStyle::Primary => DiscordStyle::Primary,
                    ButtonStyle::Secondary => DiscordStyle::Secondary,
                    ButtonStyle::Danger => DiscordStyle::Danger,
                    ButtonStyle::Success => DiscordStyle::Success,
                })
        })
        .collect();
    // Each menu takes a row of its own; Discord allows five rows in all.
    let menus = reply.menus.iter().map(|menu| {
        let options = menu
            .options
            .iter()
            .take(MENU_OPTIONS_MAX)
            .map(|o| {
                let option = CreateSelectMenuOption::new(clip(&o.label), clip(&o.value));
                match &o.description {
                    Some(d) => option.description(clip(d)),
                    None => option,
                }
            })
            .collect();
        CreateActionRow::SelectMenu(
            CreateSelectMenu::new(
                menu.custom_id.clone(),
                CreateSelectMenuKind::String { options },
            )
            .placeholder(clip(&menu.placeholder)),
        )
    });
    let components = menus
        .chain(
            buttons
                .chunks(ROW)
                .map(|row| CreateActionRow::Buttons(row.to_vec())),
        )
        .take(5)
        .collect();
    if content.trim().is_empty() && embeds.is_empty() && files.is_empty() {
        content = "\u{200b}".to_string();
    }
    Outgoing {
        content: clip_content(&content),
        embeds,
        files,
        components,
        mentions: allowed_mentions(reply.mentions.iter().map(|p| p.0)),
        ephemeral: reply.private,
    }
}

/// The move picker's menu once its move is played: `line` says so, and the menu is gone.
pub fn closed_menu(line: &str) -> Outgoing {
    Outgoing {
        content: clip_content(line),
        embeds: Vec::new(),
        files: Vec::new(),
        components: Vec::new(),
        mentions: allowed_mentions([]),
        ephemeral: true,
    }
}

impl Outgoing {
    /// Whether there is anything to upload.
    pub fn has_files(&self) -> bool {
        !self.files.is_empty()
    }

    /// As a channel message.
    pub fn message(self) -> CreateMessage {
        CreateMessage::new()
            .content(self.content)
            .embeds(self.embeds)
            .files(self.files)
            .components(self.components)
            .allowed_mentions(self.mentions)
    }

    /// As the immediate answer to an interaction.
    pub fn response(self) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.content)
            .embeds(self.embeds)
            .files(self.files)
            .components(self.components)
            .allowed_mentions(self.mentions)
            .ephemeral(self.ephemeral)
    }

    /// As the new content of the message whose menu was used (the picker's next step).
    pub fn update(self) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.content)
            .embeds(self.embeds)
            .components(self.components)
            .allowed_mentions(self.mentions)
    }

    /// As the edit of a deferred answer (public replies).
    pub fn edit(self) -> EditInteractionResponse {
        let mut edit = EditInteractionResponse::new()
            .content(self.content)
            .embeds(self.embeds)
            .components(self.components)
            .allowed_mentions(self.mentions);
        for f in self.files {
            edit = edit.new_attachment(f);
        }
        edit
    }

    /// As a follow-up to an interaction (private replies after a deferral).
    pub fn followup(self) -> CreateInteractionResponseFollowup {
        CreateInteractionResponseFollowup::new()
            .content(self.content)
            .embeds(self.embeds)
            .files(self.files)
            .components(self.components)
            .allowed_mentions(self.mentions)
            .ephemeral(self.ephemeral)
    }
}

/// How Discord calls that failed for a passing reason ([`Failure::Passing`]) are tried again.
#[derive(Clone, Debug)]
pub struct RetryPolicy {
    /// Tries in all, the first included (at least one is made).
    pub attempts: u32,
    /// The wait after the first failure; each later wait is twice the one before.
    pub base_delay: Duration,
    /// The longest any one wait lasts.
    pub max_delay: Duration,
    /// Where every try is counted by its result, when the metrics are on.
    pub metrics: Option<Arc<Metrics>>,
}

impl Default for RetryPolicy {
    /// Four tries, waiting 0.25 s, 0.5 s and 1 s between them: short enough that the first
    /// answer to an interaction (due within 3 s) can still arrive, long enough to ride out a
    /// brief outage.
    fn default() -> Self {
        RetryPolicy {
            attempts: 4,
            base_delay: Duration::from_millis(250),
            max_delay: Duration::from_secs(4),
            metrics: None,
        }
    }
}

impl RetryPolicy {
    /// The wait before the next try after `failures` failed tries (1 or more).
    pub fn delay(&self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(1).min(31);
        self.base_delay
            .saturating_mul(1u32 << doublings)
            .min(self.max_delay)
    }

    /// Runs `call` until it succeeds, fails for a reason that is not [`Failure::Passing`], or
    /// has been tried [`RetryPolicy::attempts`] times; returns its last result. `what` and
    /// `channel` say in the logs what was being sent where.
    pub async fn run<T, F, Fut>(&self, what: &str, channel: u64, mut call: F) -> serenity::Result<T>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = serenity::Result<T>>,
    {
        let mut failures = 0;
        loop {
            let error = match call().await {
                Ok(value) => {
                    self.count(DiscordResult::Ok);
                    return Ok(value);
                }
                Err(error) => error,
            };
            failures += 1;
            if classify(&error) != Failure::Passing || failures >= self.attempts.max(1) {
                self.count(DiscordResult::Failed);
                return Err(error);
            }
            self.count(match refusal(&error) {
                Some((429, _)) => DiscordResult::RateLimited,
                _ => DiscordResult::Retried,
            });
            let wait = self.delay(failures);
            tracing::info!(
                channel,
                what,
                failures,
                wait_ms = wait.as_millis() as u64,
                error = %describe(&error),
                "Discord call failed; trying again"
            );
            tokio::time::sleep(wait).await;
        }
    }
}

impl RetryPolicy {
    /// Counts one try's result in the metrics, when they are on.
    fn count(&self, result: DiscordResult) {
        if let Some(metrics) = &self.metrics {
            metrics.discord_request(result);
        }
    }

    /// Counts the result of a request made once, outside [`RetryPolicy::run`].
    pub fn record<T>(&self, result: &serenity::Result<T>) {
        self.count(match result {
            Ok(_) => DiscordResult::Ok,
            Err(_) => DiscordResult::Failed,
        });
    }
}

/// What a failed Discord call means for what to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Discord is failing or busy (HTTP 5xx, 429, the connection failed): try again later.
    Passing,
    /// The upload is too large: send the text without the files.
    TooLarge,
    /// The bot lacks a permission there: retrying will not help; the text alone may.
    Forbidden,
    /// The channel, thread, message or interaction no longer exists (or the thread is archived):
    /// nothing can be posted there.
    Gone,
    /// The interaction was answered already (an earlier try got through although it seemed to
    /// fail).
    AlreadyAnswered,
    /// Anything else Discord refused (a malformed request): not retried.
    Refused,
}

/// What a failed Discord call means (see [`Failure`]).
pub fn classify(error: &serenity::Error) -> Failure {
    match error {
        serenity::Error::Http(HttpError::Request(_)) => Failure::Passing,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            failure_of(response.status_code.as_u16(), response.error.code)
        }
        _ => Failure::Refused,
    }
}

/// What Discord's refusal with HTTP `status` and error `code` means.
pub fn failure_of(status: u16, code: isize) -> Failure {
    match (status, code) {
        (_, 40060) => Failure::AlreadyAnswered,
        (413, _) | (_, 40005) => Failure::TooLarge,
        (429, _) | (500..=599, _) => Failure::Passing,
        (404, _) | (_, 10003 | 10008 | 10062 | 50083) => Failure::Gone,
        (403, _) | (_, 50001 | 50013) => Failure::Forbidden,
        _ => Failure::Refused,
    }
}

/// The one fallback of every reply that may carry files: `send(true)` (the reply with its
/// files) when `with_files`, and, when Discord refuses that for any reason but the target
/// being gone or the interaction answered already, `send(false)` (the text alone). `send`
/// makes one whole (retried) request. Returns whether the files went out, or the last
/// refusal with its reading, for the caller to log or to try another way.
pub async fn files_then_text<T, Fut>(
    what: &str,
    channel: u64,
    with_files: bool,
    mut send: impl FnMut(bool) -> Fut,
) -> Result<bool, (Failure, serenity::Error)>
where
    Fut: Future<Output = serenity::Result<T>>,
{
    if with_files {
        match send(true).await {
            Ok(_) => return Ok(true),
            Err(e) => {
                let failure = classify(&e);
                if matches!(failure, Failure::Gone | Failure::AlreadyAnswered) {
                    return Err((failure, e));
                }
                tracing::warn!(channel, what, ?failure, error = %describe(&e), "Discord refused the files; sending the text alone");
            }
        }
    }
    match send(false).await {
        Ok(_) => Ok(false),
        Err(e) => Err((classify(&e), e)),
    }
}

/// What Discord said when it refused a request: the HTTP status and Discord's error code.
pub fn refusal(error: &serenity::Error) -> Option<(u16, isize)> {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            Some((response.status_code.as_u16(), response.error.code))
        }
        _ => None,
    }
}

/// A short reading of a Discord error for the logs.
pub fn describe(error: &serenity::Error) -> String {
    match refusal(error) {
        Some((_, 50013)) => "missing permissions (50013)".into(),
        Some((_, 50001)) => "missing access (50001)".into(),
        Some((_, 50007)) => "cannot send messages to this user (50007)".into(),
        Some((_, 10003)) => "unknown channel (10003)".into(),
        Some((_, 50083)) => "thread is archived (50083)".into(),
        Some((_, 10062)) => "unknown interaction, too late to answer (10062)".into(),
        Some((_, 40060)) => "interaction already answered (40060)".into(),
        Some((_, 40005)) | Some((413, _)) => "upload too large (413)".into(),
        Some((429, _)) => "rate limited (429)".into(),
        Some((status, code)) => format!("HTTP {status}, Discord code {code}"),
        // A failed request's error names its URL, whose path may hold a token.
        None => crate::redact::text(&error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Attachment, Button, ButtonAction};
    use crate::model::{GameId, PlayerId};

    #[test]
    fn replies_become_messages_that_ping_only_the_named_players() {
        let reply = Reply {
            text: "@everyone <@7> to move".into(),
            image: Some(Attachment {
                filename: "game-3.png".into(),
                bytes: vec![1, 2, 3],
            }),
            buttons: (0..7)
                .map(|_| Button {
                    label: "Resign".into(),
                    action: ButtonAction::Resign(GameId(3)),
                    style: ButtonStyle::Danger,
                })
                .collect(),
            mentions: vec![PlayerId(7)],
            ..Reply::default()
        };
        let out = outgoing(&reply, true);
        assert!(out.has_files());
        assert_eq!(out.components.len(), 2);
        let json = serde_json::to_value(out.message()).unwrap();
        assert_eq!(json["allowed_mentions"]["parse"], serde_json::json!([]));
        assert_eq!(json["allowed_mentions"]["users"], serde_json::json!(["7"]));
        // An id of zero (never a user) pings nobody, and does not panic.
        let zero = serde_json::to_value(allowed_mentions([0, 7])).unwrap();
        assert_eq!(zero["users"], serde_json::json!(["7"]));
        assert_eq!(json["embeds"][0]["image"]["url"], "attachment://game-3.png");
        let bare = outgoing(&reply, false);
        assert!(!bare.has_files());
        assert!(bare.content.ends_with(
            "\n-# (I could not attach the image or files here; `board` shows the board again.)"
        ));
        // The note speaks the reply's language.
        let french = Reply {
            lang: Some(crate::game::Lang::Fr),
            ..reply.clone()
        };
        assert!(outgoing(&french, false).content.ends_with(
            "\n-# (Je n'ai pas pu joindre l'image ou les fichiers ici ; `board` montre de nouveau l'échiquier.)"
        ));
        assert_eq!(clip_content(&"x".repeat(3000)).chars().count(), CONTENT_MAX);
        assert!(files_fit(&reply, 3));
        assert!(!files_fit(&reply, 2));
        assert!(files_fit(&reply, 0));
        // Ten files are Discord's most for one message; an eleventh goes over, however small.
        let file = |n: usize| Attachment {
            filename: format!("f{n}.png"),
            bytes: vec![0],
        };
        let ten = Reply {
            image: Some(file(0)),
            files: (1..ATTACHMENTS_MAX).map(file).collect(),
            ..Reply::default()
        };
        assert!(files_fit(&ten, 0));
        let eleven = Reply {
            files: (1..=ATTACHMENTS_MAX).map(file).collect(),
            ..ten
        };
        assert!(!files_fit(&eleven, 0));
    }

    #[test]
    fn waits_double_up_to_the_cap() {
        let policy = RetryPolicy {
            attempts: 10,
            base_delay: Duration::from_millis(250),
            max_delay: Duration::from_secs(4),
            metrics: None,
        };
        let waits: Vec<u128> = (1..=7).map(|n| policy.delay(n).as_millis()).collect();
        assert_eq!(waits, [250, 500, 1000, 2000, 4000, 4000, 4000]);
        assert_eq!(policy.delay(u32::MAX), Duration::from_secs(4));
        assert_eq!(RetryPolicy::default().attempts, 4);
    }

    #[test]
    fn failures_are_read_by_status_and_code() {
        assert_eq!(failure_of(500, 0), Failure::Passing);
        assert_eq!(failure_of(503, 0), Failure::Passing);
        assert_eq!(failure_of(429, 0), Failure::Passing);
        // serenity's reading of a 429 body without a code.
        assert_eq!(failure_of(429, -1), Failure::Passing);
        assert_eq!(failure_of(403, 50013), Failure::Forbidden);
        assert_eq!(failure_of(403, 50001), Failure::Forbidden);
        assert_eq!(failure_of(404, 10003), Failure::Gone);
        assert_eq!(failure_of(404, 10062), Failure::Gone);
        assert_eq!(failure_of(400, 50083), Failure::Gone);
        assert_eq!(failure_of(413, 0), Failure::TooLarge);
        assert_eq!(failure_of(400, 40005), Failure::TooLarge);
        assert_eq!(failure_of(400, 40060), Failure::AlreadyAnswered);
        assert_eq!(failure_of(400, 50035), Failure::Refused);
    }
}
