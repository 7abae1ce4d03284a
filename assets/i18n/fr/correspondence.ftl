# Jeu par correspondance : coups conditionnels et vacances.

help-forecast = Annoncez d'avance comment vous répondrez aux prochains coups de votre adversaire. Après votre coup, `forecast e6-f7 c1-b2` signifie « s'il joue e6-f7, je joue c1-b2 » ; une ligne peut continuer (jusqu'à 30 coups), plusieurs lignes se séparent par `;`, et vous pouvez en garder 30. `forecast` affiche vos lignes (vous seul les voyez), `forecast clear` les supprime.
help-vacation = Partez sans perdre au temps. `vacation on 7` arrête pendant 7 jours les pendules de vos parties où vous avez le trait (30 jours par an ; `vacation on` prend tout ce qui reste). `vacation off` ou n'importe quel coup de votre part vous fait revenir, et les jours non utilisés vous sont rendus. `vacation` montre ce qui reste.

command-vacation-days = Le nombre de jours de vacances doit être un nombre entier de 1 à { $max }, pas `{ $word }`.

## Coups conditionnels

forecast-computer = Les coups conditionnels sont pour les parties entre joueurs : l'ordinateur répond de toute façon tout de suite.
forecast-your-move = C'est à vous de jouer dans la partie #{ $id }. Jouez d'abord : une ligne de coups conditionnels commence par la réponse de votre adversaire à votre coup.
forecast-none = Vous n'avez aucun coup conditionnel dans la partie #{ $id }. Après votre coup, `forecast e6-f7 c1-b2` signifie « s'il joue e6-f7, je joue c1-b2 ».
forecast-in-public = Les coups conditionnels sont secrets, et dans le salon d'un serveur tout le monde — votre adversaire aussi — lit ce qui s'y écrit et mes réponses : je n'y prends donc pas de coups conditionnels. Donnez-les avec `/rb-forecast add`, dont vous seul voyez les réponses, ou en message privé.
forecast-cleared = Vos coups conditionnels de la partie #{ $id } sont supprimés ({ $count } { $count ->
        [one] ligne
       *[other] lignes
    }).
forecast-saved = Enregistré. Vous seul voyez vos coups conditionnels de la partie #{ $id } ; ils sont joués pour vous dès que le coup de votre adversaire correspond.
forecast-list = Vos coups conditionnels dans la partie #{ $id } ({ $count } { $count ->
        [one] ligne
       *[other] lignes
    }), chacune le coup de votre adversaire, puis votre réponse :
forecast-held-list = Une proposition en attente a retenu vos coups conditionnels dans la partie #{ $id } ({ $count } { $count ->
        [one] ligne
       *[other] lignes
    }) : c'est votre propre coup qui décide. Jouez le premier coup d'une ligne et la suite continue ; tout autre coup l'abandonne :
forecast-covered = La ligne { $line } fait déjà partie de votre ligne { $other } : rien à ajouter.
forecast-all-covered = { $count ->
        [one] La ligne fait déjà partie des vôtres : rien à ajouter.
       *[other] Les { $count } lignes font déjà partie des vôtres : rien à ajouter.
    }
forecast-already-there = { $count ->
        [one] La ligne { $lines } faisait déjà partie des vôtres : elle n'est pas ajoutée deux fois.
       *[other] Les lignes { $lines } faisaient déjà partie des vôtres : elles ne sont pas ajoutées deux fois.
    }
forecast-conflict = La ligne { $line } répond à { $theirs } par { $new }, mais votre ligne { $other } y répond déjà par { $old }. Une seule réponse par coup : `forecast clear` puis redonnez vos lignes pour la changer.
forecast-too-many = Cela ferait plus de { $max } { $max ->
        [one] ligne
       *[other] lignes
    } dans cette partie. Supprimez-en d'abord avec `forecast clear`.
forecast-too-long = La ligne { $line } a { $plies } { $plies ->
        [one] coup
       *[other] coups
    } ; une ligne en contient au plus { $max }.
forecast-over = la partie est déjà finie à ce moment-là ({ $outcome })
forecast-bad-move = Coup { $number } de votre ligne (`{ $text }`) : { $why }
forecast-bad-move-in-line = Ligne { $line }, coup { $number } (`{ $text }`) : { $why }
forecast-ends-with-theirs = La ligne { $line } se termine par le coup de votre adversaire `{ $text }` : ajoutez-y votre réponse.
forecast-answered = { $player } a répondu { $san } (coup conditionnel).
forecast-answered-notice = **Partie #{ $id }** : { $player } a répondu { $san } (coup conditionnel).

