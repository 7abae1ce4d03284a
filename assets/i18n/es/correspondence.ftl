# Juego por correspondencia: jugadas condicionales (previsiones) y vacaciones.

help-forecast = Di de antemano cómo responderás a las próximas jugadas de tu rival. Tras tu jugada, `forecast e6-f7 c1-b2` significa «si juega e6-f7, juego c1-b2»; una línea puede seguir (hasta 30 jugadas), varias líneas se separan con `;`, y puedes guardar 30. `forecast` muestra tus líneas (solo tú las ves), `forecast clear` las borra.
help-vacation = Auséntate sin perder por tiempo. `vacation on 7` detiene durante 7 días los relojes de tus partidas en las que te toca mover (30 días al año; `vacation on` toma todo lo que queda). `vacation off` o cualquier jugada tuya te hace volver, y los días no usados vuelven a ser tuyos. `vacation` muestra lo que queda.

command-vacation-days = Los días de vacaciones deben ser un número entero de 1 a { $max }, no `{ $word }`.

## Previsiones

forecast-computer = Las previsiones son para partidas entre jugadores: la computadora responde enseguida de todos modos.
forecast-your-move = Te toca mover en la partida #{ $id }. Juega primero: una previsión empieza con la respuesta de tu rival a tu jugada.
forecast-none = No tienes previsiones en la partida #{ $id }. Tras tu jugada, `forecast e6-f7 c1-b2` significa «si juega e6-f7, juego c1-b2».
forecast-cleared = Tus previsiones de la partida #{ $id } están borradas ({ $count } { $count ->
        [one] línea
       *[other] líneas
    }).
forecast-saved = Guardado. Solo tú ves tus previsiones de la partida #{ $id }; se juegan por ti en cuanto la jugada de tu rival coincide.
forecast-list = Tus previsiones en la partida #{ $id } ({ $count } { $count ->
        [one] línea
       *[other] líneas
    }), cada una la jugada de tu rival y luego tu respuesta:
forecast-held-list = Una oferta pendiente retuvo tus previsiones en la partida #{ $id } ({ $count } { $count ->
        [one] línea
       *[other] líneas
    }): decide tu propia jugada. Juega la primera jugada de una línea y el resto sigue; cualquier otra la descarta:
forecast-covered = La línea { $line } ya forma parte de tu línea { $other }: nada que añadir.
forecast-all-covered = Las { $count } líneas ya forman parte de las tuyas: nada que añadir.
forecast-already-there = { $count ->
        [one] La línea { $lines } ya formaba parte de las tuyas: no se añade dos veces.
       *[other] Las líneas { $lines } ya formaban parte de las tuyas: no se añaden dos veces.
    }
forecast-conflict = La línea { $line } responde a { $theirs } con { $new }, pero tu línea { $other } ya le responde con { $old }. Una sola respuesta por jugada: `forecast clear` y vuelve a dar tus líneas para cambiarla.
forecast-too-many = Serían más de { $max } líneas en esta partida. Borra algunas antes con `forecast clear`.
forecast-too-long = La línea { $line } tiene { $plies } jugadas; una línea tiene como mucho { $max }.
forecast-over = la partida ya ha terminado para entonces ({ $outcome })
forecast-bad-move = Jugada { $number } de tu línea (`{ $text }`): { $why }
forecast-bad-move-in-line = Línea { $line }, jugada { $number } (`{ $text }`): { $why }
forecast-ends-with-theirs = La línea { $line } termina con la jugada de tu rival `{ $text }`: añade tu respuesta.
forecast-answered = { $player } respondió { $san } (previsión).
forecast-answered-notice = **Partida #{ $id }**: { $player } respondió { $san } (previsión).

## Vacaciones

vacation-status = No estás de vacaciones. Te quedan { $left } de tus { $total } días de vacaciones en { $year }: `vacation on DÍAS` empieza unas.
vacation-status-away = Estás de vacaciones; terminan { $until } como muy tarde ({ $planned } { $planned ->
        [one] día reservado
       *[other] días reservados
    }; volver ahora cuesta { $used }). Además te { $left ->
        [one] queda { $left } día
       *[other] quedan { $left } días
    } en { $year }. `vacation off` te hace volver.
vacation-already = Ya estás de vacaciones; terminan { $until } como muy tarde. `vacation off` te hace volver.
vacation-none-left = Has usado tus { $total } días de vacaciones de { $year }.
vacation-too-long = Pides { $days } días, pero solo te { $left ->
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
vacation-challenges-withdrawn = { $count ->
        [one] Tu desafío abierto { $list } queda retirado
       *[other] Tus desafíos abiertos { $list } quedan retirados
    }: ninguna partida tuya empieza mientras estás ausente.
vacation-not-away = No estás de vacaciones. `vacation on DÍAS` empieza unas.
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
games-vacation = (de vacaciones, terminan { $until } como muy tarde)
vacation-over-notice = { $player } ha vuelto de vacaciones. { $turn ->
        [yes] Su reloj en la **partida #{ $id }** vuelve a correr: plazo { $deadline }.
       *[no] La **partida #{ $id }** sigue.
    }
vacation-exhausted-notice = { $player } ha usado todos sus días de vacaciones del año, así que sus vacaciones han terminado. { $turn ->
        [yes] Su reloj en la **partida #{ $id }** vuelve a correr: plazo { $deadline }.
       *[no] La **partida #{ $id }** sigue.
    }

## Las subórdenes y opciones de /rb

slash-sub-forecast = previsión
slash-sub-vacation = vacaciones
slash-option-moves = jugadas
    .description = Su jugada, tu respuesta, etc. (líneas separadas por ;), o clear; vacío: la lista
slash-option-switch = estado
    .description = Irte de vacaciones, o volver (vacío: ver lo que queda)
slash-option-vacation-days = días
    .description = Cuántos días de ausencia (vacío: todo lo que te queda este año)
slash-choice-on = on
slash-choice-off = off
