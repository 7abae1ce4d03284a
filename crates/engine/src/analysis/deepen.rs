//! The second pass of an analysis: before a move keeps its mark, the positions on both sides
//! of it are searched longer, and every move judged anew.

use super::{PositionEval, judge};
use crate::rules::Game;

/// Re-evaluates, with `deeper`, the positions before and after each marked move of `game`,
/// the move that lost the most first, until every marked move stands between two positions
/// searched with `deeper` or `max` positions have been. `positions` holds the first pass's
/// evaluations (one per position of `game`) and ends with the best known of each.
pub(super) fn verify_marks(
    game: &Game,
    positions: &mut [PositionEval],
    max: usize,
    mut deeper: impl FnMut(usize) -> PositionEval,
) {
    let mut deep = vec![false; positions.len()];
    let mut spent = 0;
    loop {
        // Judged anew each time: a deeper position can clear its neighbour's mark, or give one.
        let mut unverified: Vec<_> = judge(game, positions)
            .into_iter()
            .filter(|j| j.mark.is_some() && !(deep[j.ply] && deep[j.ply + 1]))
            .collect();
        unverified.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
        let Some(worst) = unverified.first() else {
            return;
        };
        let around: Vec<usize> = [worst.ply, worst.ply + 1]
            .into_iter()
            .filter(|&ply| !deep[ply])
            .collect();
        if spent + around.len() > max {
            return;
        }
        for ply in around {
            positions[ply] = deeper(ply);
            deep[ply] = true;
            spent += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Eval, Mark};

    fn at(cp: i32) -> PositionEval {
        PositionEval {
            eval: Eval::Centipawns(cp),
            best: None,
            pv: Vec::new(),
        }
    }

    #[test]
    fn a_mark_stands_only_once_a_deeper_search_agrees() {
        let game = Game::replay(None, &["b3", "f5", "Rf1", "Ke6", "b4"]).unwrap();
        let first: Vec<PositionEval> = [0, 0, 0, -300, -300, -300].map(at).to_vec();
        assert_eq!(judge(&game, &first)[2].mark, Some(Mark::Blunder));
        // The deeper search finds both positions around 2.Rf1 even: the mark goes, and nothing
        // else is searched again.
        let mut positions = first.clone();
        let mut searched = Vec::new();
        verify_marks(&game, &mut positions, 20, |ply| {
            searched.push(ply);
            at(0)
        });
        assert_eq!(searched, [2, 3]);
        assert_eq!(judge(&game, &positions)[2].mark, None);
        // ... and with a cap too small for the two positions around it, none is searched.
        let mut capped = first.clone();
        verify_marks(&game, &mut capped, 1, |_| unreachable!("over the cap"));
        assert_eq!(capped, first);
    }
}
