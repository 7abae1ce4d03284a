## Веб-страницы турниров и игроков (тексты страниц партий — в web.ftl).

## Страницы турниров.
page-tournament-title = Турнир №{ $id }: { $name }
page-tournament-description = { $stage } · { $format } · турнир по роллерболу по переписке
page-tournament-open = Идёт запись: { $count } из { $max } { $max ->
    [one] игрока
   *[other] игроков
  }
page-tournament-running = Идёт: все партии играются одновременно
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

## Главная страница (/).
home-title = Роллербол по переписке в Discord
home-description = Следите за идущими партиями, просматривайте сыгранные, следите за турнирами и научитесь играть в роллербол в Discord.
home-intro = Роллербол — вариант шахмат на кольце: 40 полей вокруг пустого центра, ладьи и слоны, отражающиеся от краёв, и два способа победить — мат или проход королём по кольцу до трона соперника. Этот бот проводит партии по переписке в Discord: над ходом можно думать хоть несколько дней. У каждой партии здесь есть своя страница: её можно смотреть, просматривать заново и скачивать.
home-guide = Руководство для игроков
home-guide-what = объясняет, как вызвать соперника, ввести ход, и всё остальное, что умеет бот.
home-add = Добавить бота
home-add-server = Добавить Rollerball на сервер
home-add-server-what = (нужно право управлять сервером).
home-add-account = Добавить в свой аккаунт
home-add-account-what = чтобы играть с друзьями где угодно в Discord, даже там, где бота нет.
home-add-ask = Чтобы играть, нужен сервер Discord, на котором есть бот: попросите того, кто ведёт этого бота, добавить его на ваш сервер.
home-playing = Идущие партии
home-finished = Сыгранные партии
home-tournaments = Турниры
home-none-playing = Сейчас не идёт ни одной партии.
home-none-finished = Ни одна партия ещё не закончилась.
home-none-tournaments = Турниров пока нет.
home-to-move = Ход: { $player } · { $moves ->
    [0] ходов ещё нет
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
  }
home-won = { $side ->
    [white] победа белых
   *[black] победа чёрных
  }
home-drawn = ничья
home-aborted = отменена
home-tournament = { $stage ->
    [open] идёт запись
    [running] идёт
   *[finished] завершён
  }, { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[other] { $count } игроков
  }

## Руководство для игроков (/help).
help-page-title = Руководство для игроков
help-page-description = Как играть в роллербол по переписке с ботом: все команды с примерами.
