## The web's tournament and player pages (the game pages' texts are in web.ftl).

## Tournament pages.
page-tournament-title = Tournament #{ $id }: { $name }
# $stage is one of page-tournament-open, -round, -finished, -cancelled; $format is tournament-format.
page-tournament-description = { $stage } · { $format } · Rollerball correspondence tournament
page-tournament-open = Open for sign-up: { $count } of { $max } { $max ->
    [one] player
   *[other] players
  }
page-tournament-running = Under way: all games are played at the same time
page-tournament-finished = Finished
page-tournament-cancelled = Called off by its organiser before the start
page-tournament-progress = { $finished } of { $games } { $games ->
    [one] game
   *[other] games
  } over
page-tournament-organiser = Organiser:
page-tournament-players = Players
page-tournament-nobody = Nobody has signed up yet.
page-tournament-standings = Standings
page-tournament-crosstable = Crosstable
page-tournament-legend = Legend:
page-tournament-withdrawn = withdrawn
page-tournament-annulled = withdrawn before completing half of their games: results annulled
page-tournament-not-found = There is no tournament #{ $id }.
# The columns of the standings and the crosstable.
page-column-place = Place
page-column-player = Player
page-column-points = Points
page-column-played = Played
page-column-left = Left
page-column-wins = Wins
page-column-head-to-head = Head-to-head
# A link on a result in the crosstable.
page-cross-game = Game #{ $id }
page-cross-playing = Game #{ $id }, still being played

## Player pages.
page-player-title = { $name } · Rollerball player
# $record is stats-record or stats-no-record.
page-player-description = { $record } · { $playing ->
    [one] { $playing } game in progress
   *[other] { $playing } games in progress
  }
page-player-ratings = Ratings
page-player-unrated = No rated game yet.
page-player-everywhere = All servers
page-player-server = Server { $server }
page-player-provisional = ? marks a provisional rating: too few games, or none for a long time.
page-column-scope = Where
page-column-rating = Rating
page-column-rated-games = Rated games
page-player-playing = Games in progress
page-player-none-playing = No game in progress.
page-player-finished = Finished games
page-player-latest = The latest { $count } { $count ->
    [one] game
   *[other] games
  }, the latest ended first.
page-player-none-finished = No finished game yet.
page-column-game = Game
page-column-colour = Colour
page-column-opponent = Opponent
page-column-result = Result
page-column-started = Started
page-column-ended = Ended
page-column-turn = Move
page-player-turn = { $mine ->
    [yes] their move
   *[no] opponent's move
  }
page-player-outcome = { $outcome ->
    [win] won
    [draw] draw
    [loss] lost
   *[aborted] aborted
  }
page-player-not-found = No player here has the number { $id }.
page-player-by-number = A player's page is found by their Discord number: /players/ followed by it (a name is not enough, as two players may share one).

## The front page (/).
home-title = Correspondence Rollerball on Discord
home-description = Watch the games being played, replay the finished ones, follow the tournaments, and learn to play Rollerball on Discord.
home-intro = Rollerball is a chess variant on a ring: 40 squares round a hole, rooks and bishops that rebound off the edges, and two ways to win, checkmate or taking your king round to the enemy's throne. This bot runs correspondence games of it on Discord: take days over a move if you like. Every game has its page here, to watch, replay and download.
home-guide = The players' guide
home-guide-what = explains how to challenge someone, type a move, and everything else the bot does.
home-add = Add the bot
home-add-server = Add Rollerball to a server
home-add-server-what = (you need the right to manage the server).
home-add-account = Add it to your own account
home-add-account-what = to play with friends anywhere on Discord, even where the bot is not.
home-add-ask = To play, you need a Discord server the bot is in: ask whoever runs this bot to add it to yours.
home-playing = Games being played
home-finished = Finished games
home-tournaments = Tournaments
home-none-playing = No game is being played just now.
home-none-finished = No game has finished yet.
home-none-tournaments = No tournament yet.
home-to-move = { $player } to move · { $moves ->
    [0] no moves yet
    [one] { $moves } move
   *[other] { $moves } moves
  }
home-won = { $side ->
    [white] White won
   *[black] Black won
  }
home-drawn = draw
home-aborted = aborted
home-tournament = { $stage ->
    [open] open for sign-up
    [running] being played
   *[finished] finished
  }, { $count ->
    [one] { $count } player
   *[other] { $count } players
  }

## The players' guide (/help).
help-page-title = Players' guide
help-page-description = How to play correspondence Rollerball with the bot: every command, with examples.
