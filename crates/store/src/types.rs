//! The values the store reads and writes: ids, times, and one struct per kind of row.

use crate::rules::Color;

use super::{Corruption, InvalidInput, Result, StoreError};
pub use crate::model::{ChallengeId, Days, GameId, Level, Place, PlayerId, Reach, Timestamp};

/// A Discord id (`u64`) as the database stores it: the same 64 bits read as `i64`.
pub fn discord_id_to_db(id: u64) -> i64 {
    i64::from_ne_bytes(id.to_ne_bytes())
}

/// The Discord id (`u64`) behind a stored `i64`: the inverse of [`discord_id_to_db`].
pub fn discord_id_from_db(value: i64) -> u64 {
    u64::from_ne_bytes(value.to_ne_bytes())
}

/// A place's [`Reach`] as its `answers_only` column stores it: 1 where the bot only answers.
pub(super) fn reach_to_db(reach: Reach) -> i64 {
    i64::from(reach == Reach::Answers)
}

/// The [`Reach`] an `answers_only` column stands for.
pub(super) fn reach_from_db(value: i64) -> Reach {
    if value == 0 {
        Reach::Posts
    } else {
        Reach::Answers
    }
}

/// A player's id as a column stores it. A trait because the id is `model`'s, below the store,
/// and only the store knows columns.
pub(crate) trait PlayerIdColumn {
    /// The stored form of this id (see [`discord_id_to_db`]).
    fn to_db(self) -> i64;

    /// The id behind a stored value.
    fn from_db(value: i64) -> Self;
}

impl PlayerIdColumn for PlayerId {
    fn to_db(self) -> i64 {
        discord_id_to_db(self.0)
    }

    fn from_db(value: i64) -> PlayerId {
        PlayerId(discord_id_from_db(value))
    }
}

/// Whether a game is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Moves are being played.
    Active,
    /// The game is over; see its result and termination.
    Finished,
}

/// The result of a finished game, as in a PGN record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: aborted, no result.
    NoResult,
}

/// How a game ended: the rules' own type, stored as its word (`checkmate`, `time`, ...).
pub use crate::rules::Termination;

/// A termination back from its stored word.
pub(crate) fn termination_from_db(text: &str) -> Result<Termination> {
    text.parse().map_err(|_| {
        StoreError::Corrupt(Corruption::Unreadable {
            what: "Termination",
            value: text.to_owned(),
        })
    })
}

/// What a pending offer asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfferKind {
    /// A draw by agreement.
    Draw,
    /// Taking back the last move.
    Takeback,
}

/// A pending offer in a game: what, and by which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Offer {
    /// What is offered.
    pub kind: OfferKind,
    /// The side that made the offer; the other side answers it.
    pub by: Color,
}

/// The challenger's colour wish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourWish {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Drawn by lot when the challenge is accepted.
    Random,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Taken: a game was created.
    Accepted,
    /// Refused by the challenged player.
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    /// Nobody took it in time.
    Expired,
}

/// Glicko-2 ratings are kept per server and over all servers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatingScope {
    /// Every rated game anywhere.
    Global,
    /// The rated games of one Discord server.
    Server(u64),
}

impl RatingScope {
    /// Stored form: the server id bit-cast, 0 for global (Discord never hands out id 0).
    pub(crate) fn to_db(self) -> i64 {
        match self {
            RatingScope::Global => 0,
            RatingScope::Server(id) => discord_id_to_db(id),
        }
    }

    pub(crate) fn from_db(value: i64) -> RatingScope {
        match value {
            0 => RatingScope::Global,
            v => RatingScope::Server(discord_id_from_db(v)),
        }
    }
}

/// Conversions between the enums and their stored text, in one place so the two never drift.
macro_rules! stored_text {
    ($ty:ty { $($variant:path => $text:literal),+ $(,)? }) => {
        impl $ty {
            /// The text stored in the database.
            pub fn as_str(self) -> &'static str {
                match self { $($variant => $text),+ }
            }

            /// Reads the stored text back.
            pub fn parse(text: &str) -> Result<Self> {
                match text {
                    $($text => Ok($variant),)+
                    other => Err(StoreError::Corrupt(Corruption::Unreadable {
                        what: stringify!($ty),
                        value: other.to_owned(),
                    })),
                }
            }
        }
    };
}

