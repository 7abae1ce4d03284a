//! Round-robin tournaments in the service: finding the tournament a command means, the
//! pairings ([`berger`]), the standings and their tie-breaks ([`standings`]), and what follows
//! the end of a tournament's game ([`finish`]: the tournament finishes with its last game, and
//! the sweep posts the final standings). The commands themselves are actions
//! (`actions/tournaments.rs`, `actions/tournament_views.rs`).

pub(crate) mod berger;
pub(crate) mod finish;
pub(crate) mod standings;

use std::collections::HashSet;

use super::context::{Cx, Res, no};
use super::i18n::{Lang, tr};
use super::lookup::place_key;
use super::present::{rated_key, yes_no};
use crate::model::{PlayerId, TournamentId};
use crate::store::{Entrant, Store, StoreError, Tournament, TournamentGame, TournamentStatus};
use standings::Standings;

/// How many of a server's latest tournaments of one status a look-up or a list considers (the
/// asker's own are always read whole).
pub(crate) const LISTED: u32 = 25;

/// What a command wants of the tournament it means, when it names none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Want {
    /// One open for sign-up.
    Join,
    /// One open that the asker is signed up to.
    Leave,
    /// One open that the asker organises.
    Organise,
    /// One open or running that the asker organises.
    Withdraw,
    /// The one to show: running, else open, else the latest finished.
    View,
}

/// A tournament with its entrants and games, read together.
pub(crate) struct Roster {
    /// The tournament.
    pub tournament: Tournament,
    /// Its players, by seat once started.
    pub entrants: Vec<Entrant>,
    /// Its games, once started.
    pub games: Vec<TournamentGame>,
}

impl Roster {
    /// Reads `tournament`'s entrants and games.
    pub(crate) async fn load(store: &Store, tournament: Tournament) -> Result<Roster, StoreError> {
        let entrants = store.tournaments().entrants(tournament.id).await?;
        let games = if tournament.status == TournamentStatus::Open {
            Vec::new()
        } else {
            store.tournaments().tournament_games(tournament.id).await?
        };
        Ok(Roster {
            tournament,
            entrants,
            games,
        })
    }

    /// The players, seat 1 first.
    pub(crate) fn seated(&self) -> Vec<PlayerId> {
        self.entrants.iter().map(|e| e.player).collect()
    }

    /// The standings as they stand.
    pub(crate) fn standings(&self) -> Standings {
        let withdrawn: HashSet<PlayerId> = self
            .entrants
            .iter()
            .filter(|e| e.withdrawn_at.is_some())
            .map(|e| e.player)
            .collect();
        Standings::count(&self.seated(), &withdrawn, &self.games)
    }

    /// The games of `player` against `opponent`, in round order: the order of
    /// [`Standings::marks`] between them.
    pub(crate) fn pair_games(&self, player: PlayerId, opponent: PlayerId) -> Vec<&TournamentGame> {
        let mut games: Vec<&TournamentGame> = self
            .games
            .iter()
            .filter(|g| {
                (g.white, g.black) == (player, opponent) || (g.white, g.black) == (opponent, player)
            })
            .collect();
        games.sort_by_key(|g| (g.round, g.board));
        games
    }

    /// Whether `player` is signed up.
    pub(crate) fn has(&self, player: PlayerId) -> bool {
        self.entrants.iter().any(|e| e.player == player)
    }
}

/// `#3 **Spring**`: a tournament as the texts name it, its name shown as written.
pub(crate) fn title(cx: &Cx<'_>, t: &Tournament) -> String {
    tr!(
        cx.lang,
        "tournament-title",
        id = t.id.0,
        name = cx.voice().markup.literal(&t.name)
    )
}

/// "a single round-robin, 3 days per move, rated".
pub(crate) fn format_line(cx: &Cx<'_>, t: &Tournament) -> String {
    format_in(cx.lang, t)
}

/// [`format_line`] in `lang`.
pub(crate) fn format_in(lang: Lang, t: &Tournament) -> String {
    tr!(
        lang,
        "tournament-format",
        double = yes_no(t.double),
        days = t.days_per_move.get(),
        rated = rated_key(t.rated)
    )
}

