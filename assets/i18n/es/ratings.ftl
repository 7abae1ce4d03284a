# Clasificación y estadísticas: las respuestas de `leaderboard` y `stats`.

leaderboard-empty = { $scope ->
        [server] Nadie ha terminado todavía una partida puntuable en este servidor.
       *[global] Nadie ha terminado todavía una partida puntuable en ningún servidor.
    } Las partidas entre jugadores son puntuables salvo que sean `casual`: empieza una con `challenge @jugador`.
leaderboard-title = **Clasificación** · partidas puntuables { $scope ->
        [server] en este servidor
       *[global] en todos los servidores
    }
leaderboard-line = { $place }. **{ $name }** { $rating } · { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    } · { $record }
leaderboard-you = ← tú
leaderboard-provisional = ? provisional: muy pocas partidas, o ninguna desde hace mucho tiempo.

ratings-record = { $wins } V, { $draws } E, { $losses } D

stats-unknown-name = No sé quién es `@{ $name }`. Menciónalo para que el nombre quede resaltado (escribe `@` y elígelo de la lista).
stats-never-played = { $player } todavía no ha jugado conmigo: no hay estadísticas que mostrar.
stats-title = **{ $name }** · partidas puntuables { $scope ->
        [server] en este servidor
       *[global] en todos los servidores
    }
stats-rating = **{ $rating }** ±{ $deviation } { $scope ->
        [server] en este servidor
       *[global] en todos los servidores
    } ({ $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    })
stats-unrated = sin puntuación { $scope ->
        [server] en este servidor
       *[global] en todos los servidores
    }
stats-ratings = Puntuación: { $ratings }
stats-record = Balance: { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }
stats-no-record = Balance: todavía ninguna partida puntuable
stats-by-colour = Con blancas: { $white } · Con negras: { $black }
stats-by-ending = Victorias: { $wins } · Empates: { $draws } · Derrotas: { $losses }
stats-ending = { $count } { $ending ->
        [checkmate] por jaque mate
        [throne] por el trono
        [stalemate] por ahogado
        [repetition] por repetición
        [resignation] por abandono
        [agreement] por acuerdo
        [time] por tiempo
       *[abort] { $count ->
            [one] anulada
           *[other] anuladas
        }
    }
stats-endings-none = { $outcome ->
        [draw] ninguno
       *[other] ninguna
    }
stats-streak = Racha actual: { $outcome ->
        [win] { $count ->
            [one] { $count } victoria
           *[other] { $count } victorias
        }
        [draw] { $count ->
            [one] { $count } empate
           *[other] { $count } empates
        }
       *[loss] { $count ->
            [one] { $count } derrota
           *[other] { $count } derrotas
        }
    }
stats-active = Partidas en curso: { $count } ({ $games })
stats-active-none = Partidas en curso: ninguna
