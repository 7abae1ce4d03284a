//! Refusals a front end words itself, about what only it reads: a slash command's
//! subcommands, a modal's fields, its own mention syntax.

use crate::i18n::{self, FluentValue, Lang};

/// A refusal of a front end's own reading: the id of its message (in the front end's Fluent
/// topic) and the message's arguments. The game core knows no front end's words; it carries
/// this to the edge, where it is said in the player's language like any [`CommandError`].
///
/// [`CommandError`]: super::CommandError
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontEndError {
    /// The message id, such as `slash-unknown`.
    pub id: &'static str,
    /// The message's arguments, by name, as text.
    pub args: Vec<(&'static str, String)>,
}

impl FrontEndError {
    /// The refusal said by message `id`, without arguments so far.
    pub fn new(id: &'static str) -> FrontEndError {
        FrontEndError {
            id,
            args: Vec::new(),
        }
    }

    /// The same refusal with argument `name` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl Into<String>) -> FrontEndError {
        self.args.push((name, value.into()));
        self
    }

    /// The message a player reads, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let mut args = i18n::Args::new();
        for (name, value) in &self.args {
            args.set(*name, FluentValue::from(value.as_str()));
        }
        lang.text(self.id, &args)
    }
}
