//! Whole games through the game service, one for each way a game ends, with a hand-driven
//! clock for reminders and time-outs; who may do what; two services racing on one database; and
//! a new service resuming every game. Each test runs on SQLite and, with `TEST_DATABASE_URL`,
//! on PostgreSQL.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use common::{PLACE, T0, World, alice, bob, carol, say_to, test_dbs};
use rollerball::game::RefusalReason::{
    IllegalMove, NotAllowed, NotYourMove, UnknownButton, Unreadable,
};
use rollerball::game::command::Setting;
use rollerball::game::{Actor, ButtonAction, Command, ManualClock, Reply, Request};
use rollerball::render;
use rollerball::store::{
    GameId, GameResult, GameStatus, Level, Place, PlayerId, Termination, Timestamp,
};

const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(86_400);

/// The worlds of a test, one per database.
async fn worlds(name: &str) -> Vec<World> {
    World::each(name).await
}

/// Alice challenges Bob with White; Bob accepts. Returns the new game's id.
async fn start(w: &World) -> GameId {
    let reply = w.ok(&alice(), "challenge <@102> white days 2").await;
    assert_eq!(reply.mentions, [PlayerId(102)]);
    assert!(matches!(
        reply.buttons[0].action,
        ButtonAction::AcceptChallenge(_)
    ));
    let reply = w.ok(&bob(), "accept").await;
    let id = reply.new_game.expect("a game starts");
    assert!(
        reply.text.contains("(White) vs <@102> (Black)"),
        "{}",
        reply.text
    );
    id
}

/// Plays SAN moves in turn, Alice first; returns the last reply.
async fn play(w: &World, moves: &str) -> Reply {
    let mut last = Reply::default();
    for (i, san) in moves.split_whitespace().enumerate() {
        let who = if i % 2 == 0 { alice() } else { bob() };
        // Bare moves and `move` commands both work.
        last = if i % 3 == 0 {
            w.chat(&who, san)
                .await
                .expect("a bare move by the player to move is played")
        } else {
            w.say(&who, &format!("move {san}")).await
        };
        assert!(!last.private, "{san}: {}", last.text);
    }
    last
}

/// A time as Discord's markup writes it.
fn relative_time(at: Timestamp) -> String {
    format!("<t:{}:R>", at.0.div_euclid(1000))
}

fn decode_size(png: &[u8]) -> (u32, u32) {
    // Width and height sit in the IHDR chunk, right after the 8-byte signature.
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let be = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

/// The size of a captioned board image at the default size.
fn captioned_size() -> (u32, u32) {
    let layout = render::Layout::new(render::DEFAULT_SIZE, rollerball::rules::Color::White);
    (render::DEFAULT_SIZE, layout.captioned().height())
}

async fn assert_finished(w: &World, id: GameId, result: GameResult, termination: Termination) {
    let g = w.game(id).await;
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.result, Some(result));
    assert_eq!(g.termination, Some(termination));
    assert_eq!(g.deadline, None);
}

#[tokio::test]
async fn checkmate_game() {
    for w in worlds("svc_mate").await {
        let id = start(&w).await;
        let last = play(&w, "c2b2 e7f6 Ba4 Rb7 Bxc6 ef5 Rd1 Bxc6 Rf2 Rd7 Rg2 Rxg2#").await;
        assert!(last.text.contains("played **Rxg2#**"), "{}", last.text);
        assert!(
            last.text.contains("checkmate, <@102> wins (0-1)"),
            "{}",
            last.text
        );
        assert_eq!(last.mentions, [PlayerId(101), PlayerId(102)]);
        let png = &last.image.as_ref().unwrap().bytes;
        // The board with its caption bars above and below.
        assert_eq!(decode_size(png), captioned_size());
        assert_eq!(last.buttons.len(), 1, "only Rematch once over");
        assert_finished(&w, id, GameResult::BlackWins, Termination::Checkmate).await;
        let moves = w.store.games().moves(id).await.unwrap();
        assert_eq!(moves.len(), 12);
        assert_eq!(moves[11].san, "Rxg2#");
        assert_eq!(moves[0].coord, "c2-b2");
        // Nothing more can be played.
        let text = w.refused(&alice(), &format!("move #{} Kd1", id.0)).await;
        assert!(text.contains("is over"), "{text}");
    }
}

#[tokio::test]
async fn the_board_names_its_game_and_players_in_the_readers_language() {
    for w in worlds("svc_caption").await {
        let id = start(&w).await;
        let last = play(&w, "c2-b1 e6-f5").await;
        // Exactly the board drawn from White's side (to move), named by both players and the
        // game's number, its words in English.
        let game = rollerball::rules::Game::replay(None, &["c2-b1", "e6-f5"]).unwrap();
        let view = render::BoardView::of_game(&game).with_caption(render::Caption {
            players: ["alice".into(), "bob".into()],
            game: format!("Game {}", id.0),
        });
        let want = render::render_png(&view, &render::Options::default()).unwrap();
        let png = &last.image.as_ref().unwrap().bytes;
        assert_eq!(decode_size(png), captioned_size());
        assert!(png == &want, "the reply's board is not the captioned board");
        // In French the words change, the picture's size does not.
        w.say(&alice(), "settings language fr").await;
        let board = w.say(&alice(), "board").await;
        let french = &board.image.as_ref().unwrap().bytes;
        assert_eq!(decode_size(french), captioned_size());
        assert!(french != &want, "the French board has the English words");
    }
}

#[tokio::test]
async fn throne_game() {
    for w in worlds("svc_throne").await {
        let id = start(&w).await;
        let last = play(
            &w,
            "c1b1 f5 a1 g4 b3 Bf5 a4 f6 a2 Rg7 a5 Rf7 b6 Bg6 c7+ Ke6 Kc1 Re7 Kb2 Rg7 Kb3 Bf5 \
                 a3 Rb6 Rb2 Rg6 Kb4 Ra6 Kb5 Kf7 Rc2 Kg7 b4 Re6 Rf1 Re7 Kc6 Rf7 b5 Re7 Kd6",
        )
        .await;
        assert!(
            last.text
                .contains("White's king reached the throne, <@101> wins (1-0)"),
            "{}",
            last.text
        );
        assert_finished(&w, id, GameResult::WhiteWins, Termination::Throne).await;
    }
}

