//! The host's database tools: `db copy` between SQLite and PostgreSQL (both ways when
//! `TEST_DATABASE_URL` is set, SQLite to SQLite always), and `db backup` of a live SQLite file
//! while moves keep being committed. Through the library and through the binary.

use crate::common;

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use common::{
    PLACE, T0, TestDb, alice, assert_sqlite_sound, bob, carol, dave, postgres_db, say_to,
    seed_stored_games, sqlite_db,
};
use rollerball::discord::DiscordMarkup;
use rollerball::engine::analysis::Budget;
use rollerball::game::{Actor, EngineAnalyst, ManualClock, Service};
use rollerball::ops::{self, BackupError, CopyProgress, CopyReport, TransferError};
use rollerball::rules;
use rollerball::store::{
    self, ChallengeId, Days, Deadline, EventId, GameId, Level, NewGame, PlayerId, RatingScope,
    Store, StoreOptions, Timestamp, TournamentId,
};
use sqlx::Row;

/// The twelve plies of a checkmate (the service tests' `checkmate_game`).
const MATE: &str = "c2b2 e7f6 Ba4 Rb7 Bxc6 ef5 Rd1 Bxc6 Rf2 Rd7 Rg2 Rxg2#";

/// Rows per table of the database [`populate`] makes, in the order the copy goes.
const ROWS: [(&str, u64); 17] = [
    ("players", 4),
    ("servers", 1),
    ("games", 7),
    ("challenges", 4),
    ("moves", 17),
    ("ratings", 4),
    ("id_counters", 4),
    ("tournaments", 2),
    ("tournament_entrants", 4),
    ("tournament_games", 3),
    ("forecasts", 1),
    ("vacation_days", 1),
    ("analyses", 1),
    ("analysis_positions", 13),
    ("held_notices", 0),
    ("events", 26),
    ("event_readers", 0),
];

async fn say(service: &Service, who: &Actor, text: &str) {
    let reply = say_to(service, who, text).await;
    assert!(
        !reply.private,
        "`{text}` by {} was refused: {}",
        who.name, reply.text
    );
}

/// A database as a bot leaves it: a finished rated game (so ratings), its rematch, a game in
/// progress, a game against the computer, open and declined challenges, a running tournament
/// (its three games are #5 to #7) and one open for sign-up, players' settings and a server's
/// locale.
async fn populate(db: &TestDb) -> Store {
    let store = db.store().await;
    let service = Service::new(store.clone(), Arc::new(ManualClock::new(T0)))
        .with_markup(Arc::new(DiscordMarkup))
        .with_rate_limit(None)
        .with_analyst(Arc::new(EngineAnalyst(Budget { nodes: 2_000 })));
    say(&service, &alice(), "challenge <@102> white days 2").await;
    say(&service, &bob(), "accept").await;
    for (i, san) in MATE.split_whitespace().enumerate() {
        let who = if i % 2 == 0 { alice() } else { bob() };
        say(&service, &who, &format!("move #1 {san}")).await;
    }
    // Anyone may have the finished game analysed: one analysis, a row per position.
    say(&service, &carol(), "analysis #1").await;
    // A game linked to the one it rematches, as `Play::create_game` records it (the service's
    // `rematch` makes a challenge instead, whose game leaves `rematch_of` unset).
    let rematch = NewGame {
        place: PLACE,
        white: Some(bob().id),
        black: Some(alice().id),
        start_fen: rules::START_FEN.to_owned(),
        days_per_move: Days::new(2).unwrap(),
        rated: true,
        deadline: Deadline::at(Timestamp(T0.0 + 2 * common::DAY)),
        rematch_of: Some(GameId(1)),
        computer_level: None,
    };
    assert_eq!(
        store.play().create_game(&rematch, T0).await.unwrap().id,
        GameId(2)
    );
    say(&service, &carol(), "challenge <@104> white").await;
    say(&service, &dave(), "accept").await;
    say(&service, &carol(), "move #3 c2-b3").await;
    say(&service, &dave(), "move #3 f5").await;
    say(&service, &carol(), "move #3 Rf1").await;
    say(&service, &dave(), "challenge computer level 1 white").await;
    say(&service, &dave(), "move #4 c2-b3").await;
    say(&service, &alice(), "challenge <@103>").await;
    say(&service, &dave(), "challenge <@101>").await;
    say(&service, &alice(), "decline").await;
    say(&service, &alice(), "tournament create Spring").await;
    for who in [alice(), bob(), carol()] {
        say(&service, &who, "tournament join #1").await;
    }
    say(&service, &alice(), "tournament start #1").await;
    say(&service, &dave(), "tournament create Autumn days 5 max 6").await;
    say(&service, &dave(), "tournament join #2").await;
    // Settings are answered privately.
    let saved = say_to(&service, &bob(), "settings language fr").await;
    assert!(saved.text.starts_with("Enregistré"), "{}", saved.text);
    // So are forecasts and vacations: a line of Carol's waits for Dave's move, and Dave is away.
    let saved = say_to(&service, &carol(), "forecast #3 Rb7 Rfe1").await;
    assert!(saved.text.starts_with("Saved."), "{}", saved.text);
    let away = say_to(&service, &dave(), "vacation on 3").await;
    assert!(
        away.text.starts_with("You are on vacation"),
        "{}",
        away.text
    );
    store
        .players()
        .set_server_locale(5, "es-ES", T0)
        .await
        .unwrap();
    store
}

