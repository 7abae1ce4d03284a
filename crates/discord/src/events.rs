//! Gateway events and interactions as they arrive: each slash command, user command, modal,
//! autocomplete, button, menu and message becomes one request to the service, and its reply is
//! delivered through the handler's answering and posting helpers (`mod.rs`).

use super::*;
use crate::game::command::looks_like_move;
use crate::unread::Unread;

impl Handler {
    /// Who asks, in the locale their Discord client says (if it does), remembering the
    /// server's own locale on the way: what every interaction starts with.
    async fn asker(
        &self,
        user: &User,
        member: Option<&Member>,
        locale: &str,
        guild: Option<GuildId>,
        guild_locale: Option<&str>,
    ) -> (Actor, Option<String>) {
        self.remember_server_locale(guild, guild_locale).await;
        let locale = Some(locale.to_owned()).filter(|l| !l.is_empty());
        (actor(user, member), locale)
    }

    /// [`Handler::asker`] of a slash command or a user command.
    async fn command_asker(&self, i: &CommandInteraction) -> (Actor, Option<String>) {
        self.asker(
            &i.user,
            i.member.as_deref(),
            &i.locale,
            i.guild_id,
            i.guild_locale.as_deref(),
        )
        .await
    }

    /// The request of a command read from an interaction (a slash command's options, a modal's
    /// fields): the command and the users it names, or why it could not be read.
    fn command_request(
        who: Actor,
        place: Place,
        locale: Option<String>,
        read: Result<commands::Parsed, CommandError>,
    ) -> Request {
        let (input, mentioned) = match read {
            Ok(parsed) => (Input::Command(parsed.command), parsed.mentioned),
            Err(e) => (Input::Invalid(e), Vec::new()),
        };
        Request::new(who, place, input)
            .in_locale(locale)
            .mentioning(mentioned)
    }

    /// Hands `request` to the service and delivers its answer to `asked`.
    async fn ask(&self, ctx: &Context, asked: Asked<'_>, place: Place, request: Request) {
        let service = Arc::clone(&self.service);
        let work = async move { interaction_reply(service.handle(request).await) };
        self.answer(ctx, asked, place, work).await;
    }

    async fn on_command(&self, ctx: &Context, i: &CommandInteraction) {
        let place = command_place(i);
        let (who, locale) = self.command_asker(i).await;
        let request = Handler::command_request(who, place, locale, commands::parse(&i.data));
        self.ask(ctx, Asked::Command(i), place, request).await;
    }

    /// "Challenge to Rollerball" on a member: the modal of the challenge's settings, or at once
    /// the service's refusal when the member is a bot or the player themself.
    async fn on_profile(&self, ctx: &Context, i: &CommandInteraction) {
        let place = command_place(i);
        let (who, locale) = self.command_asker(i).await;
        let Some(target) = i.data.target_id.map(|t| t.to_user_id()) else {
            tracing::warn!("a user command without its target");
            return;
        };
        let member = i.data.resolved.members.get(&target);
        let (opponent, bot) = match i.data.resolved.users.get(&target) {
            Some(user) => {
                let opponent = Actor {
                    id: PlayerId(user.id.get()),
                    name: display_name(user, member.and_then(|m| m.nick.as_deref())),
                };
                (opponent, user.bot)
            }
            // Discord left the user out of `resolved`: nobody it vouches for, refused.
            None => {
                let input = Input::Invalid(commands::unresolved(target.get()));
                let request = Request::new(who, place, input).in_locale(locale);
                self.ask(ctx, Asked::Command(i), place, request).await;
                return;
            }
        };
        if bot || opponent.id == who.id {
            // Nothing to ask: the service refuses it as it would `/rb challenge`.
            let input = if bot {
                Input::Invalid(CommandError::from(Unread::BotOpponent(
                    opponent.name.clone(),
                )))
            } else {
                let parsed = profile::challenge(&opponent, None, crate::model::Days::DEFAULT, true);
                Input::Command(parsed.command)
            };
            let request = Request::new(who, place, input).in_locale(locale);
            self.ask(ctx, Asked::Command(i), place, request).await;
            return;
        }
        let lang = self
            .service
            .languages()
            .language(locale.as_deref(), who.id, place.server)
            .await;
        let modal = CreateInteractionResponse::Modal(profile::modal(lang, &opponent, place.reach));
        if let Err(e) = i.create_response(&ctx.http, modal).await {
            tracing::warn!(error = %describe(&e), "could not open the challenge modal");
        }
    }

