//! What the Discord front end adds to the service's replies speaks the reply's language: the
//! note that the board could not be attached, through the fake Discord, for a slash command
//! from a French client and for a `!rb` command of a player who chose Spanish.

use crate::bot::{ALICE, BOB, Started, answer, new_game, posted, string_option};

use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_note_of_a_board_left_out_speaks_the_readers_language() {
    let Started {
        fake,
        db: _db,
        bot,
        store,
        ..
    } = Started::new().await;
    let (_, thread) = new_game(&fake, &store, 3).await;

    // A French client's `/rb board`, whose board Discord refuses (no Attach Files).
    fake.set_locale("fr");
    fake.fail_next("POST", "/callback", true, 403, 50013);
    let from = fake.mark();
    let id = fake.slash(ALICE, thread, "board", json!([]), &[]);
    let board = answer(&fake, from, id).await;
    assert!(board.files.is_empty());
    assert!(
        board.content().ends_with(
            "\n-# (Je n'ai pas pu joindre l'image ou les fichiers ici ; `board` montre de nouveau l'échiquier.)"
        ),
        "{}",
        board.content()
    );

    // Bob chose Spanish; his `!rb board` in the thread, the board refused there too.
    let from = fake.mark();
    let id = fake.slash_to(
        BOB,
        thread,
        "rb-settings",
        Some("language"),
        json!([string_option("language", "es")]),
        &[],
    );
    answer(&fake, from, id).await;
    fake.fail_next(
        "POST",
        &format!("/channels/{thread}/messages"),
        true,
        403,
        50013,
    );
    let from = fake.mark();
    fake.say(BOB, thread, "!rb board");
    let board = posted(&fake, from, thread, "the board as text alone").await;
    assert!(board.files.is_empty());
    assert!(
        board.content().ends_with(
            "\n-# (No he podido adjuntar la imagen ni los archivos aquí; `board` vuelve a mostrar el tablero.)"
        ),
        "{}",
        board.content()
    );
    let violations = fake.violations();
    assert!(violations.is_empty(), "{violations:#?}");
    bot.shut_down(&fake).await;
}
