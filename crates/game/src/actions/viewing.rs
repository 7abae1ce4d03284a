//! Looking at games, which anyone may do: `board`, `game`, `moves`, `history`, `games`,
//! `export`, and `rules` with the start position.

use std::fmt::Write;

use crate::context::{Cx, Res, no};
use crate::i18n::tr;
use crate::lookup::{viewed_game, viewed_or_finished};
use crate::model::GameId;
use crate::present::board_words::{BoardWords, caption};
use crate::present::legal_list;
use crate::present::{Ping, rules_summary, side_key, yes_no};
use crate::render::{self, BoardView, GifOptions};
use crate::reply::{Attachment, Reply};
use crate::rules::{self, Color, Square};
use crate::store::Game as StoredGame;

/// `board [#ID]` and `game ID`: the board with who plays, the move number and the last move
/// (and the tournament it belongs to); the game's buttons for its players while it is played.
/// Without `#ID` and no game in progress here, the game just finished, as `history` takes it.
pub(crate) async fn board(cx: &Cx<'_>, id: Option<GameId>) -> Res<Reply> {
    let loaded = viewed_or_finished(cx, id).await?;
    let voice = cx.voice();
    let mut text = tr!(
        cx.lang,
        "board-header",
        id = loaded.id(),
        white = voice.side(&loaded, Color::White),
        black = voice.side(&loaded, Color::Black),
        number = loaded.game().position().fullmove()
    );
    if let Some(san) = loaded.game().sans().last() {
        text.push(' ');
        text.push_str(&tr!(cx.lang, "board-last-move", san = san));
    }
    if let Some(line) = cx
        .svc
        .views()
        .tournament_header(voice, loaded.row().id)
        .await
    {
        text.push('\n');
        text.push_str(&line);
    }
    text.push('\n');
    text.push_str(&voice.turn_line(&loaded));
    let playing = loaded.row().color_of(cx.actor.id).is_some();
    let buttons = playing && loaded.game().outcome().is_none();
    Ok(cx
        .svc
        .commands()
        .game_reply(voice, &loaded, text, Ping::Nobody, buttons)
        .await)
}

/// `moves [#ID] [SQUARE]`: the legal moves, or those of one piece marked on the board;
/// privately.
pub(crate) async fn moves(cx: &Cx<'_>, id: Option<GameId>, square: Option<Square>) -> Res<Reply> {
    let lang = cx.lang;
    let loaded = viewed_game(cx, id).await?;
    if loaded.game().outcome().is_some() {
        return Err(no!("moves-game-over", id = loaded.id()));
    }
    let position = *loaded.game().position();
    let view = BoardView::of_game(loaded.game());
    let id = loaded.id();
    let (mut text, view) = match square {
        Some(sq) => {
            let Some(piece) = position.piece_at(sq) else {
                return Err(no!("moves-no-piece", square = sq.name()));
            };
            if piece.color != position.side_to_move() {
                return Err(no!(
                    "moves-not-side",
                    piece = piece.kind.name(),
                    square = sq.name(),
                    owner = side_key(piece.color),
                    side = side_key(position.side_to_move())
                ));
            }
            let (square, piece) = (sq.name(), piece.kind.name());
            let text = match legal_list::grouped(&position, Some(sq)).pop() {
                Some(group) => tr!(
                    lang,
                    "moves-piece-list",
                    id = id,
                    piece = piece,
                    square = square,
                    moves = group.sans.join(", ")
                ),
                None => tr!(
                    lang,
                    "moves-piece-none",
                    id = id,
                    piece = piece,
                    square = square
                ),
            };
            (text, view.with_targets_from(sq))
        }
        None => {
            let side = side_key(position.side_to_move());
            let groups = legal_list::grouped(&position, None);
            let count: usize = groups.iter().map(|g| g.sans.len()).sum();
            let text = if groups.is_empty() {
                tr!(lang, "moves-side-none", id = id, side = side)
            } else {
                let lines: Vec<String> = groups
                    .iter()
                    .map(|g| {
                        tr!(
                            lang,
                            "moves-group",
                            piece = g.kind.name(),
                            square = g.from.name(),
                            moves = g.sans.join(", ")
                        )
                    })
                    .collect();
                tr!(
                    lang,
                    "moves-side-list",
                    id = id,
                    side = side,
                    count = count,
                    moves = lines.join("\n")
                )
            };
            (text, view.with_movable())
        }
    };
    let view = view.with_caption(caption(lang, &loaded));
    let image = match cx
        .svc
        .commands()
        .render(view, position.side_to_move(), lang)
        .await
    {
        Ok(png) => Some(Attachment {
            filename: format!("rollerball-{id}-moves.png"),
            bytes: png,
        }),
        Err(error) => {
            tracing::error!(game = id, %error, "the board could not be drawn");
            text.push('\n');
            text.push_str(&tr!(lang, "render-failed", error = error));
            None
        }
    };
    Ok(Reply {
        text,
        image,
        private: true,
        ..Reply::default()
    })
}

/// `history [#ID]`: the moves so far, numbered, and the result once over; privately.
pub(crate) async fn history(cx: &Cx<'_>, id: Option<GameId>) -> Res<Reply> {
    let loaded = viewed_or_finished(cx, id).await?;
    if loaded.game().ply() == 0 {
        return Ok(Reply::private(tr!(
            cx.lang,
            "history-empty",
            id = loaded.id()
        )));
    }
    let mut text = String::new();
    for (i, san) in loaded.game().sans().iter().enumerate() {
        if i % 2 == 0 {
            let _ = write!(text, "{}. ", i / 2 + 1);
        }
        text.push_str(san);
        text.push(' ');
    }
    // The outcome's words carry the result (`checkmate, @alice wins (1-0)`): said once.
    if let Some(outcome) = loaded.game().outcome() {
        return Ok(Reply::private(tr!(
            cx.lang,
            "history-ended",
            id = loaded.id(),
            moves = text.trim_end(),
            outcome = cx.voice().outcome(&loaded, outcome)
        )));
    }
    Ok(Reply::private(tr!(
        cx.lang,
        "history",
        id = loaded.id(),
        moves = text.trim_end()
    )))
}

