# How plain-text front ends (the console) write times and places; Discord shows its own.
markup-time = { $future ->
        [yes] dans { markup-span }
       *[no] il y a { markup-span }
    } ({ $date })
markup-span = { $unit ->
        [year] { $count ->
            [1] un an
           *[other] { $count } ans
        }
        [month] { $count ->
            [1] un mois
           *[other] { $count } mois
        }
        [day] { $count ->
            [1] un jour
           *[other] { $count } jours
        }
        [hour] { $count ->
            [1] une heure
           *[other] { $count } heures
        }
        [minute] { $count ->
            [1] une minute
           *[other] { $count } minutes
        }
       *[second] { $count ->
            [one] { $count } seconde
           *[other] { $count } secondes
        }
    }
markup-place = le salon { $id }
markup-place-console = cette console