#[tokio::test]
async fn stalemate_and_repetition_games() {
    for w in worlds("svc_draws").await {
        let id = start(&w).await;
        play(
            &w,
            "c1b2 e6f6 cb3 Bf3 b4 Ke6 Bb3 Bg4 Ra5 Kf5 Bxc6+ Rxc6 Ra6 g5 Rf2 Rf6 Rf1 Rf7 b5 f6 Rb1 \
             Re7 Ra1 Bd1 Rb7 Rf7 Ra2 f4 Ra5 Kg5 Rd7 Be2 Kxe2 Kg4 Rxf7+ g5 Rc7 g3 Rc6 f2+ Kxf2",
        )
        .await;
        assert_finished(&w, id, GameResult::Draw, Termination::Stalemate).await;

        // A second game in the same place: the first is over, so no number is needed.
        let reply = w.ok(&bob(), "challenge <@101> black").await;
        assert!(reply.text.contains("<@102> plays Black"), "{}", reply.text);
        let second = w.ok(&alice(), "accept").await.new_game.unwrap();
        let last = play(&w, "Rf1 Rb7 Rfe1 Rbc7 Rf1 Rb7 Rfe1 Rbc7").await;
        assert!(
            last.text.contains("the same position three times"),
            "{}",
            last.text
        );
        assert_finished(&w, second, GameResult::Draw, Termination::Repetition).await;
    }
}

#[tokio::test]
async fn resignation_agreement_and_abort() {
    for w in worlds("svc_endings").await {
        // Resignation asks first.
        let id = start(&w).await;
        play(&w, "b3 f5").await;
        let ask = w.say(&alice(), "resign").await;
        assert!(
            ask.private && ask.text.contains("cannot be undone"),
            "{}",
            ask.text
        );
        assert_eq!(ask.buttons[0].action, ButtonAction::ConfirmResign(id));
        assert_eq!(w.game(id).await.status, GameStatus::Active);
        let custom_id = ask.buttons[0].action.custom_id();
        let done = w.press(&alice(), &custom_id).await;
        assert!(done.text.contains("<@101> resigned"), "{}", done.text);
        assert_finished(&w, id, GameResult::BlackWins, Termination::Resignation).await;

        // A draw offered, declined by a move, offered again and accepted by button.
        let rematch = w.say(&bob(), &format!("rematch #{}", id.0)).await;
        assert!(
            rematch.text.contains("<@102> plays White"),
            "{}",
            rematch.text
        );
        let second = w.ok(&alice(), "accept").await.new_game.unwrap();
        assert_eq!(w.game(second).await.white, Some(PlayerId(102)));
        let offer = w.ok(&bob(), "draw").await;
        assert_eq!(offer.mentions, [PlayerId(101)]);
        assert_eq!(
            w.game(second).await.offer.map(|o| o.by),
            Some(rollerball::rules::Color::White)
        );
        w.refused(&bob(), "draw").await;
        // The offer stands through Bob's own move; Alice's move declines it.
        let moved = w.ok(&bob(), "b3").await;
        assert!(!moved.text.contains("Moving declines"), "{}", moved.text);
        assert!(
            moved.text.contains("<@102> offers a draw"),
            "{}",
            moved.text
        );
        assert!(w.game(second).await.offer.is_some());
        let moved = w.ok(&alice(), "f5").await;
        assert!(
            moved.text.contains("Moving declines the draw offer"),
            "{}",
            moved.text
        );
        assert_eq!(w.game(second).await.offer, None);
        w.ok(&alice(), "draw").await;
        let accept = ButtonAction::AcceptDraw(second).custom_id();
        let agreed = w.press(&bob(), &accept).await;
        assert!(agreed.text.contains("draw agreed"), "{}", agreed.text);
        assert_finished(&w, second, GameResult::Draw, Termination::Agreement).await;

        // Abort only before both sides have moved.
        w.ok(&alice(), "challenge <@102> white").await;
        let third = w.ok(&bob(), "accept").await.new_game.unwrap();
        w.ok(&alice(), "b3").await;
        w.ok(&bob(), "abort").await;
        assert_finished(&w, third, GameResult::NoResult, Termination::Abort).await;
        w.ok(&alice(), "challenge <@102> white").await;
        let fourth = w.ok(&bob(), "accept").await.new_game.unwrap();
        play(&w, "b3 f5").await;
        let text = w.refused(&alice(), "abort").await;
        assert!(text.contains("can no longer be aborted"), "{text}");
        assert_eq!(w.game(fourth).await.status, GameStatus::Active);
    }
}

#[tokio::test]
async fn takeback_and_more_time() {
    for w in worlds("svc_takeback").await {
        let id = start(&w).await;
        play(&w, "b3 f5 Rf1").await;
        let text = w.refused(&bob(), "takeback").await;
        assert!(text.contains("your own last move"), "{text}");
        w.ok(&alice(), "takeback").await;
        let back = w.ok(&bob(), "takeback accept").await;
        assert!(back.text.contains("take back **Rf1**"), "{}", back.text);
        let g = w.game(id).await;
        assert_eq!(g.ply, 2);
        assert_eq!(w.store.games().moves(id).await.unwrap().len(), 2);
        assert_eq!(g.fen, "2rbp2/2rk3/5p1/7/1P5/3KR2/2PBR2 w - 2");

        // Bob gives Alice two more days on her move.
        let before = g.deadline.unwrap();
        w.ok(&bob(), "moretime 2").await;
        let after = w.game(id).await.deadline.unwrap();
        assert_eq!(after.0 - before.0, 2 * 86_400_000);
        let text = w.refused(&alice(), "moretime 2").await;
        assert!(text.contains("It is your move"), "{text}");
    }
}

