# Tournaments: round-robin events in a server, from sign-up to the final crosstable.
# $tournament is tournament-title ("#3 **Spring**"). $format is tournament-format.

tournament-title = #{ $id } **{ $name }**
tournament-format = { $double ->
        [yes] a double round-robin
       *[no] a single round-robin
    }, { $days ->
        [one] { $days } day per move
       *[other] { $days } days per move
    }, { $rated ->
        [rated] rated
       *[casual] casual
    }

## Finding the tournament meant

tournament-needs-server = Tournaments are played in a server's channels, not in direct messages.
tournament-needs-bot = Tournaments need the bot in the server: it posts their games' threads, reminders and standings there. Ask an admin to add it.
tournament-none = There is no tournament #{ $id }. `tournaments` lists this server's.
tournament-elsewhere = Tournament #{ $id } belongs to another server.
tournament-none-here = There is no tournament in this server yet. Create one with `tournament create NAME`.
tournament-none-open = No tournament here is open for sign-up. `tournaments` lists this server's events; anyone can create one with `tournament create NAME`.
tournament-none-joined = You are not signed up to any tournament here that has yet to start.
tournament-none-organised = You organise no tournament here that has yet to start.
tournament-none-running-organised = You organise no tournament here that is open or running.
# $word is the subcommand ("view" for the standings).
tournament-several = Several tournaments fit: { $list }. Name one, such as { $word ->
        [view] `tournament #{ $id }`
       *[other] `tournament { $word } #{ $id }`
    }.

## Refusals

tournament-name-taken = There is already a tournament of that name in this server: { $tournament }. Pick another name.
tournament-already-joined = You are already signed up to { $tournament }.
tournament-full = { $tournament } is full: { $max ->
        [one] { $max } of { $max } player has signed up.
       *[other] { $max } of { $max } players have signed up.
    }
tournament-started-already = { $tournament } has already started: sign-up is closed.
tournament-over-already = { $tournament } is over.
tournament-cancelled-already = { $tournament } was cancelled.
tournament-changed = { $tournament } changed just now; nothing was done. Please try again.
tournament-not-joined = You are not signed up to { $tournament }.
tournament-leave-started = { $status ->
        [running] { $tournament } has already started, so you can't leave it: play your games or resign them (the organiser can also withdraw you).
       *[other] { $tournament } is no longer open, so there is nothing to leave.
    }
# $action: start, cancel or withdraw.
tournament-not-organiser = Only { $organiser }, who organises { $tournament }, can { $action ->
        [start] start it
        [cancel] cancel it
       *[withdraw] withdraw its players
    }.
tournament-too-few = { $tournament } needs at least { $min } { $min ->
        [one] player
       *[other] players
    } to start; { $count ->
        [0] nobody has signed up yet.
        [one] only { $players } has signed up.
       *[other] { $count } have signed up: { $players }.
    }
tournament-start-here = Start { $tournament } in { $channel }, its home channel (not in a thread), so that each of its games gets its thread there.
tournament-cancel-started = { $tournament } has started, so it can no longer be cancelled: its games are played out. You can withdraw a player with `tournament withdraw #{ $id } @player`.
tournament-unknown-name = I can't tell who `@{ $name }` is. Mention them so the name is highlighted (type `@` and pick them from the list).
tournament-withdraw-not-entrant = { $player } is not playing in { $tournament }.
tournament-withdraw-already = { $player } has already been withdrawn from { $tournament }.
tournament-withdraw-nothing-left = { $player } has finished all their games in { $tournament }: there is nothing left to forfeit, and their results stand.
tournament-no-abort = Game #{ $id } belongs to { $tournament }, so it can't be aborted: play it out, offer a draw or resign.
tournament-table-not-yet = { $tournament } has not started yet: its crosstable begins with its games. `tournament #{ $id }` shows who has signed up.

## Done

tournament-created = 🏆 { $organiser } created tournament { $tournament }: { $format }. Sign up with `tournament join #{ $id }` or the button below; { $organiser } starts it with `tournament start #{ $id }` once at least { $min } { $min ->
        [one] player has
       *[other] players have
    } joined (it takes { $max } at most). Every game then begins at once.
