# The game service's answers: refusals, failures, and what a command did.
# Placeholders: $id is a game's or challenge's number; $player, $opponent, $challenger are
# mentions (<@id>) or "the level N computer"; $deadline and $expires are Discord times
# (<t:…:R>, shown as "in 3 days"); $side is white or black; $san is a move (never translated).

store-conflict = The game changed while I was working on that (someone acted at the same moment). Nothing was done: look at the board and try again.
store-unavailable = I can't reach my database just now, so nothing was changed. Please try again shortly.
store-unconfirmed = I lost my connection to the database just as I was saving that, so I can't tell yet whether it was saved. Look at `board` in a moment before trying again.
button-unknown = That button is not one of mine, or it is too old to use.
render-failed = Drawing the board failed ({ $error }); the game itself is fine.
export-failed = Making the animation failed ({ $error }).

## Names

computer-side = the level { $level } computer
# In thread titles and game records.
computer-name = Computer (level { $level })

## Buttons

button-accept = Accept
button-decline = Decline
button-cancel = Cancel
button-accept-draw = Accept draw
button-allow-takeback = Allow takeback
button-decline-draw = Decline draw
button-decline-takeback = Decline takeback
button-confirm-resign = Yes, resign
button-rematch = Rematch
button-legal-moves = Legal moves
button-offer-draw = Offer draw
button-resign = Resign

## Challenges

challenge-needs-server = Challenges are made where your opponent can see them: in a server channel, or in a DM or group DM with them once you have added the app to your account. Use the same command there.
challenge-unknown-name = I can't tell who `@{ $name }` is. Mention them so the name is highlighted (type `@` and pick them from the list).
challenge-self = You can't challenge yourself. Name another player, or leave the name out for an open challenge anyone here can accept.
challenge-already-open = You already have challenge #{ $id } open here. Type `cancel #{ $id }` to withdraw it first.
challenge-already-open-for = You already have challenge #{ $id } open here for { $player }. Type `cancel #{ $id }` to withdraw it first.
challenge-colour =
    { $side ->
        [white] { $player } plays White
       *[black] { $player } plays Black
    }
challenge-colour-random = colours drawn by lot
# $rated is rated or casual; $colours is challenge-colour or challenge-colour-random.
challenge-terms =
    { $rated ->
        [rated] rated
       *[casual] casual
    }, { $days } { $days ->
        [one] day
       *[other] days
    } per move, { $colours }
# $kind is rematch or game; $terms is challenge-terms.
challenge-to =
    { $kind ->
        [rematch] { $challenger } challenges { $challenged } to a rematch ({ $terms }). Challenge #{ $id } expires { $expires }.
       *[game] { $challenger } challenges { $challenged } to a game of Rollerball ({ $terms }). Challenge #{ $id } expires { $expires }.
    }
challenge-open =
    { $kind ->
        [rematch] { $challenger } is looking for an opponent: a rematch ({ $terms }). Anyone here can accept challenge #{ $id } — it expires { $expires }.
       *[game] { $challenger } is looking for an opponent: a game of Rollerball ({ $terms }). Anyone here can accept challenge #{ $id } — it expires { $expires }.
    }
challenge-none = There is no challenge #{ $id }.
# $status is expired, accepted, declined or cancelled.
challenge-closed =
    Challenge #{ $id } is no longer open ({ $status ->
        [accepted] accepted
        [declined] declined
        [cancelled] cancelled
       *[expired] expired
    }).