#[tokio::test]
async fn reminders_then_loss_on_time() {
    for w in worlds("svc_time").await {
        let id = start(&w).await; // 2 days per move
        // Both sides have moved: running out of time now loses the game (before, it would be
        // aborted).
        play(&w, "b3 f5 Rf1").await;
        assert!(w.sweep().await.is_empty());

        // At 80% of Bob's two days: the first reminder, once.
        w.clock.advance(DAY + 15 * HOUR);
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(
            notices[0]
                .reply
                .text
                .contains("<@102>, it's your move in **game #")
        );
        assert_eq!(notices[0].reply.mentions, [PlayerId(102)]);
        assert_eq!(notices[0].place, PLACE);
        assert!(w.sweep().await.is_empty());

        // Bob turns pings off: the last reminder still comes, without a ping.
        let saved = w.say(&bob(), "settings pings off").await;
        assert_eq!(
            saved.text,
            "Saved: language **en**, pings **off**, direct messages on your turn **off**."
        );
        w.clock.advance(7 * HOUR);
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1);
        assert!(
            notices[0].reply.text.starts_with("Last reminder"),
            "{}",
            notices[0].reply.text
        );
        assert!(notices[0].reply.mentions.is_empty());

        // The deadline passes: Bob loses on time.
        w.clock.advance(2 * HOUR);
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1);
        let text = &notices[0].reply.text;
        assert!(
            text.contains("did not move in time") && text.contains("<@101> wins on time"),
            "{text}"
        );
        assert!(notices[0].reply.image.is_some());
        assert_finished(&w, id, GameResult::WhiteWins, Termination::Time).await;
        assert!(w.sweep().await.is_empty());
    }
}

#[tokio::test]
async fn after_downtime_a_reminder_whose_deadline_passed_is_dropped_for_the_time_out() {
    for w in worlds("svc_late_reminders").await {
        let id = start(&w).await; // 2 days per move
        play(&w, "b3 f5").await;
        // The bot was down past Alice's deadline and both her reminders: the sweep tells the
        // time-out alone, with no "it's your move … if it passes, you lose on time" before it.
        w.clock.advance(6 * DAY);
        let notices = w.sweep().await;
        let texts: Vec<&str> = notices.iter().map(|n| n.reply.text.as_str()).collect();
        assert_eq!(texts.len(), 1, "{texts:?}");
        assert!(texts[0].contains("did not move in time"), "{}", texts[0]);
        assert!(notices[0].reply.direct.is_empty());
        assert_finished(&w, id, GameResult::BlackWins, Termination::Time).await;
        assert!(w.sweep().await.is_empty());
    }
}

#[tokio::test]
async fn challenges_expire_and_are_answered_only_by_the_right_people() {
    for w in worlds("svc_challenges").await {
        let reply = w.say(&alice(), "challenge <@101>").await;
        assert!(reply.private && reply.text.contains("can't challenge yourself"));
        let reply = w.say(&alice(), "challenge @bob").await;
        assert!(
            reply.private && reply.text.contains("Mention them"),
            "{}",
            reply.text
        );
        let dm = Place {
            server: None,
            ..PLACE
        };
        let reply = w.say_in(&alice(), dm, "challenge <@102>").await;
        assert!(
            reply.private && reply.text.contains("server channel"),
            "{}",
            reply.text
        );

        w.ok(&alice(), "challenge <@102>").await;
        let again = w.say(&alice(), "challenge <@102>").await;
        assert!(
            again.private && again.text.contains("already have challenge #1"),
            "{}",
            again.text
        );
        for (who, text) in [
            (carol(), "accept"),
            (alice(), "accept"),
            (carol(), "decline"),
            (bob(), "cancel"),
        ] {
            let reply = w.say(&who, text).await;
            assert!(reply.private, "{} `{text}`: {}", who.name, reply.text);
        }
        let reply = w.say(&carol(), "accept #1").await;
        assert_eq!(reply.text, "Challenge #1 is for <@102>, not for you.");
        let declined = w.ok(&bob(), "decline").await;
        assert!(
            declined.text.contains("declined challenge #1"),
            "{}",
            declined.text
        );

        // An open challenge anyone may take, which expires after a day.
        let open = w.ok(&alice(), "challenge casual").await;
        assert!(
            open.text.contains("Anyone here can accept challenge #2"),
            "{}",
            open.text
        );
        w.clock.advance(DAY + HOUR);
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1);
        assert!(
            notices[0]
                .reply
                .text
                .contains("Challenge #2 from <@101> expired")
        );
        let late = w.say(&carol(), "accept #2").await;
        assert!(
            late.private && late.text.contains("no longer open"),
            "{}",
            late.text
        );
    }
}

#[tokio::test]
async fn several_challenges_fit_and_the_example_is_the_command_typed() {
    for w in worlds("svc_several_challenges").await {
        // Alice has two challenges open here, one to Bob and one to anyone; Carol challenges Bob.
        w.ok(&alice(), "challenge <@102>").await;
        w.ok(&carol(), "challenge <@102>").await;
        w.ok(&alice(), "challenge").await;
        assert_eq!(
            w.refused(&alice(), "cancel").await,
            "Several challenges fit: #1 from <@101>, #3 from <@101>. Say which, for example \
             `cancel #1`."
        );
        // Each example is the asker's own command.
        assert!(
            w.refused(&bob(), "decline")
                .await
                .ends_with("Say which, for example `decline #1`.")
        );
        assert!(
            w.refused(&bob(), "accept")
                .await
                .ends_with("Say which, for example `accept #1`.")
        );
        let cancelled = w.ok(&alice(), "cancel #3").await;
        assert_eq!(cancelled.text, "<@101> withdrew challenge #3.");
    }
}