/// Rows of every table, counted directly.
async fn counts(store: &Store) -> Vec<(&'static str, u64)> {
    let mut out = Vec::new();
    for (table, _) in ROWS {
        let n: i64 = sqlx::query(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(store.pool())
            .await
            .unwrap()
            .get(0);
        out.push((table, n as u64));
    }
    out
}

/// Asserts that `b` holds exactly what `a` holds, through the store's own typed reads (which
/// cover every column), and the values the fixture is known to hold.
async fn assert_same(a: &Store, b: &Store) {
    assert_eq!(counts(a).await, ROWS);
    assert_eq!(counts(b).await, ROWS);
    for id in 1..=7 {
        let game = a.games().game_with_moves(GameId(id)).await.unwrap();
        assert_eq!(b.games().game_with_moves(GameId(id)).await.unwrap(), game);
    }
    for id in 1..=4 {
        let challenge = a.challenges().challenge(ChallengeId(id)).await.unwrap();
        assert!(challenge.is_some());
        assert_eq!(
            b.challenges().challenge(ChallengeId(id)).await.unwrap(),
            challenge
        );
    }
    for id in 101..=104 {
        let player = a.players().player(PlayerId(id)).await.unwrap();
        assert!(player.is_some());
        assert_eq!(b.players().player(PlayerId(id)).await.unwrap(), player);
        for scope in [RatingScope::Global, RatingScope::Server(5)] {
            let rating = a.ratings().rating(PlayerId(id), scope).await.unwrap();
            assert_eq!(
                b.ratings().rating(PlayerId(id), scope).await.unwrap(),
                rating
            );
        }
    }
    assert_eq!(
        b.players().server_locale(5).await.unwrap().as_deref(),
        Some("es-ES")
    );
    // The event log, row for row.
    let events = a
        .event_log()
        .all_events_after(EventId(0), 100)
        .await
        .unwrap();
    assert_eq!(events.len(), 26);
    assert_eq!(
        b.event_log()
            .all_events_after(EventId(0), 100)
            .await
            .unwrap(),
        events
    );
    assert_eq!(
        b.event_log().last_event().await.unwrap(),
        a.event_log().last_event().await.unwrap()
    );
    for id in 1..=2 {
        let tournament = a.tournaments().tournament(TournamentId(id)).await.unwrap();
        assert!(tournament.is_some());
        assert_eq!(
            b.tournaments().tournament(TournamentId(id)).await.unwrap(),
            tournament
        );
        assert_eq!(
            b.tournaments().entrants(TournamentId(id)).await.unwrap(),
            a.tournaments().entrants(TournamentId(id)).await.unwrap()
        );
    }
    let spring = b
        .tournaments()
        .tournament_games(TournamentId(1))
        .await
        .unwrap();
    let spring_games: Vec<i64> = spring.iter().map(|g| g.game.0).collect();
    assert_eq!(spring_games, [5, 6, 7]);
    assert_eq!(
        spring,
        a.tournaments()
            .tournament_games(TournamentId(1))
            .await
            .unwrap()
    );
    let (mate, moves) = b.games().game_with_moves(GameId(1)).await.unwrap().unwrap();
    let sans: Vec<&str> = moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(
        sans.join(" "),
        "c2b2 e7f6 Ba4 Rb7 Bxc6 ef5 Rd1 Bxc6 Rf2 Rd7 Rg2 Rxg2#"
    );
    assert_eq!(mate.termination, Some(store::Termination::Checkmate));
    assert!(mate.ratings_applied);
    let bob_rating = b
        .ratings()
        .rating(PlayerId(102), RatingScope::Global)
        .await
        .unwrap();
    assert_eq!(bob_rating.games, 1);
    assert!(bob_rating.rating > 1500.0, "{bob_rating:?}");
    let rematch = b.games().game(GameId(2)).await.unwrap().unwrap();
    assert_eq!(rematch.rematch_of, Some(GameId(1)));
    let computer = b.games().game(GameId(4)).await.unwrap().unwrap();
    assert_eq!(
        (computer.computer_level, computer.ply),
        (Some(Level::MIN), 2)
    );
    let bob = b.players().player(PlayerId(102)).await.unwrap().unwrap();
    assert_eq!(bob.language.as_deref(), Some("fr"));
}

/// Copies and collects the progress reports.
async fn copy(from: &str, to: &str) -> (Result<CopyReport, TransferError>, Vec<CopyProgress>) {
    let mut steps = Vec::new();
    let result = ops::copy_database(from, to, |step| steps.push(step.clone())).await;
    (result, steps)
}

/// A copy from `source` into `target`, then everything a copy promises.
async fn copy_and_check(source: &TestDb, target: &TestDb) {
    let from = populate(source).await;
    let (report, steps) = copy(&source.url, &target.url).await;
    let report =
        report.unwrap_or_else(|e| panic!("{:?} → {:?}: {e}", source.backend, target.backend));
    assert_eq!(report.tables, ROWS);
    assert_eq!(report.schema_version, 17);
    assert_eq!((report.games.games, report.games.moves), (7, 17));
    assert!(report.games.passed());
    let mut expected = vec![CopyProgress::Started { schema_version: 17 }];
    for (table, rows) in ROWS {
        expected.push(CopyProgress::Copied {
            table,
            rows,
            of: rows,
        });
    }
    expected.push(CopyProgress::Counted);
    expected.push(CopyProgress::Replayed(report.games.clone()));
    assert_eq!(steps, expected);

    let to = target.store().await;
    assert_same(&from, &to).await;
    assert!(ops::check_database(&target.url).await.unwrap().passed());
    if let Some(path) = target.sqlite_path() {
        assert_sqlite_sound(&to).await;
        // Checkpointed: the file alone holds the copy.
        let wal = std::fs::metadata(format!("{}-wal", path.display())).map_or(0, |m| m.len());
        assert_eq!(wal, 0);
    }

    // New games and challenges in the target get numbers no copied one has.
    let service = Service::new(to.clone(), Arc::new(ManualClock::new(T0)))
        .with_markup(Arc::new(DiscordMarkup))
        .with_rate_limit(None);
    say(&service, &carol(), "challenge <@101> black").await;
    assert!(
        to.challenges()
            .challenge(ChallengeId(5))
            .await
            .unwrap()
            .is_some()
    );
    say(&service, &alice(), "accept").await;
    let new = to
        .games()
        .game(GameId(8))
        .await
        .unwrap()
        .expect("the new game is #8");
    assert_eq!(new.white, Some(PlayerId(101)));
    assert_eq!(new.challenge, Some(ChallengeId(5)));
    // And its events follow the copied ones (on PostgreSQL, from the sequence set after them).
    say(&service, &alice(), "move #8 b3").await;
    let after = to
        .event_log()
        .all_events_after(EventId(26), 10)
        .await
        .unwrap();
    assert_eq!(
        after
            .iter()
            .map(|e| (e.id, e.game, e.kind.name()))
            .collect::<Vec<_>>(),
        [
            (EventId(27), None, "challenged"),
            (EventId(28), Some(GameId(8)), "challenge_accepted"),
            (EventId(29), Some(GameId(8)), "moved")
        ]
    );
    assert_eq!(
        to.games().game(GameId(1)).await.unwrap(),
        from.games().game(GameId(1)).await.unwrap()
    );

    // A second copy into the now busy target is refused and changes nothing.
    let before = counts(&to).await;
    let (again, _) = copy(&source.url, &target.url).await;
    let again = again.unwrap_err();
    assert!(
        matches!(again, TransferError::TargetNotEmpty { .. }),
        "{again:?}"
    );
    assert_eq!(
        again.to_string(),
        format!(
            "the target database {} already holds 4 players, 1 server, 8 games, 5 challenges, \
             18 moves, 4 ratings, 2 tournaments, 4 tournament entrants, 3 tournament games, \
             1 forecast line, 1 year of vacation days, 1 analysis, 13 analysed positions, 29 events: `db copy` \
             only fills an empty database, so nothing was copied",
            store::redact(&target.url)
        )
    );
    assert_eq!(counts(&to).await, before);
    // The source was only read.
    assert_eq!(counts(&from).await, ROWS);
}

#[tokio::test]
async fn sqlite_to_sqlite() {
    copy_and_check(&sqlite_db(), &sqlite_db()).await;
}

#[tokio::test]
async fn sqlite_to_postgres() {
    let Some(target) = postgres_db("copy_to_pg").await else {
        return;
    };
    copy_and_check(&sqlite_db(), &target).await;
}

#[tokio::test]
async fn postgres_to_sqlite() {
    let Some(source) = postgres_db("copy_from_pg").await else {
        return;
    };
    copy_and_check(&source, &sqlite_db()).await;
}

/// Every table the migrations create is copied: the list the copy goes by is the schema's.
#[tokio::test]
async fn the_copy_covers_every_table_of_the_schema() {
    let db = sqlite_db();
    let store = db.store().await;
    let mut tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' \
         AND name NOT LIKE 'sqlite%' AND name <> '_sqlx_migrations' ORDER BY name",
    )
    .fetch_all(store.pool())
    .await
    .unwrap();
    let mut copied: Vec<String> = ROWS.iter().map(|(t, _)| t.to_string()).collect();
    tables.sort();
    copied.sort();
    assert_eq!(tables, copied);
}

