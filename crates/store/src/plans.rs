//! The queries the bot runs all the time, and the plan the database chooses for each: how the
//! tests (and an operator) check that every one is served by its index.

use super::{
    Backend, Result, Store, caps, challenges, events, games, ratings, records, tournament_lookups,
    tournaments,
};

impl Store {
    /// The query plan the database chooses for one of the hot queries, one line per step: how the
    /// tests (and an operator) check that each is served by its index.
    pub async fn query_plan(&self, query: HotQuery) -> Result<Vec<String>> {
        use sqlx::Row;
        let (sql, params) = query.sample();
        let sql = self.claim_sql(&sql);
        let explain = match self.backend {
            Backend::Sqlite => format!("EXPLAIN QUERY PLAN {sql}"),
            Backend::Postgres => format!("EXPLAIN {sql}"),
        };
        let mut q = sqlx::query(&explain);
        for p in params {
            q = q.bind(p);
        }
        let rows = q.fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let column = match self.backend {
                    Backend::Sqlite => "detail",
                    Backend::Postgres => "QUERY PLAN",
                };
                Ok(row.try_get::<String, _>(column)?)
            })
            .collect()
    }
}

/// The queries the bot runs all the time, each of which must be served by an index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HotQuery {
    /// [`Games::game`](crate::Games::game).
    GameById,
    /// [`Games::active_games_of`](crate::Games::active_games_of).
    ActiveGamesOfPlayer,
    /// [`Games::active_games_in`](crate::Games::active_games_in).
    ActiveGamesInPlace,
    /// [`Games::active_games_of_in`](crate::Games::active_games_of_in): "my game here".
    ActiveGamesOfPlayerHere,
    /// [`Games::only_active_game_in`](crate::Games::only_active_game_in).
    OnlyActiveGameInPlace,
    /// [`Games::games_in_progress_of`](crate::Games::games_in_progress_of), and the cap on games in progress.
    GamesInProgressOf,
    /// [`Play::claim_timeouts`](crate::Play::claim_timeouts).
    DueDeadlines,
    /// [`Play::claim_reminders`](crate::Play::claim_reminders).
    DueReminders,
    /// [`Ratings::leaderboard`](crate::Ratings::leaderboard).
    Leaderboard,
    /// [`Ratings::rank`](crate::Ratings::rank).
    RatedAbove,
    /// [`Games::record`](crate::Games::record) in a server.
    PlayerRecord,
    /// [`Games::streak`](crate::Games::streak) in a server.
    PlayerResults,
    /// [`Challenges::expire_challenges`](crate::Challenges::expire_challenges).
    ExpiredChallenges,
    /// [`Play::computer_turns`](crate::Play::computer_turns).
    ComputerTurns,
    /// [`Tournaments::tournament_of_game`](crate::Tournaments::tournament_of_game).
    TournamentOfGame,
    /// [`Tournaments::tournaments_in`](crate::Tournaments::tournaments_in).
    TournamentsInServer,
    /// [`Tournaments::tournaments_in_status`](crate::Tournaments::tournaments_in_status).
    TournamentsInStatus,
    /// [`Tournaments::tournaments_organised_by`](crate::Tournaments::tournaments_organised_by).
    TournamentsOrganisedBy,
    /// [`Tournaments::tournaments_joined_by`](crate::Tournaments::tournaments_joined_by).
    TournamentsJoinedBy,
    /// [`Tournaments::open_tournaments_of`](crate::Tournaments::open_tournaments_of), and the cap on unstarted tournaments.
    OpenTournamentsOf,
    /// [`EventLog::game_events`](crate::EventLog::game_events).
    GameEvents,
}

impl HotQuery {
    /// Every hot query.
    pub const ALL: [HotQuery; 21] = [
        HotQuery::GameById,
        HotQuery::ActiveGamesOfPlayer,
        HotQuery::ActiveGamesInPlace,
        HotQuery::ActiveGamesOfPlayerHere,
        HotQuery::OnlyActiveGameInPlace,
        HotQuery::GamesInProgressOf,
        HotQuery::DueDeadlines,
        HotQuery::DueReminders,
        HotQuery::Leaderboard,
        HotQuery::RatedAbove,
        HotQuery::PlayerRecord,
        HotQuery::PlayerResults,
        HotQuery::ExpiredChallenges,
        HotQuery::ComputerTurns,
        HotQuery::TournamentOfGame,
        HotQuery::TournamentsInServer,
        HotQuery::TournamentsInStatus,
        HotQuery::TournamentsOrganisedBy,
        HotQuery::TournamentsJoinedBy,
        HotQuery::OpenTournamentsOf,
        HotQuery::GameEvents,
    ];

