//! Ratings through the game service: whole games ending each way and the exact rating rows they
//! leave, in the game's server and globally; the games that change nothing (aborted, casual,
//! against the computer); the sweep catching up after a crash; and the `leaderboard` and
//! `stats` replies. Each test runs on SQLite and, with `TEST_DATABASE_URL`, on PostgreSQL.

use crate::common;

use std::time::Duration;

use common::{DAY, PLACE, T0, World, actor};
use rollerball::game::Actor;
use rollerball::game::glicko2::{Glicko, Score, rate_game};
use rollerball::store::{
    Ending, GameId, GameResult, Place, PlayerId, Rating, RatingScope, Termination, Timestamp,
};
use sqlx::Row;

const SERVER: u64 = 5;
const HERE: RatingScope = RatingScope::Server(SERVER);

/// What the rating tests look at, beside the common world.
trait Ratings {
    async fn rating(&self, who: &Actor, scope: RatingScope) -> Rating;
    async fn rating_rows(&self) -> i64;
    async fn finished_at(&self, id: GameId) -> Timestamp;
    async fn assert_first_game(&self, id: GameId, white: &Actor, black: &Actor, score: Score);
}

impl Ratings for World {
    async fn rating(&self, who: &Actor, scope: RatingScope) -> Rating {
        self.store.ratings().rating(who.id, scope).await.unwrap()
    }

    async fn rating_rows(&self) -> i64 {
        sqlx::query("SELECT COUNT(*) AS n FROM ratings")
            .fetch_one(self.store.pool())
            .await
            .unwrap()
            .get("n")
    }

    async fn finished_at(&self, id: GameId) -> Timestamp {
        let game = self.store.games().game(id).await.unwrap().unwrap();
        assert!(
            game.ratings_applied || !game.rated,
            "game {id} is not counted"
        );
        game.finished_at.expect("finished")
    }

    /// Both players' rows in this server and globally are exactly a first game's result.
    async fn assert_first_game(&self, id: GameId, white: &Actor, black: &Actor, score: Score) {
        let at = self.finished_at(id).await;
        let (w, b) = rate_game(Glicko::NEWCOMER, Glicko::NEWCOMER, score);
        for scope in [HERE, RatingScope::Global] {
            for (who, expected) in [(white, w), (black, b)] {
                assert_eq!(
                    self.rating(who, scope).await,
                    Rating {
                        player: who.id,
                        scope,
                        rating: expected.rating,
                        deviation: expected.deviation,
                        volatility: expected.volatility,
                        games: 1,
                        updated_at: at,
                    },
                    "{:?} {} in {scope:?}",
                    self.db.backend,
                    who.name
                );
            }
        }
    }
}

async fn worlds(name: &str) -> Vec<World> {
    World::each(name).await
}

/// The pair of players for one game of a test: fresh to the ratings.
fn pair(n: u64) -> (Actor, Actor) {
    (
        actor(200 + 2 * n, &format!("white{n}")),
        actor(201 + 2 * n, &format!("black{n}")),
    )
}

const MATE: &str = "c2b2 e7f6 Ba4 Rb7 Bxc6 ef5 Rd1 Bxc6 Rf2 Rd7 Rg2 Rxg2#";
const THRONE: &str = "c1b1 f5 a1 g4 b3 Bf5 a4 f6 a2 Rg7 a5 Rf7 b6 Bg6 c7+ Ke6 Kc1 Re7 Kb2 Rg7 \
    Kb3 Bf5 a3 Rb6 Rb2 Rg6 Kb4 Ra6 Kb5 Kf7 Rc2 Kg7 b4 Re6 Rf1 Re7 Kc6 Rf7 b5 Re7 Kd6";
const STALEMATE: &str = "c1b2 e6f6 cb3 Bf3 b4 Ke6 Bb3 Bg4 Ra5 Kf5 Bxc6+ Rxc6 Ra6 g5 Rf2 Rf6 Rf1 \
    Rf7 b5 f6 Rb1 Re7 Ra1 Bd1 Rb7 Rf7 Ra2 f4 Ra5 Kg5 Rd7 Be2 Kxe2 Kg4 Rxf7+ g5 Rc7 g3 Rc6 f2+ Kxf2";
