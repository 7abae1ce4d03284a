# The game service's answers: refusals, failures, and what a command did.
# Placeholders: $id is a game's or challenge's number; $player, $opponent, $challenger are
# mentions (<@id>) or "the level N computer"; $deadline and $expires are Discord times
# (<t:…:R>, shown as "in 3 days"); $side is white or black; $san is a move (never translated).

store-conflict = La partida cambió mientras procesaba eso (alguien actuó en el mismo momento). No se hizo nada: mira el tablero e inténtalo de nuevo.
store-unavailable = Ahora mismo no puedo acceder a mi base de datos, así que no se cambió nada. Inténtalo de nuevo en un momento.
store-unconfirmed = Perdí la conexión con mi base de datos justo cuando guardaba eso, así que todavía no sé si se guardó. Mira `board` en un momento antes de volver a intentarlo.
button-unknown = Ese botón no es mío, o es demasiado antiguo para usarlo.
render-failed = No se pudo dibujar el tablero ({ $error }); la partida en sí no ha sufrido ningún cambio.
export-failed = No se pudo crear la animación ({ $error }).

## Names

computer-side = la computadora de nivel { $level }
# In thread titles and game records.
computer-name = Computadora (nivel { $level })

## Buttons

button-accept = Aceptar
button-decline = Rechazar
button-cancel = Retirar
button-accept-draw = Aceptar tablas
button-allow-takeback = Permitir deshacer
button-decline-draw = Rechazar tablas
button-decline-takeback = Rechazar deshacer
button-confirm-resign = Sí, abandonar
button-rematch = Revancha
button-legal-moves = Jugadas legales
button-offer-draw = Ofrecer tablas
button-resign = Abandonar

## Challenges

challenge-needs-server = Los desafíos se hacen donde tu rival pueda verlos: en un canal de un servidor, o en un mensaje directo o grupo con él una vez añadida la aplicación a tu cuenta. Usa el mismo comando allí.
challenge-unknown-name = No sé quién es `@{ $name }`. Menciónalo para que el nombre quede resaltado (escribe `@` y elígelo de la lista).
challenge-self = No puedes desafiarte a ti mismo. Nombra a otro jugador, o no nombres a nadie para un desafío abierto que cualquiera de aquí pueda aceptar.
challenge-already-open = Ya tienes abierto aquí el desafío #{ $id }. Escribe `cancel #{ $id }` para retirarlo primero.
challenge-already-open-for = Ya tienes abierto aquí el desafío #{ $id } para { $player }. Escribe `cancel #{ $id }` para retirarlo primero.
challenge-colour =
    { $side ->
        [white] { $player } juega con blancas
       *[black] { $player } juega con negras
    }
challenge-colour-random = colores por sorteo
# $rated is rated or casual; $colours is challenge-colour or challenge-colour-random.
challenge-terms =
    { $rated ->
        [rated] puntuable
       *[casual] amistosa
    }, { $days } { $days ->
        [one] día
       *[other] días
    } por jugada, { $colours }
# $kind is rematch or game; $terms is challenge-terms.
challenge-to =
    { $kind ->
        [rematch] { $challenger } desafía a { $challenged } a una revancha ({ $terms }). El desafío #{ $id } caduca { $expires }.
       *[game] { $challenger } desafía a { $challenged } a una partida de Rollerball ({ $terms }). El desafío #{ $id } caduca { $expires }.
    }
challenge-open =
    { $kind ->
        [rematch] { $challenger } busca rival: una revancha ({ $terms }). Cualquiera de aquí puede aceptar el desafío #{ $id } — caduca { $expires }.
       *[game] { $challenger } busca rival: una partida de Rollerball ({ $terms }). Cualquiera de aquí puede aceptar el desafío #{ $id } — caduca { $expires }.
    }
challenge-none = No existe el desafío #{ $id }.
# $status is expired, accepted, declined or cancelled.
challenge-closed =
    El desafío #{ $id } ya no está abierto ({ $status ->
        [accepted] aceptado
        [declined] rechazado
        [cancelled] retirado
       *[expired] caducado
    }).
