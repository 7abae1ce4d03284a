# Las palabras dibujadas en las imágenes del tablero: las franjas encima y debajo del tablero
# que nombran la partida, el hueco del centro y los momentos clave de un análisis.
# $side es white o black; $termination dice cómo terminó la partida; $move es una jugada en
# SAN, nunca traducida.

image-game = Partida { $id }
image-move = Jugada { $number }
image-side =
    { $side ->
        [white] Blancas
       *[black] Negras
    }
image-to-move =
    { $side ->
        [white] Juegan blancas
       *[black] Juegan negras
    }
image-in-check =
    { $side ->
        [white] Blancas en jaque
       *[black] Negras en jaque
    }
image-win =
    { $side ->
        [white] Blancas
       *[black] Negras
    } { $termination ->
        [checkmate] ganan por mate
        [throne] llegan al trono
        [resignation] ganan por abandono
        [time] ganan por tiempo
        [forfeit] ganan por incomparecencia
       *[other] ganan
    }
image-draw =
    { $termination ->
        [stalemate] Tablas por ahogado
        [repetition] Tablas por repetición
        [agreement] Tablas por acuerdo
       *[other] Tablas
    }
image-aborted = Partida anulada
# Junto a las flechas de un momento clave: la jugada hecha, el comienzo de la línea que la refuta y la mejor del motor.
image-played = Se jugó { $move }
image-better = Mejor { $move }
image-answer = Refutada por { $line }
