//! What follows the end of a tournament's game: the tournament finishes with its last game
//! (once, whichever process ends it), and the sweep posts the final standings, the crosstable
//! and the winner in the tournament's home channel. A crash between the two steps loses
//! nothing: the sweep finishes a tournament whose games are all over, and claims every
//! finished tournament whose results are still to be posted.

use super::Roster;
use super::standings::Standings;
use crate::actions::tournament_views::{attach_table, standings_text};
use crate::context::Cx;
use crate::i18n::Lang;
use crate::i18n::tr;
use crate::model::GameId;
use crate::parts::{Endings, Sweeper, Views};
use crate::players::Players;
use crate::present::Voice;
use crate::reply::{Notice, Reply};
use crate::request::Actor;
use crate::service::Service;
use crate::store::{Game as StoredGame, Tournament, TournamentStatus};

/// How many tournaments of each kind one sweep handles; the rest wait for the next sweep.
const SWEEP_BATCH: u32 = 20;

impl<'a> Cx<'a> {
    /// What the sweep or the log's consumer says of `t` is said as if by its organiser
    /// (`organiser`), in its home channel, in `lang`.
    pub(crate) fn as_organiser(
        svc: &'a Service,
        organiser: &'a Actor,
        t: &Tournament,
        lang: Lang,
        players: Players<'a>,
    ) -> Cx<'a> {
        Cx {
            svc,
            actor: organiser,
            place: t.place,
            locale: None,
            mentioned: &[],
            lang,
            word: "tournament",
            players,
        }
    }
}

impl Endings<'_> {
    /// Part of [`Endings::game_over`]: a tournament whose last game this was is finished.
    /// Never fails: a failure is logged, and the sweep finishes the tournament instead.
    pub(crate) async fn tournament_game_over(self, game: &StoredGame) {
        let found = match self
            .service
            .store()
            .tournaments()
            .tournament_of_game(game.id)
            .await
        {
            Ok(found) => found,
            Err(error) => {
                tracing::error!(game = game.id.0, %error, "cannot find the game's tournament; the sweep will finish it");
                return;
            }
        };
        if let Some((t, _)) = found
            && t.status == TournamentStatus::Running
            && let Err(error) = self
                .service
                .store()
                .tournaments()
                .finish_tournament_if_done(t.id, self.service.now())
                .await
        {
            tracing::error!(tournament = t.id.0, %error, "cannot finish the tournament; the sweep will");
        }
    }

    /// The final standings of `t`, the crosstable and the winner, in its home channel's
    /// language; its players are pinged (unless they turned pings off). When the standings
    /// cannot be read, the end is told without them.
    pub(crate) async fn announcement(self, t: &Tournament) -> Notice {
        let lang = self
            .service
            .languages()
            .server_language(t.place.server)
            .await;
        let players = Players::new(self.service.store());
        let organiser = Actor {
            id: t.organiser,
            name: players.name(t.organiser).await,
        };
        let cx = Cx::as_organiser(self.service, &organiser, t, lang, players);
        let roster = match Roster::load(self.service.store(), t.clone()).await {
            Ok(roster) => roster,
            Err(error) => {
                tracing::error!(tournament = t.id.0, %error, "cannot read the final standings; announcing the end alone");
                return Notice {
                    place: t.place,
                    reply: Reply::text(tr!(
                        lang,
                        "tournament-final-short",
                        tournament = super::title(&cx, t),
                        id = t.id.0
                    )),
                };
            }
        };
        let s = roster.standings();
        let winners = s.winners();
        let top = s.lines.first();
        let mut text = format!(
            "{}\n{}",
            tr!(
                lang,
                "tournament-final",
                tournament = super::title(&cx, t),
                winners = super::names(&cx, winners.iter().copied()).await,
                count = winners.len(),
                points = top.map_or_else(String::new, |l| super::standings::points(l.halves)),
                // The number that chooses "point" or "points": 1, 2.5 (as "2½" is written).
                score = top.map_or(0.0, |l| f64::from(l.halves) / 2.0),
                by = decided_by(&s)
            ),
            standings_text(&cx, &roster, &s).await
        );
        crate::actions::tournaments::push_page_link(&cx, t, &mut text);
        let mut mentions = Vec::new();
        for e in &roster.entrants {
            if cx.players.get_or_log(e.player).await.is_none_or(|p| p.ping) {
                mentions.push(e.player);
            }
        }
        let mut reply = Reply {
            text,
            mentions,
            ..Reply::default()
        };
        attach_table(&cx, &roster, &s, &mut reply).await;
        Notice {
            place: t.place,
            reply,
        }
    }
}

