//! A tournament as its web page shows it, read in one go: [`Views::tournament_view`]. The
//! standings and the crosstable are the bot's own (`tournament` and `tournament table`): the
//! same count, tie-breaks, places and names, with the games behind each cell.

use crate::actions::tournament_views::crosstable;
use crate::i18n::{Lang, tr};
use crate::model::{GameId, PlayerId, TournamentId};
use crate::players::Players;
use crate::render::crosstable::Cell;
use crate::rules::Color;
use crate::store::{GameStatus, TournamentStatus};
use crate::tournament::standings::{place_text, points, quarters};
use crate::tournament::{Roster, format_in};

use super::ViewError;
use crate::parts::Views;

/// A player a page names, with their number for the link to their page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerName {
    /// Their Discord id.
    pub id: PlayerId,
    /// Their name as stored (in a table, told apart from a namesake by the end of their id).
    pub name: String,
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Open for sign-up: `entrants` of at most `max` players so far.
    Open {
        /// Players signed up.
        entrants: u32,
        /// The most it takes.
        max: u32,
    },
    /// Being played. Every game starts at once, so `round` is the earliest round with a game
    /// still being played, of `rounds`.
    Running {
        /// The earliest round not over.
        round: u32,
        /// How many rounds there are.
        rounds: u32,
    },
    /// Every game is over.
    Finished,
    /// Called off before the start.
    Cancelled,
}

/// One line of the standings, as `tournament` writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingLine {
    /// The player.
    pub player: PlayerName,
    /// `1`, `2–3` when shared, `–` when their results are annulled.
    pub place: String,
    /// Points: `2½`.
    pub points: String,
    /// Games over.
    pub played: u32,
    /// Games still being played.
    pub left: u32,
    /// Sonneborn–Berger: `3¼`.
    pub sb: String,
    /// Games won.
    pub wins: u32,
    /// Points against the players level with them, when that tie-break tells them apart.
    pub head_to_head: Option<String>,
    /// Withdrawn by the organiser.
    pub withdrawn: bool,
    /// Withdrawn before half their games: nothing of theirs counts.
    pub annulled: bool,
}

/// One game in a crosstable's cell, for the row's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossGame {
    /// The game, for the link to its page.
    pub game: GameId,
    /// Its result for the row's player ([`Cell::Unplayed`] while it is being played).
    pub result: Cell,
    /// The colour the row's player had.
    pub colour: Color,
    /// Whether it does not count (a withdrawal annulled it).
    pub struck: bool,
}

/// A crosstable's cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CrossCell {
    /// The diagonal: the player against themselves.
    Own,
    /// The games against the column's player, in round order (two in a double round-robin).
    Games(Vec<CrossGame>),
}

/// One row of the crosstable; its columns are the rows' players in the same order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossLine {
    /// The row's player.
    pub player: PlayerName,
    /// Their place, as in the standings.
    pub place: String,
    /// Their games against each player of the table.
    pub cells: Vec<CrossCell>,
    /// Their points (`–` when annulled).
    pub points: String,
    /// Their Sonneborn–Berger (empty when annulled).
    pub tiebreak: String,
    /// Withdrawn by the organiser.
    pub withdrawn: bool,
}

/// A tournament as its page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentView {
    /// Its number.
    pub id: TournamentId,
    /// Its name, as its organiser wrote it.
    pub name: String,
    /// The page's language.
    pub lang: Lang,
    /// Where it is in its life.
    pub stage: Stage,
    /// "a single round-robin, 3 days per move, rated", in the page's language.
    pub format: String,
    /// Who created it.
    pub organiser: PlayerName,
    /// Its players, by seat once started (sign-up order before).
    pub entrants: Vec<PlayerName>,
    /// The standings, best first; empty before the start.
    pub standings: Vec<StandingLine>,
    /// The crosstable, in the order of the standings; empty before the start.
    pub crosstable: Vec<CrossLine>,
    /// Games over.
    pub finished: u32,
    /// All its games.
    pub games: u32,
}

