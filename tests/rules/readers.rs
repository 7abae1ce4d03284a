//! Property tests of the readers the fuzz targets explore (see `fuzz/`): the command parser and
//! button ids on any text, and the notation readers in positions reached by random legal moves.
//! (The FEN and move readers on arbitrary text near the start are in `rules_games.rs`.)

use proptest::prelude::*;
use rollerball::game::ButtonAction;
use rollerball::game::command::{
    Command, CommandError, MAX_LINE, clean_text, is_direction_control, looks_like_move,
};
use rollerball::rules::{Game, Position, coordinate, legal_sans, read_move};
use rollerball::store::{ChallengeId, GameId};

/// A position reached from the start by the legal moves that `choices` pick.
fn reached(choices: &[u16]) -> Game {
    let mut game = Game::new();
    for &choice in choices {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        game.play(moves[usize::from(choice) % moves.len()])
            .expect("a legal move");
    }
    game
}

/// Text that mixes command words, moves, mentions and invisible or direction characters.
fn hostile_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("move ".to_string()),
        Just("challenge ".to_string()),
        Just("#12 ".to_string()),
        Just("@everyone ".to_string()),
        Just("<@&1> ".to_string()),
        Just("<@!102> ".to_string()),
        Just("Rb7".to_string()),
        Just("c2-b3".to_string()),
        Just("\u{200b}".to_string()),
        Just("\u{202e}".to_string()),
        Just("\u{2067}".to_string()),
        Just("\u{feff}".to_string()),
        Just("'; DROP TABLE games; --".to_string()),
        "\\PC{0,6}",
    ];
    proptest::collection::vec(piece, 0..12).prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn the_command_parser_never_panics(line in "\\PC{0,400}") {
        let strict = Command::parse(&line);
        let lenient = Command::parse_or_move(&line);
        if let Ok(command) = &strict {
            prop_assert_eq!(lenient.as_ref(), Ok(command));
        }
        let _ = looks_like_move(&line);
        if line.chars().count() > MAX_LINE {
            prop_assert_eq!(strict, Err(CommandError::TooLong(line.chars().count())));
        }
    }

    #[test]
    fn no_direction_control_reaches_a_command(line in hostile_text()) {
        if let Ok(command) = Command::parse_or_move(&line) {
            let shown = format!("{command:?}");
            prop_assert!(!shown.chars().any(is_direction_control), "{}", shown);
            prop_assert!(!line.chars().any(is_direction_control), "{:?} was taken", line);
        }
        match clean_text(&line) {
            Ok(clean) => {
                let zero_width = clean.contains(['\u{200b}', '\u{feff}']);
                prop_assert!(!zero_width, "{:?}", clean);
            }
            Err(e) => prop_assert!(matches!(
                e,
                CommandError::DirectionControl(_) | CommandError::TooLong(_)
            )),
        }
    }

    #[test]
    fn button_ids_never_panic_and_read_back(text in "(rb:)?[a-z-]{0,16}(:[0-9+-]{0,21}){0,2}", id in 1i64.., kind in 0usize..12) {
        if let Some(action) = ButtonAction::from_custom_id(&text) {
            prop_assert_eq!(action.custom_id(), text);
        }
        let (c, g) = (ChallengeId(id), GameId(id));
        let action = [
            ButtonAction::AcceptChallenge(c), ButtonAction::DeclineChallenge(c),
            ButtonAction::CancelChallenge(c), ButtonAction::OfferDraw(g), ButtonAction::AcceptDraw(g),
            ButtonAction::DeclineDraw(g), ButtonAction::AcceptTakeback(g),
            ButtonAction::DeclineTakeback(g), ButtonAction::Resign(g), ButtonAction::ConfirmResign(g),
            ButtonAction::LegalMoves(g), ButtonAction::Rematch(g),
        ][kind];
        prop_assert_eq!(ButtonAction::from_custom_id(&action.custom_id()), Some(action));
    }

    #[test]
    fn every_legal_move_reads_back_from_its_san_and_coordinates(choices in proptest::collection::vec(any::<u16>(), 0..80)) {
        let game = reached(&choices);
        let position = *game.position();
        for (mv, san) in legal_sans(&position) {
            prop_assert_eq!(read_move(&position, &san), Ok(mv), "SAN {} in {}", san, position.to_fen());
            let coord = coordinate(&position, mv);
            prop_assert_eq!(read_move(&position, &coord), Ok(mv), "{} in {}", coord, position.to_fen());
            prop_assert_eq!(read_move(&position, &coord.replace('-', "")), Ok(mv));
        }
    }

    #[test]
    fn a_written_fen_reads_as_the_same_position(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let game = reached(&choices);
        for position in game.positions() {
            let fen = position.to_fen();
            prop_assert_eq!(Position::from_fen(&fen), Ok(position), "{}", fen);
        }
    }

    #[test]
    fn the_move_reader_never_panics_in_reached_positions(
        choices in proptest::collection::vec(any::<u16>(), 0..60),
        text in "\\PC{0,24}",
    ) {
        let game = reached(&choices);
        if let Ok(mv) = read_move(game.position(), &text) {
            prop_assert!(game.position().is_legal(mv));
        }
    }
}