#[tokio::test]
async fn bad_sources_and_targets_are_refused_and_change_nothing() {
    let source = sqlite_db();
    let from = populate(&source).await;
    let target = sqlite_db();
    let target_path = target.sqlite_path().unwrap();
    let refusal = |result: Result<CopyReport, TransferError>| result.unwrap_err().to_string();

    let (same, _) = copy(&source.url, &source.url).await;
    assert_eq!(
        refusal(same),
        format!(
            "the source and the target are the same database ({}): copy into another one",
            source.url
        )
    );
    let missing = format!(
        "sqlite://{}/nothing.db",
        target_path.parent().unwrap().display()
    );
    let (result, _) = copy(&missing, &target.url).await;
    assert_eq!(
        refusal(result),
        format!(
            "there is no SQLite database at {}",
            &missing["sqlite://".len()..]
        )
    );
    let (result, _) = copy("postgres://bot:hunter2@127.0.0.1:1/none", &target.url).await;
    let message = refusal(result);
    assert!(
        message
            .starts_with("cannot open the source database postgres://bot:***@127.0.0.1:1/none: "),
        "{message}"
    );
    let (result, _) = copy("mysql://db/x", &target.url).await;
    assert_eq!(
        refusal(result),
        "cannot open the source database mysql://db/x: unsupported database URL \"mysql://db/x\": \
         use sqlite://FILE or postgres://..."
    );
    assert!(
        !target_path.exists(),
        "a refused copy created the target file"
    );
    let (result, _) = copy(&source.url, "postgres://bot:hunter2@127.0.0.1:1/none").await;
    let message = refusal(result);
    assert!(
        message
            .starts_with("cannot open the target database postgres://bot:***@127.0.0.1:1/none: "),
        "{message}"
    );

    // A source a version behind is to be upgraded first.
    let behind = sqlite_db();
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(from.pool())
        .await
        .unwrap();
    std::fs::copy(source.sqlite_path().unwrap(), behind.sqlite_path().unwrap()).unwrap();
    {
        let old = Store::open(&behind.url, StoreOptions::default())
            .await
            .unwrap();
        sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 17")
            .execute(old.pool())
            .await
            .unwrap();
        old.close().await;
    }
    let (result, _) = copy(&behind.url, &target.url).await;
    assert_eq!(
        refusal(result),
        format!(
            "the source database {} is at schema version 16 and this rollerball's is 17: bring it \
             up to date first (`rollerball migrate` with DATABASE_URL set to it, or start the \
             bot on it once), then copy",
            behind.url
        )
    );

    // Tables of rollerball's names that rollerball did not make.
    let foreign = sqlite_db();
    {
        let other = Store::open(&foreign.url, StoreOptions::default())
            .await
            .unwrap();
        sqlx::query("CREATE TABLE games (id BIGINT)")
            .execute(other.pool())
            .await
            .unwrap();
        other.close().await;
    }
    let (result, _) = copy(&source.url, &foreign.url).await;
    assert_eq!(
        refusal(result),
        format!(
            "the target database {} already has tables named games that rollerball did not make: \
             copy into an empty database (or PostgreSQL schema)",
            foreign.url
        )
    );

    // A game whose record does not replay stops the whole copy: the target keeps no row.
    sqlx::query("UPDATE games SET fen = $1 WHERE id = 3")
        .bind(rules::START_FEN)
        .execute(from.pool())
        .await
        .unwrap();
    let mut targets = vec![sqlite_db()];
    targets.extend(postgres_db("copy_rolled_back").await);
    for target in &targets {
        let (result, steps) = copy(&source.url, &target.url).await;
        let message = refusal(result);
        assert!(
            message.starts_with(
                "nothing was copied, because 1 of 7 games do not replay to their stored positions:\n  \
                 game #3: its stored position is "
            ),
            "{message}"
        );
        assert!(steps.contains(&CopyProgress::Counted));
        match target.sqlite_path() {
            Some(path) => assert!(!path.exists(), "the failed copy's new file was kept"),
            None => {
                let to = target.store().await;
                assert!(
                    counts(&to)
                        .await
                        .iter()
                        .all(|(t, n)| *n == 0 || *t == "id_counters")
                );
                // Still empty, so a good copy goes in afterwards.
                sqlx::query("UPDATE games SET fen = (SELECT fen_after FROM moves WHERE game_id = 3 AND ply = 3) WHERE id = 3")
                    .execute(from.pool())
                    .await
                    .unwrap();
                let (result, _) = copy(&source.url, &target.url).await;
                assert_eq!(result.unwrap().tables, ROWS);
                assert_same(&from, &to).await;
            }
        }
    }
}

