# Tournaments: round-robin events in a server, from sign-up to the final crosstable.
# $tournament is tournament-title ("#3 **Spring**"). $format is tournament-format.

tournament-title = #{ $id } **{ $name }**
tournament-format = { $double ->
        [yes] двухкруговой турнир
       *[no] круговой турнир
    }, { $days ->
        [one] { $days } день на ход
        [few] { $days } дня на ход
       *[many] { $days } дней на ход
    }, { $rated ->
        [rated] рейтинговый
       *[casual] товарищеский
    }

## Finding the tournament meant

tournament-needs-server = Турниры проводятся в каналах сервера, а не в личных сообщениях.
tournament-needs-bot = Для турниров бот должен быть на сервере: он публикует там ветки партий, напоминания и положение. Попросите администратора добавить его.
tournament-none = Турнира #{ $id } нет. `tournaments` покажет турниры этого сервера.
tournament-elsewhere = Турнир #{ $id } проходит на другом сервере.
tournament-none-here = На этом сервере ещё нет турниров. Создайте турнир командой `tournament create НАЗВАНИЕ`.
tournament-none-open = Здесь нет турнира с открытой записью. `tournaments` покажет турниры этого сервера; создать турнир может любой: `tournament create НАЗВАНИЕ`.
tournament-none-joined = Вы не записаны ни на один турнир здесь, который ещё не начался.
tournament-none-organised = Вы не организуете здесь ни одного турнира, который ещё не начался.
tournament-none-running-organised = Вы не организуете здесь ни одного открытого или идущего турнира.
# $word is the subcommand ("view" for the standings).
tournament-several = Подходит несколько турниров: { $list }. Укажите один, например { $word ->
        [view] `tournament #{ $id }`
       *[other] `tournament { $word } #{ $id }`
    }.

## Refusals

tournament-name-taken = На этом сервере уже есть турнир с таким названием: { $tournament }. Выберите другое.
tournament-already-joined = Вы уже записаны на { $tournament }.
tournament-full = { $tournament } заполнен: записались { $max } из { $max } { $max ->
        [one] игрока
       *[other] игроков
    }.
tournament-started-already = { $tournament } уже начался: запись закрыта.
tournament-over-already = { $tournament } завершён.
tournament-cancelled-already = { $tournament } отменён.
tournament-changed = { $tournament } только что изменился; ничего не сделано. Попробуйте ещё раз.
tournament-not-joined = Вы не записаны на { $tournament }.
tournament-leave-started = { $status ->
        [running] { $tournament } уже начался, поэтому покинуть его нельзя: доиграйте свои партии или сдайте их (организатор также может снять вас с турнира).
       *[other] { $tournament } больше не открыт: покидать нечего.
    }
# $action: start, cancel or withdraw.
tournament-not-organiser = Только { $organiser }, организатор турнира { $tournament }, может { $action ->
        [start] начать его
        [cancel] отменить его
       *[withdraw] снимать с него игроков
    }.
tournament-too-few = Чтобы начать { $tournament }, нужно не меньше { $min } { $min ->
        [one] игрока
       *[other] игроков
    }; { $count ->
        [0] пока никто не записался.
        [one] записался только { $players }.
        [few] записались { $count }: { $players }.
       *[many] записались { $count }: { $players }.
    }
tournament-start-here = Начните { $tournament } в { $channel }, его канале (не в ветке), чтобы у каждой партии там появилась своя ветка.
tournament-cancel-started = { $tournament } уже начался, и отменить его нельзя: партии доигрываются. Снять игрока можно командой `tournament withdraw #{ $id } @игрок`.
tournament-unknown-name = Я не знаю, кто такой `@{ $name }`. Упомяните игрока так, чтобы имя подсветилось (наберите `@` и выберите его из списка).
tournament-withdraw-not-entrant = { $player } не играет в { $tournament }.
tournament-withdraw-already = { $player } уже снят с турнира { $tournament }.
tournament-withdraw-nothing-left = { $player } доиграл все свои партии в { $tournament }: засчитывать поражения нечего, его результаты остаются в силе.
tournament-no-abort = Партия #{ $id } — часть турнира { $tournament }, поэтому её нельзя отменить: доиграйте её, предложите ничью или сдайтесь.
tournament-table-not-yet = { $tournament } ещё не начался: турнирная таблица появится вместе с партиями. `tournament #{ $id }` покажет, кто записался.

## Done

tournament-created = 🏆 { $organiser } создал турнир { $tournament }: { $format }. Записывайтесь командой `tournament join #{ $id }` или кнопкой ниже; { $organiser } начнёт его командой `tournament start #{ $id }`, когда { $min ->
        [one] запишется хотя бы { $min } игрок
        [few] запишутся хотя бы { $min } игрока
       *[many] запишутся хотя бы { $min } игроков
    } (не больше { $max }). Тогда все партии начнутся одновременно.
