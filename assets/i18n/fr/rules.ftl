# `rules`: the whole game in a few lines, shown beside the start position. Each message is one
# line of the summary. Piece letters and moves (K, R, B, `e6=R`, `c2-b3`) stay as they are.

rules-intro = Le **Rollerball** (Jean-Louis Cazaux, 1998), ce sont les échecs sur un anneau : un échiquier de 7×7 dont le centre de 3×3 est un trou. Les deux armées — un roi, deux tours, un fou et deux pions — tournent dans le **sens des aiguilles d'une montre** ; chaque case a sa propre direction vers l'avant (les flèches sur l'échiquier montrent où elle tourne).
rules-king = • **Roi** (K) : un pas dans n'importe quelle direction.
rules-pawn = • **Pion** : un pas vers l'avant, tout droit ou en diagonale, pour se déplacer ou prendre. En atteignant les cases de départ des pions adverses, il doit être promu en **tour** ou en **fou** (`e6=R`).
rules-rook = • **Tour** (R) : glisse vers l'avant d'autant de cases qu'elle veut, et peut **rebondir** une fois sur un coin extérieur ; un pas de côté ou en arrière. Depuis b1, a6, f7 et g2, elle peut aussi glisser de côté sur toute la ligne.
rules-bishop = • **Fou** (B) : glisse en diagonale vers l'avant, en rebondissant une fois sur le bord ou sur le trou ; un pas en diagonale vers l'arrière.
rules-win = On **gagne** par échec et mat, ou en amenant son roi — après qu'il a quitté ses cases de départ dans le sens des aiguilles d'une montre — sur la case de départ du roi adverse, le **trône** (Blancs d6, Noirs d2). Le pat et la triple répétition donnent la nulle.
rules-notation = Les coups s'écrivent `Rb7`, `cxb2`, `e6=R` ou `c2-b3` (K roi, R tour, B fou).
