# Игра по переписке: условные ходы (прогнозы) и отпуск.

help-forecast = Заранее скажите, как ответите на следующие ходы соперника. После своего хода `forecast e6-f7 c1-b2` значит «если он сыграет e6-f7, я сыграю c1-b2»; линия может продолжаться (до 30 ходов), несколько линий разделяются `;`, всего можно хранить 30. `forecast` показывает ваши линии (их видите только вы), `forecast clear` удаляет их.
help-vacation = Уехать, не проиграв по времени. `vacation on 7` останавливает на 7 дней часы ваших партий, где ваш ход (30 дней в год; `vacation on` берёт всё, что осталось). `vacation off` или любой ваш ход возвращает вас, а неиспользованные дни снова ваши. `vacation` показывает остаток.

command-vacation-days = Число дней отпуска должно быть целым числом от 1 до { $max }, а не `{ $word }`.

## Прогнозы

forecast-computer = Прогнозы — для партий между игроками: компьютер и так отвечает сразу.
forecast-your-move = В партии #{ $id } сейчас ваш ход. Сначала сыграйте его: прогноз начинается с ответа соперника на ваш ход.
forecast-none = У вас нет прогнозов в партии #{ $id }. После своего хода `forecast e6-f7 c1-b2` значит «если он сыграет e6-f7, я сыграю c1-b2».
forecast-cleared = Ваши прогнозы в партии #{ $id } удалены ({ $count } { $count ->
        [one] линия
        [few] линии
       *[other] линий
    }).
forecast-saved = Сохранено. Ваши прогнозы в партии #{ $id } видите только вы; они играются за вас, как только ход соперника совпадёт.
forecast-list = Ваши прогнозы в партии #{ $id } ({ $count } { $count ->
        [one] линия
        [few] линии
       *[other] линий
    }), в каждой ход соперника, затем ваш ответ:
forecast-covered = Линия { $line } уже входит в вашу линию { $other }: добавлять нечего.
forecast-conflict = Линия { $line } отвечает на { $theirs } ходом { $new }, но ваша линия { $other } уже отвечает на него ходом { $old }. На каждый ход один ответ: `forecast clear` и задайте линии заново, чтобы изменить его.
forecast-too-many = Тогда в этой партии будет больше { $max } { $max ->
        [one] линии
       *[other] линий
    }. Сначала удалите их через `forecast clear`.
forecast-too-long = В линии { $line } { $plies } { $plies ->
        [one] ход
        [few] хода
       *[many] ходов
    }; в линии может быть не больше { $max } { $max ->
        [one] хода
       *[other] ходов
    }.
forecast-over = к этому моменту партия уже окончена ({ $outcome })
forecast-bad-move = Ход { $number } вашей линии (`{ $text }`): { $why }
forecast-bad-move-in-line = Линия { $line }, ход { $number } (`{ $text }`): { $why }
forecast-ends-with-theirs = Линия { $line } кончается ходом соперника `{ $text }`: добавьте свой ответ на него.
forecast-answered = { $player } ответил { $san } (прогноз).
forecast-answered-notice = **Партия #{ $id }**: { $player } ответил { $san } (прогноз).

## Отпуск

vacation-status = Вы не в отпуске. У вас { $left ->
        [one] остался
       *[other] осталось
    } { $left } из { $total } { $total ->
        [one] дня
       *[other] дней
    } отпуска на { $year } год: `vacation on ДНИ` начинает отпуск.
vacation-status-away = Вы в отпуске; он закончится самое позднее { $until } ({ $planned ->
        [one] отведён { $planned } день
        [few] отведено { $planned } дня
       *[many] отведено { $planned } дней
    }; вернуться сейчас будет стоить { $used } { $used ->
        [one] день
        [few] дня
       *[many] дней
    }). Кроме того, на { $year } год { $left ->
        [one] остался { $left } день
        [few] осталось { $left } дня
       *[many] осталось { $left } дней
    }. `vacation off` возвращает вас.
vacation-already = Вы уже в отпуске; он закончится самое позднее { $until }. `vacation off` возвращает вас.
vacation-none-left = Вы использовали { $total ->
        [one] все { $total } день
        [few] все { $total } дня
       *[many] все { $total } дней
    } отпуска на { $year } год.
vacation-too-long = Вы просите { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }, но на { $year } год { $left ->
        [one] остался только { $left }
       *[other] осталось только { $left }
    }: не больше `vacation on { $left }`.
vacation-changed = Ваш отпуск изменился, пока я это выполнял (другая ваша команда в тот же момент). Ничего не сделано: посмотрите `vacation` и попробуйте снова.
vacation-started = Вы в отпуске; он закончится самое позднее { $until } ({ $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }). Часы ваших партий, где ваш ход, остановлены (сейчас { $games ->
        [one] { $games } партия
        [few] { $games } партии
       *[many] { $games } партий
    }), и соперники видят, что вас нет. `vacation off` или любой ход возвращает вас; после этого отпуска в этом году останется { $left } { $left ->
        [one] день
        [few] дня
       *[many] дней
    }.
vacation-not-away = Вы не в отпуске. `vacation on ДНИ` начинает отпуск.
vacation-ended = С возвращением! Отпуск стоил { $used } { $used ->
        [one] день
        [few] дня
       *[many] дней
    }; на { $year } год { $left ->
        [one] остался { $left } день
        [few] осталось { $left } дня
       *[many] осталось { $left } дней
    }. Ваши часы снова идут ({ $games ->
        [one] { $games } партия, где ваш ход
        [few] { $games } партии, где ваш ход
       *[many] { $games } партий, где ваш ход
    }).
vacation-on-board = { $player } в отпуске; он закончится самое позднее { $until }.
games-vacation = (в отпуске, конец самое позднее { $until })
vacation-over-notice = { $player } вернулся из отпуска. { $turn ->
        [yes] Его часы в **партии #{ $id }** снова идут: срок { $deadline }.
       *[no] **Партия #{ $id }** продолжается.
    }
vacation-exhausted-notice = { $player } использовал все дни отпуска на этот год, поэтому отпуск окончен. { $turn ->
        [yes] Его часы в **партии #{ $id }** снова идут: срок { $deadline }.
       *[no] **Партия #{ $id }** продолжается.
    }

## Подкоманды и параметры /rb

slash-sub-forecast = прогноз
slash-sub-vacation = отпуск
slash-option-moves = ходы
    .description = Его ход, ваш ответ и т. д. (линии через ;), или clear; пусто — список
slash-option-switch = режим
    .description = Уйти в отпуск или вернуться (пусто — посмотреть остаток)
slash-option-vacation-days = дни
    .description = Сколько дней вас не будет (пусто — всё, что осталось в этом году)
slash-choice-on = on
slash-choice-off = off
