# Les mots dessinés sur les images du plateau : les bandeaux au-dessus et au-dessous du plateau
# qui nomment la partie, le trou du milieu, et les moments clés d'une analyse.
# $side vaut white ou black ; $termination dit comment la partie a fini ; $move est un coup en
# SAN, jamais traduit.

image-game = Partie { $id }
image-move = Coup { $number }
image-side =
    { $side ->
        [white] Blancs
       *[black] Noirs
    }
image-to-move =
    { $side ->
        [white] Aux Blancs de jouer
       *[black] Aux Noirs de jouer
    }
image-in-check =
    { $side ->
        [white] Blancs en échec
       *[black] Noirs en échec
    }
image-win =
    { $side ->
        [white] Les Blancs
       *[black] Les Noirs
    } { $termination ->
        [checkmate] gagnent par mat
        [throne] atteignent le trône
        [resignation] gagnent par abandon
        [time] gagnent au temps
        [forfeit] gagnent par forfait
       *[other] gagnent
    }
image-draw =
    { $termination ->
        [stalemate] Nulle par pat
        [repetition] Nulle par répétition
        [agreement] Nulle par accord
       *[other] Partie nulle
    }
image-aborted = Partie annulée
# À côté des flèches d'un moment clé : le coup joué, le début de la ligne qui le réfute, et le meilleur coup du moteur.
image-played = Joué { $move }
image-better = Mieux { $move }
image-answer = Réfuté par { $line }
