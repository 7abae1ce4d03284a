//! The Discord front end, on serenity: gateway events and interactions become game requests,
//! game replies become messages with the board attached, new games get their own thread, and
//! the deadline sweep's notices are posted where the games are played.
//!
//! Players who added the app to their own account also play where the bot is no member (a DM or
//! group DM between friends, a server that did not add it). There the bot only answers each
//! interaction — response, follow-ups, edits — and never posts on its own: no thread, and what
//! it would post reaches the players by direct message (see `places.rs` for how such a place is
//! recognised, `direct.rs` for the DMs, and the service's held notices for DMs Discord refuses).
//!
//! Nothing here decides anything about the game: every answer comes from [`Service`]. Moves are
//! committed by the service before any Discord call is made, so a Discord failure can cost a
//! message, never a move; failures are logged with their context and, where possible, answered.

#![warn(missing_docs)]

// The crates this one builds on, named as the modules they were before the split, so
// that paths read `crate::rules::Game` here as everywhere.
use rollerball_game as game;
use rollerball_metrics as metrics;
use rollerball_model as model;
use rollerball_redact as redact;
use rollerball_rules as rules;

mod answering;
pub mod commands;
pub mod config;
pub mod deliver;
mod direct;
mod events;
mod ids;
mod markup;
mod places;
mod poster;
mod posting;
mod profile;
mod secret;
mod sweep;
mod thread;
mod unread;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use serenity::all::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, AutoArchiveDuration, ChannelId,
    ChannelType, CommandInteraction, CommandType, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateAutocompleteResponse, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateMessage, CreateThread, EditThread, EventHandler,
    GatewayError, GatewayIntents, Guild, GuildId, Http, HttpBuilder, Interaction,
    InteractionContext, Member, Message, ModalInteraction, Nonce, PartialChannel, Ready,
    ShardManager, ShardStageUpdateEvent, User,
};
use serenity::async_trait;
use serenity::gateway::ConnectionStage;
use tokio::sync::{Notify, watch};

use answering::Asked;
pub use config::{Config, ConfigError, Shards};
use deliver::{
    Failure, Outgoing, RetryPolicy, classify, closed_menu, describe, files_fit, files_then_text,
    outgoing,
};
pub use markup::DiscordMarkup;
use places::{Channels, actor, display_name, message_place, place, reach};
use poster::follow_logs;
use posting::{Posted, close_thread, post, post_message, send};
use sweep::sweep_loop;
pub use thread::thread_name;

use crate::game::command::{CommandError, game_number};
use crate::game::{
    Actor, Admission, Audience, HeldNotices, Input, Notice, Reply, Request, Service,
};
use crate::model::{GameId, Place, PlayerId, Reach};
use rollerball_game::tr;

/// How long shutdown waits for commands in progress.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest autocomplete choice Discord takes (name and value alike).
const CHOICE_MAX_CHARS: usize = 100;

/// The most autocomplete choices Discord shows.
const CHOICES_MAX: usize = 25;

/// The most messages of held notices shown with one command; the rest wait for the next.
const HELD_PAGES_MAX: usize = 5;

/// The gateway intents the bot asks for. Message Content is privileged: enable it for the bot
/// in the developer portal, or `!rb` and bare moves only work in DMs and messages mentioning the
/// bot (slash commands and buttons need no intents).
pub fn intents() -> GatewayIntents {
    GatewayIntents::GUILDS
        | GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::DIRECT_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT
}

/// Counts the events being handled, so shutdown can wait for them.
#[derive(Default)]
struct InFlight {
    count: AtomicUsize,
    idle: Notify,
}

struct InFlightGuard(Arc<InFlight>);

impl InFlight {
    fn enter(self: &Arc<Self>) -> InFlightGuard {
        self.count.fetch_add(1, Ordering::SeqCst);
        InFlightGuard(Arc::clone(self))
    }

