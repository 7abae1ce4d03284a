//! The Glicko-2 rating system (Mark Glickman, "Example of the Glicko-2 system", 2013), as pure
//! arithmetic: no clock, no storage.
//!
//! How the bot uses it:
//!
//! - **One game is one rating period** for each of its two players: a correspondence game takes
//!   weeks, so collecting games into fixed periods would leave ratings stale for as long. Each
//!   player's rating is updated with that single result, against the opponent's rating as it
//!   stood when the game ended (both computed from the same two ratings, so the update is
//!   symmetric).
//! - **Inactivity widens the deviation.** Before a rating is used in an update, and whenever it
//!   is shown, its deviation grows with the time since the player's last rated game in that
//!   list: φ' = √(φ² + σ²·t), with t the elapsed [`RATING_PERIOD`]s (fractions count), and never
//!   beyond [`MAX_DEVIATION`] (a newcomer's deviation). The stored rating itself is not changed
//!   by waiting.
//! - τ, the system constant that limits how fast the volatility changes, is [`TAU`] = 0.5, the
//!   middle of Glickman's suggested 0.3–1.2; the volatility is found with the Illinois variant
//!   of regula falsi, as in Glickman's paper, to within [`CONVERGENCE`].

use std::f64::consts::PI;
use std::time::Duration;

/// The system constant τ: smaller values keep the volatility from changing much in one game.
pub const TAU: f64 = 0.5;
/// The factor between the Glicko scale (1500 ± 350) and Glicko-2's internal scale (0 ± 2.01).
pub const SCALE: f64 = 173.7178;
/// The centre of the Glicko scale: a rating of 1500 is 0 on the internal scale.
pub const CENTRE: f64 = 1500.0;
/// A newcomer's rating.
pub const START_RATING: f64 = 1500.0;
/// A newcomer's deviation, and the most a deviation ever grows to.
pub const MAX_DEVIATION: f64 = 350.0;
/// A newcomer's volatility.
pub const START_VOLATILITY: f64 = 0.06;
/// The length of one rating period for the growth of the deviation with inactivity. With a
/// volatility of 0.06 a settled deviation of 60 grows to about 83 after a month away, to about
/// 208 after a year, and back to 350 after three years.
pub const RATING_PERIOD: Duration = Duration::from_secs(24 * 3600);
/// A rating whose deviation is above this is provisional: shown with a `?`, as lichess does.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// The Illinois iteration stops when its bracket is narrower than this (internal scale).
pub const CONVERGENCE: f64 = 1e-6;
/// A bound on the Illinois iteration and its bracketing, which converge in a handful of steps
/// for any finite input; the bound only guarantees termination.
const MAX_ITERATIONS: u32 = 200;

/// A rating on the Glicko scale: the estimate, its deviation, and its volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The rating, such as 1500.
    pub rating: f64,
    /// The rating deviation: how uncertain the rating is (350 for a newcomer).
    pub deviation: f64,
    /// The volatility: how erratic the player's results are (0.06 to start).
    pub volatility: f64,
}

/// One game's result for the player being rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// 1 point.
    Win,
    /// Half a point.
    Draw,
    /// No point.
    Loss,
}

impl Score {
    /// The score as Glicko counts it: 1, ½ or 0.
    pub fn value(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    /// The opponent's score in the same game.
    pub fn opposite(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

impl Default for Glicko {
    fn default() -> Glicko {
        Glicko::NEWCOMER
    }
}

impl Glicko {
    /// The rating of a player without rated games.
    pub const NEWCOMER: Glicko = Glicko {
        rating: START_RATING,
        deviation: MAX_DEVIATION,
        volatility: START_VOLATILITY,
    };

    /// The rating after `periods` rating periods without a game: the deviation grows as
    /// √(φ² + σ²·t), up to [`MAX_DEVIATION`]; rating and volatility stay as they are. A negative
    /// or non-finite `periods` counts as none.
    pub fn after_inactivity(self, periods: f64) -> Glicko {
        if !(periods.is_finite() && periods > 0.0) {
            return self;
        }
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + self.volatility * self.volatility * periods).sqrt() * SCALE;
        Glicko {
            deviation: grown.min(MAX_DEVIATION),
            ..self
        }
    }

    /// [`Glicko::after_inactivity`] for a time span, counted in [`RATING_PERIOD`]s.
    pub fn after(self, elapsed: Duration) -> Glicko {
        self.after_inactivity(elapsed.as_secs_f64() / RATING_PERIOD.as_secs_f64())
    }

    /// True while the deviation is above [`PROVISIONAL_DEVIATION`].
    pub fn is_provisional(self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating after one rating period with these games, each against an opponent's rating
    /// (as it stood at the time) with this player's score. Glickman's steps 2 to 8; with no
    /// games only the deviation grows, by one period.
    pub fn updated(self, games: &[(Glicko, Score)]) -> Glicko {
        let mu = (self.rating - CENTRE) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            return self.after_inactivity(1.0);
        }
        // Step 3 and 4: the estimated variance of the rating from the games alone, and the
        // estimated improvement.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (opponent, score) in games {
            let mu_j = (opponent.rating - CENTRE) / SCALE;
            let g = g(opponent.deviation / SCALE);
            let e = expected(mu, mu_j, g);
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (score.value() - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = new_volatility(phi, sigma, v, delta);
        // Steps 6 and 7: the deviation grows by one period, then shrinks with the evidence.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the Glicko scale.
        Glicko {
            rating: mu_new * SCALE + CENTRE,
            deviation: (phi_new * SCALE).min(MAX_DEVIATION),
            volatility: sigma,
        }
    }
}

/// Both players' new ratings after one game between them; `white_score` is the first player's.
/// Each is computed from the other's rating before the game.
pub fn rate_game(white: Glicko, black: Glicko, white_score: Score) -> (Glicko, Glicko) {
    (
        white.updated(&[(black, white_score)]),
        black.updated(&[(white, white_score.opposite())]),
    )
}

/// Glickman's g(φ): how much an opponent's uncertainty dampens what a game against them says.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The expected score against an opponent at `mu_j` whose deviation gives `g`.
fn expected(mu: f64, mu_j: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - mu_j)).exp())
}

