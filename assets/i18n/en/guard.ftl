# Guarding the bot against hostile input: the rate limit, invisible characters, mass mentions.

rate-slow-down = You're sending commands faster than I can take them — wait a few seconds and try again.
command-direction-control = That message contains an invisible text-direction character (U+{ $code }), which makes text read differently from how it looks. Type the command again without it.
command-role-mention = `{ $role }` is a role, and a challenge is for one player: mention them, or leave the name out for an open challenge anyone here can accept.
command-unknown-mention = `{ $mention }` is not someone Discord knows: mention a player by choosing them in the list that opens as you type `@`. Nothing was changed.
challenge-mass-mention = I never ping `@{ $name }`: a challenge is for one player (mention them), or leave the name out for an open challenge anyone here can accept.
