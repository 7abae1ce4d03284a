//! A move through the whole service — parse, load, check, commit, render — with 1,000 active
//! games on SQLite: latency (median, 99th percentile) and moves per second.
//!
//! `cargo bench --bench service` (optionally `-- GAMES MOVES_PER_GAME TASKS`, defaults
//! 1000 3 16). Not a criterion benchmark: percentiles of a concurrent load are the figures
//! wanted, so it times every move itself and prints them.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rollerball::game::{Actor, Service, SystemClock};
use rollerball::rules::Game;
use rollerball::store::{Place, PlayerId, Store};

/// A game that stays open for its first 60 plies: every seeded game replays it.
fn line_of_play(plies: usize) -> Vec<String> {
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    loop {
        let mut game = Game::new();
        while game.ply() < plies && game.outcome().is_none() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let moves = game.position().legal_moves();
            game.play(moves[(state % moves.len() as u64) as usize])
                .expect("legal");
        }
        if game.outcome().is_none() {
            return game.sans().to_vec();
        }
    }
}

fn place(game: usize) -> Place {
    Place {
        server: Some(7),
        channel: 10_000 + game as u64,
        thread: None,
    }
}

fn player(game: usize, color: usize) -> Actor {
    let id = 1_000_000 + 2 * game as u64 + color as u64;
    Actor {
        id: PlayerId(id),
        name: format!("player{id}"),
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(1000);
    let moves_per_game = args.get(1).copied().unwrap_or(3);
    let tasks = args.get(2).copied().unwrap_or(16);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("bench.db").display());
        let store = Store::connect(&url).await.expect("database");
        let service = Arc::new(Service::new(store, Arc::new(SystemClock)).with_rate_limit(None));
        let line = Arc::new(line_of_play(60));

        // 1,000 games, each in its own channel, one opening move played.
        let seeded = Instant::now();
        for g in 0..games {
            let (white, black) = (player(g, 0), player(g, 1));
            let challenge = format!("challenge <@{}> white", black.id.0);
            let r = service.handle_text(white.clone(), place(g), &challenge).await;
            assert!(!r.private, "{}", r.text);
            let r = service.handle_text(black, place(g), "accept").await;
            assert!(r.new_game.is_some(), "{}", r.text);
        }
        println!(
            "seeded {games} active games in {:.1} s",
            seeded.elapsed().as_secs_f64()
        );

        // Every task takes games in turn and plays their next move; each move is timed.
        let started = Instant::now();
        let mut handles = Vec::new();
        for t in 0..tasks {
            let service = service.clone();
            let line = line.clone();
            handles.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                for ply in 0..moves_per_game {
                    for g in (t..games).step_by(tasks) {
                        let who = player(g, ply % 2);
                        let text = format!("move {}", line[ply]);
                        let begun = Instant::now();
                        let reply = service.handle_text(who, place(g), &text).await;
                        latencies.push(begun.elapsed());
                        assert!(!reply.private, "{}", reply.text);
                        assert!(reply.image.is_some());
                    }
                }
                latencies
            }));
        }
        let mut all = Vec::new();
        for h in handles {
            all.extend(h.await.expect("task"));
        }
        let elapsed = started.elapsed();
        all.sort();
        let total = all.len();
        println!(
            "{total} moves over {games} games by {tasks} concurrent tasks in {:.2} s: {:.0} moves/s; latency median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            elapsed.as_secs_f64(),
            total as f64 / elapsed.as_secs_f64(),
            percentile(&all, 0.5).as_secs_f64() * 1e3,
            percentile(&all, 0.99).as_secs_f64() * 1e3,
            all[total - 1].as_secs_f64() * 1e3,
        );
    });
}
