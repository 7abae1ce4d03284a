# The game service's answers: refusals, failures, and what a command did.
# Placeholders: $id is a game's or challenge's number; $player, $opponent, $challenger are
# mentions (<@id>) or "the level N computer"; $deadline and $expires are Discord times
# (<t:…:R>, shown as "in 3 days"); $side is white or black; $san is a move (never translated).

store-conflict = La partie a changé pendant que je traitais votre demande (quelqu'un a agi au même moment). Rien n'a été fait : regardez l'échiquier et réessayez.
store-unavailable = Je n'arrive pas à joindre ma base de données pour le moment, donc rien n'a été modifié. Réessayez dans un instant.
store-unconfirmed = J'ai perdu la connexion à ma base de données au moment même où j'enregistrais cela, donc je ne sais pas encore si c'est enregistré. Regardez `board` dans un instant avant de réessayer.
button-unknown = Ce bouton ne vient pas de moi, ou il est trop ancien pour être utilisé.
render-failed = Le dessin de l'échiquier a échoué ({ $error }) ; la partie elle-même n'est pas touchée.
export-failed = La création de l'animation a échoué ({ $error }).

## Names

computer-side = l'ordinateur de niveau { $level }
# In thread titles and game records.
computer-name = Ordinateur (niveau { $level })

## Buttons

button-accept = Accepter
button-decline = Refuser
button-cancel = Annuler
button-accept-draw = Accepter la nulle
button-allow-takeback = Autoriser la reprise
button-decline-draw = Refuser la nulle
button-decline-takeback = Refuser la reprise
button-confirm-resign = Oui, abandonner
button-rematch = Revanche
button-legal-moves = Coups légaux
button-offer-draw = Proposer la nulle
button-resign = Abandonner

## Challenges

challenge-needs-server = Les défis se lancent là où votre adversaire peut les voir : dans un salon d'un serveur, ou dans un message privé ou un groupe avec lui une fois l'application ajoutée à votre compte. Utilisez la même commande là-bas.
challenge-unknown-name = Je ne sais pas qui est `@{ $name }`. Mentionnez cette personne pour que son nom soit mis en évidence (tapez `@` et choisissez-la dans la liste).
challenge-self = Vous ne pouvez pas vous défier vous-même. Nommez un autre joueur, ou ne nommez personne pour un défi ouvert que n'importe qui ici peut accepter.
challenge-already-open = Vous avez déjà le défi #{ $id } ouvert ici. Tapez `cancel #{ $id }` pour le retirer d'abord.
challenge-already-open-for = Vous avez déjà le défi #{ $id } ouvert ici pour { $player }. Tapez `cancel #{ $id }` pour le retirer d'abord.
challenge-colour =
    { $side ->
        [white] { $player } joue les Blancs
       *[black] { $player } joue les Noirs
    }
challenge-colour-random = couleurs tirées au sort
# $rated is rated or casual; $colours is challenge-colour or challenge-colour-random.
challenge-terms =
    { $rated ->
        [rated] classée
       *[casual] amicale
    }, { $days } { $days ->
        [one] jour
       *[other] jours
    } par coup, { $colours }
# $kind is rematch or game; $terms is challenge-terms.
challenge-to =
    { $kind ->
        [rematch] { $challenger } propose une revanche à { $challenged } ({ $terms }). Le défi #{ $id } expire { $expires }.
       *[game] { $challenger } défie { $challenged } pour une partie de Rollerball ({ $terms }). Le défi #{ $id } expire { $expires }.
    }
challenge-open =
    { $kind ->
        [rematch] { $challenger } cherche un adversaire : une revanche ({ $terms }). N'importe qui ici peut accepter le défi #{ $id } — il expire { $expires }.
       *[game] { $challenger } cherche un adversaire : une partie de Rollerball ({ $terms }). N'importe qui ici peut accepter le défi #{ $id } — il expire { $expires }.
    }
challenge-none = Il n'y a pas de défi #{ $id }.
# $status is expired, accepted, declined or cancelled.
challenge-closed =
    Le défi #{ $id } n'est plus ouvert ({ $status ->
        [accepted] accepté
        [declined] refusé
        [cancelled] annulé
       *[expired] expiré
    }).
