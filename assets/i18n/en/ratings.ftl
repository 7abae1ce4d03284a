# Ratings: the `leaderboard` and `stats` replies.
# $scope is "server" (the list of the server where the command was given) or "global" (all
# servers, in a direct message).

leaderboard-empty = Nobody has finished a rated game { $scope ->
        [server] in this server
       *[global] in any server
    } yet. Games between players are rated unless they are `casual`: start one with `challenge @player`.
leaderboard-title = **Leaderboard** · rated games { $scope ->
        [server] in this server
       *[global] in all servers
    }
# One player: place, name, rating (rounded, "?" when provisional), games, and the record ($record
# is ratings-record).
leaderboard-line = { $place }. **{ $name }** { $rating } · { $games ->
        [one] { $games } game
       *[other] { $games } games
    } · { $record }
# After the asker's own line.
leaderboard-you = ← you
leaderboard-provisional = ? provisional: too few games, or none for a long time.

# Wins, draws and losses in short.
ratings-record = { $wins } W, { $draws } D, { $losses } L

stats-unknown-name = I can't tell who `@{ $name }` is. Mention them so the name is highlighted (type `@` and pick them from the list).
stats-never-played = { $player } has not played with me yet: there are no stats to show.
stats-title = **{ $name }** · rated games { $scope ->
        [server] in this server
       *[global] in all servers
    }
# One rating: $rating as in leaderboard-line, $deviation rounded.
stats-rating = **{ $rating }** ±{ $deviation } { $scope ->
        [server] in this server
       *[global] in all servers
    } ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    })
stats-unrated = unrated { $scope ->
        [server] in this server
       *[global] in all servers
    }
# $ratings: one or two of stats-rating / stats-unrated, joined with " · ".
stats-ratings = Rating: { $ratings }
stats-record = Record: { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }
stats-no-record = Record: no rated game yet
# $white and $black are ratings-record.
stats-by-colour = As White: { $white } · As Black: { $black }
# Each is a list of stats-ending, or stats-endings-none.
stats-by-ending = Wins: { $wins } · Draws: { $draws } · Losses: { $losses }
# $count games of one outcome that ended this way.
stats-ending = { $count } { $ending ->
        [checkmate] by checkmate
        [throne] by the throne
        [stalemate] by stalemate
        [repetition] by repetition
        [resignation] by resignation
        [agreement] by agreement
        [time] on time
       *[abort] aborted
    }
# No game of this outcome ($outcome: win, draw or loss).
stats-endings-none = { $outcome ->
       *[other] none
    }
stats-streak = Current streak: { $outcome ->
        [win] { $count ->
            [one] { $count } win
           *[other] { $count } wins
        }
        [draw] { $count ->
            [one] { $count } draw
           *[other] { $count } draws
        }
       *[loss] { $count ->
            [one] { $count } loss
           *[other] { $count } losses
        }
    }
stats-active = Games in progress: { $count } ({ $games })
stats-active-none = Games in progress: none
