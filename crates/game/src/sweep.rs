//! The deadline sweep, run on a timer by every front end: challenges that expired, the
//! computer's moves a crash or a failure left unmade, reminders, losses on time, forecasts and
//! vacations ([`sweep_correspondence`](super::sweep_correspondence)), the final
//! standings of tournaments that finished, and the analyses players were told to wait for. Each kind
//! is claimed from the store in one statement that is safe with several processes (each item
//! goes to exactly one); after that, every claimed item is delivered as a notice, or — when even
//! its words cannot be put together — logged on its own, never lost with the others.

use super::actions::computer;
use super::i18n::tr;
use super::loaded::Loaded;
use super::players::Players;
use super::present::{Ping, Voice, yes_no};
use super::reply::{DirectMessage, Notice, Reply};
use super::seat::Seat;
use super::told::Told;
use crate::model::{Place, PlayerId};
use crate::parts::Sweeper;
use crate::store::{Answer, Challenge, DueReminder, Game as StoredGame, Termination, answering};

/// How many due items of each kind one sweep handles; the rest wait for the next sweep.
const SWEEP_BATCH: u32 = 100;

impl Sweeper<'_> {
    /// Handles everything that is due and returns the notices to deliver. Never fails as a
    /// whole: a claim the store refuses is logged (and tried again by the next sweep). The
    /// notices tell every event the sweep wrote (one [`Told`] for all of them): the front end
    /// posts each in its game's place, and reports them delivered once it has.
    pub async fn sweep(self) -> Vec<Notice> {
        let everywhere = Answer {
            channel: None,
            actor: None,
        };
        let (mut notices, told) = answering(everywhere, self.sweep_due()).await;
        let told = Told::shared(told, self.service.store().event_log().deliveries());
        for notice in &mut notices {
            notice.reply.told = told.clone();
        }
        if notices.is_empty() {
            // Nothing to post: what it wrote (an event nobody is told of) needs nothing more.
            told.delivered();
        }
        self.service.feed().prune_events().await;
        notices
    }

    /// [`Sweeper::sweep`]'s work.
    async fn sweep_due(self) -> Vec<Notice> {
        let now = self.service.now();
        let players = Players::new(self.service.store());
        let mut notices = Vec::new();
        match self
            .service
            .store()
            .challenges()
            .expire_challenges(now, SWEEP_BATCH)
            .await
        {
            Ok(expired) => {
                for c in expired {
                    notices.push(self.expired(&players, &c).await);
                }
            }
            Err(error) => {
                self.service.observer().database_error();
                tracing::error!(%error, "claiming expired challenges failed");
            }
        }
        match self
            .service
            .store()
            .play()
            .computer_turns(SWEEP_BATCH)
            .await
        {
            Ok(rows) => {
                for row in rows {
                    notices.extend(self.computer_move(&players, &row).await);
                }
            }
            Err(error) => {
                self.service.observer().database_error();
                tracing::error!(%error, "finding the computer's moves failed");
            }
        }
        match self
            .service
            .store()
            .play()
            .claim_reminders(now, SWEEP_BATCH)
            .await
        {
            Ok(due) => {
                for due in due {
                    notices.extend(self.reminder(&players, &due).await);
                }
            }
            Err(error) => {
                self.service.observer().database_error();
                tracing::error!(%error, "claiming reminders failed");
            }
        }
        match self
            .service
            .store()
            .play()
            .claim_timeouts(now, SWEEP_BATCH)
            .await
        {
            Ok(rows) => {
                for row in rows {
                    notices.push(self.timeout(&players, &row).await);
                }
            }
            Err(error) => {
                self.service.observer().database_error();
                tracing::error!(%error, "claiming time-outs failed");
            }
        }
        notices.extend(self.sweep_correspondence(&players).await);
        self.service.endings().catch_up_ratings().await;
        notices.extend(self.sweep_tournaments().await);
        notices.extend(self.service.commands().deliver_analyses().await);
        notices
    }

    /// The notice of a challenge nobody took in time.
    pub(crate) async fn expired(self, players: &Players<'_>, c: &Challenge) -> Notice {
        let lang = self
            .service
            .languages()
            .notice_language(players, Some(c.challenger), c.place.server)
            .await;
        let name = players.name(c.challenger).await;
        let text = |voice: Voice<'_>| {
            tr!(
                voice.lang,
                "challenge-expired",
                id = c.id.0,
                challenger = voice.player(c.challenger, &name)
            )
        };
        Notice {
            place: c.place,
            reply: Reply {
                direct: self
                    .instead_of_posting(players, c.place, [c.challenger], text)
                    .await,
                ..Reply::text(text(self.service.voice(lang)))
            },
        }
    }

    /// What would be posted in `place`, as a direct message to each of `to` — in their own
    /// language, with a link to the place — when the bot only answers commands there and so
    /// cannot post it; nothing where it posts.
    pub(crate) async fn instead_of_posting(
        self,
        players: &Players<'_>,
        place: Place,
        to: impl IntoIterator<Item = PlayerId>,
        text: impl Fn(Voice<'_>) -> String,
    ) -> Vec<DirectMessage> {
        if place.bot_posts() {
            return Vec::new();
        }
        let mut messages = Vec::new();
        for player in to {
            let lang = self
                .service
                .languages()
                .notice_language(players, Some(player), place.server)
                .await;
            let voice = self.service.voice(lang);
            messages.push(DirectMessage {
                to: player,
                text: format!("{} · {}", text(voice), voice.link(place)),
            });
        }
        messages
    }

    /// The computer's move in a game where it is to move and has not moved (its answer failed,
    /// or the process stopped before it). `None` when there is nothing to do, or the move
    /// failed again (logged; the next sweep tries once more).
    async fn computer_move(self, players: &Players<'_>, row: &StoredGame) -> Option<Notice> {
        let lock = self.service.locks().lock(row.id).await;
        let human = row.white.or(row.black);
        let lang = self
            .service
            .languages()
            .notice_language(players, human, row.place.server)
            .await;
        let loaded = match Loaded::load(self.service.store(), players, row.id).await {
            Ok(Some(loaded)) => loaded,
            Ok(None) => return None,
            Err(refusal) => {
                tracing::error!(game = row.id.0, error = %refusal, "cannot load a game for the computer's move");
                return None;
            }
        };
        if !loaded.computer_to_move() {
            return None;
        }
        let mut seat = Seat::of_side_to_move(loaded, lock);
        let voice = self.service.voice(lang);
        let san = match computer::answer(self.service, voice, &mut seat).await {
            Ok(san) => san,
            Err(error) => {
                tracing::error!(game = row.id.0, %error, "the computer's move failed; the next sweep tries again");
                return None;
            }
        };
        let text = format!(
            "{}\n{}",
            tr!(
                lang,
                "computer-answered-notice",
                id = seat.loaded().id(),
                san = san.as_str()
            ),
            voice.turn_line(seat.loaded())
        );
        Some(self.moved_notice(voice, &seat, text).await)
    }

    /// The notice of a move the sweep played for a side (the computer's, or a forecast's
    /// answer): `text` with the board, pinging the player now to move (their turn notice is
    /// the event log's, `announce::direct`).
    pub(super) async fn moved_notice(
        self,
        voice: Voice<'_>,
        seat: &Seat<'_>,
        text: String,
    ) -> Notice {
        let reply = self
            .service
            .commands()
            .game_reply(voice, seat.loaded(), text, Ping::ToMove, true)
            .await;
        Notice {
            place: seat.loaded().row().place,
            reply,
        }
    }

    /// The reminder of a move coming due; `None` for a side without a player (never claimed),
    /// and for a move whose deadline has already passed (the sweep was down meanwhile): the
    /// time-out, claimed next, is all there is to say.
    pub(crate) async fn reminder(self, players: &Players<'_>, due: &DueReminder) -> Option<Notice> {
        let g = &due.game;
        if g.deadline.is_some_and(|at| at <= self.service.now()) {
            return None;
        }
        let player = g.player(g.to_move)?;
        let lang = self
            .service
            .languages()
            .notice_language(players, Some(player), g.place.server)
            .await;
        let known = players.get_or_log(player).await;
        let name = known
            .as_ref()
            .map_or_else(|| super::players::unknown_name(player), |p| p.name.clone());
        let pings = known.is_none_or(|p| p.ping);
        let voice = self.service.voice(lang);
        Some(Notice {
            place: g.place,
            reply: Reply {
                text: tr!(
                    lang,
                    "reminder",
                    last = yes_no(due.stage >= 2),
                    player = voice.player(player, &name),
                    id = g.id.0,
                    deadline = g.deadline.map(|at| voice.time(at)).unwrap_or_default()
                ),
                mentions: if pings { vec![player] } else { Vec::new() },
                ..Reply::default()
            },
        })
    }

    /// The notice of a loss on time (the claim has already ended the game): with the board,
    /// or — when the game cannot be loaded — the time-out alone, both players pinged.
    async fn timeout(self, players: &Players<'_>, row: &StoredGame) -> Notice {
        self.service.endings().game_over(row).await;
        let loser = row.to_move;
        let lang = self
            .service
            .languages()
            .notice_language(players, row.player(loser), row.place.server)
            .await;
        let voice = self.service.voice(lang);
        let loser_name = match row.player(loser) {
            Some(p) => players.name(p).await,
            None => String::new(),
        };
        // Before both sides moved the game is aborted (a tournament's is lost by forfeit),
        // unrated either way: say so.
        let key = if row.termination == Some(Termination::Abort) {
            "timeout-aborted"
        } else if row.ply < 2 {
            "timeout-forfeit"
        } else {
            "timeout"
        };
        let headline_in = |voice: Voice<'_>| {
            tr!(
                voice.lang,
                key,
                id = row.id.0,
                player = voice.row_side(row, loser, &loser_name)
            )
        };
        let headline = headline_in(voice);
        let mut reply = match Loaded::load(self.service.store(), players, row.id).await {
            Ok(Some(loaded)) => {
                let text = format!("{headline}\n{}", voice.turn_line(&loaded));
                self.service
                    .commands()
                    .game_reply(voice, &loaded, text, Ping::Both, true)
                    .await
            }
            failed => {
                if let Err(refusal) = failed {
                    tracing::error!(game = row.id.0, error = %refusal, "cannot load a game lost on time; telling it without the board");
                }
                Reply {
                    mentions: [row.white, row.black].into_iter().flatten().collect(),
                    ..Reply::text(headline)
                }
            }
        };
        let both = [row.white, row.black].into_iter().flatten();
        reply.direct = self
            .instead_of_posting(players, row.place, both, headline_in)
            .await;
        Notice {
            place: row.place,
            reply,
        }
    }
}
