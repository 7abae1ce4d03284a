//! Replays every committed fuzz input — the hand-made seeds in `fuzz/seeds/` and the minimised
//! corpus in `fuzz/corpus/` — through the very checks the fuzz targets make (`fuzz/src/lib.rs`),
//! so the ordinary test suite keeps them passing without cargo-fuzz.

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod harness;

use std::path::{Path, PathBuf};

/// Every input of `target`, seeds and corpus, in a stable order.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut files = Vec::new();
    for dir in ["seeds", "corpus"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a corpus entry").path();
            if path.is_file() {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).expect("read a corpus file");
            (path, bytes)
        })
        .collect()
}

/// Runs `check` on each input of `target`, naming the input that fails.
fn replay(target: &str, mut check: impl FnMut(&[u8])) -> usize {
    let inputs = inputs(target);
    assert!(
        inputs.len() >= 10,
        "only {} inputs for `{target}`: are fuzz/seeds and fuzz/corpus there?",
        inputs.len()
    );
    for (path, bytes) in &inputs {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(bytes)));
        if let Err(panic) = outcome {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("{} fails: {message}", path.display());
        }
    }
    inputs.len()
}

#[test]
fn fen_corpus() {
    replay("fen", harness::fen);
}

#[test]
fn move_reader_corpus() {
    replay("move_reader", harness::move_reader);
}

#[test]
fn command_corpus() {
    replay("command", harness::command);
}

#[test]
fn service_line_corpus() {
    let world = harness::ServiceHarness::new().expect("the fuzz world");
    replay("service_line", |data| world.run(data));
}

#[test]
fn service_lines_are_read_as_documented() {
    use harness::{ALICE, BOB, DAVE, Entry, Line, MAX_LINES, lines};
    assert_eq!(
        lines(b"at move b3\nbp rb:draw:2\nx\n\ndd  challenge"),
        [
            Line {
                actor: ALICE,
                entry: Entry::TextInChannel,
                text: "move b3".into()
            },
            Line {
                actor: BOB,
                entry: Entry::ButtonInThread,
                text: "rb:draw:2".into()
            },
            Line {
                actor: DAVE,
                entry: Entry::Dm,
                text: " challenge".into()
            },
        ]
    );
    let many = "at board\n".repeat(20);
    assert_eq!(lines(many.as_bytes()).len(), MAX_LINES);
}
