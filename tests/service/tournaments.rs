//! Tournaments through the service: a whole round-robin with every way a game ends, a double
//! round-robin, withdrawals, every refusal, the crosstable in pixels, and the races of several
//! processes on both databases.

use std::time::Duration;

use rollerball::game::Actor;
use rollerball::store::{GameId, GameResult, GameStatus, PlayerId, Termination, TournamentId};

use crate::common::{DAY, PLACE, World, alice, bob, carol, dave};

const MATE: &str = "c2b2 e7f6 Ba4 Rb7 Bxc6 ef5 Rd1 Bxc6 Rf2 Rd7 Rg2 Rxg2#";
const THRONE: &str = "c1b1 f5 a1 g4 b3 Bf5 a4 f6 a2 Rg7 a5 Rf7 b6 Bg6 c7+ Ke6 Kc1 Re7 Kb2 Rg7 \
    Kb3 Bf5 a3 Rb6 Rb2 Rg6 Kb4 Ra6 Kb5 Kf7 Rc2 Kg7 b4 Re6 Rf1 Re7 Kc6 Rf7 b5 Re7 Kd6";
const REPETITION: &str = "Rf1 Rb7 Rfe1 Rbc7 Rf1 Rb7 Rfe1 Rbc7";

/// Everything the database holds about tournaments, for checking that a refusal changed
/// nothing.
async fn tournaments_snapshot(w: &World) -> String {
    let mut out = w.snapshot().await;
    for id in 1..=4 {
        let id = TournamentId(id);
        out.push_str(&format!(
            "{:?}\n{:?}\n{:?}\n",
            w.store.tournaments().tournament(id).await.unwrap(),
            w.store.tournaments().entrants(id).await.unwrap(),
            w.store.tournaments().tournament_games(id).await.unwrap()
        ));
    }
    out
}

/// Says something that must be refused, with nothing changed, tournaments included.
async fn refused(w: &World, who: &Actor, text: &str) -> String {
    let before = tournaments_snapshot(w).await;
    let refusal = w.refused(who, text).await;
    assert_eq!(
        tournaments_snapshot(w).await,
        before,
        "`{text}` changed a tournament"
    );
    refusal
}

/// Who plays each game of tournament `id`, White first, in pairing order.
async fn pairings(w: &World, id: i64) -> Vec<(i64, u64, u64)> {
    w.store
        .tournaments()
        .tournament_games(TournamentId(id))
        .await
        .unwrap()
        .iter()
        .map(|g| (g.game.0, g.white.0, g.black.0))
        .collect()
}

/// A player's rating in the tests' server.
async fn rating(w: &World, player: u64) -> rollerball::store::Rating {
    w.store
        .ratings()
        .rating(PlayerId(player), rollerball::store::RatingScope::Server(5))
        .await
        .unwrap()
}

/// Plays game `id` to a win of `winner` (a king on the throne, or a mate for Black).
async fn win(w: &World, id: GameId, winner: &Actor, players: &[Actor]) {
    let g = w.game(id).await;
    let find = |p: PlayerId| players.iter().find(|a| a.id == p).unwrap().clone();
    let (white, black) = (find(g.white.unwrap()), find(g.black.unwrap()));
    let moves = if white.id == winner.id { THRONE } else { MATE };
    w.play(id, &white, &black, moves).await;
}

