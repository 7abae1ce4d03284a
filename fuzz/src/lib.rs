//! What each fuzz target does with its input, kept apart from libFuzzer so that the bot's own
//! test suite (`tests/fuzz_corpus.rs`) replays every committed corpus file through exactly the
//! same checks without installing cargo-fuzz.
//!
//! Every function panics when an invariant breaks; that panic is the crash the fuzzer reports.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rollerball::game::command::{Opponent, looks_like_move};
use rollerball::game::{ButtonAction, Command, ManualClock, Reply, Request, Service};
use rollerball::rules::{self, Position};
use rollerball::store::{
    ChallengeId, GameId, Place, PlayerId, Reach, Store, StoreOptions, Timestamp,
};

/// Positions the move reader is tried in: the start, and reference positions of the rules'
/// test vectors (promotions, rebounds, checks, a crossed king, stalemate-like corners).
pub const FENS: &[&str] = &[
    rules::START_FEN,
    "3Pr2/6k/7/7/7/K6/3p3 w Kk 1",
    "3Pr2/6k/7/7/7/K6/3p3 b Kk 1",
    "6k/2P4/7/7/7/7/3B2K w - 1",
    "6k/7/7/7/7/6K/p3R2 w - 1",
    "k6/7/7/7/7/6K/1R5 b - 1",
    "7/6k/7/7/7/6K/1R5 w - 1",
    "1B5/3k3/7/7/7/7/K6 b - 1",
    "2K4/7/7/7/7/7/6k w K 1",
    "k6/7/7/7/7/4K2/1R4R b - 1",
    "1Rr4/5r1/5Bp/1P4b/5p1/P1K2k1/7 w Kk 1",
    "r3pp1/1r1k3/7/1P4b/7/P2KR2/3BR2 b - 1",
    "2rb1k1/2r1p2/6p/7/1B5/K1R4/1PPR3 w Kk 1",
    "4r2/3k2b/PK5/P6/6p/R6/3B1Rp w K 1",
    "7/P5k/P6/K6/7/7/R1bb3 w Kk 1",
    "2r1p2/2rkbp1/7/7/7/2PK1R1/2PB1R1 w - 1",
];

/// Characters that are invisible in chat but change how text reads: a command must never
/// carry one into what the service acts on.
fn is_invisible_control(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// The `fen` target: any text through the FEN reader. A FEN it accepts must write back to a FEN
/// that reads as the same position, and every legal move there must read back from its SAN and
/// coordinate forms.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(position) = Position::from_fen(text) else {
        return;
    };
    let written = position.to_fen();
    assert_eq!(
        Position::from_fen(&written),
        Ok(position),
        "`{text}` was read, written as `{written}`, and that reads differently"
    );
    check_notation_round_trip(&position);
}

/// Every legal move of `position` reads back from its SAN and from its coordinate form.
fn check_notation_round_trip(position: &Position) {
    for (mv, san) in rules::legal_sans(position) {
        assert_eq!(
            rules::read_move(position, &san),
            Ok(mv),
            "SAN `{san}` in {}",
            position.to_fen()
        );
        let coord = rules::coordinate(position, mv);
        assert_eq!(
            rules::read_move(position, &coord),
            Ok(mv),
            "`{coord}` in {}",
            position.to_fen()
        );
    }
}

/// The `move_reader` target: the first byte picks a position from [`FENS`], the rest is what a
/// player typed. A move the reader accepts must be legal there, and must be written back (SAN and
/// coordinates) as text that reads as the same move; playing it through a game must agree.
pub fn move_reader(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let fen = FENS[usize::from(pick) % FENS.len()];
    let position = Position::from_fen(fen).expect("the harness's FENs are valid");
    let text = String::from_utf8_lossy(rest);
    let read = rules::read_move(&position, &text);
    let mut game = rules::Game::from_fen(fen).expect("valid FEN");
    let played = game.play_input(&text);
    match read {
        Ok(mv) => {
            assert!(position.is_legal(mv), "`{text}` read as an illegal move");
            let san = rules::san(&position, mv);
            assert_eq!(rules::read_move(&position, &san), Ok(mv), "SAN `{san}`");
            let coord = rules::coordinate(&position, mv);
            assert_eq!(rules::read_move(&position, &coord), Ok(mv), "`{coord}`");
            assert_eq!(played.ok(), Some(mv), "the game plays what the reader read");
            assert_eq!(game.sans(), [san]);
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            assert!(
                played.is_err(),
                "the game played `{text}`, the reader refused it"
            );
            assert_eq!(
                game.position(),
                &position,
                "a refused move changed the game"
            );
        }
    }
}

