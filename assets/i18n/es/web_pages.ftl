## Las páginas web de los torneos y los jugadores (las de las partidas están en web.ftl).

## Páginas de los torneos.
page-tournament-title = Torneo n.º { $id }: { $name }
page-tournament-description = { $stage } · { $format } · torneo de Rollerball por correspondencia
page-tournament-open = Inscripción abierta: { $count } de { $max } { $max ->
    [one] jugador
   *[other] jugadores
  }
page-tournament-running = En juego: todas las partidas se juegan a la vez
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

## La portada (/).
home-title = Rollerball por correspondencia en Discord
home-description = Sigue las partidas en juego, repasa las terminadas, sigue los torneos y aprende a jugar al Rollerball en Discord.
home-intro = El Rollerball es una variante del ajedrez sobre un anillo: 40 casillas alrededor de un hueco, torres y alfiles que rebotan en los bordes y dos formas de ganar: dar mate o llevar a tu rey alrededor del anillo hasta el trono rival. Este bot organiza partidas por correspondencia en Discord: puedes tomarte días para cada jugada. Cada partida tiene aquí su página para seguirla, repasarla y descargarla.
home-guide = La guía del jugador
home-guide-what = explica cómo retar a alguien, escribir una jugada y todo lo demás que hace el bot.
home-add = Añadir el bot
home-add-server = Añadir Rollerball a un servidor
home-add-server-what = (necesitas permiso para gestionar el servidor).
home-add-account = Añadirlo a tu propia cuenta
home-add-account-what = para jugar con tus amigos en cualquier parte de Discord, incluso donde no está el bot.
home-add-ask = Para jugar necesitas un servidor de Discord donde esté el bot: pide a quien lo administra que lo añada al tuyo.
home-playing = Partidas en juego
home-finished = Partidas terminadas
home-tournaments = Torneos
home-none-playing = Ahora mismo no hay ninguna partida en juego.
home-none-finished = Todavía no ha terminado ninguna partida.
home-none-tournaments = Todavía no hay torneos.
home-to-move = Le toca a { $player } · { $moves ->
    [0] aún sin jugadas
    [one] { $moves } jugada
   *[other] { $moves } jugadas
  }
home-won = { $side ->
    [white] ganan las blancas
   *[black] ganan las negras
  }
home-drawn = tablas
home-aborted = anulada
home-tournament = { $stage ->
    [open] inscripción abierta
    [running] en juego
   *[finished] terminado
  }, { $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
  }

## La guía del jugador (/help).
help-page-title = Guía del jugador
help-page-description = Cómo jugar al Rollerball por correspondencia con el bot: cada comando, con ejemplos.
