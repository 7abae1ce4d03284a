# Взгляд движка на законченную партию (`analysis`).
# $played и $best — ходы в SAN, их не переводят; $verdict и $side — ключи.

help-analysis = Взгляд движка на законченную партию: график оценки с точки зрения белых по ходам, три самые большие ошибки каждой стороны и запись партии с оценкой движка после каждого хода и знаками ?! (неточность), ? (ошибка) и ?? (грубая ошибка). Попросить может любой; анализ делается один раз и сохраняется, и затем `export` включает его.
slash-command-analysis = rb-анализ
    .description = Анализ движком завершённой партии: график, ошибки, аннотированная запись

analysis-which = Какую партию? У вас ещё нет законченных партий: укажите номер любой законченной партии (`analysis #НОМЕР`) или спросите в ветке партии.
analysis-which-candidates = Какую партию? У вас здесь нет законченных партий. { $count ->
        [one] Ваша законченная партия:
       *[other] Ваши последние законченные партии:
    } { $list }; укажите одну, например `analysis #{ $id }`, или спросите в ветке партии.
analysis-in-progress = Партия #{ $id } ещё идёт. Движок смотрит партию только после её окончания, чтобы не помогать ни одной из сторон.
analysis-no-moves = Партия #{ $id } закончилась до первого хода: анализировать нечего.
analysis-running = Движок как раз анализирует партию #{ $id }; ответ появится здесь, как только будет готов.
analysis-queued = Движок занят другой партией. Ваш анализ партии #{ $id } { $ahead ->
        [1] следующий в очереди
       *[other] { $ahead }-й в очереди
    }; он появится здесь, как только будет готов.
analysis-queue-full = Вы уже ждёте { $count } { $count ->
        [one] анализ
        [few] анализа
       *[many] анализов
    } ({ $games }), а одновременно можно ждать не больше { $max }: каждый появится там, где вы его попросили, как только будет готов. Попросите новый, когда один из них будет готов.
analysis-failed = Анализ партии #{ $id } не удался. Попробуйте позже.
analysis-ready = { $player }, анализ партии #{ $id }, который вы просили, готов.
analysis-ready-direct = Анализ партии #{ $id }, который вы просили, готов: `analysis #{ $id }` покажет его.
analysis-header = **Анализ партии #{ $id }** ({ $white } — { $black }): { $nodes } { $nodes ->
        [one] узел
        [few] узла
       *[many] узлов
    } поиска в { $positions ->
        [1] её единственной позиции
        [one] каждой из { $positions } позиции
       *[other] каждой из { $positions } позиций
    }, в { $deep } раз больше — в позициях до и после отмеченного хода. График показывает оценку с точки зрения белых по ходам (вверху — выигрывают белые, внизу — чёрные); точки отмечают ошибки.
# The evaluation graph's words ($white and $black are names; $result is 1–0, 0–1, ½–½ or
# empty for an aborted game; $termination is a key).
analysis-graph-title = Партия #{ $id }: { $white } против { $black }
analysis-graph-result = { $termination ->
        [checkmate] { $result } · мат
        [throne] { $result } · трон
        [stalemate] { $result } · пат
        [repetition] { $result } · повторение
        [resignation] { $result } · сдача
        [agreement] { $result } · ничья по соглашению
        [time] { $result } · по времени
        [forfeit] { $result } · неявка
        [abort] отменена
       *[other] { $result }
    }
analysis-graph-win = выигрыш
analysis-graph-moves = ход
analysis-graph-white = Белые
analysis-graph-black = Чёрные
analysis-graph-inaccuracy = неточность
analysis-graph-mistake = ошибка
analysis-graph-blunder = грубая ошибка
analysis-side = **{ $side ->
        [white] Белые
       *[black] Чёрные
    }** ({ $player }): { $inaccuracies } ?!, { $mistakes } ?, { $blunders } ??
analysis-side-clean = **{ $side ->
        [white] Белые
       *[black] Чёрные
    }** ({ $player }): ошибок не найдено.
analysis-mistake = { $played } — { $mark ->
        [inaccuracy] неточность
        [mistake] ошибка
       *[blunder] грубая ошибка
    }: шансы { $side ->
        [white] белых
       *[black] чёрных
    } на победу { $before } % → { $after } %.
# Линия движка после сделанного хода ($line: «5…Bxe2 6.Rf2 Bxf1») и лучшая линия;
# $gain — что даёт линия (analysis-gain-*), глагольная группа.
analysis-refuted = { $line } опровергает его.
analysis-refuted-gain = { $line } опровергает его и { $gain }.
analysis-better = Лучше было { $line }.
analysis-better-gain = Лучше было { $line }, что { $gain }.
analysis-gain-mate = ставит мат
analysis-gain-throne = выводит короля на трон
analysis-gain-material = выигрывает { $won }
analysis-gain-material-for = выигрывает { $won } за { $lost }
analysis-piece = { $kind ->
        [rook] { $count ->
            [one] ладью
            [few] { $count } ладьи
           *[many] { $count } ладей
        }
        [bishop] { $count ->
            [one] слона
           *[other] { $count } слонов
        }
       *[pawn] { $count ->
            [one] пешку
            [few] { $count } пешки
           *[many] { $count } пешек
        }
    }
analysis-pieces-and = { $first } и { $second }
# После ошибок: их доски во вложении (по одной на каждую названную ошибку).
analysis-moments = { $count ->
        [one] Приложена доска этого момента: сделанный ход, опровергающий его ответ и лучший ход движка показаны стрелками.
        [few] Приложены доски этих { $count } моментов: на каждой сделанный ход, опровергающий его ответ и лучший ход движка показаны стрелками.
        [many] Приложены доски этих { $count } моментов: на каждой сделанный ход, опровергающий его ответ и лучший ход движка показаны стрелками.
       *[other] Приложены доски этих { $count } моментов: на каждой сделанный ход, опровергающий его ответ и лучший ход движка показаны стрелками.
    }
analysis-record = Запись с пометками приложена; теперь `export` тоже её включает.
