//! The deadline sweep's delivery: every minute (or `SWEEP_EVERY`) the service's sweep runs,
//! and each notice it returns is posted in its game's thread or channel — where the bot may
//! post there — and its direct messages are sent, which is how a game where the bot only
//! answers commands reaches its players.

use super::*;

/// Runs the deadline sweep every `every`, and as soon as an analysis players wait for is
/// ready, and posts its notices, until told to stop.
pub(super) async fn sweep_loop(
    http: Arc<Http>,
    service: Arc<Service>,
    every: Duration,
    retry: RetryPolicy,
    mut stop: watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            // An analysis players wait for is ready: post it now rather than at the next tick.
            _ = service.feed().analysis_ready() => {}
            _ = until_stopped(&mut stop) => return,
        }
        let notices = service.sweeper().sweep().await;
        if !notices.is_empty() {
            tracing::debug!(notices = notices.len(), "deadline sweep");
        }
        for mut notice in notices {
            // A game played elsewhere (the console, on the same database) is not ours to tell.
            if !places::is_discords(notice.place) {
                notice.reply.told.delivered();
                continue;
            }
            if notice.place.bot_posts() {
                // Read by everyone there: what the bot adds speaks the server's language.
                if notice.reply.lang.is_none() {
                    notice.reply.lang = Some(
                        service
                            .languages()
                            .server_language(notice.place.server)
                            .await,
                    );
                }
                post_notice(&http, &retry, &notice).await;
            }
            // Where the bot only answers commands, these are how the notice reaches the players.
            direct::send_all(&http, &retry, &service, &notice.reply.direct).await;
            // The sweep's events are told by its notices between them (a notice that could
            // not be posted is logged, as before the log).
            notice.reply.told.delivered();
        }
    }
}

/// Posts a deadline notice in its game's thread or channel, and archives the thread of a game
/// it ends.
async fn post_notice(http: &Http, retry: &RetryPolicy, notice: &Notice) {
    let posted = post_in_place(http, retry, notice, "deadline notice").await;
    if let (true, Some(metrics)) = (posted, &retry.metrics) {
        metrics.notice_delivered();
    }
}

/// Posts `notice` in its game's thread or channel (the channel when the thread is gone or
/// closed) and archives the thread of a game it ends; whether it was posted.
pub(super) async fn post_in_place(
    http: &Http,
    retry: &RetryPolicy,
    notice: &Notice,
    what: &str,
) -> bool {
    let place = notice.place;
    let channel = place.thread.unwrap_or(place.channel);
    let mut posted = post(http, retry, channel, &notice.reply, what).await;
    if posted.is_posted() {
        close_thread(http, retry, place, &notice.reply).await;
    }
    if !posted.is_posted() && place.thread.is_some() {
        // The game's thread is gone or closed: say it where the game began.
        posted = post(http, retry, place.channel, &notice.reply, what).await;
    }
    posted.is_posted()
}
