## Команда `web` и веб-страницы бота (партии, турниры, игроки).

help-web = Веб-страница партии, чтобы следить за ней, просматривать и скачивать её в любом браузере; для игрока партии — личная ссылка, чтобы ходить из браузера (не показывайте её никому: 30 дней она ходит от вашего имени).
web-off = Этот бот не показывает веб-страниц (администратор не задал `PUBLIC_URL`).
web-page = **Партия №{ $id }** в вебе: { $page }
web-page-no-moving = **Партия №{ $id }** в вебе: { $page }
    Ходить из браузера на этом боте нельзя (нет `WEB_SECRET`), так что играйте здесь, как обычно.
web-private = **Партия №{ $id }** в вебе: { $page }
    Ваша личная ссылка, чтобы играть из браузера: { $link }
    Не показывайте её никому: с ней любой может ходить за вас в этой партии. Она действует 30 дней; снова вызовите `web`, чтобы получить новую.
web-button = Открыть в браузере
web-link-line = 🌐 { $page }

## Страницы партий.
web-game-title = Партия №{ $id }: { $white } против { $black }
web-game-description = { $state } · { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[other] { $moves } ходов
  } · партия в роллербол по переписке
web-to-move = Ход: { $player } ({ $side ->
    [white] белые
   *[black] чёрные
  })
web-check = Шах!
web-deadline = Срок:
web-no-deadline = Без срока.
web-days = { $days ->
    [one] { $days } день на ход
    [few] { $days } дня на ход
   *[other] { $days } дней на ход
  }
web-rated = на рейтинг
web-casual = товарищеская
web-unrated = без рейтинга
web-computer = компьютер
web-white = Белые
web-black = Чёрные
web-moves = Ходы
web-no-moves = Ходов пока нет.
web-start = Начало
web-previous = Предыдущий ход
web-next = Следующий ход
web-end = Последний ход
web-replay-help = Листайте партию клавишами ← → Home End или щёлкните по ходу.
web-showing = Позиция после { $ply ->
    [0] начала партии
    [one] { $ply } полухода
    [few] { $ply } полуходов
   *[other] { $ply } полуходов
  }.
web-back-to-game = Вернуться к текущей позиции
web-download = Скачать:
web-pgn = запись (PGN)
web-gif = анимацию (GIF)
web-png = доску (PNG)
web-analysis = Анализ
web-analysis-graph = Оценка движка по ходу партии, с точки зрения белых
web-tournament = Тур { $round } турнира { $name }
web-offer-draw = { $side ->
    [white] Белые предлагают
   *[black] Чёрные предлагают
  } ничью.
web-offer-takeback = { $side ->
    [white] Белые просят
   *[black] Чёрные просят
  } вернуть последний ход.
web-watching = { $count ->
    [one] { $count } зритель
    [few] { $count } зрителя
   *[other] { $count } зрителей
  }
web-live = В прямом эфире: страница обновляется сама.
web-not-found = Партии №{ $id } нет.
web-page-not-found = Такой страницы нет.
web-failed = Сейчас не удалось сделать страницу; попробуйте чуть позже.
web-language = Язык:

## Игра из браузера.
web-play-heading = Вы играете { $side ->
    [white] белыми
   *[black] чёрными
  }
web-play-your-move = Ваш ход: щёлкните по фигуре, затем по полю, или введите ход.
web-play-their-move = Ждём хода соперника.
web-play-move-label = Ход
web-play-submit = Сходить
web-play-draw = Предложить или принять ничью
web-play-decline-draw = Отклонить ничью
web-play-takeback = Попросить или разрешить вернуть ход
web-play-decline-takeback = Не разрешать вернуть ход
web-play-resign = Сдаться
web-play-resign-confirm = Сдать партию №{ $id }? Это нельзя отменить.
web-play-done = Готово.
web-link-invalid = Эта ссылка недействительна: возможно, её изменили или у бота сменился секрет. Попросите у бота новую командой `web`.
web-link-expired = Срок действия ссылки истёк. Попросите у бота новую командой `web`.
web-link-off = Ходить из браузера на этом боте нельзя.
web-link-none = Вы не вошли, чтобы играть эту партию из этого браузера. Сначала откройте личную ссылку, которую дал бот (`web`).
web-link-other-game = Ваша личная ссылка — для партии №{ $id }, а не для этой.
web-link-stale = Эта форма устарела (страница была открыта в другой вкладке или форму отправили дважды). Обновите страницу и попробуйте снова.
