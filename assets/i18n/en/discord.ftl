# The Discord front end's own texts, and the slash commands as Discord shows them.
# Subcommand, option and choice names: lower case, no spaces, at most 32 characters (Discord's
# rules). Discord still sends the English name, so these only change what players see.

thread-name = Game #{ $id }: { $white } vs { $black }
tournament-thread-name = { $name } · #{ $id } { $white } vs { $black }
discord-thread-intro = { $players } — this thread is the home of **game #{ $id }**. Type your move here (such as `Rb7`), or use `/rb move`.
discord-secret-deleted = I deleted your message from the channel, so nobody else can read it there now.
discord-secret-kept = I could not delete your message from the channel (that needs the Manage Messages permission there): delete it yourself, so that your opponent cannot read your lines.
discord-files-left-out = (I could not attach the image or files here; `board` shows the board again.)
slash-pick-subcommand = Pick one of the command's subcommands, such as `/rb-info help`.
slash-opponent-both = Name a player or the computer as your opponent, not both.
slash-days = Days per move must be from { $min } to { $max }, not { $days }.
slash-square = `{ $square }` is not a square; squares look like `e1`.
slash-unknown = I don't know `/{ $name }`; try `/rb-info help`.
command-role-mention = `{ $role }` is a role, and a challenge is for one player: mention them, or leave the name out for an open challenge anyone here can accept.
command-unknown-mention = `{ $mention }` is not someone Discord knows: mention a player by choosing them in the list that opens as you type `@`. Nothing was changed.

## The command's description; its subcommands are described by the first sentence of their help.

slash-rb = Play correspondence Rollerball

## Subcommand names

slash-sub-challenge = challenge
slash-sub-accept = accept
slash-sub-decline = decline
slash-sub-cancel = cancel
slash-sub-move = move
slash-sub-board = board
slash-sub-moves = moves
slash-sub-history = history
slash-sub-games = games
slash-sub-web = web
slash-sub-export = export
slash-sub-resign = resign
slash-sub-draw = draw
slash-sub-takeback = takeback
slash-sub-abort = abort
slash-sub-moretime = moretime
slash-sub-rematch = rematch
slash-sub-leaderboard = leaderboard
slash-sub-stats = stats
slash-sub-rules = rules
slash-sub-help = help

## Options: the name, then what it is for

slash-option-game = game
    .description = The game's number, when you play more than one here
    .analysis = The finished game's number (leave out in its own thread)
slash-option-challenge = challenge
    .accept = The challenge's number, when several could be accepted
    .decline = The challenge's number, when several could be declined
    .cancel = The challenge's number, when several could be cancelled
slash-option-answer = answer
    .description = Answer your opponent's offer (leave out to make an offer)
slash-option-command = command
    .description = The command to explain
slash-option-opponent = opponent
    .description = Whom to challenge (leave out: anyone here may accept)
slash-option-computer = computer
    .description = Play the computer instead, at this level: 1 (beginner) to 5 (strongest)
slash-option-colour = colour
    .description = Your colour
slash-option-days = days
    .description = Days per move, { $min }–{ $max } (default { $default })
    .moretime = How many days to give your opponent
slash-option-casual = casual
    .description = A casual game does not change ratings
slash-option-revoke = revoke
    .description = Make every private link you were given stop working
slash-option-move = move
    .description = Your move, such as Rb7, cxb2 or c2-b3
slash-option-square = square
    .description = Only the moves of the piece on this square, such as e1
slash-option-language = language
    .description = The language of my replies: en, fr, es, ru, or auto
slash-option-player = player
    .description = Whose ratings and record (leave out: yours)
slash-command-settings = rb-settings
    .description = Your settings: language, pings, direct messages on your turn
slash-sub-settings-show = show
    .description = Your settings as they are
slash-sub-settings-language = language
    .description = The language of my replies
slash-sub-settings-pings = pings
    .description = Whether I mention you when it is your turn
slash-sub-settings-dm = dm
    .description = Whether I send you a direct message when it becomes your move
slash-option-set = set
    .pings = On: I mention you on your turn; off: I don't
    .dm = On: a direct message when it becomes your move; off: none
slash-command-info = rb-info
    .description = Help, the rules, ratings, and a game's record

## Choices

slash-choice-accept = accept
slash-choice-decline = decline
slash-choice-white = white
slash-choice-black = black
slash-choice-random = random