/// The `command` target: any text through the command parser, with and without the bare-move
/// fallback, and as a button's `custom_id`. A line that parses carries no invisible control
/// character into the command, and a button id that reads back is the one it writes.
pub fn command(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let parsed = Command::parse(&text);
    let lenient = Command::parse_or_move(&text);
    match (&parsed, &lenient) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "the fallback changed a command that parsed"),
        (Ok(_), Err(e)) => panic!("parsed strictly but not leniently: {e}"),
        (Err(e), _) => assert!(!e.to_string().trim().is_empty(), "an empty refusal"),
    }
    if let Ok(command) = &lenient {
        let chars = text.chars().count();
        assert!(
            chars <= rollerball::game::command::MAX_LINE,
            "a {chars}-character line was taken"
        );
        let shown = format!("{command:?}");
        assert!(
            !shown.chars().any(is_invisible_control),
            "an invisible control character reached the command: {shown}"
        );
        if let Command::Move { text: mv, .. } = command {
            assert!(!mv.trim().is_empty(), "an empty move");
        }
    }
    let _ = looks_like_move(&text);
    if let Some(action) = ButtonAction::from_custom_id(&text) {
        assert_eq!(
            action.custom_id(),
            text,
            "a custom_id reads back as another"
        );
        let _ = action.command();
    }
}

/// White in game 1 (against Bob) and against the computer; see [`ServiceHarness`].
pub const ALICE: u64 = 101;
/// Black in game 1, White in game 2 (against Carol), with a draw offer pending there.
pub const BOB: u64 = 102;
/// Black in game 2; has an open challenge in the channel.
pub const CAROL: u64 = 103;
/// Plays in neither active game between people: the stranger pressing their buttons.
pub const DAVE: u64 = 104;
const ACTORS: [(u64, &str); 4] = [
    (ALICE, "alice"),
    (BOB, "bob"),
    (CAROL, "carol"),
    (DAVE, "dave"),
];
/// The server channel of game 1 and of the open challenges.
pub const CHANNEL: u64 = 50;
/// Game 2's own thread.
pub const THREAD: u64 = 61;
const SERVER: u64 = 5;
/// The most lines one input may hold: a few more than the rate limit's burst, so that floods
/// are part of what is explored.
pub const MAX_LINES: usize = 12;
/// The start of the world's clock.
pub const T0: Timestamp = Timestamp(1_700_000_000_000);

fn channel_place() -> Place {
    Place {
        server: Some(SERVER),
        channel: CHANNEL,
        thread: None,
        reach: Reach::Posts,
    }
}

fn thread_place() -> Place {
    Place {
        server: Some(SERVER),
        channel: CHANNEL,
        thread: Some(THREAD),
        reach: Reach::Posts,
    }
}

fn dm_place(actor: u64) -> Place {
    Place {
        server: None,
        channel: 900 + actor,
        thread: None,
        reach: Reach::Posts,
    }
}

fn actor(id: u64) -> rollerball::game::Actor {
    let name = ACTORS.iter().find(|(i, _)| *i == id).map_or("x", |a| a.1);
    rollerball::game::Actor {
        id: PlayerId(id),
        name: name.to_string(),
    }
}

/// How one line of a `service_line` input reaches the service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// `t`: a command typed in the server channel (`handle_text`).
    TextInChannel,
    /// `h`: a command typed in game 2's thread.
    TextInThread,
    /// `b`: a button pressed in the channel; the line is its `custom_id` (`handle_button`).
    ButtonInChannel,
    /// `p`: a button pressed in game 2's thread.
    ButtonInThread,
    /// `m`: a plain chat message in the channel (`handle_bare_message`).
    BareInChannel,
    /// `n`: a plain chat message in game 2's thread.
    BareInThread,
    /// `d`: a command in a direct message with the bot.
    Dm,
    /// `w`: time passes (the line's first byte, in hours) and the deadline sweep runs.
    Wait,
}

impl Entry {
    fn of(byte: u8) -> Entry {
        match byte {
            b't' => Entry::TextInChannel,
            b'h' => Entry::TextInThread,
            b'b' => Entry::ButtonInChannel,
            b'p' => Entry::ButtonInThread,
            b'm' => Entry::BareInChannel,
            b'n' => Entry::BareInThread,
            b'd' => Entry::Dm,
            b'w' => Entry::Wait,
            other => {
                Entry::of([b't', b'h', b'b', b'p', b'm', b'n', b'd', b'w'][usize::from(other % 8)])
            }
        }
    }
}

/// One line of a `service_line` input: `AE rest`, where `A` names the actor (`a`lice, `b`ob,
/// `c`arol, `d`ave; other bytes by their value) and `E` the [`Entry`]; the text follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub actor: u64,
    pub entry: Entry,
    pub text: String,
}

