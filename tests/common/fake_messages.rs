//! Messages players write, as the gateway brings them — in a server's channel or thread, with
//! the users Discord resolved from their mentions, or in a direct message with the bot — and
//! the REST calls about messages and channels: deleting a player's message (which needs the
//! Manage Messages permission) and reading a channel (a thread says so, with its parent).

use serde_json::{Value, json};

use super::FakeDiscord;

impl FakeDiscord {
    /// `user` writes `content` in `channel` of the server; returns the message's id.
    pub fn say(&self, user: u64, channel: u64, content: &str) -> u64 {
        self.say_mentioning(user, channel, content, &[])
    }

    /// `user` writes `content` in `channel` of the server, Discord having resolved `mentions`
    /// (the users the content mentions, as it lists them in the message); returns its id.
    pub fn say_mentioning(&self, user: u64, channel: u64, content: &str, mentions: &[u64]) -> u64 {
        let id = self.id();
        let mut d = self.message_json(id, channel, user, content, &[]);
        d["guild_id"] = json!(self.guild.to_string());
        d["member"] = json!({"roles": [], "deaf": false, "mute": false, "flags": 0, "joined_at": "2026-01-01T00:00:00+00:00"});
        d["mentions"] = Value::Array(mentions.iter().map(|&m| self.user_json(m)).collect());
        self.dispatch("MESSAGE_CREATE", d);
        id
    }

    /// `user` writes `content` to the bot in a direct message (its DM channel with them, opened
    /// if need be); returns the message's id.
    pub fn say_dm(&self, user: u64, content: &str) -> u64 {
        let known = self.state.lock().unwrap().dm_channels.get(&user).copied();
        let channel = match known {
            Some(channel) => channel,
            None => {
                let channel = self.id();
                self.state.lock().unwrap().dm_channels.insert(user, channel);
                channel
            }
        };
        let id = self.id();
        let d = self.message_json(id, channel, user, content, &[]);
        self.dispatch("MESSAGE_CREATE", d);
        id
    }

    /// From now on the bot lacks the Manage Messages permission: deleting a player's message
    /// is refused 403 with code 50013 (Missing Permissions), as Discord does.
    pub fn deny_manage_messages(&self) {
        self.state.lock().unwrap().no_manage_messages = true;
    }

    /// The messages the bot deleted, as (channel, message).
    pub fn deleted(&self) -> Vec<(u64, u64)> {
        self.state.lock().unwrap().deleted.clone()
    }

    /// The channel object `GET /channels/{id}` answers: a thread with its parent, the bot's DM
    /// with a player, or else a text channel of the server.
    pub(super) fn channel_object(&self, id: u64) -> Value {
        let (thread, dm) = {
            let s = self.state.lock().unwrap();
            let dm = s
                .dm_channels
                .iter()
                .find(|&(_, &c)| c == id)
                .map(|(&user, _)| user);
            (s.threads.get(&id).copied(), dm)
        };
        if let Some(parent) = thread {
            return self.thread_json(id, parent, "thread");
        }
        if let Some(user) = dm {
            return json!({"id": id.to_string(), "type": 1, "last_message_id": null, "flags": 0,
                          "recipients": [self.user_json(user)]});
        }
        json!({
            "id": id.to_string(),
            "type": 0,
            "guild_id": self.guild.to_string(),
            "name": "general",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": false,
            "rate_limit_per_user": 0,
            "flags": 0,
        })
    }
}

/// The answer to the requests about messages and channels this file serves; `None` for the
/// others.
pub(super) fn route(
    fake: &FakeDiscord,
    method: &str,
    segments: &[&str],
) -> Option<(u16, Value, Option<u64>)> {
    match (method, segments) {
        ("DELETE", ["channels", channel, "messages", message]) => {
            let mut s = fake.state.lock().unwrap();
            if s.no_manage_messages {
                return Some((
                    403,
                    json!({"message": "Missing Permissions", "code": 50013}),
                    None,
                ));
            }
            let (channel, message) = (channel.parse().unwrap_or(0), message.parse().unwrap_or(0));
            s.deleted.push((channel, message));
            Some((204, Value::Null, None))
        }
        ("GET", ["channels", channel]) => {
            let id: u64 = channel.parse().unwrap_or(0);
            Some((200, fake.channel_object(id), None))
        }
        _ => None,
    }
}

/// The channel objects the fake answers, read as serenity reads them.
pub fn check_channel_payloads(fake: &FakeDiscord) {
    use serenity::all::Channel;
    for id in [5, 6] {
        let channel: Channel =
            serde_json::from_value(fake.channel_object(id)).expect("a channel object");
        assert!(channel.guild().is_some());
    }
}
