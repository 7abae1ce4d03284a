//! The database failing under a running service: the link to PostgreSQL is cut (through a TCP
//! relay inside the test), every command meanwhile is told to try again shortly, nothing
//! half-written remains, and once the link is back the same service and store carry on without
//! a restart. Needs `TEST_DATABASE_URL` (skipped without it, like the other PostgreSQL tests).

use crate::common;
use crate::relay;

use std::sync::Arc;
use std::time::Duration;

use common::{TestDb, World, actor};
use relay::Relay;
use rollerball::game::{ManualClock, Reply, Request, Service};
use rollerball::rules::{self, Game as RulesGame};
use rollerball::store::{
    EventId, EventKind, GameId, GameStatus, Place, Reach, Store, StoreOptions,
};

/// What a player reads when the database cannot be reached.
const UNREACHABLE: &str =
    "I can't reach my database just now, so nothing was changed. Please try again shortly.";
/// What a player reads when the link broke while their move was being committed and the store
/// could not find out whether it was.
const UNCONFIRMED: &str = "I lost my connection to the database just as I was saving that, so I can't tell yet whether it was saved. Look at `board` in a moment before trying again.";
/// How long the store under test waits for a connection (the bot's default is 5 s).
const ACQUIRE: Duration = Duration::from_millis(500);
/// A command must answer within this even when the database never answers (a guard against a
/// hang, far above [`ACQUIRE`]; the old 30 s acquire timeout would trip it).
const HANG: Duration = Duration::from_secs(15);
const DAY: Duration = Duration::from_secs(86_400);

/// Two games in two channels: (White, Black, channel).
const TABLES: [(u64, u64, u64); 2] = [(101, 102, 50), (103, 104, 51)];

fn place(channel: u64) -> Place {
    Place {
        server: Some(5),
        channel,
        thread: None,
        reach: Reach::Posts,
    }
}

/// A service whose store reaches PostgreSQL only through a relay.
struct Cuttable {
    relay: Relay,
    service: Service,
    clock: Arc<ManualClock>,
    /// The same database, not through the relay: what is really stored.
    direct: Store,
    _db: TestDb,
}

impl Cuttable {
    /// `plain`: without TLS, so that the relay can read what the client sends (the server
    /// offers TLS and sqlx takes it when offered).
    async fn new(name: &str, plain: bool) -> Option<Cuttable> {
        let Some(db) = common::postgres_db(name).await else {
            eprintln!("TEST_DATABASE_URL is not set: skipping {name}");
            return None;
        };
        let direct = db.store().await;
        let (host, port) = relay::host_port(&db.url);
        let upstream = tokio::net::lookup_host((host.as_str(), port))
            .await
            .expect("the server's address")
            .next()
            .expect("an address");
        let relay = Relay::start(upstream).await;
        let mut url = relay.url_through(&db.url);
        assert_ne!(url, db.url, "the store must go through the relay");
        if plain {
            url.push_str(if url.contains('?') { "&" } else { "?" });
            url.push_str("sslmode=disable");
        }
        let store = Store::connect_with(
            &url,
            StoreOptions {
                max_connections: 4,
                acquire_timeout: ACQUIRE,
            },
        )
        .await
        .expect("store through the relay");
        let clock = Arc::new(ManualClock::new(common::T0));
        let service = World::service_on(store, clock.clone());
        Some(Cuttable {
            relay,
            service,
            clock,
            direct,
            _db: db,
        })
    }

    async fn say(&self, who: u64, channel: u64, text: &str) -> Reply {
        let request = Request::line(actor(who, &format!("p{who}")), place(channel), text);
        tokio::time::timeout(HANG, self.service.handle(request))
            .await
            .unwrap_or_else(|_| panic!("`{text}` got no answer: the store waited too long"))
            .expect("an answer")
    }

    async fn ok(&self, who: u64, channel: u64, text: &str) -> Reply {
        let reply = self.say(who, channel, text).await;
        assert!(!reply.private, "`{text}` was refused: {}", reply.text);
        reply
    }

    /// Starts a game at each table and plays a few moves in each; returns the games and their
    /// mirrors.
    async fn games_in_progress(&self) -> Vec<(GameId, RulesGame)> {
        let mut games = Vec::new();
        for (white, black, channel) in TABLES {
            self.ok(
                white,
                channel,
                &format!("challenge <@{black}> white days 2"),
            )
            .await;
            let accepted = self.ok(black, channel, "accept").await;
            let id = accepted.new_game.expect("a game starts");
            let mut mirror = RulesGame::new();
            for _ in 0..3 {
                self.move_now(id, &mut mirror).await;
            }
            games.push((id, mirror));
        }
        games
    }

    /// The player to move in game `id` plays its first legal move; it must be accepted.
    async fn move_now(&self, id: GameId, mirror: &mut RulesGame) {
        let (who, channel) = self.to_move(id, mirror);
        let san = first_move(mirror);
        self.ok(who, channel, &format!("move {san}")).await;
        mirror.play_input(&san).expect("legal");
    }