/// `games`: the asker's games in progress, with their opponents, whose move it is, the
/// deadline and where each is played; privately.
pub(crate) async fn games(cx: &Cx<'_>) -> Res<Reply> {
    let me = cx.actor.id;
    let games = cx.store().games().active_games_of(me).await?;
    if games.is_empty() {
        return Ok(Reply::private(tr!(cx.lang, "games-none")));
    }
    let voice = cx.voice();
    let mut text = tr!(cx.lang, "games-header");
    for g in &games {
        let Some(color) = g.color_of(me) else {
            continue;
        };
        let opponent = opponent_of(cx, g, color).await;
        text.push('\n');
        text.push_str(&tr!(
            cx.lang,
            "games-line",
            id = g.id.0,
            opponent = opponent.as_str(),
            side = side_key(color),
            turn = yes_no(g.to_move == color),
            deadline = g.deadline.map(|at| voice.time(at)).unwrap_or_default(),
            channel = voice.place(g.place)
        ));
        if let Some(v) = away(cx, g.player(color.opponent())).await {
            text.push(' ');
            text.push_str(&tr!(
                cx.lang,
                "games-vacation",
                player = opponent.as_str(),
                until = voice.time(v.until)
            ));
        }
        if let Some(links) = cx.svc.links() {
            text.push(' ');
            text.push_str(&voice.url(&links.game(g.id)));
        }
    }
    Ok(Reply::private(text))
}

/// The vacation `player` is on, if they are a player and away.
async fn away(
    cx: &Cx<'_>,
    player: Option<crate::model::PlayerId>,
) -> Option<crate::store::Vacation> {
    let player = cx.players.get_or_log(player?).await?;
    player.vacation.filter(|v| v.until > cx.now())
}

/// Who plays against `color` in a stored game, as the reply shows them.
async fn opponent_of(cx: &Cx<'_>, g: &StoredGame, color: Color) -> String {
    let name = match g.player(color.opponent()) {
        Some(p) => cx.players.name(p).await,
        None => String::new(),
    };
    cx.voice().row_side(g, color.opponent(), &name)
}

/// `export [#ID]`: the game's PGN record (with the engine's annotations once it has been
/// analysed) and an animated GIF of it.
pub(crate) async fn export(cx: &Cx<'_>, id: Option<GameId>) -> Res<Reply> {
    let loaded = viewed_or_finished(cx, id).await?;
    // An analysed game's record carries the engine's evaluations and marks.
    let notes = super::analysis::stored_annotations(cx.svc, &loaded).await;
    let pgn = loaded
        .game()
        .to_annotated_pgn(&super::analysis::pgn_tags(cx.svc, &loaded).await, &notes);
    let game = loaded.game().clone();
    let mut options = GifOptions::default();
    options.board.size = cx.svc.board_size.min(480);
    let failed = |e: &dyn std::fmt::Display| no!("export-failed", error = e.to_string());
    let (lang, named) = (cx.lang, caption(cx.lang, &loaded));
    // A very long game's animation shows its end, drawn on one core: the record holds the
    // whole game, and the other cores stay with the players' moves.
    let first_ply = game.ply().saturating_sub(crate::views::GIF_PLIES);
    let gif = tokio::task::spawn_blocking(move || {
        let part = render::GifPart {
            first_ply,
            stop: &std::sync::atomic::AtomicBool::new(false),
            threads: 1,
        };
        render::render_gif_part(&game, &options, Some(&named), &BoardWords(lang), part)
    })
    .await
    .map_err(|e| failed(&e))?
    .map_err(|e| failed(&e))?;
    let mut text = tr!(
        cx.lang,
        "export-done",
        id = loaded.id(),
        count = loaded.game().move_count()
    );
    if first_ply > 0 {
        text.push('\n');
        text.push_str(&tr!(
            cx.lang,
            "web-gif-part",
            plies = crate::views::GIF_PLIES,
            total = loaded.game().ply()
        ));
    }
    if let Some(links) = cx.svc.links() {
        text.push('\n');
        let page = cx.voice().url(&links.game(loaded.row().id));
        text.push_str(&tr!(cx.lang, "web-link-line", page = page));
    }
    Ok(Reply {
        text,
        files: vec![
            Attachment {
                filename: format!("rollerball-{}.pgn", loaded.id()),
                bytes: pgn.into_bytes(),
            },
            Attachment {
                filename: format!("rollerball-{}.gif", loaded.id()),
                bytes: gif,
            },
        ],
        ..Reply::default()
    })
}

/// `rules`: the summary of the rules beside the start position.
pub(crate) async fn rules(cx: &Cx<'_>) -> Reply {
    let mut reply = Reply::text(rules_summary(cx.lang));
    match cx
        .svc
        .commands()
        .render(
            BoardView::new(rules::Position::start()),
            Color::White,
            cx.lang,
        )
        .await
    {
        Ok(png) => {
            reply.image = Some(Attachment {
                filename: "rollerball-start.png".into(),
                bytes: png,
            });
        }
        Err(error) => tracing::error!(%error, "the start position could not be drawn"),
    }
    reply
}
