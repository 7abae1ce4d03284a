# How plain-text front ends (the console) write times and places; Discord shows its own.
# $future is yes or no; $unit is day, hour, minute or second; $date is "2026-12-03 04:00 UTC".
markup-time = { $future ->
        [yes] in { markup-span }
       *[no] { markup-span } ago
    } ({ $date })
markup-span = { $unit ->
        [day] { $count ->
            [one] { $count } day
           *[other] { $count } days
        }
        [hour] { $count ->
            [one] { $count } hour
           *[other] { $count } hours
        }
        [minute] { $count ->
            [one] { $count } minute
           *[other] { $count } minutes
        }
       *[second] { $count ->
            [one] { $count } second
           *[other] { $count } seconds
        }
    }
# A channel or thread, by its number.
markup-place = channel { $id }
# Where the console's games are played.
markup-place-console = this console