    /// The exact statement the store runs, with sample parameters (a tournament's status
    /// written in, as the plans are read for the open ones).
    fn sample(self) -> (String, Vec<i64>) {
        match self {
            HotQuery::GameById => (games::GAME_BY_ID.to_owned(), vec![1]),
            HotQuery::ActiveGamesOfPlayer => (games::ACTIVE_GAMES_OF.to_owned(), vec![1]),
            HotQuery::ActiveGamesInPlace => (games::ACTIVE_GAMES_IN.to_owned(), vec![1]),
            HotQuery::ActiveGamesOfPlayerHere => (games::ACTIVE_GAMES_OF_IN.to_owned(), vec![1, 1]),
            HotQuery::OnlyActiveGameInPlace => {
                (games::FIRST_ACTIVE_GAMES_IN.to_owned(), vec![1, 2])
            }
            HotQuery::GamesInProgressOf => (caps::GAMES_IN_PROGRESS_OF.to_owned(), vec![1]),
            HotQuery::DueDeadlines => (games::CLAIM_TIMEOUTS.to_owned(), vec![1, 10]),
            HotQuery::DueReminders => (games::CLAIM_REMINDERS.to_owned(), vec![1, 10]),
            HotQuery::Leaderboard => (ratings::LEADERBOARD.to_owned(), vec![0, 10]),
            HotQuery::RatedAbove => (ratings::RATED_ABOVE.to_owned(), vec![1, 1990]),
            HotQuery::PlayerRecord => (records::RECORD_IN_SERVER.to_owned(), vec![1, 1]),
            HotQuery::PlayerResults => (records::RESULTS_IN_SERVER.to_owned(), vec![1, 1, 32, 0]),
            HotQuery::ExpiredChallenges => (challenges::EXPIRE_CHALLENGES.to_owned(), vec![1, 10]),
            HotQuery::ComputerTurns => (games::COMPUTER_TURNS.to_owned(), vec![10]),
            HotQuery::TournamentOfGame => (tournaments::TOURNAMENT_OF_GAME.to_owned(), vec![1]),
            HotQuery::TournamentsInServer => (tournaments::TOURNAMENTS_IN.to_owned(), vec![1, 10]),
            HotQuery::TournamentsInStatus => (
                tournament_lookups::TOURNAMENTS_IN_STATUS
                    .replace("$2", "'open'")
                    .replace("$3", "$2"),
                vec![1, 10],
            ),
            HotQuery::TournamentsOrganisedBy => (
                tournament_lookups::TOURNAMENTS_ORGANISED_BY
                    .replace("$2", "'open'")
                    .replace("$3", "$2"),
                vec![1, 1],
            ),
            HotQuery::TournamentsJoinedBy => (
                tournament_lookups::TOURNAMENTS_JOINED_BY
                    .replace("$2", "'open'")
                    .replace("$3", "$2"),
                vec![1, 1],
            ),
            HotQuery::OpenTournamentsOf => (caps::OPEN_TOURNAMENTS_OF.to_owned(), vec![1]),
            HotQuery::GameEvents => (events::GAME_EVENTS.to_owned(), vec![1, 4]),
        }
    }

    /// The index that must serve this query.
    pub fn index(self) -> &'static [&'static str] {
        match self {
            HotQuery::GameById => &["games_pkey", "sqlite_autoindex_games_1"],
            // A player's games, whichever of the player's indexes the planner takes.
            HotQuery::ActiveGamesOfPlayer | HotQuery::GamesInProgressOf => &[
                "games_active_white_channel",
                "games_active_white_thread",
                "games_active_black_channel",
                "games_active_black_thread",
            ],
            HotQuery::ActiveGamesInPlace | HotQuery::OnlyActiveGameInPlace => {
                &["games_active_channel", "games_active_thread"]
            }
            HotQuery::ActiveGamesOfPlayerHere => &[
                "games_active_white_channel",
                "games_active_white_thread",
                "games_active_black_channel",
                "games_active_black_thread",
            ],
            HotQuery::DueDeadlines => &["games_active_deadline"],
            HotQuery::DueReminders => &["games_active_remind"],
            HotQuery::Leaderboard | HotQuery::RatedAbove => &["ratings_leaderboard"],
            // Either pair reads only the player's finished games.
            HotQuery::PlayerRecord | HotQuery::PlayerResults => &[
                "games_rated_white",
                "games_rated_black",
                "games_finished_white",
                "games_finished_black",
            ],
            HotQuery::ExpiredChallenges => &["challenges_open_expiry"],
            HotQuery::ComputerTurns => &["games_active_computer"],
            HotQuery::TournamentOfGame => &[
                "tournament_games_pkey",
                "sqlite_autoindex_tournament_games_1",
            ],
            HotQuery::TournamentsInServer => &["tournaments_server"],
            HotQuery::TournamentsInStatus => &["tournaments_server_status"],
            HotQuery::TournamentsOrganisedBy | HotQuery::OpenTournamentsOf => {
                &["tournaments_organiser"]
            }
            // From the player's sign-ups, or from the server's tournaments of that status
            // (the planner's choice: both read by index).
            HotQuery::TournamentsJoinedBy => {
                &["tournament_entrants_player", "tournaments_server_status"]
            }
            HotQuery::GameEvents => &["events_game"],
        }
    }
}
