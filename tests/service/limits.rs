//! What one player may hold at once, so that nobody can slow down or hide what the others use:
//! the caps on games in progress and on games against the computer (every way a game starts),
//! the rate limit asked before any database work — for chat moves and for completions, which
//! have an allowance of their own — and the computer's searches, which take turns. Each test runs on SQLite and, with
//! `TEST_DATABASE_URL`, on PostgreSQL.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use common::{PLACE, World, actor, alice, bob, carol, dave, say_to, test_dbs};
use rollerball::engine::Level;
use rollerball::game::limits::{COMPUTER_GAMES_MAX, GAMES_IN_PROGRESS_MAX};
use rollerball::game::rate::{BURST, COMPLETION_BURST, COMPLETION_REFILL_EVERY, slow_down};
use rollerball::game::{Actor, RefusalReason, Searcher};
use rollerball::game::{Lang, RateLimit};
use rollerball::rules::{self, Move};
use rollerball::store::GameId;

const COMPUTER_CAP: &str = "You already have 5 games against the computer in progress, and 5 at \
    once is the most: finish one before you start another.";

fn games_cap(count: u32) -> String {
    format!(
        "You already have {count} games in progress, and 20 at once is the most a player may \
         have: finish one before you start another."
    )
}

const ALICE_AT_CAP: &str = "<@101> already has 20 games in progress, and 20 at once is the most \
    a player may have: this game can start once they have finished one.";

/// Alice opens a game against the computer (she has White, so it waits for her).
async fn computer_game(w: &World) -> GameId {
    w.ok(&alice(), "challenge computer level 1 white")
        .await
        .new_game
        .expect("a game against the computer")
}

#[tokio::test]
async fn five_games_against_the_computer_at_once() {
    for db in test_dbs("limits_computer").await {
        let w = World::new(db).await;
        let mut games = Vec::new();
        for _ in 0..COMPUTER_GAMES_MAX {
            games.push(computer_game(&w).await);
        }
        let text = w
            .refused(&alice(), "challenge computer level 5 white")
            .await;
        assert_eq!(text, COMPUTER_CAP);
        // Someone else is not held up by Alice's games.
        w.ok(&bob(), "challenge computer level 1 white").await;
        // One over, another can start; a rematch is a new game like any other.
        w.ok(&alice(), &format!("resign #{} confirm", games[0].0))
            .await;
        computer_game(&w).await;
        let text = w
            .refused(&alice(), &format!("rematch #{}", games[0].0))
            .await;
        assert_eq!(text, COMPUTER_CAP);
        // A game between players is still open to her.
        w.start(&alice(), &carol(), "").await;
    }
}

#[tokio::test]
async fn twenty_games_in_progress_at_once_however_they_start() {
    for db in test_dbs("limits_games").await {
        let w = World::new(db).await;
        for _ in 0..COMPUTER_GAMES_MAX {
            computer_game(&w).await;
        }
        let mut with_bob = Vec::new();
        for _ in 0..14 {
            with_bob.push(w.start(&alice(), &bob(), "").await);
        }
        // Dave's tournament, which Alice joins while she has room.
        w.ok(&dave(), "tournament create Spring").await;
        for who in [alice(), carol(), dave()] {
            w.ok(&who, "tournament join").await;
        }
        // An open challenge of hers (#15), one to her (#16), and her twentieth game (#17).
        w.ok(&alice(), "challenge").await;
        w.ok(&carol(), "challenge <@101>").await;
        w.ok(&dave(), "challenge <@101> black").await;
        w.ok(&alice(), "accept #17").await;
        assert_eq!(
            w.store
                .games()
                .games_in_progress_of(alice().id)
                .await
                .unwrap()
                .games,
            GAMES_IN_PROGRESS_MAX
        );

        // At twenty: no challenge, no acceptance, no game against the computer.
        assert_eq!(w.refused(&alice(), "challenge <@104>").await, games_cap(20));
        assert_eq!(
            w.refusal(&alice(), "challenge <@104>").await,
            (RefusalReason::AtCap, "cap-games")
        );
        assert_eq!(w.refused(&alice(), "accept #16").await, games_cap(20));
        assert_eq!(
            w.refused(&alice(), "challenge computer level 1").await,
            COMPUTER_CAP
        );
        // Her open challenge stays open, and whoever takes it hears why it cannot start yet...
        assert_eq!(w.refused(&dave(), "accept #15").await, ALICE_AT_CAP);
        // ...until one of her games is over.
        let over = with_bob[0];
        w.ok(&bob(), &format!("resign #{} confirm", over.0)).await;
        w.ok(&dave(), "accept #15").await;
        // A rematch is a challenge like another.
        assert_eq!(
            w.refused(&alice(), &format!("rematch #{}", over.0)).await,
            games_cap(20)
        );
        // Nobody else is held up: Bob and Carol play on.
        w.start(&bob(), &carol(), "").await;

        // A tournament starts every game, also Alice's (she signed up before she reached the
        // cap), and they count: she now has 22.
        let start = w.ok(&dave(), "tournament start").await;
        assert_eq!(start.new_games.len(), 3, "{}", start.text);
        assert_eq!(
            w.store
                .games()
                .games_in_progress_of(alice().id)
                .await
                .unwrap()
                .games,
            22
        );
        assert_eq!(w.refused(&alice(), "challenge <@104>").await, games_cap(22));
        w.ok(&carol(), "tournament create Summer").await;
        assert_eq!(w.refused(&alice(), "tournament join").await, games_cap(22));
    }
}

