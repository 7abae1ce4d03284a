//! What a choice in the move picker means: the `custom_id`s and values of its menus, written
//! and read back. Every menu id carries the game and a [`Mark`] of the position it was made
//! for, so a choice made after the position changed is told apart from a current one, and
//! anything the bot did not write reads as nothing.

use std::fmt::Write as _;

use crate::model::GameId;
use crate::rules::{self, Square};

/// The position a menu was made for: its ply and a fingerprint of the position itself (a
/// takeback followed by another move comes back to the same ply in another position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    /// The game.
    pub game: GameId,
    /// How many moves had been played.
    pub ply: usize,
    /// The low 32 bits of the position's Zobrist hash (the same in every process).
    pub key: u32,
}

impl Mark {
    /// The mark of `game`'s current position.
    pub(crate) fn of(id: GameId, game: &rules::Game) -> Mark {
        Mark {
            game: id,
            ply: game.ply(),
            key: game.position().zobrist() as u32,
        }
    }

    /// Whether `game` still stands where the mark was made.
    pub(crate) fn matches(&self, game: &rules::Game) -> bool {
        Mark::of(self.game, game) == *self
    }

    /// A mark as [`Mark::written`] wrote it; `None` for anything else.
    pub(crate) fn read(text: &str) -> Option<Mark> {
        match read_mark(text)? {
            (mark, None) => Some(mark),
            _ => None,
        }
    }

    /// The mark as text (`GAME:PLY:KEY`), for a page to send back with a move.
    pub(crate) fn written(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        let _ = write!(out, "{}:{}:{:08x}", self.game.0, self.ply, self.key);
    }
}

/// One step of the move picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// **Move** was pressed under game `0`'s board: the pieces that can move.
    Open(GameId),
    /// Page `page` (from 0) of the pieces menu ("more…", or "back to pieces").
    Pieces { mark: Mark, page: usize },
    /// The piece on `from` was chosen: page `page` of its destinations.
    Piece {
        mark: Mark,
        from: Square,
        page: usize,
    },
    /// The move `san` of the piece on `from` was chosen.
    Play {
        mark: Mark,
        from: Square,
        san: String,
    },
}

const PIECES: &str = "rb:pieces:";
const TO: &str = "rb:to:";
const PAGE: &str = "page:";
const MOVE: &str = "m:";
const BACK: &str = "back";

/// The id of the pieces menu at `mark`.
pub(crate) fn pieces_menu_id(mark: Mark) -> String {
    let mut id = PIECES.to_string();
    mark.write(&mut id);
    id
}

/// The id of the destinations menu of the piece on `from` at `mark`.
pub(crate) fn destinations_menu_id(mark: Mark, from: Square) -> String {
    let mut id = TO.to_string();
    mark.write(&mut id);
    let _ = write!(id, ":{from}");
    id
}

/// The value of a piece in the pieces menu.
pub(crate) fn piece_value(from: Square) -> String {
    from.name()
}

/// The value of a "more…" choice leading to page `page` (from 0).
pub(crate) fn page_value(page: usize) -> String {
    format!("{PAGE}{page}")
}

/// The value of a move in the destinations menu.
pub(crate) fn move_value(san: &str) -> String {
    format!("{MOVE}{san}")
}

/// The value of "back to pieces".
pub(crate) fn back_value() -> String {
    BACK.to_string()
}

impl Pick {
    /// The step a menu's `custom_id` and chosen `values` stand for; `None` for anything the
    /// picker did not write (one value is chosen from each of its menus).
    pub(crate) fn from_menu(custom_id: &str, values: &[String]) -> Option<Pick> {
        let [value] = values else {
            return None;
        };
        if let Some(rest) = custom_id.strip_prefix(PIECES) {
            let (mark, tail) = read_mark(rest)?;
            if tail.is_some() {
                return None;
            }
            if let Some(page) = value.strip_prefix(PAGE) {
                return Some(Pick::Pieces {
                    mark,
                    page: number(page)?,
                });
            }
            return Some(Pick::Piece {
                mark,
                from: square(value)?,
                page: 0,
            });
        }
        let rest = custom_id.strip_prefix(TO)?;
        let (mark, tail) = read_mark(rest)?;
        let from = square(tail?)?;
        if value == BACK {
            return Some(Pick::Pieces { mark, page: 0 });
        }
        if let Some(page) = value.strip_prefix(PAGE) {
            return Some(Pick::Piece {
                mark,
                from,
                page: number(page)?,
            });
        }
        let san = value.strip_prefix(MOVE)?;
        // SAN is short and plain (`c2xb1=R#` is as long as it gets): anything else was not
        // written by the picker.
        if san.is_empty() || san.len() > 10 || !san.bytes().all(|b| b.is_ascii_graphic()) {
            return None;
        }
        Some(Pick::Play {
            mark,
            from,
            san: san.to_string(),
        })
    }
}

