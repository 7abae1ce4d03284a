# `rules`: the whole game in a few lines, shown beside the start position. Each message is one
# line of the summary. Piece letters and moves (K, R, B, `e6=R`, `c2-b3`) stay as they are.

rules-intro = El **Rollerball** (Jean-Louis Cazaux, 1998) es ajedrez en un anillo: un tablero de 7×7 cuyo centro de 3×3 es un agujero. Los dos ejércitos — rey, dos torres, un alfil y dos peones — avanzan en el **sentido de las agujas del reloj**; cada casilla tiene su propia dirección hacia delante (las flechas del tablero muestran dónde gira).
rules-king = • **Rey** (K): un paso en cualquier dirección.
rules-pawn = • **Peón**: un paso hacia delante, recto o en diagonal, para moverse o capturar. Al llegar a las casillas iniciales de los peones rivales debe coronar en **torre** o en **alfil** (`e6=R`).
rules-rook = • **Torre** (R): se desliza hacia delante cualquier distancia y puede **rebotar** una vez en una esquina exterior; un paso hacia el lado o hacia atrás. Desde b1, a6, f7 y g2 también puede deslizarse de lado a lo largo de toda la línea.
rules-bishop = • **Alfil** (B): se desliza en diagonal hacia delante, rebotando una vez en el borde o en el agujero; un paso en diagonal hacia atrás.
rules-win = Se **gana** por jaque mate, o llevando tu rey — después de que haya salido de sus casillas iniciales en el sentido de las agujas del reloj — a la casilla inicial del rey rival, el **trono** (blancas d6, negras d2). El ahogado y la triple repetición son tablas.
rules-notation = Las jugadas se escriben `Rb7`, `cxb2`, `e6=R` o `c2-b3` (K rey, R torre, B alfil).
