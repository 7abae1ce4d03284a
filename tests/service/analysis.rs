//! The engine's look at a finished game through the game service: a blunder that allows mate
//! in one marked `??` in the text, the record and the graph; the analysis stored once and
//! reused (the engine runs once); the line of requests when the engine is busy, answered by
//! the sweep; a game in progress refused. Each test runs on SQLite and, with
//! `TEST_DATABASE_URL`, on PostgreSQL.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};

use common::{World, alice, bob, carol, say_to};
use rollerball::engine::analysis::{Budget, Eval, GameAnalysis, PositionEval};
use rollerball::game::{Analyst, DirectMessage, EngineAnalyst, Request, Service};
use rollerball::render::eval_graph::{GraphColors, PLOT_HEIGHT, PLOT_Y, column_of};
use rollerball::render::{Options, Theme};
use rollerball::rules::{self, PieceKind};
use rollerball::store::{GameId, Place, Reach};

/// A game in which White's sixth move, Rg2, allows mate in one, and Black mates.
const BLUNDER_GAME: &str = "c2b2 e7f6 Ba4 Rb7 Bxc6 ef5 Rd1 Bxc6 Rf2 Rd7 Rg2 Rxg2#";
/// The blunder's ply (0: the first move).
const BLUNDER_PLY: usize = 10;
/// How the reply tells it.
const BLUNDER_TEXT: &str = "\n- 6.Rg2?? — a blunder: White's winning chances 66% → 0%. 6…Rxg2# \
                            refutes it and mates. Better was 6.b3 f4 7.b2 Rg1 8.Re1 Rxe1 9.Kxe1.\n";
/// How the record marks it.
const BLUNDER_PGN: &str = "Rg2?? { [%eval #-1] }";

/// The engine at a small budget (the tests run unoptimised), counting its runs and, when
/// `held`, telling when it starts each analysis and waiting to be let go.
struct Counted {
    runs: AtomicUsize,
    held: Option<(
        tokio::sync::mpsc::UnboundedSender<()>,
        Mutex<mpsc::Receiver<()>>,
    )>,
}

impl Analyst for Counted {
    fn analyse(&self, game: &rules::Game) -> GameAnalysis {
        if let Some((started, go)) = &self.held {
            started.send(()).unwrap();
            go.lock().unwrap().recv().unwrap();
        }
        self.runs.fetch_add(1, Ordering::SeqCst);
        EngineAnalyst(Budget { nodes: 20_000 }).analyse(game)
    }
}

/// A second service on the world's database whose analyses `analyst` makes.
fn analysing(w: &World, analyst: Arc<Counted>) -> Service {
    World::service_on(w.store.clone(), w.clock.clone()).with_analyst(analyst)
}

fn counted() -> Arc<Counted> {
    Arc::new(Counted {
        runs: AtomicUsize::new(0),
        held: None,
    })
}

/// Plays the blunder game to its checkmate: game #1.
async fn blunder_game(w: &World) -> GameId {
    let id = w.start(&alice(), &bob(), "days 2").await;
    w.play(id, &alice(), &bob(), BLUNDER_GAME).await;
    assert!(w.game(id).await.result.is_some(), "the game ends in mate");
    id
}

