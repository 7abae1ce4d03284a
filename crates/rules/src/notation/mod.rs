//! Move notation (RULES.md §8): coordinate form and SAN out, and the lenient reader that turns
//! what a player types into a legal move or a helpful refusal.

use std::fmt;

use super::position::{Move, Position};
use super::square::{Color, PieceKind, Square};

mod marks;
mod miswritten;

pub use marks::{WrongMark, wrong_marks};
pub use miswritten::Miswritten;

/// The move in coordinate form: `c2-b3`, `d2xb2`, `d7-e6=R`.
pub fn coordinate(position: &Position, mv: Move) -> String {
    let sep = if position.is_capture(mv) { 'x' } else { '-' };
    let mut out = format!("{}{sep}{}", mv.from, mv.to);
    push_promotion(&mut out, mv);
    out
}

fn push_promotion(out: &mut String, mv: Move) {
    if let Some(kind) = mv.promotion {
        out.push('=');
        out.push(kind.letter());
    }
}

/// The move in SAN: piece letter, disambiguation, `x`, destination, promotion, `+` or `#`.
/// `mv` must be legal in `position`.
pub fn san(position: &Position, mv: Move) -> String {
    let legal = position.legal_moves();
    san_with(position, mv, &legal)
}

/// [`san`] for many moves of one position, reusing its legal moves.
fn san_with(position: &Position, mv: Move, legal: &[Move]) -> String {
    let kind = position
        .piece_at(mv.from)
        .map(|p| p.kind)
        .expect("a legal move starts on a piece");
    let capture = position.is_capture(mv);
    // Other pieces of the same kind that can land on the same square.
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|m| m.to == mv.to && m.from != mv.from)
        .filter(|m| position.piece_at(m.from).map(|p| p.kind) == Some(kind))
        .map(|m| m.from)
        .collect();
    let mut out = String::with_capacity(8);
    let file = (b'a' + mv.from.file()) as char;
    let rank = (b'1' + mv.from.rank()) as char;
    if kind == PieceKind::Pawn {
        if rivals.is_empty() {
            if capture {
                out.push(file);
            }
        } else if rivals.iter().all(|r| r.file() != mv.from.file()) {
            out.push(file);
        } else {
            out.push(file);
            out.push(rank);
        }
    } else {
        out.push(kind.letter());
        if rivals.is_empty() {
        } else if rivals.iter().all(|r| r.file() != mv.from.file()) {
            out.push(file);
        } else if rivals.iter().all(|r| r.rank() != mv.from.rank()) {
            out.push(rank);
        } else {
            out.push(file);
            out.push(rank);
        }
    }
    if capture {
        out.push('x');
    }
    out.push_str(&mv.to.to_string());
    push_promotion(&mut out, mv);
    let after = position.after(mv);
    if after.is_check() {
        out.push(if after.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    out
}

/// SAN of every legal move of `position`, in move-generation order.
pub fn legal_sans(position: &Position) -> Vec<(Move, String)> {
    let legal = position.legal_moves();
    legal
        .iter()
        .map(|&mv| (mv, san_with(position, mv, &legal)))
        .collect()
}

/// What the move reader could not accept: the three answers of RULES.md §8.
/// The messages are written for players and may be shown as they are.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a move at all.
    #[error(
        "I can't read `{input}` as a move. Write a move like `Rb7`, `cxb2`, `e6=R` (algebraic), or `c2-b3`, `c2b3`, `d7-e6=R` (from and to squares)."
    )]
    Unreadable {
        /// What was typed.
        input: String,
    },
    /// A move, but not a legal one here.
    #[error("`{input}` is not legal here: {reason}")]
    Illegal {
        /// What was typed.
        input: String,
        /// Why the move is illegal.
        reason: Illegal,
    },
    /// Written as chess writes it where Rollerball has no such thing (a knight, castling), with
    /// a figurine, without a square, or several moves at once: what is wrong can be told.
    #[error("{}", how.describe(input))]
    Miswritten {
        /// What was typed.
        input: String,
        /// What is wrong with it.
        how: Miswritten,
    },
    /// Several legal moves match.
    #[error("`{input}` could mean {}: say which.", list(candidates))]
    Ambiguous {
        /// What was typed.
        input: String,
        /// The matching moves in SAN.
        candidates: Vec<String>,
    },
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|s| format!("`{s}`")).collect();
            format!("{} or `{last}`", init.join(", "))
        }
    }
}

