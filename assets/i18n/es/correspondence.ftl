# Juego por correspondencia: jugadas condicionales y vacaciones.

help-forecast = Di de antemano cómo responderás a las próximas jugadas de tu rival. Tras tu jugada, `forecast e6-f7 c1-b2` significa «si juega e6-f7, juego c1-b2»; una línea puede seguir (hasta 30 jugadas), varias líneas se separan con `;`, y puedes guardar 30. `forecast` muestra tus líneas (solo tú las ves), `forecast clear` las borra.
help-vacation = Auséntate sin perder por tiempo. `vacation on 7` detiene durante 7 días los relojes de tus partidas en las que te toca mover (30 días al año; `vacation on` toma todo lo que queda). `vacation off` o cualquier jugada tuya te hace volver, y los días no usados vuelven a ser tuyos. `vacation` muestra lo que queda.

command-vacation-days = Los días de vacaciones deben ser un número entero de 1 a { $max }, no `{ $word }`.

## Jugadas condicionales

forecast-computer = Las jugadas condicionales son para partidas entre jugadores: la computadora responde enseguida de todos modos.
forecast-your-move = Te toca mover en la partida #{ $id }. Juega primero: una línea de jugadas condicionales empieza con la respuesta de tu rival a tu jugada.
forecast-none = No tienes jugadas condicionales en la partida #{ $id }. Tras tu jugada, `forecast e6-f7 c1-b2` significa «si juega e6-f7, juego c1-b2».
forecast-in-public = Las jugadas condicionales son secretas, y en el canal de un servidor todos —también tu rival— leen lo que se escribe y mis respuestas, así que allí no acepto jugadas condicionales. Dámelas con `/rb-forecast add`, cuyas respuestas solo ves tú, o por mensaje directo.
forecast-cleared = Tus jugadas condicionales de la partida #{ $id } están borradas ({ $count } { $count ->
        [one] línea
       *[other] líneas
    }).
forecast-saved = Guardado. Solo tú ves tus jugadas condicionales de la partida #{ $id }; se juegan por ti en cuanto la jugada de tu rival coincide.
forecast-list = Tus jugadas condicionales en la partida #{ $id } ({ $count } { $count ->
        [one] línea
       *[other] líneas
    }), cada una la jugada de tu rival y luego tu respuesta:
forecast-held-list = Una oferta pendiente retuvo tus jugadas condicionales en la partida #{ $id } ({ $count } { $count ->
        [one] línea
       *[other] líneas
    }): decide tu propia jugada. Juega la primera jugada de una línea y el resto sigue; cualquier otra la descarta:
forecast-covered = La línea { $line } ya forma parte de tu línea { $other }: nada que añadir.
forecast-all-covered = { $count ->
        [one] La línea ya forma parte de las tuyas: nada que añadir.
       *[other] Las { $count } líneas ya forman parte de las tuyas: nada que añadir.
    }
forecast-already-there = { $count ->
        [one] La línea { $lines } ya formaba parte de las tuyas: no se añade dos veces.
       *[other] Las líneas { $lines } ya formaban parte de las tuyas: no se añaden dos veces.
    }
forecast-conflict = La línea { $line } responde a { $theirs } con { $new }, pero tu línea { $other } ya le responde con { $old }. Una sola respuesta por jugada: `forecast clear` y vuelve a dar tus líneas para cambiarla.
forecast-too-many = Serían más de { $max } { $max ->
        [one] línea
       *[other] líneas
    } en esta partida. Borra algunas antes con `forecast clear`.
forecast-too-long = La línea { $line } tiene { $plies } { $plies ->
        [one] jugada
       *[other] jugadas
    }; una línea tiene como mucho { $max }.
forecast-over = la partida ya ha terminado para entonces ({ $outcome })
forecast-bad-move = Jugada { $number } de tu línea (`{ $text }`): { $why }
forecast-bad-move-in-line = Línea { $line }, jugada { $number } (`{ $text }`): { $why }
forecast-ends-with-theirs = La línea { $line } termina con la jugada de tu rival `{ $text }`: añade tu respuesta.
forecast-answered = { $player } respondió { $san } (jugada condicional).
forecast-answered-notice = **Partida #{ $id }**: { $player } respondió { $san } (jugada condicional).

## Vacaciones

