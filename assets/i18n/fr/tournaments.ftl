# Tournaments: round-robin events in a server, from sign-up to the final crosstable.
# $tournament is tournament-title ("#3 **Spring**"). $format is tournament-format.

tournament-title = #{ $id } **{ $name }**
tournament-format = { $double ->
        [yes] toutes rondes en aller-retour
       *[no] toutes rondes
    }, { $days ->
        [one] { $days } jour par coup
       *[other] { $days } jours par coup
    }, { $rated ->
        [rated] classé
       *[casual] amical
    }

## Finding the tournament meant

tournament-needs-server = Les tournois se jouent dans les salons d'un serveur, pas en message privé.
tournament-needs-bot = Les tournois demandent que le bot soit dans le serveur : il y publie les fils des parties, les rappels et le classement. Demandez à un administrateur de l'ajouter.
tournament-none = Il n'y a pas de tournoi #{ $id }. `tournaments` liste ceux de ce serveur.
tournament-elsewhere = Le tournoi #{ $id } appartient à un autre serveur.
tournament-none-here = Ce serveur n'a encore aucun tournoi. Créez-en un avec `tournament create NOM`.
tournament-none-open = Aucun tournoi ici n'est ouvert aux inscriptions. `tournaments` liste ceux de ce serveur ; chacun peut en créer un avec `tournament create NOM`.
tournament-none-joined = Vous n'êtes inscrit à aucun tournoi d'ici qui n'a pas encore commencé.
tournament-none-organised = Vous n'organisez ici aucun tournoi qui n'a pas encore commencé.
tournament-none-running-organised = Vous n'organisez ici aucun tournoi ouvert ou en cours.
# $word is the subcommand ("view" for the standings).
tournament-several = Plusieurs tournois conviennent : { $list }. Précisez lequel, par exemple { $word ->
        [view] `tournament #{ $id }`
       *[other] `tournament { $word } #{ $id }`
    }.

## Refusals

tournament-name-taken = Ce serveur a déjà un tournoi de ce nom : { $tournament }. Choisissez-en un autre.
tournament-already-joined = Vous êtes déjà inscrit à { $tournament }.
tournament-full = { $tournament } est complet : { $max ->
        [one] { $max } joueur sur { $max } est inscrit.
       *[other] { $max } joueurs sur { $max } sont inscrits.
    }
tournament-started-already = { $tournament } a déjà commencé : les inscriptions sont closes.
tournament-over-already = { $tournament } est terminé.
tournament-cancelled-already = { $tournament } a été annulé.
tournament-changed = { $tournament } vient de changer ; rien n'a été fait. Réessayez.
tournament-not-joined = Vous n'êtes pas inscrit à { $tournament }.
tournament-leave-started = { $status ->
        [running] { $tournament } a déjà commencé, vous ne pouvez donc plus le quitter : jouez vos parties ou abandonnez-les (l'organisateur peut aussi vous retirer).
       *[other] { $tournament } n'est plus ouvert : il n'y a rien à quitter.
    }
# $action: start, cancel or withdraw.
tournament-not-organiser = Seul { $organiser }, qui organise { $tournament }, peut { $action ->
        [start] le lancer
        [cancel] l'annuler
       *[withdraw] en retirer des joueurs
    }.
tournament-too-few = { $tournament } a besoin d'au moins { $min } { $min ->
        [one] joueur
       *[other] joueurs
    } pour commencer ; { $count ->
        [0] personne ne s'est encore inscrit.
        [one] seul { $players } s'est inscrit.
       *[other] { $count } se sont inscrits : { $players }.
    }
tournament-start-here = Lancez { $tournament } dans { $channel }, son salon (pas dans un fil), pour que chacune de ses parties y ait son fil.
tournament-cancel-started = { $tournament } a commencé et ne peut plus être annulé : ses parties se jouent jusqu'au bout. Vous pouvez retirer un joueur avec `tournament withdraw #{ $id } @joueur`.
tournament-unknown-name = Je ne sais pas qui est `@{ $name }`. Mentionnez ce joueur pour que son nom soit mis en évidence (tapez `@` et choisissez-le dans la liste).
tournament-withdraw-not-entrant = { $player } ne joue pas dans { $tournament }.
tournament-withdraw-already = { $player } a déjà été retiré de { $tournament }.
tournament-withdraw-nothing-left = { $player } a terminé toutes ses parties de { $tournament } : il n'y a plus rien à déclarer forfait, et ses résultats comptent.
tournament-no-abort = La partie #{ $id } fait partie de { $tournament } et ne peut donc pas être annulée : jouez-la, proposez la nulle ou abandonnez.
tournament-table-not-yet = { $tournament } n'a pas encore commencé : son tableau naît avec ses parties. `tournament #{ $id }` montre qui s'est inscrit.

## Done

tournament-created = 🏆 { $organiser } a créé le tournoi { $tournament } : { $format }. Inscrivez-vous avec `tournament join #{ $id }` ou le bouton ci-dessous ; { $organiser } le lance avec `tournament start #{ $id }` dès qu'au moins { $min } { $min ->
        [one] joueur est inscrit
       *[other] joueurs sont inscrits
    } (au plus { $max }). Toutes les parties commencent alors en même temps.
