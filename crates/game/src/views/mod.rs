//! What the web pages show, as data: the front page's latest games and tournaments
//! ([`HomeView`]); a game with its players, ratings, record, state and
//! analysis ([`GameView`]); its pictures and record (board PNG and SVG at any ply, the GIF, the
//! PGN); a tournament's standings and crosstable ([`TournamentView`]); a player's ratings,
//! record and games ([`PlayerView`]). A front end that draws pages (the `web` crate) reads these and writes the HTML; the
//! words that are the game's (a result, whose move it is) come in the reader's language.

mod game;
mod home;
mod player;
mod tournament;

pub use crate::present::analysis::SideSummary;
pub use game::{GIF_PLIES, GameState, GameView, PendingOffer, SideView, TournamentRef, isolated};
pub use home::{
    HOME_GAMES, HOME_TOURNAMENTS, HomeGame, HomeStage, HomeState, HomeTournament, HomeView,
};
pub use player::{FINISHED_SHOWN, GameLine, Opponent, Outcome, PlayerView, RatingLine, Record};
pub use tournament::{
    CrossCell, CrossGame, CrossLine, PlayerName, Stage, StandingLine, TournamentView,
};

use crate::store::StoreError;

/// Why a page's data could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ViewError {
    /// The database failed.
    #[error("the database failed: {0}")]
    Store(#[from] StoreError),
    /// A picture could not be drawn.
    #[error("the picture could not be drawn: {0}")]
    Render(#[from] crate::render::RenderError),
    /// The drawing task stopped before it finished (the process is shutting down).
    #[error("the picture could not be drawn: {0}")]
    Task(#[from] tokio::task::JoinError),
}