## Vacances

vacation-status = Vous n'êtes pas en vacances. Il vous reste { $left } de vos { $total } { $total ->
        [one] jour
       *[other] jours
    } de vacances en { $year } : partez avec `vacation on JOURS`.
vacation-status-away = Vous êtes en vacances ; elles finissent { $until } au plus tard ({ $planned } { $planned ->
        [one] jour réservé
       *[other] jours réservés
    } ; revenir maintenant en coûte { $used }). Il vous reste en outre { $left } { $left ->
        [one] jour
       *[other] jours
    } en { $year }. `vacation off` vous fait revenir.
vacation-already = Vous êtes déjà en vacances ; elles finissent { $until } au plus tard. `vacation off` vous fait revenir.
vacation-none-left = Vous avez utilisé { $total ->
        [one] votre jour
       *[other] vos { $total } jours
    } de vacances de { $year }.
vacation-too-long = Vous demandez { $days } { $days ->
        [one] jour
       *[other] jours
    }, mais il ne vous en reste que { $left } en { $year } : `vacation on { $left }` au plus.
vacation-changed = Vos vacances ont changé pendant que je traitais cela (une autre commande de votre part au même moment). Rien n'a été fait : regardez `vacation` et réessayez.
vacation-started = Vous êtes en vacances ; elles finissent { $until } au plus tard ({ $days } { $days ->
        [one] jour
       *[other] jours
    }). Les pendules de vos parties où vous avez le trait sont arrêtées ({ $games } { $games ->
        [one] partie
       *[other] parties
    } pour l'instant), et vos adversaires voient que vous êtes absent. `vacation off`, n'importe quel coup ou une partie que vous commencez vous fait revenir ; il vous restera { $left } { $left ->
        [one] jour
       *[other] jours
    } cette année.
vacation-not-away = Vous n'êtes pas en vacances. Partez avec `vacation on JOURS`.
vacation-challenges-withdrawn = { $count ->
        [one] Votre défi ouvert { $list } est retiré
       *[other] Vos défis ouverts { $list } sont retirés
    } : aucune de vos parties ne commence pendant votre absence.
vacation-ended = Bon retour ! Vos vacances ont coûté { $used } { $used ->
        [one] jour
       *[other] jours
    } ; il vous en reste { $left } en { $year }. Vos pendules tournent à nouveau ({ $games } { $games ->
        [one] partie
       *[other] parties
    } où vous avez le trait).
vacation-on-board = { $player } est en vacances ; elles finissent { $until } au plus tard.
games-vacation = ({ $player } est en vacances, fin { $until } au plus tard)
vacation-over-notice = { $player } est revenu de vacances. { $turn ->
        [yes] Sa pendule dans la **partie #{ $id }** tourne à nouveau : échéance { $deadline }.
       *[no] La **partie #{ $id }** continue.
    }
vacation-exhausted-notice = { $player } a utilisé tous ses jours de vacances de l'année : ses vacances sont finies. { $turn ->
        [yes] Sa pendule dans la **partie #{ $id }** tourne à nouveau : échéance { $deadline }.
       *[no] La **partie #{ $id }** continue.
    }

## Les sous-commandes et options de /rb

slash-command-forecast = rb-coups-conditionnels
    .description = Vos coups conditionnels dans une partie : vous seul les voyez
slash-sub-forecast-add = ajouter
    .description = Après votre coup : la réponse attendue de l'adversaire, la vôtre, et ainsi de suite
slash-sub-forecast-list = liste
    .description = Vos variantes dans une partie, depuis la position actuelle
slash-sub-forecast-clear = effacer
    .description = Supprimer vos variantes dans une partie
slash-option-moves = coups
    .description = Son coup, votre réponse, et ainsi de suite ; plusieurs variantes séparées par ;
slash-command-vacation = rb-vacances
    .description = S'absenter sans perdre au temps (30 jours par an)
slash-sub-vacation-on = partir
    .description = Partir : vos pendules s'arrêtent là où c'est à vous de jouer
slash-sub-vacation-off = revenir
    .description = Revenir : vos pendules repartent, et les jours non utilisés vous sont rendus
slash-sub-vacation-status = état
    .description = Si vous êtes absent, et les jours de vacances qui restent cette année
slash-option-vacation-days = jours
    .description = Combien de jours d'absence (vide : tout ce qui reste cette année)
slash-choice-on = activé
slash-choice-off = désactivé
