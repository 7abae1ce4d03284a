//! The load driver behind `rollerball loadtest` and `cargo bench --bench service`: many games
//! played at once through the very [`Service`] the bot runs, with real legal moves, and the
//! figures an operator wants from it — moves per second, the latency of each move (median,
//! 99th percentile), and the process's memory.
//!
//! The driver keeps `games` games going, each in a *slot*: its own channel and its own two
//! players. A slot's game is started with `challenge` and `accept`, then its moves are sent as
//! `move SAN` by the player to move, exactly as a player types them; the driver picks a random
//! legal move from its own copy of the game (seeded, so a run can be repeated). A game that ends
//! (checkmate, throne, stalemate, repetition), or is still running after `max_plies`, makes way
//! for a new one in the same slot, so a long run plays many games. `concurrency` workers share
//! the slots, each sending one move at a time: that many moves are in flight at once.
//!
//! A slot whose channel already holds its players' active game — a database left by an earlier
//! run, for example one killed in the middle — continues that game from its stored moves, so a
//! run can pick up where another stopped.
//!
//! Every move the service acknowledged (a public reply with the board) can be written to an
//! *acknowledgement log*, one line per move, written and flushed as soon as the reply is in
//! hand: a crash test compares that log with the database.

use std::fmt;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::game::{Actor, Reply, Request, Service, SystemClock};
use crate::rules::{self, Game as RulesGame};
use crate::store::{GameId, Place, PlayerId, Store, StoreError};

/// The server id of every load-test game.
pub const SERVER: u64 = 7;
/// Slot `s` plays in channel `CHANNEL_BASE + s`.
pub const CHANNEL_BASE: u64 = 10_000;
/// Slot `s` is played by players `PLAYER_BASE + 2s` (White) and `PLAYER_BASE + 2s + 1` (Black).
pub const PLAYER_BASE: u64 = 1_000_000;

/// When a run stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// After this many moves in all.
    Moves(u64),
    /// After this long (moves in flight are finished).
    After(Duration),
    /// After every slot has played this many moves (a new game in a slot continues its
    /// count): each game in the database at the start gets at least one move if it is 1 or
    /// more.
    Rounds(u64),
}

/// What a load run does.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// Games played at the same time (slots).
    pub games: usize,
    /// Moves in flight at once: the number of workers sharing the slots.
    pub concurrency: usize,
    /// When to stop.
    pub stop: Stop,
    /// Seeds the move choices: the same seed on a fresh database plays the same games.
    pub seed: u64,
    /// A game still running after this many plies is resigned and a new one takes its slot.
    pub max_plies: usize,
    /// How often to write a progress line; `None` for none.
    pub report_every: Option<Duration>,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            games: 1000,
            concurrency: 16,
            stop: Stop::Moves(10_000),
            seed: 1,
            max_plies: 200,
            report_every: None,
        }
    }
}

/// Where the driver writes: the acknowledgement log and the progress lines.
#[derive(Default)]
pub struct Outputs {
    /// One line per acknowledged move, `GAME PLY SAN COORDINATE` (`12 5 Rb7 c2-b3`), written
    /// and flushed as soon as the service acknowledged the move.
    pub acks: Option<Box<dyn Write + Send>>,
    /// Progress lines: moves so far, the recent rate, the memory in use.
    pub progress: Option<Box<dyn Write + Send>>,
}

