# The words drawn on the board images: the bars above and below the board that name the
# game, the hole in the middle, and the key moments of an analysis.
# $side is white or black; $termination is how the game ended (checkmate, throne,
# resignation, time, forfeit, stalemate, repetition, agreement); $move is SAN, never translated.

image-game = Game { $id }
image-move = Move { $number }
image-side =
    { $side ->
        [white] White
       *[black] Black
    }
image-to-move =
    { $side ->
        [white] White to move
       *[black] Black to move
    }
image-in-check =
    { $side ->
        [white] White in check
       *[black] Black in check
    }
image-win =
    { $side ->
        [white] White
       *[black] Black
    } { $termination ->
        [checkmate] wins by checkmate
        [throne] reaches the throne
        [resignation] wins by resignation
        [time] wins on time
        [forfeit] wins by forfeit
       *[other] wins
    }
image-draw =
    { $termination ->
        [stalemate] Draw by stalemate
        [repetition] Draw by repetition
        [agreement] Draw by agreement
       *[other] Draw
    }
image-aborted = Game aborted
# Beside the arrows of a key moment: the move played there, the start of the line that refutes it, and the engine's better move.
image-played = Played { $move }
image-better = Better { $move }
image-answer = Refuted by { $line }
