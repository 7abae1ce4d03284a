//! Checking stored games against the rules: every game's moves, replayed from its start
//! position, give each move's stored position and the game's current one. What the database
//! tools ([`copy_database`](crate::copy_database), [`backup_sqlite`](crate::backup_sqlite))
//! run on what they wrote, and what [`check_database`] runs for an operator.

use std::fmt;

use rollerball_store::{Backend, GameId, Result, StoreError, redact};
use sqlx::{AnyConnection, Connection, Executor, Row};

use crate::connect::{Unopened, open_read_only, wait_when_busy};
use crate::rules;

/// Games read per round: with their moves, a few hundred games are a small slice of memory
/// however large the database.
const GAMES_PER_BATCH: i64 = 200;

/// The first problems kept in a [`GameCheck`]; the rest are only counted.
const FAILURES_KEPT: usize = 20;

/// What checking every game of a database found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameCheck {
    /// Games checked.
    pub games: u64,
    /// Moves replayed.
    pub moves: u64,
    /// The first games that do not replay, with what is wrong.
    pub failures: Vec<ReplayFailure>,
    /// How many games do not replay in all (more than `failures` holds when there are many).
    pub failed: u64,
}

/// A game whose stored moves do not lead to its stored position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFailure {
    /// The game.
    pub game: GameId,
    /// What is wrong, for an operator to read.
    pub problem: String,
}

impl GameCheck {
    /// True when every game replays.
    pub fn passed(&self) -> bool {
        self.failed == 0
    }
}

impl fmt::Display for GameCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = plural(self.games, "game", "games");
        let moves = plural(self.moves, "move", "moves");
        if self.passed() {
            return match self.games {
                0 => write!(f, "there are no games to replay"),
                1 => write!(f, "the one game replays to its stored position ({moves})"),
                _ => write!(f, "all {games} replay to their stored positions ({moves})"),
            };
        }
        write!(
            f,
            "{} of {games} do not replay to their stored positions:",
            self.failed
        )?;
        for failure in &self.failures {
            write!(f, "\n  game {}: {}", failure.game, failure.problem)?;
        }
        if self.failed > self.failures.len() as u64 {
            write!(
                f,
                "\n  and {} more",
                self.failed - self.failures.len() as u64
            )?;
        }
        Ok(())
    }
}

/// `n` followed by the word for one or for several.
pub(crate) fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Why [`check_database`] could not check the games (a game that does not replay is not an
/// error: it is in the [`GameCheck`]).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A SQLite file that does not exist.
    #[error("there is no SQLite database at {0}")]
    NoSuchFile(String),
    /// A database that cannot be opened: unsupported URL, unreachable server, bad password.
    #[error("cannot open the database {url}: {error}")]
    Open {
        /// Its URL, without the password.
        url: String,
        /// What went wrong.
        error: StoreError,
    },
    /// The games could not be read.
    #[error("the check failed: {0}")]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for CheckError {
    fn from(error: sqlx::Error) -> CheckError {
        CheckError::Store(error.into())
    }
}

/// Replays every game stored in the database at `url` from its start position, checking each
/// move's stored position and the game's current one. Only reads, on a connection of its own
/// (a SQLite file is opened read-only, so a bot may keep playing on it), in one snapshot, a
/// few hundred games at a time.
pub async fn check_database(url: &str) -> std::result::Result<GameCheck, CheckError> {
    let backend = Backend::of_url(url).map_err(|error| CheckError::Open {
        url: redact(url),
        error,
    })?;
    let mut conn = open_read_only(url, backend)
        .await
        .map_err(|unopened| match unopened {
            Unopened::NoSuchFile(path) => CheckError::NoSuchFile(path.display().to_string()),
            Unopened::Failed(error) => CheckError::Open {
                url: redact(url),
                error,
            },
        })?;
    wait_when_busy(&mut conn, backend).await?;
    let mut snapshot = conn.begin().await?;
    if backend == Backend::Postgres {
        snapshot
            .execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .await?;
    }
    let check = check_games(&mut snapshot).await?;
    snapshot.commit().await?;
    conn.close().await?;
    Ok(check)
}

