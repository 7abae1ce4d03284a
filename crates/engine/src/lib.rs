//! The computer opponent: a search and an evaluation built for Rollerball, at five levels.
//!
//! Uses `rules` only. The entry points are [`best_move`] (a game, with its repetition history)
//! and [`search`] (a bare position plus the keys of earlier positions). Both are synchronous
//! and CPU-bound: a service should call them on a blocking thread (for instance
//! `tokio::task::spawn_blocking`), and may pass a stop flag in [`Limits::stop`] to cut a
//! search short.
//!
//! ```
//! use rollerball_engine::{self as engine, Level, Settings};
//! use rollerball_rules::Game;
//!
//! let game = Game::from_fen("k6/7/7/7/7/1R4K/7 w - 1").unwrap();
//! let found = engine::best_move(&game, &Settings::of(Level::new(3).unwrap()), 7).unwrap();
//! assert_eq!(found.san, "Rb1#");
//! assert_eq!(found.score, engine::Score::Win { moves: 1 });
//! ```
//!
//! Every choice is deterministic given the seed, except that a search limited by time (level 5,
//! `--movetime`) stops wherever the clock says.

#![warn(missing_docs)]

// The crates this one builds on, named as the modules they were before the split, so
// that paths read `crate::rules::Game` here as everywhere.
use rollerball_rules as rules;

pub mod analysis;
pub mod endings;
/// The static evaluation, public for benchmarks and tests.
pub mod eval;
mod opponents;
mod search;
mod tt;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::rules::{Game, Move, Position, Termination, san};
/// A playing strength, 1 to 5 (the model's: a game's row names its computer's level).
pub use rollerball_model::Level;

/// The match machinery and the measuring opponents.
pub use opponents::{MatchScore, Player, UnknownPlayer, greedy_move, play_game, random_move};

/// When a search must stop. Every limit that is set applies; the first one reached ends the
/// search (after at least one full iteration, so there is always a move).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest nominal depth in plies (quiescence and check extensions go further).
    pub depth: Option<u32>,
    /// Nodes to visit at most (checked at every node, so the search is deterministic).
    pub nodes: Option<u64>,
    /// Wall-clock time for the move. The search does not start an iteration after half of it
    /// and aborts the running one when it runs out.
    pub movetime: Option<Duration>,
    /// Set this flag from another thread to stop the search early (checked every 1024 nodes).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Search to exactly `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for about `time`.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
}

/// How the engine plays: its limits and its deliberate weaknesses.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// When to stop searching.
    pub limits: Limits,
    /// Evaluation noise: each leaf gets a seeded offset in `-noise..=noise` centipawns, so a
    /// weak level misjudges quiet positions as a beginner does.
    pub noise: i32,
    /// Per mille of captures (its own or the opponent's) the search does not see at a given
    /// node — the beginner's classic oversight of a piece left hanging.
    pub blind_permille: u32,
}

impl Settings {
    /// How `level` plays. Levels 1–4 are limited by depth and nodes, so their play is exactly
    /// reproducible and as quick on a slow machine as on a fast one; level 5 uses the clock,
    /// up to 1.8 seconds a move (the 2-second budget less a safety margin).
    pub fn of(level: Level) -> Settings {
        let (depth, nodes, movetime, noise, blind) = match level.get() {
            1 => (Some(1), None, None, 150, 300),
            2 => (Some(2), None, None, 70, 150),
            3 => (Some(3), None, None, 30, 50),
            4 => (Some(6), Some(150_000), None, 0, 0),
            _ => (None, None, Some(Duration::from_millis(1800)), 0, 0),
        };
        Settings {
            limits: Limits {
                depth,
                nodes,
                movetime,
                stop: None,
            },
            noise,
            blind_permille: blind,
        }
    }
}

/// A search score, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An evaluation in centipawns (100 = a pawn).
    Centipawns(i32),
    /// A forced win (checkmate or throne) in this many of the mover's moves.
    Win {
        /// The mover's moves until the win.
        moves: u32,
    },
    /// A forced loss after this many of the mover's moves (0: the game is already lost).
    Loss {
        /// The mover's moves until the loss.
        moves: u32,
    },
}