/// Splits an input into its lines (at most [`MAX_LINES`]).
pub fn lines(data: &[u8]) -> Vec<Line> {
    data.split(|&b| b == b'\n')
        .filter(|l| l.len() >= 2)
        .take(MAX_LINES)
        .map(|l| {
            let actor = match l[0] {
                b'a' => ALICE,
                b'b' => BOB,
                b'c' => CAROL,
                b'd' => DAVE,
                other => ACTORS[usize::from(other % 4)].0,
            };
            let text = l[2..].strip_prefix(b" ").unwrap_or(&l[2..]);
            Line {
                actor,
                entry: Entry::of(l[1]),
                text: String::from_utf8_lossy(text).into_owned(),
            }
        })
        .collect()
}

/// What the database holds about games and challenges, as text: equal before and after a
/// command exactly when the command changed none of them. (Players are left out: looking at
/// your settings records you as a player, which is no change to any game.)
async fn fingerprint(store: &Store) -> String {
    let mut out = String::new();
    for id in 1.. {
        match store
            .games()
            .game_with_moves(GameId(id))
            .await
            .expect("store")
        {
            Some((game, moves)) => out.push_str(&format!("{game:?}{moves:?}\n")),
            None => break,
        }
    }
    for id in 1.. {
        match store
            .challenges()
            .challenge(ChallengeId(id))
            .await
            .expect("store")
        {
            Some(c) => out.push_str(&format!("{c:?}\n")),
            None => break,
        }
    }
    out
}

