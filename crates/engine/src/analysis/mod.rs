//! The engine's look at a finished game: every position evaluated at a fixed search budget, each
//! move judged by how much it lost, and the record annotated.
//!
//! # The budget
//!
//! Each position is searched to [`Budget::nodes`] nodes ([`DEFAULT_NODES`] unless the host
//! says otherwise), never to a time: the search counts nodes at every node, so an analysis is
//! the same on a fast machine and a slow one, on a quiet one and a busy one, and a test can
//! name the exact marks it expects.
//!
//! That first pass is cheap and sometimes wrong by a pawn or two, and a move it marks is what
//! a player reads: so before a move keeps its mark, the positions on both sides of it are
//! searched again [`DEEP_FACTOR`] times longer, and the moves judged anew (a move the deeper
//! search clears loses its mark; one that a deeper neighbour now marks is verified in turn),
//! the biggest losses first. The deeper searches are capped at [`DEEP_POSITIONS_MAX`]
//! positions a game, so an analysis never searches more than
//! `(positions + DEEP_FACTOR × DEEP_POSITIONS_MAX) × nodes` nodes: at the default budget a
//! 60-move game (121 positions) costs at most 121 + 200 = 321 times 100,000 nodes, about three
//! times the first pass alone, and a few seconds on one core (`BENCHMARKS.md`).
//!
//! # Scores
//!
//! An [`Eval`] is always from White's side: centipawns (100 = a pawn; above 0 White is better),
//! or a forced mate and who gives it. Its *winning chances* ([`Eval::white_chances`]) map it to
//! −1 (Black wins) … +1 (White wins) with lichess's logistic curve, `2 / (1 + e^(−0.00368·cp)) − 1`,
//! a mate counting ±1: a pawn matters a lot in an even position and little when a rook up.
//!
//! # Marks
//!
//! A move is judged by what its mover's winning chances lost between the position before it
//! (as the engine would have played it) and the position after it, never by raw pawns. A move
//! that is the engine's own choice loses nothing. The thresholds are lichess's; as a
//! percentage (50 % an even game, [`Eval::win_percent`]) they are 5, 10 and 15 points:
//!
//! | mark | name | the mover's winning chances fall by at least |
//! |---|---|---|
//! | `?!` | inaccuracy | [`INACCURACY`] (0.1: 5 points) |
//! | `?` | mistake | [`MISTAKE`] (0.2: 10 points) |
//! | `??` | blunder | [`BLUNDER`] (0.3: 15 points) |
//!
//! So a move that lets an even game (chances 0) be mated loses 1 and is a blunder; a move from
//! +8 to +5 (0.90 to 0.72) is an inaccuracy only, since White still wins.
//!
//! # The words and the graph
//!
//! [`Verdict`] puts an evaluation in words: about even within [`EVEN_CP`] centipawns, then
//! slightly better, better (from [`BETTER_CP`]), winning (from [`WINNING_CP`]), or a forced
//! win, named by its ending — a checkmate or the throne — where [`win_by`] can prove which one
//! the winner forces (a short win), and only as a forced win otherwise. The evaluation graph plots [`Eval::graph_value`]: the centipawns clamped to
//! ±[`GRAPH_CLAMP_CP`], a mate at the top (White) or the bottom (Black).

mod deepen;
pub mod line;

use crate::rules::{Annotation, Color, Game, Move, Position};

pub use super::endings::{WinBy, win_by};

use super::tt::{Kept, Table};
use super::{Limits, Score, Settings, best_move_in};

/// Nodes searched per position when the host names no other budget.
pub const DEFAULT_NODES: u64 = 100_000;
/// The positions around a marked move are searched this many times longer.
pub const DEEP_FACTOR: u64 = 10;
/// At most this many positions of a game get the longer search.
pub const DEEP_POSITIONS_MAX: usize = 20;
/// The analysis's one transposition table has `2^TABLE_BITS` slots of 16 bytes: 4 MiB for the
/// whole game. A search of [`DEFAULT_NODES`] stores at most one entry a node, fewer than half
/// the slots, so the table also keeps much of what the searches of the previous positions
/// learned.
pub const TABLE_BITS: u32 = 18;

