# The game service's answers: refusals, failures, and what a command did.
# Placeholders: $id is a game's or challenge's number; $player, $opponent, $challenger are
# mentions (<@id>) or "the level N computer"; $deadline and $expires are Discord times
# (<t:…:R>, shown as "in 3 days"); $side is white or black; $san is a move (never translated).
# Russian: verbs after a mention are in the present tense, which has no gender.

store-conflict = Пока я это обрабатывал, партия изменилась (кто-то сделал ход в тот же момент). Ничего не сделано: посмотрите на доску и попробуйте ещё раз.
store-unavailable = Сейчас я не могу связаться с базой данных, поэтому ничего не изменено. Попробуйте ещё раз чуть позже.
store-unconfirmed = Я потерял связь с базой данных как раз в момент сохранения, поэтому пока не знаю, сохранилось ли это. Посмотрите `board` чуть позже, прежде чем пробовать снова.
button-unknown = Эта кнопка не моя или слишком старая, чтобы ею пользоваться.
render-failed = Не удалось нарисовать доску ({ $error }); с самой партией всё в порядке.
export-failed = Не удалось создать анимацию ({ $error }).

## Names

computer-side = компьютер уровня { $level }
# In thread titles and game records.
computer-name = Компьютер (уровень { $level })

## Buttons

button-accept = Принять
button-decline = Отклонить
button-cancel = Отменить
button-accept-draw = Согласиться на ничью
button-allow-takeback = Разрешить вернуть ход
button-decline-draw = Отклонить ничью
button-decline-takeback = Не разрешать вернуть ход
button-confirm-resign = Да, сдаться
button-rematch = Реванш
button-legal-moves = Допустимые ходы
button-offer-draw = Предложить ничью
button-resign = Сдаться

## Challenges

challenge-needs-server = Вызовы делаются там, где их видит соперник: в канале сервера или, если вы добавили приложение в свой аккаунт, в личных сообщениях или группе с ним. Используйте там ту же команду.
challenge-unknown-name = Я не знаю, кто такой `@{ $name }`. Упомяните этого игрока, чтобы имя подсветилось (наберите `@` и выберите его из списка).
challenge-self = Нельзя вызвать самого себя. Назовите другого игрока или не называйте никого — тогда это будет открытый вызов, который может принять любой здесь.
challenge-already-open = У вас здесь уже есть открытый вызов #{ $id }. Наберите `cancel #{ $id }`, чтобы сначала отозвать его.
challenge-already-open-for = У вас здесь уже есть открытый вызов #{ $id } для { $player }. Наберите `cancel #{ $id }`, чтобы сначала отозвать его.
challenge-colour =
    { $side ->
        [white] { $player } играет белыми
       *[black] { $player } играет чёрными
    }
challenge-colour-random = цвет по жребию
# $rated is rated or casual; $colours is challenge-colour or challenge-colour-random.
challenge-terms =
    { $rated ->
        [rated] рейтинговая
       *[casual] товарищеская
    }, { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    } на ход, { $colours }
# $kind is rematch or game; $terms is challenge-terms.
challenge-to =
    { $kind ->
        [rematch] { $challenger } вызывает { $challenged } на реванш ({ $terms }). Вызов #{ $id } истекает { $expires }.
       *[game] { $challenger } вызывает { $challenged } на партию в Rollerball ({ $terms }). Вызов #{ $id } истекает { $expires }.
    }
challenge-open =
    { $kind ->
        [rematch] { $challenger } ищет соперника: реванш ({ $terms }). Любой здесь может принять вызов #{ $id } — он истекает { $expires }.
       *[game] { $challenger } ищет соперника: партия в Rollerball ({ $terms }). Любой здесь может принять вызов #{ $id } — он истекает { $expires }.
    }
challenge-none = Вызова #{ $id } нет.
# $status is expired, accepted, declined or cancelled.
challenge-closed =
    Вызов #{ $id } уже закрыт ({ $status ->
        [accepted] принят
        [declined] отклонён
        [cancelled] отозван
       *[expired] истёк
    }).
