//! A game as the service works on it: one value holding the rules' game replayed from the
//! record, the stored row (its version, and what the rules do not know: the players, the
//! deadline, the offers) and the two players as the store knows them. Everything outside this
//! module reads it; only its [`seat`] writes it, keeping the game and the row in step on every
//! committed change.

pub(crate) mod seat;

use super::context::{Refusal, Res};
use super::players::Players;
use crate::model::{GameId, Level, PlayerId};
use crate::rules::{self, Color, Outcome};
use crate::store::{
    Corruption, Game as StoredGame, GameResult, GameStatus, Player, Store, StoreError, StoredMove,
};

/// A loaded game.
pub(crate) struct Loaded {
    /// The stored row, as of the last write.
    row: StoredGame,
    /// The game replayed from its stored moves (and ended as stored, for endings the moves do
    /// not show: resignation, agreement, time).
    game: rules::Game,
    /// White's and Black's player, by [`Color::index`]; `None` for the computer (or a player
    /// the store could not find, who is then named by number and pinged).
    players: [Option<Player>; 2],
}

/// Who plays a side, for the texts.
pub(crate) enum Side<'a> {
    /// A player, and their name as stored.
    Player { id: PlayerId, name: &'a str },
    /// A player the store does not know.
    Unknown(PlayerId),
    /// The computer, at its level.
    Computer(Level),
    /// Nobody (a game is always played by someone: said plainly should one be stored so).
    Nobody(Color),
}

impl Loaded {
    /// Game `id` from the store, replayed; `None` when there is no such game. The players are
    /// looked up through `players`; a failed look-up only costs their names.
    pub(crate) async fn load(
        store: &Store,
        players: &Players<'_>,
        id: GameId,
    ) -> Res<Option<Loaded>> {
        let Some((row, moves)) = store.games().game_with_moves(id).await? else {
            return Ok(None);
        };
        Loaded::from_stored(players, row, &moves).await.map(Some)
    }

    /// A game from its stored row and moves (one read of the store's, [`Games::game_with_moves`](crate::store::Games::game_with_moves)),
    /// replayed. The players are looked up through `players`.
    pub(crate) async fn from_stored(
        players: &Players<'_>,
        row: StoredGame,
        moves: &[StoredMove],
    ) -> Res<Loaded> {
        let id = row.id;
        let coords: Vec<&str> = moves.iter().map(|m| m.coord.as_str()).collect();
        let start = (row.start_fen != rules::START_FEN).then_some(row.start_fen.as_str());
        let mut game = rules::Game::replay(start, &coords).map_err(|error| {
            Refusal::Store(StoreError::Corrupt(Corruption::Replay { game: id, error }))
        })?;
        if row.status == GameStatus::Finished
            && game.outcome().is_none()
            && let Some(termination) = row.termination
        {
            let winner = match row.result {
                Some(GameResult::WhiteWins) => Some(Color::White),
                Some(GameResult::BlackWins) => Some(Color::Black),
                _ => None,
            };
            game.end(Outcome {
                winner,
                termination,
            });
        }
        let mut sides = [None, None];
        for color in Color::ALL {
            if let Some(player) = row.player(color) {
                sides[color.index()] = players.get_or_log(player).await;
            }
        }
        Ok(Loaded {
            row,
            game,
            players: sides,
        })
    }

    /// A game just created as `row`, at the start position, played by `players` (by
    /// [`Color::index`]).
    pub(crate) fn fresh(row: StoredGame, players: [Option<Player>; 2]) -> Loaded {
        Loaded {
            row,
            game: rules::Game::new(),
            players,
        }
    }

    /// The stored row, as of the last write.
    pub(crate) fn row(&self) -> &StoredGame {
        &self.row
    }

    /// The game by the rules: its position, record and outcome.
    pub(crate) fn game(&self) -> &rules::Game {
        &self.game
    }

    /// White's and Black's player, by [`Color::index`]; `None` for the computer (or a player
    /// the store could not find).
    pub(crate) fn players(&self) -> &[Option<Player>; 2] {
        &self.players
    }

    /// The side to move, by the rules' position (which the row's copy always matches).
    pub(crate) fn to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    /// The game's number, as the texts show it (`Game #{ $id }`).
    pub(crate) fn id(&self) -> i64 {
        self.row.id.0
    }

    /// True when the computer plays the side to move of a game still going.
    pub(crate) fn computer_to_move(&self) -> bool {
        self.row.computer_level.is_some()
            && self.row.player(self.to_move()).is_none()
            && self.game.outcome().is_none()
    }

    /// Who plays `color`.
    pub(crate) fn side(&self, color: Color) -> Side<'_> {
        match (
            self.row.player(color),
            &self.players[color.index()],
            self.row.computer_level,
        ) {
            (Some(id), Some(player), _) => Side::Player {
                id,
                name: &player.name,
            },
            (Some(id), None, _) => Side::Unknown(id),
            (None, _, Some(level)) => Side::Computer(level),
            (None, _, None) => Side::Nobody(color),
        }
    }

    /// The player of `color`, if they may be pinged (they have not turned pings off).
    pub(crate) fn pingable(&self, color: Color) -> Option<PlayerId> {
        let id = self.row.player(color)?;
        self.players[color.index()]
            .as_ref()
            .is_none_or(|p| p.ping)
            .then_some(id)
    }
}