/// The table of the process's analyses, kept from one analysis to the next (the queue runs one
/// at a time) and cleared before each.
static TABLE: Kept = Kept::new(TABLE_BITS);
/// An inaccuracy (`?!`) loses at least this much of the mover's winning chances.
pub const INACCURACY: f64 = 0.1;
/// A mistake (`?`) loses at least this much.
pub const MISTAKE: f64 = 0.2;
/// A blunder (`??`) loses at least this much.
pub const BLUNDER: f64 = 0.3;
/// Within this many centipawns a position is about even.
pub const EVEN_CP: i32 = 50;
/// From this many centipawns a side is better (below, slightly better).
pub const BETTER_CP: i32 = 150;
/// From this many centipawns a side is winning.
pub const WINNING_CP: i32 = 400;
/// The graph shows centipawns up to this many either way.
pub const GRAPH_CLAMP_CP: i32 = 1000;

/// How much search each position gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Nodes per position (at least one full iteration is always searched).
    pub nodes: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            nodes: DEFAULT_NODES,
        }
    }
}

/// An evaluation from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns: above 0 White is better.
    Centipawns(i32),
    /// A forced win (checkmate or the throne) for `winner` in `moves` of their moves; 0 when
    /// the game is already won on the board.
    Mate {
        /// Who wins.
        winner: Color,
        /// The winner's moves until the win.
        moves: u32,
    },
}

impl Eval {
    /// A search score, which is the mover's, from White's side.
    pub fn from_score(score: Score, mover: Color) -> Eval {
        let sign = if mover == Color::White { 1 } else { -1 };
        match score {
            Score::Centipawns(cp) => Eval::Centipawns(cp * sign),
            Score::Win { moves } => Eval::Mate {
                winner: mover,
                moves,
            },
            Score::Loss { moves } => Eval::Mate {
                winner: mover.opponent(),
                moves,
            },
        }
    }

    /// White's winning chances, −1 (Black wins) to +1 (White wins): see the module docs.
    pub fn white_chances(self) -> f64 {
        match self {
            Eval::Centipawns(cp) => 2.0 / (1.0 + (-0.00368208 * f64::from(cp)).exp()) - 1.0,
            Eval::Mate { winner, .. } => sign(winner),
        }
    }

    /// `color`'s winning chances, −1 to +1.
    pub fn chances_of(self, color: Color) -> f64 {
        self.white_chances() * sign(color)
    }

    /// `color`'s winning chances as a player reads them: a percentage, 50 in an even game,
    /// 100 when `color` wins (lichess's "win %"), rounded.
    pub fn win_percent(self, color: Color) -> u32 {
        (50.0 + 50.0 * self.chances_of(color)).round() as u32
    }

    /// Where the graph plots it: −1 (bottom) to +1 (top), the centipawns clamped to
    /// ±[`GRAPH_CLAMP_CP`], a mate at the edge of its winner.
    pub fn graph_value(self) -> f64 {
        match self {
            Eval::Centipawns(cp) => {
                f64::from(cp.clamp(-GRAPH_CLAMP_CP, GRAPH_CLAMP_CP)) / f64::from(GRAPH_CLAMP_CP)
            }
            Eval::Mate { winner, .. } => sign(winner),
        }
    }

    /// As a PGN `[%eval …]` writes it: pawns with two decimals (`0.35`, `-1.20`), or `#3` /
    /// `#-3` for a forced win by White / Black in 3 (PGN has no sign for the throne: chess
    /// software reads it as a mate).
    pub fn pgn(self) -> String {
        match self {
            Eval::Centipawns(cp) => format!("{:.2}", f64::from(cp) / 100.0),
            Eval::Mate {
                winner: Color::White,
                moves,
            } => format!("#{moves}"),
            Eval::Mate { moves, .. } => format!("#-{moves}"),
        }
    }

    /// The evaluation of `position` in words; a forced win names its ending where it can be
    /// worked out ([`win_by`]).
    pub fn verdict_at(self, position: &Position) -> Verdict {
        match self {
            Eval::Mate { winner, moves } => {
                Verdict::Forced(winner, moves, win_by(position, winner, moves))
            }
            Eval::Centipawns(cp) => {
                let side = if cp > 0 { Color::White } else { Color::Black };
                match cp.abs() {
                    a if a <= EVEN_CP => Verdict::Even,
                    a if a < BETTER_CP => Verdict::Slight(side),
                    a if a < WINNING_CP => Verdict::Better(side),
                    _ => Verdict::Winning(side),
                }
            }
        }
    }
}

