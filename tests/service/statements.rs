//! What a typed move costs the database, counted statement by statement: sqlx reports every
//! statement it runs as a `tracing` event (target `sqlx::query`), and a subscriber counts them.
//!
//! SQLite runs its statements on a worker thread of its own, so the count needs the process's
//! global subscriber; the other tests of this binary run in parallel and issue statements too.
//! So the test runs itself again in a child process, alone, where the global subscriber sees
//! only its own statements.

use std::sync::{Arc, Mutex};

use tracing::field::{Field, Visit};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::{Context, SubscriberExt};

use rollerball::rules;
use rollerball::store::Backend;

use crate::common::{World, alice, bob};

/// The statements seen, each as sqlx summarises it ("SELECT id, status, … FROM games …").
#[derive(Clone, Default)]
struct Statements(Arc<Mutex<Vec<String>>>);

impl Statements {
    /// The statements seen since the last call, once no more have come for a while (on
    /// PostgreSQL a commit's `NOTIFY` is sent by a task of its own, after the answer), sorted:
    /// some reads run side by side, so their order is not fixed.
    async fn take(&self) -> Vec<String> {
        let count = || self.0.lock().unwrap().len();
        let mut last = count();
        loop {
            tokio::time::sleep(std::time::Duration::from_millis(150)).await;
            let now = count();
            if now == last {
                break;
            }
            last = now;
        }
        let mut seen = std::mem::take(&mut *self.0.lock().unwrap());
        seen.sort();
        seen
    }
}

struct Summary(String);

impl Visit for Summary {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "summary" {
            self.0 = value.to_string();
        }
    }
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "summary" {
            self.0 = format!("{value:?}");
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() == "sqlx::query" {
            let mut summary = Summary(String::new());
            event.record(&mut summary);
            // A pool's new connection sets itself up (SQLite's pragmas): not the move's doing.
            if !summary.0.starts_with("PRAGMA") {
                self.0.lock().unwrap().push(summary.0);
            }
        }
    }
}

/// Set in the child process that runs the count.
const CHILD: &str = "ROLLERBALL_STATEMENTS_CHILD";

#[test]
fn a_typed_move_issues_a_known_number_of_statements() {
    if std::env::var_os(CHILD).is_none() {
        let me = std::env::current_exe().unwrap();
        let out = std::process::Command::new(me)
            .args([
                "--exact",
                "statements::a_typed_move_issues_a_known_number_of_statements",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && said.contains("1 passed"),
            "{said}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }
    let statements = Statements::default();
    let subscriber = tracing_subscriber::registry().with(
        statements.clone().with_filter(
            tracing_subscriber::filter::Targets::new()
                .with_target("sqlx::query", tracing::Level::TRACE),
        ),
    );
    tracing::subscriber::set_global_default(subscriber).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        for w in World::each("statements").await {
            let id = w.start(&alice(), &bob(), "days 3").await;
            w.ok(&alice(), &format!("move #{} c1b2", id.0)).await;
            statements.take().await;
            // A move in a game named by its number: the game is read once, under its lock.
            w.ok(&bob(), &format!("move #{} f5", id.0)).await;
            let postgres = w.db.backend == Backend::Postgres;
            let commit: &[&str] = if postgres {
                &["COMMIT", "SELECT pg_notify($1, '')"]
            } else {
                // SQLite's transactions do not pass through sqlx's statement log.
                &[]
            };
            let want = |find: &[&'static str]| -> Vec<&'static str> {
                let mut want = [
                    // The mover, for their language, and the server's language.
                    &[
                        "SELECT id, name, language, …",
                        "SELECT locale FROM servers …",
                    ][..],
                    find,
                    &[
                        // The game and its record, under the lock; the opponent's name.
                        "SELECT id, server_id, channel_id, …",
                        "SELECT ply, san, coord, …",
                        "SELECT id, name, language, …",
                        // The move, guarded by the game's version, and its event.
                        "UPDATE games SET fen …",
                        "INSERT INTO moves (game_id, …",
                        "INSERT INTO events (id, …",
                    ],
                    commit,
                    &[
                        // The opponent's forecast, then the mover's held messages.
                        "SELECT from_ply, moves FROM …",
                        "SELECT id, text, held_at …",
                    ],
                ]
                .concat();
                want.sort();
                want
            };
            assert_eq!(statements.take().await, want(&[]), "{:?}", w.db.backend);
            // `move` alone: the game here is found first (one read of the player's games in
            // this place), then read under its lock.
            let position: rules::Position = w.game(id).await.fen.parse().unwrap();
            let mv = position.legal_moves()[0];
            let san = rules::san(&position, mv);
            statements.take().await;
            w.ok(&alice(), &format!("move {san}")).await;
            assert_eq!(
                statements.take().await,
                want(&["SELECT id, server_id, channel_id, …"]),
                "{:?}",
                w.db.backend
            );
        }
    });
}
