//! The move picker through the game service: **Move** opens a private menu of the pieces that
//! can move, a piece its destinations in SAN, a destination plays the move as typed; pages when
//! a menu would hold more than it may; and what it refuses — a stale menu (with a fresh one),
//! a forged or foreign choice, a stranger, a player whose move it is not — changing nothing.
//! Each test runs on SQLite and, with `TEST_DATABASE_URL`, on PostgreSQL.

use crate::common;

use std::sync::Arc;

use common::{PLACE, T0, World, alice, bob, carol, test_dbs};
use rollerball::discord::DiscordMarkup;
use rollerball::game::{
    Actor, ButtonAction, ManualClock, Menu, RefusalReason, Reply, Request, Service,
};
use rollerball::store::{PlayerId, StoredMove};

/// `who` chooses `value` in the menu `custom_id`.
async fn choose(w: &World, who: &Actor, custom_id: &str, value: &str) -> Reply {
    w.answer(Request::menu(
        who.clone(),
        PLACE,
        custom_id,
        vec![value.to_string()],
    ))
    .await
}

/// The one menu of a reply.
fn menu(reply: &Reply) -> &Menu {
    assert_eq!(reply.menus.len(), 1, "{reply:?}");
    &reply.menus[0]
}

/// A menu's labels.
fn labels(reply: &Reply) -> Vec<&str> {
    menu(reply)
        .options
        .iter()
        .map(|o| o.label.as_str())
        .collect()
}

/// The value of the option labelled `label`.
fn value_of(reply: &Reply, label: &str) -> String {
    menu(reply)
        .options
        .iter()
        .find(|o| o.label == label)
        .unwrap_or_else(|| panic!("no option {label} in {reply:?}"))
        .value
        .clone()
}

/// The coordinates of a game's stored moves.
fn coords(moves: &[StoredMove]) -> Vec<&str> {
    moves.iter().map(|m| m.coord.as_str()).collect()
}

/// A world whose picker menus hold at most `size` choices.
async fn world_with_menus(db: common::TestDb, size: usize) -> World {
    let store = db.store().await;
    let clock = Arc::new(ManualClock::new(T0));
    let service = Service::new(store.clone(), clock.clone())
        .with_rate_limit(None)
        .with_markup(Arc::new(DiscordMarkup))
        .with_menu_size(size);
    World::of(db, store, clock, service).await
}

#[tokio::test]
async fn pieces_then_destinations_then_the_move_as_typed() {
    for w in World::each("picker_flow").await {
        let g = w.start(&alice(), &bob(), "").await;
        let board = w.ok(&alice(), "board").await;
        let move_button = &board.buttons[0];
        assert_eq!(move_button.label, "Move");
        assert_eq!(move_button.action, ButtonAction::Move(g));
        assert_eq!(move_button.action.custom_id(), format!("rb:pick:{}", g.0));

        let pieces = w.press(&alice(), &move_button.action.custom_id()).await;
        assert!(pieces.private && !pieces.replaces && pieces.mentions.is_empty());
        assert_eq!(
            pieces.text,
            format!("**Game #{}** · your move (White): which piece?", g.0)
        );
        let start = menu(&pieces).custom_id.clone();
        assert!(
            start.starts_with(&format!("rb:pieces:{}:0:", g.0)),
            "{start}"
        );
        assert_eq!(menu(&pieces).placeholder, "Choose a piece");
        assert_eq!(labels(&pieces), PIECES_AT_START);

        let before = w.snapshot().await;
        let pawn = choose(
            &w,
            &alice(),
            &start,
            &value_of(&pieces, "Pawn c2 — 3 moves"),
        )
        .await;
        assert!(pawn.private && pawn.replaces);
        assert_eq!(
            pawn.text,
            format!(
                "**Game #{}** · where does the pawn on c2 go? (3 moves)",
                g.0
            )
        );
        assert_eq!(labels(&pawn), ["c2b1", "c2b2", "b3", "← back to pieces"]);
        let descriptions: Vec<Option<&str>> = menu(&pawn)
            .options
            .iter()
            .map(|o| o.description.as_deref())
            .collect();
        assert_eq!(
            descriptions,
            [Some("c2-b1"), Some("c2-b2"), Some("c2-b3"), None]
        );
        let to = menu(&pawn).custom_id.clone();
        assert_eq!(
            to,
            format!("{}:c2", start.replacen("rb:pieces:", "rb:to:", 1))
        );

        // Back to the pieces, the same menu as before, in the place of the pawn's.
        let back = choose(&w, &alice(), &to, "back").await;
        assert!(back.replaces);
        assert_eq!(labels(&back), PIECES_AT_START);
        assert_eq!(menu(&back).custom_id, start);
        assert_eq!(w.snapshot().await, before, "browsing changes nothing");

        // The move, exactly as `move b3` answers it.
        let played = choose(&w, &alice(), &to, &value_of(&pawn, "b3")).await;
        assert!(!played.private && !played.replaces, "{}", played.text);
        assert!(
            played
                .text
                .starts_with(&format!("**Game #{}** · <@101> played **b3**.", g.0))
        );
        assert!(played.image.is_some());
        assert_eq!(played.mentions, [PlayerId(102)]);
        assert_eq!(coords(&w.moves(g).await), ["c2-b3"]);
        // Typed in a twin game, the same move gets the same words.
        let twin = w.start(&alice(), &bob(), "").await;
        let typed = w.ok(&alice(), &format!("move #{} b3", twin.0)).await;
        assert_eq!(
            played.text,
            typed
                .text
                .replace(&format!("#{}", twin.0), &format!("#{}", g.0))
        );
        // The same picture, but for the game's number in the bar above the board.
        let decode = |reply: &Reply| {
            image::load_from_memory(&reply.image.as_ref().unwrap().bytes)
                .unwrap()
                .to_rgb8()
        };
        let (played_png, typed_png) = (decode(&played), decode(&typed));
        assert_eq!(played_png.dimensions(), typed_png.dimensions());
        let differing_rows: Vec<u32> = (0..played_png.height())
            .filter(|&y| {
                (0..played_png.width())
                    .any(|x| played_png.get_pixel(x, y) != typed_png.get_pixel(x, y))
            })
            .collect();
        assert!(!differing_rows.is_empty(), "the game's number is named");
        assert!(
            differing_rows.iter().all(|&y| y < played_png.height() / 8),
            "only the top bar differs: rows {differing_rows:?}"
        );
        assert_eq!(labels_of_buttons(&played), labels_of_buttons(&typed));
    }
}

