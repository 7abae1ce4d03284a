//! `settings`: a player's language, whether the bot pings them, and whether it sends them a
//! direct message when it becomes their move.

use crate::command::Setting;
use crate::context::{Cx, Res, no};
use crate::i18n::{Lang, tr};
use crate::present::on_off;
use crate::reply::Reply;

/// What `settings language` takes to forget the player's choice.
pub const AUTO_LANGUAGE: &str = "auto";

/// `settings [language CODE | pings on|off | dm on|off]`: shows the settings, or changes one and answers
/// in the language now in use.
pub(crate) async fn settings(cx: &Cx<'_>, change: Option<&Setting>) -> Res<Reply> {
    let now = cx.now();
    let lang = cx.lang;
    let me = cx.actor.id;
    let player = match cx.players.get(me).await? {
        Some(p) => p,
        None => {
            cx.store()
                .players()
                .upsert_player(me, &cx.actor.name, now)
                .await?
        }
    };
    let (language, ping, dm) = match change {
        None => {
            return Ok(Reply::private(tr!(
                lang,
                "settings-show",
                language = shown_language(player.language.as_deref(), lang),
                pings = on_off(player.ping),
                dm = on_off(player.dm)
            )));
        }
        Some(Setting::Language(code)) if code.eq_ignore_ascii_case(AUTO_LANGUAGE) => {
            (None, player.ping, player.dm)
        }
        Some(Setting::Language(code)) => match Lang::from_locale(code) {
            Some(chosen) => (Some(chosen.code().to_string()), player.ping, player.dm),
            None => {
                let languages: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
                return Err(no!(
                    "settings-language-unknown",
                    code = code.as_str(),
                    languages = languages.join(", ")
                ));
            }
        },
        Some(Setting::Pings(on)) => (player.language.clone(), *on, player.dm),
        Some(Setting::DirectMessages(on)) => (player.language.clone(), player.ping, *on),
    };
    let saved = cx
        .store()
        .players()
        .set_player_settings(me, language.as_deref(), ping, dm, now)
        .await?;
    cx.players.remember(&saved);
    // The answer already speaks the language now in use.
    let lang = cx
        .svc
        .languages()
        .language_of(&cx.players, cx.locale, me, cx.place.server)
        .await;
    Ok(Reply::private(tr!(
        lang,
        "settings-saved",
        language = shown_language(saved.language.as_deref(), lang),
        pings = on_off(saved.ping),
        dm = on_off(saved.dm)
    )))
}

/// The language a player's settings show: the one they chose, or the one in use.
fn shown_language(chosen: Option<&str>, in_use: Lang) -> String {
    chosen.unwrap_or(in_use.code()).to_string()
}