#[tokio::test]
async fn a_whole_round_robin_of_four() {
    for w in World::each("tn_round_robin").await {
        let created = w.ok(&alice(), "tournament create Spring").await;
        assert_eq!(
            created.text,
            "🏆 <@101> created tournament #1 **Spring**: a single round-robin, 3 days per move, \
             rated. Sign up with `tournament join #1` or the button below; <@101> starts it with \
             `tournament start #1` once at least 3 players have joined (it takes 12 at most). \
             Every game then begins at once."
        );
        assert_eq!(
            created.buttons[0].action.custom_id(),
            "rb:tournament-join:1"
        );
        w.ok(&alice(), "tournament join").await;
        // The Join button is the same as typing it.
        let joined = w.press(&bob(), "rb:tournament-join:1").await;
        assert_eq!(
            joined.text,
            "<@102> joined #1 **Spring**: 2 of 12 players (<@101>, <@102>)."
        );
        w.ok(&carol(), "tournament join #1").await;
        w.ok(&dave(), "tournament join").await;
        let started = w.ok(&alice(), "tournament start").await;
        assert_eq!(
            started.text,
            "🏁 #1 **Spring** has begun: <@104>, <@101>, <@103>, <@102> — 6 games, all at once; \
             a single round-robin, 3 days per move, rated.\n\
             #1 <@104> – <@102>\n#2 <@101> – <@103>\n#3 <@102> – <@103>\n\
             #4 <@104> – <@101>\n#5 <@101> – <@102>\n#6 <@103> – <@104>\n\
             Each game has its own thread; `games` lists yours, and `tournament #1` shows the \
             standings."
        );
        assert_eq!(started.new_games, (1..=6).map(GameId).collect::<Vec<_>>());
        assert_eq!(started.mentions, [104, 101, 103, 102].map(PlayerId));
        // The seats were drawn by lot (the same draw every run: its seed is the tournament's
        // number and the time) — dave 1, alice 2, carol 3, bob 4 — and paired by the Berger
        // tables for four: 1–4 2–3, 4–3 1–2, 2–4 3–1.
        let all = pairings(&w, 1).await;
        assert_eq!(
            all,
            vec![
                (1, 104, 102),
                (2, 101, 103),
                (3, 102, 103),
                (4, 104, 101),
                (5, 101, 102),
                (6, 103, 104),
            ]
        );
        for p in [101, 102, 103, 104] {
            let whites = all.iter().filter(|g| g.1 == p).count() as i32;
            let blacks = all.iter().filter(|g| g.2 == p).count() as i32;
            assert_eq!(whites + blacks, 3);
            assert!(
                (whites - blacks).abs() <= 1,
                "{p}: {whites} White, {blacks} Black"
            );
        }
        for id in 1..=6 {
            let g = w.game(GameId(id)).await;
            assert!(g.rated && g.status == GameStatus::Active && g.place == PLACE);
        }
        // Each game says which tournament it belongs to.
        let board = w.ok(&bob(), "board #3").await;
        assert!(
            board
                .text
                .contains("\nTournament #1 **Spring** · round 2\n"),
            "{}",
            board.text
        );
        assert_eq!(
            rollerball::discord::thread_name(
                &w.service.views().game_heading(GameId(3)).await.unwrap()
            ),
            "Spring · #3 bob vs carol"
        );
        // #1 dave–bob: bob mates.
        let last = w.play(GameId(1), &dave(), &bob(), MATE).await;
        assert!(last.text.ends_with(
            "checkmate, <@102> wins (0-1).\nThis game counts for tournament #1 **Spring**: 1 of \
             6 games is over; `tournament #1` shows the standings."
        ));
        // #2 alice–carol: a draw by agreement.
        w.play(GameId(2), &alice(), &carol(), "b3 f5").await;
        w.ok(&alice(), "draw #2").await;
        w.ok(&carol(), "draw #2 accept").await;
        // A tournament game cannot be aborted: its pairing needs a result.
        assert_eq!(
            refused(&w, &bob(), "abort #3").await,
            "Game #3 belongs to #1 **Spring**, so it can't be aborted: play it out, offer a \
             draw or resign."
        );
        // #3 bob–carol: bob resigns.
        w.play(GameId(3), &bob(), &carol(), "b3 f5").await;
        w.ok(&bob(), "resign #3 confirm").await;
        // #4 dave–alice: dave's king reaches the throne.
        w.play(GameId(4), &dave(), &alice(), THRONE).await;
        // #6 carol–dave: a draw by repetition.
        w.play(GameId(6), &carol(), &dave(), REPETITION).await;
        let standings = w.ok(&bob(), "tournament").await;
        assert_eq!(
            standings.text,
            "#1 **Spring** · a single round-robin, 3 days per move, rated\n\
             **Standings** after 5 of 6 games\n\
             `1.` <@103> — **2** · played 3, left 0 · SB 2 · 1 win\n\
             `2.` <@104> — **1½** · played 3, left 0 · SB 1½ · 1 win\n\
             `3.` <@102> — **1** · played 2, left 1 · SB 1½ · 1 win\n\
             `4.` <@101> — **½** · played 2, left 1 · SB 1 · 0 wins\n\
             Level on points, players are ranked by Sonneborn–Berger (SB), then wins, then \
             head-to-head; level on all of them, they share a place."
        );
        // #5 alice–bob: a move each, then bob never moves again and loses on time — the
        // last game.
        w.play(GameId(5), &alice(), &bob(), "b3 f5 Rf1").await;
        w.advance(Duration::from_millis(3 * DAY as u64 + 60_000));
        // The reminders of bob's move are past their deadline, so only the time-out is told,
        // then the tournament's end.
        let notices = w.sweep().await;
        assert_eq!(notices.len(), 2, "{notices:#?}");
        assert!(notices[0].reply.text.ends_with(
            "<@101> wins on time (1-0).\nThat was the last game of tournament #1 **Spring**: the \
             final standings and the crosstable are posted in <#50>."
        ));
        let g = w.game(GameId(5)).await;
        assert_eq!(
            (g.result, g.termination),
            (Some(GameResult::WhiteWins), Some(Termination::Time))
        );
        // By hand: carol ½ + 1 + ½ = 2; dave 0 + 1 + ½ = 1½; alice ½ + 0 + 1 = 1½; bob 1.
        // Sonneborn–Berger: carol ½·1½ (alice) + 1 (bob) + ½·1½ (dave) = 2½; dave 1½ (alice)
        // + ½·2 (carol) = 2½; alice ½·2 (carol) + 1 (bob) = 2; bob 1½ (dave). dave is ahead of
        // alice on Sonneborn–Berger.
        let announcement = &notices[1];
        assert_eq!(announcement.place, PLACE);
        assert_eq!(
            announcement.reply.text,
            "🏆 #1 **Spring** is over! <@103> wins it with 2 points. Congratulations!\n\
             #1 **Spring** · a single round-robin, 3 days per move, rated\n\
             **Final standings**\n\
             `1.` <@103> — **2** · played 3, left 0 · SB 2½ · 1 win\n\
             `2.` <@104> — **1½** · played 3, left 0 · SB 2½ · 1 win\n\
             `3.` <@101> — **1½** · played 3, left 0 · SB 2 · 1 win\n\
             `4.` <@102> — **1** · played 3, left 0 · SB 1½ · 1 win\n\
             Level on points, players are ranked by Sonneborn–Berger (SB), then wins, then \
             head-to-head; level on all of them, they share a place."
        );
        assert_eq!(
            announcement.reply.mentions,
            [104, 101, 103, 102].map(PlayerId)
        );
        let png = &announcement
            .reply
            .image
            .as_ref()
            .expect("the crosstable")
            .bytes;
        assert_eq!(&png[1..4], b"PNG");
        // Posted once: the next sweep has nothing more to say.
        w.advance(Duration::from_secs(60));
        assert!(w.sweep().await.is_empty());
        let t = w
            .store
            .tournaments()
            .tournament(TournamentId(1))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(t.status, rollerball::store::TournamentStatus::Finished);
        // The games were rated: carol gained, bob lost.
        let carol_rating = rating(&w, 103).await;
        assert_eq!(carol_rating.games, 3);
        assert!(carol_rating.rating > 1500.0 && rating(&w, 102).await.rating < 1500.0);
        let list = w.ok(&dave(), "tournaments").await;
        assert_eq!(
            list.text,
            "**Tournaments in this server**\n__Finished__\n#1 **Spring** — won by <@103>"
        );
    }
}

