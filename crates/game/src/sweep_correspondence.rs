//! The sweep's share of correspondence play: forecast answers that a crash or a failed commit
//! left unplayed, and vacations that ran out (their players' opponents are told). Both are
//! safe with several processes: an answer is committed through the game's version guard, and
//! each ended vacation is claimed by exactly one sweep.

use super::actions::forecasts;
use super::i18n::tr;
use super::loaded::Loaded;
use super::players::Players;
use super::present::Voice;
use super::reply::{Notice, Reply};
use super::seat::Seat;
use crate::limits::VACATION_DAYS_PER_YEAR;
use crate::model::{GameId, PlayerId};
use crate::parts::Sweeper;

/// How many items of each kind one sweep handles; the rest wait for the next sweep.
const BATCH: u32 = 100;

impl Sweeper<'_> {
    /// Plays the forecast answers left unplayed and ends the vacations that ran out; returns
    /// the notices to deliver. Failures are logged and tried again by the next sweep.
    pub(crate) async fn sweep_correspondence(self, players: &Players<'_>) -> Vec<Notice> {
        let mut notices = Vec::new();
        match self.service.store().play().forecast_turns(BATCH).await {
            Ok(games) => {
                for id in games {
                    notices.extend(self.forecast_move(players, id).await);
                }
            }
            Err(error) => tracing::error!(%error, "finding unplayed forecasts failed"),
        }
        match self
            .service
            .store()
            .players()
            .claim_vacation_ends(self.service.now(), BATCH)
            .await
        {
            Ok(ended) => {
                for player in ended {
                    notices.extend(self.vacation_over(players, player).await);
                }
            }
            Err(error) => tracing::error!(%error, "claiming the vacations that ran out failed"),
        }
        notices
    }

    /// The forecast answer in game `id`, if one is due: `None` when there is none (the
    /// lines did not match and are dropped) or it failed (logged).
    async fn forecast_move(self, players: &Players<'_>, id: GameId) -> Option<Notice> {
        let lock = self.service.locks().lock(id).await;
        let loaded = match Loaded::load(self.service.store(), players, id).await {
            Ok(Some(loaded)) => loaded,
            Ok(None) => return None,
            Err(refusal) => {
                tracing::error!(game = id.0, error = %refusal, "cannot load a game for its forecast");
                return None;
            }
        };
        let owner = loaded.row().player(loaded.to_move());
        let lang = self
            .service
            .languages()
            .notice_language(players, owner, loaded.row().place.server)
            .await;
        let voice = self.service.voice(lang);
        let mut seat = Seat::of_side_to_move(loaded, lock);
        let san = match forecasts::answer(self.service, voice, &mut seat).await {
            Ok(Some(san)) => san,
            Ok(None) => return None,
            Err(error) => {
                tracing::error!(game = id.0, %error, "a forecast answer failed; the next sweep tries again");
                return None;
            }
        };
        let text = format!(
            "{}\n{}",
            tr!(
                lang,
                "forecast-answered-notice",
                id = id.0,
                player = voice.side(seat.loaded(), seat.color()),
                san = san.as_str()
            ),
            voice.turn_line(seat.loaded())
        );
        Some(self.moved_notice(voice, &seat, text).await)
    }

    /// The notices that `player`'s vacation is over: one in each of their active games, to
    /// the opponent there.
    async fn vacation_over(self, players: &Players<'_>, player: PlayerId) -> Vec<Notice> {
        let games = match self.service.store().games().active_games_of(player).await {
            Ok(games) => games,
            Err(error) => {
                tracing::error!(player = player.0, %error, "cannot tell the opponents that a vacation ended");
                return Vec::new();
            }
        };
        let name = players.name(player).await;
        let year = self.service.now().utc_date().0;
        let used = self
            .service
            .store()
            .players()
            .vacation_days_used(player, year)
            .await
            .unwrap_or(0);
        let mut notices = Vec::new();
        for g in games {
            let Some(color) = g.color_of(player) else {
                continue;
            };
            let opponent = g.player(color.opponent());
            let lang = self
                .service
                .languages()
                .notice_language(players, opponent, g.place.server)
                .await;
            let key = if used >= VACATION_DAYS_PER_YEAR {
                "vacation-exhausted-notice"
            } else {
                "vacation-over-notice"
            };
            let text_in = |voice: Voice<'_>| {
                tr!(
                    voice.lang,
                    key,
                    player = voice.player(player, &name),
                    id = g.id.0,
                    deadline = g.deadline.map(|at| voice.time(at)).unwrap_or_default(),
                    turn = super::present::yes_no(g.to_move == color)
                )
            };
            let text = text_in(self.service.voice(lang));
            let direct = self
                .instead_of_posting(players, g.place, opponent, text_in)
                .await;
            let mut mentions = Vec::new();
            if let Some(o) = opponent
                && players.get_or_log(o).await.is_none_or(|p| p.ping)
            {
                mentions.push(o);
            }
            notices.push(Notice {
                place: g.place,
                reply: Reply {
                    mentions,
                    direct,
                    ..Reply::text(text)
                },
            });
        }
        notices
    }
}
