# Выбор хода: кнопка «Ход» под доской партии, меню фигур и меню полей, куда может пойти фигура.
# Ходы остаются в SAN (Rb7, Rxe2+, e6=R).

button-move = Ход
picker-pieces = **Партия #{ $id }** · ваш ход ({ $side ->
        [white] белые
       *[black] чёрные
    }): какой фигурой?
picker-pieces-placeholder = Выберите фигуру
picker-piece = { $piece ->
        [king] Король
        [rook] Ладья
        [bishop] Слон
       *[pawn] Пешка
    } { $square } — { $count ->
        [one] { $count } ход
        [few] { $count } хода
       *[many] { $count } ходов
    }
picker-destinations = **Партия #{ $id }** · куда пойдёт { $piece ->
        [king] король
        [rook] ладья
        [bishop] слон
       *[pawn] пешка
    } с { $square }? ({ $count ->
        [one] { $count } ход
        [few] { $count } хода
       *[many] { $count } ходов
    })
picker-destinations-placeholder = Выберите ход
picker-page = Страница { $page } из { $pages }.
picker-more = ещё… (страница { $page } из { $pages })
picker-back = ← назад к фигурам
picker-stale = Позиция в партии #{ $id } изменилась с тех пор, как было открыто это меню, поэтому я его не использовал. Вот новое.
picker-played = Вы сыграли **{ $san }** в партии #{ $id }; доска показана всем.
picker-stranger = В партии #{ $id } сейчас ходит { $player }. Ходить могут только два её участника; следить за ней можно командой `game #{ $id }`.
picker-forged = Такого выбора я для партии #{ $id } не предлагал; ничего не изменилось.
picker-moved-meanwhile = Позиция в партии #{ $id } изменилась как раз в момент вашего выбора, поэтому ничего не сыграно. Нажмите **Ход** ещё раз.