const REPETITION: &str = "Rf1 Rb7 Rfe1 Rbc7 Rf1 Rb7 Rfe1 Rbc7";

#[tokio::test]
async fn every_way_a_rated_game_ends_counts_once_here_and_globally() {
    for w in worlds("rt_endings").await {
        // Checkmate: Black wins.
        let (white, black) = pair(0);
        let id = w.start(&white, &black, "").await;
        w.play(id, &white, &black, MATE).await;
        w.assert_first_game(id, &white, &black, Score::Loss).await;

        // The throne: White wins.
        let (white, black) = pair(1);
        let id = w.start(&white, &black, "").await;
        w.play(id, &white, &black, THRONE).await;
        w.assert_first_game(id, &white, &black, Score::Win).await;

        // Stalemate and repetition: draws.
        let (white, black) = pair(2);
        let id = w.start(&white, &black, "").await;
        w.play(id, &white, &black, STALEMATE).await;
        w.assert_first_game(id, &white, &black, Score::Draw).await;
        let (white, black) = pair(3);
        let id = w.start(&white, &black, "").await;
        w.play(id, &white, &black, REPETITION).await;
        w.assert_first_game(id, &white, &black, Score::Draw).await;

        // Resignation: White resigns after a move each.
        let (white, black) = pair(4);
        let id = w.start(&white, &black, "").await;
        w.play(id, &white, &black, "b3 f5").await;
        w.ok(&white, &format!("resign #{} confirm", id.0)).await;
        w.assert_first_game(id, &white, &black, Score::Loss).await;

        // A draw by agreement.
        let (white, black) = pair(5);
        let id = w.start(&white, &black, "").await;
        w.play(id, &white, &black, "b3").await;
        w.ok(&black, &format!("draw #{}", id.0)).await;
        w.ok(&white, &format!("draw #{} accept", id.0)).await;
        w.assert_first_game(id, &white, &black, Score::Draw).await;

        // On time: Black never answers; the sweep ends the game and counts it.
        let (white, black) = pair(6);
        let id = w.start(&white, &black, "days 1").await;
        w.play(id, &white, &black, "b3 f5 Rf1").await;
        w.clock.advance(Duration::from_secs(86_400 + 60));
        let notices = w.sweep().await;
        assert!(
            notices
                .iter()
                .any(|n| n.reply.text.contains("did not move in time")),
            "{notices:?}"
        );
        w.assert_first_game(id, &white, &black, Score::Win).await;

        // Counted once: further sweeps change nothing, and nothing awaits.
        assert_eq!(w.rating_rows().await, 7 * 4);
        w.clock.advance(Duration::from_secs(3600));
        w.sweep().await;
        assert_eq!(
            w.store.ratings().games_awaiting_ratings(10).await.unwrap(),
            vec![]
        );
        w.assert_first_game(id, &white, &black, Score::Win).await;
        let (white, black) = pair(0);
        assert_eq!(w.rating(&white, HERE).await.games, 1);
        assert_eq!(w.rating(&black, RatingScope::Global).await.games, 1);
    }
}

#[tokio::test]
async fn the_figures_of_a_first_game() {
    for w in worlds("rt_figures").await {
        let (white, black) = pair(0);
        let id = w.start(&white, &black, "").await;
        w.play(id, &white, &black, "b3 f5").await;
        w.ok(&black, &format!("resign #{} confirm", id.0)).await;
        let won = w.rating(&white, HERE).await;
        let lost = w.rating(&black, RatingScope::Global).await;
        assert!((won.rating - 1662.31).abs() < 0.01, "{won:?}");
        assert!((lost.rating - 1337.69).abs() < 0.01, "{lost:?}");
        assert!((won.deviation - 290.32).abs() < 0.01, "{won:?}");
        assert_eq!(won.deviation, lost.deviation);
        assert!((won.volatility - 0.06).abs() < 0.0001, "{won:?}");
    }
}