/// Why a load run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The service refused to start a slot's game.
    #[error("slot {slot}: the service refused to start a game: {reply}")]
    Refused {
        /// The slot.
        slot: usize,
        /// What the service said.
        reply: String,
    },
    /// A game in the database cannot be replayed by the rules.
    #[error("game #{game} cannot be continued: {reason}")]
    Unplayable {
        /// The game.
        game: i64,
        /// What is wrong with it.
        reason: String,
    },
    /// The database failed.
    #[error("database: {0}")]
    Store(#[from] StoreError),
    /// Writing the acknowledgement log or the progress failed.
    #[error("writing the log: {0}")]
    Io(#[from] std::io::Error),
    /// The options make no run.
    #[error("{0}")]
    Options(String),
}

/// The figures of a load run.
#[derive(Clone, Debug)]
pub struct LoadReport {
    /// Slots.
    pub games: usize,
    /// Workers.
    pub concurrency: usize,
    /// Games of earlier runs that this run continued.
    pub resumed: u64,
    /// Games started by this run (before and during the timed part).
    pub started: u64,
    /// Games that ended during the run (by the rules, or resigned at the ply limit).
    pub finished: u64,
    /// Moves acknowledged during the timed part.
    pub moves: u64,
    /// Moves the service did not acknowledge (the driver then reloads the game).
    pub refused: u64,
    /// How long setting up the slots took.
    pub setup: Duration,
    /// How long the timed part took.
    pub elapsed: Duration,
    /// Latency of each acknowledged move, from the call to the reply.
    pub latency: LatencyHistogram,
    /// The process's memory at the end, if the system tells.
    pub memory: Option<MemoryUse>,
}

impl LoadReport {
    /// Acknowledged moves per second of the timed part.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        writeln!(
            f,
            "{} games ({} continued from the database), {} concurrent; set up in {:.1} s",
            self.games,
            self.resumed,
            self.concurrency,
            self.setup.as_secs_f64()
        )?;
        writeln!(
            f,
            "{} moves in {:.2} s: {:.0} moves/s",
            self.moves,
            self.elapsed.as_secs_f64(),
            self.moves_per_second()
        )?;
        writeln!(
            f,
            "latency per move: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            ms(self.latency.quantile(0.5)),
            ms(self.latency.quantile(0.99)),
            ms(self.latency.max())
        )?;
        writeln!(
            f,
            "games started {}, finished {}; moves refused {}",
            self.started, self.finished, self.refused
        )?;
        match self.memory {
            Some(m) => writeln!(f, "memory: {m}"),
            None => writeln!(f, "memory: not known on this system"),
        }
    }
}

/// The process's resident memory, from `/proc/self/status` (Linux).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryUse {
    /// Resident now (`VmRSS`), bytes.
    pub resident: u64,
    /// The most ever resident (`VmHWM`), bytes.
    pub peak: u64,
}

impl MemoryUse {
    /// This process's memory, where the system tells (Linux); `None` elsewhere.
    pub fn now() -> Option<MemoryUse> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        MemoryUse::parse(&status)
    }

    /// Reads `VmRSS` and `VmHWM` from the text of `/proc/PID/status`.
    pub fn parse(status: &str) -> Option<MemoryUse> {
        let field = |name: &str| -> Option<u64> {
            let line = status.lines().find(|l| l.starts_with(name))?;
            let kib: u64 = line[name.len()..]
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse()
                .ok()?;
            Some(kib * 1024)
        };
        Some(MemoryUse {
            resident: field("VmRSS:")?,
            peak: field("VmHWM:")?,
        })
    }
}

impl fmt::Display for MemoryUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
        write!(
            f,
            "peak {:.1} MiB (VmHWM), now {:.1} MiB (VmRSS)",
            mib(self.peak),
            mib(self.resident)
        )
    }
}

/// Latencies in constant memory, however long the run: counts per bucket, each bucket at most
/// 1/64 (1.6%) wide relative to its values, from 1 µs to over an hour.
#[derive(Clone)]
pub struct LatencyHistogram {
    counts: Vec<u64>,
    total: u64,
    max: Duration,
}

/// Sub-buckets per power of two.
const SUB_BUCKETS: u64 = 64;
/// Powers of two covered above the exact range: 2^(6+26) µs is over an hour.
const OCTAVES: u64 = 26;

impl Default for LatencyHistogram {
    fn default() -> Self {
        LatencyHistogram {
            counts: vec![0; ((OCTAVES + 1) * SUB_BUCKETS) as usize],
            total: 0,
            max: Duration::ZERO,
        }
    }
}

impl fmt::Debug for LatencyHistogram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LatencyHistogram({} values, median {:?}, max {:?})",
            self.total,
            self.quantile(0.5),
            self.max
        )
    }
}

impl LatencyHistogram {
    fn bucket(micros: u64) -> usize {
        if micros < SUB_BUCKETS {
            return micros as usize;
        }
        // Values in [2^k, 2^(k+1)) share 64 buckets of width 2^(k-6).
        let octave = 63 - u64::from(micros.leading_zeros()); // k >= 6
        let shift = octave - 6;
        let index = (octave - 5) * SUB_BUCKETS + ((micros >> shift) - SUB_BUCKETS);
        index.min((OCTAVES + 1) * SUB_BUCKETS - 1) as usize
    }

