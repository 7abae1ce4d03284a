//! The pairings of a round-robin: Berger tables, the order in which FIDE schedules every
//! round-robin, with the colours they give (each player has at most one more White than
//! Black); a double round-robin plays the table twice, colours swapped the second time. With an
//! odd number of players the last seat is a bye: whoever meets it sits the round out.

use crate::model::PlayerId;
use crate::store::Pairing;

/// One game of a Berger table, by seat (1-based): `white` plays `black` in `round`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seated {
    /// The round, 1-based.
    pub round: u32,
    /// The game's place in its round, 1-based.
    pub board: u32,
    /// White's seat.
    pub white: u32,
    /// Black's seat.
    pub black: u32,
}

/// Every game of a round-robin of `players` seats (at least 2), round by round; `double`
/// plays each pair a second time with colours swapped, in as many rounds again.
pub(crate) fn berger(players: u32, double: bool) -> Vec<Seated> {
    // An even table: with an odd number of players, the extra seat is the bye.
    let m = players + players % 2;
    let cycle = m - 1;
    let mut games = Vec::new();
    for k in 1..=cycle {
        let mut round = Vec::new();
        // Seat m meets the seat i with 2i ≡ k + 1 (mod m − 1); it has White in even rounds.
        let partner = (1..=cycle)
            .find(|&i| (2 * i) % cycle == (k + 1) % cycle)
            .expect("m - 1 is odd, so 2 has an inverse");
        round.push(if k % 2 == 1 {
            (partner, m)
        } else {
            (m, partner)
        });
        // The others pair off as i + j ≡ k + 1; White is the seat from which the other is an
        // odd number of steps on around the circle of the m − 1 seats.
        for i in 1..=cycle {
            for j in i + 1..=cycle {
                if i == partner || j == partner || (i + j) % cycle != (k + 1) % cycle {
                    continue;
                }
                round.push(if (j - i) % 2 == 1 { (i, j) } else { (j, i) });
            }
        }
        let mut board = 0;
        for (white, black) in round {
            if white > players || black > players {
                continue; // the bye
            }
            board += 1;
            games.push(Seated {
                round: k,
                board,
                white,
                black,
            });
        }
    }
    if double {
        let first: Vec<Seated> = games.clone();
        games.extend(first.into_iter().map(|g| Seated {
            round: g.round + cycle,
            white: g.black,
            black: g.white,
            ..g
        }));
    }
    games
}

/// The seats drawn by lot: `players` in a shuffled order, seat 1 first, from `seed`
/// (splitmix64, so the same seed draws the same seats).
pub(crate) fn draw_seats(players: &[PlayerId], seed: u64) -> Vec<PlayerId> {
    let mut drawn = players.to_vec();
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..drawn.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        drawn.swap(i, j);
    }
    drawn
}

/// The games of a round-robin between `seated` (seat 1 first), as the store creates them.
pub(crate) fn pairings(seated: &[PlayerId], double: bool) -> Vec<Pairing> {
    berger(seated.len() as u32, double)
        .into_iter()
        .map(|g| Pairing {
            round: g.round,
            board: g.board,
            white: seated[g.white as usize - 1],
            black: seated[g.black as usize - 1],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(players: u32) -> Vec<Vec<(u32, u32)>> {
        let games = berger(players, false);
        let rounds = games.iter().map(|g| g.round).max().unwrap_or(0);
        (1..=rounds)
            .map(|r| {
                games
                    .iter()
                    .filter(|g| g.round == r)
                    .map(|g| (g.white, g.black))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_berger_tables_of_four_and_six() {
        assert_eq!(
            table(4),
            vec![
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)],
            ]
        );
        assert_eq!(
            table(6),
            vec![
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(6, 4), (1, 2), (5, 3)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (5, 1), (4, 2)],
            ]
        );
        // Three players: seat 4 is the bye.
        assert_eq!(table(3), vec![vec![(2, 3)], vec![(1, 2)], vec![(3, 1)]]);
    }

    #[test]
    fn everyone_meets_everyone_once_with_balanced_colours() {
        for n in 2..=16u32 {
            for double in [false, true] {
                let games = berger(n, double);
                let times = if double { 2 } else { 1 };
                assert_eq!(games.len() as u32, n * (n - 1) / 2 * times, "{n}");
                for a in 1..=n {
                    let whites = games.iter().filter(|g| g.white == a).count() as i64;
                    let blacks = games.iter().filter(|g| g.black == a).count() as i64;
                    assert!((whites - blacks).abs() <= 1, "{n} {double}: seat {a}");
                    for b in a + 1..=n {
                        let met: Vec<&Seated> = games
                            .iter()
                            .filter(|g| {
                                (g.white, g.black) == (a, b) || (g.white, g.black) == (b, a)
                            })
                            .collect();
                        assert_eq!(met.len() as u32, times, "{n}: {a} and {b}");
                        if double {
                            assert_ne!(met[0].white, met[1].white, "{n}: {a} and {b}");
                        }
                    }
                    // Nobody plays twice in a round.
                    for r in 1..=games.iter().map(|g| g.round).max().unwrap() {
                        let in_round = games
                            .iter()
                            .filter(|g| g.round == r && (g.white == a || g.black == a))
                            .count();
                        assert!(in_round <= 1, "{n}: seat {a} in round {r}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_draw_is_a_shuffle_fixed_by_its_seed() {
        let players: Vec<PlayerId> = (1..=6).map(PlayerId).collect();
        let a = draw_seats(&players, 42);
        assert_eq!(a, draw_seats(&players, 42));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, players);
        assert_ne!(draw_seats(&players, 42), draw_seats(&players, 43));
    }
}