#[tokio::test]
async fn aborted_casual_and_computer_games_change_no_rating() {
    for w in worlds("rt_unrated").await {
        let (white, black) = pair(0);
        // A rated game aborted after one move: marked as done, no rating written.
        let id = w.start(&white, &black, "").await;
        w.play(id, &white, &black, "b3").await;
        w.ok(&black, &format!("abort #{}", id.0)).await;
        let game = w.store.games().game(id).await.unwrap().unwrap();
        assert_eq!(game.result, Some(GameResult::NoResult));
        assert!(game.rated && game.ratings_applied);
        assert_eq!(w.rating_rows().await, 0);

        // A casual game to the end.
        let id = w.start(&white, &black, "casual").await;
        w.play(id, &white, &black, MATE).await;
        let game = w.store.games().game(id).await.unwrap().unwrap();
        assert_eq!(game.result, Some(GameResult::BlackWins));
        assert!(!game.rated && !game.ratings_applied);
        assert_eq!(w.rating_rows().await, 0);

        // A game against the computer, resigned.
        let start = w.ok(&white, "challenge computer level 1 white").await;
        let id = start.new_game.unwrap();
        w.ok(&white, &format!("resign #{} confirm", id.0)).await;
        let game = w.store.games().game(id).await.unwrap().unwrap();
        assert_eq!(game.result, Some(GameResult::BlackWins));
        assert!(!game.rated);

        w.sweep().await;
        assert_eq!(w.rating_rows().await, 0);
        assert_eq!(
            w.store.ratings().games_awaiting_ratings(10).await.unwrap(),
            vec![]
        );
        assert_eq!(w.rating(&white, HERE).await.games, 0);
    }
}

#[tokio::test]
async fn the_sweep_counts_a_game_a_crash_left_uncounted() {
    for w in worlds("rt_catch_up").await {
        // As if the process died between a game's end and its rating update: the game ends in
        // the store alone, three hours before the sweep runs.
        let store = &w.store;
        common::players(store, &[1, 2]).await;
        let mut new = common::new_game(1, 2);
        new.place = PLACE;
        let g = store.play().create_game(&new, T0).await.unwrap();
        let ending = Ending {
            result: GameResult::WhiteWins,
            termination: Termination::Resignation,
        };
        store
            .play()
            .end_game(g.id, g.version, ending, T0)
            .await
            .unwrap();
        assert_eq!(
            store
                .ratings()
                .games_awaiting_ratings(10)
                .await
                .unwrap()
                .len(),
            1
        );
        w.clock.advance(Duration::from_secs(3 * 3600));
        w.sweep().await;
        let (p1, p2) = (actor(1, "p1"), actor(2, "p2"));
        // Counted as of the game's end.
        w.assert_first_game(g.id, &p1, &p2, Score::Win).await;
        assert_eq!(
            store.ratings().games_awaiting_ratings(10).await.unwrap(),
            vec![]
        );
    }
}

#[tokio::test]
async fn later_games_start_from_the_ratings_widened_by_the_time_away() {
    for w in worlds("rt_inactivity").await {
        let alice = actor(101, "alice");
        let bob = actor(102, "bob");
        let carol = actor(103, "carol");
        let first = w.start(&alice, &bob, "").await;
        w.play(first, &alice, &bob, "b3 f5").await;
        w.ok(&bob, &format!("resign #{} confirm", first.0)).await;
        let after_first = w.rating(&alice, HERE).await;

        // Thirty days later Alice draws with Carol, a newcomer.
        w.clock.advance(Duration::from_secs(30 * 86_400));
        let second = w.start(&alice, &carol, "").await;
        w.play(second, &alice, &carol, "b3").await;
        w.ok(&carol, &format!("draw #{}", second.0)).await;
        w.ok(&alice, &format!("draw #{} accept", second.0)).await;
        let at = w.finished_at(second).await;
        let away = Duration::from_millis((at.0 - after_first.updated_at.0) as u64);
        let alice_then = Glicko {
            rating: after_first.rating,
            deviation: after_first.deviation,
            volatility: after_first.volatility,
        }
        .after(away);
        assert!(alice_then.deviation > after_first.deviation);
        let (a, c) = rate_game(alice_then, Glicko::NEWCOMER, Score::Draw);
        let now = w.rating(&alice, HERE).await;
        assert_eq!(
            (now.rating, now.deviation, now.volatility, now.games),
            (a.rating, a.deviation, a.volatility, 2)
        );
        let carol_now = w.rating(&carol, RatingScope::Global).await;
        assert_eq!((carol_now.rating, carol_now.games), (c.rating, 1));
        // A draw against a lower-rated... newcomer with a wide deviation: Alice loses a little.
        assert!(a.rating < after_first.rating && c.rating > 1500.0);
    }
}