    fn to_move(&self, id: GameId, mirror: &RulesGame) -> (u64, u64) {
        let (white, black, channel) = TABLES[(id.0 as usize - 1) % TABLES.len()];
        let who = if mirror.ply() % 2 == 0 { white } else { black };
        (who, channel)
    }

    /// What is stored is whole: each game's position is the replay of its stored moves, its
    /// ply counts them, and it matches the mirror of the moves the players were told stand.
    async fn assert_whole(&self, games: &[(GameId, RulesGame)]) {
        for (id, mirror) in games {
            let game = self
                .direct
                .games()
                .game(*id)
                .await
                .unwrap()
                .expect("the game");
            let moves = self.direct.games().moves(*id).await.unwrap();
            let mut replay = RulesGame::from_fen(&game.start_fen).expect("start");
            for m in &moves {
                replay.play_input(&m.san).expect("a stored move replays");
                assert_eq!(replay.position().to_fen(), m.fen_after);
            }
            assert_eq!(game.ply as usize, moves.len(), "game #{}", id.0);
            assert_eq!(game.fen, replay.position().to_fen(), "game #{}", id.0);
            assert_eq!(game.fen, mirror.position().to_fen(), "game #{}", id.0);
            assert_eq!(game.status, GameStatus::Active);
        }
    }
}

fn first_move(mirror: &RulesGame) -> String {
    rules::legal_sans(mirror.position())
        .into_iter()
        .map(|(_, san)| san)
        .next()
        .expect("a legal move")
}

/// Every kind of command, with the database out of reach, gets the same clear answer and
/// changes nothing.
async fn assert_all_refused(c: &Cuttable, games: &[(GameId, RulesGame)]) {
    for (id, mirror) in games {
        let (who, channel) = c.to_move(*id, mirror);
        let (white, black, _) = TABLES[(id.0 as usize - 1) % TABLES.len()];
        let other = if who == white { black } else { white };
        for (by, text) in [
            (who, format!("move {}", first_move(mirror))),
            (who, "board".to_string()),
            (who, "games".to_string()),
            (who, format!("moves #{}", id.0)),
            (other, "draw".to_string()),
            (who, format!("resign #{} confirm", id.0)),
            (other, format!("challenge <@{who}>")),
            (who, "accept".to_string()),
        ] {
            let reply = c.say(by, channel, &text).await;
            assert!(reply.private, "`{text}` answered publicly: {}", reply.text);
            assert_eq!(reply.text, UNREACHABLE, "the answer to `{text}`");
        }
    }
    assert!(
        c.service.sweeper().sweep().await.is_empty(),
        "the sweep claims nothing while the database is out of reach (and logs why)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_cut_then_restored_without_a_restart() {
    let Some(c) = Cuttable::new("faults_cut", false).await else {
        return;
    };
    let mut games = c.games_in_progress().await;
    c.assert_whole(&games).await;
    let relayed = c.relay.relayed();
    assert!(relayed > 0, "the store went through the relay");

    // The link breaks: connections in the pool die, new ones are refused at once.
    c.relay.cut();
    assert_all_refused(&c, &games).await;
    c.assert_whole(&games).await;

    // The link drops packets: new connections hang, and the acquire timeout answers.
    c.relay.blackhole();
    let (id, mirror) = &games[0];
    let (who, channel) = c.to_move(*id, mirror);
    let reply = c
        .say(who, channel, &format!("move {}", first_move(mirror)))
        .await;
    assert_eq!(reply.text, UNREACHABLE);
    c.assert_whole(&games).await;

    // Back: the same service and store carry on, moves and sweep alike.
    c.relay.restore();
    for (id, mirror) in games.iter_mut() {
        c.move_now(*id, mirror).await;
        let (who, channel) = c.to_move(*id, mirror);
        let board = c.ok(who, channel, "board").await;
        assert!(board.image.is_some(), "the board is drawn again");
    }
    c.assert_whole(&games).await;
    assert!(c.relay.relayed() > relayed, "new connections were made");
    // Two days later the player to move in each game has run out of time: the sweep, on the
    // same store, ends both.
    c.clock.advance(3 * DAY);
    let notices = c.service.sweeper().sweep().await;
    for (id, _) in &games {
        let label = format!("**Game #{}**", id.0);
        assert!(
            notices
                .iter()
                .any(|n| n.reply.text.contains(&label)
                    && n.reply.text.contains("did not move in time")),
            "no time-out notice for game #{}: {:?}",
            id.0,
            notices.iter().map(|n| &n.reply.text).collect::<Vec<_>>()
        );
        let game = c.direct.games().game(*id).await.unwrap().unwrap();
        assert_eq!(game.status, GameStatus::Finished);
    }
}

/// How the link breaks around a move's `COMMIT`, before or after the server gets it (see
/// [`commit_interrupted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Break {
    /// The COMMIT never reaches the server; the link stays down.
    CutBefore,
    /// The COMMIT never reaches the server; new connections go through at once.
    BlipBefore,
    /// The server commits, its answer is lost; new connections go through at once.
    BlipAfter,
    /// The server commits, its answer is lost; the link stays down.
    CutAfter,
}

