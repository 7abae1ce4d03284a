//! The reply about a game that most commands end with: the text, the board drawn from the side
//! to move, the game's buttons, and who is pinged. It never fails: after a commit nothing may
//! turn into a refusal, so a board that cannot be drawn is logged and the reply goes as text.

use super::Voice;
use super::board_words::{BoardWords, caption};
use crate::i18n::{Lang, tr};
use crate::loaded::Loaded;
use crate::model::PlayerId;
use crate::parts::Commands;
use crate::render::{self, BoardView, Options};
use crate::reply::{Attachment, Button, ButtonAction, ButtonStyle, Reply};
use crate::rules::Color;
use crate::store::OfferKind;

/// Who a game reply may ping.
pub(crate) enum Ping {
    /// Nobody.
    Nobody,
    /// The player to move (both players once the game is over), unless they turned pings off.
    ToMove,
    /// Both players, unless they turned pings off.
    Both,
    /// Exactly these players.
    Only(Vec<PlayerId>),
}

impl Ping {
    /// The players pinged about `loaded`.
    fn players(self, loaded: &Loaded) -> Vec<PlayerId> {
        match self {
            Ping::Nobody => Vec::new(),
            Ping::ToMove if loaded.game().outcome().is_none() => {
                loaded.pingable(loaded.to_move()).into_iter().collect()
            }
            Ping::ToMove | Ping::Both => Color::ALL
                .into_iter()
                .filter_map(|c| loaded.pingable(c))
                .collect(),
            Ping::Only(players) => players,
        }
    }
}

impl Commands<'_> {
    /// A reply about a game: `text`, the board drawn from the side to move (White's once the
    /// game is over) and named by its players and number, the game's buttons when `buttons`,
    /// and pings as `ping` says. A finished
    /// tournament game's reply says how far its tournament is; a game being played says who of
    /// its players is on vacation, and until when.
    pub(crate) async fn game_reply(
        self,
        voice: Voice<'_>,
        loaded: &Loaded,
        text: String,
        ping: Ping,
        buttons: bool,
    ) -> Reply {
        let view = BoardView::of_game(loaded.game()).with_caption(caption(voice.lang, loaded));
        let side = board_side(loaded.game());
        let mut reply = Reply::text(text);
        match self.render(view, side, voice.lang).await {
            Ok(png) => {
                reply.image = Some(Attachment {
                    filename: format!("rollerball-{}-{}.png", loaded.id(), loaded.game().ply()),
                    bytes: png,
                });
            }
            Err(error) => {
                tracing::error!(game = loaded.id(), %error, "the board could not be drawn");
                reply.text.push('\n');
                reply
                    .text
                    .push_str(&tr!(voice.lang, "render-failed", error = error));
            }
        }
        if loaded.game().outcome().is_some()
            && let Some(note) = self
                .service
                .views()
                .tournament_note(voice, loaded.row().id)
                .await
        {
            reply.text.push('\n');
            reply.text.push_str(&note);
        }
        if loaded.game().outcome().is_none() {
            if let Some(offer) = loaded.row().offer {
                reply.text.push('\n');
                reply.text.push_str(&tr!(
                    voice.lang,
                    "offer-on-board",
                    kind = super::offer_key(offer.kind),
                    player = voice.side(loaded, offer.by),
                    opponent = voice.side(loaded, offer.by.opponent())
                ));
            }
            for color in Color::ALL {
                if let Some(v) = loaded.players()[color.index()]
                    .as_ref()
                    .and_then(|p| p.vacation)
                    .filter(|v| v.until > voice.now)
                {
                    reply.text.push('\n');
                    reply.text.push_str(&tr!(
                        voice.lang,
                        "vacation-on-board",
                        player = voice.side(loaded, color),
                        until = voice.time(v.until)
                    ));
                }
            }
        }
        if let Some(links) = self.service.links() {
            reply.text.push('\n');
            let page = voice.url(&links.game(loaded.row().id));
            reply
                .text
                .push_str(&tr!(voice.lang, "web-link-line", page = page));
        }
        reply.fen = Some(loaded.game().position().to_fen());
        reply.board_side = Some(side);
        if buttons {
            // A tournament's pairing is played once: its game offers no rematch.
            let over = loaded.game().outcome().is_some();
            let rematch = over
                && self
                    .service
                    .views()
                    .game_tournament(loaded.row().id)
                    .await
                    .is_none();
            reply.buttons = game_buttons(voice, loaded, rematch);
            // Where moving from a browser is on, the board opens the game there too.
            if loaded.game().outcome().is_none()
                && self.service.links().is_some_and(|l| l.private_links())
            {
                reply.buttons.push(button(
                    tr!(voice.lang, "web-button"),
                    ButtonAction::Web(loaded.row().id),
                    ButtonStyle::Secondary,
                ));
            }
        }
        reply.mentions = ping.players(loaded);
        if loaded.game().outcome().is_some() {
            reply.closes_thread = loaded.row().place.thread;
        }
        reply
    }

    /// Draws a board from `side`'s side, its words in `lang`, on a blocking thread, off the
    /// async workers.
    pub(crate) async fn render(
        self,
        view: BoardView,
        side: Color,
        lang: Lang,
    ) -> Result<Vec<u8>, String> {
        let mut options = Options::from_side(side);
        options.size = self.service.board_size;
        tokio::task::spawn_blocking(move || {
            render::render_png_in(&view, &options, &BoardWords(lang))
        })
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())
    }
}

