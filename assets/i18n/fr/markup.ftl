# How plain-text front ends (the console) write times and places; Discord shows its own.
markup-time = { $future ->
        [yes] dans { markup-span }
       *[no] il y a { markup-span }
    } ({ $date })
markup-span = { $unit ->
        [day] { $count ->
            [one] { $count } jour
           *[other] { $count } jours
        }
        [hour] { $count ->
            [one] { $count } heure
           *[other] { $count } heures
        }
        [minute] { $count ->
            [one] { $count } minute
           *[other] { $count } minutes
        }
       *[second] { $count ->
            [one] { $count } seconde
           *[other] { $count } secondes
        }
    }
markup-place = le salon { $id }
markup-place-console = cette console
