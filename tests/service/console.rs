//! The console, driven line by line as a person would type, on a fresh SQLite database.

use crate::common;

use std::sync::Arc;

use rollerball::console::Console;
use rollerball::engine::analysis::Budget;
use rollerball::game::{Clock, EngineAnalyst, Lang, ManualClock, Service};
use rollerball::model::Timestamp;

#[tokio::test]
async fn a_short_game_in_the_console() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(common::T0));
    let service = Service::new(db.store().await, clock)
        .with_rate_limit(None)
        .with_rate_limit(None);
    let mut console = Console::new(service, boards.path().to_path_buf());

    let out = console.line("c2-b3").await;
    assert!(out.contains("Who is speaking?"), "{out}");

    let out = console.line("alice: challenge @bob white days 2").await;
    assert!(
        out.starts_with("@alice challenges @bob to a game of Rollerball (rated, 2 days per move, @alice plays White). Challenge #1 expires in a day (2023-11-15 22:13 UTC).\n"),
        "{out}"
    );
    assert!(
        out.contains("[Accept: `accept #1`] [Decline: `decline #1`]"),
        "{out}"
    );

    let out = console.line("bob: accept").await;
    assert!(
        out.contains("Game #1 (from challenge #1) begins: @alice (White) vs @bob (Black)"),
        "{out}"
    );
    // The board as text, and the image saved.
    assert!(out.contains("  2  . . P K R . .  2\n"), "{out}");
    let saved = boards.path().join("rollerball-1-0.png");
    assert!(
        out.contains(&format!("[saved {}]", saved.display())),
        "{out}"
    );
    assert_eq!(&std::fs::read(&saved).unwrap()[..4], b"\x89PNG");

    let out = console.line("alice: c2-b3").await;
    assert!(out.contains("Game #1 · @alice played b3."), "{out}");
    // Black to move: the text board turns to Black's side, as the image does.
    assert!(
        out.contains("     g f e d c b a\n  1  . . R B P . .  1\n  2  . . R K . . .  2\n"),
        "{out}"
    );
    assert!(out.contains("  3  . .       P .  3\n"), "{out}");

    // The current speaker carries on; `as` switches.
    let out = console.line("f5").await;
    assert!(
        out.contains("(only you see this) It is @bob's move in Game #1, not yours."),
        "{out}"
    );
    assert_eq!(console.line("as bob").await, "Now speaking as bob.\n");
    let out = console.line("f5").await;
    assert!(out.contains("@bob played f5."), "{out}");
    let out = console.line("resign confirm").await;
    assert!(out.contains("@alice wins by resignation (1-0)"), "{out}");
    assert!(out.contains("[Rematch: `rematch #1`]"), "{out}");
}

#[tokio::test]
async fn the_console_runs_a_script_to_the_end() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let service = Service::new(db.store().await, Arc::new(ManualClock::new(common::T0)))
        .with_rate_limit(None);
    let mut console = Console::new(service, boards.path().to_path_buf());
    let script = "alice: challenge @bob\nbob: accept\nhelp\nquit\nbob: never read\n";
    let mut out = Vec::new();
    console.run(script.as_bytes(), &mut out).await.unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("Game #1 (from challenge #1) begins"), "{out}");
    assert!(
        out.contains(
            "• `challenge [@player | computer [level N]] [white|black|random] [days N] [casual]`"
        ),
        "{out}"
    );
    assert!(!out.contains("never read"));
}

/// A clock that moves on a millisecond each time it is read, as a real one moves between the
/// moment a command is handled and the moment its reply is written.
struct TickingClock(std::sync::atomic::AtomicI64);

impl Clock for TickingClock {
    fn now(&self) -> Timestamp {
        Timestamp(self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst))
    }
}

#[tokio::test]
async fn relative_times_round_as_discord_does_not_down() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let clock = Arc::new(TickingClock(common::T0.0.into()));
    let service = Service::new(db.store().await, clock).with_rate_limit(None);
    let mut console = Console::new(service, boards.path().to_path_buf());

    // A 2-day game: the deadline is a few milliseconds under 48 hours away.
    console.line("alice: challenge @bob white days 2").await;
    let out = console.line("bob: accept").await;
    assert!(
        out.contains("@alice (White) to move — deadline in 2 days ("),
        "{out}"
    );
    let out = console.line("alice: c2-b3").await;
    assert!(
        out.contains("@bob (Black) to move — deadline in 2 days ("),
        "{out}"
    );
    // A deadline 5 days away.
    console.line("carol: challenge @dave white days 5").await;
    let out = console.line("dave: accept").await;
    assert!(out.contains("deadline in 5 days ("), "{out}");
    let out = console.line("bob: vacation on 3").await;
    assert!(
        out.starts_with("(only you see this) You are on vacation; it ends in 3 days ("),
        "{out}"
    );
}

