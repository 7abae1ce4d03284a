## The `web` command and the bot's web pages (games, tournaments, players).

help-web = The game's web page, to watch, replay and download it from any browser; for a player of the game, a private link to play it from the browser (keep it to yourself: it moves in your name for 30 days). `web revoke` makes every private link you were given stop working.
web-off = This bot serves no web pages (its operator has not set `PUBLIC_URL`).
web-page = **Game #{ $id }** on the web: { $page }
web-page-no-moving = **Game #{ $id }** on the web: { $page }
    Moving from the browser is off on this bot (no `WEB_SECRET`), so play here as usual.
web-private = **Game #{ $id }** on the web: { $page }
    Your private link to play it from a browser: { $link }
    Keep it to yourself: anyone with it can move for you in this game. It works for 30 days; ask `web` again for a new one, and `web revoke` if someone else may have it.
web-button = Open in browser
web-link-line = 🌐 { $page }

## Game pages.
web-game-title = Game #{ $id }: { $white } vs { $black }
web-game-description = { $state } · { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  } · Rollerball correspondence game
web-to-move = { $player } to move ({ $side ->
    [white] White
   *[black] Black
  })
web-check = Check!
web-deadline = Deadline:
web-no-deadline = No deadline.
web-days = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
  }
web-rated = rated
web-casual = casual
web-unrated = unrated
web-computer = computer
web-white = White
web-black = Black
web-moves = Moves
web-no-moves = No moves yet.
web-start = Start
web-previous = Previous move
web-next = Next move
web-end = Last move
web-replay-help = Step through the game with ← → Home End, or click a move.
web-showing = Showing the position after { $side ->
    [white] White's
   *[black] Black's
  } { $nth ->
    [one] { $number }st
    [two] { $number }nd
    [few] { $number }rd
   *[other] { $number }th
  } move.
web-showing-start = Showing the starting position.
web-back-to-game = Back to the current position
web-download = Download:
web-pgn = record (PGN)
web-gif = animation (GIF)
web-png = board (PNG)
web-gif-part = The animation shows the last { $plies ->
        [one] ply
       *[other] { $plies } plies
    } of { $total }; the record (PGN) holds the whole game.
web-analysis = Analysis
web-analysis-graph = The engine's evaluation over the game, from White's side
web-analysis-graph-points = Each point is a position: click it to see the board there.
web-tournament = Round { $round } of { $name }
web-offer-draw = { $side ->
    [white] White
   *[black] Black
  } offers a draw.
web-offer-takeback = { $side ->
    [white] White
   *[black] Black
  } asks to take back the last move.
web-watching = { $count ->
    [one] { $count } person watching
   *[other] { $count } people watching
  }
web-live = Live: this page updates by itself.
web-too-many-streams = Too many live pages are open from your address; close some and reload.
web-not-found = There is no game #{ $id }.
web-page-not-found = There is no such page.
web-failed = The page could not be made just now; try again in a moment.
web-busy = The server is busy making other files; try again in a few seconds.
web-language = Language:

## Playing from the browser.
web-play-heading = You play { $side ->
    [white] White
   *[black] Black
  }
web-play-your-move = Your move: click a piece, then where it goes, or type the move.
web-play-their-move = Waiting for your opponent's move.
web-play-move-label = Move
web-play-submit = Play
web-play-draw = Offer a draw
web-play-accept-draw = Accept the draw
web-play-decline-draw = Decline the draw
web-play-draw-waits = Your draw offer waits for your opponent's answer.
web-play-withdraw-draw = Withdraw your draw offer
web-play-takeback = Ask to take back your last move
web-play-accept-takeback = Allow the takeback
web-play-decline-takeback = Decline the takeback
web-play-takeback-waits = Your takeback request waits for your opponent's answer.
web-play-withdraw-takeback = Withdraw your takeback request
web-play-played = You played { $san }. Waiting for your opponent's move.
web-play-resign = Resign
web-play-resign-confirm = Resign game #{ $id }? This cannot be undone.
web-play-done = Done.
web-link-invalid = This link is not valid: it may have been changed, or the bot's secret was. Ask the bot for a new one with `web`.
web-link-expired = This link has expired. Ask the bot for a new one with `web`.
web-link-off = Moving from the browser is off on this bot.
web-link-none = You are not signed in to play this game from this browser. Open the private link the bot gave you (`web`) first.
web-link-other-game = Your private link is for game #{ $id }, not this one.
web-link-stale = This form is out of date (the page was open in another tab, or it was sent twice). Reload the page and try again.
web-foreign-form = This form was sent from another site, so nothing was done. Play from the game's own page.
web-revoked = Your private links are revoked: every one the bot gave you before no longer works, in any game. Ask `web` for a new one.
web-link-revoked = This link was revoked by its player (`web revoke`). Ask the bot for a new one with `web`.
web-link-unchecked = This link could not be checked just now; try again in a moment.
web-signin-title = Play from your browser
web-signin-working = Signing you in…
web-signin-intro = This page signs you in with the private link the bot gave you (`web`). If it does not do so by itself, paste the whole link (or the code after its `#`) here.
web-signin-label = Private link
web-signin-submit = Sign in