#[tokio::test]
async fn a_move_that_allows_mate_in_one_is_a_blunder() {
    for w in World::each("an_blunder").await {
        let id = blunder_game(&w).await;
        let engine = counted();
        let svc = analysing(&w, engine.clone());
        // Anyone may ask, not only the players.
        let reply = say_to(&svc, &carol(), &format!("analysis #{}", id.0)).await;
        assert!(!reply.private, "{}", reply.text);
        assert!(reply.text.contains(BLUNDER_TEXT), "{}", reply.text);
        let pgn = String::from_utf8(reply.files[0].bytes.clone()).unwrap();
        assert!(pgn.contains(BLUNDER_PGN), "{pgn}");
        // Black's dark area comes down to the bottom after the blunder (Black mates), and not
        // before: White's light area still rises from it.
        let png = &reply.image.as_ref().expect("the graph").bytes;
        let graph = image::load_from_memory(png).unwrap().to_rgb8();
        let positions = BLUNDER_GAME.split_whitespace().count() + 1;
        let bottom = PLOT_Y + PLOT_HEIGHT - 2;
        let before = column_of(BLUNDER_PLY, positions) - 1;
        let after = column_of(BLUNDER_PLY + 1, positions) + 8;
        let colors = GraphColors::of(&Theme::WOOD);
        assert_eq!(graph.get_pixel(before, bottom).0, colors.white);
        assert_eq!(graph.get_pixel(after, bottom).0, colors.black);
        assert_eq!(engine.runs.load(Ordering::SeqCst), 1);
        // Stored: one row per position.
        let stored = w.store.games().analysis(id).await.unwrap().expect("stored");
        assert_eq!((stored.nodes, stored.positions.len()), (20_000, positions));
    }
}

#[tokio::test]
async fn the_stored_analysis_is_reused_and_export_carries_it() {
    for w in World::each("an_reuse").await {
        let id = blunder_game(&w).await;
        let engine = counted();
        let svc = analysing(&w, engine.clone());
        let first = say_to(&svc, &alice(), "analysis #1").await;
        let again = say_to(&svc, &bob(), "analysis #1").await;
        assert_eq!(again.text, first.text);
        assert_eq!(again.files, first.files);
        // Another process asking finds it stored too.
        let other = counted();
        let elsewhere = analysing(&w, other.clone());
        assert_eq!(
            say_to(&elsewhere, &carol(), "analysis #1").await.text,
            first.text
        );
        assert_eq!(engine.runs.load(Ordering::SeqCst), 1);
        assert_eq!(other.runs.load(Ordering::SeqCst), 0);
        let export = w.ok(&carol(), &format!("export #{}", id.0)).await;
        let pgn = String::from_utf8(export.files[0].bytes.clone()).unwrap();
        assert_eq!(
            pgn,
            String::from_utf8(first.files[0].bytes.clone()).unwrap()
        );
        assert!(pgn.contains(BLUNDER_PGN), "{pgn}");
    }
}

#[tokio::test]
async fn a_game_in_progress_is_refused() {
    for w in World::each("an_playing").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        w.play(id, &alice(), &bob(), "c2b2 e7f6").await;
        let engine = counted();
        let svc = analysing(&w, engine.clone());
        let before = w.snapshot().await;
        let reply = say_to(&svc, &carol(), "analysis #1").await;
        assert_eq!(
            w.check_refusal(&before, &reply, "analysis #1").await,
            "Game #1 is still being played. The engine looks at a game only once it is over, \
             so that it helps neither side."
        );
        let reply = say_to(&svc, &carol(), "analysis").await;
        assert_eq!(
            w.check_refusal(&before, &reply, "analysis").await,
            "Which game? You have no finished game of your own yet: name any finished game \
             (`analysis #ID`), or ask in the game's own thread."
        );
        assert_eq!(engine.runs.load(Ordering::SeqCst), 0);
        assert_eq!(w.store.games().analysis(id).await.unwrap(), None);
    }
}

