//! `analysis [#ID]`: the engine's look at a finished game, which anyone may ask for. The
//! analysis is computed once — through the process's [`AnalysisQueue`](crate::analysis_queue),
//! so it never delays moves — stored, and reused by every later request and by `export`.
//! A request that finds the engine busy is told its place in the line; the sweep posts its
//! answer when it is ready ([`Commands::deliver_analyses`]), once for everyone who asked in the
//! same place. One player waits for at most
//! [`ANALYSES_QUEUED_MAX`](crate::limits::ANALYSES_QUEUED_MAX) analyses at once.

use crate::analysis_queue::{Full, Ticket, Waiter};
use crate::context::{Cx, Refusal, Res, no};
use crate::engine::analysis::{Budget, Eval, GameAnalysis, PositionEval};
use crate::i18n::{Lang, tr};
use crate::limits::ANALYSES_QUEUED_MAX;
use crate::loaded::Loaded;
use crate::lookup;
use crate::model::{GameId, Place, PlayerId};
use crate::parts::Commands;
use crate::players::Players;
use crate::present::Voice;
use crate::present::analysis::analysis_text;
use crate::present::analysis_graph::{graph_labels, graph_png};
use crate::present::key_moments::{key_moment_pngs, key_moments};
use crate::reply::{Attachment, Notice, Reply};
use crate::rules::{self, Annotation, PgnTags};
use crate::service::Service;
use crate::store::{
    Corruption, Game as StoredGame, GameStatus, Missing, StoreError, StoredAnalysis, StoredEval,
};

/// `analysis [#ID]`: the game named, the one whose thread this is, or the asker's latest
/// finished game here.
pub(crate) async fn analysis(cx: &Cx<'_>, id: Option<GameId>) -> Res<Reply> {
    let lang = cx.lang;
    let row = match (id, cx.place.thread) {
        (Some(id), _) => cx.store().games().game(id).await?,
        (None, Some(thread)) => match cx.store().games().game_in_thread(thread).await? {
            Some(row) => Some(row),
            None => latest_with_moves(cx, true).await?,
        },
        (None, None) => latest_with_moves(cx, true).await?,
    };
    let Some(row) = row else {
        return match id {
            Some(id) => Err(no!("game-none", id = id.0)),
            None => Err(which(cx).await?),
        };
    };
    if row.status == GameStatus::Active {
        return Err(no!("analysis-in-progress", id = row.id.0));
    }
    let loaded = lookup::load(cx, row.id).await?;
    if loaded.game().ply() == 0 {
        return Err(no!("analysis-no-moves", id = row.id.0));
    }
    if let Some(stored) = cx.store().games().analysis(row.id).await? {
        let analysis = from_stored(loaded.game(), &stored)?;
        return Ok(reply(cx.svc, cx.voice(), &loaded, &analysis).await);
    }
    let waiter = Waiter {
        player: cx.actor.id,
        place: cx.place,
        lang,
    };
    match cx.svc.analyses.submit(row.id, loaded.game(), waiter) {
        Ok(Ticket::Now(result)) => {
            let Ok(answer) = result.await else {
                return Err(no!("analysis-failed", id = row.id.0));
            };
            let analysis = keep(cx.svc, &loaded, answer.analysis, &[]).await?;
            let mut reply = reply(cx.svc, cx.voice(), &loaded, &analysis).await;
            // Who else asked here meanwhile is answered by this very post.
            if !answer.also.is_empty() {
                let mut others = Vec::with_capacity(answer.also.len());
                for waiter in &answer.also {
                    others.push(cx.who(waiter.player).await);
                }
                reply.text = format!(
                    "{}\n{}",
                    tr!(
                        lang,
                        "analysis-ready",
                        player = others.join(", "),
                        id = row.id.0
                    ),
                    reply.text
                );
                reply.mentions = answer.also.iter().map(|w| w.player).collect();
            }
            Ok(reply)
        }
        // Finished a moment ago: stored now if it was not yet, and shown.
        Ok(Ticket::Ready(analysis)) => {
            let analysis = keep(cx.svc, &loaded, analysis, &[]).await?;
            Ok(reply(cx.svc, cx.voice(), &loaded, &analysis).await)
        }
        Ok(Ticket::Queued { ahead: 0 }) => {
            Ok(Reply::text(tr!(lang, "analysis-running", id = row.id.0)))
        }
        Ok(Ticket::Queued { ahead }) => Ok(Reply::text(tr!(
            lang,
            "analysis-queued",
            id = row.id.0,
            ahead = ahead
        ))),
        Err(Full { games }) => {
            let games: Vec<String> = games.iter().map(|g| format!("#{}", g.0)).collect();
            Err(no!(
                AtCap,
                "analysis-queue-full",
                count = games.len(),
                games = games.join(", "),
                max = ANALYSES_QUEUED_MAX
            ))
        }
    }
}