fn sign(color: Color) -> f64 {
    if color == Color::White { 1.0 } else { -1.0 }
}

/// An evaluation in words (see the module docs for the bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// About even.
    Even,
    /// This side is slightly better.
    Slight(Color),
    /// This side is better.
    Better(Color),
    /// This side is winning.
    Winning(Color),
    /// This side forces a win in this many moves, ending this way.
    Forced(Color, u32, WinBy),
}

impl Verdict {
    /// A stable key for texts: `even`, `white-slight`, `black-better`, `white-winning`,
    /// `black-mate`, `white-throne`, `black-win` (forced, either way), ...
    pub fn key(self) -> &'static str {
        use Color::{Black, White};
        match self {
            Verdict::Even => "even",
            Verdict::Slight(White) => "white-slight",
            Verdict::Slight(Black) => "black-slight",
            Verdict::Better(White) => "white-better",
            Verdict::Better(Black) => "black-better",
            Verdict::Winning(White) => "white-winning",
            Verdict::Winning(Black) => "black-winning",
            Verdict::Forced(White, _, WinBy::Checkmate) => "white-mate",
            Verdict::Forced(Black, _, WinBy::Checkmate) => "black-mate",
            Verdict::Forced(White, _, WinBy::Throne) => "white-throne",
            Verdict::Forced(Black, _, WinBy::Throne) => "black-throne",
            Verdict::Forced(White, _, WinBy::Either) => "white-win",
            Verdict::Forced(Black, _, WinBy::Either) => "black-win",
        }
    }

    /// The winner's moves to a forced win, 0 for the other verdicts.
    pub fn mate_in(self) -> u32 {
        match self {
            Verdict::Forced(_, moves, _) => moves,
            _ => 0,
        }
    }
}

/// One position as the engine saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    /// Its evaluation.
    pub eval: Eval,
    /// The engine's move there; `None` when the game was over in it.
    pub best: Option<Move>,
    /// The engine's line from there (its principal variation), starting with
    /// [`PositionEval::best`]; empty when the game was over (or, for an analysis stored
    /// before lines were kept, just the best move).
    pub pv: Vec<Move>,
}

/// The judgement of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Mark {
    /// The mark for a loss of `loss` winning chances, if it is one.
    pub fn for_loss(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// As written after the move: `?!`, `?` or `??`.
    pub fn suffix(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// What one move cost its mover.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    /// The move's ply (0: the game's first move).
    pub ply: usize,
    /// Who played it.
    pub mover: Color,
    /// The mover's winning chances lost (0 when it was the engine's move or gained).
    pub loss: f64,
    /// The mark it earns, if any.
    pub mark: Option<Mark>,
}

/// A game as the engine saw it: one evaluation per position, the start first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAnalysis {
    /// The budget each position was searched with.
    pub budget: Budget,
    /// One per position: the start, then after each move (the game's ply + 1 of them).
    pub positions: Vec<PositionEval>,
}

/// Evaluates every position of `game` (with its repetition history) at `budget`, then the
/// positions around its marked moves [`DEEP_FACTOR`] times longer (see the module docs).
/// Synchronous and CPU-bound: call it on a blocking thread.
///
/// All the positions are searched with one transposition table, in the order of the game and
/// then of the verification: the process's kept table, cleared first (or a new one when
/// another analysis holds it). A search is a pure function of its position, its history, its
/// budget and the table it starts from, and that table holds only what the earlier searches
/// of this same game left in it: so the same game always gets the same analysis, whatever was
/// analysed before it. (Since the marks decide which positions are searched longer, and a
/// move's mark needs the position after it, a position may be evaluated more deeply in a
/// game than in the same game cut short there.)
pub fn analyse(game: &Game, budget: Budget) -> GameAnalysis {
    analyse_deepening(game, budget, DEEP_POSITIONS_MAX)
}

