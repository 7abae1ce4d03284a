//! A game as its web page shows it, read in one go: [`Views::game_view`].

use std::sync::atomic::AtomicBool;

use crate::actions::analysis::{from_stored, pgn_tags, stored_annotations};
use crate::context::Refusal;
use crate::engine::analysis::GameAnalysis;
use crate::i18n::{Lang, tr};
use crate::loaded::{Loaded, Side};
use crate::model::{GameId, Place, PlayerId, Timestamp, TournamentId};
use crate::picks::Mark;
use crate::players::{Players, unknown_name};
use crate::present::Voice;
use crate::present::analysis::{SideSummary, side_summaries};
use crate::present::analysis_graph::{graph_labels, graph_png, graph_svg, plain_side};
use crate::present::board_words::{BoardWords, caption};
use crate::render::{self, BoardView, GifOptions, GifPart, Options};
use crate::rules::{self, Annotation, Color};
use crate::store::{OfferKind, RatingScope};

use super::ViewError;
use crate::parts::Views;

/// The most plies a game's animation shows, on the web and in `export`: a longer game's GIF
/// shows its end (a few tenths of a second of one core and about a megabyte), and its record
/// (PGN) holds the whole game.
pub const GIF_PLIES: usize = 200;

/// Who plays one side, as a page names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideView {
    /// Their name: the player's display name, or the computer with its level, in the page's
    /// language.
    pub name: String,
    /// The player, when a person plays the side (for the link to their page).
    pub player: Option<PlayerId>,
    /// Their rating in the game's server (everywhere for a game in direct messages), rounded;
    /// `None` for the computer and for a player without a rated game yet.
    pub rating: Option<i64>,
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameState {
    /// Being played: `to_move` is to move before `deadline` (none in a game against the
    /// computer's turn).
    Playing {
        /// The side to move.
        to_move: Color,
        /// Whether that side's king is in check.
        check: bool,
        /// When the side to move loses on time.
        deadline: Option<Timestamp>,
    },
    /// Over: how it ended, in the page's language ("alice wins by checkmate"), and the result
    /// (`1-0`, `0-1`, `1/2-1/2`, `*` for an aborted game).
    Over {
        /// How it ended.
        text: String,
        /// The result as a record writes it.
        result: String,
    },
}

/// A draw or takeback waiting for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingOffer {
    /// A draw (`true`) or a takeback (`false`).
    pub draw: bool,
    /// The side that offered it.
    pub by: Color,
}

/// The tournament a game belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRef {
    /// Its number.
    pub id: TournamentId,
    /// Its name, as its organiser wrote it.
    pub name: String,
    /// The game's round.
    pub round: u32,
}

/// A game as its page shows it.
pub struct GameView {
    loaded: Loaded,
    analysis: Option<GameAnalysis>,
    annotations: Vec<Annotation>,
    /// The page's language.
    pub lang: Lang,
    /// White's and Black's side, by [`Color::index`].
    pub sides: [SideView; 2],
    /// Where it stands.
    pub state: GameState,
    /// The offer waiting for an answer, if any.
    pub offer: Option<PendingOffer>,
    /// Its tournament, if it belongs to one.
    pub tournament: Option<TournamentRef>,
    /// Days per move.
    pub days_per_move: u32,
    /// Whether it counts for ratings.
    pub rated: bool,
    /// When it began.
    pub started: Timestamp,
}

