# Guarding the bot against hostile input: the rate limit, invisible characters, mass mentions.

rate-slow-down = Me envías comandos más rápido de lo que puedo atenderlos: espera unos segundos y vuelve a intentarlo.
# Los topes de lo que un jugador puede tener a la vez ($count vale al menos $max).
cap-games = Ya tienes { $count } { $count ->
    [one] partida
   *[other] partidas
  } en curso, y { $max } a la vez es el máximo para un jugador: termina una antes de empezar otra.
cap-games-other = { $player } ya tiene { $count } { $count ->
    [one] partida
   *[other] partidas
  } en curso, y { $max } a la vez es el máximo para un jugador: esta partida podrá empezar cuando termine una.
cap-computer-games = Ya tienes { $count } { $count ->
    [one] partida
   *[other] partidas
  } contra la computadora en curso, y { $max } a la vez es el máximo: termina una antes de empezar otra.
cap-tournaments = Ya organizas { $count } { $count ->
    [one] torneo que no ha empezado
   *[other] torneos que no han empezado
  }, y el máximo es { $max }: inicia o cancela uno antes de crear otro.
command-direction-control = Ese mensaje contiene un carácter invisible de dirección del texto (U+{ $code }), que hace que el texto se lea distinto de como se ve. Vuelve a escribir el comando sin él.
challenge-mass-mention = Nunca menciono a `@{ $name }`: un desafío es para un solo jugador (menciónalo), o no nombres a nadie para un desafío abierto que cualquiera de aquí pueda aceptar.
