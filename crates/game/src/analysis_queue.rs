//! The line of games waiting for the engine's analysis: at most one analysis runs at a time in
//! a process, on a blocking thread of its own, so that however many are asked for, moves of
//! other games never wait for the engine.
//!
//! The first request, when the engine is idle, waits for its own answer ([`Ticket::Now`]). A
//! request that finds the engine busy is told its place ([`Ticket::Queued`]) and who asked is
//! remembered ([`Waiter`]); when its turn has come and gone, the result waits in the queue
//! ([`AnalysisQueue::take_finished`]) for the next deadline sweep, which stores it and posts
//! the answer where it was asked (front ends that can, sweep as soon as
//! [`AnalysisQueue::finished`] says one is ready).
//!
//! A game is analysed once, and answered with one post in each place it was asked: a later
//! asker joins the line's entry for the game (asking again adds nothing), and those who asked
//! in the first asker's place are answered with the first asker's reply. An analysis just
//! finished stays in memory a while ([`Ticket::Ready`]), so a request that comes before it is
//! stored never runs the engine again. One player may have at most
//! [`ANALYSES_QUEUED_MAX`] games in the line at once ([`Full`]).

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use tokio::sync::{Notify, oneshot};

use super::i18n::Lang;
use super::limits::ANALYSES_QUEUED_MAX;
use crate::engine::analysis::{Budget, GameAnalysis, analyse};
use crate::model::{GameId, Place, PlayerId};
use crate::rules;

/// How many finished analyses stay in memory for the requests that come before they are stored
/// (a few seconds' worth: each one takes seconds of the engine).
const FINISHED_KEPT: usize = 16;

/// Who analyses a game: the engine at a fixed budget ([`EngineAnalyst`]), or what a test puts
/// in its place (to count the runs, or hold one while another request arrives).
pub trait Analyst: Send + Sync + 'static {
    /// Every position of `game` evaluated. Runs on a blocking thread.
    fn analyse(&self, game: &rules::Game) -> GameAnalysis;
}

/// The engine, each position searched to a fixed number of nodes.
#[derive(Clone, Copy, Debug, Default)]
pub struct EngineAnalyst(pub Budget);

impl Analyst for EngineAnalyst {
    fn analyse(&self, game: &rules::Game) -> GameAnalysis {
        analyse(game, self.0)
    }
}

/// Someone who asked for an analysis, and where to answer them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Waiter {
    /// Who asked.
    pub player: PlayerId,
    /// Where they asked.
    pub place: Place,
    /// The language they were answered in.
    pub lang: Lang,
}

/// What a request for an analysis got.
pub(crate) enum Ticket {
    /// The engine was idle: it is analysing the game now, and this brings the result (an error
    /// if the analysis failed).
    Now(oneshot::Receiver<Answer>),
    /// The engine is busy: this many analyses come first (0: this very game is being analysed
    /// now). The answer comes through the sweep.
    Queued {
        /// Analyses before this one, the running one included.
        ahead: usize,
    },
    /// The game's analysis finished a moment ago (it may not be stored yet): here it is.
    Ready(GameAnalysis),
}

/// The first asker's result: the analysis, and the others who asked for it in the same place,
/// whom the first asker's reply answers too.
pub(crate) struct Answer {
    /// The analysis.
    pub analysis: GameAnalysis,
    /// Who else asked in the first asker's place, in the order they asked.
    pub also: Vec<Waiter>,
}

/// A request refused because its player already waits for [`ANALYSES_QUEUED_MAX`] games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Full {
    /// The games they wait for, in the order of the line.
    pub games: Vec<GameId>,
}

/// An analysis done for waiters (or one whose first asker stopped waiting): to store, and to
/// answer them with. `analysis` is `None` when the analysis failed (logged).
pub(crate) struct Finished {
    /// The game analysed.
    pub game: GameId,
    /// Its analysis.
    pub analysis: Option<GameAnalysis>,
    /// Who waits for it, in the order they asked (one answer per place).
    pub waiters: Vec<Waiter>,
}

