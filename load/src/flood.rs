//! What one player can do to everyone else, measured (issue 23's hardening): a player who keeps
//! the engine busy, and a player whose games fill a channel.
//!
//! - [`keep_flooding`] (`rollerball-load run --flood-engine`): beside the load, one player keeps
//!   five level-5 games against the computer (the cap) waiting for an answer, moving again in
//!   each as soon as the computer has answered; and another player plays a level-1 game,
//!   whose answers — instant on an idle engine — show how long a computer move of someone else
//!   waits behind the flood. The load's own figures are the moves of the other games.
//!   `--computer-probe` runs the level-1 player alone, for the figures without the flood.
//! - [`measure_lookups`] (`rollerball-load lookups`): one player's `board` and `moves` in a
//!   channel, timed alone, with another player at the caps of games in the same channel (20 in
//!   progress, 5 of them against the computer), and with thousands of that player's games
//!   stored there (a database from before the caps).

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rollerball::discord::DiscordMarkup;
use rollerball::game::{Actor, Reply, Request, Service, SystemClock};
use rollerball::model::Timestamp;
use rollerball::rules::{self, Game as RulesGame};
use rollerball::store::{Deadline, GameId, GameStatus, NewGame, Place, PlayerId, Reach, Store};

use crate::LatencyHistogram;
use crate::driver::SERVER;

/// The flooding player (ids below the driver's players and the analysing pair's 1 and 2).
const FLOODER: u64 = 3;
/// The player of the level-1 game.
const PROBE: u64 = 4;
/// The flooder's games are in channels `FLOOD_CHANNEL..FLOOD_CHANNEL + 5`, the probe's after.
const FLOOD_CHANNEL: u64 = 2;
/// Games against the computer a player may have at once (`game::limits`).
const COMPUTER_GAMES: u64 = 5;

fn actor(id: u64) -> Actor {
    Actor {
        id: PlayerId(id),
        name: format!("flood{id}"),
    }
}

fn place(channel: u64) -> Place {
    Place {
        server: Some(SERVER),
        channel,
        thread: None,
        reach: Reach::Posts,
    }
}

async fn say(service: &Service, who: &Actor, channel: u64, text: String) -> Result<Reply, String> {
    let reply = service
        .handle(Request::line(who.clone(), place(channel), text.clone()))
        .await
        .ok_or_else(|| format!("no answer to `{text}`"))?;
    if reply.private {
        return Err(format!("`{text}` was refused: {}", reply.text));
    }
    Ok(reply)
}

/// What the flood beside the load did.
#[derive(Clone, Debug, Default)]
pub struct FloodLoad {
    /// The level-5 moves the computer made for the flooder.
    pub flood_answers: u64,
    /// The level-1 game's moves, each timed from the player's move to the computer's answer.
    pub probe: LatencyHistogram,
}

impl fmt::Display for FloodLoad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        if self.flood_answers > 0 {
            writeln!(
                f,
                "engine flood: {} level-5 answers in the flooder's {COMPUTER_GAMES} games",
                self.flood_answers
            )?;
        }
        writeln!(
            f,
            "another player's level-1 game: {} answers, median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.probe.count(),
            ms(self.probe.quantile(0.5)),
            ms(self.probe.quantile(0.99)),
            ms(self.probe.max())
        )
    }
}

/// Plays `who`'s games against the computer at `level` in `channel` until `stop`: a move
/// (the first legal one in a rotating order) as soon as the computer has answered, a new game
/// when one ends. Each answer's time goes into `timed`.
async fn play_the_computer(
    service: Arc<Service>,
    store: Store,
    who: Actor,
    channel: u64,
    level: u8,
    stop: Arc<AtomicBool>,
) -> Result<(u64, LatencyHistogram), String> {
    let mut timed = LatencyHistogram::default();
    let mut answers = 0;
    let mut pick = who.id.0 as usize + channel as usize;
    while !stop.load(Ordering::Relaxed) {
        let started = say(
            &service,
            &who,
            channel,
            format!("challenge computer level {level} white"),
        )
        .await?;
        let id = started
            .new_game
            .ok_or_else(|| format!("no game started: {}", started.text))?;
        while !stop.load(Ordering::Relaxed) {
            let Some(game) = current(&store, id).await? else {
                break;
            };
            let legal = game.position().legal_moves();
            pick = pick.wrapping_mul(31).wrapping_add(7);
            let mv = legal[pick % legal.len()];
            let san = rules::san(game.position(), mv);
            let asked = Instant::now();
            say(&service, &who, channel, format!("move #{} {san}", id.0)).await?;
            timed.record(asked.elapsed());
            answers += 1;
        }
        // A game still going when the run stops is resigned, so the next run starts afresh.
        if current(&store, id).await?.is_some() {
            say(&service, &who, channel, format!("resign #{} confirm", id.0)).await?;
        }
    }
    Ok((answers, timed))
}

/// The game as stored, if it is still being played.
async fn current(store: &Store, id: GameId) -> Result<Option<RulesGame>, String> {
    let (row, moves) = store
        .games()
        .game_with_moves(id)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("game #{} vanished", id.0))?;
    if row.status != GameStatus::Active {
        return Ok(None);
    }
    let coords: Vec<&str> = moves.iter().map(|m| m.coord.as_str()).collect();
    let game = RulesGame::replay(None, &coords).map_err(|e| e.to_string())?;
    Ok(game.outcome().is_none().then_some(game))
}