/// The side a game's board is seen from: the side to move while it is played, so the
/// player whose turn it is sees it from their side, and White's once it is over.
pub(crate) fn board_side(game: &crate::rules::Game) -> Color {
    if game.outcome().is_some() {
        Color::White
    } else {
        game.position().side_to_move()
    }
}

/// A button.
pub(crate) fn button(label: String, action: ButtonAction, style: ButtonStyle) -> Button {
    Button {
        label,
        action,
        style,
    }
}

/// The buttons under a game's board: while it is played (**Move** opens the move picker, and a
/// pending offer is answered), or, once it is over, a rematch when `rematch` (not for a
/// tournament's game).
pub(crate) fn game_buttons(voice: Voice<'_>, loaded: &Loaded, rematch: bool) -> Vec<Button> {
    let lang = voice.lang;
    let id = loaded.row().id;
    if loaded.game().outcome().is_some() {
        return rematch
            .then(|| {
                button(
                    tr!(lang, "button-rematch"),
                    ButtonAction::Rematch(id),
                    ButtonStyle::Primary,
                )
            })
            .into_iter()
            .collect();
    }
    let mut buttons = vec![
        button(
            tr!(lang, "button-move"),
            ButtonAction::Move(id),
            ButtonStyle::Primary,
        ),
        button(
            tr!(lang, "button-legal-moves"),
            ButtonAction::LegalMoves(id),
            ButtonStyle::Secondary,
        ),
    ];
    // A pending offer is answered from the board (by the player it is made to: the other's
    // press of Decline withdraws it); no second offer can be made meanwhile. The computer
    // never agrees to a draw, so it is not offered one.
    match loaded.row().offer.map(|o| o.kind) {
        Some(OfferKind::Draw) => {
            buttons.push(button(
                tr!(lang, "button-accept-draw"),
                ButtonAction::AcceptDraw(id),
                ButtonStyle::Success,
            ));
            buttons.push(button(
                tr!(lang, "button-decline-draw"),
                ButtonAction::DeclineDraw(id),
                ButtonStyle::Secondary,
            ));
        }
        Some(OfferKind::Takeback) => {
            buttons.push(button(
                tr!(lang, "button-allow-takeback"),
                ButtonAction::AcceptTakeback(id),
                ButtonStyle::Primary,
            ));
            buttons.push(button(
                tr!(lang, "button-decline-takeback"),
                ButtonAction::DeclineTakeback(id),
                ButtonStyle::Secondary,
            ));
        }
        None if loaded.row().computer_level.is_none() => buttons.push(button(
            tr!(lang, "button-offer-draw"),
            ButtonAction::OfferDraw(id),
            ButtonStyle::Secondary,
        )),
        None => {}
    }
    buttons.push(button(
        tr!(lang, "button-resign"),
        ButtonAction::Resign(id),
        ButtonStyle::Danger,
    ));
    buttons
}
