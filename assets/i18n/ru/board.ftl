# Слова на изображениях доски: полосы над доской и под ней, которые называют партию, дыра
# в середине и ключевые моменты анализа.
# $side — white или black; $termination — как закончилась партия; $move — ход в SAN, его не
# переводят.

image-game = Партия { $id }
image-move = Ход { $number }
image-side =
    { $side ->
        [white] Белые
       *[black] Чёрные
    }
image-to-move =
    { $side ->
        [white] Ход белых
       *[black] Ход чёрных
    }
image-in-check =
    { $side ->
        [white] Белым шах
       *[black] Чёрным шах
    }
image-win =
    { $side ->
        [white] Белые
       *[black] Чёрные
    } { $termination ->
        [checkmate] выиграли матом
        [throne] дошли до трона
        [resignation] выиграли: соперник сдался
        [time] выиграли по времени
        [forfeit] выиграли неявкой соперника
       *[other] выиграли
    }
image-draw =
    { $termination ->
        [stalemate] Ничья: пат
        [repetition] Ничья: повторение
        [agreement] Ничья по согласию
       *[other] Ничья
    }
image-aborted = Партия отменена
# Рядом со стрелками ключевого момента: сыгранный ход, начало опровергающего варианта и лучший ход движка.
image-played = Сыграно { $move }
image-better = Лучше { $move }
image-answer = Опровержение: { $line }