    /// The largest value a bucket holds, in microseconds.
    fn bucket_top(index: usize) -> u64 {
        let index = index as u64;
        if index < SUB_BUCKETS {
            return index;
        }
        let octave = index / SUB_BUCKETS + 5;
        let shift = octave - 6;
        ((index % SUB_BUCKETS + SUB_BUCKETS + 1) << shift) - 1
    }

    /// Counts one latency.
    pub fn record(&mut self, latency: Duration) {
        let micros = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
        self.counts[Self::bucket(micros)] += 1;
        self.total += 1;
        self.max = self.max.max(latency);
    }

    /// Adds another histogram's counts.
    pub fn merge(&mut self, other: &LatencyHistogram) {
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
        self.total += other.total;
        self.max = self.max.max(other.max);
    }

    /// How many latencies were counted.
    pub fn count(&self) -> u64 {
        self.total
    }

    /// The longest latency counted.
    pub fn max(&self) -> Duration {
        self.max
    }

    /// The latency below which a share `q` (0 to 1) of the counted ones lie, to within the
    /// bucket width (never more than the maximum). Zero when nothing was counted.
    pub fn quantile(&self, q: f64) -> Duration {
        if self.total == 0 {
            return Duration::ZERO;
        }
        let rank = ((q.clamp(0.0, 1.0) * self.total as f64).ceil() as u64).max(1);
        let last = self.counts.len() - 1;
        let mut seen = 0;
        for (index, &count) in self.counts.iter().enumerate() {
            seen += count;
            if seen >= rank {
                if index == last {
                    // The last bucket also holds everything beyond its range.
                    return self.max;
                }
                return Duration::from_micros(Self::bucket_top(index)).min(self.max);
            }
        }
        self.max
    }
}

/// A small, fast, seedable generator for the move choices (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // SplitMix64 of the seed, so that neighbouring seeds give unrelated sequences.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// Where slot `slot` plays.
pub fn place(slot: usize) -> Place {
    Place {
        server: Some(SERVER),
        channel: CHANNEL_BASE + slot as u64,
        thread: None,
    }
}

/// Slot `slot`'s White (`black == false`) or Black player.
pub fn player(slot: usize, black: bool) -> Actor {
    let id = PLAYER_BASE + 2 * slot as u64 + u64::from(black);
    Actor {
        id: PlayerId(id),
        name: format!("load{id}"),
    }
}

/// The game a slot is playing.
struct Playing {
    id: GameId,
    game: RulesGame,
}

/// One slot: its game (if one is going) and its move chooser.
struct Slot {
    index: usize,
    playing: Option<Playing>,
    rng: Rng,
}

/// Counters every worker adds to.
#[derive(Default)]
struct Shared {
    /// Moves begun (for [`Stop::Moves`]).
    begun: AtomicU64,
    /// Moves acknowledged.
    moves: AtomicU64,
    refused: AtomicU64,
    started: AtomicU64,
    finished: AtomicU64,
    /// Set when the run is over, for the progress task.
    done: AtomicBool,
}

type AckLog = Arc<Mutex<Box<dyn Write + Send>>>;

