# Tournaments: round-robin events in a server, from sign-up to the final crosstable.
# Words: a round robin is a "liguilla", the crosstable the "tabla cruzada", the standings the
# "clasificación".
# $tournament is tournament-title ("#3 **Spring**"). $format is tournament-format.

tournament-title = #{ $id } **{ $name }**
tournament-format = { $double ->
        [yes] liguilla a doble vuelta
       *[no] liguilla a una vuelta
    }, { $days ->
        [one] { $days } día por jugada
       *[other] { $days } días por jugada
    }, { $rated ->
        [rated] partidas puntuables
       *[casual] partidas amistosas
    }

## Finding the tournament meant

tournament-needs-server = Los torneos se juegan en los canales de un servidor, no en mensajes directos.
tournament-needs-bot = Los torneos necesitan al bot en el servidor: allí publica los hilos de las partidas, los recordatorios y la clasificación. Pide a un administrador que lo añada.
tournament-none = No existe el torneo #{ $id }. `tournaments` lista los de este servidor.
tournament-elsewhere = El torneo #{ $id } pertenece a otro servidor.
tournament-none-here = Este servidor aún no tiene torneos. Crea uno con `tournament create NOMBRE`.
tournament-none-open = Ningún torneo de aquí tiene la inscripción abierta. `tournaments` lista los de este servidor; cualquiera puede crear uno con `tournament create NOMBRE`.
tournament-none-joined = No estás inscrito en ningún torneo de aquí que aún no haya empezado.
tournament-none-organised = No organizas aquí ningún torneo que aún no haya empezado.
tournament-none-running-organised = No organizas aquí ningún torneo abierto o en curso.
# $word is the subcommand ("view" for the standings).
tournament-several = Varios torneos encajan: { $list }. Indica uno, por ejemplo { $word ->
        [view] `tournament #{ $id }`
       *[other] `tournament { $word } #{ $id }`
    }.

## Refusals

tournament-name-taken = Ya hay un torneo con ese nombre en este servidor: { $tournament }. Elige otro nombre.
tournament-already-joined = Ya estás inscrito en { $tournament }.
tournament-full = { $tournament } está completo: { $max ->
        [one] hay { $max } de { $max } jugador inscrito.
       *[other] hay { $max } de { $max } jugadores inscritos.
    }
tournament-started-already = { $tournament } ya ha empezado: la inscripción está cerrada.
tournament-over-already = { $tournament } ha terminado.
tournament-cancelled-already = { $tournament } fue cancelado.
tournament-changed = { $tournament } acaba de cambiar; no se ha hecho nada. Inténtalo de nuevo.
tournament-not-joined = No estás inscrito en { $tournament }.
tournament-leave-started = { $status ->
        [running] { $tournament } ya ha empezado, así que no puedes dejarlo: juega tus partidas o abandónalas (el organizador también puede retirarte).
       *[other] { $tournament } ya no está abierto: no hay nada que dejar.
    }
# $action: start, cancel or withdraw.
tournament-not-organiser = Solo { $organiser }, que organiza { $tournament }, puede { $action ->
        [start] iniciarlo
        [cancel] cancelarlo
       *[withdraw] retirar a sus jugadores
    }.
tournament-too-few = { $tournament } necesita al menos { $min } { $min ->
        [one] jugador
       *[other] jugadores
    } para empezar; { $count ->
        [0] aún no se ha inscrito nadie.
        [one] solo se ha inscrito { $players }.
       *[other] se han inscrito { $count }: { $players }.
    }
tournament-start-here = Inicia { $tournament } en { $channel }, su canal (no en un hilo), para que cada una de sus partidas tenga allí su hilo.
tournament-cancel-started = { $tournament } ya ha empezado y no se puede cancelar: sus partidas se juegan hasta el final. Puedes retirar a un jugador con `tournament withdraw #{ $id } @jugador`.
tournament-unknown-name = No sé quién es `@{ $name }`. Menciónalo para que su nombre se resalte (escribe `@` y elígelo de la lista).
tournament-withdraw-not-entrant = { $player } no juega en { $tournament }.
tournament-withdraw-already = { $player } ya fue retirado de { $tournament }.
tournament-withdraw-nothing-left = { $player } ha terminado todas sus partidas de { $tournament }: no queda nada que perder por incomparecencia, y sus resultados cuentan.
tournament-no-abort = La partida #{ $id } es de { $tournament }, así que no se puede anular: juégala, ofrece tablas o abandona.
tournament-table-not-yet = { $tournament } aún no ha empezado: su tabla cruzada se irá llenando con sus partidas. `tournament #{ $id }` muestra quién se ha inscrito.

## Done

tournament-created = 🏆 { $organiser } ha creado el torneo { $tournament }: { $format }. Inscríbete con `tournament join #{ $id }` o con el botón de abajo; { $organiser } lo inicia con `tournament start #{ $id }` cuando haya al menos { $min } { $min ->
        [one] jugador
       *[other] jugadores
    } (admite un máximo de { $max }). Entonces todas las partidas empiezan a la vez.