challenge-became-game = Challenge #{ $id } was accepted and became Game #{ $game }: the game goes by its own number (`board #{ $game }`).
challenge-not-yours = Challenge #{ $id } is not yours to answer that way.
# $word is the command that was typed (accept, decline or cancel), for the example.
challenge-several = Several challenges fit: { $list }. Say which, for example `{ $word } #{ $id }`.
challenge-choice = #{ $id } from { $challenger }
accept-none = There is no challenge for you to accept here. Start one with `challenge @player`.
accept-own = That is your own challenge: someone else has to accept it.
accept-not-for-you = Challenge #{ $id } is for { $player }, not for you.
accept-taken = Challenge #{ $id } was taken, withdrawn or expired a moment ago.
decline-none = There is no challenge to you to decline.
cancel-none = You have no open challenge to cancel.
challenge-declined = { $player } declined challenge #{ $id } from { $challenger }.
challenge-withdrawn = { $player } withdrew challenge #{ $id }.
challenge-expired = Challenge #{ $id } from { $challenger } expired: nobody accepted it within a day.
game-from-challenge = (from challenge #{ $challenge })
# $rated is rated or casual; $from is game-from-challenge with a space before it, or nothing.
game-begins = **Game #{ $id }**{ $from } begins: { $white } (White) vs { $black } (Black), { $days } { $days ->
        [one] day
       *[other] days
    } per move, { $rated ->
        [rated] rated
       *[casual] casual
    }.

## Finding games ($word is the command's own word, such as board)

game-none = There is no game #{ $id }.
game-not-yours = You are not playing in game #{ $id }; only its two players can do that. You can still look at it with `game #{ $id }`.
games-several-here = You have several games here: { $list }. Add the game's number, for example `{ $word } #{ $id }`.
game-none-here = You have no game in progress here. Start one with `challenge @player`.
game-none-here-finished = You have no game in progress here. Start one with `challenge @player`. { $count ->
        [one] Your finished game:
       *[other] Your latest finished games:
    } { $list }; to look at one, add its number, for example `{ $word } #{ $id }`.
game-elsewhere = Your game #{ $id } is not here. Use it in { $channel }, or add its number: `{ $word } #{ $id }`.
games-elsewhere = You have no game here. Your games: { $list }. Add the game's number, for example `{ $word } #{ $id }`.
game-choice = #{ $id } vs { $opponent }
game-over-already = Game #{ $id } is over: { $outcome }. Start a new one with `rematch #{ $id }` or `challenge @player`.

## Moves

not-your-move = It is { $player }'s move in Game #{ $id }, not yours. I'll ping you when it's your turn.
move-played = **Game #{ $id }** · { $player } played **{ $san }**.
move-declines-draw = (Moving declines the draw offer.)
move-declines-takeback = (Moving declines the takeback request.)
computer-answered = The computer answered **{ $san }**.
computer-will-answer = The computer will answer in a moment.
computer-opened = The computer opened with **{ $san }**.
computer-will-open = The computer will make its first move in a moment.
computer-answered-notice = **Game #{ $id }** · the computer answered **{ $san }**.
turn-over = The game is over: { $outcome }.
# $check is yes or no; $deadline is a Discord time, or none.
turn-to-move =
    { $player } ({ $side ->
        [white] White
       *[black] Black
    }) to move{ $check ->
        [yes] , in check
       *[no] {""}
    }{ $deadline ->
        [none] .
       *[other] {" "}— deadline { $deadline }.
    }

## Looking at games

board-header = **Game #{ $id }** · { $white } (White) vs { $black } (Black), move { $number }.
board-last-move = Last move: **{ $san }**.
moves-game-over = Game #{ $id } is over: there are no moves to make.
moves-no-piece = There is no piece on { $square }.
# $piece is king, rook, bishop or pawn.
moves-not-side =
    The { $piece ->
        [king] king
        [rook] rook
        [bishop] bishop
       *[pawn] pawn
    } on { $square } is { $owner ->
        [white] White
       *[black] Black
    }'s, and it is { $side ->
        [white] White
       *[black] Black
    }'s move.
moves-piece-list = **Game #{ $id }** · legal moves for the { $piece ->
        [king] king
        [rook] rook
        [bishop] bishop
       *[pawn] pawn
    } on { $square }: { $moves }
moves-piece-none = **Game #{ $id }** · the { $piece ->
        [king] king
        [rook] rook
        [bishop] bishop
       *[pawn] pawn
    } on { $square } has no legal move.
moves-side-list = **Game #{ $id }** · legal moves for { $side ->
        [white] White
       *[black] Black
    } ({ $count } { $count ->
        [one] move
       *[other] moves
    }):
    { $moves }
