//! `rollerball-load run --analysis`: one engine analysis kept running beside the load, to see
//! how moves of other games fare while the engine works.
//!
//! A player pair of its own (ids 1 and 2, below the driver's, in channel 1 of the driver's
//! server) plays the 60-move game of `crates/rules/tests/data/sixty-moves.txt` through the service, White
//! resigns, and the pair asks `analysis #ID`; then again, on a fresh game each time (an
//! analysis is computed once per game), until told to stop. Each analysis runs through the
//! service's own queue on its blocking thread, exactly as a player's would.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rollerball::game::{Actor, Reply, Request, Service};
use rollerball::store::{Place, PlayerId, Reach};

use crate::driver::SERVER;

/// The game every analysis looks at: 120 plies in coordinate form, one per line.
const SIXTY_MOVES: &str = include_str!("../../crates/rules/tests/data/sixty-moves.txt");

/// What the analyses beside the load did.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnalysisLoad {
    /// Analyses finished.
    pub done: u32,
    /// Their time in all, from the request to the answer.
    pub took: Duration,
}

impl std::fmt::Display for AnalysisLoad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.done {
            0 => write!(f, "analyses beside the load: none finished"),
            n => write!(
                f,
                "analyses beside the load: {n}, {:.1} s each",
                self.took.as_secs_f64() / f64::from(n)
            ),
        }
    }
}

/// Where the analysing pair plays.
const PLACE: Place = Place {
    server: Some(SERVER),
    channel: 1,
    thread: None,
    reach: Reach::Posts,
};

fn actor(id: u64) -> Actor {
    Actor {
        id: PlayerId(id),
        name: format!("analyst{id}"),
    }
}

async fn say(service: &Service, who: &Actor, text: String) -> Result<Reply, String> {
    let reply = service
        .handle(Request::line(who.clone(), PLACE, text.clone()))
        .await
        .ok_or_else(|| format!("no answer to `{text}`"))?;
    if reply.private {
        return Err(format!("`{text}` was refused: {}", reply.text));
    }
    Ok(reply)
}

/// Plays the sixty-move game to a resignation and analyses it, again and again, until `stop`
/// is set; the analysis running when it is set is finished first, and there is always one.
pub async fn keep_analysing(
    service: Arc<Service>,
    stop: Arc<AtomicBool>,
) -> Result<AnalysisLoad, String> {
    let (white, black) = (actor(1), actor(2));
    let mut load = AnalysisLoad::default();
    // At least one, however short the load: the figure of one analysis alone is a load of one.
    loop {
        say(
            &service,
            &white,
            format!("challenge <@{}> white casual", black.id.0),
        )
        .await?;
        let game = say(&service, &black, "accept".into())
            .await?
            .new_game
            .ok_or("the analysis game did not start")?;
        for (ply, mv) in SIXTY_MOVES.split_whitespace().enumerate() {
            let who = if ply % 2 == 0 { &white } else { &black };
            say(&service, who, format!("move #{} {mv}", game.0)).await?;
        }
        say(&service, &white, format!("resign #{} confirm", game.0)).await?;
        let started = Instant::now();
        say(&service, &white, format!("analysis #{}", game.0)).await?;
        load.done += 1;
        load.took += started.elapsed();
        if stop.load(Ordering::Relaxed) {
            return Ok(load);
        }
    }
}
