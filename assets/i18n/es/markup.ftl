# How plain-text front ends (the console) write times and places; Discord shows its own.
# $future is yes or no; $unit is year, month, day, hour, minute or second; $date is
# "2026-12-03 04:00 UTC". Said as Discord says its relative times in Spanish ("en 3 días",
# "hace una hora"), so that "vence en 3 días" reads alike in the console and on Discord.
markup-time = { $future ->
        [yes] en { markup-span }
       *[no] hace { markup-span }
    } ({ $date })
markup-span = { $unit ->
        [year] { $count ->
            [one] un año
           *[other] { $count } años
        }
        [month] { $count ->
            [one] un mes
           *[other] { $count } meses
        }
        [day] { $count ->
            [one] un día
           *[other] { $count } días
        }
        [hour] { $count ->
            [one] una hora
           *[other] { $count } horas
        }
        [minute] { $count ->
            [one] un minuto
           *[other] { $count } minutos
        }
       *[second] { $count ->
            [one] { $count } segundo
           *[other] { $count } segundos
        }
    }
markup-place = el canal { $id }
markup-place-console = esta consola