/// Puts rating rows in place directly: (id, name, rating, games), all settled (deviation 60),
/// their last game at T0.
async fn seed_ratings(w: &World, scope: RatingScope, rows: &[(u64, &str, f64, u32)]) {
    let store = &w.store;
    for &(id, name, rating, games) in rows {
        store
            .players()
            .upsert_player(PlayerId(id), name, T0)
            .await
            .unwrap();
        let scope_db: i64 = match scope {
            RatingScope::Global => 0,
            RatingScope::Server(s) => s as i64,
        };
        sqlx::query(
            "INSERT INTO ratings (player_id, scope, rating, deviation, volatility, games, \
               updated_at) VALUES ($1, $2, $3, 60.0, 0.06, $4, $5)",
        )
        .bind(id as i64)
        .bind(scope_db)
        .bind(rating)
        .bind(i64::from(games))
        .bind(T0.0)
        .execute(store.pool())
        .await
        .unwrap();
    }
}

#[tokio::test]
async fn the_leaderboard_orders_ties_and_shows_the_askers_place() {
    for w in worlds("rt_leaderboard").await {
        let nobody = w.say(&actor(1, "p1"), "leaderboard").await;
        assert!(nobody.private);
        assert_eq!(
            nobody.text,
            "Nobody has finished a rated game in this server yet. Games between players are rated unless they are `casual`: start one with `challenge @player`."
        );
        // Twelve players; 1700 three times (more games first, then the older account), 1600
        // twice, and the asker, p12, last.
        seed_ratings(
            &w,
            HERE,
            &[
                (12, "p12", 1200.0, 3),
                (3, "p3", 1700.0, 9),
                (1, "p1", 1800.0, 20),
                (5, "p5", 1700.0, 9),
                (4, "p4", 1700.0, 15),
                (6, "p6", 1600.0, 5),
                (7, "p7", 1600.0, 5),
                (8, "p8", 1550.5, 5),
                (9, "p9", 1500.0, 5),
                (10, "p10", 1400.0, 5),
                (11, "p11", 1300.0, 5),
                (2, "p_2", 1749.5, 2),
            ],
        )
        .await;
        // Another server's list is not this one's.
        seed_ratings(&w, RatingScope::Server(6), &[(13, "elsewhere", 2500.0, 50)]).await;
        // Thirty days on, the settled deviations of 60 have grown to 83: not provisional.
        w.clock.set(Timestamp(T0.0 + 30 * DAY));
        let board = w.ok(&actor(12, "p12"), "leaderboard").await;
        assert_eq!(
            board.text,
            "**Leaderboard** · rated games in this server\n\
             1. **p1** 1800 · 20 games · 0 W, 0 D, 0 L\n\
             2. **p\\_2** 1750 · 2 games · 0 W, 0 D, 0 L\n\
             3. **p4** 1700 · 15 games · 0 W, 0 D, 0 L\n\
             3. **p3** 1700 · 9 games · 0 W, 0 D, 0 L\n\
             3. **p5** 1700 · 9 games · 0 W, 0 D, 0 L\n\
             6. **p6** 1600 · 5 games · 0 W, 0 D, 0 L\n\
             6. **p7** 1600 · 5 games · 0 W, 0 D, 0 L\n\
             8. **p8** 1551 · 5 games · 0 W, 0 D, 0 L\n\
             9. **p9** 1500 · 5 games · 0 W, 0 D, 0 L\n\
             10. **p10** 1400 · 5 games · 0 W, 0 D, 0 L\n\
             …\n\
             12. **p12** 1200 · 3 games · 0 W, 0 D, 0 L ← you"
        );
        // A player in the list is marked there; one without a rating here sees the list only.
        let board = w.ok(&actor(6, "p6"), "leaderboard").await;
        assert!(
            board
                .text
                .contains("6. **p6** 1600 · 5 games · 0 W, 0 D, 0 L ← you\n"),
            "{}",
            board.text
        );
        assert!(!board.text.contains('…'));
        let board = w.ok(&actor(13, "elsewhere"), "leaderboard").await;
        assert!(!board.text.contains("you") && !board.text.contains("2500"));
        // In a direct message: the global list.
        let dm = Place {
            server: None,
            ..PLACE
        };
        let global = w.say_in(&actor(12, "p12"), dm, "leaderboard").await;
        assert_eq!(
            global.text,
            "Nobody has finished a rated game in any server yet. Games between players are rated unless they are `casual`: start one with `challenge @player`."
        );
    }
}