challenge-became-game = Le défi #{ $id } a été accepté et il est devenu la partie #{ $game } : la partie a son propre numéro (`board #{ $game }`).
challenge-not-yours = Ce n'est pas à vous de répondre ainsi au défi #{ $id }.
challenge-several = Plusieurs défis correspondent : { $list }. Précisez lequel, par exemple `{ $word } #{ $id }`.
challenge-choice = #{ $id } de { $challenger }
accept-none = Il n'y a ici aucun défi que vous puissiez accepter. Lancez-en un avec `challenge @joueur`.
accept-own = C'est votre propre défi : quelqu'un d'autre doit l'accepter.
accept-not-for-you = Le défi #{ $id } est destiné à { $player }, pas à vous.
accept-taken = Le défi #{ $id } vient d'être accepté, retiré ou d'expirer.
decline-none = Il n'y a aucun défi à votre intention à refuser.
cancel-none = Vous n'avez aucun défi ouvert à annuler.
challenge-declined = { $player } a refusé le défi #{ $id } de { $challenger }.
challenge-withdrawn = { $player } a retiré le défi #{ $id }.
challenge-expired = Le défi #{ $id } de { $challenger } a expiré : personne ne l'a accepté en un jour.
game-from-challenge = (issue du défi #{ $challenge })
# $rated is rated or casual; $from is game-from-challenge with a space before it, or nothing.
game-begins = **Partie #{ $id }**{ $from } commence : { $white } (Blancs) contre { $black } (Noirs), { $days } { $days ->
        [one] jour
       *[other] jours
    } par coup, partie { $rated ->
        [rated] classée
       *[casual] amicale
    }.

## Finding games ($word is the command's own word, such as board)

game-none = Il n'y a pas de partie #{ $id }.
game-not-yours = Vous ne jouez pas dans la partie #{ $id } ; seuls ses deux joueurs peuvent faire cela. Vous pouvez toujours la regarder avec `game #{ $id }`.
games-several-here = Vous avez plusieurs parties ici : { $list }. Ajoutez le numéro de la partie, par exemple `{ $word } #{ $id }`.
game-none-here = Vous n'avez aucune partie en cours ici. Lancez-en une avec `challenge @joueur`.
game-none-here-finished = Vous n'avez aucune partie en cours ici. Lancez-en une avec `challenge @joueur`. { $count ->
        [one] Votre partie terminée :
       *[other] Vos dernières parties terminées :
    } { $list } ; pour en regarder une, ajoutez son numéro, par exemple `{ $word } #{ $id }`.
game-elsewhere = Votre partie #{ $id } n'est pas ici. Jouez-la dans { $channel }, ou ajoutez son numéro : `{ $word } #{ $id }`.
games-elsewhere = Vous n'avez aucune partie ici. Vos parties : { $list }. Ajoutez le numéro de la partie, par exemple `{ $word } #{ $id }`.
game-choice = #{ $id } contre { $opponent }
game-over-already = La partie #{ $id } est terminée : { $outcome }. Commencez-en une nouvelle avec `rematch #{ $id }` ou `challenge @joueur`.

## Moves

not-your-move = C'est à { $player } de jouer dans la partie #{ $id }, pas à vous. Je vous mentionnerai quand ce sera votre tour.
move-played = **Partie #{ $id }** · { $player } a joué **{ $san }**.
move-declines-draw = (Jouer un coup refuse la proposition de nulle.)
move-declines-takeback = (Jouer un coup refuse la demande de reprise.)
computer-answered = L'ordinateur a répondu **{ $san }**.
computer-will-answer = L'ordinateur va répondre dans un instant.
computer-opened = L'ordinateur a ouvert avec **{ $san }**.
computer-will-open = L'ordinateur va jouer son premier coup dans un instant.
computer-answered-notice = **Partie #{ $id }** · l'ordinateur a répondu **{ $san }**.
turn-over = La partie est terminée : { $outcome }.
# $check is yes or no; $deadline is a Discord time, or none.
turn-to-move =
    Trait à { $player } ({ $side ->
        [white] Blancs
       *[black] Noirs
    }){ $check ->
        [yes] , en échec
       *[no] {""}
    }{ $deadline ->
        [none] .
       *[other] {" "}— échéance { $deadline }.
    }

