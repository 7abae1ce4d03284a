//! The move picker's menus: the pieces that can move, then one piece's destinations in SAN,
//! each split into pages with a "more…" choice when it has more choices than a menu holds.

use super::Voice;
use super::words::side_key;
use crate::i18n::tr;
use crate::loaded::Loaded;
use crate::picks::{
    Mark, back_value, destinations_menu_id, move_value, page_value, piece_value, pieces_menu_id,
};
use crate::reply::{Menu, MenuOption, Reply};
use crate::rules::{self, Move, Square};

/// One page of `options`: the page's slice, which page it is (wrapped into range), and how
/// many there are, when a menu holds `size` choices of which `reserved` are taken by choices
/// of its own ("back to pieces"). A page that is not the only one gives one more place to
/// "more…".
fn paged<T>(options: &[T], page: usize, size: usize, reserved: usize) -> (&[T], usize, usize) {
    let room = size - reserved;
    if options.len() <= room {
        return (options, 0, 1);
    }
    let per = room - 1;
    let pages = options.len().div_ceil(per);
    let page = page % pages;
    let end = (page * per + per).min(options.len());
    (&options[page * per..end], page, pages)
}

/// The "more…" choice that leads from page `page` of `pages` to the next (the last leads back
/// to the first), if there are several.
fn more(voice: Voice<'_>, page: usize, pages: usize) -> Option<MenuOption> {
    (pages > 1).then(|| {
        let next = (page + 1) % pages;
        MenuOption {
            label: tr!(voice.lang, "picker-more", page = next + 1, pages = pages),
            value: page_value(next),
            description: None,
        }
    })
}

/// The player's pieces that can move in `loaded`, with how many moves each has, in the order
/// of the board's squares.
pub(crate) fn movable_pieces(loaded: &Loaded) -> Vec<(Square, rules::PieceKind, usize)> {
    let position = loaded.game().position();
    let mut pieces: Vec<(Square, rules::PieceKind, usize)> = position
        .pieces()
        .filter(|(_, piece)| piece.color == position.side_to_move())
        .map(|(sq, piece)| (sq, piece.kind, position.legal_moves_from(sq).len()))
        .filter(|&(_, _, count)| count > 0)
        .collect();
    pieces.sort_by_key(|&(sq, kind, _)| (kind.index(), sq.index()));
    pieces
}

/// The legal moves of the piece on `from`, in SAN, in the order the rules list them.
pub(crate) fn destinations(loaded: &Loaded, from: Square) -> Vec<(Move, String)> {
    rules::legal_sans(loaded.game().position())
        .into_iter()
        .filter(|(mv, _)| mv.from == from)
        .collect()
}

/// Page `page` of the pieces menu of `loaded` at `mark`, under `headline`: a private reply.
pub(crate) fn pieces_menu(
    voice: Voice<'_>,
    loaded: &Loaded,
    mark: Mark,
    page: usize,
    size: usize,
    headline: String,
) -> Reply {
    let lang = voice.lang;
    let pieces = movable_pieces(loaded);
    let (shown, page, pages) = paged(&pieces, page, size, 0);
    let mut options: Vec<MenuOption> = shown
        .iter()
        .map(|&(sq, kind, count)| MenuOption {
            label: tr!(
                lang,
                "picker-piece",
                piece = kind.name(),
                square = sq.name(),
                count = count
            ),
            value: piece_value(sq),
            description: None,
        })
        .collect();
    options.extend(more(voice, page, pages));
    let mut text = headline;
    text.push_str(&tr!(
        lang,
        "picker-pieces",
        id = loaded.id(),
        side = side_key(loaded.to_move())
    ));
    if pages > 1 {
        text.push(' ');
        text.push_str(&tr!(lang, "picker-page", page = page + 1, pages = pages));
    }
    Reply {
        menus: vec![Menu {
            custom_id: pieces_menu_id(mark),
            placeholder: tr!(lang, "picker-pieces-placeholder"),
            options,
        }],
        ..Reply::private(text)
    }
}

/// Page `page` of the destinations menu of the piece on `from`: a private reply that takes the
/// place of the menu it was chosen from. `None` if that piece has no legal move.
pub(crate) fn destinations_menu(
    voice: Voice<'_>,
    loaded: &Loaded,
    mark: Mark,
    from: Square,
    page: usize,
    size: usize,
) -> Option<Reply> {
    let lang = voice.lang;
    let position = loaded.game().position();
    let piece = position.piece_at(from)?;
    let moves = destinations(loaded, from);
    if moves.is_empty() {
        return None;
    }
    // One place for "back to pieces".
    let (shown, page, pages) = paged(&moves, page, size, 1);
    let mut options: Vec<MenuOption> = shown
        .iter()
        .map(|(mv, san)| MenuOption {
            label: san.clone(),
            value: move_value(san),
            description: Some(rules::coordinate(position, *mv)),
        })
        .collect();
    options.extend(more(voice, page, pages));
    options.push(MenuOption {
        label: tr!(lang, "picker-back"),
        value: back_value(),
        description: None,
    });
    let mut text = tr!(
        lang,
        "picker-destinations",
        id = loaded.id(),
        piece = piece.kind.name(),
        square = from.name(),
        count = moves.len()
    );
    if pages > 1 {
        text.push(' ');
        text.push_str(&tr!(lang, "picker-page", page = page + 1, pages = pages));
    }
    Some(Reply {
        menus: vec![Menu {
            custom_id: destinations_menu_id(mark, from),
            placeholder: tr!(lang, "picker-destinations-placeholder"),
            options,
        }],
        replaces: true,
        ..Reply::private(text)
    })
}

#[cfg(test)]
mod tests {
    use super::paged;

    #[test]
    fn pages_hold_what_fits_and_wrap_around() {
        let items: Vec<u32> = (0..30).collect();
        // 30 moves, 25 places less "back": pages of 23 and "more…".
        assert_eq!(paged(&items, 0, 25, 1), (&items[0..23], 0, 2));
        assert_eq!(paged(&items, 1, 25, 1), (&items[23..30], 1, 2));
        assert_eq!(paged(&items, 2, 25, 1), (&items[0..23], 0, 2));
        // 24 moves and "back" fill one menu exactly.
        assert_eq!(paged(&items[..24], 0, 25, 1), (&items[0..24], 0, 1));
        assert_eq!(paged(&items[..25], 0, 25, 1).2, 2);
        assert_eq!(paged(&items[..25], 0, 25, 0), (&items[0..25], 0, 1));
        assert_eq!(paged(&items[..7], 2, 4, 1), (&items[4..6], 2, 4));
    }
}