fn labels_of_buttons(reply: &Reply) -> Vec<&str> {
    reply.buttons.iter().map(|b| b.label.as_str()).collect()
}

/// The pieces menu of the starting position.
const PIECES_AT_START: [&str; 4] = [
    "Rook e1 — 1 move",
    "Rook e2 — 1 move",
    "Pawn c1 — 2 moves",
    "Pawn c2 — 3 moves",
];

#[tokio::test]
async fn the_picker_speaks_the_players_language() {
    for w in World::each("picker_languages").await {
        let g = w.start(&alice(), &bob(), "").await;
        let pick = ButtonAction::Move(g).custom_id();
        let open = |locale: &'static str| {
            Request::button(alice(), PLACE, pick.clone()).in_locale(Some(locale.into()))
        };
        for (locale, text, first, placeholder) in [
            (
                "fr",
                "**Partie #1** · à vous de jouer (Blancs) : quelle pièce ?",
                "Tour e1 — 1 coup",
                "Choisissez une pièce",
            ),
            (
                "es-ES",
                "**Partida #1** · te toca mover (blancas): ¿qué pieza?",
                "Torre e1 — 1 jugada",
                "Elige una pieza",
            ),
            (
                "ru",
                "**Партия #1** · ваш ход (белые): какой фигурой?",
                "Ладья e1 — 1 ход",
                "Выберите фигуру",
            ),
        ] {
            let pieces = w.answer(open(locale)).await;
            assert_eq!(pieces.text, text);
            assert_eq!(labels(&pieces)[0], first);
            assert_eq!(menu(&pieces).placeholder, placeholder);
        }
        // The destinations: SAN stays international; the way back is translated.
        let pieces = menu(&w.answer(open("ru")).await).custom_id.clone();
        let request =
            Request::menu(alice(), PLACE, pieces, vec!["c2".into()]).in_locale(Some("ru".into()));
        let pawn = w.answer(request).await;
        assert_eq!(
            pawn.text,
            "**Партия #1** · куда пойдёт пешка с c2? (3 хода)"
        );
        assert_eq!(labels(&pawn), ["c2b1", "c2b2", "b3", "← назад к фигурам"]);
    }
}

