//! Moving from the browser. The private link the bot gave a player is exchanged for an
//! HttpOnly, SameSite=Strict cookie for that game's pages alone (`signin`). On that page
//! the player sees the controls ([`panel`]); what they send (`POST /games/ID/act`) goes through
//! the service's one front door as a command made at [`Place::WEB`], with the same checks and
//! refusals as a typed one, and the game's own place hears of it from the event log.
//!
//! Nothing a page sends is trusted: the cookie's token is checked again on every request (a
//! forged, expired, revoked or other game's token is refused), a form from another site is
//! refused by its `Origin`, and each form names the ply it was made at, so a replayed or stale
//! one is refused instead of played into a position its sender never saw.

use axum::Form;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use maud::{Markup, html};
use rollerball_game::command::Answer;
use rollerball_game::{
    Actor, Command, GameState, GameView, Grant, Input, Lang, Request, TokenError, tr,
};
use rollerball_model::{GameId, Place};
use rollerball_rules::{self as rules, Color};
use serde::Deserialize;

use crate::Site;
use crate::game_page::{self, Notice, PageQuery, side_key};
use crate::html as pages;
use crate::lang::reader_lang;

/// A player signed in on a game's page with their private link.
pub struct Seat {
    /// The side they play.
    pub color: Color,
    /// Whether it is their move.
    pub to_move: bool,
    /// The move they just made from this page (SAN), while it is still the last one.
    pub played: Option<String>,
}

/// The cookie that keeps game `id`'s private link.
pub(crate) fn cookie_name(id: GameId) -> String {
    format!("rb_play_{}", id.0)
}

/// The token in the request's cookie for game `id`, if any.
fn cookie_token(headers: &HeaderMap, id: GameId) -> Option<String> {
    let name = cookie_name(id);
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.to_string())
}

/// The grant of the request's cookie for game `id`, checked (a revoked link too); else the
/// words that say why not (with the game they name).
async fn grant(site: &Site, headers: &HeaderMap, id: GameId) -> Result<Grant, (&'static str, i64)> {
    let token = cookie_token(headers, id).ok_or(("web-link-none", id.0))?;
    let grant = site
        .service
        .views()
        .check_link(&site.links, &token)
        .await
        .map_err(|e| (token_refusal(e), id.0))?;
    if grant.game != id {
        return Err(("web-link-other-game", grant.game.0));
    }
    Ok(grant)
}

/// The words of a refused token.
pub(crate) fn token_refusal(error: TokenError) -> &'static str {
    match error {
        TokenError::Invalid => "web-link-invalid",
        TokenError::Expired => "web-link-expired",
        TokenError::Off => "web-link-off",
        TokenError::Revoked => "web-link-revoked",
        TokenError::Unchecked => "web-link-unchecked",
    }
}

/// The player signed in on `view`'s page, if the request carries a good private link of one
/// of its players.
pub async fn seat(site: &Site, headers: &HeaderMap, view: &GameView) -> Option<Seat> {
    let grant = grant(site, headers, view.id()).await.ok()?;
    let color = view.color_of(grant.player)?;
    let to_move = matches!(view.state, GameState::Playing { to_move, .. } if to_move == color);
    Some(Seat {
        color,
        to_move,
        played: None,
    })
}