## Looking at games

board-header = **Partie #{ $id }** · { $white } (Blancs) contre { $black } (Noirs), coup { $number }.
board-last-move = Dernier coup : **{ $san }**.
moves-game-over = La partie #{ $id } est terminée : il n'y a plus de coups à jouer.
moves-no-piece = Il n'y a pas de pièce en { $square }.
# $piece is king, rook, bishop or pawn.
moves-not-side =
    { $piece ->
        [king] Le roi
        [rook] La tour
        [bishop] Le fou
       *[pawn] Le pion
    } en { $square } appartient aux { $owner ->
        [white] Blancs
       *[black] Noirs
    }, et c'est aux { $side ->
        [white] Blancs
       *[black] Noirs
    } de jouer.
moves-piece-list = **Partie #{ $id }** · coups légaux { $piece ->
        [king] du roi
        [rook] de la tour
        [bishop] du fou
       *[pawn] du pion
    } en { $square } : { $moves }
moves-piece-none = **Partie #{ $id }** · { $piece ->
        [king] le roi
        [rook] la tour
        [bishop] le fou
       *[pawn] le pion
    } en { $square } n'a aucun coup légal.
moves-side-list = **Partie #{ $id }** · coups légaux des { $side ->
        [white] Blancs
       *[black] Noirs
    } ({ $count } { $count ->
        [one] coup
       *[other] coups
    }) :
    { $moves }
# One line of moves-side-list's $moves: a piece, its square and its moves. $piece is king,
# rook, bishop or pawn.
moves-group = { $piece ->
        [king] Roi
        [rook] Tour
        [bishop] Fou
       *[pawn] Pion
    } { $square } : { $moves }
moves-side-none = **Partie #{ $id }** · les { $side ->
        [white] Blancs
       *[black] Noirs
    } n'ont aucun coup légal.
history = **Partie #{ $id }** · { $moves }
history-ended = **Partie #{ $id }** · { $moves } — { $outcome }
history-empty = **Partie #{ $id }** · aucun coup pour l'instant.
games-none = Vous n'avez aucune partie en cours. Lancez-en une avec `challenge @joueur`.
games-header = Vos parties en cours :
# $turn is yes when it is the player's move.
games-line =
    • **#{ $id }** contre { $opponent } — vous jouez les { $side ->
        [white] Blancs
       *[black] Noirs
    } — { $turn ->
        [yes] **à vous de jouer**
       *[no] à l'adversaire de jouer
    }, échéance { $deadline } — dans { $channel }
export-done = **Partie #{ $id }** · la notation ({ $count } { $count ->
        [one] coup
       *[other] coups
    }) et une animation de la partie.

## Ending games and offers ($kind is draw or takeback)

resign-confirm = Abandonner la partie #{ $id } contre { $opponent } ? C'est irréversible. Appuyez sur le bouton, ou tapez `resign #{ $id } confirm`.
resigned = **Partie #{ $id }** · { $player } a abandonné.
abort-too-late = La partie #{ $id } ne peut plus être annulée : les deux camps ont joué. Vous pouvez proposer la nulle (`draw`) ou abandonner (`resign`).
aborted = **Partie #{ $id }** · { $player } a annulé la partie.
computer-no-draw = L'ordinateur joue jusqu'au bout : il n'accepte pas la nulle. Vous pouvez abandonner (`resign`), ou annuler (`abort`) tant que les deux camps n'ont pas joué.
computer-nothing-to-decline = Il n'y a rien à refuser : l'ordinateur ne demande jamais à reprendre un coup.
draw-accepted = **Partie #{ $id }** · { $player } a accepté la nulle.
takeback-accepted = **Partie #{ $id }** · { $player } a accepté de reprendre **{ $san }**.
offer-none-to-accept =
    { $kind ->
        [draw] Il n'y a aucune proposition de nulle à accepter dans la partie #{ $id }.
       *[takeback] Il n'y a aucune demande de reprise à accepter dans la partie #{ $id }.
    }