/// The asker's latest finished game with a move to look at, here (`here`) or anywhere.
async fn latest_with_moves(cx: &Cx<'_>, here: bool) -> Res<Option<StoredGame>> {
    Ok(lookup::my_finished_games(cx, here)
        .await?
        .into_iter()
        .find(|g| g.ply > 0))
}

/// "Which game?", with the asker's own latest finished games by number, if any.
async fn which(cx: &Cx<'_>) -> Res<Refusal> {
    let games: Vec<StoredGame> = lookup::my_finished_games(cx, false)
        .await?
        .into_iter()
        .filter(|g| g.ply > 0)
        .collect();
    Ok(match games.first() {
        None => no!("analysis-which"),
        Some(latest) => no!(
            "analysis-which-candidates",
            count = games.len(),
            list = lookup::game_choices(cx, &games).await,
            id = latest.id.0
        ),
    })
}
/// Stores `analysis` unless another process was first, and returns the one that stands.
async fn keep(
    svc: &Service,
    loaded: &Loaded,
    analysis: GameAnalysis,
    ready_for: &[(Place, Vec<PlayerId>)],
) -> Result<GameAnalysis, StoreError> {
    let stored = to_stored(loaded.row().id, loaded.game(), &analysis, svc);
    if svc
        .store()
        .games()
        .store_analysis(&stored, ready_for)
        .await?
    {
        return Ok(analysis);
    }
    match svc.store().games().analysis(loaded.row().id).await? {
        Some(theirs) => from_stored(loaded.game(), &theirs),
        None => Err(StoreError::NotFound(Missing::Analysis(loaded.row().id))),
    }
}

/// The reply: the text, the graph, the annotated record and a board of each key moment (a
/// picture that cannot be drawn is left out, and logged).
async fn reply(svc: &Service, voice: Voice<'_>, loaded: &Loaded, analysis: &GameAnalysis) -> Reply {
    let lang = voice.lang;
    let mut text = analysis_text(voice, loaded, analysis);
    let moments = key_moments(lang, loaded, analysis);
    let labels = graph_labels(lang, loaded);
    let size = svc.board_size;
    let (game, for_graph) = (loaded.game().clone(), analysis.clone());
    let drawn = tokio::task::spawn_blocking(move || {
        (
            graph_png(&game, &for_graph, &labels),
            key_moment_pngs(&moments, size, lang),
        )
    })
    .await;
    // A picture that cannot be drawn is logged and left out; the words and the record remain.
    let (graph, boards) = match drawn {
        Ok((graph, boards)) => (
            graph
                .inspect_err(|error| {
                    tracing::error!(game = loaded.id(), %error, "the evaluation graph could not be drawn");
                })
                .ok(),
            boards.unwrap_or_else(|error| {
                tracing::error!(game = loaded.id(), %error, "the key moments could not be drawn");
                Vec::new()
            }),
        ),
        Err(panicked) => {
            tracing::error!(game = loaded.id(), %panicked, "the analysis's pictures panicked");
            (None, Vec::new())
        }
    };
    if !boards.is_empty() {
        text.push('\n');
        text.push_str(&tr!(lang, "analysis-moments", count = boards.len()));
    }
    text.push('\n');
    text.push_str(&tr!(lang, "analysis-record"));
    let image = graph.map(|png| Attachment {
        filename: format!("rollerball-{}-analysis.png", loaded.id()),
        bytes: png,
    });
    let pgn = loaded.game().to_annotated_pgn(
        &pgn_tags(svc, loaded).await,
        &analysis.annotations(loaded.game()),
    );
    // The record first, then the boards in the order the text names their moments.
    let mut files = vec![Attachment {
        filename: format!("rollerball-{}-analysis.pgn", loaded.id()),
        bytes: pgn.into_bytes(),
    }];
    files.extend(boards);
    Reply {
        text,
        image,
        files,
        ..Reply::default()
    }
}