# One line of moves-side-list's $moves: a piece, its square and its moves. $piece is king,
# rook, bishop or pawn.
moves-group = { $piece ->
        [king] King
        [rook] Rook
        [bishop] Bishop
       *[pawn] Pawn
    } { $square }: { $moves }
moves-side-none = **Game #{ $id }** · { $side ->
        [white] White
       *[black] Black
    } (0 moves) has no legal move.
history = **Game #{ $id }** · { $moves }
history-ended = **Game #{ $id }** · { $moves } — { $outcome }
history-empty = **Game #{ $id }** · no moves yet.
games-none = You have no game in progress. Start one with `challenge @player`.
games-header = Your games in progress:
# $turn is yes when it is the player's move.
games-line =
    • **#{ $id }** vs { $opponent } — you play { $side ->
        [white] White
       *[black] Black
    } — { $turn ->
        [yes] **your move**
       *[no] their move
    }, deadline { $deadline } — in { $channel }
export-done = **Game #{ $id }** · the record ({ $count } { $count ->
        [one] move
       *[other] moves
    }) and an animation of the game.

## Ending games and offers ($kind is draw or takeback)

resign-confirm = Resign Game #{ $id } against { $opponent }? This cannot be undone. Press the button, or type `resign #{ $id } confirm`.
resigned = **Game #{ $id }** · { $player } resigned.
abort-too-late = Game #{ $id } can no longer be aborted: both sides have moved. You can offer a `draw` or `resign`.
aborted = **Game #{ $id }** · { $player } called the game off.
computer-no-draw = The computer plays on: it does not agree to draws. You can `resign`, or `abort` before both sides have moved.
computer-nothing-to-decline = There is nothing to decline: the computer never asks to take moves back.
draw-accepted = **Game #{ $id }** · { $player } accepted the draw offer.
takeback-accepted = **Game #{ $id }** · { $player } agreed to take back **{ $san }**.
offer-none-to-accept =
    { $kind ->
        [draw] There is no draw offer to accept in Game #{ $id }.
       *[takeback] There is no takeback request to accept in Game #{ $id }.
    }
offer-declined =
    { $kind ->
        [draw] **Game #{ $id }** · { $player } declined the draw offer.
       *[takeback] **Game #{ $id }** · { $player } declined the takeback request.
    }
offer-withdrawn =
    { $kind ->
        [draw] **Game #{ $id }** · { $player } withdrew the draw offer.
       *[takeback] **Game #{ $id }** · { $player } withdrew the takeback request.
    }
offer-none-to-decline =
    { $kind ->
        [draw] There is no draw offer to decline in Game #{ $id }.
       *[takeback] There is no takeback request to decline in Game #{ $id }.
    }
offer-stands =
    { $kind ->
        [draw] Your draw offer in Game #{ $id } stands until { $opponent } answers or moves.
       *[takeback] Your takeback request in Game #{ $id } stands until { $opponent } answers or moves.
    }
takeback-own-only = You can only ask to take back your own last move, before your opponent has replied.
offer-pending =
    { $kind ->
        [draw] A draw offer is waiting for an answer first: `draw accept` or `draw decline`.
       *[takeback] A takeback request is waiting for an answer first: `takeback accept` or `takeback decline`.
    }
draw-offered = **Game #{ $id }** · { $player } offers a draw. { $opponent }: accept with `draw`, or decline with `draw decline` — making a move also declines it.
# Under the board while an offer waits ($player made it, $opponent answers it).
offer-on-board =
    { $kind ->
        [draw] { $player } offers a draw: { $opponent } may accept or decline it (a move declines it too).
       *[takeback] { $player } asks to take back their last move: { $opponent } may allow or decline it.
    }
takeback-asked = **Game #{ $id }** · { $player } asks to take back **{ $san }**. { $opponent }: `takeback accept` or `takeback decline`.
takeback-nothing = You have no move to take back yet.
took-back = **Game #{ $id }** · { $player } took back **{ $san }**.
moretime-computer = The computer answers at once: it has no clock to extend.
moretime-own-move = It is your move, so the deadline is yours: `moretime` gives your opponent more time on their move.
moretime-too-far = That would put the deadline more than { $max } { $max ->
        [one] day
       *[other] days
    } away; give fewer days.