stored_text!(GameStatus { GameStatus::Active => "active", GameStatus::Finished => "finished" });
stored_text!(GameResult {
    GameResult::WhiteWins => "1-0",
    GameResult::BlackWins => "0-1",
    GameResult::Draw => "1/2-1/2",
    GameResult::NoResult => "*",
});
stored_text!(OfferKind { OfferKind::Draw => "draw", OfferKind::Takeback => "takeback" });
stored_text!(ColourWish {
    ColourWish::White => "white",
    ColourWish::Black => "black",
    ColourWish::Random => "random",
});
stored_text!(ChallengeStatus {
    ChallengeStatus::Open => "open",
    ChallengeStatus::Accepted => "accepted",
    ChallengeStatus::Declined => "declined",
    ChallengeStatus::Cancelled => "cancelled",
    ChallengeStatus::Expired => "expired",
});

/// Stored text of a colour.
pub(crate) fn color_to_db(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A colour back from its stored text.
pub(crate) fn color_from_db(text: &str) -> Result<Color> {
    match text {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(StoreError::Corrupt(Corruption::Unreadable {
            what: "colour",
            value: other.to_owned(),
        })),
    }
}

/// The side to move named by a FEN's second field (RULES.md §7). The store does not check
/// positions; it only needs to know who loses when the deadline passes.
pub(crate) fn side_to_move(fen: &str) -> Result<Color> {
    match fen.split_whitespace().nth(1) {
        Some("w") => Ok(Color::White),
        Some("b") => Ok(Color::Black),
        _ => Err(StoreError::Invalid(InvalidInput::FenSide(fen.to_owned()))),
    }
}

/// A player and their settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Their Discord id.
    pub id: PlayerId,
    /// The display name last seen, for game records and leaderboards.
    pub name: String,
    /// The language they chose for replies (`en`, `fr`, `es`, `ru`); `None` until they choose,
    /// when their client's or their server's language is used.
    pub language: Option<String>,
    /// Whether to mention them when it is their turn and in reminders.
    pub ping: bool,
    /// Whether to send them a direct message each time it becomes their move and with each
    /// reminder (`settings dm on`); off unless they turn it on.
    pub dm: bool,
    /// Their vacation, while they are away.
    pub vacation: Option<super::Vacation>,
    /// First seen.
    pub created_at: Timestamp,
    /// Last changed.
    pub updated_at: Timestamp,
}

/// When the side to move must have moved, and when to remind them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deadline {
    /// After this the side to move loses on time.
    pub at: Timestamp,
    /// The first reminder (the service puts it at 80% of the allowance).
    pub first_reminder: Option<Timestamp>,
    /// The last reminder, shortly before the deadline.
    pub last_reminder: Option<Timestamp>,
}

impl Deadline {
    /// A deadline without reminders.
    pub fn at(at: Timestamp) -> Deadline {
        Deadline {
            at,
            first_reminder: None,
            last_reminder: None,
        }
    }

    /// Stored form: the next reminder and the one after it, earliest first.
    pub(crate) fn reminder_columns(self) -> (Option<i64>, Option<i64>) {
        match (self.first_reminder, self.last_reminder) {
            (Some(a), Some(b)) => (Some(a.0.min(b.0)), Some(a.0.max(b.0))),
            (Some(a), None) | (None, Some(a)) => (Some(a.0), None),
            (None, None) => (None, None),
        }
    }
}

