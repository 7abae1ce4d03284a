//! Looking at tournaments, which anyone in the server may do: the standings
//! (`tournament [#T]`), the crosstable as a picture (`tournament [#T] table`), and the list of
//! this server's events (`tournaments`). The final announcement reuses the same texts.

use crate::context::{Cx, Res, no};
use crate::i18n::{Lang, tr};
use crate::model::{PlayerId, TournamentId};
use crate::players::Players;
use crate::present::yes_no;
use crate::render::crosstable::{Cell, CrossLegend, CrossRow, Crosstable, render_crosstable};
use crate::reply::{Attachment, Reply};
use crate::rules::Color;
use crate::store::{Tournament, TournamentStatus};
use crate::tournament::standings::{Line, Mark, Standings, place_text, points, quarters};
use crate::tournament::{LISTED, Roster, Want, find, format_line, names, title};

/// How many finished tournaments `tournaments` lists.
const FINISHED_LISTED: u32 = 5;

/// `tournament [#T]`: the standings, or the sign-up list before the start.
pub(crate) async fn standings(cx: &Cx<'_>, id: Option<TournamentId>) -> Res<Reply> {
    let t = find(cx, id, Want::View, "view").await?;
    let roster = Roster::load(cx.store(), t).await?;
    Ok(Reply::text(overview(cx, &roster).await))
}

/// The tournament as its status calls for: who signed up, the standings, or that it was called
/// off.
pub(crate) async fn overview(cx: &Cx<'_>, roster: &Roster) -> String {
    let t = &roster.tournament;
    match t.status {
        TournamentStatus::Open => tr!(
            cx.lang,
            "tournament-signup",
            tournament = title(cx, t),
            format = format_line(cx, t),
            count = t.entrants,
            max = t.max_players,
            players = names(cx, roster.seated()).await,
            organiser = cx.who(t.organiser).await,
            id = t.id.0
        ),
        TournamentStatus::Cancelled => tr!(
            cx.lang,
            "tournament-cancelled-view",
            tournament = title(cx, t)
        ),
        TournamentStatus::Running | TournamentStatus::Finished => {
            standings_text(cx, roster, &roster.standings()).await
        }
    }
}

/// "1. @alice 2½ · played 3, left 0 · SB 3¼ · 2 wins", one line per player, under a title.
pub(crate) async fn standings_text(cx: &Cx<'_>, roster: &Roster, s: &Standings) -> String {
    let t = &roster.tournament;
    let mut text = tr!(
        cx.lang,
        "tournament-standings-title",
        tournament = title(cx, t),
        format = format_line(cx, t),
        over = yes_no(t.status == TournamentStatus::Finished),
        finished = s.finished,
        games = s.games
    );
    for line in &s.lines {
        text.push('\n');
        text.push_str(&standings_line(cx, line).await);
    }
    text.push('\n');
    text.push_str(&tr!(cx.lang, "tournament-tiebreaks"));
    text
}

async fn standings_line(cx: &Cx<'_>, line: &Line) -> String {
    let player = cx.who(line.player).await;
    if line.place.is_none() {
        return tr!(cx.lang, "tournament-line-annulled", player = player);
    }
    let place = format!("{}.", place_text(line.place));
    tr!(
        cx.lang,
        "tournament-line",
        place = place,
        player = player,
        points = points(line.halves),
        played = line.played,
        left = line.left,
        sb = quarters(line.quarters),
        wins = line.wins,
        h2h = line.head_to_head.map_or_else(|| "none".to_string(), points),
        withdrawn = yes_no(line.withdrawn)
    )
}

/// `tournament [#T] table`: the crosstable as a PNG, once the games have begun.
pub(crate) async fn table(cx: &Cx<'_>, id: Option<TournamentId>) -> Res<Reply> {
    let t = find(cx, id, Want::View, "table").await?;
    match t.status {
        TournamentStatus::Open => {
            return Err(no!(
                "tournament-table-not-yet",
                tournament = title(cx, &t),
                id = t.id.0
            ));
        }
        TournamentStatus::Cancelled => {
            return Err(no!("tournament-cancelled-view", tournament = title(cx, &t)));
        }
        TournamentStatus::Running | TournamentStatus::Finished => {}
    }
    let roster = Roster::load(cx.store(), t).await?;
    let s = roster.standings();
    let mut reply = Reply::text(tr!(
        cx.lang,
        "tournament-table-caption",
        tournament = title(cx, &roster.tournament),
        over = yes_no(roster.tournament.status == TournamentStatus::Finished),
        finished = s.finished,
        games = s.games
    ));
    attach_table(cx, &roster, &s, &mut reply).await;
    Ok(reply)
}

