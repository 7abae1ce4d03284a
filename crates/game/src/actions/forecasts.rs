//! `forecast`: a player's conditional moves in a game — given, listed, cleared — and the answer
//! a forecast plays when the opponent's move is the one it expects. Lines belong to their owner
//! alone: every reply about them is private, and nothing of them reaches the game's record.

use crate::command::ForecastChange;
use crate::context::{Cx, Res, Said, no, said};
use crate::forecast::{self, Fault, Fit};
use crate::i18n::tr;
use crate::limits::{MAX_FORECAST_LINES, MAX_FORECAST_PLIES};
use crate::loaded::Loaded;
use crate::model::GameId;
use crate::present::{Mover, Voice};
use crate::reply::Reply;
use crate::rules;
use crate::seat::Seat;
use crate::service::Service;
use crate::store::ForecastLine;

/// `forecast [#ID] [MOVES… | clear]`.
pub(crate) async fn forecast(
    cx: &Cx<'_>,
    id: Option<GameId>,
    change: &ForecastChange,
) -> Res<Reply> {
    let lang = cx.lang;
    let seat = Seat::mine(cx, id).await?;
    let loaded = seat.loaded();
    let game = loaded.row().id;
    let me = cx.actor.id;
    if loaded.row().computer_level.is_some() {
        return Err(no!("forecast-computer"));
    }
    let record = forecast::record(loaded.game());
    // The lines as they stand now: what is left of each that still matches the game.
    let stored = cx.store().play().forecasts(game, me).await?;
    // On the owner's move only lines held by an offer are left (their first move is the
    // owner's); on the opponent's, every line that still matches.
    let mut lines: Vec<Vec<String>> = stored
        .iter()
        .filter(|l| !seat.to_move() || forecast::is_held(l, &record))
        .filter_map(|l| forecast::ahead(l, &record))
        .map(<[String]>::to_vec)
        .collect();
    match change {
        ForecastChange::List => {
            if lines.is_empty() {
                return Ok(Reply::private(tr!(lang, "forecast-none", id = game.0)));
            }
            if seat.to_move() {
                return Ok(Reply::private(held_listing(
                    cx,
                    loaded.game(),
                    game,
                    &lines,
                )));
            }
            Ok(Reply::private(listing(cx, loaded.game(), game, &lines)))
        }
        ForecastChange::Clear => {
            cx.store()
                .play()
                .set_forecasts(game, me, &[], cx.now())
                .await?;
            Ok(Reply::private(tr!(
                lang,
                "forecast-cleared",
                id = game.0,
                count = lines.len()
            )))
        }
        ForecastChange::Add(typed) => {
            if seat.to_move() {
                return Err(no!("forecast-your-move", id = game.0));
            }
            let several = typed.len() > 1;
            // Lines given that are already there (line, the one it is part of): a batch
            // keeps its new lines and says which were there.
            let mut covered: Vec<(usize, usize)> = Vec::new();
            for (n, words) in typed.iter().enumerate() {
                let number = n + 1;
                let new = checked_line(cx, loaded, words, several.then_some(number))?;
                match forecast::fit(&mut lines, new.clone()) {
                    Fit::Added | Fit::Extends(_) => {}
                    Fit::Covered(j) => covered.push((number, j + 1)),
                    Fit::Conflict { line, at } => {
                        let theirs_new = sans(loaded.game(), &new);
                        let old = sans(loaded.game(), &lines[line]);
                        return Err(no!(
                            "forecast-conflict",
                            line = number,
                            other = line + 1,
                            theirs = theirs_new[at - 1].as_str(),
                            new = theirs_new[at].as_str(),
                            old = old[at].as_str()
                        ));
                    }
                }
                if lines.len() > MAX_FORECAST_LINES {
                    return Err(no!("forecast-too-many", max = MAX_FORECAST_LINES));
                }
            }
            match covered.as_slice() {
                [(line, other)] if typed.len() == 1 => {
                    return Err(no!("forecast-covered", line = *line, other = *other));
                }
                all if all.len() == typed.len() => {
                    return Err(no!("forecast-all-covered", count = all.len()));
                }
                _ => {}
            }
            let from_ply = record.len() as u32;
            let keep: Vec<ForecastLine> = lines
                .iter()
                .map(|moves| ForecastLine {
                    from_ply,
                    moves: moves.clone(),
                })
                .collect();
            cx.store()
                .play()
                .set_forecasts(game, me, &keep, cx.now())
                .await?;
            let mut text = tr!(
                lang,
                "forecast-saved",
                id = game.0,
                count = typed.len() - covered.len()
            );
            if !covered.is_empty() {
                let numbers: Vec<String> = covered.iter().map(|(n, _)| n.to_string()).collect();
                text.push('\n');
                text.push_str(&tr!(
                    lang,
                    "forecast-already-there",
                    count = covered.len(),
                    lines = numbers.join(", ")
                ));
            }
            text.push('\n');
            text.push_str(&listing(cx, loaded.game(), game, &lines));
            Ok(Reply::private(text))
        }
    }
}

