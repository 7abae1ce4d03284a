//! Notices a direct message could not carry: the front end hands back a DM that Discord
//! refused (the player does not accept DMs from the bot), the store keeps it, and the player's
//! next command shows it to them privately — in as many messages as they take, each dropped
//! once it was delivered. A game in a place where the bot only answers commands reaches its
//! players by DM alone, so this is how nothing of it is lost.

use super::i18n::tr;
use super::reply::{HeldNotices, HeldPage};
use crate::model::{Place, PlayerId};
use crate::parts::Commands;

impl Commands<'_> {
    /// Keeps `text`, a direct message Discord would not deliver to `player`, until their next
    /// command. A store failure is logged: the notice is then lost, and said so in the log.
    pub async fn hold_notice(self, player: PlayerId, text: &str) {
        if let Err(error) = self
            .service
            .store()
            .players()
            .hold_notice(player, text, self.service.now())
            .await
        {
            self.service.observer().database_error();
            tracing::error!(player = player.0, %error, "could not keep a notice for later; it is lost");
        }
    }

    /// The notices held for `player`, in their language; `None` when there are none (or the
    /// store cannot say: they wait for the next command).
    pub(crate) async fn held_for(
        self,
        player: PlayerId,
        locale: Option<&str>,
        place: Place,
    ) -> Option<HeldNotices> {
        // Shown with a later command, once the database answers again.
        if crate::reach::out() {
            return None;
        }
        let held = match self.service.store().players().held_notices(player).await {
            Ok(held) => held,
            Err(error) => {
                crate::reach::note(&error);
                self.service.observer().database_error();
                tracing::warn!(player = player.0, %error, "could not look for held notices");
                return None;
            }
        };
        if held.is_empty() {
            return None;
        }
        Some(HeldNotices {
            to: player,
            lang: self
                .service
                .languages()
                .language(locale, player, place.server)
                .await,
            notices: held.into_iter().map(|n| (n.id, n.text)).collect(),
        })
    }

    /// The front end delivered the held notices `ids` of `player`: they are dropped. A failure
    /// is logged, and the notices are shown once more with the next command.
    pub async fn held_shown(self, player: PlayerId, ids: &[i64]) {
        if let Err(error) = self
            .service
            .store()
            .players()
            .drop_held_notices(player, ids)
            .await
        {
            self.service.observer().database_error();
            tracing::warn!(player = player.0, %error, "could not drop notices already shown");
        }
    }
}

impl HeldNotices {
    /// The notices as at most `max_pages` messages of at most `max_chars` characters each: the
    /// first opens with a line saying what they are, every notice has a line of its own, oldest
    /// first, and a notice too long for a message is cut to fit. When they do not all fit, the
    /// last message says how many wait for the next command, and those are in no page.
    pub fn pages(&self, max_chars: usize, max_pages: usize) -> Vec<HeldPage> {
        let header = tr!(self.lang, "held-notices", count = self.notices.len());
        let mut pages: Vec<HeldPage> = Vec::new();
        let mut page = HeldPage {
            text: header,
            ids: Vec::new(),
        };
        for (id, text) in &self.notices {
            let line = format!("• {text}");
            let fits = chars(&page.text) + 1 + chars(&line) <= max_chars;
            if !fits && !page.ids.is_empty() {
                pages.push(std::mem::replace(
                    &mut page,
                    HeldPage {
                        text: String::new(),
                        ids: Vec::new(),
                    },
                ));
            }
            if !page.text.is_empty() {
                page.text.push('\n');
            }
            let room = max_chars.saturating_sub(chars(&page.text));
            page.text.push_str(&clip(&line, room));
            page.ids.push(*id);
        }
        pages.push(page);
        if pages.len() <= max_pages.max(1) {
            return pages;
        }
        pages.truncate(max_pages.max(1));
        let kept = pages.len() - 1;
        let (before, last) = pages.split_at_mut(kept);
        let shown_before: usize = before.iter().map(|p| p.ids.len()).sum();
        let last = &mut last[0];
        // The line saying how many are left must fit too: the last notices make room for it.
        loop {
            let left = self.notices.len() - shown_before - last.ids.len();
            let more = tr!(self.lang, "held-notices-more", count = left);
            let room = max_chars.saturating_sub(chars(&more) + 1);
            if chars(&last.text) <= room || last.ids.len() <= 1 {
                last.text = clip(&last.text, room);
                last.text.push('\n');
                last.text.push_str(&more);
                break;
            }
            last.ids.pop();
            let cut = last.text.rfind('\n').unwrap_or(0);
            last.text.truncate(cut);
        }
        pages
    }
}

/// A text's length as Discord counts it, in characters.
fn chars(text: &str) -> usize {
    text.chars().count()
}

/// `text` cut to `max` characters, an ellipsis marking the cut.
fn clip(text: &str, max: usize) -> String {
    if chars(text) <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn held(count: usize, length: usize) -> HeldNotices {
        HeldNotices {
            to: PlayerId(7),
            lang: Lang::En,
            notices: (1..=count as i64)
                .map(|id| (id, format!("{id:03} {}", "x".repeat(length - 4))))
                .collect(),
        }
    }

    #[test]
    fn held_notices_are_split_into_messages_that_fit() {
        // 30 notices of 100 characters: 2 messages of at most 2,000 characters, none lost.
        let pages = held(30, 100).pages(2000, 5);
        assert_eq!(pages.len(), 2);
        assert!(pages.iter().all(|p| p.text.chars().count() <= 2000));
        assert!(pages[0].text.starts_with(
            "I could not reach you by direct message, so here are the 30 notices I had for you:\n• 001 x"
        ));
        assert!(pages[1].text.starts_with("• "), "{}", pages[1].text);
        let ids: Vec<i64> = pages.iter().flat_map(|p| p.ids.clone()).collect();
        assert_eq!(ids, (1..=30).collect::<Vec<_>>());
        for page in &pages {
            let shown = page.text.lines().filter(|l| l.starts_with("• ")).count();
            assert_eq!(shown, page.ids.len());
        }
        // One notice: the header says so.
        assert_eq!(
            held(1, 10).pages(2000, 5)[0].text,
            "I could not reach you by direct message, so here is what I had to tell you:\n• 001 xxxxxx"
        );
    }

    #[test]
    fn only_the_notices_shown_are_in_the_pages() {
        let notices = held(100, 150);
        let pages = notices.pages(2000, 3);
        assert_eq!(pages.len(), 3);
        assert!(pages.iter().all(|p| p.text.chars().count() <= 2000));
        let shown: usize = pages.iter().map(|p| p.ids.len()).sum();
        let last = pages.last().unwrap();
        assert!(
            last.text.ends_with(&format!(
                "\n{} more notices wait: I show them with your next command.",
                100 - shown
            )),
            "{}",
            last.text
        );
        let ids: Vec<i64> = pages.iter().flat_map(|p| p.ids.clone()).collect();
        assert_eq!(ids, (1..=shown as i64).collect::<Vec<_>>());
        // A notice longer than a message is cut to fit, and shown.
        let long = held(2, 3000).pages(2000, 5);
        assert_eq!(long.len(), 2);
        assert!(long.iter().all(|p| p.text.chars().count() == 2000));
        assert!(long[0].text.ends_with('…'));
        assert_eq!(long[1].ids, [2]);
        // With room for one message only, the line about the rest still fits.
        let one = held(2, 3000).pages(2000, 1);
        assert_eq!(one[0].ids, [1]);
        assert_eq!(one[0].text.chars().count(), 2000);
        assert!(
            one[0]
                .text
                .ends_with("One more notice waits: I show it with your next command.")
        );
    }
}
