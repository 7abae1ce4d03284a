//! Turn notices by direct message (`settings dm on`): each time it becomes a player's move —
//! the opponent moved, the computer answered, a game began with them as White — and with each
//! reminder, a one-line message for them alone: the opponent, the move, the deadline and a link
//! to the game. In a game where the bot only answers commands (a DM or group DM it is no member
//! of) every player gets them, asked for or not: nothing else reaches them there. Composed here
//! through the front end's markup; front ends only send them.

use super::i18n::tr;
use super::players::Players;
use super::reply::DirectMessage;
use crate::model::PlayerId;
use crate::parts::Feed;
use crate::store::{Game as StoredGame, GameStatus};

/// Why it is a player's move, for the words of the notice.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Turn<'a> {
    /// The opponent (a player or the computer) has just played this move, in SAN.
    Moved(&'a str),
    /// The game has just begun and the player has White.
    Begun,
    /// A reminder; `last` for the final one.
    Reminder {
        /// The final reminder before the loss on time.
        last: bool,
    },
}

impl Feed<'_> {
    /// The direct message telling the player to move in `row` that it is their move, if they
    /// asked for such messages or the bot cannot post where the game is. `None` when they did not, when the game is over, when the
    /// computer is to move, or when the player to move is `actor`, who has just seen it
    /// happen under their own command.
    pub(crate) async fn turn_notice(
        self,
        players: &Players<'_>,
        row: &StoredGame,
        turn: Turn<'_>,
        actor: Option<PlayerId>,
    ) -> Option<DirectMessage> {
        if row.status != GameStatus::Active {
            return None;
        }
        let to = row.player(row.to_move)?;
        if actor == Some(to) {
            return None;
        }
        // Where the bot only answers commands, a DM is the only way the player hears of it.
        if !players.get_or_log(to).await?.dm && row.place.bot_posts() {
            return None;
        }
        let lang = self
            .service
            .languages()
            .notice_language(players, Some(to), row.place.server)
            .await;
        let voice = self.service.voice(lang);
        let opponent_color = row.to_move.opponent();
        let opponent_name = match row.player(opponent_color) {
            Some(p) => players.name(p).await,
            None => String::new(),
        };
        let (kind, san) = match turn {
            Turn::Moved(san) => ("moved", san),
            Turn::Begun => ("begun", ""),
            Turn::Reminder { last: true } => ("last", ""),
            Turn::Reminder { last: false } => ("reminder", ""),
        };
        let text = tr!(
            lang,
            "dm-turn",
            kind = kind,
            id = row.id.0,
            opponent = voice.row_side(row, opponent_color, &opponent_name),
            san = san,
            deadline = row.deadline.map(|at| voice.time(at)).unwrap_or_default(),
            link = voice.link(row.place)
        );
        Some(DirectMessage { to, text })
    }
}