challenge-became-game = El desafío #{ $id } ya se aceptó y es ahora la partida #{ $game }: la partida tiene su propio número (`board #{ $game }`).
challenge-not-yours = No te corresponde responder así al desafío #{ $id }.
challenge-several = Hay varios desafíos posibles: { $list }. Di cuál, por ejemplo `{ $word } #{ $id }`.
challenge-choice = #{ $id } de { $challenger }
accept-none = Aquí no hay ningún desafío que puedas aceptar. Empieza uno con `challenge @jugador`.
accept-own = Es tu propio desafío: tiene que aceptarlo otra persona.
accept-not-for-you = El desafío #{ $id } es para { $player }, no para ti.
accept-taken = El desafío #{ $id } ya no está disponible: acaban de aceptarlo o retirarlo, o ha caducado.
decline-none = No hay ningún desafío dirigido a ti que rechazar.
cancel-none = No tienes ningún desafío abierto que retirar.
challenge-declined = { $player } rechazó el desafío #{ $id } de { $challenger }.
challenge-withdrawn = { $player } retiró el desafío #{ $id }.
challenge-expired = El desafío #{ $id } de { $challenger } caducó: nadie lo aceptó en un día.
game-from-challenge = (del desafío #{ $challenge })
# $rated is rated or casual; $from is game-from-challenge with a space before it, or nothing.
game-begins =
    Empieza la **partida #{ $id }**{ $from }: { $white } (blancas) contra { $black } (negras), { $days } { $days ->
        [one] día
       *[other] días
    } por jugada, { $rated ->
        [rated] puntuable
       *[casual] amistosa
    }.

## Finding games ($word is the command's own word, such as board)

game-none = No existe la partida #{ $id }.
game-not-yours = No juegas en la partida #{ $id }; solo sus dos jugadores pueden hacer eso. Aun así puedes verla con `game #{ $id }`.
games-several-here = Tienes varias partidas aquí: { $list }. Añade el número de la partida, por ejemplo `{ $word } #{ $id }`.
game-none-here = No tienes ninguna partida en curso aquí. Empieza una con `challenge @jugador`.
game-none-here-finished = No tienes ninguna partida en curso aquí. Empieza una con `challenge @jugador`. { $count ->
        [one] Tu partida terminada:
       *[other] Tus últimas partidas terminadas:
    } { $list }; para ver una, añade su número, por ejemplo `{ $word } #{ $id }`.
game-elsewhere = Tu partida #{ $id } no está aquí. Juégala en { $channel }, o añade su número: `{ $word } #{ $id }`.
games-elsewhere = No tienes ninguna partida aquí. Tus partidas: { $list }. Añade el número de la partida, por ejemplo `{ $word } #{ $id }`.
game-choice = #{ $id } contra { $opponent }
game-over-already = La partida #{ $id } ha terminado: { $outcome }. Empieza otra con `rematch #{ $id }` o `challenge @jugador`.

## Moves

not-your-move = En la partida #{ $id } le toca mover a { $player }, no a ti. Te mencionaré cuando sea tu turno.
move-played = **Partida #{ $id }** · { $player } jugó **{ $san }**.
move-declines-draw = (Al jugar, rechazas la oferta de tablas.)
move-declines-takeback = (Al jugar, rechazas la petición de deshacer.)
computer-answered = La computadora respondió **{ $san }**.
computer-will-answer = La computadora responderá en un momento.
computer-opened = La computadora abrió con **{ $san }**.
computer-will-open = La computadora hará su primera jugada en un momento.
computer-answered-notice = **Partida #{ $id }** · la computadora respondió **{ $san }**.
turn-over = La partida ha terminado: { $outcome }.
# $check is yes or no; $deadline is a Discord time, or none.
turn-to-move =
    Le toca a { $player } ({ $side ->
        [white] blancas
       *[black] negras
    }){ $check ->
        [yes] , en jaque
       *[no] {""}
    }{ $deadline ->
        [none] .
       *[other] {" "}— el plazo vence { $deadline }.
    }

## Looking at games

board-header = **Partida #{ $id }** · { $white } (blancas) contra { $black } (negras), jugada { $number }.
board-last-move = Última jugada: **{ $san }**.
moves-game-over = La partida #{ $id } ha terminado: no quedan jugadas por hacer.
moves-no-piece = No hay ninguna pieza en { $square }.
# $piece is king, rook, bishop or pawn.
moves-not-side =
    { $piece ->
        [king] El rey
        [rook] La torre
        [bishop] El alfil
       *[pawn] El peón
    } de { $square } es de las { $owner ->
        [white] blancas
       *[black] negras
    }, y juegan las { $side ->
        [white] blancas
       *[black] negras
    }.
moves-piece-list = **Partida #{ $id }** · jugadas legales { $piece ->
        [king] del rey
        [rook] de la torre
        [bishop] del alfil
       *[pawn] del peón
    } de { $square }: { $moves }
moves-piece-none = **Partida #{ $id }** · { $piece ->
        [king] el rey
        [rook] la torre
        [bishop] el alfil
       *[pawn] el peón
    } de { $square } no tiene jugadas legales.
moves-side-list = **Partida #{ $id }** · jugadas legales de las { $side ->
        [white] blancas
       *[black] negras
    } ({ $count } { $count ->
        [one] jugada
       *[other] jugadas
    }):
    { $moves }
