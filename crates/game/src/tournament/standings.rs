//! The standings of a round-robin, counted from its games: points (1 a win, ½ a draw), then the
//! tie-breaks in order — Sonneborn–Berger, the number of wins, the points scored between the
//! players still level — and shared places for players level on all of them.
//!
//! # Withdrawals
//!
//! A withdrawn player's unfinished games are forfeited: the opponent wins (`+` beside `−` in
//! the crosstable). They are then counted as classic round-robin practice counts them (the rule
//! FIDE's tournament regulations give): if the withdrawn player had completed at least half of
//! their games over the board, every result stands, forfeits included; if fewer than half,
//! none of their games counts for anyone — their results are annulled, they are listed below
//! the others without a place, and nobody's score or tie-break includes them.
//!
//! Everything is counted in whole units — half-points for points, quarter-points for
//! Sonneborn–Berger — so ties are exact.

use std::collections::{HashMap, HashSet};

use crate::model::PlayerId;
use crate::store::{GameResult, GameStatus, TournamentGame};

/// One player's result in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Won over the board.
    Win,
    /// Drawn.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won because the opponent was withdrawn.
    ForfeitWin,
    /// Lost by being withdrawn.
    ForfeitLoss,
    /// Still being played.
    Pending,
}

impl Mark {
    /// The mark of `player` in `game`.
    fn of(game: &TournamentGame, player: PlayerId) -> Mark {
        if game.status == GameStatus::Active {
            return Mark::Pending;
        }
        let white = game.white == player;
        match (game.result, game.forfeit) {
            (Some(GameResult::WhiteWins), false) if white => Mark::Win,
            (Some(GameResult::BlackWins), false) if !white => Mark::Win,
            (Some(GameResult::WhiteWins | GameResult::BlackWins), false) => Mark::Loss,
            (Some(GameResult::WhiteWins), true) if white => Mark::ForfeitWin,
            (Some(GameResult::BlackWins), true) if !white => Mark::ForfeitWin,
            (Some(GameResult::WhiteWins | GameResult::BlackWins), true) => Mark::ForfeitLoss,
            (Some(GameResult::Draw), _) => Mark::Draw,
            // A game without a result (none can end so in a tournament) counts as unplayed.
            (Some(GameResult::NoResult) | None, _) => Mark::Pending,
        }
    }

    /// Half-points scored.
    fn halves(self) -> u32 {
        match self {
            Mark::Win | Mark::ForfeitWin => 2,
            Mark::Draw => 1,
            Mark::Loss | Mark::ForfeitLoss | Mark::Pending => 0,
        }
    }

    /// Whether the game is over.
    fn finished(self) -> bool {
        self != Mark::Pending
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    /// The player.
    pub player: PlayerId,
    /// Their seat (1-based), which the crosstable's columns follow.
    pub seat: u32,
    /// First and last place they share (equal when alone); `None` when their results are
    /// annulled.
    pub place: Option<(u32, u32)>,
    /// Points, in half-points.
    pub halves: u32,
    /// Games over (that count).
    pub played: u32,
    /// Games still being played.
    pub left: u32,
    /// Sonneborn–Berger, in quarter-points.
    pub quarters: u32,
    /// Games won (forfeits included).
    pub wins: u32,
    /// Half-points scored against the players level with them on points, Sonneborn–Berger and
    /// wins; `None` when nobody is level, or the games between them tell nobody apart.
    pub head_to_head: Option<u32>,
    /// Withdrawn by the organiser.
    pub withdrawn: bool,
    /// Withdrawn before completing half their games: nothing of theirs counts.
    pub annulled: bool,
}

/// A whole table: the lines best first, and each pair's results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Standings {
    /// Best first; annulled players last.
    pub lines: Vec<Line>,
    /// Each player's marks against each opponent, in round order.
    pub marks: HashMap<(PlayerId, PlayerId), Vec<Mark>>,
    /// Games over, of all games.
    pub finished: u32,
    /// All games.
    pub games: u32,
}

