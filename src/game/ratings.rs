//! Ratings in the service: a finished rated game counted once in its server's list and in the
//! global one, the sweep catching up on games a crash left uncounted, and the `leaderboard` and
//! `stats` commands.
//!
//! What is rated: a challenge between two players, unless it was made `casual`. Games against
//! the computer are never rated, and an aborted game has no result, so it changes no rating.
//! The arithmetic is Glicko-2 ([`super::glicko2`]); the store counts each game at most once
//! ([`Store::apply_ratings`](crate::store::Store::apply_ratings)).

use std::time::Duration;

use super::command::PlayerRef;
use super::glicko2::{Glicko, Score, rate_game};
use super::i18n::Lang;
use super::reply::Reply;
use super::service::{Request, Service};
use crate::rules::{Color, Termination};
use crate::store::{
    Game, GameResult, GameStatus, LeaderboardEntry, Place, PlayerId, PlayerOutcome, Rating,
    RatingScope, RatingUpdate, RecordLine, StoreError, Streak, Timestamp,
};

/// How many players the leaderboard lists.
pub const LEADERBOARD_SIZE: u32 = 10;
/// How many games awaiting their ratings one sweep counts; the rest wait for the next sweep.
const CATCH_UP_BATCH: u32 = 100;
/// How often a game's rating update is computed afresh when another game of one of its players
/// was counted first (each attempt reads the ratings again).
const RATING_ATTEMPTS: u32 = 5;

/// The list a place's games are rated in and its leaderboard shows: the server's, or in a
/// direct message the global one.
fn scope_of(place: Place) -> RatingScope {
    place
        .server
        .map_or(RatingScope::Global, RatingScope::Server)
}