    /// A submitted modal: the challenge from a profile, answered as `/rb challenge` is.
    async fn on_modal(&self, ctx: &Context, i: &ModalInteraction) {
        let Some((reach, parsed)) = profile::submission(&i.data) else {
            tracing::warn!(custom_id = %i.data.custom_id, "a modal the bot does not know");
            return;
        };
        let place = place(i.guild_id, i.channel_id, i.channel.as_ref(), reach);
        let (who, locale) = self
            .asker(
                &i.user,
                i.member.as_ref(),
                &i.locale,
                i.guild_id,
                i.guild_locale.as_deref(),
            )
            .await;
        let request = Handler::command_request(who, place, locale, parsed);
        self.ask(ctx, Asked::Modal(i), place, request).await;
    }

    async fn on_autocomplete(&self, ctx: &Context, i: &CommandInteraction) {
        let place = command_place(i);
        if let Some(focused) = i.data.autocomplete()
            && focused.name == "command"
        {
            // `/rb-info help command:…`: the commands whose word starts with what was typed.
            let mut choices = CreateAutocompleteResponse::new();
            for name in commands::help_choices(focused.value)
                .into_iter()
                .take(CHOICES_MAX)
            {
                choices = choices.add_string_choice(name, name);
            }
            if let Err(e) = i
                .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(choices))
                .await
            {
                tracing::warn!(error = %describe(&e), "could not answer autocomplete");
            }
            return;
        }
        let typed = i.data.autocomplete().map(|o| o.value.to_string());
        let game = commands::subcommand(&i.data).and_then(|(_, options)| {
            options
                .iter()
                .find(|o| o.name == "game")
                .and_then(|o| match o.value {
                    serenity::all::ResolvedValue::Integer(n) => game_number(n).ok(),
                    _ => None,
                })
        });
        let forecast = i.data.name == commands::FORECAST;
        let raw = typed.unwrap_or_default();
        let typed = if forecast {
            String::new()
        } else {
            raw.trim().to_lowercase()
        };
        let actor = PlayerId(i.user.id.get());
        let moves = if forecast {
            // A line of moves: each choice is the whole line with one more move; Discord takes
            // choices of at most 100 characters.
            let mut lines = self
                .service
                .views()
                .forecast_completions(actor, place, game, &raw)
                .await;
            lines.retain(|line| line.chars().count() <= CHOICE_MAX_CHARS);
            lines
        } else {
            self.service
                .views()
                .legal_moves_for(actor, place, game)
                .await
        };
        let mut choices = CreateAutocompleteResponse::new();
        for san in moves
            .into_iter()
            .filter(|san| san.to_lowercase().starts_with(&typed))
            .take(CHOICES_MAX)
        {
            choices = choices.add_string_choice(san.clone(), san);
        }
        if let Err(e) = i
            .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(choices))
            .await
        {
            tracing::warn!(error = %describe(&e), "could not answer autocomplete");
        }
    }

    /// A button pressed or a choice made in a menu (the move picker's).
    async fn on_button(&self, ctx: &Context, i: &ComponentInteraction) {
        let reach = reach(i.context, &i.authorizing_integration_owners);
        let place = place(i.guild_id, i.channel_id, i.channel.as_ref(), reach);
        let (who, locale) = self
            .asker(
                &i.user,
                i.member.as_ref(),
                &i.locale,
                i.guild_id,
                i.guild_locale.as_deref(),
            )
            .await;
        let custom_id = i.data.custom_id.clone();
        let request = match &i.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => {
                Request::menu(who, place, custom_id, values.clone())
            }
            _ => Request::button(who, place, custom_id),
        }
        .in_locale(locale);
        self.ask(ctx, Asked::Button(i), place, request).await;
    }

    async fn on_message(&self, ctx: &Context, msg: &Message) {
        if msg.author.bot || msg.content.is_empty() {
            return;
        }
        let content = msg.content.trim();
        let addressed = strip_prefix(content, &self.prefix);
        if addressed.is_none() && !looks_like_move(content) {
            // Chat, which the service would leave unanswered: no need to learn where it is.
            return;
        }
        let place = message_place(&self.channels, &ctx.http, &self.retry, msg).await;
        // Where the message was written, and its answer goes: the thread, if it is one.
        let here = msg.channel_id.get();
        let who = Actor {
            id: PlayerId(msg.author.id.get()),
            name: display_name(
                &msg.author,
                msg.member.as_ref().and_then(|m| m.nick.as_deref()),
            ),
        };
        let reply = match addressed {
            Some(rest) => {
                let mentioned = msg
                    .mentions
                    .iter()
                    .map(|u| actor(u, None))
                    .collect::<Vec<_>>();
                let input = ids::line_input(rest, &msg.mentions);
                let request = Request::new(who, place, input)
                    .admitted(Admission::Quiet)
                    .mentioning(mentioned)
                    .heard_by(audience(msg));
                self.service.handle(request).await
            }
            None => {
                self.service
                    .handle(Request::chat(who, place, content).heard_by(audience(msg)))
                    .await
            }
        };
        let Some(reply) = reply else {
            return;
        };
        if let Some(exposed) = reply.exposed {
            self.keep_secret(ctx, msg, place, exposed, &reply).await;
            self.after(ctx, None, place, &reply).await;
            return;
        }
        let posted = if reply.private {
            // A message cannot be answered privately: answer it in place, without pinging.
            post_message(&ctx.http, &self.retry, here, &reply, "reply", |m| {
                m.reference_message(msg)
            })
            .await
        } else {
            post(&ctx.http, &self.retry, here, &reply, "reply").await
        };
        if posted.is_posted() {
            reply.told.delivered();
        } else {
            tracing::warn!(channel = here, "a command's answer was not delivered");
        }
        self.after(ctx, None, place, &reply).await;
    }
}

