//! Every ray of every piece on every square, computed at compile time from RULES.md §4.
//!
//! A ray is the ordered list of squares a piece walks through in one direction, rebounds
//! included. Three tables are derived from the rays:
//! - [`RAYS`]: the rays themselves, for walking and for drawing a move's path;
//! - [`REACH`]: for each piece kind and square, every square a ray lands on;
//! - [`BETWEEN`]: for each kind, origin and target, the squares that must be empty for the
//!   piece to reach the target — the heart of both move generation and check detection.
//!
//! Pieces' moves depend only on their kind and square, never on their colour (RULES.md §2),
//! so none of the tables is per colour.

use super::square::{PieceKind, SIZE, Square, SquareSet};

/// The longest ray: a rook in a corner slides along two whole sides (12 squares).
pub const MAX_RAY_LEN: usize = 12;
/// The most rays one piece has on one square: a king's eight single steps.
pub const MAX_RAYS: usize = 8;
const GRID: usize = (SIZE as usize) * (SIZE as usize);

/// One ray: up to [`MAX_RAY_LEN`] squares walked in order.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    len: u8,
    squares: [u8; MAX_RAY_LEN],
    /// Bit `i` is set when the ray's `i`-th square is a landing square. A square that is not
    /// is *passed over*: a shorter ray already lands there (the rook's long sideways slides
    /// start over the square its one-step sideways move reaches).
    landing: u16,
}

impl Ray {
    const EMPTY: Ray = Ray {
        len: 0,
        squares: [0; MAX_RAY_LEN],
        landing: 0,
    };

    /// The ray's squares in walking order, each with whether it is a landing square.
    pub fn squares(&self) -> impl Iterator<Item = (Square, bool)> + '_ {
        (0..self.len as usize).map(move |i| {
            let sq = Square::from_index(self.squares[i]).expect("rays hold board squares");
            (sq, self.landing & (1 << i) != 0)
        })
    }
}

/// The rays of one piece kind on one square.
#[derive(Clone, Copy, Debug)]
pub struct PieceRays {
    count: u8,
    rays: [Ray; MAX_RAYS],
}

impl PieceRays {
    const EMPTY: PieceRays = PieceRays {
        count: 0,
        rays: [Ray::EMPTY; MAX_RAYS],
    };

    /// The rays, in the order RULES.md lists a piece's moves.
    pub fn iter(&self) -> impl Iterator<Item = &Ray> {
        self.rays[..self.count as usize].iter()
    }
}

/// Builds rays one square at a time.
struct RayBuilder {
    rays: PieceRays,
}

impl RayBuilder {
    const fn new() -> RayBuilder {
        RayBuilder {
            rays: PieceRays::EMPTY,
        }
    }

    const fn start_ray(&mut self) {
        assert!((self.rays.count as usize) < MAX_RAYS);
        self.rays.count += 1;
    }

    /// True when an earlier ray already lands on `index`.
    const fn lands_on(&self, index: u8) -> bool {
        let mut r = 0;
        while r + 1 < self.rays.count as usize {
            let ray = &self.rays.rays[r];
            let mut i = 0;
            while i < ray.len as usize {
                if ray.squares[i] == index && ray.landing & (1 << i) != 0 {
                    return true;
                }
                i += 1;
            }
            r += 1;
        }
        false
    }

    const fn push(&mut self, sq: Square) {
        let landing = !self.lands_on(sq.index() as u8);
        let ray = &mut self.rays.rays[self.rays.count as usize - 1];
        assert!((ray.len as usize) < MAX_RAY_LEN);
        ray.squares[ray.len as usize] = sq.index() as u8;
        if landing {
            ray.landing |= 1 << ray.len;
        }
        ray.len += 1;
    }

    /// Drops the ray just started if it turned out empty.
    const fn end_ray(&mut self) {
        if self.rays.rays[self.rays.count as usize - 1].len == 0 {
            self.rays.count -= 1;
        }
    }

    /// A one-step ray by the local step `(dx, dy)`.
    const fn step(&mut self, from: Square, dx: i8, dy: i8) {
        self.start_ray();
        let (df, dr) = from.local_step(dx, dy);
        if let Some(to) = from.offset(df, dr) {
            self.push(to);
        }
        self.end_ray();
    }

    /// A straight slide by the board step `(df, dr)`, no rebound.
    const fn slide(&mut self, from: Square, df: i8, dr: i8) {
        self.start_ray();
        let mut cur = from;
        while let Some(next) = cur.offset(df, dr) {
            self.push(next);
            cur = next;
        }
        self.end_ray();
    }

