//! Two players' names made to fit their room on the image without becoming the same.
//!
//! Discord display names run to 32 characters, and players who admire the same composer
//! pick names like `Wolfgang_Amadeus_Mozart_1756` and `Wolfgang_Amadeus_Mozart_Fan`: cut at
//! the end, both read `Wolfgang_Amadeus_Mo…`. So a name that does not fit is cut where it is
//! the same as the other name, and keeps the letters where the two part: first cut at the
//! end if what stays still shows where they differ, else in the middle
//! (`Wolfgang…Mozart_1756` against `Wolfgang…Mozart_Fan`), else around the difference
//! (`Wolf…Mozart_17…`). The cuts fall between letters with their accents
//! ([`clusters`](super::script::clusters)), never inside one.

use super::script::clusters;

/// The mark left where letters were cut out.
pub const ELLIPSIS: &str = "…";

/// Letters of the common part kept just before the first difference, so the cut does not
/// land right at it.
const CONTEXT: usize = 4;

/// `name` shortened until `fits` accepts it, keeping what tells it apart from `other` (both
/// in logical order, as [`drawable`](super::script::drawable) leaves them). Of each family of
/// candidates (cut at the end, in the middle, around the difference) the longest that fits is
/// taken; when nothing fits, the shortest candidate of the last family is returned.
///
/// A longer candidate of a family is never narrower than a shorter one, so the longest that
/// fits is found by halving: `fits` is asked a few times per doubling of the name's length,
/// not once per letter, and a name of any length is laid out in time proportional to it
/// (times its logarithm), not to its square.
pub fn shorten(name: &str, other: &str, fits: impl Fn(&str) -> bool) -> String {
    if fits(name) {
        return name.to_string();
    }
    let cs = clusters(name);
    let os = clusters(other);
    let n = cs.len();
    let same = cs.iter().zip(&os).take_while(|(a, b)| a == b).count();
    let join = |parts: &[&[String]]| -> String {
        let mut s = String::new();
        for (k, part) in parts.iter().enumerate() {
            if k > 0 {
                s.push_str(ELLIPSIS);
            }
            s.extend(part.iter().map(String::as_str));
        }
        s
    };
    // The shortest candidate of the last family that had none fitting.
    let mut last = String::new();
    // The longest candidate `make(k)`, `k` in `lo..hi`, that fits.
    let mut longest = |lo: usize, hi: usize, make: &dyn Fn(usize) -> String| -> Option<String> {
        if lo >= hi {
            return None;
        }
        let shortest = make(lo);
        if !fits(&shortest) {
            last = shortest;
            return None;
        }
        // `make(good)` fits; nothing from `bad` on is known to.
        let (mut good, mut bad) = (lo, hi);
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            if fits(&make(mid)) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        Some(make(good))
    };

    // Where the difference shows: the first letter unlike the other name's, or, when this
    // name is the start of the other, its own end (the other goes on).
    let differs = same < n && same < os.len() || name == other;
    if differs || n > os.len() {
        // Cut at the end, keeping at least two letters past the first difference.
        let least = if name == other {
            1
        } else {
            (same + 2).min(n - 1).max(1)
        };
        if let Some(found) = longest(least, n, &|keep| join(&[&cs[..keep], &[]])) {
            return found;
        }
    }
    // Cut in the middle: the start, then from a little before the difference to the end.
    for context in [CONTEXT, 2, 0] {
        let t = same.min(n).saturating_sub(context);
        if t >= n {
            continue;
        }
        if let Some(found) = longest(1, t, &|head| join(&[&cs[..head], &cs[t..]])) {
            return found;
        }
    }
    // Cut on both sides of the difference: a short start, then the letters from just before
    // the difference on, as far as they fit.
    for context in [2, 0] {
        let t = same.saturating_sub(context);
        let head = 3;
        let make = |end: usize| {
            if t <= head {
                join(&[&cs[..end], &[]])
            } else {
                join(&[&cs[..head], &cs[t..end], &[]])
            }
        };
        if let Some(found) = longest(same + 1, n, &make) {
            return found;
        }
    }
    if last.is_empty() {
        last = name.to_string();
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fits when at most `room` characters long.
    fn chars(room: usize) -> impl Fn(&str) -> bool {
        move |s: &str| s.chars().count() <= room
    }

    #[test]
    fn a_name_that_fits_is_kept_whole() {
        assert_eq!(shorten("alice", "bob", chars(12)), "alice");
    }

    #[test]
    fn names_that_differ_early_are_cut_at_the_end() {
        assert_eq!(
            shorten("Alexander_the_Great", "Bob", chars(12)),
            "Alexander_t…"
        );
    }

    #[test]
    fn names_alike_at_the_start_keep_their_ends() {
        let a = "Wolfgang_Amadeus_Mozart_1756";
        let b = "Wolfgang_Amadeus_Mozart_Fan";
        let (sa, sb) = (shorten(a, b, chars(16)), shorten(b, a, chars(16)));
        assert_eq!(sa, "Wolfgan…art_1756");
        assert_eq!(sb, "Wolfgang…art_Fan");
        // A name that is the start of the other keeps its end, which is where it differs.
        let c = "Wolfgang_Amadeus_Mozart";
        assert_eq!(shorten(c, a, chars(16)), "Wolfgang_Am…zart");
    }

    #[test]
    fn a_difference_deep_in_a_long_name_is_kept_on_a_small_board() {
        let a = "Wolfgang_Amadeus_Mozart_1756_Salzburg";
        let b = "Wolfgang_Amadeus_Mozart_1791_Salzburg";
        let sa = shorten(a, b, chars(10));
        let sb = shorten(b, a, chars(10));
        assert_ne!(sa, sb);
        assert!(sa.contains("175") && sb.contains("179"), "{sa} {sb}");
        assert!(sa.chars().count() <= 10 && sb.chars().count() <= 10);
    }

    #[test]
    fn a_very_long_name_is_measured_a_few_times_per_doubling_of_its_length() {
        let asked = std::cell::Cell::new(0);
        let fits = |s: &str| {
            asked.set(asked.get() + 1);
            s.chars().count() <= 20
        };
        let name = "x".repeat(100_000);
        let cut = shorten(&name, "bob", fits);
        assert_eq!(cut, format!("{}…", "x".repeat(19)));
        // Once whole, then by halving over 100,000 letters (17 halvings and the shortest):
        // before, every shorter prefix was measured in turn, 99,981 times.
        assert_eq!(asked.get(), 19);
        // Alike names, which go on to the cuts in the middle and around the difference.
        asked.set(0);
        let a = format!("{}1", "y".repeat(100_000));
        let b = format!("{}2", "y".repeat(100_000));
        let cut = shorten(&a, &b, fits);
        assert!(cut.ends_with('1') && cut.chars().count() <= 20, "{cut}");
        assert!(asked.get() <= 6 * 20, "{} measurements", asked.get());
    }

    #[test]
    fn accents_are_never_cut_from_their_letter() {
        let a = "E\u{301}E\u{301}E\u{301}E\u{301}E\u{301}E\u{301}x";
        let b = "E\u{301}E\u{301}E\u{301}E\u{301}E\u{301}E\u{301}y";
        let fits = |s: &str| clusters(s).len() <= 5;
        let sa = shorten(a, b, fits);
        assert!(sa.ends_with('x'));
        for c in clusters(&sa) {
            assert!(c == ELLIPSIS || c == "E\u{301}" || c == "x", "{sa:?}");
        }
    }

    #[test]
    fn every_pair_of_different_names_stays_different() {
        let names = [
            "Wolfgang_Amadeus_Mozart_1756",
            "Wolfgang_Amadeus_Mozart_Fan",
            "Wolfgang_Amadeus_Mozart",
            "Wolfgang_Amadeus_Mozart_1757",
            "Wolfgang_Amadeus_Mozart_Fan_",
            "Xolfgang_Amadeus_Mozart_1756",
            "W",
            "Wo",
            "abcdefghijklmnopqrstuvwxyz012345",
            "abcdefghijklmnopqrstuvwxyz012346",
            "bbcdefghijklmnopqrstuvwxyz012345",
        ];
        for room in [3, 6, 9, 12, 20, 40] {
            for a in names {
                for b in names {
                    if a == b {
                        continue;
                    }
                    let (sa, sb) = (shorten(a, b, chars(room)), shorten(b, a, chars(room)));
                    assert_ne!(sa, sb, "{a} / {b} in {room}");
                    if room >= 9 {
                        assert!(sa.chars().count() <= room, "{sa} in {room}");
                    }
                }
            }
        }
    }
}