/// A move the service acknowledged: its game and ply, when it was sent and when answered.
#[derive(Clone, Copy)]
struct Ack {
    game: i64,
    ply: u32,
    sent: Instant,
    acked: Instant,
}

/// Plays moves through the service until told to stop, starting a new game when one ends;
/// records each acknowledged move as (game, ply).
async fn keep_moving(
    service: Arc<Service>,
    store: Store,
    stop: Arc<AtomicBool>,
    acked: Arc<Mutex<Vec<Ack>>>,
) {
    while !stop.load(Ordering::Relaxed) {
        let new = NewGame {
            place: PLACE,
            white: Some(alice().id),
            black: Some(bob().id),
            start_fen: rules::START_FEN.to_owned(),
            days_per_move: Days::DEFAULT,
            rated: false,
            deadline: Deadline::at(Timestamp(T0.0 + 3 * common::DAY)),
            rematch_of: None,
            computer_level: None,
        };
        let game = store.play().create_game(&new, T0).await.unwrap();
        let mut line = rules::Game::new();
        while !stop.load(Ordering::Relaxed) && line.outcome().is_none() {
            let position = *line.position();
            let moves = position.legal_moves();
            let keeps_going = moves.iter().copied().find(|&mv| {
                let mut next = line.clone();
                next.play(mv).is_ok() && next.outcome().is_none()
            });
            let Some(mv) = keeps_going.or_else(|| moves.iter().next().copied()) else {
                break;
            };
            let who = if line.ply() % 2 == 0 { alice() } else { bob() };
            let coord = rules::coordinate(&position, mv);
            let sent = Instant::now();
            say(&service, &who, &format!("move #{} {coord}", game.id.0)).await;
            line.play(mv).unwrap();
            acked.lock().unwrap().push(Ack {
                game: game.id.0,
                ply: line.ply() as u32,
                sent,
                acked: Instant::now(),
            });
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_moves_are_committed_is_consistent() {
    let live = sqlite_db();
    let store = live.store().await;
    // Enough history that the copy takes a while: 10,000 games of 30 moves.
    seed_stored_games(&store, 10_000, 30, T0).await;
    let service = Arc::new(
        Service::new(store.clone(), Arc::new(ManualClock::new(T0)))
            .with_markup(Arc::new(DiscordMarkup))
            .with_rate_limit(None),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let acked = Arc::new(Mutex::new(Vec::new()));
    let writer = tokio::spawn(keep_moving(
        service.clone(),
        store.clone(),
        stop.clone(),
        acked.clone(),
    ));
    while acked.lock().unwrap().len() < 5 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.db");
    // Until a move was sent and committed while SQLite wrote the copy (almost always the
    // first time; the elapsed time covers `VACUUM INTO` alone, not the checks after it).
    let mut attempts = 0;
    let (report, before) = loop {
        attempts += 1;
        let before: Vec<Ack> = acked.lock().unwrap().clone();
        let started = Instant::now();
        let report = ops::backup_sqlite(&live.url, &file, attempts > 1)
            .await
            .unwrap();
        let window = started..started + report.elapsed;
        let during = acked
            .lock()
            .unwrap()
            .iter()
            .filter(|a| window.contains(&a.sent) && window.contains(&a.acked))
            .count();
        if during > 0 || attempts == 10 {
            assert!(during > 0, "no move was committed while the backup ran");
            break (report, before);
        }
    };
    // Moves keep coming after the backup, too: the live database is not held up.
    let after_backup = acked.lock().unwrap().len();
    while acked.lock().unwrap().len() < after_backup + 5 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();

    assert_eq!(report.file, file);
    assert_eq!(report.schema_version, 17);
    assert_eq!(report.players, 1_000);
    assert!(report.games.passed(), "{}", report.games);
    assert!(report.bytes > 1_000_000, "{}", report.bytes);
    let copy = Store::open(
        &format!("sqlite://{}", file.display()),
        StoreOptions::default(),
    )
    .await
    .unwrap();
    assert_sqlite_sound(&copy).await;
    let check = ops::check_database(&format!("sqlite://{}", file.display()))
        .await
        .unwrap();
    assert!(check.passed(), "{check}");
    assert_eq!(check, report.games);
    // Every move acknowledged before the backup began is in it; what is in it of the games
    // played meanwhile is exactly how the live games began.
    for &Ack { game, ply, .. } in &before {
        let kept = copy
            .games()
            .game(GameId(game))
            .await
            .unwrap()
            .expect("game in backup");
        assert!(
            kept.ply >= ply,
            "game #{game}: ply {ply} was acknowledged before the backup"
        );
    }
    let played: std::collections::BTreeSet<i64> =
        acked.lock().unwrap().iter().map(|a| a.game).collect();
    for &game in &played {
        let Some((kept, kept_moves)) = copy.games().game_with_moves(GameId(game)).await.unwrap()
        else {
            continue;
        };
        let (_, live_moves) = store
            .games()
            .game_with_moves(GameId(game))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            kept_moves[..],
            live_moves[..kept.ply as usize],
            "game #{game}"
        );
    }
    let seeded = copy
        .games()
        .game_with_moves(GameId(4_000))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        seeded,
        store
            .games()
            .game_with_moves(GameId(4_000))
            .await
            .unwrap()
            .unwrap()
    );
    copy.close().await;

    // The live database carries on.
    assert_sqlite_sound(&store).await;
    let total = acked.lock().unwrap().len();
    assert!(total >= after_backup + 5);
}

#[tokio::test]
async fn backups_refuse_what_they_should_not_do() {
    let live = sqlite_db();
    let store = populate(&live).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.db");

    let first = ops::backup_sqlite(&live.url, &file, false).await.unwrap();
    assert_eq!(
        (
            first.games.games,
            first.games.moves,
            first.players,
            first.challenges
        ),
        (7, 17, 4, 4)
    );
    let error = ops::backup_sqlite(&live.url, &file, false)
        .await
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{} exists already: choose another file, or pass --force to replace it",
            file.display()
        )
    );

    // With --force the file is replaced by a newer copy.
    let service = Service::new(store.clone(), Arc::new(ManualClock::new(T0)))
        .with_markup(Arc::new(DiscordMarkup))
        .with_rate_limit(None)
        .with_analyst(Arc::new(EngineAnalyst(Budget { nodes: 2_000 })));
    say(&service, &dave(), "move #3 Rb7").await;
    let second = ops::backup_sqlite(&live.url, &file, true).await.unwrap();
    // Dave's move, and Carol's forecast answering it.
    assert_eq!(second.games.moves, 19);
    let copy = Store::open(
        &format!("sqlite://{}", file.display()),
        StoreOptions::default(),
    )
    .await
    .unwrap();
    assert_eq!(copy.games().moves(GameId(3)).await.unwrap().len(), 5);
    copy.close().await;

    let path = live.sqlite_path().unwrap();
    let error = ops::backup_sqlite(&live.url, &path, true)
        .await
        .unwrap_err();
    assert!(matches!(error, BackupError::SameFile(_)), "{error}");
    let error = ops::backup_sqlite("postgres://bot:pw@db/x", &file, true)
        .await
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "postgres://bot:***@db/x is not a SQLite database: back up PostgreSQL with `pg_dump`, or \
         copy it into a SQLite file with `rollerball db copy --from URL --to sqlite://FILE`"
    );
    let nowhere = dir.path().join("none.db");
    let error = ops::backup_sqlite(
        &format!("sqlite://{}", nowhere.display()),
        &dir.path().join("c.db"),
        false,
    )
    .await
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("there is no SQLite database at {}", nowhere.display())
    );
    assert!(!nowhere.exists() && !dir.path().join("c.db").exists());
    let error = ops::backup_sqlite(&live.url, &dir.path().join("no/such/dir/b.db"), false)
        .await
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "cannot write the backup to {}: the folder {} does not exist",
            dir.path().join("no/such/dir/b.db").display(),
            dir.path().join("no/such/dir").display()
        )
    );
    // Only the two backups' file is in the folder: no partial copy was left behind.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["b.db"]);
}

