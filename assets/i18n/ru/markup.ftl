# How plain-text front ends (the console) write times and places; Discord shows its own.
markup-time = { $future ->
        [yes] через { markup-span }
       *[no] { markup-span } назад
    } ({ $date })
markup-span = { $unit ->
        [day] { $count ->
            [one] { $count } день
            [few] { $count } дня
           *[many] { $count } дней
        }
        [hour] { $count ->
            [one] { $count } час
            [few] { $count } часа
           *[many] { $count } часов
        }
        [minute] { $count ->
            [one] { $count } минуту
            [few] { $count } минуты
           *[many] { $count } минут
        }
       *[second] { $count ->
            [one] { $count } секунду
            [few] { $count } секунды
           *[many] { $count } секунд
        }
    }
markup-place = канал { $id }
markup-place-console = этой консоли