#[tokio::test]
async fn the_console_answers_in_the_language_it_is_given() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(common::T0));
    let service = Service::new(db.store().await, clock).with_rate_limit(None);
    let mut console = Console::new(service, boards.path().to_path_buf()).with_language(Lang::Es);

    let out = console.line("alice: chalenge @bob").await;
    assert_eq!(
        out,
        "(only you see this) No conozco el comando `chalenge`. ¿Quisiste decir `challenge`? Escribe `help` para ver la lista.\n"
    );
    let out = console.line("alice: challenge @bob white days 2").await;
    assert!(
        out.starts_with(
            "@alice desafía a @bob a una partida de Rollerball (puntuable, 2 días por jugada, \
             @alice juega con blancas). El desafío #1 caduca en un día (2023-11-15 22:13 UTC)."
        ),
        "{out}"
    );
    assert!(
        out.contains("[Aceptar: `accept #1`] [Rechazar: `decline #1`]"),
        "{out}"
    );
    // Moves keep their international notation.
    console.line("bob: accept").await;
    let out = console.line("alice: c2-b3").await;
    assert!(
        out.starts_with(
            "Partida #1 · @alice jugó b3.\nLe toca a @bob (negras) — el plazo vence en 2 días"
        ),
        "{out}"
    );
}

#[tokio::test]
async fn a_players_chosen_language_beats_the_consoles() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(common::T0));
    let service = Service::new(db.store().await, clock).with_rate_limit(None);
    // The console speaks English (as from `LANG=en_US.UTF-8`); Carol chooses French.
    let mut console = Console::new(service, boards.path().to_path_buf()).with_language(Lang::En);
    assert_eq!(
        console.line("carol: settings language fr").await,
        "(only you see this) Enregistré : langue fr, mentions activées, messages privés à votre tour désactivés.\n"
    );
    let out = console.line("carol: help").await;
    assert!(
        out.starts_with(
            "(only you see this) Rollerball — parties par correspondance sur un échiquier en anneau."
        ),
        "{out}"
    );
    // Dave, who chose nothing, is answered in the console's language.
    let out = console.line("dave: help").await;
    assert!(
        out.starts_with("(only you see this) Rollerball — correspondence"),
        "{out}"
    );
}

#[tokio::test]
async fn stats_and_leaderboard_in_the_console_name_players_by_at() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let service = Service::new(db.store().await, Arc::new(ManualClock::new(common::T0)))
        .with_rate_limit(None);
    let mut console = Console::new(service, boards.path().to_path_buf());
    for line in [
        "alice: challenge @bob white",
        "bob: accept",
        "alice: c2-b3",
        "bob: resign confirm",
    ] {
        console.line(line).await;
    }
    let out = console.line("alice: stats @bob").await;
    assert!(
        out.starts_with(
            "bob · rated games in this server\nRating: 1338? ±290 in this server (1 game)"
        ),
        "{out}"
    );
    assert!(out.contains("Losses: 1 by resignation\n"), "{out}");
    let out = console.line("bob: leaderboard").await;
    assert!(
        out.contains(
            "1. alice 1662? · 1 game · 1 W, 0 D, 0 L\n2. bob 1338? · 1 game · 0 W, 0 D, 1 L ← you\n"
        ),
        "{out}"
    );
}

#[tokio::test]
async fn the_console_analyses_a_finished_game_and_saves_its_graph_and_record() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let service = Service::new(db.store().await, Arc::new(ManualClock::new(common::T0)))
        .with_rate_limit(None)
        .with_analyst(Arc::new(EngineAnalyst(Budget { nodes: 5_000 })));
    let mut console = Console::new(service, boards.path().to_path_buf()).with_language(Lang::Fr);
    console.line("alice: challenge @bob white").await;
    console.line("bob: accept").await;
    let out = console.line("carol: analysis #1").await;
    assert!(
        out.starts_with(
            "(only you see this) La partie #1 est encore en cours. Le moteur ne regarde une \
             partie qu'une fois finie, pour n'aider aucun des deux camps.\n"
        ),
        "{out}"
    );
    console.line("alice: c2-b3").await;
    console.line("bob: resign confirm").await;
    let out = console.line("carol: analysis #1").await;
    assert!(
        out.starts_with(
            "Analyse de la partie #1 (@alice contre @bob) : 5000 nœuds explorés dans chacune \
             de ses 2 positions, 10 fois plus dans celles qui entourent un coup marqué."
        ),
        "{out}"
    );
    for file in ["rollerball-1-analysis.png", "rollerball-1-analysis.pgn"] {
        let saved = boards.path().join(file);
        assert!(
            out.contains(&format!("[saved {}]", saved.display())),
            "{out}"
        );
    }
    let pgn = std::fs::read_to_string(boards.path().join("rollerball-1-analysis.pgn")).unwrap();
    assert!(pgn.contains("1. b3 { [%eval "), "{pgn}");
}