/// Why a readable move is illegal, as precisely as can be told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game has ended: nobody can move.
    NoMoves,
    /// The named square is in the hole.
    InHole(String),
    /// No piece stands on the origin square.
    NoPiece(Square),
    /// The piece on the origin square belongs to the other side.
    NotYourPiece {
        /// The origin square.
        square: Square,
        /// The side the piece belongs to.
        owner: Color,
    },
    /// The piece on the origin square is not of the kind named.
    WrongKind {
        /// The origin square.
        square: Square,
        /// The piece standing there.
        found: PieceKind,
        /// The piece the move named.
        named: PieceKind,
    },
    /// The mover has no piece of the kind named.
    NoSuchPiece(PieceKind),
    /// The mover's own piece stands on the target.
    OwnPieceThere(Square),
    /// That piece cannot go there by the rules of movement.
    CannotReach {
        /// The piece.
        kind: PieceKind,
        /// Where it stands.
        from: Square,
        /// Where it was sent.
        to: Square,
    },
    /// None of the mover's pieces of that kind can go there.
    NoneCanReach {
        /// The kind of piece named.
        kind: PieceKind,
        /// The target.
        to: Square,
    },
    /// The move would leave (or put) the mover's own king in check.
    KingInCheck {
        /// The king was in check before the move (and the move does not answer it).
        already: bool,
    },
    /// A pawn reaching its promotion square must say what it becomes.
    PromotionMissing {
        /// The promotion square.
        to: Square,
    },
    /// A promotion was named for a move that is not one.
    NotAPromotion,
    /// A promotion to something other than a rook or bishop.
    PromotionPiece(char),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoMoves => f.write_str("the game is over, there are no moves left"),
            Illegal::InHole(name) => write!(f, "{name} is in the hole, not a square of the board"),
            Illegal::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            Illegal::NotYourPiece { square, owner } => write!(
                f,
                "the piece on {square} is {}'s, and it is {}'s move",
                owner,
                owner.opponent()
            ),
            Illegal::WrongKind {
                square,
                found,
                named,
            } => write!(
                f,
                "the piece on {square} is a {}, not a {}",
                found.name(),
                named.name()
            ),
            Illegal::NoSuchPiece(kind) => write!(f, "you have no {} left", kind.name()),
            Illegal::OwnPieceThere(sq) => write!(f, "your own piece stands on {sq}"),
            Illegal::CannotReach { kind, from, to } => {
                write!(f, "the {} on {from} cannot move to {to}", kind.name())
            }
            Illegal::NoneCanReach { kind, to } => {
                write!(f, "none of your {}s can move to {to}", kind.name())
            }
            Illegal::KingInCheck { already: true } => {
                f.write_str("your king is in check, and that move does not get it out")
            }
            Illegal::KingInCheck { already: false } => {
                f.write_str("it would leave your king in check")
            }
            Illegal::PromotionMissing { to } => write!(
                f,
                "a pawn reaching {to} must promote: add `=R` for a rook or `=B` for a bishop"
            ),
            Illegal::NotAPromotion => {
                f.write_str("only a pawn reaching the enemy pawns' start squares promotes")
            }
            Illegal::PromotionPiece(c) => write!(
                f,
                "a pawn promotes to a rook (`=R`) or a bishop (`=B`), not `{c}`"
            ),
        }
    }
}

/// A move as typed, taken apart but not yet matched against the position.
#[derive(Debug, Default, PartialEq, Eq)]
struct Pattern {
    kind: Option<PieceKind>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: (u8, u8),
    promotion: Option<PieceKind>,
}

impl Pattern {
    fn origin(&self) -> Option<Square> {
        Square::new(self.from_file?, self.from_rank?)
    }
}

enum Parse {
    Ok(Pattern),
    Unreadable,
    Illegal(Illegal),
}

fn file_of(c: char) -> Option<u8> {
    let c = c.to_ascii_lowercase();
    ('a'..='g').contains(&c).then(|| c as u8 - b'a')
}

fn rank_of(c: char) -> Option<u8> {
    ('1'..='7').contains(&c).then(|| c as u8 - b'1')
}

fn promotion_of(c: char) -> Result<PieceKind, Illegal> {
    match c {
        'R' | 'r' => Ok(PieceKind::Rook),
        'B' | 'b' => Ok(PieceKind::Bishop),
        other => Err(Illegal::PromotionPiece(other)),
    }
}

