# `help`: the list of commands and each command's summary. The command words and usage lines
# stay English (they are what the parser reads); only the explanations are translated.

help-header = **Rollerball** — partidas por correspondencia en un tablero en anillo. Comandos:
help-footer = `help COMANDO` explica uno con más detalle, con un ejemplo. `rules` explica el juego.
# One command explained: $name is the command word, $summary its explanation below.
help-entry = **{ $name }** — { $summary }
    Uso: `{ $usage }`
    Ejemplo: `{ $example }`
help-slash = En Discord: { $command }
help-unknown = No existe el comando `{ $topic }`. Escribe `help` para ver la lista.
help-guide = 📖 La guía de los jugadores, cada comando con ejemplos: { $page }

help-challenge = Desafía a un jugador, o a cualquiera de aquí si no nombras a nadie, o a la computadora (nivel 1 a 5, 3 por defecto; la partida empieza enseguida). De 1 a 14 días por jugada (3 por defecto). Las partidas entre jugadores cuentan para la puntuación salvo que sean amistosas (casual). Los desafíos caducan al cabo de un día.
help-accept = Acepta un desafío dirigido a ti, o uno abierto aquí.
help-decline = Rechaza un desafío dirigido a ti.
help-cancel = Retira un desafío que hiciste.
help-move = Haz una jugada en notación algebraica (Rb7, cxb2, e6=R) o de casilla a casilla (c2-b3). En el hilo de la partida basta con escribir la jugada.
help-board = Muestra el tablero.
help-moves = Lista las jugadas legales, o las de la pieza de una casilla (marcadas en el tablero).
help-history = Las jugadas hechas hasta ahora.
help-games = Tus partidas en curso: rival, color, a quién le toca y cuándo vence el plazo.
help-game = Mira cualquier partida por su número.
help-export = La planilla de la partida (PGN) y un GIF animado de la partida.
help-resign = Abandona la partida (se te pedirá que lo confirmes).
help-draw = Ofrece tablas, o acepta la oferta de tu rival. `draw decline` (o simplemente jugar) la rechaza.
help-takeback = Pide deshacer tu última jugada; tu rival acepta o rechaza.
help-abort = Anula la partida sin resultado, antes de que ambos bandos hayan jugado.
help-moretime = Da a tu rival días extra para su jugada.
help-rematch = Desafía a tu rival a una nueva partida con los colores cambiados.
help-leaderboard = Los diez jugadores con mejor puntuación de este servidor (en un mensaje directo: de todos los servidores), y tu propio puesto.
help-stats = Tu puntuación y tu balance, o los de otro jugador: victorias, tablas y derrotas por color y por forma de terminar, la racha actual, las partidas en curso.
help-rules = Un breve resumen de las reglas del Rollerball.
help-settings = Muestra o cambia tus ajustes: idioma de las respuestas, si te menciono cuando te toca, y si te envío un mensaje directo cuando te toca.
help-help = Esta lista, o más sobre un comando.