#[tokio::test]
async fn a_double_round_robin_of_three_with_a_withdrawal_and_its_crosstable() {
    use rollerball::render::Theme;
    use rollerball::render::crosstable::{CrossColors, CrossLayout};
    for w in World::each("tn_double").await {
        // dave organises without playing.
        w.ok(
            &dave(),
            "tournament create \"Autumn Cup\" double casual max 3 days 5",
        )
        .await;
        let players = [alice(), bob(), carol()];
        for p in &players {
            w.ok(p, "tournament join").await;
        }
        assert_eq!(
            refused(&w, &dave(), "tournament join").await,
            "#1 **Autumn Cup** is full: 3 of 3 players have signed up."
        );
        let started = w.ok(&dave(), "tournament start #1").await;
        assert_eq!(started.new_games.len(), 6);
        let all = pairings(&w, 1).await;
        // Each pair twice, once with each colour; everyone two Whites and two Blacks.
        for (i, a) in [101, 102, 103].iter().enumerate() {
            for b in &[101, 102, 103][i + 1..] {
                let one = all.iter().filter(|g| (g.1, g.2) == (*a, *b)).count();
                let other = all.iter().filter(|g| (g.1, g.2) == (*b, *a)).count();
                assert_eq!((one, other), (1, 1), "{a} and {b}");
            }
            assert_eq!(all.iter().filter(|g| g.1 == *a).count(), 2);
        }
        for g in &all {
            let stored = w.game(GameId(g.0)).await;
            assert!(!stored.rated, "a casual tournament's games are unrated");
            assert_eq!(stored.days_per_move.get(), 5);
        }
        let actor = |id: u64| players.iter().find(|a| a.id.0 == id).unwrap().clone();
        // X and Y play the first game; Z is the third player.
        let (x, y) = (actor(all[0].1), actor(all[0].2));
        let z = players
            .iter()
            .find(|p| p.id != x.id && p.id != y.id)
            .unwrap()
            .clone();
        let between = |a: &Actor, b: &Actor| -> Vec<GameId> {
            all.iter()
                .filter(|g| (g.1, g.2) == (a.id.0, b.id.0) || (g.1, g.2) == (b.id.0, a.id.0))
                .map(|g| GameId(g.0))
                .collect()
        };
        // X beats Y; X and Z draw; Z beats Y — each in their first game.
        win(&w, between(&x, &y)[0], &x, &players).await;
        let xz = between(&x, &z)[0];
        let g = w.game(xz).await;
        let (white, black) = (actor(g.white.unwrap().0), actor(g.black.unwrap().0));
        w.play(xz, &white, &black, "b3 f5").await;
        w.ok(&white, &format!("draw #{}", xz.0)).await;
        w.ok(&black, &format!("draw #{} accept", xz.0)).await;
        win(&w, between(&y, &z)[0], &z, &players).await;
        // Only the organiser withdraws, and only a player.
        assert_eq!(
            refused(&w, &x, &format!("tournament withdraw <@{}>", z.id.0)).await,
            "Only <@104>, who organises #1 **Autumn Cup**, can withdraw its players."
        );
        assert_eq!(
            refused(&w, &dave(), "tournament withdraw #1 <@999>").await,
            "<@999> is not playing in #1 **Autumn Cup**."
        );
        // Z withdraws having played 2 of 4: their results stand, the other two are forfeited.
        let withdrawn = w
            .ok(&dave(), &format!("tournament withdraw #1 <@{}>", z.id.0))
            .await;
        let forfeited: Vec<GameId> = vec![between(&x, &z)[1], between(&y, &z)[1]];
        let mut numbers: Vec<String> = forfeited.iter().map(|g| format!("#{}", g.0)).collect();
        numbers.sort();
        assert_eq!(
            withdrawn.text,
            format!(
                "<@104> withdrew <@{}> from #1 **Autumn Cup**: their 2 unfinished games ({}) \
                 are forfeited, and their opponents win them. As they had completed at least \
                 half of their games, their results stand, forfeits included.",
                z.id.0,
                numbers.join(", ")
            )
        );
        for id in &forfeited {
            let g = w.game(*id).await;
            assert_eq!(g.termination, Some(Termination::Forfeit));
            let winner = if g.white == Some(z.id) {
                GameResult::BlackWins
            } else {
                GameResult::WhiteWins
            };
            assert_eq!(g.result, Some(winner));
        }
        assert_eq!(
            refused(
                &w,
                &dave(),
                &format!("tournament withdraw #1 <@{}>", z.id.0)
            )
            .await,
            format!(
                "<@{}> has already been withdrawn from #1 **Autumn Cup**.",
                z.id.0
            )
        );
        // The forfeit reads as such on its board.
        let board = w.ok(&x, &format!("board #{}", forfeited[0].0)).await;
        assert!(board.text.contains("wins by forfeit"), "{}", board.text);
        // X: 1 + ½ + 1 = 2½, SB 1·1 + ½·1½ + 1·1½ = 3¼; Z: ½ + 1 = 1½, SB ½·2½ + 1·1 = 2¼;
        // Y: 0 + 0 + 1 (forfeit) = 1, SB 1·1½ = 1½. The X–Y return game is still played.
        let standings = w.ok(&dave(), "tournament").await;
        assert_eq!(
            standings.text,
            format!(
                "#1 **Autumn Cup** · a double round-robin, 5 days per move, casual\n\
                 **Standings** after 5 of 6 games\n\
                 `1.` <@{x}> — **2½** · played 3, left 1 · SB 3¼ · 2 wins\n\
                 `2.` <@{z}> — **1½** · played 4, left 0 · SB 2¼ · 1 win (withdrawn)\n\
                 `3.` <@{y}> — **1** · played 3, left 1 · SB 1½ · 1 win\n\
                 Level on points, players are ranked by Sonneborn–Berger (SB), then wins, then \
                 head-to-head; level on all of them, they share a place.",
                x = x.id.0,
                y = y.id.0,
                z = z.id.0
            )
        );
        // The crosstable: rows and columns in the standings' order (X, Z, Y), two games a cell.
        let table = w.ok(&y, "tournament table").await;
        assert_eq!(
            table.text,
            "Crosstable of #1 **Autumn Cup** — after 5 of 6 games."
        );
        let png = &table.image.as_ref().expect("the picture").bytes;
        let image = image::load_from_memory(png).expect("a PNG").to_rgb8();
        let layout = CrossLayout::new(3, 2);
        assert_eq!(image.width(), layout.width());
        let colors = CrossColors::of(&Theme::default());
        let at = |row, col, game| {
            let (x, y, _, h) = layout.cell(row, col, game);
            image.get_pixel(x + 2, y + h - 3).0
        };
        // The strip along the top of each game says the row's player's colour: X had White in
        // the first game with Y, Y had Black in it.
        let strip = |row, col, game| {
            let (x, y, _, _) = layout.cell(row, col, game);
            image.get_pixel(x + 2, y + 1).0
        };
        assert_eq!(strip(0, 2, 0), colors.white_strip);
        assert_eq!(strip(0, 2, 1), colors.black_strip);
        assert_eq!(strip(2, 0, 0), colors.black_strip);
        assert_eq!(at(0, 2, 0), colors.win, "X's win over Y");
        assert_eq!(at(0, 2, 1), colors.unplayed, "X–Y, still to be played");
        assert_eq!(at(2, 0, 0), colors.loss, "Y's loss to X");
        assert_eq!(at(0, 1, 0), colors.draw, "X's draw with Z");
        assert_eq!(at(0, 1, 1), colors.win, "X's forfeit win over Z");
        assert_eq!(at(1, 1, 0), colors.own, "the diagonal");
        std::fs::write(
            std::env::temp_dir().join("rollerball-crosstable-double.png"),
            png,
        )
        .unwrap();
    }
}

