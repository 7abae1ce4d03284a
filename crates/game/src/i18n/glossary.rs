//! One word per thing in each language, and chess players' words: the terms a native player
//! asked for, checked over every shipped text, and the sentences they corrected.

use fluent_syntax::ast;

use super::checks::texts;
use super::*;

/// The words of a pattern, every variant included, lower-cased: what a reader may see of it
/// besides its placeables.
fn words(pattern: &ast::Pattern<&str>, out: &mut String) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push_str(&value.to_lowercase()),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Select { variants, .. },
            } => {
                for variant in variants {
                    out.push(' ');
                    words(&variant.value, out);
                }
            }
            ast::PatternElement::Placeable { .. } => out.push_str(" {} "),
        }
    }
}

/// Words a language does not use, with the word it uses for that thing instead.
const NOT_SAID: &[(Lang, &str, &str)] = &[
    // French: conditional moves are "coups conditionnels"; the rating is "cote" ("classement"
    // is the leaderboard or a tournament's standings).
    (Lang::Fr, "prévision", "coup conditionnel"),
    (Lang::Fr, "ne change pas le classement", "la cote"),
    (Lang::Fr, "voir le classement", "la cote"),
    (Lang::Fr, "votre classement", "votre cote"),
    (Lang::Fr, "pour le classement", "pour la cote"),
    // Spanish: "jugadas condicionales"; a rated game is "puntuable", the rating "puntuación",
    // the machine "computadora", the record "balance".
    (Lang::Es, "previsión", "jugada condicional"),
    (Lang::Es, "previsiones", "jugadas condicionales"),
    (Lang::Es, "rating", "puntuación / puntuable"),
    (Lang::Es, "ordenador", "computadora"),
    (Lang::Es, "tu historial", "tu balance"),
    (Lang::Es, "el historial", "el balance"),
    // Spanish, as its chess players say it: a round robin is a "liguilla", the crosstable the
    // "tabla cruzada"; a deadline "vence en 3 días", as Discord words a time to come, and games
    // played are "disputadas" ("jugadas" are moves).
    (Lang::Es, "un todos contra todos", "liguilla"),
    (Lang::Es, "cuadro", "tabla cruzada"),
    (Lang::Es, "plazo  {}", "el plazo vence {}"),
    (Lang::Es, "dentro de", "en"),
    // Russian: "условные ходы", a line of them "вариант"; a knockout bracket is not a
    // crosstable.
    (Lang::Ru, "прогноз", "условные ходы"),
    (Lang::Ru, "линия", "вариант"),
    (Lang::Ru, "линии", "вариант"),
    (Lang::Ru, "линий", "вариантов"),
    (Lang::Ru, "сетка", "турнирная таблица"),
];

/// Where a Russian text says "таблица" for something other than the crosstable ("турнирная
/// таблица") or the leaderboard ("таблица лидеров"): the standings are "положение".
fn bare_table(text: &str) -> bool {
    text.match_indices("таблиц").any(|(at, _)| {
        let before = text[..at].trim_end_matches([' ', '-']);
        let after = &text[at..];
        let word_end = after.find(' ').unwrap_or(after.len());
        !["турнирная", "турнирную", "турнирной"]
            .iter()
            .any(|adjective| before.ends_with(adjective))
            && !after[word_end..].trim_start().starts_with("лидеров")
    })
}

