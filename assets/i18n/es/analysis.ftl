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
    }, { $deep } veces más en las que rodean una jugada marcada. El gráfico muestra la evaluación desde el lado de las blancas a lo largo de las jugadas (arriba: ganan las blancas, abajo: ganan las negras); los puntos marcan los errores.
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
analysis-mistake = { $played } — { $mark ->
        [inaccuracy] una imprecisión
        [mistake] un error
       *[blunder] un error grave
    }: las probabilidades de ganar de las { $side ->
        [white] blancas
       *[black] negras
    } pasan del { $before } % al { $after } %.
# La línea del motor tras la jugada hecha ($line: «5…Bxe2 6.Rf2 Bxf1»), y la mejor;
# $gain es lo que consigue la línea (analysis-gain-*), un sintagma verbal.
analysis-refuted = { $line } la refuta.
analysis-refuted-gain = { $line } la refuta y { $gain }.
analysis-better = Era mejor { $line }.
analysis-better-gain = Era mejor { $line }, que { $gain }.
analysis-gain-mate = da mate
analysis-gain-throne = llega al trono
analysis-gain-material = gana { $won }
analysis-gain-material-for = gana { $won } a cambio de { $lost }
analysis-piece = { $kind ->
        [rook] { $count ->
            [one] una torre
           *[other] { $count } torres
        }
        [bishop] { $count ->
            [one] un alfil
           *[other] { $count } alfiles
        }
       *[pawn] { $count ->
            [one] un peón
           *[other] { $count } peones
        }
    }
analysis-pieces-and = { $first } y { $second }
# Tras los errores: sus diagramas, adjuntos (uno por error nombrado arriba).
analysis-moments = { $count ->
        [one] Se adjunta el diagrama de ese momento: la jugada hecha, la respuesta que la refuta y la mejor del motor van dibujadas como flechas.
       *[other] Se adjuntan los diagramas de esos { $count } momentos: en cada uno, la jugada hecha, la respuesta que la refuta y la mejor del motor van dibujadas como flechas.
    }
analysis-record = La planilla anotada va adjunta; `export` ahora también la incluye.
