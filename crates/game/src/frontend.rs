//! What front ends ask of the service besides commands: the moves to offer as a player types
//! one, and who plays a new game and the board its own place (Discord's thread) opens with;
//! what the place is called and the words it opens with are the front end's.

use super::actions::viewing;
use super::context::{Cx, Refusal};
use super::i18n::{Lang, tr};
use super::loaded::Loaded;
use super::lookup;
use super::players::Players;
use super::reply::Reply;
use super::request::Actor;
use crate::failure::DatabaseFailure;
use crate::model::{GameId, Place, PlayerId};
use crate::parts::{Commands, Views};
use crate::rules::{self, Color};
use crate::store::{Corruption, Game as StoredGame, GameStatus, Missing, StoreError};

/// Who plays a game, for a front end's name of the game's place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameHeading {
    /// The game.
    pub game: GameId,
    /// The language of the server it is played in.
    pub lang: Lang,
    /// White's name (the computer's, with its level, in `lang`).
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The tournament's name, for a tournament's game.
    pub tournament: Option<String>,
}

impl Views<'_> {
    /// Game `id`, or else the actor's only game here; `None` when there is none, the store
    /// cannot say (a completion is never worth an error), or the actor is over their allowance
    /// of completions (counted first, before the store is asked).
    async fn game_meant(
        self,
        actor: PlayerId,
        place: Place,
        id: Option<GameId>,
    ) -> Option<StoredGame> {
        if !self.completion_admitted(actor) {
            return None;
        }
        match id {
            Some(id) => self.service.store().games().game(id).await.ok().flatten(),
            None => lookup::my_only_game_here(self.service.store(), actor, place)
                .await
                .ok()
                .flatten(),
        }
    }

    /// The legal moves (SAN) of the actor's game here, or of game `id`, when it is their turn:
    /// what a front end offers to complete as they type a move. Empty when there is no such
    /// game, it is not their move, the store cannot say, or the player is over their allowance
    /// of completions ([`RateLimit::completions`](super::RateLimit::completions)).
    pub async fn legal_moves_for(
        self,
        actor: PlayerId,
        place: Place,
        id: Option<GameId>,
    ) -> Vec<String> {
        let Some(row) = self.game_meant(actor, place, id).await else {
            return Vec::new();
        };
        if row.status != GameStatus::Active || row.color_of(actor) != Some(row.to_move) {
            return Vec::new();
        }
        match Loaded::load(
            self.service.store(),
            &Players::new(self.service.store()),
            row.id,
        )
        .await
        {
            Ok(Some(loaded)) => rules::legal_sans(loaded.game().position())
                .into_iter()
                .map(|(_, san)| san)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// What a forecast being typed may go on with: the line typed so far (its complete moves
    /// must be playable from the position, the opponent to move) with each move legal after it
    /// that starts like its last, unfinished word. Empty when `actor` has no game to give a
    /// forecast in, what is typed cannot be played, or they are over their allowance of
    /// completions.
    pub async fn forecast_completions(
        self,
        actor: PlayerId,
        place: Place,
        id: Option<GameId>,
        typed: &str,
    ) -> Vec<String> {
        let Some(row) = self.game_meant(actor, place, id).await else {
            return Vec::new();
        };
        let mine = row.color_of(actor);
        if row.status != GameStatus::Active || mine.is_none() || mine == Some(row.to_move) {
            return Vec::new();
        }
        let Ok(Some(loaded)) = Loaded::load(
            self.service.store(),
            &Players::new(self.service.store()),
            row.id,
        )
        .await
        else {
            return Vec::new();
        };
        // Only the line being typed (after the last `;`) is completed.
        let (before, line) = typed.rsplit_once(';').map_or(("", typed), |(b, l)| (b, l));
        let ends_in_space = line.ends_with(char::is_whitespace) || line.is_empty();
        let mut words: Vec<&str> = line.split_whitespace().collect();
        let partial = if ends_in_space {
            ""
        } else {
            words.pop().unwrap_or("")
        };
        let mut game = loaded.game().clone();
        for word in &words {
            if game.play_input(word).is_err() {
                return Vec::new();
            }
        }
        let partial = partial.to_lowercase();
        let head = match before {
            "" => String::new(),
            b => format!("{};", b.trim_end()),
        };
        rules::legal_sans(game.position())
            .into_iter()
            .map(|(_, san)| san)
            .filter(|san| san.to_lowercase().starts_with(&partial))
            .map(|san| {
                let mut line: Vec<&str> = words.clone();
                line.push(&san);
                match head.as_str() {
                    "" => line.join(" "),
                    head => format!("{head} {}", line.join(" ")),
                }
            })
            .collect()
    }

    /// Who plays game `game`, and in which tournament, in the language of the server it is
    /// played in: what a front end names the game's own place by (Discord's thread).
    pub async fn game_heading(self, game: GameId) -> Result<GameHeading, DatabaseFailure> {
        let row = self.game_row(game).await?;
        let lang = self
            .service
            .languages()
            .server_language(row.place.server)
            .await;
        let players = Players::new(self.service.store());
        let mut names = [String::new(), String::new()];
        for color in Color::ALL {
            names[color.index()] = match (row.player(color), row.computer_level) {
                (Some(p), _) => players.name(p).await,
                (None, Some(level)) => tr!(lang, "computer-name", level = level.get()),
                (None, None) => "?".to_string(),
            };
        }
        let [white, black] = names;
        let tournament = self
            .service
            .store()
            .tournaments()
            .tournament_of_game(game)
            .await?
            .map(|(t, _)| t.name);
        Ok(GameHeading {
            game,
            lang,
            white,
            black,
            tournament,
        })
    }

    /// The board a new game's own place (`place`, Discord's thread) opens with, in the
    /// server's language, as its players see it, with the game's buttons: public, naming both
    /// players in `mentions` (a front end pings them there, which adds them to the thread).
    pub async fn opening_board(self, game: GameId, place: Place) -> Result<Reply, DatabaseFailure> {
        let row = self.game_row(game).await?;
        let lang = self
            .service
            .languages()
            .server_language(row.place.server)
            .await;
        let players = Players::new(self.service.store());
        let in_game: Vec<PlayerId> = [row.white, row.black].into_iter().flatten().collect();
        let Some(&first) = in_game.first() else {
            return Err(StoreError::Corrupt(Corruption::NoPlayer(game)).into());
        };
        let asker = Actor {
            id: first,
            name: players.name(first).await,
        };
        let cx = Cx {
            svc: self.service,
            actor: &asker,
            place,
            locale: None,
            mentioned: &[],
            lang,
            word: "board",
            players,
        };
        let mut message = match viewing::board(&cx, Some(game)).await {
            Ok(reply) => reply,
            Err(Refusal::Store(e)) => return Err(e.into()),
            Err(Refusal::No(_, said)) => Reply::text(said.text(lang)),
        };
        message.private = false;
        message.mentions = in_game;
        message.lang = Some(lang);
        Ok(message)
    }

    /// A game's stored row; not found is an error here, where the front end named the game.
    async fn game_row(self, game: GameId) -> Result<StoredGame, StoreError> {
        self.service
            .store()
            .games()
            .game(game)
            .await?
            .ok_or_else(|| StoreError::NotFound(Missing::Game(game)))
    }
}

impl Commands<'_> {
    /// Records the thread a front end opened for a new game: from then on commands and bare
    /// moves typed in the thread find the game.
    pub async fn attach_thread(self, game: GameId, thread: u64) -> Result<(), DatabaseFailure> {
        self.service
            .store()
            .play()
            .set_thread(game, thread, self.service.now())
            .await?;
        Ok(())
    }
}
