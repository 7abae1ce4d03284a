//! `leaderboard` and `stats`: the best rated players of a server (or of all servers), and one
//! player's ratings and record. Names are shown through the front end's markup as written, so
//! a name cannot format the list.

use crate::command::PlayerRef;
use crate::context::Cx;
use crate::glicko2::Glicko;
use crate::model::{PlayerId, Timestamp};
use crate::ratings::{LEADERBOARD_SIZE, as_of, scope_of};
use crate::reply::Reply;
use crate::rules::{Color, Termination};
use crate::store::{LeaderboardEntry, PlayerOutcome, RatingScope, RecordLine, StoreError, Streak};

/// `leaderboard`: the best players of this server (of all servers in a direct message),
/// and the asker's own place when they are not among them.
pub(crate) async fn leaderboard(cx: &Cx<'_>) -> Result<Reply, StoreError> {
    let lang = cx.lang;
    let scope = scope_of(cx.place);
    let now = cx.now();
    let entries = cx
        .store()
        .ratings()
        .leaderboard(scope, LEADERBOARD_SIZE)
        .await?;
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
        lines.push(leaderboard_line(cx, place, entry, cx.actor.id, now).await?);
    }
    if !entries.iter().any(|e| e.rating.player == cx.actor.id) {
        let mine = cx.store().ratings().rating(cx.actor.id, scope).await?;
        if mine.games > 0 {
            let place = cx.store().ratings().rank(&mine).await?;
            let name = match cx.store().players().player(cx.actor.id).await? {
                Some(player) => player.name,
                None => cx.actor.name.clone(),
            };
            let entry = LeaderboardEntry { name, rating: mine };
            lines.push(texts::gap());
            lines.push(leaderboard_line(cx, place, &entry, cx.actor.id, now).await?);
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
    cx: &Cx<'_>,
    place: u32,
    entry: &LeaderboardEntry,
    me: PlayerId,
    now: Timestamp,
) -> Result<String, StoreError> {
    let record = cx
        .store()
        .games()
        .record(entry.rating.player, entry.rating.scope)
        .await?;
    Ok(texts::leaderboard_line(
        cx.lang,
        place,
        &cx.voice().markup.literal(&entry.name),
        as_of(&entry.rating, now),
        entry.rating.games,
        totals(&record, None),
        entry.rating.player == me,
    ))
}

/// `stats [@player]`: ratings here and everywhere, the record by colour and by way of
/// ending, the current streak and the games in progress.
pub(crate) async fn stats(cx: &Cx<'_>, player: Option<&PlayerRef>) -> Result<Reply, StoreError> {
    let lang = cx.lang;
    let id = match player {
        None => cx.actor.id,
        Some(PlayerRef::Id(id)) => PlayerId(*id),
        Some(PlayerRef::Name(name)) => {
            return Ok(Reply::private(texts::unknown_name(lang, name)));
        }
    };
    let Some(known) = cx.players.get(id).await? else {
        let who = cx.who(id).await;
        return Ok(Reply::private(texts::never_played(lang, &who)));
    };
    let now = cx.now();
    let scope = scope_of(cx.place);
    let mut ratings = Vec::with_capacity(2);
    for scope in [scope, RatingScope::Global] {
        if ratings.iter().all(|(s, _): &(RatingScope, _)| *s != scope) {
            let rating = cx.store().ratings().rating(id, scope).await?;
            let shown = (rating.games > 0).then(|| (as_of(&rating, now), rating.games));
            ratings.push((scope, shown));
        }
    }
    let record = cx.store().games().record(id, scope).await?;
    let streak = cx.store().games().streak(id, scope).await?;
    let active: Vec<i64> = cx
        .store()
        .games()
        .active_games_of(id)
        .await?
        .iter()
        .map(|g| g.id.0)
        .collect();
    Ok(Reply::text(texts::stats(
        lang,
        &cx.voice().markup.literal(&known.name),
        scope,
        &ratings,
        &record,
        streak,
        &active,
    )))
}

/// Wins, draws and losses in a record, of one colour or of both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// The wins, draws and losses of `record`, of `colour` or of both: what `stats` and the
/// leaderboard count, and a player's web page shows.
pub(crate) fn totals(record: &[RecordLine], colour: Option<Color>) -> Totals {
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
    use crate::i18n::{Lang, tr};

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
            name = name,
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

    pub(super) fn never_played(lang: Lang, player: &str) -> String {
        tr!(lang, "stats-never-played", player = player)
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
            name = name,
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
