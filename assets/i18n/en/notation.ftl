# Why a typed move was refused. $input is what the player typed; squares (e1), piece letters
# (K, R, B) and moves (Rb7, `=R`) are never translated. $piece is king, rook, bishop or pawn;
# $owner and $side are white or black.

move-unreadable = I can't read `{ $input }` as a move. Write a move like `Rb7`, `cxb2`, `e6=R` (algebraic), or `c2-b3`, `c2b3`, `d7-e6=R` (from and to squares).
move-illegal = `{ $input }` is not legal here: { $reason }
# $candidates is a list such as `Rb7` or `Rc7`, made with list-or.
move-ambiguous = `{ $input }` could mean { $candidates }: say which.
# Moves written as chess writes them, half written, or several at once. $written is the
# move with the piece's letter; $example what was typed with a square added; $reason (in
# move-two-squares) one of the illegal-* texts.
move-no-knights = `{ $input }`: Rollerball has no knights. Its pieces are the king (K), rooks (R), bishops (B) and pawns (no letter).
move-no-queens = `{ $input }`: Rollerball has no queens. Its pieces are the king (K), rooks (R), bishops (B) and pawns (no letter).
move-no-castling = `{ $input }`: Rollerball has no castling; the king moves one square at a time.
move-figurine = `{ $input }`: write the piece with its letter: `{ $written }` (K king, R rook, B bishop; a pawn has no letter).
move-no-square = `{ $input }` is not a move: a move names its destination square, like `{ $example }`.
move-several = `{ $input }` is { $count } { $count ->
        [one] move
       *[other] moves
    }: send one move at a time.
move-two-squares = `{ $input }` is two moves: send one move at a time. (As one move, { $from } to { $to } is not legal here: { $reason }.)
# After a move played whose marks were wrong. $mark: capture, check, mate-check (marked mate,
# only check) or mate (marked mate, not even check).
move-mark-wrong = Note: `{ $input }` { $mark ->
        [capture] marks a capture, but the move takes nothing
        [check] marks check, but the move gives none
        [mate-check] marks mate, but the move is only check
       *[mate] marks mate, but the move is not even check
    }.
move-game-over = the game is over: { $outcome }
# The last two items of a list of alternatives: "`a`, `b` or `c`".
list-or = { $init } or { $last }

illegal-no-moves = the game is over, there are no moves left
illegal-in-hole = { $square } is in the hole, not a square of the board
illegal-no-piece = there is no piece on { $square }
illegal-not-your-piece =
    the piece on { $square } is { $owner ->
        [white] White
       *[black] Black
    }'s, and it is { $side ->
        [white] White
       *[black] Black
    }'s move
illegal-wrong-kind =
    the piece on { $square } is a { $found ->
        [king] king
        [rook] rook
        [bishop] bishop
       *[pawn] pawn
    }, not a { $piece ->
        [king] king
        [rook] rook
        [bishop] bishop
       *[pawn] pawn
    }
illegal-no-such-piece =
    you have no { $piece ->
        [king] king
        [rook] rook
        [bishop] bishop
       *[pawn] pawn
    } left
illegal-own-piece-there = your own piece stands on { $square }
illegal-cannot-reach =
    the { $piece ->
        [king] king
        [rook] rook
        [bishop] bishop
       *[pawn] pawn
    } on { $from } cannot move to { $to }
illegal-none-can-reach =
    none of your { $piece ->
        [king] kings
        [rook] rooks
        [bishop] bishops
       *[pawn] pawns
    } can move to { $to }
illegal-in-check = your king is in check, and that move does not get it out
illegal-self-check = it would leave your king in check
# The same reasons for a move of the opponent's (the first move of a forecast line, and every
# other one after it).
illegal-no-such-piece-theirs =
    your opponent has no { $piece ->
        [king] king
        [rook] rook
        [bishop] bishop
       *[pawn] pawn
    } left
illegal-own-piece-there-theirs = a piece of your opponent's own stands on { $square }
illegal-none-can-reach-theirs =
    none of your opponent's { $piece ->
        [king] kings
        [rook] rooks
        [bishop] bishops
       *[pawn] pawns
    } can move to { $to }
illegal-in-check-theirs = your opponent's king is in check, and that move does not get it out
illegal-self-check-theirs = it would leave your opponent's king in check
illegal-promotion-missing = a pawn reaching { $square } must promote: add `=R` for a rook or `=B` for a bishop
illegal-not-a-promotion = only a pawn reaching the enemy pawns' start squares promotes
illegal-promotion-piece = a pawn promotes to a rook (`=R`) or a bishop (`=B`), not `{ $letter }`
