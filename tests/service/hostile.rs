//! Hostile input through the game service: each of these is refused with a clear answer, only to
//! the person who sent it, and changes nothing in the database — an over-long message, invisible
//! and direction-changing characters, `@everyone`, role and user mentions in a move or a
//! challenge, SQL-looking text, a challenge in a direct message, forged buttons, a stranger
//! pressing a game's buttons, and a flood of commands (the per-player rate limit). Each test runs
//! on SQLite and, with `TEST_DATABASE_URL`, on PostgreSQL.

use crate::common;

use std::time::Duration;

use common::{PLACE, TestDb, World, alice, bob, carol, dave, test_dbs};
use rollerball::game::rate::{BURST, REFILL_EVERY, slow_down};
use rollerball::game::{ButtonAction, Command, Lang, RateLimit, Reply, Request};
use rollerball::store::{GameId, Place, PlayerId, Reach};

/// The usage line of `challenge`, as the refusals of a bad one end.
const CHALLENGE_USAGE: &str =
    "Usage: `challenge [@player | computer [level N]] [white|black|random] [days N] [casual]`";
/// How a refused move says what a move looks like.
const MOVE_HINT: &str = "Write a move like `Rb7`, `cxb2`, `e6=R` (algebraic), or `c2-b3`, `c2b3`, `d7-e6=R` (from and to squares).";
/// How a refused challenge to a crowd or a role ends.
const OPEN_CHALLENGE: &str = "or leave the name out for an open challenge anyone here can accept.";

const DM: Place = Place {
    server: None,
    channel: 901,
    thread: None,
    reach: Reach::Posts,
};

/// The common world with a game between Alice (White) and Bob in the channel, one move played.
struct Hostile {
    world: World,
    game: GameId,
}

impl std::ops::Deref for Hostile {
    type Target = World;
    fn deref(&self) -> &World {
        &self.world
    }
}

impl Hostile {
    /// The world, with the rate limit off: these tests are about what is said, not how often.
    async fn new(db: TestDb) -> Hostile {
        Hostile::limited(db, None).await
    }

    async fn limited(db: TestDb, limit: Option<RateLimit>) -> Hostile {
        let world = World::limited(db, limit).await;
        world.ok(&alice(), "challenge <@102> white").await;
        let game = world.ok(&bob(), "accept").await.new_game.expect("a game");
        world.ok(&alice(), "b3").await;
        Hostile { world, game }
    }
}

async fn worlds(name: &str) -> Vec<Hostile> {
    let mut out = Vec::new();
    for db in test_dbs(name).await {
        out.push(Hostile::new(db).await);
    }
    out
}

const TOO_LONG: &str =
    "That message is too long (4000 characters); commands are short, such as `move Rb7`.";

#[tokio::test]
async fn a_4000_character_message_is_refused() {
    for w in worlds("hostile_long").await {
        let long = format!("move {}", "b3".repeat(1998));
        assert_eq!(long.chars().count(), 4001);
        let text = w.refused(&bob(), &"x".repeat(4000)).await;
        assert_eq!(text, TOO_LONG);
        let text = w.refused(&bob(), &long).await;
        assert_eq!(
            text,
            "That message is too long (4001 characters); commands are short, such as `move Rb7`."
        );
        // Four thousand characters of multi-byte text are counted as characters, not bytes.
        assert_eq!(w.refused(&bob(), &"é".repeat(4000)).await, TOO_LONG);
        // Typed in the game's place without a command, it is chat: no answer, no change.
        let before = w.snapshot().await;
        let long_chat = "f5 ".repeat(1333) + "f";
        assert_eq!(long_chat.len(), 4000);
        assert_eq!(w.chat(&bob(), &long_chat).await, None);
        assert_eq!(w.snapshot().await, before);
        // A move from a slash command's field, which no line parser saw, is held to the same.
        let reply = w
            .answer(Request::command(
                bob(),
                PLACE,
                Command::Move {
                    game: None,
                    text: "f".repeat(4000),
                },
            ))
            .await;
        assert_eq!(w.check_refusal(&before, &reply, "/rb move").await, TOO_LONG);
    }
}

