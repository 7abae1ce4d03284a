//! Who and where an interaction or a message is, in the service's terms: the player and their
//! name, the place (a thread told apart from its channel), and whether the bot may post there
//! or only answer (a DM or group DM it is no member of, a server where only the user installed
//! it).

use std::collections::HashMap;
use std::sync::Mutex;

use super::*;

/// Whether `place` is Discord's (not the console's, nor a web page's): the poster and the
/// sweep tell only the news of games played on Discord, however many front ends share the
/// database.
pub(crate) fn is_discords(place: Place) -> bool {
    place.front_end() == crate::model::FrontEnd::Discord
}

/// The most channels [`Channels`] remembers; past it, it forgets them all and asks again.
const CHANNELS_KNOWN_MAX: usize = 10_000;

/// The channels of a server that messages were written in, as Discord describes them: a
/// thread with its parent channel, or a channel that is none. An interaction carries its
/// channel's description, a message does not, so the bot asks Discord (`GET /channels/{id}`)
/// the first time and remembers: a channel never changes kind. The threads the bot opens for
/// games are known from the start.
#[derive(Default)]
pub(super) struct Channels(Mutex<HashMap<u64, Option<u64>>>);

impl Channels {
    /// Remembers that `thread` is a thread of `parent`.
    pub(super) fn thread(&self, thread: u64, parent: u64) {
        self.remember(thread, Some(parent));
    }

    fn remember(&self, channel: u64, parent: Option<u64>) {
        let mut known = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if known.len() >= CHANNELS_KNOWN_MAX {
            known.clear();
        }
        known.insert(channel, parent);
    }

    /// The parent channel of `channel` when it is a thread; `None` when it is no thread, or
    /// Discord cannot say just now (the message is then read in the channel it names, and the
    /// bot asks again next time).
    async fn parent_of(&self, http: &Http, retry: &RetryPolicy, channel: ChannelId) -> Option<u64> {
        let known = self
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&channel.get())
            .copied();
        if let Some(parent) = known {
            return parent;
        }
        let described = retry
            .run("read a channel", channel.get(), || {
                http.get_channel(channel)
            })
            .await;
        let parent = match described {
            Ok(serenity::all::Channel::Guild(c)) if is_thread(c.kind) => {
                c.parent_id.map(ChannelId::get)
            }
            Ok(_) => None,
            Err(e) => {
                tracing::warn!(channel = channel.get(), error = %describe(&e), "could not tell whether a message's channel is a thread");
                return None;
            }
        };
        self.remember(channel.get(), parent);
        parent
    }
}

/// Whether a channel of this kind is a thread.
fn is_thread(kind: ChannelType) -> bool {
    matches!(
        kind,
        ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
    )
}

/// Where a message was written: in a server's thread, the thread and its parent channel, as
/// for an interaction made there; else the channel, or the bot's DM with its author.
pub(super) async fn message_place(
    channels: &Channels,
    http: &Http,
    retry: &RetryPolicy,
    msg: &Message,
) -> Place {
    let server = msg.guild_id.map(GuildId::get);
    let channel = msg.channel_id.get();
    let parent = match server {
        Some(_) => channels.parent_of(http, retry, msg.channel_id).await,
        None => None,
    };
    match parent {
        Some(parent) => Place {
            server,
            channel: parent,
            thread: Some(channel),
            reach: Reach::Posts,
        },
        None => Place {
            server,
            channel,
            thread: None,
            reach: Reach::Posts,
        },
    }
}

/// The player as the service knows them: their server nickname, display name or user name.
pub(super) fn actor(user: &User, member: Option<&Member>) -> Actor {
    Actor {
        id: PlayerId(user.id.get()),
        name: display_name(user, member.and_then(|m| m.nick.as_deref())),
    }
}

/// The name Discord shows for `user`: their nickname in the server (`nick`), else their
/// display name, else their user name. The one reading of a name, for every event.
pub(super) fn display_name(user: &User, nick: Option<&str>) -> String {
    nick.map(str::to_owned)
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// What the bot can do where an interaction was made. It only answers there in a DM or group
/// DM it is no member of (Discord's private-channel context) and in a server that did not add it
/// (the app was installed by the user alone); everywhere else — a server that added it, its own
/// DMs, and interactions that say nothing of either (as before user installs) — it may post.
pub(super) fn reach(
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
) -> Reach {
    let installed_in_server = owners
        .0
        .iter()
        .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(Some(_))));
    match context {
        Some(InteractionContext::PrivateChannel) => Reach::Answers,
        Some(InteractionContext::Guild) if !owners.0.is_empty() && !installed_in_server => {
            Reach::Answers
        }
        _ => Reach::Posts,
    }
}

/// Where an interaction happened: a thread is told apart by the channel Discord describes.
pub(super) fn place(
    guild: Option<GuildId>,
    channel: ChannelId,
    described: Option<&PartialChannel>,
    reach: Reach,
) -> Place {
    let thread = described.filter(|c| is_thread(c.kind));
    match thread {
        Some(t) => Place {
            server: guild.map(GuildId::get),
            channel: t.parent_id.map_or(channel.get(), ChannelId::get),
            thread: Some(channel.get()),
            reach,
        },
        None => Place {
            server: guild.map(GuildId::get),
            channel: channel.get(),
            thread: None,
            reach,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_only_answers_where_it_is_no_member() {
        let owners = |json: serde_json::Value| -> AuthorizingIntegrationOwners {
            serde_json::from_value(json).unwrap()
        };
        let cases = [
            // A server that added the bot, with or without a user install beside it.
            (
                Some(InteractionContext::Guild),
                owners(serde_json::json!({"0": "5"})),
                Reach::Posts,
            ),
            (
                Some(InteractionContext::Guild),
                owners(serde_json::json!({"0": "5", "1": "7"})),
                Reach::Posts,
            ),
            // A server where only the user installed the app.
            (
                Some(InteractionContext::Guild),
                owners(serde_json::json!({"1": "7"})),
                Reach::Answers,
            ),
            // The bot's own DMs; a DM or group DM between players.
            (
                Some(InteractionContext::BotDm),
                owners(serde_json::json!({"1": "7"})),
                Reach::Posts,
            ),
            (
                Some(InteractionContext::PrivateChannel),
                owners(serde_json::json!({"1": "7"})),
                Reach::Answers,
            ),
            // An interaction that says neither, as before user installs.
            (None, owners(serde_json::json!({})), Reach::Posts),
        ];
        for (context, owners, expected) in cases {
            assert_eq!(reach(context, &owners), expected, "{context:?} {owners:?}");
        }
    }
}
