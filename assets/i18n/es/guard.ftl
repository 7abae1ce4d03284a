# Guarding the bot against hostile input: the rate limit, invisible characters, mass mentions.

rate-slow-down = Me envías comandos más rápido de lo que puedo atenderlos: espera unos segundos y vuelve a intentarlo.
command-direction-control = Ese mensaje contiene un carácter invisible de dirección del texto (U+{ $code }), que hace que el texto se lea distinto de como se ve. Vuelve a escribir el comando sin él.
command-role-mention = `{ $role }` es un rol, y un desafío es para un solo jugador: menciónalo, o no nombres a nadie para un desafío abierto que cualquiera de aquí pueda aceptar.
command-unknown-mention = `{ $mention }` no es nadie que Discord conozca: menciona a un jugador eligiéndolo en la lista que se abre al escribir `@`. No se ha cambiado nada.
challenge-mass-mention = Nunca menciono a `@{ $name }`: un desafío es para un solo jugador (menciónalo), o no nombres a nadie para un desafío abierto que cualquiera de aquí pueda aceptar.