/// The `service_line` target: a fresh copy of one small world (a game between Alice and Bob in
/// the channel, a game between Bob and Carol in its own thread with a draw offer pending, a
/// finished game of Dave's, a game against the computer, an open challenge by Carol and one by
/// Alice to Dave), on SQLite, with a hand-driven clock; each input line is said by one of four
/// players through one of the service's entry points.
///
/// Checked after every line: nothing panics; every answer has text; a private answer changed
/// no game, move or challenge; every mention is of a known player; every button's id reads back.
pub struct ServiceHarness {
    runtime: tokio::runtime::Runtime,
    dir: PathBuf,
    template: Vec<(String, Vec<u8>)>,
    runs: AtomicU64,
    _tempdir: Option<TempDir>,
}

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl ServiceHarness {
    /// Builds the world once, as a template database copied for every input. It lives in
    /// memory-backed `/dev/shm` when there is one, since every commit syncs the file.
    pub fn new() -> Result<ServiceHarness, String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        let base = if Path::new("/dev/shm").is_dir() {
            PathBuf::from("/dev/shm")
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!("rollerball-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let tempdir = TempDir(dir.clone());
        let path = dir.join("template.db");
        let template = runtime.block_on(async {
            let store = Store::connect(&sqlite_url(&path))
                .await
                .map_err(|e| e.to_string())?;
            let clock = Arc::new(ManualClock::new(T0));
            let service = world_service(store.clone(), clock.clone());
            build_world(&service, &clock).await?;
            // A consistent copy: the file and its write-ahead log, with no write in flight.
            let mut files = Vec::new();
            for suffix in ["", "-wal"] {
                let file = dir.join(format!("template.db{suffix}"));
                if let Ok(bytes) = std::fs::read(&file) {
                    files.push((suffix.to_string(), bytes));
                }
            }
            store.close().await;
            Ok::<_, String>(files)
        })?;
        Ok(ServiceHarness {
            runtime,
            dir,
            template,
            runs: AtomicU64::new(0),
            _tempdir: Some(tempdir),
        })
    }

    /// Runs one input against a fresh copy of the world.
    pub fn run(&self, data: &[u8]) {
        let lines = lines(data);
        if lines.is_empty() {
            return;
        }
        let n = self.runs.fetch_add(1, Ordering::Relaxed);
        let path = self.dir.join(format!("run-{n}.db"));
        for (suffix, bytes) in &self.template {
            std::fs::write(format!("{}{suffix}", path.display()), bytes).expect("copy the world");
        }
        self.runtime.block_on(async {
            let store = Store::open(
                &sqlite_url(&path),
                StoreOptions {
                    max_connections: 2,
                    ..StoreOptions::default()
                },
            )
            .await
            .expect("open the copy");
            let clock = Arc::new(ManualClock::new(T0));
            clock.advance(Duration::from_secs(3600));
            let service = world_service(store.clone(), clock.clone());
            for line in &lines {
                run_line(&service, &store, &clock, line).await;
            }
            store.close().await;
        });
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}

/// The service as the bot runs it: Discord's markup and the default rate limit.
fn world_service(store: Store, clock: Arc<ManualClock>) -> Service {
    Service::new(store, clock).with_markup(Arc::new(rollerball::discord::DiscordMarkup))
}

fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

/// Says `text` as `who` in `place`, insisting that it is accepted.
async fn setup(service: &Service, who: u64, place: Place, text: &str) -> Result<Reply, String> {
    let reply = service
        .handle(Request::line(actor(who), place, text))
        .await
        .ok_or_else(|| format!("setting up the world, `{text}` got no answer"))?;
    if reply.private {
        return Err(format!(
            "setting up the world, `{text}` was refused: {}",
            reply.text
        ));
    }
    Ok(reply)
}

async fn build_world(service: &Service, clock: &ManualClock) -> Result<(), String> {
    let here = channel_place();
    // Game 1: Alice (White) vs Bob in the channel, one move each.
    setup(service, ALICE, here, "challenge <@102> white days 2").await?;
    setup(service, BOB, here, "accept").await?;
    setup(service, ALICE, here, "move b3").await?;
    setup(service, BOB, here, "move f5").await?;
    // Game 2: Bob (White) vs Carol, moved to its thread; Bob has moved and offers a draw.
    setup(service, BOB, here, "challenge <@103> white").await?;
    let game2 = setup(service, CAROL, here, "accept")
        .await?
        .new_game
        .ok_or("game 2 did not start")?;
    service
        .commands()
        .attach_thread(game2, THREAD)
        .await
        .map_err(|e| e.to_string())?;
    setup(service, BOB, thread_place(), "c2-b3").await?;
    setup(service, BOB, thread_place(), "draw").await?;
    // Game 3: Dave resigned against Carol in another channel.
    let elsewhere = Place {
        channel: 52,
        ..here
    };
    setup(service, CAROL, elsewhere, "challenge <@104> black").await?;
    setup(service, DAVE, elsewhere, "accept").await?;
    setup(service, DAVE, elsewhere, "resign confirm").await?;
    // Game 4: Alice against the level 1 computer, in another channel.
    let computer = Place {
        channel: 53,
        ..here
    };
    setup(service, ALICE, computer, "challenge computer level 1 white").await?;
    setup(service, ALICE, computer, "c2-b3").await?;
    // Two open challenges: Carol's to anyone here, Alice's to Dave.
    setup(service, CAROL, here, "challenge casual").await?;
    setup(service, ALICE, here, "challenge <@104> days 5").await?;
    clock.advance(Duration::from_secs(60));
    Ok(())
}

/// True for lines that would make the computer think for long (levels 4 and 5): they are
/// skipped so the fuzzer spends its time on the bot, not on the engine's search.
fn slow(text: &str) -> bool {
    matches!(
        Command::parse_or_move(text),
        Ok(Command::Challenge {
            opponent: Opponent::Computer { level },
            ..
        }) if level.get() >= 4
    )
}

async fn run_line(service: &Service, store: &Store, clock: &ManualClock, line: &Line) {
    let who = actor(line.actor);
    let text = line.text.as_str();
    if slow(text) {
        return;
    }
    let before = fingerprint(store).await;
    let request = match line.entry {
        Entry::TextInChannel => Request::line(who, channel_place(), text),
        Entry::TextInThread => Request::line(who, thread_place(), text),
        Entry::Dm => Request::line(who, dm_place(line.actor), text),
        Entry::ButtonInChannel => Request::button(who, channel_place(), text),
        Entry::ButtonInThread => Request::button(who, thread_place(), text),
        Entry::BareInChannel => Request::chat(who, channel_place(), text),
        Entry::BareInThread => Request::chat(who, thread_place(), text),
        Entry::Wait => {
            let hours = text.bytes().next().unwrap_or(0);
            clock.advance(Duration::from_secs(3600 * u64::from(hours)));
            let notices = service.sweeper().sweep().await;
            for notice in &notices {
                check_reply(store, &notice.reply, text).await;
            }
            return;
        }
    };
    let reply = service.handle(request).await;
    let Some(reply) = reply else {
        assert_eq!(
            fingerprint(store).await,
            before,
            "a message that got no answer changed something: {line:?}"
        );
        return;
    };
    check_reply(store, &reply, text).await;
    if reply.private {
        assert_eq!(
            fingerprint(store).await,
            before,
            "a private answer came with a change: {line:?} → {}",
            reply.text
        );
    }
}

async fn check_reply(store: &Store, reply: &Reply, said: &str) {
    assert!(
        !reply.text.trim().is_empty(),
        "an empty answer to `{said}`: {reply:?}"
    );
    for player in &reply.mentions {
        assert!(
            store
                .players()
                .player(*player)
                .await
                .expect("store")
                .is_some(),
            "`{said}` made the bot mention an unknown user {}",
            player.0
        );
    }
    for button in &reply.buttons {
        assert_eq!(
            ButtonAction::from_custom_id(&button.action.custom_id()),
            Some(button.action)
        );
    }
}
