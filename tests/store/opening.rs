//! Databases that cannot be used are told at start, by name, before anything is written: a
//! damaged SQLite file, a read-only one, a mistyped path, a wrong PostgreSQL port.

use crate::common;

use std::io::{Seek, SeekFrom, Write};
use std::process::Command;

use rollerball::store::{Store, StoreError, StoreOptions};

/// A SQLite file with a few games in it, closed (its log checkpointed into the file), and the
/// first page of its `moves` table and the database's page size.
async fn stored_file() -> (common::TestDb, i64, i64) {
    let db = common::sqlite_db();
    let store = db.store().await;
    common::players(&store, &[1, 2]).await;
    for _ in 0..3 {
        let game = store
            .play()
            .create_game(&common::new_game(1, 2), common::T0)
            .await
            .unwrap();
        common::play(&store, game, 20).await;
    }
    let root: i64 = sqlx::query_scalar("SELECT rootpage FROM sqlite_master WHERE name = 'moves'")
        .fetch_one(store.pool())
        .await
        .unwrap();
    let page_size: i64 = sqlx::query_scalar("PRAGMA page_size")
        .fetch_one(store.pool())
        .await
        .unwrap();
    // Everything into the file itself, so that the damage below is what SQLite reads.
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(store.pool())
        .await
        .unwrap();
    store.close().await;
    drop(store);
    (db, root, page_size)
}

/// Garbage over page `page` of the file at `path`.
fn damage(path: &std::path::Path, page: i64, page_size: i64) {
    let mut file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    file.seek(SeekFrom::Start(((page - 1) * page_size) as u64))
        .unwrap();
    file.write_all(&vec![0xA5; page_size as usize]).unwrap();
    file.sync_all().unwrap();
}

#[tokio::test]
async fn a_damaged_sqlite_file_is_refused_before_anything_is_written() {
    let (db, root, page_size) = stored_file().await;
    let path = db.sqlite_path().unwrap();
    damage(&path, root, page_size);
    let before = std::fs::read(&path).unwrap();

    let error = Store::connect(&db.url).await.expect_err("a damaged file");
    let StoreError::Damaged { file, detail } = &error else {
        panic!("not told damaged: {error}");
    };
    assert_eq!(file, &path.display().to_string());
    assert!(!detail.is_empty());
    assert!(
        error.to_string().starts_with(&format!(
            "the SQLite database {} is damaged (",
            path.display()
        )),
        "{error}"
    );

    // `rollerball migrate` says so too, and fails, rather than "up to date".
    let out = Command::new(env!("CARGO_BIN_EXE_rollerball"))
        .arg("migrate")
        .env("DATABASE_URL", &db.url)
        .output()
        .expect("run rollerball");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!(
            "the SQLite database {} is damaged",
            path.display()
        )),
        "{err}"
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "");
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing was written");
}

#[tokio::test]
async fn a_read_only_sqlite_file_is_told_at_start() {
    let (db, _, _) = stored_file().await;
    let path = db.sqlite_path().unwrap();
    // Opened read-only, as a file without write permission is (the tests run as root, whom
    // permissions do not stop).
    let url = format!("{}?mode=ro", db.url);
    let error = Store::connect(&url).await.expect_err("a read-only file");
    assert!(matches!(&error, StoreError::ReadOnly(file) if file == &path.display().to_string()));
    assert_eq!(
        error.to_string(),
        format!(
            "the SQLite database {} cannot be written (read-only): check the permissions of \
             the file and its directory, and the disk",
            path.display()
        )
    );
}

#[tokio::test]
async fn tools_do_not_create_a_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typo.db");
    let url = format!("sqlite://{}", path.display());
    let error = Store::open_existing(&url, StoreOptions::default())
        .await
        .expect_err("no such file");
    assert!(matches!(&error, StoreError::NoSuchFile(p) if p == &path.display().to_string()));
    assert!(!path.exists());
    // The bot's own start creates it.
    Store::connect(&url)
        .await
        .expect("the bot creates its database");
    assert!(path.is_file());
    Store::open_existing(&url, StoreOptions::default())
        .await
        .expect("found now");
}

#[tokio::test]
async fn a_wrong_postgres_port_says_the_connection_was_refused() {
    // Nothing listens on port 1 of the loopback: the server refuses at once.
    let url = "postgres://postgres@127.0.0.1:1/test";
    let error = Store::connect(url)
        .await
        .expect_err("nothing listens there");
    let text = error.to_string();
    assert!(text.contains("Connection refused"), "{text}");
    assert!(!text.contains("timed out"), "{text}");
}
