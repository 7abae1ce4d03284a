//! `rollerball engine --uci`: the engine driven one command a line on standard input, in the
//! manner of chess's UCI, for match drivers (`tools/jocly-match`) and other programs. Besides
//! searching, it tells the legal moves and the outcome of a position by the rules of
//! `RULES.md`, so a driver never needs a copy of the rules.
//!
//! | command | answer |
//! |---|---|
//! | `position startpos [moves M…]`, `position fen F F F F [moves M…]` | `ok` |
//! | `legal` | `legal M M …` (coordinate form, sorted) |
//! | `outcome` | `outcome none`, or `outcome 1-0 checkmate`, `outcome 1/2-1/2 repetition`, … |
//! | `fen` | `fen …` |
//! | `go level N [seed S]`, `go depth N`, `go nodes N`, `go movetime MS` | `info depth … score … nodes … time … pv …`, then `bestmove M` |
//! | `isready` | `readyok` |
//! | `quit` (or the end of the input) | — |
//!
//! Moves are read in any notation the move reader accepts and written in coordinate form. A
//! command that cannot be done gets one line `error …` and changes nothing.

use std::io::{BufRead, Write};
use std::time::Duration;

use rollerball::engine::{self, Level, Limits, Settings};
use rollerball::rules::{Game, START_FEN, coordinate};

use super::support::{Outcome, game_after};

/// Reads commands from `input` until `quit` or its end, answering each on `out`.
pub fn run(input: impl BufRead, out: &mut impl Write) -> Outcome {
    let mut game = Game::new();
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"quit") {
            break;
        }
        match answer(&mut game, &words) {
            Ok(text) => write!(out, "{text}")?,
            Err(message) => writeln!(out, "error {message}")?,
        }
        out.flush()?;
    }
    Ok(())
}

/// The answer to one command (every line ending in a newline; nothing for an empty line).
fn answer(game: &mut Game, words: &[&str]) -> Result<String, String> {
    let Some((&command, args)) = words.split_first() else {
        return Ok(String::new());
    };
    match command {
        "isready" => Ok("readyok\n".into()),
        "position" => {
            *game = position(args)?;
            Ok("ok\n".into())
        }
        "legal" => {
            let p = game.position();
            let mut moves: Vec<String> = if game.outcome().is_some() {
                Vec::new()
            } else {
                p.legal_moves()
                    .iter()
                    .map(|&mv| coordinate(p, mv))
                    .collect()
            };
            moves.sort();
            Ok(format!("legal {}\n", moves.join(" ")).replace(" \n", "\n"))
        }
        "outcome" => Ok(match game.outcome() {
            None => "outcome none\n".into(),
            Some(o) => format!("outcome {} {}\n", o.result(), o.termination.as_str()),
        }),
        "fen" => Ok(format!("fen {}\n", game.position().to_fen())),
        "go" => go(game, args),
        other => Err(format!(
            "unknown command `{other}`: use position, legal, outcome, fen, go, isready or quit"
        )),
    }
}

/// The game `position startpos|fen F F F F [moves M…]` describes.
fn position(args: &[&str]) -> Result<Game, String> {
    let (fen, rest) = match args {
        ["startpos", rest @ ..] => (START_FEN.to_string(), rest),
        ["fen", rest @ ..] => {
            let end = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            (rest[..end].join(" "), &rest[end..])
        }
        _ => {
            return Err("use `position startpos [moves …]` or `position fen FEN [moves …]`".into());
        }
    };
    let moves = match rest {
        [] => &[][..],
        ["moves", moves @ ..] => moves,
        _ => return Err("after the position, only `moves` and the moves may follow".into()),
    };
    game_after(&fen, moves.iter().copied())
}

/// `go …`: the engine's move in the current position, with its score and line.
fn go(game: &Game, args: &[&str]) -> Result<String, String> {
    let number = |text: Option<&&str>, what: &str| -> Result<u64, String> {
        text.and_then(|t| t.parse().ok())
            .ok_or_else(|| format!("`go {what}` needs a whole number"))
    };
    let mut seed = 0;
    let settings = match args {
        ["level", rest @ ..] => {
            let n = number(rest.first(), "level")?;
            match rest.get(1..) {
                Some(["seed", s]) => seed = number(Some(s), "level N seed")?,
                Some([]) | None => {}
                _ => return Err("use `go level N [seed S]`".into()),
            }
            let level = u8::try_from(n)
                .ok()
                .and_then(Level::new)
                .ok_or_else(|| format!("level {n} does not exist: use 1 to 5"))?;
            Settings::of(level)
        }
        ["depth", d] => limited(Limits::depth(number(Some(d), "depth")? as u32)),
        ["nodes", n] => limited(Limits {
            nodes: Some(number(Some(n), "nodes")?),
            ..Limits::default()
        }),
        ["movetime", ms] => limited(Limits::movetime(Duration::from_millis(number(
            Some(ms),
            "movetime",
        )?))),
        _ => {
            return Err(
                "use `go level N [seed S]`, `go depth N`, `go nodes N` or `go movetime MS`".into(),
            );
        }
    };
    if let Some(outcome) = game.outcome() {
        return Err(format!("the game is over: {outcome}"));
    }
    let found = engine::best_move(game, &settings, seed).ok_or("no legal move")?;
    let mut p = *game.position();
    let mut pv = Vec::new();
    for &mv in &found.pv {
        pv.push(coordinate(&p, mv));
        p.play_unchecked(mv);
    }
    let score = match found.score {
        engine::Score::Centipawns(cp) => format!("cp {cp}"),
        engine::Score::Win { moves } => format!("win {moves}"),
        engine::Score::Loss { moves } => format!("loss {moves}"),
    };
    Ok(format!(
        "info depth {} score {score} nodes {} time {} pv {}\nbestmove {}\n",
        found.depth,
        found.nodes,
        found.elapsed.as_millis(),
        pv.join(" "),
        coordinate(game.position(), found.mv),
    ))
}