vacation-status = No estás de vacaciones. Te { $left ->
        [one] queda
       *[other] quedan
    } { $left } de tus { $total } { $total ->
        [one] día
       *[other] días
    } de vacaciones en { $year }: `vacation on DÍAS` te pone de vacaciones.
vacation-status-away = Estás de vacaciones; terminan { $until } como muy tarde ({ $planned } { $planned ->
        [one] día reservado
       *[other] días reservados
    }; volver ahora cuesta { $used }). Además te { $left ->
        [one] queda { $left } día
       *[other] quedan { $left } días
    } en { $year }. `vacation off` te hace volver.
vacation-already = Ya estás de vacaciones; terminan { $until } como muy tarde. `vacation off` te hace volver.
vacation-none-left = Has usado { $total ->
        [one] tu único día
       *[other] tus { $total } días
    } de vacaciones de { $year }.
vacation-too-long = Pides { $days } { $days ->
        [one] día
       *[other] días
    }, pero solo te { $left ->
        [one] queda { $left }
       *[other] quedan { $left }
    } en { $year }: `vacation on { $left }` como mucho.
vacation-changed = Tus vacaciones cambiaron mientras atendía eso (otra orden tuya en el mismo momento). No se hizo nada: mira `vacation` y vuelve a intentarlo.
vacation-started = Estás de vacaciones; terminan { $until } como muy tarde ({ $days } { $days ->
        [one] día
       *[other] días
    }). Los relojes de tus partidas en las que te toca mover están detenidos ({ $games } { $games ->
        [one] partida
       *[other] partidas
    } ahora), y tus rivales ven que estás ausente. `vacation off`, cualquier jugada o empezar una partida te hace volver; te { $left ->
        [one] quedará { $left } día
       *[other] quedarán { $left } días
    } este año.
vacation-not-away = No estás de vacaciones. `vacation on DÍAS` te pone de vacaciones.
vacation-challenges-withdrawn = { $count ->
        [one] Tu desafío abierto { $list } queda retirado
       *[other] Tus desafíos abiertos { $list } quedan retirados
    }: ninguna partida tuya empieza mientras estás ausente.
vacation-ended = ¡Bienvenido de vuelta! Tus vacaciones costaron { $used } { $used ->
        [one] día
       *[other] días
    }; te { $left ->
        [one] queda { $left }
       *[other] quedan { $left }
    } en { $year }. Tus relojes vuelven a correr ({ $games } { $games ->
        [one] partida
       *[other] partidas
    } en las que te toca mover).
vacation-on-board = { $player } está de vacaciones; terminan { $until } como muy tarde.
games-vacation = ({ $player } está de vacaciones; vuelve { $until } como muy tarde)
vacation-over-notice = { $player } ha vuelto de vacaciones. { $turn ->
        [yes] Su reloj en la **partida #{ $id }** vuelve a correr: el plazo vence { $deadline }.
       *[no] La **partida #{ $id }** sigue.
    }
vacation-exhausted-notice = { $player } ha agotado sus días de vacaciones del año, así que sus vacaciones han terminado. { $turn ->
        [yes] Su reloj en la **partida #{ $id }** vuelve a correr: el plazo vence { $deadline }.
       *[no] La **partida #{ $id }** sigue.
    }

## Las subórdenes y opciones de /rb

slash-command-forecast = rb-jugadas-condicionales
    .description = Tus jugadas condicionales en una partida: solo tú las ves
slash-sub-forecast-add = añadir
    .description = Tras tu jugada: la respuesta que esperas del rival, la tuya, y así sucesivamente
slash-sub-forecast-list = lista
    .description = Tus líneas en una partida, desde la posición actual
slash-sub-forecast-clear = borrar
    .description = Borra tus líneas en una partida
slash-option-moves = jugadas
    .description = Su jugada, tu respuesta, y así sucesivamente; varias líneas separadas por ;
slash-command-vacation = rb-vacaciones
    .description = Ausentarte sin perder por tiempo (30 días al año)
slash-sub-vacation-on = irse
    .description = Irte: tus relojes se paran donde te toca mover
slash-sub-vacation-off = volver
    .description = Volver: tus relojes siguen, y los días que no usaste vuelven a ser tuyos
slash-sub-vacation-status = estado
    .description = Si estás ausente, y los días de vacaciones que te quedan este año
slash-option-vacation-days = días
    .description = Cuántos días de ausencia (vacío: todo lo que te queda este año)
slash-choice-on = sí
slash-choice-off = no