fn rollerball(args: &[&str], database_url: &str) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rollerball"))
        .args(args)
        .env("DATABASE_URL", database_url)
        .output()
        .expect("run rollerball");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[tokio::test]
async fn the_command_line_says_what_it_did() {
    let live = sqlite_db();
    populate(&live).await.close().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.db");
    let file_text = file.display().to_string();

    let (ok, out, err) = rollerball(&["db", "backup", &file_text], &live.url);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!("Backing up {} into {file_text} ...", live.url)
    );
    assert!(
        lines[1].starts_with(&format!("Wrote {file_text} (")),
        "{out}"
    );
    assert!(
        lines[1].ends_with(": 7 games, 17 moves, 4 players, 4 challenges."),
        "{out}"
    );
    assert_eq!(
        lines[2],
        "Checked: SQLite's integrity check passes; all 7 games replay to their stored positions (17 moves)."
    );
    let (ok, _, err) = rollerball(&["db", "backup", &file_text], &live.url);
    assert!(!ok);
    assert_eq!(
        err,
        format!(
            "error: {file_text} exists already: choose another file, or pass --force to replace it\n"
        )
    );

    let mut targets = vec![sqlite_db()];
    targets.extend(postgres_db("copy_cli").await);
    for target in &targets {
        let (ok, out, err) = rollerball(
            &["db", "copy", "--from", &live.url, "--to", &target.url],
            "",
        );
        assert!(ok, "{err}");
        let shown = store::redact(&target.url);
        assert_eq!(
            out,
            format!(
                "Copying {} into {shown} ...\n\
                 Both databases are at schema version 17; the target is empty.\n  \
                 players: 4 rows\n  servers: 1 row\n  games: 7 rows\n  challenges: 4 rows\n  \
                 moves: 17 rows\n  ratings: 4 rows\n  id_counters: 4 rows\n  \
                 tournaments: 2 rows\n  tournament_entrants: 4 rows\n  tournament_games: 3 rows\n  \
                 forecasts: 1 row\n  vacation_days: 1 row\n  analyses: 1 row\n  \
                 analysis_positions: 13 rows\n  held_notices: 0 rows\n  events: 26 rows\n  \
                 event_readers: 0 rows\n\
                 Checked: every table holds as many rows as in the source.\n\
                 Checked: all 7 games replay to their stored positions (17 moves).\n\
                 Done: 92 rows in 17 tables copied into {shown}. Point DATABASE_URL at it and start the bot.\n",
                live.url
            )
        );
        let (ok, _, err) = rollerball(
            &["db", "copy", "--from", &live.url, "--to", &target.url],
            "",
        );
        assert!(!ok);
        assert!(
            err.starts_with(&format!(
                "error: the target database {shown} already holds 4 players, "
            )),
            "{err}"
        );
    }
}

