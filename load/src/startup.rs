//! The bot's start-up measured step by step: what `rollerball-load startup` prints.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rollerball::discord::DiscordMarkup;
use rollerball::game::{Service, SystemClock};
use rollerball::store::{Store, StoreError};

/// What the bot's start-up costs on a database: the steps before it can serve a command.
#[derive(Clone, Debug)]
pub struct StartupReport {
    /// Opening the database and bringing its schema up to date ([`Store::connect`]).
    pub open_and_migrate: Duration,
    /// Creating the game service.
    pub service: Duration,
    /// The first deadline sweep (the bot runs one as soon as it starts).
    pub first_sweep: Duration,
    /// Notices the sweep produced (claimed reminders, time-outs, expired challenges).
    pub notices: usize,
    /// Bytes the process read through system calls meanwhile (`rchar` of `/proc/self/io`): for
    /// SQLite, the pages of the database file it had to look at.
    pub bytes_read: Option<u64>,
}

impl StartupReport {
    /// The whole start-up.
    pub fn total(&self) -> Duration {
        self.open_and_migrate + self.service + self.first_sweep
    }
}

impl fmt::Display for StartupReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        write!(
            f,
            "start-up {:.1} ms: open and migrate {:.1} ms, service {:.3} ms, first sweep {:.1} ms ({} notices)",
            ms(self.total()),
            ms(self.open_and_migrate),
            ms(self.service),
            ms(self.first_sweep),
            self.notices
        )?;
        match self.bytes_read {
            Some(bytes) => write!(f, "; read {bytes} bytes"),
            None => Ok(()),
        }
    }
}

/// Bytes this process has read through system calls (`rchar` in `/proc/self/io`, Linux).
fn bytes_read() -> Option<u64> {
    let io = std::fs::read_to_string("/proc/self/io").ok()?;
    io.lines()
        .find_map(|l| l.strip_prefix("rchar:"))
        .and_then(|v| v.trim().parse().ok())
}

/// Starts as the bot does on the database at `url` — open and migrate, create the service,
/// sweep once — and measures each step. Returns the store, still open.
///
/// The sweep claims what is due and nobody delivers it: run this on a scratch copy, never on
/// the bot's database.
pub async fn measure_startup(url: &str) -> Result<(StartupReport, Store), StoreError> {
    let read_before = bytes_read();
    let began = Instant::now();
    let store = Store::connect(url).await?;
    let connected = Instant::now();
    let service =
        Service::new(store.clone(), Arc::new(SystemClock)).with_markup(Arc::new(DiscordMarkup));
    let created = Instant::now();
    let notices = service.sweeper().sweep().await.len();
    let swept = Instant::now();
    let read_after = bytes_read();
    let report = StartupReport {
        open_and_migrate: connected - began,
        service: created - connected,
        first_sweep: swept - created,
        notices,
        bytes_read: read_before.zip(read_after).map(|(b, a)| a - b),
    };
    Ok((report, store))
}
