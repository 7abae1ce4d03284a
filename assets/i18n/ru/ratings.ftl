# Рейтинги: ответы команд `leaderboard` и `stats`.

leaderboard-empty = { $scope ->
        [server] На этом сервере ещё никто не доиграл рейтинговую партию.
       *[global] Ещё никто не доиграл рейтинговую партию ни на одном сервере.
    } Партии между игроками рейтинговые, если они не `casual`: начните партию командой `challenge @player`.
leaderboard-title = **Таблица лидеров** · рейтинговые партии { $scope ->
        [server] на этом сервере
       *[global] на всех серверах
    }
leaderboard-line = { $place }. **{ $name }** { $rating } · { $games ->
        [one] { $games } партия
        [few] { $games } партии
       *[many] { $games } партий
    } · { $record }
leaderboard-you = ← вы
leaderboard-provisional = ? предварительный: слишком мало партий или давно не было ни одной.

ratings-record = { $wins } В, { $draws } Н, { $losses } П

stats-unknown-name = Я не знаю, кто такой `@{ $name }`. Упомяните игрока, чтобы имя подсветилось (наберите `@` и выберите его из списка).
stats-never-played = У { $player } ещё нет партий со мной: статистики пока нет.
stats-title = **{ $name }** · рейтинговые партии { $scope ->
        [server] на этом сервере
       *[global] на всех серверах
    }
stats-rating = **{ $rating }** ±{ $deviation } { $scope ->
        [server] на этом сервере
       *[global] на всех серверах
    } ({ $games ->
        [one] { $games } партия
        [few] { $games } партии
       *[many] { $games } партий
    })
stats-unrated = без рейтинга { $scope ->
        [server] на этом сервере
       *[global] на всех серверах
    }
stats-ratings = Рейтинг: { $ratings }
stats-record = Результаты: { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
       *[many] { $wins } побед
    }, { $draws ->
        [one] { $draws } ничья
        [few] { $draws } ничьи
       *[many] { $draws } ничьих
    }, { $losses ->
        [one] { $losses } поражение
        [few] { $losses } поражения
       *[many] { $losses } поражений
    }
stats-no-record = Результаты: рейтинговых партий пока нет
stats-by-colour = Белыми: { $white } · Чёрными: { $black }
stats-by-ending = Победы: { $wins } · Ничьи: { $draws } · Поражения: { $losses }
stats-ending = { $count } { $ending ->
        [checkmate] матом
        [throne] выходом на трон
        [stalemate] патом
        [repetition] повторением
        [resignation] сдачей
        [agreement] по соглашению
        [time] по времени
       *[abort] { $count ->
            [one] отменена
            [few] отменены
           *[many] отменено
        }
    }
stats-endings-none = { $outcome ->
       *[other] нет
    }
stats-streak = Текущая серия: { $outcome ->
        [win] { $count ->
            [one] { $count } победа
            [few] { $count } победы
           *[many] { $count } побед
        }
        [draw] { $count ->
            [one] { $count } ничья
            [few] { $count } ничьи
           *[many] { $count } ничьих
        }
       *[loss] { $count ->
            [one] { $count } поражение
            [few] { $count } поражения
           *[many] { $count } поражений
        }
    }
stats-active = Текущие партии: { $count } ({ $games })
stats-active-none = Текущие партии: нет
