//! The console, driven line by line as a person would type, on a fresh SQLite database.

use crate::common;

use std::sync::Arc;

use rollerball::console::Console;
use rollerball::engine::analysis::Budget;
use rollerball::game::{EngineAnalyst, Lang, ManualClock, Service};

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
        out.starts_with("@alice challenges @bob to a game of Rollerball (rated, 2 days per move, @alice plays White). Challenge #1 expires in 24 hours (2023-11-15 22:13 UTC).\n"),
        "{out}"
    );
    assert!(
        out.contains("[Accept: `accept #1`] [Decline: `decline #1`]"),
        "{out}"
    );

    let out = console.line("bob: accept").await;
    assert!(
        out.contains("Game #1 begins: @alice (White) vs @bob (Black)"),
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
        out.contains("     g f e d c b a\n  1  . . R B . . .  1\n"),
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
    assert!(out.contains("Game #1 begins"), "{out}");
    assert!(
        out.contains(
            "• `challenge [@player | computer [level N]] [white|black|random] [days N] [casual]`"
        ),
        "{out}"
    );
    assert!(!out.contains("never read"));
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
            "@alice desafía a @bob a una partida de Rollerball (con rating, 2 días por jugada, \
             @alice juega con blancas). El desafío #1 caduca dentro de 24 horas (2023-11-15 22:13 UTC)."
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
            "Partida #1 · @alice jugó b3.\nTurno de @bob (negras) — plazo dentro de 2 días"
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
             de ses 2 positions."
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
