## The web's tournament and player pages (the game pages' texts are in web.ftl).

## Tournament pages.
page-tournament-title = Tournament #{ $id }: { $name }
# $stage is one of page-tournament-open, -round, -finished, -cancelled; $format is tournament-format.
page-tournament-description = { $stage } · { $format } · Rollerball correspondence tournament
page-tournament-open = Open for sign-up: { $count } of { $max } { $max ->
    [one] player
   *[other] players
  }
page-tournament-round = Round { $round } of { $rounds }
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
