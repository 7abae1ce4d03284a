//! Running a tournament: `tournament create`, `join`, `leave`, `start`, `cancel` and
//! `withdraw`. Every refusal comes before any write; the guarded writes in the store settle
//! races (the last seat, a second start), and a write that loses one is explained from the row
//! as it then stands.

use crate::command::{MAX_PLAYERS, MIN_PLAYERS, MaxPlayers, PlayerRef, TournamentName};
use crate::context::{Cx, Refusal, Res, no};
use crate::deadlines;
use crate::i18n::tr;
use crate::limits;
use crate::model::{Days, PlayerId, TournamentId};
use crate::present::button;
use crate::reply::{ButtonAction, ButtonStyle, Reply};
use crate::rules;
use crate::store::{
    Cap, CapReached, NewTournament, StoreError, Tournament, TournamentDraw, TournamentStatus,
};
use crate::tournament::berger::{draw_seats, pairings};
use crate::tournament::{Roster, Want, find, format_line, names, title};

use super::vacation;

/// How often a start is tried afresh when the sign-up list changed while it was being drawn.
const START_ATTEMPTS: u32 = 3;

/// The refusal for a tournament that is no longer open for what `action` wants.
fn not_open(cx: &Cx<'_>, t: &Tournament) -> Refusal {
    let key = match t.status {
        TournamentStatus::Open => "tournament-changed",
        TournamentStatus::Running => "tournament-started-already",
        TournamentStatus::Finished => "tournament-over-already",
        TournamentStatus::Cancelled => "tournament-cancelled-already",
    };
    no!(NotAllowed, key, tournament = title(cx, t))
}

/// The refusal for someone who is not `t`'s organiser.
async fn not_organiser(cx: &Cx<'_>, t: &Tournament, action: &str) -> Refusal {
    no!(
        "tournament-not-organiser",
        organiser = cx.who(t.organiser).await,
        tournament = title(cx, t),
        action = action.to_string()
    )
}

/// The Join button under a tournament open for sign-up.
fn join_button(cx: &Cx<'_>, id: TournamentId) -> crate::reply::Button {
    button(
        tr!(cx.lang, "button-tournament-join"),
        ButtonAction::JoinTournament(id),
        ButtonStyle::Success,
    )
}

/// `tournament create NAME [days N] [double] [casual] [max N]`: refused when the asker already
/// organises [`OPEN_TOURNAMENTS_MAX`](limits::OPEN_TOURNAMENTS_MAX) tournaments that have not
/// started (the store checks it again as it writes), or when an event in progress in this
/// server has the name.
pub(crate) async fn create(
    cx: &Cx<'_>,
    name: &TournamentName,
    days: Days,
    double: bool,
    rated: bool,
    max: Option<MaxPlayers>,
) -> Res<Reply> {
    let lang = cx.lang;
    let Some(server) = cx.place.server else {
        return Err(no!("tournament-needs-server"));
    };
    // Its games' threads, reminders and final standings are posted in the server by the bot.
    if !cx.place.bot_posts() {
        return Err(no!("tournament-needs-bot"));
    }
    let store = cx.store();
    let me = cx.actor.id;
    let organised = store.tournaments().open_tournaments_of(me).await?;
    if organised >= limits::OPEN_TOURNAMENTS_MAX {
        return Err(limits::cap_refusal(
            cx,
            CapReached {
                player: me,
                cap: Cap::OpenTournaments,
                max: limits::OPEN_TOURNAMENTS_MAX,
                count: organised,
            },
        )
        .await);
    }
    // The name of an event in progress here (open or running) stays its own, however many
    // tournaments the server has seen since.
    let wanted = name.as_str().to_lowercase();
    let mut live = store
        .tournaments()
        .tournaments_in_status(server, TournamentStatus::Open, u32::MAX)
        .await?;
    live.extend(
        store
            .tournaments()
            .tournaments_in_status(server, TournamentStatus::Running, u32::MAX)
            .await?,
    );
    let taken = live.into_iter().find(|t| t.name.to_lowercase() == wanted);
    if let Some(t) = taken {
        return Err(no!("tournament-name-taken", tournament = title(cx, &t)));
    }
    let now = cx.now();
    cx.players.remember(
        &store
            .players()
            .upsert_player(me, &cx.actor.name, now)
            .await?,
    );
    let t = store
        .tournaments()
        .create_tournament(
            &NewTournament {
                name: name.as_str().to_string(),
                server,
                // A tournament created in a thread lives in the thread's channel.
                channel: cx.place.channel,
                organiser: me,
                double,
                rated,
                days_per_move: days,
                max_players: max.map_or(MAX_PLAYERS, MaxPlayers::get),
            },
            now,
        )
        .await?;
    let text = tr!(
        lang,
        "tournament-created",
        organiser = cx.me(),
        tournament = title(cx, &t),
        format = format_line(cx, &t),
        id = t.id.0,
        min = MIN_PLAYERS,
        max = t.max_players
    );
    Ok(Reply {
        text,
        buttons: vec![join_button(cx, t.id)],
        ..Reply::default()
    })
}