#[tokio::test]
async fn invisible_and_direction_characters() {
    for w in worlds("hostile_unicode").await {
        // A right-to-left override makes `f5` show as `5f`, or hides what is really typed.
        let text = w.refused(&bob(), "move \u{202e}5f").await;
        assert_eq!(
            text,
            "That message contains an invisible text-direction character (U+202E), which makes text read differently from how it looks. Type the command again without it."
        );
        let text = w.refused(&bob(), "\u{2067}move f5\u{2069}").await;
        assert_eq!(
            text,
            "That message contains an invisible text-direction character (U+2067), which makes text read differently from how it looks. Type the command again without it."
        );
        let text = w.refused(&bob(), "f5\u{200f}").await;
        assert!(text.contains("(U+200F)"), "{text}");
        let text = w.refused(&alice(), "challenge <@103>\u{202d}").await;
        assert!(text.contains("(U+202D)"), "{text}");
        // The same in a slash command's move field.
        let before = w.snapshot().await;
        let reply = w
            .answer(Request::command(
                bob(),
                PLACE,
                Command::Move {
                    game: None,
                    text: "f\u{202e}5".into(),
                },
            ))
            .await;
        assert!(
            w.check_refusal(&before, &reply, "/rb move")
                .await
                .contains("(U+202E)")
        );
        // Right-to-left letters are no move: the move reader says so.
        let text = w.refused(&bob(), "move ב5").await;
        assert!(text.starts_with("I can't read `ב5` as a move."), "{text}");
        // As chat in the game's place, none of them is taken for a move.
        let before = w.snapshot().await;
        for chat in ["\u{202e}5f", "f5\u{200f}", "f\u{200b}5", "ב5"] {
            assert_eq!(w.chat(&bob(), chat).await, None);
        }
        assert_eq!(w.snapshot().await, before);
        // Zero-width characters alone hide nothing: they are dropped, and the move reads as it
        // looks.
        let reply = w.say(&bob(), "mo\u{200b}ve f\u{feff}5").await;
        assert!(!reply.private, "{}", reply.text);
        assert!(reply.text.contains("played **f5**"), "{}", reply.text);
    }
}

#[tokio::test]
async fn mentions_inside_a_move_or_a_challenge() {
    for w in worlds("hostile_mentions").await {
        assert_eq!(
            w.refused(&bob(), "move @everyone").await,
            format!("I can't read `@everyone` as a move. {MOVE_HINT}")
        );
        for text in [
            "move @here",
            "move <@&999>",
            "move <@101>",
            "move <@!101> f5",
        ] {
            let refusal = w.refused(&bob(), text).await;
            assert!(refusal.starts_with("I can't read `"), "{text}: {refusal}");
        }
        assert_eq!(
            w.refused(&carol(), "challenge @everyone").await,
            format!(
                "I never ping `@everyone`: a challenge is for one player (mention them), {OPEN_CHALLENGE}"
            )
        );
        assert_eq!(
            w.refused(&carol(), "challenge @here white").await,
            format!(
                "I never ping `@here`: a challenge is for one player (mention them), {OPEN_CHALLENGE}"
            )
        );
        assert_eq!(
            w.refused(&carol(), "challenge <@&999>").await,
            format!(
                "`<@&999>` is a role, and a challenge is for one player: mention them, {OPEN_CHALLENGE}"
            )
        );
        assert_eq!(
            w.refused(&carol(), "challenge <@101> <@102>").await,
            format!("`challenge` does not understand `<@102>`. {CHALLENGE_USAGE}")
        );
        // A challenge to one player pings that player only.
        let reply = w.say(&carol(), "challenge <@104>").await;
        assert!(!reply.private, "{}", reply.text);
        assert_eq!(reply.mentions, [PlayerId(104)]);
    }
}

#[tokio::test]
async fn sql_looking_text() {
    for w in worlds("hostile_sql").await {
        assert_eq!(
            w.refused(&bob(), "move '; DROP TABLE moves; --").await,
            format!("I can't read `'; DROP TABLE moves; --` as a move. {MOVE_HINT}")
        );
        assert_eq!(
            w.refused(&carol(), "challenge <@102>'); DROP TABLE games;--")
                .await,
            format!("`challenge` does not understand `<@102>');`. {CHALLENGE_USAGE}")
        );
        assert_eq!(
            w.refused(&carol(), "settings language en';DROP").await,
            "`settings` does not understand `en';DROP`. Usage: `settings [language CODE | pings on|off | dm on|off]`"
        );
        assert_eq!(
            w.refused(&carol(), "board #1;DELETE").await,
            "`#1;DELETE` is not a game number; game numbers look like `#12`."
        );
        assert_eq!(
            w.refused(&carol(), "SELECT * FROM players").await,
            "I don't know the command `SELECT`. Type `help` for the list of commands."
        );
        // The tables are all still there and the game goes on.
        let reply = w.say(&bob(), "f5").await;
        assert!(reply.text.contains("played **f5**"), "{}", reply.text);
        assert_eq!(w.store.games().moves(w.game).await.unwrap().len(), 2);
    }
}

