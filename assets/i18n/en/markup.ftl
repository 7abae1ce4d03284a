# How plain-text front ends (the console) write times and places; Discord shows its own.
# $future is yes or no; $unit is year, month, day, hour, minute or second; $date is
# "2026-12-03 04:00 UTC". $count is rounded as Discord rounds its own relative times, and a
# count of 1 reads as Discord reads it ("in a day", "an hour ago").
markup-time = { $future ->
        [yes] in { markup-span }
       *[no] { markup-span } ago
    } ({ $date })
markup-span = { $unit ->
        [year] { $count ->
            [one] a year
           *[other] { $count } years
        }
        [month] { $count ->
            [one] a month
           *[other] { $count } months
        }
        [day] { $count ->
            [one] a day
           *[other] { $count } days
        }
        [hour] { $count ->
            [one] an hour
           *[other] { $count } hours
        }
        [minute] { $count ->
            [one] a minute
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
