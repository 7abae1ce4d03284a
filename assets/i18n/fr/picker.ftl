# Le sélecteur de coups : le bouton Jouer sous l'échiquier d'une partie, son menu des pièces et
# celui des destinations d'une pièce. Les coups restent en SAN (Rb7, Rxe2+, e6=R).

button-move = Jouer
picker-pieces = **Partie #{ $id }** · à vous de jouer ({ $side ->
        [white] Blancs
       *[black] Noirs
    }) : quelle pièce ?
picker-pieces-placeholder = Choisissez une pièce
picker-piece = { $piece ->
        [king] Roi
        [rook] Tour
        [bishop] Fou
       *[pawn] Pion
    } { $square } — { $count ->
        [one] 1 coup
       *[other] { $count } coups
    }
picker-destinations = **Partie #{ $id }** · où va { $piece ->
        [king] le roi
        [rook] la tour
        [bishop] le fou
       *[pawn] le pion
    } en { $square } ? ({ $count ->
        [one] 1 coup
       *[other] { $count } coups
    })
picker-destinations-placeholder = Choisissez un coup
picker-page = Page { $page } sur { $pages }.
picker-more = suite… (page { $page } sur { $pages })
picker-back = ← retour aux pièces
picker-stale = La position de la partie #{ $id } a changé depuis l'ouverture de ce menu : je ne l'ai pas utilisé. En voici un nouveau.
picker-played = Vous avez joué **{ $san }** dans la partie #{ $id } ; l'échiquier est affiché pour tous.
picker-stranger = Dans la partie #{ $id }, c'est à { $player } de jouer. Seuls ses deux joueurs peuvent jouer ; vous pouvez la suivre avec `game #{ $id }`.
picker-forged = Ce choix n'est pas l'un de ceux que j'ai proposés pour la partie #{ $id } ; rien n'a été modifié.
picker-moved-meanwhile = La position de la partie #{ $id } a changé au moment de votre choix : rien n'a été joué. Appuyez de nouveau sur **Jouer**.