#[tokio::test]
async fn stats_tell_ratings_record_streak_and_games_in_progress() {
    for w in worlds("rt_stats").await {
        let alice = actor(101, "alice");
        let bob = actor(102, "bob");
        let carol = actor(103, "carol");
        // Alice: beats Bob by mate as Black, draws with Bob by agreement, then beats Carol on
        // time and by resignation as White; one casual game and one game still going on.
        let g = w.start(&bob, &alice, "").await;
        w.play(g, &bob, &alice, MATE).await;
        let g = w.start(&alice, &bob, "").await;
        w.play(g, &alice, &bob, "b3").await;
        w.ok(&bob, &format!("draw #{}", g.0)).await;
        w.ok(&alice, &format!("draw #{} accept", g.0)).await;
        let g = w.start(&alice, &carol, "days 1").await;
        w.play(g, &alice, &carol, "b3 f5 Rf1").await;
        w.clock.advance(Duration::from_secs(86_400 + 60));
        w.sweep().await;
        let g = w.start(&alice, &carol, "").await;
        w.play(g, &alice, &carol, "b3 f5").await;
        w.ok(&carol, &format!("resign #{} confirm", g.0)).await;
        let casual = w.start(&alice, &bob, "casual").await;
        w.ok(&alice, &format!("resign #{} confirm", casual.0)).await;
        let going = w.start(&carol, &alice, "").await;

        let stats = w.ok(&bob, "stats <@101>").await;
        assert_eq!(stats.mentions, vec![]);
        let here = w.rating(&alice, HERE).await;
        assert_eq!(here.games, 4);
        assert_eq!(
            stats.text,
            format!(
                "**alice** · rated games in this server\n\
                 Rating: **{r}?** ±{d} in this server (4 games) · **{r}?** ±{d} in all servers (4 games)\n\
                 Record: 3 wins, 1 draw, 0 losses\n\
                 As White: 2 W, 1 D, 0 L · As Black: 1 W, 0 D, 0 L\n\
                 Wins: 1 by checkmate, 1 by resignation, 1 on time · Draws: 1 by agreement · Losses: none\n\
                 Current streak: 2 wins\n\
                 Games in progress: 1 (#{})",
                going.0,
                r = here.rating.round() as i64,
                d = here.deviation.round() as i64,
            )
        );
        // Bob asks about himself: a loss last.
        let own = w.ok(&bob, "stats").await;
        assert!(
            own.text.contains("Record: 0 wins, 1 draw, 1 loss\n")
                && own
                    .text
                    .contains("Current streak: 1 draw\nGames in progress: none"),
            "{}",
            own.text
        );
        // Someone without games, someone never seen, a name that is not a mention.
        let text = w.ok(&actor(104, "dave"), "challenge <@101> casual").await;
        assert!(!text.private);
        let dave = w.ok(&actor(104, "dave"), "stats").await;
        assert_eq!(
            dave.text,
            "**dave** · rated games in this server\n\
             Rating: unrated in this server · unrated in all servers\n\
             Record: no rated game yet\n\
             Games in progress: none"
        );
        let never = w.say(&bob, "stats <@999>").await;
        assert!(never.private);
        assert_eq!(
            never.text,
            "<@999> has not played with me yet: there are no stats to show."
        );
        let named = w.say(&bob, "stats @alice").await;
        assert!(named.private && named.text.starts_with("I can't tell who `@alice` is."));
        // In a direct message: everything over all servers.
        let dm = Place {
            server: None,
            ..PLACE
        };
        let global = w.say_in(&alice, dm, "stats").await;
        assert!(
            global.text.starts_with(&format!(
                "**alice** · rated games in all servers\nRating: **{}?** ±{} in all servers (4 games)\nRecord: 3 wins",
                here.rating.round() as i64,
                here.deviation.round() as i64
            )),
            "{}",
            global.text
        );
    }
}

