//! Private links over real HTTP on loopback: the token carried in the link's fragment and
//! exchanged once for the game's cookie (`POST /play`), the links given before (`/play/TOKEN`)
//! still working, `web revoke` refusing every older link of its player alone, the previous
//! secret accepted only while it is named, and forms taken from this site alone (scheme and
//! host of the public address, `Origin` or else `Referer`, neither refused).

use rollerball::game::Links;
use rollerball::model::{GameId, PlayerId};

use super::web::{SECRET, Site, client, token_of};
use crate::common::{alice, bob, sqlite_db, test_dbs};

/// The secret the tests' links were signed with before it was changed.
const OLD_SECRET: &str = "the tests' old secret, long too";

/// The body of `response`.
async fn text(response: reqwest::Response) -> String {
    response.text().await.unwrap()
}

#[tokio::test]
async fn a_link_carries_its_token_in_the_fragment_and_the_page_exchanges_it() {
    let site = Site::on(sqlite_db()).await;
    let id = site.world.start(&alice(), &bob(), "").await;
    let link = site.private_link(&alice(), id).await;
    let token = token_of(&link);
    // No server sees the fragment: what the browser asks for is `/play`, the same page for
    // everyone, which holds no token and is not kept.
    assert_eq!(link, format!("{}/play#{token}", site.base));
    let browser = client();
    let page = browser.get(site.url("/play")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers()["cache-control"], "no-store");
    let page = text(page).await;
    assert!(
        page.contains("<form id=\"signin-form\" method=\"post\" action=\"/play\">"),
        "{page}"
    );
    assert!(
        page.contains("<script src=\"/assets/signin.js?v="),
        "{page}"
    );
    assert!(
        page.contains("paste the whole link"),
        "what to do without the script"
    );
    let script = browser
        .get(site.url("/assets/signin.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    assert!(text(script).await.contains("history.replaceState"));

    // The page's form sends the token (or the whole link, pasted) once: the cookie of the
    // game, and the way to it.
    for sent in [token, link.as_str()] {
        let signed_in = site.sign_in(&client(), sent).await;
        assert_eq!(signed_in.status(), 303, "{sent}");
        assert_eq!(signed_in.headers()["location"], "/games/1");
        assert_eq!(
            signed_in.headers()["set-cookie"],
            format!("rb_play_1={token}; Path=/games/1; Max-Age=2592000; HttpOnly; SameSite=Strict")
        );
        assert_eq!(signed_in.headers()["cache-control"], "no-store");
    }
    let signed_in = site.sign_in(&browser, &link).await;
    assert_eq!(signed_in.status(), 303);
    let game = text(browser.get(site.url("/games/1")).send().await.unwrap()).await;
    assert!(game.contains("<section id=\"play\""), "signed in");

    // From another site, or with a forged token: refused, no cookie, the page says why.
    let foreign = client()
        .post(site.url("/play"))
        .header("origin", "http://evil.example")
        .form(&[("link", token)])
        .send()
        .await
        .unwrap();
    assert_eq!(foreign.status(), 403);
    assert!(foreign.headers().get("set-cookie").is_none());
    assert!(text(foreign).await.contains("sent from another site"));
    let forged = format!("{}x", &token[..token.len() - 1]);
    let forged = site.sign_in(&client(), &forged).await;
    assert_eq!(forged.status(), 403);
    assert!(forged.headers().get("set-cookie").is_none());
    let forged = text(forged).await;
    assert!(forged.contains("This link is not valid"), "{forged}");
    assert!(forged.contains("id=\"signin-form\""), "the form again");
    let empty = site.sign_in(&client(), "").await;
    assert_eq!(empty.status(), 403);

    // A link given before, with the token in the path, works as it did.
    let old_style = client()
        .get(site.url(&format!("/play/{token}")))
        .send()
        .await
        .unwrap();
    assert_eq!(old_style.status(), 303);
    assert_eq!(old_style.headers()["location"], "/games/1");
    assert!(
        old_style.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .starts_with(&format!("rb_play_1={token};"))
    );
}

#[tokio::test]
async fn web_revoke_refuses_every_older_link_of_its_player_alone() {
    for db in test_dbs("web_revoke").await {
        let site = Site::on(db).await;
        let first = site.world.start(&alice(), &bob(), "").await;
        let second = site.world.start(&alice(), &bob(), "").await;
        let alices = site.private_link(&alice(), first).await;
        let alices_second = site.private_link(&alice(), second).await;
        let bobs = site.private_link(&bob(), first).await;
        // A browser signed in before the revocation.
        let browser = client();
        assert_eq!(site.sign_in(&browser, &alices).await.status(), 303);

        let revoked = site.world.say(&alice(), "web revoke").await;
        assert!(
            revoked.private && revoked.refused.is_none(),
            "{}",
            revoked.text
        );
        assert_eq!(
            revoked.text,
            "Your private links are revoked: every one the bot gave you before no longer works, \
             in any game. Ask `web` for a new one."
        );
        for link in [&alices, &alices_second] {
            let refused = site.sign_in(&client(), link).await;
            assert_eq!(refused.status(), 403);
            assert!(
                text(refused)
                    .await
                    .contains("This link was revoked by its player (`web revoke`)."),
                "{link}"
            );
        }
        // The cookie kept from before is refused too, and moves nothing.
        let draw = browser
            .post(site.url(&format!("/games/{}/act", first.0)))
            .header("origin", &site.base)
            .form(&[("action", "draw"), ("ply", "0")])
            .send()
            .await
            .unwrap();
        assert_eq!(draw.status(), 403);
        assert!(
            text(draw)
                .await
                .contains("This link was revoked by its player")
        );
        assert!(site.world.game(first).await.offer.is_none());
        let page = text(browser.get(site.url("/games/1")).send().await.unwrap()).await;
        assert!(!page.contains("<section id=\"play\""), "signed out");
        // Bob's links are his own.
        assert_eq!(site.sign_in(&client(), &bobs).await.status(), 303);
        // A new link works; asking for it revoked nothing more.
        let renewed = site.private_link(&alice(), first).await;
        assert_ne!(renewed, alices);
        assert_eq!(site.sign_in(&client(), &renewed).await.status(), 303);
        let again = site.private_link(&alice(), second).await;
        assert_eq!(site.sign_in(&client(), &again).await.status(), 303);
        assert_eq!(site.sign_in(&client(), &renewed).await.status(), 303);
        // `web revoke` takes no game.
        let odd = site.world.say(&alice(), "web revoke #1").await;
        assert!(odd.refused.is_some(), "{}", odd.text);
        assert_eq!(site.sign_in(&client(), &renewed).await.status(), 303);
    }
}

/// A link of `player` for `game` signed with `secret`, as a bot under that secret gave it.
fn link_signed_with(site: &Site, secret: &str, player: u64, game: GameId) -> String {
    let links = Links::new(&site.base, Some(secret)).unwrap();
    let now = site.world.service.now();
    links
        .private(PlayerId(player), game, 0, now)
        .expect("a private link")
}

#[tokio::test]
async fn a_link_of_the_previous_secret_works_while_it_is_named() {
    let rotating = Site::on_with(sqlite_db(), |base| {
        Links::new(base, Some(SECRET))
            .unwrap()
            .with_previous_secret(Some(OLD_SECRET))
            .unwrap()
    })
    .await;
    let id = rotating.world.start(&alice(), &bob(), "").await;
    let old = link_signed_with(&rotating, OLD_SECRET, alice().id.0, id);
    let signed_in = rotating.sign_in(&client(), &old).await;
    assert_eq!(signed_in.status(), 303);
    assert_eq!(signed_in.headers()["location"], "/games/1");
    // New links are signed with the new secret.
    let new = rotating.private_link(&alice(), id).await;
    let grant = Links::new(&rotating.base, Some(SECRET))
        .unwrap()
        .check(token_of(&new), rotating.world.service.now())
        .unwrap();
    assert_eq!(
        (grant.player, grant.game, grant.version),
        (alice().id, id, 0)
    );
    assert!(
        Links::new(&rotating.base, Some(OLD_SECRET))
            .unwrap()
            .check(token_of(&new), rotating.world.service.now())
            .is_err()
    );

    // Once WEB_SECRET_PREVIOUS is gone, the old secret's links are refused.
    let rotated = Site::on(sqlite_db()).await;
    let id = rotated.world.start(&alice(), &bob(), "").await;
    let old = link_signed_with(&rotated, OLD_SECRET, alice().id.0, id);
    let refused = rotated.sign_in(&client(), &old).await;
    assert_eq!(refused.status(), 403);
    assert!(text(refused).await.contains("This link is not valid"));
}

#[tokio::test]
async fn forms_are_taken_from_this_site_alone() {
    let site = Site::on(sqlite_db()).await;
    let id = site.world.start(&alice(), &bob(), "").await;
    let link = site.private_link(&alice(), id).await;
    let browser = client();
    assert_eq!(site.sign_in(&browser, &link).await.status(), 303);
    let act = site.url("/games/1/act");
    let https = site.base.replacen("http://", "https://", 1);
    let port = site.base.rsplit(':').next().unwrap().to_string();
    let draw = |headers: &[(&str, &str)]| {
        let mut request = browser.post(&act);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.form(&[("action", "draw"), ("ply", "0")]).send()
    };
    let refused: [&[(&str, &str)]; 6] = [
        // The same host under another scheme is another site.
        &[("origin", &https)],
        // A form that says where it came from by neither.
        &[],
        &[("origin", "null")],
        &[("referer", "http://evil.example/games/1")],
        &[("referer", &format!("{https}/games/1"))],
        // Another host on the same port.
        &[("origin", &format!("http://localhost:{port}"))],
    ];
    for headers in refused {
        let answer = draw(headers).await.unwrap();
        assert_eq!(answer.status(), 403, "{headers:?}");
        assert!(
            text(answer).await.contains("sent from another site"),
            "{headers:?}"
        );
    }
    assert!(site.world.game(id).await.offer.is_none(), "nothing changed");
    // From a browser that sends no Origin, a Referer of this site.
    let from_here = format!("{}/games/1?lang=en", site.base);
    let answer = draw(&[("referer", &from_here)]).await.unwrap();
    assert_eq!(answer.status(), 303);
    assert!(
        site.world.game(id).await.offer.is_some(),
        "the draw offered"
    );
}

#[tokio::test]
async fn without_a_public_address_forms_are_checked_against_the_host_asked() {
    let site = Site::on_with(sqlite_db(), |base| {
        Links::new(base, Some(SECRET)).unwrap().assumed()
    })
    .await;
    let id = site.world.start(&alice(), &bob(), "").await;
    let link = site.private_link(&alice(), id).await;
    let browser = client();
    // reqwest sends `Host: 127.0.0.1:PORT`, which is what the origin must then name.
    let https = site.base.replacen("http://", "https://", 1);
    let foreign = browser
        .post(site.url("/play"))
        .header("origin", &https)
        .form(&[("link", link.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(foreign.status(), 403);
    assert_eq!(site.sign_in(&browser, &link).await.status(), 303);
}