#[tokio::test]
async fn twelve_long_alike_names_never_look_the_same_in_any_language() {
    use rollerball::render::crosstable::CrossLayout;
    for w in World::each("tn_long_names").await {
        // Discord's longest names, 32 characters, the first 20 the same for all twelve.
        let names: Vec<String> = (0..12)
            .map(|i| {
                format!(
                    "Wolfgang_Amadeus_Moz{:0>12}",
                    format!("art_{}", 1756 + i * 7)
                )
            })
            .collect();
        let players: Vec<Actor> = names
            .iter()
            .enumerate()
            .map(|(i, name)| crate::common::actor(201 + i as u64, name))
            .collect();
        w.ok(&dave(), "tournament create Requiem max 12").await;
        for p in &players {
            w.ok(p, "tournament join").await;
        }
        w.ok(&dave(), "tournament start #1").await;
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let layout = CrossLayout::for_names(12, 1, &refs);
        for locale in ["en", "fr", "es", "ru"] {
            let reply = w.say_as(&players[0], locale, "tournament table").await;
            let png = &reply.image.as_ref().expect("the picture").bytes;
            let image = image::load_from_memory(png).expect("a PNG").to_rgb8();
            assert_eq!(image.width(), layout.width(), "{locale}");
            let crops: Vec<Vec<u8>> = (0..12)
                .map(|row| {
                    let (x, y, w, h) = layout.name_box(row);
                    image::imageops::crop_imm(&image, x, y, w, h)
                        .to_image()
                        .into_raw()
                })
                .collect();
            for a in 0..12 {
                for b in a + 1..12 {
                    assert_ne!(
                        crops[a], crops[b],
                        "{locale}: rows {a} and {b} look the same"
                    );
                }
            }
        }
    }
}