/// Adds the crosstable to `reply`; a picture that cannot be drawn is said in words instead.
pub(crate) async fn attach_table(cx: &Cx<'_>, roster: &Roster, s: &Standings, reply: &mut Reply) {
    let view = crosstable(cx.lang, &cx.players, roster, s).await;
    let drawn = tokio::task::spawn_blocking(move || render_crosstable(&view))
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r.map_err(|e| e.to_string()));
    match drawn {
        Ok(png) => {
            reply.image = Some(Attachment {
                filename: format!("tournament-{}.png", roster.tournament.id.0),
                bytes: png,
            });
        }
        Err(error) => {
            tracing::error!(tournament = roster.tournament.id.0, %error, "the crosstable could not be drawn");
            reply.text.push('\n');
            reply
                .text
                .push_str(&tr!(cx.lang, "render-failed", error = error));
        }
    }
}

/// What the crosstable shows: the players in the order of the standings, their results against
/// each other (with the colour each had, for a double round-robin), their points and
/// tie-breaks, each name told apart from the others.
///
/// A web page's table reads it too ([`Views::tournament_view`](crate::Service)), with the
/// games behind its cells ([`Roster::pair_games`], in the same order).
pub(crate) async fn crosstable(
    lang: Lang,
    players: &Players<'_>,
    roster: &Roster,
    s: &Standings,
) -> Crosstable {
    let t = &roster.tournament;
    let order: Vec<_> = s.lines.iter().map(|l| l.player).collect();
    let mut names = Vec::with_capacity(order.len());
    for &player in &order {
        names.push(players.name(player).await);
    }
    let names = distinct_names(&order, names);
    // Each pair's games in round order, as the standings list their marks.
    let colours = |player, opponent| -> Vec<Color> {
        roster
            .pair_games(player, opponent)
            .iter()
            .map(|g| {
                if g.white == player {
                    Color::White
                } else {
                    Color::Black
                }
            })
            .collect()
    };
    let mut rows = Vec::with_capacity(order.len());
    for (line, name) in s.lines.iter().zip(names) {
        let cells = order
            .iter()
            .map(|&opponent| {
                if opponent == line.player {
                    return vec![Cell::Own];
                }
                s.marks(line.player, opponent)
                    .iter()
                    .map(|m| match m {
                        Mark::Win => Cell::Win,
                        Mark::Draw => Cell::Draw,
                        Mark::Loss => Cell::Loss,
                        Mark::ForfeitWin => Cell::ForfeitWin,
                        Mark::ForfeitLoss => Cell::ForfeitLoss,
                        Mark::Pending => Cell::Unplayed,
                    })
                    .collect()
            })
            .collect();
        let annulled = |p| s.lines.iter().any(|l| l.player == p && l.annulled);
        rows.push(CrossRow {
            place: place_text(line.place),
            name,
            colours: order
                .iter()
                .map(|&opponent| {
                    if opponent == line.player {
                        Vec::new()
                    } else {
                        colours(line.player, opponent)
                    }
                })
                .collect(),
            cells,
            struck: order
                .iter()
                .map(|&o| annulled(o) || line.annulled)
                .collect(),
            points: if line.annulled {
                "–".to_string()
            } else {
                points(line.halves)
            },
            tiebreak: if line.annulled {
                String::new()
            } else {
                quarters(line.quarters)
            },
            withdrawn: line.withdrawn,
        });
    }
    Crosstable {
        title: t.name.clone(),
        subtitle: tr!(
            lang,
            "tournament-table-subtitle",
            id = t.id.0,
            over = yes_no(t.status == TournamentStatus::Finished),
            finished = s.finished,
            games = s.games
        ),
        legend: legend(lang),
        points_label: tr!(lang, "tournament-table-points"),
        tiebreak_label: tr!(lang, "tournament-table-sb"),
        rows,
    }
}

/// The crosstable's legend in `lang`.
pub(crate) fn legend(lang: Lang) -> CrossLegend {
    CrossLegend {
        win: tr!(lang, "tournament-table-legend-win"),
        draw: tr!(lang, "tournament-table-legend-draw"),
        loss: tr!(lang, "tournament-table-legend-loss"),
        forfeit: tr!(lang, "tournament-table-legend-forfeit"),
        unplayed: tr!(lang, "tournament-table-legend-unplayed"),
        annulled: tr!(lang, "tournament-table-legend-annulled"),
        colours: tr!(lang, "tournament-table-legend-colours"),
    }
}