challenge-became-game = Вызов #{ $id } уже принят и стал партией #{ $game }: у партии свой номер (`board #{ $game }`).
challenge-not-yours = Вы не можете так ответить на вызов #{ $id }.
challenge-several = Подходит несколько вызовов: { $list }. Уточните, какой, например `{ $word } #{ $id }`.
challenge-choice = #{ $id } от { $challenger }
accept-none = Здесь нет вызова, который вы могли бы принять. Создайте свой командой `challenge @игрок`.
accept-own = Это ваш собственный вызов: принять его должен кто-то другой.
accept-not-for-you = Вызов #{ $id } адресован { $player }, а не вам.
accept-taken = Вызов #{ $id } только что приняли, отозвали или он истёк.
decline-none = Нет адресованного вам вызова, который можно отклонить.
cancel-none = У вас нет открытого вызова, который можно отозвать.
challenge-declined = { $player } отклоняет вызов #{ $id } от { $challenger }.
challenge-withdrawn = { $player } отзывает вызов #{ $id }.
challenge-expired = Вызов #{ $id } от { $challenger } истёк: за сутки его никто не принял.
game-from-challenge = (по вызову #{ $challenge })
# $rated is rated or casual; $from is game-from-challenge with a space before it, or nothing.
game-begins = **Партия #{ $id }**{ $from } начинается: { $white } (белые) — { $black } (чёрные), { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    } на ход, { $rated ->
        [rated] рейтинговая
       *[casual] товарищеская
    }.

## Finding games ($word is the command's own word, such as board)

game-none = Партии #{ $id } нет.
game-not-yours = Вы не играете в партии #{ $id }; это могут сделать только два её участника. Но посмотреть её можно командой `game #{ $id }`.
games-several-here = У вас здесь несколько партий: { $list }. Добавьте номер партии, например `{ $word } #{ $id }`.
game-none-here = У вас здесь нет текущей партии. Начните её командой `challenge @игрок`.
game-none-here-finished = У вас здесь нет текущей партии. Начните её командой `challenge @игрок`. { $count ->
        [one] Ваша законченная партия:
       *[other] Ваши последние законченные партии:
    } { $list }; чтобы посмотреть, добавьте номер, например `{ $word } #{ $id }`.
game-elsewhere = Ваша партия #{ $id } идёт не здесь. Играйте в { $channel } или добавьте её номер: `{ $word } #{ $id }`.
games-elsewhere = У вас здесь нет партий. Ваши партии: { $list }. Добавьте номер партии, например `{ $word } #{ $id }`.
game-choice = #{ $id } (соперник: { $opponent })
game-over-already = Партия #{ $id } окончена: { $outcome }. Начните новую командой `rematch #{ $id }` или `challenge @игрок`.

## Moves

not-your-move = В партии #{ $id } сейчас ходит { $player }, а не вы. Я упомяну вас, когда будет ваш ход.
move-played = **Партия #{ $id }** · { $player } делает ход **{ $san }**.
move-declines-draw = (Сделанный ход отклоняет предложение ничьей.)
move-declines-takeback = (Сделанный ход отклоняет просьбу вернуть ход.)
computer-answered = Компьютер отвечает **{ $san }**.
computer-will-answer = Компьютер ответит через мгновение.
computer-opened = Компьютер начинает ходом **{ $san }**.
computer-will-open = Компьютер сделает свой первый ход через мгновение.
computer-answered-notice = **Партия #{ $id }** · компьютер отвечает **{ $san }**.
turn-over = Партия окончена: { $outcome }.
# $check is yes or no; $deadline is a Discord time, or none.
turn-to-move =
    Ходит { $player } ({ $side ->
        [white] белые
       *[black] чёрные
    }){ $check ->
        [yes] , шах
       *[no] {""}
    }{ $deadline ->
        [none] .
       *[other] {" "}— срок { $deadline }.
    }

## Looking at games

board-header = **Партия #{ $id }** · { $white } (белые) — { $black } (чёрные), ход { $number }.
board-last-move = Последний ход: **{ $san }**.
moves-game-over = Партия #{ $id } окончена: ходов больше нет.
moves-no-piece = На поле { $square } нет фигуры.
# $piece is king, rook, bishop or pawn.
moves-not-side =
    { $piece ->
        [king] Король
        [rook] Ладья
        [bishop] Слон
       *[pawn] Пешка
    } на { $square } — { $owner ->
        [white] белых
       *[black] чёрных
    }, а сейчас ход { $side ->
        [white] белых
       *[black] чёрных
    }.
moves-piece-list = **Партия #{ $id }** · допустимые ходы { $piece ->
        [king] короля
        [rook] ладьи
        [bishop] слона
       *[pawn] пешки
    } на { $square }: { $moves }
moves-piece-none = **Партия #{ $id }** · у { $piece ->
        [king] короля
        [rook] ладьи
        [bishop] слона
       *[pawn] пешки
    } на { $square } нет допустимых ходов.
moves-side-list = **Партия #{ $id }** · допустимые ходы { $side ->
        [white] белых
       *[black] чёрных
    } ({ $count } { $count ->
        [one] ход
        [few] хода
       *[many] ходов
    }):
    { $moves }
# One line of moves-side-list's $moves: a piece, its square and its moves. $piece is king,
# rook, bishop or pawn.
moves-group = { $piece ->
        [king] Король
        [rook] Ладья
        [bishop] Слон
       *[pawn] Пешка
    } { $square }: { $moves }
