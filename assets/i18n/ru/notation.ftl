# Why a typed move was refused. $input is what the player typed; squares (e1), piece letters
# (K, R, B) and moves (Rb7, `=R`) are never translated. $piece is king, rook, bishop or pawn;
# $owner and $side are white or black.

move-unreadable = Не могу прочитать `{ $input }` как ход. Напишите ход, например `Rb7`, `cxb2`, `e6=R` (алгебраическая нотация: K — король, R — ладья, B — слон) или `c2-b3`, `c2b3`, `d7-e6=R` (поля «откуда» и «куда»).
move-illegal = `{ $input }` здесь невозможен: { $reason }
# $candidates is a list such as `Rb7` or `Rc7`, made with list-or.
move-ambiguous = `{ $input }` может означать { $candidates }: уточните, какой ход.
# Moves written as chess writes them, half written, or several at once. $written is the
# move with the piece's letter; $example what was typed with a square added; $reason (in
# move-two-squares) one of the illegal-* texts.
move-no-knights = `{ $input }`: в роллерболе нет коней. Его фигуры — король (K), ладьи (R), слоны (B) и пешки (без буквы).
move-no-queens = `{ $input }`: в роллерболе нет ферзя. Его фигуры — король (K), ладьи (R), слоны (B) и пешки (без буквы).
move-no-castling = `{ $input }`: в роллерболе нет рокировки; король ходит на одно поле.
move-figurine = `{ $input }`: обозначайте фигуру буквой: `{ $written }` (K — король, R — ладья, B — слон; у пешки буквы нет).
move-no-square = `{ $input }` — не ход: в ходе указывают поле, куда идёт фигура, например `{ $example }`.
move-several = `{ $input }` — это { $count } { $count ->
        [one] ход
        [few] хода
       *[other] ходов
    }: отправляйте по одному ходу.
move-two-squares = `{ $input }` — это два хода: отправляйте по одному. (Как один ход, с { $from } на { $to }, он здесь невозможен: { $reason }.)
# After a move played whose marks were wrong. $mark: capture, check, mate-check (marked mate,
# only check) or mate (marked mate, not even check).
move-mark-wrong = Заметьте: `{ $input }` { $mark ->
        [capture] обозначает взятие, но ход ничего не берёт
        [check] обозначает шах, но ход его не даёт
        [mate-check] обозначает мат, но ход даёт только шах
       *[mate] обозначает мат, но ход не даёт даже шаха
    }.
move-game-over = партия окончена: { $outcome }
# The last two items of a list of alternatives: "`a`, `b` or `c`".
list-or = { $init } или { $last }

illegal-no-moves = партия окончена, ходов больше нет
illegal-in-hole = { $square } находится в дыре, это не поле доски
illegal-no-piece = на поле { $square } нет фигуры
illegal-not-your-piece =
    фигура на { $square } — { $owner ->
        [white] белых
       *[black] чёрных
    }, а сейчас ход { $side ->
        [white] белых
       *[black] чёрных
    }
illegal-wrong-kind =
    на { $square } стоит { $found ->
        [king] король
        [rook] ладья
        [bishop] слон
       *[pawn] пешка
    }, а не { $piece ->
        [king] король
        [rook] ладья
        [bishop] слон
       *[pawn] пешка
    }
illegal-no-such-piece =
    у вас не осталось { $piece ->
        [king] короля
        [rook] ладей
        [bishop] слонов
       *[pawn] пешек
    }
illegal-own-piece-there = на { $square } стоит ваша собственная фигура
illegal-cannot-reach =
    { $piece ->
        [king] король
        [rook] ладья
        [bishop] слон
       *[pawn] пешка
    } с { $from } не может пойти на { $to }
illegal-none-can-reach =
    ни { $piece ->
        [king] один ваш король
        [rook] одна ваша ладья
        [bishop] один ваш слон
       *[pawn] одна ваша пешка
    } не может пойти на { $to }
illegal-in-check = вашему королю объявлен шах, и этот ход от него не защищает
illegal-self-check = ваш король остался бы под шахом
illegal-no-such-piece-theirs =
    у соперника не осталось { $piece ->
        [king] короля
        [rook] ладей
        [bishop] слонов
       *[pawn] пешек
    }
illegal-own-piece-there-theirs = на { $square } уже стоит фигура соперника
illegal-none-can-reach-theirs =
    ни { $piece ->
        [king] один король соперника
        [rook] одна ладья соперника
        [bishop] один слон соперника
       *[pawn] одна пешка соперника
    } не может пойти на { $to }
illegal-in-check-theirs = королю соперника объявлен шах, и этот ход от него не защищает
illegal-self-check-theirs = король соперника остался бы под шахом
illegal-promotion-missing = пешка, дошедшая до { $square }, должна превратиться: добавьте `=R` для ладьи или `=B` для слона
illegal-not-a-promotion = превращается только пешка, дошедшая до начальных полей пешек противника
illegal-promotion-piece = пешка превращается в ладью (`=R`) или слона (`=B`), а не в `{ $letter }`