/// The tags of a game's record: English, it being a file for chess software.
pub(crate) async fn pgn_tags(svc: &Service, loaded: &Loaded) -> PgnTags {
    let players = Players::new(svc.store());
    let mut names = [String::new(), String::new()];
    for color in rules::Color::ALL {
        names[color.index()] = match (loaded.row().player(color), loaded.row().computer_level) {
            (Some(p), _) => players.name(p).await,
            (None, Some(level)) => tr!(Lang::En, "computer-name", level = level.get()),
            (None, None) => "?".to_string(),
        };
    }
    let (year, month, day) = loaded.row().created_at.utc_date();
    let [white, black] = names;
    // A tournament game is named after its event and round; a failed look-up only costs that.
    let (event, round) = match svc
        .store()
        .tournaments()
        .tournament_of_game(loaded.row().id)
        .await
    {
        Ok(Some((t, round))) => (
            format!("{} (Rollerball tournament #{})", t.name, t.id.0),
            round.to_string(),
        ),
        Ok(None) => (
            format!("Rollerball correspondence game #{}", loaded.id()),
            "-".to_string(),
        ),
        Err(error) => {
            tracing::warn!(game = loaded.id(), %error, "cannot look up a game's tournament");
            (
                format!("Rollerball correspondence game #{}", loaded.id()),
                "-".to_string(),
            )
        }
    };
    PgnTags {
        event,
        site: loaded.row().place.front_end().name().into(),
        date: format!("{year:04}.{month:02}.{day:02}"),
        round,
        white,
        black,
        // One move per so many seconds, as correspondence sites write days per move.
        time_control: Some(format!(
            "1/{}",
            u64::from(loaded.row().days_per_move.get()) * 86_400
        )),
    }
}

/// The annotations of a game's record, if it has been analysed (for `export`); none when it
/// has not, or the stored analysis cannot be read (logged: the record goes out plain).
pub(crate) async fn stored_annotations(svc: &Service, loaded: &Loaded) -> Vec<Annotation> {
    match svc.store().games().analysis(loaded.row().id).await {
        Ok(Some(stored)) => match from_stored(loaded.game(), &stored) {
            Ok(analysis) => analysis.annotations(loaded.game()),
            Err(error) => {
                tracing::error!(game = loaded.id(), %error, "a stored analysis cannot be read");
                Vec::new()
            }
        },
        Ok(None) => Vec::new(),
        Err(error) => {
            tracing::error!(game = loaded.id(), %error, "cannot look up a game's analysis");
            Vec::new()
        }
    }
}

impl Commands<'_> {
    /// Stores the analyses finished for players who were told to wait, and returns their
    /// answers: one post per game and place it was asked in, pinging everyone who asked
    /// there. Run by the sweep.
    pub(crate) async fn deliver_analyses(self) -> Vec<Notice> {
        let players = Players::new(self.service.store());
        let mut notices = Vec::new();
        for done in self.service.analyses.take_finished() {
            let id = done.game;
            let loaded = match Loaded::load(self.service.store(), &players, id).await {
                Ok(Some(loaded)) => loaded,
                failed => {
                    if let Err(refusal) = failed {
                        tracing::error!(game = id.0, error = %refusal, "cannot load an analysed game");
                    }
                    continue;
                }
            };
            // One answer for each place it was asked in, pinging everyone who asked there, in
            // the language of the first of them.
            let mut places: Vec<(Place, Vec<Waiter>)> = Vec::new();
            for waiter in done.waiters {
                match places.iter_mut().find(|(place, _)| *place == waiter.place) {
                    Some((_, here)) => here.push(waiter),
                    None => places.push((waiter.place, vec![waiter])),
                }
            }
            let ready_for: Vec<(Place, Vec<PlayerId>)> = places
                .iter()
                .map(|(place, here)| (*place, here.iter().map(|w| w.player).collect()))
                .collect();
            let analysis = match done.analysis {
                Some(analysis) => match keep(self.service, &loaded, analysis, &ready_for).await {
                    Ok(kept) => Some(kept),
                    Err(error) => {
                        tracing::error!(game = id.0, %error, "an analysis could not be kept");
                        None
                    }
                },
                // The engine's failure was logged where it failed.
                None => None,
            };
            for ((place, here), (_, asked)) in places.into_iter().zip(ready_for) {
                let lang = here[0].lang;
                notices.push(
                    self.analysis_notice(&players, &loaded, analysis.as_ref(), place, asked, lang)
                        .await,
                );
            }
        }
        notices
    }

    /// The answer, in `place`, to the players `asked` there who waited for `loaded`'s
    /// analysis (`None`: it failed), in `lang`.
    pub(crate) async fn analysis_notice(
        self,
        players: &Players<'_>,
        loaded: &Loaded,
        analysis: Option<&GameAnalysis>,
        place: Place,
        asked: Vec<PlayerId>,
        lang: Lang,
    ) -> Notice {
        let id = loaded.row().id;
        let voice = self.service.voice(lang);
        let mut askers = Vec::with_capacity(asked.len());
        for &player in &asked {
            let name = players.name(player).await;
            askers.push(voice.player(player, &name));
        }
        let mut reply = match analysis {
            Some(analysis) => {
                let mut reply = reply(self.service, voice, loaded, analysis).await;
                reply.text = format!(
                    "{}\n{}",
                    tr!(
                        lang,
                        "analysis-ready",
                        player = askers.join(", "),
                        id = id.0
                    ),
                    reply.text
                );
                reply
            }
            None => Reply::text(tr!(lang, "analysis-failed", id = id.0)),
        };
        reply.mentions = asked.clone();
        // Where the bot only answers commands it cannot post the answer: the askers are
        // told by direct message (text only: no graph, no record), and `analysis` there
        // then shows the stored one, whole, at once.
        reply.direct = self
            .service
            .sweeper()
            .instead_of_posting(players, place, asked, |voice| {
                tr!(voice.lang, "analysis-ready-direct", id = id.0)
            })
            .await;
        Notice { place, reply }
    }
}