/// Takes the text apart: `[piece][file][rank][-x:]file rank[promotion][+#!?]`.
fn parse(input: &str) -> Parse {
    let text: String = input.chars().filter(|c| !c.is_whitespace()).collect();
    let mut chars: Vec<char> = text
        .trim_end_matches(['+', '#', '!', '?'])
        .chars()
        .collect();
    let mut pattern = Pattern::default();

    // Promotion suffix: `=R`, `(R)`, or a bare letter right after the destination's rank.
    let n = chars.len();
    if n >= 3 && chars[n - 1] == ')' && chars[n - 3] == '(' {
        match promotion_of(chars[n - 2]) {
            Ok(kind) => pattern.promotion = Some(kind),
            Err(e) => return Parse::Illegal(e),
        }
        chars.truncate(n - 3);
    } else if n >= 2 && chars[n - 2] == '=' {
        match promotion_of(chars[n - 1]) {
            Ok(kind) => pattern.promotion = Some(kind),
            Err(e) if chars[n - 1].is_ascii_alphabetic() => return Parse::Illegal(e),
            Err(_) => return Parse::Unreadable,
        }
        chars.truncate(n - 2);
    } else if n >= 3 && chars[n - 2].is_ascii_digit() && chars[n - 1].is_ascii_alphabetic() {
        match promotion_of(chars[n - 1]) {
            Ok(kind) => pattern.promotion = Some(kind),
            Err(e) if "KkQqNnPp".contains(chars[n - 1]) => return Parse::Illegal(e),
            Err(_) => return Parse::Unreadable,
        }
        chars.truncate(n - 1);
    }

    // Destination.
    let n = chars.len();
    if n < 2 {
        return Parse::Unreadable;
    }
    let (Some(file), Some(rank)) = (file_of(chars[n - 2]), rank_of(chars[n - 1])) else {
        return Parse::Unreadable;
    };
    if Square::new(file, rank).is_none() {
        return Parse::Illegal(Illegal::InHole(format!(
            "{}{}",
            (b'a' + file) as char,
            rank + 1
        )));
    }
    pattern.to = (file, rank);
    chars.truncate(n - 2);
    if matches!(chars.last(), Some('-' | 'x' | 'X' | ':' | '×')) {
        chars.pop();
    }

    // Origin: an optional piece letter, then an optional file and rank. Upper-case B is the
    // bishop, lower-case b the b-file; a letter followed by a rank digit is a square.
    let mut rest = &chars[..];
    // `B2b5` is SAN's bishop from rank 2 (what `san` writes when two bishops reach b5 from one
    // file), not the square b2.
    let bishop_by_rank = rest.len() == 2 && rest[0] == 'B' && rank_of(rest[1]).is_some();
    let looks_like_square = !bishop_by_rank
        && rest.len() >= 2
        && file_of(rest[0]).is_some()
        && rank_of(rest[1]).is_some();
    if !looks_like_square && let Some(&c) = rest.first() {
        let kind = match c {
            'K' | 'k' => Some(PieceKind::King),
            'R' | 'r' => Some(PieceKind::Rook),
            'B' => Some(PieceKind::Bishop),
            'P' | 'p' => Some(PieceKind::Pawn),
            _ => None,
        };
        if kind.is_some() {
            pattern.kind = kind;
            rest = &rest[1..];
        }
    }
    if let Some(&c) = rest.first()
        && let Some(f) = file_of(c)
    {
        pattern.from_file = Some(f);
        rest = &rest[1..];
    }
    if let Some(&c) = rest.first()
        && let Some(r) = rank_of(c)
    {
        pattern.from_rank = Some(r);
        rest = &rest[1..];
    }
    if !rest.is_empty() {
        return Parse::Unreadable;
    }
    if let (Some(f), Some(r)) = (pattern.from_file, pattern.from_rank)
        && Square::new(f, r).is_none()
    {
        return Parse::Illegal(Illegal::InHole(format!("{}{}", (b'a' + f) as char, r + 1)));
    }
    Parse::Ok(pattern)
}