# One line of moves-side-list's $moves: a piece, its square and its moves. $piece is king,
# rook, bishop or pawn.
moves-group = { $piece ->
        [king] Rey
        [rook] Torre
        [bishop] Alfil
       *[pawn] Peón
    } de { $square }: { $moves }
moves-side-none = **Partida #{ $id }** · las { $side ->
        [white] blancas
       *[black] negras
    } no tienen jugadas legales.
history = **Partida #{ $id }** · { $moves }
history-ended = **Partida #{ $id }** · { $moves } — { $outcome }
history-empty = **Partida #{ $id }** · aún no hay jugadas.
games-none = No tienes ninguna partida en curso. Empieza una con `challenge @jugador`.
games-header = Tus partidas en curso:
# $turn is yes when it is the player's move.
games-line =
    • **#{ $id }** contra { $opponent } — juegas con { $side ->
        [white] blancas
       *[black] negras
    } — { $turn ->
        [yes] **te toca**
       *[no] le toca al rival
    }, el plazo vence { $deadline } — en { $channel }
export-done = **Partida #{ $id }** · la planilla ({ $count } { $count ->
        [one] jugada
       *[other] jugadas
    }) y una animación de la partida.

## Ending games and offers ($kind is draw or takeback)

resign-confirm = ¿Abandonar la partida #{ $id } contra { $opponent }? No se puede deshacer. Pulsa el botón, o escribe `resign #{ $id } confirm`.
resigned = **Partida #{ $id }** · { $player } abandonó.
abort-too-late = La partida #{ $id } ya no se puede anular: ambos bandos han jugado. Puedes ofrecer tablas (`draw`) o abandonar (`resign`).
aborted = **Partida #{ $id }** · { $player } anuló la partida.
computer-no-draw = La computadora sigue jugando: no acepta tablas. Puedes abandonar (`resign`), o anular (`abort`) antes de que ambos bandos hayan jugado.
computer-nothing-to-decline = No hay nada que rechazar: la computadora nunca pide deshacer jugadas.
draw-accepted = **Partida #{ $id }** · { $player } aceptó las tablas.
takeback-accepted = **Partida #{ $id }** · { $player } aceptó deshacer **{ $san }**.
offer-none-to-accept =
    { $kind ->
        [draw] No hay ninguna oferta de tablas que aceptar en la partida #{ $id }.
       *[takeback] No hay ninguna petición de deshacer que aceptar en la partida #{ $id }.
    }
offer-declined =
    { $kind ->
        [draw] **Partida #{ $id }** · { $player } rechazó la oferta de tablas.
       *[takeback] **Partida #{ $id }** · { $player } rechazó la petición de deshacer.
    }
offer-withdrawn =
    { $kind ->
        [draw] **Partida #{ $id }** · { $player } retiró su oferta de tablas.
       *[takeback] **Partida #{ $id }** · { $player } retiró su petición de deshacer.
    }
offer-none-to-decline =
    { $kind ->
        [draw] No hay ninguna oferta de tablas que rechazar en la partida #{ $id }.
       *[takeback] No hay ninguna petición de deshacer que rechazar en la partida #{ $id }.
    }
offer-stands =
    { $kind ->
        [draw] Tu oferta de tablas en la partida #{ $id } sigue en pie hasta que { $opponent } responda o juegue.
       *[takeback] Tu petición de deshacer en la partida #{ $id } sigue en pie hasta que { $opponent } responda o juegue.
    }
takeback-own-only = Solo puedes pedir deshacer tu propia última jugada, antes de que tu rival haya respondido.
offer-pending =
    { $kind ->
        [draw] Antes hay una oferta de tablas esperando respuesta: `draw accept` o `draw decline`.
       *[takeback] Antes hay una petición de deshacer esperando respuesta: `takeback accept` o `takeback decline`.
    }
draw-offered = **Partida #{ $id }** · { $player } ofrece tablas. { $opponent }: acepta con `draw`, o rechaza con `draw decline` — hacer una jugada también las rechaza.
offer-on-board =
    { $kind ->
        [draw] { $player } ofrece tablas: { $opponent } puede aceptarlas o rechazarlas (hacer una jugada también las rechaza).
       *[takeback] { $player } pide deshacer su última jugada: { $opponent } puede permitirlo o rechazarlo.
    }
takeback-asked = **Partida #{ $id }** · { $player } pide deshacer **{ $san }**. { $opponent }: `takeback accept` o `takeback decline`.
takeback-nothing = Todavía no tienes ninguna jugada que deshacer.
took-back = **Partida #{ $id }** · { $player } deshizo **{ $san }**.
moretime-computer = La computadora responde al instante: no tiene reloj que ampliar.
moretime-own-move = Te toca a ti, así que el plazo es tuyo: `moretime` da más tiempo a tu rival para su jugada.
moretime-too-far = Eso dejaría el plazo a más de { $max } { $max ->
        [one] día
       *[other] días
    }; da menos días.