#[tokio::test]
async fn every_refusal_is_specific_and_changes_nothing() {
    for w in World::each("tn_refusals").await {
        let dm = rollerball::store::Place {
            server: None,
            channel: 7,
            thread: None,
            reach: rollerball::store::Reach::Posts,
        };
        let before = tournaments_snapshot(&w).await;
        let text = w.refused_in(&alice(), dm, "tournament create Spring").await;
        assert_eq!(
            text,
            "Tournaments are played in a server's channels, not in direct messages."
        );
        assert_eq!(tournaments_snapshot(&w).await, before);
        // A link would stand in every announcement and thread name.
        for name in ["https://discord.gg/abc", "\"Join discord.gg/abc\""] {
            assert_eq!(
                refused(&w, &alice(), &format!("tournament create {name}")).await,
                format!(
                    "A tournament's name cannot be a link or an invite (`{}`): it would stand in \
                     every announcement and game thread. Choose a plain name, such as `Spring \
                     Open` (a dot that starts no web address takes a space after it: `St. \
                     Petersburg`).",
                    name.trim_matches('"').trim_start_matches("Join ")
                )
            );
        }
        assert_eq!(tournaments_snapshot(&w).await, before);
        assert_eq!(
            refused(&w, &bob(), "tournament join").await,
            "No tournament here is open for sign-up. `tournaments` lists this server's events; \
             anyone can create one with `tournament create NAME`."
        );
        assert_eq!(
            refused(&w, &bob(), "tournament").await,
            "There is no tournament in this server yet. Create one with `tournament create NAME`."
        );
        assert_eq!(
            refused(&w, &bob(), "tournament join #9").await,
            "There is no tournament #9. `tournaments` lists this server's."
        );
        w.ok(&alice(), "tournament create Spring max 3").await;
        assert_eq!(
            refused(&w, &bob(), "tournament create spring").await,
            "There is already a tournament of that name in this server: #1 **Spring**. Pick \
             another name."
        );
        assert_eq!(
            refused(&w, &bob(), "tournament leave").await,
            "You are not signed up to #1 **Spring**."
        );
        w.ok(&bob(), "tournament join").await;
        assert_eq!(
            refused(&w, &bob(), "tournament join").await,
            "You are already signed up to #1 **Spring**."
        );
        assert_eq!(
            refused(&w, &bob(), "tournament start").await,
            "Only <@101>, who organises #1 **Spring**, can start it."
        );
        assert_eq!(
            refused(&w, &bob(), "tournament cancel #1").await,
            "Only <@101>, who organises #1 **Spring**, can cancel it."
        );
        assert_eq!(
            refused(&w, &alice(), "tournament start").await,
            "#1 **Spring** needs at least 3 players to start; only <@102> has signed up."
        );
        w.ok(&carol(), "tournament join").await;
        assert_eq!(
            refused(&w, &alice(), "tournament start").await,
            "#1 **Spring** needs at least 3 players to start; 2 have signed up: <@102>, <@103>."
        );
        // Leaving before the start.
        let left = w.ok(&carol(), "tournament leave").await;
        assert_eq!(left.text, "<@103> left #1 **Spring**: 1 player remains.");
        for p in [carol(), dave()] {
            w.ok(&p, "tournament join").await;
        }
        // The organiser's own sign-up comes too late: the three seats are taken.
        assert_eq!(
            refused(&w, &alice(), "tournament join").await,
            "#1 **Spring** is full: 3 of 3 players have signed up."
        );
        // The start belongs in the tournament's own channel.
        let elsewhere = rollerball::store::Place {
            channel: 51,
            ..PLACE
        };
        let before = tournaments_snapshot(&w).await;
        let text = w
            .refused_in(&alice(), elsewhere, "tournament start #1")
            .await;
        assert_eq!(
            text,
            "Start #1 **Spring** in <#50>, its home channel (not in a thread), so that each of \
             its games gets its thread there."
        );
        assert_eq!(tournaments_snapshot(&w).await, before);
        assert_eq!(
            refused(&w, &alice(), "tournament table").await,
            "#1 **Spring** has not started yet: its crosstable begins with its games. \
             `tournament #1` shows who has signed up."
        );
        let signup = w.ok(&dave(), "tournament").await;
        assert_eq!(
            signup.text,
            "#1 **Spring** · a single round-robin, 3 days per move, rated\n\
             Sign-up is open: 3 of 3 players (<@102>, <@103>, <@104>). Organised by <@101>; \
             join with `tournament join #1`."
        );
        w.ok(&alice(), "tournament start").await;
        assert_eq!(
            refused(&w, &alice(), "tournament start #1").await,
            "#1 **Spring** has already started: sign-up is closed."
        );
        assert_eq!(
            refused(&w, &dave(), "tournament leave #1").await,
            "#1 **Spring** has already started, so you can't leave it: play your games or \
             resign them (the organiser can also withdraw you)."
        );
        assert_eq!(
            refused(&w, &alice(), "tournament cancel #1").await,
            "#1 **Spring** has started, so it can no longer be cancelled: its games are played \
             out. You can withdraw a player with `tournament withdraw #1 @player`."
        );
        assert_eq!(
            refused(&w, &alice(), "tournament join #1").await,
            "#1 **Spring** has already started: sign-up is closed."
        );
        // A second tournament, cancelled before it starts.
        w.ok(&bob(), "tournament create Summer").await;
        w.ok(&carol(), "tournament join #2").await;
        let cancelled = w.ok(&bob(), "tournament cancel #2").await;
        assert_eq!(
            cancelled.text,
            "<@102> cancelled #2 **Summer**: it will not be played."
        );
        assert_eq!(cancelled.mentions, [PlayerId(103)]);
        assert_eq!(
            refused(&w, &carol(), "tournament join #2").await,
            "#2 **Summer** was cancelled."
        );
        let list = w.ok(&carol(), "tournaments").await;
        assert_eq!(
            list.text,
            "**Tournaments in this server**\n__Running__\n#1 **Spring** — 3 players, 0 of 3 \
             games over"
        );
    }
}

