//! A private link acts in its own game and nowhere else: whatever a form's mark or fields name,
//! and whichever game's cookie a request carries, a move, an offer, an answer or a resignation
//! sent with a link signed for one game changes that game alone, and a link of a finished game
//! moves nowhere.

use rollerball::game::{Actor, Input, Lang, RefusalReason, Request};
use rollerball::model::{GameId, Place};
use rollerball::store::GameStatus;

use crate::common::{alice, bob, test_dbs};
use crate::web::{Site, client};

/// The token of `who`'s private link to game `id` (whatever the form of the link).
async fn token(site: &Site, who: &Actor, id: GameId) -> String {
    let link = site.private_link(who, id).await;
    link.rsplit(['/', '#']).next().unwrap().to_string()
}

/// The mark a page of game `id` sends with a move (public: anyone can compute it).
async fn mark_of(site: &Site, id: GameId) -> String {
    site.world
        .service
        .views()
        .game_view(id, Lang::En)
        .await
        .unwrap()
        .unwrap()
        .position_mark()
}

/// `form` sent to game `to`'s action with `cookie` (`rb_play_N=TOKEN`), from the site's pages.
async fn post(site: &Site, to: GameId, cookie: &str, form: &[(&str, &str)]) -> (u16, String) {
    let answer = client()
        .post(site.url(&format!("/games/{}/act", to.0)))
        .header("origin", &site.base)
        .header("referer", site.url(&format!("/games/{}", to.0)))
        .header("cookie", cookie)
        .form(form)
        .send()
        .await
        .unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

#[tokio::test]
async fn a_link_moves_only_in_the_game_it_was_signed_for() {
    for db in test_dbs("web_scope_move").await {
        let site = Site::on(db).await;
        // Game 1 ended (alice resigned); game 2 is being played, alice to move.
        // alice's link to game 1 was given while it was played.
        let finished = site.world.start(&alice(), &bob(), "").await;
        let old = token(&site, &alice(), finished).await;
        site.world
            .ok(&alice(), &format!("resign #{} confirm", finished.0))
            .await;
        assert_ne!(site.world.game(finished).await.status, GameStatus::Active);
        let playing = site.world.start(&alice(), &bob(), "").await;
        let cookie = format!("rb_play_{}={old}", finished.0);
        let other_mark = mark_of(&site, playing).await;

        // The finished game's link, with the mark of the game being played: refused, and
        // game 2 has not moved.
        let (status, _) = post(
            &site,
            finished,
            &cookie,
            &[
                ("action", "move"),
                ("move", "b3"),
                ("ply", "0"),
                ("at", &other_mark),
            ],
        )
        .await;
        assert!((400..500).contains(&status), "refused, not {status}");
        assert_eq!(site.world.game(playing).await.ply, 0);
        assert!(site.world.moves(playing).await.is_empty());

        // The same, with an extra field naming game 2: the form names nothing the link does
        // not.
        let (status, _) = post(
            &site,
            finished,
            &cookie,
            &[
                ("action", "move"),
                ("move", "b3"),
                ("ply", "0"),
                ("at", &other_mark),
                ("game", &playing.0.to_string()),
            ],
        )
        .await;
        assert!((400..500).contains(&status), "refused, not {status}");
        assert_eq!(site.world.game(playing).await.ply, 0);

        // Game 1's token in game 2's cookie, sent to game 2: the token says which game it is
        // for.
        let (status, text) = post(
            &site,
            playing,
            &format!("rb_play_{}={old}", playing.0),
            &[
                ("action", "move"),
                ("move", "b3"),
                ("ply", "0"),
                ("at", &other_mark),
            ],
        )
        .await;
        assert_eq!(status, 403);
        assert!(
            text.contains(&format!("is for game #{}, not this one", finished.0)),
            "{text}"
        );
        // Game 1's cookie sent to game 2's address: not signed in there.
        let (status, text) = post(
            &site,
            playing,
            &cookie,
            &[
                ("action", "move"),
                ("move", "b3"),
                ("ply", "0"),
                ("at", &other_mark),
            ],
        )
        .await;
        assert_eq!(status, 403);
        assert!(text.contains("You are not signed in"), "{text}");
        assert_eq!(site.world.game(playing).await.ply, 0, "nothing moved");

        // And game 2's own link, with its own mark, still moves there.
        let own = token(&site, &alice(), playing).await;
        let (status, _) = post(
            &site,
            playing,
            &format!("rb_play_{}={own}", playing.0),
            &[
                ("action", "move"),
                ("move", "b3"),
                ("ply", "0"),
                ("at", &other_mark),
            ],
        )
        .await;
        assert_eq!(status, 303);
        assert_eq!(site.world.game(playing).await.ply, 1);
    }
}

#[tokio::test]
async fn the_service_plays_a_page_move_only_in_the_game_its_front_end_names() {
    for db in test_dbs("web_scope_service").await {
        let site = Site::on(db).await;
        let first = site.world.start(&alice(), &bob(), "").await;
        let second = site.world.start(&alice(), &bob(), "").await;
        let second_mark = mark_of(&site, second).await;
        // The front end vouches for game 1; the mark names game 2: a forged form.
        let request = Request::new(
            alice(),
            Place::WEB,
            Input::MoveAt {
                game: first,
                at: second_mark.clone(),
                text: "b3".to_string(),
            },
        );
        let reply = site.world.answer(request).await;
        assert_eq!(
            reply.refused.map(|r| (r.reason, r.message)),
            Some((RefusalReason::UnknownButton, "button-unknown"))
        );
        assert_eq!(site.world.game(first).await.ply, 0);
        assert_eq!(site.world.game(second).await.ply, 0);
    }
}

#[tokio::test]
async fn offers_answers_and_resignations_act_only_in_the_links_game() {
    for db in test_dbs("web_scope_actions").await {
        let site = Site::on(db).await;
        let first = site.world.start(&alice(), &bob(), "").await;
        let second = site.world.start(&alice(), &bob(), "").await;
        // Two moves each, so that offers can be made.
        site.world.play(first, &alice(), &bob(), "b3 f5").await;
        site.world.play(second, &alice(), &bob(), "b3 f5").await;
        let cookie = format!(
            "rb_play_{}={}",
            first.0,
            token(&site, &alice(), first).await
        );
        let second_mark = mark_of(&site, second).await;
        let elsewhere = second.0.to_string();
        // Every field a form could carry names game 2; the link is game 1's.
        for action in ["draw", "takeback"] {
            let (status, text) = post(
                &site,
                first,
                &cookie,
                &[
                    ("action", action),
                    ("ply", "2"),
                    ("at", &second_mark),
                    ("game", &elsewhere),
                ],
            )
            .await;
            assert!(
                status == 303 || (400..500).contains(&status),
                "{status}: {text}"
            );
            assert!(site.world.game(second).await.offer.is_none(), "{action}");
        }
        // The draw offer stands in game 1, the link's own game.
        assert!(site.world.game(first).await.offer.is_some());
        // bob offers a draw in game 2; alice's game-1 link declines "it".
        site.world.ok(&bob(), &format!("draw #{}", second.0)).await;
        let (status, text) = post(
            &site,
            first,
            &cookie,
            &[
                ("action", "draw-decline"),
                ("ply", "2"),
                ("at", &second_mark),
                ("game", &elsewhere),
            ],
        )
        .await;
        assert!(
            status == 303 || (400..500).contains(&status),
            "{status}: {text}"
        );
        assert!(
            site.world.game(second).await.offer.is_some(),
            "game 2's offer stands"
        );
        // A confirmed resignation with game 2's fields ends game 1 alone.
        let (status, text) = post(
            &site,
            first,
            &cookie,
            &[
                ("action", "resign"),
                ("confirm", "yes"),
                ("ply", "2"),
                ("at", &second_mark),
                ("game", &elsewhere),
            ],
        )
        .await;
        assert_eq!(status, 303, "{text}");
        assert_ne!(site.world.game(first).await.status, GameStatus::Active);
        assert_eq!(site.world.game(second).await.status, GameStatus::Active);
        assert_eq!(site.world.game(second).await.ply, 2);
    }
}
