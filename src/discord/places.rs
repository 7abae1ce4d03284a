//! Who and where an interaction is, in the service's terms: the player and their name, the
//! place (a thread told apart from its channel), and whether the bot may post there or only
//! answer (a DM or group DM it is no member of, a server where only the user installed it).

use super::*;

/// The player as the service knows them: their server nickname, display name or user name.
pub(super) fn actor(user: &User, member: Option<&Member>) -> Actor {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    Actor {
        id: PlayerId(user.id.get()),
        name,
    }
}

/// What the bot can do where an interaction was made. It only answers there in a DM or group
/// DM it is no member of (Discord's private-channel context) and in a server that did not add it
/// (the app was installed by the user alone); everywhere else — a server that added it, its own
/// DMs, and interactions that say nothing of either (as before user installs) — it may post.
pub(super) fn reach(
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
) -> Reach {
    let installed_in_server = owners
        .0
        .iter()
        .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(Some(_))));
    match context {
        Some(InteractionContext::PrivateChannel) => Reach::Answers,
        Some(InteractionContext::Guild) if !owners.0.is_empty() && !installed_in_server => {
            Reach::Answers
        }
        _ => Reach::Posts,
    }
}

/// Where an interaction happened: a thread is told apart by the channel Discord describes.
pub(super) fn place(
    guild: Option<GuildId>,
    channel: ChannelId,
    described: Option<&PartialChannel>,
    reach: Reach,
) -> Place {
    let thread = described.filter(|c| {
        matches!(
            c.kind,
            ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
        )
    });
    match thread {
        Some(t) => Place {
            server: guild.map(GuildId::get),
            channel: t.parent_id.map_or(channel.get(), ChannelId::get),
            thread: Some(channel.get()),
            reach,
        },
        None => Place {
            server: guild.map(GuildId::get),
            channel: channel.get(),
            thread: None,
            reach,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_only_answers_where_it_is_no_member() {
        let owners = |json: serde_json::Value| -> AuthorizingIntegrationOwners {
            serde_json::from_value(json).unwrap()
        };
        let cases = [
            // A server that added the bot, with or without a user install beside it.
            (
                Some(InteractionContext::Guild),
                owners(serde_json::json!({"0": "5"})),
                Reach::Posts,
            ),
            (
                Some(InteractionContext::Guild),
                owners(serde_json::json!({"0": "5", "1": "7"})),
                Reach::Posts,
            ),
            // A server where only the user installed the app.
            (
                Some(InteractionContext::Guild),
                owners(serde_json::json!({"1": "7"})),
                Reach::Answers,
            ),
            // The bot's own DMs; a DM or group DM between players.
            (
                Some(InteractionContext::BotDm),
                owners(serde_json::json!({"1": "7"})),
                Reach::Posts,
            ),
            (
                Some(InteractionContext::PrivateChannel),
                owners(serde_json::json!({"1": "7"})),
                Reach::Answers,
            ),
            // An interaction that says neither, as before user installs.
            (None, owners(serde_json::json!({})), Reach::Posts),
        ];
        for (context, owners, expected) in cases {
            assert_eq!(reach(context, &owners), expected, "{context:?} {owners:?}");
        }
    }
}