/// One game: everything but its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Its number.
    pub id: GameId,
    /// Where it is played.
    pub place: Place,
    /// White; `None` when the computer plays White.
    pub white: Option<PlayerId>,
    /// Black; `None` when the computer plays Black.
    pub black: Option<PlayerId>,
    /// Being played, or over.
    pub status: GameStatus,
    /// The result once finished.
    pub result: Option<GameResult>,
    /// How it ended, once finished.
    pub termination: Option<Termination>,
    /// The position it started from.
    pub start_fen: String,
    /// The current position.
    pub fen: String,
    /// The side to move in the current position.
    pub to_move: Color,
    /// Moves played so far.
    pub ply: u32,
    /// Bumped by every change: pass it back to the next write, which fails with
    /// [`StoreError::Conflict`] if the game changed meanwhile.
    pub version: i64,
    /// The time allowed for each move.
    pub days_per_move: Days,
    /// Whether the result counts for ratings.
    pub rated: bool,
    /// When the side to move loses on time; `None` once finished.
    pub deadline: Option<Timestamp>,
    /// When the next reminder is due; `None` when none is left for this move.
    pub remind_at: Option<Timestamp>,
    /// When the reminder after that is due.
    pub final_remind_at: Option<Timestamp>,
    /// Reminders already sent for the current move.
    pub reminder_stage: u32,
    /// The pending draw or takeback offer.
    pub offer: Option<Offer>,
    /// The challenge the game came from.
    pub challenge: Option<ChallengeId>,
    /// The game this one is a rematch of.
    pub rematch_of: Option<GameId>,
    /// Whether a finished rated game's result is already in the ratings.
    pub ratings_applied: bool,
    /// Started.
    pub created_at: Timestamp,
    /// Last changed.
    pub updated_at: Timestamp,
    /// Ended.
    pub finished_at: Option<Timestamp>,
    /// The computer opponent's level, in a game against it (it plays the side without a player).
    pub computer_level: Option<Level>,
}

impl Game {
    /// The player of a side (`None`: the computer).
    pub fn player(&self, color: Color) -> Option<PlayerId> {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The side a player plays, if they play in this game.
    pub fn color_of(&self, player: PlayerId) -> Option<Color> {
        if self.white == Some(player) {
            Some(Color::White)
        } else if self.black == Some(player) {
            Some(Color::Black)
        } else {
            None
        }
    }
}

/// A new game, as [`Play::create_game`](super::Play::create_game) takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Where it is played.
    pub place: Place,
    /// White (`None`: the computer).
    pub white: Option<PlayerId>,
    /// Black (`None`: the computer).
    pub black: Option<PlayerId>,
    /// The starting position; its side-to-move field says who moves first.
    pub start_fen: String,
    /// The time allowed for each move.
    pub days_per_move: Days,
    /// Whether the result counts for ratings.
    pub rated: bool,
    /// The first move's deadline and reminders.
    pub deadline: Deadline,
    /// The game this is a rematch of: at most one rematch per game is created.
    pub rematch_of: Option<GameId>,
    /// The computer opponent's level in a game against it (then exactly one side has no player).
    pub computer_level: Option<Level>,
}

/// One move of a game's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// 1 for the first move of the game.
    pub ply: u32,
    /// Standard algebraic notation, e.g. `Rb7+`.
    pub san: String,
    /// Coordinate form, e.g. `c2-b3`.
    pub coord: String,
    /// The position after the move.
    pub fen_after: String,
    /// The side that moved.
    pub color: Color,
    /// The player who moved (`None`: the computer).
    pub player: Option<PlayerId>,
    /// When it was committed.
    pub played_at: Timestamp,
}

/// A move to commit, as the rules engine wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMove {
    /// Standard algebraic notation.
    pub san: String,
    /// Coordinate form.
    pub coord: String,
    /// The position after the move.
    pub fen_after: String,
}

/// How a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    /// The result.
    pub result: GameResult,
    /// The reason.
    pub termination: Termination,
}

/// What follows a committed move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterMove {
    /// The game goes on with this deadline for the next move.
    Continue(Deadline),
    /// The move ended the game (checkmate, throne, stalemate, repetition).
    End(Ending),
}

/// A game whose reminder was just claimed by this process, to be sent once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueReminder {
    /// The game after the claim.
    pub game: Game,
    /// Which reminder of the current move this is: 1 for the first.
    pub stage: u32,
}

