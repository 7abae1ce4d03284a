//! A fake Discord on 127.0.0.1: the REST API the bot uses and the gateway, on one port. It
//! records every request, answers with the payloads serenity needs (see DISCORD.md), lets a test
//! dispatch gateway events (slash commands, button presses, messages) and make chosen requests
//! fail, or go unanswered ([`FakeDiscord::hold_next`]). As Discord does, a message posted with a
//! `nonce` already used in its channel, and `enforce_nonce`, is not posted twice.
//!
//! Like the real one, it refuses what Discord's own API description refuses ([`schema`]): a
//! request to a route Discord does not have is answered 404, a body its schema rejects 400
//! "Invalid Form Body" (code 50035) with the place of each problem. Every such refusal is also
//! printed at once and kept, and the test fails when its fake is dropped with any kept, however
//! the bot took the answer. A test that sends a bad body on purpose takes them with
//! [`FakeDiscord::take_violations`].
//!
//! With `FAKE_DISCORD_REQUESTS=FILE` set, every request is also appended to FILE as one JSON line
//! (`seq`, `method`, `path`, `json`), the input of Discord's reference check
//! `shared/tools/discord_spec_check.py`.

#![allow(dead_code)] // each test binary uses its own part of the fake

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role};

#[path = "discord_schema.rs"]
pub mod schema;

pub use schema::Violation;

#[path = "fake_messages.rs"]
pub mod messages;

#[path = "fake_shards.rs"]
pub mod shards;

/// The bot's application (and user) id in the fake.
pub const APP_ID: u64 = 900_000_000_000_000_001;
/// The server the tests play in.
pub const GUILD: u64 = 800_000_000_000_000_001;
/// How long any wait lasts before a test fails.
pub const WAIT: Duration = Duration::from_secs(20);

/// A file uploaded with a request.
#[derive(Clone, Debug)]
pub struct Upload {
    /// The form field, such as `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// One request the bot made.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    /// The path without the query string, such as `/api/v10/channels/5/messages`.
    pub path: String,
    pub authorization: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    pub files: Vec<Upload>,
    /// The status the fake answered with (for a request it holds, would have answered with).
    pub status: u16,
    /// The operation of Discord's API description it was checked against, such as
    /// `POST /channels/{channel_id}/messages`; `None` for a route Discord does not have.
    pub operation: Option<String>,
    /// The id of the message or thread the fake created, if any.
    pub created: Option<u64>,
    /// A message posted again with the `nonce` of one already created in its channel, and
    /// `enforce_nonce`: the fake created nothing (`created` is `None`) and answered with the
    /// earlier message, as Discord does.
    pub duplicate: bool,
}

impl Recorded {
    /// The `data` of an interaction callback, or the body itself.
    pub fn data(&self) -> &Value {
        if self.path.ends_with("/callback") {
            &self.json["data"]
        } else {
            &self.json
        }
    }

    /// The message text.
    pub fn content(&self) -> String {
        self.data()["content"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The `custom_id`s of the buttons sent.
    pub fn buttons(&self) -> Vec<String> {
        let mut ids = Vec::new();
        for row in self.data()["components"].as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                if let Some(id) = c["custom_id"].as_str() {
                    ids.push(id.to_string());
                }
            }
        }
        ids
    }