#[tokio::test]
async fn a_stale_menu_is_refused_with_a_fresh_one() {
    for w in World::each("picker_stale").await {
        let g = w.start(&alice(), &bob(), "").await;
        let pick = ButtonAction::Move(g).custom_id();
        // Two devices open the picker; one of them plays.
        let first = w.press(&alice(), &pick).await;
        let pieces = menu(&first).custom_id.clone();
        let rook = choose(&w, &alice(), &pieces, "e2").await;
        let to = menu(&rook).custom_id.clone();
        w.play(g, &alice(), &bob(), "b3").await;
        // Now it is Bob's move: Alice's old menus say so.
        let before = w.snapshot().await;
        let not_yours = choose(&w, &alice(), &to, "m:Rf2").await;
        assert_eq!(
            w.check_refusal(&before, &not_yours, "a menu out of turn")
                .await,
            format!(
                "It is <@102>'s move in Game #{}, not yours. I'll ping you when it's your turn.",
                g.0
            )
        );
        let refused = not_yours.refused.expect("a refusal");
        assert_eq!(
            (refused.reason, refused.message),
            (RefusalReason::NotYourMove, "not-your-move"),
            "the menu's refusal counts as the typed move's does"
        );
        w.ok(&bob(), "move Rb6").await;
        // Alice's move again, in another position: the old menus are stale.
        let before = w.snapshot().await;
        for (id, value) in [(&to, "m:Rf2"), (&to, "back"), (&pieces, "e2")] {
            let stale = choose(&w, &alice(), id, value).await;
            assert!(stale.private && stale.replaces, "{stale:?}");
            assert_eq!(
                stale.text,
                format!(
                    "The position in Game #{g} has changed since that menu was opened, so I did not use it. Here is a fresh one.\n**Game #{g}** · your move (White): which piece?",
                    g = g.0
                )
            );
            let fresh = &menu(&stale).custom_id;
            assert!(
                fresh.starts_with(&format!("rb:pieces:{}:2:", g.0)),
                "{fresh}"
            );
            assert_eq!(w.snapshot().await, before, "a stale menu changes nothing");
        }
        assert_eq!(coords(&w.moves(g).await), ["c2-b3", "c6-b6"]);
    }
}

#[tokio::test]
async fn forged_and_foreign_choices_and_strangers_change_nothing() {
    for w in World::each("picker_forged").await {
        let g = w.start(&alice(), &bob(), "").await;
        let other = w.start(&carol(), &bob(), "").await;
        let first = w.press(&alice(), &ButtonAction::Move(g).custom_id()).await;
        let pieces = menu(&first).custom_id.clone();
        let to = format!("{}:e2", pieces.replacen("rb:pieces:", "rb:to:", 1));
        let forged = format!(
            "That choice is not one I offered for Game #{}; nothing was changed.",
            g.0
        );
        let unknown = "That button is not one of mine, or it is too old to use.";
        let before = w.snapshot().await;
        for (id, value, said) in [
            // A square with no piece, the opponent's piece, a piece that cannot move.
            (pieces.as_str(), "a4", forged.as_str()),
            (pieces.as_str(), "e6", forged.as_str()),
            (pieces.as_str(), "d1", forged.as_str()),
            // Another piece's move, a move that is not legal, under the rook's menu.
            (to.as_str(), "m:c3", forged.as_str()),
            (to.as_str(), "m:Re5", forged.as_str()),
            (to.as_str(), "m:Rxe6", forged.as_str()),
            // Ids and values the picker never writes.
            (to.as_str(), "Re3", unknown),
            (to.as_str(), "m:Re3 Rf2", unknown),
            ("rb:to:1:0:zzzzzzzz:e2", "m:Re3", unknown),
            ("rb:pieces:1", "e2", unknown),
            ("rb:move:1", "e2", unknown),
            ("", "", unknown),
        ] {
            let reply = choose(&w, &alice(), id, value).await;
            assert_eq!(
                w.check_refusal(&before, &reply, value).await,
                said,
                "{id} {value}"
            );
            assert!(reply.menus.is_empty());
        }
        // Several values at once, none at all.
        for values in [vec![], vec!["m:Re3".to_string(), "m:Rf2".to_string()]] {
            let reply = w
                .answer(Request::menu(alice(), PLACE, to.clone(), values))
                .await;
            assert_eq!(w.check_refusal(&before, &reply, "values").await, unknown);
        }
        // A stranger: told whose move it is, privately; Carol with Alice's menu, too.
        let stranger = format!(
            "In Game #{g} it is <@101>'s move. Only its two players can move; you can follow it with `game #{g}`.",
            g = g.0
        );
        assert_eq!(
            w.press_refused(&carol(), &ButtonAction::Move(g).custom_id())
                .await,
            stranger
        );
        let reply = choose(&w, &carol(), &to, "m:Re3").await;
        assert_eq!(w.check_refusal(&before, &reply, "Carol").await, stranger);
        // Bob, whose move it is not.
        assert_eq!(
            w.press_refused(&bob(), &ButtonAction::Move(g).custom_id())
                .await,
            format!(
                "It is <@101>'s move in Game #{}, not yours. I'll ping you when it's your turn.",
                g.0
            )
        );
        // Alice's menu of her game, relabelled as the other game's: a game she does not play.
        let foreign = to.replacen(
            &format!("rb:to:{}:", g.0),
            &format!("rb:to:{}:", other.0),
            1,
        );
        let reply = choose(&w, &alice(), &foreign, "m:Re3").await;
        assert_eq!(
            w.check_refusal(&before, &reply, "foreign").await,
            format!(
                "In Game #{g} it is <@103>'s move. Only its two players can move; you can follow it with `game #{g}`.",
                g = other.0
            )
        );
        // A game that does not exist.
        let reply = choose(
            &w,
            &alice(),
            &to.replacen(&format!(":{}:", g.0), ":999:", 1),
            "m:Re3",
        )
        .await;
        assert_eq!(
            w.check_refusal(&before, &reply, "no game").await,
            "There is no game #999."
        );
        assert!(w.moves(g).await.is_empty());
        assert!(w.moves(other).await.is_empty());
    }
}

