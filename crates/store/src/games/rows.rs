//! A game's and a move's columns, and their rows read into the store's types.

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::types::PlayerIdColumn as _;
use crate::types::{color_from_db, count_from_db, days_from_db, discord_id_from_db, reach_from_db};
use crate::{
    ChallengeId, Corruption, Game, GameId, GameResult, GameStatus, Level, Offer, OfferKind, Place,
    PlayerId, Result, StoreError, StoredMove, Timestamp, termination_from_db,
};

/// The columns of a game, in the order [`game_from_row`] reads them by name.
macro_rules! game_columns {
    () => {
        "id, server_id, channel_id, thread_id, white_id, black_id, status, result, termination, \
         start_fen, fen, to_move, ply, version, days_per_move, rated, deadline_at, remind_at, \
         final_remind_at, reminder_stage, offer_kind, offer_by, challenge_id, rematch_of, \
         ratings_applied, created_at, updated_at, finished_at, computer_level, answers_only"
    };
}
pub(crate) use game_columns;

pub(super) const MOVE_COLUMNS: &str = "ply, san, coord, fen_after, color, player_id, played_at";

fn opt_id(row: &AnyRow, column: &str) -> Result<Option<u64>> {
    Ok(row
        .try_get::<Option<i64>, _>(column)?
        .map(discord_id_from_db))
}

fn opt_time(row: &AnyRow, column: &str) -> Result<Option<Timestamp>> {
    Ok(row.try_get::<Option<i64>, _>(column)?.map(Timestamp))
}

pub(crate) fn game_from_row(row: &AnyRow) -> Result<Game> {
    let offer = match (
        row.try_get::<Option<String>, _>("offer_kind")?,
        row.try_get::<Option<String>, _>("offer_by")?,
    ) {
        (Some(kind), Some(by)) => Some(Offer {
            kind: OfferKind::parse(&kind)?,
            by: color_from_db(&by)?,
        }),
        _ => None,
    };
    Ok(Game {
        id: GameId(row.try_get("id")?),
        place: Place {
            server: opt_id(row, "server_id")?,
            channel: discord_id_from_db(row.try_get("channel_id")?),
            thread: opt_id(row, "thread_id")?,
            reach: reach_from_db(row.try_get("answers_only")?),
        },
        white: opt_id(row, "white_id")?.map(PlayerId),
        black: opt_id(row, "black_id")?.map(PlayerId),
        status: GameStatus::parse(&row.try_get::<String, _>("status")?)?,
        result: row
            .try_get::<Option<String>, _>("result")?
            .as_deref()
            .map(GameResult::parse)
            .transpose()?,
        termination: row
            .try_get::<Option<String>, _>("termination")?
            .as_deref()
            .map(termination_from_db)
            .transpose()?,
        start_fen: row.try_get("start_fen")?,
        fen: row.try_get("fen")?,
        to_move: color_from_db(&row.try_get::<String, _>("to_move")?)?,
        ply: count_from_db(row.try_get("ply")?, "ply")?,
        version: row.try_get("version")?,
        days_per_move: days_from_db(row.try_get("days_per_move")?)?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        deadline: opt_time(row, "deadline_at")?,
        remind_at: opt_time(row, "remind_at")?,
        final_remind_at: opt_time(row, "final_remind_at")?,
        reminder_stage: count_from_db(row.try_get("reminder_stage")?, "reminder stage")?,
        offer,
        challenge: row
            .try_get::<Option<i64>, _>("challenge_id")?
            .map(ChallengeId),
        rematch_of: row.try_get::<Option<i64>, _>("rematch_of")?.map(GameId),
        ratings_applied: row.try_get::<i64, _>("ratings_applied")? != 0,
        created_at: Timestamp(row.try_get("created_at")?),
        updated_at: Timestamp(row.try_get("updated_at")?),
        finished_at: opt_time(row, "finished_at")?,
        computer_level: row
            .try_get::<Option<i64>, _>("computer_level")?
            .map(|level| {
                u8::try_from(level)
                    .ok()
                    .and_then(Level::new)
                    .ok_or(StoreError::Corrupt(Corruption::ComputerLevel {
                        game: GameId(row.try_get("id")?),
                        level,
                    }))
            })
            .transpose()?,
    })
}

pub(super) fn move_from_row(row: &AnyRow) -> Result<StoredMove> {
    Ok(StoredMove {
        ply: count_from_db(row.try_get("ply")?, "ply")?,
        san: row.try_get("san")?,
        coord: row.try_get("coord")?,
        fen_after: row.try_get("fen_after")?,
        color: color_from_db(&row.try_get::<String, _>("color")?)?,
        player: row
            .try_get::<Option<i64>, _>("player_id")?
            .map(PlayerId::from_db),
        played_at: Timestamp(row.try_get("played_at")?),
    })
}
