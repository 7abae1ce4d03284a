# The game service's answers: refusals, failures, and what a command did.

store-conflict = La partida cambió mientras procesaba eso (alguien actuó en el mismo momento). No se hizo nada: mira el tablero e inténtalo de nuevo.
store-unavailable = Ahora mismo no puedo acceder a mi base de datos, así que no se cambió nada. Inténtalo de nuevo en un momento.
button-unknown = Ese botón no es mío, o es demasiado antiguo para usarlo.