offer-declined =
    { $kind ->
        [draw] **Partie #{ $id }** · { $player } a refusé la proposition de nulle.
       *[takeback] **Partie #{ $id }** · { $player } a refusé la demande de reprise.
    }
offer-withdrawn =
    { $kind ->
        [draw] **Partie #{ $id }** · { $player } a retiré sa proposition de nulle.
       *[takeback] **Partie #{ $id }** · { $player } a retiré sa demande de reprise.
    }
offer-none-to-decline =
    { $kind ->
        [draw] Il n'y a aucune proposition de nulle à refuser dans la partie #{ $id }.
       *[takeback] Il n'y a aucune demande de reprise à refuser dans la partie #{ $id }.
    }
offer-stands =
    { $kind ->
        [draw] Votre proposition de nulle dans la partie #{ $id } tient jusqu'à ce que { $opponent } réponde ou joue.
       *[takeback] Votre demande de reprise dans la partie #{ $id } tient jusqu'à ce que { $opponent } réponde ou joue.
    }
takeback-own-only = Vous ne pouvez demander à reprendre que votre propre dernier coup, avant que votre adversaire n'ait répondu.
offer-pending =
    { $kind ->
        [draw] Une proposition de nulle attend d'abord une réponse : `draw accept` ou `draw decline`.
       *[takeback] Une demande de reprise attend d'abord une réponse : `takeback accept` ou `takeback decline`.
    }
draw-offered = **Partie #{ $id }** · { $player } propose la nulle. { $opponent } : acceptez avec `draw`, ou refusez avec `draw decline` — jouer un coup la refuse aussi.
offer-on-board =
    { $kind ->
        [draw] { $player } propose la nulle : { $opponent } peut l'accepter ou la refuser (jouer un coup la refuse aussi).
       *[takeback] { $player } demande à reprendre son dernier coup : { $opponent } peut l'autoriser ou refuser.
    }
takeback-asked = **Partie #{ $id }** · { $player } demande à reprendre **{ $san }**. { $opponent } : `takeback accept` ou `takeback decline`.
takeback-nothing = Vous n'avez encore aucun coup à reprendre.
took-back = **Partie #{ $id }** · { $player } a repris **{ $san }**.
moretime-computer = L'ordinateur répond aussitôt : il n'a pas de pendule à prolonger.
moretime-own-move = C'est à vous de jouer, l'échéance est donc la vôtre : `moretime` donne plus de temps à votre adversaire pour son coup.
moretime-too-far = L'échéance serait à plus de { $max } { $max ->
        [one] jour
       *[other] jours
    } ; donnez moins de jours.
moretime-given = **Partie #{ $id }** · { $player } a accordé { $days } { $days ->
        [one] jour supplémentaire
       *[other] jours supplémentaires
    } à { $opponent } : l'échéance est désormais { $deadline }.
rematch-still-playing-here = Votre partie ici est toujours en cours ; la revanche viendra quand elle sera finie.
rematch-which = Vous n'avez encore aucune partie terminée : une revanche suit une partie une fois celle-ci finie.
rematch-which-candidates = Vous n'avez aucune partie terminée ici. { $count ->
        [one] Votre partie terminée :
       *[other] Vos dernières parties terminées :
    } { $list } ; par exemple `rematch #{ $id }`.
