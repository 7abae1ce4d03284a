//! Opponents for measuring the engine (a random mover and a one-move greedy capturer) and
//! the self-play match runner behind `rollerball selfplay`.

use std::fmt;
use std::str::FromStr;

use super::search::mix;
use super::{Level, best_move, eval};
use crate::rules::{Color, Game, Move, Outcome};

/// Who plays a side in a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The engine at a level.
    Engine(Level),
    /// A uniformly random legal move.
    Random,
    /// Wins at once if it can (checkmate or throne), else takes the most valuable piece it
    /// can (with its least valuable piece), else moves at random. It looks one move ahead only.
    Greedy,
}

/// A player name that is not a level 1–5, `random` or `greedy`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player `{0}`: use a level 1-5, `random` or `greedy`")]
pub struct UnknownPlayer(pub String);

impl FromStr for Player {
    type Err = UnknownPlayer;

    fn from_str(s: &str) -> Result<Player, UnknownPlayer> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            other => other
                .parse::<u8>()
                .ok()
                .and_then(Level::new)
                .map(Player::Engine)
                .ok_or_else(|| UnknownPlayer(s.to_string())),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Engine(level) => write!(f, "{level}"),
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
        }
    }
}

impl Player {
    /// This player's move in `game` (`None` when the game is over).
    pub fn choose(self, game: &Game, seed: u64) -> Option<Move> {
        match self {
            Player::Engine(level) => {
                best_move(game, &crate::Settings::of(level), seed).map(|r| r.mv)
            }
            Player::Random => random_move(game, seed),
            Player::Greedy => greedy_move(game, seed),
        }
    }
}

/// A uniformly random legal move, chosen by `seed`.
pub fn random_move(game: &Game, seed: u64) -> Option<Move> {
    if game.outcome().is_some() {
        return None;
    }
    let moves = game.position().legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(moves[(mix(seed) % moves.len() as u64) as usize])
}

/// The one-move greedy capturer's move (see [`Player::Greedy`]).
pub fn greedy_move(game: &Game, seed: u64) -> Option<Move> {
    if game.outcome().is_some() {
        return None;
    }
    let p = game.position();
    let us = p.side_to_move();
    let moves = p.legal_moves();
    if let Some(&win) = moves
        .iter()
        .find(|&&m| p.after(m).outcome().is_some_and(|o| o.winner == Some(us)))
    {
        return Some(win);
    }
    let gain = |m: Move| {
        let victim = p.piece_at(m.to).map_or(0, |v| eval::value(v.kind));
        let promo = m.promotion.map_or(0, eval::value);
        let mover = p.piece_at(m.from).map_or(0, |a| eval::value(a.kind));
        (victim + promo) * 16 - mover / 100
    };
    let best = moves.iter().map(|&m| gain(m)).max()?;
    let candidates: Vec<Move> = moves.iter().copied().filter(|&m| gain(m) == best).collect();
    Some(candidates[(mix(seed) % candidates.len() as u64) as usize])
}

/// Plays one game from `start` (to its end, or a draw after `max_plies` half-moves) and
/// returns the finished game and its outcome.
pub fn play_game(
    start: Game,
    white: Player,
    black: Player,
    max_plies: usize,
    seed: u64,
) -> (Game, Option<Outcome>) {
    let mut game = start;
    while game.outcome().is_none() && game.ply() < max_plies {
        let player = match game.position().side_to_move() {
            Color::White => white,
            Color::Black => black,
        };
        let move_seed = mix(seed ^ (game.ply() as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93));
        let Some(mv) = player.choose(&game, move_seed) else {
            break;
        };
        game.play(mv).expect("players choose legal moves");
    }
    let outcome = game.outcome();
    (game, outcome)
}

/// A match score from player A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games A won.
    pub wins: u32,
    /// Games drawn, including games stopped at the ply limit.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl MatchScore {
    /// Counts one game's result for A, who played `a_color`. A game stopped at the ply limit
    /// (no outcome) counts as a draw.
    pub fn add(&mut self, outcome: Option<Outcome>, a_color: Color) {
        match outcome.and_then(|o| o.winner) {
            None => self.draws += 1,
            Some(c) if c == a_color => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score in percent: a win 1, a draw ½.
    pub fn percent(&self) -> f64 {
        if self.games() == 0 {
            return 0.0;
        }
        100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }
}

impl fmt::Display for MatchScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "+{} ={} -{} ({:.1}%)",
            self.wins,
            self.draws,
            self.losses,
            self.percent()
        )
    }
}
