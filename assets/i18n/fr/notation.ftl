# Why a typed move was refused. $input is what the player typed; squares (e1), piece letters
# (K, R, B) and moves (Rb7, `=R`) are never translated. $piece is king, rook, bishop or pawn;
# $owner and $side are white or black.

move-unreadable = Je n'arrive pas à lire `{ $input }` comme un coup. Écrivez un coup comme `Rb7`, `cxb2`, `e6=R` (notation algébrique, K roi, R tour, B fou), ou `c2-b3`, `c2b3`, `d7-e6=R` (cases de départ et d'arrivée).
move-illegal = `{ $input }` n'est pas légal ici : { $reason }
# $candidates is a list such as `Rb7` or `Rc7`, made with list-or.
move-ambiguous = `{ $input }` peut désigner { $candidates } : précisez lequel.
# Moves written as chess writes them, half written, or several at once. $written is the
# move with the piece's letter; $example what was typed with a square added; $reason (in
# move-two-squares) one of the illegal-* texts.
move-no-knights = `{ $input }` : il n'y a pas de cavalier au Rollerball. Ses pièces sont le roi (K), les tours (R), les fous (B) et les pions (sans lettre).
move-no-queens = `{ $input }` : il n'y a pas de dame au Rollerball. Ses pièces sont le roi (K), les tours (R), les fous (B) et les pions (sans lettre).
move-no-castling = `{ $input }` : le Rollerball ne connaît pas le roque ; le roi se déplace d'une case à la fois.
move-figurine = `{ $input }` : écrivez la pièce avec sa lettre : `{ $written }` (K roi, R tour, B fou ; un pion n'a pas de lettre).
move-no-square = `{ $input }` n'est pas un coup : un coup nomme sa case d'arrivée, comme `{ $example }`.
move-several = `{ $input }`, ce sont { $count } { $count ->
        [one] coup
       *[other] coups
    } : envoyez-les un par un.
move-two-squares = `{ $input }`, ce sont deux coups : envoyez-les un par un. (Lu comme un seul coup, de { $from } à { $to }, il n'est pas légal ici : { $reason }.)
# After a move played whose marks were wrong. $mark: capture, check, mate-check (marked mate,
# only check) or mate (marked mate, not even check).
move-mark-wrong = Remarque : `{ $input }` { $mark ->
        [capture] annonce une prise, mais le coup ne prend rien
        [check] annonce un échec, mais le coup n'en donne pas
        [mate-check] annonce un mat, mais le coup ne fait qu'échec
       *[mate] annonce un mat, mais le coup ne donne même pas échec
    }.
move-game-over = la partie est terminée : { $outcome }
# The last two items of a list of alternatives: "`a`, `b` or `c`".
list-or = { $init } ou { $last }

illegal-no-moves = la partie est terminée, il n'y a plus de coups à jouer
illegal-in-hole = { $square } est dans le trou, ce n'est pas une case de l'échiquier
illegal-no-piece = il n'y a pas de pièce en { $square }
illegal-not-your-piece =
    la pièce en { $square } appartient aux { $owner ->
        [white] Blancs
       *[black] Noirs
    }, et c'est aux { $side ->
        [white] Blancs
       *[black] Noirs
    } de jouer
illegal-wrong-kind =
    la pièce en { $square } est { $found ->
        [king] un roi
        [rook] une tour
        [bishop] un fou
       *[pawn] un pion
    }, pas { $piece ->
        [king] un roi
        [rook] une tour
        [bishop] un fou
       *[pawn] un pion
    }
illegal-no-such-piece =
    il ne vous reste { $piece ->
        [king] aucun roi
        [rook] aucune tour
        [bishop] aucun fou
       *[pawn] aucun pion
    }
illegal-own-piece-there = une de vos propres pièces se trouve en { $square }
illegal-cannot-reach =
    { $piece ->
        [king] le roi
        [rook] la tour
        [bishop] le fou
       *[pawn] le pion
    } en { $from } ne peut pas aller en { $to }
illegal-none-can-reach =
    { $piece ->
        [king] aucun de vos rois ne peut
        [rook] aucune de vos tours ne peut
        [bishop] aucun de vos fous ne peut
       *[pawn] aucun de vos pions ne peut
    } aller en { $to }
illegal-in-check = votre roi est en échec, et ce coup ne le pare pas
illegal-self-check = votre roi serait alors en échec
illegal-no-such-piece-theirs =
    il ne reste à votre adversaire { $piece ->
        [king] aucun roi
        [rook] aucune tour
        [bishop] aucun fou
       *[pawn] aucun pion
    }
illegal-own-piece-there-theirs = une pièce de votre adversaire se trouve déjà en { $square }
illegal-none-can-reach-theirs =
    { $piece ->
        [king] aucun des rois de votre adversaire ne peut
        [rook] aucune des tours de votre adversaire ne peut
        [bishop] aucun des fous de votre adversaire ne peut
       *[pawn] aucun des pions de votre adversaire ne peut
    } aller en { $to }
illegal-in-check-theirs = le roi de votre adversaire est en échec, et ce coup ne le pare pas
illegal-self-check-theirs = le roi de votre adversaire serait alors en échec
illegal-promotion-missing = un pion qui atteint { $square } doit être promu : ajoutez `=R` pour une tour ou `=B` pour un fou
illegal-not-a-promotion = seul un pion qui atteint les cases de départ des pions adverses est promu
illegal-promotion-piece = un pion est promu en tour (`=R`) ou en fou (`=B`), pas en `{ $letter }`
