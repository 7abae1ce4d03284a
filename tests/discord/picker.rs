//! The move picker end to end: **Move** under the board, the private menus of pieces and
//! destinations (each choice updating the same private message), a move chosen and posted for
//! everyone as if typed, pages of "more…", a stale menu, a forged choice and a stranger. Every
//! request the bot sends is checked against Discord's schema by the fake.

use crate::bot::{
    ALICE, BOB, CAROL, CHANNEL, Started, answer, assert_board, clock, config, new_game,
    start_service,
};
use crate::common;
use crate::fake_discord::{FakeDiscord, GUILD, Recorded, check_payloads};

use rollerball::game::Service;
use rollerball::store::{Place, Reach, Store};
use serde_json::{Value, json};

/// The one select menu of an answer.
pub(crate) fn select(r: &Recorded) -> &Value {
    let rows = r.data()["components"].as_array().expect("components");
    assert_eq!(rows.len(), 1, "{}", r.json);
    assert_eq!(rows[0]["type"], 1);
    let menu = &rows[0]["components"][0];
    assert_eq!(menu["type"], 3, "a string select: {}", r.json);
    menu
}

pub(crate) fn menu_id(r: &Recorded) -> String {
    select(r)["custom_id"].as_str().unwrap().to_string()
}

pub(crate) fn labels(r: &Recorded) -> Vec<String> {
    select(r)["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap().to_string())
        .collect()
}

pub(crate) fn value(r: &Recorded, label: &str) -> String {
    select(r)["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["label"] == label)
        .unwrap_or_else(|| panic!("no {label} in {}", r.json))["value"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The first follow-up to an interaction after `from`.
pub(crate) async fn followed_up(fake: &FakeDiscord, from: usize, what: &str) -> Recorded {
    fake.wait_for(from, what, |r| {
        r.method == "POST" && r.path.starts_with("/api/v10/webhooks/") && r.status < 300
    })
    .await
}

/// `user` chooses the option labelled `label` of the menu in `shown`; the answer.
pub(crate) async fn choose(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
    shown: &Recorded,
    label: &str,
) -> Recorded {
    let from = fake.mark();
    let id = fake.choose(user, channel, &menu_id(shown), &[&value(shown, label)]);
    answer(fake, from, id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_picked_from_menus() {
    let Started {
        fake,
        db: _db,
        bot,
        store,
        ..
    } = Started::new().await;
    fake.user(CAROL, "Carol");
    let (g, thread) = new_game(&fake, &store, 3).await;
    let pick = format!("rb:pick:{}", g.0);

    // The board in the thread carries Move first.
    let board = fake
        .requests()
        .into_iter()
        .rev()
        .find(|r| r.method == "POST" && r.path == format!("/api/v10/channels/{thread}/messages"))
        .expect("the board in the thread");
    assert_eq!(board.buttons()[0], pick);
    let button = &board.data()["components"][0]["components"][0];
    assert_eq!(
        (button["label"].as_str(), button["style"].as_u64()),
        (Some("Move"), Some(1))
    );

    // Alice presses it: her pieces, privately.
    let from = fake.mark();
    let pressed = fake.press(ALICE, thread, &pick);
    let pieces = answer(&fake, from, pressed).await;
    assert_eq!(pieces.json["type"], 4);
    assert!(pieces.ephemeral());
    assert_eq!(
        pieces.content(),
        format!("**Game #{}** · your move (White): which piece?", g.0)
    );
    assert_eq!(select(&pieces)["placeholder"], "Choose a piece");
    assert_eq!(labels(&pieces), PIECES_AT_START);

    // A pawn: its moves take the menu's place.
    let pawn = choose(&fake, ALICE, thread, &pieces, "Pawn c2 — 3 moves").await;
    assert_eq!(pawn.json["type"], 7, "an update of the menu's message");
    assert_eq!(
        pawn.content(),
        format!(
            "**Game #{}** · where does the pawn on c2 go? (3 moves)",
            g.0
        )
    );
    assert_eq!(labels(&pawn), ["c2b1", "c2b2", "b3", "← back to pieces"]);
    assert_eq!(select(&pawn)["options"][0]["description"], "c2-b1");
    let back = choose(&fake, ALICE, thread, &pawn, "← back to pieces").await;
    assert_eq!(back.json["type"], 7);
    assert_eq!(labels(&back), PIECES_AT_START);

    // Carol presses Move: told whose move it is, privately.
    let from = fake.mark();
    let pressed = fake.press(CAROL, thread, &pick);
    let stranger = answer(&fake, from, pressed).await;
    assert!(stranger.ephemeral());
    assert_eq!(
        stranger.content(),
        format!(
            "In Game #{g} it is <@{ALICE}>'s move. Only its two players can move; you can follow it with `game #{g}`.",
            g = g.0
        )
    );

    // A forged choice: refused privately, nothing played.
    let from = fake.mark();
    let id = fake.choose(ALICE, thread, &menu_id(&pawn), &["m:Re5"]);
    let forged = answer(&fake, from, id).await;
    assert_eq!(forged.json["type"], 4);
    assert!(forged.ephemeral());
    assert_eq!(
        forged.content(),
        format!(
            "That choice is not one I offered for Game #{}; nothing was changed.",
            g.0
        )
    );
    assert!(store.games().moves(g).await.unwrap().is_empty());

    // b3: the menu's message says so, and the move is posted for everyone, with the board, as
    // `move b3` is.
    let from = fake.mark();
    let closed = choose(&fake, ALICE, thread, &pawn, "b3").await;
    assert_eq!(closed.json["type"], 7, "the menu's message updated");
    assert_eq!(
        closed.content(),
        format!(
            "You played **b3** in game #{}; the board is posted for everyone.",
            g.0
        )
    );
    assert_eq!(closed.data()["components"], json!([]), "the menu is gone");
    assert_eq!(closed.data()["embeds"], json!([]));
    let played = followed_up(&fake, from, "the move for everyone").await;
    assert!(!played.ephemeral(), "{}", played.json);
    assert!(
        played
            .content()
            .starts_with(&format!("**Game #{}** · <@{ALICE}> played **b3**.", g.0)),
        "{}",
        played.content()
    );
    assert_board(&played);
    assert_eq!(
        played.data()["allowed_mentions"]["users"],
        json!([BOB.to_string()])
    );
    assert_eq!(store.games().moves(g).await.unwrap()[0].coord, "c2-b3");

    // Bob answers by slash command; Alice's old menu is stale: a fresh one in its place.
    let from = fake.mark();
    let id = fake.slash(
        BOB,
        thread,
        "move",
        json!([{"name": "move", "type": 3, "value": "Rb6"}]),
        &[],
    );
    assert!(!answer(&fake, from, id).await.ephemeral());
    let stale = choose(&fake, ALICE, thread, &pawn, "c2b2").await;
    assert_eq!(stale.json["type"], 7);
    assert!(
        stale.content().starts_with(&format!(
            "The position in Game #{} has changed since that menu was opened",
            g.0
        )),
        "{}",
        stale.content()
    );
    assert!(menu_id(&stale).starts_with(&format!("rb:pieces:{}:2:", g.0)));
    assert_eq!(store.games().moves(g).await.unwrap().len(), 2);

    let violations = fake.violations();
    assert!(
        violations.is_empty(),
        "every body as Discord's schema wants: {violations:#?}"
    );
    bot.shut_down(&fake).await;
}

/// The pieces menu of the starting position.
const PIECES_AT_START: [&str; 4] = [
    "Rook e1 — 1 move",
    "Rook e2 — 1 move",
    "Pawn c1 — 2 moves",
    "Pawn c2 — 3 moves",
];

/// The rook's five pages in menus of five choices: three moves, "more…", "back to pieces".
const PAGES: [(usize, &[&str]); 5] = [
    (
        1,
        &[
            "Ra1+",
            "Rc1",
            "Ra2+",
            "more… (page 2 of 5)",
            "← back to pieces",
        ],
    ),
    (
        2,
        &[
            "Rb2",
            "Ra3+",
            "Rb3",
            "more… (page 3 of 5)",
            "← back to pieces",
        ],
    ),
    (
        3,
        &[
            "Ra4+",
            "Rb4",
            "Ra5+",
            "more… (page 4 of 5)",
            "← back to pieces",
        ],
    ),
    (
        4,
        &[
            "Rb5",
            "Ra6#",
            "Rb6",
            "more… (page 5 of 5)",
            "← back to pieces",
        ],
    ),
    (
        5,
        &["Ra7+", "Rb7+", "more… (page 1 of 5)", "← back to pieces"],
    ),
];

/// A position where White's rook on b1 has 14 moves.
const ROOK_FEN: &str = "3k3/7/7/7/7/7/1R4K w - 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_piece_with_more_moves_than_a_menu_holds() {
    let fake = FakeDiscord::start().await;
    check_payloads(&fake);
    let db = common::sqlite_db();
    let store = Store::connect(&db.url).await.expect("database");
    // Menus of five choices, so that a rook's moves need pages.
    let service = Service::new(store.clone(), clock())
        .with_rate_limit(None)
        .with_menu_size(5);
    let bot = start_service(&fake, store.clone(), service, config(&fake)).await;
    common::players(&store, &[ALICE, BOB]).await;
    let mut new = common::new_game(ALICE, BOB);
    new.place = Place {
        server: Some(GUILD),
        channel: CHANNEL,
        thread: None,
        reach: Reach::Posts,
    };
    new.start_fen = ROOK_FEN.to_string();
    let g = store.play().create_game(&new, common::T0).await.unwrap().id;

    let from = fake.mark();
    let pressed = fake.press(ALICE, CHANNEL, &format!("rb:pick:{}", g.0));
    let pieces = answer(&fake, from, pressed).await;
    let mut page = choose(&fake, ALICE, CHANNEL, &pieces, "Rook b1 — 14 moves").await;
    let mut pages = Vec::new();
    for _ in 0..5 {
        assert_eq!(page.json["type"], 7);
        pages.push((page.content(), labels(&page)));
        let more = labels(&page)
            .into_iter()
            .find(|l| l.starts_with("more…"))
            .expect("more…");
        page = choose(&fake, ALICE, CHANNEL, &page, &more).await;
    }
    let expected: Vec<(String, Vec<String>)> = PAGES
        .iter()
        .map(|(n, labels)| {
            (
                format!(
                    "**Game #{}** · where does the rook on b1 go? (14 moves) Page {n} of 5.",
                    g.0
                ),
                labels.iter().map(|l| l.to_string()).collect(),
            )
        })
        .collect();
    assert_eq!(pages, expected);
    // Past the last page, "more…" comes back to the first.
    assert_eq!(labels(&page), expected[0].1);
    let last = pages[4].1[0].clone();
    // A move of the last page, chosen there before "more…" came round, is played.
    let from = fake.mark();
    let id = fake.choose(ALICE, CHANNEL, &menu_id(&page), &[&format!("m:{last}")]);
    let closed = answer(&fake, from, id).await;
    assert_eq!(closed.json["type"], 7);
    let played = followed_up(&fake, from, "the move for everyone").await;
    assert!(!played.ephemeral());
    assert_eq!(store.games().moves(g).await.unwrap()[0].san, last);
    let violations = fake.violations();
    assert!(violations.is_empty(), "{violations:#?}");
    bot.shut_down(&fake).await;
}

/// When the bot is slow to answer, a choice in a menu is deferred as the menu's own update
/// (type 6), and its answer edits the menu's message: the next menu, then the line saying what
/// was played, the move itself followed up for everyone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_answer_to_a_menu_still_replaces_the_menu() {
    let fake = FakeDiscord::start().await;
    check_payloads(&fake);
    fake.user(ALICE, "Alice");
    fake.user(BOB, "Bob");
    let db = common::sqlite_db();
    let store = Store::connect(&db.url).await.expect("database");
    let service = Service::new(store.clone(), clock()).with_rate_limit(None);
    let mut config = config(&fake);
    config.defer_after = std::time::Duration::ZERO;
    let bot = start_service(&fake, store.clone(), service, config).await;
    common::players(&store, &[ALICE, BOB]).await;
    let mut new = common::new_game(ALICE, BOB);
    new.place = Place {
        server: Some(GUILD),
        channel: CHANNEL,
        thread: None,
        reach: Reach::Posts,
    };
    let g = store.play().create_game(&new, common::T0).await.unwrap().id;
    let edits = |from: usize| {
        fake.requests()
            .into_iter()
            .skip(from)
            .filter(|r| r.method == "PATCH" && r.path.ends_with("/messages/@original"))
            .collect::<Vec<_>>()
    };

    // Move: deferred, then the pieces menu as a private follow-up.
    let from = fake.mark();
    let pressed = fake.press(ALICE, CHANNEL, &format!("rb:pick:{}", g.0));
    assert_eq!(answer(&fake, from, pressed).await.json["type"], 5);
    let pieces = followed_up(&fake, from, "the pieces menu").await;
    assert!(pieces.ephemeral());

    // A pawn: the menu's own update is deferred, then its message edited.
    let from = fake.mark();
    let id = fake.choose(
        ALICE,
        CHANNEL,
        &menu_id(&pieces),
        &[&value(&pieces, "Pawn c2 — 3 moves")],
    );
    assert_eq!(answer(&fake, from, id).await.json["type"], 6);
    let pawn = fake
        .wait_for(from, "the menu edited", |r| {
            r.method == "PATCH" && r.path.ends_with("/messages/@original")
        })
        .await;
    assert_eq!(labels(&pawn), ["c2b1", "c2b2", "b3", "← back to pieces"]);

    // b3: the menu's message closed with the line, the move followed up for everyone.
    let from = fake.mark();
    let id = fake.choose(ALICE, CHANNEL, &menu_id(&pawn), &[&value(&pawn, "b3")]);
    assert_eq!(answer(&fake, from, id).await.json["type"], 6);
    let played = followed_up(&fake, from, "the move for everyone").await;
    assert!(!played.ephemeral());
    assert_board(&played);
    let closed = edits(from);
    assert_eq!(closed.len(), 1, "{closed:#?}");
    assert_eq!(
        closed[0].content(),
        format!(
            "You played **b3** in game #{}; the board is posted for everyone.",
            g.0
        )
    );
    assert_eq!(closed[0].json["components"], json!([]));
    assert_eq!(store.games().moves(g).await.unwrap()[0].coord, "c2-b3");
    let violations = fake.violations();
    assert!(violations.is_empty(), "{violations:#?}");
    bot.shut_down(&fake).await;
}