/// [`analyse`], with at most `deep_positions` positions searched longer (0: the first pass
/// alone, as analyses were before the second pass; the precision benchmark compares both).
pub fn analyse_deepening(game: &Game, budget: Budget, deep_positions: usize) -> GameAnalysis {
    let nodes = |nodes| Settings {
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let (shallow, deep) = (nodes(budget.nodes), nodes(budget.nodes * DEEP_FACTOR));
    let positions = TABLE.with(|tt| {
        let mut line = Game::from_position(*game.start());
        let mut lines = Vec::with_capacity(game.ply() + 1);
        let mut positions = Vec::with_capacity(game.ply() + 1);
        for ply in 0..=game.ply() {
            positions.push(evaluate(&line, &shallow, tt));
            lines.push(line.clone());
            if let Some(&mv) = game.moves().get(ply) {
                line.play(mv).expect("a game's own moves replay");
            }
        }
        deepen::verify_marks(game, &mut positions, deep_positions, |ply| {
            evaluate(&lines[ply], &deep, tt)
        });
        positions
    });
    GameAnalysis { budget, positions }
}

/// One position: the rules' verdict when the game is over in it, else the search's.
fn evaluate(line: &Game, settings: &Settings, tt: &mut Table) -> PositionEval {
    if let Some(outcome) = line.outcome() {
        let eval = match outcome.winner {
            Some(winner) => Eval::Mate { winner, moves: 0 },
            None => Eval::Centipawns(0),
        };
        return PositionEval {
            eval,
            best: None,
            pv: Vec::new(),
        };
    }
    let mover = line.position().side_to_move();
    match best_move_in(line, settings, 0, tt) {
        Some(found) => PositionEval {
            eval: Eval::from_score(found.score, mover),
            best: Some(found.mv),
            pv: line::extended(line.position(), found.pv, tt),
        },
        // No legal move and no outcome cannot happen in a replayed game; call it even.
        None => PositionEval {
            eval: Eval::Centipawns(0),
            best: None,
            pv: Vec::new(),
        },
    }
}

/// Every move of `game` judged against `positions` (one per position of `game`, as in
/// [`GameAnalysis::positions`]).
pub fn judge(game: &Game, positions: &[PositionEval]) -> Vec<Judgement> {
    let mut side = game.start().side_to_move();
    let mut out = Vec::with_capacity(game.ply());
    for (ply, &played) in game.moves().iter().enumerate() {
        let (Some(before), Some(after)) = (positions.get(ply), positions.get(ply + 1)) else {
            break;
        };
        let loss = if before.best == Some(played) {
            0.0
        } else {
            (before.eval.chances_of(side) - after.eval.chances_of(side)).max(0.0)
        };
        out.push(Judgement {
            ply,
            mover: side,
            loss,
            mark: Mark::for_loss(loss),
        });
        side = side.opponent();
    }
    out
}

impl GameAnalysis {
    /// Every move of `game` judged; `game` must be the game analysed.
    pub fn judgements(&self, game: &Game) -> Vec<Judgement> {
        judge(game, &self.positions)
    }

    /// `color`'s `n` marked moves that lost the most, the worst first (the earlier of two
    /// equal ones first).
    pub fn worst(&self, game: &Game, color: Color, n: usize) -> Vec<Judgement> {
        let mut marked: Vec<Judgement> = self
            .judgements(game)
            .into_iter()
            .filter(|j| j.mover == color && j.mark.is_some())
            .collect();
        marked.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
        marked.truncate(n);
        marked
    }

    /// Each move's annotation for the record: its mark, and the evaluation after it as
    /// `[%eval …]` (none after the move that won on the board: the result says it).
    pub fn annotations(&self, game: &Game) -> Vec<Annotation> {
        self.judgements(game)
            .iter()
            .map(|j| Annotation {
                suffix: j.mark.map_or("", Mark::suffix),
                comment: match self.positions[j.ply + 1].eval {
                    Eval::Mate { moves: 0, .. } => String::new(),
                    eval => format!("[%eval {}]", eval.pgn()),
                },
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::for_loss(0.09), None);
        assert_eq!(Mark::for_loss(0.1), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(0.25), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(1.0), Some(Mark::Blunder));
        assert_eq!(Mark::Blunder.suffix(), "??");
    }

    #[test]
    fn a_move_that_allows_mate_in_one_is_a_blunder() {
        let moves = "c2b2 e7f6 Ba4 Rb7 Bxc6 ef5 Rd1 Bxc6 Rf2 Rd7 Rg2 Rxg2#";
        let game = Game::replay(None, &moves.split_whitespace().collect::<Vec<_>>()).unwrap();
        let analysis = analyse(&game, Budget { nodes: 5_000 });
        assert_eq!(analysis.positions.len(), 13);
        // After Rg2, Black mates in one; after the mate, the game is won on the board.
        assert_eq!(
            analysis.positions[11].eval,
            Eval::Mate {
                winner: Color::Black,
                moves: 1
            }
        );
        assert_eq!(
            analysis.positions[12],
            PositionEval {
                eval: Eval::Mate {
                    winner: Color::Black,
                    moves: 0
                },
                best: None,
                pv: Vec::new()
            }
        );
        let worst = analysis.worst(&game, Color::White, 3);
        assert_eq!((worst[0].ply, worst[0].mark), (10, Some(Mark::Blunder)));
        let notes = analysis.annotations(&game);
        assert_eq!(notes[10].suffix, "??");
        assert_eq!(notes[10].comment, "[%eval #-1]");
        // The mate itself is Black's best move: no mark, and no evaluation after it.
        assert_eq!(notes[11], Annotation::default());
        let pgn = game.to_annotated_pgn(&Default::default(), &notes);
        let movetext = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            movetext.contains("6. Rg2?? { [%eval #-1] } 6... Rxg2# 0-1"),
            "{pgn}"
        );
    }

    fn blunder_game() -> Game {
        let moves = "c2b2 e7f6 Ba4 Rb7 Bxc6 ef5 Rd1 Bxc6 Rf2 Rd7 Rg2 Rxg2#";
        Game::replay(None, &moves.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn one_table_serves_the_whole_game() {
        // A table per position cost 16 MB each time (and the allocator kept several around):
        // the analysis of a game makes one table of 4 MiB at most (none when the process's
        // kept table is free).
        let game = blunder_game();
        let before = crate::tt::made_on_this_thread();
        let analysis = analyse(&game, Budget { nodes: 2_000 });
        assert_eq!(analysis.positions.len(), 13);
        assert!(crate::tt::made_on_this_thread() - before <= 1);
        assert_eq!(Table::new(TABLE_BITS).bytes(), 4 << 20);
    }

    #[test]
    fn the_same_game_gets_the_same_analysis() {
        // The table carries what one position's search learned to the next; it must never
        // carry anything from one analysis to another.
        let game = blunder_game();
        let budget = Budget { nodes: 3_000 };
        let first = analyse(&game, budget);
        let other = Game::replay(None, &["c2-b3", "e6-f5", "e2-f2", "c6-b6", "c1-b2"]).unwrap();
        let between = analyse(&other, budget);
        assert_ne!(between.positions, first.positions[..6]);
        assert_eq!(analyse(&game, budget), first);
        // With the kept table busy, a new table gives the same.
        TABLE.with(|_busy| assert_eq!(analyse(&game, budget), first));
    }

    #[test]
    fn evaluations_read_from_whites_side() {
        let black_up = Eval::from_score(Score::Centipawns(120), Color::Black);
        assert_eq!(black_up, Eval::Centipawns(-120));
        assert_eq!(black_up.pgn(), "-1.20");
        let start = Position::start();
        assert_eq!(black_up.verdict_at(&start), Verdict::Slight(Color::Black));
        let mated = Eval::from_score(Score::Loss { moves: 2 }, Color::White);
        assert_eq!(mated.pgn(), "#-2");
        assert_eq!(mated.graph_value(), -1.0);
        assert_eq!(Eval::Centipawns(2500).graph_value(), 1.0);
        assert_eq!(Eval::Centipawns(500).graph_value(), 0.5);
        assert_eq!(Eval::Centipawns(0).white_chances(), 0.0);
        assert!((Eval::Centipawns(300).white_chances() - 0.5022).abs() < 1e-3);
        assert_eq!(Eval::Centipawns(30).verdict_at(&start), Verdict::Even);
        assert_eq!(
            Eval::Centipawns(450).verdict_at(&start).key(),
            "white-winning"
        );
        // A forced win is named by its ending where it is short enough to be worked out.
        let throne_next = Position::from_fen("7/2K4/7/7/7/6k/7 w K 1").unwrap();
        let win = |moves| Eval::Mate {
            winner: Color::White,
            moves,
        };
        assert_eq!(win(1).verdict_at(&throne_next).key(), "white-throne");
        assert_eq!(win(9).verdict_at(&throne_next).key(), "white-win");
    }
}