tournament-joined = { $player } s'est inscrit à { $tournament } : { $count } { $count ->
        [one] joueur
       *[other] joueurs
    } sur { $max } ({ $players }).
tournament-left = { $player } a quitté { $tournament } : { $count ->
        [one] il reste { $count } joueur.
       *[other] il reste { $count } joueurs.
    }
tournament-cancelled = { $organiser } a annulé { $tournament } : il ne sera pas joué.
tournament-removed = { $organiser } a retiré { $player } de la liste de { $tournament } : { $count ->
        [one] il reste { $count } joueur.
       *[other] il reste { $count } joueurs.
    }
# $list: one tournament-pairing per line, or tournament-pairing-range.
tournament-started = 🏁 { $tournament } commence : { $players } — { $count } { $count ->
        [one] partie
       *[other] parties
    }, toutes en même temps ; { $format }.
    { $list }Chaque partie a son fil ; `games` liste les vôtres, et `tournament #{ $id }` montre le classement.
tournament-pairing = #{ $game } { $white } – { $black }
tournament-pairing-range = Parties #{ $first } à #{ $last }.
# $games lists the game numbers; $annulled says how the withdrawn player's results now count.
tournament-withdrawn = { $organiser } a retiré { $player } de { $tournament } : { $count ->
        [one] sa partie inachevée ({ $games }) est perdue par forfait, et son adversaire la gagne.
       *[other] ses { $count } parties inachevées ({ $games }) sont perdues par forfait, et ses adversaires les gagnent.
    } { $annulled ->
        [yes] Comme il avait joué moins de la moitié de ses parties, aucun de ses résultats ne compte au classement.
       *[no] Comme il avait joué au moins la moitié de ses parties, ses résultats comptent, forfaits compris.
    }

## The standings

tournament-signup = { $tournament } · { $format }
    Inscriptions ouvertes : { $count ->
        [0] personne pour l'instant
        [one] { $count } joueur sur { $max } ({ $players })
       *[other] { $count } joueurs sur { $max } ({ $players })
    }. Organisé par { $organiser } ; inscrivez-vous avec `tournament join #{ $id }`.
tournament-cancelled-view = { $tournament } a été annulé par son organisateur avant de commencer.
tournament-standings-title = { $tournament } · { $format }
    { $over ->
        [yes] **Classement final**
       *[no] **Classement** après { $finished } { $finished ->
            [one] partie
           *[other] parties
        } sur { $games }
    }
# $h2h is the head-to-head score among the players level on everything else, or "none".
tournament-line = `{ $place }` { $player } — **{ $points }** · jouées { $played }, restantes { $left } · SB { $sb } · { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }{ $h2h ->
        [none] {""}
       *[other] {" "}· confrontation directe { $h2h }
    }{ $withdrawn ->
        [yes] {" "}(retiré)
       *[no] {""}
    }
tournament-line-annulled = `–` { $player } — retiré avant d'avoir joué la moitié de ses parties : résultats annulés
tournament-tiebreaks = À égalité de points, les joueurs sont départagés au Sonneborn–Berger (SB), puis au nombre de victoires, puis à la confrontation directe ; à égalité sur tout, ils partagent la place.

## The crosstable

tournament-table-caption = Tableau de { $tournament } — { $over ->
        [yes] final
       *[no] après { $finished } { $finished ->
            [one] partie
           *[other] parties
        } sur { $games }
    }.
tournament-table-subtitle = Tournoi #{ $id } · { $over ->
        [yes] classement final
       *[no] après { $finished } { $finished ->
            [one] partie
           *[other] parties
        } sur { $games }
    }
tournament-table-points = Pts
tournament-table-sb = SB
# The crosstable's legend, each beside a small cell showing it.
tournament-table-legend-win = victoire
tournament-table-legend-draw = nulle
tournament-table-legend-loss = défaite
tournament-table-legend-forfeit = gagnée / perdue par forfait
tournament-table-legend-unplayed = partie en cours
tournament-table-legend-annulled = annulée : ne compte pas
tournament-table-legend-colours = jouée avec les Blancs / les Noirs

## The list

tournaments-none = Ce serveur n'a encore aucun tournoi : créez-en un avec `tournament create NOM`.
tournaments-title = **Les tournois de ce serveur**
tournaments-heading = { $status ->
        [open] __Inscriptions ouvertes__
        [running] __En cours__
       *[finished] __Terminés__
    }
tournaments-item-open = { $tournament } — { $count } { $count ->
        [one] joueur
       *[other] joueurs
    } sur { $max }, par { $organiser } · { $format }
tournaments-item-running = { $tournament } — { $count } { $count ->
        [one] joueur
       *[other] joueurs
    }, { $finished } { $finished ->
        [one] partie terminée
       *[other] parties terminées
    } sur { $games }