/// A blunder's board is saved beside the graph and the record, named after its move.
#[tokio::test]
async fn the_console_saves_the_board_of_each_key_moment() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let service = Service::new(db.store().await, Arc::new(ManualClock::new(common::T0)))
        .with_rate_limit(None)
        .with_analyst(Arc::new(EngineAnalyst(Budget { nodes: 20_000 })));
    let mut console = Console::new(service, boards.path().to_path_buf());
    console.line("alice: challenge @bob white").await;
    console.line("bob: accept").await;
    // White's sixth move, Rg2, allows mate in one.
    for (who, mv) in [
        "c2b2", "e7f6", "Ba4", "Rb7", "Bxc6", "ef5", "Rd1", "Bxc6", "Rf2", "Rd7", "Rg2", "Rxg2#",
    ]
    .iter()
    .enumerate()
    .map(|(i, mv)| (if i % 2 == 0 { "alice" } else { "bob" }, mv))
    {
        console.line(&format!("{who}: {mv}")).await;
    }
    let out = console.line("carol: analysis #1").await;
    assert!(
        out.contains(
            "\n- 6.Rg2?? — a blunder: White's winning chances 66% → 0%. 6…Rxg2# refutes it and \
             mates. Better was 6.b3 f4 7.b2 Rg1 8.Re1 Rxe1 9.Kxe1.\n"
        ),
        "{out}"
    );
    let saved = boards.path().join("rollerball-1-move-6-white.png");
    assert!(
        out.contains(&format!("[saved {}]", saved.display())),
        "{out}"
    );
    let board = image::open(&saved).unwrap();
    assert!(board.height() > board.width(), "a captioned board");
}

/// `@everyone` and `@here` are nobody in the console as on Discord: a challenge to them is
/// refused and stores nothing, and nobody may speak as them. A player named in a command who
/// has never played is answered by the name typed, never by a number.
#[tokio::test]
async fn the_console_refuses_everyone_and_names_players_as_typed() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let service = Service::new(db.store().await, Arc::new(ManualClock::new(common::T0)))
        .with_rate_limit(None);
    let mut console = Console::new(service, boards.path().to_path_buf());

    for who in ["everyone", "here", "Everyone"] {
        assert_eq!(
            console.line(&format!("alice: challenge @{who}")).await,
            format!(
                "(only you see this) I never ping `@{who}`: a challenge is for one player \
                 (mention them), or leave the name out for an open challenge anyone here can \
                 accept.\n"
            )
        );
    }
    // Nothing was stored: there is no challenge to accept.
    let out = console.line("bob: accept").await;
    assert!(out.starts_with("(only you see this) "), "{out}");
    assert!(!out.contains("begins"), "{out}");
    assert_eq!(
        console.line("everyone: challenge @bob").await,
        "`everyone` would mean everyone: speak as one player, such as `alice`.\n"
    );
    assert_eq!(
        console.line("as here").await,
        "`here` would mean everyone: speak as one player, such as `alice`.\n"
    );

    assert_eq!(
        console.line("alice: stats @zed").await,
        "(only you see this) @zed has not played with me yet: there are no stats to show.\n"
    );
    let out = console.line("alice: tournament create Spring").await;
    assert!(out.contains("created tournament #1 Spring"), "{out}");
    assert_eq!(
        console.line("alice: tournament withdraw #1 @zed").await,
        "(only you see this) @zed is not playing in #1 Spring.\n"
    );
}