/// `GAME:PLY:KEY` and what follows it (`:SQUARE`), if anything.
fn read_mark(text: &str) -> Option<(Mark, Option<&str>)> {
    let mut parts = text.splitn(4, ':');
    let game = number(parts.next()?).filter(|&g| g > 0)?;
    let ply = number(parts.next()?)?;
    let key = parts.next()?;
    if key.len() != 8 || !key.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return None;
    }
    let key = u32::from_str_radix(key, 16).ok()?;
    let mark = Mark {
        game: GameId(i64::try_from(game).ok()?),
        ply,
        key,
    };
    Some((mark, parts.next()))
}

/// A number as the picker writes it: digits, no sign, no leading zero.
fn number(digits: &str) -> Option<usize> {
    if digits.is_empty()
        || digits.len() > 15
        || (digits.len() > 1 && digits.starts_with('0'))
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    digits.parse().ok()
}

/// A square as the picker writes it (`c7`, lower case).
fn square(text: &str) -> Option<Square> {
    let sq: Square = text.parse().ok()?;
    (sq.name() == text).then_some(sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark() -> Mark {
        Mark {
            game: GameId(12),
            ply: 7,
            key: 0x00ab_cdef,
        }
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn one(value: &str) -> Vec<String> {
        vec![value.to_string()]
    }

    #[test]
    fn menu_ids_and_values_round_trip() {
        let pieces = pieces_menu_id(mark());
        assert_eq!(pieces, "rb:pieces:12:7:00abcdef");
        let to = destinations_menu_id(mark(), sq("c7"));
        assert_eq!(to, "rb:to:12:7:00abcdef:c7");
        assert!(to.len() <= 100);
        assert_eq!(
            Pick::from_menu(&pieces, &one(&piece_value(sq("c7")))),
            Some(Pick::Piece {
                mark: mark(),
                from: sq("c7"),
                page: 0
            })
        );
        assert_eq!(
            Pick::from_menu(&pieces, &one(&page_value(1))),
            Some(Pick::Pieces {
                mark: mark(),
                page: 1
            })
        );
        assert_eq!(
            Pick::from_menu(&to, &one(&back_value())),
            Some(Pick::Pieces {
                mark: mark(),
                page: 0
            })
        );
        assert_eq!(
            Pick::from_menu(&to, &one(&page_value(2))),
            Some(Pick::Piece {
                mark: mark(),
                from: sq("c7"),
                page: 2
            })
        );
        assert_eq!(
            Pick::from_menu(&to, &one(&move_value("Rxe2+"))),
            Some(Pick::Play {
                mark: mark(),
                from: sq("c7"),
                san: "Rxe2+".into()
            })
        );
    }

    #[test]
    fn what_the_picker_never_wrote_reads_as_nothing() {
        let to = "rb:to:12:7:00abcdef:c7";
        for (id, value) in [
            ("rb:pieces:12:7:00abcdef", "C7"),
            ("rb:pieces:12:7:00abcdef", "d4"),
            ("rb:pieces:12:7:00abcdef", "page:01"),
            ("rb:pieces:12:7:00abcdef", "page:-1"),
            ("rb:pieces:12:7:00abcdef:c7", "c7"),
            ("rb:pieces:0:7:00abcdef", "c7"),
            ("rb:pieces:012:7:00abcdef", "c7"),
            ("rb:pieces:12:7:00ABCDEF", "c7"),
            ("rb:pieces:12:7:abcdef", "c7"),
            ("rb:pieces:12:+7:00abcdef", "c7"),
            ("rb:pieces:12:7", "c7"),
            ("rb:to:12:7:00abcdef", "m:Rb7"),
            ("rb:to:12:7:00abcdef:z9", "m:Rb7"),
            (to, "Rb7"),
            (to, "m:"),
            (to, "m:R b7"),
            (to, "m:Rb7Rb7Rb7Rb7"),
            (to, "backk"),
            ("rb:nope:12:7:00abcdef", "c7"),
        ] {
            assert_eq!(Pick::from_menu(id, &one(value)), None, "{id} {value}");
        }
        assert_eq!(Pick::from_menu(to, &[]), None);
        assert_eq!(
            Pick::from_menu(to, &[move_value("Rb7"), move_value("Rb6")]),
            None
        );
    }

    #[test]
    fn a_mark_knows_its_position() {
        let mut game = rules::Game::new();
        let start = Mark::of(GameId(1), &game);
        assert!(start.matches(&game));
        let (mv, _) = rules::legal_sans(game.position())[0].clone();
        game.play(mv).unwrap();
        assert!(!start.matches(&game));
        game.take_back();
        assert!(start.matches(&game));
    }
}
