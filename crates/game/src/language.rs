//! Which language answers whom: the player's own choice, else their client's locale, else
//! their server's, else English; and the servers' locales the service remembers.

use std::time::Duration;

use super::i18n::Lang;
use super::players::Players;
use crate::failure::DatabaseFailure;
use crate::model::PlayerId;
use crate::parts::Languages;

/// How long a process trusts the server locale it last stored before storing it again.
pub(crate) const SERVER_LOCALE_REFRESH: Duration = Duration::from_secs(3600);

impl Languages<'_> {
    /// The language to answer a player in: the language they chose with `settings language`
    /// (an explicit choice wins), else their client's `locale` for this interaction, else their
    /// server's preferred locale, else English. A store failure only skips what it hides.
    pub async fn language(
        self,
        locale: Option<&str>,
        player: PlayerId,
        server: Option<u64>,
    ) -> Lang {
        self.language_of(&Players::new(self.service.store()), locale, player, server)
            .await
    }

    /// [`Languages::language`], looking the player up through `players`.
    pub(crate) async fn language_of(
        self,
        players: &Players<'_>,
        locale: Option<&str>,
        player: PlayerId,
        server: Option<u64>,
    ) -> Lang {
        let chosen = players.get_or_log(player).await.and_then(|p| p.language);
        if let Some(lang) = chosen.as_deref().and_then(Lang::from_locale) {
            return lang;
        }
        if let Some(lang) = locale.and_then(Lang::from_locale) {
            return lang;
        }
        self.server_language(server).await
    }

    /// The language of a notice about a game (a reminder, a time-out): the concerned player's
    /// chosen one, else the server's, else English.
    pub(crate) async fn notice_language(
        self,
        players: &Players<'_>,
        player: Option<PlayerId>,
        server: Option<u64>,
    ) -> Lang {
        match player {
            Some(player) => self.language_of(players, None, player, server).await,
            None => self.server_language(server).await,
        }
    }

    /// The language of a server's public notices: its preferred locale, else English.
    pub async fn server_language(self, server: Option<u64>) -> Lang {
        let Some(server) = server else {
            return Lang::En;
        };
        if crate::reach::out() {
            return self
                .service
                .commands()
                .remembered_language(None, Some(server));
        }
        let locale = match self.service.store().players().server_locale(server).await {
            Ok(locale) => locale,
            Err(e) => {
                crate::reach::note(&e);
                tracing::warn!(error = %e, server, "server's locale unavailable");
                None
            }
        };
        Lang::resolve(None, None, locale.as_deref())
    }

    /// Remembers a server's preferred locale, as Discord tells it with each interaction and
    /// when the bot joins: prefix commands and deadline notices there are answered in it.
    pub async fn remember_server_locale(
        self,
        server: u64,
        locale: &str,
    ) -> Result<(), DatabaseFailure> {
        let now = self.service.now();
        let fresh = self
            .service
            .server_locales
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&server)
            .is_some_and(|(known, at)| known == locale && now < at.plus(SERVER_LOCALE_REFRESH));
        if fresh || locale.is_empty() {
            return Ok(());
        }
        self.service
            .store()
            .players()
            .set_server_locale(server, locale, now)
            .await?;
        let mut cache = self
            .service
            .server_locales
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if cache.len() > 10_000 {
            cache.clear();
        }
        cache.insert(server, (locale.to_string(), now));
        Ok(())
    }
}