/// A stored rating as Glicko-2 reads it.
fn glicko(rating: &Rating) -> Glicko {
    Glicko {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

/// A rating as it stands at `at`: its deviation grown with the time since its last game.
fn as_of(rating: &Rating, at: Timestamp) -> Glicko {
    if rating.games == 0 {
        return Glicko::NEWCOMER;
    }
    let elapsed = u64::try_from(at.0.saturating_sub(rating.updated_at.0)).unwrap_or(0);
    glicko(rating).after(Duration::from_millis(elapsed))
}

/// The new stored values of `old` after a game.
fn update(old: &Rating, new: Glicko) -> RatingUpdate {
    RatingUpdate {
        player: old.player,
        scope: old.scope,
        expected_games: old.games,
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
    }
}

impl Service {
    /// Counts a game that has just ended in the ratings, if it is rated: called right after the
    /// commit that ended it. Never fails the command that ended the game: a failure is logged,
    /// and the next sweep counts the game (see [`Service::catch_up_ratings`]).
    pub(super) async fn count_in_ratings(&self, game: &Game) {
        if let Err(error) = self.try_count_in_ratings(game).await {
            tracing::error!(game = game.id.0, %error, "rating update failed; the sweep will retry");
        }
    }

    /// Counts the finished rated games that are not in the ratings yet, oldest first: the games
    /// the sweep itself just ended on time, and any a crash left between a game's end and its
    /// rating update. Part of the sweep; a failure is logged and tried again by the next sweep,
    /// so it never costs the sweep's notices.
    pub(super) async fn catch_up_ratings(&self) {
        match self.store().games_awaiting_ratings(CATCH_UP_BATCH).await {
            Ok(games) => {
                for game in games {
                    self.count_in_ratings(&game).await;
                }
            }
            Err(error) => tracing::error!(%error, "finding games awaiting ratings failed"),
        }
    }

    /// Counts one game: both players' ratings in the game's server and globally, computed from
    /// the ratings as they stood when the game ended. Returns whether this call counted it.
    async fn try_count_in_ratings(&self, game: &Game) -> Result<bool, StoreError> {
        if !game.rated || game.status != GameStatus::Finished || game.ratings_applied {
            return Ok(false);
        }
        let at = game.finished_at.unwrap_or_else(|| self.now());
        for _ in 0..RATING_ATTEMPTS {
            let updates = self.rating_updates(game, at).await?;
            match self.store().apply_ratings(game.id, &updates, at).await {
                Ok(()) => return Ok(true),
                Err(StoreError::Conflict) => {
                    // Either the game was counted meanwhile (by another process, or by the
                    // sweep), or another game of one of its players was: then read again.
                    if self
                        .store()
                        .game(game.id)
                        .await?
                        .is_none_or(|g| g.ratings_applied)
                    {
                        return Ok(false);
                    }
                }
                Err(other) => return Err(other),
            }
        }
        Err(StoreError::Conflict)
    }

    /// The rating updates a finished game makes: none for a game without a result (aborted) or
    /// without two players (the computer), which are then only marked as done.
    async fn rating_updates(
        &self,
        game: &Game,
        at: Timestamp,
    ) -> Result<Vec<RatingUpdate>, StoreError> {
        let (Some(white), Some(black)) = (game.white, game.black) else {
            return Ok(Vec::new());
        };
        let white_score = match game.result {
            Some(GameResult::WhiteWins) => Score::Win,
            Some(GameResult::BlackWins) => Score::Loss,
            Some(GameResult::Draw) => Score::Draw,
            Some(GameResult::NoResult) | None => return Ok(Vec::new()),
        };
        let mut scopes = vec![RatingScope::Global];
        if let Some(server) = game.place.server {
            scopes.insert(0, RatingScope::Server(server));
        }
        let mut updates = Vec::with_capacity(4);
        for scope in scopes {
            let w = self.store().rating(white, scope).await?;
            let b = self.store().rating(black, scope).await?;
            let (new_w, new_b) = rate_game(as_of(&w, at), as_of(&b, at), white_score);
            updates.push(update(&w, new_w));
            updates.push(update(&b, new_b));
        }
        Ok(updates)
    }

    /// `leaderboard`: the best players of this server (of all servers in a direct message),
    /// and the asker's own place when they are not among them.
    pub(super) async fn leaderboard(&self, r: &Request, lang: Lang) -> Result<Reply, StoreError> {
        let scope = scope_of(r.place);
        let now = self.now();
        let entries = self.store().leaderboard(scope, LEADERBOARD_SIZE).await?;
        if entries.is_empty() {
            return Ok(Reply::private(texts::empty_leaderboard(lang, scope)));
        }
        let mut lines = Vec::with_capacity(entries.len() + 1);
        let mut place = 1;
        for (i, entry) in entries.iter().enumerate() {
            // Equal ratings share a place: a player's place is one more than the number of
            // players rated above them.
            if i > 0 && entry.rating.rating < entries[i - 1].rating.rating {
                place = i as u32 + 1;
            }
            lines.push(
                self.leaderboard_line(lang, place, entry, r.actor.id, now)
                    .await?,
            );
        }
        if !entries.iter().any(|e| e.rating.player == r.actor.id) {
            let mine = self.store().rating(r.actor.id, scope).await?;
            if mine.games > 0 {
                let place = self.store().rank(&mine).await?;
                let name = match self.store().player(r.actor.id).await? {
                    Some(player) => player.name,
                    None => r.actor.name.clone(),
                };
                let entry = LeaderboardEntry { name, rating: mine };
                lines.push(texts::gap());
                lines.push(
                    self.leaderboard_line(lang, place, &entry, r.actor.id, now)
                        .await?,
                );
            }
        }
        let provisional = entries
            .iter()
            .any(|e| as_of(&e.rating, now).is_provisional());
        Ok(Reply::text(texts::leaderboard(
            lang,
            scope,
            &lines,
            provisional,
        )))
    }

    async fn leaderboard_line(
        &self,
        lang: Lang,
        place: u32,
        entry: &LeaderboardEntry,
        me: PlayerId,
        now: Timestamp,
    ) -> Result<String, StoreError> {
        let record = self
            .store()
            .record(entry.rating.player, entry.rating.scope)
            .await?;
        Ok(texts::leaderboard_line(
            lang,
            place,
            &entry.name,
            as_of(&entry.rating, now),
            entry.rating.games,
            totals(&record, None),
            entry.rating.player == me,
        ))
    }

    /// `stats [@player]`: ratings here and everywhere, the record by colour and by way of
    /// ending, the current streak and the games in progress.
    pub(super) async fn stats(
        &self,
        r: &Request,
        player: Option<&PlayerRef>,
        lang: Lang,
    ) -> Result<Reply, StoreError> {
        let id = match player {
            None => r.actor.id,
            Some(PlayerRef::Id(id)) => PlayerId(*id),
            Some(PlayerRef::Name(name)) => {
                return Ok(Reply::private(texts::unknown_name(lang, name)));
            }
        };
        let Some(known) = self.store().player(id).await? else {
            return Ok(Reply::private(texts::never_played(lang, id)));
        };
        let now = self.now();
        let scope = scope_of(r.place);
        let mut ratings = Vec::with_capacity(2);
        for scope in [scope, RatingScope::Global] {
            if ratings.iter().all(|(s, _): &(RatingScope, _)| *s != scope) {
                let rating = self.store().rating(id, scope).await?;
                let shown = (rating.games > 0).then(|| (as_of(&rating, now), rating.games));
                ratings.push((scope, shown));
            }
        }
        let record = self.store().record(id, scope).await?;
        let streak = self.store().streak(id, scope).await?;
        let active: Vec<i64> = self
            .store()
            .active_games_of(id)
            .await?
            .iter()
            .map(|g| g.id.0)
            .collect();
        Ok(Reply::text(texts::stats(
            lang,
            &known.name,
            scope,
            &ratings,
            &record,
            streak,
            &active,
        )))
    }
}

/// Wins, draws and losses in a record, of one colour or of both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Totals {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

fn totals(record: &[RecordLine], colour: Option<Color>) -> Totals {
    let mut t = Totals::default();
    for line in record
        .iter()
        .filter(|l| colour.is_none_or(|c| l.colour == c))
    {
        match line.outcome {
            PlayerOutcome::Win => t.wins += line.games,
            PlayerOutcome::Draw => t.draws += line.games,
            PlayerOutcome::Loss => t.losses += line.games,
        }
    }
    t
}

/// The games of one outcome counted by way of ending, in [`Termination::ALL`]'s order.
fn by_ending(record: &[RecordLine], outcome: PlayerOutcome) -> Vec<(Termination, u32)> {
    let mut out: Vec<(Termination, u32)> = Vec::new();
    for t in Termination::ALL {
        let games: u32 = record
            .iter()
            .filter(|l| l.outcome == outcome && l.termination == t)
            .map(|l| l.games)
            .sum();
        if games > 0 {
            out.push((t, games));
        }
    }
    out
}

/// The replies' texts, from the `ratings` topic of the translations.
mod texts {
    use super::*;
    use crate::game::i18n::{Lang, tr};

    /// A name as Discord shows it literally: markdown characters escaped.
    fn escape(name: &str) -> String {
        let mut out = String::with_capacity(name.len());
        for c in name.chars() {
            if matches!(
                c,
                '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '#' | '[' | ']'
            ) {
                out.push('\\');
            }
            out.push(c);
        }
        out
    }

    /// The `$scope` of the messages.
    fn scope_word(scope: RatingScope) -> &'static str {
        match scope {
            RatingScope::Server(_) => "server",
            RatingScope::Global => "global",
        }
    }

    fn outcome_word(outcome: PlayerOutcome) -> &'static str {
        match outcome {
            PlayerOutcome::Win => "win",
            PlayerOutcome::Draw => "draw",
            PlayerOutcome::Loss => "loss",
        }
    }

    /// "1662?": the rating rounded, marked when provisional. Rounded half away from zero (1550.5
    /// shows as 1551), not to even as `format!` would.
    fn rating(g: Glicko) -> String {
        format!(
            "{}{}",
            g.rating.round() as i64,
            if g.is_provisional() { "?" } else { "" }
        )
    }

    fn record(lang: Lang, t: Totals) -> String {
        tr!(
            lang,
            "ratings-record",
            wins = t.wins,
            draws = t.draws,
            losses = t.losses
        )
    }

    pub(super) fn empty_leaderboard(lang: Lang, scope: RatingScope) -> String {
        tr!(lang, "leaderboard-empty", scope = scope_word(scope))
    }

    pub(super) fn gap() -> String {
        "…".to_string()
    }

    pub(super) fn leaderboard_line(
        lang: Lang,
        place: u32,
        name: &str,
        g: Glicko,
        games: u32,
        totals: Totals,
        me: bool,
    ) -> String {
        let mut line = tr!(
            lang,
            "leaderboard-line",
            place = place,
            name = escape(name),
            rating = rating(g),
            games = games,
            record = record(lang, totals)
        );
        if me {
            line.push(' ');
            line.push_str(&tr!(lang, "leaderboard-you"));
        }
        line
    }

    pub(super) fn leaderboard(
        lang: Lang,
        scope: RatingScope,
        lines: &[String],
        provisional: bool,
    ) -> String {
        let mut text = tr!(lang, "leaderboard-title", scope = scope_word(scope));
        text.push('\n');
        text.push_str(&lines.join("\n"));
        if provisional {
            text.push('\n');
            text.push_str(&tr!(lang, "leaderboard-provisional"));
        }
        text
    }

    pub(super) fn unknown_name(lang: Lang, name: &str) -> String {
        tr!(lang, "stats-unknown-name", name = name)
    }

    pub(super) fn never_played(lang: Lang, player: PlayerId) -> String {
        tr!(
            lang,
            "stats-never-played",
            player = crate::game::service::mention(player)
        )
    }

    /// The games of one outcome by way of ending: "2 by checkmate, 1 on time".
    fn endings(lang: Lang, record: &[RecordLine], outcome: PlayerOutcome) -> String {
        let list = by_ending(record, outcome);
        if list.is_empty() {
            return tr!(lang, "stats-endings-none", outcome = outcome_word(outcome));
        }
        list.iter()
            .map(|(t, n)| tr!(lang, "stats-ending", count = *n, ending = t.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub(super) fn stats(
        lang: Lang,
        name: &str,
        scope: RatingScope,
        ratings: &[(RatingScope, Option<(Glicko, u32)>)],
        rec: &[RecordLine],
        streak: Option<Streak>,
        active: &[i64],
    ) -> String {
        let mut lines = vec![tr!(
            lang,
            "stats-title",
            name = escape(name),
            scope = scope_word(scope)
        )];
        let shown: Vec<String> = ratings
            .iter()
            .map(|(scope, r)| match r {
                Some((g, games)) => tr!(
                    lang,
                    "stats-rating",
                    rating = rating(*g),
                    deviation = g.deviation.round() as i64,
                    scope = scope_word(*scope),
                    games = *games
                ),
                None => tr!(lang, "stats-unrated", scope = scope_word(*scope)),
            })
            .collect();
        lines.push(tr!(lang, "stats-ratings", ratings = shown.join(" · ")));
        let all = totals(rec, None);
        if all == Totals::default() {
            lines.push(tr!(lang, "stats-no-record"));
        } else {
            lines.push(tr!(
                lang,
                "stats-record",
                wins = all.wins,
                draws = all.draws,
                losses = all.losses
            ));
            lines.push(tr!(
                lang,
                "stats-by-colour",
                white = record(lang, totals(rec, Some(Color::White))),
                black = record(lang, totals(rec, Some(Color::Black)))
            ));
            lines.push(tr!(
                lang,
                "stats-by-ending",
                wins = endings(lang, rec, PlayerOutcome::Win),
                draws = endings(lang, rec, PlayerOutcome::Draw),
                losses = endings(lang, rec, PlayerOutcome::Loss)
            ));
        }
        if let Some(s) = streak {
            lines.push(tr!(
                lang,
                "stats-streak",
                outcome = outcome_word(s.outcome),
                count = s.games
            ));
        }
        if active.is_empty() {
            lines.push(tr!(lang, "stats-active-none"));
        } else {
            let ids: Vec<String> = active.iter().map(|id| format!("#{id}")).collect();
            lines.push(tr!(
                lang,
                "stats-active",
                count = active.len(),
                games = ids.join(", ")
            ));
        }
        lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_store_and_glicko_agree_on_newcomers() {
        let initial = Rating::initial(PlayerId(1), RatingScope::Global);
        assert_eq!(glicko(&initial), Glicko::NEWCOMER);
        assert_eq!(as_of(&initial, Timestamp(i64::MAX)), Glicko::NEWCOMER);
    }

    #[test]
    fn a_shown_rating_widens_with_the_days_since_its_last_game() {
        let rating = Rating {
            player: PlayerId(1),
            scope: RatingScope::Server(5),
            rating: 1700.0,
            deviation: 60.0,
            volatility: 0.06,
            games: 40,
            updated_at: Timestamp(1_000),
        };
        assert_eq!(as_of(&rating, Timestamp(1_000)).deviation, 60.0);
        // Before the last game (a game counted late by the sweep): no shrinking.
        assert_eq!(as_of(&rating, Timestamp(0)).deviation, 60.0);
        let month = as_of(&rating, Timestamp(1_000 + 30 * 86_400_000));
        assert!((month.deviation - 82.82).abs() < 0.01, "{month:?}");
        assert_eq!(month.rating, 1700.0);
    }

    #[test]
    fn names_cannot_format_the_leaderboard() {
        let line = texts::leaderboard_line(
            Lang::En,
            3,
            "*star*_x`",
            Glicko::NEWCOMER,
            1,
            Totals {
                wins: 1,
                draws: 0,
                losses: 0,
            },
            true,
        );
        assert_eq!(
            line,
            r"3. **\*star\*\_x\`** 1500? · 1 game · 1 W, 0 D, 0 L ← you"
        );
    }
}