/// Plays the load described by `options` through `service` and reports what it measured.
pub async fn run(
    service: Arc<Service>,
    options: &LoadOptions,
    outputs: Outputs,
) -> Result<LoadReport, LoadError> {
    if options.games == 0 {
        return Err(LoadError::Options("--games must be at least 1".into()));
    }
    if options.concurrency == 0 {
        return Err(LoadError::Options(
            "--concurrency must be at least 1".into(),
        ));
    }
    if options.max_plies == 0 {
        return Err(LoadError::Options("--max-plies must be at least 1".into()));
    }
    let concurrency = options.concurrency.min(options.games);
    let acks: Option<AckLog> = outputs.acks.map(|w| Arc::new(Mutex::new(w)));
    let shared = Arc::new(Shared::default());

    // Set up every slot first (concurrently, as the moves will be), so that the timed part
    // measures moves.
    let setup_started = Instant::now();
    let mut resumed = 0;
    let mut workers: Vec<Vec<Slot>> = (0..concurrency).map(|_| Vec::new()).collect();
    let mut setups = tokio::task::JoinSet::new();
    for worker in 0..concurrency {
        let service = service.clone();
        let shared = shared.clone();
        let slots: Vec<usize> = (worker..options.games).step_by(concurrency).collect();
        let seed = options.seed;
        setups.spawn(async move {
            let mut ready = Vec::new();
            let mut resumed = 0u64;
            for index in slots {
                let mut slot = Slot {
                    index,
                    playing: None,
                    rng: Rng::new(seed ^ (index as u64).wrapping_mul(0x9E37_79B9)),
                };
                if resume(&service, &mut slot).await? {
                    resumed += 1;
                } else {
                    start_game(&service, &mut slot).await?;
                    shared.started.fetch_add(1, Ordering::Relaxed);
                }
                ready.push(slot);
            }
            Ok::<_, LoadError>((worker, ready, resumed))
        });
    }
    while let Some(done) = setups.join_next().await {
        let (worker, ready, n) = done.expect("a set-up task panicked")?;
        workers[worker] = ready;
        resumed += n;
    }
    let setup = setup_started.elapsed();

    let started = Instant::now();
    let progress = options
        .report_every
        .zip(outputs.progress)
        .map(|(every, out)| tokio::spawn(report_progress(shared.clone(), started, every, out)));
    let mut tasks = tokio::task::JoinSet::new();
    for slots in workers {
        let service = service.clone();
        let shared = shared.clone();
        let acks = acks.clone();
        let options = options.clone();
        tasks.spawn(async move { play(service, slots, &options, started, &shared, acks).await });
    }
    let mut latency = LatencyHistogram::default();
    let mut failure = None;
    while let Some(done) = tasks.join_next().await {
        match done.expect("a load worker panicked") {
            Ok(h) => latency.merge(&h),
            Err(e) => {
                // Stop the others at their next move; report the first failure.
                shared.begun.store(u64::MAX / 2, Ordering::Relaxed);
                failure.get_or_insert(e);
            }
        }
    }
    let elapsed = started.elapsed();
    shared.done.store(true, Ordering::Relaxed);
    if let Some(progress) = progress {
        let _ = progress.await;
    }
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(LoadReport {
        games: options.games,
        concurrency,
        resumed,
        started: shared.started.load(Ordering::Relaxed),
        finished: shared.finished.load(Ordering::Relaxed),
        moves: shared.moves.load(Ordering::Relaxed),
        refused: shared.refused.load(Ordering::Relaxed),
        setup,
        elapsed,
        latency,
        memory: MemoryUse::now(),
    })
}

/// True when the stop condition is met before beginning another move.
fn should_stop(options: &LoadOptions, started: Instant, shared: &Shared) -> bool {
    match options.stop {
        Stop::Moves(n) => shared.begun.fetch_add(1, Ordering::Relaxed) >= n,
        Stop::After(d) => {
            started.elapsed() >= d || shared.begun.load(Ordering::Relaxed) >= u64::MAX / 2
        }
        Stop::Rounds(_) => shared.begun.load(Ordering::Relaxed) >= u64::MAX / 2,
    }
}