/// Step 5: the volatility σ' that solves Glickman's equation, by the Illinois algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < f64::from(MAX_ITERATIONS) {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut steps = 0;
    while (big_b - big_a).abs() > CONVERGENCE && steps < MAX_ITERATIONS {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        steps += 1;
    }
    let sigma_new = (big_a / 2.0).exp();
    if sigma_new.is_finite() {
        sigma_new
    } else {
        sigma
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glicko(rating: f64, deviation: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility: START_VOLATILITY,
        }
    }

    #[test]
    fn glickmans_worked_example() {
        // Glickman, "Example of the Glicko-2 system": a 1500 player (deviation 200, volatility
        // 0.06) beats a 1400 (30), loses to a 1550 (100) and to a 1700 (300), with τ = 0.5.
        let player = glicko(1500.0, 200.0);
        let games = [
            (glicko(1400.0, 30.0), Score::Win),
            (glicko(1550.0, 100.0), Score::Loss),
            (glicko(1700.0, 300.0), Score::Loss),
        ];
        let after = player.updated(&games);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn the_intermediate_quantities_of_the_worked_example() {
        // The paper's v = 1.7785 and Δ = -0.4834 on the internal scale, which it computes from
        // intermediate values rounded to four places: hence the looser tolerance.
        let mu = 0.0;
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (r, rd, s) in [
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ] {
            let g = g(rd / SCALE);
            let e = expected(mu, (r - CENTRE) / SCALE, g);
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (s - e);
        }
        let v = 1.0 / inverse_v;
        assert!((v - 1.7785).abs() < 0.001, "{v}");
        assert!((v * sum + 0.4834).abs() < 0.001, "{}", v * sum);
        let sigma = new_volatility(200.0 / SCALE, 0.06, v, v * sum);
        assert!((sigma - 0.05999).abs() < 0.00001, "{sigma}");
    }

    #[test]
    fn the_deviation_grows_with_inactivity_up_to_a_newcomers() {
        let settled = glicko(1700.0, 60.0);
        assert_eq!(settled.after_inactivity(0.0), settled);
        assert_eq!(settled.after_inactivity(-5.0), settled);
        assert_eq!(settled.after_inactivity(f64::NAN), settled);
        // φ' = √(φ² + σ²t) on the internal scale: 60 → 82.82 after 30 days.
        let month = settled.after(Duration::from_secs(30 * 86_400));
        let expected = ((60.0f64 / SCALE).powi(2) + 0.06 * 0.06 * 30.0).sqrt() * SCALE;
        assert!((month.deviation - expected).abs() < 1e-9);
        assert!((month.deviation - 82.82).abs() < 0.01, "{month:?}");
        assert_eq!((month.rating, month.volatility), (1700.0, 0.06));
        // Longer absences widen it more, and it stops at 350.
        let year = settled.after(Duration::from_secs(365 * 86_400));
        assert!(year.deviation > month.deviation);
        assert!((year.deviation - 207.98).abs() < 0.01, "{year:?}");
        let decade = settled.after(Duration::from_secs(3650 * 86_400));
        assert_eq!(decade.deviation, MAX_DEVIATION);
        assert!(!settled.is_provisional() && year.is_provisional());
    }

    #[test]
    fn a_draw_between_equals_leaves_them_equal() {
        for (rating, deviation) in [(1500.0, 350.0), (1830.0, 75.0)] {
            let p = glicko(rating, deviation);
            let (white, black) = rate_game(p, p, Score::Draw);
            assert_eq!(white, black);
            assert!((white.rating - rating).abs() < 1e-9, "{white:?}");
            assert!(white.deviation < deviation, "a game is evidence");
        }
    }

    #[test]
    fn a_game_is_symmetric() {
        let a = glicko(1620.0, 80.0);
        let b = Glicko {
            rating: 1480.0,
            deviation: 190.0,
            volatility: 0.07,
        };
        let (a_won, b_lost) = rate_game(a, b, Score::Win);
        let (b_lost_too, a_won_too) = rate_game(b, a, Score::Loss);
        assert_eq!((a_won, b_lost), (a_won_too, b_lost_too));
        assert!(a_won.rating > a.rating && b_lost.rating < b.rating);
        // Two newcomers: the winner gains exactly what the loser gives up.
        let (w, l) = rate_game(Glicko::NEWCOMER, Glicko::NEWCOMER, Score::Win);
        assert!((w.rating - START_RATING - (START_RATING - l.rating)).abs() < 1e-9);
        assert_eq!(w.deviation, l.deviation);
        // The less certain rating moves more.
        assert!(b.rating - b_lost.rating > a_won.rating - a.rating);
    }

    #[test]
    fn two_newcomers_after_one_decisive_game() {
        // The figures the service tests expect after a first rated game.
        let (w, l) = rate_game(Glicko::NEWCOMER, Glicko::NEWCOMER, Score::Win);
        assert!((w.rating - 1662.31).abs() < 0.01, "{w:?}");
        assert!((l.rating - 1337.69).abs() < 0.01, "{l:?}");
        assert!((w.deviation - 290.32).abs() < 0.01, "{w:?}");
    }

    #[test]
    fn no_games_is_one_period_of_inactivity() {
        let p = glicko(1500.0, 200.0);
        assert_eq!(p.updated(&[]), p.after_inactivity(1.0));
    }
}