tournament-joined = { $player } записался на { $tournament }: { $count } из { $max } { $max ->
        [one] игрока
       *[other] игроков
    } ({ $players }).
tournament-left = { $player } покинул { $tournament }: { $count ->
        [one] остался { $count } игрок.
        [few] осталось { $count } игрока.
       *[many] осталось { $count } игроков.
    }
tournament-cancelled = { $organiser } отменил { $tournament }: он не состоится.
tournament-removed = { $organiser } вычеркнул { $player } из списка турнира { $tournament }: { $count ->
        [one] остался { $count } игрок.
        [few] осталось { $count } игрока.
       *[many] осталось { $count } игроков.
    }
# $list: one tournament-pairing per line, or tournament-pairing-range.
tournament-started = 🏁 { $tournament } начался: { $players } — { $count ->
        [one] { $count } партия
        [few] { $count } партии
       *[many] { $count } партий
    }, все одновременно; { $format }.
    { $list }У каждой партии своя ветка; `games` покажет ваши, а `tournament #{ $id }` — положение.
tournament-pairing = #{ $game } { $white } – { $black }
tournament-pairing-range = Партии с #{ $first } по #{ $last }.
# $games lists the game numbers; $annulled says how the withdrawn player's results now count.
tournament-withdrawn = { $organiser } снял { $player } с турнира { $tournament }: { $count ->
        [one] в его недоигранной партии ({ $games }) засчитано поражение, победа — сопернику.
        [few] в его { $count } недоигранных партиях ({ $games }) засчитаны поражения, победы — соперникам.
       *[many] в его { $count } недоигранных партиях ({ $games }) засчитаны поражения, победы — соперникам.
    } { $annulled ->
        [yes] Он сыграл меньше половины своих партий, поэтому ни один его результат не учитывается в положении.
       *[no] Он сыграл не меньше половины своих партий, поэтому его результаты остаются в силе, включая неявки.
    }

## The standings

tournament-signup = { $tournament } · { $format }
    Запись открыта: { $count ->
        [0] пока никого
       *[other] { $count } из { $max } { $max ->
            [one] игрока
           *[other] игроков
        } ({ $players })
    }. Организатор — { $organiser }; записаться: `tournament join #{ $id }`.
tournament-cancelled-view = { $tournament } был отменён организатором до начала.
tournament-standings-title = { $tournament } · { $format }
    { $over ->
        [yes] **Итоговое положение**
       *[no] **Положение** после { $finished } из { $games } { $games ->
            [one] партии
           *[other] партий
        }
    }
# $h2h is the head-to-head score among the players level on everything else, or "none".
tournament-line = `{ $place }` { $player } — **{ $points }** · сыграно { $played }, осталось { $left } · SB { $sb } · { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
       *[many] { $wins } побед
    }{ $h2h ->
        [none] {""}
       *[other] {" "}· личная встреча { $h2h }
    }{ $withdrawn ->
        [yes] {" "}(снят)
       *[no] {""}
    }
tournament-line-annulled = `–` { $player } — снят, не сыграв половины партий: результаты аннулированы
tournament-tiebreaks = При равенстве очков игроков разделяют коэффициент Зоннеборна–Бергера (SB), затем число побед, затем личные встречи; при равенстве во всём они делят место.

## The crosstable

tournament-table-caption = Турнирная таблица { $tournament } — { $over ->
        [yes] итоговая
       *[no] после { $finished } из { $games } { $games ->
            [one] партии
           *[other] партий
        }
    }.
tournament-table-subtitle = Турнир #{ $id } · { $over ->
        [yes] итоговое положение
       *[no] после { $finished } из { $games } { $games ->
            [one] партии
           *[other] партий
        }
    }
tournament-table-points = Очки
tournament-table-sb = SB
# The crosstable's legend, each beside a small cell showing it.
tournament-table-legend-win = победа
tournament-table-legend-draw = ничья
tournament-table-legend-loss = поражение
tournament-table-legend-forfeit = победа / поражение из-за неявки
tournament-table-legend-unplayed = партия ещё идёт
tournament-table-legend-annulled = аннулировано: не засчитывается
tournament-table-legend-colours = сыграно белыми / чёрными

## The list

tournaments-none = На этом сервере ещё нет турниров: создайте турнир командой `tournament create НАЗВАНИЕ`.
tournaments-title = **Турниры этого сервера**
tournaments-heading = { $status ->
        [open] __Запись открыта__
        [running] __Идут__
       *[finished] __Завершены__
    }
tournaments-item-open = { $tournament } — { $count } из { $max } { $max ->
        [one] игрока
       *[other] игроков
    }, организатор { $organiser } · { $format }
tournaments-item-running = { $tournament } — { $count } { $count ->
        [one] игрок
        [few] игрока
       *[many] игроков
    }, { $finished ->
        [one] сыграна
       *[other] сыграно
    } { $finished } из { $games } { $games ->
        [one] партии
       *[other] партий
    }