moretime-given = **Partida #{ $id }** · { $player } dio a { $opponent } { $days } { $days ->
        [one] día más
       *[other] días más
    }: el plazo vence ahora { $deadline }.
rematch-still-playing-here = Tu partida de aquí sigue en curso; podrás pedir la revancha cuando termine.
rematch-which = Aún no tienes ninguna partida terminada: la revancha sigue a una partida cuando esta termina.
rematch-which-candidates = No tienes ninguna partida terminada aquí. { $count ->
        [one] Tu partida terminada:
       *[other] Tus últimas partidas terminadas:
    } { $list }; por ejemplo `rematch #{ $id }`.
rematch-not-player = Solo los jugadores de la partida #{ $id } pueden pedir la revancha.
rematch-not-over = La partida #{ $id } sigue en curso; podrás pedir la revancha cuando termine.
rematch-nobody = No hay nadie a quien pedir la revancha en esa partida.
rematch-exists = La revancha de la partida #{ $id } es la partida #{ $game }: una sola revancha por partida.
rematch-already-asked = Ya pediste la revancha de la partida #{ $id }: el desafío #{ $challenge } espera a tu rival (`cancel #{ $challenge }` lo retira).

## How games end ($winner is a player; $result is 1-0, 0-1 or ½–½)

outcome-checkmate = jaque mate, gana { $winner } ({ $result })
outcome-throne =
    el rey { $side ->
        [white] blanco
       *[black] negro
    } llegó al trono, gana { $winner } ({ $result })
outcome-resignation = { $winner } gana por abandono ({ $result })
outcome-time = { $winner } gana por tiempo ({ $result })
outcome-stalemate = ahogado, tablas (½–½)
outcome-repetition = triple repetición, tablas (½–½)
outcome-agreement = tablas de mutuo acuerdo (½–½)
outcome-aborted = anulada, sin resultado
outcome-win = gana { $winner } ({ $result })
outcome-draw = tablas ({ $result })

## Deadlines

# $last is yes for the last reminder before the deadline.
reminder =
    { $last ->
        [yes] Último aviso: { $player }, te toca jugar en la **partida #{ $id }** — el plazo vence { $deadline }. Si pasa, pierdes por tiempo.
       *[no] { $player }, te toca jugar en la **partida #{ $id }** — el plazo vence { $deadline }. Si pasa, pierdes por tiempo.
    }
timeout = **Partida #{ $id }** · { $player } no jugó a tiempo.
timeout-aborted = **Partida #{ $id }** · { $player } no hizo su primera jugada a tiempo: la partida queda anulada y no cuenta para la puntuación.
timeout-forfeit = **Partida #{ $id }** · { $player } no hizo su primera jugada a tiempo y pierde por incomparecencia; la partida no cuenta para la puntuación.
## Settings ($pings and $dm are on or off)

settings-show =
    Tus ajustes: idioma **{ $language }**, menciones **{ $pings ->
        [on] activadas
       *[off] desactivadas
    }**, mensajes directos en tu turno **{ $dm ->
        [on] activados
       *[off] desactivados
    }**. Cámbialos con `settings language CÓDIGO`, `settings pings on|off` o `settings dm on|off`.
settings-saved =
    Guardado: idioma **{ $language }**, menciones **{ $pings ->
        [on] activadas
       *[off] desactivadas
    }**, mensajes directos en tu turno **{ $dm ->
        [on] activados
       *[off] desactivados
    }**.
settings-language-unknown = Todavía no puedo responder en `{ $code }`; los idiomas que hablo son: { $languages }.

## Turn notices by direct message ($kind: moved, begun, reminder or last)

dm-turn =
    { $kind ->
        [begun] Empieza la partida #{ $id } contra { $opponent }: juegas con blancas, te toca mover
        [reminder] Aviso: te toca jugar en la partida #{ $id } contra { $opponent }
        [last] Último aviso: te toca jugar en la partida #{ $id } contra { $opponent }
       *[moved] { $opponent } jugó **{ $san }** en la partida #{ $id }: te toca
    } — el plazo vence { $deadline } · { $link }

## Notices Discord would not deliver by direct message, shown with the next command ($count of them)

held-notices = { $count ->
        [1] No pude escribirte por mensaje directo; esto es lo que tenía que decirte:
       *[other] No pude escribirte por mensaje directo; estos son los { $count } avisos que tenía para ti:
    }
held-notices-more = { $count ->
        [one] Queda un aviso más: te lo muestro con tu próximo comando.
       *[other] Quedan { $count } avisos más: te los muestro con tu próximo comando.
    }
