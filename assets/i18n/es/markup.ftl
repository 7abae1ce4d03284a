# How plain-text front ends (the console) write times and places; Discord shows its own.
markup-time = { $future ->
        [yes] dentro de { markup-span }
       *[no] hace { markup-span }
    } ({ $date })
markup-span = { $unit ->
        [day] { $count ->
            [one] { $count } día
           *[other] { $count } días
        }
        [hour] { $count ->
            [one] { $count } hora
           *[other] { $count } horas
        }
        [minute] { $count ->
            [one] { $count } minuto
           *[other] { $count } minutos
        }
       *[second] { $count ->
            [one] { $count } segundo
           *[other] { $count } segundos
        }
    }
markup-place = el canal { $id }
markup-place-console = esta consola