#[tokio::test]
async fn a_challenge_in_a_direct_message_needs_a_server() {
    for w in worlds("hostile_dm").await {
        for text in [
            "challenge <@102>",
            "challenge",
            "challenge <@103> white days 5",
        ] {
            assert_eq!(
                w.refused_in(&alice(), DM, text).await,
                "Challenges are made where your opponent can see them: in a server channel, or in a DM or group DM with them once you have added the app to your account. Use the same command there.",
                "{text}"
            );
        }
        // Accepting in a direct message finds no open challenge of the channel there.
        w.say(&carol(), "challenge").await;
        assert_eq!(
            w.refused_in(&dave(), DM, "accept").await,
            "There is no challenge for you to accept here. Start one with `challenge @player`."
        );
    }
}

#[tokio::test]
async fn forged_buttons() {
    for w in worlds("hostile_buttons").await {
        let g = w.game.0;
        // Carol's own game with Dave, and a challenge from Carol to Dave.
        w.say(&carol(), "challenge <@104> white").await;
        let other = w
            .say(&dave(), "accept")
            .await
            .new_game
            .expect("a second game");
        let challenge = w.say(&carol(), "challenge <@104> black").await.buttons[0].action;
        let ButtonAction::AcceptChallenge(challenge) = challenge else {
            panic!("an accept button, not {challenge:?}");
        };
        // Alice presses buttons of Carol and Dave's game: she plays in it no more than a
        // stranger does.
        for action in ["draw", "draw-accept", "resign-confirm", "takeback-accept"] {
            assert_eq!(
                w.press_refused(&alice(), &format!("rb:{action}:{}", other.0))
                    .await,
                format!(
                    "You are not playing in game #{0}; only its two players can do that. You can still look at it with `game #{0}`.",
                    other.0
                )
            );
        }
        // A challenge for another player, and one that does not exist.
        assert_eq!(
            w.press_refused(&alice(), &format!("rb:accept:{}", challenge.0))
                .await,
            format!("Challenge #{} is for <@104>, not for you.", challenge.0)
        );
        assert_eq!(
            w.press_refused(&alice(), &format!("rb:decline:{}", challenge.0))
                .await,
            format!(
                "Challenge #{} is not yours to answer that way.",
                challenge.0
            )
        );
        assert_eq!(
            w.press_refused(&alice(), "rb:accept:999").await,
            "There is no challenge #999."
        );
        assert_eq!(
            w.press_refused(&alice(), "rb:resign-confirm:999").await,
            "There is no game #999."
        );
        // Accepting an offer nobody made, in one's own game.
        assert_eq!(
            w.press_refused(&bob(), &format!("rb:draw-accept:{g}"))
                .await,
            format!("There is no draw offer to accept in Game #{g}.")
        );
        // Ids the bot never makes.
        for forged in [
            "rb:draw",
            "rb:draw:0",
            "rb:draw:-1",
            "rb:draw:1:2",
            "rb:nuke:1",
            "rb:draw:99999999999999999999",
            "xx:draw:1",
            "rb:draw:1 OR 1=1",
            "",
            &"rb:draw:1".repeat(100),
        ] {
            assert_eq!(
                w.press_refused(&alice(), forged).await,
                "That button is not one of mine, or it is too old to use.",
                "{forged}"
            );
        }
    }
}

#[tokio::test]
async fn a_stranger_pressing_a_games_buttons() {
    for w in worlds("hostile_stranger").await {
        let g = w.game.0;
        // Bob offers a draw: its buttons are for Alice.
        let offer = w.say(&bob(), "draw").await;
        assert!(!offer.private, "{}", offer.text);
        let not_playing = format!(
            "You are not playing in game #{g}; only its two players can do that. You can still look at it with `game #{g}`."
        );
        for button in &offer.buttons {
            assert_eq!(
                w.press_refused(&carol(), &button.action.custom_id()).await,
                not_playing,
                "{}",
                button.label
            );
        }
        // The board's buttons (Bob's offer waits, so Alice's board answers it): Accept draw,
        // Decline draw and Resign are the players' alone; Move tells a stranger whose move it
        // is; Legal moves shows anyone the moves, privately, changing nothing.
        let board = w.say(&alice(), "board").await;
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
        for button in &board.buttons {
            let id = button.action.custom_id();
            if button.label == "Move" {
                assert_eq!(
                    w.press_refused(&carol(), &id).await,
                    format!(
                        "In Game #{g} it is <@102>'s move. Only its two players can move; you can follow it with `game #{g}`."
                    )
                );
            } else if button.label == "Legal moves" {
                let before = w.snapshot().await;
                let reply = w.press(&carol(), &id).await;
                assert!(reply.private && reply.mentions.is_empty());
                assert!(
                    reply.text.contains("legal moves for Black"),
                    "{}",
                    reply.text
                );
                assert_eq!(w.snapshot().await, before);
            } else {
                assert_eq!(w.press_refused(&carol(), &id).await, not_playing, "{id}");
            }
        }
        // The resignation confirmation is Alice's alone too.
        assert_eq!(
            w.press_refused(&dave(), &format!("rb:resign-confirm:{g}"))
                .await,
            not_playing
        );
    }
}

