//! How the service writes players, times and places in the answers a web page shows (a move
//! refused, an offer made): names as they are (the page escapes them), times written out.

use rollerball_game::Lang;
use rollerball_game::present::{Markup, TextMarkup, written_time};
use rollerball_model::{Place, PlayerId, Timestamp};

/// The web's markup: plain names, written times, places as the console writes them.
#[derive(Clone, Copy, Debug, Default)]
pub struct WebMarkup;

impl Markup for WebMarkup {
    fn player(&self, _id: PlayerId, name: &str) -> String {
        name.to_string()
    }

    fn time(&self, at: Timestamp, now: Timestamp, lang: Lang) -> String {
        written_time(at, now, lang)
    }

    fn place(&self, place: Place, lang: Lang) -> String {
        TextMarkup.place(place, lang)
    }

    fn literal(&self, text: &str) -> String {
        text.to_string()
    }
}