    /// Whether Discord would show it to the asker only.
    pub fn ephemeral(&self) -> bool {
        self.data()["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    /// The PNG files sent.
    pub fn pngs(&self) -> Vec<&Upload> {
        self.files
            .iter()
            .filter(|f| f.filename.ends_with(".png"))
            .collect()
    }
}

/// A request to leave unanswered, once (see [`FakeDiscord::hold_next`]).
struct Hold {
    method: String,
    path_contains: String,
    /// Whether the request takes effect before the silence.
    create: bool,
}

/// A failure to answer a matching request with, once.
struct Failure {
    method: String,
    path_contains: String,
    /// Only requests that upload files.
    uploads_only: bool,
    status: u16,
    code: u64,
    /// For a 429: the seconds Discord asks the client to wait, in the body and `Retry-After`.
    retry_after: Option<f64>,
}

#[derive(Default)]
struct State {
    requests: Vec<Recorded>,
    next_id: u64,
    seq: u64,
    failures: Vec<Failure>,
    /// Requests still to hold, and those held, not yet taken by [`FakeDiscord::wait_held`].
    holds: Vec<Hold>,
    held: std::collections::VecDeque<Recorded>,
    /// The messages created with a nonce: (channel, nonce) → the message, as answered.
    nonces: HashMap<(u64, String), Value>,
    gateway: Option<mpsc::UnboundedSender<WsMessage>>,
    /// Intents the bot may not use: an IDENTIFY asking for any of them is closed with 4014.
    refused_intents: u64,
    /// The intents of every IDENTIFY.
    identified_intents: Vec<u64>,
    /// The `shard` ([id, total]) of every IDENTIFY.
    identified_shards: Vec<Value>,
    ready: bool,
    identifies: usize,
    /// Threads the fake made: thread id → parent channel.
    threads: HashMap<u64, u64>,
    /// The threads that are archived (by the bot, or by [`FakeDiscord::archive`]).
    archived: std::collections::HashSet<u64>,
    /// Users the fake knows: id → name.
    users: HashMap<u64, String>,
    /// The bot's DM channels, opened by `POST /users/@me/channels`: user id → channel id.
    dm_channels: HashMap<u64, u64>,
    /// Users whose DM channel refuses the bot's messages, as Discord does for a user who
    /// blocks DMs (403, code 50007).
    refusing_dms: std::collections::HashSet<u64>,
    /// The users among them that are bots.
    bots: std::collections::HashSet<u64>,
    /// DMs and group DMs between players where the bot is no member (they installed the app on
    /// their own accounts): interactions there say so, and the bot may not post there.
    group_dms: std::collections::HashSet<u64>,
    /// Where every new request is also sent (see [`FakeDiscord::subscribe`]).
    subscribers: Vec<mpsc::UnboundedSender<Recorded>>,
    /// The client locale interactions carry; `None` is `en-US`.
    locale: Option<String>,
    /// The requests Discord would have refused (see [`schema`]).
    violations: Vec<Violation>,
    /// Requests so far, numbered for the `FAKE_DISCORD_REQUESTS` file.
    requests_seen: u64,
    /// Every connected gateway session, with its shard (see [`shards`]).
    shard_connections: Vec<shards::ShardConnection>,
    /// The shard count `GET /gateway/bot` recommends (0: one).
    recommended_shards: u32,
    /// The bot lacks Manage Messages: deleting a player's message is refused (403, 50013).
    no_manage_messages: bool,
    /// The messages the bot deleted: (channel, message).
    deleted: Vec<(u64, u64)>,
}

/// The fake server. Dropping it stops nothing: it lives as long as the test's runtime. Dropping
/// the test's last handle fails the test if Discord would have refused any request.
#[derive(Clone)]
pub struct FakeDiscord {
    pub addr: SocketAddr,
    /// The server this handle's events come from (see [`FakeDiscord::in_guild`]).
    guild: u64,
    state: Arc<Mutex<State>>,
    /// Shared by the test's handles, not by the server's own: see [`Verdict`].
    verdict: Option<Arc<Verdict>>,
}

/// Fails the test, when the last of its handles on the fake goes, if the bot sent any request
/// that Discord would have refused: a test that never looked still learns of it.
struct Verdict(Arc<Mutex<State>>);

impl Drop for Verdict {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let violations = std::mem::take(&mut self.0.lock().unwrap().violations);
        if !violations.is_empty() {
            panic!("{}", report(&violations));
        }
    }
}

/// The violations, one paragraph each.
fn report(violations: &[Violation]) -> String {
    let mut text = format!(
        "the bot sent {} request(s) that Discord would refuse (checked against tests/data/discord/openapi.json):",
        violations.len()
    );
    for v in violations {
        text.push_str(&format!("\n  {v}"));
    }
    text
}

impl FakeDiscord {
    /// Starts the fake on a free port.
    pub async fn start() -> FakeDiscord {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let state = Arc::new(Mutex::new(State {
            next_id: 1_000_000_000_000_000_000,
            ..State::default()
        }));
        let fake = FakeDiscord {
            addr,
            guild: GUILD,
            state: state.clone(),
            verdict: Some(Arc::new(Verdict(state.clone()))),
        };
        let server = FakeDiscord {
            addr,
            guild: GUILD,
            state,
            verdict: None,
        };
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                let server = server.clone();
                tokio::spawn(async move {
                    let _ = server.serve(stream).await;
                });
            }
        });
        fake
    }

    /// What `DISCORD_API_BASE` should be.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn id(&self) -> u64 {
        let mut s = self.state.lock().unwrap();
        s.next_id += 1;
        s.next_id
    }

    /// Makes the next matching request fail with `status` and Discord error `code`.
    pub fn fail_next(
        &self,
        method: &str,
        path_contains: &str,
        uploads_only: bool,
        status: u16,
        code: u64,
    ) {
        self.state.lock().unwrap().failures.push(Failure {
            method: method.into(),
            path_contains: path_contains.into(),
            uploads_only,
            status,
            code,
            retry_after: None,
        });
    }

    /// Makes the next matching request fail as Discord's rate limit does: 429, a `Retry-After`
    /// header and `retry_after` in the body, both `seconds`.
    pub fn rate_limit_next(&self, method: &str, path_contains: &str, seconds: f64) {
        self.state.lock().unwrap().failures.push(Failure {
            method: method.into(),
            path_contains: path_contains.into(),
            uploads_only: false,
            status: 429,
            code: 0,
            retry_after: Some(seconds),
        });
    }

    /// Leaves the next request matching (as [`FakeDiscord::fail_next`] matches) unanswered, as
    /// a connection lost before Discord's answer leaves it: the fake reads it and never writes
    /// back, keeping the connection open until the client closes it. With `create` it first
    /// takes effect and is recorded exactly as usual (the message is created); without, it does
    /// nothing and is not recorded in [`FakeDiscord::requests`] (only [`FakeDiscord::wait_held`]
    /// returns it). Later requests are answered as usual.
    pub fn hold_next(&self, method: &str, path_contains: &str, create: bool) {
        self.state.lock().unwrap().holds.push(Hold {
            method: method.into(),
            path_contains: path_contains.into(),
            create,
        });
    }

    /// Waits for a request [`FakeDiscord::hold_next`] holds, and returns it (the first held not
    /// yet returned): the moment to kill the client whose answer will never come. One held
    /// without taking effect has `status` 0 and no `created`.
    pub async fn wait_held(&self) -> Recorded {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            if let Some(held) = self.state.lock().unwrap().held.pop_front() {
                return held;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "no request was held"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The messages created in `channel` so far, one request each: its create-message requests
    /// the fake answered with a new message (neither refused nor a [`Recorded::duplicate`]).
    pub fn posts_in_channel(&self, channel: u64) -> Vec<Recorded> {
        let path = format!("/api/v10/channels/{channel}/messages");
        self.requests()
            .into_iter()
            .filter(|r| r.method == "POST" && r.path == path && r.created.is_some())
            .collect()
    }

    /// The requests so far that match.
    pub fn count(&self, matches: impl Fn(&Recorded) -> bool) -> usize {
        self.requests().iter().filter(|r| matches(r)).count()
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }

    /// Every request from now on, as soon as it arrives: for tests that wait for many answers
    /// at once, which [`FakeDiscord::wait_for`] would find only by copying every request so far
    /// each time it looks.
    pub fn subscribe(&self) -> mpsc::UnboundedReceiver<Recorded> {
        let (sender, receiver) = mpsc::unbounded_channel();
        self.state.lock().unwrap().subscribers.push(sender);
        receiver
    }

    /// The requests so far that Discord would have refused.
    pub fn violations(&self) -> Vec<Violation> {
        self.state.lock().unwrap().violations.clone()
    }

    /// The requests so far that Discord would have refused, which then no longer fail the test:
    /// for a test that sends them on purpose.
    pub fn take_violations(&self) -> Vec<Violation> {
        std::mem::take(&mut self.state.lock().unwrap().violations)
    }

    /// How many requests so far (a mark to wait from).
    pub fn mark(&self) -> usize {
        self.state.lock().unwrap().requests.len()
    }

    /// How many times a client identified (connected and said who it is).
    pub fn identifies(&self) -> usize {
        self.state.lock().unwrap().identifies
    }

    /// Waits for a request after `from` that matches, and returns it.
    pub async fn wait_for(
        &self,
        from: usize,
        what: &str,
        matches: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            if let Some(r) = self.requests().into_iter().skip(from).find(|r| matches(r)) {
                return r;
            }
            if tokio::time::Instant::now() > deadline {
                let seen: Vec<String> = self
                    .requests()
                    .iter()
                    .skip(from)
                    .map(|r| format!("{} {} {} {}", r.method, r.path, r.status, r.json))
                    .collect();
                let violations = self.violations();
                let refused = if violations.is_empty() {
                    String::new()
                } else {
                    format!("\n{}\n", report(&violations))
                };
                panic!("timed out waiting for {what};{refused} requests since: {seen:#?}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Refuses (close code 4014) any IDENTIFY that asks for one of these intents, as Discord
    /// does for privileged intents not enabled in the developer portal.
    pub fn refuse_intents(&self, intents: u64) {
        self.state.lock().unwrap().refused_intents = intents;
    }

    /// The intents each IDENTIFY asked for, in order.
    pub fn identified_intents(&self) -> Vec<u64> {
        self.state.lock().unwrap().identified_intents.clone()
    }

    /// The shard ([id, total]) each IDENTIFY named, in order.
    pub fn identified_shards(&self) -> Vec<Value> {
        self.state.lock().unwrap().identified_shards.clone()
    }

    /// Waits until a client has identified and been sent READY.
    pub async fn wait_ready(&self) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while !self.state.lock().unwrap().ready {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot never connected to the gateway"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until no client is connected to the gateway.
    pub async fn wait_disconnected(&self) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while self.state.lock().unwrap().gateway.is_some() {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot never left the gateway"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Names a user, for the payloads that carry them.
    pub fn user(&self, id: u64, name: &str) {
        self.state.lock().unwrap().users.insert(id, name.into());
    }

    /// Names a bot user (another app in the server).
    pub fn bot_user(&self, id: u64, name: &str) {
        let mut s = self.state.lock().unwrap();
        s.users.insert(id, name.into());
        s.bots.insert(id);
    }

    fn user_json(&self, id: u64) -> Value {
        let s = self.state.lock().unwrap();
        let name = s
            .users
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("user{id}"));
        let bot = s.bots.contains(&id);
        json!({"id": id.to_string(), "username": name, "discriminator": "0", "avatar": null, "global_name": name, "bot": bot})
    }

    /// Sends a dispatch event to the client connected as the shard of its server.
    pub fn dispatch(&self, event: &str, d: Value) {
        let mut s = self.state.lock().unwrap();
        assert!(s.ready, "dispatch before READY");
        s.seq += 1;
        let frame = json!({"op": 0, "t": event, "s": s.seq, "d": d}).to_string();
        shards::route(&s, &d)
            .expect("a client connected as the server's shard")
            .send(WsMessage::Text(frame))
            .expect("gateway open");
    }

    /// The `channel` object an interaction carries: threads say so, with their parent.
    fn channel_json(&self, channel: u64) -> Value {
        match self.state.lock().unwrap().threads.get(&channel) {
            Some(parent) => {
                json!({"id": channel.to_string(), "type": 11, "parent_id": parent.to_string(), "name": "thread"})
            }
            None => json!({"id": channel.to_string(), "type": 0, "name": "general"}),
        }
    }

    /// `channel` is a group DM between players, where the bot is no member: interactions there
    /// come as Discord sends them from a private channel (no server, the user who installed the
    /// app as the authorising owner), and a message or thread the bot tries to post there is
    /// refused 403 with code 50001 (Missing Access), as Discord does.
    pub fn group_dm(&self, channel: u64) {
        self.state.lock().unwrap().group_dms.insert(channel);
    }

    /// Interactions from now on come from a client set to `locale` (Discord's `fr`, `es-ES`…).
    pub fn set_locale(&self, locale: &str) {
        self.state.lock().unwrap().locale = Some(locale.to_string());
    }

    fn interaction_json(&self, kind: u8, user: u64, channel: u64, data: Value) -> (u64, Value) {
        let id = self.id();
        let locale = self
            .state
            .lock()
            .unwrap()
            .locale
            .clone()
            .unwrap_or_else(|| "en-US".into());
        let token = format!("token-{id}");
        if self.state.lock().unwrap().group_dms.contains(&channel) {
            let d = json!({
                "id": id.to_string(),
                "application_id": APP_ID.to_string(),
                "type": kind,
                "token": token,
                "version": 1,
                "channel_id": channel.to_string(),
                "channel": {"id": channel.to_string(), "type": 3, "name": null},
                "user": self.user_json(user),
                "data": data,
                "locale": locale,
                "entitlements": [],
                "attachment_size_limit": 10_485_760,
                "context": 2,
                "authorizing_integration_owners": {"1": user.to_string()},
            });
            return (id, d);
        }
        let d = json!({
            "id": id.to_string(),
            "application_id": APP_ID.to_string(),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": self.guild.to_string(),
            "channel_id": channel.to_string(),
            "channel": self.channel_json(channel),
            "member": {
                "user": self.user_json(user),
                "roles": [],
                "deaf": false,
                "mute": false,
                "flags": 0,
                "joined_at": "2026-01-01T00:00:00+00:00",
                "permissions": "0"
            },
            "data": data,
            "locale": locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 10_485_760,
            "context": 0,
            "authorizing_integration_owners": {"0": self.guild.to_string()},
        });
        (id, d)
    }

    /// A `/rb SUBCOMMAND` by `user` in `channel`; `options` are the subcommand's options as
    /// Discord sends them (`[{"name","type","value"}]`). Users named in options must be
    /// given in `resolved_users`. Returns the interaction's id.
    pub fn slash(
        &self,
        user: u64,
        channel: u64,
        subcommand: &str,
        options: Value,
        resolved_users: &[u64],
    ) -> u64 {
        self.slash_to(
            user,
            channel,
            "rb",
            Some(subcommand),
            options,
            resolved_users,
        )
    }

    /// `/COMMAND SUBCOMMAND` (or `/COMMAND` alone, for a command without subcommands) by `user`
    /// in `channel`, with `options` and the users named in them resolved, as [`Self::slash`].
    pub fn slash_to(
        &self,
        user: u64,
        channel: u64,
        command: &str,
        subcommand: Option<&str>,
        options: Value,
        resolved_users: &[u64],
    ) -> u64 {
        let mut users = serde_json::Map::new();
        for &u in resolved_users {
            users.insert(u.to_string(), self.user_json(u));
        }
        let options = match subcommand {
            Some(subcommand) => json!([{"name": subcommand, "type": 1, "options": options}]),
            None => options,
        };
        let data = json!({
            "id": "700000000000000001",
            "name": command,
            "type": 1,
            "options": options,
            "resolved": {"users": users},
        });
        let (id, d) = self.interaction_json(2, user, channel, data);
        self.dispatch("INTERACTION_CREATE", d);
        id
    }

    /// `user` picks the user command `name` (a member's Apps menu) on `target`, in `channel`.
    /// Returns the interaction's id.
    pub fn user_command(&self, user: u64, channel: u64, name: &str, target: u64) -> u64 {
        let data = json!({
            "id": "700000000000000002",
            "name": name,
            "type": 2,
            "target_id": target.to_string(),
            "resolved": {"users": {target.to_string(): self.user_json(target)}},
        });
        let (id, d) = self.interaction_json(2, user, channel, data);
        self.dispatch("INTERACTION_CREATE", d);
        id
    }

    /// `user` submits the modal `custom_id` in `channel` with `fields` ([(custom_id, value)]),
    /// one text input per row as Discord sends them back. Returns the interaction's id.
    pub fn submit_modal(
        &self,
        user: u64,
        channel: u64,
        custom_id: &str,
        fields: &[(&str, &str)],
    ) -> u64 {
        let rows: Vec<Value> = fields
            .iter()
            .map(|(field, value)| {
                json!({"type": 1, "components": [{"type": 4, "custom_id": field, "value": value}]})
            })
            .collect();
        let data = json!({"custom_id": custom_id, "components": rows});
        let (id, d) = self.interaction_json(5, user, channel, data);
        self.dispatch("INTERACTION_CREATE", d);
        id
    }

    /// An autocomplete request while `user` types `typed` into `/rb move`.
    pub fn autocomplete_move(&self, user: u64, channel: u64, typed: &str) -> u64 {
        let data = json!({
            "id": "700000000000000001",
            "name": "rb",
            "type": 1,
            "options": [{"name": "move", "type": 1, "options": [
                {"name": "move", "type": 3, "value": typed, "focused": true}
            ]}],
        });
        let (id, d) = self.interaction_json(4, user, channel, data);
        self.dispatch("INTERACTION_CREATE", d);
        id
    }

    /// `user` presses the button `custom_id` under a message in `channel`.
    pub fn press(&self, user: u64, channel: u64, custom_id: &str) -> u64 {
        let message = self.message_json(self.id(), channel, APP_ID, "a message with buttons", &[]);
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let (id, mut d) = self.interaction_json(3, user, channel, data);
        d["message"] = message;
        self.dispatch("INTERACTION_CREATE", d);
        id
    }

    /// `user` chooses `values` in the select menu `custom_id` of a message the bot sent in
    /// `channel` (the move picker's, which only its asker sees).
    pub fn choose(&self, user: u64, channel: u64, custom_id: &str, values: &[&str]) -> u64 {
        let mut message =
            self.message_json(self.id(), channel, APP_ID, "a message with a menu", &[]);
        message["flags"] = json!(64);
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
        let (id, mut d) = self.interaction_json(3, user, channel, data);
        d["message"] = message;
        self.dispatch("INTERACTION_CREATE", d);
        id
    }

    /// Discord archives `thread` (as it does after a week without activity).
    pub fn archive(&self, thread: u64) {
        self.state.lock().unwrap().archived.insert(thread);
    }

    /// From now on `user` refuses direct messages from the bot: the DM channel still opens,
    /// but a message posted there is answered 403 with code 50007, as Discord does.
    pub fn refuse_dms(&self, user: u64) {
        self.state.lock().unwrap().refusing_dms.insert(user);
    }

    /// The bot's DM channel with `user`, if it opened one.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.state.lock().unwrap().dm_channels.get(&user).copied()
    }

    /// The messages the bot posted to `user` directly (refused ones included, with their status).
    pub fn dms_to(&self, user: u64) -> Vec<Recorded> {
        let Some(channel) = self.dm_channel(user) else {
            return Vec::new();
        };
        let path = format!("/api/v10/channels/{channel}/messages");
        self.requests()
            .into_iter()
            .filter(|r| r.method == "POST" && r.path == path)
            .collect()
    }

    /// Whether `thread` is archived.
    pub fn archived(&self, thread: u64) -> bool {
        self.state.lock().unwrap().archived.contains(&thread)
    }

    /// The bot joins (or reconnects to) the test server, whose preferred locale is `locale`.
    pub fn guild_create(&self, locale: &str) {
        self.dispatch(
            "GUILD_CREATE",
            json!({
                "id": self.guild.to_string(),
                "name": "test server",
                "icon": null,
                "splash": null,
                "discovery_splash": null,
                "owner_id": "1",
                "afk_channel_id": null,
                "afk_timeout": 300,
                "verification_level": 0,
                "default_message_notifications": 0,
                "explicit_content_filter": 0,
                "roles": [],
                "emojis": [],
                "features": [],
                "mfa_level": 0,
                "application_id": null,
                "system_channel_id": null,
                "system_channel_flags": 0,
                "rules_channel_id": null,
                "vanity_url_code": null,
                "description": null,
                "banner": null,
                "premium_tier": 0,
                "preferred_locale": locale,
                "public_updates_channel_id": null,
                "nsfw_level": 0,
                "stickers": [],
                "premium_progress_bar_enabled": false,
                "joined_at": "2026-01-01T00:00:00+00:00",
                "large": false,
                "unavailable": false,
                "member_count": 3,
                "voice_states": [],
                "members": [],
                "channels": [],
                "threads": [],
                "presences": [],
                "stage_instances": [],
                "guild_scheduled_events": [],
            }),
        );
    }

    fn message_json(
        &self,
        id: u64,
        channel: u64,
        author: u64,
        content: &str,
        files: &[Upload],
    ) -> Value {
        let mut author = self.user_json(author);
        if author["id"].as_str() == Some(APP_ID.to_string().as_str()) {
            author["bot"] = json!(true);
        }
        let attachments: Vec<Value> = files
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let url = format!("https://cdn.example/{id}/{}", f.filename);
                json!({"id": (id + 1 + i as u64).to_string(), "filename": f.filename, "size": f.bytes.len(), "url": url, "proxy_url": url})
            })
            .collect();
        json!({
            "id": id.to_string(),
            "channel_id": channel.to_string(),
            "author": author,
            "content": content,
            "timestamp": "2026-11-30T05:00:00.000000+00:00",
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": [],
            "pinned": false,
            "type": 0,
        })
    }

    fn thread_json(&self, id: u64, parent: u64, name: &str) -> Value {
        json!({
            "id": id.to_string(),
            "type": 11,
            "guild_id": self.guild.to_string(),
            "parent_id": parent.to_string(),
            "owner_id": APP_ID.to_string(),
            "name": name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": false,
            "rate_limit_per_user": 0,
            "flags": 0,
            "message_count": 0,
            "member_count": 1,
            "thread_metadata": {
                "archived": false,
                "auto_archive_duration": 10080,
                "archive_timestamp": "2026-11-30T05:00:00.000000+00:00",
                "locked": false
            },
        })
    }

    /// The READY payload for shard `id` of `total`.
    fn ready_json(&self, (id, total): (u32, u32)) -> Value {
        json!({
            "v": 10,
            "user": {"id": APP_ID.to_string(), "username": "Rollerball", "discriminator": "0", "bot": true, "avatar": null},
            "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
            "session_id": shards::session_id(id, total),
            "shard": [id, total],
            "resume_gateway_url": format!("ws://{}/ws", self.addr),
            "application": {"id": APP_ID.to_string(), "flags": 0},
        })
    }

    // ----- The server ------------------------------------------------------------------

    async fn serve(&self, mut stream: TcpStream) -> std::io::Result<()> {
        let mut buffer = Vec::new();
        loop {
            let Some((head, body)) = read_request(&mut stream, &mut buffer).await? else {
                return Ok(());
            };
            let mut lines = head.split("\r\n");
            let request_line = lines.next().unwrap_or_default().to_string();
            let mut parts = request_line.split(' ');
            let method = parts.next().unwrap_or_default().to_string();
            let target = parts.next().unwrap_or_default().to_string();
            let headers: HashMap<String, String> = lines
                .filter_map(|l| l.split_once(':'))
                .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
                .collect();
            if headers
                .get("upgrade")
                .is_some_and(|u| u.eq_ignore_ascii_case("websocket"))
            {
                let key = headers
                    .get("sec-websocket-key")
                    .cloned()
                    .unwrap_or_default();
                let answer = format!(
                    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {}\r\n\r\n",
                    derive_accept_key(key.as_bytes())
                );
                stream.write_all(answer.as_bytes()).await?;
                let ws = WebSocketStream::from_raw_socket(stream, Role::Server, None).await;
                self.gateway(ws).await;
                return Ok(());
            }
            let path = target.split('?').next().unwrap_or_default().to_string();
            let content_type = headers.get("content-type").cloned().unwrap_or_default();
            let (json, files) = parse_body(&content_type, &body);
            let hold = {
                let mut s = self.state.lock().unwrap();
                let i = s
                    .holds
                    .iter()
                    .position(|h| h.method == method && path.contains(&h.path_contains));
                i.map(|i| s.holds.remove(i))
            };
            let mut recorded = Recorded {
                method,
                path,
                authorization: headers.get("authorization").cloned(),
                json,
                files,
                status: 0,
                operation: None,
                created: None,
                duplicate: false,
            };
            if hold.as_ref().is_some_and(|h| !h.create) {
                self.state.lock().unwrap().held.push_back(recorded);
                return silence(&mut stream).await;
            }
            self.write_down(&recorded.method, &recorded.path, &recorded.json);
            let sent = (!body.is_empty()).then_some(&recorded.json);
            let answer = match schema::spec().check(&recorded.method, &recorded.path, sent) {
                Ok(operation) => {
                    recorded.operation = Some(operation);
                    let (answer, duplicate) = self.answer(&recorded);
                    recorded.duplicate = duplicate;
                    answer
                }
                Err(violation) => {
                    eprintln!("fake Discord refuses: {violation}");
                    let (status, answer) = violation.answer();
                    recorded.operation = violation.operation.clone();
                    self.state.lock().unwrap().violations.push(violation);
                    (status, answer, None)
                }
            };
            let (status, answer, created) = answer;
            recorded.status = status;
            recorded.created = created;
            {
                let mut s = self.state.lock().unwrap();
                s.subscribers
                    .retain(|subscriber| subscriber.send(recorded.clone()).is_ok());
                if hold.is_some() {
                    s.held.push_back(recorded.clone());
                }
                s.requests.push(recorded);
            }
            if hold.is_some() {
                return silence(&mut stream).await;
            }
            let body = if status == 204 {
                String::new()
            } else {
                answer.to_string()
            };
            let retry_after = match answer["retry_after"].as_f64() {
                Some(seconds) if status == 429 => format!("Retry-After: {seconds}\r\n"),
                _ => String::new(),
            };
            let response = format!(
                "HTTP/1.1 {status} {}\r\nContent-Type: application/json\r\n{retry_after}Content-Length: {}\r\n\r\n{body}",
                if status < 300 { "OK" } else { "Error" },
                body.len()
            );
            stream.write_all(response.as_bytes()).await?;
        }
    }

    /// Appends the request to the `FAKE_DISCORD_REQUESTS` file, when set.
    fn write_down(&self, method: &str, path: &str, json: &Value) {
        let Some(file) = std::env::var_os("FAKE_DISCORD_REQUESTS") else {
            return;
        };
        let seq = {
            let mut s = self.state.lock().unwrap();
            s.requests_seen += 1;
            s.requests_seen
        };
        let line = json!({"seq": seq, "method": method, "path": path,
                          "json": if json.is_null() { Value::Null } else { json.clone() }});
        // One write of the whole line: requests arrive on many connections at once.
        use std::io::Write;
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
        {
            let _ = f.write_all(format!("{line}\n").as_bytes());
        }
    }

    /// The answer to one REST request Discord's description allows: a failure a test asked for,
    /// else the earlier message when it posts one again by its nonce (then `true`), else
    /// [`FakeDiscord::route`]'s.
    fn answer(&self, r: &Recorded) -> ((u16, Value, Option<u64>), bool) {
        let (method, path) = (r.method.as_str(), r.path.as_str());
        {
            let mut s = self.state.lock().unwrap();
            if let Some(i) = s.failures.iter().position(|f| {
                f.method == method
                    && path.contains(&f.path_contains)
                    && (!f.uploads_only || !r.files.is_empty())
            }) {
                let f = s.failures.remove(i);
                let body = match f.retry_after {
                    Some(seconds) => json!({"message": "You are being rate limited.",
                                            "retry_after": seconds, "global": false, "code": f.code}),
                    None => json!({"message": "fake failure", "code": f.code}),
                };
                return ((f.status, body, None), false);
            }
            let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
            if let ("POST", ["channels", channel, "messages"]) = (method, segments.as_slice())
                && r.json["enforce_nonce"] == json!(true)
                && let Some(nonce) = nonce(&r.json)
                && let Some(earlier) = s.nonces.get(&(channel.parse().unwrap_or(0), nonce))
            {
                return ((200, earlier.clone(), None), true);
            }
        }
        (self.route(method, path, &r.json, &r.files), false)
    }

    /// The answer to one REST request: status, body, and the id of what it created.
    fn route(
        &self,
        method: &str,
        path: &str,
        json: &Value,
        files: &[Upload],
    ) -> (u16, Value, Option<u64>) {
        let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        if let Some(answer) = messages::route(self, method, &segments) {
            return answer;
        }
        match (method, segments.as_slice()) {
            ("GET", ["gateway"]) => (200, json!({"url": format!("ws://{}/ws", self.addr)}), None),
            ("GET", ["gateway", "bot"]) => (200, shards::gateway_bot(self), None),
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                let commands: Vec<Value> = json
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|c| {
                        let mut c = c.clone();
                        c["id"] = json!(self.id().to_string());
                        c["application_id"] = json!(APP_ID.to_string());
                        c["version"] = json!("1");
                        if c.get("type").is_none() {
                            c["type"] = json!(1);
                        }
                        // Discord answers a context-menu command with an empty description.
                        if c.get("description").is_none_or(Value::is_null) {
                            c["description"] = json!("");
                        }
                        c
                    })
                    .collect();
                (200, Value::Array(commands), None)
            }
            ("POST", ["users", "@me", "channels"]) => {
                // Opening a DM channel: the same one for a user every time, as on Discord.
                let Some(user) = json["recipient_id"]
                    .as_str()
                    .and_then(|id| id.parse::<u64>().ok())
                    .or_else(|| json["recipient_id"].as_u64())
                else {
                    return (
                        400,
                        json!({"message": "Invalid Form Body", "code": 50035}),
                        None,
                    );
                };
                let known = self.state.lock().unwrap().dm_channels.get(&user).copied();
                let channel = match known {
                    Some(channel) => channel,
                    None => {
                        let channel = self.id();
                        self.state.lock().unwrap().dm_channels.insert(user, channel);
                        channel
                    }
                };
                let dm = json!({"id": channel.to_string(), "type": 1, "last_message_id": null,
                                "flags": 0, "recipients": [self.user_json(user)]});
                (200, dm, None)
            }
            ("POST", ["channels", channel, "messages" | "threads"])
                if self
                    .state
                    .lock()
                    .unwrap()
                    .group_dms
                    .contains(&channel.parse().unwrap_or(0)) =>
            {
                (
                    403,
                    json!({"message": "Missing Access", "code": 50001}),
                    None,
                )
            }
            ("POST", ["channels", channel, "messages"]) => {
                let channel: u64 = channel.parse().unwrap_or(0);
                let refused = {
                    let s = self.state.lock().unwrap();
                    s.dm_channels
                        .iter()
                        .any(|(user, &dm)| dm == channel && s.refusing_dms.contains(user))
                };
                if refused {
                    return (
                        403,
                        json!({"message": "Cannot send messages to this user", "code": 50007}),
                        None,
                    );
                }
                let id = self.id();
                // As Discord does, a message in an archived (unlocked) thread unarchives it.
                self.state.lock().unwrap().archived.remove(&channel);
                let content = json["content"].as_str().unwrap_or_default();
                let mut message = self.message_json(id, channel, APP_ID, content, files);
                if let Some(nonce) = nonce(json) {
                    message["nonce"] = json["nonce"].clone();
                    let mut s = self.state.lock().unwrap();
                    s.nonces.insert((channel, nonce), message.clone());
                }
                (200, message, Some(id))
            }
            ("POST", ["channels", channel, "threads"]) => {
                let id = self.id();
                let parent: u64 = channel.parse().unwrap_or(0);
                self.state.lock().unwrap().threads.insert(id, parent);
                let name = json["name"].as_str().unwrap_or("thread");
                (201, self.thread_json(id, parent, name), Some(id))
            }
            ("PATCH", ["channels", channel]) => {
                let id: u64 = channel.parse().unwrap_or(0);
                let mut s = self.state.lock().unwrap();
                let Some(&parent) = s.threads.get(&id) else {
                    return (
                        404,
                        json!({"message": "Unknown Channel", "code": 10003}),
                        None,
                    );
                };
                match json["archived"].as_bool() {
                    Some(true) => s.archived.insert(id),
                    Some(false) => s.archived.remove(&id),
                    None => false,
                };
                let archived = s.archived.contains(&id);
                drop(s);
                let mut thread = self.thread_json(id, parent, "thread");
                thread["thread_metadata"]["archived"] = json!(archived);
                (200, thread, None)
            }
            ("POST", ["interactions", _, _, "callback"]) => (204, Value::Null, None),
            ("PATCH", ["webhooks", _, _, "messages", "@original"])
            | ("POST", ["webhooks", _, _]) => {
                let id = self.id();
                let content = json["content"].as_str().unwrap_or_default();
                (
                    200,
                    self.message_json(id, 1, APP_ID, content, files),
                    Some(id),
                )
            }
            ("DELETE", ["webhooks", _, _, "messages", _]) => (204, Value::Null, None),
            _ => (404, json!({"message": "404: Not Found", "code": 0}), None),
        }
    }

    async fn gateway(&self, ws: WebSocketStream<TcpStream>) {
        let (mut sink, mut stream) = ws.split();
        let (tx, mut rx) = mpsc::unbounded_channel::<WsMessage>();
        let _ = sink
            .send(WsMessage::Text(
                json!({"op": 10, "d": {"heartbeat_interval": 45000}}).to_string(),
            ))
            .await;
        let writer = tokio::spawn(async move {
            while let Some(frame) = rx.recv().await {
                if sink.send(frame).await.is_err() {
                    break;
                }
            }
            let _ = sink.close().await;
        });
        while let Some(Ok(message)) = stream.next().await {
            let text = match message {
                WsMessage::Text(t) => t,
                WsMessage::Close(_) => break,
                _ => continue,
            };
            let Ok(payload) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            match payload["op"].as_u64() {
                Some(1) => {
                    let _ = tx.send(WsMessage::Text(json!({"op": 11}).to_string()));
                }
                Some(2)
                    if {
                        let mut s = self.state.lock().unwrap();
                        let intents = payload["d"]["intents"].as_u64().unwrap_or(0);
                        s.identified_intents.push(intents);
                        s.identified_shards.push(payload["d"]["shard"].clone());
                        intents & s.refused_intents != 0
                    } =>
                {
                    let _ = tx.send(WsMessage::Close(Some(CloseFrame {
                        code: CloseCode::from(4014),
                        reason: "Disallowed intent(s).".into(),
                    })));
                }
                Some(2) | Some(6) => {
                    let shard = shards::shard_named(&payload);
                    let ready = {
                        let mut s = self.state.lock().unwrap();
                        s.identifies += 1;
                        s.seq = 1;
                        s.gateway = Some(tx.clone());
                        s.shard_connections.retain(|c| (c.id, c.total) != shard);
                        s.shard_connections.push(shards::ShardConnection {
                            id: shard.0,
                            total: shard.1,
                            tx: tx.clone(),
                        });
                        json!({"op": 0, "t": "READY", "s": 1, "d": self.ready_json(shard)})
                            .to_string()
                    };
                    let _ = tx.send(WsMessage::Text(ready));
                    self.state.lock().unwrap().ready = true;
                }
                _ => {}
            }
        }
        {
            let mut s = self.state.lock().unwrap();
            s.shard_connections.retain(|c| !c.tx.same_channel(&tx));
            if s.gateway.as_ref().is_some_and(|g| g.same_channel(&tx)) {
                s.gateway = s.shard_connections.last().map(|c| c.tx.clone());
            }
            s.ready = !s.shard_connections.is_empty();
        }
        drop(tx);
        let _ = writer.await;
    }
}