/// Full strength within `limits`.
fn limited(limits: Limits) -> Settings {
    Settings {
        limits,
        ..Settings::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(input: &str) -> String {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn answers_each_command_on_its_own_lines() {
        let out = session(
            "isready\nposition startpos moves c2b3 e6-f5\nlegal\noutcome\nfen\nposition fen k6/7/7/7/7/1R4K/7 w - 1\ngo depth 3\nquit\nlegal\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "readyok");
        assert_eq!(lines[1], "ok");
        assert!(
            lines[2].starts_with("legal ") && lines[2].contains(" b3-a4 "),
            "{out}"
        );
        assert_eq!(lines[3], "outcome none");
        assert_eq!(lines[4], "fen 2rbp2/2rk3/5p1/7/1P5/3KR2/2PBR2 w - 2");
        assert_eq!(lines[5], "ok");
        assert!(
            lines[6].starts_with("info depth 1 score win 1 nodes "),
            "{out}"
        );
        assert!(lines[6].ends_with(" pv b2-b1"), "{out}");
        assert_eq!(lines[7], "bestmove b2-b1");
        // Nothing after `quit`.
        assert_eq!(lines.len(), 8, "{out}");
    }

    #[test]
    fn legal_at_the_start_lists_exactly_the_starts_moves() {
        let out = session("legal\nposition startpos\nlegal\n");
        let p = *Game::new().position();
        let mut want: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|&mv| coordinate(&p, mv))
            .collect();
        want.sort();
        assert_eq!(want.len(), 7, "RULES.md: seven legal moves at the start");
        let line = format!("legal {}", want.join(" "));
        assert_eq!(out, format!("{line}\nok\n{line}\n"));
    }

    #[test]
    fn outcome_after_a_threefold_repetition_is_a_draw() {
        // A rook of each side steps aside and back twice: the start is on the board a third
        // time (one move earlier, only twice).
        let out = session(
            "position startpos moves e2-f2 c6-b6 f2-e2 b6-c6 e2-f2 c6-b6 f2-e2\noutcome\n\
             position startpos moves e2-f2 c6-b6 f2-e2 b6-c6 e2-f2 c6-b6 f2-e2 b6-c6\noutcome\nlegal\n",
        );
        assert_eq!(
            out,
            "ok\noutcome none\nok\noutcome 1/2-1/2 repetition\nlegal\n"
        );
    }

    #[test]
    fn a_finished_game_has_no_legal_move_and_says_how_it_ended() {
        let out = session("position fen k6/7/7/7/7/6K/1R5 b - 1\nlegal\noutcome\ngo level 3\n");
        assert_eq!(
            out,
            "ok\nlegal\noutcome 1-0 checkmate\nerror the game is over: white wins by checkmate\n"
        );
    }

    #[test]
    fn bad_commands_get_an_error_and_change_nothing() {
        let out = session(
            "position startpos moves c2-b3\nposition startpos moves c2-c3\nfen\nfly\ngo level 9\ngo nodes x\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "ok");
        assert!(lines[1].starts_with("error move 1 (`c2-c3`): "), "{out}");
        assert_eq!(lines[2], "fen 2rbp2/2rkp2/7/7/1P5/3KR2/2PBR2 b - 1");
        assert!(lines[3].starts_with("error unknown command `fly`"), "{out}");
        assert_eq!(lines[4], "error level 9 does not exist: use 1 to 5");
        assert_eq!(lines[5], "error `go nodes` needs a whole number");
    }

    #[test]
    fn a_level_with_a_seed_replays() {
        let ask = "position startpos moves c2-b3 e6-f5\ngo level 2 seed 7\n";
        let first = session(ask);
        assert!(
            first.lines().last().unwrap().starts_with("bestmove "),
            "{first}"
        );
        // The time on the info line may differ; the move may not.
        assert_eq!(first.lines().last(), session(ask).lines().last());
    }
}
