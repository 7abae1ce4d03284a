//! The actions, one file per family, and the dispatch from a command to its action. Each action
//! takes the command's context and returns its reply, or a [`Refusal`] — which it may only do
//! before it has committed a change.

pub(crate) mod analysis;
pub(crate) mod challenges;
pub(crate) mod computer;
mod ending;
pub(crate) mod forecasts;
mod offers;
pub(crate) mod picker;
pub(crate) mod play;
pub(crate) mod settings;
pub(crate) mod standings;
pub(crate) mod tournament_views;
pub(crate) mod tournaments;
mod vacation;
pub(crate) mod viewing;
mod web;

use super::command::{Command, TournamentCommand};
use super::context::{Cx, Refusal};
use super::present::help;
use super::reply::Reply;
use crate::store::{ChallengeStatus, OfferKind};

/// Carries out `command` for `cx`.
pub(crate) async fn dispatch(cx: &Cx<'_>, command: &Command) -> Result<Reply, Refusal> {
    match command {
        Command::Help { topic } => Ok(help(cx.voice(), topic.as_deref(), cx.svc.links())),
        Command::Rules => Ok(viewing::rules(cx).await),
        Command::Challenge {
            opponent,
            colour,
            days,
            rated,
        } => {
            let terms = challenges::Terms {
                colour: *colour,
                days: *days,
                rated: *rated,
                rematch_of: None,
            };
            challenges::challenge(cx, cx.place, opponent, terms).await
        }
        Command::Accept { challenge } => challenges::accept(cx, *challenge).await,
        Command::Decline { challenge } => {
            challenges::close(cx, *challenge, ChallengeStatus::Declined).await
        }
        Command::Cancel { challenge } => {
            challenges::close(cx, *challenge, ChallengeStatus::Cancelled).await
        }
        Command::Move { game, text } => play::play(cx, *game, text).await,
        Command::Board { game } => viewing::board(cx, *game).await,
        Command::Game { game } => viewing::board(cx, Some(*game)).await,
        Command::Moves { game, square } => viewing::moves(cx, *game, *square).await,
        Command::History { game } => viewing::history(cx, *game).await,
        Command::Games => viewing::games(cx).await,
        Command::Export { game } => viewing::export(cx, *game).await,
        Command::Analysis { game } => analysis::analysis(cx, *game).await,
        Command::Web { game } => web::web(cx, *game).await,
        Command::WebRevoke => web::revoke(cx).await,
        Command::Resign { game, confirmed } => ending::resign(cx, *game, *confirmed).await,
        Command::Draw { game, answer } => offers::offer(cx, *game, OfferKind::Draw, *answer).await,
        Command::Takeback { game, answer } => {
            offers::offer(cx, *game, OfferKind::Takeback, *answer).await
        }
        Command::Abort { game } => ending::abort(cx, *game).await,
        Command::MoreTime { game, days } => offers::more_time(cx, *game, *days).await,
        Command::Rematch { game } => challenges::rematch(cx, *game).await,
        Command::Settings { change } => settings::settings(cx, change.as_ref()).await,
        Command::Leaderboard => Ok(standings::leaderboard(cx).await?),
        Command::Stats { player } => Ok(standings::stats(cx, player.as_ref()).await?),
        Command::Tournament(t) => tournament(cx, t).await,
        Command::Tournaments => tournament_views::list(cx).await,
        Command::Forecast { game, change } => forecasts::forecast(cx, *game, change).await,
        Command::Vacation { change } => vacation::vacation(cx, *change).await,
    }
}

/// Carries out one of the `tournament` subcommands.
async fn tournament(cx: &Cx<'_>, command: &TournamentCommand) -> Result<Reply, Refusal> {
    match command {
        TournamentCommand::Create {
            name,
            days,
            double,
            rated,
            max,
        } => tournaments::create(cx, name, *days, *double, *rated, *max).await,
        TournamentCommand::Join { tournament } => tournaments::join(cx, *tournament).await,
        TournamentCommand::Leave { tournament } => tournaments::leave(cx, *tournament).await,
        TournamentCommand::Start { tournament } => tournaments::start(cx, *tournament).await,
        TournamentCommand::Cancel { tournament } => tournaments::cancel(cx, *tournament).await,
        TournamentCommand::Withdraw { tournament, player } => {
            tournaments::withdraw(cx, *tournament, player).await
        }
        TournamentCommand::Standings { tournament } => {
            tournament_views::standings(cx, *tournament).await
        }
        TournamentCommand::Table { tournament } => tournament_views::table(cx, *tournament).await,
    }
}

/// The command's kind in the metrics: its word, as players type it (`tournament` for the whole
/// group). Every command is named here, so a new one cannot go uncounted.
pub(crate) fn command_kind(command: &Command) -> &'static str {
    match command {
        Command::Help { .. } => "help",
        Command::Rules => "rules",
        Command::Challenge { .. } => "challenge",
        Command::Accept { .. } => "accept",
        Command::Decline { .. } => "decline",
        Command::Cancel { .. } => "cancel",
        Command::Move { .. } => "move",
        Command::Board { .. } | Command::Game { .. } => "board",
        Command::Moves { .. } => "moves",
        Command::History { .. } => "history",
        Command::Games => "games",
        Command::Export { .. } => "export",
        Command::Analysis { .. } => "analysis",
        Command::Web { .. } | Command::WebRevoke => "web",
        Command::Resign { .. } => "resign",
        Command::Draw { .. } => "draw",
        Command::Takeback { .. } => "takeback",
        Command::Abort { .. } => "abort",
        Command::MoreTime { .. } => "moretime",
        Command::Rematch { .. } => "rematch",
        Command::Settings { .. } => "settings",
        Command::Leaderboard => "leaderboard",
        Command::Stats { .. } => "stats",
        Command::Tournament(_) => "tournament",
        Command::Tournaments => "tournaments",
        Command::Forecast { .. } => "forecast",
        Command::Vacation { .. } => "vacation",
    }
}

/// The command's own word, for examples in refusals: a game or challenge command's own (its
/// metrics kind: `cancel #4` when `cancel` was typed), `board` for any other.
pub(crate) fn command_word(command: &Command) -> &'static str {
    match command {
        Command::Move { .. }
        | Command::Board { .. }
        | Command::Game { .. }
        | Command::Moves { .. }
        | Command::History { .. }
        | Command::Export { .. }
        | Command::Analysis { .. }
        | Command::Web { .. }
        | Command::Resign { .. }
        | Command::Draw { .. }
        | Command::Takeback { .. }
        | Command::Abort { .. }
        | Command::MoreTime { .. }
        | Command::Rematch { .. }
        | Command::Forecast { .. }
        | Command::Accept { .. }
        | Command::Decline { .. }
        | Command::Cancel { .. } => command_kind(command),
        _ => "board",
    }
}
