//! A player as their web page shows them, read in one go: [`Views::player_view`] — their
//! ratings (everywhere, and in each server they played rated games in), their record as
//! `stats` counts it, their games in progress and their latest finished games.

use crate::actions::standings::totals;
use crate::i18n::{Lang, tr};
use crate::model::{GameId, PlayerId, Timestamp};
use crate::players::Players;
use crate::ratings::as_of;
use crate::rules::Color;
use crate::store::{Game, GameResult, PlayerOutcome, RatingScope};

use super::ViewError;
use crate::parts::Views;

/// How many finished games a player's page lists, the latest first.
pub const FINISHED_SHOWN: u32 = 50;

/// A player's rating in one scope, as `stats` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingLine {
    /// The server it counts the games of, by its place among the player's servers (1 for
    /// the one they played most rated games in, then 2, …), never by its id: a page is
    /// public, and a server may be private. `None` for the rating over every server.
    pub server: Option<u32>,
    /// The rating today, rounded.
    pub rating: i64,
    /// Its deviation today, rounded (it grows while the player does not play).
    pub deviation: i64,
    /// Still provisional (shown with a `?`).
    pub provisional: bool,
    /// Rated games counted.
    pub games: u32,
}

/// Wins, draws and losses in rated games, as `stats` counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// How a finished game ended for the page's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// They won.
    Win,
    /// A draw.
    Draw,
    /// They lost.
    Loss,
    /// Aborted: no result.
    Aborted,
}

/// The other side of one of the player's games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// Their name, or the computer with its level in the page's language.
    pub name: String,
    /// The player, for the link to their page; `None` for the computer.
    pub player: Option<PlayerId>,
}

/// One of the player's games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The game, for the link to its page.
    pub game: GameId,
    /// The colour the player has.
    pub colour: Color,
    /// Who they play.
    pub opponent: Opponent,
    /// How it ended for them; `None` while it is being played.
    pub outcome: Option<Outcome>,
    /// Whether it is their move (in a game being played).
    pub to_move: bool,
    /// Whether it counts for ratings.
    pub rated: bool,
    /// When it ended; when it began, for a game being played.
    pub date: Timestamp,
}

/// A player as their page shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// Their Discord id.
    pub id: PlayerId,
    /// Their name as last seen.
    pub name: String,
    /// The page's language.
    pub lang: Lang,
    /// Their ratings: over every server first, then one per server; empty before their first
    /// rated game.
    pub ratings: Vec<RatingLine>,
    /// Their record in rated games over every server.
    pub record: Record,
    /// Their games being played, oldest first.
    pub playing: Vec<GameLine>,
    /// Their latest finished games (at most [`FINISHED_SHOWN`]), the latest ended first.
    pub finished: Vec<GameLine>,
}

impl Views<'_> {
    /// Player `id` as their page shows them, in `lang`; `None` when the bot has never seen
    /// them.
    pub async fn player_view(
        self,
        id: PlayerId,
        lang: Lang,
    ) -> Result<Option<PlayerView>, ViewError> {
        let store = self.service.store();
        let Some(player) = store.players().player(id).await? else {
            return Ok(None);
        };
        let now = self.service.now();
        let mut rows: Vec<_> = store
            .ratings()
            .ratings_of(id)
            .await?
            .into_iter()
            .filter(|r| r.games > 0)
            .collect();
        // Everywhere first, then the servers by the games played there (their ids only to
        // keep the order the same from one reading to the next; no id leaves this function).
        rows.sort_by_key(|r| match r.scope {
            RatingScope::Global => (0, std::cmp::Reverse(0), 0),
            RatingScope::Server(server) => (1, std::cmp::Reverse(r.games), server),
        });
        let mut servers = 0;
        let ratings = rows
            .iter()
            .map(|r| {
                let g = as_of(r, now);
                RatingLine {
                    server: match r.scope {
                        RatingScope::Global => None,
                        RatingScope::Server(_) => {
                            servers += 1;
                            Some(servers)
                        }
                    },
                    rating: g.rating.round() as i64,
                    deviation: g.deviation.round() as i64,
                    provisional: g.is_provisional(),
                    games: r.games,
                }
            })
            .collect();
        let t = totals(&store.games().record(id, RatingScope::Global).await?, None);
        let players = Players::new(store);
        players.remember(&player);
        let mut playing = Vec::new();
        for game in store.games().active_games_of(id).await? {
            playing.push(line(&players, &game, id, lang).await);
        }
        let mut finished = Vec::new();
        for game in store
            .games()
            .finished_games_of(id, None, FINISHED_SHOWN)
            .await?
        {
            finished.push(line(&players, &game, id, lang).await);
        }
        Ok(Some(PlayerView {
            id,
            name: player.name,
            lang,
            ratings,
            record: Record {
                wins: t.wins,
                draws: t.draws,
                losses: t.losses,
            },
            playing,
            finished,
        }))
    }
}

/// `game` as `me`'s page lists it.
async fn line(players: &Players<'_>, game: &Game, me: PlayerId, lang: Lang) -> GameLine {
    let colour = if game.white == Some(me) {
        Color::White
    } else {
        Color::Black
    };
    let opponent = match game.player(colour.opponent()) {
        Some(other) => Opponent {
            name: players.name(other).await,
            player: Some(other),
        },
        None => Opponent {
            name: match game.computer_level {
                Some(level) => tr!(lang, "computer-name", level = level.get()),
                None => colour.to_string(),
            },
            player: None,
        },
    };
    let outcome = game.result.map(|result| match result {
        GameResult::NoResult => Outcome::Aborted,
        result => match PlayerOutcome::of(result, colour) {
            Some(PlayerOutcome::Win) => Outcome::Win,
            Some(PlayerOutcome::Draw) => Outcome::Draw,
            Some(PlayerOutcome::Loss) => Outcome::Loss,
            None => Outcome::Aborted,
        },
    });
    GameLine {
        game: game.id,
        colour,
        opponent,
        outcome,
        to_move: game.result.is_none() && game.to_move == colour,
        rated: game.rated,
        date: game
            .finished_at
            .filter(|_| game.result.is_some())
            .unwrap_or(game.created_at),
    }
}