/// What a page's form sends.
#[derive(Debug, Deserialize)]
pub struct ActForm {
    /// `move`, `draw`, `draw-decline`, `takeback`, `takeback-decline`, `resign`.
    action: String,
    /// The move, for `move` (any notation the bot reads).
    #[serde(default, rename = "move")]
    mv: String,
    /// The ply the page was at when the form was made.
    ply: usize,
    /// The position the page showed (its [`GameView::position_mark`]), for a move: checked
    /// again under the game's lock, so a move never lands in a position it was not made for.
    #[serde(default)]
    at: String,
    /// `yes` once a resignation is confirmed.
    #[serde(default)]
    confirm: String,
    /// The page's language.
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /games/ID/act`: the signed-in player's move or answer, through the service.
pub async fn act(
    State(site): State<Site>,
    Path(id): Path<i64>,
    headers: HeaderMap,
    Form(form): Form<ActForm>,
) -> Response {
    let id = GameId(id);
    let lang = reader_lang(&headers, form.lang.as_deref());
    let query = PageQuery {
        lang: form.lang.clone(),
        ..PageQuery::default()
    };
    let refuse = |status: StatusCode, text: String| pages::message(lang, status, &text);
    if !same_origin(&site, &headers) {
        return refuse(StatusCode::FORBIDDEN, tr!(lang, "web-foreign-form"));
    }
    let grant = match grant(&site, &headers, id).await {
        Ok(grant) => grant,
        Err((words, game)) => return refuse(StatusCode::FORBIDDEN, tr!(lang, words, id = game)),
    };
    let view = match site.game(id, lang, "a move from the web").await {
        Ok(view) => view,
        Err(page) => return page,
    };
    let Some(color) = view.color_of(grant.player) else {
        return refuse(StatusCode::FORBIDDEN, tr!(lang, "web-link-invalid"));
    };
    if form.ply != view.plies() {
        let notice = Notice {
            text: tr!(lang, "web-link-stale"),
            refused: true,
            form: None,
        };
        return with_status(
            StatusCode::CONFLICT,
            game_page::game(&site, id, &query, &headers, Some(notice)).await,
        );
    }
    let game = Some(id);
    let input = Input::Command;
    let input = match form.action.as_str() {
        // The move is for the game of the address and the cookie, whatever game the form's
        // mark names: the service refuses a mark of another game.
        "move" => Input::MoveAt {
            game: id,
            at: form.at.clone(),
            text: form.mv.trim().to_string(),
        },
        "draw" => input(Command::Draw { game, answer: None }),
        "draw-decline" => input(Command::Draw {
            game,
            answer: Some(Answer::Decline),
        }),
        "takeback" => input(Command::Takeback { game, answer: None }),
        "takeback-decline" => input(Command::Takeback {
            game,
            answer: Some(Answer::Decline),
        }),
        "resign" if form.confirm == "yes" => input(Command::Resign {
            game,
            confirmed: true,
        }),
        "resign" => return confirm_resign(&site, &view, &query, &headers).await,
        _ => return refuse(StatusCode::BAD_REQUEST, tr!(lang, "web-link-stale")),
    };
    let actor = Actor {
        id: grant.player,
        name: view.sides[color.index()].name.clone(),
    };
    let request = Request::new(actor, Place::WEB, input).in_locale(Some(lang.code().into()));
    let Some(reply) = site.service.handle(request).await else {
        return Redirect::to(&format!("/games/{}", id.0)).into_response();
    };
    // A refusal, or what the service says to the player alone (too many commands at once),
    // is shown above the board; a change made needs no words: the page shows it.
    if reply.refused.is_some() || reply.private {
        let status = if reply.refused.is_some() {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        let notice = Notice {
            text: reply.text,
            refused: true,
            form: None,
        };
        return with_status(
            status,
            game_page::game(&site, id, &query, &headers, Some(notice)).await,
        );
    }
    // Post, then get: a reload shows the game, and sends nothing again. After a move the page
    // says it was played (`played`: the ply it made, which the page checks against the game).
    let mut params = Vec::new();
    if form.action == "move" {
        params.push(format!("played={}", form.ply + 1));
    }
    if let Some(l) = form.lang {
        params.push(format!("lang={}", urlencode(&l)));
    }
    let query = if params.is_empty() {
        String::new()
    } else {
        format!("?{}", params.join("&"))
    };
    Redirect::to(&format!("/games/{}{query}", id.0)).into_response()
}

/// The page again, asking to confirm a resignation.
async fn confirm_resign(
    site: &Site,
    view: &GameView,
    query: &PageQuery,
    headers: &HeaderMap,
) -> Response {
    let lang = view.lang;
    let action = format!("/games/{}/act", view.id().0);
    let notice = Notice {
        text: tr!(lang, "web-play-resign-confirm", id = view.id().0),
        refused: false,
        form: Some(html! {
            form method="post" action=(action) class="inline" {
                input type="hidden" name="action" value="resign";
                input type="hidden" name="ply" value=(view.plies());
                input type="hidden" name="lang" value=(lang.code());
                input type="hidden" name="confirm" value="yes";
                button type="submit" class="danger" { (tr!(lang, "web-play-resign")) }
            }
        }),
    };
    game_page::game(site, view.id(), query, headers, Some(notice)).await
}

/// Whether a form came from this site: its `Origin` (or, from a browser that sends none, its
/// `Referer`) has the scheme and host of `PUBLIC_URL`, or, without one, is `http://` and the
/// host asked. A form that says where it came from by neither is refused: every browser sends
/// `Origin` with a POST, and a missing one is as likely a page that stripped it.
pub(crate) fn same_origin(site: &Site, headers: &HeaderMap) -> bool {
    let named = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let from = match (named(header::ORIGIN), named(header::REFERER)) {
        (Some(origin), _) => origin,
        (None, Some(referer)) => referer_origin(referer),
        (None, None) => return false,
    };
    let expected = match site.links.origin() {
        Some(origin) => origin.to_string(),
        None => match named(header::HOST) {
            Some(host) => format!("http://{host}"),
            None => return false,
        },
    };
    from.eq_ignore_ascii_case(&expected)
}

/// The origin (`scheme://host[:port]`) of a `Referer`'s address.
fn referer_origin(referer: &str) -> &str {
    let Some((_, rest)) = referer.split_once("://") else {
        return "";
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    &referer[..referer.len() - rest.len() + end]
}

/// `response` with `status`.
fn with_status(status: StatusCode, mut response: Response) -> Response {
    if response.status() == StatusCode::OK {
        *response.status_mut() = status;
    }
    response
}

/// A language code fit for a query (the codes are letters; anything else is dropped).
fn urlencode(code: &str) -> String {
    code.chars().filter(char::is_ascii_alphanumeric).collect()
}

/// The legal moves of the position, for the script: each origin square's destinations with
/// the move's SAN (`{"c2":[["b3","c2-b3"]]}`).
pub fn legal_json(view: &GameView) -> String {
    let mut by_origin: std::collections::BTreeMap<String, Vec<(String, String)>> =
        std::collections::BTreeMap::new();
    for (mv, san) in rules::legal_sans(view.record().position()) {
        by_origin
            .entry(mv.from.to_string())
            .or_default()
            .push((mv.to.to_string(), san));
    }
    serde_json::to_string(&by_origin).unwrap_or_default()
}

/// The signed-in player's controls: the move box when it is their move (or the move they just
/// played), what they can offer or answer now, resigning.
pub fn panel(view: &GameView, seat: &Seat) -> Markup {
    let lang = view.lang;
    let id = view.id().0;
    let action = format!("/games/{id}/act");
    let ply = view.plies();
    html! {
        section id="play" class="play" data-color=(side_key(seat.color)) {
            h2 { (tr!(lang, "web-play-heading", side = side_key(seat.color))) }
            @if view.playing() {
                @if seat.to_move {
                    p { (tr!(lang, "web-play-your-move")) }
                    form id="move-form" method="post" action=(action) {
                        input type="hidden" name="action" value="move";
                        input type="hidden" name="ply" value=(ply);
                        input type="hidden" name="at" value=(view.position_mark());
                        input type="hidden" name="lang" value=(lang.code());
                        label for="move" { (tr!(lang, "web-play-move-label")) }
                        " "
                        input id="move" name="move" type="text" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="20" required;
                        " "
                        button type="submit" { (tr!(lang, "web-play-submit")) }
                    }
                } @else if let Some(san) = &seat.played {
                    p class="played" { (tr!(lang, "web-play-played", san = san.as_str())) }
                } @else {
                    p { (tr!(lang, "web-play-their-move")) }
                }
                div class="actions" {
                    (offers(view, seat, &action))
                    (resign(&action, ply, lang, id))
                }
            }
        }
    }
}

/// The offers the player can make or answer at this moment, each in words for it: the
/// opponent's offer to accept or decline; their own, waiting, to withdraw; else a draw to
/// offer (not to the computer, which never takes one) and, when they have a move to take
/// back, a takeback to ask for (granted at once by the computer).
fn offers(view: &GameView, seat: &Seat, action: &str) -> Markup {
    let lang = view.lang;
    let ply = view.plies();
    let computer = view.sides[seat.color.opponent().index()].player.is_none();
    let form = |what: &str, label: &str| button(action, ply, lang, what, &tr!(lang, label), "");
    html! {
        @match view.offer {
            Some(offer) if offer.by != seat.color && offer.draw => {
                (form("draw", "web-play-accept-draw"))
                (form("draw-decline", "web-play-decline-draw"))
            }
            Some(offer) if offer.by != seat.color => {
                (form("takeback", "web-play-accept-takeback"))
                (form("takeback-decline", "web-play-decline-takeback"))
            }
            Some(offer) if offer.draw => {
                p class="waiting" { (tr!(lang, "web-play-draw-waits")) }
                (form("draw-decline", "web-play-withdraw-draw"))
            }
            Some(_) => {
                p class="waiting" { (tr!(lang, "web-play-takeback-waits")) }
                (form("takeback-decline", "web-play-withdraw-takeback"))
            }
            None => {
                @if !computer {
                    (form("draw", "web-play-draw"))
                }
                // As the service allows it: the player's own last move, once the opponent has
                // not answered it (the computer's answer goes with it).
                @let can_take_back = if computer {
                    (seat.to_move && ply >= 2) || (!seat.to_move && ply >= 1)
                } else {
                    !seat.to_move && ply >= 1
                };
                @if can_take_back {
                    (form("takeback", "web-play-takeback"))
                }
            }
        }
    }
}

/// A form of one button.
fn button(action: &str, ply: usize, lang: Lang, what: &str, label: &str, class: &str) -> Markup {
    html! {
        form method="post" action=(action) class="inline" {
            input type="hidden" name="action" value=(what);
            input type="hidden" name="ply" value=(ply);
            input type="hidden" name="lang" value=(lang.code());
            button type="submit" class=(class) { (label) }
        }
    }
}

/// The resign button: the script asks to confirm and sends `confirm=yes`; without it the page
/// comes back asking.
fn resign(action: &str, ply: usize, lang: Lang, id: i64) -> Markup {
    html! {
        form method="post" action=(action) class="inline resign" data-confirm=(tr!(lang, "web-play-resign-confirm", id = id)) {
            input type="hidden" name="action" value="resign";
            input type="hidden" name="ply" value=(ply);
            input type="hidden" name="lang" value=(lang.code());
            input type="hidden" name="confirm" value="";
            button type="submit" class="danger" { (tr!(lang, "web-play-resign")) }
        }
    }
}