/// `tournament join [#T]`.
pub(crate) async fn join(cx: &Cx<'_>, id: Option<TournamentId>) -> Res<Reply> {
    let t = find(cx, id, Want::Join, "join").await?;
    let me = cx.actor.id;
    let store = cx.store();
    let roster = Roster::load(store, t).await?;
    let t = &roster.tournament;
    if t.status != TournamentStatus::Open {
        return Err(not_open(cx, t));
    }
    if roster.has(me) {
        return Err(no!("tournament-already-joined", tournament = title(cx, t)));
    }
    if t.entrants >= t.max_players {
        return Err(full(cx, t));
    }
    // A tournament's games start at once whoever is at the cap of games in progress (see
    // `start`), so a player already there does not sign up for more.
    limits::check_room(cx, me, false).await?;
    let now = cx.now();
    cx.players.remember(
        &store
            .players()
            .upsert_player(me, &cx.actor.name, now)
            .await?,
    );
    let joined = match store.tournaments().join_tournament(t.id, me, now).await {
        Ok(joined) => joined,
        Err(StoreError::Conflict) => {
            // Someone took the last seat, or the organiser started it, meanwhile.
            let now_is = store
                .tournaments()
                .tournament(t.id)
                .await?
                .unwrap_or_else(|| t.clone());
            if now_is.status == TournamentStatus::Open && now_is.entrants >= now_is.max_players {
                return Err(full(cx, &now_is));
            }
            if store
                .tournaments()
                .entrants(t.id)
                .await?
                .iter()
                .any(|e| e.player == me)
            {
                return Err(no!(
                    "tournament-already-joined",
                    tournament = title(cx, &now_is)
                ));
            }
            return Err(not_open(cx, &now_is));
        }
        Err(other) => return Err(other.into()),
    };
    let players = store
        .tournaments()
        .entrants(joined.id)
        .await
        .map(|es| es.into_iter().map(|e| e.player).collect::<Vec<_>>())
        .unwrap_or_default();
    let mut reply = Reply::text(tr!(
        cx.lang,
        "tournament-joined",
        player = cx.me(),
        tournament = title(cx, &joined),
        count = joined.entrants,
        max = joined.max_players,
        players = names(cx, players).await
    ));
    if joined.entrants < joined.max_players {
        reply.buttons = vec![join_button(cx, joined.id)];
    }
    Ok(reply)
}

/// "#3 Spring is full: 6 of 6 players."
fn full(cx: &Cx<'_>, t: &Tournament) -> Refusal {
    no!(
        "tournament-full",
        tournament = title(cx, t),
        max = t.max_players
    )
}

/// `tournament leave [#T]`, before the start.
pub(crate) async fn leave(cx: &Cx<'_>, id: Option<TournamentId>) -> Res<Reply> {
    let t = find(cx, id, Want::Leave, "leave").await?;
    let me = cx.actor.id;
    let roster = Roster::load(cx.store(), t).await?;
    let t = &roster.tournament;
    if !roster.has(me) {
        return Err(no!("tournament-not-joined", tournament = title(cx, t)));
    }
    if t.status != TournamentStatus::Open {
        return Err(no!(
            "tournament-leave-started",
            tournament = title(cx, t),
            status = t.status.as_str()
        ));
    }
    let left = cx
        .store()
        .tournaments()
        .leave_tournament(t.id, me, cx.now())
        .await
        .map_err(|e| refused_after_race(cx, t, e))?;
    Ok(Reply {
        text: tr!(
            cx.lang,
            "tournament-left",
            player = cx.me(),
            tournament = title(cx, &left),
            count = left.entrants
        ),
        buttons: vec![join_button(cx, left.id)],
        ..Reply::default()
    })
}

/// A guarded write that found the tournament changed: said as its status now is.
fn refused_after_race(cx: &Cx<'_>, t: &Tournament, e: StoreError) -> Refusal {
    match e {
        StoreError::Conflict => no!("tournament-changed", tournament = title(cx, t)),
        other => other.into(),
    }
}

