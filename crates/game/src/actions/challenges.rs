//! Challenges: making one, accepting it (the game begins), declining or withdrawing it, and the
//! rematch that makes a new one from a finished game.

use crate::command::{Opponent, PlayerRef};
use crate::context::{Cx, Refusal, Res, no};
use crate::deadlines::{self, CHALLENGE_LIFETIME};
use crate::i18n::{Lang, tr};
use crate::limits;
use crate::loaded::Loaded;
use crate::lookup::{self, find_challenge};
use crate::model::{ChallengeId, Days, GameId, Place, PlayerId};
use crate::present::{Ping, Voice, button, rated_key, side_key};
use crate::reply::{ButtonAction, ButtonStyle, Reply};
use crate::rules::{self, Color};
use crate::service::Service;
use crate::store::{
    AcceptedGame, Challenge, ChallengeStatus, ColourWish, NewChallenge, StoreError,
};

use super::{computer, vacation};

/// The terms of a challenge.
pub(crate) struct Terms {
    /// The challenger's colour; `None` draws it by lot.
    pub colour: Option<Color>,
    /// Days per move.
    pub days: Days,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// The finished game this challenge is a rematch of.
    pub rematch_of: Option<GameId>,
}

/// `challenge`: a challenge to one player or to anyone in `place`, or a game against the
/// computer, which starts at once.
pub(crate) async fn challenge(
    cx: &Cx<'_>,
    place: Place,
    opponent: &Opponent,
    terms: Terms,
) -> Res<Reply> {
    if let Opponent::Computer { level } = opponent {
        return computer::start(cx, place, *level, terms.colour, terms.days, None).await;
    }
    // The bot's own DMs hold no opponent; a DM or group DM between players, where the bot only
    // answers commands (the app installed on a player's account), does.
    if place.server.is_none() && place.bot_posts() {
        return Err(no!("challenge-needs-server"));
    }
    let challenged = match opponent {
        Opponent::Open | Opponent::Computer { .. } => None,
        Opponent::Player(PlayerRef::Id(id)) => Some(PlayerId(*id)),
        Opponent::Player(PlayerRef::Name(name))
            if name.eq_ignore_ascii_case("everyone") || name.eq_ignore_ascii_case("here") =>
        {
            return Err(no!("challenge-mass-mention", name = name.as_str()));
        }
        Opponent::Player(PlayerRef::Name(name)) => {
            return Err(no!("challenge-unknown-name", name = name));
        }
    };
    let me = cx.actor.id;
    if challenged == Some(me) {
        return Err(no!("challenge-self"));
    }
    // A player at the cap of games in progress could not start the game it asks for.
    limits::check_room(cx, me, false).await?;
    let now = cx.now();
    let store = cx.store();
    let mine = store.challenges().open_challenges_by(me).await?;
    if let Some(c) = mine
        .iter()
        .find(|c| c.challenged == challenged && c.place.channel == place.channel)
    {
        return Err(match c.challenged {
            Some(p) => no!(
                "challenge-already-open-for",
                id = c.id.0,
                player = cx.who(p).await
            ),
            None => no!("challenge-already-open", id = c.id.0),
        });
    }
    cx.players.remember(
        &store
            .players()
            .upsert_player(me, &cx.actor.name, now)
            .await?,
    );
    let challenged_name = match challenged {
        Some(player) => Some(known_player(cx, player).await?),
        None => None,
    };
    let challenge = store
        .challenges()
        .create_challenge(
            &NewChallenge {
                challenger: me,
                challenged,
                place: Place {
                    thread: None,
                    ..place
                },
                colour: match terms.colour {
                    Some(Color::White) => ColourWish::White,
                    Some(Color::Black) => ColourWish::Black,
                    None => ColourWish::Random,
                },
                days_per_move: terms.days,
                rated: terms.rated,
                expires_at: now.plus(CHALLENGE_LIFETIME),
                rematch_of: terms.rematch_of,
            },
            now,
        )
        .await?;
    cx.svc.observer().challenge_made();
    // Making a challenge is being back: a game of theirs may begin at any moment now.
    let back = vacation::back_after_starting(cx).await;
    let voice = cx.voice();
    let challenged = challenge
        .challenged
        .zip(challenged_name)
        .map(|(player, name)| voice.player(player, &name));
    let mut reply = posted(voice, &challenge, cx.me(), challenged);
    reply.direct = back.into_iter().collect();
    Ok(reply)
}

