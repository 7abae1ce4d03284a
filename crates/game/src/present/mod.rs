//! The words and pictures of replies: the [`Markup`] seam each front end supplies, the voice a
//! reply speaks in, the phrases and selector words of the texts, the game reply with its board
//! and buttons, and the help.

pub(crate) mod analysis;
pub(crate) mod analysis_graph;
pub(crate) mod board_words;
mod game_reply;
mod help;
pub(crate) mod key_moments;
pub(crate) mod legal_list;
mod markup;
pub(crate) mod picker;
mod voice;
mod words;

pub(crate) use game_reply::{Ping, button};
pub(crate) use help::help;
pub use help::rules_summary;
pub use markup::{Markup, TextMarkup, written_time};
pub(crate) use voice::Voice;
pub use words::{Mover, move_error, move_error_by, move_error_id};
pub(crate) use words::{offer_key, on_off, rated_key, side_key, wrong_mark, yes_no};