/// `tournament cancel [#T]`: its organiser, before the start.
pub(crate) async fn cancel(cx: &Cx<'_>, id: Option<TournamentId>) -> Res<Reply> {
    let t = find(cx, id, Want::Organise, "cancel").await?;
    if t.organiser != cx.actor.id {
        return Err(not_organiser(cx, &t, "cancel").await);
    }
    if t.status == TournamentStatus::Running {
        return Err(no!(
            "tournament-cancel-started",
            tournament = title(cx, &t),
            id = t.id.0
        ));
    }
    if t.status != TournamentStatus::Open {
        return Err(not_open(cx, &t));
    }
    let players = cx.store().tournaments().entrants(t.id).await?;
    let cancelled = cx
        .store()
        .tournaments()
        .cancel_tournament(t.id, cx.now())
        .await
        .map_err(|e| refused_after_race(cx, &t, e))?;
    Ok(Reply {
        text: tr!(
            cx.lang,
            "tournament-cancelled",
            organiser = cx.me(),
            tournament = title(cx, &cancelled)
        ),
        // Those who had signed up hear of it.
        mentions: players.iter().map(|e| e.player).collect(),
        ..Reply::default()
    })
}

/// `tournament start [#T]`: its organiser, with at least [`MIN_PLAYERS`] signed up. Every
/// pairing becomes a game at once, in the tournament's home channel — also for an entrant who
/// reached the cap of games in progress since signing up ([`limits`]): one player's other games
/// must not hold up everyone's tournament. Those games count towards the cap like any other.
pub(crate) async fn start(cx: &Cx<'_>, id: Option<TournamentId>) -> Res<Reply> {
    let mut t = find(cx, id, Want::Organise, "start").await?;
    if t.organiser != cx.actor.id {
        return Err(not_organiser(cx, &t, "start").await);
    }
    for attempt in 1..=START_ATTEMPTS {
        if t.status != TournamentStatus::Open {
            return Err(not_open(cx, &t));
        }
        let entrants = cx.store().tournaments().entrants(t.id).await?;
        if (entrants.len() as u32) < MIN_PLAYERS {
            let signed: Vec<PlayerId> = entrants.iter().map(|e| e.player).collect();
            return Err(no!(
                "tournament-too-few",
                tournament = title(cx, &t),
                min = MIN_PLAYERS,
                count = signed.len(),
                players = names(cx, signed).await
            ));
        }
        if cx.place.channel != t.place.channel || cx.place.thread.is_some() {
            return Err(no!(
                "tournament-start-here",
                tournament = title(cx, &t),
                channel = cx.voice().place(t.place)
            ));
        }
        let joined: Vec<PlayerId> = entrants.iter().map(|e| e.player).collect();
        let now = cx.now();
        let seated = draw_seats(&joined, (t.id.0 as u64).rotate_left(32) ^ now.0 as u64);
        let seats: Vec<(PlayerId, u32)> = seated
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i as u32 + 1))
            .collect();
        let pairs = pairings(&seated, t.double);
        let started = cx
            .store()
            .tournaments()
            .start_tournament(
                t.id,
                t.version,
                &TournamentDraw {
                    seats: &seats,
                    pairings: &pairs,
                    start_fen: rules::START_FEN,
                    deadline: deadlines::deadline(now, t.days_per_move),
                },
                now,
            )
            .await;
        match started {
            Ok((started, games)) => {
                cx.svc.observer().games_started(games.len() as u64);
                let mut held = Vec::with_capacity(games.len());
                for game in games {
                    held.push(vacation::hold_new_game(cx, game).await);
                }
                let games = held;
                return Ok(started_reply(cx, &started, &seated, &games).await);
            }
            Err(StoreError::Conflict) if attempt < START_ATTEMPTS => {
                // Someone joined or left meanwhile (or another start won): read it again.
                match cx.store().tournaments().tournament(t.id).await? {
                    Some(again) => t = again,
                    None => return Err(no!("tournament-none", id = t.id.0)),
                }
            }
            Err(StoreError::Conflict) => {
                return Err(refused_after_race(cx, &t, StoreError::Conflict));
            }
            Err(other) => return Err(other.into()),
        }
    }
    Err(refused_after_race(cx, &t, StoreError::Conflict))
}

/// The announcement of a tournament that has just begun: its players, its games (listed when
/// they fit), everyone pinged; the front end opens a thread for each game.
pub(crate) async fn started_reply(
    cx: &Cx<'_>,
    t: &Tournament,
    seated: &[PlayerId],
    games: &[crate::store::Game],
) -> Reply {
    let mut list = String::new();
    for g in games {
        let (Some(white), Some(black)) = (g.white, g.black) else {
            continue;
        };
        list.push_str(&tr!(
            cx.lang,
            "tournament-pairing",
            game = g.id.0,
            white = cx.who(white).await,
            black = cx.who(black).await
        ));
        list.push('\n');
    }
    // Discord's messages hold 2,000 characters: a long list gives way to the range of numbers.
    if list.chars().count() > 1_200 {
        list = match (games.first(), games.last()) {
            (Some(first), Some(last)) => {
                tr!(
                    cx.lang,
                    "tournament-pairing-range",
                    first = first.id.0,
                    last = last.id.0
                ) + "\n"
            }
            _ => String::new(),
        };
    }
    let mut text = tr!(
        cx.lang,
        "tournament-started",
        tournament = title(cx, t),
        players = names(cx, seated.iter().copied()).await,
        count = games.len(),
        format = format_line(cx, t),
        list = list,
        id = t.id.0
    );
    push_page_link(cx, t, &mut text);
    Reply {
        text,
        mentions: seated.to_vec(),
        new_games: games.iter().map(|g| g.id).collect(),
        ..Reply::default()
    }
}

