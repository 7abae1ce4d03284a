# Correspondence play: conditional moves (forecasts) and vacations.
# $san and the moves of a line are never translated; $until and $deadline are times.

help-forecast = Say in advance how you answer your opponent's next moves. After your move, `forecast e6-f7 c1-b2` means "if they play e6-f7, I play c1-b2"; a line goes on as long as you like (up to 30 moves), several lines are separated by `;`, and you may keep 30. `forecast` lists your lines (only you see them), `forecast clear` drops them.
help-vacation = Go away without losing on time. `vacation on 7` stops the clocks of your games where you are to move for 7 days (30 days a year; `vacation on` takes all that is left). `vacation off` or any move of yours brings you back, and the days you did not use are yours again. `vacation` shows what is left.

command-vacation-days = Vacation days must be a whole number from 1 to { $max }, not `{ $word }`.

## Forecasts

forecast-computer = Forecasts are for games between players: the computer answers at once anyway.
forecast-in-public = Forecasts are secret, and everyone in a server's channel — your opponent too — reads what is typed there and my answers to it, so I take no forecasts there. Give them with `/rb-forecast add`, whose answers only you see, or in a direct message to me.
forecast-your-move = It is your move in game #{ $id }. Play it first: a forecast starts with your opponent's reply to it.
forecast-none = You have no forecasts in game #{ $id }. After your move, `forecast e6-f7 c1-b2` means "if they play e6-f7, I play c1-b2".
forecast-cleared = Your forecasts in game #{ $id } are dropped ({ $count } { $count ->
        [one] line
       *[other] lines
    }).
forecast-saved = Saved. Only you see your forecasts in game #{ $id }; they are played for you as soon as your opponent's move matches.
forecast-list = Your forecasts in game #{ $id } ({ $count } { $count ->
        [one] line
       *[other] lines
    }), each your opponent's move, then your answer:
forecast-held-list = A pending offer held your forecasts in game #{ $id } ({ $count } { $count ->
        [one] line
       *[other] lines
    }): your own move decides. Play a line's first move and the rest of it goes on; any other move drops it:
forecast-covered = Line { $line } is already part of your line { $other }: nothing to add.
forecast-all-covered = { $count ->
        [one] The line is already among yours: nothing to add.
       *[other] All { $count } lines are already among yours: nothing to add.
    }
forecast-already-there = { $count ->
        [one] Line { $lines } was already among your lines: it is not added twice.
       *[other] Lines { $lines } were already among your lines: they are not added twice.
    }
forecast-conflict = Line { $line } answers { $theirs } with { $new }, but your line { $other } already answers it with { $old }. One answer per move: `forecast clear` and give your lines again to change it.
forecast-too-many = That would make more than { $max } { $max ->
        [one] line
       *[other] lines
    } in this game. Drop some with `forecast clear` first.
forecast-too-long = Line { $line } has { $plies } { $plies ->
        [one] move
       *[other] moves
    }; a line holds at most { $max }.
forecast-over = the game is over by then ({ $outcome })
forecast-bad-move = Move { $number } of your line (`{ $text }`): { $why }
forecast-bad-move-in-line = Line { $line }, move { $number } (`{ $text }`): { $why }
forecast-ends-with-theirs = Line { $line } ends with your opponent's move `{ $text }`: add your answer to it.
forecast-answered = { $player } answered { $san } (forecast).
forecast-answered-notice = **Game #{ $id }**: { $player } answered { $san } (forecast).

## Vacation

vacation-status = You are not on vacation. You have { $left } of your { $total } { $total ->
        [one] vacation day
       *[other] vacation days
    } left in { $year }: `vacation on DAYS` starts one.
vacation-status-away = You are on vacation; it ends { $until } at the latest ({ $planned } { $planned ->
        [one] day
       *[other] days
    } set aside; coming back now costs { $used }). { $left } { $left ->
        [one] day is
       *[other] days are
    } left in { $year } besides. `vacation off` brings you back.
vacation-already = You are already on vacation; it ends { $until } at the latest. `vacation off` brings you back.
vacation-none-left = You have used { $total ->
        [one] your { $total } vacation day
       *[other] all { $total } vacation days
    } of { $year }.
vacation-too-long = You asked for { $days } { $days ->
        [one] day
       *[other] days
    }, but only { $left } { $left ->
        [one] is
       *[other] are
    } left in { $year }: `vacation on { $left }` at most.
vacation-changed = Your vacation changed while I was working on that (another command of yours at the same moment). Nothing was done: look at `vacation` and try again.
vacation-started = You are on vacation; it ends { $until } at the latest ({ $days } { $days ->
        [one] day
       *[other] days
    }). The clocks of your games where you are to move stand still ({ $games } { $games ->
        [one] game
       *[other] games
    } now), and your opponents see that you are away. `vacation off`, any move or starting a game brings you back; { $left } { $left ->
        [one] day is
       *[other] days are
    } left this year after this one.
vacation-challenges-withdrawn = { $count ->
        [one] Your open challenge { $list } is withdrawn
       *[other] Your open challenges { $list } are withdrawn
    }: no game of yours begins while you are away.
vacation-not-away = You are not on vacation. `vacation on DAYS` starts one.
vacation-ended = Welcome back! Your vacation cost { $used } { $used ->
        [one] day
       *[other] days
    }; { $left } { $left ->
        [one] is
       *[other] are
    } left in { $year }. Your clocks run again ({ $games } { $games ->
        [one] game
       *[other] games
    } where you are to move).
vacation-on-board = { $player } is on vacation; it ends { $until } at the latest.
games-vacation = ({ $player } is on vacation, ending { $until } at the latest)
vacation-over-notice = { $player } is back from vacation. { $turn ->
        [yes] Their clock in **game #{ $id }** runs again: deadline { $deadline }.
       *[no] **Game #{ $id }** goes on.
    }
vacation-exhausted-notice = { $player } has used all their vacation days for the year, so their vacation is over. { $turn ->
        [yes] Their clock in **game #{ $id }** runs again: deadline { $deadline }.
       *[no] **Game #{ $id }** goes on.
    }

## The /rb-forecast and /rb-vacation commands: subcommands and options

slash-command-forecast = rb-forecast
    .description = Your conditional moves in a game: only you see them
slash-sub-forecast-add = add
    .description = After your move: their expected reply, your answer, and so on
slash-sub-forecast-list = list
    .description = Your lines in a game, from its current position
slash-sub-forecast-clear = clear
    .description = Drop your lines in a game
slash-option-moves = moves
    .description = Their move, your answer, and so on; several lines separated by ;
slash-command-vacation = rb-vacation
    .description = Time away without losing on time (30 days a year)
slash-sub-vacation-on = on
    .description = Go away: your clocks stop where you are to move
slash-sub-vacation-off = off
    .description = Come back: your clocks run again, and days not used are yours again
slash-sub-vacation-status = status
    .description = Whether you are away, and the vacation days left this year
slash-option-vacation-days = days
    .description = How many days away (leave out: all you have left this year)
slash-choice-on = on
slash-choice-off = off