/// Where a slash command, user command or autocomplete was made, and what the bot may do there.
fn command_place(i: &CommandInteraction) -> Place {
    let reach = reach(i.context, &i.authorizing_integration_owners);
    place(i.guild_id, i.channel_id, i.channel.as_ref(), reach)
}

/// Who reads a message and its answers: everyone in a server's channel; in a direct message
/// with the bot, its author alone.
fn audience(msg: &Message) -> Audience {
    match msg.guild_id {
        Some(_) => Audience::Channel,
        None => Audience::Asker,
    }
}

/// The service's answer to an interaction. It always has one: an interaction is never chat and
/// is counted as [`Admission::Answered`], so only an empty reply could stand in for none.
fn interaction_reply(reply: Option<Reply>) -> Reply {
    reply.unwrap_or_default()
}

/// The command after the prefix (`!rb move Rb7` → `move Rb7`), matched without regard to case.
fn strip_prefix<'a>(content: &'a str, prefix: &str) -> Option<&'a str> {
    let head = content.get(..prefix.len())?;
    if !head.eq_ignore_ascii_case(prefix) {
        return None;
    }
    let rest = &content[prefix.len()..];
    if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
        return None;
    }
    Some(rest.trim())
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(
            user = %ready.user.name,
            shard = ?ready.shard,
            guilds = ready.guilds.len(),
            "connected to Discord"
        );
        if let Some(metrics) = &self.retry.metrics {
            metrics.shard_connected(ctx.shard_id.0, true);
        }
        self.register(&ctx).await;
    }

    async fn shard_stage_update(&self, _ctx: Context, update: ShardStageUpdateEvent) {
        // Connected from READY (above) or a resumed session; anything else is a lost shard.
        if let Some(metrics) = &self.retry.metrics {
            let connected = update.new == ConnectionStage::Connected;
            metrics.shard_connected(update.shard_id.0, connected);
        }
    }

    async fn guild_create(&self, _ctx: Context, guild: Guild, _is_new: Option<bool>) {
        let _busy = self.in_flight.enter();
        self.remember_server_locale(Some(guild.id), Some(&guild.preferred_locale))
            .await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let _busy = self.in_flight.enter();
        match &interaction {
            Interaction::Command(i) if i.data.kind == CommandType::User => {
                self.on_profile(&ctx, i).await;
            }
            Interaction::Command(i) => self.on_command(&ctx, i).await,
            Interaction::Modal(i) => self.on_modal(&ctx, i).await,
            Interaction::Autocomplete(i) => self.on_autocomplete(&ctx, i).await,
            Interaction::Component(i) => {
                if matches!(
                    i.data.kind,
                    ComponentInteractionDataKind::Button
                        | ComponentInteractionDataKind::StringSelect { .. }
                ) {
                    self.on_button(&ctx, i).await;
                }
            }
            _ => {}
        }
    }

    async fn message(&self, ctx: Context, msg: Message) {
        let _busy = self.in_flight.enter();
        self.on_message(&ctx, &msg).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes() {
        assert_eq!(strip_prefix("!rb move Rb7", "!rb"), Some("move Rb7"));
        assert_eq!(strip_prefix("!RB  help", "!rb"), Some("help"));
        assert_eq!(strip_prefix("!rb", "!rb"), Some(""));
        assert_eq!(strip_prefix("!rbx", "!rb"), None);
        assert_eq!(strip_prefix("Rb7", "!rb"), None);
        assert_eq!(strip_prefix("é", "!rb"), None);
    }
}
