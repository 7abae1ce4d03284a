//! Which database to open and how: the URL and its backend, the pool's options from the
//! environment, and the URL as it may be shown (without its password).

use std::str::FromStr;
use std::time::Duration;

use super::{InvalidInput, Result, StoreError};
use crate::redact::url as redact;

/// The database used when `DATABASE_URL` is not set: a file next to where the bot runs.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://rollerball.db";

/// Which database a [`Store`](crate::Store) talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file: the default, nothing to install.
    Sqlite,
    /// A PostgreSQL server: for several processes or machines.
    Postgres,
}

impl Backend {
    /// The backend a database URL names.
    pub fn of_url(url: &str) -> Result<Backend> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(StoreError::UnsupportedUrl(redact(url)))
        }
    }
}

/// How long a command waits for a database connection when `DATABASE_ACQUIRE_TIMEOUT` is not set.
pub const DEFAULT_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// Tuning of a [`Store`](crate::Store)'s connection pool; the defaults suit the bot.
#[derive(Clone, Debug)]
pub struct StoreOptions {
    /// Most connections the pool opens.
    pub max_connections: u32,
    /// The longest an operation waits for a connection, including opening a new one (TCP
    /// connect, TLS, login) and retrying a refused connection. When the database is out of
    /// reach this is how long a player waits for "try again shortly", so it is seconds, not
    /// sqlx's default of 30: Discord wants an answer within 3 seconds (the bot defers longer
    /// ones) and a player should not watch a spinner for half a minute.
    pub acquire_timeout: Duration,
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            max_connections: 8,
            acquire_timeout: DEFAULT_ACQUIRE_TIMEOUT,
        }
    }
}

impl StoreOptions {
    /// The options from the environment: `DATABASE_MAX_CONNECTIONS` (a count) and
    /// `DATABASE_ACQUIRE_TIMEOUT` (seconds, fractions allowed, such as `2.5`); unset or empty
    /// means the default.
    pub fn from_env() -> Result<StoreOptions> {
        StoreOptions::from_lookup(|name| std::env::var(name).ok())
    }

    /// [`StoreOptions::from_env`] through `get` (the environment, or a map in tests).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<StoreOptions> {
        let value = |name: &str| {
            get(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let mut options = StoreOptions::default();
        if let Some(text) = value("DATABASE_MAX_CONNECTIONS") {
            options.max_connections =
                text.parse().ok().filter(|&n: &u32| n > 0).ok_or_else(|| {
                    StoreError::Invalid(InvalidInput::MaxConnections(text.clone()))
                })?;
        }
        if let Some(text) = value("DATABASE_ACQUIRE_TIMEOUT") {
            options.acquire_timeout = text
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| StoreError::Invalid(InvalidInput::AcquireTimeout(text.clone())))?;
        }
        Ok(options)
    }
}

/// The database URL from the environment: `DATABASE_URL`, or [`DEFAULT_DATABASE_URL`].
pub fn database_url_from_env() -> String {
    std::env::var("DATABASE_URL")
        .ok()
        .filter(|url| !url.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned())
}

/// The query parameters of a PostgreSQL URL that the driver does not read (sqlx 0.8's list).
/// The driver ignores them with a log line that repeats their values, which may be secrets (a
/// mistyped `pasword=`, libpq's `sslpassword=`): the bot keeps that line quiet and the store
/// warns instead, naming the parameter only.
pub(super) fn unread_postgres_parameters(url: &str) -> Vec<String> {
    const READ: &[&str] = &[
        "sslmode",
        "ssl-mode",
        "sslrootcert",
        "ssl-root-cert",
        "ssl-ca",
        "sslcert",
        "ssl-cert",
        "sslkey",
        "ssl-key",
        "statement-cache-capacity",
        "host",
        "hostaddr",
        "port",
        "dbname",
        "user",
        "password",
        "application_name",
        "options",
    ];
    let Some((_, query)) = url.split_once('?') else {
        return Vec::new();
    };
    let query = query.split('#').next().unwrap_or_default();
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| pair.split_once('=').map_or(pair, |(key, _)| key))
        .filter(|key| !READ.contains(key) && !key.starts_with("options["))
        .map(str::to_owned)
        .collect()
}

