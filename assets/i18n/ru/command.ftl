# Why a typed line is not a command. Command words and usage lines stay English: they are what
# the parser reads.

command-empty = Наберите команду, например `help`.
command-too-long = Слишком длинное сообщение ({ $length } { $length ->
        [one] символ
        [few] символа
       *[many] символов
    }); команды короткие, например `move Rb7`.
command-unknown = Я не знаю команды `{ $word }`. Наберите `help`, чтобы увидеть список команд.
command-unknown-suggest = Я не знаю команды `{ $word }`. Может быть, вы имели в виду `{ $suggestion }`? Наберите `help`, чтобы увидеть список.
# $what is one of the command-needs-* texts below.
command-missing = После `{ $command }` укажите { $what }. Синтаксис: `{ $usage }`
command-needs-move = ход
command-needs-game-number = номер партии
command-needs-days = число дней
command-needs-level = уровень после `level`
command-needs-days-number = число после `days`
command-needs-language = код языка
command-needs-on-off = `on` или `off`
command-unexpected = `{ $command }` не понимает `{ $word }`. Синтаксис: `{ $usage }`
command-days = Число дней на ход должно быть целым числом от { $min } до { $max }, а не `{ $word }`.
command-game-number = `{ $word }` — не номер партии; номера партий выглядят так: `#12`.
command-level = Уровень компьютера — число от 1 (новичок) до 5 (самый сильный), а не `{ $word }`.