    async fn drained(&self) {
        loop {
            let notified = self.idle.notified();
            if self.count.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for InFlightGuard {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

/// The gateway event handler: the bridge between serenity and the service.
struct Handler {
    service: Arc<Service>,
    prefix: String,
    guild_id: Option<u64>,
    defer_after: Duration,
    retry: RetryPolicy,
    registered: AtomicBool,
    in_flight: Arc<InFlight>,
    /// Which channels messages came from are threads.
    channels: Channels,
}

/// Stops a running [`Bot`]; cheap to clone, usable from a signal handler.
#[derive(Clone)]
pub struct ShutdownHandle {
    stop: Arc<watch::Sender<bool>>,
}

impl ShutdownHandle {
    /// Asks the bot to stop: the gateway closes, commands in progress finish, the sweep stops.
    pub fn shutdown(&self) {
        let _ = self.stop.send(true);
    }
}

/// The bot, built and ready to [`run`](Bot::run).
pub struct Bot {
    client: serenity::Client,
    service: Arc<Service>,
    config: Config,
    in_flight: Arc<InFlight>,
    stop: Arc<watch::Sender<bool>>,
}

/// The REST client: Discord itself, or `api_base` (an API proxy or a test server) with
/// serenity's rate limiter off, since the proxy owns rate limits.
pub fn http_client(config: &Config) -> Http {
    let builder = HttpBuilder::new(&config.token);
    match &config.api_base {
        Some(base) => builder
            .proxy(base.clone())
            .ratelimiter_disabled(true)
            .build(),
        None => builder.build(),
    }
}

impl Bot {
    /// Connects the REST client (it asks Discord for the gateway's address) and prepares the
    /// gateway; nothing is received until [`run`](Bot::run). The service's replies are written
    /// in Discord's markup from then on.
    pub async fn new(config: Config, service: Service) -> Result<Bot, serenity::Error> {
        // Discord's words and limits: its markup, and menus of at most its 25 options.
        let menu_size = service.menu_size().min(deliver::MENU_OPTIONS_MAX);
        let service = Arc::new(
            service
                .with_markup(Arc::new(DiscordMarkup))
                .with_menu_size(menu_size),
        );
        // Before any command is answered: the answers owe their events to this process's
        // poster, which finds them again after a restart.
        service
            .feed()
            .serve_events_as(&poster::reader_of(config.shards).0);
        // And the turn notices' consumer has its place in the log (a new one, at the newest
        // event), so that no move answered from now on goes without its notice.
        poster::place_turn_notices(&service, config.shards).await;
        let in_flight = Arc::new(InFlight::default());
        let client = client(&config, &service, &in_flight, intents()).await?;
        let (stop, _) = watch::channel(false);
        Ok(Bot {
            client,
            service,
            config,
            in_flight,
            stop: Arc::new(stop),
        })
    }

    /// The gateway address the bot will connect to (from Discord, or the API base).
    pub async fn gateway_url(&self) -> String {
        self.client.ws_url.lock().await.clone()
    }

    /// The REST client, for delivering messages outside events.
    pub fn http(&self) -> Arc<Http> {
        Arc::clone(&self.client.http)
    }

    /// The service the bot answers with, for the other front ends of the same process (the
    /// web pages) to share.
    pub fn service(&self) -> &Arc<Service> {
        &self.service
    }

    /// A handle that stops the bot.
    pub fn shutdown_handle(&self) -> ShutdownHandle {
        ShutdownHandle {
            stop: Arc::clone(&self.stop),
        }
    }

    /// Runs the gateway and the deadline sweep until [`ShutdownHandle::shutdown`], then waits for
    /// commands in progress to finish.
    pub async fn run(mut self) -> Result<(), serenity::Error> {
        let mut stopped = self.stop.subscribe();
        let sweeper = tokio::spawn(sweep_loop(
            self.client.http.clone(),
            Arc::clone(&self.service),
            self.config.sweep_every,
            self.config.retry.clone(),
            self.stop.subscribe(),
        ));
        let consumers = tokio::spawn(follow_logs(
            self.client.http.clone(),
            Arc::clone(&self.service),
            self.config.shards,
            self.config.retry.clone(),
            self.stop.subscribe(),
        ));
        let mut intents = intents();
        let result = loop {
            let result = self.gateway(&mut stopped).await;
            let refused = matches!(
                result,
                Err(serenity::Error::Gateway(
                    GatewayError::DisallowedGatewayIntents
                ))
            );
            if !refused || !intents.contains(GatewayIntents::MESSAGE_CONTENT) {
                break result;
            }
            // The privileged intent is not enabled for this bot: carry on without it.
            tracing::warn!(
                "the Message Content intent is not enabled for this bot (developer portal → Bot), \
                 so `{}` commands and bare moves cannot be read; slash commands and buttons work. \
                 Reconnecting without it.",
                self.config.prefix
            );
            self.client.shard_manager.shutdown_all().await;
            intents.remove(GatewayIntents::MESSAGE_CONTENT);
            match client(&self.config, &self.service, &self.in_flight, intents).await {
                Ok(client) => self.client = client,
                Err(e) => break Err(e),
            }
        };
        if let Err(e) = &result {
            tracing::error!(error = %e, "the gateway stopped");
        }
        let _ = self.stop.send(true);
        if tokio::time::timeout(DRAIN_TIMEOUT, self.in_flight.drained())
            .await
            .is_err()
        {
            tracing::warn!("shutting down with commands still in progress");
        }
        let _ = sweeper.await;
        let _ = consumers.await;
        tracing::info!("the bot has stopped");
        result
    }
}

impl Bot {
    /// Runs the gateway until it stops by itself (an error) or `stopped` says so.
    async fn gateway(
        &mut self,
        stopped: &mut watch::Receiver<bool>,
    ) -> Result<(), serenity::Error> {
        let manager: Arc<ShardManager> = Arc::clone(&self.client.shard_manager);
        let shards = self.config.shards;
        let metrics = self.config.retry.metrics.clone();
        let expect = move |count: u32| {
            if let Some(metrics) = &metrics {
                metrics.expect_shards(count);
            }
        };
        let client = &mut self.client;
        let gateway = async move {
            match shards {
                Shards::One => {
                    expect(1);
                    client.start().await
                }
                Shards::Auto => {
                    // As many as Discord recommends (`GET /gateway/bot`), all in this process.
                    let total = client.http.get_bot_gateway().await?.shards.max(1);
                    tracing::info!(shards = total, "Discord recommends this many shards");
                    expect(total);
                    client.start_shards(total).await
                }
                // serenity reads the range's end as the last shard.
                Shards::Range { first, last, total } => {
                    expect(last - first + 1);
                    client.start_shard_range(first..last, total).await
                }
            }
        };
        tokio::pin!(gateway);
        tokio::select! {
            result = &mut gateway => result,
            _ = until_stopped(stopped) => {
                tracing::info!("shutting down: closing the gateway");
                manager.shutdown_all().await;
                let _ = tokio::time::timeout(Duration::from_secs(5), &mut gateway).await;
                Ok(())
            }
        }
    }
}

/// A serenity client whose events go to the service.
async fn client(
    config: &Config,
    service: &Arc<Service>,
    in_flight: &Arc<InFlight>,
    intents: GatewayIntents,
) -> Result<serenity::Client, serenity::Error> {
    let handler = Handler {
        service: Arc::clone(service),
        prefix: config.prefix.clone(),
        guild_id: config.guild_id,
        defer_after: config.defer_after,
        retry: config.retry.clone(),
        registered: AtomicBool::new(false),
        in_flight: Arc::clone(in_flight),
        channels: Channels::default(),
    };
    serenity::all::ClientBuilder::new_with_http(http_client(config), intents)
        .event_handler(handler)
        .await
}

/// Returns once the stop flag is set (or its sender is gone).
async fn until_stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|&s| s).await;
}

impl Handler {
    async fn register(&self, ctx: &Context) {
        if self.registered.swap(true, Ordering::SeqCst) {
            return;
        }
        let definition = commands::registration(self.guild_id.is_none());
        let result = match self.guild_id {
            Some(guild) => match ids::snowflake::<GuildId>(guild) {
                Some(guild) => guild.set_commands(&ctx.http, definition).await.map(drop),
                None => Err(serenity::Error::Other("a server id of zero")),
            },
            None => serenity::all::Command::set_global_commands(&ctx.http, definition)
                .await
                .map(drop),
        };
        self.retry.record(&result);
        match result {
            Ok(()) => tracing::info!(
                guild = ?self.guild_id,
                commands = ?commands::NAMES,
                "registered the slash commands and the user command {:?}",
                profile::name()
            ),
            Err(e) => {
                self.registered.store(false, Ordering::SeqCst);
                tracing::error!(error = %describe(&e), "could not register the commands");
            }
        }
    }

    /// What follows a delivered reply: its direct messages are sent, and each new game (one
    /// accepted, or a whole tournament's) gets its own thread where possible.
    /// `asked` is the interaction the reply answered, if any, so that a player can be told when
    /// the bot may not post where the game is.
    async fn after(&self, ctx: &Context, asked: Option<&Asked<'_>>, place: Place, reply: &Reply) {
        if !reply.private {
            close_thread(&ctx.http, &self.retry, place, reply).await;
        }
        direct::send_all(&ctx.http, &self.retry, &self.service, &reply.direct).await;
        if let Some(held) = &reply.held {
            self.show_held(ctx, asked, place, held).await;
        }
        let mut games = reply.new_games.clone();
        if let Some(game) = reply.new_game.filter(|g| !games.contains(g)) {
            games.insert(0, game);
        }
        for game in games {
            self.open_thread(ctx, asked, place, game).await;
        }
    }

    /// Shows a player the notices Discord would not let the bot send them directly, privately
    /// and never in a server's channel: under the interaction they just made; for a message in
    /// a direct message with the bot, there; for a message in a server, by DM once more (it may
    /// get through now). As many messages as they take, up to [`HELD_PAGES_MAX`]; each page
    /// delivered is dropped, and the rest wait for the next command.
    async fn show_held(
        &self,
        ctx: &Context,
        asked: Option<&Asked<'_>>,
        place: Place,
        held: &HeldNotices,
    ) {
        let http = ctx.http.as_ref();
        for page in held.pages(deliver::CONTENT_MAX, HELD_PAGES_MAX) {
            let delivered = match asked {
                Some(asked) => {
                    let note = Reply::private(page.text.clone());
                    let tried = self
                        .retry
                        .run("held notices", asked.channel(), || {
                            asked.followup(http, outgoing(&note, false))
                        })
                        .await;
                    if let Err(e) = &tried {
                        tracing::warn!(player = held.to.0, error = %describe(e), "could not show the held notices; they wait for the next command");
                    }
                    tried.is_ok()
                }
                // The bot's own direct messages with the player.
                None if place.server.is_none() => {
                    let note = Reply::private(page.text.clone());
                    post(http, &self.retry, place.channel, &note, "held notices")
                        .await
                        .is_posted()
                }
                None => direct::send_text(http, &self.retry, held.to, &page.text, None).await,
            };
            if !delivered {
                return;
            }
            self.service.commands().held_shown(held.to, &page.ids).await;
        }
    }

    /// Opens a public thread for a new game started in a server channel, records it, and posts
    /// the board there, pinging both players (which adds them to the thread). If Discord says no
    /// (no Create Public Threads permission, not a text channel), the game stays in the channel.
    async fn open_thread(
        &self,
        ctx: &Context,
        asked: Option<&Asked<'_>>,
        place: Place,
        game: GameId,
    ) {
        if place.server.is_none() || place.thread.is_some() || !place.bot_posts() {
            return;
        }
        let name = match self.service.views().game_heading(game).await {
            Ok(heading) => thread::thread_name(&heading),
            Err(e) => {
                tracing::error!(game = game.0, error = %e, "cannot name the game's thread");
                return;
            }
        };
        let builder = CreateThread::new(name)
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let created = match ids::channel(place.channel) {
            Some(channel) => channel.create_thread(&ctx.http, builder).await,
            None => Err(ids::no_channel()),
        };
        self.retry.record(&created);
        let thread = match created {
            Ok(thread) => thread.id.get(),
            Err(e) => {
                tracing::info!(game = game.0, channel = place.channel, error = %describe(&e), "no thread for the game; it is played in the channel");
                return;
            }
        };
        self.channels.thread(thread, place.channel);
        if let Err(e) = self.service.commands().attach_thread(game, thread).await {
            tracing::error!(game = game.0, thread, error = %e, "could not record the game's thread");
            return;
        }
        let thread_place = Place {
            thread: Some(thread),
            ..place
        };
        let reply = match self.service.views().opening_board(game, thread_place).await {
            Ok(board) => thread::thread_intro(board, game.0),
            Err(e) => {
                tracing::error!(game = game.0, thread, error = %e, "cannot write the game thread's first message");
                return;
            }
        };
        let posted = post(&ctx.http, &self.retry, thread, &reply, "game thread").await;
        if posted == Posted::Not(Failure::Forbidden) {
            if let Some(asked) = asked {
                // The player is told under their own interaction, in their language.
                let lang = self
                    .service
                    .languages()
                    .language(Some(asked.locale()), asked.asker(), place.server)
                    .await;
                let note = Reply::private(tr!(lang, "delivery-no-permission"));
                let tried = self
                    .retry
                    .run("permission note", thread, || {
                        asked.followup(&ctx.http, outgoing(&note, false))
                    })
                    .await;
                if let Err(e) = tried {
                    tracing::warn!(thread, error = %describe(&e), "could not tell the player the bot may not post");
                }
            }
        }
    }

    /// Stores a server's preferred locale as an interaction or GUILD_CREATE reports it, so
    /// `!rb` commands and deadline notices there can use it.
    async fn remember_server_locale(&self, guild: Option<GuildId>, locale: Option<&str>) {
        let (Some(guild), Some(locale)) = (guild, locale) else {
            return;
        };
        if let Err(e) = self
            .service
            .languages()
            .remember_server_locale(guild.get(), locale)
            .await
        {
            tracing::warn!(guild = guild.get(), error = %e, "could not store the server's locale");
        }
    }
}
