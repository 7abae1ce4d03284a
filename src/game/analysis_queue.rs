//! The line of games waiting for the engine's analysis: at most one analysis runs at a time in
//! a process, on a blocking thread of its own, so that however many are asked for, moves of
//! other games never wait for the engine.
//!
//! The first request, when the engine is idle, waits for its own answer ([`Ticket::Now`]). A
//! request that finds the engine busy is told its place ([`Ticket::Queued`]) and who asked is
//! remembered ([`Waiter`]); when its turn has come and gone, the result waits in the queue
//! ([`AnalysisQueue::take_finished`]) for the next deadline sweep, which stores it and posts
//! the answer where it was asked (front ends that can, sweep as soon as
//! [`AnalysisQueue::finished`] says one is ready). A game asked for twice is analysed once: the
//! second asker joins the first's place in the line.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use tokio::sync::{Notify, oneshot};

use super::i18n::Lang;
use crate::engine::analysis::{Budget, GameAnalysis, analyse};
use crate::model::{GameId, Place, PlayerId};
use crate::rules;

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

/// Someone who asked for an analysis while the engine was busy, and where to answer them.
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
    Now(oneshot::Receiver<GameAnalysis>),
    /// The engine is busy: this many analyses come first (0: this very game is being analysed
    /// now). The answer comes through the sweep.
    Queued {
        /// Analyses before this one, the running one included.
        ahead: usize,
    },
}

/// An analysis done for waiters (or one whose first asker stopped waiting): to store, and to
/// answer them with. `analysis` is `None` when the analysis failed (logged).
pub(crate) struct Finished {
    /// The game analysed.
    pub game: GameId,
    /// Its analysis.
    pub analysis: Option<GameAnalysis>,
    /// Who waits for it.
    pub waiters: Vec<Waiter>,
}

/// One game in the line.
struct Job {
    game: GameId,
    record: rules::Game,
    waiters: Vec<Waiter>,
    /// The first asker, who waits for the answer itself.
    first: Option<oneshot::Sender<GameAnalysis>>,
}

#[derive(Default)]
struct Line {
    /// The game being analysed and who waits for it besides its first asker.
    running: Option<(GameId, Vec<Waiter>)>,
    waiting: VecDeque<Job>,
    finished: Vec<Finished>,
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
    pub(crate) fn submit(&self, game: GameId, record: &rules::Game, waiter: Waiter) -> Ticket {
        let mut line = self.shared.line();
        if let Some((running, waiters)) = &mut line.running {
            if *running == game {
                waiters.push(waiter);
                return Ticket::Queued { ahead: 0 };
            }
            let ahead = match line.waiting.iter().position(|j| j.game == game) {
                Some(i) => {
                    line.waiting[i].waiters.push(waiter);
                    i + 1
                }
                None => {
                    line.waiting.push_back(Job {
                        game,
                        record: record.clone(),
                        waiters: vec![waiter],
                        first: None,
                    });
                    line.waiting.len()
                }
            };
            return Ticket::Queued { ahead };
        }
        let (sender, receiver) = oneshot::channel();
        line.running = Some((game, Vec::new()));
        drop(line);
        let job = Job {
            game,
            record: record.clone(),
            waiters: Vec::new(),
            first: Some(sender),
        };
        let shared = Arc::clone(&self.shared);
        tokio::task::spawn_blocking(move || work(&shared, job));
        Ticket::Now(receiver)
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

/// The engine's thread: analyses `job`, then every game that waits, until the line is empty.
fn work(shared: &Shared, mut job: Job) {
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
        // The first asker takes the result if still waiting; otherwise the sweep stores it.
        let answered = match (job.first.take(), &analysis) {
            (Some(first), Some(analysis)) => first.send(analysis.clone()).is_ok(),
            _ => false,
        };
        let mut line = shared.line();
        let waiters = line.running.take().map(|(_, w)| w).unwrap_or_default();
        if !waiters.is_empty() || !answered {
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

    /// Answers each game once told to, counting its runs.
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
                    };
                    game.ply() + 1
                ],
            }
        }
    }

    fn waiter(n: u64) -> Waiter {
        Waiter {
            player: PlayerId(n),
            place: Place {
                server: None,
                channel: n,
                thread: None,
                reach: Reach::Posts,
            },
            lang: Lang::En,
        }
    }

    #[tokio::test]
    async fn one_runs_the_others_wait_in_line() {
        let (go, held) = mpsc::channel();
        let queue = AnalysisQueue::new(Arc::new(Held {
            go: Mutex::new(held),
        }));
        let game = rules::Game::replay(None, &["c2-b3"]).unwrap();
        let Ticket::Now(first) = queue.submit(GameId(1), &game, waiter(1)) else {
            panic!("the idle engine starts at once");
        };
        let ahead = |t: Ticket| match t {
            Ticket::Queued { ahead } => ahead,
            Ticket::Now(_) => panic!("the engine is busy"),
        };
        assert_eq!(ahead(queue.submit(GameId(1), &game, waiter(2))), 0);
        assert_eq!(ahead(queue.submit(GameId(2), &game, waiter(3))), 1);
        assert_eq!(ahead(queue.submit(GameId(3), &game, waiter(4))), 2);
        assert_eq!(ahead(queue.submit(GameId(2), &game, waiter(5))), 1);
        go.send(()).unwrap();
        assert_eq!(first.await.unwrap().positions.len(), 2);
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
            Ticket::Now(_)
        ));
        go.send(()).unwrap();
    }
}