/// The players' names, each told apart: two players may go by the same name, and a picture has
/// no mentions to tell them apart, so each name that appears more than once gets the end of its
/// player's number after it — the last four digits, or as many more as the players of that
/// name need to differ ("ann …4821"), not the whole 18-digit snowflake.
fn distinct_names(players: &[PlayerId], names: Vec<String>) -> Vec<String> {
    let tail = |id: u64, digits: usize| {
        let id = id.to_string();
        id[id.len().saturating_sub(digits)..].to_string()
    };
    names
        .iter()
        .zip(players)
        .map(|(name, player)| {
            let namesakes: Vec<u64> = names
                .iter()
                .zip(players)
                .filter(|(other, _)| *other == name)
                .map(|(_, p)| p.0)
                .collect();
            if namesakes.len() < 2 {
                return name.clone();
            }
            // Ids are distinct, so some number of trailing digits (at most all) tells them apart.
            let digits = (4..=20)
                .find(|&d| {
                    let tails: Vec<String> = namesakes.iter().map(|&id| tail(id, d)).collect();
                    tails
                        .iter()
                        .enumerate()
                        .all(|(i, t)| !tails[..i].contains(t))
                })
                .unwrap_or(20);
            let shown = tail(player.0, digits);
            if shown.len() < player.0.to_string().len() {
                format!("{name} …{shown}")
            } else {
                format!("{name} ({shown})")
            }
        })
        .collect()
}

/// `tournaments`: this server's events, open for sign-up, running (the latest of each, and
/// always the asker's own), and the latest finished.
pub(crate) async fn list(cx: &Cx<'_>) -> Res<Reply> {
    let lang = cx.lang;
    let Some(server) = cx.place.server else {
        return Err(no!("tournament-needs-server"));
    };
    // Each status read on its own: no number of cancelled or finished events can push the
    // open and running ones off the list.
    let mut shown = Vec::new();
    for (status, most) in [
        (TournamentStatus::Open, LISTED),
        (TournamentStatus::Running, LISTED),
        (TournamentStatus::Finished, FINISHED_LISTED),
    ] {
        shown.extend(
            cx.store()
                .tournaments()
                .tournaments_in_status(server, status, most)
                .await?,
        );
    }
    // And the asker's own, however many newer ones there are.
    let me = cx.actor.id;
    for status in [TournamentStatus::Open, TournamentStatus::Running] {
        shown.extend(
            cx.store()
                .tournaments()
                .tournaments_joined_by(me, server, status)
                .await?,
        );
        shown.extend(
            cx.store()
                .tournaments()
                .tournaments_organised_by(me, server, status)
                .await?,
        );
    }
    shown.sort_by_key(|t| std::cmp::Reverse(t.id));
    shown.dedup_by_key(|t| t.id);
    if shown.is_empty() {
        return Ok(Reply::private(tr!(lang, "tournaments-none")));
    }
    let mut text = tr!(lang, "tournaments-title");
    for status in [
        TournamentStatus::Open,
        TournamentStatus::Running,
        TournamentStatus::Finished,
    ] {
        let these: Vec<&Tournament> = shown.iter().filter(|t| t.status == status).collect();
        if these.is_empty() {
            continue;
        }
        text.push('\n');
        text.push_str(&tr!(lang, "tournaments-heading", status = status.as_str()));
        for t in these {
            text.push('\n');
            text.push_str(&list_item(cx, t).await?);
        }
    }
    Ok(Reply::text(text))
}