#[tokio::test]
async fn leaderboard_and_stats_answer_in_the_askers_language() {
    use rollerball::game::Request;
    for w in worlds("rt_languages").await {
        seed_ratings(
            &w,
            HERE,
            &[
                (1, "anna", 1800.0, 21),
                (2, "boris", 1700.0, 3),
                (3, "vera", 1600.0, 5),
            ],
        )
        .await;
        let ask = |who: u64, locale: &str, line: &str| {
            Request::line(actor(who, "asker"), PLACE, line).in_locale(Some(locale.to_string()))
        };
        let ru = w.answer(ask(3, "ru", "leaderboard")).await;
        assert_eq!(
            ru.text,
            "**Таблица лидеров** · рейтинговые партии на этом сервере\n\
             1. **anna** 1800 · 21 партия · 0 В, 0 Н, 0 П\n\
             2. **boris** 1700 · 3 партии · 0 В, 0 Н, 0 П\n\
             3. **vera** 1600 · 5 партий · 0 В, 0 Н, 0 П ← вы"
        );
        let fr = w.answer(ask(2, "fr", "stats <@3>")).await;
        assert_eq!(
            fr.text,
            "**vera** · parties classées sur ce serveur\n\
             Cote : **1600** ±60 sur ce serveur (5 parties) · pas encore de cote sur tous les serveurs\n\
             Bilan : aucune partie classée pour l'instant\n\
             Parties en cours : aucune"
        );
        let es = w.answer(ask(9, "es-419", "stats <@9>")).await;
        assert_eq!(
            es.text,
            "<@9> todavía no ha jugado conmigo: no hay estadísticas que mostrar."
        );
        let dm = Request {
            place: Place {
                server: None,
                ..PLACE
            },
            ..ask(1, "es-ES", "leaderboard")
        };
        assert_eq!(
            w.answer(dm).await.text,
            "Nadie ha terminado todavía una partida puntuable en ningún servidor. Las partidas entre jugadores son puntuables salvo que sean `casual`: empieza una con `challenge @jugador`."
        );
    }
}

#[tokio::test]
async fn a_game_out_of_time_before_both_sides_moved_is_aborted_and_unrated() {
    for w in worlds("rt_zero_moves").await {
        // Nobody moved; and White moved but Black never did.
        let (white, black) = pair(0);
        let none = w.start(&white, &black, "").await;
        let (white1, black1) = pair(1);
        let one = w.start(&white1, &black1, "").await;
        w.play(one, &white1, &black1, "b3").await;
        // And a game where both moved, lost on time and rated, beside them.
        let (white2, black2) = pair(2);
        let both = w.start(&white2, &black2, "").await;
        w.play(both, &white2, &black2, "b3 f5").await;
        w.advance(Duration::from_millis(4 * DAY as u64));
        let notices = w.sweep().await;
        let texts: Vec<&str> = notices.iter().map(|n| n.reply.text.as_str()).collect();
        for (id, who) in [(none, &white), (one, &black1)] {
            let said = format!(
                "**Game #{}** · <@{}> did not make a first move in time: the game is aborted, \
                 unrated.",
                id.0, who.id.0
            );
            assert!(texts.iter().any(|t| t.starts_with(&said)), "{texts:#?}");
            let g = w.store.games().game(id).await.unwrap().unwrap();
            assert_eq!(
                (g.result, g.termination, g.rated),
                (Some(GameResult::NoResult), Some(Termination::Abort), false)
            );
        }
        // Only the game both sides played moved ratings: two players, here and globally.
        assert_eq!(w.rating_rows().await, 4);
        assert_eq!(w.rating(&white, HERE).await.games, 0);
        assert_eq!(w.rating(&black1, RatingScope::Global).await.games, 0);
        w.assert_first_game(both, &white2, &black2, Score::Loss)
            .await;
    }
}