/// A challenge to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its number.
    pub id: ChallengeId,
    /// Who challenges.
    pub challenger: PlayerId,
    /// Who is challenged; `None`: anyone in the channel may accept.
    pub challenged: Option<PlayerId>,
    /// Where it was made (no thread).
    pub place: Place,
    /// The challenger's colour wish.
    pub colour: ColourWish,
    /// The time allowed for each move.
    pub days_per_move: Days,
    /// Whether the game will be rated.
    pub rated: bool,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// Who accepted it.
    pub accepted_by: Option<PlayerId>,
    /// The game it became.
    pub game: Option<GameId>,
    /// Made.
    pub created_at: Timestamp,
    /// Expires unless taken.
    pub expires_at: Timestamp,
    /// Accepted, declined, cancelled or expired.
    pub closed_at: Option<Timestamp>,
    /// The finished game this challenge is a rematch of.
    pub rematch_of: Option<GameId>,
}

/// A new challenge, as [`Challenges::create_challenge`](super::Challenges::create_challenge) takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    /// Who challenges.
    pub challenger: PlayerId,
    /// Who is challenged; `None` for an open challenge.
    pub challenged: Option<PlayerId>,
    /// Where.
    pub place: Place,
    /// The challenger's colour wish.
    pub colour: ColourWish,
    /// The time allowed for each move.
    pub days_per_move: Days,
    /// Whether the game will be rated.
    pub rated: bool,
    /// When it expires unless taken.
    pub expires_at: Timestamp,
    /// The finished game it is a rematch of: at most one such challenge is open per game.
    pub rematch_of: Option<GameId>,
}

/// The game an accepted challenge becomes: the service draws colours and sets the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcceptedGame {
    /// Whether the challenger plays White (the other side is the acceptor).
    pub challenger_color: Color,
    /// The thread the game will be played in, if the front end made one.
    pub thread: Option<u64>,
    /// The starting position.
    pub start_fen: String,
    /// The first move's deadline.
    pub deadline: Deadline,
}

/// A player's Glicko-2 rating in one scope.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Whose.
    pub player: PlayerId,
    /// Which list.
    pub scope: RatingScope,
    /// The rating (Glicko scale, e.g. 1500).
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// The rating volatility.
    pub volatility: f64,
    /// Rated games counted so far.
    pub games: u32,
    /// Last changed.
    pub updated_at: Timestamp,
}

/// A new rating after a game, as the service computed it from the ratings it read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingUpdate {
    /// Whose.
    pub player: PlayerId,
    /// Which list.
    pub scope: RatingScope,
    /// The game count of the rating the update was computed from (0 for a player without one):
    /// if another game was counted meanwhile the update fails with a conflict.
    pub expected_games: u32,
    /// The new rating.
    pub rating: f64,
    /// The new deviation.
    pub deviation: f64,
    /// The new volatility.
    pub volatility: f64,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardEntry {
    /// The player's name.
    pub name: String,
    /// Their rating.
    pub rating: Rating,
}

/// A finished game's result as one of its two players sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerOutcome {
    /// They won.
    Win,
    /// A draw.
    Draw,
    /// They lost.
    Loss,
}

impl PlayerOutcome {
    /// What `result` means for the player of `colour`; `None` for a game without a result.
    pub fn of(result: GameResult, colour: Color) -> Option<PlayerOutcome> {
        Some(match (result, colour) {
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
                PlayerOutcome::Win
            }
            (GameResult::WhiteWins, Color::Black) | (GameResult::BlackWins, Color::White) => {
                PlayerOutcome::Loss
            }
            (GameResult::Draw, _) => PlayerOutcome::Draw,
            (GameResult::NoResult, _) => return None,
        })
    }
}

/// How many rated games a player finished with one colour, one outcome and one way of ending:
/// a player's record is a handful of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RecordLine {
    /// The colour they played.
    pub colour: Color,
    /// How it went for them.
    pub outcome: PlayerOutcome,
    /// How the games ended.
    pub termination: Termination,
    /// How many games.
    pub games: u32,
}