#[tokio::test]
async fn a_request_while_the_engine_is_busy_waits_in_line_and_is_answered_when_done() {
    for w in World::each("an_queue").await {
        blunder_game(&w).await;
        let second_game = w.start(&carol(), &bob(), "days 2").await;
        w.play(second_game, &carol(), &bob(), "c2b2 e7f6").await;
        w.ok(&carol(), &format!("resign #{} confirm", second_game.0))
            .await;
        let (started, mut starts) = tokio::sync::mpsc::unbounded_channel();
        let (go, held) = mpsc::channel();
        let engine = Arc::new(Counted {
            runs: AtomicUsize::new(0),
            held: Some((started, Mutex::new(held))),
        });
        let svc = Arc::new(analysing(&w, engine.clone()));
        let asking = {
            let svc = Arc::clone(&svc);
            tokio::spawn(async move { say_to(&svc, &alice(), "analysis #1").await })
        };
        starts.recv().await.expect("the first analysis starts");
        // The engine is busy with game #1: Bob's request for game #2 waits in line.
        let queued = say_to(&svc, &bob(), &format!("analysis #{}", second_game.0)).await;
        assert!(!queued.private);
        assert_eq!(
            queued.text,
            "The engine is busy with another game. Your analysis of game #2 is next in line; it \
             is posted here as soon as it is ready."
        );
        assert!(queued.image.is_none() && queued.files.is_empty());
        // Carol asks for game #1 while it runs, from a group DM where the bot only answers
        // commands: she is told, and answered with it there by direct message.
        let group_dm = Place {
            server: None,
            channel: 9_001,
            thread: None,
            reach: Reach::Answers,
        };
        let joined = svc
            .handle(Request::line(carol(), group_dm, "analysis #1"))
            .await
            .expect("an answer");
        assert_eq!(
            joined.text,
            "The engine is analysing game #1 right now; the answer is posted here as soon as it \
             is ready."
        );
        go.send(()).unwrap();
        let first = asking.await.unwrap();
        assert!(first.text.contains(BLUNDER_TEXT), "{}", first.text);
        starts.recv().await.expect("the second analysis starts");
        go.send(()).unwrap();
        // The answers come with the sweep, once ready.
        let mut notices = Vec::new();
        while notices.len() < 2 {
            svc.feed().analysis_ready().await;
            notices.extend(svc.sweeper().sweep().await);
        }
        assert_eq!(notices.len(), 2);
        let carols = &notices[0].reply;
        assert_eq!(carols.mentions, vec![carol().id]);
        assert!(
            carols.text.starts_with(
                "<@103>, the analysis of game #1 you asked for is ready.\n**Analysis of game #1**"
            ),
            "{}",
            carols.text
        );
        assert_eq!(notices[0].place, group_dm);
        assert_eq!(
            carols.direct,
            [DirectMessage {
                to: carol().id,
                text: "The analysis of game #1 you asked for is ready: `analysis #1` shows it. \
                       · https://discord.com/channels/@me/9001"
                    .into()
            }]
        );
        let bobs = &notices[1].reply;
        assert_eq!(bobs.mentions, vec![bob().id]);
        assert!(
            bobs.text.starts_with(
                "<@102>, the analysis of game #2 you asked for is ready.\n**Analysis of game #2**"
            ),
            "{}",
            bobs.text
        );
        assert!(bobs.image.is_some());
        assert_eq!(bobs.files[0].filename, "rollerball-2-analysis.pgn");
        // Bob asked where the bot posts: the answer is posted, and no direct message is sent.
        assert!(bobs.direct.is_empty());
        assert_eq!(engine.runs.load(Ordering::SeqCst), 2);
        assert!(
            w.store
                .games()
                .analysis(second_game)
                .await
                .unwrap()
                .is_some()
        );
        assert!(svc.sweeper().sweep().await.is_empty());
    }
}

/// An analyst whose story is scripted: all even, but for White giving Black a winning game at
/// plies 10, 20 and 30 and Black handing it back at once (plies 11, 21 and 31), each time
/// where the first legal move other than the one played would have kept it even.
struct Scripted;

/// The plies after which the script has Black winning.
const BLACK_AHEAD_AFTER: [usize; 3] = [11, 21, 31];

impl Analyst for Scripted {
    fn analyse(&self, game: &rules::Game) -> GameAnalysis {
        let positions = game.positions();
        let positions = positions
            .iter()
            .enumerate()
            .map(|(i, position)| {
                let best = game.moves().get(i).and_then(|&played| {
                    position
                        .legal_moves()
                        .iter()
                        .copied()
                        .find(|&m| m != played)
                });
                PositionEval {
                    eval: Eval::Centipawns(if BLACK_AHEAD_AFTER.contains(&i) {
                        -600
                    } else {
                        0
                    }),
                    best,
                    pv: best.into_iter().collect(),
                }
            })
            .collect();
        GameAnalysis {
            budget: Budget { nodes: 1 },
            positions,
        }
    }
}

