# The Discord front end's own texts, and the slash commands as Discord shows them.
# Subcommand, option and choice names: lower case, no spaces, at most 32 characters (Discord's
# rules). Discord still sends the English name, so these only change what players see.

thread-name = Партия #{ $id }: { $white } — { $black }
tournament-thread-name = { $name } · #{ $id } { $white } против { $black }
discord-thread-intro = { $players } — это ветка **партии #{ $id }**. Пишите свой ход здесь (например, `Rb7`) или используйте `/rb move`.
discord-secret-deleted = Я удалил ваше сообщение из канала: больше никто не сможет его там прочитать.
discord-secret-kept = Я не смог удалить ваше сообщение из канала (для этого нужно право «Управлять сообщениями»): удалите его сами, чтобы соперник не прочитал ваши ходы.
discord-files-left-out = (Мне не удалось приложить изображение или файлы здесь; `board` снова покажет доску.)
slash-pick-subcommand = Выберите одну из подкоманд команды, например `/rb-info help`.
slash-opponent-both = Укажите соперником игрока или компьютер, но не обоих.
slash-days = Число дней на ход должно быть от { $min } до { $max }, а не { $days }.
slash-square = `{ $square }` — не поле; поля выглядят так: `e1`.
slash-unknown = Я не знаю `/{ $name }`; попробуйте `/rb-info help`.
command-role-mention = `{ $role }` — это роль, а вызов адресуется одному игроку: упомяните его или не называйте никого, чтобы сделать открытый вызов, который может принять любой здесь.
command-unknown-mention = `{ $mention }` — не тот, кого знает Discord: упомяните игрока, выбрав его в списке, который открывается, когда вы набираете `@`. Ничего не изменено.

## The command's description; its subcommands are described by the first sentence of their help.

slash-rb = Играть в Rollerball по переписке

## Subcommand names

slash-sub-challenge = вызов
slash-sub-accept = принять
slash-sub-decline = отклонить
slash-sub-cancel = отозвать
slash-sub-move = ход
slash-sub-board = доска
slash-sub-moves = ходы
slash-sub-history = история
slash-sub-games = партии
slash-sub-web = web
slash-sub-export = экспорт
slash-sub-resign = сдаться
slash-sub-draw = ничья
slash-sub-takeback = вернуть-ход
slash-sub-abort = отменить
slash-sub-moretime = добавить-время
slash-sub-rematch = реванш
slash-sub-leaderboard = рейтинг
slash-sub-stats = статистика
slash-sub-rules = правила
slash-sub-help = помощь

## Options: the name, then what it is for

slash-option-game = партия
    .description = Номер партии, если вы играете здесь несколько
    .analysis = Номер завершённой партии (в её ветке можно не указывать)
slash-option-challenge = вызов
    .accept = Номер вызова, если принять можно несколько
    .decline = Номер вызова, если отклонить можно несколько
    .cancel = Номер вызова, если отозвать можно несколько
slash-option-answer = ответ
    .description = Ответ на предложение соперника (оставьте пустым, чтобы предложить самому)
slash-option-command = команда
    .description = Какую команду объяснить
slash-option-opponent = соперник
    .description = Кого вызвать (оставьте пустым: принять сможет любой здесь)
slash-option-computer = компьютер
    .description = Играть с компьютером на этом уровне: от 1 (новичок) до 5 (самый сильный)
slash-option-colour = цвет
    .description = Ваш цвет
slash-option-days = дни
    .description = Дней на ход, от { $min } до { $max } (по умолчанию { $default })
    .moretime = Сколько дней дать сопернику
slash-option-casual = товарищеская
    .description = Товарищеская партия не меняет рейтинг
slash-option-revoke = отозвать
    .description = Отключить все выданные вам личные ссылки
slash-option-move = ход
    .description = Ваш ход, например Rb7, cxb2 или c2-b3
slash-option-square = поле
    .description = Только ходы фигуры на этом поле, например e1
slash-option-language = язык
    .description = Язык моих ответов: en, fr, es, ru или auto
slash-option-player = игрок
    .description = Чей рейтинг и статистику показать (оставьте пустым: ваши)
slash-command-settings = rb-настройки
    .description = Ваши настройки: язык, упоминания, личные сообщения в ваш ход
slash-sub-settings-show = показать
    .description = Ваши текущие настройки
slash-sub-settings-language = язык
    .description = Язык моих ответов
slash-sub-settings-pings = упоминания
    .description = Упоминать ли вас, когда ваш ход
slash-sub-settings-dm = лс
    .description = Писать ли вам в личные сообщения, когда ваш ход
slash-option-set = режим
    .pings = Вкл.: я упоминаю вас в ваш ход; выкл.: нет
    .dm = Вкл.: личное сообщение, когда ваш ход; выкл.: никаких
slash-command-info = rb-инфо
    .description = Помощь, правила, рейтинги и запись партии

## Choices

slash-choice-accept = принять
slash-choice-decline = отклонить
slash-choice-white = белые
slash-choice-black = чёрные
slash-choice-random = случайно