/// A URL's credentials never reach the screen: not the userinfo's password, not a query
/// parameter that carries one (`password=`, `sslpassword=`), in the progress nor in the error.
#[tokio::test]
async fn db_copy_never_prints_a_password() {
    let live = sqlite_db();
    populate(&live).await.close().await;
    // Nothing listens on port 1: the target cannot be opened, and the copy says so.
    let target =
        "postgres://bot:hunter2@127.0.0.1:1/x?sslmode=disable&sslpassword=k3y&password=hunter3";
    let shown = "postgres://bot:***@127.0.0.1:1/x?sslmode=disable&sslpassword=***&password=***";
    let (ok, out, err) = rollerball(&["db", "copy", "--from", &live.url, "--to", target], "");
    assert!(!ok);
    assert_eq!(out, format!("Copying {} into {shown} ...\n", live.url));
    assert!(
        err.starts_with(&format!("error: cannot open the target database {shown}: ")),
        "{err}"
    );
    // A source whose URL holds a secret the SQLite driver does not take.
    let source = format!("{}?password=hunter4", live.url);
    let (ok, out, err) = rollerball(&["db", "copy", "--from", &source, "--to", target], "");
    assert!(!ok);
    let source_shown = format!("{}?password=***", live.url);
    assert!(
        out.starts_with(&format!("Copying {source_shown} into {shown} ...\n")),
        "{out}"
    );
    assert!(
        err.starts_with(&format!(
            "error: cannot open the source database {source_shown}: "
        )),
        "{err}"
    );
    for secret in ["hunter2", "hunter3", "hunter4", "k3y"] {
        assert!(
            !out.contains(secret) && !err.contains(secret),
            "{secret}: {out}{err}"
        );
    }
}