/// The file a SQLite URL names, or `None` for an in-memory database (or a URL sqlx cannot
/// read, which opening reports).
pub(super) fn sqlite_path(url: &str) -> Option<std::path::PathBuf> {
    use std::str::FromStr as _;
    if url.contains(":memory:") || url.contains("mode=memory") {
        return None;
    }
    let options = sqlx::sqlite::SqliteConnectOptions::from_str(url).ok()?;
    let path = options.get_filename();
    (!path.as_os_str().is_empty()).then(|| path.to_path_buf())
}

/// SQLite URL that creates the file on first start, unless the caller chose a mode.
pub(super) fn sqlite_url_creating_file(url: &str) -> String {
    if url.contains("mode=") || url.contains(":memory:") {
        url.to_owned()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

impl FromStr for Backend {
    type Err = StoreError;
    fn from_str(url: &str) -> Result<Backend> {
        Backend::of_url(url)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backends_of_urls() {
        assert_eq!(
            Backend::of_url("sqlite://rollerball.db").unwrap(),
            Backend::Sqlite
        );
        assert_eq!(Backend::of_url("sqlite::memory:").unwrap(), Backend::Sqlite);
        assert_eq!(
            Backend::of_url("postgres://u@h/db").unwrap(),
            Backend::Postgres
        );
        assert_eq!(
            Backend::of_url("postgresql://u@h/db").unwrap(),
            Backend::Postgres
        );
        assert!(matches!(
            Backend::of_url("mysql://u:secret@h/db"),
            Err(StoreError::UnsupportedUrl(u)) if u == "mysql://u:***@h/db"
        ));
    }

    #[test]
    fn sqlite_files_are_created_unless_a_mode_is_given() {
        assert_eq!(
            sqlite_url_creating_file("sqlite://a.db"),
            "sqlite://a.db?mode=rwc"
        );
        assert_eq!(
            sqlite_url_creating_file("sqlite://a.db?cache=shared"),
            "sqlite://a.db?cache=shared&mode=rwc"
        );
        assert_eq!(
            sqlite_url_creating_file("sqlite://a.db?mode=ro"),
            "sqlite://a.db?mode=ro"
        );
    }

    #[test]
    fn parameters_the_postgres_driver_does_not_read_are_named() {
        assert_eq!(
            unread_postgres_parameters(
                "postgres://db/x?sslmode=require&sslpassword=k3y&pasword=x&options[a]=b&flag"
            ),
            ["sslpassword", "pasword", "flag"]
        );
        assert!(unread_postgres_parameters("postgres://bot:pw@db/x").is_empty());
    }

    #[test]
    fn pool_options_are_read_from_the_environment() {
        let read = |pairs: &[(&str, &str)]| {
            let pairs: Vec<(String, String)> = pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            StoreOptions::from_lookup(|name| {
                pairs
                    .iter()
                    .find(|(k, _)| k == name)
                    .map(|(_, v)| v.clone())
            })
        };
        let defaults = read(&[]).unwrap();
        assert_eq!(defaults.max_connections, 8);
        assert_eq!(defaults.acquire_timeout, Duration::from_secs(5));
        let set = read(&[
            ("DATABASE_MAX_CONNECTIONS", "20"),
            ("DATABASE_ACQUIRE_TIMEOUT", " 2.5 "),
        ])
        .unwrap();
        assert_eq!(set.max_connections, 20);
        assert_eq!(set.acquire_timeout, Duration::from_millis(2500));
        assert_eq!(
            read(&[("DATABASE_ACQUIRE_TIMEOUT", "")])
                .unwrap()
                .acquire_timeout,
            Duration::from_secs(5)
        );
        for bad in ["0", "-1", "soon", "NaN", "inf"] {
            let e = read(&[("DATABASE_ACQUIRE_TIMEOUT", bad)]).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "invalid input: DATABASE_ACQUIRE_TIMEOUT must be a number of seconds above 0 (such as 5 or 2.5), not `{bad}`"
                )
            );
        }
        assert!(read(&[("DATABASE_MAX_CONNECTIONS", "0")]).is_err());
    }
}