/// A game's record says where it was played (the console here, not Discord), its time control
/// as correspondence sites write it, its round, and how it ended in the PGN standard's words.
#[tokio::test]
async fn the_console_records_its_games_as_played_here() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let service = Service::new(db.store().await, Arc::new(ManualClock::new(common::T0)))
        .with_rate_limit(None);
    let mut console = Console::new(service, boards.path().to_path_buf());
    for line in [
        "alice: challenge @bob white days 2",
        "bob: accept",
        "alice: c2-b3",
        "bob: resign confirm",
        "alice: export #1",
    ] {
        console.line(line).await;
    }
    let pgn = std::fs::read_to_string(boards.path().join("rollerball-1.pgn")).unwrap();
    assert_eq!(
        pgn,
        "[Event \"Rollerball correspondence game #1\"]\n[Site \"Rollerball console\"]\n\
         [Date \"2023.11.14\"]\n[Round \"-\"]\n[White \"alice\"]\n[Black \"bob\"]\n\
         [Result \"1-0\"]\n[Variant \"Rollerball\"]\n[TimeControl \"1/172800\"]\n\
         [Termination \"normal\"]\n\n1. b3 { White wins by resignation. } 1-0\n"
    );

    // A tournament game: the event is the tournament, the round its round; still unterminated.
    for line in [
        "ann: tournament create Winter days 5",
        "ann: tournament join",
        "ben: tournament join",
        "cy: tournament join",
        "ann: tournament start",
    ] {
        console.line(line).await;
    }
    console.line("ann: export #2").await;
    let pgn = std::fs::read_to_string(boards.path().join("rollerball-2.pgn")).unwrap();
    let head: Vec<&str> = pgn.lines().take(10).collect();
    assert_eq!(
        head[0], "[Event \"Winter (Rollerball tournament #1)\"]",
        "{pgn}"
    );
    assert_eq!(head[1], "[Site \"Rollerball console\"]", "{pgn}");
    assert_eq!(head[3], "[Round \"1\"]", "{pgn}");
    assert_eq!(head[8], "[TimeControl \"1/432000\"]", "{pgn}");
    assert_eq!(head[9], "[Termination \"unterminated\"]", "{pgn}");
    assert!(pgn.ends_with("\n\n*\n"), "{pgn}");
}

#[tokio::test]
async fn board_history_export_analysis_and_rematch_take_the_latest_finished_game_here() {
    let db = common::sqlite_db();
    let boards = tempfile::tempdir().unwrap();
    let service = Service::new(db.store().await, Arc::new(ManualClock::new(common::T0)))
        .with_rate_limit(None)
        .with_analyst(Arc::new(EngineAnalyst(Budget { nodes: 2_000 })));
    let mut console = Console::new(service, boards.path().to_path_buf());
    // Nothing finished yet: the answers name no made-up game.
    assert_eq!(
        console.line("alice: analysis").await,
        "(only you see this) Which game? You have no finished game of your own yet: name any \
         finished game (`analysis #ID`), or ask in the game's own thread.\n"
    );
    assert_eq!(
        console.line("alice: rematch").await,
        "(only you see this) You have no finished game to rematch yet: a rematch follows a game \
         once it is over.\n"
    );
    assert_eq!(
        console.line("alice: moretime 2").await,
        "(only you see this) You have no game in progress here. Start one with \
         `challenge @player`.\n"
    );
    // Two games end, the second last.
    for (first, second) in [("alice", "bob"), ("bob", "alice")] {
        console
            .line(&format!("{first}: challenge @{second} white"))
            .await;
        console.line(&format!("{second}: accept")).await;
        console.line(&format!("{first}: c2-b3")).await;
        console.line(&format!("{second}: f5")).await;
        console.line(&format!("{first}: resign confirm")).await;
    }
    // Without a game in progress, all five take the latest game to end here.
    assert_eq!(
        console.line("alice: history").await,
        "(only you see this) Game #2 · 1. b3 f5 — @alice wins by resignation (0-1)\n"
    );
    let out = console.line("alice: export").await;
    assert!(out.contains("Game #2 · the record (1 move)"), "{out}");
    // The board too, as it stood at the end.
    let out = console.line("alice: board").await;
    assert_eq!(
        out.lines().next(),
        Some("Game #2 · @bob (White) vs @alice (Black), move 2. Last move: f5.")
    );
    let out = console.line("alice: analysis").await;
    assert!(
        out.starts_with("Analysis of game #2 (@bob vs @alice)"),
        "{out}"
    );
    let out = console.line("alice: rematch").await;
    assert!(
        out.starts_with(
            "@alice challenges @bob to a rematch (rated, 3 days per move, @alice plays White)."
        ),
        "{out}"
    );
    // Carol, who played neither, is told she has nothing to rematch.
    assert_eq!(
        console.line("carol: rematch").await,
        "(only you see this) You have no finished game to rematch yet: a rematch follows a game \
         once it is over.\n"
    );
}
