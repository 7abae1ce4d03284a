//! The site's front page as data, read in one go: [`Views::home_view`] — the newest games
//! being played, the newest finished, and the newest tournaments, a few of each, read down
//! the tables' keys so that the page costs the same however many games the bot holds.

use crate::i18n::{Lang, tr};
use crate::model::{GameId, Timestamp, TournamentId};
use crate::players::Players;
use crate::rules::Color;
use crate::store::{Game, GameResult, GameStatus, TournamentStatus};
use crate::tournament::format_in;

use super::ViewError;
use crate::parts::Views;

/// How many games of each kind (being played, finished) the front page lists.
pub const HOME_GAMES: u32 = 6;
/// How many tournaments the front page lists.
pub const HOME_TOURNAMENTS: u32 = 5;

/// Where one of the front page's games stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeState {
    /// Being played, this side to move.
    ToMove(Color),
    /// Won by this side.
    Won(Color),
    /// Drawn.
    Drawn,
    /// Called off, without a result.
    Aborted,
}

/// One game on the front page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HomeGame {
    /// The game, for the link to its page.
    pub game: GameId,
    /// White's and Black's names (the computer with its level in the page's language), by
    /// [`Color::index`].
    pub names: [String; 2],
    /// Where it stands.
    pub state: HomeState,
    /// Moves played (full moves, as the move list numbers them).
    pub moves: u32,
    /// When it ended; when it began, for a game being played.
    pub date: Timestamp,
}

/// Where one of the front page's tournaments is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeStage {
    /// Open for sign-up.
    Open,
    /// Being played.
    Running,
    /// Over.
    Finished,
}

/// One tournament on the front page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HomeTournament {
    /// Its number, for the link to its page.
    pub id: TournamentId,
    /// Its name, as its organiser wrote it.
    pub name: String,
    /// Where it is.
    pub stage: HomeStage,
    /// Its players (signed up so far, while open).
    pub players: u32,
    /// "a single round-robin, 3 days per move, rated", in the page's language.
    pub format: String,
}

/// The front page's games and tournaments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HomeView {
    /// The page's language.
    pub lang: Lang,
    /// The newest games being played, the newest first.
    pub playing: Vec<HomeGame>,
    /// The newest finished games, the newest first.
    pub finished: Vec<HomeGame>,
    /// The newest tournaments (none called off), the newest first.
    pub tournaments: Vec<HomeTournament>,
}

impl Views<'_> {
    /// The front page's games and tournaments, in `lang`: at most [`HOME_GAMES`] of each kind
    /// of game and [`HOME_TOURNAMENTS`] tournaments.
    pub async fn home_view(self, lang: Lang) -> Result<HomeView, ViewError> {
        let store = self.service.store();
        let players = Players::new(store);
        let mut lines = [Vec::new(), Vec::new()];
        for (status, lines) in [GameStatus::Active, GameStatus::Finished]
            .into_iter()
            .zip(&mut lines)
        {
            for game in store.games().latest_games(status, HOME_GAMES).await? {
                lines.push(home_game(&players, &game, lang).await);
            }
        }
        let [playing, finished] = lines;
        let tournaments = store
            .tournaments()
            .latest_tournaments(HOME_TOURNAMENTS)
            .await?
            .into_iter()
            .filter_map(|t| {
                let stage = match t.status {
                    TournamentStatus::Open => HomeStage::Open,
                    TournamentStatus::Running => HomeStage::Running,
                    TournamentStatus::Finished => HomeStage::Finished,
                    TournamentStatus::Cancelled => return None,
                };
                Some(HomeTournament {
                    id: t.id,
                    format: format_in(lang, &t),
                    name: t.name,
                    stage,
                    players: t.entrants,
                })
            })
            .collect();
        Ok(HomeView {
            lang,
            playing,
            finished,
            tournaments,
        })
    }
}

/// `game` as the front page lists it.
async fn home_game(players: &Players<'_>, game: &Game, lang: Lang) -> HomeGame {
    let mut names = [String::new(), String::new()];
    for color in Color::ALL {
        names[color.index()] = match (game.player(color), game.computer_level) {
            (Some(player), _) => players.name(player).await,
            (None, Some(level)) => tr!(lang, "computer-name", level = level.get()),
            (None, None) => color.to_string(),
        };
    }
    let state = match game.result {
        None => HomeState::ToMove(game.to_move),
        Some(GameResult::WhiteWins) => HomeState::Won(Color::White),
        Some(GameResult::BlackWins) => HomeState::Won(Color::Black),
        Some(GameResult::Draw) => HomeState::Drawn,
        Some(GameResult::NoResult) => HomeState::Aborted,
    };
    HomeGame {
        game: game.id,
        names,
        state,
        moves: game.ply.div_ceil(2),
        date: game
            .finished_at
            .filter(|_| game.result.is_some())
            .unwrap_or(game.created_at),
    }
}