#[tokio::test]
async fn a_flood_of_commands_is_slowed_politely() {
    for db in test_dbs("hostile_flood").await {
        let w = Hostile::limited(db, Some(RateLimit::default())).await;
        // World::limited spent three commands: Alice's challenge and move, Bob's accept.
        w.clock.advance(REFILL_EVERY * BURST);
        let before = w.snapshot().await;
        for i in 0..BURST {
            let reply = w.say(&alice(), "history").await;
            assert_ne!(reply.text, slow_down(Lang::En), "command {i}");
        }
        // Over the limit: told once, politely and privately; nothing is done.
        let reply = w.say(&alice(), "resign confirm").await;
        assert_eq!(reply, Reply::private(slow_down(Lang::En)));
        assert_eq!(
            slow_down(Lang::En),
            "You're sending commands faster than I can take them — wait a few seconds and try again."
        );
        // A chat message may go unanswered: once told, the flood gets silence.
        assert_eq!(
            w.message(&alice(), "resign confirm", Vec::new()).await,
            None
        );
        // A button must be answered: it is told again, privately.
        let reply = w
            .press(&alice(), &format!("rb:resign-confirm:{}", w.game.0))
            .await;
        assert_eq!(reply, Reply::private(slow_down(Lang::En)));
        assert_eq!(w.snapshot().await, before);
        // Bob is not slowed by Alice.
        let reply = w.say(&bob(), "f5").await;
        assert!(reply.text.contains("played **f5**"), "{}", reply.text);
        let before = w.snapshot().await;

        // One refill later, one more command goes through; the next is refused again.
        w.clock.advance(REFILL_EVERY - Duration::from_millis(1));
        assert_eq!(
            w.chat(&alice(), "Rf2").await,
            None,
            "still over the limit, and already told"
        );
        w.clock.advance(Duration::from_millis(1));
        let reply = w.say(&alice(), "Rf2").await;
        assert!(reply.text.contains("played **Rf2**"), "{}", reply.text);
        assert_ne!(w.snapshot().await, before);
        let reply = w.say(&alice(), "board").await;
        assert_eq!(reply, Reply::private(slow_down(Lang::En)));

        // After a whole burst's worth of refills, a whole burst again.
        w.clock.advance(REFILL_EVERY * BURST);
        for i in 0..BURST {
            let reply = w
                .message(&alice(), "board", Vec::new())
                .await
                .expect("an answer");
            assert_ne!(reply.text, slow_down(Lang::En), "command {i}");
        }
        assert_eq!(
            w.message(&alice(), "board", Vec::new()).await,
            Some(Reply::private(slow_down(Lang::En)))
        );
    }
}

/// A name far past Discord's 32 characters (100,000, as another front end or an old row could
/// bring) is cut where it enters, and a newline in one is dropped: what is stored, and what
/// every record, page and picture of the player then shows, is at most 64 characters on one
/// line.
#[tokio::test]
async fn names_are_kept_short_and_on_one_line() {
    for db in test_dbs("long_names").await {
        let w = World::new(db).await;
        let long = common::actor(301, &"W".repeat(100_000));
        let broken = common::actor(302, "mallory\n[Result \"0-1\"]");
        let id = w.start(&long, &broken, "").await;
        let kept = w
            .store
            .players()
            .player(PlayerId(301))
            .await
            .unwrap()
            .unwrap()
            .name;
        assert_eq!(kept, format!("{}…", "W".repeat(63)));
        let kept = w
            .store
            .players()
            .player(PlayerId(302))
            .await
            .unwrap()
            .unwrap()
            .name;
        assert_eq!(kept, "mallory[Result \"0-1\"]");
        // The game's record names them as kept, each tag on its line.
        let view = w
            .service
            .views()
            .game_view(id, Lang::En)
            .await
            .unwrap()
            .unwrap();
        let pgn = w.service.views().game_pgn(&view).await;
        assert!(
            pgn.contains(&format!("[White \"{}…\"]\n", "W".repeat(63))),
            "{pgn}"
        );
        assert!(
            pgn.contains("[Black \"mallory[Result \\\"0-1\\\"]\"]\n"),
            "{pgn}"
        );
    }
}