impl Score {
    fn from_internal(score: i32) -> Score {
        if score >= search::WIN_BOUND {
            Score::Win {
                moves: ((search::WIN - score) as u32).div_ceil(2),
            }
        } else if score <= -search::WIN_BOUND {
            Score::Loss {
                moves: ((search::WIN + score) as u32) / 2,
            }
        } else {
            Score::Centipawns(score)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => write!(f, "{:+.2}", cp as f64 / 100.0),
            Score::Win { moves } => write!(f, "win in {moves}"),
            Score::Loss { moves } => write!(f, "loss in {moves}"),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (always legal in the searched position).
    pub mv: Move,
    /// The move in SAN, for replies.
    pub san: String,
    /// Its score for the side to move.
    pub score: Score,
    /// How the principal variation ends when it ends the game (checkmate or throne), so a
    /// reply can say "mate in 2" rather than "win in 2".
    pub ending: Option<Termination>,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited (main search and quiescence).
    pub nodes: u64,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<Move>,
    /// How long the search took.
    pub elapsed: Duration,
}

/// The best move in `game`'s current position, taking its repetition history into account.
/// `None` when the game is over or the side to move has no legal move.
///
/// `seed` drives the low levels' noise and oversights: use something that differs between
/// games and moves (the game id mixed with the ply, say) for variety, the same to replay.
pub fn best_move(game: &Game, settings: &Settings, seed: u64) -> Option<SearchResult> {
    let mut tt = tt::Table::new(table_bits(&settings.limits));
    best_move_in(game, settings, seed, &mut tt)
}

/// [`best_move`] with the caller's transposition table, which keeps what this search learns
/// for the next one (the analysis of a game searches all its positions with one table).
pub(crate) fn best_move_in(
    game: &Game,
    settings: &Settings,
    seed: u64,
    tt: &mut tt::Table,
) -> Option<SearchResult> {
    if game.outcome().is_some() {
        return None;
    }
    let positions = game.positions();
    let current = *positions.last().expect("a game has a position");
    // Only positions since the last capture or pawn move can repeat: both change the board
    // for good.
    let fixed = |p: &Position| {
        (
            p.occupied().len(),
            p.pieces_of_kind(crate::rules::Color::White, crate::rules::PieceKind::Pawn),
            p.pieces_of_kind(crate::rules::Color::Black, crate::rules::PieceKind::Pawn),
        )
    };
    let now = fixed(&current);
    let mut first = positions.len() - 1;
    while first > 0 && fixed(&positions[first - 1]) == now {
        first -= 1;
    }
    let history: Vec<u64> = positions[first..positions.len() - 1]
        .iter()
        .map(Position::zobrist)
        .collect();
    search_in(&current, &history, settings, seed, tt)
}

/// The size of a fresh table for a search within `limits`, in bits of slots. A small search
/// needs a small table: allocating and clearing 16 MB for a depth-1 move would cost more than
/// the search.
fn table_bits(limits: &Limits) -> u32 {
    if limits.movetime.is_some() || limits.depth.is_none_or(|d| d > 4) {
        20
    } else {
        14
    }
}

/// The best move in `position`, given the Zobrist keys of the game's earlier positions (oldest
/// first; any of them that recurs in the search counts as a draw). `None` when the position is
/// already decided (throne) or the side to move has no legal move.
pub fn search(
    position: &Position,
    history: &[u64],
    settings: &Settings,
    seed: u64,
) -> Option<SearchResult> {
    let mut tt = tt::Table::new(table_bits(&settings.limits));
    search_in(position, history, settings, seed, &mut tt)
}

/// [`search`] with the caller's transposition table.
fn search_in(
    position: &Position,
    history: &[u64],
    settings: &Settings,
    seed: u64,
    tt: &mut tt::Table,
) -> Option<SearchResult> {
    let start = Instant::now();
    if position.throne_winner().is_some() || position.legal_moves().is_empty() {
        return None;
    }
    let limits = &settings.limits;
    let deadline = limits.movetime.map(|t| start + t);
    let max_depth = limits.depth.unwrap_or(64).min(search::MAX_PLY as u32 / 2);
    let mut searcher = search::Searcher::new(
        history.to_vec(),
        tt,
        limits.nodes.unwrap_or(u64::MAX),
        deadline,
        limits.stop.as_deref(),
        settings.noise,
        settings.blind_permille,
        search::mix(seed),
    );
    let soft = limits.movetime.map(|t| (start, t));
    let done = searcher.run(position, max_depth, soft)?;
    let mv = done.pv[0];
    // How the line ends, if it ends the game.
    let mut end = *position;
    for &m in &done.pv {
        end.play_unchecked(m);
    }
    let ending = end.outcome().and_then(|o| o.winner.map(|_| o.termination));
    Some(SearchResult {
        mv,
        san: san(position, mv),
        score: Score::from_internal(done.score),
        ending,
        depth: done.depth,
        nodes: searcher.nodes,
        pv: done.pv,
        elapsed: start.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_one_to_five() {
        assert!(Level::new(0).is_none() && Level::new(6).is_none());
        assert_eq!(Level::new(5), Some(Level::MAX));
        assert_eq!(Level::MIN.get(), 1);
        // Weaker levels see less and err more.
        let settings: Vec<Settings> = (1..=5)
            .map(|n| Settings::of(Level::new(n).unwrap()))
            .collect();
        for pair in settings.windows(2) {
            assert!(pair[0].noise >= pair[1].noise);
            assert!(pair[0].blind_permille >= pair[1].blind_permille);
        }
        assert!(settings[4].limits.movetime.unwrap() < Duration::from_secs(2));
    }

    #[test]
    fn scores_read_as_players_say_them() {
        assert_eq!(Score::from_internal(35).to_string(), "+0.35");
        assert_eq!(Score::from_internal(-120).to_string(), "-1.20");
        assert_eq!(
            Score::from_internal(search::WIN - 1),
            Score::Win { moves: 1 }
        );
        assert_eq!(
            Score::from_internal(search::WIN - 3),
            Score::Win { moves: 2 }
        );
        assert_eq!(Score::from_internal(-search::WIN), Score::Loss { moves: 0 });
        assert_eq!(
            Score::from_internal(-(search::WIN - 2)),
            Score::Loss { moves: 1 }
        );
        assert_eq!(Score::Win { moves: 2 }.to_string(), "win in 2");
    }

    #[test]
    fn players_are_read_from_the_command_line() {
        assert_eq!("3".parse(), Ok(Player::Engine(Level::new(3).unwrap())));
        assert_eq!("Random".parse(), Ok(Player::Random));
        assert_eq!("greedy".parse(), Ok(Player::Greedy));
        assert!("7".parse::<Player>().is_err());
        assert_eq!(
            Player::Engine(Level::new(2).unwrap()).to_string(),
            "level 2"
        );
    }

    #[test]
    fn match_scores_count_draws_as_half() {
        use crate::rules::{Color, Outcome};
        let mut score = MatchScore::default();
        score.add(
            Some(Outcome::win(Color::White, Termination::Throne)),
            Color::White,
        );
        score.add(
            Some(Outcome::win(Color::White, Termination::Checkmate)),
            Color::Black,
        );
        score.add(Some(Outcome::draw(Termination::Repetition)), Color::White);
        score.add(None, Color::Black);
        assert_eq!((score.wins, score.draws, score.losses), (1, 2, 1));
        assert_eq!(score.percent(), 50.0);
        assert_eq!(score.to_string(), "+1 =2 -1 (50.0%)");
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let game = Game::from_fen("k6/7/7/7/7/6K/1R5 b - 1").unwrap();
        assert!(best_move(&game, &Settings::of(Level::MIN), 0).is_none());
    }
}
