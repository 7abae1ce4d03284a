## Las páginas web de los torneos y los jugadores (las de las partidas están en web.ftl).

## Páginas de los torneos.
page-tournament-title = Torneo n.º { $id }: { $name }
page-tournament-description = { $stage } · { $format } · torneo de Rollerball por correspondencia
page-tournament-open = Inscripción abierta: { $count } de { $max } { $max ->
    [one] jugador
   *[other] jugadores
  }
page-tournament-round = Ronda { $round } de { $rounds }
page-tournament-finished = Terminado
page-tournament-cancelled = Cancelado por su organizador antes del comienzo
page-tournament-progress = { $finished } de { $games } { $games ->
    [one] partida terminada
   *[other] partidas terminadas
  }
page-tournament-organiser = Organizador:
page-tournament-players = Jugadores
page-tournament-nobody = Todavía no se ha inscrito nadie.
page-tournament-standings = Clasificación
page-tournament-crosstable = Tabla cruzada
page-tournament-legend = Leyenda:
page-tournament-withdrawn = retirado
page-tournament-annulled = retirado antes de jugar la mitad de sus partidas: resultados anulados
page-tournament-not-found = No hay ningún torneo n.º { $id }.
page-column-place = Puesto
page-column-player = Jugador
page-column-points = Puntos
page-column-played = Disputadas
page-column-left = Pendientes
page-column-wins = Victorias
page-column-head-to-head = Enfrentamiento directo
page-cross-game = Partida n.º { $id }
page-cross-playing = Partida n.º { $id }, todavía en juego

## Páginas de los jugadores.
page-player-title = { $name } · jugador de Rollerball
page-player-description = { $record } · { $playing ->
    [one] { $playing } partida en juego
   *[other] { $playing } partidas en juego
  }
page-player-ratings = Puntuaciones
page-player-unrated = Todavía no hay partidas puntuables.
page-player-everywhere = Todos los servidores
page-player-server = Servidor { $server }
page-player-provisional = ? marca una puntuación provisional: pocas partidas, o ninguna desde hace mucho.
page-column-scope = Dónde
page-column-rating = Puntuación
page-column-rated-games = Partidas puntuables
page-player-playing = Partidas en juego
page-player-none-playing = Ninguna partida en juego.
page-player-finished = Partidas terminadas
page-player-latest = { $count ->
    [one] La última partida
   *[other] Las últimas { $count } partidas
  }, la más reciente primero.
page-player-none-finished = Todavía no hay partidas terminadas.
page-column-game = Partida
page-column-colour = Color
page-column-opponent = Rival
page-column-result = Resultado
page-column-started = Comenzó
page-column-ended = Terminó
page-column-turn = Turno
page-player-turn = { $mine ->
    [yes] le toca
   *[no] le toca al rival
  }
page-player-outcome = { $outcome ->
    [win] ganada
    [draw] tablas
    [loss] perdida
   *[aborted] anulada
  }
page-player-not-found = Ningún jugador de aquí tiene el número { $id }.
page-player-by-number = La página de un jugador se encuentra por su número de Discord: /players/ seguido de él (un nombre no basta, porque dos jugadores pueden compartirlo).