tournament-joined = { $player } se ha inscrito en { $tournament }: { $count } de { $max } { $max ->
        [one] jugador
       *[other] jugadores
    } ({ $players }).
tournament-left = { $player } ha dejado { $tournament }: { $count ->
        [one] queda { $count } jugador.
       *[other] quedan { $count } jugadores.
    }
tournament-cancelled = { $organiser } ha cancelado { $tournament }: no se jugará.
tournament-removed = { $organiser } ha quitado a { $player } de la lista de { $tournament }: { $count ->
        [one] queda { $count } jugador.
       *[other] quedan { $count } jugadores.
    }
# $list: one tournament-pairing per line, or tournament-pairing-range.
tournament-started = 🏁 ¡Empieza { $tournament }! { $players } — { $count } { $count ->
        [one] partida
       *[other] partidas
    }, todas a la vez; { $format }.
    { $list }Cada partida tiene su hilo; `games` lista las tuyas y `tournament #{ $id }` muestra la clasificación.
tournament-pairing = #{ $game } { $white } – { $black }
tournament-pairing-range = Partidas #{ $first } a #{ $last }.
# $games lists the game numbers; $annulled says how the withdrawn player's results now count.
tournament-withdrawn = { $organiser } ha retirado a { $player } de { $tournament }: { $count ->
        [one] su partida sin terminar ({ $games }) se pierde por incomparecencia y la gana su rival.
       *[other] sus { $count } partidas sin terminar ({ $games }) se pierden por incomparecencia y las ganan sus rivales.
    } { $annulled ->
        [yes] Como había jugado menos de la mitad de sus partidas, ninguno de sus resultados cuenta en la clasificación.
       *[no] Como había jugado al menos la mitad de sus partidas, sus resultados cuentan, incomparecencias incluidas.
    }

## The standings

tournament-signup = { $tournament } · { $format }
    Inscripción abierta: { $count ->
        [0] nadie todavía
       *[other] { $count } de { $max } { $max ->
            [one] jugador
           *[other] jugadores
        } ({ $players })
    }. Lo organiza { $organiser }; inscríbete con `tournament join #{ $id }`.
tournament-cancelled-view = { $tournament } fue cancelado por su organizador antes de empezar.
tournament-standings-title = { $tournament } · { $format }
    { $over ->
        [yes] **Clasificación final**
       *[no] **Clasificación** tras { $finished } de { $games } { $games ->
            [one] partida
           *[other] partidas
        }
    }
# $h2h is the head-to-head score among the players level on everything else, or "none".
tournament-line = `{ $place }` { $player } — **{ $points }** · disputadas { $played }, pendientes { $left } · SB { $sb } · { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }{ $h2h ->
        [none] {""}
       *[other] {" "}· enfrentamiento directo { $h2h }
    }{ $withdrawn ->
        [yes] {" "}(retirado)
       *[no] {""}
    }
tournament-line-annulled = `–` { $player } — retirado antes de jugar la mitad de sus partidas: resultados anulados
tournament-tiebreaks = Con los mismos puntos, los jugadores se ordenan por Sonneborn–Berger (SB), luego por victorias y luego por enfrentamiento directo; empatados en todo, comparten el puesto.

## The crosstable

tournament-table-caption = Tabla cruzada de { $tournament } — { $over ->
        [yes] final
       *[no] tras { $finished } de { $games } { $games ->
            [one] partida
           *[other] partidas
        }
    }.
tournament-table-subtitle = Torneo #{ $id } · { $over ->
        [yes] clasificación final
       *[no] tras { $finished } de { $games } { $games ->
            [one] partida
           *[other] partidas
        }
    }
tournament-table-points = Pts
tournament-table-sb = SB
# The crosstable's legend, each beside a small cell showing it.
tournament-table-legend-win = victoria
tournament-table-legend-draw = tablas
tournament-table-legend-loss = derrota
tournament-table-legend-forfeit = ganada / perdida por incomparecencia
tournament-table-legend-unplayed = aún en juego
tournament-table-legend-annulled = anulada: no cuenta
tournament-table-legend-colours = partida con blancas / con negras

## The list

tournaments-none = Este servidor aún no tiene torneos: crea uno con `tournament create NOMBRE`.
tournaments-title = **Torneos de este servidor**
tournaments-heading = { $status ->
        [open] __Inscripción abierta__
        [running] __En curso__
       *[finished] __Terminados__
    }
tournaments-item-open = { $tournament } — { $count } de { $max } { $max ->
        [one] jugador
       *[other] jugadores
    }, de { $organiser } · { $format }
tournaments-item-running = { $tournament } — { $count } { $count ->
        [one] jugador
       *[other] jugadores
    }, { $finished } de { $games } { $games ->
        [one] partida terminada
       *[other] partidas terminadas
    }
tournaments-item-finished = { $tournament } — { $count ->
        [one] ganado por { $winners }
       *[other] primer puesto compartido por { $winners }
    }

