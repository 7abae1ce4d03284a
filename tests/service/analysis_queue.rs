//! The line of analyses as players meet it: one analysis and one post per game and place
//! however many ask, at most three games waiting for one player, and a request that comes
//! between an analysis finishing and its storing answered without running the engine again.
//! Each test runs on SQLite and, with `TEST_DATABASE_URL`, on PostgreSQL.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use common::{PLACE, World, alice, bob, carol, dave, say_to};
use rollerball::engine::analysis::{Budget, Eval, GameAnalysis, PositionEval};
use rollerball::game::{Analyst, Notice, Request, Service};
use rollerball::rules;
use rollerball::store::{GameId, Place};

/// Analyses every game as even, once let go (or after 30 seconds, so that a test of code that
/// runs it once more than it should fails instead of hanging), telling when it starts and
/// counting its runs.
struct Held {
    started: tokio::sync::mpsc::UnboundedSender<()>,
    go: Mutex<mpsc::Receiver<()>>,
    runs: AtomicUsize,
}

impl Analyst for Held {
    fn analyse(&self, game: &rules::Game) -> GameAnalysis {
        let _ = self.started.send(());
        let _ = self
            .go
            .lock()
            .unwrap()
            .recv_timeout(Duration::from_secs(30));
        self.runs.fetch_add(1, Ordering::SeqCst);
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

struct Line {
    svc: Arc<Service>,
    engine: Arc<Held>,
    starts: tokio::sync::mpsc::UnboundedReceiver<()>,
    go: mpsc::Sender<()>,
}

/// A service on the world's database whose analyses the test lets go one at a time.
fn line(w: &World) -> Line {
    let (started, starts) = tokio::sync::mpsc::unbounded_channel();
    let (go, held) = mpsc::channel();
    let engine = Arc::new(Held {
        started,
        go: Mutex::new(held),
        runs: AtomicUsize::new(0),
    });
    let svc =
        Arc::new(World::service_on(w.store.clone(), w.clock.clone()).with_analyst(engine.clone()));
    Line {
        svc,
        engine,
        starts,
        go,
    }
}

/// `n` finished games of two moves between Alice and Bob: games #1 to #n.
async fn finished_games(w: &World, n: usize) -> Vec<GameId> {
    let mut games = Vec::new();
    for _ in 0..n {
        let id = w.start(&alice(), &bob(), "").await;
        w.play(id, &alice(), &bob(), "c2b2 e7f6").await;
        w.ok(&alice(), &format!("resign #{} confirm", id.0)).await;
        games.push(id);
    }
    games
}

/// Sweeps until `n` answers are out, then once more (which must find none).
async fn answers(svc: &Service, n: usize) -> Vec<Notice> {
    let mut notices = Vec::new();
    while notices.len() < n {
        svc.feed().analysis_ready().await;
        notices.extend(svc.sweeper().sweep().await);
    }
    assert!(svc.sweeper().sweep().await.is_empty());
    notices
}

const OTHER_CHANNEL: Place = Place {
    channel: 51,
    ..PLACE
};

const RUNNING: &str = "The engine is analysing game #1 right now; the answer is posted here as \
    soon as it is ready.";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_analysis_and_one_post_per_game_and_place() {
    for w in World::each("aq_once").await {
        finished_games(&w, 1).await;
        let mut l = line(&w);
        let asking = {
            let svc = Arc::clone(&l.svc);
            tokio::spawn(async move { say_to(&svc, &alice(), "analysis #1").await })
        };
        l.starts.recv().await.expect("the analysis starts");
        // Bob asks twice, Carol once, here; Dave in another channel.
        for who in [bob(), bob(), carol()] {
            assert_eq!(say_to(&l.svc, &who, "analysis #1").await.text, RUNNING);
        }
        let elsewhere = l
            .svc
            .handle(Request::line(dave(), OTHER_CHANNEL, "analysis #1"))
            .await
            .expect("an answer");
        assert_eq!(elsewhere.text, RUNNING);
        l.go.send(()).unwrap();
        // Alice's answer is Bob's and Carol's too: one post here.
        let first = asking.await.unwrap();
        assert!(
            first.text.starts_with(
                "<@102>, <@103>, the analysis of game #1 you asked for is ready.\n\
                 **Analysis of game #1**"
            ),
            "{}",
            first.text
        );
        assert_eq!(first.mentions, vec![bob().id, carol().id]);
        assert!(first.image.is_some() && first.files.len() == 1);
        // One more post, in Dave's channel.
        let notices = answers(&l.svc, 1).await;
        assert_eq!(notices.len(), 1);
        assert_eq!(notices[0].place, OTHER_CHANNEL);
        assert_eq!(notices[0].reply.mentions, vec![dave().id]);
        assert!(
            notices[0]
                .reply
                .text
                .starts_with("<@104>, the analysis of game #1 you asked for is ready."),
            "{}",
            notices[0].reply.text
        );
        assert_eq!(l.engine.runs.load(Ordering::SeqCst), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_waits_for_three_analyses_at_most() {
    for w in World::each("aq_cap").await {
        let games = finished_games(&w, 5).await;
        let mut l = line(&w);
        let asking = {
            let svc = Arc::clone(&l.svc);
            tokio::spawn(async move { say_to(&svc, &carol(), "analysis #1").await })
        };
        l.starts.recv().await.expect("the analysis starts");
        for (id, ahead) in [
            (2, "next in line"),
            (3, "number 2 in line"),
            (4, "number 3 in line"),
        ] {
            let queued = say_to(&l.svc, &alice(), &format!("analysis #{id}")).await;
            assert!(queued.text.contains(ahead), "{}", queued.text);
        }
        let before = w.snapshot().await;
        let reply = say_to(&l.svc, &alice(), "analysis #5").await;
        assert_eq!(
            w.check_refusal(&before, &reply, "analysis #5").await,
            "You already wait for 3 analyses (#2, #3, #4), and 3 at once is the most: each is \
             posted where you asked as soon as it is ready. Ask for another once one is."
        );
        // Asking again for one of hers is no new request; Bob has his own three.
        let again = say_to(&l.svc, &alice(), "analysis #3").await;
        assert!(again.text.contains("number 2 in line"), "{}", again.text);
        let bobs = say_to(&l.svc, &bob(), "analysis #5").await;
        assert!(bobs.text.contains("number 4 in line"), "{}", bobs.text);
        for _ in 0..games.len() {
            l.go.send(()).unwrap();
        }
        asking.await.unwrap();
        let notices = answers(&l.svc, 4).await;
        let pinged: Vec<_> = notices.iter().map(|n| n.reply.mentions.clone()).collect();
        assert_eq!(
            pinged,
            vec![
                vec![alice().id],
                vec![alice().id],
                vec![alice().id],
                vec![bob().id]
            ]
        );
        // With room again, the stored one is hers at once.
        let fifth = say_to(&l.svc, &alice(), "analysis #5").await;
        assert!(
            fifth.text.starts_with("**Analysis of game #5**"),
            "{}",
            fifth.text
        );
        assert_eq!(l.engine.runs.load(Ordering::SeqCst), 5);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_before_the_analysis_is_stored_does_not_run_the_engine_again() {
    for w in World::each("aq_between").await {
        finished_games(&w, 2).await;
        let mut l = line(&w);
        let asking = {
            let svc = Arc::clone(&l.svc);
            tokio::spawn(async move { say_to(&svc, &alice(), "analysis #1").await })
        };
        l.starts.recv().await.expect("the analysis starts");
        say_to(&l.svc, &bob(), "analysis #2").await;
        l.go.send(()).unwrap();
        asking.await.unwrap();
        l.starts.recv().await.expect("the second analysis starts");
        l.go.send(()).unwrap();
        // Game #2 is analysed, and waits in the line for the sweep to store and post it.
        l.svc.feed().analysis_ready().await;
        assert_eq!(w.store.games().analysis(GameId(2)).await.unwrap(), None);
        let carols = say_to(&l.svc, &carol(), "analysis #2").await;
        assert!(
            carols.text.starts_with("**Analysis of game #2**"),
            "{}",
            carols.text
        );
        assert!(carols.image.is_some());
        assert!(w.store.games().analysis(GameId(2)).await.unwrap().is_some());
        // The sweep still answers Bob, with the same analysis.
        let notices = l.svc.sweeper().sweep().await;
        assert_eq!(notices.len(), 1);
        assert_eq!(notices[0].reply.mentions, vec![bob().id]);
        assert_eq!(l.engine.runs.load(Ordering::SeqCst), 2);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_whose_post_was_lost_is_posted_by_the_logs_consumer() {
    use crate::event_posts::{delivered, posted_by};
    use rollerball::store::{EventId, EventKind, Reach};
    for w in World::each("aq_lost").await {
        finished_games(&w, 1).await;
        let mut l = line(&w);
        let mut reader = l
            .svc
            .feed()
            .open_event_reader("discord", None)
            .await
            .unwrap();
        let asking = {
            let svc = Arc::clone(&l.svc);
            tokio::spawn(async move { say_to(&svc, &alice(), "analysis #1").await })
        };
        l.starts.recv().await.expect("the analysis starts");
        // Dave asks in another channel: the sweep's post is his answer.
        let waiting = l
            .svc
            .handle(Request::line(dave(), OTHER_CHANNEL, "analysis #1"))
            .await
            .expect("an answer");
        assert_eq!(delivered(waiting).text, RUNNING);
        l.go.send(()).unwrap();
        delivered(asking.await.unwrap());
        assert!(posted_by(&l.svc, &mut reader).await.is_empty());
        // The sweep's post to Dave is lost: the consumer posts it, as it was.
        let lost = answers(&l.svc, 1).await;
        let (place, text, mentions) = (
            lost[0].place,
            lost[0].reply.text.clone(),
            lost[0].reply.mentions.clone(),
        );
        drop(lost);
        let posted = posted_by(&l.svc, &mut reader).await;
        assert_eq!(posted.len(), 1, "{posted:?}");
        assert_eq!(
            (
                posted[0].place,
                &posted[0].reply.text,
                &posted[0].reply.mentions
            ),
            (place, &text, &mentions)
        );
        assert_eq!((place, mentions), (OTHER_CHANNEL, vec![dave().id]));
        assert!(posted[0].reply.image.is_some() && posted[0].reply.files.len() == 1);
        // Its event, written where Dave asked.
        let last = w
            .store
            .event_log()
            .all_events_after(EventId(0), 100)
            .await
            .unwrap();
        let last = last.last().unwrap();
        assert_eq!(
            (last.game, last.channel, &last.kind),
            (
                Some(GameId(1)),
                OTHER_CHANNEL.channel,
                &EventKind::AnalysisReady {
                    asked: vec![dave().id],
                    reach: Reach::Posts
                }
            )
        );
    }
}