/// A player's current run of equal outcomes in rated games, the newest game first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Streak {
    /// The outcome of their latest rated game.
    pub outcome: PlayerOutcome,
    /// How many games in a row, up to and including the latest, had that outcome.
    pub games: u32,
}

/// Narrows a stored count to `u32`.
pub(crate) fn count_from_db(value: i64, what: &'static str) -> Result<u32> {
    u32::try_from(value).map_err(|_| StoreError::Corrupt(Corruption::OutOfRange { what, value }))
}

/// A stored days-per-move allowance, which must be one a player may choose.
pub(crate) fn days_from_db(value: i64) -> Result<Days> {
    u32::try_from(value)
        .ok()
        .and_then(Days::new)
        .ok_or(StoreError::Corrupt(Corruption::OutOfRange {
            what: "days per move",
            value,
        }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(Timestamp(0).utc_date(), (1970, 1, 1));
        assert_eq!(Timestamp(1_796_000_000_000).utc_date(), (2026, 11, 30));
        assert_eq!(Timestamp(951_782_400_000).utc_date(), (2000, 2, 29));
        assert_eq!(Timestamp(-86_400_000).utc_date(), (1969, 12, 31));
    }

    #[test]
    fn discord_ids_round_trip_through_i64() {
        for id in [0, 1, 80351110224678912, i64::MAX as u64, 1 << 63, u64::MAX] {
            assert_eq!(discord_id_from_db(discord_id_to_db(id)), id);
            assert_eq!(PlayerId::from_db(PlayerId(id).to_db()), PlayerId(id));
        }
        assert_eq!(discord_id_to_db(u64::MAX), -1);
        assert_eq!(discord_id_to_db(42), 42);
    }

    #[test]
    fn enums_round_trip_through_their_text() {
        for t in Termination::ALL {
            assert_eq!(termination_from_db(t.as_str()).unwrap(), t);
        }
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::NoResult,
        ] {
            assert_eq!(GameResult::parse(r.as_str()).unwrap(), r);
        }
        assert_eq!(GameResult::Draw.as_str(), "1/2-1/2");
        assert!(matches!(
            ChallengeStatus::parse("maybe"),
            Err(StoreError::Corrupt(Corruption::Unreadable {
                what: "ChallengeStatus",
                ..
            }))
        ));
        for c in [Color::White, Color::Black] {
            assert_eq!(color_from_db(color_to_db(c)).unwrap(), c);
        }
    }

    #[test]
    fn rating_scopes_round_trip() {
        for s in [
            RatingScope::Global,
            RatingScope::Server(1),
            RatingScope::Server(u64::MAX),
        ] {
            assert_eq!(RatingScope::from_db(s.to_db()), s);
        }
    }

    #[test]
    fn side_to_move_is_read_from_the_fen() {
        let start = "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1";
        assert_eq!(side_to_move(start).unwrap(), Color::White);
        assert_eq!(
            side_to_move("2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 b Kk 3").unwrap(),
            Color::Black
        );
        assert!(matches!(
            side_to_move("nonsense"),
            Err(StoreError::Invalid(InvalidInput::FenSide(_)))
        ));
    }

    #[test]
    fn reminders_are_stored_earliest_first() {
        let d = Deadline {
            at: Timestamp(100),
            first_reminder: Some(Timestamp(90)),
            last_reminder: Some(Timestamp(80)),
        };
        assert_eq!(d.reminder_columns(), (Some(80), Some(90)));
        assert_eq!(Deadline::at(Timestamp(5)).reminder_columns(), (None, None));
        let only_last = Deadline {
            last_reminder: Some(Timestamp(7)),
            ..Deadline::at(Timestamp(9))
        };
        assert_eq!(only_last.reminder_columns(), (Some(7), None));
    }

    #[test]
    fn timestamps_add_days() {
        assert_eq!(Timestamp(0).plus_days(3), Timestamp(3 * 86_400_000));
        assert_eq!(Timestamp(i64::MAX).plus_days(1), Timestamp(i64::MAX));
    }
}