/// Every game checked on one connection (inside the caller's transaction, if any).
pub(crate) async fn check_games(conn: &mut AnyConnection) -> Result<GameCheck> {
    let mut check = GameCheck::default();
    let mut after = i64::MIN;
    loop {
        let games = sqlx::query(
            "SELECT id, start_fen, fen, ply FROM games WHERE id > $1 ORDER BY id LIMIT $2",
        )
        .bind(after)
        .bind(GAMES_PER_BATCH)
        .fetch_all(&mut *conn)
        .await?;
        let (Some(first), Some(last)) = (games.first(), games.last()) else {
            break;
        };
        let (first, last): (i64, i64) = (first.try_get(0)?, last.try_get(0)?);
        let moves = sqlx::query(
            "SELECT game_id, ply, coord, fen_after FROM moves \
             WHERE game_id >= $1 AND game_id <= $2 ORDER BY game_id, ply",
        )
        .bind(first)
        .bind(last)
        .fetch_all(&mut *conn)
        .await?;
        let mut moves = moves.iter().peekable();
        for game in &games {
            let id: i64 = game.try_get(0)?;
            let mut own = Vec::new();
            while let Some(m) = moves.next_if(|m| m.try_get::<i64, _>(0).is_ok_and(|g| g <= id)) {
                if m.try_get::<i64, _>(0)? == id {
                    own.push(StoredStep {
                        ply: m.try_get(1)?,
                        coord: m.try_get(2)?,
                        fen_after: m.try_get(3)?,
                    });
                }
            }
            check.games += 1;
            check.moves += own.len() as u64;
            if let Err(problem) = replay(
                &game.try_get::<String, _>(1)?,
                &game.try_get::<String, _>(2)?,
                game.try_get(3)?,
                &own,
            ) {
                check.failed += 1;
                if check.failures.len() < FAILURES_KEPT {
                    check.failures.push(ReplayFailure {
                        game: GameId(id),
                        problem,
                    });
                }
            }
        }
        after = last;
    }
    Ok(check)
}

/// One stored move, as the check reads it.
struct StoredStep {
    ply: i64,
    coord: String,
    fen_after: String,
}

/// A FEN in the rules' own spelling, so that two spellings of one position compare equal.
fn normal_fen(fen: &str) -> String {
    rules::Position::from_fen(fen)
        .map(|p| p.to_fen())
        .unwrap_or_else(|_| fen.to_owned())
}

/// Replays one game: `Err` says what does not match.
fn replay(start_fen: &str, fen: &str, ply: i64, moves: &[StoredStep]) -> Result<(), String> {
    let mut game = rules::Game::from_fen(start_fen)
        .map_err(|e| format!("its start position {start_fen:?} does not read: {e}"))?;
    for (i, step) in moves.iter().enumerate() {
        let expected = i as i64 + 1;
        if step.ply != expected {
            return Err(format!(
                "move {expected} is missing (the next stored move is number {})",
                step.ply
            ));
        }
        game.play_input(&step.coord)
            .map_err(|e| format!("move {expected} ({}) cannot be played: {e}", step.coord))?;
        let after = game.position().to_fen();
        if normal_fen(&step.fen_after) != after {
            return Err(format!(
                "after move {expected} ({}) the stored position is {:?}, but the moves give {after:?}",
                step.coord, step.fen_after
            ));
        }
    }
    if moves.len() as i64 != ply {
        return Err(format!(
            "it says {ply} moves were played, but {} are stored",
            moves.len()
        ));
    }
    let now = game.position().to_fen();
    if normal_fen(fen) != now {
        return Err(format!(
            "its stored position is {fen:?}, but its moves give {now:?}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(ply: i64, coord: &str, fen_after: &str) -> StoredStep {
        StoredStep {
            ply,
            coord: coord.into(),
            fen_after: fen_after.into(),
        }
    }

    #[test]
    fn a_game_replays_or_says_why_not() {
        let start = rules::START_FEN;
        let after = "2rbp2/2rkp2/7/7/1P5/3KR2/2PBR2 b - 1";
        assert_eq!(replay(start, start, 0, &[]), Ok(()));
        assert_eq!(replay(start, after, 1, &[step(1, "c2-b3", after)]), Ok(()));
        assert_eq!(
            replay(start, after, 2, &[step(1, "c2-b3", after)]),
            Err("it says 2 moves were played, but 1 are stored".into())
        );
        assert_eq!(
            replay(start, start, 1, &[step(1, "c2-b3", after)]),
            Err(format!(
                "its stored position is {start:?}, but its moves give {after:?}"
            ))
        );
        assert_eq!(
            replay(start, after, 2, &[step(2, "c2-b3", after)]),
            Err("move 1 is missing (the next stored move is number 2)".into())
        );
        let problem = replay(start, after, 1, &[step(1, "a1-a7", after)]).unwrap_err();
        assert!(
            problem.starts_with("move 1 (a1-a7) cannot be played: "),
            "{problem}"
        );
        assert_eq!(
            replay(start, after, 1, &[step(1, "c2-b3", start)]),
            Err(format!(
                "after move 1 (c2-b3) the stored position is {start:?}, but the moves give {after:?}"
            ))
        );
    }

    #[test]
    fn the_summary_reads_well() {
        let one = GameCheck {
            games: 1,
            moves: 12,
            ..GameCheck::default()
        };
        assert_eq!(
            one.to_string(),
            "the one game replays to its stored position (12 moves)"
        );
        let bad = GameCheck {
            games: 30,
            moves: 400,
            failures: vec![ReplayFailure {
                game: GameId(7),
                problem: "it says 2 moves were played, but 1 are stored".into(),
            }],
            failed: 3,
        };
        assert_eq!(
            bad.to_string(),
            "3 of 30 games do not replay to their stored positions:\n  \
             game #7: it says 2 moves were played, but 1 are stored\n  and 2 more"
        );
    }
}