async fn list_item(cx: &Cx<'_>, t: &Tournament) -> Res<String> {
    Ok(match t.status {
        TournamentStatus::Open => tr!(
            cx.lang,
            "tournaments-item-open",
            tournament = title(cx, t),
            count = t.entrants,
            max = t.max_players,
            organiser = cx.who(t.organiser).await,
            format = format_line(cx, t)
        ),
        TournamentStatus::Running => {
            let roster = Roster::load(cx.store(), t.clone()).await?;
            let s = roster.standings();
            tr!(
                cx.lang,
                "tournaments-item-running",
                tournament = title(cx, t),
                count = roster.entrants.len(),
                finished = s.finished,
                games = s.games
            )
        }
        _ => {
            let roster = Roster::load(cx.store(), t.clone()).await?;
            let s = roster.standings();
            tr!(
                cx.lang,
                "tournaments-item-finished",
                tournament = title(cx, t),
                winners = names(cx, s.winners()).await,
                count = s.winners().len()
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::crosstable::{CrossPlan, plan};

    /// A crosstable as a reader of `lang` gets it, of twelve players whose names are 32
    /// characters long and alike in their first 20, one annulled, each pair playing `games`.
    fn table(lang: Lang, games: usize) -> Crosstable {
        let names: Vec<String> = (0..12)
            .map(|i| {
                format!(
                    "Wolfgang_Amadeus_Moz{:0>12}",
                    format!("art_{}", 1756 + i * 7)
                )
            })
            .collect();
        let rows = names
            .iter()
            .enumerate()
            .map(|(r, name)| CrossRow {
                place: (r + 1).to_string(),
                name: name.clone(),
                cells: (0..12)
                    .map(|c| {
                        if c == r {
                            vec![Cell::Own]
                        } else {
                            vec![Cell::Draw; games]
                        }
                    })
                    .collect(),
                colours: (0..12)
                    .map(|c| {
                        if c == r {
                            Vec::new()
                        } else {
                            vec![Color::White, Color::Black]
                        }
                    })
                    .collect(),
                struck: (0..12).map(|c| c == 11 || r == 11).collect(),
                points: "5½".into(),
                tiebreak: "30¼".into(),
                withdrawn: r == 11,
            })
            .collect();
        Crosstable {
            title: "Wolfgang Amadeus Memorial Cup 26".into(),
            subtitle: tr!(
                lang,
                "tournament-table-subtitle",
                id = 12,
                over = "no",
                finished = 60,
                games = 66 * games
            ),
            legend: legend(lang),
            points_label: tr!(lang, "tournament-table-points"),
            tiebreak_label: tr!(lang, "tournament-table-sb"),
            rows,
        }
    }

    /// Whether a text lies whole inside the picture's margins (18 pixels each side).
    fn inside(plan: &CrossPlan, placed: &crate::render::crosstable::Placed) -> bool {
        placed.x >= 17.5 && placed.x + placed.width <= plan.width as f32 - 17.5
    }

    #[test]
    fn every_word_of_the_crosstable_fits_whole_in_every_language() {
        for lang in Lang::ALL {
            for games in [1, 2] {
                let table = table(lang, games);
                let plan = plan(&table);
                assert_eq!(plan.title.text, table.title);
                assert_eq!(plan.subtitle.text, table.subtitle);
                assert!(inside(&plan, &plan.title) && inside(&plan, &plan.subtitle));
                // Every legend entry, whole and in the picture, none squeezed below 12 px.
                let words = legend(lang);
                let mut expected = vec![
                    &words.win,
                    &words.draw,
                    &words.loss,
                    &words.forfeit,
                    &words.unplayed,
                    &words.annulled,
                ];
                if games == 2 {
                    expected.push(&words.colours);
                }
                let shown: Vec<&String> = plan.legend.iter().map(|e| &e.label.text).collect();
                assert_eq!(shown, expected, "{lang:?}");
                for entry in &plan.legend {
                    assert!(inside(&plan, &entry.label), "{lang:?}: {entry:?}");
                    assert!(entry.label.px >= 12.0, "{lang:?}: {entry:?}");
                    assert!(entry.top + 22.0 <= plan.height as f32);
                }
                // And every name whole.
                for (row, lines) in table.rows.iter().zip(&plan.names) {
                    let joined: String = lines.iter().map(|l| l.text.as_str()).collect();
                    assert_eq!(joined, row.name);
                }
            }
        }
    }

    #[test]
    fn players_of_the_same_name_are_told_apart() {
        let players = [PlayerId(7), PlayerId(8), PlayerId(9)];
        let names = distinct_names(&players, vec!["ann".into(), "bo".into(), "ann".into()]);
        assert_eq!(names, ["ann (7)", "bo", "ann (9)"]);
        // Snowflakes are shortened to the digits that tell the namesakes apart.
        let players = [
            PlayerId(301_234_567_890_124_821),
            PlayerId(301_234_567_890_124_821 + 10_000),
            PlayerId(402_000_000_000_000_001),
        ];
        let names = distinct_names(&players, vec!["ann".into(), "ann".into(), "bo".into()]);
        assert_eq!(names, ["ann …24821", "ann …34821", "bo"]);
        let players = [
            PlayerId(111_000_000_000_001_234),
            PlayerId(222_000_000_000_005_678),
        ];
        let names = distinct_names(&players, vec!["zoë".into(), "zoë".into()]);
        assert_eq!(names, ["zoë …1234", "zoë …5678"]);
    }
}
