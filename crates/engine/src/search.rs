//! The search: iterative deepening over a principal-variation (negamax) alpha-beta search with
//! a transposition table, check extension, late-move reductions and a quiescence search.
//!
//! Scores are centipawns for the side to move; a win (checkmate or throne) `n` plies from the
//! root scores `WIN - n`, so the search prefers the quickest win and the slowest loss.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::eval::{self, Tables};
use super::tt::{Bound, Table};
use crate::rules::{Move, PieceKind, Position, throne};

/// The score of a win on the board right now; `WIN - n` is a win `n` plies ahead.
pub const WIN: i32 = 30_000;
/// Above any score the search can return.
pub const INF: i32 = 32_000;
/// Scores this close to [`WIN`] are wins (or, negated, losses) rather than evaluations.
pub const WIN_BOUND: i32 = WIN - 2 * MAX_PLY as i32;
/// The deepest the search goes, quiescence included.
pub const MAX_PLY: usize = 96;

/// Everything one search needs; built fresh for each call to keep calls independent, except
/// the transposition table, which the caller lends (an analysis lends one table to the searches
/// of a whole game).
pub struct Searcher<'a> {
    tables: &'static Tables,
    tt: &'a mut Table,
    /// Zobrist keys of the game's earlier positions (only those since the last irreversible
    /// move), then of the positions on the current search path.
    keys: Vec<u64>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Box<[[[i32; 49]; 49]; 2]>,
    pv: Box<[[Option<Move>; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Nodes visited so far, quiescence included.
    pub nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    /// Set once a limit is hit; every node then returns at once and the unfinished iteration
    /// is thrown away.
    stopped: bool,
    /// The first iteration always completes, so there is always a move to return.
    may_stop: bool,
    noise: i32,
    blind_permille: u32,
    seed: u64,
}

/// The splitmix64 finaliser: a good 64-bit mix, used as the seeded source of every "random"
/// choice so that a search is a pure function of its inputs and the seed.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn move_bits(mv: Move) -> u64 {
    (mv.from.index() as u64) | (mv.to.index() as u64) << 6 | (mv.promotion.is_some() as u64) << 12
}

/// One completed iteration of the search.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// The nominal depth searched.
    pub depth: u32,
    /// The root score (internal units: centipawns, or `±(WIN - plies)`).
    pub score: i32,
    /// The principal variation; never empty.
    pub pv: Vec<Move>,
}