tournaments-item-finished = { $tournament } — { $count ->
        [one] победитель { $winners }
       *[other] первое место разделили { $winners }
    }

## The end

tournament-final = 🏆 { $tournament } завершён! { $count ->
        [one] Победил { $winners }
       *[other] Первое место разделили { $winners }
    }, набрав { $points } { $score ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }{ $by ->
        [sb] , впереди по коэффициенту Зоннеборна–Бергера
        [wins] , впереди по числу побед
        [h2h] , впереди по личной встрече
       *[none] {""}
    }. Поздравляем!
tournament-final-short = 🏆 { $tournament } завершён: все партии сыграны. `tournament #{ $id }` покажет итоговое положение.

## In its games

tournament-game-line = Турнир #{ $id } **{ $name }** · тур { $round }
tournament-game-counts = Эта партия идёт в зачёт турнира #{ $id } **{ $name }**: { $finished ->
        [one] сыграна
       *[other] сыграно
    } { $finished } из { $games } { $games ->
        [one] партии
       *[other] партий
    }; `tournament #{ $id }` покажет положение.
tournament-game-last = Это была последняя партия турнира #{ $id } **{ $name }**: итоговое положение и турнирная таблица опубликованы в { $channel }.
outcome-forfeit = { $winner } побеждает: сопернику засчитана неявка ({ $result })
button-tournament-join = Записаться

## Help and the command's words

help-tournament = Круговые турниры на этом сервере. Создайте турнир командой `create` (это может любой; `double` — каждая пара играет дважды, `casual` — без влияния на рейтинг, `max N` — не больше N игроков, от 3 до 12), а игроки записываются (`join`) или выходят (`leave`). Организатор может начать его (`start`), когда записались 3 игрока — все партии начинаются одновременно, каждая в своей ветке, — отменить до начала (`cancel`) или снять игрока после (`withdraw @игрок`). `tournament` без слов показывает положение, `tournament table` — турнирную таблицу картинкой.
help-tournaments = Турниры этого сервера: с открытой записью, идущие и завершённые.
command-needs-tournament-name = название турнира
command-needs-player = игрок, которого нужно снять
command-needs-max-players = число после `max`
command-tournament-number = `{ $word }` — не номер турнира; номера турниров выглядят так: `#2`.
command-tournament-name = `{ $word }` — не название турнира: используйте от 1 до { $max } { $max ->
        [one] буквы, цифры,
       *[other] букв, цифр,
    } пробелов или простых знаков препинания, в кавычках, если в нём есть слово параметра (`"Double Trouble"`).
command-max-players = В турнире может быть от { $min } до { $max } { $max ->
        [one] игрока
       *[other] игроков
    }: `max { $word }` — вне этого диапазона.
command-tournament-name-link = Название турнира не может быть ссылкой или приглашением (`{ $word }`): оно стояло бы в каждом объявлении и в ветке каждой партии. Выберите простое название, например `Весенний опен` (после точки, с которой не начинается веб-адрес, ставьте пробел: `St. Petersburg`).
command-conflicting-options = `{ $first }` и `{ $second }` противоречат друг другу: оставьте то, что имеете в виду.
command-repeated-option = `{ $first }` и `{ $second }` — одна и та же настройка дважды: оставьте одну.

## /rb-tournament: the command, its subcommands and their options

slash-command-tournament = rb-турнир
slash-tournament = Круговые турниры на этом сервере
slash-sub-tournament-create = создать
    .description = Создать здесь круговой турнир; вы его организатор
slash-sub-tournament-join = записаться
    .description = Записаться на турнир до его начала
slash-sub-tournament-leave = выйти
    .description = Выйти из турнира до его начала
slash-sub-tournament-start = начать
    .description = Начать ваш турнир: все партии начинаются сразу (от 3 игроков)
slash-sub-tournament-cancel = отменить
    .description = Отменить ваш турнир до начала
slash-sub-tournament-withdraw = снять
    .description = Снять игрока с вашего турнира: в недоигранных партиях ему засчитываются поражения
slash-sub-tournament-standings = положение
    .description = Положение в турнире, с дополнительными показателями
slash-sub-tournament-table = турнирная-таблица
    .description = Турнирная таблица картинкой
slash-sub-tournament-list = список
    .description = Турниры этого сервера: открытые, идущие и завершённые
slash-option-tournament = турнир
    .description = Номер турнира, если их здесь несколько
slash-option-name = название
    .description = Название турнира (до 32 символов)
slash-option-double = двойной
    .description = Каждая пара играет дважды, со сменой цвета
slash-option-max = макс
    .description = Наибольшее число игроков, от 3 до 12 (по умолчанию 12)
slash-option-entrant = игрок
    .description = Игрок, которого нужно снять