#[tokio::test]
async fn the_console_is_one_server_whose_players_can_run_a_tournament() {
    use rollerball::console::{CONSOLE_PLACE, Console};
    let db = crate::common::sqlite_db();
    let store = rollerball::store::Store::connect(&db.url).await.unwrap();
    let clock = std::sync::Arc::new(rollerball::game::ManualClock::new(crate::common::T0));
    let dir = tempfile::tempdir().unwrap();
    let service = rollerball::game::Service::new(store.clone(), clock).with_rate_limit(None);
    let mut console = Console::new(service, dir.path().to_path_buf());
    let out = console.line("ann: tournament create Winter").await;
    assert!(out.contains("@ann created tournament #1 Winter"), "{out}");
    for who in ["ann", "ben", "cy"] {
        let out = console.line(&format!("{who}: tournament join")).await;
        assert!(out.contains(&format!("@{who} joined #1 Winter")), "{out}");
    }
    let out = console.line("ann: tournament start").await;
    assert!(out.contains("#1 Winter has begun"), "{out}");
    let out = console.line("ann: tournament withdraw @cy").await;
    assert!(out.contains("ann withdrew @cy from #1 Winter"), "{out}");
    let out = console.line("ben: tournament table").await;
    assert!(out.contains("[saved "), "{out}");
    let t = store
        .tournaments()
        .tournament(TournamentId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(t.place.channel, CONSOLE_PLACE.channel);
}

#[tokio::test]
async fn two_processes_racing_for_the_last_seat_or_the_start_make_no_double() {
    use crate::common::say_to;
    for w in World::each("tn_races").await {
        // A second process: its own store (its own connections) on the same database.
        let other = World::service_on(w.db.store().await, w.clock.clone());
        for round in 0..4 {
            let id = round * 2 + 1;
            w.ok(&alice(), &format!("tournament create Race{round} max 3"))
                .await;
            w.ok(&alice(), &format!("tournament join #{id}")).await;
            w.ok(&bob(), &format!("tournament join #{id}")).await;
            // carol and dave both want the last seat, each through another process.
            let (carol, dave, join) = (carol(), dave(), format!("tournament join #{id}"));
            let (c, d) = tokio::join!(
                say_to(&w.service, &carol, &join),
                say_to(&other, &dave, &join)
            );
            assert_eq!(
                [c.private, d.private].iter().filter(|p| !**p).count(),
                1,
                "{c:?} {d:?}"
            );
            let refusal = if c.private { &c.text } else { &d.text };
            assert_eq!(
                refusal,
                &format!("#{id} **Race{round}** is full: 3 of 3 players have signed up.")
            );
            let t = w
                .store
                .tournaments()
                .tournament(TournamentId(id))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(t.entrants, 3);
            assert_eq!(w.store.tournaments().entrants(t.id).await.unwrap().len(), 3);
            // The organiser starts it twice at once, through both processes.
            let (alice, start) = (alice(), format!("tournament start #{id}"));
            let (a, b) = tokio::join!(
                say_to(&w.service, &alice, &start),
                say_to(&other, &alice, &start)
            );
            assert_eq!(
                [a.private, b.private].iter().filter(|p| !**p).count(),
                1,
                "{a:?} {b:?}"
            );
            let refusal = if a.private { &a.text } else { &b.text };
            assert_eq!(
                refusal,
                &format!("#{id} **Race{round}** has already started: sign-up is closed.")
            );
            let games = w
                .store
                .tournaments()
                .tournament_games(TournamentId(id))
                .await
                .unwrap();
            assert_eq!(games.len(), 3, "one set of games");
            // Another tournament in between, so the numbers of the next round are known.
            w.ok(&bob(), &format!("tournament create Other{round}"))
                .await;
            w.ok(&bob(), &format!("tournament cancel #{}", id + 1))
                .await;
        }
        // Four tournaments of three games each: twelve games, no more.
        assert!(w.store.games().game(GameId(12)).await.unwrap().is_some());
        assert!(w.store.games().game(GameId(13)).await.unwrap().is_none());
    }
}

/// Alice's tournament #1 with Bob, Carol and Dave, started: six games.
async fn four_started(w: &World) -> Vec<GameId> {
    w.ok(&alice(), "tournament create Spring").await;
    for p in [alice(), bob(), carol(), dave()] {
        w.ok(&p, "tournament join #1").await;
    }
    w.ok(&alice(), "tournament start").await.new_games
}

/// The players of game `id`, White first.
async fn sides(w: &World, id: GameId) -> (Actor, Actor) {
    let g = w.game(id).await;
    let all = [alice(), bob(), carol(), dave()];
    let find = |p: Option<PlayerId>| all.iter().find(|a| Some(a.id) == p).unwrap().clone();
    (find(g.white), find(g.black))
}

#[tokio::test]
async fn the_last_game_is_announced_once_when_every_game_times_out_in_one_sweep() {
    for w in World::each("tn_last_once").await {
        let games = four_started(&w).await;
        for &id in &games {
            let (white, black) = sides(&w, id).await;
            w.play(id, &white, &black, "b3 f5").await;
        }
        w.advance(Duration::from_millis(4 * DAY as u64));
        let notices = w.sweep().await;
        let last: Vec<&str> = notices
            .iter()
            .map(|n| n.reply.text.as_str())
            .filter(|t| t.contains("That was the last game of tournament #1"))
            .collect();
        assert_eq!(last.len(), 1, "{notices:#?}");
        // The others say how far the tournament was as each ended, in order.
        let counts: Vec<usize> = (1..=5)
            .map(|k| {
                let verb = if k == 1 { "is" } else { "are" };
                let said = format!("{k} of 6 games {verb} over");
                notices
                    .iter()
                    .filter(|n| n.reply.text.contains(&said))
                    .count()
            })
            .collect();
        assert_eq!(counts, [1, 1, 1, 1, 1]);
        // And the final standings are posted once.
        let finals = notices
            .iter()
            .filter(|n| n.reply.text.contains("final standings") || n.reply.text.starts_with("🏆"))
            .count();
        assert!(finals >= 1, "{notices:#?}");
    }
}

#[tokio::test]
async fn a_tournament_game_out_of_time_before_both_moved_is_an_unrated_forfeit() {
    for w in World::each("tn_zero_moves").await {
        let games = four_started(&w).await;
        // Every game but the first is played a move each; nobody moves in the first.
        for &id in &games[1..] {
            let (white, black) = sides(&w, id).await;
            w.play(id, &white, &black, "b3 f5").await;
        }
        let (white, black) = sides(&w, games[0]).await;
        w.advance(Duration::from_millis(4 * DAY as u64));
        let notices = w.sweep().await;
        let said = format!(
            "**Game #{}** · <@{}> did not make a first move in time and loses by forfeit; the \
             game is unrated.",
            games[0].0, white.id.0
        );
        assert!(
            notices.iter().any(|n| n.reply.text.starts_with(&said)),
            "{notices:#?}"
        );
        let g = w.game(games[0]).await;
        assert_eq!(
            (g.result, g.termination, g.rated),
            (Some(GameResult::BlackWins), Some(Termination::Time), false)
        );
        let row = w
            .store
            .tournaments()
            .tournament_games(TournamentId(1))
            .await
            .unwrap()
            .into_iter()
            .find(|t| t.game == games[0])
            .unwrap();
        assert!(row.forfeit);
        // The five games played out on time count for the ratings; the forfeit does not.
        for who in [&white, &black] {
            assert_eq!(rating(&w, who.id.0).await.games, 2, "{}", who.name);
        }
    }
}

/// A tournament's pairing is played once: its game's last board offers no rematch, where a
/// game outside a tournament offers one.
#[tokio::test]
async fn a_tournament_game_over_offers_no_rematch() {
    for w in World::each("tn_no_rematch").await {
        let games = four_started(&w).await;
        let (white, black) = sides(&w, games[0]).await;
        w.play(games[0], &white, &black, "b3").await;
        let over = w
            .ok(&white, &format!("resign #{} confirm", games[0].0))
            .await;
        assert!(over.text.contains("resigned"), "{}", over.text);
        let labels: Vec<&str> = over.buttons.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, Vec::<&str>::new(), "{}", over.text);

        let casual = w.start(&alice(), &bob(), "").await;
        w.play(casual, &alice(), &bob(), "b3").await;
        let over = w
            .ok(&alice(), &format!("resign #{} confirm", casual.0))
            .await;
        let labels: Vec<&str> = over.buttons.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["Rematch"], "{}", over.text);
    }
}