tournament-joined = { $player } joined { $tournament }: { $count } of { $max } { $max ->
        [one] player
       *[other] players
    } ({ $players }).
tournament-left = { $player } left { $tournament }: { $count ->
        [one] { $count } player remains.
       *[other] { $count } players remain.
    }
tournament-cancelled = { $organiser } cancelled { $tournament }: it will not be played.
tournament-removed = { $organiser } took { $player } off the list of { $tournament }: { $count ->
        [one] { $count } player remains.
       *[other] { $count } players remain.
    }
# $list: one tournament-pairing per line, or tournament-pairing-range.
tournament-started = 🏁 { $tournament } has begun: { $players } — { $count } { $count ->
        [one] game
       *[other] games
    }, all at once; { $format }.
    { $list }Each game has its own thread; `games` lists yours, and `tournament #{ $id }` shows the standings.
tournament-pairing = #{ $game } { $white } – { $black }
tournament-pairing-range = Games #{ $first } to #{ $last }.
# $games lists the game numbers; $annulled says how the withdrawn player's results now count.
tournament-withdrawn = { $organiser } withdrew { $player } from { $tournament }: { $count ->
        [one] their unfinished game ({ $games }) is forfeited, and their opponent wins it.
       *[other] their { $count } unfinished games ({ $games }) are forfeited, and their opponents win them.
    } { $annulled ->
        [yes] As they had completed fewer than half of their games, none of their results counts in the standings.
       *[no] As they had completed at least half of their games, their results stand, forfeits included.
    }

## The standings

tournament-signup = { $tournament } · { $format }
    Sign-up is open: { $count ->
        [0] nobody yet
       *[other] { $count } of { $max } { $max ->
            [one] player
           *[other] players
        } ({ $players })
    }. Organised by { $organiser }; join with `tournament join #{ $id }`.
tournament-cancelled-view = { $tournament } was cancelled by its organiser before it started.
tournament-standings-title = { $tournament } · { $format }
    { $over ->
        [yes] **Final standings**
       *[no] **Standings** after { $finished } of { $games } { $games ->
            [one] game
           *[other] games
        }
    }
# $h2h is the head-to-head score among the players level on everything else, or "none".
tournament-line = `{ $place }` { $player } — **{ $points }** · played { $played }, left { $left } · SB { $sb } · { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }{ $h2h ->
        [none] {""}
       *[other] {" "}· head-to-head { $h2h }
    }{ $withdrawn ->
        [yes] {" "}(withdrawn)
       *[no] {""}
    }
tournament-line-annulled = `–` { $player } — withdrawn before completing half of their games: results annulled
tournament-tiebreaks = Level on points, players are ranked by Sonneborn–Berger (SB), then wins, then head-to-head; level on all of them, they share a place.

## The crosstable

tournament-table-caption = Crosstable of { $tournament } — { $over ->
        [yes] final
       *[no] after { $finished } of { $games } { $games ->
            [one] game
           *[other] games
        }
    }.
tournament-table-subtitle = Tournament #{ $id } · { $over ->
        [yes] final standings
       *[no] after { $finished } of { $games } { $games ->
            [one] game
           *[other] games
        }
    }
tournament-table-points = Pts
tournament-table-sb = SB
# The crosstable's legend, each beside a small cell showing it.
tournament-table-legend-win = win
tournament-table-legend-draw = draw
tournament-table-legend-loss = loss
tournament-table-legend-forfeit = won / lost by forfeit
tournament-table-legend-unplayed = still being played
tournament-table-legend-annulled = annulled: does not count
tournament-table-legend-colours = played as White / as Black

## The list

tournaments-none = No tournament in this server yet: create one with `tournament create NAME`.
tournaments-title = **Tournaments in this server**
tournaments-heading = { $status ->
        [open] __Open for sign-up__
        [running] __Running__
       *[finished] __Finished__
    }
tournaments-item-open = { $tournament } — { $count } of { $max } { $max ->
        [one] player
       *[other] players
    }, by { $organiser } · { $format }
tournaments-item-running = { $tournament } — { $count } { $count ->
        [one] player
       *[other] players
    }, { $finished } of { $games } { $games ->
        [one] game
       *[other] games
    } over
