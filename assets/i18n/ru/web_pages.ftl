## Веб-страницы турниров и игроков (тексты страниц партий — в web.ftl).

## Страницы турниров.
page-tournament-title = Турнир №{ $id }: { $name }
page-tournament-description = { $stage } · { $format } · турнир по роллерболу по переписке
page-tournament-open = Идёт запись: { $count } из { $max } { $max ->
    [one] игрока
   *[other] игроков
  }
page-tournament-round = Тур { $round } из { $rounds }
page-tournament-finished = Завершён
page-tournament-cancelled = Отменён организатором до начала
page-tournament-progress = Сыграно { $finished } из { $games } { $games ->
    [one] партии
   *[other] партий
  }
page-tournament-organiser = Организатор:
page-tournament-players = Игроки
page-tournament-nobody = Пока никто не записался.
page-tournament-standings = Положение
page-tournament-crosstable = Турнирная таблица
page-tournament-legend = Обозначения:
page-tournament-withdrawn = снят
page-tournament-annulled = снят, не сыграв половины партий: результаты аннулированы
page-tournament-not-found = Турнира №{ $id } нет.
page-column-place = Место
page-column-player = Игрок
page-column-points = Очки
page-column-played = Сыграно
page-column-left = Осталось
page-column-wins = Победы
page-column-head-to-head = Личные встречи
page-cross-game = Партия №{ $id }
page-cross-playing = Партия №{ $id }, ещё идёт

## Страницы игроков.
page-player-title = { $name } · игрок в роллербол
page-player-description = { $record } · { $playing ->
    [one] { $playing } партия идёт
    [few] { $playing } партии идут
   *[many] { $playing } партий идёт
  }
page-player-ratings = Рейтинги
page-player-unrated = Рейтинговых партий пока нет.
page-player-everywhere = Все серверы
page-player-server = Сервер { $server }
page-player-provisional = ? — предварительный рейтинг: мало партий или давно не было ни одной.
page-column-scope = Где
page-column-rating = Рейтинг
page-column-rated-games = Рейтинговые партии
page-player-playing = Идущие партии
page-player-none-playing = Идущих партий нет.
page-player-finished = Завершённые партии
page-player-latest = { $count ->
    [one] Последняя { $count } партия
    [few] Последние { $count } партии
   *[many] Последние { $count } партий
  }, сначала самые недавние.
page-player-none-finished = Завершённых партий пока нет.
page-column-game = Партия
page-column-colour = Цвет
page-column-opponent = Соперник
page-column-result = Результат
page-column-started = Начата
page-column-ended = Завершена
page-column-turn = Ход
page-player-turn = { $mine ->
    [yes] его ход
   *[no] ход соперника
  }
page-player-outcome = { $outcome ->
    [win] выиграна
    [draw] ничья
    [loss] проиграна
   *[aborted] отменена
  }
page-player-not-found = Здесь нет игрока с номером { $id }.
page-player-by-number = Страницу игрока находят по его номеру в Discord: /players/ и номер (имени мало: у двух игроков оно может совпадать).