/// The `nonce` of a message body, as text (Discord takes a number or a string).
fn nonce(json: &Value) -> Option<String> {
    match &json["nonce"] {
        Value::String(nonce) => Some(nonce.clone()),
        Value::Number(nonce) => Some(nonce.to_string()),
        _ => None,
    }
}

/// Answers nothing more on a connection whose request is held: reads (and drops) whatever the
/// client sends until it closes the connection.
async fn silence(stream: &mut TcpStream) -> std::io::Result<()> {
    let mut chunk = [0u8; 8192];
    while stream.read(&mut chunk).await? > 0 {}
    Ok(())
}

/// Reads one HTTP/1.1 request (head and body); `None` when the connection closed.
async fn read_request(
    stream: &mut (impl AsyncRead + Unpin),
    buffer: &mut Vec<u8>,
) -> std::io::Result<Option<(String, Vec<u8>)>> {
    let head_end = loop {
        if let Some(end) = find(buffer, b"\r\n\r\n") {
            break end;
        }
        let mut chunk = [0u8; 8192];
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Ok(None);
        }
        buffer.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).to_string();
    buffer.drain(..head_end + 4);
    let header = |name: &str| {
        head.split("\r\n").skip(1).find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_string())
        })
    };
    let mut body = Vec::new();
    if let Some(length) = header("content-length").and_then(|l| l.parse::<usize>().ok()) {
        while buffer.len() < length {
            let mut chunk = [0u8; 65536];
            let n = stream.read(&mut chunk).await?;
            if n == 0 {
                return Ok(None);
            }
            buffer.extend_from_slice(&chunk[..n]);
        }
        body = buffer.drain(..length).collect();
    } else if header("transfer-encoding").is_some_and(|t| t.eq_ignore_ascii_case("chunked")) {
        loop {
            let line_end = loop {
                if let Some(end) = find(buffer, b"\r\n") {
                    break end;
                }
                let mut chunk = [0u8; 65536];
                let n = stream.read(&mut chunk).await?;
                if n == 0 {
                    return Ok(None);
                }
                buffer.extend_from_slice(&chunk[..n]);
            };
            let size_text = String::from_utf8_lossy(&buffer[..line_end]).to_string();
            let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("0").trim(), 16)
                .unwrap_or(0);
            buffer.drain(..line_end + 2);
            while buffer.len() < size + 2 {
                let mut chunk = [0u8; 65536];
                let n = stream.read(&mut chunk).await?;
                if n == 0 {
                    return Ok(None);
                }
                buffer.extend_from_slice(&chunk[..n]);
            }
            body.extend(buffer.drain(..size));
            buffer.drain(..2);
            if size == 0 {
                break;
            }
        }
    }
    Ok(Some((head, body)))
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The JSON of a body, and its files when it is `multipart/form-data`.
fn parse_body(content_type: &str, body: &[u8]) -> (Value, Vec<Upload>) {
    let Some(boundary) = content_type
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))
        .map(|b| b.trim_matches('"').to_string())
    else {
        return (
            serde_json::from_slice(body).unwrap_or(Value::Null),
            Vec::new(),
        );
    };
    let delimiter = format!("--{boundary}");
    let mut json = Value::Null;
    let mut files = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, delimiter.as_bytes()) {
        rest = &rest[start + delimiter.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let Some(next) = find(rest, delimiter.as_bytes()) else {
            break;
        };
        let part = &rest[..next];
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let part = part.strip_suffix(b"\r\n").unwrap_or(part);
        let Some(head_end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..head_end]).to_string();
        let content = &part[head_end + 4..];
        let disposition = head
            .split("\r\n")
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition:"))
            .unwrap_or_default();
        let attribute = |name: &str| {
            disposition.split(';').find_map(|p| {
                p.trim()
                    .strip_prefix(&format!("{name}="))
                    .map(|v| v.trim_matches('"').to_string())
            })
        };
        let field = attribute("name").unwrap_or_default();
        if field == "payload_json" {
            json = serde_json::from_slice(content).unwrap_or(Value::Null);
        } else {
            let content_type = head
                .split("\r\n")
                .find_map(|l| {
                    l.strip_prefix("Content-Type:")
                        .or_else(|| l.strip_prefix("content-type:"))
                })
                .unwrap_or_default()
                .trim()
                .to_string();
            let filename = attribute("filename").unwrap_or_default();
            files.push(Upload {
                field,
                filename,
                content_type,
                bytes: content.to_vec(),
            });
        }
    }
    (json, files)
}

