//! The engine's analyses of finished games, each stored once: the budget it was searched with
//! and, for every position, the evaluation and the engine's move. The service computes them;
//! the store keeps them and makes sure only one is ever kept per game, however many processes
//! computed one at the same time.

use sqlx::{Connection, Row};

use super::events::About;
use super::types::{color_from_db, color_to_db, count_from_db};
use super::{
    Corruption, EventKind, GameId, InvalidInput, Place, PlayerId, Result, StoreError, Timestamp,
};
use crate::Games;
use crate::rules::Color;

/// One position's evaluation, as stored: from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEval {
    /// Centipawns; `None` when [`StoredEval::mate`] is set.
    pub centipawns: Option<i32>,
    /// A forced win: who wins, and in how many of their moves (0: won on the board).
    pub mate: Option<(Color, u32)>,
    /// The engine's move there in coordinate form (`c2-b3`); `None` when the game was over.
    pub best: Option<String>,
    /// The engine's line from there, its moves in coordinate form separated by spaces, the
    /// first being [`StoredEval::best`]; `None` for an analysis stored before lines were kept.
    pub pv: Option<String>,
}

/// A game's analysis, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAnalysis {
    /// The game analysed.
    pub game: GameId,
    /// Nodes searched per position.
    pub nodes: u64,
    /// When it was stored.
    pub created_at: Timestamp,
    /// One per position, the start first.
    pub positions: Vec<StoredEval>,
}

impl Games<'_> {
    /// The stored analysis of game `game`, if there is one.
    pub async fn analysis(self, game: GameId) -> Result<Option<StoredAnalysis>> {
        let Some(head) = sqlx::query("SELECT nodes, created_at FROM analyses WHERE game_id = $1")
            .bind(game.0)
            .fetch_optional(&self.store.pool)
            .await?
        else {
            return Ok(None);
        };
        let rows = sqlx::query(
            "SELECT ply, centipawns, mate_for, mate_in, best, pv FROM analysis_positions \
             WHERE game_id = $1 ORDER BY ply",
        )
        .bind(game.0)
        .fetch_all(&self.store.pool)
        .await?;
        let mut positions = Vec::with_capacity(rows.len());
        for (expected, row) in rows.iter().enumerate() {
            let ply: i64 = row.try_get("ply")?;
            if ply != expected as i64 {
                return Err(StoreError::Corrupt(Corruption::AnalysisSkips {
                    game,
                    position: expected,
                }));
            }
            let centipawns: Option<i64> = row.try_get("centipawns")?;
            let mate_for: Option<String> = row.try_get("mate_for")?;
            let mate_in: Option<i64> = row.try_get("mate_in")?;
            let mate = match (mate_for, mate_in) {
                (Some(side), Some(moves)) => Some((
                    color_from_db(&side)?,
                    count_from_db(moves, "analysis mate")?,
                )),
                (None, None) => None,
                _ => {
                    return Err(StoreError::Corrupt(Corruption::AnalysisMate { game, ply }));
                }
            };
            let centipawns = centipawns
                .map(|cp| {
                    i32::try_from(cp).map_err(|_| {
                        StoreError::Corrupt(Corruption::OutOfRange {
                            what: "analysis centipawns",
                            value: cp,
                        })
                    })
                })
                .transpose()?;
            if centipawns.is_some() == mate.is_some() {
                return Err(StoreError::Corrupt(Corruption::AnalysisEval { game, ply }));
            }
            positions.push(StoredEval {
                centipawns,
                mate,
                best: row.try_get("best")?,
                pv: row.try_get("pv")?,
            });
        }
        let nodes: i64 = head.try_get("nodes")?;
        Ok(Some(StoredAnalysis {
            game,
            nodes: u64::try_from(nodes).map_err(|_| {
                StoreError::Corrupt(Corruption::OutOfRange {
                    what: "analysis budget",
                    value: nodes,
                })
            })?,
            created_at: Timestamp(head.try_get("created_at")?),
            positions,
        }))
    }

    /// Stores `analysis` in one transaction, unless the game has one already: `true` when this
    /// call stored it, `false` when another (another process, say) was first and the analysis
    /// was not written again. Each position must have centipawns or a mate ([`StoreError::Invalid`]
    /// otherwise, writing nothing). For each place of `ready_for` (where players asked for it,
    /// and who), the same transaction writes an [`EventKind::AnalysisReady`], whoever stored
    /// the analysis.
    pub async fn store_analysis(
        self,
        analysis: &StoredAnalysis,
        ready_for: &[(Place, Vec<PlayerId>)],
    ) -> Result<bool> {
        if let Some(ply) = analysis
            .positions
            .iter()
            .position(|p| p.centipawns.is_some() == p.mate.is_some())
        {
            return Err(StoreError::Invalid(InvalidInput::AnalysisEval {
                game: analysis.game,
                ply,
            }));
        }
        let nodes = i64::try_from(analysis.nodes)
            .map_err(|_| StoreError::Invalid(InvalidInput::AnalysisBudget(analysis.nodes)))?;
        let mut writer = self.store.writer().await?;
        let mut tx = writer.begin().await?;
        let claimed = sqlx::query(
            "INSERT INTO analyses (game_id, nodes, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(analysis.game.0)
        .bind(nodes)
        .bind(analysis.created_at.0)
        .execute(&mut *tx)
        .await?;
        // Stored before (by a command's answer, another process): the players who waited here
        // are told all the same.
        let stored = claimed.rows_affected() == 1;
        if !stored && ready_for.is_empty() {
            // Ended here, not by dropping it: a dropped transaction's rollback waits for the
            // connection's next use, and until then PostgreSQL holds its locks (a `DROP
            // SCHEMA`, a migration, would wait behind an idle pooled connection).
            tx.rollback().await?;
            return Ok(false);
        }
        let positions = if stored { &analysis.positions[..] } else { &[] };
        for (ply, p) in positions.iter().enumerate() {
            sqlx::query(
                "INSERT INTO analysis_positions \
                 (game_id, ply, centipawns, mate_for, mate_in, best, pv) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(analysis.game.0)
            .bind(ply as i64)
            .bind(p.centipawns.map(i64::from))
            .bind(p.mate.map(|(side, _)| color_to_db(side)))
            .bind(p.mate.map(|(_, moves)| i64::from(moves)))
            .bind(p.best.as_deref())
            .bind(p.pv.as_deref())
            .execute(&mut *tx)
            .await?;
        }
        let mut told = Vec::new();
        for (place, asked) in ready_for {
            let about = About {
                game: Some(analysis.game),
                place: *place,
            };
            let ready = EventKind::AnalysisReady {
                asked: asked.clone(),
                reach: place.reach,
            };
            told.extend(
                self.store
                    .events
                    .append_event(&mut tx, about, &ready, analysis.created_at)
                    .await?,
            );
        }
        self.store
            .events
            .commit_telling(tx, &told, !ready_for.is_empty())
            .await?;
        Ok(stored)
    }
}
