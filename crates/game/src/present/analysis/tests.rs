//! The words of marked moves, from a real analysis (the engine is deterministic at a fixed
//! node budget) and from constructed evaluations.

use super::*;
use crate::engine::analysis::{Budget, Eval, PositionEval, analyse};

/// The shuffle of issue 42: seven moves to and fro that end in a repetition.
const SHUFFLE: &str = "b3 f5 Rf1 Ke6 b4 f4 Rg1 Kd6 Rf1 Ke6 Rg1 Kd6 Rf1 Ke6";

fn replay(moves: &str) -> rules::Game {
    rules::Game::replay(None, &moves.split_whitespace().collect::<Vec<_>>()).unwrap()
}

/// Every marked move of `game` in words, in `lang`.
fn marked_lines(lang: Lang, game: &rules::Game, analysis: &GameAnalysis) -> Vec<String> {
    let positions = game.positions();
    analysis
        .judgements(game)
        .iter()
        .filter(|j| j.mark.is_some())
        .map(|j| mistake_line(lang, game, &positions, analysis, j))
        .collect()
}

#[test]
fn each_marked_move_of_the_shuffle_shows_the_line_that_proves_it() {
    let game = replay(SHUFFLE);
    let analysis = analyse(&game, Budget { nodes: 20_000 });
    assert_eq!(
        marked_lines(Lang::En, &game, &analysis),
        [
            "2.Rf1?! — an inaccuracy: White's winning chances 56% → 46%. 2…f4 3.b4 Bxe2 \
             4.Kxe2 refutes it and wins a rook for a bishop. Better was 2.b4 Rb6 3.b5.",
            "2…Ke6?? — a blunder: Black's winning chances 54% → 32%. 3.b4 f4 4.Bxc6 Bxc6 \
             refutes it and wins a rook for a bishop. Better was 2…f4 3.b4 Bxe2 4.Kxe2, which \
             wins a rook for a bishop.",
            "4.Rg1?? — a blunder: White's winning chances 68% → 50%. 4…f3 5.Ree1 Rd6 refutes \
             it. Better was 4.Bxc6 Bxc6 5.b2, which wins a rook for a bishop.",
            "4…Kd6?? — a blunder: Black's winning chances 50% → 33%. 5.b5 f3 6.Ree1 refutes \
             it. Better was 4…f3 5.Ree1 Rd6.",
            "5.Rf1?? — a blunder: White's winning chances 67% → 45%. 5…Bxe2 6.Kxe2 Rb6 \
             refutes it and wins a rook for a bishop. Better was 5.b5 f3 6.Ree1.",
            "5…Ke6?? — a blunder: Black's winning chances 55% → 32%. 6.Bxc6 Bxc6 7.b2 refutes \
             it and wins a rook for a bishop. Better was 5…Bxe2 6.Kxe2 Rb6, which wins a rook \
             for a bishop.",
            "6.Rg1?? — a blunder: White's winning chances 68% → 52%. 6…Kd6 refutes it. Better \
             was 6.Bxc6 Bxc6 7.b2, which wins a rook for a bishop.",
            "7.Rf1?? — a blunder: White's winning chances 69% → 45%. 7…Bxe2 8.Kxe2 f6 9.Bxc6 \
             Rxc6 refutes it. Better was 7.b5 f6 8.b2 f3 9.Ree1 g2 10.bxc6+, which wins a rook.",
        ]
    );
    // Each language says the same.
    let fr = marked_lines(Lang::Fr, &game, &analysis);
    assert_eq!(
        fr[4],
        "5.Rf1?? — une gaffe : chances de gain des Blancs 67 % → 45 %. 5…Bxe2 6.Kxe2 Rb6 le \
         réfute et gagne une tour contre un fou. Mieux valait 5.b5 f3 6.Ree1."
    );
    let es = marked_lines(Lang::Es, &game, &analysis);
    assert_eq!(
        es[5],
        "5…Ke6?? — un error grave: las probabilidades de ganar de las negras pasan del 55 % al \
         32 %. 6.Bxc6 Bxc6 7.b2 la refuta y gana una torre a cambio de un alfil. Era mejor \
         5…Bxe2 6.Kxe2 Rb6, que gana una torre a cambio de un alfil."
    );
    let ru = marked_lines(Lang::Ru, &game, &analysis);
    assert_eq!(
        ru[7],
        "7.Rf1?? — грубая ошибка: шансы белых на победу 69 % → 45 %. 7…Bxe2 8.Kxe2 f6 9.Bxc6 \
         Rxc6 опровергает его. Лучше было 7.b5 f6 8.b2 f3 9.Ree1 g2 10.bxc6+, что выигрывает \
         ладью."
    );
}

/// A constructed analysis: these evaluations (centipawns from White's side), the
/// engine's move never the one played, and no lines.
fn constructed(centipawns: &[i32]) -> GameAnalysis {
    GameAnalysis {
        budget: Budget { nodes: 1 },
        positions: centipawns
            .iter()
            .map(|&cp| PositionEval {
                eval: Eval::Centipawns(cp),
                best: None,
                pv: Vec::new(),
            })
            .collect(),
    }
}

#[test]
fn marks_and_words_follow_the_winning_chances_not_the_pawns() {
    let game = replay("b3 f5 Rf1 Ke6 b4");
    let analysis = constructed(&[900, 450, 1000, 700, 0, -200]);
    let marks: Vec<Option<Mark>> = analysis.judgements(&game).iter().map(|j| j.mark).collect();
    // 4.5 pawns from +9 is a mistake, 3 pawns from +10 nothing, 2 pawns from an even game a
    // blunder: each by what it cost in winning chances.
    assert_eq!(
        marks,
        [
            Some(Mark::Mistake),
            Some(Mark::Mistake),
            None,
            None,
            Some(Mark::Blunder)
        ]
    );
    // The words say what the mark says: the chances it comes from, and its name.
    assert_eq!(
        marked_lines(Lang::En, &game, &analysis),
        [
            "1.b3? — a mistake: White's winning chances 96% → 84%.",
            "1…f5? — a mistake: Black's winning chances 16% → 2%.",
            "3.b4?? — a blunder: White's winning chances 50% → 32%.",
        ]
    );
}