/// A move whose commit is interrupted as `how` says: the player is told the truth (refused,
/// played, or not known yet), the stored game is whole either way, and once the link is back
/// the game goes on from what is stored.
async fn commit_interrupted(name: &str, how: Break) {
    let Some(c) = Cuttable::new(name, true).await else {
        return;
    };
    let mut games = c.games_in_progress().await;
    let id = games[0].0;
    let before = c.direct.games().game(id).await.unwrap().unwrap();
    let moves_before = c.direct.games().moves(id).await.unwrap();

    // `COMMIT` travels as a simple query (its text on the wire), and the server's answer to it
    // names it; the store's connections are plain here so that the relay can see them.
    match how {
        Break::CutBefore => c.relay.cut_when_sent(b"COMMIT\0"),
        Break::BlipBefore => c.relay.blip_when_sent(b"COMMIT\0"),
        Break::BlipAfter => c.relay.blip_when_answered(b"COMMIT\0"),
        Break::CutAfter => c.relay.cut_when_answered(b"COMMIT\0"),
    }
    let (who, channel) = c.to_move(id, &games[0].1);
    let san = first_move(&games[0].1);
    let reply = c.say(who, channel, &format!("move {san}")).await;
    assert_eq!(c.relay.tripped(), 1, "the link broke at the COMMIT");
    let committed = matches!(how, Break::BlipAfter | Break::CutAfter);
    match how {
        // The store could not ask the server afterwards: it says it does not know.
        Break::CutBefore | Break::CutAfter => {
            assert!(reply.private);
            assert_eq!(reply.text, UNCONFIRMED);
        }
        // The store asked on a new connection: the move was not written.
        Break::BlipBefore => {
            assert!(reply.private);
            assert_eq!(reply.text, UNREACHABLE);
        }
        // The store asked on a new connection: the move stands, and the player is told so.
        Break::BlipAfter => {
            assert!(!reply.private, "{}", reply.text);
            assert!(
                reply.text.contains(&format!("played **{san}**")),
                "{}",
                reply.text
            );
            // And the answer tells the move's event, as it would have without the blip.
            let events = c
                .direct
                .event_log()
                .all_events_after(EventId(0), 1000)
                .await
                .unwrap();
            let last = events.last().expect("the move's event");
            assert!(matches!(last.kind, EventKind::Moved { .. }), "{last:?}");
            assert_eq!(reply.told.ids(), [last.id]);
        }
    }
    let stored = c.direct.games().game(id).await.unwrap().unwrap();
    if committed {
        games[0].1.play_input(&san).unwrap();
        assert_eq!(stored.ply, before.ply + 1);
        assert_eq!(stored.version, before.version + 1);
    } else {
        assert_eq!(stored, before);
        assert_eq!(c.direct.games().moves(id).await.unwrap(), moves_before);
    }
    c.assert_whole(&games).await;

    // The link is back: `board` shows what is stored, and play goes on from there.
    c.relay.restore();
    let board = c.ok(who, channel, "board").await;
    assert_eq!(
        board.fen.as_deref(),
        Some(games[0].1.position().to_fen().as_str())
    );
    if committed {
        // Sending the same move again is refused: it is the other player's turn now.
        let again = c.say(who, channel, &format!("move {san}")).await;
        assert!(again.private);
        assert!(again.text.contains("not yours"), "{}", again.text);
    }
    c.move_now(id, &mut games[0].1).await;
    c.assert_whole(&games).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn link_cut_before_a_commit_reaches_the_server() {
    commit_interrupted("faults_cut_before", Break::CutBefore).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn link_blip_before_a_commit_reaches_the_server() {
    commit_interrupted("faults_blip_before", Break::BlipBefore).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn link_blip_after_the_server_committed() {
    commit_interrupted("faults_blip_after", Break::BlipAfter).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn link_cut_after_the_server_committed() {
    commit_interrupted("faults_cut_after", Break::CutAfter).await;
}

/// With the database out of reach (new connections never answered), a command waits for it
/// once: one attempt to connect, where it used to wait once for each read (the player's
/// language, the server's, the game, the held notices), and it is told the move was not
/// played. The time is bounded by that one wait (see "The bound" in docs/operators.md); the
/// test counts attempts rather than seconds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outage_is_answered_after_one_wait() {
    let Some(c) = Cuttable::new("faults_one_wait", false).await else {
        return;
    };
    let games = c.games_in_progress().await;
    c.relay.blackhole();
    let (id, mirror) = &games[0];
    let (who, channel) = c.to_move(*id, mirror);
    for text in [
        format!("move {}", first_move(mirror)),
        "board".to_string(),
        format!("moves #{}", id.0),
    ] {
        let before = c.relay.attempts();
        let reply = c.say(who, channel, &text).await;
        assert!(reply.private);
        assert_eq!(reply.text, UNREACHABLE, "the answer to `{text}`");
        assert_eq!(
            c.relay.attempts() - before,
            1,
            "`{text}` waited for the database more than once"
        );
    }
    c.relay.restore();
    c.assert_whole(&games).await;
    let mut games = games;
    let (id, mirror) = &mut games[0];
    c.move_now(*id, mirror).await;
}