/// One game in the line, with everyone who asked for it (the first asker first, when one
/// waits for the answer itself).
struct Job {
    game: GameId,
    record: rules::Game,
    waiters: Vec<Waiter>,
}

#[derive(Default)]
struct Line {
    /// The game being analysed and everyone who asked for it.
    running: Option<(GameId, Vec<Waiter>)>,
    waiting: VecDeque<Job>,
    finished: Vec<Finished>,
    /// The latest analyses finished, newest last, at most [`FINISHED_KEPT`].
    recent: VecDeque<(GameId, GameAnalysis)>,
}

impl Line {
    /// The games `player` waits for, running first.
    fn games_of(&self, player: PlayerId) -> Vec<GameId> {
        let asked = |waiters: &[Waiter]| waiters.iter().any(|w| w.player == player);
        let running = self
            .running
            .iter()
            .filter(|(_, waiters)| asked(waiters))
            .map(|(game, _)| *game);
        let waiting = self
            .waiting
            .iter()
            .filter(|j| asked(&j.waiters))
            .map(|j| j.game);
        running.chain(waiting).collect()
    }

    /// Adds `waiter` to `waiters` unless their player already asked (they are answered once),
    /// refusing a player who already waits for as many games as they may.
    fn join(waiters: &mut Vec<Waiter>, waiter: Waiter, mine: Vec<GameId>) -> Result<(), Full> {
        if waiters.iter().any(|w| w.player == waiter.player) {
            return Ok(());
        }
        if mine.len() >= ANALYSES_QUEUED_MAX {
            return Err(Full { games: mine });
        }
        waiters.push(waiter);
        Ok(())
    }
}

struct Shared {
    analyst: Arc<dyn Analyst>,
    line: Mutex<Line>,
    ready: Notify,
}

impl Shared {
    fn line(&self) -> MutexGuard<'_, Line> {
        // A panic cannot leave the line half-changed (every change is one statement), so a
        // poisoned lock is still a good line.
        self.line
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The process's line of analyses (see the module docs).
pub(crate) struct AnalysisQueue {
    shared: Arc<Shared>,
}

impl AnalysisQueue {
    /// An idle line whose analyses `analyst` makes.
    pub(crate) fn new(analyst: Arc<dyn Analyst>) -> AnalysisQueue {
        AnalysisQueue {
            shared: Arc::new(Shared {
                analyst,
                line: Mutex::default(),
                ready: Notify::new(),
            }),
        }
    }

    /// Asks for the analysis of `game`, whose record is `record`, for `waiter`. Must be called
    /// within the tokio runtime (the engine's thread is one of its blocking threads).
    pub(crate) fn submit(
        &self,
        game: GameId,
        record: &rules::Game,
        waiter: Waiter,
    ) -> Result<Ticket, Full> {
        let mut line = self.shared.line();
        if let Some((_, done)) = line.recent.iter().rev().find(|(g, _)| *g == game) {
            return Ok(Ticket::Ready(done.clone()));
        }
        let mine = line.games_of(waiter.player);
        if let Some((running, waiters)) = &mut line.running {
            if *running == game {
                Line::join(waiters, waiter, mine)?;
                return Ok(Ticket::Queued { ahead: 0 });
            }
            let ahead = match line.waiting.iter().position(|j| j.game == game) {
                Some(i) => {
                    Line::join(&mut line.waiting[i].waiters, waiter, mine)?;
                    i + 1
                }
                None => {
                    let mut waiters = Vec::new();
                    Line::join(&mut waiters, waiter, mine)?;
                    line.waiting.push_back(Job {
                        game,
                        record: record.clone(),
                        waiters,
                    });
                    line.waiting.len()
                }
            };
            return Ok(Ticket::Queued { ahead });
        }
        let mut waiters = Vec::new();
        Line::join(&mut waiters, waiter, mine)?;
        let (sender, receiver) = oneshot::channel();
        line.running = Some((game, waiters));
        drop(line);
        let job = Job {
            game,
            record: record.clone(),
            waiters: Vec::new(),
        };
        let shared = Arc::clone(&self.shared);
        tokio::task::spawn_blocking(move || work(&shared, job, Some(sender)));
        Ok(Ticket::Now(receiver))
    }