#[tokio::test]
async fn chat_that_looks_like_a_move_is_counted_before_any_look_up() {
    for db in test_dbs("limits_chat").await {
        let w = World::limited(db, Some(RateLimit::default())).await;
        // Plain chat is not counted.
        for _ in 0..3 * BURST {
            assert!(w.chat(&carol(), "good luck both").await.is_none());
        }
        w.ok(&carol(), "rules").await;
        // Dave plays no game here: his bare moves get no answer, but each is counted before
        // the bot looks for his game, so a flood of them costs no look-up at all.
        for _ in 0..BURST {
            assert!(w.chat(&dave(), "b3").await.is_none());
        }
        let reply = w.say(&dave(), "board").await;
        assert!(reply.private);
        assert_eq!(reply.text, slow_down(Lang::En));
        assert!(w.chat(&dave(), "b3").await.is_none());
    }
}

#[tokio::test]
async fn completions_have_an_allowance_of_their_own() {
    for db in test_dbs("limits_completions").await {
        let w = World::limited(db, Some(RateLimit::default())).await;
        let game = w.start(&alice(), &bob(), "").await;
        let alice_moves = || w.service.views().legal_moves_for(alice().id, PLACE, None);
        for i in 0..COMPLETION_BURST {
            assert!(!alice_moves().await.is_empty(), "completion {i}");
        }
        // Over the allowance nothing is offered (and nothing is looked up)...
        assert_eq!(alice_moves().await, Vec::<String>::new());
        // ...while Bob's completions and her commands have allowances of their own.
        let bob_lines = w
            .service
            .views()
            .forecast_completions(bob().id, PLACE, Some(game), "")
            .await;
        assert!(!bob_lines.is_empty());
        w.ok(&alice(), "board").await;
        // One more every refill.
        w.advance(COMPLETION_REFILL_EVERY);
        assert!(!alice_moves().await.is_empty());
        assert_eq!(alice_moves().await, Vec::<String>::new());
    }
}

/// Finds the computer's moves one at a time as the test lets it go, telling which game each
/// search is for (the seed carries the game's number) and counting how many ran at once.
struct HeldSearcher {
    started: tokio::sync::mpsc::UnboundedSender<u64>,
    go: Mutex<mpsc::Receiver<()>>,
    running: AtomicUsize,
    most: AtomicUsize,
}

impl Searcher for HeldSearcher {
    fn best_move(&self, game: &rules::Game, _level: Level, seed: u64) -> Option<Move> {
        let running = self.running.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(running, Ordering::SeqCst);
        self.started.send(seed >> 32).unwrap();
        self.go.lock().unwrap().recv().unwrap();
        self.running.fetch_sub(1, Ordering::SeqCst);
        game.position().legal_moves().first().copied()
    }
}

