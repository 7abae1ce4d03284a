//! Challenge from a profile end to end: the user command registered beside `/rb` with its
//! names in every language, the modal it opens (checked against Discord's schema by the fake),
//! its submission posting the challenge with Accept and Decline as `/rb challenge` does, and
//! the refusals — a bot, oneself, a bad value — answered privately with nothing stored.

use crate::bot::{ALICE, BOB, CAROL, CHANNEL, Started, answer};
use crate::fake_discord::{FakeDiscord, Recorded};

use rollerball::model::PlayerId;
use rollerball::store::{ChallengeStatus, ColourWish, Store};
use serde_json::{Value, json};

const NAME: &str = "Challenge to Rollerball";
const HELPER_BOT: u64 = 444_444_444_444_444_444;

/// The text inputs of a modal answer: (custom_id, label, placeholder, required).
fn inputs(r: &Recorded) -> Vec<(String, String, String, bool)> {
    r.data()["components"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            assert_eq!(row["type"], 1);
            let rows = row["components"].as_array().unwrap();
            assert_eq!(rows.len(), 1, "one input per row");
            let i = &rows[0];
            assert_eq!(i["type"], 4);
            (
                i["custom_id"].as_str().unwrap().to_string(),
                i["label"].as_str().unwrap().to_string(),
                i["placeholder"].as_str().unwrap().to_string(),
                i["required"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// Alice opens the modal on Bob; the modal's answer.
async fn open(fake: &FakeDiscord, target: u64) -> Recorded {
    let from = fake.mark();
    let id = fake.user_command(ALICE, CHANNEL, NAME, target);
    answer(fake, from, id).await
}

async fn open_challenges(store: &Store) -> Vec<rollerball::store::Challenge> {
    store
        .challenges()
        .open_challenges_by(PlayerId(ALICE))
        .await
        .expect("store")
}

/// Submits `modal`'s form with `fields`; the answer.
async fn submit(fake: &FakeDiscord, modal: &Recorded, fields: &[(&str, &str)]) -> Recorded {
    let custom_id = modal.data()["custom_id"].as_str().unwrap().to_string();
    let from = fake.mark();
    let id = fake.submit_modal(ALICE, CHANNEL, &custom_id, fields);
    answer(fake, from, id).await
}

fn assert_posted_challenge(r: &Recorded, to: u64) {
    assert_eq!(r.json["type"], 4, "{}", r.json);
    assert!(!r.ephemeral(), "{}", r.content());
    assert!(r.content().contains(&format!("<@{to}>")), "{}", r.content());
    assert_eq!(
        r.data()["allowed_mentions"]["users"],
        json!([to.to_string()])
    );
    let buttons = r.buttons();
    assert_eq!(buttons.len(), 2, "{buttons:?}");
    assert!(buttons[0].starts_with("rb:accept:"), "{buttons:?}");
    assert!(buttons[1].starts_with("rb:decline:"), "{buttons:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_from_a_profile() {
    let Started {
        fake,
        db: _db,
        bot,
        store,
        ..
    } = Started::new().await;
    fake.user(CAROL, "Carol");
    fake.bot_user(HELPER_BOT, "Helper");

    // Registered beside /rb: a user command, named in every language, with no description.
    let put = fake
        .requests()
        .into_iter()
        .find(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .expect("the registration");
    assert_eq!(put.status, 200, "{:#?}", fake.violations());
    let commands = put.json.as_array().unwrap();
    assert_eq!(commands.len(), 8);
    assert_eq!(commands[0]["name"], "rb");
    let user = &commands[7];
    assert_eq!(user["type"], 2);
    assert_eq!(user["name"], NAME);
    assert!(user.get("description").is_none_or(Value::is_null), "{user}");
    assert!(
        user.get("options").is_none_or(|o| o == &json!([])),
        "{user}"
    );
    assert_eq!(
        user["name_localizations"],
        json!({
            "fr": "Défier au Rollerball",
            "es-ES": "Desafiar al Rollerball",
            "es-419": "Desafiar al Rollerball",
            "ru": "Вызвать в Rollerball",
        })
    );

    // On Bob: a modal, every field optional, that Discord's schema accepts.
    let modal = open(&fake, BOB).await;
    assert_eq!(modal.json["type"], 9);
    assert_eq!(modal.status, 204, "{:#?}", fake.violations());
    assert_eq!(
        modal.operation.as_deref(),
        Some("POST /interactions/{interaction_id}/{interaction_token}/callback")
    );
    assert_eq!(modal.data()["title"], "Challenge Bob");
    assert_eq!(
        modal.data()["custom_id"],
        format!("rb:profile:{BOB}:Bob").as_str()
    );
    assert_eq!(
        inputs(&modal),
        vec![
            (
                "days".into(),
                "Days per move (1 to 14)".into(),
                "3 if left empty".into(),
                false
            ),
            (
                "colour".into(),
                "Your colour".into(),
                "white, black or random (random if left empty)".into(),
                false
            ),
            (
                "rated".into(),
                "Rated or casual".into(),
                "rated or casual (rated if left empty)".into(),
                false
            ),
        ]
    );
    assert!(
        open_challenges(&store).await.is_empty(),
        "opening stores nothing"
    );

    // Submitted empty: the defaults, posted where the command was used, with its buttons.
    let posted = submit(
        &fake,
        &modal,
        &[("days", ""), ("colour", ""), ("rated", "")],
    )
    .await;
    assert_posted_challenge(&posted, BOB);
    let stored = open_challenges(&store).await;
    assert_eq!(stored.len(), 1);
    let c = &stored[0];
    assert_eq!(c.challenged, Some(PlayerId(BOB)));
    assert_eq!(c.place.channel, CHANNEL);
    assert_eq!(
        (c.colour, c.days_per_move.get(), c.rated, c.status),
        (ColourWish::Random, 3, true, ChallengeStatus::Open)
    );
    assert!(
        posted.buttons()[0].ends_with(&c.id.0.to_string()),
        "{:?}",
        posted.buttons()
    );

    // With values, in another language's words too, to Carol (Bob already has one from Alice).
    let modal = open(&fake, CAROL).await;
    assert_eq!(modal.status, 204, "{:#?}", fake.violations());
    let posted = submit(
        &fake,
        &modal,
        &[("days", " 7 "), ("colour", "Noirs"), ("rated", "casual")],
    )
    .await;
    assert_posted_challenge(&posted, CAROL);
    let stored = open_challenges(&store).await;
    assert_eq!(stored.len(), 2);
    let c = stored.iter().max_by_key(|c| c.id.0).unwrap();
    assert_eq!(
        (c.colour, c.days_per_move.get(), c.rated, c.challenged),
        (ColourWish::Black, 7, false, Some(PlayerId(CAROL)))
    );

    // Bad values: refused privately, nothing stored.
    for (fields, refusal) in [
        (
            [("days", "15"), ("colour", ""), ("rated", "")],
            "Days per move must be a whole number from 1 to 14, not `15`.",
        ),
        (
            [("days", "two"), ("colour", ""), ("rated", "")],
            "Days per move must be a whole number from 1 to 14, not `two`.",
        ),
        (
            [("days", ""), ("colour", "green"), ("rated", "")],
            "`green` is not a colour: write white, black or random, or leave it empty for random.",
        ),
        (
            [("days", ""), ("colour", ""), ("rated", "maybe")],
            "`maybe` is neither rated nor casual: write one of them, or leave it empty for rated.",
        ),
    ] {
        let refused = submit(&fake, &modal, &fields).await;
        assert!(refused.ephemeral(), "{}", refused.json);
        assert_eq!(refused.content(), refusal);
        assert!(refused.buttons().is_empty());
        assert_eq!(open_challenges(&store).await.len(), 2);
    }

    // A bot or oneself: refused at once, privately, no modal.
    let refused = open(&fake, HELPER_BOT).await;
    assert_eq!(refused.json["type"], 4);
    assert!(refused.ephemeral());
    assert_eq!(
        refused.content(),
        "Helper is a bot and cannot play. To play the computer, use `/rb challenge computer:1` (levels 1 to 5)."
    );
    let refused = open(&fake, ALICE).await;
    assert_eq!(refused.json["type"], 4);
    assert!(refused.ephemeral());
    assert!(
        refused
            .content()
            .starts_with("You can't challenge yourself."),
        "{}",
        refused.content()
    );
    assert_eq!(open_challenges(&store).await.len(), 2);
    assert!(fake.violations().is_empty(), "{:#?}", fake.violations());
    bot.shut_down(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_modal_and_its_refusals_speak_the_players_language() {
    let Started {
        fake,
        db: _db,
        bot,
        store,
        ..
    } = Started::new().await;
    for (locale, title, label, refusal) in [
        (
            "fr",
            "Défier Bob",
            "Jours par coup (de 1 à 14)",
            "`vert` n'est pas une couleur : écrivez blancs, noirs ou au hasard, ou laissez vide pour au hasard.",
        ),
        (
            "es-ES",
            "Desafiar a Bob",
            "Días por jugada (de 1 a 14)",
            "`vert` no es un color: escribe blancas, negras o al azar, o déjalo vacío para al azar.",
        ),
        (
            "ru",
            "Вызов: Bob",
            "Дней на ход (от 1 до 14)",
            "`vert` — не цвет: напишите белые, чёрные или случайно либо оставьте пустым (случайно).",
        ),
    ] {
        fake.set_locale(locale);
        let modal = open(&fake, BOB).await;
        assert_eq!(modal.status, 204, "{:#?}", fake.violations());
        assert_eq!(modal.data()["title"], title);
        assert_eq!(inputs(&modal)[0].1, label);
        let refused = submit(&fake, &modal, &[("colour", "vert")]).await;
        assert!(refused.ephemeral());
        assert_eq!(refused.content(), refusal);
    }
    assert!(open_challenges(&store).await.is_empty());
    // A Russian player's own words are read.
    let modal = open(&fake, BOB).await;
    let posted = submit(
        &fake,
        &modal,
        &[("colour", "белые"), ("rated", "товарищеская")],
    )
    .await;
    assert_posted_challenge(&posted, BOB);
    let stored = open_challenges(&store).await;
    assert_eq!(
        (stored[0].colour, stored[0].rated),
        (ColourWish::White, false)
    );
    bot.shut_down(&fake).await;
}
