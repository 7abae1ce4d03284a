//! The CPU one board PNG costs: user CPU time per render + encode of the benchmark's
//! middlegame at 640 px, bare and captioned, alternated in rounds, read from the thread's own
//! counters (`/proc/thread-self/stat`, in clock ticks) around `N` renders of each kind.
//!
//! CPU time rather than wall time because the machine is shared: another engineer's build
//! stretches the wall clock of every render but not the CPU the render itself uses (it still
//! inflates it through the caches somewhat, so state the load average beside the figures).
//! `BENCHMARKS.md`, "A lighter board picture", reports these figures, old build against new,
//! the two binaries run alternately:
//!
//! ```sh
//! cargo run --release -p rollerball-render --example render_cpu -- [ROUNDS] [N] [bare|captioned|game|move]
//! ```
//!
//! `game` renders the game's 26 positions one after another, over and over (each board differs
//! from the one before, as a game's do); `move` renders the middlegame and the position before
//! it in turn (each board one move from the last, the middlegame every other render); `bare`
//! and `captioned` render the same board `N` times, so that since the canvas compares each
//! render with the last one (`BENCHMARKS.md`) they measure drawing and comparing, with nothing
//! left to map, filter or code. `RENDER_CPU_OUT=DIR` writes the two PNGs into `DIR`. Prints one line per round and
//! kind: user µs per render (and user + system), PNG bytes (of the last render).
//! Naming one kind renders only that one: under `valgrind --tool=callgrind`, the difference
//! between two counts of renders gives the instructions of one render without the first
//! render's drawing of the cached layers.

use std::hint::black_box;

use rollerball_render::{BoardView, Caption, Options, render_png};
use rollerball_rules::Game;

/// The benchmark's middlegame (`benches/png.rs`): a check, a rebound, captures.
fn middlegame() -> BoardView {
    BoardView::of_game(&game())
}

/// The game leading to it.
fn game() -> Game {
    let moves = [
        "c1b2", "f5", "bb3", "g4", "Rf2", "Rb7", "b4", "Rcb6", "b5", "Kc7", "bxb6+", "Kd6", "b1",
        "Bc6", "Ke2", "Ke6", "c7", "Rxc7", "Kd2", "Rd7", "Ref1", "g3", "Ke1", "Rd6", "Bxc6+",
    ];
    Game::replay(None, &moves).expect("legal moves")
}

/// This thread's (user, system) CPU time so far, in clock ticks (fields 14 and 15 of
/// `/proc/thread-self/stat`; the command name before them is in parentheses and may hold
/// spaces, so fields are counted from the last `)`).
fn cpu_ticks() -> (u64, u64) {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").expect("Linux /proc");
    let rest = &stat[stat.rfind(')').expect("a command name") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (the state): utime is field 14, stime 15.
    let tick = |i: usize| fields[i - 3].parse::<u64>().expect("a number");
    (tick(14), tick(15))
}

/// Clock ticks per second (`getconf CLK_TCK`): 100 on every Linux this runs on.
const TICKS_PER_SECOND: f64 = 100.0;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .take(2)
        .map(|a| a.parse::<u32>().expect("a number"));
    let rounds = args.next().unwrap_or(4);
    let n = args.next().unwrap_or(400);
    let only = std::env::args().nth(3);
    let options = Options::default();
    let bare = middlegame();
    let named = middlegame().with_caption(Caption {
        players: [
            "Wolfgang_Amadeus_Mozart_1756_ABC".into(),
            "Wolfgang_Amadeus_Mozart_1756_XYZ".into(),
        ],
        game: "Game 12345".into(),
    });
    // The cached layers and the palette are drawn on the first render: not measured. With
    // `RENDER_CPU_OUT=DIR` the two PNGs are written there, to look at: the second render of
    // each, which takes its plain squares from the canvas's cache.
    for (name, view) in [("bare", &bare), ("captioned", &named)] {
        render_png(view, &options).expect("renders");
        let png = render_png(view, &options).expect("renders");
        if let Some(dir) = std::env::var_os("RENDER_CPU_OUT") {
            let path = std::path::Path::new(&dir).join(format!("{name}.png"));
            std::fs::write(&path, png).expect("writes the PNG");
        }
    }
    // Every position of the game in turn, bare, as a game's boards follow each other.
    let game = game();
    let plies: Vec<BoardView> = (0..=game.ply())
        .map(|p| BoardView::at_ply(&game, p))
        .collect();
    let pair = &plies[plies.len() - 2..];
    for round in 1..=rounds {
        for (name, views) in [
            ("bare", std::slice::from_ref(&bare)),
            ("captioned", std::slice::from_ref(&named)),
            ("game", &plies[..]),
            ("move", pair),
        ] {
            if only.as_deref().is_some_and(|kind| kind != name) {
                continue;
            }
            let (u0, s0) = cpu_ticks();
            let mut bytes = 0;
            for k in 0..n as usize {
                let view = &views[k % views.len()];
                bytes = black_box(render_png(black_box(view), &options).expect("renders")).len();
            }
            let (u1, s1) = cpu_ticks();
            let per = |ticks: u64| ticks as f64 / TICKS_PER_SECOND * 1e6 / f64::from(n);
            println!(
                "round {round} {name:>9}: {:7.1} µs user ({:7.1} µs user+sys) per render, {bytes} bytes",
                per(u1 - u0),
                per(u1 - u0 + s1 - s0),
            );
        }
    }
}