/// The post of a challenge just made, by `challenger` (to `challenged`, as the post shows them):
/// its terms, when it expires, and the buttons to take it and to decline (or withdraw) it.
pub(crate) fn posted(
    voice: Voice<'_>,
    challenge: &Challenge,
    challenger: String,
    challenged: Option<String>,
) -> Reply {
    let lang = voice.lang;
    let side = match challenge.colour {
        ColourWish::White => Some(Color::White),
        ColourWish::Black => Some(Color::Black),
        ColourWish::Random => None,
    };
    let colours = match side {
        Some(side) => tr!(
            lang,
            "challenge-colour",
            player = challenger.as_str(),
            side = side_key(side)
        ),
        None => tr!(lang, "challenge-colour-random"),
    };
    let terms_text = tr!(
        lang,
        "challenge-terms",
        rated = rated_key(challenge.rated),
        days = challenge.days_per_move.get(),
        colours = colours
    );
    let kind = if challenge.rematch_of.is_some() {
        "rematch"
    } else {
        "game"
    };
    let accept = button(
        tr!(lang, "button-accept"),
        ButtonAction::AcceptChallenge(challenge.id),
        ButtonStyle::Success,
    );
    let expires = voice.time(challenge.expires_at);
    let (text, refuse, mentions) = match (challenge.challenged, challenged) {
        (Some(player), Some(challenged)) => (
            tr!(
                lang,
                "challenge-to",
                kind = kind,
                challenger = challenger,
                challenged = challenged,
                terms = terms_text,
                id = challenge.id.0,
                expires = expires
            ),
            button(
                tr!(lang, "button-decline"),
                ButtonAction::DeclineChallenge(challenge.id),
                ButtonStyle::Secondary,
            ),
            vec![player],
        ),
        _ => (
            tr!(
                lang,
                "challenge-open",
                kind = kind,
                challenger = challenger,
                terms = terms_text,
                id = challenge.id.0,
                expires = expires
            ),
            button(
                tr!(lang, "button-cancel"),
                ButtonAction::CancelChallenge(challenge.id),
                ButtonStyle::Secondary,
            ),
            Vec::new(),
        ),
    };
    Reply {
        text,
        buttons: vec![accept, refuse],
        mentions,
        ..Reply::default()
    }
}

/// Makes sure the challenged player is known to the store (by the name the front end gave,
/// else the stored one, else by number), and returns their name.
async fn known_player(cx: &Cx<'_>, player: PlayerId) -> Result<String, StoreError> {
    let given = cx.mentioned.iter().find(|a| a.id == player);
    let stored = cx.players.get(player).await?;
    let name = match (given, stored) {
        (Some(given), _) => given.name.clone(),
        (None, Some(stored)) => return Ok(stored.name),
        (None, None) => crate::players::unknown_name(player),
    };
    let saved = cx
        .store()
        .players()
        .upsert_player(player, &name, cx.now())
        .await?;
    cx.players.remember(&saved);
    Ok(saved.name)
}

