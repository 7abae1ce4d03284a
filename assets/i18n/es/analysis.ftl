# La mirada del motor a una partida terminada (`analysis`).
# $played y $best son jugadas en SAN y nunca se traducen; $verdict y $side son claves.

help-analysis = La mirada del motor a una partida terminada: un gráfico de la evaluación desde el lado de las blancas a lo largo de las jugadas, los tres mayores errores de cada bando, y la planilla con la evaluación del motor tras cada jugada y los signos ?! (imprecisión), ? (error) y ?? (error grave). Cualquiera puede pedirla; se calcula una vez y se guarda, y `export` la incluye después.
slash-command-analysis = rb-análisis
    .description = El análisis del motor de una partida terminada: gráfico, errores, planilla anotada

analysis-which = ¿Qué partida? Aún no tienes ninguna partida terminada: indica el número de una partida terminada (`analysis #NÚMERO`), o pídelo en el hilo de la partida.
analysis-which-candidates = ¿Qué partida? No tienes ninguna partida terminada aquí. { $count ->
        [one] Tu partida terminada:
       *[other] Tus últimas partidas terminadas:
    } { $list }; indica una, por ejemplo `analysis #{ $id }`, o pídelo en el hilo de la partida.
analysis-in-progress = La partida #{ $id } todavía se está jugando. El motor solo mira una partida cuando ha terminado, para no ayudar a ningún bando.
analysis-no-moves = La partida #{ $id } terminó antes de la primera jugada: no hay nada que analizar.
analysis-running = El motor está analizando la partida #{ $id } ahora mismo; la respuesta se publicará aquí en cuanto esté lista.
analysis-queued = El motor está ocupado con otra partida. Tu análisis de la partida #{ $id } { $ahead ->
        [1] es el siguiente
       *[other] es el número { $ahead } en la cola
    }; se publicará aquí en cuanto esté listo.
analysis-queue-full = { $count ->
        [one] Ya esperas un análisis
       *[other] Ya esperas { $count } análisis
    } ({ $games }), y { $max } a la vez es el máximo: cada uno se publica donde lo pediste en cuanto está listo. Pide otro cuando alguno lo esté.
analysis-failed = El análisis de la partida #{ $id } ha fallado. Inténtalo más tarde.
analysis-ready = { $player }, el análisis de la partida #{ $id } que pediste está listo.
analysis-ready-direct = El análisis de la partida #{ $id } que pediste está listo: `analysis #{ $id }` lo muestra.
analysis-header = **Análisis de la partida #{ $id }** ({ $white } contra { $black }): { $nodes } { $nodes ->
        [one] nodo explorado
       *[other] nodos explorados
    } en { $positions ->
        [one] su única posición
       *[other] cada una de sus { $positions } posiciones
    }. El gráfico muestra la evaluación desde el lado de las blancas a lo largo de las jugadas (arriba: ganan las blancas, abajo: ganan las negras); los puntos marcan los errores.
# The evaluation graph's words ($white and $black are names; $result is 1–0, 0–1, ½–½ or
# empty for an aborted game; $termination is a key).
analysis-graph-title = Partida #{ $id }: { $white } contra { $black }
analysis-graph-result = { $termination ->
        [checkmate] { $result } · jaque mate
        [throne] { $result } · trono
        [stalemate] { $result } · ahogado
        [repetition] { $result } · repetición
        [resignation] { $result } · abandono
        [agreement] { $result } · tablas de mutuo acuerdo
        [time] { $result } · por tiempo
        [forfeit] { $result } · incomparecencia
        [abort] anulada
       *[other] { $result }
    }
analysis-graph-win = gana
analysis-graph-moves = jugada
analysis-graph-white = Blancas
analysis-graph-black = Negras
analysis-graph-inaccuracy = imprecisión
analysis-graph-mistake = error
analysis-graph-blunder = error grave
analysis-side = **{ $side ->
        [white] Blancas
       *[black] Negras
    }** ({ $player }): { $inaccuracies } ?!, { $mistakes } ?, { $blunders } ??
analysis-side-clean = **{ $side ->
        [white] Blancas
       *[black] Negras
    }** ({ $player }): ningún error.
analysis-mistake = { $played } — { $best } { $before }; después, { $after }.
analysis-before = { $verdict ->
        [even] mantenía la igualdad
        [white-slight] mantenía una ligera ventaja blanca
        [black-slight] mantenía una ligera ventaja negra
        [white-better] mantenía la ventaja blanca
        [black-better] mantenía la ventaja negra
        [white-winning] era ganadora para las blancas
        [black-winning] era ganadora para las negras
        [white-mate] permitía a las blancas dar mate en { $mate }
        [white-throne] permitía a las blancas llegar al trono en { $mate }
        [black-throne] permitía a las negras llegar al trono en { $mate }
        [white-win] daba a las blancas una victoria forzada en { $mate }
        [black-win] daba a las negras una victoria forzada en { $mate }
       *[black-mate] permitía a las negras dar mate en { $mate }
    }
analysis-after = { $verdict ->
        [even] la posición está igualada
        [white-slight] las blancas están ligeramente mejor
        [black-slight] las negras están ligeramente mejor
        [white-better] las blancas están mejor
        [black-better] las negras están mejor
        [white-winning] ganan las blancas
        [black-winning] ganan las negras
        [white-mate] las blancas dan mate en { $mate }
        [white-throne] las blancas llegan al trono en { $mate }
        [black-throne] las negras llegan al trono en { $mate }
        [white-win] las blancas fuerzan la victoria en { $mate }
        [black-win] las negras fuerzan la victoria en { $mate }
       *[black-mate] las negras dan mate en { $mate }
    }
# Tras los errores: sus diagramas, adjuntos (uno por error nombrado arriba).
analysis-moments = { $count ->
        [one] Se adjunta el diagrama de ese momento: la jugada hecha y la mejor del motor van dibujadas como flechas.
       *[other] Se adjuntan los diagramas de esos { $count } momentos: en cada uno, la jugada hecha y la mejor del motor van dibujadas como flechas.
    }
analysis-record = La planilla anotada va adjunta; `export` ahora también la incluye.
