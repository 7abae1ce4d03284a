//! The fake Discord's shards, as Discord shards a bot: `GET /gateway/bot` recommends a shard
//! count (its answer checked against the spec's response schema), every gateway connection says
//! in its IDENTIFY which shard of how many it is, and each server's events go to the connection
//! of the server's shard, `(guild_id >> 22) % shard_count`; direct messages go to shard 0.
//! A test plays in other servers through [`FakeDiscord::in_guild`].

use std::sync::OnceLock;

use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::{FakeDiscord, State, WAIT, schema};

/// A server on shard 0 of 2 (the fake's [`super::GUILD`] is on shard 1 of 2).
pub const GUILD_SHARD_0_OF_2: u64 = 800_000_000_004_194_305;

/// The shard of `guild` among `total`, as Discord computes it.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

/// One connected gateway session: its shard, and where its frames go.
#[derive(Clone)]
pub(super) struct ShardConnection {
    pub id: u32,
    pub total: u32,
    pub tx: mpsc::UnboundedSender<WsMessage>,
}

/// The connection that receives `d`, a dispatch's payload: its server's shard's, or shard 0's
/// for events outside a server.
pub(super) fn route(state: &State, d: &Value) -> Option<mpsc::UnboundedSender<WsMessage>> {
    let guild = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
    state
        .shard_connections
        .iter()
        .find(|c| c.id == guild.map_or(0, |g| shard_of(g, c.total)))
        .map(|c| c.tx.clone())
}

/// The shard an IDENTIFY names (`[id, total]`, absent: `[0, 1]`), or a RESUME's session
/// names (the fake's session ids end with the shard, see [`session_id`]).
pub(super) fn shard_named(payload: &Value) -> (u32, u32) {
    let d = &payload["d"];
    if let Some([id, total]) = d["shard"].as_array().map(Vec::as_slice) {
        return (
            id.as_u64().unwrap_or(0) as u32,
            total.as_u64().unwrap_or(1) as u32,
        );
    }
    let resumed = d["session_id"].as_str().and_then(|s| {
        let (id, total) = s.strip_prefix("fake-session-")?.split_once('-')?;
        Some((id.parse().ok()?, total.parse().ok()?))
    });
    resumed.unwrap_or((0, 1))
}

/// The READY's session id for shard `id` of `total`.
pub(super) fn session_id(id: u32, total: u32) -> String {
    format!("fake-session-{id}-{total}")
}

/// The answer to `GET /gateway/bot`, checked against the spec's `GatewayBotResponse`.
pub(super) fn gateway_bot(fake: &FakeDiscord) -> Value {
    let shards = fake.state.lock().unwrap().recommended_shards.max(1);
    let answer = json!({
        "url": format!("ws://{}/ws", fake.addr),
        "shards": shards,
        "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
    });
    if let Err(problems) = check_gateway_bot_answer(&answer) {
        panic!("the fake's GET /gateway/bot answer is not Discord's: {problems}");
    }
    answer
}

/// Checks a `GET /gateway/bot` answer against the schema of its 200 response in the spec.
pub fn check_gateway_bot_answer(answer: &Value) -> Result<(), String> {
    static SCHEMA: OnceLock<(boon::Schemas, boon::SchemaIndex)> = OnceLock::new();
    let (schemas, index) = SCHEMA.get_or_init(|| {
        let text = std::fs::read_to_string(schema::SPEC_PATH).expect("Discord's API description");
        let doc: Value = serde_json::from_str(&text).expect("JSON");
        let mut compiler = boon::Compiler::new();
        compiler.set_default_draft(boon::Draft::V2020_12);
        let url = "urn:discord-api-spec:gateway-bot.json";
        compiler.add_resource(url, doc).expect("the spec");
        let mut schemas = boon::Schemas::new();
        let pointer = "/paths/~1gateway~1bot/get/responses/200/content/application~1json/schema";
        let index = compiler
            .compile(&format!("{url}#{pointer}"), &mut schemas)
            .expect("the GatewayBotResponse schema compiles");
        (schemas, index)
    });
    schemas
        .validate(answer, *index)
        .map_err(|e| format!("{e:#}"))
}

impl FakeDiscord {
    /// The same fake, with the events this handle makes coming from server `guild`.
    pub fn in_guild(&self, guild: u64) -> FakeDiscord {
        FakeDiscord {
            guild,
            ..self.clone()
        }
    }

    /// The server this handle's events come from.
    pub fn guild(&self) -> u64 {
        self.guild
    }

    /// `GET /gateway/bot` recommends `shards` shards from now on.
    pub fn recommend_shards(&self, shards: u32) {
        self.state.lock().unwrap().recommended_shards = shards;
    }

    /// The shards connected now (`[id, total]`), in order.
    pub fn connected_shards(&self) -> Vec<(u32, u32)> {
        let mut shards: Vec<(u32, u32)> = self
            .state
            .lock()
            .unwrap()
            .shard_connections
            .iter()
            .map(|c| (c.id, c.total))
            .collect();
        shards.sort_unstable();
        shards
    }

    /// Waits until exactly `shards` (`[id, total]`) are connected.
    pub async fn wait_shards(&self, shards: &[(u32, u32)]) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let connected = self.connected_shards();
            if connected == shards {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "connected shards {connected:?}, waited for {shards:?}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_shards_servers_by_their_id() {
        assert_eq!(shard_of(super::super::GUILD, 2), 1);
        assert_eq!(shard_of(GUILD_SHARD_0_OF_2, 2), 0);
        assert_eq!(shard_of(GUILD_SHARD_0_OF_2, 1), 0);
        assert_eq!(shard_of(5 << 22, 4), 1);
    }

    #[test]
    fn the_spec_checks_gateway_bot_answers() {
        let good = json!({"url": "ws://127.0.0.1:1/ws", "shards": 2,
            "session_start_limit": {"total": 1, "remaining": 1, "reset_after": 0, "max_concurrency": 1}});
        assert_eq!(check_gateway_bot_answer(&good), Ok(()));
        let bad = json!({"url": "ws://127.0.0.1:1/ws", "shards": "2"});
        assert!(check_gateway_bot_answer(&bad).is_err());
    }
}