/// One worker: a move in each of its slots in turn, until the run stops.
async fn play(
    service: Arc<Service>,
    mut slots: Vec<Slot>,
    options: &LoadOptions,
    started: Instant,
    shared: &Shared,
    acks: Option<AckLog>,
) -> Result<LatencyHistogram, LoadError> {
    let mut latency = LatencyHistogram::default();
    let mut round = 0;
    'run: loop {
        if let Stop::Rounds(rounds) = options.stop
            && round >= rounds
        {
            break 'run;
        }
        round += 1;
        for slot in &mut slots {
            if should_stop(options, started, shared) {
                break 'run;
            }
            if slot.playing.is_none() {
                start_game(&service, slot).await?;
                shared.started.fetch_add(1, Ordering::Relaxed);
            }
            let playing = slot.playing.as_mut().expect("a game was just started");
            let position = *playing.game.position();
            let legal = position.legal_moves();
            let mv = legal[slot.rng.below(legal.len())];
            let san = rules::san(&position, mv);
            let coord = rules::coordinate(&position, mv);
            let actor = player(slot.index, position.side_to_move() == rules::Color::Black);
            let begun = Instant::now();
            let reply = say(
                &service,
                actor.clone(),
                place(slot.index),
                format!("move {san}"),
            )
            .await;
            let took = begun.elapsed();
            if !acknowledged(&reply) {
                // Not played, or played without a board (a drawing failure): the database
                // says which, so read the game again.
                shared.refused.fetch_add(1, Ordering::Relaxed);
                if !resume(&service, slot).await? {
                    slot.playing = None;
                }
                continue;
            }
            playing
                .game
                .play(mv)
                .expect("the move is legal in the driver's copy");
            latency.record(took);
            shared.moves.fetch_add(1, Ordering::Relaxed);
            if let Some(acks) = &acks {
                let line = format!("{} {} {san} {coord}\n", playing.id.0, playing.game.ply());
                let mut out = acks.lock().unwrap_or_else(|p| p.into_inner());
                out.write_all(line.as_bytes())?;
                out.flush()?;
            }
            if playing.game.outcome().is_some() {
                shared.finished.fetch_add(1, Ordering::Relaxed);
                slot.playing = None;
            } else if playing.game.ply() >= options.max_plies {
                let id = playing.id.0;
                let reply = say(
                    &service,
                    actor,
                    place(slot.index),
                    format!("resign #{id} confirm"),
                )
                .await;
                if reply.private {
                    return Err(LoadError::Refused {
                        slot: slot.index,
                        reply: reply.text,
                    });
                }
                shared.finished.fetch_add(1, Ordering::Relaxed);
                slot.playing = None;
            }
        }
    }
    Ok(latency)
}

/// What the service answers `actor` typing `text` in `place`.
async fn say(service: &Service, actor: Actor, place: Place, text: String) -> Reply {
    service
        .handle(Request::line(actor, place, text))
        .await
        .unwrap_or_default()
}

/// A move is acknowledged by a public reply that shows the new board.
fn acknowledged(reply: &Reply) -> bool {
    !reply.private && reply.image.is_some()
}

/// Continues the slot's players' active game in its channel, if there is one: its moves are
/// replayed into the driver's copy. Returns whether there was one.
async fn resume(service: &Service, slot: &mut Slot) -> Result<bool, LoadError> {
    let (white, black) = (player(slot.index, false), player(slot.index, true));
    let store = service.store();
    let found = store
        .active_games_in(place(slot.index).channel)
        .await?
        .into_iter()
        .find(|g| g.white == Some(white.id) && g.black == Some(black.id));
    let Some(row) = found else {
        slot.playing = None;
        return Ok(false);
    };
    let Some((row, moves)) = store.game_with_moves(row.id).await? else {
        slot.playing = None;
        return Ok(false);
    };
    let coords: Vec<&str> = moves.iter().map(|m| m.coord.as_str()).collect();
    let start = (row.start_fen != rules::START_FEN).then_some(row.start_fen.as_str());
    let game = RulesGame::replay(start, &coords).map_err(|e| LoadError::Unplayable {
        game: row.id.0,
        reason: e.to_string(),
    })?;
    if game.outcome().is_some() {
        return Err(LoadError::Unplayable {
            game: row.id.0,
            reason: "the rules say it is over, the database says it is active".into(),
        });
    }
    slot.playing = Some(Playing { id: row.id, game });
    Ok(true)
}

/// Starts a new game in the slot: White challenges Black, Black accepts. A challenge left
/// open by an earlier run (stopped between the two) is accepted instead of made again.
async fn start_game(service: &Service, slot: &mut Slot) -> Result<(), LoadError> {
    let (white, black) = (player(slot.index, false), player(slot.index, true));
    let here = place(slot.index);
    let open = service
        .store()
        .open_challenges_by(white.id)
        .await?
        .into_iter()
        .find(|c| c.place.channel == here.channel);
    let accept = match open {
        Some(challenge) => format!("accept #{}", challenge.id.0),
        None => {
            let text = format!("challenge <@{}> white", black.id.0);
            let reply = say(service, white, here, text).await;
            if reply.private {
                return Err(LoadError::Refused {
                    slot: slot.index,
                    reply: reply.text,
                });
            }
            "accept".to_string()
        }
    };
    let reply = say(service, black, here, accept).await;
    let Some(id) = reply.new_game else {
        return Err(LoadError::Refused {
            slot: slot.index,
            reply: reply.text,
        });
    };
    slot.playing = Some(Playing {
        id,
        game: RulesGame::new(),
    });
    Ok(())
}

