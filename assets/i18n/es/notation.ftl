# Why a typed move was refused. $input is what the player typed; squares (e1), piece letters
# (K, R, B) and moves (Rb7, `=R`) are never translated. $piece is king, rook, bishop or pawn;
# $owner and $side are white or black.

move-unreadable = No puedo leer `{ $input }` como una jugada. Escribe una jugada como `Rb7`, `cxb2`, `e6=R` (notación algebraica, K rey, R torre, B alfil), o `c2-b3`, `c2b3`, `d7-e6=R` (casillas de origen y destino).
move-illegal = `{ $input }` no es legal aquí: { $reason }
# $candidates is a list such as `Rb7` or `Rc7`, made with list-or.
move-ambiguous = `{ $input }` puede ser { $candidates }: di cuál.
# Moves written as chess writes them, half written, or several at once. $written is the
# move with the piece's letter; $example what was typed with a square added; $reason (in
# move-two-squares) one of the illegal-* texts.
move-no-knights = `{ $input }`: en el Rollerball no hay caballos. Sus piezas son el rey (K), las torres (R), los alfiles (B) y los peones (sin letra).
move-no-queens = `{ $input }`: en el Rollerball no hay dama. Sus piezas son el rey (K), las torres (R), los alfiles (B) y los peones (sin letra).
move-no-castling = `{ $input }`: en el Rollerball no existe el enroque; el rey se mueve de casilla en casilla.
move-figurine = `{ $input }`: escribe la pieza con su letra: `{ $written }` (K rey, R torre, B alfil; el peón no lleva letra).
move-no-square = `{ $input }` no es una jugada: una jugada dice a qué casilla va, como `{ $example }`.
move-several = `{ $input }` son { $count } { $count ->
        [one] jugada
       *[other] jugadas
    }: mándalas de una en una.
move-two-squares = `{ $input }` son dos jugadas: mándalas de una en una. (Como una sola jugada, de { $from } a { $to }, no es legal aquí: { $reason }.)
# After a move played whose marks were wrong. $mark: capture, check, mate-check (marked mate,
# only check) or mate (marked mate, not even check).
move-mark-wrong = Ojo: `{ $input }` { $mark ->
        [capture] indica una captura, pero la jugada no captura nada
        [check] indica jaque, pero la jugada no lo da
        [mate-check] indica mate, pero la jugada solo da jaque
       *[mate] indica mate, pero la jugada ni siquiera da jaque
    }.
move-game-over = la partida ha terminado: { $outcome }
# The last two items of a list of alternatives: "`a`, `b` or `c`".
list-or = { $init } o { $last }

illegal-no-moves = la partida ha terminado, no quedan jugadas
illegal-in-hole = { $square } está en el agujero, no es una casilla del tablero
illegal-no-piece = no hay ninguna pieza en { $square }
illegal-not-your-piece =
    la pieza de { $square } es de las { $owner ->
        [white] blancas
       *[black] negras
    }, y juegan las { $side ->
        [white] blancas
       *[black] negras
    }
illegal-wrong-kind =
    la pieza de { $square } es { $found ->
        [king] un rey
        [rook] una torre
        [bishop] un alfil
       *[pawn] un peón
    }, no { $piece ->
        [king] un rey
        [rook] una torre
        [bishop] un alfil
       *[pawn] un peón
    }
illegal-no-such-piece =
    no te queda { $piece ->
        [king] ningún rey
        [rook] ninguna torre
        [bishop] ningún alfil
       *[pawn] ningún peón
    }
illegal-own-piece-there = una pieza tuya ocupa { $square }
illegal-cannot-reach =
    { $piece ->
        [king] el rey
        [rook] la torre
        [bishop] el alfil
       *[pawn] el peón
    } de { $from } no puede ir a { $to }
illegal-none-can-reach =
    { $piece ->
        [king] ninguno de tus reyes puede
        [rook] ninguna de tus torres puede
        [bishop] ninguno de tus alfiles puede
       *[pawn] ninguno de tus peones puede
    } ir a { $to }
illegal-in-check = tu rey está en jaque, y esa jugada no lo saca del jaque
illegal-self-check = dejaría a tu rey en jaque
illegal-no-such-piece-theirs =
    a tu rival no le queda { $piece ->
        [king] ningún rey
        [rook] ninguna torre
        [bishop] ningún alfil
       *[pawn] ningún peón
    }
illegal-own-piece-there-theirs = una pieza de tu rival ya ocupa { $square }
illegal-none-can-reach-theirs =
    { $piece ->
        [king] ninguno de los reyes de tu rival puede
        [rook] ninguna de las torres de tu rival puede
        [bishop] ninguno de los alfiles de tu rival puede
       *[pawn] ninguno de los peones de tu rival puede
    } ir a { $to }
illegal-in-check-theirs = el rey de tu rival está en jaque, y esa jugada no lo saca del jaque
illegal-self-check-theirs = dejaría al rey de tu rival en jaque
illegal-promotion-missing = un peón que llega a { $square } debe coronar: añade `=R` para torre o `=B` para alfil
illegal-not-a-promotion = solo corona un peón que llega a las casillas iniciales de los peones rivales
illegal-promotion-piece = un peón corona en torre (`=R`) o en alfil (`=B`), no en `{ $letter }`