#[tokio::test]
async fn each_sides_worst_mistakes_come_as_boards_with_the_three_moves_drawn() {
    let record = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/rules/tests/data/sixty-moves.txt"
    ))
    .unwrap();
    let record = record.split_whitespace().collect::<Vec<_>>().join(" ");
    for w in World::each("an_moments").await {
        let id = w.start(&alice(), &bob(), "days 2").await;
        w.play(id, &alice(), &bob(), &record).await;
        w.ok(&alice(), "resign #1 confirm").await;
        let svc =
            World::service_on(w.store.clone(), w.clock.clone()).with_analyst(Arc::new(Scripted));
        let reply = say_to(&svc, &carol(), "analysis #1").await;
        // White's three, then Black's, as the text lists them: the equal losses earliest first.
        let names: Vec<&str> = reply.files.iter().map(|f| f.filename.as_str()).collect();
        assert_eq!(
            names,
            [
                "rollerball-1-analysis.pgn",
                "rollerball-1-move-6-white.png",
                "rollerball-1-move-11-white.png",
                "rollerball-1-move-16-white.png",
                "rollerball-1-move-6-black.png",
                "rollerball-1-move-11-black.png",
                "rollerball-1-move-16-black.png",
            ]
        );
        assert!(reply.image.is_some(), "the graph");
        assert!(
            reply.text.contains(
                "\nThe boards of these 6 moments are attached: on each, the move played, the \
                 answer that refutes it and the engine's better move are drawn as arrows.\nThe \
                 annotated record is attached"
            ),
            "{}",
            reply.text
        );
        let game = rules::Game::replay(None, &record.split(' ').collect::<Vec<_>>()).unwrap();
        let positions = game.positions();
        let analysis = Scripted.analyse(&game);
        for (file, ply) in reply.files[1..].iter().zip([10, 20, 30, 11, 21, 31]) {
            let mover = positions[ply].side_to_move();
            let options = Options::from_side(mover);
            let layout = options.layout().captioned();
            let image = image::load_from_memory(&file.bytes).unwrap().to_rgb8();
            assert_eq!(
                image.dimensions(),
                (layout.size, layout.height()),
                "{}",
                file.filename
            );
            // Half way along its first step, each move is covered by its arrow's colour (or
            // a little to one side, where the two arrows share a step and run side by side).
            // The answer is the line that refutes the move played: the scripted analyst's
            // line after it.
            let played = game.moves()[ply];
            let better = analysis.positions[ply].best.unwrap();
            let answer = analysis.positions[ply + 1].pv[0];
            for (mv, color, from) in [
                (played, options.theme.played_arrow, &positions[ply]),
                (answer, options.theme.answer_arrow, &positions[ply + 1]),
                (better, options.theme.better_arrow, &positions[ply]),
            ] {
                let kind = from.piece_at(mv.from).unwrap().kind;
                let step = match rules::path(kind, mv.from, mv.to) {
                    Some(walk) if matches!(kind, PieceKind::Rook | PieceKind::Bishop) => walk[0],
                    _ => mv.to,
                };
                let ((x, y), (tx, ty)) =
                    (layout.square_center(mv.from), layout.square_center(step));
                let (dx, dy) = (tx - x, ty - y);
                let len = (dx * dx + dy * dy).sqrt();
                // The renderer's KEY_SHIFT: each of two arrows on the same squares is moved
                // this share of a square to its side.
                let shift = layout.cell as f32 * 0.14 / len;
                let tinted = [0.0, shift, -shift].iter().any(|&k| {
                    let (px, py) = (x + dx * 0.5 - dy * k, y + dy * 0.5 + dx * k);
                    let got = image.get_pixel(px as u32, py as u32).0;
                    (0..3).all(|i| (got[i] as i32 - color[i] as i32).abs() <= 60)
                });
                assert!(tinted, "{} {mv:?}: not drawn in {color:?}", file.filename);
            }
        }
    }
}
