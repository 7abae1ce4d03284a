# Guarding the bot against hostile input: the rate limit, invisible characters, mass mentions.

rate-slow-down = You're sending commands faster than I can take them — wait a few seconds and try again.
# The caps on what one player may hold at once ($count is at least $max).
cap-games = You already have { $count } { $count ->
    [one] game
   *[other] games
  } in progress, and { $max } at once is the most a player may have: finish one before you start another.
cap-games-other = { $player } already has { $count } { $count ->
    [one] game
   *[other] games
  } in progress, and { $max } at once is the most a player may have: this game can start once they have finished one.
cap-computer-games = You already have { $count } { $count ->
    [one] game
   *[other] games
  } against the computer in progress, and { $max } at once is the most: finish one before you start another.
cap-tournaments = You already organise { $count } { $count ->
    [one] tournament
   *[other] tournaments
  } that { $count ->
    [one] has
   *[other] have
  } not started, and the most is { $max }: start or cancel one before you create another.
command-direction-control = That message contains an invisible text-direction character (U+{ $code }), which makes text read differently from how it looks. Type the command again without it.
challenge-mass-mention = I never ping `@{ $name }`: a challenge is for one player (mention them), or leave the name out for an open challenge anyone here can accept.