impl Views<'_> {
    /// Game `id`'s version (it changes with every write of the game: a move, an offer, the
    /// end), read from its row alone; `None` when there is no such game. A front end keeping a
    /// [`GameView`] a moment compares it with [`GameView::version`] to know the view is still
    /// the game's, without reading and replaying the whole game again.
    pub async fn game_version(self, id: GameId) -> Result<Option<i64>, ViewError> {
        Ok(self
            .service
            .store()
            .games()
            .game(id)
            .await?
            .map(|row| row.version))
    }

    /// Game `id` as its page shows it, in `lang`; `None` when there is no such game.
    pub async fn game_view(self, id: GameId, lang: Lang) -> Result<Option<GameView>, ViewError> {
        let players = Players::new(self.service.store());
        let loaded = match Loaded::load(self.service.store(), &players, id).await {
            Ok(Some(loaded)) => loaded,
            Ok(None) => return Ok(None),
            Err(Refusal::Store(error)) => return Err(error.into()),
            // Loading says no only through the store; a game it could not read is not shown.
            Err(Refusal::No(..)) => return Ok(None),
        };
        let row = loaded.row();
        let scope = row
            .place
            .server
            .map_or(RatingScope::Global, RatingScope::Server);
        let mut sides = Vec::with_capacity(2);
        for color in Color::ALL {
            sides.push(self.side_view(&loaded, color, scope, lang).await?);
        }
        let voice = Voice {
            lang,
            markup: &PageMarkup,
            now: self.service.now(),
        };
        let state = match loaded.game().outcome() {
            Some(outcome) => GameState::Over {
                text: voice.outcome(&loaded, outcome),
                result: outcome.result().to_string(),
            },
            None => GameState::Playing {
                to_move: loaded.to_move(),
                check: loaded.game().position().is_check(),
                deadline: row.deadline,
            },
        };
        let analysis = match self.service.store().games().analysis(id).await? {
            Some(stored) => from_stored(loaded.game(), &stored).ok(),
            None => None,
        };
        let annotations = match &analysis {
            Some(analysis) => analysis.annotations(loaded.game()),
            None => Vec::new(),
        };
        let tournament = self
            .game_tournament(id)
            .await
            .map(|(t, round)| TournamentRef {
                id: t.id,
                name: t.name,
                round,
            });
        Ok(Some(GameView {
            offer: row.offer.map(|o| PendingOffer {
                draw: o.kind == OfferKind::Draw,
                by: o.by,
            }),
            days_per_move: row.days_per_move.get(),
            rated: row.rated,
            started: row.created_at,
            sides: sides.try_into().expect("two sides"),
            state,
            tournament,
            analysis,
            annotations,
            lang,
            loaded,
        }))
    }

    /// Who plays `color`, with their rating in `scope`.
    async fn side_view(
        self,
        loaded: &Loaded,
        color: Color,
        scope: RatingScope,
        lang: Lang,
    ) -> Result<SideView, ViewError> {
        Ok(match loaded.side(color) {
            Side::Player { id, name } => SideView {
                name: name.to_string(),
                player: Some(id),
                rating: self.shown_rating(id, scope).await?,
            },
            Side::Unknown(id) => SideView {
                name: unknown_name(id),
                player: Some(id),
                rating: None,
            },
            Side::Computer(level) => SideView {
                name: tr!(lang, "computer-name", level = level.get()),
                player: None,
                rating: None,
            },
            Side::Nobody(color) => SideView {
                name: color.to_string(),
                player: None,
                rating: None,
            },
        })
    }

    /// `player`'s rating in `scope`, rounded, once they have played a rated game there.
    pub(crate) async fn shown_rating(
        self,
        player: PlayerId,
        scope: RatingScope,
    ) -> Result<Option<i64>, ViewError> {
        let rating = self.service.store().ratings().rating(player, scope).await?;
        Ok((rating.games > 0).then(|| rating.rating.round() as i64))
    }

    /// The game's record as a PGN file (with the engine's annotations once it is analysed).
    pub async fn game_pgn(self, view: &GameView) -> String {
        let notes = stored_annotations(self.service, &view.loaded).await;
        view.loaded
            .game()
            .to_annotated_pgn(&pgn_tags(self.service, &view.loaded).await, &notes)
    }

    /// The place the game is played in: where a command made for it from elsewhere is read
    /// as made (a web page's commands are made at [`Place::WEB`] instead).
    pub fn game_place(view: &GameView) -> Place {
        view.loaded.row().place
    }
}

/// How a page's sentences name players: by name, isolated from the words around it (FSI … PDI),
/// so that a name written right to left, or holding an override, stays inside itself.
struct PageMarkup;

impl crate::present::Markup for PageMarkup {
    fn player(&self, _id: PlayerId, name: &str) -> String {
        isolated(name)
    }

    fn time(&self, at: Timestamp, now: Timestamp, lang: Lang) -> String {
        crate::present::written_time(at, now, lang)
    }

    fn place(&self, place: Place, lang: Lang) -> String {
        crate::present::TextMarkup.place(place, lang)
    }

    fn literal(&self, text: &str) -> String {
        text.to_string()
    }
}

/// `name` between Unicode's first-strong isolate and pop-directional isolate: in any text, its
/// direction stays its own and does not spill over the words around it.
pub fn isolated(name: &str) -> String {
    format!("\u{2068}{name}\u{2069}")
}

impl GameView {
    /// The game's number.
    pub fn id(&self) -> GameId {
        self.loaded.row().id
    }

    /// The game by the rules: its start, moves (SAN), positions and outcome.
    pub fn record(&self) -> &rules::Game {
        self.loaded.game()
    }

    /// The position shown, as a page sends it back with a move ([`Input::MoveAt`](
    /// crate::Input::MoveAt)): the game, the ply and a fingerprint of the position.
    pub fn position_mark(&self) -> String {
        Mark::of(self.id(), self.loaded.game()).written()
    }

    /// The game's version when the view was read (see [`Views::game_version`]).
    pub fn version(&self) -> i64 {
        self.loaded.row().version
    }

    /// The number of moves (plies) played.
    pub fn plies(&self) -> usize {
        self.loaded.game().ply()
    }

    /// The side a player plays, if they play in this game.
    pub fn color_of(&self, player: PlayerId) -> Option<Color> {
        self.loaded.row().color_of(player)
    }

    /// Whether the game is still being played.
    pub fn playing(&self) -> bool {
        matches!(self.state, GameState::Playing { .. })
    }

