# How plain-text front ends (the console) write times and places; Discord shows its own.
markup-time = { $future ->
        [yes] dentro de { markup-span }
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
