//! How the load is played: slots, each with its channel, its two players and its game; workers
//! sharing the slots, one move in flight each; the stop condition; the acknowledgement log and
//! the progress lines.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rollerball::game::{Actor, Reply, Request, Service};
use rollerball::rules::{self, Game as RulesGame};
use rollerball::store::{GameId, Place, PlayerId, Reach, Store};

use crate::cpu::process_cpu_time;
use crate::{LatencyHistogram, LoadError, LoadOptions, LoadReport, MemoryUse, Outputs, Stop};

/// The server id of every load-test game.
pub const SERVER: u64 = 7;
/// Slot `s` plays in channel `CHANNEL_BASE + s`.
pub const CHANNEL_BASE: u64 = 10_000;
/// Slot `s` is played by players `PLAYER_BASE + 2s` (White) and `PLAYER_BASE + 2s + 1` (Black).
pub const PLAYER_BASE: u64 = 1_000_000;

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
        reach: Reach::Posts,
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

/// What the workers play against: the service, and the database it runs on, which the driver
/// reads itself to find the games and challenges an earlier run left behind.
#[derive(Clone)]
struct Target {
    service: Arc<Service>,
    store: Store,
}

/// Plays the load described by `options` through `service` and reports what it measured.
///
/// `store` is the database `service` runs on (a clone of the same [`Store`], or one opened on
/// the same URL): the driver reads it directly, not through the service, to find the games and
/// open challenges of an earlier run to continue.
pub async fn run(
    service: Arc<Service>,
    store: Store,
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
    let target = Target { service, store };
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
        let target = target.clone();
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
                if resume(&target.store, &mut slot).await? {
                    resumed += 1;
                } else {
                    start_game(&target, &mut slot).await?;
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
    let cpu_started = process_cpu_time();
    let progress = options
        .report_every
        .zip(outputs.progress)
        .map(|(every, out)| tokio::spawn(report_progress(shared.clone(), started, every, out)));
    let mut tasks = tokio::task::JoinSet::new();
    for slots in workers {
        let target = target.clone();
        let shared = shared.clone();
        let acks = acks.clone();
        let options = options.clone();
        tasks.spawn(async move { play(target, slots, &options, started, &shared, acks).await });
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
    let cpu = cpu_started
        .zip(process_cpu_time())
        .map(|(before, after)| after.saturating_sub(before));
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
        cpu,
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
    target: Target,
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
                start_game(&target, slot).await?;
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
                &target.service,
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
                if !resume(&target.store, slot).await? {
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
                    &target.service,
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

/// What the service answers `actor` typing `text` in `place` (a text front end's request).
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
async fn resume(store: &Store, slot: &mut Slot) -> Result<bool, LoadError> {
    let (white, black) = (player(slot.index, false), player(slot.index, true));
    let found = store
        .games()
        .active_games_in(place(slot.index).channel)
        .await?
        .into_iter()
        .find(|g| g.white == Some(white.id) && g.black == Some(black.id));
    let Some(row) = found else {
        slot.playing = None;
        return Ok(false);
    };
    let Some((row, moves)) = store.games().game_with_moves(row.id).await? else {
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
async fn start_game(target: &Target, slot: &mut Slot) -> Result<(), LoadError> {
    let (white, black) = (player(slot.index, false), player(slot.index, true));
    let here = place(slot.index);
    let open = target
        .store
        .challenges()
        .open_challenges_by(white.id)
        .await?
        .into_iter()
        .find(|c| c.place.channel == here.channel);
    let accept = match open {
        Some(challenge) => format!("accept #{}", challenge.id.0),
        None => {
            let text = format!("challenge <@{}> white", black.id.0);
            let reply = say(&target.service, white, here, text).await;
            if reply.private {
                return Err(LoadError::Refused {
                    slot: slot.index,
                    reply: reply.text,
                });
            }
            "accept".to_string()
        }
    };
    let reply = say(&target.service, black, here, accept).await;
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