/// A typed line read move by move from the game's position, or the refusal naming the first
/// move that cannot be played and why (`line`: its number, when several were given).
fn checked_line(
    cx: &Cx<'_>,
    loaded: &Loaded,
    words: &[String],
    line: Option<usize>,
) -> Res<Vec<String>> {
    if words.len() > MAX_FORECAST_PLIES {
        return Err(no!(
            "forecast-too-long",
            line = line.unwrap_or(1),
            plies = words.len(),
            max = MAX_FORECAST_PLIES
        ));
    }
    let read = forecast::read_line(loaded.game(), words).map_err(|(i, fault)| {
        let why = match fault {
            // A line starts with the opponent's move: every other move is theirs.
            Fault::Move(error) => {
                let mover = if i % 2 == 0 {
                    Mover::Opponent
                } else {
                    Mover::You
                };
                Said::Move(error, mover)
            }
            Fault::Over(outcome) => said!(
                "forecast-over",
                outcome = cx.voice().outcome(loaded, outcome)
            ),
        };
        let text = words[i].as_str();
        match line {
            Some(line) => no!(
                "forecast-bad-move-in-line",
                line = line,
                number = i + 1,
                text = text,
                why = why
            ),
            None => no!("forecast-bad-move", number = i + 1, text = text, why = why),
        }
    })?;
    if read.len() % 2 == 1 {
        return Err(no!(
            "forecast-ends-with-theirs",
            line = line.unwrap_or(1),
            text = words[words.len() - 1].as_str()
        ));
    }
    Ok(read)
}

/// A line's moves in SAN, from the game's current position.
fn sans(game: &rules::Game, line: &[String]) -> Vec<String> {
    let mut game = game.clone();
    line.iter()
        .map(|coord| match game.play_input(coord) {
            Ok(_) => game.sans().last().cloned().unwrap_or_default(),
            Err(_) => coord.clone(),
        })
        .collect()
}

/// The lines, numbered, in SAN.
fn listing(cx: &Cx<'_>, game: &rules::Game, id: GameId, lines: &[Vec<String>]) -> String {
    let mut text = tr!(cx.lang, "forecast-list", id = id.0, count = lines.len());
    for (n, line) in lines.iter().enumerate() {
        text.push('\n');
        text.push_str(&format!("{}. {}", n + 1, sans(game, line).join(" ")));
    }
    text
}

/// The lines an offer held, numbered, in SAN: each starts with the owner's own move.
fn held_listing(cx: &Cx<'_>, game: &rules::Game, id: GameId, lines: &[Vec<String>]) -> String {
    let mut text = tr!(
        cx.lang,
        "forecast-held-list",
        id = id.0,
        count = lines.len()
    );
    for (n, line) in lines.iter().enumerate() {
        text.push('\n');
        text.push_str(&format!("{}. {}", n + 1, sans(game, line).join(" ")));
    }
    text
}

/// Plays the answer of the lines of the player now to move at `seat`, if one expects the move
/// just played: through the seat's guarded commit, like a typed move (so a second process
/// trying the same answer finds the game changed and plays nothing). Lines that no longer
/// match are dropped. Returns the answer in SAN; `None` when there is none to play (no line
/// matches, an offer of the opponent's waits for an answer, the game is over).
pub(crate) async fn answer(
    svc: &Service,
    voice: Voice<'_>,
    seat: &mut Seat<'_>,
) -> Res<Option<String>> {
    let row = seat.loaded().row();
    let (id, to_move) = (row.id, seat.loaded().to_move());
    let Some(owner) = row.player(to_move) else {
        return Ok(None);
    };
    if seat.loaded().game().outcome().is_some() || row.computer_level.is_some() {
        return Ok(None);
    }
    let lines = svc.store().play().forecasts(id, owner).await?;
    if lines.is_empty() {
        return Ok(None);
    }
    let record = forecast::record(seat.loaded().game());
    // A draw or takeback offer waits for the owner's own answer: a forecast move would
    // decline it, which is not the forecast's to decide. The lines are held from this ply, so
    // that no later sweep plays them over the owner's own move (after `draw decline`, say):
    // they stay, listed, and the move the owner makes decides which of them go on.
    if row.offer.is_some_and(|o| o.by != to_move) {
        let held = forecast::held(&lines, &record);
        if held != lines {
            svc.store()
                .play()
                .set_forecasts(id, owner, &held, svc.now())
                .await?;
        }
        return Ok(None);
    }
    let (next, kept) = forecast::answer(&lines, &record);
    let Some(mv) = next.and_then(|c| rules::read_move(seat.loaded().game().position(), &c).ok())
    else {
        // Nothing to answer: the lines that no longer match go; held ones wait for the
        // owner's move.
        let held: Vec<ForecastLine> = lines
            .into_iter()
            .filter(|l| forecast::is_held(l, &record))
            .collect();
        svc.store()
            .play()
            .set_forecasts(id, owner, &held, svc.now())
            .await?;
        return Ok(None);
    };
    let san = seat.play(svc, voice, mv).await?;
    // The answer stands; the lines are tidied after it. Should that fail, the lines left over
    // are still judged against the record, so nothing is played twice or out of turn.
    if let Err(error) = svc
        .store()
        .play()
        .set_forecasts(id, owner, &kept, svc.now())
        .await
    {
        tracing::warn!(game = id.0, %error, "the forecast lines could not be tidied after an answer");
    }
    Ok(Some(san))
}
