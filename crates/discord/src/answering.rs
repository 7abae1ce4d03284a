//! Answering an interaction with the service's reply: at once when it comes quickly, else
//! deferred first and then edited or followed up; retried while Discord fails for a passing
//! reason, and the text alone as a last resort. A choice in the move picker's menu is answered
//! in the menu's own message: the next menu takes its place, and the move played replaces it
//! with a line saying so, the move's reply itself being posted for everyone.

use super::*;

/// An interaction that is answered with a message: a slash command, a component (a button
/// or a menu), or a submitted modal.
pub(super) enum Asked<'a> {
    Command(&'a CommandInteraction),
    Button(&'a ComponentInteraction),
    Modal(&'a ModalInteraction),
}

impl Asked<'_> {
    /// Whether it is a choice made in a menu (the move picker's): answered in the menu's own
    /// message.
    fn is_menu(&self) -> bool {
        matches!(self, Asked::Button(i) if matches!(i.data.kind, ComponentInteractionDataKind::StringSelect { .. }))
    }

    pub(super) async fn respond(
        &self,
        http: &Http,
        r: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_response(http, r).await,
            Asked::Button(i) => i.create_response(http, r).await,
            Asked::Modal(i) => i.create_response(http, r).await,
        }
    }

    pub(super) async fn edit(&self, http: &Http, out: Outgoing) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.edit_response(http, out.edit()).await.map(drop),
            Asked::Button(i) => i.edit_response(http, out.edit()).await.map(drop),
            Asked::Modal(i) => i.edit_response(http, out.edit()).await.map(drop),
        }
    }

    pub(super) async fn delete(&self, http: &Http) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.delete_response(http).await,
            Asked::Button(i) => i.delete_response(http).await,
            Asked::Modal(i) => i.delete_response(http).await,
        }
    }

    pub(super) async fn followup(&self, http: &Http, out: Outgoing) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_followup(http, out.followup()).await.map(drop),
            Asked::Button(i) => i.create_followup(http, out.followup()).await.map(drop),
            Asked::Modal(i) => i.create_followup(http, out.followup()).await.map(drop),
        }
    }

    /// Discord's upload limit for the answer, in bytes.
    pub(super) fn upload_limit(&self) -> u64 {
        match self {
            Asked::Command(i) => u64::from(i.attachment_size_limit),
            Asked::Button(i) => u64::from(i.attachment_size_limit),
            Asked::Modal(i) => u64::from(i.attachment_size_limit),
        }
    }

    /// The asker's Discord locale, such as `fr`.
    pub(super) fn locale(&self) -> &str {
        match self {
            Asked::Command(i) => &i.locale,
            Asked::Button(i) => &i.locale,
            Asked::Modal(i) => &i.locale,
        }
    }

    /// Who asked.
    pub(super) fn asker(&self) -> PlayerId {
        match self {
            Asked::Command(i) => PlayerId(i.user.id.get()),
            Asked::Button(i) => PlayerId(i.user.id.get()),
            Asked::Modal(i) => PlayerId(i.user.id.get()),
        }
    }

    pub(super) fn channel(&self) -> u64 {
        match self {
            Asked::Command(i) => i.channel_id.get(),
            Asked::Button(i) => i.channel_id.get(),
            Asked::Modal(i) => i.channel_id.get(),
        }
    }
}

impl Handler {
    /// Answers an interaction with the service's reply: at once if it comes quickly, otherwise
    /// deferred first and then edited (public) or followed up (private).
    pub(super) async fn answer(
        &self,
        ctx: &Context,
        asked: Asked<'_>,
        place: Place,
        work: impl std::future::Future<Output = Reply>,
    ) {
        let http = ctx.http.as_ref();
        tokio::pin!(work);
        let quick = if self.defer_after.is_zero() {
            None
        } else {
            tokio::time::timeout(self.defer_after, &mut work).await.ok()
        };
        let reply = match quick.ok_or(()) {
            Ok(reply) => {
                if self.respond_now(http, &asked, &reply).await {
                    reply.told.delivered();
                }
                reply
            }
            Err(_) => {
                // A menu's choice is answered in the menu's own message: its deferral says so.
                let defer = if asked.is_menu() {
                    CreateInteractionResponse::Acknowledge
                } else {
                    CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
                };
                let deferred = asked.respond(http, defer).await;
                self.retry.record(&deferred);
                if let Err(e) = deferred {
                    tracing::warn!(error = %describe(&e), "could not defer an interaction");
                }
                let reply = work.await;
                if self.respond_late(http, &asked, &reply).await {
                    reply.told.delivered();
                }
                reply
            }
        };
        self.after(ctx, Some(&asked), place, &reply).await;
    }