/// `accept`: takes the challenge meant, and the game begins — unless either player is at the
/// cap of games in progress, which the store checks as it starts the game (the challenge then
/// stays open).
pub(crate) async fn accept(cx: &Cx<'_>, id: Option<ChallengeId>) -> Res<Reply> {
    let me = cx.actor.id;
    let channel = cx.place.channel;
    let found = find_challenge(
        cx,
        id,
        |c| {
            c.challenger != me
                && (c.challenged == Some(me)
                    || (c.challenged.is_none() && c.place.channel == channel))
        },
        no!("accept-none"),
    )
    .await;
    let challenge = match (found, id) {
        (Err(refusal @ Refusal::No(..)), Some(id)) => {
            // Say precisely why a named challenge can't be taken.
            if let Some(c) = cx.store().challenges().challenge(id).await? {
                if c.challenger == me {
                    return Err(no!("accept-own"));
                }
                if let Some(other) = c.challenged.filter(|&p| p != me)
                    && c.status == ChallengeStatus::Open
                {
                    return Err(no!(
                        "accept-not-for-you",
                        id = c.id.0,
                        player = cx.who(other).await
                    ));
                }
            }
            return Err(refusal);
        }
        (found, _) => found?,
    };
    // Accepting is being back, so the game's clock runs from now. Before the game exists:
    // coming back moves the deadlines of the games waiting for them, which a new one is not.
    let back = vacation::back_before(cx, None).await?;
    let now = cx.now();
    cx.players.remember(
        &cx.store()
            .players()
            .upsert_player(me, &cx.actor.name, now)
            .await?,
    );
    let challenger_color = match challenge.colour {
        ColourWish::White => Color::White,
        ColourWish::Black => Color::Black,
        ColourWish::Random => {
            if coin(now.0 as u64 ^ (challenge.id.0 as u64).rotate_left(17) ^ me.0) {
                Color::White
            } else {
                Color::Black
            }
        }
    };
    let (_, row) = cx
        .store()
        .challenges()
        .accept_challenge(
            challenge.id,
            me,
            &AcceptedGame {
                challenger_color,
                thread: None,
                start_fen: rules::START_FEN.to_string(),
                deadline: deadlines::deadline(now, challenge.days_per_move),
            },
            now,
        )
        .await
        .map_err(|e| match e {
            StoreError::Conflict => no!(Conflict, "accept-taken", id = challenge.id.0),
            other => other.into(),
        })?;
    cx.svc.observer().games_started(1);
    // The game stands from here on: what follows only tells of it (and holds the
    // challenger's clock if they went away as it was taken).
    let row = vacation::hold_new_game(cx, row).await;
    let players = [row.white, row.black];
    let mut sides = [None, None];
    for color in Color::ALL {
        if let Some(p) = players[color.index()] {
            sides[color.index()] = cx.players.get_or_log(p).await;
        }
    }
    let loaded = Loaded::fresh(row, sides);
    let mut reply = begun(cx.svc, cx.voice(), &loaded, challenge.id).await;
    // The challenger learns by direct message, if they asked to, that the game they have
    // White in has begun: from the event log (`announce::direct`).
    reply.direct.extend(back);
    Ok(reply)
}

/// The announcement of a game that has just begun from `challenge`: who plays what, the
/// terms, whose move it is, with the board, and the challenge it came from, so that its two
/// numbers are not taken for each other (`accept #12` for game #12); both players are pinged.
pub(crate) async fn begun(
    svc: &Service,
    voice: Voice<'_>,
    loaded: &Loaded,
    challenge: ChallengeId,
) -> Reply {
    let from = format!(
        " {}",
        tr!(voice.lang, "game-from-challenge", challenge = challenge.0)
    );
    let text = format!(
        "{}\n{}",
        tr!(
            voice.lang,
            "game-begins",
            id = loaded.id(),
            from = from,
            white = voice.side(loaded, Color::White),
            black = voice.side(loaded, Color::Black),
            days = loaded.row().days_per_move.get(),
            rated = rated_key(loaded.row().rated)
        ),
        voice.turn_line(loaded)
    );
    let both = [loaded.row().white, loaded.row().black]
        .into_iter()
        .flatten()
        .collect();
    let mut reply = svc
        .commands()
        .game_reply(voice, loaded, text, Ping::Only(both), true)
        .await;
    reply.new_game = Some(loaded.row().id);
    reply.new_games = vec![loaded.row().id];
    reply
}

/// `decline` (a challenge made to you) or `cancel` (your own).
pub(crate) async fn close(
    cx: &Cx<'_>,
    id: Option<ChallengeId>,
    status: ChallengeStatus,
) -> Res<Reply> {
    let me = cx.actor.id;
    let challenge = if status == ChallengeStatus::Declined {
        find_challenge(cx, id, |c| c.challenged == Some(me), no!("decline-none")).await?
    } else {
        find_challenge(cx, id, |c| c.challenger == me, no!("cancel-none")).await?
    };
    let c = cx
        .store()
        .challenges()
        .close_challenge(challenge.id, status, cx.now())
        .await?;
    let challenger = cx.who(c.challenger).await;
    Ok(Reply::text(closed(
        cx.lang,
        &c,
        status,
        cx.me(),
        challenger,
    )))
}

/// What is said of challenge `c` closed as `status` by `closer` (the player declining it, or
/// withdrawing their own), to `challenger`, as each is shown.
pub(crate) fn closed(
    lang: Lang,
    c: &Challenge,
    status: ChallengeStatus,
    closer: String,
    challenger: String,
) -> String {
    if status == ChallengeStatus::Declined {
        tr!(
            lang,
            "challenge-declined",
            player = closer,
            id = c.id.0,
            challenger = challenger
        )
    } else {
        tr!(lang, "challenge-withdrawn", player = closer, id = c.id.0)
    }
}