/// Runs the level-1 game of another player, and with `flood` the flooder's five level-5 games,
/// until `stop` is set.
pub async fn keep_flooding(
    service: Arc<Service>,
    store: Store,
    flood: bool,
    stop: Arc<AtomicBool>,
) -> Result<FloodLoad, String> {
    let mut floods = Vec::new();
    if flood {
        for k in 0..COMPUTER_GAMES {
            floods.push(tokio::spawn(play_the_computer(
                Arc::clone(&service),
                store.clone(),
                actor(FLOODER),
                FLOOD_CHANNEL + k,
                5,
                Arc::clone(&stop),
            )));
        }
    }
    let probe = tokio::spawn(play_the_computer(
        service,
        store,
        actor(PROBE),
        FLOOD_CHANNEL + COMPUTER_GAMES,
        1,
        stop,
    ));
    let mut load = FloodLoad::default();
    for task in floods {
        let (answers, _) = task.await.map_err(|e| e.to_string())??;
        load.flood_answers += answers;
    }
    load.probe = probe.await.map_err(|e| e.to_string())??.1;
    Ok(load)
}

/// One player's `board` and `moves` in a channel, timed in three cases.
#[derive(Clone, Debug)]
pub struct LookupsReport {
    /// Commands timed in each case.
    pub commands: usize,
    /// Games stored in the last case.
    pub rows: usize,
    /// Alone in the channel.
    pub alone: LatencyHistogram,
    /// With another player at the caps in the same channel.
    pub at_the_caps: LatencyHistogram,
    /// With `rows` of that player's games stored there besides.
    pub stored: LatencyHistogram,
}

impl fmt::Display for LookupsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = |f: &mut fmt::Formatter<'_>, what: &str, h: &LatencyHistogram| {
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            writeln!(
                f,
                "{what}: {} commands, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                h.count(),
                ms(h.quantile(0.5)),
                ms(h.quantile(0.99)),
                ms(h.max())
            )
        };
        line(f, "alone in the channel", &self.alone)?;
        line(
            f,
            "another player at the caps there (20 games, 5 against the computer)",
            &self.at_the_caps,
        )?;
        line(
            f,
            &format!("and {} more of that player's games stored there", self.rows),
            &self.stored,
        )
    }
}

/// Times `commands` of `me`'s `board` and `moves`, alternately, in the lookups' channel.
async fn time_commands(
    service: &Service,
    me: &Actor,
    commands: usize,
) -> Result<LatencyHistogram, String> {
    let mut h = LatencyHistogram::default();
    for k in 0..commands {
        let text = if k % 2 == 0 { "board" } else { "moves" };
        let asked = Instant::now();
        let reply = service
            .handle(Request::line(
                me.clone(),
                place(LOOKUP_CHANNEL),
                text.to_string(),
            ))
            .await
            .ok_or_else(|| format!("no answer to `{text}`"))?;
        h.record(asked.elapsed());
        // `board` shows the game; `moves` answers its asker alone, with the legal moves.
        if reply.fen.is_none() && !reply.text.contains("legal moves") {
            return Err(format!("`{text}` was not answered: {}", reply.text));
        }
    }
    Ok(h)
}

/// Where the lookups are measured.
const LOOKUP_CHANNEL: u64 = 1;

/// Times `commands` `board` and `moves` (alternately) of a player in a channel: alone, with a
/// player at the caps there, and with `rows` of that player's games stored there besides. The
/// service has no rate limit: the lookups are what is measured, not the allowance.
pub async fn measure_lookups(
    store: Store,
    commands: usize,
    rows: usize,
) -> Result<LookupsReport, String> {
    let service = Service::new(store.clone(), Arc::new(SystemClock))
        .with_markup(Arc::new(DiscordMarkup))
        .with_rate_limit(None);
    let (me, you) = (actor(1), actor(2));
    say(
        &service,
        &me,
        LOOKUP_CHANNEL,
        format!("challenge <@{}> white", you.id.0),
    )
    .await?;
    say(&service, &you, LOOKUP_CHANNEL, "accept".into()).await?;
    let alone = time_commands(&service, &me, commands).await?;
    // The other player fills the channel up to the caps, and the next game is refused.
    let flooder = actor(FLOODER);
    for _ in 0..COMPUTER_GAMES {
        say(
            &service,
            &flooder,
            LOOKUP_CHANNEL,
            "challenge computer level 1 white".into(),
        )
        .await?;
    }
    for k in 0..15 {
        let opponent = actor(100 + k);
        say(
            &service,
            &flooder,
            LOOKUP_CHANNEL,
            format!("challenge <@{}> white", opponent.id.0),
        )
        .await?;
        say(&service, &opponent, LOOKUP_CHANNEL, "accept".into()).await?;
    }
    if say(
        &service,
        &flooder,
        LOOKUP_CHANNEL,
        "challenge <@200> white".into(),
    )
    .await
    .is_ok()
    {
        return Err("a 21st game was accepted: the caps are not what this measures".into());
    }
    let at_the_caps = time_commands(&service, &me, commands).await?;
    // A database from before the caps: thousands of that player's games in the channel.
    let now = Timestamp::now();
    for _ in 0..rows {
        store
            .play()
            .create_game(
                &NewGame {
                    place: place(LOOKUP_CHANNEL),
                    white: Some(flooder.id),
                    black: None,
                    start_fen: rules::START_FEN.to_owned(),
                    days_per_move: rollerball::store::Days::DEFAULT,
                    rated: false,
                    deadline: Deadline::at(Timestamp(now.0 + 3 * 86_400_000)),
                    rematch_of: None,
                    computer_level: Some(rollerball::store::Level::MIN),
                },
                now,
            )
            .await
            .map_err(|e| e.to_string())?;
    }
    let stored = time_commands(&service, &me, commands).await?;
    Ok(LookupsReport {
        commands,
        rows,
        alone,
        at_the_caps,
        stored,
    })
}
