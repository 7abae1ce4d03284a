# `rules`: the whole game in a few lines, shown beside the start position. Each message is one
# line of the summary. Piece letters and moves (K, R, B, `e6=R`, `c2-b3`) stay as they are.

rules-intro = **Rollerball** (Jean-Louis Cazaux, 1998) is chess on a ring: a 7×7 board whose 3×3 centre is a hole. Both armies — king, two rooks, a bishop and two pawns — travel **clockwise**; every square has its own forward direction (the arrows on the board show where it turns).
rules-king = • **King**: one step in any direction.
rules-pawn = • **Pawn**: one step forward, straight or diagonally, to move or capture. On reaching the enemy pawns' start squares it must promote to a **rook** or a **bishop** (`e6=R`).
rules-rook = • **Rook**: slides forward any distance, and may **rebound** once off an outer corner; one step sideways or back. From b1, a6, f7 and g2 it may also slide sideways along the whole line.
rules-bishop = • **Bishop**: slides diagonally forward, rebounding once off the edge or the hole; one step diagonally back.
rules-win = **Win** by checkmate, or by bringing your king — after it has set off clockwise from its home squares — onto the enemy king's starting square, the **throne** (White d6, Black d2). Stalemate and threefold repetition are draws.
rules-notation = Moves are written `Rb7`, `cxb2`, `e6=R` or `c2-b3`.
