## El comando `web` y las páginas web del bot (partidas, torneos, jugadores).

help-web = La página web de la partida, para seguirla, repasarla y descargarla desde cualquier navegador; para un jugador de la partida, un enlace privado para jugarla desde el navegador (guárdalo para ti: juega en tu nombre durante 30 días). `web revoke` anula todos los enlaces privados que recibiste.
web-off = Este bot no sirve páginas web (su administrador no ha configurado `PUBLIC_URL`).
web-page = **Partida n.º { $id }** en la web: { $page }
web-page-no-moving = **Partida n.º { $id }** en la web: { $page }
    Jugar desde el navegador no está activado en este bot (no hay `WEB_SECRET`): juega aquí como siempre.
web-private = **Partida n.º { $id }** en la web: { $page }
    Tu enlace privado para jugarla desde un navegador: { $link }
    Guárdalo para ti: quien lo tenga puede jugar por ti en esta partida. Funciona 30 días; vuelve a pedir `web` para tener uno nuevo, y `web revoke` si otra persona pudo verlo.
web-button = Abrir en el navegador
web-link-line = 🌐 { $page }

## Páginas de las partidas.
web-game-title = Partida n.º { $id }: { $white } contra { $black }
web-game-description = { $state } · { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
  } · partida de Rollerball por correspondencia
web-to-move = Juega { $player } ({ $side ->
    [white] blancas
   *[black] negras
  })
web-check = ¡Jaque!
web-deadline = Plazo:
web-no-deadline = Sin plazo.
web-days = { $days ->
    [one] { $days } día por jugada
   *[other] { $days } días por jugada
  }
web-rated = puntuable
web-casual = amistosa
web-unrated = sin puntuación
web-computer = computadora
web-white = Blancas
web-black = Negras
web-moves = Jugadas
web-no-moves = Todavía no hay jugadas.
web-start = Inicio
web-previous = Jugada anterior
web-next = Jugada siguiente
web-end = Última jugada
web-replay-help = Recorre la partida con ← → Inicio Fin, o haz clic en una jugada.
web-showing = Posición tras la { $nth ->
   *[other] { $number }.ª
  } jugada de las { $side ->
    [white] blancas
   *[black] negras
  }.
web-showing-start = Posición inicial.
web-back-to-game = Volver a la posición actual
web-download = Descargar:
web-pgn = planilla (PGN)
web-gif = animación (GIF)
web-png = tablero (PNG)
web-gif-part = La animación muestra { $plies ->
        [one] la última jugada
       *[other] las últimas { $plies } jugadas
    } de { $total }; la planilla (PGN) tiene la partida entera.
web-analysis = Análisis
web-analysis-graph = La evaluación del motor a lo largo de la partida, desde el lado de las blancas
web-analysis-graph-points = Cada punto es una posición: haz clic en él para ver el tablero en ese momento.
web-tournament = Ronda { $round } de { $name }
web-offer-draw = { $side ->
    [white] Las blancas ofrecen
   *[black] Las negras ofrecen
  } tablas.
web-offer-takeback = { $side ->
    [white] Las blancas piden
   *[black] Las negras piden
  } deshacer la última jugada.
web-watching = { $count ->
    [one] { $count } espectador
   *[other] { $count } espectadores
  }
web-live = En directo: esta página se actualiza sola.
web-too-many-streams = Hay demasiadas páginas en directo abiertas desde tu dirección; cierra algunas y recarga.
web-not-found = No hay ninguna partida n.º { $id }.
web-page-not-found = Esa página no existe.
web-failed = No se pudo hacer la página ahora mismo; inténtalo de nuevo en un momento.
web-busy = El servidor está ocupado haciendo otros archivos; inténtalo de nuevo en unos segundos.
web-language = Idioma:

## Jugar desde el navegador.
web-play-heading = Juegas con { $side ->
    [white] blancas
   *[black] negras
  }
web-play-your-move = Te toca: haz clic en una pieza y luego en su destino, o escribe la jugada.
web-play-their-move = Esperando la jugada de tu rival.
web-play-move-label = Jugada
web-play-submit = Jugar
web-play-draw = Ofrecer tablas
web-play-accept-draw = Aceptar las tablas
web-play-decline-draw = Rechazar las tablas
web-play-draw-waits = Tu oferta de tablas espera la respuesta de tu rival.
web-play-withdraw-draw = Retirar tu oferta de tablas
web-play-takeback = Pedir deshacer tu última jugada
web-play-accept-takeback = Permitir deshacer
web-play-decline-takeback = Rechazar deshacer
web-play-takeback-waits = Tu petición de deshacer espera la respuesta de tu rival.
web-play-withdraw-takeback = Retirar tu petición de deshacer
web-play-played = Has jugado { $san }. Esperando la jugada de tu rival.
web-play-resign = Abandonar
web-play-resign-confirm = ¿Abandonar la partida n.º { $id }? No se puede deshacer.
web-play-done = Hecho.
web-link-invalid = Este enlace no es válido: puede que se haya modificado o que el secreto del bot haya cambiado. Pide uno nuevo al bot con `web`.
web-link-expired = Este enlace ha caducado. Pide uno nuevo al bot con `web`.
web-link-off = Jugar desde el navegador no está activado en este bot.
web-link-none = No has entrado para jugar esta partida desde este navegador. Abre primero el enlace privado que te dio el bot (`web`).
web-link-other-game = Tu enlace privado es de la partida n.º { $id }, no de esta.
web-link-stale = Este formulario está desactualizado (la página estaba abierta en otra pestaña o se envió dos veces). Recarga la página y vuelve a intentarlo.
web-foreign-form = Este formulario se envió desde otro sitio, así que no se ha hecho nada. Juega desde la página de la partida.
web-revoked = Tus enlaces privados quedan revocados: ninguno de los que te dio el bot funciona ya, en ninguna partida. Pide `web` para tener uno nuevo.
web-link-revoked = Este enlace lo revocó su jugador (`web revoke`). Pide uno nuevo al bot con `web`.
web-link-unchecked = No se pudo comprobar este enlace ahora mismo; inténtalo de nuevo en un momento.
web-signin-title = Jugar desde tu navegador
web-signin-working = Iniciando sesión…
web-signin-intro = Esta página inicia tu sesión con el enlace privado que te dio el bot (`web`). Si no lo hace sola, pega aquí el enlace entero (o el código que sigue a su `#`).
web-signin-label = Enlace privado
web-signin-submit = Entrar
