# `help`: the list of commands and each command's summary. The command words and usage lines
# stay English (they are what the parser reads); only the explanations are translated.

help-header = **Rollerball** — parties par correspondance sur un échiquier en anneau. Commandes :
help-footer = `help COMMANDE` en dit plus sur l'une d'elles, avec un exemple. `rules` explique le jeu.
# One command explained: $name is the command word, $summary its explanation below.
help-entry = **{ $name }** — { $summary }
    Syntaxe : `{ $usage }`
    Exemple : `{ $example }`
help-slash = Sur Discord : { $command }
help-unknown = Il n'y a pas de commande `{ $topic }`. Tapez `help` pour la liste.
help-guide = 📖 Le guide des joueurs, chaque commande avec des exemples : { $page }

help-challenge = Défiez un joueur, ou toute personne présente ici si vous ne nommez personne, ou l'ordinateur (niveau 1 à 5, 3 par défaut ; la partie commence aussitôt). De 1 à 14 jours par coup (3 par défaut). Les parties entre joueurs comptent pour la cote, sauf en amical (casual). Un défi expire au bout d'un jour.
help-accept = Acceptez un défi qui vous est adressé, ou un défi ouvert ici.
help-decline = Refusez un défi qui vous est adressé.
help-cancel = Retirez un défi que vous avez lancé.
help-move = Jouez un coup en notation algébrique (Rb7, cxb2, e6=R) ou de case à case (c2-b3). Dans le fil de la partie, tapez simplement le coup.
help-board = Affichez l'échiquier.
help-moves = Listez les coups légaux, ou ceux de la pièce d'une case (marqués sur l'échiquier).
help-history = Les coups joués jusqu'ici.
help-games = Vos parties en cours : adversaire, couleur, trait, échéance.
help-game = Regardez n'importe quelle partie grâce à son numéro.
help-export = La notation de la partie (PGN) et un GIF animé de la partie.
help-resign = Abandonnez la partie (une confirmation vous sera demandée).
help-draw = Proposez la nulle, ou acceptez celle de votre adversaire. `draw decline` (ou simplement jouer un coup) la refuse.
help-takeback = Demandez à reprendre votre dernier coup ; votre adversaire accepte ou refuse.
help-abort = Annulez la partie sans résultat, tant que moins de deux coups ont été joués.
help-moretime = Accordez des jours supplémentaires à votre adversaire pour son coup.
help-rematch = Proposez une revanche à votre adversaire, couleurs inversées.
help-leaderboard = Les dix joueurs les mieux classés de ce serveur (en message privé : de tous les serveurs), et votre propre place.
help-stats = Votre cote et votre bilan, ou ceux d'un autre joueur : victoires, nulles et défaites par couleur et par type de fin, la série en cours, les parties en cours.
help-rules = Un court résumé des règles du Rollerball.
help-settings = Affichez ou modifiez vos préférences : langue des réponses, mention quand c'est votre tour, et message privé quand c'est à vous de jouer.
help-help = Cette liste, ou plus de détails sur une commande.
