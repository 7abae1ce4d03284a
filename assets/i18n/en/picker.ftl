# The move picker: the Move button under a game's board, its menu of pieces and its menu of
# one piece's destinations. Moves stay in SAN (Rb7, Rxe2+, e6=R) in every language.

button-move = Move
picker-pieces = **Game #{ $id }** · your move ({ $side ->
        [white] White
       *[black] Black
    }): which piece?
picker-pieces-placeholder = Choose a piece
picker-piece = { $piece ->
        [king] King
        [rook] Rook
        [bishop] Bishop
       *[pawn] Pawn
    } { $square } — { $count ->
        [one] 1 move
       *[other] { $count } moves
    }
picker-destinations = **Game #{ $id }** · where does the { $piece ->
        [king] king
        [rook] rook
        [bishop] bishop
       *[pawn] pawn
    } on { $square } go? ({ $count ->
        [one] 1 move
       *[other] { $count } moves
    })
picker-destinations-placeholder = Choose a move
picker-page = Page { $page } of { $pages }.
picker-more = more… (page { $page } of { $pages })
picker-back = ← back to pieces
picker-stale = The position in Game #{ $id } has changed since that menu was opened, so I did not use it. Here is a fresh one.
picker-played = You played **{ $san }** in game #{ $id }; the board is posted for everyone.
picker-stranger = In Game #{ $id } it is { $player }'s move. Only its two players can move; you can follow it with `game #{ $id }`.
picker-forged = That choice is not one I offered for Game #{ $id }; nothing was changed.
picker-moved-meanwhile = The position in Game #{ $id } changed just as you chose, so nothing was played. Press **Move** again.