moves-side-none = **Партия #{ $id }** · у { $side ->
        [white] белых
       *[black] чёрных
    } нет допустимых ходов.
history = **Партия #{ $id }** · { $moves }
history-ended = **Партия #{ $id }** · { $moves } — { $outcome }
history-empty = **Партия #{ $id }** · ходов пока нет.
games-none = У вас нет текущих партий. Начните партию командой `challenge @игрок`.
games-header = Ваши текущие партии:
# $turn is yes when it is the player's move.
games-line =
    • **#{ $id }**, соперник: { $opponent } — вы играете { $side ->
        [white] белыми
       *[black] чёрными
    } — { $turn ->
        [yes] **ваш ход**
       *[no] ход соперника
    }, срок { $deadline } — в { $channel }
export-done = **Партия #{ $id }** · запись ({ $count } { $count ->
        [one] ход
        [few] хода
       *[many] ходов
    }) и анимация партии.

## Ending games and offers ($kind is draw or takeback)

resign-confirm = Сдать партию #{ $id } (соперник: { $opponent })? Это нельзя отменить. Нажмите кнопку или наберите `resign #{ $id } confirm`.
resigned = **Партия #{ $id }** · { $player } сдаётся.
abort-too-late = Партию #{ $id } уже нельзя отменить: обе стороны сделали ход. Можно предложить ничью (`draw`) или сдаться (`resign`).
aborted = **Партия #{ $id }** · { $player } отменяет партию.
computer-no-draw = Компьютер играет до конца: на ничью он не соглашается. Можно сдаться (`resign`) или отменить партию (`abort`), пока обе стороны не сделали ход.
computer-nothing-to-decline = Отклонять нечего: компьютер никогда не просит вернуть ход.
draw-accepted = **Партия #{ $id }** · { $player } соглашается на ничью.
takeback-accepted = **Партия #{ $id }** · { $player } разрешает вернуть ход **{ $san }**.
offer-none-to-accept =
    { $kind ->
        [draw] В партии #{ $id } нет предложения ничьей, которое можно принять.
       *[takeback] В партии #{ $id } нет просьбы вернуть ход, которую можно принять.
    }
offer-declined =
    { $kind ->
        [draw] **Партия #{ $id }** · { $player } отклоняет предложение ничьей.
       *[takeback] **Партия #{ $id }** · { $player } отклоняет просьбу вернуть ход.
    }
offer-withdrawn =
    { $kind ->
        [draw] **Партия #{ $id }** · { $player } отзывает предложение ничьей.
       *[takeback] **Партия #{ $id }** · { $player } отзывает просьбу вернуть ход.
    }
offer-none-to-decline =
    { $kind ->
        [draw] В партии #{ $id } нет предложения ничьей, которое можно отклонить.
       *[takeback] В партии #{ $id } нет просьбы вернуть ход, которую можно отклонить.
    }
offer-stands =
    { $kind ->
        [draw] Ваше предложение ничьей в партии #{ $id } в силе, пока { $opponent } не ответит или не сделает ход.
       *[takeback] Ваша просьба вернуть ход в партии #{ $id } в силе, пока { $opponent } не ответит или не сделает ход.
    }
takeback-own-only = Вернуть можно только свой последний ход, пока соперник на него не ответил.
offer-pending =
    { $kind ->
        [draw] Сначала нужно ответить на предложение ничьей: `draw accept` или `draw decline`.
       *[takeback] Сначала нужно ответить на просьбу вернуть ход: `takeback accept` или `takeback decline`.
    }
draw-offered = **Партия #{ $id }** · { $player } предлагает ничью. { $opponent }: примите командой `draw` или отклоните командой `draw decline` — сделанный ход тоже её отклоняет.
offer-on-board =
    { $kind ->
        [draw] { $player } предлагает ничью: { $opponent } может согласиться или отклонить её (сделанный ход тоже её отклоняет).
       *[takeback] { $player } просит вернуть свой последний ход: { $opponent } может разрешить или отказать.
    }
takeback-asked = **Партия #{ $id }** · { $player } просит вернуть ход **{ $san }**. { $opponent }: `takeback accept` или `takeback decline`.
takeback-nothing = Вам пока нечего возвращать.
took-back = **Партия #{ $id }** · { $player } возвращает **{ $san }**.
moretime-computer = Компьютер отвечает сразу: у него нет часов, которые можно продлить.
moretime-own-move = Сейчас ваш ход, так что срок — ваш: `moretime` даёт сопернику больше времени на его ход.
moretime-too-far = Тогда срок окажется дальше чем через { $max } { $max ->
        [one] день
        [few] дня
       *[many] дней
    }; дайте меньше дней.
