//! Start-up does not grow with the games stored: `rollerball-load startup` (open and migrate the
//! database, create the service, run the first deadline sweep — what the bot does before it
//! serves a command) reads about as many bytes from a SQLite file holding 20,000 games as from an
//! empty one, besides the one reading of the whole file by the integrity check at opening. The count is the process's own `rchar` (bytes read through system calls, all of
//! SQLite's reads), so it does not depend on timing or on what else runs.

use crate::common;

use std::process::Command;

use common::{seed_stored_games, sqlite_db};
use rollerball::store::Timestamp;

/// Games in the larger database, with `PLIES` moves each.
const GAMES: i64 = 20_000;
const PLIES: usize = 10;
/// Extra bytes start-up may read from the larger database: 16 pages of 4 KiB, the deeper
/// B-trees' extra levels and then some. Loading the games or their moves would read megabytes.
const BOUND: u64 = 16 * 4096;

/// Runs `rollerball-load startup` on `url` and returns the bytes it read.
fn startup_bytes(url: &str) -> u64 {
    let output = Command::new(env!("CARGO_BIN_EXE_rollerball-load"))
        .args(["startup", "--database", url])
        .output()
        .expect("rollerball-load startup");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("(0 notices)"), "nothing is due: {stdout}");
    let (_, read) = stdout.split_once("; read ").expect("the bytes read");
    read.trim_end()
        .strip_suffix(" bytes")
        .expect("a byte count")
        .parse()
        .expect("a number")
}

#[tokio::test]
async fn start_up_reads_no_more_with_twenty_thousand_games_stored() {
    let empty = sqlite_db();
    let full = sqlite_db();
    for (db, games) in [(&empty, 0), (&full, GAMES)] {
        let store = db.store().await;
        // Nothing is due: start-up's sweep has nothing to claim.
        seed_stored_games(&store, games, PLIES, Timestamp::now()).await;
        store.close().await;
    }
    let size = std::fs::metadata(full.sqlite_path().unwrap())
        .unwrap()
        .len();
    assert!(
        size > 50 * BOUND,
        "the full database is large enough to notice: {size} bytes"
    );

    let from_empty = startup_bytes(&empty.url);
    let from_full = startup_bytes(&full.url);
    println!(
        "start-up read {from_empty} bytes with no game stored, {from_full} with {GAMES} ({size} bytes on disk)"
    );
    // Opening the file checks its integrity (`PRAGMA quick_check`: a damaged file is refused
    // before anything is written into it), which walks every table and index: measured at
    // 1.8 times the file's size. Nothing else grows with the games stored.
    assert!(
        from_full <= from_empty + 2 * size + BOUND,
        "start-up read {from_full} bytes with {GAMES} games stored ({size} on disk), {from_empty} with none"
    );
}