    /// The rook's forward slide, rebounding once at an outer corner other than its start.
    const fn rook_forward(&mut self, from: Square) {
        self.start_ray();
        let (mut df, mut dr) = from.local_step(0, 1);
        let mut cur = from;
        let mut rebounded = false;
        loop {
            if let Some(next) = cur.offset(df, dr) {
                self.push(next);
                cur = next;
            } else if !rebounded && cur.index() != from.index() && cur.is_outer_corner() {
                (df, dr) = cur.local_step(0, 1);
                rebounded = true;
            } else {
                break;
            }
        }
        self.end_ray();
    }

    /// A bishop's forward diagonal `(dx, +1)`, rebounding once off the edge or the hole.
    const fn bishop_forward(&mut self, from: Square, dx: i8) {
        self.start_ray();
        let (mut df, mut dr) = from.local_step(dx, 1);
        let mut cur = from;
        let mut rebounded = false;
        loop {
            if let Some(next) = cur.offset(df, dr) {
                self.push(next);
                cur = next;
            } else if !rebounded && cur.index() != from.index() {
                // The mirror image off the wall: in the rebound square's own frame the
                // sideways part flips when that frame is the start's, and stays otherwise.
                let same_frame = cur.heading() as u8 == from.heading() as u8;
                let dx2 = if same_frame { -dx } else { dx };
                (df, dr) = cur.local_step(dx2, 1);
                rebounded = true;
            } else {
                break;
            }
        }
        self.end_ray();
    }
}

/// The rook's four long sideways slides (RULES.md §4): from b1, a6, f7 and g2, inward along
/// a whole line.
const fn has_long_sideways(sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.rank());
    matches!((f, r), (1, 0) | (0, 5) | (5, 6) | (6, 1))
}

const fn piece_rays(kind: PieceKind, from: Square) -> PieceRays {
    let mut b = RayBuilder::new();
    match kind {
        PieceKind::King => {
            // Neighbours in square-name order, as the reference table lists them.
            let mut df = -1;
            while df <= 1 {
                let mut dr = -1;
                while dr <= 1 {
                    if df != 0 || dr != 0 {
                        b.start_ray();
                        if let Some(to) = from.offset(df, dr) {
                            b.push(to);
                        }
                        b.end_ray();
                    }
                    dr += 1;
                }
                df += 1;
            }
        }
        PieceKind::Pawn => {
            b.step(from, -1, 1);
            b.step(from, 0, 1);
            b.step(from, 1, 1);
        }
        PieceKind::Rook => {
            b.rook_forward(from);
            b.step(from, 1, 0);
            b.step(from, -1, 0);
            b.step(from, 0, -1);
            if has_long_sideways(from) {
                let (df, dr) = from.local_step(1, 0);
                b.slide(from, df, dr);
            }
        }
        PieceKind::Bishop => {
            b.bishop_forward(from, -1);
            b.bishop_forward(from, 1);
            b.step(from, -1, -1);
            b.step(from, 1, -1);
        }
    }
    b.rays
}

/// `RAYS[kind][grid index]`: the rays of a piece of that kind on that square (empty for hole
/// indices).
pub static RAYS: [[PieceRays; GRID]; 4] = {
    let mut t = [[PieceRays::EMPTY; GRID]; 4];
    let mut k = 0;
    while k < 4 {
        let mut i = 0;
        while i < GRID {
            if let Some(sq) = Square::from_index(i as u8) {
                t[k][i] = piece_rays(PieceKind::ALL[k], sq);
            }
            i += 1;
        }
        k += 1;
    }
    t
};

/// Marks an unreachable target in [`BETWEEN`]: every board square, so that no occupancy (which
/// always holds the piece itself) leaves it clear.
pub const UNREACHABLE: u64 = (1 << GRID) - 1;

/// `BETWEEN[kind][from][to]`: the squares a piece of `kind` on `from` must find empty to land
/// on `to`, or [`UNREACHABLE`]. A piece on `from` attacks `to` exactly when
/// `BETWEEN[kind][from][to] & occupied == 0` (the piece itself is always in `occupied`).
pub static BETWEEN: [[[u64; GRID]; GRID]; 4] = {
    let mut t = [[[UNREACHABLE; GRID]; GRID]; 4];
    let mut k = 0;
    while k < 4 {
        let mut from = 0;
        while from < GRID {
            let rays = &RAYS[k][from];
            let mut r = 0;
            while r < rays.count as usize {
                let ray = &rays.rays[r];
                let mut passed = 0u64;
                let mut i = 0;
                while i < ray.len as usize {
                    let to = ray.squares[i] as usize;
                    if ray.landing & (1 << i) != 0 {
                        // Each target is landed on by one ray only, so one mask says it all.
                        assert!(t[k][from][to] == UNREACHABLE);
                        t[k][from][to] = passed;
                    }
                    passed |= 1 << to;
                    i += 1;
                }
                r += 1;
            }
            from += 1;
        }
        k += 1;
    }
    t
};

