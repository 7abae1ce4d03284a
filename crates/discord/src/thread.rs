//! A new game's own thread: its name and the words it opens with, in the server's language.

use crate::game::i18n::tr;
use crate::game::{GameHeading, Markup, Reply};
use crate::markup::DiscordMarkup;

/// The longest thread name Discord takes, in characters.
const THREAD_NAME_MAX: usize = 100;

/// The name of a new game's thread: "Game #3: alice vs bob" ("Spring · #3 alice vs bob" for a
/// tournament's game), White first, cut to Discord's 100 characters.
pub fn thread_name(heading: &GameHeading) -> String {
    let id = heading.game.0;
    let (white, black) = (heading.white.as_str(), heading.black.as_str());
    let name = match &heading.tournament {
        Some(tournament) => tr!(
            heading.lang,
            "tournament-thread-name",
            name = tournament.as_str(),
            id = id,
            white = white,
            black = black
        ),
        None => tr!(
            heading.lang,
            "thread-name",
            id = id,
            white = white,
            black = black
        ),
    };
    name.chars().take(THREAD_NAME_MAX).collect()
}

/// The first message of game `game`'s thread: both players pinged and told that the thread
/// is the game's home, above the opening board (`board`, from the service).
pub(crate) fn thread_intro(board: Reply, game: i64) -> Reply {
    let Some(lang) = board.lang else {
        return board;
    };
    let pings: Vec<String> = board
        .mentions
        .iter()
        .map(|&p| DiscordMarkup.player(p, ""))
        .collect();
    let intro = tr!(
        lang,
        "discord-thread-intro",
        players = pings.join(" "),
        id = game
    );
    Reply {
        text: format!("{intro}\n{}", board.text),
        ..board
    }
}
