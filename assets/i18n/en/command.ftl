# Why a typed line is not a command. Command words and usage lines stay English: they are what
# the parser reads.

command-empty = Type a command, such as `help`.
command-too-long = That message is too long ({ $length } { $length ->
        [one] character
       *[other] characters
    }); commands are short, such as `move Rb7`.
command-unknown = I don't know the command `{ $word }`. Type `help` for the list of commands.
command-unknown-suggest = I don't know the command `{ $word }`. Did you mean `{ $suggestion }`? Type `help` for the list.
# $what is one of the command-needs-* texts below.
command-missing = `{ $command }` needs { $what }. Usage: `{ $usage }`
command-needs-move = a move
command-needs-game-number = a game number
command-needs-days = a number of days
command-needs-level = a level after `level`
command-needs-days-number = a number after `days`
command-needs-language = a language code
command-needs-on-off = `on` or `off`
command-unexpected = `{ $command }` does not understand `{ $word }`. Usage: `{ $usage }`
command-days = Days per move must be a whole number from { $min } to { $max }, not `{ $word }`.
command-game-number = `{ $word }` is not a game number; game numbers look like `#12`.
command-level = The computer's level is a number from 1 (beginner) to 5 (strongest), not `{ $word }`.
