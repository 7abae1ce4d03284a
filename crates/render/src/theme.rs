//! Colour themes for the board image.

/// An sRGB colour without alpha: the form every [`Theme`] colour takes.
pub type Rgb = [u8; 3];

/// Every colour the board image uses. Build your own or start from a preset
/// ([`Theme::WOOD`], the default, or [`Theme::SLATE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Theme {
    /// Light squares (d1 and d7 are light).
    pub light: Rgb,
    /// Dark squares (a1 is dark).
    pub dark: Rgb,
    /// The frame around the board that carries the coordinates.
    pub frame: Rgb,
    /// File letters and rank numbers on the frame.
    pub coordinates: Rgb,
    /// The 3×3 hole in the middle of the board.
    pub hole: Rgb,
    /// Main text in the hole (move number, whose turn).
    pub hole_text: Rgb,
    /// Secondary text in the hole (labels, the travel hint).
    pub hole_muted: Rgb,
    /// Tint laid over the two squares of the last move.
    pub last_move: Rgb,
    /// Opacity of the last-move tint, in hundredths.
    pub last_move_alpha: u8,
    /// The arrow that shows a rebounding slide's real path.
    pub arrow: Rgb,
    /// A key moment's arrow of the move that was played.
    pub played_arrow: Rgb,
    /// A key moment's arrow of the engine's better move.
    pub better_arrow: Rgb,
    /// A key moment's arrow of the opponent's answer to the move played: the first move of
    /// the line that refutes it.
    pub answer_arrow: Rgb,
    /// The red glow under a king in check.
    pub check: Rgb,
    /// Dots and rings on the squares a piece can go to.
    pub target: Rgb,
    /// The small bend arrows that show where forward turns.
    pub bend_arrow: Rgb,
    /// Body of the white pieces.
    pub white_piece: Rgb,
    /// Lines of the white pieces.
    pub white_piece_line: Rgb,
    /// Body of the black pieces.
    pub black_piece: Rgb,
    /// Inner detail lines of the black pieces.
    pub black_piece_line: Rgb,
    /// The thin halo that keeps black pieces legible on dark squares.
    pub black_piece_halo: Rgb,
}

impl Theme {
    /// Warm wood, in the colours chess players know from lichess's default board.
    pub const WOOD: Theme = Theme {
        light: [240, 217, 181],
        dark: [181, 136, 99],
        frame: [61, 46, 36],
        coordinates: [226, 204, 170],
        hole: [44, 34, 28],
        hole_text: [244, 232, 212],
        hole_muted: [160, 138, 112],
        last_move: [170, 200, 40],
        last_move_alpha: 50,
        arrow: [24, 130, 60],
        played_arrow: [214, 52, 32],
        better_arrow: [28, 104, 214],
        answer_arrow: [146, 52, 186],
        check: [230, 0, 0],
        target: [30, 90, 40],
        bend_arrow: [96, 64, 40],
        white_piece: [255, 255, 255],
        white_piece_line: [24, 24, 24],
        black_piece: [30, 30, 30],
        black_piece_line: [210, 210, 210],
        black_piece_halo: [255, 255, 255],
    };

    /// Cool blue-grey, calmer on dark Discord themes.
    pub const SLATE: Theme = Theme {
        light: [222, 227, 230],
        dark: [140, 162, 173],
        frame: [40, 48, 58],
        coordinates: [200, 212, 222],
        hole: [28, 33, 40],
        hole_text: [236, 240, 244],
        hole_muted: [130, 146, 160],
        last_move: [155, 199, 0],
        last_move_alpha: 45,
        arrow: [24, 110, 160],
        played_arrow: [214, 52, 32],
        better_arrow: [20, 150, 80],
        answer_arrow: [146, 52, 186],
        check: [230, 0, 0],
        target: [20, 60, 90],
        bend_arrow: [70, 92, 108],
        white_piece: [255, 255, 255],
        white_piece_line: [24, 24, 24],
        black_piece: [30, 30, 30],
        black_piece_line: [210, 210, 210],
        black_piece_halo: [255, 255, 255],
    };

    /// A preset by name (`wood` or `slate`), for command lines and settings.
    pub fn by_name(name: &str) -> Option<Theme> {
        match name.to_ascii_lowercase().as_str() {
            "wood" => Some(Theme::WOOD),
            "slate" => Some(Theme::SLATE),
            _ => None,
        }
    }

    /// The names [`Theme::by_name`] accepts.
    pub const NAMES: [&'static str; 2] = ["wood", "slate"];
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::WOOD
    }
}
