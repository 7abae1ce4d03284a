# Why a typed line is not a command. Command words and usage lines stay English: they are what
# the parser reads.

command-empty = Escribe un comando, por ejemplo `help`.
command-too-long = Ese mensaje es demasiado largo ({ $length } { $length ->
        [one] carácter
       *[other] caracteres
    }); los comandos son cortos, como `move Rb7`.
command-unknown = No conozco el comando `{ $word }`. Escribe `help` para ver la lista de comandos.
command-unknown-suggest = No conozco el comando `{ $word }`. ¿Quisiste decir `{ $suggestion }`? Escribe `help` para ver la lista.
# $what is one of the command-needs-* texts below.
command-missing = A `{ $command }` le falta { $what }. Uso: `{ $usage }`
command-needs-move = una jugada
command-needs-game-number = un número de partida
command-needs-days = un número de días
command-needs-level = un nivel después de `level`
command-needs-days-number = un número después de `days`
command-needs-language = un código de idioma
command-needs-on-off = `on` u `off`
command-unexpected = `{ $command }` no entiende `{ $word }`. Uso: `{ $usage }`
command-days = Los días por jugada deben ser un número entero de { $min } a { $max }, no `{ $word }`.
command-game-number = `{ $word }` no es un número de partida; los números de partida se escriben como `#12`.
command-level = El nivel de la computadora es un número de 1 (principiante) a 5 (el más fuerte), no `{ $word }`.
