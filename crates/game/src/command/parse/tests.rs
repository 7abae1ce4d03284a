//! The command reader's tests: each command's words, its mistakes, and moves typed alone.

use super::*;
use crate::command::mentions::tests::Brackets;
use crate::command::{FrontEndError, PlayerRef, looks_like_move};

/// Parses `s` as typed on a front end whose mentions look like Discord's.
fn parse(s: &str) -> Command {
    Command::parse_with(s, &Brackets).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn challenges() {
    assert_eq!(
        parse("challenge @bob white days 5"),
        Command::Challenge {
            opponent: Opponent::Player(PlayerRef::Name("bob".into())),
            colour: Some(Color::White),
            days: Days::new(5).unwrap(),
            rated: true,
        }
    );
    assert_eq!(
        parse("Challenge <@!123456789012345678> casual 7d random"),
        Command::Challenge {
            opponent: Opponent::Player(PlayerRef::Id(123456789012345678)),
            colour: None,
            days: Days::new(7).unwrap(),
            rated: false,
        }
    );
    assert_eq!(
        parse("challenge"),
        Command::Challenge {
            opponent: Opponent::Open,
            colour: None,
            days: Days::DEFAULT,
            rated: true,
        }
    );
    assert_eq!(
        Command::parse("challenge @bob days 15"),
        Err(CommandError::Days("15".into()))
    );
    assert!(matches!(
        Command::parse("challenge @bob @carol"),
        Err(CommandError::Unexpected { .. })
    ));
    assert!(matches!(
        Command::parse("challenge @everyone"),
        Ok(Command::Challenge { opponent: Opponent::Player(PlayerRef::Name(ref n)), .. }) if n == "everyone"
    ));
    // A front end's mention syntax means nothing to another front end's parser.
    assert!(matches!(
        Command::parse("challenge <@123>"),
        Err(CommandError::Unexpected { .. })
    ));
    assert_eq!(
        Command::parse_with("challenge <@&5> white", &Brackets),
        Err(CommandError::FrontEnd(
            FrontEndError::new("command-role-mention").with("role", "<@&5>")
        ))
    );
}

#[test]
fn an_option_is_given_once() {
    for (line, first, second, conflict) in [
        ("challenge @bob days 1 days 14", "days 1", "days 14", true),
        ("challenge @bob days 5 5d", "days 5", "5d", false),
        ("challenge @bob white black", "white", "black", true),
        ("challenge @bob white w", "white", "w", false),
        ("challenge @bob random white", "random", "white", true),
        ("challenge @bob casual rated", "casual", "rated", true),
        ("challenge @bob rated rated", "rated", "rated", false),
        (
            "challenge computer level 2 level 4",
            "level 2",
            "level 4",
            true,
        ),
        ("move #3 #4 Rb7", "#3", "#4", true),
        ("board #3 #3", "#3", "#3", false),
    ] {
        let (first, second) = (first.to_string(), second.to_string());
        let want = if conflict {
            CommandError::ConflictingOptions { first, second }
        } else {
            CommandError::RepeatedOption { first, second }
        };
        assert_eq!(Command::parse(line), Err(want), "{line}");
    }
    assert_eq!(
        Command::parse("challenge @bob days 1 days 14")
            .unwrap_err()
            .to_string(),
        "`days 1` and `days 14` say different things: keep the one you mean."
    );
    assert_eq!(
        Command::parse("challenge @bob white w")
            .unwrap_err()
            .to_string(),
        "`white` and `w` give the same option twice: keep one."
    );
}

#[test]
fn computer_challenges() {
    assert_eq!(
        parse("challenge computer level 5 black"),
        Command::Challenge {
            opponent: Opponent::Computer {
                level: Level::new(5).unwrap()
            },
            colour: Some(Color::Black),
            days: Days::DEFAULT,
            rated: true,
        }
    );
    assert_eq!(
        parse("challenge bot"),
        Command::Challenge {
            opponent: Opponent::Computer {
                level: DEFAULT_COMPUTER_LEVEL
            },
            colour: None,
            days: Days::DEFAULT,
            rated: true,
        }
    );
    assert_eq!(
        Command::parse("challenge computer level 9"),
        Err(CommandError::Level("9".into()))
    );
    assert!(matches!(
        Command::parse("challenge @bob level 2"),
        Err(CommandError::Unexpected { .. })
    ));
}

#[test]
fn game_commands_take_an_optional_number() {
    assert_eq!(
        parse("move Rb7"),
        Command::Move {
            game: None,
            text: "Rb7".into()
        }
    );
    assert_eq!(
        parse("move #12 c2-b3"),
        Command::Move {
            game: Some(GameId(12)),
            text: "c2-b3".into()
        }
    );
    assert_eq!(
        parse("m c2 b3"),
        Command::Move {
            game: None,
            text: "c2 b3".into()
        }
    );
    assert_eq!(
        parse("moves e1 #3"),
        Command::Moves {
            game: Some(GameId(3)),
            square: "e1".parse().ok()
        }
    );
    assert_eq!(
        parse("draw decline"),
        Command::Draw {
            game: None,
            answer: Some(Answer::Decline)
        }
    );
    assert_eq!(
        parse("resign #4 confirm"),
        Command::Resign {
            game: Some(GameId(4)),
            confirmed: true
        }
    );
    assert_eq!(parse("game 12"), Command::Game { game: GameId(12) });
    assert_eq!(
        parse("moretime 2"),
        Command::MoreTime {
            game: None,
            days: Days::new(2).unwrap()
        }
    );
    assert_eq!(
        parse("settings pings off"),
        Command::Settings {
            change: Some(Setting::Pings(false))
        }
    );
    assert_eq!(
        parse("settings DM on"),
        Command::Settings {
            change: Some(Setting::DirectMessages(true))
        }
    );
    assert_eq!(
        parse("settings dms off"),
        Command::Settings {
            change: Some(Setting::DirectMessages(false))
        }
    );
    assert_eq!(
        parse("settings language FR"),
        Command::Settings {
            change: Some(Setting::Language("fr".into()))
        }
    );
    for code in ["es-419", "en_GB", "auto"] {
        assert_eq!(
            parse(&format!("settings language {code}")),
            Command::Settings {
                change: Some(Setting::Language(code.to_lowercase()))
            }
        );
    }
    assert!(matches!(
        Command::parse("settings language 419"),
        Err(CommandError::Unexpected { .. })
    ));
}

#[test]
fn mistakes_get_specific_answers() {
    assert_eq!(
        Command::parse("chalenge @bob").unwrap_err().to_string(),
        "I don't know the command `chalenge`. Did you mean `challenge`? Type `help` for the list."
    );
    assert_eq!(
        Command::parse("move").unwrap_err().to_string(),
        "`move` needs a move. Usage: `move [#ID] MOVE`"
    );
    assert_eq!(
        Command::parse("moves z9").unwrap_err().to_string(),
        "`moves` does not understand `z9`. Usage: `moves [#ID] [SQUARE]`"
    );
    assert_eq!(
        Command::parse("board #x").unwrap_err(),
        CommandError::GameNumber("#x".into())
    );
    assert_eq!(Command::parse("   "), Err(CommandError::Empty));
    assert_eq!(
        Command::parse(&"a".repeat(4000)),
        Err(CommandError::TooLong(4000))
    );
    assert_eq!(
        parse("mo\u{200b}ve Rb7"),
        Command::Move {
            game: None,
            text: "Rb7".into()
        }
    );
}

#[test]
fn leaderboard_and_stats() {
    assert_eq!(parse("leaderboard"), Command::Leaderboard);
    assert_eq!(parse("top"), Command::Leaderboard);
    assert_eq!(parse("stats"), Command::Stats { player: None });
    assert_eq!(
        parse("stats <@!42>"),
        Command::Stats {
            player: Some(PlayerRef::Id(42))
        }
    );
    assert_eq!(
        parse("rating @bob"),
        Command::Stats {
            player: Some(PlayerRef::Name("bob".into()))
        }
    );
    assert_eq!(
        Command::parse("stats bob").unwrap_err().to_string(),
        "`stats` does not understand `bob`. Usage: `stats [@player]`"
    );
    assert_eq!(
        Command::parse("leaderboard 5").unwrap_err().to_string(),
        "`leaderboard` does not understand `5`. Usage: `leaderboard`"
    );
    assert!(matches!(
        Command::parse_with("stats <@1> <@2>", &Brackets),
        Err(CommandError::Unexpected { .. })
    ));
}

#[test]
fn every_help_entry_parses_its_example() {
    for entry in HELP {
        assert!(Command::parse(entry.example).is_ok(), "{}", entry.example);
    }
}

#[test]
fn attempts_at_moves_are_moves_and_command_typos_stay_typos() {
    for line in [
        "e6 f5", "b", "♚e6", "O-O", "0-0-0", "Nf3", "Qd4", "R b7", "c2 b3",
    ] {
        assert_eq!(
            Command::parse_or_move(line),
            Ok(Command::Move {
                game: None,
                text: line.into()
            }),
            "{line}"
        );
    }
    for (line, suggestion) in [
        ("chalenge", "challenge"),
        ("gmae 2", "game"),
        ("wbe", "web"),
    ] {
        assert!(
            matches!(
                Command::parse_or_move(line),
                Err(CommandError::Unknown { suggestion: Some(s), .. }) if s == suggestion
            ),
            "{line}"
        );
    }
}

#[test]
fn bare_moves() {
    for m in ["Rb7", "c2-b3", "e6=R+", "cxb2", "d7e6r", "Kd6"] {
        assert!(looks_like_move(m), "{m}");
    }
    for m in ["hello", "ok", "lol 2", "good game", "gg", "http://x.y/1"] {
        assert!(!looks_like_move(m), "{m}");
    }
}