/// The players named in order, joined with ", ".
pub(crate) async fn names(cx: &Cx<'_>, players: impl IntoIterator<Item = PlayerId>) -> String {
    let mut out = Vec::new();
    for p in players {
        out.push(cx.who(p).await);
    }
    out.join(", ")
}

/// The tournament a command means: the one named (which must be this server's), or the only
/// one here that fits `want`; otherwise a refusal that says what there is. `word` is the
/// subcommand, for the example in a refusal.
pub(crate) async fn find(
    cx: &Cx<'_>,
    id: Option<TournamentId>,
    want: Want,
    word: &str,
) -> Res<Tournament> {
    let Some(server) = cx.place.server else {
        return Err(no!("tournament-needs-server"));
    };
    let store = cx.store();
    if let Some(id) = id {
        let Some(t) = store.tournaments().tournament(id).await? else {
            return Err(no!("tournament-none", id = id.0));
        };
        if t.place.server != Some(server) {
            return Err(no!("tournament-elsewhere", id = id.0));
        }
        return Ok(t);
    }
    // In a tournament game's thread, that game's tournament.
    if matches!(want, Want::View | Want::Withdraw)
        && cx.place.thread.is_some()
        && let Some(one) = store
            .games()
            .only_active_game_in(place_key(cx.place))
            .await?
        && let Some((t, _)) = store.tournaments().tournament_of_game(one.id).await?
    {
        return Ok(t);
    }
    let me = cx.actor.id;
    let (open, running) = (TournamentStatus::Open, TournamentStatus::Running);
    // The asker's own are read by player, so however many others the server holds (and
    // however recent), none of them can hide these.
    let mut fits = match want {
        Want::Join => {
            store
                .tournaments()
                .tournaments_in_status(server, open, LISTED)
                .await?
        }
        Want::Leave => {
            store
                .tournaments()
                .tournaments_joined_by(me, server, open)
                .await?
        }
        Want::Organise => {
            store
                .tournaments()
                .tournaments_organised_by(me, server, open)
                .await?
        }
        Want::Withdraw => {
            let mut mine = store
                .tournaments()
                .tournaments_organised_by(me, server, open)
                .await?;
            mine.extend(
                store
                    .tournaments()
                    .tournaments_organised_by(me, server, running)
                    .await?,
            );
            mine
        }
        Want::View => {
            store
                .tournaments()
                .tournaments_in_status(server, running, LISTED)
                .await?
        }
    };
    if fits.is_empty() && matches!(want, Want::Leave | Want::Organise | Want::Withdraw) {
        // Not the asker's: if only one tournament here could be meant, the action says
        // precisely why it is not theirs to change.
        let mut could = store
            .tournaments()
            .tournaments_in_status(server, open, 2)
            .await?;
        if want == Want::Withdraw {
            could.extend(
                store
                    .tournaments()
                    .tournaments_in_status(server, running, 2)
                    .await?,
            );
        }
        if let [one] = could.as_slice() {
            return Ok(one.clone());
        }
    }
    if want == Want::View && fits.is_empty() {
        fits = store
            .tournaments()
            .tournaments_in_status(server, open, LISTED)
            .await?;
        if fits.is_empty() {
            fits = store
                .tournaments()
                .tournaments_in_status(server, TournamentStatus::Finished, 1)
                .await?;
        }
    }
    if fits.len() > 1 {
        let in_channel: Vec<Tournament> = fits
            .iter()
            .filter(|t| t.place.channel == cx.place.channel)
            .cloned()
            .collect();
        if in_channel.len() == 1 {
            fits = in_channel;
        }
    }
    match fits.len() {
        1 => Ok(fits.remove(0)),
        0 => Err(match want {
            Want::Join => no!("tournament-none-open"),
            Want::Leave => no!("tournament-none-joined"),
            Want::Organise => no!("tournament-none-organised"),
            Want::Withdraw => no!("tournament-none-running-organised"),
            Want::View => no!("tournament-none-here"),
        }),
        _ => {
            fits.sort_by_key(|t| t.id);
            let list: Vec<String> = fits.iter().map(|t| title(cx, t)).collect();
            Err(no!(
                "tournament-several",
                list = list.join(", "),
                word = word.to_string(),
                id = fits[0].id.0
            ))
        }
    }
}