moretime-given = **Game #{ $id }** · { $player } gave { $opponent } { $days ->
        [one] { $days } more day
       *[other] { $days } more days
    }: the deadline is now { $deadline }.
rematch-still-playing-here = Your game here is still going on; a rematch comes after it ends.
rematch-which = You have no finished game to rematch yet: a rematch follows a game once it is over.
rematch-which-candidates = You have no finished game here. { $count ->
        [one] Your finished game:
       *[other] Your latest finished games:
    } { $list }; for example `rematch #{ $id }`.
rematch-not-player = Only the players of Game #{ $id } can ask for a rematch.
rematch-not-over = Game #{ $id } is still going on; a rematch comes after it ends.
rematch-nobody = There is nobody to rematch in that game.
rematch-exists = The rematch of Game #{ $id } is Game #{ $game }: one rematch per game.
rematch-already-asked = You already asked for a rematch of Game #{ $id }: challenge #{ $challenge } waits for your opponent (`cancel #{ $challenge }` withdraws it).

## How games end ($winner is a player; $result is 1-0, 0-1 or ½–½)

outcome-checkmate = checkmate, { $winner } wins ({ $result })
outcome-throne =
    { $side ->
        [white] White
       *[black] Black
    }'s king reached the throne, { $winner } wins ({ $result })
outcome-resignation = { $winner } wins by resignation ({ $result })
outcome-time = { $winner } wins on time ({ $result })
outcome-stalemate = stalemate, a draw (½–½)
outcome-repetition = the same position three times, a draw (½–½)
outcome-agreement = draw agreed (½–½)
outcome-aborted = aborted, no result
outcome-win = { $winner } wins ({ $result })
outcome-draw = a draw ({ $result })

## Deadlines

# $last is yes for the last reminder before the deadline.
reminder =
    { $last ->
        [yes] Last reminder: { $player }, it's your move in **game #{ $id }** — the deadline is { $deadline }. If it passes, you lose on time.
       *[no] { $player }, it's your move in **game #{ $id }** — the deadline is { $deadline }. If it passes, you lose on time.
    }
timeout = **Game #{ $id }** · { $player } did not move in time.
# Time ran out before both sides had moved: no result, unrated (a tournament's game is lost by
# forfeit instead, also unrated).
timeout-aborted = **Game #{ $id }** · { $player } did not make a first move in time: the game is aborted, unrated.
timeout-forfeit = **Game #{ $id }** · { $player } did not make a first move in time and loses by forfeit; the game is unrated.

## Settings ($pings and $dm are on or off)

settings-show =
    Your settings: language **{ $language }**, pings **{ $pings ->
        [on] on
       *[off] off
    }**, direct messages on your turn **{ $dm ->
        [on] on
       *[off] off
    }**. Change them with `settings language CODE`, `settings pings on|off` or `settings dm on|off`.
settings-saved =
    Saved: language **{ $language }**, pings **{ $pings ->
        [on] on
       *[off] off
    }**, direct messages on your turn **{ $dm ->
        [on] on
       *[off] off
    }**.
settings-language-unknown = I can't answer in `{ $code }` yet; the languages I speak are: { $languages }.

## Turn notices by direct message ($kind: moved, begun, reminder or last)

dm-turn =
    { $kind ->
        [begun] Game #{ $id } against { $opponent } has begun: you have White, your move
        [reminder] Reminder: your move in game #{ $id } against { $opponent }
        [last] Last reminder: your move in game #{ $id } against { $opponent }
       *[moved] { $opponent } played **{ $san }** in game #{ $id }: your move
    } — deadline { $deadline } · { $link }

## Notices Discord would not deliver by direct message, shown with the next command ($count of them)

held-notices = { $count ->
        [1] I could not reach you by direct message, so here is what I had to tell you:
       *[other] I could not reach you by direct message, so here are the { $count } notices I had for you:
    }
held-notices-more = { $count ->
        [one] One more notice waits: I show it with your next command.
       *[other] { $count } more notices wait: I show them with your next command.
    }