    /// The analyses done for waiters since the last call.
    pub(crate) fn take_finished(&self) -> Vec<Finished> {
        std::mem::take(&mut self.shared.line().finished)
    }

    /// Returns once an analysis is waiting in [`AnalysisQueue::take_finished`] (at once if one
    /// finished since the last time this returned).
    pub(crate) async fn finished(&self) {
        self.shared.ready.notified().await;
    }
}

/// The engine's thread: analyses `job` (whose first asker waits on `first`, if anyone does),
/// then every game that waits, until the line is empty.
fn work(shared: &Shared, mut job: Job, mut first: Option<oneshot::Sender<Answer>>) {
    loop {
        let started = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| shared.analyst.analyse(&job.record)));
        let analysis = match result {
            Ok(analysis) => {
                tracing::info!(
                    game = job.game.0,
                    plies = job.record.ply(),
                    took_ms = started.elapsed().as_millis() as u64,
                    "game analysed"
                );
                Some(analysis)
            }
            Err(_) => {
                tracing::error!(game = job.game.0, "the analysis of a game panicked");
                None
            }
        };
        let mut line = shared.line();
        let mut waiters = line.running.take().map(|(_, w)| w).unwrap_or_default();
        if let Some(analysis) = &analysis {
            // Kept before the line is free again: a request from now on finds it here, until
            // it is long stored.
            line.recent.push_back((job.game, analysis.clone()));
            if line.recent.len() > FINISHED_KEPT {
                line.recent.pop_front();
            }
        }
        // The first asker takes the result if still waiting, and answers those who asked in
        // the same place with it; a failure they hear of themselves (their channel closes).
        let mut answered = false;
        if let Some(first) = first.take()
            && !waiters.is_empty()
        {
            let asker = waiters.remove(0);
            match &analysis {
                Some(analysis) => {
                    let (also, elsewhere): (Vec<Waiter>, Vec<Waiter>) =
                        waiters.into_iter().partition(|w| w.place == asker.place);
                    let answer = Answer {
                        analysis: analysis.clone(),
                        also,
                    };
                    waiters = match first.send(answer) {
                        Ok(()) => {
                            answered = true;
                            elsewhere
                        }
                        // They stopped waiting: the sweep answers them with the others.
                        Err(back) => std::iter::once(asker)
                            .chain(back.also)
                            .chain(elsewhere)
                            .collect(),
                    };
                }
                None => drop(first),
            }
        }
        if !waiters.is_empty() || (analysis.is_some() && !answered) {
            line.finished.push(Finished {
                game: job.game,
                analysis,
                waiters,
            });
            shared.ready.notify_one();
        }
        match line.waiting.pop_front() {
            Some(mut next) => {
                line.running = Some((next.game, std::mem::take(&mut next.waiters)));
                job = next;
            }
            None => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;
    use crate::engine::analysis::{Eval, PositionEval};
    use crate::model::Reach;

    /// Answers each game once told to.
    struct Held {
        go: Mutex<mpsc::Receiver<()>>,
    }

    impl Analyst for Held {
        fn analyse(&self, game: &rules::Game) -> GameAnalysis {
            self.go.lock().unwrap().recv().unwrap();
            GameAnalysis {
                budget: Budget { nodes: 1 },
                positions: vec![
                    PositionEval {
                        eval: Eval::Centipawns(0),
                        best: None,
                        pv: Vec::new(),
                    };
                    game.ply() + 1
                ],
            }
        }
    }

    /// Player `n`, asking in channel `channel`.
    fn asking(n: u64, channel: u64) -> Waiter {
        Waiter {
            player: PlayerId(n),
            place: Place {
                server: None,
                channel,
                thread: None,
                reach: Reach::Posts,
            },
            lang: Lang::En,
        }
    }

    fn waiter(n: u64) -> Waiter {
        asking(n, n)
    }

    fn ahead(t: Result<Ticket, Full>) -> usize {
        match t {
            Ok(Ticket::Queued { ahead }) => ahead,
            _ => panic!("the engine is busy"),
        }
    }

    fn held() -> (mpsc::Sender<()>, AnalysisQueue) {
        let (go, held) = mpsc::channel();
        let queue = AnalysisQueue::new(Arc::new(Held {
            go: Mutex::new(held),
        }));
        (go, queue)
    }

    #[tokio::test]
    async fn one_runs_the_others_wait_in_line() {
        let (go, queue) = held();
        let game = rules::Game::replay(None, &["c2-b3"]).unwrap();
        let Ok(Ticket::Now(first)) = queue.submit(GameId(1), &game, waiter(1)) else {
            panic!("the idle engine starts at once");
        };
        assert_eq!(ahead(queue.submit(GameId(1), &game, waiter(2))), 0);
        assert_eq!(ahead(queue.submit(GameId(2), &game, waiter(3))), 1);
        assert_eq!(ahead(queue.submit(GameId(3), &game, waiter(4))), 2);
        assert_eq!(ahead(queue.submit(GameId(2), &game, waiter(5))), 1);
        go.send(()).unwrap();
        let answer = first.await.unwrap();
        assert_eq!(answer.analysis.positions.len(), 2);
        assert_eq!(answer.also, vec![]);
        queue.finished().await;
        let done = queue.take_finished();
        assert_eq!(done.len(), 1);
        assert_eq!(
            (done[0].game, done[0].waiters.clone()),
            (GameId(1), vec![waiter(2)])
        );
        go.send(()).unwrap();
        go.send(()).unwrap();
        let mut games = Vec::new();
        while games.len() < 2 {
            queue.finished().await;
            for f in queue.take_finished() {
                games.push((f.game, f.waiters.len()));
            }
        }
        assert_eq!(games, vec![(GameId(2), 2), (GameId(3), 1)]);
        // Idle again: the next request runs at once.
        assert!(matches!(
            queue.submit(GameId(4), &game, waiter(6)),
            Ok(Ticket::Now(_))
        ));
        go.send(()).unwrap();
    }

    #[tokio::test]
    async fn one_answer_a_place_three_games_a_player_and_the_finished_ones_kept() {
        let (go, queue) = held();
        let game = rules::Game::replay(None, &["c2-b3"]).unwrap();
        let Ok(Ticket::Now(first)) = queue.submit(GameId(1), &game, asking(1, 10)) else {
            panic!("the idle engine starts at once");
        };
        // Asking again adds nobody; those asking where the first asker did are answered with
        // the first answer, the one asking elsewhere by the sweep.
        assert_eq!(ahead(queue.submit(GameId(1), &game, asking(1, 10))), 0);
        assert_eq!(ahead(queue.submit(GameId(1), &game, asking(2, 10))), 0);
        assert_eq!(ahead(queue.submit(GameId(1), &game, asking(2, 10))), 0);
        assert_eq!(ahead(queue.submit(GameId(1), &game, asking(3, 20))), 0);
        // Player 2 waits for game 1 and two more at most.
        assert_eq!(ahead(queue.submit(GameId(2), &game, asking(2, 10))), 1);
        assert_eq!(ahead(queue.submit(GameId(3), &game, asking(2, 10))), 2);
        assert_eq!(ahead(queue.submit(GameId(3), &game, asking(2, 10))), 2);
        assert_eq!(
            queue.submit(GameId(4), &game, asking(2, 10)).err(),
            Some(Full {
                games: vec![GameId(1), GameId(2), GameId(3)]
            })
        );
        assert_eq!(ahead(queue.submit(GameId(4), &game, asking(4, 10))), 3);
        go.send(()).unwrap();
        let answer = first.await.unwrap();
        assert_eq!(answer.also, vec![asking(2, 10)]);
        queue.finished().await;
        let done = queue.take_finished();
        assert_eq!(done[0].waiters, vec![asking(3, 20)]);
        // Finished, not yet stored: a new request gets it, and the engine does not run again.
        assert!(matches!(
            queue.submit(GameId(1), &game, asking(5, 30)),
            Ok(Ticket::Ready(a)) if a.positions.len() == 2
        ));
        for _ in 0..3 {
            go.send(()).unwrap();
        }
    }
}
