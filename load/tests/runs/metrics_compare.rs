//! `rollerball-load run --metrics compare`: the same load with the bot's metrics off and on, in
//! one run; the metrics count exactly the moves of the phases they were on for.

use std::process::Command;

/// The number after `prefix` in the line of `text` that starts with it.
fn number_after(text: &str, prefix: &str) -> u64 {
    let line = text
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` line in\n{text}"));
    line[prefix.len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number in {line:?}"))
}

#[test]
fn metrics_on_and_off_in_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("load.db").display());
    let out = Command::new(env!("CARGO_BIN_EXE_rollerball-load"))
        .args([
            "run",
            "--database",
            &url,
            "--games",
            "4",
            "--moves",
            "30",
            "--concurrency",
            "2",
            "--report-every",
            "0",
            "--metrics",
            "compare",
        ])
        .output()
        .expect("run rollerball-load");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for phase in [
        "phase 1 (metrics off)",
        "phase 2 (metrics on)",
        "phase 3 (metrics on)",
        "phase 4 (metrics off)",
    ] {
        assert!(text.contains(phase), "{phase} in\n{text}");
    }
    let off = number_after(&text, "metrics off: ");
    let on = number_after(&text, "metrics on : ");
    // Two phases of at least 30 moves each (moves in flight at the stop are finished).
    assert!(off >= 60 && on >= 60, "{text}");
    assert_eq!(
        number_after(&text, "counted: rollerball_moves_total "),
        on,
        "{text}"
    );
    assert!(text.contains("cost of the metrics: "), "{text}");
    // Linux tells the process's CPU time: each side reports it per move, and it is not zero.
    for side in ["metrics off: ", "metrics on : "] {
        let line = text.lines().find(|l| l.starts_with(side)).unwrap();
        let micros = number_after(line.split("; CPU ").nth(1).unwrap(), "");
        assert!(micros > 0, "{line}");
    }
}
