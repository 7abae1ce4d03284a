# The engine's look at a finished game (`analysis`).
# $played and $best are moves in SAN and are never translated; $verdict and $side are keys.

help-analysis = The engine's look at a finished game: a graph of the score from White's side over the moves, the three biggest mistakes of each side, and the record with the engine's evaluation after every move and the marks ?! (inaccuracy), ? (mistake) and ?? (blunder). Anyone may ask; it is computed once and kept, and `export` then includes it.
slash-command-analysis = rb-analysis
    .description = The engine's look at a finished game: graph, mistakes, annotated record

analysis-which = Which game? You have no finished game of your own yet: name any finished game (`analysis #ID`), or ask in the game's own thread.
analysis-which-candidates = Which game? You have no finished game here. { $count ->
        [one] Your finished game:
       *[other] Your latest finished games:
    } { $list }; name one, for example `analysis #{ $id }`, or ask in the game's own thread.
analysis-in-progress = Game #{ $id } is still being played. The engine looks at a game only once it is over, so that it helps neither side.
analysis-no-moves = Game #{ $id } ended before any move was played: there is nothing to analyse.
analysis-running = The engine is analysing game #{ $id } right now; the answer is posted here as soon as it is ready.
analysis-queued = The engine is busy with another game. Your analysis of game #{ $id } is { $ahead ->
        [1] next in line
       *[other] number { $ahead } in line
    }; it is posted here as soon as it is ready.
analysis-queue-full = You already wait for { $count } { $count ->
        [one] analysis
       *[other] analyses
    } ({ $games }), and { $max } at once is the most: each is posted where you asked as soon as it is ready. Ask for another once one is.
analysis-failed = The analysis of game #{ $id } failed. Try again later.
analysis-ready = { $player }, the analysis of game #{ $id } you asked for is ready.
analysis-ready-direct = The analysis of game #{ $id } you asked for is ready: `analysis #{ $id }` shows it.
analysis-header = **Analysis of game #{ $id }** ({ $white } vs { $black }): { $nodes } { $nodes ->
        [one] node
       *[other] nodes
    } searched in each of its { $positions } { $positions ->
        [one] position
       *[other] positions
    }, { $deep } times as many in those on either side of a marked move. The graph shows the score from White's side over the moves (top: White wins, bottom: Black wins); dots mark the mistakes.
# The evaluation graph's words ($white and $black are names; $result is 1–0, 0–1, ½–½ or
# empty for an aborted game; $termination is a key).
analysis-graph-title = Game #{ $id }: { $white } vs { $black }
analysis-graph-result = { $termination ->
        [checkmate] { $result } · checkmate
        [throne] { $result } · throne
        [stalemate] { $result } · stalemate
        [repetition] { $result } · repetition
        [resignation] { $result } · resignation
        [agreement] { $result } · draw agreed
        [time] { $result } · on time
        [forfeit] { $result } · forfeit
        [abort] aborted
       *[other] { $result }
    }
# The graph's label at its top and bottom edges: a forced win, by checkmate or the throne.
analysis-graph-win = win
analysis-graph-moves = move
analysis-graph-white = White
analysis-graph-black = Black
analysis-graph-inaccuracy = inaccuracy
analysis-graph-mistake = mistake
analysis-graph-blunder = blunder
analysis-side = **{ $side ->
        [white] White
       *[black] Black
    }** ({ $player }): { $inaccuracies } ?!, { $mistakes } ?, { $blunders } ??
analysis-side-clean = **{ $side ->
        [white] White
       *[black] Black
    }** ({ $player }): no mistakes found.
analysis-mistake = { $played } — { $mark ->
        [inaccuracy] an inaccuracy
        [mistake] a mistake
       *[blunder] a blunder
    }: { $side ->
        [white] White's
       *[black] Black's
    } winning chances { $before }% → { $after }%.
# The engine's line after the move played ($line: "5…Bxe2 6.Rf2 Bxf1"), and the better one;
# $gain is what the line does (analysis-gain-*), a verb phrase.
analysis-refuted = { $line } refutes it.
analysis-refuted-gain = { $line } refutes it and { $gain }.
analysis-better = Better was { $line }.
analysis-better-gain = Better was { $line }, which { $gain }.
analysis-gain-mate = mates
analysis-gain-throne = reaches the throne
analysis-gain-material = wins { $won }
analysis-gain-material-for = wins { $won } for { $lost }
analysis-piece = { $kind ->
        [rook] { $count ->
            [one] a rook
           *[other] { $count } rooks
        }
        [bishop] { $count ->
            [one] a bishop
           *[other] { $count } bishops
        }
       *[pawn] { $count ->
            [one] a pawn
           *[other] { $count } pawns
        }
    }
analysis-pieces-and = { $first } and { $second }
# After the mistakes: their boards, attached (one per mistake named above).
analysis-moments = { $count ->
        [one] The board of that moment is attached: the move played, the answer that refutes it and the engine's better move are drawn as arrows.
       *[other] The boards of these { $count } moments are attached: on each, the move played, the answer that refutes it and the engine's better move are drawn as arrows.
    }
analysis-record = The annotated record is attached; `export` now includes it too.
