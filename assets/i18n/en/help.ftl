# `help`: the list of commands and each command's summary. The command words and usage lines
# stay English (they are what the parser reads); only the explanations are translated.

help-header = **Rollerball** — correspondence games on a ring board. Commands:
help-footer = `help COMMAND` tells more about one, with an example. `rules` explains the game.
# One command explained: $name is the command word, $summary its explanation below.
help-entry = **{ $name }** — { $summary }
    Usage: `{ $usage }`
    Example: `{ $example }`
help-slash = On Discord: { $command }
help-unknown = There is no command `{ $topic }`. Type `help` for the list.
help-guide = 📖 The players' guide, every command with examples: { $page }

help-challenge = Challenge a player, or anyone here if you name nobody, or the computer (level 1 to 5, default 3; the game starts at once). Days per move 1–14 (default 3). Games between players are rated unless casual. Challenges expire after a day.
help-accept = Accept a challenge made to you, or an open one here.
help-decline = Decline a challenge made to you.
help-cancel = Withdraw a challenge you made.
help-move = Play a move, in algebraic (Rb7, cxb2, e6=R) or from-to form (c2-b3). In a game's own thread you can just type the move.
help-board = Show the board.
help-moves = List the legal moves, or those of the piece on one square (marked on the board).
help-history = The moves played so far.
help-games = Your active games: opponent, colour, whose turn, deadline.
help-game = Look at any game by its number.
help-export = The game record (PGN) and an animated GIF of the game.
help-resign = Resign the game (you'll be asked to confirm).
help-draw = Offer a draw, or accept your opponent's offer. `draw decline` (or simply moving) declines it.
help-takeback = Ask to take back your last move; your opponent accepts or declines.
help-abort = Call the game off without result, while fewer than two moves are played.
help-moretime = Give your opponent extra days for their move.
help-rematch = Challenge your opponent to a new game with colours swapped.
help-leaderboard = The ten best rated players of this server (in a direct message: of all servers), and your own place.
help-stats = Your ratings and record, or another player's: wins, draws and losses by colour and by way of ending, the current streak, games in progress.
help-rules = A short summary of the rules of Rollerball.
help-settings = Show or change your settings: reply language, whether I ping you on your turn, and whether I send you a direct message when it becomes your move.
help-help = This list, or more about one command.