    /// The engine's marks (`?!`, `?`, `??`) and evaluations by ply, once the game has been
    /// analysed; empty before.
    pub fn annotations(&self) -> &[Annotation] {
        &self.annotations
    }

    /// Whether the engine has analysed the game.
    pub fn analysed(&self) -> bool {
        self.analysis.is_some()
    }

    /// The board after `ply` plies (clamped to the game's length) as the PNG the bot posts:
    /// with the players' names, from `side`'s side. CPU work of a millisecond or two: call it
    /// on a blocking thread.
    pub fn png(&self, ply: usize, side: Color, size: u32) -> Result<Vec<u8>, ViewError> {
        let view = self
            .board_at(ply)
            .with_caption(caption(self.lang, &self.loaded));
        let options = Options {
            size,
            ..Options::from_side(side)
        };
        Ok(render::render_png_in(
            &view,
            &options,
            &BoardWords(self.lang),
        )?)
    }

    /// The board after `ply` plies (clamped to the game's length) as SVG, from `side`'s side,
    /// with the hooks a page's script uses (`data-square`, `data-piece`): the bare board, the
    /// page names the players itself. A fraction of a millisecond: drawn where it is asked.
    pub fn svg(&self, ply: usize, side: Color) -> String {
        render::render_svg_in(
            &self.board_at(ply),
            &Options::from_side(side),
            &BoardWords(self.lang),
        )
    }

    /// The game as an animated GIF (at most 480 pixels wide) of its last `plies` plies at most
    /// (the whole game when it is no longer), given up between two frames once `stop` is set
    /// ([`RenderError::Stopped`](render::RenderError::Stopped)). CPU work of a few
    /// milliseconds a frame, on one thread so that the other cores stay with
    /// the players' moves: call it on a blocking thread.
    pub fn gif(&self, plies: usize, stop: &AtomicBool) -> Result<Vec<u8>, ViewError> {
        let mut options = GifOptions::default();
        options.board.size = options.board.size.min(480);
        let part = GifPart {
            first_ply: self.gif_first_ply(plies),
            stop,
            threads: 1,
        };
        Ok(render::render_gif_part(
            self.loaded.game(),
            &options,
            Some(&caption(self.lang, &self.loaded)),
            &BoardWords(self.lang),
            part,
        )?)
    }

    /// The ply a GIF of the last `plies` plies at most begins with: 0 unless the game is
    /// longer (see [`GIF_PLIES`]).
    pub fn gif_first_ply(&self, plies: usize) -> usize {
        self.plies().saturating_sub(plies)
    }

    /// What the files made of this view (record, pictures) depend on besides their language
    /// and what they ask (ply, side): the game's version (bumped by every move, offer and
    /// ending), the players' names and ratings, the tournament, whether it is analysed. Two
    /// views of one game with the same fingerprint make the same files, so a file can be made
    /// once and kept under it.
    pub fn fingerprint(&self) -> String {
        let sides = self
            .sides
            .iter()
            .map(|s| format!("{:?}/{:?}/{}", s.player, s.rating, s.name))
            .collect::<Vec<_>>()
            .join("|");
        let tournament = self
            .tournament
            .as_ref()
            .map(|t| format!("{}/{}/{}", t.id.0, t.round, t.name));
        format!(
            "{}:{}:{}:{sides}:{tournament:?}",
            self.loaded.row().version,
            self.plies(),
            self.analysed(),
        )
    }

    /// The evaluation graph of an analysed game, as the `analysis` reply shows it; `None`
    /// before the analysis.
    pub fn eval_graph_png(&self) -> Option<Result<Vec<u8>, ViewError>> {
        let analysis = self.analysis.as_ref()?;
        let labels = graph_labels(self.lang, &self.loaded);
        Some(graph_png(self.loaded.game(), analysis, &labels).map_err(ViewError::from))
    }

    /// The evaluation graph of an analysed game for its page: SVG, every position a link to
    /// itself ([`crate::render::eval_graph::eval_graph_svg`]); `None` before the analysis.
    pub fn eval_graph_svg(&self) -> Option<String> {
        let analysis = self.analysis.as_ref()?;
        Some(graph_svg(self.loaded.game(), analysis))
    }

    /// White's and Black's marks and worst moves in words, as the `analysis` answer gives them
    /// (the players by name); empty before the analysis.
    pub fn analysis_sides(&self) -> Vec<SideSummary> {
        let Some(analysis) = &self.analysis else {
            return Vec::new();
        };
        side_summaries(self.lang, self.loaded.game(), analysis, |color| {
            plain_side(self.lang, &self.loaded, color)
        })
    }

    /// What the board shows after `ply` plies (clamped to the game's length): the position,
    /// the move that led there, check, captures, and the result at the end.
    pub fn board_at(&self, ply: usize) -> BoardView {
        let game = self.loaded.game();
        if ply >= game.ply() {
            BoardView::of_game(game)
        } else {
            BoardView::at_ply(game, ply)
        }
    }
}