/// The fake's payloads read as serenity reads them: a missing field would make serenity drop
/// the event silently, so this check runs in the tests that use the fake.
pub fn check_payloads(fake: &FakeDiscord) {
    use serenity::all::{GuildChannel, Interaction, Message, Ready};
    let ready: Ready = serde_json::from_value(fake.ready_json((0, 1))).expect("READY");
    assert_eq!(ready.application.id.get(), APP_ID);
    let _: Message = serde_json::from_value(fake.message_json(
        5,
        6,
        7,
        "hi",
        &[Upload {
            field: "files[0]".into(),
            filename: "board.png".into(),
            content_type: "image/png".into(),
            bytes: vec![1],
        }],
    ))
    .expect("message");
    let _: GuildChannel = serde_json::from_value(fake.thread_json(5, 6, "a vs b")).expect("thread");
    messages::check_channel_payloads(fake);
    let (_, command) = fake.interaction_json(2, 7, 6, json!({"id": "1", "name": "rb", "type": 1,
        "options": [{"name": "challenge", "type": 1, "options": [{"name": "opponent", "type": 6, "value": "8"}]}],
        "resolved": {"users": {"8": fake.user_json(8)}}}));
    let i: Interaction = serde_json::from_value(command).expect("command interaction");
    assert!(matches!(i, Interaction::Command(_)));
    let (_, auto) = fake.interaction_json(4, 7, 6, json!({"id": "1", "name": "rb", "type": 1,
        "options": [{"name": "move", "type": 1, "options": [{"name": "move", "type": 3, "value": "R", "focused": true}]}]}));
    let i: Interaction = serde_json::from_value(auto).expect("autocomplete interaction");
    assert!(matches!(i, Interaction::Autocomplete(_)));
    let (_, mut button) = fake.interaction_json(
        3,
        7,
        6,
        json!({"custom_id": "rb:draw:1", "component_type": 2}),
    );
    button["message"] = fake.message_json(9, 6, APP_ID, "board", &[]);
    let i: Interaction = serde_json::from_value(button).expect("component interaction");
    assert!(matches!(i, Interaction::Component(_)));
    let (_, mut select) = fake.interaction_json(
        3,
        7,
        6,
        json!({"custom_id": "rb:pieces:1:0:00000000", "component_type": 3, "values": ["c2"]}),
    );
    select["message"] = fake.message_json(9, 6, APP_ID, "menu", &[]);
    let i: Interaction = serde_json::from_value(select).expect("select interaction");
    let Interaction::Component(i) = i else {
        panic!("a select is a component interaction");
    };
    assert!(matches!(
        &i.data.kind,
        serenity::all::ComponentInteractionDataKind::StringSelect { values } if values == &["c2"]
    ));
    let (_, user_command) = fake.interaction_json(
        2,
        7,
        6,
        json!({"id": "2", "name": "Challenge to Rollerball",
        "type": 2, "target_id": "8", "resolved": {"users": {"8": fake.user_json(8)}}}),
    );
    let i: Interaction = serde_json::from_value(user_command).expect("user command interaction");
    let Interaction::Command(i) = i else {
        panic!("a user command is a command interaction");
    };
    assert_eq!(i.data.kind, serenity::all::CommandType::User);
    assert_eq!(i.data.target_id.map(|t| t.get()), Some(8));
    let (_, modal) = fake.interaction_json(5, 7, 6, json!({"custom_id": "rb:profile:8:b",
        "components": [{"type": 1, "components": [{"type": 4, "custom_id": "days", "value": "5"}]}]}));
    let i: Interaction = serde_json::from_value(modal).expect("modal submit interaction");
    assert!(matches!(i, Interaction::Modal(_)));
    // From a group DM where the bot is no member: a private channel, authorised by the user.
    let group_dm = fake.clone();
    group_dm.group_dm(6);
    let (_, command) = group_dm.interaction_json(
        2,
        7,
        6,
        json!({"id": "1", "name": "rb", "type": 1,
        "options": [{"name": "games", "type": 1, "options": []}]}),
    );
    let i: Interaction = serde_json::from_value(command).expect("group DM command");
    let Interaction::Command(i) = i else {
        panic!("a command interaction");
    };
    assert_eq!(i.guild_id, None);
    assert_eq!(i.user.id.get(), 7);
    assert_eq!(
        i.context,
        Some(serenity::all::InteractionContext::PrivateChannel)
    );
    assert!(matches!(
        i.authorizing_integration_owners.0.as_slice(),
        [serenity::all::AuthorizingIntegrationOwner::UserInstall(u)] if u.get() == 7
    ));
    let (_, mut button) = group_dm.interaction_json(
        3,
        7,
        6,
        json!({"custom_id": "rb:accept:1", "component_type": 2}),
    );
    button["message"] = fake.message_json(9, 6, APP_ID, "challenge", &[]);
    let i: Interaction = serde_json::from_value(button).expect("group DM button");
    let Interaction::Component(i) = i else {
        panic!("a component interaction");
    };
    assert_eq!(
        i.context,
        Some(serenity::all::InteractionContext::PrivateChannel)
    );
    group_dm.state.lock().unwrap().group_dms.remove(&6);
}
