# Why a typed line is not a command. Command words and usage lines stay English: they are what
# the parser reads.

command-empty = Tapez une commande, par exemple `help`.
command-too-long = Ce message est trop long ({ $length } { $length ->
        [one] caractère
       *[other] caractères
    }) ; les commandes sont courtes, comme `move Rb7`.
command-unknown = Je ne connais pas la commande `{ $word }`. Tapez `help` pour la liste des commandes.
command-unknown-suggest = Je ne connais pas la commande `{ $word }`. Vouliez-vous dire `{ $suggestion }` ? Tapez `help` pour la liste.
# $what is one of the command-needs-* texts below.
command-missing = Il manque { $what } après `{ $command }`. Syntaxe : `{ $usage }`
command-needs-move = un coup
command-needs-game-number = un numéro de partie
command-needs-days = un nombre de jours
command-needs-level = un niveau après `level`
command-needs-days-number = un nombre après `days`
command-needs-language = un code de langue
command-needs-on-off = `on` ou `off`
command-unexpected = `{ $command }` ne comprend pas `{ $word }`. Syntaxe : `{ $usage }`
command-days = Le nombre de jours par coup doit être un nombre entier de { $min } à { $max }, pas `{ $word }`.
command-game-number = `{ $word }` n'est pas un numéro de partie ; les numéros de partie s'écrivent comme `#12`.
command-level = Le niveau de l'ordinateur est un nombre de 1 (débutant) à 5 (le plus fort), pas `{ $word }`.