/// A position where White's rook on b1 has 14 moves and White's pieces are few.
const ROOK_FEN: &str = "3k3/7/7/7/7/7/1R4K w - 1";

#[tokio::test]
async fn menus_too_long_for_one_page_have_more_pages() {
    for db in test_dbs("picker_pages").await {
        // Menus of five choices: the rook's 14 moves take five pages (three a page, and "more…").
        let w = world_with_menus(db, 5).await;
        common::players(&w.store, &[101, 102]).await;
        let mut new = common::new_game(101, 102);
        new.place = PLACE;
        new.start_fen = ROOK_FEN.to_string();
        let g = w.store.play().create_game(&new, T0).await.unwrap().id;
        let first = w.press(&alice(), &ButtonAction::Move(g).custom_id()).await;
        assert_eq!(labels(&first), ["King g1 — 3 moves", "Rook b1 — 14 moves"]);
        let pieces = menu(&first).custom_id.clone();
        let page1 = choose(&w, &alice(), &pieces, "b1").await;
        assert_eq!(
            page1.text,
            format!(
                "**Game #{}** · where does the rook on b1 go? (14 moves) Page 1 of 5.",
                g.0
            )
        );
        let mut seen = Vec::new();
        let mut page = page1;
        for _ in 0..5 {
            let labels = labels(&page);
            assert!(labels.len() <= 5);
            seen.push(labels.iter().map(|s| s.to_string()).collect::<Vec<_>>());
            let more = labels
                .iter()
                .find(|l| l.starts_with("more…"))
                .unwrap()
                .to_string();
            page = choose(
                &w,
                &alice(),
                &menu(&page).custom_id.clone(),
                &value_of(&page, &more),
            )
            .await;
            assert!(page.replaces);
        }
        let expected: Vec<Vec<&str>> = vec![
            vec![
                "Ra1+",
                "Rc1",
                "Ra2+",
                "more… (page 2 of 5)",
                "← back to pieces",
            ],
            vec![
                "Rb2",
                "Ra3+",
                "Rb3",
                "more… (page 3 of 5)",
                "← back to pieces",
            ],
            vec![
                "Ra4+",
                "Rb4",
                "Ra5+",
                "more… (page 4 of 5)",
                "← back to pieces",
            ],
            vec![
                "Rb5",
                "Ra6#",
                "Rb6",
                "more… (page 5 of 5)",
                "← back to pieces",
            ],
            vec!["Ra7+", "Rb7+", "more… (page 1 of 5)", "← back to pieces"],
        ];
        assert_eq!(seen, expected);
        // Past the last page, "more…" comes back to the first.
        assert_eq!(labels(&page), expected[0]);
        // A move from the last page is played as typed.
        let last = &seen[4];
        let san = &last[0];
        let played = choose(
            &w,
            &alice(),
            &format!("{}:b1", pieces.replacen("rb:pieces:", "rb:to:", 1)),
            &format!("m:{san}"),
        )
        .await;
        assert!(!played.private, "{}", played.text);
        assert_eq!(w.moves(g).await[0].san, *san);
    }
}