rematch-not-player = Seuls les joueurs de la partie #{ $id } peuvent demander une revanche.
rematch-not-over = La partie #{ $id } est toujours en cours ; la revanche viendra quand elle sera finie.
rematch-nobody = Il n'y a personne à qui proposer une revanche dans cette partie.
rematch-exists = La revanche de la partie #{ $id } est la partie #{ $game } : une seule revanche par partie.
rematch-already-asked = Vous avez déjà demandé la revanche de la partie #{ $id } : le défi #{ $challenge } attend votre adversaire (`cancel #{ $challenge }` le retire).

## How games end ($winner is a player; $result is 1-0, 0-1 or ½–½)

outcome-checkmate = échec et mat, { $winner } gagne ({ $result })
outcome-throne =
    le roi { $side ->
        [white] blanc
       *[black] noir
    } a atteint le trône, { $winner } gagne ({ $result })
outcome-resignation = { $winner } gagne par abandon ({ $result })
outcome-time = { $winner } gagne au temps ({ $result })
outcome-stalemate = pat, partie nulle (½–½)
outcome-repetition = la même position trois fois, partie nulle (½–½)
outcome-agreement = nulle par accord mutuel (½–½)
outcome-aborted = annulée, sans résultat
outcome-win = { $winner } gagne ({ $result })
outcome-draw = partie nulle ({ $result })

## Deadlines

# $last is yes for the last reminder before the deadline.
reminder =
    { $last ->
        [yes] Dernier rappel : { $player }, c'est à vous de jouer dans la **partie #{ $id }** — l'échéance est { $deadline }. Passé ce délai, vous perdez au temps.
       *[no] { $player }, c'est à vous de jouer dans la **partie #{ $id }** — l'échéance est { $deadline }. Passé ce délai, vous perdez au temps.
    }
timeout = **Partie #{ $id }** · { $player } n'a pas joué à temps.
timeout-aborted = **Partie #{ $id }** · { $player } n'a pas joué de premier coup à temps : la partie est annulée, sans effet sur la cote.
timeout-forfeit = **Partie #{ $id }** · { $player } n'a pas joué de premier coup à temps et perd par forfait ; la partie ne compte pas pour la cote.

## Settings ($pings and $dm are on or off)

settings-show =
    Vos préférences : langue **{ $language }**, mentions **{ $pings ->
        [on] activées
       *[off] désactivées
    }**, messages privés à votre tour **{ $dm ->
        [on] activés
       *[off] désactivés
    }**. Modifiez-les avec `settings language CODE`, `settings pings on|off` ou `settings dm on|off`.
settings-saved =
    Enregistré : langue **{ $language }**, mentions **{ $pings ->
        [on] activées
       *[off] désactivées
    }**, messages privés à votre tour **{ $dm ->
        [on] activés
       *[off] désactivés
    }**.
settings-language-unknown = Je ne sais pas encore répondre en `{ $code }` ; les langues que je parle sont : { $languages }.

## Turn notices by direct message ($kind: moved, begun, reminder or last)

dm-turn =
    { $kind ->
        [begun] La partie #{ $id } contre { $opponent } commence : vous avez les Blancs, à vous de jouer
        [reminder] Rappel : à vous de jouer dans la partie #{ $id } contre { $opponent }
        [last] Dernier rappel : à vous de jouer dans la partie #{ $id } contre { $opponent }
       *[moved] { $opponent } a joué **{ $san }** dans la partie #{ $id } : à vous de jouer
    } — échéance { $deadline } · { $link }

## Notices Discord would not deliver by direct message, shown with the next command ($count of them)

held-notices = { $count ->
        [1] Je n'ai pas pu vous joindre par message privé ; voici ce que j'avais à vous dire :
       *[other] Je n'ai pas pu vous joindre par message privé ; voici les { $count } avis que j'avais pour vous :
    }
held-notices-more = { $count ->
        [one] Encore un avis en attente : je vous le montre à votre prochaine commande.
       *[other] Encore { $count } avis en attente : je vous les montre à votre prochaine commande.
    }
