//! `rollerball render`, run as a user would run it.

use std::process::{Command, Output};

fn rollerball(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rollerball"))
        .args(args)
        .output()
        .expect("run rollerball")
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "rollerball-render-cli-{}-{name}",
        std::process::id()
    ))
}

fn png_size(bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    (info.width, info.height)
}

#[test]
fn render_writes_a_png_of_the_position_after_the_moves() {
    let out = temp("board.png");
    let path = out.to_str().unwrap();
    let run = rollerball(&[
        "render",
        "--moves",
        "c2-b1 e6-f5 d1-b5",
        "--flip",
        "--size",
        "600",
        "-o",
        path,
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(png_size(&bytes), (600, 600));
    std::fs::remove_file(out).unwrap();
}

#[test]
fn render_writes_a_gif_of_the_game() {
    let out = temp("game.gif");
    let path = out.to_str().unwrap();
    let run = rollerball(&["render", "--moves", "c2-b3 e6-f5", "--gif", "-o", path]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[..6], b"GIF89a");
    std::fs::remove_file(out).unwrap();
}

#[test]
fn render_refuses_bad_input_with_the_rules_words() {
    let out = temp("never.png");
    let path = out.to_str().unwrap();
    let run = rollerball(&["render", "--moves", "c2-b3 c2-b3", "-o", path]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("move 2 (`c2-b3`)"), "{err}");

    let run = rollerball(&["render", "--fen", "7/7/7 w - 1", "-o", path]);
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("bad FEN"));

    let run = rollerball(&["render", "--size", "50", "-o", path]);
    assert!(!run.status.success());
    assert!(!out.exists());
}