    /// The immediate answer to an interaction: retried while Discord fails for a passing
    /// reason (Discord itself says when it is too late: the interaction is then unknown); the
    /// text alone if the files were refused or Discord kept failing.
    async fn respond_now(&self, http: &Http, asked: &Asked<'_>, reply: &Reply) -> bool {
        let channel = asked.channel();
        if let (Some(line), Asked::Button(_)) = (&reply.closes_menu, asked) {
            // The move picker's last step: its message says what was played, and the move's
            // reply is posted for everyone.
            let tried = self
                .retry
                .run("update", channel, || {
                    let r = CreateInteractionResponse::UpdateMessage(closed_menu(line).update());
                    asked.respond(http, r)
                })
                .await;
            match tried.map_err(|e| (classify(&e), e)) {
                Ok(()) | Err((Failure::AlreadyAnswered, _)) => {
                    return self.follow_up(http, asked, reply).await;
                }
                Err((Failure::Gone, _)) => return false,
                Err((failure, e)) => {
                    tracing::warn!(channel, ?failure, error = %describe(&e), "could not close the menu; answering anew");
                }
            }
        }
        if reply.replaces && matches!(asked, Asked::Button(_)) {
            // The move picker's next step takes the place of the menu that was used.
            let tried = self
                .retry
                .run("update", channel, || {
                    let r =
                        CreateInteractionResponse::UpdateMessage(outgoing(reply, true).update());
                    asked.respond(http, r)
                })
                .await;
            match tried.map_err(|e| (classify(&e), e)) {
                Ok(()) | Err((Failure::AlreadyAnswered, _)) => return true,
                Err((Failure::Gone, _)) => return false,
                Err((failure, e)) => {
                    tracing::warn!(channel, ?failure, error = %describe(&e), "could not update the menu's message; answering anew");
                }
            }
        }
        let has_files = reply.image.is_some() || !reply.files.is_empty();
        let with_files = has_files && files_fit(reply, asked.upload_limit());
        let tried = files_then_text("answer", channel, with_files, |files| {
            self.retry.run("answer", channel, move || {
                let r = CreateInteractionResponse::Message(outgoing(reply, files).response());
                asked.respond(http, r)
            })
        })
        .await;
        match tried {
            Ok(_) | Err((Failure::AlreadyAnswered, _)) => true,
            // Too late to answer: a follow-up needs an answer to follow.
            Err((Failure::Gone, e)) => {
                tracing::warn!(channel, error = %describe(&e), "could not answer an interaction: it is gone");
                false
            }
            Err((failure, e)) => {
                tracing::warn!(channel, ?failure, error = %describe(&e), "could not answer an interaction; following up");
                match asked.followup(http, outgoing(reply, false)).await {
                    Ok(_) => true,
                    Err(e) => {
                        tracing::error!(channel, error = %describe(&e), "could not answer an interaction at all");
                        false
                    }
                }
            }
        }
    }

    /// The answer to a deferred interaction: the deferred answer edited (public replies), or
    /// removed and followed up (private ones); retried, and the text alone as a last resort.
    async fn respond_late(&self, http: &Http, asked: &Asked<'_>, reply: &Reply) -> bool {
        let channel = asked.channel();
        if asked.is_menu() {
            return self.respond_late_in_menu(http, asked, reply).await;
        }
        let fits = files_fit(reply, asked.upload_limit());
        if reply.private {
            let removed = self
                .retry
                .run("remove the deferred answer", channel, || asked.delete(http))
                .await;
            if let Err(e) = removed {
                tracing::warn!(channel, error = %describe(&e), "could not remove the deferred answer");
            }
            let tried = self
                .retry
                .run("follow-up", channel, || {
                    asked.followup(http, outgoing(reply, fits))
                })
                .await;
            if let Err(e) = &tried {
                tracing::error!(channel, error = %describe(e), "could not follow up an interaction");
            }
            return tried.is_ok();
        }
        let what = "edit the deferred answer";
        let tried = files_then_text(what, channel, fits, |files| {
            self.retry.run(what, channel, move || {
                asked.edit(http, outgoing(reply, files))
            })
        })
        .await;
        match tried {
            Ok(_) => true,
            Err((failure, e)) => {
                tracing::error!(channel, ?failure, error = %describe(&e), "could not answer an interaction at all");
                false
            }
        }
    }

    /// The answer to a deferred choice in a menu, whose deferral was the menu's own: the next
    /// menu, or the line saying what was played, takes the menu's place (the move's reply then
    /// posted for everyone); anything else (a refusal) is a message of its own.
    async fn respond_late_in_menu(&self, http: &Http, asked: &Asked<'_>, reply: &Reply) -> bool {
        let channel = asked.channel();
        if reply.closes_menu.is_some() || reply.replaces {
            let tried = self
                .retry
                .run("edit the menu", channel, || {
                    let out = match &reply.closes_menu {
                        Some(line) => closed_menu(line),
                        None => outgoing(reply, false),
                    };
                    asked.edit(http, out)
                })
                .await;
            match (tried, reply.closes_menu.is_some()) {
                (Ok(_), false) => return true,
                (Ok(_), true) => {}
                (Err(e), _) => {
                    tracing::warn!(channel, error = %describe(&e), "could not edit the menu's message");
                }
            }
        }
        self.follow_up(http, asked, reply).await
    }

    /// `reply` as a follow-up to `asked` (for everyone, unless it is private): with its files
    /// where they fit, else, or when Discord refuses them, as text alone.
    async fn follow_up(&self, http: &Http, asked: &Asked<'_>, reply: &Reply) -> bool {
        let channel = asked.channel();
        let has_files = reply.image.is_some() || !reply.files.is_empty();
        let fits = has_files && files_fit(reply, asked.upload_limit());
        let tried = files_then_text("follow-up", channel, fits, |files| {
            self.retry.run("follow-up", channel, move || {
                asked.followup(http, outgoing(reply, files))
            })
        })
        .await;
        match tried {
            Ok(_) => true,
            Err((failure, e)) => {
                tracing::error!(channel, ?failure, error = %describe(&e), "could not follow up an interaction");
                false
            }
        }
    }
}
