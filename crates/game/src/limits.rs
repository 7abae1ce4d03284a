//! What one player may hold at once, so that nobody can slow down or hide what the others use:
//! games in progress (and among them games against the computer), the tournaments they organise
//! before the start, and their requests waiting for the engine's analysis. The store checks the
//! first three inside the transaction that would go past them ([`Caps`]), the line of analyses
//! the last; this module gives them the numbers and says a refusal in the player's words. The
//! year's vacation days and the size of a player's forecasts are here too: the bot's rules,
//! which the store is given, never holds.

use super::context::{Cx, Refusal, no};
use crate::model::PlayerId;
use crate::store::{Cap, CapReached, Caps};

/// The most games a player may have in progress at once. A tournament's games always start (a
/// tournament begins every game at once, for all its players), and they count towards it.
pub const GAMES_IN_PROGRESS_MAX: u32 = 20;

/// The most games against the computer a player may have in progress at once (a part of
/// [`GAMES_IN_PROGRESS_MAX`]): each of the computer's moves is a search.
pub const COMPUTER_GAMES_MAX: u32 = 5;

/// The most tournaments a player may organise that have not started yet.
pub const OPEN_TOURNAMENTS_MAX: u32 = 3;

/// The most games one player may wait for in the line of analyses at once (the one running
/// included): each is seconds of the engine, and a post.
pub const ANALYSES_QUEUED_MAX: usize = 3;

/// Vacation days each player has per calendar year (UTC); the store charges a vacation's days
/// against it in the transaction that starts it.
pub const VACATION_DAYS_PER_YEAR: u32 = 30;

/// The most forecast lines a player keeps in one game.
pub const MAX_FORECAST_LINES: usize = 30;
/// The most plies in one forecast line (the opponent's moves and the answers together).
pub const MAX_FORECAST_PLIES: usize = 30;

/// The caps the service's store enforces.
pub(crate) fn caps() -> Caps {
    Caps {
        games: Some(GAMES_IN_PROGRESS_MAX),
        computer_games: Some(COMPUTER_GAMES_MAX),
        open_tournaments: Some(OPEN_TOURNAMENTS_MAX),
    }
}

/// The refusal of what would take a player past a cap: the cap, and how many they have.
pub(crate) async fn cap_refusal(cx: &Cx<'_>, reached: CapReached) -> Refusal {
    let CapReached {
        player,
        cap,
        max,
        count,
    } = reached;
    match cap {
        Cap::Games if player != cx.actor.id => no!(
            AtCap,
            "cap-games-other",
            player = cx.who(player).await,
            count = count,
            max = max
        ),
        Cap::Games => no!(AtCap, "cap-games", count = count, max = max),
        Cap::ComputerGames => no!(AtCap, "cap-computer-games", count = count, max = max),
        Cap::OpenTournaments => no!(AtCap, "cap-tournaments", count = count, max = max),
    }
}

/// Refuses, before anything is written, a new game for `player` when they are at the cap of
/// games in progress (or of games against the computer, for one against it): the early word
/// for what the store would refuse in any case.
pub(crate) async fn check_room(
    cx: &Cx<'_>,
    player: PlayerId,
    computer: bool,
) -> Result<(), Refusal> {
    let has = cx.store().games().games_in_progress_of(player).await?;
    let reached = |cap, max, count| CapReached {
        player,
        cap,
        max,
        count,
    };
    if computer && has.computer >= COMPUTER_GAMES_MAX {
        return Err(cap_refusal(
            cx,
            reached(Cap::ComputerGames, COMPUTER_GAMES_MAX, has.computer),
        )
        .await);
    }
    if has.games >= GAMES_IN_PROGRESS_MAX {
        return Err(cap_refusal(cx, reached(Cap::Games, GAMES_IN_PROGRESS_MAX, has.games)).await);
    }
    Ok(())
}