/// Waits (polling) until `done` holds.
async fn until(done: impl Fn() -> bool) {
    for _ in 0..10_000 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    panic!("it never happened");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computers_searches_take_turns_in_the_order_asked() {
    for db in test_dbs("limits_searches").await {
        let w = World::new(db).await;
        let (started, mut starts) = tokio::sync::mpsc::unbounded_channel();
        let (go, held) = mpsc::channel();
        let searcher = Arc::new(HeldSearcher {
            started,
            go: Mutex::new(held),
            running: AtomicUsize::new(0),
            most: AtomicUsize::new(0),
        });
        let svc = Arc::new(
            World::service_on(w.store.clone(), w.clock.clone()).with_searches(searcher.clone(), 1),
        );
        assert_eq!(svc.searches_at_once(), 1);
        // Alice, Bob and Carol each open a game in which the computer has White, one after
        // the other: the first search runs, the others wait in line.
        let open = |who: Actor| {
            let svc = Arc::clone(&svc);
            tokio::spawn(
                async move { say_to(&svc, &who, "challenge computer level 5 black").await },
            )
        };
        let alices = open(alice());
        assert_eq!(starts.recv().await, Some(1));
        let bobs = open(bob());
        until(|| svc.searches_waiting() == 1).await;
        let carols = open(carol());
        until(|| svc.searches_waiting() == 2).await;
        // Games between players are not held up meanwhile.
        let erin = actor(105, "erin");
        say_to(&svc, &dave(), "challenge <@105> white").await;
        let begun = say_to(&svc, &erin, "accept").await;
        let game = begun.new_game.expect("Dave and Erin's game");
        let moved = say_to(&svc, &dave(), &format!("move #{} b3", game.0)).await;
        assert!(moved.text.contains("played **b3**"), "{}", moved.text);
        // Each search, once let go, makes way for the next one asked.
        go.send(()).unwrap();
        assert_eq!(starts.recv().await, Some(2));
        go.send(()).unwrap();
        assert_eq!(starts.recv().await, Some(3));
        go.send(()).unwrap();
        for opened in [alices, bobs, carols] {
            let reply = opened.await.unwrap();
            assert!(
                reply.text.contains("The computer opened with **"),
                "{}",
                reply.text
            );
        }
        assert_eq!(searcher.most.load(Ordering::SeqCst), 1);
        assert_eq!(svc.searches_waiting(), 0);
    }
}

/// A player whose games against the computer all wait for an answer takes one place in the
/// line: another player's search comes after at most one of theirs, not after all of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_searches_take_one_place_in_the_line() {
    for db in test_dbs("limits_lanes").await {
        let w = World::new(db).await;
        let (started, mut starts) = tokio::sync::mpsc::unbounded_channel();
        let (go, held) = mpsc::channel();
        let searcher = Arc::new(HeldSearcher {
            started,
            go: Mutex::new(held),
            running: AtomicUsize::new(0),
            most: AtomicUsize::new(0),
        });
        let svc = Arc::new(
            World::service_on(w.store.clone(), w.clock.clone()).with_searches(searcher.clone(), 1),
        );
        let open = |who: Actor| {
            let svc = Arc::clone(&svc);
            tokio::spawn(
                async move { say_to(&svc, &who, "challenge computer level 5 black").await },
            )
        };
        // Alice opens three games, one after the other; Bob one, after them.
        let mut opened = vec![open(alice())];
        assert_eq!(starts.recv().await, Some(1));
        for waiting in 1..=2 {
            opened.push(open(alice()));
            until(|| svc.searches_waiting() == waiting).await;
        }
        opened.push(open(bob()));
        until(|| svc.searches_waiting() == 3).await;
        // Bob's game (#4) is searched right after Alice's first, before her other two.
        let mut order = vec![1];
        for _ in 0..3 {
            go.send(()).unwrap();
            order.push(starts.recv().await.unwrap());
        }
        go.send(()).unwrap();
        assert_eq!(order, [1, 4, 2, 3]);
        for opened in opened {
            let reply = opened.await.unwrap();
            assert!(
                reply.text.contains("The computer opened with **"),
                "{}",
                reply.text
            );
        }
        assert_eq!(searcher.most.load(Ordering::SeqCst), 1);
        assert_eq!(svc.searches_waiting(), 0);
    }
}

const TOURNAMENTS_CAP: &str = "You already organise 3 tournaments that have not started, and the \
    most is 3: start or cancel one before you create another.";

#[tokio::test]
async fn a_players_own_tournaments_cannot_be_buried() {
    for db in test_dbs("limits_tournaments").await {
        let w = World::new(db).await;
        // Bob's tournament, with three players signed up.
        w.ok(&bob(), "tournament create Spring").await;
        for who in [alice(), carol(), dave()] {
            w.ok(&who, "tournament join #1").await;
        }
        // Three unstarted tournaments an organiser at most; a cancelled one makes room.
        w.ok(&bob(), "tournament create Summer").await;
        w.ok(&bob(), "tournament create Autumn").await;
        assert_eq!(
            w.refused(&bob(), "tournament create Winter").await,
            TOURNAMENTS_CAP
        );
        w.ok(&bob(), "tournament cancel #3").await;
        w.ok(&bob(), "tournament cancel #2").await;
        // Sixty newer tournaments of twenty other organisers, and a hundred cancelled ones.
        for organiser in 0..20 {
            let who = actor(200 + organiser, &format!("o{organiser}"));
            for k in 0..3 {
                w.ok(&who, &format!("tournament create T{organiser}x{k}"))
                    .await;
            }
        }
        let spammer = actor(300, "spam");
        for k in 0..100 {
            let made = w.ok(&spammer, &format!("tournament create S{k}")).await;
            let id = 64 + k;
            assert!(made.text.contains(&format!("#{id}")), "{}", made.text);
            w.ok(&spammer, &format!("tournament cancel #{id}")).await;
        }
        // The name of an event in progress stays its own, in any case.
        assert_eq!(
            w.refused(&carol(), "tournament create SPRING").await,
            "There is already a tournament of that name in this server: #1 **Spring**. Pick \
             another name."
        );
        // Carol finds the one she signed up to, and Bob the one he organises.
        let left = w.ok(&carol(), "tournament leave").await;
        assert!(left.text.contains("#1 **Spring**"), "{}", left.text);
        w.ok(&carol(), "tournament join #1").await;
        let listed = w.ok(&carol(), "tournaments").await;
        assert!(listed.text.contains("#1 **Spring**"), "{}", listed.text);
        let start = w.ok(&bob(), "tournament start").await;
        assert!(
            start.text.contains("#1 **Spring** has begun"),
            "{}",
            start.text
        );
        // Running, it is what `tournament` shows; the name is still taken.
        let standings = w.ok(&dave(), "tournament").await;
        assert!(standings.text.contains("Spring"), "{}", standings.text);
        assert!(
            w.refused(&dave(), "tournament create spring")
                .await
                .starts_with("There is already a tournament of that name")
        );
    }
}