impl Standings {
    /// Counts `games` between `seated` (seat 1 first), of whom `withdrawn` were withdrawn.
    pub(crate) fn count(
        seated: &[PlayerId],
        withdrawn: &HashSet<PlayerId>,
        games: &[TournamentGame],
    ) -> Standings {
        let mut marks: HashMap<(PlayerId, PlayerId), Vec<Mark>> = HashMap::new();
        let mut ordered: Vec<&TournamentGame> = games.iter().collect();
        ordered.sort_by_key(|g| (g.round, g.board));
        for g in &ordered {
            marks
                .entry((g.white, g.black))
                .or_default()
                .push(Mark::of(g, g.white));
            marks
                .entry((g.black, g.white))
                .or_default()
                .push(Mark::of(g, g.black));
        }
        let all_marks = |p: PlayerId| {
            marks
                .iter()
                .filter(move |((a, _), _)| *a == p)
                .flat_map(|((_, b), ms)| ms.iter().map(move |m| (*b, *m)))
        };
        let annulled: HashSet<PlayerId> = seated
            .iter()
            .copied()
            .filter(|p| withdrawn.contains(p))
            .filter(|&p| {
                let scheduled = all_marks(p).count() as u32;
                let over_the_board = all_marks(p)
                    .filter(|(_, m)| matches!(m, Mark::Win | Mark::Draw | Mark::Loss))
                    .count() as u32;
                2 * over_the_board < scheduled
            })
            .collect();
        // Only games between players whose results stand count.
        let counted = |p: PlayerId| {
            all_marks(p).filter(|(opponent, m)| m.finished() && !annulled.contains(opponent))
        };
        let halves: HashMap<PlayerId, u32> = seated
            .iter()
            .map(|&p| {
                let points = if annulled.contains(&p) {
                    0
                } else {
                    counted(p).map(|(_, m)| m.halves()).sum()
                };
                (p, points)
            })
            .collect();
        let mut lines: Vec<Line> = seated
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let is_annulled = annulled.contains(&p);
                let (played, quarters, wins) = if is_annulled {
                    (0, 0, 0)
                } else {
                    counted(p).fold((0, 0, 0), |(n, q, w), (opponent, m)| {
                        (
                            n + 1,
                            q + m.halves() * halves[&opponent],
                            w + u32::from(matches!(m, Mark::Win | Mark::ForfeitWin)),
                        )
                    })
                };
                let left = all_marks(p)
                    .filter(|(opponent, m)| !m.finished() && !annulled.contains(opponent))
                    .count() as u32;
                Line {
                    player: p,
                    seat: i as u32 + 1,
                    place: None,
                    halves: halves[&p],
                    played,
                    left: if is_annulled { 0 } else { left },
                    quarters,
                    wins,
                    head_to_head: None,
                    withdrawn: withdrawn.contains(&p),
                    annulled: is_annulled,
                }
            })
            .collect();
        // Points, Sonneborn–Berger, wins; then head-to-head within each group still level.
        let key = |l: &Line| {
            (
                l.annulled,
                std::cmp::Reverse((l.halves, l.quarters, l.wins)),
            )
        };
        lines.sort_by_key(|l| (key(l), l.seat));
        let mut start = 0;
        while start < lines.len() {
            let end = (start..lines.len())
                .find(|&i| key(&lines[i]) != key(&lines[start]))
                .unwrap_or(lines.len());
            if end - start > 1 && !lines[start].annulled {
                let group: HashSet<PlayerId> = lines[start..end].iter().map(|l| l.player).collect();
                for line in &mut lines[start..end] {
                    let h2h = counted(line.player)
                        .filter(|(opponent, _)| group.contains(opponent))
                        .map(|(_, m)| m.halves())
                        .sum();
                    line.head_to_head = Some(h2h);
                }
                // Head-to-head that tells nobody apart is not a tie-break here.
                if lines[start..end]
                    .iter()
                    .all(|l| l.head_to_head == lines[start].head_to_head)
                {
                    for line in &mut lines[start..end] {
                        line.head_to_head = None;
                    }
                }
                lines[start..end].sort_by_key(|l| (std::cmp::Reverse(l.head_to_head), l.seat));
            }
            start = end;
        }
        // Places: one more than the number of players strictly ahead; shared when level on
        // every criterion.
        let rank_key = |l: &Line| (l.halves, l.quarters, l.wins, l.head_to_head);
        let ranked = lines.iter().filter(|l| !l.annulled).count();
        let mut i = 0;
        while i < ranked {
            let j = (i..ranked)
                .find(|&j| rank_key(&lines[j]) != rank_key(&lines[i]))
                .unwrap_or(ranked);
            for line in &mut lines[i..j] {
                line.place = Some((i as u32 + 1, j as u32));
            }
            i = j;
        }
        let finished = games
            .iter()
            .filter(|g| g.status != GameStatus::Active)
            .count() as u32;
        Standings {
            lines,
            marks,
            finished,
            games: games.len() as u32,
        }
    }

    /// The marks of `player` against `opponent`, in round order.
    pub(crate) fn marks(&self, player: PlayerId, opponent: PlayerId) -> &[Mark] {
        self.marks
            .get(&(player, opponent))
            .map_or(&[], Vec::as_slice)
    }

    /// The players sharing first place, once every game is over.
    pub(crate) fn winners(&self) -> Vec<PlayerId> {
        self.lines
            .iter()
            .filter(|l| l.place.is_some_and(|(first, _)| first == 1))
            .map(|l| l.player)
            .collect()
    }
}