/// Ends `text` with the tournament's web page, where pages are served.
pub(crate) fn push_page_link(cx: &Cx<'_>, t: &Tournament, text: &mut String) {
    if let Some(links) = cx.svc.links() {
        let page = cx.voice().url(&links.tournament(t.id));
        text.push('\n');
        text.push_str(&tr!(cx.lang, "web-link-line", page = page));
    }
}

/// `tournament withdraw [#T] @player`: its organiser. Before the start the player is taken off
/// the list; once it runs, their unfinished games are forfeited (see
/// [`standings`](crate::tournament::standings) for how they then count).
pub(crate) async fn withdraw(
    cx: &Cx<'_>,
    id: Option<TournamentId>,
    player: &PlayerRef,
) -> Res<Reply> {
    let lang = cx.lang;
    let t = find(cx, id, Want::Withdraw, "withdraw").await?;
    let player = match player {
        PlayerRef::Id(id) => PlayerId(*id),
        PlayerRef::Name(name) => {
            return Err(no!("tournament-unknown-name", name = name.as_str()));
        }
    };
    if t.organiser != cx.actor.id {
        return Err(not_organiser(cx, &t, "withdraw").await);
    }
    let roster = Roster::load(cx.store(), t).await?;
    let t = &roster.tournament;
    let who = cx.who(player).await;
    let Some(entrant) = roster.entrants.iter().find(|e| e.player == player) else {
        return Err(no!(
            "tournament-withdraw-not-entrant",
            player = who,
            tournament = title(cx, t)
        ));
    };
    match t.status {
        TournamentStatus::Open => {
            let left = cx
                .store()
                .tournaments()
                .leave_tournament(t.id, player, cx.now())
                .await
                .map_err(|e| refused_after_race(cx, t, e))?;
            return Ok(Reply {
                text: tr!(
                    lang,
                    "tournament-removed",
                    player = who,
                    organiser = cx.me(),
                    tournament = title(cx, &left),
                    count = left.entrants
                ),
                mentions: vec![player],
                ..Reply::default()
            });
        }
        TournamentStatus::Running => {}
        _ => return Err(not_open(cx, t)),
    }
    if entrant.withdrawn_at.is_some() {
        return Err(no!(
            "tournament-withdraw-already",
            player = who,
            tournament = title(cx, t)
        ));
    }
    let unfinished = roster
        .games
        .iter()
        .filter(|g| {
            g.status == crate::store::GameStatus::Active && (g.white == player || g.black == player)
        })
        .count();
    if unfinished == 0 {
        return Err(no!(
            "tournament-withdraw-nothing-left",
            player = who,
            tournament = title(cx, t)
        ));
    }
    let forfeited = cx
        .store()
        .tournaments()
        .withdraw_from_tournament(t.id, player, cx.now())
        .await
        .map_err(|e| refused_after_race(cx, t, e))?;
    // The withdrawal stands from here on: what follows only tells of it.
    for game in &forfeited {
        cx.svc.endings().game_over(game).await;
    }
    let after = match Roster::load(cx.store(), t.clone()).await {
        Ok(after) => Some(after.standings()),
        Err(error) => {
            tracing::error!(tournament = t.id.0, %error, "cannot read the standings after a withdrawal");
            None
        }
    };
    let annulled = after
        .as_ref()
        .and_then(|s| s.lines.iter().find(|l| l.player == player))
        .is_some_and(|l| l.annulled);
    let numbers: Vec<String> = forfeited.iter().map(|g| format!("#{}", g.id.0)).collect();
    let mut opponents: Vec<PlayerId> = forfeited
        .iter()
        .filter_map(|g| {
            if g.white == Some(player) {
                g.black
            } else {
                g.white
            }
        })
        .collect();
    opponents.sort();
    opponents.dedup();
    let mut mentions = vec![player];
    mentions.extend(opponents);
    Ok(Reply {
        text: tr!(
            lang,
            "tournament-withdrawn",
            player = who,
            organiser = cx.me(),
            tournament = title(cx, t),
            count = forfeited.len(),
            games = numbers.join(", "),
            annulled = crate::present::yes_no(annulled)
        ),
        mentions,
        ..Reply::default()
    })
}