/// An analysis as the store keeps it.
fn to_stored(
    game: GameId,
    record: &rules::Game,
    analysis: &GameAnalysis,
    svc: &Service,
) -> StoredAnalysis {
    let positions = record.positions();
    StoredAnalysis {
        game,
        nodes: analysis.budget.nodes,
        created_at: svc.now(),
        positions: analysis
            .positions
            .iter()
            .zip(&positions)
            .map(|(p, position)| StoredEval {
                centipawns: match p.eval {
                    Eval::Centipawns(cp) => Some(cp),
                    Eval::Mate { .. } => None,
                },
                mate: match p.eval {
                    Eval::Mate { winner, moves } => Some((winner, moves)),
                    Eval::Centipawns(_) => None,
                },
                best: p.best.map(|mv| rules::coordinate(position, mv)),
                pv: (!p.pv.is_empty()).then(|| {
                    let mut board = *position;
                    let moves: Vec<String> =
                        p.pv.iter()
                            .map(|&mv| {
                                let text = rules::coordinate(&board, mv);
                                board.play_unchecked(mv);
                                text
                            })
                            .collect();
                    moves.join(" ")
                }),
            })
            .collect(),
    }
}

/// A stored analysis of `record`'s game, read back against its positions.
pub(crate) fn from_stored(
    record: &rules::Game,
    stored: &StoredAnalysis,
) -> Result<GameAnalysis, StoreError> {
    let positions = record.positions();
    if stored.positions.len() != positions.len() {
        return Err(StoreError::Corrupt(Corruption::AnalysisLength {
            game: stored.game,
            stored: stored.positions.len(),
            positions: positions.len(),
        }));
    }
    let mut out = Vec::with_capacity(positions.len());
    for (ply, (p, position)) in stored.positions.iter().zip(&positions).enumerate() {
        let eval = match (p.centipawns, p.mate) {
            (Some(cp), None) => Eval::Centipawns(cp),
            (None, Some((winner, moves))) => Eval::Mate { winner, moves },
            _ => {
                return Err(StoreError::Corrupt(Corruption::AnalysisEval {
                    game: stored.game,
                    ply: ply as i64,
                }));
            }
        };
        let best = match &p.best {
            Some(text) => Some(rules::read_move(position, text).map_err(|error| {
                StoreError::Corrupt(Corruption::AnalysisBestMove {
                    game: stored.game,
                    text: text.clone(),
                    error,
                })
            })?),
            None => None,
        };
        let pv = match &p.pv {
            Some(line) => read_line(stored.game, position, line)?,
            // Stored before lines were kept: the best move alone.
            None => best.into_iter().collect(),
        };
        out.push(PositionEval { eval, best, pv });
    }
    Ok(GameAnalysis {
        budget: Budget {
            nodes: stored.nodes,
        },
        positions: out,
    })
}

/// A stored line (`c6-b6 c2-b3`) read back from `position`.
fn read_line(
    game: GameId,
    position: &rules::Position,
    line: &str,
) -> Result<Vec<rules::Move>, StoreError> {
    let mut board = *position;
    line.split_whitespace()
        .map(|text| {
            let mv = rules::read_move(&board, text).map_err(|error| {
                StoreError::Corrupt(Corruption::AnalysisBestMove {
                    game,
                    text: text.to_string(),
                    error,
                })
            })?;
            board.play_unchecked(mv);
            Ok(mv)
        })
        .collect()
}
