# The Discord front end's own texts, and the slash commands as Discord shows them.
# Subcommand, option and choice names: lower case, no spaces, at most 32 characters (Discord's
# rules). Discord still sends the English name, so these only change what players see.

thread-name = Partida #{ $id }: { $white } contra { $black }
tournament-thread-name = { $name } · #{ $id } { $white } contra { $black }
discord-thread-intro = { $players } — este hilo es el de la **partida #{ $id }**. Escribe aquí tu jugada (por ejemplo `Rb7`), o usa `/rb move`.
discord-secret-deleted = He borrado tu mensaje del canal: ya nadie más puede leerlo allí.
discord-secret-kept = No he podido borrar tu mensaje del canal (para eso necesito el permiso Gestionar mensajes): bórralo tú, para que tu rival no lea tus jugadas.
discord-files-left-out = (No he podido adjuntar la imagen ni los archivos aquí; `board` vuelve a mostrar el tablero.)
slash-pick-subcommand = Elige uno de los subcomandos del comando, por ejemplo `/rb-info help`.
slash-opponent-both = Elige como rival a un jugador o a la computadora, no a ambos.
slash-days = Los días por jugada deben ir de { $min } a { $max }, no { $days }.
slash-square = `{ $square }` no es una casilla; las casillas se escriben como `e1`.
slash-unknown = No conozco `/{ $name }`; prueba `/rb-info help`.
command-role-mention = `{ $role }` es un rol, y un desafío es para un solo jugador: menciónalo, o no nombres a nadie para un desafío abierto que cualquiera de aquí pueda aceptar.
command-unknown-mention = `{ $mention }` no es nadie que Discord conozca: menciona a un jugador eligiéndolo en la lista que se abre al escribir `@`. No se ha cambiado nada.

## The command's description; its subcommands are described by the first sentence of their help.

slash-rb = Juega al Rollerball por correspondencia

## Subcommand names

slash-sub-challenge = desafiar
slash-sub-accept = aceptar
slash-sub-decline = rechazar
slash-sub-cancel = retirar
slash-sub-move = jugar
slash-sub-board = tablero
slash-sub-moves = jugadas
slash-sub-history = historial
slash-sub-games = partidas
slash-sub-web = web
slash-sub-export = exportar
slash-sub-resign = abandonar
slash-sub-draw = tablas
slash-sub-takeback = deshacer
slash-sub-abort = anular
slash-sub-moretime = más-tiempo
slash-sub-rematch = revancha
slash-sub-leaderboard = clasificación
slash-sub-stats = estadísticas
slash-sub-rules = reglas
slash-sub-help = ayuda

## Options: the name, then what it is for

slash-option-game = partida
    .description = El número de la partida, si juegas más de una aquí
    .analysis = El número de la partida terminada (no hace falta en su propio hilo)
slash-option-challenge = desafío
    .accept = El número del desafío, si varios podrían aceptarse
    .decline = El número del desafío, si varios podrían rechazarse
    .cancel = El número del desafío, si varios podrían retirarse
slash-option-answer = respuesta
    .description = Responde a la oferta de tu rival (déjalo vacío para hacer una oferta)
slash-option-command = comando
    .description = El comando que quieres que explique
slash-option-opponent = rival
    .description = A quién desafiar (déjalo vacío: cualquiera de aquí puede aceptar)
slash-option-computer = computadora
    .description = Juega contra la computadora, a este nivel: 1 (principiante) a 5 (el más fuerte)
slash-option-colour = color
    .description = Tu color
slash-option-days = días
    .description = Días por jugada, de { $min } a { $max } ({ $default } por defecto)
    .moretime = Cuántos días dar a tu rival
slash-option-casual = amistosa
    .description = Una partida amistosa no cambia la puntuación
slash-option-revoke = revocar
    .description = Anular todos los enlaces privados que recibiste
slash-option-move = jugada
    .description = Tu jugada, por ejemplo Rb7, cxb2 o c2-b3
slash-option-square = casilla
    .description = Solo las jugadas de la pieza de esta casilla, por ejemplo e1
slash-option-language = idioma
    .description = El idioma de mis respuestas: en, fr, es, ru, o auto
slash-option-player = jugador
    .description = De quién ver la puntuación y el balance (déjalo vacío: los tuyos)
slash-command-settings = rb-ajustes
    .description = Tus ajustes: idioma, menciones, mensajes directos en tu turno
slash-sub-settings-show = ver
    .description = Tus ajustes actuales
slash-sub-settings-language = idioma
    .description = El idioma de mis respuestas
slash-sub-settings-pings = menciones
    .description = Si te menciono cuando es tu turno
slash-sub-settings-dm = md
    .description = Si te envío un mensaje directo cuando te toca mover
slash-option-set = valor
    .pings = Sí: te menciono en tu turno; no: no te menciono
    .dm = Sí: un mensaje directo cuando te toca mover; no: ninguno
slash-command-info = rb-información
    .description = La ayuda, las reglas, las puntuaciones y la planilla de una partida

## Choices

slash-choice-accept = aceptar
slash-choice-decline = rechazar
slash-choice-white = blancas
slash-choice-black = negras
slash-choice-random = al azar