moretime-given = **Партия #{ $id }** · { $player } даёт { $opponent } ещё { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }: новый срок — { $deadline }.
rematch-still-playing-here = Ваша партия здесь ещё идёт; реванш — после её окончания.
rematch-which = У вас ещё нет законченных партий: реванш бывает после окончания партии.
rematch-which-candidates = У вас здесь нет законченных партий. { $count ->
        [one] Ваша законченная партия:
       *[other] Ваши последние законченные партии:
    } { $list }; например `rematch #{ $id }`.
rematch-not-player = Реванш в партии #{ $id } могут попросить только её участники.
rematch-not-over = Партия #{ $id } ещё идёт; реванш — после её окончания.
rematch-nobody = В этой партии некого вызвать на реванш.
rematch-exists = Реванш партии #{ $id } — это партия #{ $game }: у каждой партии только один реванш.
rematch-already-asked = Вы уже предложили реванш партии #{ $id }: вызов #{ $challenge } ждёт соперника (`cancel #{ $challenge }` отзывает его).

## How games end ($winner is a player; $result is 1-0, 0-1 or ½–½)

outcome-checkmate = мат, побеждает { $winner } ({ $result })
outcome-throne =
    { $side ->
        [white] белый
       *[black] чёрный
    } король достиг трона, побеждает { $winner } ({ $result })
outcome-resignation = { $winner } побеждает: соперник сдался ({ $result })
outcome-time = { $winner } побеждает по времени ({ $result })
outcome-stalemate = пат, ничья (½–½)
outcome-repetition = троекратное повторение позиции, ничья (½–½)
outcome-agreement = ничья по соглашению (½–½)
outcome-aborted = партия отменена, без результата
outcome-win = побеждает { $winner } ({ $result })
outcome-draw = ничья ({ $result })

## Deadlines

# $last is yes for the last reminder before the deadline.
reminder =
    { $last ->
        [yes] Последнее напоминание: { $player }, ваш ход в **партии #{ $id }** — срок истекает { $deadline }. Если он пройдёт, вам засчитают поражение по времени.
       *[no] { $player }, ваш ход в **партии #{ $id }** — срок истекает { $deadline }. Если он пройдёт, вам засчитают поражение по времени.
    }
timeout = **Партия #{ $id }** · { $player }: время на ход истекло.
timeout-aborted = **Партия #{ $id }** · { $player } не сделал первый ход вовремя: партия аннулирована и не влияет на рейтинг.
timeout-forfeit = **Партия #{ $id }** · { $player } не сделал первый ход вовремя и проигрывает без игры; на рейтинг партия не влияет.

## Settings ($pings and $dm are on or off)

settings-show =
    Ваши настройки: язык **{ $language }**, упоминания **{ $pings ->
        [on] включены
       *[off] выключены
    }**, личные сообщения о вашем ходе **{ $dm ->
        [on] включены
       *[off] выключены
    }**. Изменить их: `settings language КОД`, `settings pings on|off` или `settings dm on|off`.
settings-saved =
    Сохранено: язык **{ $language }**, упоминания **{ $pings ->
        [on] включены
       *[off] выключены
    }**, личные сообщения о вашем ходе **{ $dm ->
        [on] включены
       *[off] выключены
    }**.
settings-language-unknown = Я пока не умею отвечать на `{ $code }`; я говорю на этих языках: { $languages }.

## Turn notices by direct message ($kind: moved, begun, reminder or last)

dm-turn =
    { $kind ->
        [begun] Партия #{ $id } начинается (соперник: { $opponent }): у вас белые, ваш ход
        [reminder] Напоминание: ваш ход в партии #{ $id } (соперник: { $opponent })
        [last] Последнее напоминание: ваш ход в партии #{ $id } (соперник: { $opponent })
       *[moved] { $opponent } делает ход **{ $san }** в партии #{ $id }: ваш ход
    } — срок истекает { $deadline } · { $link }

## Notices Discord would not deliver by direct message, shown with the next command ($count of them)

held-notices = { $count ->
        [1] Я не смог написать вам в личные сообщения, поэтому вот что я должен был сообщить:
        [one] Я не смог написать вам в личные сообщения, поэтому вот { $count } уведомление для вас:
        [few] Я не смог написать вам в личные сообщения, поэтому вот { $count } уведомления для вас:
       *[many] Я не смог написать вам в личные сообщения, поэтому вот { $count } уведомлений для вас:
    }
held-notices-more = { $count ->
        [one] Ещё { $count } уведомление ждёт: я покажу его с вашей следующей командой.
        [few] Ещё { $count } уведомления ждут: я покажу их с вашей следующей командой.
       *[many] Ещё { $count } уведомлений ждут: я покажу их с вашей следующей командой.
    }