impl Views<'_> {
    /// Tournament `id` as its page shows it, in `lang`; `None` when there is no such
    /// tournament.
    pub async fn tournament_view(
        self,
        id: TournamentId,
        lang: Lang,
    ) -> Result<Option<TournamentView>, ViewError> {
        let Some(t) = self.service.store().tournaments().tournament(id).await? else {
            return Ok(None);
        };
        let roster = Roster::load(self.service.store(), t).await?;
        let players = Players::new(self.service.store());
        let t = &roster.tournament;
        let mut entrants = Vec::with_capacity(roster.entrants.len());
        for player in roster.seated() {
            entrants.push(named(&players, player).await);
        }
        let organiser = named(&players, t.organiser).await;
        let started = matches!(
            t.status,
            TournamentStatus::Running | TournamentStatus::Finished
        );
        let (mut standings, mut table) = (Vec::new(), Vec::new());
        let (mut finished, mut games) = (0, 0);
        if started {
            let s = roster.standings();
            let drawn = crosstable(lang, &players, &roster, &s).await;
            for (line, row) in s.lines.iter().zip(drawn.rows) {
                let player = PlayerName {
                    id: line.player,
                    name: row.name,
                };
                standings.push(StandingLine {
                    player: player.clone(),
                    place: place_text(line.place),
                    points: points(line.halves),
                    played: line.played,
                    left: line.left,
                    sb: quarters(line.quarters),
                    wins: line.wins,
                    head_to_head: line.head_to_head.map(points),
                    withdrawn: line.withdrawn,
                    annulled: line.annulled,
                });
                let cells = s
                    .lines
                    .iter()
                    .zip(row.cells.iter().zip(&row.colours).zip(&row.struck))
                    .map(|(opponent, ((results, colours), &struck))| {
                        if opponent.player == line.player {
                            return CrossCell::Own;
                        }
                        let pair = roster.pair_games(line.player, opponent.player);
                        CrossCell::Games(
                            pair.iter()
                                .zip(results.iter().zip(colours))
                                .map(|(g, (&result, &colour))| CrossGame {
                                    game: g.game,
                                    result,
                                    colour,
                                    struck,
                                })
                                .collect(),
                        )
                    })
                    .collect();
                table.push(CrossLine {
                    player,
                    place: row.place,
                    cells,
                    points: row.points,
                    tiebreak: row.tiebreak,
                    withdrawn: row.withdrawn,
                });
            }
            (finished, games) = (s.finished, s.games);
        }
        let stage = match t.status {
            TournamentStatus::Open => Stage::Open {
                entrants: roster.entrants.len() as u32,
                max: t.max_players,
            },
            TournamentStatus::Running => {
                let rounds = roster.games.iter().map(|g| g.round).max().unwrap_or(0);
                let round = roster
                    .games
                    .iter()
                    .filter(|g| g.status == GameStatus::Active)
                    .map(|g| g.round)
                    .min()
                    .unwrap_or(rounds);
                Stage::Running { round, rounds }
            }
            TournamentStatus::Finished => Stage::Finished,
            TournamentStatus::Cancelled => Stage::Cancelled,
        };
        Ok(Some(TournamentView {
            id: t.id,
            name: t.name.clone(),
            lang,
            stage,
            format: format_in(lang, t),
            organiser,
            entrants,
            standings,
            crosstable: table,
            finished,
            games,
        }))
    }
}

/// `player` with their stored name.
async fn named(players: &Players<'_>, player: PlayerId) -> PlayerName {
    PlayerName {
        id: player,
        name: players.name(player).await,
    }
}

impl TournamentView {
    /// The crosstable's legend in the page's language: what each result means, as under the
    /// bot's picture (`win`, `draw`, …; `colours` matters only in a double round-robin).
    pub fn legend(&self) -> crate::render::crosstable::CrossLegend {
        crate::actions::tournament_views::legend(self.lang)
    }

    /// The tie-breaks, explained in the page's language (as under `tournament`).
    pub fn tiebreaks(&self) -> String {
        tr!(self.lang, "tournament-tiebreaks")
    }

    /// Whether a cell holds more than one game (a double round-robin).
    pub fn double(&self) -> bool {
        self.crosstable.iter().any(|l| {
            l.cells
                .iter()
                .any(|c| matches!(c, CrossCell::Games(g) if g.len() > 1))
        })
    }
}