/// Reads what a player typed as a move in `position` (RULES.md §8): SAN or coordinate form,
/// with or without `-`, `x`, `:`, `+`, `#`, `!`, `?`, promotions as `=R`, `R`, `r` or `(R)`.
///
/// Returns the one legal move it matches, or says why not: [`MoveError::Unreadable`],
/// [`MoveError::Illegal`] (with the reason) or [`MoveError::Ambiguous`] (with the candidates).
pub fn read_move(position: &Position, input: &str) -> Result<Move, MoveError> {
    let input_text = input.trim().to_string();
    let miswritten = |how| MoveError::Miswritten {
        input: input_text.clone(),
        how,
    };
    let words: Vec<&str> = input.split_whitespace().collect();
    // Several words, each a move of its own (`Rb7 Kd6`), are several moves; two squares
    // (`c2 b3`, `d7 e6=R`) are a move from one to the other when they are one, and two moves
    // otherwise.
    let whole = |word: &&str| match parse(word) {
        Parse::Ok(_) | Parse::Illegal(_) => true,
        Parse::Unreadable => miswritten::miswritten(word)
            .is_some_and(|how| !matches!(how, Miswritten::NoSquare { .. })),
    };
    if words.len() >= 2 && words.iter().all(whole) {
        let square = |word: &str| word.get(..2).and_then(|s| s.parse::<Square>().ok());
        if let [first, second] = words.as_slice()
            && first.len() == 2
            && let (Some(from), Some(to)) = (square(first), square(second))
        {
            return match read_pattern(position, input, &input_text) {
                Err(MoveError::Illegal { reason, .. }) => {
                    Err(miswritten(Miswritten::TwoSquares { from, to, reason }))
                }
                other => other,
            };
        }
        return Err(miswritten(Miswritten::SeveralMoves { count: words.len() }));
    }
    if let Some(how) = miswritten::miswritten(&words.concat()) {
        return Err(miswritten(how));
    }
    read_pattern(position, input, &input_text)
}

/// [`read_move`] of a text whose words make one move once joined (`c2 b3`, `R b7`).
fn read_pattern(position: &Position, input: &str, input_text: &str) -> Result<Move, MoveError> {
    let input_text = input_text.to_string();
    let illegal = |reason| MoveError::Illegal {
        input: input_text.clone(),
        reason,
    };
    let pattern = match parse(input) {
        Parse::Ok(p) => p,
        Parse::Unreadable => return Err(MoveError::Unreadable { input: input_text }),
        Parse::Illegal(reason) => return Err(illegal(reason)),
    };
    let to = Square::new(pattern.to.0, pattern.to.1).expect("checked by parse");
    let from_square = pattern.origin();
    // SAN without a piece letter is a pawn move; a full origin square names its own piece.
    let kind = pattern.kind.or(if from_square.is_some() {
        None
    } else {
        Some(PieceKind::Pawn)
    });
    let matches_origin = |mv: &Move| {
        pattern.from_file.is_none_or(|f| mv.from.file() == f)
            && pattern.from_rank.is_none_or(|r| mv.from.rank() == r)
            && kind.is_none_or(|k| position.piece_at(mv.from).map(|p| p.kind) == Some(k))
    };
    let legal = position.legal_moves();
    if legal.is_empty() {
        return Err(illegal(Illegal::NoMoves));
    }
    let reaching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to == to && matches_origin(m))
        .collect();
    let matching: Vec<Move> = reaching
        .iter()
        .copied()
        .filter(|m| pattern.promotion.is_none() || m.promotion == pattern.promotion)
        .collect();

    match matching.as_slice() {
        [one] => return Ok(*one),
        [] => {}
        [first, rest @ ..] => {
            if pattern.promotion.is_none()
                && rest
                    .iter()
                    .all(|m| m.from == first.from && m.promotion.is_some())
            {
                return Err(illegal(Illegal::PromotionMissing { to }));
            }
            let sans = legal_sans(position);
            let candidates = matching
                .iter()
                .map(|m| {
                    sans.iter()
                        .find(|(mv, _)| mv == m)
                        .map(|(_, s)| s.clone())
                        .expect("candidates are legal")
                })
                .collect();
            return Err(MoveError::Ambiguous {
                input: input_text,
                candidates,
            });
        }
    }
    if !reaching.is_empty() {
        return Err(illegal(Illegal::NotAPromotion));
    }
    Err(illegal(diagnose(position, &pattern, kind, from_square, to)))
}