#[tokio::test]
async fn the_rights_matrix() {
    for w in worlds("svc_rights").await {
        let id = start(&w).await;
        play(&w, "b3").await;
        let n = id.0;
        // A stranger can look but not act.
        for text in [
            format!("move #{n} f5"),
            format!("resign #{n} confirm"),
            format!("draw #{n}"),
            format!("takeback #{n}"),
            format!("abort #{n}"),
            format!("moretime #{n} 1"),
        ] {
            let said = w.refused(&carol(), &text).await;
            assert!(said.contains("not playing in game"), "{text}: {said}");
        }
        let look = w.say(&carol(), &format!("game #{n}")).await;
        assert!(!look.private && look.image.is_some());
        assert!(look.buttons.is_empty(), "no game buttons for spectators");
        // A stranger's button press changes nothing.
        let press = w
            .press(&carol(), &ButtonAction::ConfirmResign(id).custom_id())
            .await;
        assert!(press.private);
        assert_eq!(w.game(id).await.status, GameStatus::Active);
        // Forged and foreign buttons.
        let forged = w.press(&bob(), "rb:resign-confirm:999").await;
        assert!(
            forged.private && forged.text.contains("no game #999"),
            "{}",
            forged.text
        );
        let junk = w.press(&bob(), "<@&1> drop table").await;
        assert!(junk.private);
        let refused = junk.refused.expect("a refusal");
        assert_eq!(
            (refused.reason, refused.message),
            (UnknownButton, "button-unknown")
        );
        // Out of turn, an illegal move, an unreadable one, an ambiguous one.
        let said = w.refused(&alice(), "move f5").await;
        assert!(said.contains("It is <@102>'s move"), "{said}");
        assert_eq!(w.chat(&alice(), "Rf1").await, None);
        let said = w.refused(&bob(), "move Kd3").await;
        assert!(said.contains("hole"), "{said}");
        let said = w.refused(&bob(), "move hello").await;
        assert!(said.contains("can't read"), "{said}");
        let said = w.refused(&bob(), "move f6").await;
        assert!(said.contains("could mean"), "{said}");
        // Each refusal says its kind (as the metrics count it) and its message, whatever the
        // words.
        for (who, text, kind) in [
            (alice(), "move f5" as &str, (NotYourMove, "not-your-move")),
            (bob(), "move Kd3", (IllegalMove, "move-illegal")),
            (bob(), "move hello", (IllegalMove, "move-unreadable")),
            (bob(), "move f6", (IllegalMove, "move-ambiguous")),
            (
                carol(),
                &format!("move f5 #{n}"),
                (NotAllowed, "game-not-yours"),
            ),
            (carol(), "move f5", (NotAllowed, "game-none-here")),
            (bob(), "frobnicate", (Unreadable, "command-unknown")),
        ] {
            assert_eq!(w.refusal(&who, text).await, kind, "{text}");
        }
        // On a finished game nobody acts.
        w.ok(&bob(), "resign confirm").await;
        for (who, text) in [
            (bob(), "move f5"),
            (alice(), "draw"),
            (alice(), "takeback"),
            (bob(), "abort"),
        ] {
            let said = w.refused(&who, &format!("{text} #{n}")).await;
            assert!(said.contains("is over"), "{text}: {said}");
        }
    }
}