## The end

tournament-final = 🏆 ¡{ $tournament } ha terminado! { $count ->
        [one] { $winners } lo gana
       *[other] { $winners } comparten el primer puesto
    } con { $points } { $score ->
        [one] punto
       *[other] puntos
    }{ $by ->
        [sb] , por delante en Sonneborn–Berger
        [wins] , por delante en victorias
        [h2h] , por delante en el enfrentamiento directo
       *[none] {""}
    }. ¡Enhorabuena!
tournament-final-short = 🏆 { $tournament } ha terminado: se han jugado todas las partidas. `tournament #{ $id }` muestra la clasificación final.

## In its games

tournament-game-line = Torneo #{ $id } **{ $name }** · ronda { $round }
tournament-game-counts = Esta partida cuenta para el torneo #{ $id } **{ $name }**: { $finished ->
        [one] ha terminado
       *[other] han terminado
    } { $finished } de { $games } { $games ->
        [one] partida
       *[other] partidas
    }; `tournament #{ $id }` muestra la clasificación.
tournament-game-last = Era la última partida del torneo #{ $id } **{ $name }**: la clasificación final y la tabla cruzada se publican en { $channel }.
outcome-forfeit = { $winner } gana por incomparecencia ({ $result })
button-tournament-join = Inscribirme

## Help and the command's words

help-tournament = Torneos por sistema de liguilla (todos contra todos) en este servidor. Crea uno con `create` (cualquiera puede; `double` hace que cada pareja juegue dos veces, `casual` no cambia las puntuaciones, `max N` limita los jugadores, de 3 a 12), y los jugadores se inscriben (`join`) o se dan de baja (`leave`). Su organizador puede iniciarlo (`start`) con 3 inscritos — todas las partidas empiezan a la vez, cada una en su hilo —, cancelarlo antes (`cancel`) o retirar a un jugador después (`withdraw @jugador`). `tournament` solo muestra la clasificación, `tournament table` la tabla cruzada.
help-tournaments = Los torneos de este servidor: con inscripción abierta, en curso y terminados.
command-needs-tournament-name = el nombre del torneo
command-needs-player = el jugador que retirar
command-needs-max-players = un número después de `max`
command-tournament-number = `{ $word }` no es un número de torneo; los números de torneo se escriben como `#2`.
command-tournament-name = `{ $word }` no es un nombre de torneo: usa de 1 a { $max } { $max ->
        [one] letra, cifra,
       *[other] letras, cifras,
    } espacios o signos de puntuación sencillos, entre comillas si contiene una palabra de opción (`"Double Trouble"`).
command-max-players = Un torneo admite de { $min } a { $max } { $max ->
        [one] jugador
       *[other] jugadores
    }: `max { $word }` está fuera de rango.
command-tournament-name-link = El nombre de un torneo no puede ser un enlace ni una invitación (`{ $word }`): aparecería en cada anuncio y en cada hilo de partida. Elige un nombre sencillo, como `Abierto de primavera` (un punto que no inicia ninguna dirección web va seguido de un espacio: `St. Petersburg`).
command-conflicting-options = `{ $first }` y `{ $second }` dicen cosas distintas: deja solo la que quieres decir.
command-repeated-option = `{ $first }` y `{ $second }` repiten la misma opción: deja solo una.

## /rb-tournament: the command, its subcommands and their options

slash-command-tournament = rb-torneo
slash-tournament = Torneos de liguilla (todos contra todos) en este servidor
slash-sub-tournament-create = crear
    .description = Crear aquí un torneo de liguilla; tú lo organizas
slash-sub-tournament-join = inscribirse
    .description = Inscribirse en un torneo antes de que empiece
slash-sub-tournament-leave = dejar
    .description = Darte de baja de un torneo antes de que empiece
slash-sub-tournament-start = iniciar
    .description = Iniciar tu torneo: todas las partidas empiezan a la vez (3 jugadores o más)
slash-sub-tournament-cancel = cancelar
    .description = Cancelar tu torneo antes de que empiece
slash-sub-tournament-withdraw = retirar
    .description = Retirar a un jugador de tu torneo: pierde por incomparecencia sus partidas sin terminar
slash-sub-tournament-standings = clasificación
    .description = La clasificación de un torneo, con los desempates
slash-sub-tournament-table = tabla-cruzada
    .description = La tabla cruzada de un torneo, como imagen
slash-sub-tournament-list = lista
    .description = Los torneos de este servidor: abiertos, en curso y terminados
slash-option-tournament = torneo
    .description = El número del torneo, cuando aquí hay varios
slash-option-name = nombre
    .description = El nombre del torneo (hasta 32 caracteres)
slash-option-double = doble
    .description = Cada pareja juega dos veces, con los colores cambiados
slash-option-max = max
    .description = Cuántos jugadores admite como máximo, de 3 a 12 (12 por defecto)
slash-option-entrant = jugador
    .description = El jugador que retirar