/// A place as the tables write it: `1`, `2–4` when shared, `–` when the player's results are
/// annulled.
pub(crate) fn place_text(place: Option<(u32, u32)>) -> String {
    match place {
        Some((first, last)) if first == last => first.to_string(),
        Some((first, last)) => format!("{first}–{last}"),
        None => "–".to_string(),
    }
}

/// Half-points as a score: `2½`, `½`, `0`.
pub(crate) fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter-points as a tie-break value: `3¼`, `¾`, `0`.
pub(crate) fn quarters(q: u32) -> String {
    let fraction = ["", "¼", "½", "¾"][(q % 4) as usize];
    match q / 4 {
        0 if q > 0 => fraction.to_string(),
        whole => format!("{whole}{fraction}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::GameId;

    const A: PlayerId = PlayerId(1);
    const B: PlayerId = PlayerId(2);
    const C: PlayerId = PlayerId(3);
    const D: PlayerId = PlayerId(4);

    fn game(
        id: i64,
        white: PlayerId,
        black: PlayerId,
        result: Option<GameResult>,
    ) -> TournamentGame {
        TournamentGame {
            game: GameId(id),
            round: id as u32,
            board: 1,
            forfeit: false,
            white,
            black,
            status: if result.is_some() {
                GameStatus::Finished
            } else {
                GameStatus::Active
            },
            result,
            finished_at: None,
        }
    }

    use GameResult::{BlackWins, Draw, WhiteWins};

    #[test]
    fn points_and_tie_breaks_by_hand() {
        // A beats B and C, loses to D; B beats C and D; C draws D; D: see above.
        // Points: A 2, B 2, C ½, D 1½.
        // SB: A = B 2 + C ½ = 2½; B = C ½ + D 1½ = 2; D = A 2 + ½·C ½ = 2¼; C = ½·D 1½ = ¾.
        let games = [
            game(1, A, B, Some(WhiteWins)),
            game(2, C, A, Some(BlackWins)),
            game(3, D, A, Some(WhiteWins)),
            game(4, B, C, Some(WhiteWins)),
            game(5, D, B, Some(BlackWins)),
            game(6, C, D, Some(Draw)),
        ];
        let s = Standings::count(&[A, B, C, D], &HashSet::new(), &games);
        let got: Vec<_> = s
            .lines
            .iter()
            .map(|l| (l.player, l.place, l.halves, l.quarters, l.wins))
            .collect();
        assert_eq!(
            got,
            vec![
                (A, Some((1, 1)), 4, 10, 2),
                (B, Some((2, 2)), 4, 8, 2),
                (D, Some((3, 3)), 3, 9, 1),
                (C, Some((4, 4)), 1, 3, 0),
            ]
        );
        assert_eq!(s.winners(), vec![A]);
        assert_eq!(points(3), "1½");
        assert_eq!(quarters(9), "2¼");
        assert_eq!(quarters(3), "¾");
        assert_eq!(quarters(0), "0");
    }

    #[test]
    fn head_to_head_then_shared_places() {
        // A and D level on points (1), Sonneborn–Berger (1 each: A beat B, D beat A) and wins;
        // D won their game, so D is ahead. B has a point too but beat C, who has none.
        let games = [
            game(1, A, B, Some(WhiteWins)),
            game(2, A, D, Some(BlackWins)),
            game(3, B, C, Some(WhiteWins)),
            game(4, C, D, None),
            game(5, A, C, None),
            game(6, B, D, None),
        ];
        let s = Standings::count(&[A, B, C, D], &HashSet::new(), &games);
        let got: Vec<_> = s
            .lines
            .iter()
            .map(|l| (l.player, l.place, l.head_to_head))
            .collect();
        assert_eq!(
            got,
            vec![
                (D, Some((1, 1)), Some(2)),
                (A, Some((2, 2)), Some(0)),
                (B, Some((3, 3)), None),
                (C, Some((4, 4)), None),
            ]
        );
        assert_eq!((s.finished, s.games), (3, 6));
        // A cycle — A beat B, B beat C, C beat A — and D beat all three: A, B and C are level
        // on everything, head-to-head included, and share 2nd–4th.
        let games = [
            game(1, A, B, Some(WhiteWins)),
            game(2, B, C, Some(WhiteWins)),
            game(3, C, A, Some(WhiteWins)),
            game(4, D, A, Some(WhiteWins)),
            game(5, D, B, Some(WhiteWins)),
            game(6, D, C, Some(WhiteWins)),
        ];
        let s = Standings::count(&[A, B, C, D], &HashSet::new(), &games);
        assert_eq!(s.lines[0].player, D);
        assert_eq!(s.lines[0].place, Some((1, 1)));
        assert!(
            s.lines[1..].iter().all(|l| l.place == Some((2, 4))),
            "{s:?}"
        );
        assert!(s.lines[1..].iter().all(|l| l.head_to_head.is_none()));
        // Seat order among those sharing a place.
        let shared: Vec<PlayerId> = s.lines[1..].iter().map(|l| l.player).collect();
        assert_eq!(shared, vec![A, B, C]);
        assert_eq!(s.winners(), vec![D]);
    }

    #[test]
    fn a_withdrawal_before_half_annuls_after_half_stands() {
        // D withdrawn after one game played of three: annulled.
        let mut forfeit = game(5, D, B, Some(BlackWins));
        forfeit.forfeit = true;
        let mut forfeit2 = game(6, C, D, Some(WhiteWins));
        forfeit2.forfeit = true;
        let games = [
            game(1, A, B, Some(WhiteWins)),
            game(2, C, A, Some(Draw)),
            game(3, D, A, Some(WhiteWins)),
            game(4, B, C, Some(Draw)),
            forfeit.clone(),
            forfeit2.clone(),
        ];
        let withdrawn: HashSet<PlayerId> = [D].into();
        let s = Standings::count(&[A, B, C, D], &withdrawn, &games);
        let last = s.lines.last().unwrap();
        assert_eq!((last.player, last.place, last.annulled), (D, None, true));
        let a = s.lines.iter().find(|l| l.player == A).unwrap();
        // A's loss to D no longer counts: 1½ from two games.
        assert_eq!((a.halves, a.played, a.left), (3, 2, 0));
        let b = s.lines.iter().find(|l| l.player == B).unwrap();
        assert_eq!((b.halves, b.played), (1, 2));
        assert_eq!(s.marks(B, D), &[Mark::ForfeitWin]);
        // Two games played of three: the results stand, forfeits count.
        let games = [
            game(1, A, B, Some(WhiteWins)),
            game(2, C, A, Some(Draw)),
            game(3, D, A, Some(WhiteWins)),
            game(4, B, C, Some(Draw)),
            game(5, D, B, Some(Draw)),
            forfeit2,
        ];
        let s = Standings::count(&[A, B, C, D], &withdrawn, &games);
        let d = s.lines.iter().find(|l| l.player == D).unwrap();
        assert!(d.withdrawn && !d.annulled);
        assert_eq!((d.halves, d.played), (3, 3));
        let c = s.lines.iter().find(|l| l.player == C).unwrap();
        assert_eq!((c.halves, c.wins), (4, 1));
    }
}
