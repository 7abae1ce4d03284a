# El selector de jugadas: el botón Jugar bajo el tablero de una partida, su menú de piezas y el
# de los destinos de una pieza. Las jugadas siguen en SAN (Rb7, Rxe2+, e6=R).

button-move = Jugar
picker-pieces = **Partida #{ $id }** · te toca mover ({ $side ->
        [white] blancas
       *[black] negras
    }): ¿qué pieza?
picker-pieces-placeholder = Elige una pieza
picker-piece = { $piece ->
        [king] Rey
        [rook] Torre
        [bishop] Alfil
       *[pawn] Peón
    } { $square } — { $count ->
        [one] 1 jugada
       *[other] { $count } jugadas
    }
picker-destinations = **Partida #{ $id }** · ¿adónde va { $piece ->
        [king] el rey
        [rook] la torre
        [bishop] el alfil
       *[pawn] el peón
    } de { $square }? ({ $count ->
        [one] 1 jugada
       *[other] { $count } jugadas
    })
picker-destinations-placeholder = Elige una jugada
picker-page = Página { $page } de { $pages }.
picker-more = más… (página { $page } de { $pages })
picker-back = ← volver a las piezas
picker-stale = La posición de la partida #{ $id } ha cambiado desde que se abrió ese menú, así que no lo he usado. Aquí tienes uno nuevo.
picker-played = Has jugado **{ $san }** en la partida #{ $id }; el tablero se muestra a todos.
picker-stranger = En la partida #{ $id } le toca mover a { $player }. Solo sus dos jugadores pueden mover; puedes seguirla con `game #{ $id }`.
picker-forged = Esa opción no es una de las que ofrecí para la partida #{ $id }; no se ha cambiado nada.
picker-moved-meanwhile = La posición de la partida #{ $id } cambió justo cuando elegías, así que no se ha jugado nada. Pulsa **Jugar** otra vez.