#[test]
fn each_language_says_one_word_per_thing() {
    // Rules and notation speak of the board's lines, not of forecasts.
    let board_words = ["rules-", "illegal-"];
    let mut found = Vec::new();
    for lang in Lang::ALL {
        for text in texts(lang) {
            let mut said = String::new();
            words(&text.pattern, &mut said);
            for (l, word, instead) in NOT_SAID {
                let about_the_board = board_words.iter().any(|p| text.id.starts_with(p));
                if *l == lang && said.contains(word) && !about_the_board {
                    found.push(format!("{lang} {}: `{word}` (say {instead})", text.id));
                }
            }
            if lang == Lang::Ru && bare_table(&said) {
                found.push(format!("ru {}: `таблица` (standings: положение)", text.id));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    assert!(bare_table("покажет таблицу."));
    assert!(!bare_table("**таблица лидеров** и турнирная таблица"));
}

#[test]
fn the_sentences_native_players_corrected() {
    // What a line wins is said in the accusative, which for a bishop is its genitive.
    let piece =
        |kind: &str, count: u32| tr!(Lang::Ru, "analysis-piece", kind = kind, count = count);
    assert_eq!(piece("bishop", 1), "слона");
    assert_eq!(piece("rook", 1), "ладью");
    assert_eq!(piece("pawn", 2), "2 пешки");
    let gain = tr!(
        Lang::Ru,
        "analysis-gain-material-for",
        won = piece("rook", 1),
        lost = piece("bishop", 1)
    );
    assert_eq!(gain, "выигрывает ладью за слона");
    assert_eq!(
        tr!(
            Lang::Fr,
            "analysis-better-gain",
            line = "5.b5",
            gain = "gagne un fou"
        ),
        "Mieux valait 5.b5, qui gagne un fou."
    );

    // Spanish deadlines, round robins and games played, as its chess players say them.
    let turn = tr!(
        Lang::Es,
        "turn-to-move",
        player = "@bob",
        side = "black",
        check = "yes",
        deadline = "en 3 días"
    );
    assert_eq!(
        turn,
        "Le toca a @bob (negras), en jaque — el plazo vence en 3 días."
    );
    let format = tr!(
        Lang::Es,
        "tournament-format",
        double = "yes",
        days = 3,
        rated = "casual"
    );
    assert_eq!(
        format,
        "liguilla a doble vuelta, 3 días por jugada, partidas amistosas"
    );
    assert_eq!(tr!(Lang::Es, "page-column-played"), "Disputadas");
    let record = tr!(Lang::Es, "ratings-record", wins = 3, draws = 1, losses = 2);
    assert_eq!(record, "3 V, 1 E, 2 D");

    // A casual tournament has standings; it only leaves ratings alone.
    assert!(tr!(Lang::Fr, "help-tournament").contains("`casual` ne touche pas aux cotes,"));
    assert!(tr!(Lang::Es, "help-tournament").contains("`casual` no cambia las puntuaciones,"));

    // Where the computer stands in a Russian sentence, it stands in the nominative.
    let computer = tr!(Lang::Ru, "computer-side", level = 3);
    let turn = tr!(
        Lang::Ru,
        "turn-to-move",
        player = computer.as_str(),
        side = "black",
        check = "no",
        deadline = "none"
    );
    assert_eq!(turn, "Ходит компьютер уровня 3 (чёрные).");
    let choice = tr!(
        Lang::Ru,
        "game-choice",
        id = 4,
        opponent = computer.as_str()
    );
    assert_eq!(choice, "#4 (соперник: компьютер уровня 3)");
    let resign = tr!(
        Lang::Ru,
        "resign-confirm",
        id = 4,
        opponent = computer.as_str()
    );
    assert!(
        resign.starts_with("Сдать партию #4 (соперник: компьютер уровня 3)?"),
        "{resign}"
    );

    // Where to start a vacation, said as French and Spanish say it.
    let status = |lang| tr!(lang, "vacation-status", left = 30, total = 30, year = 2026);
    assert_eq!(
        status(Lang::Fr),
        "Vous n'êtes pas en vacances. Il vous reste 30 de vos 30 jours de vacances en 2026 : \
         partez avec `vacation on JOURS`."
    );
    assert_eq!(
        status(Lang::Es),
        "No estás de vacaciones. Te quedan 30 de tus 30 días de vacaciones en 2026: \
         `vacation on DÍAS` te pone de vacaciones."
    );
}
