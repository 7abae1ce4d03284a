# Le regard du moteur sur une partie finie (`analysis`).
# $played et $best sont des coups en SAN, jamais traduits ; $verdict et $side sont des clés.

help-analysis = Le regard du moteur sur une partie finie : un graphique de l'évaluation du point de vue des Blancs au fil des coups, les trois plus grosses erreurs de chaque camp, et la notation avec l'évaluation du moteur après chaque coup et les signes ?! (imprécision), ? (erreur) et ?? (gaffe). Tout le monde peut la demander ; elle est calculée une fois et gardée, et `export` l'inclut ensuite.
slash-command-analysis = rb-analyse
    .description = L'analyse d'une partie terminée par le moteur : graphique, erreurs, relevé annoté

analysis-which = Quelle partie ? Vous n'avez encore aucune partie terminée : donnez le numéro d'une partie terminée (`analysis #NUMÉRO`), ou demandez dans le fil de la partie.
analysis-which-candidates = Quelle partie ? Vous n'avez aucune partie terminée ici. { $count ->
        [one] Votre partie terminée :
       *[other] Vos dernières parties terminées :
    } { $list } ; donnez-en le numéro, par exemple `analysis #{ $id }`, ou demandez dans le fil de la partie.
analysis-in-progress = La partie #{ $id } est encore en cours. Le moteur ne regarde une partie qu'une fois finie, pour n'aider aucun des deux camps.
analysis-no-moves = La partie #{ $id } s'est terminée avant le premier coup : il n'y a rien à analyser.
analysis-running = Le moteur analyse la partie #{ $id } en ce moment ; la réponse sera publiée ici dès qu'elle sera prête.
analysis-queued = Le moteur est occupé par une autre partie. Votre analyse de la partie #{ $id } { $ahead ->
        [1] est la prochaine
       *[other] est en position { $ahead } dans la file
    } ; elle sera publiée ici dès qu'elle sera prête.
analysis-queue-full = Vous attendez déjà { $count } { $count ->
        [one] analyse
       *[other] analyses
    } ({ $games }), et { $max } à la fois est le maximum : chacune est publiée là où vous l'avez demandée dès qu'elle est prête. Demandez-en une autre quand l'une d'elles l'est.
analysis-failed = L'analyse de la partie #{ $id } a échoué. Réessayez plus tard.
analysis-ready = { $player }, l'analyse de la partie #{ $id } que vous avez demandée est prête.
analysis-ready-direct = L'analyse de la partie #{ $id } que vous avez demandée est prête : `analysis #{ $id }` l'affiche.
analysis-header = **Analyse de la partie #{ $id }** ({ $white } contre { $black }) : { $nodes } { $nodes ->
        [one] nœud exploré
       *[other] nœuds explorés
    } dans { $positions ->
        [1] sa seule position
       *[other] chacune de ses { $positions } positions
    }, { $deep } fois plus dans celles qui entourent un coup marqué. Le graphique montre l'évaluation du point de vue des Blancs au fil des coups (en haut : les Blancs gagnent, en bas : les Noirs gagnent) ; les points marquent les erreurs.
# The evaluation graph's words ($white and $black are names; $result is 1–0, 0–1, ½–½ or
# empty for an aborted game; $termination is a key).
analysis-graph-title = Partie #{ $id } : { $white } contre { $black }
analysis-graph-result = { $termination ->
        [checkmate] { $result } · mat
        [throne] { $result } · trône
        [stalemate] { $result } · pat
        [repetition] { $result } · répétition
        [resignation] { $result } · abandon
        [agreement] { $result } · nulle d'un commun accord
        [time] { $result } · au temps
        [forfeit] { $result } · forfait
        [abort] annulée
       *[other] { $result }
    }
analysis-graph-win = gain
analysis-graph-moves = coup
analysis-graph-white = Blancs
analysis-graph-black = Noirs
analysis-graph-inaccuracy = imprécision
analysis-graph-mistake = erreur
analysis-graph-blunder = gaffe
analysis-side = **{ $side ->
        [white] Blancs
       *[black] Noirs
    }** ({ $player }) : { $inaccuracies } ?!, { $mistakes } ?, { $blunders } ??
analysis-side-clean = **{ $side ->
        [white] Blancs
       *[black] Noirs
    }** ({ $player }) : aucune erreur trouvée.
analysis-mistake = { $played } — { $mark ->
        [inaccuracy] une imprécision
        [mistake] une erreur
       *[blunder] une gaffe
    } : chances de gain des { $side ->
        [white] Blancs
       *[black] Noirs
    } { $before } % → { $after } %.
# La ligne du moteur après le coup joué ($line : « 5…Bxe2 6.Rf2 Bxf1 »), et la meilleure ;
# $gain dit ce que fait la ligne (analysis-gain-*), un groupe verbal.
analysis-refuted = { $line } le réfute.
analysis-refuted-gain = { $line } le réfute et { $gain }.
analysis-better = Mieux valait { $line }.
analysis-better-gain = Mieux valait { $line }, qui { $gain }.
analysis-gain-mate = fait mat
analysis-gain-throne = atteint le trône
analysis-gain-material = gagne { $won }
analysis-gain-material-for = gagne { $won } contre { $lost }
analysis-piece = { $kind ->
        [rook] { $count ->
            [one] une tour
           *[other] { $count } tours
        }
        [bishop] { $count ->
            [one] un fou
           *[other] { $count } fous
        }
       *[pawn] { $count ->
            [one] un pion
           *[other] { $count } pions
        }
    }
analysis-pieces-and = { $first } et { $second }
# Après les erreurs : leurs diagrammes, joints (un par erreur nommée plus haut).
analysis-moments = { $count ->
        [one] Le diagramme de ce moment est joint : le coup joué, la réponse qui le réfute et le meilleur coup du moteur y sont tracés en flèches.
       *[other] Les diagrammes de ces { $count } moments sont joints : sur chacun, le coup joué, la réponse qui le réfute et le meilleur coup du moteur sont tracés en flèches.
    }
analysis-record = La notation annotée est jointe ; `export` l'inclut désormais aussi.