impl<'a> Searcher<'a> {
    /// A searcher for one move choice. `history` holds the keys of the game's earlier
    /// positions since the last irreversible move; `tt` may hold what earlier searches learned.
    // Private to the engine and called from one place (`engine::search`), which names every
    // argument; a builder would add code without adding clarity.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        history: Vec<u64>,
        tt: &'a mut Table,
        node_limit: u64,
        deadline: Option<Instant>,
        stop: Option<&'a AtomicBool>,
        noise: i32,
        blind_permille: u32,
        seed: u64,
    ) -> Searcher<'a> {
        Searcher {
            tables: eval::tables(),
            tt,
            keys: history,
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[[0; 49]; 49]; 2]),
            pv: Box::new([[None; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            nodes: 0,
            node_limit,
            deadline,
            stop,
            stopped: false,
            may_stop: false,
            noise,
            blind_permille,
            seed,
        }
    }

    /// Iterative deepening from depth 1 to `max_depth`, stopping early at a limit, when a
    /// forced result is proven, or (with `soft_time`) when another iteration would likely not
    /// finish. Returns the last completed iteration.
    pub fn run(
        &mut self,
        root: &Position,
        max_depth: u32,
        soft_time: Option<(Instant, Duration)>,
    ) -> Option<Iteration> {
        let mut done: Option<Iteration> = None;
        for depth in 1..=max_depth.max(1) {
            self.may_stop = done.is_some();
            let irr = 0;
            let score = self.negamax(root, depth as i32, -INF, INF, 0, irr);
            if self.stopped {
                break;
            }
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]]
                .iter()
                .flatten()
                .copied()
                .collect();
            if pv.is_empty() {
                break;
            }
            done = Some(Iteration { depth, score, pv });
            // A proven win or loss within this depth cannot change with more depth.
            if score.abs() >= WIN_BOUND && (WIN - score.abs()) as u32 <= depth {
                break;
            }
            if let Some((start, budget)) = soft_time
                && start.elapsed() * 2 > budget
            {
                break;
            }
            if self.nodes >= self.node_limit {
                break;
            }
        }
        done
    }

    fn check_limits(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if !self.may_stop {
            return false;
        }
        // The clock and the flag are read only every 1024 nodes: `Instant::now` is a system call.
        if self.nodes >= self.node_limit
            || (self.nodes & 1023 == 0
                && (self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// True when the position with `key` occurred earlier with the same side to move, since
    /// index `irr` of the key stack (nothing before an irreversible move can repeat).
    fn repeats(&self, key: u64, irr: usize) -> bool {
        self.keys[irr.min(self.keys.len())..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&k| k == key)
    }

    /// Whether this search overlooks `mv` here: the human-like mistake of the low levels, which
    /// sometimes do not see a capture (their own or the opponent's). Deterministic in the seed.
    fn overlooks(&self, key: u64, mv: Move) -> bool {
        self.blind_permille > 0
            && mix(self.seed ^ key ^ move_bits(mv).wrapping_mul(0x2545_F491_4F6C_DD1D)) % 1000
                < self.blind_permille as u64
    }

    fn evaluate(&self, p: &Position) -> i32 {
        let score = eval::evaluate(p, self.tables);
        if self.noise == 0 {
            return score;
        }
        let spread = 2 * self.noise as u64 + 1;
        score + (mix(self.seed ^ p.zobrist()) % spread) as i32 - self.noise
    }

    fn order_score(&self, p: &Position, mv: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if Some(mv) == tt_move {
            return 1_000_000;
        }
        if let Some(victim) = p.piece_at(mv.to) {
            let attacker = p.piece_at(mv.from).map_or(0, |a| match a.kind {
                PieceKind::King => 600,
                kind => eval::value(kind),
            });
            return 100_000 + 10 * eval::value(victim.kind) - attacker / 10;
        }
        if let Some(kind) = mv.promotion {
            return 90_000 + eval::value(kind);
        }
        if self.killers[ply][0] == Some(mv) {
            return 80_000;
        }
        if self.killers[ply][1] == Some(mv) {
            return 79_000;
        }
        let side = p.side_to_move().index();
        self.history[side][mv.from.index()][mv.to.index()].min(70_000)
    }

    /// The move that wins by throne at once, if the side to move has one.
    fn throne_move(&self, p: &Position, moves: &[Move]) -> Option<Move> {
        let us = p.side_to_move();
        if !p.crossed(us) {
            return None;
        }
        let king = p.king_square(us);
        if self.tables.king[us.index()][1][king.index()] != 1 {
            return None;
        }
        let goal = throne(us);
        moves
            .iter()
            .copied()
            .find(|m| m.from == king && m.to == goal)
    }

    fn set_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = Some(mv);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn negamax(
        &mut self,
        p: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        irr: usize,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if ply > 0 {
            // The order of RULES.md §6: the mover's throne win counts before anything else.
            if p.throne_winner().is_some() {
                return -(WIN - ply as i32);
            }
            if self.repeats(p.zobrist(), irr) {
                return draw_score(ply);
            }
            if self.check_limits() {
                return 0;
            }
        }
        let in_check = p.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 16 {
            return self.quiesce(p, alpha, beta, ply);
        }
        self.nodes += 1;
        let moves = p.legal_moves();
        if moves.is_empty() {
            return if in_check {
                -(WIN - ply as i32)
            } else {
                draw_score(ply)
            };
        }
        if let Some(mv) = self.throne_move(p, &moves) {
            self.pv_len[ply + 1] = ply + 1;
            self.set_pv(ply, mv);
            return WIN - ply as i32 - 1;
        }
        // Mate-distance pruning: no line from here can beat a win found nearer the root.
        if ply > 0 {
            alpha = alpha.max(-(WIN - ply as i32));
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let key = p.zobrist();
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(key) {
            tt_move = hit.mv;
            if ply > 0 && hit.depth >= depth {
                let s = from_tt(hit.score, ply);
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }

        let n = moves.len();
        let mut order = [0i32; 160];
        for (i, &mv) in moves.iter().enumerate() {
            order[i] = self.order_score(p, mv, tt_move, ply);
        }
        let mut list = [moves[0]; 160];
        list[..n].copy_from_slice(&moves);

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0;
        for i in 0..n {
            let mv = pick_next(&mut order[..n], &mut list[..n], i);
            let capture = p.is_capture(mv);
            if capture && (searched > 0 || i + 1 < n) && self.overlooks(key, mv) {
                continue;
            }
            let child = p.after(mv);
            let quiet = !capture && mv.promotion.is_none();
            let irreversible = capture
                || p.pieces_of_kind(p.side_to_move(), PieceKind::Pawn)
                    .contains(mv.from);
            let child_irr = if irreversible {
                self.keys.len() + 1
            } else {
                irr
            };
            self.keys.push(key);
            let score = if searched == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, child_irr)
            } else {
                // Late quiet moves are searched shallower first; a surprise gets a full look.
                let reduce = if quiet && !in_check && depth >= 3 && searched >= 3 {
                    if searched >= 8 && depth >= 5 { 2 } else { 1 }
                } else {
                    0
                };
                let mut s = -self.negamax(
                    &child,
                    depth - 1 - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    child_irr,
                );
                if s > alpha && reduce > 0 {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, child_irr);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, child_irr);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, mv);
                    if score >= beta {
                        if quiet {
                            if self.killers[ply][0] != Some(mv) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(mv);
                            }
                            let side = p.side_to_move().index();
                            let h = &mut self.history[side][mv.from.index()][mv.to.index()];
                            *h += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, depth, to_tt(best, ply), bound, best_move);
        best
    }

    /// Quiescence: captures and promotions only (every move when in check or when the enemy
    /// king threatens to step onto its throne), so that leaves are quiet.
    fn quiesce(&mut self, p: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if p.throne_winner().is_some() {
            return -(WIN - ply as i32);
        }
        self.nodes += 1;
        if self.check_limits() {
            return 0;
        }
        let moves = p.legal_moves();
        let in_check = p.is_check();
        if moves.is_empty() {
            return if in_check {
                -(WIN - ply as i32)
            } else {
                draw_score(ply)
            };
        }
        if self.throne_move(p, &moves).is_some() {
            return WIN - ply as i32 - 1;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(p);
        }
        let them = p.side_to_move().opponent();
        let forced = in_check || eval::throne_threat(p, self.tables, them);
        let mut best = -INF;
        if !forced {
            let stand = self.evaluate(p);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let key = p.zobrist();
        let mut list = [moves[0]; 160];
        let mut order = [0i32; 160];
        let mut n = 0;
        for &mv in moves.iter() {
            if forced || mv.promotion.is_some() || p.is_capture(mv) {
                list[n] = mv;
                order[n] = self.order_score(p, mv, None, ply);
                n += 1;
            }
        }
        let mut searched = 0;
        for i in 0..n {
            let mv = pick_next(&mut order[..n], &mut list[..n], i);
            if p.is_capture(mv) && (searched > 0 || i + 1 < n) && self.overlooks(key, mv) {
                continue;
            }
            let score = -self.quiesce(&p.after(mv), -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if best == -INF {
            // Everything overlooked: judge the position as it stands.
            return self.evaluate(p);
        }
        best
    }
}

/// How much the engine dislikes a draw, in centipawns: it plays on in a level position
/// rather than repeat moves, the way a player facing a weaker opponent would.
const CONTEMPT: i32 = 20;

/// A draw's score for the side to move at `ply`: below zero for the engine (even plies), above
/// zero for its opponent.
fn draw_score(ply: usize) -> i32 {
    if ply % 2 == 0 { -CONTEMPT } else { CONTEMPT }
}

/// Win scores are stored relative to the node, so they stay right wherever it is met again.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// One step of a selection sort: brings the best-ordered of `list[i..]` to `i` and returns it.
/// Sorting lazily, one move at a time, wins because a cut-off usually comes after a few moves.
fn pick_next(order: &mut [i32], list: &mut [Move], i: usize) -> Move {
    let mut j = i;
    for k in i + 1..list.len() {
        if order[k] > order[j] {
            j = k;
        }
    }
    order.swap(i, j);
    list.swap(i, j);
    list[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetitions_are_found_only_with_the_same_side_to_move_since_the_boundary() {
        let mut tt = Table::new(4);
        let mut s = Searcher::new(vec![1, 2, 3, 4], &mut tt, u64::MAX, None, None, 0, 0, 0);
        // The stack ends with key 4 (the parent, other side to move); the child can only
        // repeat 3 or 1, the positions with its own side to move.
        assert!(s.repeats(3, 0));
        assert!(s.repeats(1, 0));
        assert!(!s.repeats(2, 0));
        // Nothing before an irreversible move (at index 2) can repeat.
        assert!(!s.repeats(1, 2));
        s.keys.push(5);
        assert!(s.repeats(4, 0) && s.repeats(2, 0) && !s.repeats(3, 0));
    }

    #[test]
    fn win_scores_survive_the_table() {
        for ply in [0, 3, 10] {
            for score in [WIN - 5, -(WIN - 7), 123, -45] {
                assert_eq!(from_tt(to_tt(score, ply), ply), score);
            }
        }
    }
}
