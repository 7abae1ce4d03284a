//! Typing a move and the words around it (issue 42, "Typing a move"): what looks like a move
//! is answered as one (several moves, a lone letter, a figurine, a knight, castling), a false
//! capture, check or mate mark is corrected in the reply of a move that is played, an option
//! given twice is refused, and the records say each thing once and say whose.

use crate::common;

use common::{World, alice, bob};
use rollerball::game::RefusalReason::{IllegalMove, Unreadable};
use rollerball::game::{RefusalReason, Refused};

/// `line` by `who` is refused for `reason` with message `message`, in these words, and
/// changes nothing.
async fn refused_as(
    w: &World,
    who: &rollerball::game::Actor,
    line: &str,
    reason: RefusalReason,
    message: &'static str,
    words: &str,
) {
    let before = w.snapshot().await;
    let reply = w.say(who, line).await;
    let said = w.check_refusal(&before, &reply, line).await;
    assert_eq!(said, words, "{line}");
    assert_eq!(reply.refused, Some(Refused { reason, message }), "{line}");
}

#[tokio::test]
async fn what_looks_like_a_move_is_answered_as_a_move() {
    for w in World::each("typing_attempts").await {
        w.start(&alice(), &bob(), "").await;
        for (line, message, words) in [
            (
                "e6 f5",
                "move-two-squares",
                "`e6 f5` is two moves: send one move at a time. (As one move, e6 to f5 is not \
                 legal here: the piece on e6 is Black's, and it is White's move.)",
            ),
            (
                "b3 Rf1",
                "move-several",
                "`b3 Rf1` is 2 moves: send one move at a time.",
            ),
            (
                "b",
                "move-no-square",
                "`b` is not a move: a move names its destination square, like `b3`.",
            ),
            (
                "♚e6",
                "move-figurine",
                "`♚e6`: write the piece with its letter: `Ke6` (K king, R rook, B bishop; a \
                 pawn has no letter).",
            ),
            (
                "Nf3",
                "move-no-knights",
                "`Nf3`: Rollerball has no knights. Its pieces are the king (K), rooks (R), \
                 bishops (B) and pawns (no letter).",
            ),
            (
                "Qd4",
                "move-no-queens",
                "`Qd4`: Rollerball has no queens. Its pieces are the king (K), rooks (R), \
                 bishops (B) and pawns (no letter).",
            ),
            (
                "O-O",
                "move-no-castling",
                "`O-O`: Rollerball has no castling; the king moves one square at a time.",
            ),
        ] {
            refused_as(&w, &alice(), line, IllegalMove, message, words).await;
            // The same through the `move` command.
            refused_as(
                &w,
                &alice(),
                &format!("move {line}"),
                IllegalMove,
                message,
                words,
            )
            .await;
        }
        // A word a move cannot hold is still a mistyped command.
        refused_as(
            &w,
            &alice(),
            "wbe",
            Unreadable,
            "command-unknown-suggest",
            "I don't know the command `wbe`. Did you mean `web`? Type `help` for the list.",
        )
        .await;
        // A move with a space in it is one move.
        let reply = w.ok(&alice(), "c2 b3").await;
        assert!(
            reply
                .text
                .starts_with("**Game #1** · <@101> played **b3**.\n"),
            "{}",
            reply.text
        );
    }
}

#[tokio::test]
async fn a_false_mark_is_corrected_and_the_move_played() {
    for w in World::each("typing_marks").await {
        w.start(&alice(), &bob(), "").await;
        let first = |reply: rollerball::game::Reply| reply.text.lines().next().unwrap().to_string();
        assert_eq!(
            first(w.ok(&alice(), "cxb3").await),
            "**Game #1** · <@101> played **b3**. Note: `cxb3` marks a capture, but the move \
             takes nothing."
        );
        assert_eq!(
            first(w.ok(&bob(), "move f5+").await),
            "**Game #1** · <@102> played **f5**. Note: `f5+` marks check, but the move gives \
             none."
        );
        assert_eq!(
            first(w.ok(&alice(), "Rxf1#").await),
            "**Game #1** · <@101> played **Rf1**. Note: `Rxf1#` marks a capture, but the move \
             takes nothing. Note: `Rxf1#` marks mate, but the move is not even check."
        );
        // True marks, and none at all, pass without a word.
        let text = w.ok(&bob(), "Rb7").await.text;
        assert!(!text.contains("Note:"), "{text}");
        let sans: Vec<String> = w
            .moves(rollerball::store::GameId(1))
            .await
            .into_iter()
            .map(|m| m.san)
            .collect();
        assert_eq!(sans, ["b3", "f5", "Rf1", "Rb7"]);
    }
}

#[tokio::test]
async fn an_option_given_twice_is_refused_naming_both() {
    for w in World::each("typing_options").await {
        for (line, message, words) in [
            (
                "challenge <@102> days 1 days 14",
                "command-conflicting-options",
                "`days 1` and `days 14` say different things: keep the one you mean.",
            ),
            (
                "challenge <@102> white black",
                "command-conflicting-options",
                "`white` and `black` say different things: keep the one you mean.",
            ),
            (
                "challenge <@102> casual casual",
                "command-repeated-option",
                "`casual` and `casual` give the same option twice: keep one.",
            ),
            (
                "tournament create Spring double double",
                "command-repeated-option",
                "`double` and `double` give the same option twice: keep one.",
            ),
        ] {
            refused_as(&w, &alice(), line, Unreadable, message, words).await;
        }
    }
}

#[tokio::test]
async fn a_game_names_its_challenge_and_the_records_say_things_once() {
    for w in World::each("typing_records").await {
        w.ok(&alice(), "challenge <@102>").await;
        w.ok(&alice(), "cancel").await;
        w.ok(&alice(), "challenge <@102> white").await;
        let begins = w.ok(&bob(), "accept").await.text;
        assert_eq!(
            begins.lines().next().unwrap(),
            "**Game #1** (from challenge #2) begins: <@101> (White) vs <@102> (Black), 3 days \
             per move, rated."
        );
        let before = w.snapshot().await;
        let reply = w.say(&bob(), "accept #2").await;
        assert_eq!(
            w.check_refusal(&before, &reply, "accept #2").await,
            "Challenge #2 was accepted and became Game #1: the game goes by its own number \
             (`board #1`)."
        );
        assert_eq!(reply.refused.unwrap().message, "challenge-became-game");
        // Whose vacation a game waits on.
        w.say(&bob(), "vacation on 3").await;
        let games = w.say(&alice(), "games").await.text;
        assert!(
            games.contains("(<@102> is on vacation, ending <t:"),
            "{games}"
        );
        w.say(&bob(), "vacation off").await;
        w.ok(&alice(), "b3").await;
        w.ok(&bob(), "f5").await;
        w.ok(&alice(), "resign confirm").await;
        // The result once, and `history` and `export` without `#ID` take the game just over.
        assert_eq!(
            w.say(&alice(), "history").await.text,
            "**Game #1** · 1. b3 f5 — <@102> wins by resignation (0-1)"
        );
        let export = w.say(&bob(), "export").await;
        assert!(!export.private, "{}", export.text);
        assert_eq!(export.files[0].filename, "rollerball-1.pgn");
    }
}