impl Sweeper<'_> {
    /// The sweep's part: finishes the tournaments a crash left running with every game over,
    /// and returns the announcements of the tournaments that finished.
    pub(crate) async fn sweep_tournaments(self) -> Vec<Notice> {
        let now = self.service.now();
        match self
            .service
            .store()
            .tournaments()
            .running_tournaments_done(SWEEP_BATCH)
            .await
        {
            Ok(done) => {
                for id in done {
                    if let Err(error) = self
                        .service
                        .store()
                        .tournaments()
                        .finish_tournament_if_done(id, now)
                        .await
                    {
                        tracing::error!(tournament = id.0, %error, "cannot finish a tournament");
                    }
                }
            }
            Err(error) => tracing::error!(%error, "finding finished tournaments failed"),
        }
        let mut notices = Vec::new();
        match self
            .service
            .store()
            .tournaments()
            .claim_tournament_announcements(now, SWEEP_BATCH)
            .await
        {
            Ok(claimed) => {
                for t in claimed {
                    notices.push(self.service.endings().announcement(&t).await);
                }
            }
            Err(error) => tracing::error!(%error, "claiming tournament announcements failed"),
        }
        notices
    }
}

impl Views<'_> {
    /// "Tournament #1 **Spring** · round 2", for the header of one of its games; `None` for a
    /// game of no tournament (or when the store cannot say, which only costs the line).
    pub(crate) async fn tournament_header(self, voice: Voice<'_>, game: GameId) -> Option<String> {
        let (t, round) = self.game_tournament(game).await?;
        Some(tr!(
            voice.lang,
            "tournament-game-line",
            id = t.id.0,
            name = voice.markup.literal(&t.name),
            round = round
        ))
    }

    /// What a finished tournament game's reply adds: how far the tournament was when it ended,
    /// or that this was its last game and where the results are posted (said of one game
    /// only, however many ended in the same sweep).
    pub(crate) async fn tournament_note(self, voice: Voice<'_>, game: GameId) -> Option<String> {
        let (t, _) = self.game_tournament(game).await?;
        let games = match self
            .service
            .store()
            .tournaments()
            .tournament_games(t.id)
            .await
        {
            Ok(games) => games,
            Err(error) => {
                tracing::warn!(tournament = t.id.0, %error, "cannot count the tournament's games");
                return None;
            }
        };
        let over = |g: &&crate::store::TournamentGame| g.status != crate::store::GameStatus::Active;
        // Games that end together (a sweep's time-outs) are over in the order of their end,
        // then of their number: so exactly one of them is the last, and each says how many
        // were over with it.
        let ended = |g: &crate::store::TournamentGame| (g.finished_at, g.game);
        let finished = match games.iter().find(|g| g.game == game).filter(over) {
            Some(this) => games
                .iter()
                .filter(over)
                .filter(|g| ended(g) <= ended(this))
                .count(),
            None => games.iter().filter(over).count(),
        };
        let name = voice.markup.literal(&t.name);
        Some(if finished == games.len() {
            tr!(
                voice.lang,
                "tournament-game-last",
                id = t.id.0,
                name = name,
                channel = voice.place(t.place)
            )
        } else {
            tr!(
                voice.lang,
                "tournament-game-counts",
                id = t.id.0,
                name = name,
                finished = finished,
                games = games.len()
            )
        })
    }

    /// The tournament of a game and the game's round; `None` for none, or when the store
    /// cannot say (logged).
    pub(crate) async fn game_tournament(self, game: GameId) -> Option<(Tournament, u32)> {
        match self
            .service
            .store()
            .tournaments()
            .tournament_of_game(game)
            .await
        {
            Ok(found) => found,
            Err(error) => {
                tracing::warn!(game = game.0, %error, "cannot look up the game's tournament");
                None
            }
        }
    }
}

/// What put the leader ahead of the next player: nothing (more points), or the first
/// tie-break that told them apart (`sb`, `wins`, `h2h`); `none` when they share first place.
fn decided_by(s: &Standings) -> &'static str {
    match (s.lines.first(), s.lines.get(1)) {
        (Some(a), Some(b)) if b.place.is_some() && a.place != b.place && a.halves == b.halves => {
            if a.quarters != b.quarters {
                "sb"
            } else if a.wins != b.wins {
                "wins"
            } else {
                "h2h"
            }
        }
        _ => "none",
    }
}