// ----- Deployment ----------------------------------------------------------------------------

/// The systemd unit's settings, `KEY=value` per line (a key set twice keeps both values).
fn unit_settings(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('['))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect()
}

/// `deploy/rollerball.service` is a unit systemd accepts without a single warning, and it
/// runs the bot as docs/operators.md promises: restarted on failure, settings from the `.env`, the
/// SQLite file in its state directory, no privileges it does not need. Needs `systemd-analyze`
/// (Debian's `systemd` package, which `.ci/run` installs): without it the test fails.
#[test]
fn the_systemd_unit_is_valid_and_confined() {
    let unit = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/deploy/rollerball.service"
    ))
    .unwrap();
    let settings = unit_settings(&unit);
    let has = |key: &str, value: &str| settings.iter().any(|(k, v)| k == key && v == value);
    for (key, value) in [
        ("ExecStart", "/usr/local/bin/rollerball bot"),
        ("Restart", "on-failure"),
        ("EnvironmentFile", "/etc/rollerball/rollerball.env"),
        ("StateDirectory", "rollerball"),
        (
            "Environment",
            "DATABASE_URL=sqlite:///var/lib/rollerball/rollerball.db",
        ),
        ("WorkingDirectory", "/var/lib/rollerball"),
        ("DynamicUser", "yes"),
        ("ProtectSystem", "strict"),
        ("ProtectHome", "yes"),
        ("PrivateTmp", "yes"),
        ("NoNewPrivileges", "yes"),
        ("CapabilityBoundingSet", ""),
        ("WantedBy", "multi-user.target"),
    ] {
        assert!(has(key, value), "the unit lacks {key}={value}");
    }

    // `verify` checks that the program exists, so the copy it checks runs the one just built.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("rollerball.service");
    std::fs::write(
        &copy,
        unit.replace(
            "/usr/local/bin/rollerball",
            env!("CARGO_BIN_EXE_rollerball"),
        ),
    )
    .unwrap();
    let analyze = |args: &[&str]| {
        Command::new("systemd-analyze")
            .args(args)
            .arg(&copy)
            .output()
            .expect("systemd-analyze is missing: install Debian's systemd package (.ci/run does)")
    };
    let out = analyze(&["verify", "--man=no"]);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success() && said.is_empty(),
        "systemd-analyze verify: {said}"
    );

    // systemd's own measure of what the service could do if it went wrong: "OK" or better.
    let out = analyze(&["security", "--offline=yes", "--no-pager"]);
    let report = String::from_utf8_lossy(&out.stdout);
    let level = report
        .lines()
        .find_map(|l| l.split_once("Overall exposure level for rollerball.service: "))
        .and_then(|(_, rest)| rest.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no exposure level in: {report}"));
    assert!(level <= 2.0, "exposure {level}: {report}");
}