/// Says why no legal move matched a readable pattern.
fn diagnose(
    position: &Position,
    pattern: &Pattern,
    kind: Option<PieceKind>,
    from: Option<Square>,
    to: Square,
) -> Illegal {
    let us = position.side_to_move();
    let in_check = position.is_check();
    let pseudo = position.pseudo_legal_moves();
    if let Some(from) = from {
        let Some(piece) = position.piece_at(from) else {
            return Illegal::NoPiece(from);
        };
        if piece.color != us {
            return Illegal::NotYourPiece {
                square: from,
                owner: piece.color,
            };
        }
        if let Some(named) = kind
            && named != piece.kind
        {
            return Illegal::WrongKind {
                square: from,
                found: piece.kind,
                named,
            };
        }
        if pseudo.iter().any(|m| m.from == from && m.to == to) {
            return Illegal::KingInCheck { already: in_check };
        }
        if position.piece_at(to).is_some_and(|p| p.color == us) {
            return Illegal::OwnPieceThere(to);
        }
        return Illegal::CannotReach {
            kind: piece.kind,
            from,
            to,
        };
    }
    let kind = kind.unwrap_or(PieceKind::Pawn);
    let candidates = position.pieces_of_kind(us, kind).filter(|sq| {
        pattern.from_file.is_none_or(|f| sq.file() == f)
            && pattern.from_rank.is_none_or(|r| sq.rank() == r)
    });
    let mut any = false;
    for sq in candidates {
        any = true;
        if pseudo.iter().any(|m| m.from == sq && m.to == to) {
            return Illegal::KingInCheck { already: in_check };
        }
    }
    if position.pieces_of_kind(us, kind).is_empty() {
        return Illegal::NoSuchPiece(kind);
    }
    if any && position.piece_at(to).is_some_and(|p| p.color == us) {
        return Illegal::OwnPieceThere(to);
    }
    if pattern.promotion.is_some() && kind != PieceKind::Pawn {
        return Illegal::NotAPromotion;
    }
    Illegal::NoneCanReach { kind, to }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn read(p: &Position, input: &str) -> Result<String, MoveError> {
        read_move(p, input).map(|m| coordinate(p, m))
    }

    #[test]
    fn many_spellings_of_one_move() {
        let p = Position::start();
        for input in [
            "c2-b3", "c2b3", "c2:b3", "C2B3", "b3", " b3 ", "b3!?", "c2 b3",
        ] {
            assert_eq!(read(&p, input).as_deref(), Ok("c2-b3"), "{input}");
        }
        assert_eq!(read(&p, "Rf1").as_deref(), Ok("e1-f1"));
        assert_eq!(read(&p, "e2f2").as_deref(), Ok("e2-f2"));
    }

    #[test]
    fn promotions_in_every_spelling() {
        let p = pos("3Pr2/6k/7/7/7/K6/3p3 w Kk 1");
        for (input, want) in [
            ("d7-e6=R", "d7-e6=R"),
            ("d7e6r", "d7-e6=R"),
            ("e6(B)", "d7-e6=B"),
            ("e6b", "d7-e6=B"),
            ("dxe7=R+", "d7xe7=R"),
            ("d7xe7B", "d7xe7=B"),
        ] {
            assert_eq!(read(&p, input).as_deref(), Ok(want), "{input}");
        }
        assert_eq!(
            read_move(&p, "e6"),
            Err(MoveError::Illegal {
                input: "e6".into(),
                reason: Illegal::PromotionMissing {
                    to: "e6".parse().unwrap()
                }
            })
        );
        assert!(matches!(
            read_move(&p, "e6=Q"),
            Err(MoveError::Illegal {
                reason: Illegal::PromotionPiece('Q'),
                ..
            })
        ));
    }

    #[test]
    fn san_disambiguates_pawns_and_pieces() {
        let p = Position::start();
        let sans: Vec<String> = legal_sans(&p).into_iter().map(|(_, s)| s).collect();
        let mut sorted = sans.clone();
        sorted.sort();
        assert_eq!(sorted, ["Rf1", "Rf2", "b3", "c1b1", "c1b2", "c2b1", "c2b2"]);
        assert!(matches!(
            read_move(&p, "b2"),
            Err(MoveError::Ambiguous { ref candidates, .. }) if candidates == &["c1b2", "c2b2"]
        ));
    }

    #[test]
    fn san_disambiguates_by_file_then_rank() {
        // Rooks on a2 and b6 both reach b7: the file tells them apart.
        let p = pos("7/1R5/7/7/5k1/R6/6K w - 1");
        let sans: Vec<String> = legal_sans(&p).into_iter().map(|(_, s)| s).collect();
        assert!(sans.contains(&"Rab7".to_string()), "{sans:?}");
        assert!(sans.contains(&"Rbb7".to_string()), "{sans:?}");
        // Rooks on a3 and a5 both reach a4: same file, so the rank.
        let p = pos("7/7/R6/7/R4k1/7/6K w - 1");
        let sans: Vec<String> = legal_sans(&p).into_iter().map(|(_, s)| s).collect();
        assert!(sans.contains(&"R3a4".to_string()), "{sans:?}");
        assert!(sans.contains(&"R5a4".to_string()), "{sans:?}");
        assert_eq!(read(&p, "R5a4").as_deref(), Ok("a5-a4"));
        assert!(matches!(
            read_move(&p, "Ra4"),
            Err(MoveError::Ambiguous { .. })
        ));
    }

    #[test]
    fn a_bishop_told_apart_by_its_rank_reads_back() {
        // Found by the `fen` fuzz target: bishops on c2 and c6 both reach b5, so `san` writes
        // `B2b5` and `B6b5`, which the reader took for the squares b2 and b6.
        let p = pos("2p2pr/1kB2R1/7/7/P6/1PB1K2/4R1R w - 1");
        let sans: Vec<String> = legal_sans(&p).into_iter().map(|(_, s)| s).collect();
        assert!(sans.contains(&"B2b5".to_string()), "{sans:?}");
        assert!(sans.contains(&"B6b5".to_string()), "{sans:?}");
        assert_eq!(read(&p, "B2b5").as_deref(), Ok("c2-b5"));
        assert_eq!(read(&p, "B6b5").as_deref(), Ok("c6-b5"));
        // A lower-case b is still the b-file: b2 is a pawn.
        assert_eq!(read(&p, "b2b3").as_deref(), Ok("b2-b3"));
    }

    #[test]
    fn chess_habits_and_several_moves_are_told_apart() {
        let p = Position::start();
        let said = |input: &str| read_move(&p, input).unwrap_err().to_string();
        assert_eq!(
            said("Nf3"),
            "`Nf3`: Rollerball has no knights. Its pieces are the king (K), rooks (R), bishops (B) and pawns (no letter)."
        );
        assert_eq!(
            said("Qd4"),
            "`Qd4`: Rollerball has no queens. Its pieces are the king (K), rooks (R), bishops (B) and pawns (no letter)."
        );
        assert_eq!(
            said("O-O"),
            "`O-O`: Rollerball has no castling; the king moves one square at a time."
        );
        assert_eq!(
            said("♚e6"),
            "`♚e6`: write the piece with its letter: `Ke6` (K king, R rook, B bishop; a pawn has no letter)."
        );
        assert_eq!(
            said("b"),
            "`b` is not a move: a move names its destination square, like `b3`."
        );
        assert_eq!(
            said("b3 Rf1"),
            "`b3 Rf1` is 2 moves: send one move at a time."
        );
        assert_eq!(
            said("e6 f5"),
            "`e6 f5` is two moves: send one move at a time. (As one move, e6 to f5 is not legal here: the piece on e6 is Black's, and it is White's move.)"
        );
        // A move with a space in it is still one move.
        for input in ["c2 b3", "R f1", "c2 - b3", "b3 +"] {
            assert!(read_move(&p, input).is_ok(), "{input}");
        }
    }

    #[test]
    fn refusals_say_why() {
        let p = Position::start();
        let reason = |input: &str| match read_move(&p, input) {
            Err(MoveError::Illegal { reason, .. }) => reason.to_string(),
            other => format!("{other:?}"),
        };
        assert_eq!(reason("d4"), "d4 is in the hole, not a square of the board");
        assert_eq!(reason("a1-a2"), "there is no piece on a1");
        assert_eq!(
            reason("e7-f7"),
            "the piece on e7 is Black's, and it is White's move"
        );
        assert_eq!(reason("Rd1"), "your own piece stands on d1");
        assert_eq!(reason("Bb3"), "none of your bishops can move to b3");
        assert_eq!(reason("Rd1-c1"), "the piece on d1 is a bishop, not a rook");
        assert_eq!(reason("e1-a1"), "the rook on e1 cannot move to a1");
        assert!(matches!(
            read_move(&p, "hello"),
            Err(MoveError::Unreadable { .. })
        ));
        assert!(matches!(
            read_move(&p, ""),
            Err(MoveError::Unreadable { .. })
        ));
    }
}
