//! The board image's words in the reader's language, and the caption that names a game on
//! it: the renderer knows no language, so the bot lends it these.

use super::words::side_key;
use crate::i18n::{Lang, tr};
use crate::loaded::{Loaded, Side};
use crate::render::{Caption, Words};
use crate::rules::{Color, Outcome, Termination};

/// The words of a board image in one language.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoardWords(pub Lang);

impl Words for BoardWords {
    fn move_number(&self, fullmove: u32) -> String {
        tr!(self.0, "image-move", number = fullmove)
    }

    fn to_move(&self, side: Color, check: bool) -> String {
        let id = if check {
            "image-in-check"
        } else {
            "image-to-move"
        };
        tr!(self.0, id, side = side_key(side))
    }

    fn result(&self, outcome: Outcome) -> String {
        let termination = outcome.termination.as_str();
        match (outcome.winner, outcome.termination) {
            (Some(w), _) => tr!(
                self.0,
                "image-win",
                side = side_key(w),
                termination = termination
            ),
            (None, Termination::Abort) => tr!(self.0, "image-aborted"),
            (None, _) => tr!(self.0, "image-draw", termination = termination),
        }
    }

    fn side(&self, color: Color) -> String {
        tr!(self.0, "image-side", side = side_key(color))
    }
}

/// The caption of a loaded game's images: the players as they are called (the computer with
/// its level), and the game's number, in `lang`.
pub(crate) fn caption(lang: Lang, loaded: &Loaded) -> Caption {
    let words = BoardWords(lang);
    Caption {
        players: Color::ALL.map(|color| match loaded.side(color) {
            Side::Player { name, .. } => name.to_string(),
            Side::Unknown(id) => crate::players::unknown_name(id),
            Side::Computer(level) => tr!(lang, "computer-name", level = level.get()),
            Side::Nobody(color) => words.side(color),
        }),
        game: tr!(lang, "image-game", id = loaded.id()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_speaks_the_readers_language() {
        let fr = BoardWords(Lang::Fr);
        assert_eq!(fr.move_number(14), "Coup 14");
        assert_eq!(fr.to_move(Color::Black, false), "Aux Noirs de jouer");
        assert_eq!(fr.to_move(Color::White, true), "Blancs en échec");
        assert_eq!(
            fr.result(Outcome::win(Color::Black, Termination::Throne)),
            "Les Noirs atteignent le trône"
        );
        assert_eq!(fr.side(Color::White), "Blancs");
        let ru = BoardWords(Lang::Ru);
        assert_eq!(
            ru.result(Outcome::draw(Termination::Repetition)),
            "Ничья: повторение"
        );
        assert_eq!(
            ru.result(Outcome::draw(Termination::Abort)),
            "Партия отменена"
        );
        assert_eq!(tr!(Lang::Es, "image-game", id = 12), "Partida 12");
    }

    #[test]
    fn english_is_the_renderers_own_english() {
        use crate::render::English;
        let en = BoardWords(Lang::En);
        for color in Color::ALL {
            assert_eq!(en.side(color), English.side(color));
            for check in [false, true] {
                assert_eq!(en.to_move(color, check), English.to_move(color, check));
            }
            for t in Termination::ALL {
                let o = Outcome::win(color, t);
                assert_eq!(en.result(o), English.result(o), "{t}");
            }
        }
        for t in Termination::ALL {
            let o = Outcome::draw(t);
            assert_eq!(en.result(o), English.result(o), "{t}");
        }
        assert_eq!(en.move_number(3), English.move_number(3));
    }
}