tournaments-item-finished = { $tournament } — { $count ->
        [one] won by { $winners }
       *[other] first place shared by { $winners }
    }

## The end

tournament-final = 🏆 { $tournament } is over! { $count ->
        [one] { $winners } wins it
       *[other] { $winners } share first place
    } with { $points } { $score ->
        [one] point
       *[other] points
    }{ $by ->
        [sb] , ahead on Sonneborn–Berger
        [wins] , ahead on wins
        [h2h] , ahead on head-to-head
       *[none] {""}
    }. Congratulations!
tournament-final-short = 🏆 { $tournament } is over: every game has been played. `tournament #{ $id }` shows the final standings.

## In its games

tournament-game-line = Tournament #{ $id } **{ $name }** · round { $round }
tournament-game-counts = This game counts for tournament #{ $id } **{ $name }**: { $finished } of { $games } { $games ->
        [one] game
       *[other] games
    } { $finished ->
        [one] is
       *[other] are
    } over; `tournament #{ $id }` shows the standings.
tournament-game-last = That was the last game of tournament #{ $id } **{ $name }**: the final standings and the crosstable are posted in { $channel }.
outcome-forfeit = { $winner } wins by forfeit ({ $result })
button-tournament-join = Join

## Help and the command's words

help-tournament = Round-robin tournaments in this server. `create` one (anyone can; `double` plays each pair twice, `casual` leaves ratings alone, `max N` caps the players, 3 to 12), then players `join` or `leave` it. Its organiser can `start` it once 3 have joined — every game begins at once, each in its own thread — `cancel` it before, or `withdraw @player` after. `tournament` alone shows the standings, `tournament table` the crosstable.
help-tournaments = This server's tournaments: open for sign-up, running and finished.
command-needs-tournament-name = the tournament's name
command-needs-player = the player to withdraw
command-needs-max-players = a number after `max`
command-tournament-number = `{ $word }` is not a tournament number; tournament numbers look like `#2`.
command-tournament-name = `{ $word }` is not a tournament name: use 1 to { $max } { $max ->
        [one] letter, digit,
       *[other] letters, digits,
    } spaces or plain punctuation, in quotes if it holds an option word (`"Double Trouble"`).
command-max-players = A tournament takes { $min } to { $max } { $max ->
        [one] player
       *[other] players
    }: `max { $word }` is out of range.
command-tournament-name-link = A tournament's name cannot be a link or an invite (`{ $word }`): it would stand in every announcement and game thread. Choose a plain name, such as `Spring Open` (a dot that starts no web address takes a space after it: `St. Petersburg`).
command-conflicting-options = `{ $first }` and `{ $second }` say different things: keep the one you mean.
command-repeated-option = `{ $first }` and `{ $second }` give the same option twice: keep one.

## /rb-tournament: the command, its subcommands and their options

slash-command-tournament = rb-tournament
slash-tournament = Round-robin tournaments in this server
slash-sub-tournament-create = create
    .description = Create a round-robin tournament here; you organise it
slash-sub-tournament-join = join
    .description = Sign up to a tournament before it starts
slash-sub-tournament-leave = leave
    .description = Take your name off a tournament before it starts
slash-sub-tournament-start = start
    .description = Start your tournament: every game begins at once (3 players or more)
slash-sub-tournament-cancel = cancel
    .description = Call off your tournament before it starts
slash-sub-tournament-withdraw = withdraw
    .description = Withdraw a player from your tournament: their unfinished games are forfeited
slash-sub-tournament-standings = standings
    .description = A tournament's standings, with the tie-breaks
slash-sub-tournament-table = table
    .description = A tournament's crosstable, as a picture
slash-sub-tournament-list = list
    .description = This server's tournaments: open, running and finished
slash-option-tournament = tournament
    .description = The tournament's number, when there are several here
slash-option-name = name
    .description = The tournament's name (up to 32 characters)
slash-option-double = double
    .description = Each pair plays twice, colours swapped
slash-option-max = max
    .description = The most players it takes, 3 to 12 (default 12)
slash-option-entrant = player
    .description = The player to withdraw