/// `rematch [#ID]` (without a number: the asker's latest finished game here): a new challenge
/// to the same opponent (or a new game against the computer), with colours swapped and the
/// same terms, where the finished game was played. One rematch per
/// game: asked for by the other player already, asking accepts it; made already, it is named.
pub(crate) async fn rematch(cx: &Cx<'_>, id: Option<GameId>) -> Res<Reply> {
    let id = match id {
        Some(id) => id,
        None => match lookup::my_finished_games(cx, true).await?.first() {
            // The latest game of theirs to end here.
            Some(latest) => latest.id,
            None => return Err(rematch_which(cx).await?),
        },
    };
    let loaded = lookup::load(cx, id).await?;
    let Some(color) = loaded.row().color_of(cx.actor.id) else {
        return Err(no!("rematch-not-player", id = loaded.id()));
    };
    if loaded.game().outcome().is_none() {
        return Err(no!("rematch-not-over", id = loaded.id()));
    }
    let exists = |game: GameId| Err(no!("rematch-exists", id = loaded.id(), game = game.0));
    if let Some(game) = cx.store().games().rematch_of(loaded.row().id).await? {
        return exists(game.id);
    }
    if let Some(level) = loaded.row().computer_level {
        return match computer::start(
            cx,
            loaded.row().place,
            level,
            Some(color.opponent()),
            loaded.row().days_per_move,
            Some(loaded.row().id),
        )
        .await
        {
            // Asked twice at once: the other ask made it.
            Err(Refusal::Store(StoreError::Conflict)) => {
                match cx.store().games().rematch_of(id).await? {
                    Some(game) => exists(game.id),
                    None => Err(Refusal::Store(StoreError::Conflict)),
                }
            }
            other => other,
        };
    }
    let Some(opponent) = loaded.row().player(color.opponent()) else {
        return Err(no!("rematch-nobody"));
    };
    if let Some(answer) = open_rematch(cx, &loaded).await? {
        return answer;
    }
    let days = loaded.row().days_per_move;
    let place = Place {
        thread: None,
        ..loaded.row().place
    };
    let made = challenge(
        cx,
        place,
        &Opponent::Player(PlayerRef::Id(opponent.0)),
        Terms {
            colour: Some(color.opponent()),
            days,
            rated: loaded.row().rated,
            rematch_of: Some(loaded.row().id),
        },
    )
    .await;
    match made {
        // The opponent asked at the same moment: theirs stands, and this ask answers it.
        Err(Refusal::Store(StoreError::Conflict)) => match open_rematch(cx, &loaded).await? {
            Some(answer) => answer,
            None => Err(Refusal::Store(StoreError::Conflict)),
        },
        other => other,
    }
}

/// Why `rematch` alone finds no game here: the game here is still going on, or which of the
/// asker's finished games elsewhere it could be (by their real numbers), or none at all.
async fn rematch_which(cx: &Cx<'_>) -> Res<Refusal> {
    if !lookup::my_games_here(cx.store(), cx.actor.id, cx.place)
        .await?
        .is_empty()
    {
        return Ok(no!("rematch-still-playing-here"));
    }
    let games = lookup::my_finished_games(cx, false).await?;
    Ok(match games.first() {
        None => no!("rematch-which"),
        Some(latest) => no!(
            "rematch-which-candidates",
            count = games.len(),
            list = lookup::game_choices(cx, &games).await,
            id = latest.id.0
        ),
    })
}

/// The answer to `rematch` when the finished game already has an open rematch challenge: the
/// asker's own is named; the opponent's is accepted, and the game begins. `None` when there
/// is none.
async fn open_rematch(cx: &Cx<'_>, loaded: &Loaded) -> Res<Option<Res<Reply>>> {
    let Some(c) = cx
        .store()
        .challenges()
        .open_rematch_challenge(loaded.row().id)
        .await?
        .filter(|c| c.expires_at > cx.now())
    else {
        return Ok(None);
    };
    if c.challenger == cx.actor.id {
        return Ok(Some(Err(no!(
            "rematch-already-asked",
            id = loaded.id(),
            challenge = c.id.0
        ))));
    }
    Ok(Some(accept(cx, Some(c.id)).await))
}

/// A fair-enough coin from a seed (splitmix64's finaliser).
pub(crate) fn coin(seed: u64) -> bool {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) & 1 == 0
}
