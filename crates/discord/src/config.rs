//! The bot's settings, read from the environment (after `.env`, which `main` loads).

use std::fmt;
use std::time::Duration;

use super::deliver::RetryPolicy;

/// The prefix of text commands when `COMMAND_PREFIX` is not set.
pub const DEFAULT_PREFIX: &str = "!rb";
/// How often the deadline sweep runs.
pub const DEFAULT_SWEEP_EVERY: Duration = Duration::from_secs(60);
/// An interaction not answered within this is deferred first (Discord allows three seconds).
pub const DEFAULT_DEFER_AFTER: Duration = Duration::from_millis(1800);

/// Which gateway shards this process runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// One shard, the whole bot (small bots; the default).
    One,
    /// As many shards as Discord recommends, all in this process (`SHARDS=auto`).
    Auto,
    /// Shards `first..=last` of `total`, so several processes share one bot
    /// (`SHARDS=0-1/4` here, `SHARDS=2-3/4` in another process).
    Range {
        /// The first shard this process runs.
        first: u32,
        /// The last shard this process runs.
        last: u32,
        /// The shards of the whole bot, over every process.
        total: u32,
    },
}

impl Shards {
    /// Reads `auto`, `N/TOTAL` or `FIRST-LAST/TOTAL`.
    pub fn parse(text: &str) -> Result<Shards, ConfigError> {
        let text = text.trim();
        let bad = || ConfigError::Shards(text.to_string());
        if text.is_empty() {
            return Ok(Shards::One);
        }
        if text.eq_ignore_ascii_case("auto") {
            return Ok(Shards::Auto);
        }
        let (range, total) = text.split_once('/').ok_or_else(bad)?;
        let total: u32 = total.trim().parse().map_err(|_| bad())?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a.trim().parse(), b.trim().parse()),
            None => (range.trim().parse(), range.trim().parse()),
        };
        let (first, last): (u32, u32) = (first.map_err(|_| bad())?, last.map_err(|_| bad())?);
        if total == 0 || first > last || last >= total {
            return Err(bad());
        }
        Ok(Shards::Range { first, last, total })
    }
}

/// Everything the Discord front end needs to start.
#[derive(Clone)]
pub struct Config {
    /// The bot token (never logged: [`Config`]'s `Debug` hides it).
    pub token: String,
    /// Send REST calls to this base URL instead of `https://discord.com` (an API proxy that owns
    /// rate limits, or a test server). serenity's own rate limiter is off then.
    pub api_base: Option<String>,
    /// Register `/rb` in this server only (instant, for testing) instead of globally.
    pub guild_id: Option<u64>,
    /// The prefix of text commands, such as `!rb`.
    pub prefix: String,
    /// Which shards this process runs.
    pub shards: Shards,
    /// How often the deadline sweep runs.
    pub sweep_every: Duration,
    /// An interaction whose answer takes longer than this is deferred, then edited.
    pub defer_after: Duration,
    /// How Discord calls that failed for a passing reason (5xx, 429) are tried again.
    pub retry: RetryPolicy,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"***")
            .field(
                "api_base",
                &self.api_base.as_deref().map(crate::redact::url),
            )
            .field("guild_id", &self.guild_id)
            .field("prefix", &self.prefix)
            .field("shards", &self.shards)
            .field("sweep_every", &self.sweep_every)
            .field("defer_after", &self.defer_after)
            .field("retry", &self.retry)
            .finish()
    }
}

/// Why the bot cannot start with the settings given.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set.\n\
         To run the bot, create an application and its bot at https://discord.com/developers/applications \
         (Bot → Reset Token), then put the token in a file named .env beside the bot:\n\
         \n    DISCORD_TOKEN=your-token-here\n\n\
         (see .env.example, and docs/operators.md for the intents and the invite link).\n\
         To try the game without Discord, run: cargo run --release -- console"
    )]
    /// `DISCORD_TOKEN` is missing or empty.
    NoToken,
    /// `DISCORD_GUILD_ID` is not a server id: not a number, or zero (no snowflake is).
    #[error(
        "DISCORD_GUILD_ID must be a server's id, a number other than 0 (Developer Mode → \
         right-click the server → Copy Server ID), not `{0}`"
    )]
    GuildId(String),
    /// `SHARDS` is not `auto`, `N/TOTAL` nor `FIRST-LAST/TOTAL`.
    #[error("SHARDS must be `auto`, `N/TOTAL` or `FIRST-LAST/TOTAL` (such as `0-1/4`), not `{0}`")]
    Shards(String),
    /// `COMMAND_PREFIX` is empty or holds a space.
    #[error("COMMAND_PREFIX must not be empty or contain spaces")]
    Prefix,
    /// `SWEEP_SECONDS` is not a number of seconds in range.
    #[error("SWEEP_SECONDS must be a number of seconds from 0.05 to 3600, not `{0}`")]
    Sweep(String),
}

