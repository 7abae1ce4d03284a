//! A whole game: the start, the moves, repetition over the history, the outcome, and the
//! PGN-style record (RULES.md §6 and §9).

use super::fen::{FenError, START_FEN};
use super::notation::{MoveError, read_move, san};
use super::outcome::{Outcome, Termination};
use super::position::{Move, Position};
use super::square::{Color, Piece};

/// Why a move could not be played in a [`Game`]. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The move was unreadable, illegal or ambiguous.
    #[error(transparent)]
    Move(#[from] MoveError),
}

/// Why a stored game could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The start position's FEN is bad.
    #[error("bad start position: {0}")]
    Fen(#[from] FenError),
    /// A move of the record cannot be played.
    #[error("move {number} (`{text}`): {error}")]
    Move {
        /// Its number in the record, from 1.
        number: usize,
        /// The move as recorded.
        text: String,
        /// Why it cannot be played.
        error: PlayError,
    },
}

/// A game from its start position through its moves, knowing its outcome.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    sans: Vec<String>,
    position: Position,
    /// Zobrist keys of every position so far, the start included: the repetition record.
    keys: Vec<u64>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard start.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from any legal position (a position already decided is already over).
    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
            sans: Vec::new(),
            position: start,
            keys: vec![start.zobrist()],
            outcome: start.outcome(),
        }
    }

    /// A game from a FEN.
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Ok(Game::from_position(Position::from_fen(fen)?))
    }

    /// Replays a recorded game: the start FEN (`None` for the standard start) and its moves in
    /// any notation the reader accepts.
    pub fn replay<S: AsRef<str>>(
        start_fen: Option<&str>,
        moves: &[S],
    ) -> Result<Game, ReplayError> {
        let mut game = match start_fen {
            Some(fen) => Game::from_fen(fen)?,
            None => Game::new(),
        };
        for (i, text) in moves.iter().enumerate() {
            game.play_input(text.as_ref())
                .map_err(|error| ReplayError::Move {
                    number: i + 1,
                    text: text.as_ref().to_string(),
                    error,
                })?;
        }
        Ok(game)
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// True when the game started from the standard position.
    pub fn is_standard_start(&self) -> bool {
        self.start.to_fen() == START_FEN
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played so far, in SAN.
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// How many half-moves have been played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// How many moves have been played, as players count them: a move is White's and Black's
    /// answer, one move number of the record (48 half-moves from the start are 24 moves; a
    /// record that opens with Black's move counts it as one).
    pub fn move_count(&self) -> usize {
        let plies = self.moves.len();
        if plies == 0 {
            return 0;
        }
        let black_first = usize::from(self.start.side_to_move() == Color::Black);
        (plies + black_first).div_ceil(2)
    }

    /// The result, once the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Every position of the game, the start first, the current one last.
    pub fn positions(&self) -> Vec<Position> {
        let mut all = Vec::with_capacity(self.moves.len() + 1);
        let mut position = self.start;
        all.push(position);
        for &mv in &self.moves {
            position.play_unchecked(mv);
            all.push(position);
        }
        all
    }

    /// The pieces taken so far, in the order they were taken (each as it stood when taken).
    pub fn captured(&self) -> Vec<Piece> {
        let mut taken = Vec::new();
        let mut position = self.start;
        for &mv in &self.moves {
            if let Some(piece) = position.piece_at(mv.to) {
                taken.push(piece);
            }
            position.play_unchecked(mv);
        }
        taken
    }

    /// Plays a legal move and updates the outcome; a refused move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        if !self.position.is_legal(mv) {
            let text = super::notation::coordinate(&self.position, mv);
            return Err(read_move(&self.position, &text)
                .err()
                .unwrap_or(MoveError::Unreadable { input: text })
                .into());
        }
        let san = san(&self.position, mv);
        self.position.play_unchecked(mv);
        self.moves.push(mv);
        self.sans.push(san);
        let key = self.position.zobrist();
        self.keys.push(key);
        self.outcome = self.position.outcome().or_else(|| {
            let seen = self.keys.iter().filter(|&&k| k == key).count();
            (seen >= 3).then_some(Outcome::draw(Termination::Repetition))
        });
        Ok(())
    }

    /// Reads what a player typed (see [`read_move`]) and plays it.
    pub fn play_input(&mut self, input: &str) -> Result<Move, PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        let mv = read_move(&self.position, input)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Ends the game off the board: resignation, agreement, time or abort. Returns false (and
    /// changes nothing) when the game had already ended.
    pub fn end(&mut self, outcome: Outcome) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        self.outcome = Some(outcome);
        true
    }

    /// Takes the last move back (for an agreed takeback), reopening the game. Returns the move
    /// taken back, or `None` if no move was played.
    pub fn take_back(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let mut replayed = Game::from_position(self.start);
        for &m in &self.moves {
            replayed.play(m).expect("moves of a game stay legal");
        }
        *self = replayed;
        Some(mv)
    }

    /// The PGN-style record (RULES.md §9).
    pub fn to_pgn(&self, tags: &PgnTags) -> String {
        self.to_annotated_pgn(tags, &[])
    }

    /// [`Game::to_pgn`] with each move's [`Annotation`] (by ply: `notes[0]` is the first move's;
    /// moves past the end of `notes` have none): its suffix right after the SAN (`Rxe2??`), its
    /// comment after it in braces (`{ [%eval -3.20] }`).
    pub fn to_annotated_pgn(&self, tags: &PgnTags, notes: &[Annotation]) -> String {
        let result = self.outcome.map_or("*", Outcome::result);
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            // A control character (a newline in a player's name) would end the tag's line:
            // it is left out, as PGN allows no such character in a string.
            let value: String = value.chars().filter(|c| !c.is_control()).collect();
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        };
        // The Seven Tag Roster first, in its order, then the others.
        tag("Event", &tags.event);
        tag("Site", &tags.site);
        tag("Date", &tags.date);
        tag("Round", &tags.round);
        tag("White", &tags.white);
        tag("Black", &tags.black);
        tag("Result", result);
        tag("Variant", "Rollerball");
        if let Some(time_control) = &tags.time_control {
            tag("TimeControl", time_control);
        }
        tag(
            "Termination",
            self.outcome.map_or("unterminated", |o| o.termination.pgn()),
        );
        if !self.is_standard_start() {
            tag("FEN", &self.start.to_fen());
        }
        out.push('\n');

        let mut tokens = Vec::with_capacity(self.sans.len() * 3 / 2 + 1);
        let mut number = self.start.fullmove();
        let mut side = self.start.side_to_move();
        let mut commented = false;
        for (i, san) in self.sans.iter().enumerate() {
            match side {
                Color::White => tokens.push(format!("{number}.")),
                // After a comment, a Black move says its number again, as PGN writers do.
                Color::Black if i == 0 || commented => tokens.push(format!("{number}...")),
                Color::Black => {}
            }
            commented = false;
            match notes.get(i) {
                Some(note) => {
                    tokens.push(format!("{san}{}", note.suffix));
                    if !note.comment.is_empty() {
                        tokens.push(format!("{{ {} }}", note.comment.replace('}', ")")));
                        commented = true;
                    }
                }
                None => tokens.push(san.clone()),
            }
            if side == Color::Black {
                number += 1;
            }
            side = side.opponent();
        }
        // How it ended, which the standard's `Termination` does not say (`normal` is a mate or
        // a throne, a resignation or an agreement); a mate shows in its move already.
        if let Some(outcome) = self.outcome
            && !self.sans.last().is_some_and(|san| san.ends_with('#'))
        {
            tokens.push(format!("{{ {} }}", outcome.sentence()));
        }
        tokens.push(result.to_string());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}

/// What a record says about one move besides the move: a judgement suffix (`?!`, `?`, `??`, or
/// empty) and a comment (such as `[%eval 0.35]`, or empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    /// Written right after the move's SAN.
    pub suffix: &'static str,
    /// Written after the move in braces; none when empty.
    pub comment: String,
}

/// The tag pairs of a game record that the game itself does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnTags {
    /// The event (`Rollerball correspondence game #12`).
    pub event: String,
    /// Where it was played.
    pub site: String,
    /// `YYYY.MM.DD`, or `????.??.??` when unknown.
    pub date: String,
    /// The round of a tournament game (`2`), or `-` when it belongs to none.
    pub round: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The `TimeControl` tag, if there is one: `1/259200` for correspondence at 3 days a move
    /// (one move per so many seconds, as correspondence sites write it).
    pub time_control: Option<String>,
}

impl Default for PgnTags {
    fn default() -> PgnTags {
        PgnTags {
            event: "Casual game".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "-".into(),
            white: "?".into(),
            black: "?".into(),
            time_control: None,
        }
    }
}