tournaments-item-finished = { $tournament } — { $count ->
        [one] gagné par { $winners }
       *[other] première place partagée par { $winners }
    }

## The end

tournament-final = 🏆 { $tournament } est terminé ! { $count ->
        [one] { $winners } le remporte
       *[other] { $winners } se partagent la première place
    } avec { $points } { $score ->
        [one] point
       *[other] points
    }{ $by ->
        [sb] , devant au Sonneborn–Berger
        [wins] , devant au nombre de victoires
        [h2h] , devant à la confrontation directe
       *[none] {""}
    }. Bravo !
tournament-final-short = 🏆 { $tournament } est terminé : toutes les parties ont été jouées. `tournament #{ $id }` montre le classement final.

## In its games

tournament-game-line = Tournoi #{ $id } **{ $name }** · ronde { $round }
tournament-game-counts = Cette partie compte pour le tournoi #{ $id } **{ $name }** : { $finished ->
        [one] { $finished } partie terminée sur { $games }
       *[other] { $finished } parties terminées sur { $games }
    } ; `tournament #{ $id }` montre le classement.
tournament-game-last = C'était la dernière partie du tournoi #{ $id } **{ $name }** : le classement final et le tableau sont publiés dans { $channel }.
outcome-forfeit = { $winner } gagne par forfait ({ $result })
button-tournament-join = S'inscrire

## Help and the command's words

help-tournament = Tournois toutes rondes sur ce serveur. Créez-en un avec `create` (tout le monde peut ; `double` fait jouer chaque paire deux fois, `casual` ne touche pas aux cotes, `max N` limite les joueurs, de 3 à 12), puis les joueurs s'inscrivent (`join`) ou se retirent (`leave`). Son organisateur peut le lancer (`start`) dès 3 inscrits — toutes les parties commencent en même temps, chacune dans son fil —, l'annuler avant (`cancel`) ou retirer un joueur après (`withdraw @joueur`). `tournament` seul montre le classement, `tournament table` le tableau.
help-tournaments = Les tournois de ce serveur : ouverts aux inscriptions, en cours et terminés.
command-needs-tournament-name = le nom du tournoi
command-needs-player = le joueur à retirer
command-needs-max-players = un nombre après `max`
command-tournament-number = `{ $word }` n'est pas un numéro de tournoi ; les numéros de tournoi s'écrivent comme `#2`.
command-tournament-name = `{ $word }` n'est pas un nom de tournoi : utilisez de 1 à { $max } { $max ->
        [one] lettre, chiffre,
       *[other] lettres, chiffres,
    } espaces ou signes de ponctuation simples, entre guillemets s'il contient un mot d'option (`"Double Trouble"`).
command-max-players = Un tournoi accueille de { $min } à { $max } { $max ->
        [one] joueur
       *[other] joueurs
    } : `max { $word }` est hors limites.
command-tournament-name-link = Le nom d'un tournoi ne peut pas être un lien ni une invitation (`{ $word }`) : il figurerait dans chaque annonce et chaque fil de partie. Choisissez un nom simple, comme `Open de printemps` (un point qui n'ouvre aucune adresse web se fait suivre d'une espace : `St. Petersburg`).
command-conflicting-options = `{ $first }` et `{ $second }` disent deux choses différentes : gardez celle que vous voulez dire.
command-repeated-option = `{ $first }` et `{ $second }` donnent deux fois la même option : n'en gardez qu'une.

## /rb-tournament: the command, its subcommands and their options

slash-command-tournament = rb-tournoi
slash-tournament = Tournois toutes rondes sur ce serveur
slash-sub-tournament-create = créer
    .description = Créer ici un tournoi toutes rondes ; vous l'organisez
slash-sub-tournament-join = rejoindre
    .description = S'inscrire à un tournoi avant qu'il commence
slash-sub-tournament-leave = quitter
    .description = Retirer votre inscription à un tournoi avant qu'il commence
slash-sub-tournament-start = lancer
    .description = Lancer votre tournoi : toutes les parties commencent à la fois (3 joueurs ou plus)
slash-sub-tournament-cancel = annuler
    .description = Annuler votre tournoi avant qu'il commence
slash-sub-tournament-withdraw = retirer
    .description = Retirer un joueur de votre tournoi : ses parties inachevées sont perdues par forfait
slash-sub-tournament-standings = classement
    .description = Le classement d'un tournoi, avec les départages
slash-sub-tournament-table = tableau
    .description = Le tableau croisé d'un tournoi, en image
slash-sub-tournament-list = liste
    .description = Les tournois de ce serveur : ouverts, en cours et terminés
slash-option-tournament = tournoi
    .description = Le numéro du tournoi, quand il y en a plusieurs ici
slash-option-name = nom
    .description = Le nom du tournoi (32 caractères au plus)
slash-option-double = double
    .description = Chaque paire joue deux fois, couleurs inversées
slash-option-max = max
    .description = Le nombre maximal de joueurs, de 3 à 12 (12 par défaut)
slash-option-entrant = joueur
    .description = Le joueur à retirer