#[tokio::test]
async fn looking_at_games() {
    for w in worlds("svc_views").await {
        let id = start(&w).await;
        play(&w, "b3 f5").await;
        let moves = w.say(&alice(), "moves e1").await;
        assert!(moves.private);
        assert!(
            moves.text.ends_with("legal moves for the rook on e1: Rf1"),
            "{}",
            moves.text
        );
        // Alone: grouped by piece, the king first and the pawns last, in the move list's SAN.
        let all = w.say(&alice(), "moves").await;
        assert_eq!(
            all.text,
            format!(
                "**Game #{}** · legal moves for White (8 moves):\nKing d2: Kc2\nRook e1: Rf1\n\
                 Rook e2: Rf2\nBishop d1: Bc2\nPawn b3: a4, b4\nPawn c1: b1, b2",
                id.0
            )
        );
        let history = w.say(&carol(), &format!("history #{}", id.0)).await;
        assert!(history.text.ends_with("1. b3 f5"), "{}", history.text);
        let games = w.say(&bob(), "games").await;
        assert!(
            games
                .text
                .contains("vs <@101> — you play Black — their move"),
            "{}",
            games.text
        );
        let export = w.say(&alice(), "export").await;
        // b3 and f5 are one move.
        assert_eq!(
            export.text,
            format!(
                "**Game #{}** · the record (1 move) and an animation of the game.",
                id.0
            )
        );
        let pgn = String::from_utf8(export.files[0].bytes.clone()).unwrap();
        assert!(
            pgn.contains("[White \"alice\"]\n[Black \"bob\"]\n[Result \"*\"]"),
            "{pgn}"
        );
        // Played on Discord, and not over yet.
        assert!(pgn.contains("\n[Site \"Discord\"]\n"), "{pgn}");
        assert!(pgn.contains("\n[Termination \"unterminated\"]\n"), "{pgn}");
        assert!(pgn.ends_with("1. b3 f5 *\n"), "{pgn}");
        assert_eq!(&export.files[1].bytes[..6], b"GIF89a");
        let rules = w.say(&carol(), "rules").await;
        assert!(rules.text.contains("throne") && rules.image.is_some());
        let help = w.say(&carol(), "help challenge").await;
        assert!(
            help.text.contains("Example: `challenge @bob white days 5`"),
            "{}",
            help.text
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_services_race_and_a_new_one_resumes() {
    for db in test_dbs("svc_race").await {
        let clock = Arc::new(ManualClock::new(Timestamp(T0.0)));
        let store = db.store_with(4).await;
        let a = Arc::new(World::service_on(store.clone(), clock.clone()));
        let b = Arc::new(World::service_on(db.store_with(4).await, clock.clone()));
        say_to(&a, &alice(), "challenge <@102> white").await;
        let id = say_to(&b, &bob(), "accept").await.new_game.unwrap();
        // Alice's move arrives at both processes at once, many times over.
        let mut tasks = Vec::new();
        for i in 0..16 {
            let service = if i % 2 == 0 { a.clone() } else { b.clone() };
            tasks.push(tokio::spawn(async move {
                say_to(&service, &alice(), "move b3").await
            }));
        }
        let mut played = 0;
        for task in tasks {
            let reply = task.await.unwrap();
            if !reply.private {
                played += 1;
            } else {
                assert!(
                    reply.text.contains("<@102>'s move") || reply.text.contains("changed while"),
                    "{}",
                    reply.text
                );
            }
        }
        assert_eq!(played, 1);
        assert_eq!(store.games().moves(id).await.unwrap().len(), 1);

        // A new service on the same database carries on.
        drop((a, b));
        let store = db.store().await;
        let c = World::service_on(store.clone(), clock);
        let reply = say_to(&c, &bob(), "f5").await;
        assert!(!reply.private, "{}", reply.text);
        let board = say_to(&c, &alice(), "board").await;
        assert!(board.text.contains("Last move: **f5**"), "{}", board.text);
        assert_eq!(store.games().game(id).await.unwrap().unwrap().ply, 2);
    }
}

#[tokio::test]
async fn a_game_moved_into_its_thread_is_played_there() {
    for w in worlds("svc_thread").await {
        let id = start(&w).await;
        assert_eq!(
            rollerball::discord::thread_name(&w.service.views().game_heading(id).await.unwrap()),
            format!("Game #{}: alice vs bob", id.0)
        );
        w.service.commands().attach_thread(id, 777).await.unwrap();
        let thread = Place {
            thread: Some(777),
            ..PLACE
        };
        // The legal moves are offered to the player to move only.
        let moves = w
            .service
            .views()
            .legal_moves_for(PlayerId(101), thread, None)
            .await;
        let start = rollerball::rules::Position::from_fen(rollerball::rules::START_FEN).unwrap();
        let legal: Vec<String> = rollerball::rules::legal_sans(&start)
            .into_iter()
            .map(|(_, san)| san)
            .collect();
        assert_eq!(moves, legal);
        assert!(
            w.service
                .views()
                .legal_moves_for(PlayerId(102), thread, None)
                .await
                .is_empty()
        );
        assert!(
            w.service
                .views()
                .legal_moves_for(PlayerId(103), thread, None)
                .await
                .is_empty()
        );
        assert_eq!(
            w.service
                .views()
                .legal_moves_for(PlayerId(101), PLACE, Some(id))
                .await,
            moves
        );
        // A bare move in the thread finds the game; chat and strangers get no answer.
        let san = moves[0].clone();
        assert!(w.chat_in(&bob(), thread, &san).await.is_none());
        assert!(w.chat_in(&alice(), thread, "hello").await.is_none());
        let reply = w
            .chat_in(&alice(), thread, &san)
            .await
            .expect("the move is played");
        assert!(!reply.private, "{}", reply.text);
        assert_eq!(w.game(id).await.ply, 1);
        assert_eq!(w.game(id).await.place.thread, Some(777));
        assert!(w.service.commands().attach_thread(id, 778).await.is_err());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_players_racing_for_an_open_challenge() {
    for db in test_dbs("svc_open_race").await {
        let clock = Arc::new(ManualClock::new(Timestamp(T0.0)));
        let a = World::service_on(db.store_with(2).await, clock.clone());
        let b = World::service_on(db.store_with(2).await, clock.clone());
        say_to(&a, &alice(), "challenge").await;
        let (bob, carol) = (bob(), carol());
        let (ra, rb) = tokio::join!(
            say_to(&a, &bob, "accept #1"),
            say_to(&b, &carol, "accept #1"),
        );
        let games: Vec<_> = [&ra, &rb].iter().filter_map(|r| r.new_game).collect();
        assert_eq!(games.len(), 1, "{} / {}", ra.text, rb.text);
        let loser = if ra.new_game.is_some() { &rb } else { &ra };
        assert!(loser.private, "{}", loser.text);
        assert!(
            loser.text.contains("taken, withdrawn or expired")
                || loser.text.contains("no longer open")
                || loser.text.contains("was accepted and became Game #1"),
            "{}",
            loser.text
        );
    }
}

#[tokio::test]
async fn games_against_the_computer() {
    use rollerball::rules::Position;
    for w in worlds("svc_computer").await {
        // Alice takes White against level 1: her move is answered at once.
        let start = w.ok(&alice(), "challenge computer level 1 white").await;
        let id = start.new_game.expect("the game starts at once");
        assert!(
            start
                .text
                .contains("<@101> (White) vs the level 1 computer (Black)"),
            "{}",
            start.text
        );
        assert_eq!(start.mentions, [PlayerId(101)]);
        let g = w.game(id).await;
        assert_eq!(
            (g.black, g.computer_level, g.rated),
            (None, Level::new(1), false)
        );
        let reply = w.ok(&alice(), "b3").await;
        assert!(
            reply.text.contains("The computer answered **"),
            "{}",
            reply.text
        );
        assert!(
            reply.text.contains("<@101> (White) to move"),
            "{}",
            reply.text
        );
        assert_eq!(w.store.games().moves(id).await.unwrap().len(), 2);

        // Offers: no draws, takebacks at once (her move and the computer's answer).
        let text = w.refused(&alice(), "draw").await;
        assert!(text.contains("does not agree to draws"), "{text}");
        let text = w.refused(&alice(), "moretime 1").await;
        assert!(text.contains("no clock"), "{text}");
        let back = w.ok(&alice(), "takeback").await;
        assert!(
            back.text.contains("<@101> took back **b3 "),
            "{}",
            back.text
        );
        assert_eq!(
            back.buttons.len(),
            3,
            "Move, Legal moves and Resign: no draw offers to the computer"
        );
        assert_eq!(w.game(id).await.ply, 0);

        // Resigning asks first, and names the computer (it was an empty name).
        let ask = w.say(&alice(), "resign").await;
        assert!(
            ask.private
                && ask.text.starts_with(&format!(
                    "Resign Game #{} against the level 1 computer? This cannot be undone.",
                    id.0
                )),
            "{}",
            ask.text
        );

        // Played to the end: the first legal move each time, until the game is over.
        for _ in 0..200 {
            let g = w.game(id).await;
            if g.status == GameStatus::Finished {
                break;
            }
            let position = Position::from_fen(&g.fen).unwrap();
            let mv = position.legal_moves()[0];
            let text = format!(
                "move #{} {}",
                id.0,
                rollerball::rules::coordinate(&position, mv)
            );
            w.ok(&alice(), &text).await;
        }
        let g = w.game(id).await;
        assert_eq!(
            g.status,
            GameStatus::Finished,
            "the game ends within 400 plies"
        );
        assert_eq!(w.store.games().moves(id).await.unwrap().len() as u32, g.ply);

        // With Black, the computer opens.
        let start = w.ok(&alice(), "challenge computer level 2 black").await;
        let second = start.new_game.unwrap();
        assert!(
            start.text.contains("The computer opened with **"),
            "{}",
            start.text
        );
        assert_eq!(w.game(second).await.ply, 1);
        // A rematch swaps colours and keeps the level.
        w.ok(&alice(), &format!("resign #{} confirm", second.0))
            .await;
        let again = w.ok(&alice(), &format!("rematch #{}", second.0)).await;
        let third = again.new_game.unwrap();
        let g = w.game(third).await;
        assert_eq!(
            (g.white, g.computer_level, g.ply),
            (Some(PlayerId(101)), Level::new(2), 0)
        );
    }
}

#[tokio::test]
async fn one_rematch_per_finished_game_the_second_asker_accepts_the_first() {
    for w in worlds("svc_one_rematch").await {
        let id = start(&w).await;
        play(&w, "b3 f5").await;
        w.ok(&alice(), "resign confirm").await;
        let asked = w.ok(&bob(), "rematch #1").await;
        assert!(asked.text.contains("<@102> plays White"), "{}", asked.text);
        assert_eq!(
            w.refused(&bob(), "rematch #1").await,
            "You already asked for a rematch of Game #1: challenge #2 waits for your opponent \
             (`cancel #2` withdraws it)."
        );
        // Alice asks too: she accepts Bob's, and one game begins, linked to the first.
        let begun = w.ok(&alice(), "rematch #1").await;
        let second = begun.new_game.expect("the rematch begins");
        let g = w.game(second).await;
        assert_eq!((g.white, g.rematch_of), (Some(PlayerId(102)), Some(id)));
        assert!(
            w.store
                .challenges()
                .open_challenges_by(PlayerId(101))
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            w.store
                .challenges()
                .open_challenges_by(PlayerId(102))
                .await
                .unwrap()
                .is_empty()
        );
        for who in [alice(), bob()] {
            assert_eq!(
                w.refused(&who, "rematch #1").await,
                format!(
                    "The rematch of Game #1 is Game #{}: one rematch per game.",
                    second.0
                )
            );
        }

        // Against the computer, twice: one game.
        let c = w
            .ok(&alice(), "challenge computer level 1 white")
            .await
            .new_game
            .unwrap();
        w.ok(&alice(), &format!("resign #{} confirm", c.0)).await;
        let again = w.ok(&alice(), &format!("rematch #{}", c.0)).await;
        let third = again.new_game.unwrap();
        assert_eq!(w.game(third).await.rematch_of, Some(c));
        assert_eq!(
            w.refused(&alice(), &format!("rematch #{}", c.0)).await,
            format!(
                "The rematch of Game #{} is Game #{}: one rematch per game.",
                c.0, third.0
            )
        );
    }
}

#[tokio::test]
async fn a_pending_draw_offer_is_shown_on_the_board_with_its_answers() {
    for w in worlds("svc_offer_board").await {
        let id = start(&w).await;
        play(&w, "b3").await;
        let actions = |reply: &Reply| -> Vec<ButtonAction> {
            reply.buttons.iter().map(|b| b.action).collect()
        };
        let board = w.ok(&alice(), "board").await;
        assert_eq!(
            actions(&board),
            [
                ButtonAction::Move(id),
                ButtonAction::LegalMoves(id),
                ButtonAction::OfferDraw(id),
                ButtonAction::Resign(id)
            ]
        );
        assert!(!board.text.contains("offers a draw"), "{}", board.text);
        w.ok(&bob(), "draw").await;
        let board = w.ok(&alice(), "board").await;
        assert!(
            board.text.contains(
                "\n<@102> offers a draw: <@101> may accept or decline it (a move declines it too)."
            ),
            "{}",
            board.text
        );
        assert_eq!(
            actions(&board),
            [
                ButtonAction::Move(id),
                ButtonAction::LegalMoves(id),
                ButtonAction::AcceptDraw(id),
                ButtonAction::DeclineDraw(id),
                ButtonAction::Resign(id)
            ]
        );
        let labels: Vec<&str> = board.buttons.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Move",
                "Legal moves",
                "Accept draw",
                "Decline draw",
                "Resign"
            ]
        );
        // Bob's own press of Accept is no answer to his own offer; Alice's is.
        assert_eq!(
            w.press_refused(&bob(), "rb:draw-accept:1").await,
            "Your draw offer in Game #1 stands until <@101> answers or moves."
        );
        let drawn = w.press(&alice(), "rb:draw-accept:1").await;
        assert!(
            drawn.text.contains("accepted the draw offer"),
            "{}",
            drawn.text
        );
    }
}

#[tokio::test]
async fn the_sweep_makes_a_computer_move_a_crash_left_undone() {
    for w in worlds("svc_computer_sweep").await {
        // As if the process died between Alice's game starting and the computer's first move.
        let store = &w.store;
        store
            .players()
            .upsert_player(PlayerId(101), "alice", T0)
            .await
            .unwrap();
        let mut new = common::new_game(101, 0);
        new.place = PLACE;
        new.white = None;
        new.black = Some(PlayerId(101));
        new.computer_level = Level::new(1);
        let g = store.play().create_game(&new, T0).await.unwrap();
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(
            notices[0].reply.text.contains("the computer answered **"),
            "{}",
            notices[0].reply.text
        );
        assert_eq!(notices[0].reply.mentions, [PlayerId(101)]);
        assert_eq!(w.game(g.id).await.ply, 1);
        assert!(w.sweep().await.is_empty());
    }
}

/// Says `text` as `who`, from a client whose locale is `locale`.
async fn say_in(w: &World, who: &Actor, locale: &str, text: &str) -> Reply {
    w.say_as(who, locale, text).await
}

fn labels(reply: &Reply) -> Vec<&str> {
    reply.buttons.iter().map(|b| b.label.as_str()).collect()
}

#[tokio::test]
async fn whole_paths_in_french_spanish_and_russian() {
    for w in worlds("svc_langs").await {
        // A challenge from a French client.
        let reply = say_in(&w, &alice(), "fr", "challenge <@102> white days 2").await;
        let expires = relative_time(T0.plus(DAY));
        assert_eq!(
            reply.text,
            format!(
                "<@101> défie <@102> pour une partie de Rollerball (classée, 2 jours par coup, \
                 <@101> joue les Blancs). Le défi #1 expire {expires}."
            )
        );
        assert_eq!(labels(&reply), ["Accepter", "Refuser"]);

        // Accepted from a Latin American Spanish client.
        let reply = say_in(&w, &bob(), "es-419", "accept").await;
        let deadline = relative_time(T0.plus_days(2));
        assert_eq!(
            reply.text,
            format!(
                "Empieza la **partida #1** (del desafío #1): <@101> (blancas) contra <@102> (negras), 2 días por \
                 jugada, puntuable.\nLe toca a <@101> (blancas) — el plazo vence {deadline}."
            )
        );
        assert_eq!(
            labels(&reply),
            ["Jugar", "Jugadas legales", "Ofrecer tablas", "Abandonar"]
        );

        // An illegal move and a move from a Russian client: the notation stays international.
        let refused = say_in(&w, &alice(), "ru", "move e7-f7").await;
        assert!(refused.private);
        assert_eq!(
            refused.text,
            "`e7-f7` здесь невозможен: фигура на e7 — чёрных, а сейчас ход белых"
        );
        let reply = say_in(&w, &alice(), "ru", "move b3").await;
        assert_eq!(
            reply.text,
            format!(
                "**Партия #1** · <@101> делает ход **b3**.\nХодит <@102> (чёрные) — срок {deadline}."
            )
        );
        assert_eq!(
            labels(&reply),
            ["Ход", "Допустимые ходы", "Предложить ничью", "Сдаться"]
        );

        // Help and rules.
        let help = say_in(&w, &bob(), "es-ES", "help move").await;
        assert_eq!(
            help.text,
            "**move** — Haz una jugada en notación algebraica (Rb7, cxb2, e6=R) o de casilla a \
             casilla (c2-b3). En el hilo de la partida basta con escribir la jugada.\nUso: \
             `move [#ID] MOVE`\nEjemplo: `move Rb7`\nEn Discord: `/rb move`"
        );
        let help = say_in(&w, &bob(), "fr", "help").await;
        assert!(
            help.text.starts_with(
                "**Rollerball** — parties par correspondance sur un échiquier en anneau. \
                 Commandes :\n• `challenge [@player | computer [level N]] [white|black|random] \
                 [days N] [casual]` — Défiez un joueur,"
            ),
            "{}",
            help.text
        );
        assert!(help.text.ends_with(
            "`help COMMANDE` en dit plus sur l'une d'elles, avec un exemple. `rules` explique le jeu."
        ));
        let rules = say_in(&w, &bob(), "ru", "rules").await;
        assert!(
            rules.text.starts_with(
                "**Rollerball** (Жан-Луи Казо, 1998) — это шахматы на кольце: доска 7×7"
            ),
            "{}",
            rules.text
        );
        assert!(rules.text.contains("\n• **Ладья** (R): скользит вперёд"));
        assert!(rules.image.is_some());

        // Bob chooses Russian for what he is not asked through a client: the sweep's reminder.
        let saved = w.say(&bob(), "settings language ru").await;
        assert_eq!(
            saved.text,
            "Сохранено: язык **ru**, упоминания **включены**, личные сообщения о вашем ходе **выключены**."
        );
        w.clock.advance(DAY + 15 * HOUR);
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(
            notices[0].reply.text,
            format!(
                "<@102>, ваш ход в **партии #1** — срок истекает {deadline}. Если он пройдёт, \
                 вам засчитают поражение по времени."
            )
        );
        // A prefix command without a client locale now answers him in Russian too.
        assert_eq!(
            w.say(&bob(), "takeback").await.text,
            "Вернуть можно только свой последний ход, пока соперник на него не ответил."
        );
    }
}

#[tokio::test]
async fn the_language_comes_from_the_players_choice_then_the_client_then_the_server() {
    for w in worlds("svc_lang_order").await {
        let ask = |locale: Option<&str>, command: Command| {
            Request::command(carol(), PLACE, command).in_locale(locale.map(String::from))
        };
        let games = |locale: Option<&str>| ask(locale, Command::Games);
        let english = "You have no game in progress. Start one with `challenge @player`.";
        let spanish = "No tienes ninguna partida en curso. Empieza una con `challenge @jugador`.";
        let french = "Vous n'avez aucune partie en cours. Lancez-en une avec `challenge @joueur`.";
        let russian = "У вас нет текущих партий. Начните партию командой `challenge @игрок`.";
        assert_eq!(w.answer(games(None)).await.text, english);

        // The server's preferred locale, as Discord reports it.
        w.service
            .languages()
            .remember_server_locale(5, "es-ES")
            .await
            .unwrap();
        assert_eq!(w.answer(games(None)).await.text, spanish);
        // Another server knows nothing of it.
        let elsewhere = Request {
            place: Place {
                server: Some(6),
                ..PLACE
            },
            ..games(None)
        };
        assert_eq!(w.answer(elsewhere).await.text, english);

        // The player's own choice beats the server's.
        let choose = |code: &str| {
            ask(
                None,
                Command::Settings {
                    change: Some(Setting::Language(code.into())),
                },
            )
        };
        let saved = w.answer(choose("fr-FR")).await;
        assert_eq!(
            saved.text,
            "Enregistré : langue **fr**, mentions **activées**, messages privés à votre tour **désactivés**."
        );
        assert_eq!(w.answer(games(None)).await.text, french);
        // A choice the player made beats their client's locale too (a slash command from an
        // English client, the console started in Russian).
        assert_eq!(w.answer(games(Some("ru"))).await.text, french);
        assert_eq!(w.answer(games(Some("en-GB"))).await.text, french);
        assert_eq!(w.answer(games(Some("de"))).await.text, french);
        assert_eq!(
            w.say_as(&carol(), "en-US", "help")
                .await
                .text
                .lines()
                .next(),
            Some(
                "**Rollerball** — parties par correspondance sur un échiquier en anneau. Commandes :"
            )
        );
        // Without a choice, the client's locale beats the server's.
        let dave = Request::command(common::dave(), PLACE, Command::Games);
        let from_russian_client = dave.in_locale(Some("ru".into()));
        assert_eq!(w.answer(from_russian_client).await.text, russian);

        // An unknown language is refused, saying which there are; nothing changes.
        let refused = w.answer(choose("de")).await;
        assert!(refused.private);
        assert_eq!(
            refused.text,
            "Je ne sais pas encore répondre en `de` ; les langues que je parle sont : en, fr, es, ru."
        );
        let player = w.store.players().player(PlayerId(103)).await.unwrap();
        assert_eq!(player.unwrap().language.as_deref(), Some("fr"));

        // `auto` forgets the choice: the server's language again.
        let saved = w.answer(choose("Auto")).await;
        assert_eq!(
            saved.text,
            "Guardado: idioma **es**, menciones **activadas**, mensajes directos en tu turno **desactivados**."
        );
        let player = w.store.players().player(PlayerId(103)).await.unwrap();
        assert_eq!(player.unwrap().language, None);
        assert_eq!(w.answer(games(None)).await.text, spanish);
    }
}

#[tokio::test]
async fn a_servers_locale_is_stored_once_and_refreshed_hourly() {
    for w in worlds("svc_server_locale").await {
        let store = &w.store;
        w.service
            .languages()
            .remember_server_locale(5, "fr")
            .await
            .unwrap();
        assert_eq!(
            store.players().server_locale(5).await.unwrap().as_deref(),
            Some("fr")
        );
        // Another process stores an older report; this one's unchanged report is not written
        // again within the hour…
        store
            .players()
            .set_server_locale(5, "ru", T0)
            .await
            .unwrap();
        w.service
            .languages()
            .remember_server_locale(5, "fr")
            .await
            .unwrap();
        assert_eq!(
            store.players().server_locale(5).await.unwrap().as_deref(),
            Some("ru")
        );
        // …but a changed one is at once, and an unchanged one after the hour.
        w.service
            .languages()
            .remember_server_locale(5, "es-ES")
            .await
            .unwrap();
        assert_eq!(
            store.players().server_locale(5).await.unwrap().as_deref(),
            Some("es-ES")
        );
        store
            .players()
            .set_server_locale(5, "ru", T0)
            .await
            .unwrap();
        w.clock.advance(2 * HOUR);
        w.service
            .languages()
            .remember_server_locale(5, "es-ES")
            .await
            .unwrap();
        assert_eq!(
            store.players().server_locale(5).await.unwrap().as_deref(),
            Some("es-ES")
        );
    }
}

/// Runs raw SQL on the world's database: for breaking what the store would never break.
async fn sql(w: &World, statement: &str) {
    sqlx::query(statement)
        .execute(w.store.pool())
        .await
        .unwrap_or_else(|e| panic!("{statement}: {e}"));
}

/// The players' table goes missing (a failing disk, a botched migration on the live database):
/// every look-up of a player fails, while games and moves can still be read and written.
async fn lose_the_players(w: &World) {
    sql(w, "ALTER TABLE players RENAME TO players_gone").await;
}

async fn find_the_players(w: &World) {
    sql(w, "ALTER TABLE players_gone RENAME TO players").await;
}

#[tokio::test]
async fn after_a_commit_nothing_is_a_refusal() {
    for w in worlds("svc_after_commit").await {
        let id = start(&w).await;
        lose_the_players(&w).await;
        // The move is committed; the look-ups that follow fail. The player is told the move
        // was played (not "nothing was changed"), and the player to move is still pinged.
        let reply = w.say(&alice(), "move b3").await;
        assert!(!reply.private, "{}", reply.text);
        assert!(
            reply.text.contains("<@101> played **b3**"),
            "{}",
            reply.text
        );
        assert!(reply.image.is_some());
        assert_eq!(reply.mentions, [PlayerId(102)]);
        assert_eq!(w.game(id).await.ply, 1);
        // The same for a game that ends: both players are pinged.
        let reply = w.say(&bob(), "resign confirm").await;
        assert!(!reply.private, "{}", reply.text);
        assert!(reply.text.contains("<@102> resigned"), "{}", reply.text);
        assert_eq!(reply.mentions, [PlayerId(101), PlayerId(102)]);
        assert_eq!(w.game(id).await.status, GameStatus::Finished);
        find_the_players(&w).await;
    }
}

#[tokio::test]
async fn the_sweep_delivers_each_claimed_notice_on_its_own() {
    let carol = carol();
    let dave = common::dave();
    for w in worlds("svc_sweep_each").await {
        // Two games run out of time together; the first one's record no longer replays.
        let broken = start(&w).await;
        w.play(broken, &alice(), &bob(), "b3 f5 Rf1").await;
        let sound = w.start(&carol, &dave, "days 2").await;
        w.play(sound, &carol, &dave, "b3 f5 Rf1").await;
        sql(
            &w,
            &format!(
                "UPDATE moves SET coord = 'a1-a2' WHERE game_id = {}",
                broken.0
            ),
        )
        .await;
        // A reminder comes due while the players cannot be looked up.
        w.advance(DAY + 15 * HOUR);
        lose_the_players(&w).await;
        let notices = w.sweep().await;
        let reminders: Vec<_> = notices
            .iter()
            .filter(|n| n.reply.text.contains("it's your move"))
            .collect();
        assert_eq!(reminders.len(), 2, "{notices:?}");
        assert!(
            reminders
                .iter()
                .any(|n| n.reply.mentions == [PlayerId(102)])
        );
        assert!(
            reminders
                .iter()
                .any(|n| n.reply.mentions == [PlayerId(104)])
        );
        find_the_players(&w).await;

        w.advance(DAY);
        let notices = w.sweep().await;
        let timeouts: Vec<_> = notices
            .iter()
            .filter(|n| n.reply.text.contains("did not move in time"))
            .collect();
        assert_eq!(timeouts.len(), 2, "{notices:?}");
        let told = |id: GameId| {
            let label = format!("**Game #{}**", id.0);
            timeouts
                .iter()
                .find(|n| n.reply.text.contains(&label))
                .unwrap_or_else(|| panic!("no time-out notice for game {}", id.0))
        };
        // The game that cannot be loaded is told without its board, to both players.
        let text_only = told(broken);
        assert!(text_only.reply.image.is_none());
        assert_eq!(text_only.reply.mentions, [PlayerId(101), PlayerId(102)]);
        let whole = told(sound);
        assert!(whole.reply.image.is_some());
        assert_eq!(w.game(sound).await.status, GameStatus::Finished);
        assert_eq!(w.game(broken).await.status, GameStatus::Finished);
        assert!(w.sweep().await.is_empty());
    }
}
