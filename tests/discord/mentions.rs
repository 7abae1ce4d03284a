//! Players named in commands are the users Discord vouches for, through the fake Discord: a
//! typed mention must be among the message's own `mentions`, a slash command's user among its
//! resolved users; anything else (`<@0>`, `<@18446744073709551615>`, an id typed by hand) is
//! refused with a clear answer, nothing is stored, and the bot goes on serving.

use crate::bot::{ALICE, BOB, CHANNEL, Started, answer, posted, user_option};

use rollerball::store::PlayerId;
use serde_json::json;

const HELPER: u64 = 444_444_444_444_444_444;

fn unknown(mention: &str) -> String {
    format!(
        "`{mention}` is not someone Discord knows: mention a player by choosing them in the list \
         that opens as you type `@`. Nothing was changed."
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_users_discord_resolved_are_challenged() {
    let Started {
        fake,
        db: _db,
        bot,
        store,
        ..
    } = Started::new().await;
    fake.bot_user(HELPER, "Helper");
    let open = || async {
        store
            .challenges()
            .open_challenges_by(PlayerId(ALICE))
            .await
            .unwrap()
    };

    for (said, mentions, refused) in [
        ("!rb challenge <@0>".to_string(), vec![], unknown("<@0>")),
        (
            "!rb challenge <@18446744073709551615>".to_string(),
            vec![],
            unknown("<@18446744073709551615>"),
        ),
        // Bob's id typed by hand: Discord resolved nobody.
        (format!("!rb challenge <@{BOB}> white"), vec![], unknown(&format!("<@{BOB}>"))),
        (
            format!("!rb challenge <@{HELPER}>"),
            vec![HELPER],
            "Helper is a bot and cannot play. To play the computer, use `/rb challenge computer:1` (levels 1 to 5).".to_string(),
        ),
    ] {
        let from = fake.mark();
        fake.say_mentioning(ALICE, CHANNEL, &said, &mentions);
        let answer = posted(&fake, from, CHANNEL, &said).await;
        assert_eq!(answer.content(), refused, "{said}");
        let pinged = &answer.json["allowed_mentions"]["users"];
        assert!(pinged.as_array().is_none_or(Vec::is_empty), "{said}: {pinged}");
        assert!(open().await.is_empty(), "{said}");
    }

    // A slash command whose user Discord did not resolve: refused privately.
    let from = fake.mark();
    let id = fake.slash(
        ALICE,
        CHANNEL,
        "challenge",
        json!([user_option("opponent", 999)]),
        &[],
    );
    let refused = answer(&fake, from, id).await;
    assert!(refused.ephemeral());
    assert_eq!(refused.content(), unknown("<@999>"));
    assert!(open().await.is_empty());

    // The same challenge, Bob mentioned as Discord sends it: it stands, and pings Bob alone.
    let from = fake.mark();
    fake.say_mentioning(
        ALICE,
        CHANNEL,
        &format!("!rb challenge <@{BOB}> white"),
        &[BOB],
    );
    let challenge = posted(&fake, from, CHANNEL, "the challenge").await;
    assert!(
        challenge
            .content()
            .starts_with(&format!("<@{ALICE}> challenges <@{BOB}>")),
        "{}",
        challenge.content()
    );
    assert_eq!(
        challenge.json["allowed_mentions"]["users"],
        json!([BOB.to_string()])
    );
    let stored = open().await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].challenged, Some(PlayerId(BOB)));
    bot.shut_down(&fake).await;
}
