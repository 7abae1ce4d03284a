//! The `rollerball` binary's rules commands, run as a user would run them.

use std::process::{Command, Output};

fn rollerball(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rollerball"))
        .args(args)
        .output()
        .expect("run rollerball")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_the_total_last() {
    let out = rollerball(&["perft", "4"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "4652\n");

    let out = rollerball(&["perft", "5", "--divide"]);
    assert_eq!(
        stdout(&out),
        "c1-b1: 4847\nc1-b2: 4711\nc2-b1: 9528\nc2-b2: 9321\nc2-b3: 5798\ne1-f1: 8572\n\
         e2-f2: 10994\n53771\n"
    );

    let out = rollerball(&["perft", "2", "--fen", "k6/7/7/7/7/6K/1R5 b - 1"]);
    assert_eq!(stdout(&out), "0\n");
}

#[test]
fn moves_lists_coordinate_forms() {
    let out = rollerball(&["moves"]);
    assert_eq!(
        stdout(&out),
        "c1-b1\nc1-b2\nc2-b1\nc2-b2\nc2-b3\ne1-f1\ne2-f2\n"
    );
    let out = rollerball(&["moves", "--fen", "3Pr2/6k/7/7/7/K6/3p3 w Kk 1"]);
    assert!(stdout(&out).contains("d7xe7=R\n"));
}

#[test]
fn apply_prints_the_fen_and_the_outcome() {
    let out = rollerball(&["apply", "c2-b3", "f5", "Rf1"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "2rbp2/2rk3/5p1/7/1P5/3KR2/2PB1R1 b - 2\n");

    let out = rollerball(&["apply", "--fen", "7/2K4/7/7/7/7/6k w K 1", "Kd6"]);
    assert_eq!(
        stdout(&out),
        "7/3K3/7/7/7/7/6k b K 1\nwhite wins by throne\n"
    );
}

#[test]
fn apply_refuses_illegal_moves_with_the_readers_words() {
    let out = rollerball(&["apply", "c2-b3", "Rb2"]);
    assert!(!out.status.success());
    assert_eq!(stdout(&out), "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "error: move 2 (`Rb2`): `Rb2` is not legal here: none of your rooks can move to b2\n"
    );

    let out = rollerball(&["apply", "b2"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("could mean `c1b2` or `c2b2`"), "{err}");

    let out = rollerball(&["moves", "--fen", "bad"]);
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().contains("has 1"));
}

#[test]
fn without_a_token_the_bot_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    for args in [&[][..], &["bot"][..]] {
        let out = Command::new(env!("CARGO_BIN_EXE_rollerball"))
            .args(args)
            .current_dir(dir.path())
            .env_remove("DISCORD_TOKEN")
            .env(
                "DATABASE_URL",
                format!("sqlite://{}/t.db", dir.path().display()),
            )
            .output()
            .expect("run rollerball");
        assert!(!out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("DISCORD_TOKEN"), "{err}");
        assert!(err.contains(".env"), "{err}");
        assert!(err.contains("console"), "{err}");
        assert!(err.lines().count() < 12, "short: {err}");
    }
}

/// `rollerball moves | head -1`: a reader that goes away ends every printing subcommand
/// quietly, with no "Broken pipe" error and a success status, whatever it was printing.
#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}/t.db", dir.path().display());
    let png = dir.path().join("b.png");
    let png = png.to_str().unwrap();
    let runs: &[(&[&str], &str)] = &[
        (&["moves"], ""),
        (&["perft", "3", "--divide"], ""),
        (&["apply", "c2-b3", "f5"], ""),
        (&["engine", "--depth", "1"], ""),
        (
            &[
                "selfplay",
                "--a",
                "random",
                "--b",
                "greedy",
                "--games",
                "2",
                "--verbose",
            ],
            "",
        ),
        (&["render", "-o", png], ""),
        (
            &["console", "--boards", dir.path().to_str().unwrap()],
            "alice: help\nquit\n",
        ),
        // After the console, which made the database (`migrate` creates none).
        (&["migrate"], ""),
        (&["--help"], ""),
    ];
    for (args, input) in runs {
        // The pipe's reader is closed before the command writes anything.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let mut child = Command::new(env!("CARGO_BIN_EXE_rollerball"))
            .args(*args)
            .env("DATABASE_URL", &db)
            .current_dir(dir.path())
            .stdin(std::process::Stdio::piped())
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run rollerball");
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(input.as_bytes());
        }
        let out = child.wait_with_output().expect("rollerball ends");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err, "", "{args:?}");
        assert!(out.status.success(), "{args:?}: {:?}", out.status);
    }
}

/// `rollerball migrate` with `DATABASE_URL` naming a SQLite file.
fn migrate(url: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rollerball"))
        .arg("migrate")
        .env("DATABASE_URL", url)
        .output()
        .expect("run rollerball")
}

/// A mistyped path is refused and nothing is created; the real one is migrated.
#[test]
fn migrate_refuses_a_sqlite_file_that_does_not_exist() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("rollerbal.db");
    let out = migrate(&format!("sqlite://{}", typo.display()));
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(
        err,
        format!(
            "error: cannot open the database sqlite://{path}: there is no SQLite database at {path}: \
             check the path (only the bot itself creates a new one)\n",
            path = typo.display()
        )
    );
    assert_eq!(stdout(&out), "");
    assert!(!typo.exists(), "no file is made");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