/// `REACH[kind][from]`: every square a piece of `kind` on `from` could land on, on an empty
/// board.
pub static REACH: [[u64; GRID]; 4] = {
    let mut t = [[0u64; GRID]; 4];
    let mut k = 0;
    while k < 4 {
        let mut from = 0;
        while from < GRID {
            let mut to = 0;
            while to < GRID {
                if BETWEEN[k][from][to] != UNREACHABLE {
                    t[k][from] |= 1 << to;
                }
                to += 1;
            }
            from += 1;
        }
        k += 1;
    }
    t
};

/// The rays of a piece of `kind` standing on `from`.
pub fn rays(kind: PieceKind, from: Square) -> &'static PieceRays {
    &RAYS[kind.index()][from.index()]
}

/// Every square a piece of `kind` on `from` could land on, ignoring other pieces.
pub fn reach(kind: PieceKind, from: Square) -> SquareSet {
    SquareSet(REACH[kind.index()][from.index()])
}

/// The squares a piece of `kind` walks through from `from` to land on `to`, in order, ending
/// with `to` — the real path of a move, rebound included (for drawing it). `None` when no
/// ray of that piece lands on `to`.
pub fn path(kind: PieceKind, from: Square, to: Square) -> Option<Vec<Square>> {
    rays(kind, from).iter().find_map(|ray| {
        let mut walked = Vec::new();
        for (sq, landing) in ray.squares() {
            walked.push(sq);
            if sq == to && landing {
                return Some(walked);
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// The reference table, written out the way `rules/rays.txt` writes it.
    fn describe(kind: PieceKind, from: Square) -> Vec<String> {
        rays(kind, from)
            .iter()
            .map(|ray| {
                ray.squares()
                    .map(|(s, landing)| if landing { s.name() } else { format!("({s})") })
                    .collect::<Vec<_>>()
                    .join(">")
            })
            .collect()
    }

    #[test]
    fn every_ray_matches_the_reference_table() {
        // A copy of `shared/rules/rays.txt`, the reference computed independently.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rays.txt");
        let text = std::fs::read_to_string(path).expect("tests/data/rays.txt");
        let mut lines = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (head, body) = line.split_once(':').expect("`kind square: rays`");
            let (kind, square) = head.split_once(' ').unwrap();
            let kind = match kind {
                "king" => PieceKind::King,
                "rook" => PieceKind::Rook,
                "bishop" => PieceKind::Bishop,
                "pawn" => PieceKind::Pawn,
                other => panic!("unknown kind {other}"),
            };
            let from = sq(square);
            let mut want: Vec<String> = body.split('|').map(|r| r.trim().to_string()).collect();
            let mut got = describe(kind, from);
            want.sort();
            got.sort();
            assert_eq!(got, want, "{head}");
            lines += 1;
        }
        assert_eq!(lines, 160, "one line per kind and square");
    }

    #[test]
    fn paths_follow_rebounds() {
        let names = |v: Vec<Square>| v.iter().map(|s| s.name()).collect::<Vec<_>>().join(" ");
        let p = path(PieceKind::Bishop, sq("d1"), sq("c6")).unwrap();
        assert_eq!(names(p), "c2 b3 a4 b5 c6");
        let p = path(PieceKind::Rook, sq("b1"), sq("b5")).unwrap();
        assert_eq!(names(p), "b2 b3 b4 b5");
        let p = path(PieceKind::Rook, sq("e1"), sq("a3")).unwrap();
        assert_eq!(names(p), "d1 c1 b1 a1 a2 a3");
        assert_eq!(path(PieceKind::Rook, sq("e1"), sq("g7")), None);
    }

    #[test]
    fn between_masks_need_the_path_clear() {
        let b = BETWEEN[PieceKind::Bishop.index()][sq("b7").index()][sq("d7").index()];
        assert_eq!(SquareSet(b).collect::<Vec<_>>(), vec![sq("c6")]);
        let k = PieceKind::King.index();
        assert_eq!(BETWEEN[k][sq("a1").index()][sq("b2").index()], 0);
        assert_eq!(BETWEEN[k][sq("a1").index()][sq("c1").index()], UNREACHABLE);
    }
}