impl Config {
    /// Reads the settings from the environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the settings through `get` (the environment, or a map in tests).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let value = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let token = value("DISCORD_TOKEN").ok_or(ConfigError::NoToken)?;
        let guild_id = match value("DISCORD_GUILD_ID") {
            Some(g) => Some(
                g.parse::<u64>()
                    .ok()
                    .filter(|&id| id > 0)
                    .ok_or_else(|| ConfigError::GuildId(g.clone()))?,
            ),
            None => None,
        };
        let prefix = value("COMMAND_PREFIX").unwrap_or_else(|| DEFAULT_PREFIX.to_string());
        if prefix.contains(char::is_whitespace) {
            return Err(ConfigError::Prefix);
        }
        let shards = match value("SHARDS") {
            Some(s) => Shards::parse(&s)?,
            None => Shards::One,
        };
        let sweep_every = match value("SWEEP_SECONDS") {
            Some(s) => match s.parse::<f64>() {
                Ok(seconds) if (0.05..=3600.0).contains(&seconds) => {
                    Duration::from_secs_f64(seconds)
                }
                _ => return Err(ConfigError::Sweep(s)),
            },
            None => DEFAULT_SWEEP_EVERY,
        };
        Ok(Config {
            token,
            api_base: value("DISCORD_API_BASE").map(|b| b.trim_end_matches('/').to_string()),
            guild_id,
            prefix,
            shards,
            sweep_every,
            defer_after: DEFAULT_DEFER_AFTER,
            retry: RetryPolicy::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn token_is_required_and_never_shown() {
        assert_eq!(config(&[]).unwrap_err(), ConfigError::NoToken);
        assert_eq!(
            config(&[("DISCORD_TOKEN", "  ")]).unwrap_err(),
            ConfigError::NoToken
        );
        let c = config(&[("DISCORD_TOKEN", "secret-token")]).unwrap();
        assert!(!format!("{c:?}").contains("secret"));
        assert_eq!(c.prefix, "!rb");
        assert_eq!(c.shards, Shards::One);
        assert_eq!(c.guild_id, None);
        assert!(ConfigError::NoToken.to_string().contains(".env"));
        assert!(ConfigError::NoToken.to_string().contains("console"));
    }

    #[test]
    fn settings_are_read() {
        let c = config(&[
            ("DISCORD_TOKEN", "t"),
            ("DISCORD_GUILD_ID", "42"),
            ("COMMAND_PREFIX", "!roll"),
            ("DISCORD_API_BASE", "http://127.0.0.1:9/"),
            ("SHARDS", "2-3/8"),
        ])
        .unwrap();
        assert_eq!(c.guild_id, Some(42));
        assert_eq!(c.prefix, "!roll");
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(
            c.shards,
            Shards::Range {
                first: 2,
                last: 3,
                total: 8
            }
        );
        assert!(config(&[("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", "x")]).is_err());
        for zero in ["0", "00", " 0 "] {
            let refused = config(&[("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", zero)]);
            assert_eq!(
                refused.unwrap_err(),
                ConfigError::GuildId(zero.trim().into())
            );
        }
        assert_eq!(
            ConfigError::GuildId("0".into()).to_string(),
            "DISCORD_GUILD_ID must be a server's id, a number other than 0 (Developer Mode → \
             right-click the server → Copy Server ID), not `0`"
        );
        assert!(config(&[("DISCORD_TOKEN", "t"), ("COMMAND_PREFIX", "! rb")]).is_err());
        assert_eq!(c.sweep_every, DEFAULT_SWEEP_EVERY);
        let quick = config(&[("DISCORD_TOKEN", "t"), ("SWEEP_SECONDS", "0.2")]).unwrap();
        assert_eq!(quick.sweep_every, Duration::from_millis(200));
        for bad in ["0", "x", "-1", "7200"] {
            assert_eq!(
                config(&[("DISCORD_TOKEN", "t"), ("SWEEP_SECONDS", bad)]).unwrap_err(),
                ConfigError::Sweep(bad.into())
            );
        }
    }

    #[test]
    fn shard_ranges() {
        assert_eq!(Shards::parse("auto"), Ok(Shards::Auto));
        assert_eq!(
            Shards::parse("1/2"),
            Ok(Shards::Range {
                first: 1,
                last: 1,
                total: 2
            })
        );
        for bad in ["3/2", "2-1/4", "0-4/4", "x", "1/0", "-/2"] {
            assert!(Shards::parse(bad).is_err(), "{bad}");
        }
    }
}