/// Writes a progress line every `every` until the run is over.
async fn report_progress(
    shared: Arc<Shared>,
    started: Instant,
    every: Duration,
    mut out: Box<dyn Write + Send>,
) {
    let mut last = (Duration::ZERO, 0u64);
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    while !shared.done.load(Ordering::Relaxed) {
        tick.tick().await;
        if shared.done.load(Ordering::Relaxed) {
            break;
        }
        let at = started.elapsed();
        let moves = shared.moves.load(Ordering::Relaxed);
        let rate = (moves - last.1) as f64 / (at - last.0).as_secs_f64().max(1e-9);
        let memory = MemoryUse::now()
            .map(|m| format!(", {m}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "[{:>6.1} s] {moves} moves, {rate:.0} moves/s{memory}",
            at.as_secs_f64()
        );
        let _ = out.flush();
        last = (at, moves);
    }
}

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
    let service = Service::new(store.clone(), Arc::new(SystemClock));
    let created = Instant::now();
    let notices = service.sweep().await.len();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_within_a_bucket_of_the_truth() {
        let mut h = LatencyHistogram::default();
        for micros in 1..=10_000u64 {
            h.record(Duration::from_micros(micros));
        }
        assert_eq!(h.count(), 10_000);
        let median = h.quantile(0.5).as_micros() as f64;
        assert!((median - 5_000.0).abs() / 5_000.0 < 0.02, "{median}");
        let p99 = h.quantile(0.99).as_micros() as f64;
        assert!((p99 - 9_900.0).abs() / 9_900.0 < 0.02, "{p99}");
        assert_eq!(h.quantile(1.0), Duration::from_micros(10_000));
        assert_eq!(h.max(), Duration::from_micros(10_000));
    }

    #[test]
    fn small_values_are_exact_and_huge_ones_are_kept() {
        let mut h = LatencyHistogram::default();
        h.record(Duration::from_micros(3));
        assert_eq!(h.quantile(0.5), Duration::from_micros(3));
        h.record(Duration::from_secs(100_000));
        assert_eq!(h.max(), Duration::from_secs(100_000));
        assert_eq!(h.quantile(1.0), Duration::from_secs(100_000));
        assert_eq!(LatencyHistogram::default().quantile(0.5), Duration::ZERO);
    }

    #[test]
    fn every_bucket_holds_what_it_claims() {
        for micros in (0..5_000_000u64).step_by(997) {
            let b = LatencyHistogram::bucket(micros);
            assert!(LatencyHistogram::bucket_top(b) >= micros, "{micros}");
            if b > 0 {
                assert!(LatencyHistogram::bucket_top(b - 1) < micros, "{micros}");
            }
        }
    }

    #[test]
    fn merged_histograms_count_both() {
        let mut a = LatencyHistogram::default();
        let mut b = LatencyHistogram::default();
        a.record(Duration::from_millis(1));
        b.record(Duration::from_millis(3));
        b.record(Duration::from_millis(5));
        a.merge(&b);
        assert_eq!(a.count(), 3);
        assert_eq!(a.max(), Duration::from_millis(5));
        let median = a.quantile(0.5).as_micros();
        // 3,000 µs lies in a bucket 32 µs wide.
        assert!((3_000..3_032).contains(&median), "{median}");
    }

    #[test]
    fn memory_is_read_from_proc_status() {
        let status = "Name:\tx\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t4\n";
        assert_eq!(
            MemoryUse::parse(status),
            Some(MemoryUse {
                resident: 100 * 1024 * 1024,
                peak: 200 * 1024 * 1024
            })
        );
        assert_eq!(MemoryUse::parse("Name:\tx\n"), None);
    }
}
